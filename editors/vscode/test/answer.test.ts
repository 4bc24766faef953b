// The answer's rendering (issue 25, item 5): highlighted code blocks with
// Apply, bordered tables, and file names that open the workspace file
// rather than becoming web links; and which file a code block applies to.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { applyCodeEdit, codeTarget, fenceInfoPath, fileRef, fileRefsInProse, placeCode, precedingPath } from '../src/panel/applycode';
import { applyTextEdits, needsConfirmation, proposedFiles, proposedText } from '../src/editreview';
import { renderMarkdown } from '../src/panel/webview/render';
import { PathChecks } from '../src/panel/webview/proselinks';
import { maxCheckPaths, parseWebviewMessage as parseMessage } from '../src/panel/messages';

test('"Node.js" in prose is not a file link: prose names are candidates the host checks', () => {
  const html = renderMarkdown('Install Node.js, then read README.md and `Node.js`.');
  // Prose: candidates only, no link, no click target.
  assert.match(html, /<span class="file-candidate" data-path="Node.js">Node.js<\/span>/);
  assert.match(html, /<span class="file-candidate" data-path="README.md">README.md<\/span>/);
  // Backquoted: the answer marked it as a name, it stays a link as before.
  assert.match(html, /<a class="file-link" data-path="Node.js"[^>]*><code>Node.js<\/code><\/a>/);
  assert.equal((html.match(/<a /g) ?? []).length, 1, html);
});

test('PathChecks asks once per name, in bounded batches, and links only the files the host found', () => {
  const c = new PathChecks();
  assert.deepEqual(c.toAsk(['Node.js', 'README.md', 'Node.js']), ['Node.js', 'README.md']);
  // Asked and not answered yet: not asked again on the next redraw.
  assert.deepEqual(c.toAsk(['Node.js', 'README.md']), []);
  assert.equal(c.state('Node.js'), undefined);
  c.answered(['Node.js', 'README.md'], ['README.md']);
  assert.equal(c.state('README.md'), true);
  assert.equal(c.state('Node.js'), false);
  assert.deepEqual(c.toAsk(['Node.js', 'README.md', 'main.go']), ['main.go']);
  const many = Array.from({ length: maxCheckPaths + 20 }, (_, i) => `f${i}.go`);
  assert.equal(c.toAsk(many).length, maxCheckPaths);
  assert.equal(c.toAsk(many).length, 20);
});

test('checkPaths is a checked, bounded webview message', () => {
  assert.deepEqual(parseMessage({ type: 'checkPaths', paths: ['README.md'] }), { type: 'checkPaths', paths: ['README.md'] });
  assert.equal(parseMessage({ type: 'checkPaths', paths: [] }), undefined);
  assert.equal(parseMessage({ type: 'checkPaths', paths: Array(maxCheckPaths + 1).fill('a.md') }), undefined);
  assert.equal(parseMessage({ type: 'checkPaths', paths: ['x'.repeat(301)] }), undefined);
  assert.equal(parseMessage({ type: 'checkPaths', paths: [3] }), undefined);
  assert.equal(parseMessage({ type: 'checkPaths' }), undefined);
});

test('a file name in an answer is a file link, never http://README.md', () => {
  const html = renderMarkdown('See README.md and `src/app.ts:12`, or [the notes](docs/notes.md). Also https://example.com/x and e.g. v1.2.3.');
  assert.ok(!html.includes('http://README.md'), html);
  // A name in prose is a candidate: a link only once the host says the file exists (proselinks.ts).
  assert.match(html, /<span class="file-candidate" data-path="README.md">README.md<\/span>/);
  assert.ok(!/<a [^>]*data-path="README.md"/.test(html), html);
  assert.match(html, /<a class="file-link" data-path="src\/app.ts"[^>]* data-line="12"><code>src\/app.ts:12<\/code><\/a>/);
  assert.match(html, /<a class="file-link" data-path="docs\/notes.md"[^>]*>the notes<\/a>/);
  // A URL with a scheme stays a web link; words that are not files stay words.
  assert.match(html, /<a href="https:\/\/example.com\/x">https:\/\/example.com\/x<\/a>/);
  assert.ok(!/data-path="e.g"|data-path="v1.2.3"/.test(html), html);
  // A bare domain is no longer made a link at all (fuzzy links are off).
  assert.ok(!renderMarkdown('go to example.com now').includes('<a'), renderMarkdown('go to example.com now'));
});

test('file links are for workspace paths only: no absolute path, no "..", no scheme', () => {
  assert.deepEqual(fileRef('README.md', true), { path: 'README.md' });
  assert.deepEqual(fileRef('./cmd/main.go:7:2', true), { path: 'cmd/main.go', line: 7 });
  for (const bad of ['/etc/passwd', '../secret.txt', 'a/../../b.md', 'http://x.md', 'C:\\x.md', 'x'.repeat(400) + '.md', '1.2.3', 'no extension']) {
    assert.equal(fileRef(bad, false), undefined, bad);
  }
  // In prose, a bare name needs a known extension; with a directory, any.
  assert.equal(fileRef('e.g', true), undefined);
  assert.deepEqual(fileRef('e.g', false), { path: 'e.g' });
  assert.deepEqual(fileRef('cmd/tool.xyz', true), { path: 'cmd/tool.xyz' });
  assert.deepEqual(
    fileRefsInProse('Edit main.go, then README.md.').map((r) => r.ref.path),
    ['main.go', 'README.md'],
  );
  const html = renderMarkdown('[x](/etc/passwd) [y](../up.md) [z](javascript:alert(1))');
  assert.ok(!html.includes('data-path'), html);
  assert.ok(!html.includes('href'), html);
});

test('code blocks are highlighted with classes only (no inline style) and offer Apply', () => {
  const html = renderMarkdown('Put this in `hello.txt`:\n\n```go\nfunc main() { fmt.Println("<b>") }\n```\n');
  assert.match(html, /<code class="language-go hljs"><span class="hljs-function"><span class="hljs-keyword">func<\/span>/);
  assert.ok(html.includes('&quot;&lt;b&gt;&quot;'), html);
  assert.ok(!/style=/.test(html), html);
  assert.match(html, /<div class="codeblock" data-path="hello.txt">/);
  assert.match(html, /<button class="code-apply" data-path="hello.txt"[^>]*>Apply to hello.txt<\/button>/);
  // An unknown language is escaped, not guessed; no target: the active editor's file.
  const plain = renderMarkdown('Here:\n\n```klingon\n<x>\n```\n');
  assert.match(plain, /<code class="language-klingon">&lt;x&gt;\n<\/code>/);
  assert.match(plain, /<button class="code-apply" title="[^"]*">Apply to file<\/button>/);
});

test('tables are drawn as tables (panel.css gives them borders)', () => {
  const html = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n');
  assert.match(html, /<div class="table-wrap"><table>\n<thead>\n<tr>\n<th>a<\/th>/);
  assert.match(html, /<\/table><\/div>/);
});

test('the file a code block is for: the fence info, else the paragraph before it, else none', () => {
  assert.equal(fenceInfoPath('go main.go'), 'main.go');
  assert.equal(fenceInfoPath('go:cmd/loopls/main.go'), 'cmd/loopls/main.go');
  assert.equal(fenceInfoPath('ts title="src/app.ts"'), 'src/app.ts');
  assert.equal(fenceInfoPath('hello.txt'), 'hello.txt');
  assert.equal(fenceInfoPath('go'), undefined);
  assert.equal(fenceInfoPath('go ../../etc/passwd'), undefined);
  assert.equal(precedingPath('Change `a.go` and then put this in `b/c.go`:'), 'b/c.go');
  assert.equal(precedingPath('Replace README.md with:'), 'README.md');
  assert.equal(precedingPath('Here it is:'), undefined);
  assert.equal(codeTarget('go main.go', 'put it in `other.go`'), 'main.go');
  assert.equal(codeTarget('go', 'put it in `other.go`'), 'other.go');
  assert.equal(codeTarget('go', undefined), undefined);
});

test('Apply proposes an edit that must be confirmed: the whole file, a selection, or a new file', () => {
  const uri = 'file:///ws/hello.txt';
  const whole = applyCodeEdit(uri, 'hello.txt', 'hello\nworld\n', 'good\nbye\n');
  assert.ok(needsConfirmation(whole));
  const [f] = proposedFiles(whole);
  assert.equal(f.kind, 'edit');
  assert.equal(proposedText('hello\nworld\n', f), 'good\nbye\n');
  const sel = applyCodeEdit(uri, 'hello.txt', 'hello\nworld\n', 'there',
    placeCode('hello\nworld\n', 'there', { path: 'hello.txt', selection: { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } } }));
  assert.equal(applyTextEdits('hello\nworld\n', proposedFiles(sel)[0].edits), 'hello\nthere\n');
  const created = applyCodeEdit('file:///ws/new.txt', 'new.txt', undefined, 'fresh\n');
  const [n] = proposedFiles(created);
  assert.equal(n.kind, 'create');
  assert.equal(proposedText('', n), 'fresh\n');
  assert.ok(needsConfirmation(created));
});

test('Apply of a fragment never replaces the whole file: the region it redefines, else inserted at the cursor', () => {
  const applied = (before: string, code: string, opts: Parameters<typeof placeCode>[2]) => {
    const p = placeCode(before, code, opts);
    const edit = applyCodeEdit('file:///ws/x', opts.path, before, code, p);
    return { how: p.how, after: applyTextEdits(before, proposedFiles(edit)[0].edits) };
  };
  const readme = '# demo\n\nA workspace for the editor tests.\n';
  // The case: a Go one-liner over the README goes in at the cursor, the README stays.
  assert.deepEqual(applied(readme, 'fmt.Println("hi")\n', { path: 'README.md', lang: 'go', cursor: { line: 0, character: 0 } }),
    { how: 'insert', after: 'fmt.Println("hi")\n' + readme });
  // No cursor known (the file is not shown): at the end, on a line of its own.
  assert.deepEqual(applied('a\nb', 'c\n', { path: 'x.txt', lang: 'text' }), { how: 'insert', after: 'a\nb\nc\n' });
  // A cursor inside a line: below that line.
  assert.deepEqual(applied('one\ntwo\nthree\n', 'new()\n', { path: 'a.go', lang: 'go', cursor: { line: 1, character: 2 } }),
    { how: 'insert', after: 'one\ntwo\nnew()\nthree\n' });
  // A function the block redefines: that function is replaced, the rest kept.
  const goFile = 'package main\n\nfunc a() {\n\treturn\n}\n\nfunc main() {\n\tif x {\n\t}\n\tprintln(1)\n}\n\nfunc b() {}\n';
  assert.deepEqual(applied(goFile, 'func main() {\n\tprintln(2)\n}\n', { path: 'main.go', lang: 'go' }),
    { how: 'region', after: 'package main\n\nfunc a() {\n\treturn\n}\n\nfunc main() {\n\tprintln(2)\n}\n\nfunc b() {}\n' });
  // The block evidently is the whole file: the same first and last lines, or at least as many lines.
  assert.deepEqual(applied(goFile, 'package main\n\nfunc main() {}\n\nfunc b() {}\n', { path: 'main.go', lang: 'go' }),
    { how: 'whole', after: 'package main\n\nfunc main() {}\n\nfunc b() {}\n' });
  assert.deepEqual(applied('hello\n', 'hello, applied\n', { path: 'hello.txt' }), { how: 'whole', after: 'hello, applied\n' });
  assert.deepEqual(applied('', 'x\n', { path: 'empty.go', lang: 'go' }), { how: 'whole', after: 'x\n' });
  // Another language is never the whole file, even when as long.
  assert.equal(placeCode('# t\n', 'x := 1\n', { path: 'README.md', lang: 'go' }).how, 'insert');
  // Two places start like the block: ambiguous, so inserted, not guessed.
  assert.equal(placeCode('func a() {\n}\nfunc a() {\n}\nmore\nlines\n', 'func a() {\n\tx()\n}\n', { path: 'a.go', lang: 'go' }).how, 'insert');
  // A selection wins over everything.
  assert.equal(placeCode(goFile, 'y', { path: 'main.go', selection: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } } }).how, 'selection');
});

test('applyCode messages: the language is optional and bounded', () => {
  assert.deepEqual(parseMessage({ type: 'applyCode', text: 'x', lang: 'go' }), { type: 'applyCode', text: 'x', lang: 'go' });
  assert.deepEqual(parseMessage({ type: 'applyCode', text: 'x', path: 'a.go', lang: 'c++' }), { type: 'applyCode', text: 'x', path: 'a.go', lang: 'c++' });
  assert.equal(parseMessage({ type: 'applyCode', text: 'x', lang: 'a b' }), undefined);
  assert.equal(parseMessage({ type: 'applyCode', text: 'x', lang: 'x'.repeat(41) }), undefined);
});

import { Conversation, retryParams } from '../src/panel/conversation';
import { parseWebviewMessage } from '../src/panel/messages';
import { renderRun } from '../src/panel/webview/render';
import { announcement } from '../src/panel/webview/announce';
import type { TransitionParams } from '../src/protocol';

const step = (runId: string, seq: number, from: string, to: string, extra: Partial<TransitionParams> = {}): TransitionParams => ({
  runId, sessionId: 's1', seq, from, to, event: 'e', turn: 0, ...extra,
});

/** A run that streamed "Partial answer" and then failed as the daemon reports it (transition, then runEnded). */
function cutShort(kind = 'Api', outcome = 'failed') {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'reset now');
  c.transition(step('r1', 1, 'Start', 'AwaitingModel'));
  c.delta({ runId: 'r1', lane: 'text', text: 'Partial' });
  c.delta({ runId: 'r1', lane: 'text', text: ' answer' });
  const error = { kind, message: 'the model server closed the stream' };
  c.transition(step('r1', 2, 'AwaitingModel', 'Terminal', { outcome, error }));
  c.ended({ runId: 'r1', sessionId: 's1', outcome, error });
  return c;
}

test('an answer cut short by a failed model call is marked, and the run offers Retry', () => {
  const run = cutShort().run('r1')!;
  const answer = run.items.find((i) => i.kind === 'answer');
  assert.deepEqual(answer, { kind: 'answer', text: 'Partial answer', partial: true });
  assert.equal(run.retry, true);
  const html = renderRun(run, () => false);
  assert.match(html, /<div class="item answer markdown answer-partial">.*Cut short/s);
  assert.match(html, /<button class="retry-button" data-run="r1"[^>]*>Retry<\/button>/);
  // Cancelled mid-answer: cut short too, but nothing to retry.
  const cancelled = cutShort('Cancelled', 'cancelled').run('r1')!;
  assert.equal(cancelled.items.find((i) => i.kind === 'answer')?.partial, true);
  assert.equal(cancelled.retry, false);
  // A failure that is not the model's (the turn limit) is not retried.
  assert.equal(cutShort('MaxTurnsExceeded').run('r1')!.retry, false);
});

test('an answer the model finished is not cut short, whatever came after', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'list');
  c.transition(step('r1', 1, 'Start', 'AwaitingModel'));
  c.delta({ runId: 'r1', lane: 'text', text: 'Let me look.' });
  c.transition(step('r1', 2, 'AwaitingModel', 'AwaitingTools'));
  const error = { kind: 'Api', message: 'down' };
  c.transition(step('r1', 3, 'AwaitingTools', 'Terminal', { outcome: 'failed', error }));
  c.ended({ runId: 'r1', sessionId: 's1', outcome: 'failed', error });
  const run = c.run('r1')!;
  assert.equal(run.items.find((i) => i.kind === 'answer')?.partial, undefined);
  assert.equal(run.retry, true);
  // A completed run: nothing cut, no Retry.
  const ok = new Conversation();
  ok.sending();
  ok.claim('r2', 's1', 'chat');
  ok.transition(step('r2', 1, 'Start', 'AwaitingModel'));
  ok.delta({ runId: 'r2', lane: 'text', text: 'Hello' });
  ok.transition(step('r2', 2, 'AwaitingModel', 'Terminal', { outcome: 'completed' }));
  ok.ended({ runId: 'r2', sessionId: 's1', outcome: 'completed', output: 'Hello' });
  assert.equal(ok.run('r2')!.items.find((i) => i.kind === 'answer')?.partial, undefined);
  assert.equal(ok.run('r2')!.retry, false);
});

test('the daemon stopping mid-answer cuts it short (Resume, not Retry, is its way on)', () => {
  const c = new Conversation();
  c.sending();
  c.claim('r1', 's1', 'chat');
  c.transition(step('r1', 1, 'Start', 'AwaitingModel'));
  c.delta({ runId: 'r1', lane: 'text', text: 'Half' });
  c.serverStopped();
  const run = c.run('r1')!;
  assert.equal(run.items.find((i) => i.kind === 'answer')?.partial, true);
  assert.equal(run.retry, false);
});

test('Retry, Apply and file links are checked webview messages', () => {
  assert.deepEqual(parseWebviewMessage({ type: 'retry', runId: 'r1' }), { type: 'retry', runId: 'r1' });
  assert.equal(parseWebviewMessage({ type: 'retry' }), undefined);
  assert.deepEqual(parseWebviewMessage({ type: 'applyCode', text: 'x' }), { type: 'applyCode', text: 'x' });
  assert.deepEqual(parseWebviewMessage({ type: 'applyCode', text: 'x', path: 'a.go' }), { type: 'applyCode', text: 'x', path: 'a.go' });
  assert.equal(parseWebviewMessage({ type: 'applyCode', text: 'x', path: 3 }), undefined);
  assert.deepEqual(parseWebviewMessage({ type: 'openFile', path: 'README.md', line: 3 }), { type: 'openFile', path: 'README.md', line: 3 });
  assert.equal(parseWebviewMessage({ type: 'openFile', path: 'README.md', line: 0 }), undefined);
  assert.equal(parseWebviewMessage({ type: 'openFile', path: 'x'.repeat(301) }), undefined);
});

test('screen readers: the run section is no live region, and each run is announced a few times, not per piece', () => {
  const c = new Conversation();
  c.sending();
  let prev = undefined as ReturnType<Conversation['run']>;
  const said: string[] = [];
  const see = () => {
    const next = c.run('r1')!;
    const a = announcement(prev, next);
    if (a) said.push(a);
    prev = next;
  };
  c.claim('r1', 's1', 'chat');
  see();
  c.transition(step('r1', 1, 'Start', 'AwaitingModel'));
  see();
  for (const w of ['Hello', ' from', ' the', ' **tiny**', ' model.']) {
    c.delta({ runId: 'r1', lane: 'text', text: w });
    see();
    assert.match(renderRun(c.run('r1')!, () => false), /aria-busy="true"/);
  }
  c.modelWait({ runId: 'r1', turn: 0, model: 'm', afterMs: 10, message: 'no answer yet: try `ollama ps`' });
  see();
  c.transition(step('r1', 2, 'AwaitingModel', 'Terminal', { outcome: 'completed' }));
  see();
  c.ended({ runId: 'r1', sessionId: 's1', outcome: 'completed', output: 'Hello from the tiny model.' });
  see();
  assert.deepEqual(said, ['loopls is working…', 'no answer yet: try ollama ps', 'Run completed. Hello from the tiny model.']);
  const html = renderRun(c.run('r1')!, () => false);
  assert.ok(!/aria-live|role="(status|alert|log)"/.test(html), html);
  assert.match(html, /aria-busy="false"/);
  // A failed run says why, that the answer was cut short and what is offered.
  const f = cutShort().run('r1')!;
  assert.equal(announcement({ ...f, ended: false }, f), 'Run failed. Partial answer The answer was cut short. the model server closed the stream Retry is offered.');
});

test('Retry sends the failed run\'s prompt in its mode with the context it had attached, never the composer\'s chips', () => {
  const c = cutShort();
  c.runStarted({ runId: 'r1', sessionId: 's1', mode: 'edit', context: [{ path: 'hello.txt', startLine: 2, endLine: 3 }, { path: 'README.md' }] });
  assert.deepEqual(retryParams(c.run('r1')), {
    prompt: 'reset now',
    mode: 'edit',
    context: [
      { uri: 'hello.txt', range: { start: { line: 1, character: 0 }, end: { line: 3, character: 0 } } },
      { uri: 'README.md' },
    ],
  });
  assert.deepEqual(retryParams(cutShort().run('r1')), { prompt: 'reset now' });
  assert.equal(retryParams(cutShort('MaxTurnsExceeded').run('r1')), undefined);
});

import { insideFolder } from '../src/panel/confine';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('a path an answer names must stay in the workspace once symlinks are followed', async () => {
  const base = mkdtempSync(join(tmpdir(), 'loopls-confine-'));
  try {
    const ws = join(base, 'ws');
    const outside = join(base, 'outside');
    mkdirSync(ws);
    mkdirSync(outside);
    writeFileSync(join(ws, 'README.md'), '# demo\n');
    writeFileSync(join(outside, 'bashrc'), 'secret\n');
    symlinkSync(join(outside, 'bashrc'), join(ws, 'notes.md'));
    symlinkSync(outside, join(ws, 'linked'));
    assert.equal(await insideFolder(ws, join(ws, 'README.md')), true);
    assert.equal(await insideFolder(ws, join(ws, 'src', 'new.go')), true, 'a new file in a new directory');
    assert.equal(await insideFolder(ws, join(ws, 'notes.md')), false, 'a link to a file outside');
    assert.equal(await insideFolder(ws, join(ws, 'linked', 'new.go')), false, 'a new file under a linked directory');
    assert.equal(await insideFolder(ws, join(ws, '..', 'outside', 'bashrc')), false);
    assert.equal(await insideFolder(ws, ws), false, 'the folder itself is no file of it');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
