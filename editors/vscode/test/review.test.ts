import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  ContextChips,
  InlineApprovals,
  SessionModes,
  approvalButtons,
  changeUriParts,
  contextLabel,
  diffTitle,
  editedFiles,
  isMode,
  maxContextEntries,
  maxSessionModes,
  modes,
  parseChangeUri,
  parseReviewMessage,
  rangeLines,
  runReviewTitle,
  hunkLines,
} from '../src/review';

const options = [
  { optionId: 'reject_always', name: 'Always reject', kind: 'reject_always' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  { optionId: 'allow_once', name: '', kind: 'allow_once' },
];

test('modes: ask, edit, auto, and nothing else', () => {
  assert.deepEqual(modes.map((m) => m.mode), ['ask', 'edit', 'auto']);
  assert.ok(isMode('edit'));
  assert.ok(!isMode('yolo'));
  assert.ok(!isMode(undefined));
});

test('range lines: whole lines, an end at character 0 does not take its line', () => {
  const r = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });
  assert.deepEqual(rangeLines(r(0, 0, 0, 5)), { first: 1, last: 1 });
  assert.deepEqual(rangeLines(r(2, 3, 4, 1)), { first: 3, last: 5 });
  assert.deepEqual(rangeLines(r(2, 0, 4, 0)), { first: 3, last: 4 });
  assert.equal(contextLabel('a.ts', r(2, 0, 4, 0)), 'a.ts:3-4');
  assert.equal(contextLabel('a.ts', r(0, 1, 0, 2)), 'a.ts:1');
  assert.equal(contextLabel('README.md'), 'README.md');
});

test('context chips: added once, removed by key, sent as loopls/run context', () => {
  const chips = new ContextChips();
  assert.equal(chips.params(), undefined, 'nothing attached: no context param');
  const sel = { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } };
  assert.equal(chips.add('file:///w/hello.txt', 'hello.txt', sel), undefined);
  assert.equal(chips.add('file:///w/README.md', 'README.md'), undefined);
  assert.match(chips.add('file:///w/hello.txt', 'hello.txt', sel) ?? '', /attached already/);
  assert.deepEqual(chips.list().map((c) => c.label), ['hello.txt:1', 'README.md']);
  assert.deepEqual(chips.params(), [{ uri: 'file:///w/hello.txt', range: sel }, { uri: 'file:///w/README.md' }]);
  assert.ok(chips.remove(chips.list()[0].key));
  assert.ok(!chips.remove('nope'));
  assert.deepEqual(chips.params(), [{ uri: 'file:///w/README.md' }]);
  chips.clear();
  assert.equal(chips.params(), undefined);
});

test('context chips: at most as many as loopls takes', () => {
  const chips = new ContextChips();
  for (let i = 0; i < maxContextEntries; i++) assert.equal(chips.add(`file:///w/f${i}`, `f${i}`), undefined);
  assert.match(chips.add('file:///w/one-more', 'one-more') ?? '', /at most 32/);
  assert.equal(chips.list().length, maxContextEntries);
});

test('approval buttons: the four ACP kinds, allow first, names or kind words', () => {
  const b = approvalButtons(options);
  assert.deepEqual(b.map((x) => x.optionId), ['allow_once', 'allow_always', 'reject_once', 'reject_always']);
  assert.deepEqual(b.map((x) => x.label), ['Allow once', 'Always allow', 'Reject', 'Always reject']);
  assert.deepEqual(b.map((x) => x.tone), ['allow', 'allow', 'reject', 'reject']);
  // "Always" says what it covers; "once" needs no words.
  const cmd = approvalButtons(options, 'run_command');
  assert.deepEqual(cmd.map((x) => x.scope), [
    undefined,
    'Allow this exact command line from now on, in this workspace, without asking',
    undefined,
    'Refuse this exact command line from now on, in this workspace, without asking',
  ]);
  assert.match(approvalButtons(options, 'mcp__s__t')[1].scope ?? '', /^Allow mcp__s__t with these arguments from now on/);
});

test('inline approvals: the click answers once, with an offered option only', async () => {
  const q = new InlineApprovals();
  const { view, answer } = q.ask({
    runId: 'run_1',
    toolCall: { name: 'run_command', arguments: { command: 'sleep 30' } },
    options,
    reasons: ['it is not on the allowedCommands list'],
  } as never);
  assert.match(view.title, /run_command/);
  assert.deepEqual(view.reasons, ['it is not on the allowedCommands list']);
  assert.deepEqual(q.views().map((v) => v.key), [view.key]);
  assert.ok(!q.answer(view.key, 'not_offered'), 'an option that was not offered is refused');
  assert.ok(q.answer(view.key, 'allow_once'));
  assert.ok(!q.answer(view.key, 'reject_once'), 'answered once');
  assert.ok(!q.settle(view.key, { outcome: 'cancelled' }));
  assert.deepEqual(await answer, { outcome: 'selected', optionId: 'allow_once' });
  assert.equal(q.views().length, 0);
});

test('inline approvals: a withdrawal settles it cancelled', async () => {
  const q = new InlineApprovals();
  const { view, answer } = q.ask({ runId: 'r', toolCall: {}, options } as never);
  assert.ok(q.isPending(view.key));
  assert.ok(q.settle(view.key, { outcome: 'cancelled' }));
  assert.ok(!q.isPending(view.key));
  assert.deepEqual(await answer, { outcome: 'cancelled' });
});

test('edited files: one per path, in order, with their tool calls; junk skipped', () => {
  const files = editedFiles({
    edits: [
      { path: 'a.txt', toolCallId: 'c1' },
      { path: 'b.txt' },
      { path: 'a.txt', toolCallId: 'c3' },
      null,
      { path: '' },
      { nope: 1 },
    ],
  });
  assert.deepEqual(files, [
    { path: 'a.txt', toolCallIds: ['c1', 'c3'] },
    { path: 'b.txt', toolCallIds: [] },
  ]);
  assert.deepEqual(editedFiles(undefined), []);
});

test('change URIs round-trip; foreign ones are refused', () => {
  const u = changeUriParts('run_9', 'src/a b.ts', 'before');
  assert.equal(u.scheme, 'loopls-change');
  assert.equal(u.path, '/src/a b.ts');
  assert.deepEqual(parseChangeUri(u.path, u.query), { runId: 'run_9', path: 'src/a b.ts', side: 'before' });
  assert.equal(parseChangeUri('/a', 'run=r&side=middle'), undefined);
  assert.equal(parseChangeUri('/a', 'side=after'), undefined);
  assert.equal(parseChangeUri('/', 'run=r&side=after'), undefined);
  assert.equal(diffTitle('a.ts', 'run_9'), 'a.ts (before ↔ after the run)', 'no run id in a tab title');
});

test('webview messages: checked field by field', () => {
  assert.deepEqual(parseReviewMessage({ type: 'review/approve', key: 'k', optionId: 'allow_once' }), { type: 'review/approve', key: 'k', optionId: 'allow_once' });
  assert.equal(parseReviewMessage({ type: 'review/approve', key: 'k' }), undefined);
  assert.deepEqual(parseReviewMessage({ type: 'review/openChange', runId: 'r', path: 'a.txt', extra: 1 }), { type: 'review/openChange', runId: 'r', path: 'a.txt' });
  assert.equal(parseReviewMessage({ type: 'review/openChange', runId: 'r', path: 3 }), undefined);
  assert.deepEqual(parseReviewMessage({ type: 'review/setMode', mode: 'edit' }), { type: 'review/setMode', mode: 'edit' });
  assert.equal(parseReviewMessage({ type: 'review/setMode', mode: 'yolo' }), undefined);
  assert.deepEqual(parseReviewMessage({ type: 'review/addSelection' }), { type: 'review/addSelection' });
  assert.equal(parseReviewMessage({ type: 'send', text: 'hi' }), undefined, "another part's message");
  assert.equal(parseReviewMessage(null), undefined);
  assert.equal(parseReviewMessage('review/addFile'), undefined);
});

test('session modes: a picked mode is the session\'s; showing it again brings it back', () => {
  const sm = new SessionModes();
  // A new conversation keeps the mode in force; its first run's session takes it.
  assert.equal(sm.shown(undefined, 'edit'), 'edit');
  assert.equal(sm.shown('ses_a', 'edit'), 'edit');
  sm.set('ses_a', 'ask');
  // Another session first seen takes the mode in force, then keeps its own.
  assert.equal(sm.shown('ses_b', 'auto'), 'auto');
  assert.equal(sm.shown('ses_a', 'auto'), 'ask');
  assert.equal(sm.shown('ses_b', 'ask'), 'auto');
  sm.set(undefined, 'edit'); // no session shown: nothing remembered
  assert.equal(sm.shown('ses_a', 'edit'), 'ask');
});

test('session modes: bounded, the oldest forgotten first', () => {
  const sm = new SessionModes();
  sm.set('first', 'ask');
  for (let i = 0; i < maxSessionModes; i++) sm.set(`s${i}`, 'edit');
  assert.equal(sm.shown('first', 'auto'), 'auto', 'forgotten: it takes the mode in force');
  assert.equal(sm.shown(`s${maxSessionModes - 1}`, 'auto'), 'edit');
});

test('session modes outlive a window reload through the workspace state, checked when read back', () => {
  const state = new Map<string, unknown>();
  const store = { get: (k: string) => state.get(k), update: (k: string, v: unknown) => void state.set(k, v) };
  const before = new SessionModes(store);
  before.set('ses_a', 'ask');
  assert.equal(before.shown('ses_b', 'edit'), 'edit');
  // A new window (the extension activated again) reads them back.
  const after = new SessionModes(store);
  assert.equal(after.shown('ses_a', 'auto'), 'ask');
  assert.equal(after.shown('ses_b', 'auto'), 'edit');
  // What the state holds is not trusted: bad entries are skipped, the rest kept.
  state.set('loopls.sessionModes', [['ses_c', 'yolo'], [42, 'ask'], ['', 'ask'], 'x', ['ses_d', 'edit']]);
  const checked = new SessionModes(store);
  assert.equal(checked.shown('ses_c', 'auto'), 'auto');
  assert.equal(checked.shown('ses_d', 'auto'), 'edit');
  state.set('loopls.sessionModes', { not: 'a list' });
  assert.equal(new SessionModes(store).shown('ses_d', 'ask'), 'ask');
  // Bounded when written.
  const many = new SessionModes(store);
  for (let i = 0; i < maxSessionModes + 10; i++) many.set(`s${i}`, 'edit');
  assert.equal((state.get('loopls.sessionModes') as unknown[]).length, maxSessionModes);
});

test('run review: its title says how many files changed and how many wait', () => {
  assert.equal(runReviewTitle({ files: [{}, {}, {}] as never, waiting: 3 }), '3 files changed · 3 waiting for your review');
  assert.equal(runReviewTitle({ files: [{}] as never, waiting: 0 }), '1 file changed');
});

test('run review: a hunk as - and + lines', () => {
  assert.deepEqual(hunkLines({ removed: 'a\nb\n', added: 'c\n' }), [
    { sign: '-', text: 'a' },
    { sign: '-', text: 'b' },
    { sign: '+', text: 'c' },
  ]);
  assert.deepEqual(hunkLines({ removed: '', added: 'new' }), [{ sign: '+', text: 'new' }]);
});

test('run review: Keep and Undo messages are checked', () => {
  assert.deepEqual(parseReviewMessage({ type: 'review/act', runId: 'r', keep: true }), { type: 'review/act', runId: 'r', keep: true });
  assert.deepEqual(parseReviewMessage({ type: 'review/act', runId: 'r', path: 'a.txt', hunk: 1, keep: false }), { type: 'review/act', runId: 'r', path: 'a.txt', hunk: 1, keep: false });
  assert.equal(parseReviewMessage({ type: 'review/act', runId: 'r', hunk: 1, keep: false }), undefined);
  assert.equal(parseReviewMessage({ type: 'review/act', runId: 'r', path: 'a', hunk: -1, keep: false }), undefined);
  assert.equal(parseReviewMessage({ type: 'review/act', runId: 'r', keep: 'yes' }), undefined);
});
