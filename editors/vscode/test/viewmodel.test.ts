import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RunsModel, formatArguments, statusText } from '../src/viewmodel';
import { renderStatus } from '../src/panel/webview/render';
import type { TransitionParams } from '../src/protocol';

// The six transitions SPEC §3.3 lists for a run with one tool call.
function oneToolRun(runId = 'r1'): TransitionParams[] {
  const t = (seq: number, from: string, to: string, event: string, turn: number, outcome?: string): TransitionParams => ({
    runId,
    sessionId: 's1',
    seq,
    from,
    to,
    event,
    turn,
    contextTokens: 100 * seq,
    ...(outcome ? { outcome } : {}),
  });
  return [
    t(1, 'Start', 'Start', 'accept_input', 0),
    t(2, 'Start', 'AwaitingModel', 'call_llm', 1),
    t(3, 'AwaitingModel', 'AwaitingTools', 'model_response', 1),
    t(4, 'AwaitingTools', 'Start', 'tool_results', 1),
    t(5, 'Start', 'AwaitingModel', 'call_llm', 2),
    t(6, 'AwaitingModel', 'Terminal', 'model_response', 2, 'completed'),
  ];
}

test('status bar follows the machine through a one-tool run', () => {
  const m = new RunsModel();
  assert.equal(statusText(m.latest()).text, '$(hubot) loopls');
  const seen: string[] = [];
  for (const tr of oneToolRun()) {
    m.transition(tr);
    seen.push(statusText(m.latest()).text);
  }
  assert.deepEqual(seen, [
    // States in words, turns counted from 1 as the panel counts them.
    '$(sync~spin) loopls: Starting… · turn 1',
    '$(sync~spin) loopls: Thinking… · turn 2',
    '$(sync~spin) loopls: Running tools… · turn 2',
    '$(sync~spin) loopls: Starting… · turn 2',
    '$(sync~spin) loopls: Thinking… · turn 3',
    '$(check) loopls: completed',
  ]);
  assert.equal(m.latest()?.contextTokens, 600);
});

test('stale or repeated transitions do not move the state back', () => {
  const m = new RunsModel();
  const [a, b, c] = oneToolRun();
  m.transition(a);
  m.transition(c);
  m.transition(b); // arrives late
  assert.equal(m.latest()?.state, 'AwaitingTools');
  m.transition(c);
  assert.equal(m.latest()?.lastSeq, 3);
});

test('the first notification of an unknown run writes a header once', () => {
  const m = new RunsModel();
  const out = m.transition(oneToolRun('r9')[0]);
  assert.equal(out.length, 1);
  assert.match(out[0], /run r9 \(session s1\)/);
  assert.deepEqual(m.transition(oneToolRun('r9')[1]), []);
  assert.deepEqual(m.started('r9', 's1', 'again'), []);
});

test('text deltas stream to the output and concatenate to the answer; thinking is kept aside', () => {
  const m = new RunsModel();
  m.started('r1', 's1', 'chat');
  const chunks = ['Hello', ' from', ' the tiny', ' test model.'];
  const out: string[] = [];
  for (const text of chunks) out.push(...m.delta({ runId: 'r1', lane: 'text', text }));
  assert.deepEqual(m.delta({ runId: 'r1', lane: 'thinking', text: 'hmm' }), []);
  assert.equal(out.join(''), 'Hello from the tiny test model.');
  assert.equal(m.get('r1')?.text, 'Hello from the tiny test model.');
  assert.equal(m.get('r1')?.thinking, 'hmm');
});

test('tool calls are listed once per status change', () => {
  const m = new RunsModel();
  m.started('r1', 's1');
  m.delta({ runId: 'r1', lane: 'text', text: 'Let me look' });
  const a = m.toolCall({ runId: 'r1', id: 'c1', name: 'read_file', arguments: { path: 'README.md' }, status: 'running' });
  assert.deepEqual(a, ['\n  ⚙ read_file({"path":"README.md"}) … running\n']);
  assert.deepEqual(m.toolCall({ runId: 'r1', id: 'c1', name: 'read_file', status: 'running' }), []);
  const b = m.toolCall({ runId: 'r1', id: 'c1', name: 'read_file', status: 'failed', output: 'no such file\nmore' });
  assert.deepEqual(b, ['\n  ⚙ read_file({"path":"README.md"}) … failed — no such file\n']);
  const run = m.get('r1')!;
  assert.equal(run.tools.length, 1);
  assert.equal(run.tools[0].status, 'failed');
  assert.equal(run.tools[0].output, 'no such file\nmore');
});

test('runEnded ends the run once, with the error in the status tooltip', () => {
  const m = new RunsModel();
  m.started('r2', 's1', 'stall');
  m.transition({ runId: 'r2', sessionId: 's1', seq: 1, from: 'Start', to: 'AwaitingModel', event: 'call_llm', turn: 1 });
  assert.equal(m.active().length, 1);
  const out = m.ended({
    runId: 'r2',
    sessionId: 's1',
    outcome: 'cancelled',
    turns: 1,
    error: { kind: 'Cancelled', message: 'cancelled by the client' },
  });
  assert.match(out.join(''), /── cancelled · 1 turn\(s\) — cancelled by the client ──/);
  assert.deepEqual(m.ended({ runId: 'r2', sessionId: 's1', outcome: 'cancelled' }), []);
  assert.equal(m.active().length, 0);
  assert.equal(m.lastEnded()?.runId, 'r2');
  const st = statusText(m.latest());
  assert.equal(st.text, '$(circle-slash) loopls: cancelled');
  assert.equal(st.tooltip, 'loopls: cancelled — cancelled by the client');
});

test('runEnded without streamed text shows the final output', () => {
  const m = new RunsModel();
  const out = m.ended({ runId: 'r3', sessionId: 's', outcome: 'completed', output: 'Done.', turns: 1, usage: { inputTokens: 5, outputTokens: 2 } });
  assert.equal(out[1], 'Done.');
  assert.match(out[2], /completed · 1 turn\(s\) · 5 in \/ 2 out tokens/);
  assert.equal(m.get('r3')?.text, 'Done.');
});

test('failed and max-turns outcomes get the error icon', () => {
  const m = new RunsModel();
  m.ended({ runId: 'a', sessionId: 's', outcome: 'max_turns_exceeded' });
  assert.equal(statusText(m.latest()).text, '$(error) loopls: max turns exceeded');
  m.ended({ runId: 'run_b', sessionId: 's', outcome: 'failed', error: { kind: 'Api', message: 'the server answered 500' } });
  assert.equal(statusText(m.latest()).text, '$(error) loopls: failed');
  // The tooltip says why in words: neither the error kind nor the run id.
  assert.equal(statusText(m.latest()).tooltip, 'loopls: failed — the server answered 500');
});

test('the latest started run is the one shown, even when an older one ends later', () => {
  const m = new RunsModel();
  m.started('old', 's1');
  m.started('new', 's2');
  m.ended({ runId: 'old', sessionId: 's1', outcome: 'completed' });
  assert.equal(m.latest()?.runId, 'new');
  assert.equal(m.lastEnded()?.runId, 'old');
});

test('tool arguments: objects, JSON strings, long values', () => {
  assert.equal(formatArguments({ a: 1 }), '{"a":1}');
  assert.equal(formatArguments('{"path": "x"}'), '{"path":"x"}');
  assert.equal(formatArguments('not json'), 'not json');
  assert.equal(formatArguments(undefined), '');
  const long = formatArguments({ content: 'x'.repeat(500) });
  assert.equal(long.length, 160);
  assert.ok(long.endsWith('…'));
});

test('a silent model: its notice goes to the output once and to the tooltip until the model speaks', () => {
  const m = new RunsModel();
  const [accept, callLLM] = oneToolRun();
  m.transition(accept);
  m.transition(callLLM);
  const msg = 'no answer from the model yet after 10s: … cancel and run `ollama stop tiny`';
  assert.deepEqual(m.modelWait({ runId: 'r1', turn: 0, model: 'ollama:tiny', afterMs: 10000, message: msg }), [`  ⏳ ${msg}\n`]);
  assert.ok(statusText(m.latest()).tooltip.endsWith(`\n${msg}`));
  m.delta({ runId: 'r1', lane: 'text', text: 'Hi' });
  assert.ok(!statusText(m.latest()).tooltip.includes(msg));
  // Unknown runs and empty messages write nothing.
  assert.deepEqual(m.modelWait({ runId: 'r9', turn: 0, model: 'x', afterMs: 1, message: msg }), []);
  assert.deepEqual(m.modelWait({ runId: 'r1', turn: 0, model: 'x', afterMs: 1, message: '' }), []);
});

test('the status bar and the panel say the same state and turn, in words', () => {
  const m = new RunsModel();
  m.transition({ runId: 'r', sessionId: 's', seq: 1, from: 'Start', to: 'AwaitingModel', event: 'call_llm', turn: 0 });
  const bar = statusText(m.latest()).text;
  const panel = renderStatus({ running: true, state: 'AwaitingModel', turn: 0, contextWindow: 0 }).text;
  assert.equal(bar, '$(sync~spin) loopls: Thinking… · turn 1');
  assert.equal(panel, 'Thinking… · turn 1');
  assert.doesNotMatch(bar + panel, /Awaiting/);
  assert.doesNotMatch(statusText(m.latest()).tooltip, /\brun_|\br\b \(session/);
});
