// The conversation panel's pure parts: the view model (conversation.ts), the
// webview message checks (messages.ts) and the HTML it draws (render.ts).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Conversation, gaugeText, keyArgument, maxQueued, maxRunText, maxTrackedRuns, maxWaitNotice, modelLabel, modelViews, nextStep, toolStatus } from '../src/panel/conversation';
import { parseWebviewMessage } from '../src/panel/messages';
import { otherModel, renderMarkdown, renderModelOptions, renderRun, renderSetup, renderStatus, withCode } from '../src/panel/webview/render';
import { ollamaCommand, setupFromModels } from '../src/panel/setup';
import type { SessionDetail, TransitionParams } from '../src/protocol';

const tr = (runId: string, sessionId: string, seq: number, to: string, turn = 0, extra: Partial<TransitionParams> = {}): TransitionParams => ({
  runId,
  sessionId,
  seq,
  from: 'Start',
  to,
  event: 'e',
  turn,
  contextTokens: 100 * seq,
  ...extra,
});

test('a run the panel sends joins the conversation; the follow-up continues its session', () => {
  const c = new Conversation();
  assert.equal(c.sessionId, undefined);
  c.sending();
  // Notifications may come before the command's answer: tracked, not followed.
  assert.deepEqual(c.transition(tr('r1', 's1', 1, 'Start')), { kind: 'none' });
  assert.equal(c.claim('r1', 's1', 'chat with me').kind, 'conversation');
  assert.equal(c.sessionId, 's1');
  c.transition(tr('r1', 's1', 2, 'AwaitingModel'));
  c.delta({ runId: 'r1', lane: 'text', text: 'Hello' });
  const ch = c.delta({ runId: 'r1', lane: 'text', text: ' there' });
  assert.equal(ch.kind, 'run');
  assert.equal(c.status().running, true);
  assert.deepEqual(c.running(), ['r1']);
  c.ended({ runId: 'r1', sessionId: 's1', outcome: 'completed', output: 'Hello there', turns: 1, model: 'ollama:tiny' });
  assert.equal(c.status().running, false);
  assert.deepEqual(c.running(), []);

  c.sending();
  const second = c.claim('r2', 's1', 'recall');
  assert.equal(second.kind, 'run');
  const v = c.view();
  assert.deepEqual(v.runs.map((r) => r.runId), ['r1', 'r2']);
  assert.deepEqual(v.runs[0].items, [
    { kind: 'prompt', text: 'chat with me' },
    { kind: 'answer', text: 'Hello there' },
  ]);
  assert.equal(v.runs[0].model, 'ollama:tiny');
});

test('thinking, text and tool calls keep their order; a tool card updates in place', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'read the README');
  c.delta({ runId: 'r1', lane: 'thinking', text: 'Let me' });
  c.delta({ runId: 'r1', lane: 'thinking', text: ' think.' });
  c.toolCall({ runId: 'r1', id: 'call1', name: 'read_file', arguments: { path: 'README.md' }, status: 'running' });
  c.toolCall({ runId: 'r1', id: 'call1', name: 'read_file', arguments: { path: 'README.md' }, status: 'completed', output: '1\t# demo\n' });
  c.delta({ runId: 'r1', lane: 'text', text: 'Done.' });
  const items = c.run('r1')!.items;
  assert.deepEqual(items.map((i) => i.kind), ['prompt', 'thinking', 'toolCall', 'answer']);
  assert.deepEqual(items[1], { kind: 'thinking', text: 'Let me think.' });
  const card = items[2];
  assert.ok(card.kind === 'toolCall');
  assert.equal(card.keyArgument, 'README.md');
  assert.equal(card.status, 'completed');
  assert.equal(card.output, '1\t# demo\n');
});

test('two calls of one turn that start out of order are shown in the model\'s order', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'read both');
  c.toolCall({ runId: 'r1', id: 'b', name: 'read_file', arguments: { path: 'b.txt' }, status: 'running', turn: 0, index: 1 });
  c.toolCall({ runId: 'r1', id: 'c', name: 'read_file', arguments: { path: 'c.txt' }, status: 'running', turn: 0, index: 2 });
  c.toolCall({ runId: 'r1', id: 'a', name: 'read_file', arguments: { path: 'a.txt' }, status: 'running', turn: 0, index: 0 });
  c.toolCall({ runId: 'r1', id: 'b', name: 'read_file', arguments: { path: 'b.txt' }, status: 'completed', output: 'B', turn: 0, index: 1 });
  c.toolCall({ runId: 'r1', id: 'd', name: 'list_dir', arguments: { path: '.' }, status: 'running', turn: 1, index: 0 });
  const cards = c.run('r1')!.items.filter((i) => i.kind === 'toolCall');
  assert.deepEqual(cards.map((i) => i.kind === 'toolCall' && `${i.id}:${i.status}`), ['a:running', 'b:completed', 'c:running', 'd:running']);
});

test('transitions out of order change nothing; the status counts the live run', () => {
  const c = new Conversation();
  c.setModels([{ model: 'ollama:tiny', contextWindow: 8192, tools: true }], 'ollama:tiny');
  c.sending();
  c.claim('r1', 's1', 'p');
  c.transition(tr('r1', 's1', 3, 'AwaitingTools', 1));
  assert.deepEqual(c.transition(tr('r1', 's1', 2, 'AwaitingModel', 0)), { kind: 'none' });
  const s = c.status();
  assert.equal(s.state, 'AwaitingTools');
  assert.equal(s.turn, 1);
  assert.equal(s.contextTokens, 300);
  assert.equal(s.contextWindow, 8192);
  assert.deepEqual(renderStatus(s), { text: 'Running tools… · turn 2', gauge: 300 / 8192, gaugeTitle: '300 / 8K tokens (4%)' });
});

test('the window comes from the run model, else the picked or configured one, else the setting', () => {
  const c = new Conversation();
  c.setFallbackWindow(4000);
  c.setModels([{ model: 'ollama:big', contextWindow: 131072 }, { model: 'ollama:tiny', contextWindow: 8192 }], '', 'ollama:tiny');
  assert.equal(c.status().contextWindow, 8192);
  c.pickModel('ollama:big');
  assert.equal(c.status().contextWindow, 131072);
  assert.equal(c.windowOf('ollama:unknown'), 4000);
  // The configured name without Ollama's tag finds the tagged entry.
  const d = new Conversation();
  d.setModels([{ model: 'ollama:tiny:latest', contextWindow: 8192 }], '', 'ollama:tiny');
  assert.equal(d.status().contextWindow, 8192);
});

test('the gauge uses the window a run would use, not the model\'s full one', () => {
  const c = new Conversation();
  c.setModels(modelViews([{ model: 'ollama:llama3.1:8b', contextWindow: 131072, window: 32768, tools: true }]), 'ollama:llama3.1:8b');
  assert.equal(c.windowOf('ollama:llama3.1:8b'), 32768);
  assert.equal(modelViews([{ model: 'ollama:x', contextWindow: 131072, window: 8192 }])[0].contextWindow, 8192);
  assert.equal(modelViews([{ model: 'openai:y', contextWindow: 16384 }])[0].contextWindow, 16384);
});

test('a run started elsewhere is followed only when the panel waits for none of its own', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'mine');
  // The palette starts a run in another session: the panel switches to it.
  assert.equal(c.runStarted({ runId: 'x1', sessionId: 's2' }).kind, 'conversation');
  assert.equal(c.sessionId, 's2');
  // While the panel's own send is in flight, a foreign run does not steal the view.
  c.sending();
  assert.deepEqual(c.transition(tr('x2', 's3', 1, 'Start')), { kind: 'none' });
  assert.equal(c.sessionId, 's2');
  // A run of the shown session joins it whoever started it.
  assert.equal(c.transition(tr('x3', 's2', 1, 'Start')).kind, 'run');
  assert.deepEqual(c.view().runs.map((r) => r.runId), ['x1', 'x3']);
});

test('New conversation empties the view; the next send starts a new session', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'p');
  c.newConversation();
  assert.equal(c.sessionId, undefined);
  assert.deepEqual(c.view().runs, []);
  c.sending();
  assert.equal(c.claim('r2', 's2', 'q').kind, 'conversation');
  assert.equal(c.sessionId, 's2');
});

const stored: SessionDetail = {
  sessionId: 's1',
  title: 'chat with me',
  runs: [
    {
      runId: 'r1',
      sessionId: 's1',
      outcome: 'completed',
      turns: 1,
      model: 'ollama:tiny',
      prompt: 'chat with me',
      transcript: [
        { kind: 'prompt', text: 'chat with me', context: [{ path: 'hello.txt', startLine: 1, endLine: 1 }] },
        { kind: 'thinking', text: 'hmm' },
        { kind: 'toolCall', id: 'c1', name: 'run_command', arguments: { command: 'ls -la' }, status: 'failed', output: 'denied' },
        { kind: 'answer', text: 'Hello', partial: true },
        { kind: 'bogus' },
      ],
    },
    {
      runId: 'r2',
      sessionId: 's1',
      outcome: 'failed',
      error: { kind: 'Internal', message: 'daemon stopped' },
      resumable: true,
      transcript: [],
      prompt: 'recall',
    },
  ],
};

test('a stored session is re-drawn from its transcript, with its resumable run', () => {
  const c = new Conversation();
  c.load(stored);
  const v = c.view();
  assert.equal(v.sessionId, 's1');
  assert.equal(v.title, 'chat with me');
  assert.equal(v.resumableRun, 'r2');
  assert.deepEqual(v.runs[0].items.map((i) => i.kind), ['prompt', 'thinking', 'toolCall', 'answer']);
  const tool = v.runs[0].items[2];
  assert.ok(tool.kind === 'toolCall' && tool.keyArgument === 'ls -la' && tool.status === 'failed');
  assert.deepEqual(v.runs[1].items, [{ kind: 'prompt', text: 'recall' }]);
  assert.equal(v.runs[1].resumable, true);
  assert.equal(v.status.running, false);
  // Resuming makes the run live again; its notifications draw into it.
  assert.equal(c.resuming('r2').kind, 'run');
  assert.equal(c.view().resumableRun, undefined);
  assert.equal(c.transition(tr('r2', 's1', 5, 'AwaitingModel', 1)).kind, 'run');
  assert.deepEqual(c.running(), ['r2']);
  // Sending after the load continues that session.
  assert.equal(c.sessionId, 's1');
});

test('ended runs: error with the next step; running tool cards become cancelled', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'p');
  c.toolCall({ runId: 'r1', id: 't', name: 'run_command', arguments: { command: 'sleep 30' }, status: 'running' });
  c.ended({
    runId: 'r1',
    sessionId: 's1',
    outcome: 'failed',
    error: { kind: 'Api', message: "model 'nope' not found: run `ollama pull nope`" },
  });
  const r = c.run('r1')!;
  assert.deepEqual(r.nextStep, { label: 'Pull model', action: 'terminal', command: 'ollama pull nope' });
  const card = r.items.find((i) => i.kind === 'toolCall');
  assert.ok(card && card.kind === 'toolCall' && card.status === 'cancelled');
  // A second runEnded for the same run changes nothing.
  assert.deepEqual(c.ended({ runId: 'r1', sessionId: 's1', outcome: 'completed' }), { kind: 'none' });
});

test('nextStep offers only ollama pull NAME and ollama serve, never shell syntax', () => {
  assert.deepEqual(nextStep({ kind: 'Api', message: 'cannot reach Ollama at 127.0.0.1:11434: is `ollama serve` running?' }), {
    label: 'Start Ollama',
    action: 'terminal',
    command: 'ollama serve',
  });
  assert.deepEqual(nextStep({ kind: 'Api', message: "model 'qwen2.5-coder:7b' not found: run `ollama pull qwen2.5-coder:7b`" }), {
    label: 'Pull model',
    action: 'terminal',
    command: 'ollama pull qwen2.5-coder:7b',
  });
  assert.deepEqual(
    nextStep({ kind: 'Api', message: "model 'nope-tools:latest' does not support tools, so it cannot run an agent loop: set \"model\": \"ollama:tiny:latest\", which does" }),
    { label: 'Use ollama:tiny:latest', action: 'model', command: 'ollama:tiny:latest' },
  );
  assert.equal(nextStep({ kind: 'Api', message: 'set "model": "a b; rm"' }), undefined);
  assert.equal(nextStep({ kind: 'Api', message: 'run `ollama pull x; rm -rf ~`' }), undefined);
  assert.equal(nextStep({ kind: 'Api', message: 'run `ollama pull $(id)`' }), undefined);
  assert.equal(nextStep({ kind: 'Api', message: 'run `rm -rf /`' }), undefined);
  assert.equal(nextStep({ kind: 'Cancelled', message: 'cancelled' }), undefined);
  assert.equal(nextStep(undefined), undefined);
});

test('keyArgument picks what a call is about', () => {
  assert.equal(keyArgument('run_command', { command: 'go   test\n./...' }), 'go test ./...');
  assert.equal(keyArgument('read_file', '{"path":"a.go"}'), 'a.go');
  assert.equal(keyArgument('grep', { pattern: 'TODO', path: '.' }), 'TODO');
  assert.equal(keyArgument('get_weather', { city: 'Paris' }), 'Paris');
  assert.equal(keyArgument('x', null), '');
  assert.equal(keyArgument('x', 'not json'), 'not json');
  assert.ok(keyArgument('x', { path: 'a'.repeat(500) }).length <= 120);
});

test('buffers are bounded: run text, tracked runs', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'p');
  const big = 'x'.repeat(200 * 1024);
  for (let i = 0; i < 5; i++) c.delta({ runId: 'r1', lane: 'text', text: big });
  const ans = c.run('r1')!.items.find((i) => i.kind === 'answer')!;
  assert.ok(ans.text.length < maxRunText + 200, `answer kept ${ans.text.length} chars`);
  assert.match(ans.text, /cut/);
  c.sending(); // a send in flight: the other runs are tracked, not followed
  for (let i = 0; i < maxTrackedRuns * 3; i++) {
    c.transition(tr(`o${i}`, 'other', 1, 'Start'));
    c.ended({ runId: `o${i}`, sessionId: 'other', outcome: 'completed' });
  }
  // The conversation's own run is never dropped.
  assert.ok(c.run('r1'));
  assert.equal(c.view().runs.length, 1);
  assert.ok(c.trackedRuns <= maxTrackedRuns, `tracking ${c.trackedRuns} runs`);
});

test('webview messages are checked: unknown types and bad fields are refused', () => {
  assert.deepEqual(parseWebviewMessage({ type: 'send', prompt: 'hi' }), { type: 'send', prompt: 'hi' });
  assert.equal(parseWebviewMessage({ type: 'send', prompt: '   ' }), undefined);
  assert.equal(parseWebviewMessage({ type: 'send', prompt: 5 }), undefined);
  assert.equal(parseWebviewMessage({ type: 'runShell', command: 'rm' }), undefined);
  assert.equal(parseWebviewMessage(null), undefined);
  assert.equal(parseWebviewMessage('cancel'), undefined);
  assert.deepEqual(parseWebviewMessage({ type: 'cancel', extra: 1 }), { type: 'cancel' });
  assert.deepEqual(parseWebviewMessage({ type: 'nextStep', runId: 'r1', command: 'rm -rf /' }), { type: 'nextStep', runId: 'r1' });
  assert.equal(parseWebviewMessage({ type: 'openSession', sessionId: 'x'.repeat(1000) }), undefined);
  assert.equal(parseWebviewMessage({ type: 'copy', text: 'x'.repeat(2 << 20) }), undefined);
});

test('markdown: raw HTML stays text, code blocks get Copy and Insert, unsafe links are not links', () => {
  const html = renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n```go\nfmt.Println("<b>")\n```\n\n[x](javascript:alert(1)) ![i](https://evil/x.png)');
  assert.ok(!html.includes('<script>'), html);
  assert.ok(!html.includes('<img'), html);
  assert.ok(html.includes('&lt;script&gt;'));
  assert.match(html, /<button class="code-copy"[^>]*>Copy<\/button>/);
  assert.match(html, /<button class="code-insert"[^>]*>Insert<\/button>/);
  assert.ok(html.includes('<span class="hljs-string">&quot;&lt;b&gt;&quot;</span>'), html);
  assert.ok(!/href="javascript/i.test(html), html);
  assert.ok(!html.includes('evil'), html);
});

test('a run renders its prompt, collapsed thinking, tool card, and error with its next step', () => {
  const c = new Conversation();
  c.load(stored);
  const html = renderRun(c.view().runs[0], () => false);
  assert.match(html, /<details class="item thinking"[^>]*><summary>Thinking/);
  assert.ok(!/<details class="item thinking"[^>]* open/.test(html), 'thinking starts collapsed');
  assert.match(html, /<span class="tool-name">run_command<\/span> <code class="tool-arg">ls -la<\/code> <span class="tool-status">failed/);
  assert.match(html, /<span class="chip">hello.txt:1<\/span>/);
  assert.ok(renderRun(c.view().runs[0], () => true).includes(' open>'), 'an opened card stays open');
  const failed = renderRun(
    {
      runId: 'r9<',
      sessionId: 's',
      state: 'Terminal',
      turn: 1,
      contextTokens: 0,
      items: [],
      ended: true,
      outcome: 'failed',
      error: { kind: 'Api', message: "model '<b>' not found: run `ollama pull nope`" },
      nextStep: { label: 'Pull model', action: 'terminal', command: 'ollama pull nope' },
    },
    () => false,
  );
  assert.ok(failed.includes('model &#39;&lt;b&gt;&#39; not found: run <code>ollama pull nope</code>'), 'the command as code, no literal backquotes');
  assert.ok(!/>Api\b|\bApi </.test(failed), 'the error kind is not shown');
  assert.match(failed, /<button class="next-step-button" data-run="r9&lt;">Pull model<\/button> <code>ollama pull nope<\/code>/);
});

test('a silent model: the run shows loopls/modelWait until the model speaks or the run moves on', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'explain main.go');
  c.transition(tr('r1', 's1', 2, 'AwaitingModel'));
  const msg = 'no answer from the model yet after 10s: … If it stays silent, cancel and run `ollama stop tiny`: unloading the model frees its place.';
  const wait = { runId: 'r1', turn: 0, model: 'ollama:tiny', afterMs: 10000, message: msg };
  assert.equal(c.modelWait(wait).kind, 'run');
  assert.equal(c.run('r1')!.waiting, msg);
  const html = renderRun(c.view().runs[0], () => false);
  assert.match(html, /<div class="run-waiting">no answer from the model yet after 10s: … If it stays silent, cancel and run <code>ollama stop tiny<\/code>: unloading/);
  // The first delta clears it; so does a transition.
  c.delta({ runId: 'r1', lane: 'thinking', text: 'Hm' });
  assert.equal(c.run('r1')!.waiting, undefined);
  assert.ok(!renderRun(c.view().runs[0], () => false).includes('run-waiting'));
  c.modelWait(wait);
  c.transition(tr('r1', 's1', 3, 'AwaitingTools'));
  assert.equal(c.run('r1')!.waiting, undefined);
  c.modelWait(wait);
  c.ended({ runId: 'r1', sessionId: 's1', outcome: 'cancelled', output: '' });
  assert.equal(c.run('r1')!.waiting, undefined);
  // Ended or unknown runs and bad params change nothing; the notice is bounded.
  assert.deepEqual(c.modelWait(wait), { kind: 'none' });
  assert.deepEqual(c.modelWait({ ...wait, runId: 'nope' }), { kind: 'none' });
  c.sending();
  c.claim('r2', 's1', 'again');
  assert.deepEqual(c.modelWait({ ...wait, runId: 'r2', message: 42 as unknown as string }), { kind: 'none' });
  c.modelWait({ ...wait, runId: 'r2', message: 'x'.repeat(maxWaitNotice * 3) });
  assert.equal(c.run('r2')!.waiting!.length, maxWaitNotice);
});

test('withCode: text escaped, backquoted parts as code, nothing else becomes markup', () => {
  assert.equal(withCode('run `ollama stop a<b>` now'), 'run <code>ollama stop a&lt;b&gt;</code> now');
  assert.equal(withCode('<img src=x onerror=alert(1)>'), '&lt;img src=x onerror=alert(1)&gt;');
  assert.equal(withCode('one ` tick'), 'one ` tick');
});

test('the model picker: window and tool support', () => {
  assert.equal(modelLabel({ model: 'ollama:tiny', contextWindow: 8192, tools: true }), 'ollama:tiny (8K context, tools)');
  assert.equal(modelLabel({ model: 'ollama:nope-tools', contextWindow: 8192, tools: false }), 'ollama:nope-tools (8K context, no tools)');
  assert.equal(gaugeText(9000, 8192), '9000 / 8K tokens (100%)');
  const models = renderModelOptions([{ model: 'ollama:tiny', contextWindow: 8192, tools: true }], 'openai:gpt-x');
  assert.match(models, /^<option value="">Default model<\/option>/);
  // A model picked through "Other model…" is shown selected though the list lacks it.
  assert.match(models, /<option value="openai:gpt-x" selected>openai:gpt-x<\/option>/);
  assert.match(models, /<option value="ollama:tiny">ollama:tiny \(8K context, tools\)<\/option>/);
  // The "Other model…" entry's value must survive HTML parsing (no NUL) and be no model name.
  assert.ok(models.endsWith(`<option value="${otherModel}">Other model…</option>`));
  assert.ok(!/[\u0000-\u001f]/.test(otherModel) && /\s/.test(otherModel));
  assert.equal(gaugeText(5, 0), '5 tokens');
});

test('a daemon that stops ends the running runs; the re-loaded session says which can resume', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'stall');
  c.transition(tr('r1', 's1', 2, 'AwaitingModel'));
  c.toolCall({ runId: 'r1', id: 't', name: 'run_command', arguments: { command: 'sleep 1' }, status: 'running' });
  c.sending(); // a send whose answer will never come
  assert.equal(c.serverStopped().kind, 'conversation');
  const r = c.run('r1')!;
  assert.equal(r.ended, true);
  assert.equal(r.outcome, 'failed');
  assert.deepEqual(r.error, { kind: 'Internal', message: 'daemon stopped' });
  assert.equal(c.status().running, false);
  assert.deepEqual(c.running(), []);
  // Nothing was running: nothing to redraw.
  assert.deepEqual(c.serverStopped(), { kind: 'none' });
  // The pending send was forgotten: a run started elsewhere is followed again.
  assert.equal(c.runStarted({ runId: 'x', sessionId: 's9' }).kind, 'conversation');
  c.load({ sessionId: 's1', runs: [{ runId: 'r1', sessionId: 's1', outcome: 'failed', resumable: true, error: { kind: 'Internal', message: 'daemon stopped' }, transcript: [{ kind: 'prompt', text: 'stall' }] }] });
  assert.equal(c.view().resumableRun, 'r1');
  // loopls/sessions' resumableRun marks the run though its record does not say so.
  const d = new Conversation();
  d.load({ sessionId: 's1', runs: [{ runId: 'r7', sessionId: 's1', outcome: 'failed', transcript: [] }] }, 'r7');
  assert.equal(d.view().runs[0].resumable, true);
  assert.match(renderRun(c.view().runs[0], () => false), /<button class="resume-button" data-run="r1">Resume<\/button>/);
});

test('a prompt sent while a run runs is queued, shown, and sent once the run ends', () => {
  const c = new Conversation();
  assert.equal(c.busy(), false);
  c.sending();
  // Between Send and loopls.run's answer the session is busy already.
  assert.equal(c.busy(), true);
  c.claim('r1', 's1', 'first');
  assert.equal(c.busy(), true);
  assert.equal(c.enqueue('second'), true);
  assert.equal(c.enqueue('third'), true);
  assert.deepEqual(c.view().queued, ['second', 'third']);
  assert.equal(c.dequeue(), undefined, 'nothing leaves the queue while the run runs');
  c.ended({ runId: 'r1', sessionId: 's1', outcome: 'completed' });
  assert.equal(c.busy(), false);
  assert.equal(c.dequeue(), 'second');
  c.sending();
  assert.equal(c.dequeue(), undefined, 'one at a time: the next waits for this send');
  assert.deepEqual(c.queued(), ['third']);
  // × takes one back; out of range is refused.
  assert.equal(c.unqueue(1), undefined);
  assert.equal(c.unqueue(0), 'third');
  assert.deepEqual(c.queued(), []);
  for (let i = 0; i < maxQueued; i++) assert.equal(c.enqueue(`p${i}`), true);
  assert.equal(c.enqueue('one too many'), false);
  assert.equal(c.takeQueue().length, maxQueued);
  assert.deepEqual(c.view().queued, []);
  assert.deepEqual(parseWebviewMessage({ type: 'unqueue', index: 2 }), { type: 'unqueue', index: 2 });
  for (const bad of [{ type: 'unqueue' }, { type: 'unqueue', index: -1 }, { type: 'unqueue', index: 1.5 }, { type: 'unqueue', index: '0' }]) {
    assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
  }
});

test('first run: Ollama unreachable or without a model shows the setup card, in words', () => {
  const down = setupFromModels({ error: 'cannot reach Ollama at 127.0.0.1:9: is `ollama serve` running? (set OLLAMA_HOST or ollamaHost if it listens elsewhere)' });
  assert.equal(down?.kind, 'unreachable');
  assert.equal(down?.host, '127.0.0.1:9');
  assert.match(down!.text, /^Ollama is not reachable at 127\.0\.0\.1:9/);
  const html = renderSetup(down);
  for (const b of ['data-setup="start"', 'data-setup="install"', 'data-setup="pull"', 'data-setup="retry"']) assert.ok(html.includes(b), b);
  assert.ok(html.includes('<code>ollama serve</code>') && !html.includes('`'), 'commands as code, no literal backquotes');
  assert.equal(setupFromModels({ models: [{ model: 'ollama:tiny' }] }), undefined);
  const none = setupFromModels({ models: [] });
  assert.equal(none?.kind, 'noModel');
  assert.ok(renderSetup(none).includes('data-setup="pull"') && !renderSetup(none).includes('data-setup="start"'));
  assert.equal(setupFromModels({ error: 'openai: 401 unauthorized' }), undefined, 'another error is not a setup problem');
  assert.equal(renderSetup(undefined), '');
  assert.deepEqual(ollamaCommand('start').args, ['serve']);
  assert.deepEqual(ollamaCommand('pull').args, ['pull', 'qwen2.5-coder']);
  assert.deepEqual(parseWebviewMessage({ type: 'setupAction', action: 'start' }), { type: 'setupAction', action: 'start' });
  assert.equal(parseWebviewMessage({ type: 'setupAction', action: 'rm -rf' }), undefined);
});

test('a tool call that waits for the user says so, and runs again after', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'p');
  c.toolCall({ runId: 'r1', id: 'call_1', name: 'run_command', arguments: { command: 'sleep 1' }, status: 'running' });
  c.toolCall({ runId: 'r1', id: 'call_2', name: 'edit_file', arguments: { path: 'a' }, status: 'running' });
  const status = (id: string) => {
    const i = c.view().runs[0].items.find((x) => x.kind === 'toolCall' && x.id === id);
    return i && i.kind === 'toolCall' ? i.status : undefined;
  };
  assert.equal(c.toolWaiting('waiting for approval', { runId: 'r1', callId: 'call_1' }).kind, 'run');
  assert.equal(status('call_1'), 'waiting for approval');
  c.toolWaiting('waiting for your review', { names: ['edit_file', 'write_file'] });
  assert.equal(status('call_2'), 'waiting for your review');
  c.toolWaiting(undefined, { runId: 'r1', callId: 'call_1' });
  assert.equal(status('call_1'), 'running');
  // A call that reported meanwhile keeps its status.
  c.toolCall({ runId: 'r1', id: 'call_2', name: 'edit_file', status: 'failed' });
  c.toolWaiting(undefined, { names: ['edit_file'] });
  assert.equal(status('call_2'), 'failed');
  assert.match(renderRun(c.view().runs[0], () => false), /tool-status">running/);
  c.toolWaiting('waiting for approval', { runId: 'r1', callId: 'call_1' });
  assert.match(renderRun(c.view().runs[0], () => false), /class="item tool tool-waiting-for-approval"[^>]*>.*…<.*waiting for approval/);
});

test('a call the user rejected or refused says "rejected by you", not failed', () => {
  assert.equal(toolStatus('failed', 'edit_file: hello.txt was not changed: the user rejected this change when the editor showed it for review'), 'rejected by you');
  assert.equal(toolStatus('failed', 'run_command: the user refused it. Do not run it again'), 'rejected by you');
  assert.equal(toolStatus('failed', 'edit_file: old_string not found'), 'failed');
  assert.equal(toolStatus('completed', 'the user rejected nothing'), 'completed');
  const c = new Conversation();
  c.toolCall({ runId: 'r', id: 't1', name: 'edit_file', status: 'running', arguments: { path: 'a' } } as never);
  c.toolCall({ runId: 'r', id: 't1', name: 'edit_file', status: 'failed', output: 'edit_file: a was not changed: the user rejected this change' } as never);
  const card = (c as unknown as { runs: Map<string, { items: { status?: string }[] }> }).runs.get('r')?.items.find((i) => i.status !== undefined);
  assert.equal(card?.status, 'rejected by you');
});

test('a second edit waiting for review says so, not "running"; each is cleared by its own path', () => {
  const c = new Conversation();
  c.toolCall({ runId: 'r', id: 't1', name: 'edit_file', status: 'running', arguments: { path: 'a.txt' } } as never);
  c.toolCall({ runId: 'r', id: 't2', name: 'edit_file', status: 'running', arguments: { path: 'b.txt' } } as never);
  const where = (arg?: string) => ({ names: ['edit_file', 'write_file'], ...(arg ? { arg } : {}) });
  c.toolWaiting('waiting for your review', where('a.txt'));
  c.toolWaiting('waiting for your review', where('b.txt'));
  const cards = () => (c as unknown as { runs: Map<string, { items: { id?: string; status?: string }[] }> }).runs.get('r')?.items ?? [];
  assert.deepEqual(cards().map((i) => i.status), ['waiting for your review', 'waiting for your review']);
  c.toolWaiting(undefined, where('a.txt'));
  assert.deepEqual(cards().map((i) => i.status), ['running', 'waiting for your review']);
  // Without the path, a second one still takes a card not yet waiting.
  const d = new Conversation();
  d.toolCall({ runId: 'r', id: 't1', name: 'edit_file', status: 'running', arguments: { path: 'a.txt' } } as never);
  d.toolCall({ runId: 'r', id: 't2', name: 'write_file', status: 'running', arguments: { path: 'b.txt' } } as never);
  d.toolWaiting('waiting for your review', where());
  d.toolWaiting('waiting for your review', where());
  const dcards = (d as unknown as { runs: Map<string, { items: { status?: string }[] }> }).runs.get('r')?.items ?? [];
  assert.deepEqual(dcards.map((i) => i.status), ['waiting for your review', 'waiting for your review']);
});

test('a conversation is empty until a run or a session is shown, and again after New conversation', () => {
  const c = new Conversation();
  assert.equal(c.empty, true);
  c.sending();
  c.claim('r1', 's1', 'chat with me');
  assert.equal(c.empty, false);
  c.newConversation();
  assert.equal(c.empty, true);
});
