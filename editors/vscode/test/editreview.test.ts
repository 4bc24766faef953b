import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  PendingReviews,
  applyTextEdits,
  needsConfirmation,
  parseEditReviewMessage,
  parseProposedUri,
  proposedFiles,
  proposedText,
  proposedUriParts,
  reviewSentence,
  withoutAnnotations,
  type LspTextEdit,
} from '../src/editreview';

const at = (l1: number, c1: number, l2: number, c2: number, newText: string, annotationId?: string): LspTextEdit => ({
  range: { start: { line: l1, character: c1 }, end: { line: l2, character: c2 } },
  newText,
  ...(annotationId ? { annotationId } : {}),
});

// What loopls sends in edit mode (docs/protocol.md, "Modes").
const reviewed = {
  label: 'loopls: edit_file hello.txt',
  edit: {
    documentChanges: [
      { textDocument: { uri: 'file:///w/hello.txt', version: null }, edits: [at(0, 0, 0, 5, 'goodbye', 'loopls.review')] },
      { kind: 'create', uri: 'file:///w/new.txt', annotationId: 'loopls.review' },
      { textDocument: { uri: 'file:///w/new.txt', version: null }, edits: [at(0, 0, 0, 0, 'fresh\n', 'loopls.review')] },
    ],
    changeAnnotations: { 'loopls.review': { label: 'loopls: edit_file hello.txt', needsConfirmation: true } },
  },
};

test('needsConfirmation: only an annotation that asks for it', () => {
  assert.equal(needsConfirmation(reviewed.edit), true);
  assert.equal(needsConfirmation({ changeAnnotations: { a: { label: 'x', needsConfirmation: false } } }), false);
  assert.equal(needsConfirmation({ documentChanges: [] }), false);
  assert.equal(needsConfirmation(undefined), false);
});

test('withoutAnnotations: the same changes with no annotation left, the input untouched', () => {
  const before = JSON.stringify(reviewed);
  const plain = withoutAnnotations(reviewed);
  assert.equal(JSON.stringify(reviewed), before, 'input not changed');
  assert.equal(plain.label, reviewed.label);
  assert.equal(plain.edit.changeAnnotations, undefined);
  assert.doesNotMatch(JSON.stringify(plain), /annotationId|needsConfirmation/);
  assert.deepEqual(plain.edit.documentChanges, [
    { textDocument: { uri: 'file:///w/hello.txt', version: null }, edits: [at(0, 0, 0, 5, 'goodbye')] },
    { kind: 'create', uri: 'file:///w/new.txt' },
    { textDocument: { uri: 'file:///w/new.txt', version: null }, edits: [at(0, 0, 0, 0, 'fresh\n')] },
  ]);
  const changes = withoutAnnotations({ edit: { changes: { 'file:///a': [at(0, 0, 0, 0, 'x', 'k')] }, changeAnnotations: { k: { needsConfirmation: true } } } });
  assert.deepEqual(changes.edit, { changes: { 'file:///a': [at(0, 0, 0, 0, 'x')] } });
});

test('proposedFiles: each file once, created files marked, malformed entries skipped', () => {
  const files = proposedFiles({
    documentChanges: [...reviewed.edit.documentChanges, null, { kind: 'rename' }, { textDocument: { uri: 'file:///w/hello.txt' }, edits: [{ bogus: 1 }, at(1, 0, 1, 0, 'two\n')] }],
  });
  assert.deepEqual(files.map((f) => [f.uri, f.kind, f.edits.length]), [
    ['file:///w/hello.txt', 'edit', 2],
    ['file:///w/new.txt', 'create', 1],
  ]);
  const del = proposedFiles({ documentChanges: [{ kind: 'delete', uri: 'file:///w/old.txt' }] });
  assert.deepEqual(del, [{ uri: 'file:///w/old.txt', kind: 'delete', edits: [] }]);
  assert.equal(proposedText('gone\n', del[0]), '');
  assert.deepEqual(proposedFiles({ changes: { 'file:///a': [at(0, 0, 0, 0, 'x')] } }).map((f) => f.uri), ['file:///a']);
});

test('applyTextEdits: ranges against the text before, UTF-16 characters, any line break', () => {
  assert.equal(applyTextEdits('hello\n', [at(0, 0, 0, 5, 'goodbye')]), 'goodbye\n');
  // Two edits out of order: both against the original text.
  assert.equal(applyTextEdits('a\nb\nc\n', [at(2, 0, 2, 1, 'C'), at(0, 0, 0, 1, 'A')]), 'A\nb\nC\n');
  // Insertions at one place keep their order.
  assert.equal(applyTextEdits('x', [at(0, 0, 0, 0, '1'), at(0, 0, 0, 0, '2')]), '12x');
  // CRLF and CR line breaks; a character past the line's end stops before its break.
  assert.equal(applyTextEdits('one\r\ntwo\rthree', [at(1, 0, 1, 99, 'TWO'), at(2, 5, 2, 5, '!')]), 'one\r\nTWO\rthree!');
  // UTF-16: an emoji is two characters.
  assert.equal(applyTextEdits('😀a\n', [at(0, 2, 0, 3, 'b')]), '😀b\n');
  // A line past the end appends; deleting whole lines joins them.
  assert.equal(applyTextEdits('a\n', [at(5, 0, 5, 0, 'z')]), 'a\nz');
  assert.equal(applyTextEdits('a\nb\nc\n', [at(1, 0, 2, 0, '')]), 'a\nc\n');
});

test('proposedText: a created file starts empty whatever is on disk', () => {
  const [, created] = proposedFiles(reviewed.edit);
  assert.equal(proposedText('stale', created), 'fresh\n');
  const [edited] = proposedFiles(reviewed.edit);
  assert.equal(proposedText('hello\n', edited), 'goodbye\n');
});

test('PendingReviews: answered once, the newest first for the palette', async () => {
  const p = new PendingReviews();
  const a = p.add('first', [{ uri: 'file:///w/a', path: 'a', kind: 'edit', before: 'x', after: 'y' }]);
  const b = p.add('second', []);
  assert.equal(p.latest(), b.key);
  assert.equal(p.file(a.key, 'a')?.after, 'y');
  assert.deepEqual(p.view(a.key), { key: a.key, label: 'first', files: [{ path: 'a', kind: 'edit' }] });
  assert.equal(p.answer(b.key, false), true);
  assert.equal(p.answer(b.key, true), false, 'a second answer is refused');
  assert.equal(await b.answer, false);
  assert.equal(p.latest(), a.key);
  assert.equal(p.answer(a.key, true), true);
  assert.equal(await a.answer, true);
  assert.deepEqual(p.keys(), []);
  assert.equal(p.file(a.key, 'a'), undefined);
});

test('proposed URIs round-trip; others are not ours', () => {
  const u = proposedUriParts('edit-3', 'src/a b.go', 'after');
  assert.deepEqual(parseProposedUri(u.path, u.query), { key: 'edit-3', path: 'src/a b.go', side: 'after' });
  assert.equal(parseProposedUri('/x', 'review=k&side=middle'), undefined);
  assert.equal(parseProposedUri('/', 'review=k&side=after'), undefined);
});

test('the panel card says what is reviewed', () => {
  assert.equal(reviewSentence({ key: 'k', label: '', files: [{ path: 'hello.txt', kind: 'edit' }] }), 'Review the change to hello.txt');
  assert.equal(reviewSentence({ key: 'k', label: '', files: [{ path: 'a', kind: 'edit' }, { path: 'b', kind: 'create' }, { path: 'c', kind: 'edit' }] }), 'Review the changes to a, b and c');
});

test('parseEditReviewMessage: checked field by field', () => {
  assert.deepEqual(parseEditReviewMessage({ type: 'review/editAnswer', key: 'edit-1', accept: false }), { type: 'review/editAnswer', key: 'edit-1', accept: false });
  assert.deepEqual(parseEditReviewMessage({ type: 'review/editShow', key: 'edit-1' }), { type: 'review/editShow', key: 'edit-1' });
  assert.deepEqual(parseEditReviewMessage({ type: 'review/editShow', key: 'edit-1', path: 'a' }), { type: 'review/editShow', key: 'edit-1', path: 'a' });
  for (const bad of [null, 'x', { type: 'review/editAnswer', key: 'k', accept: 'yes' }, { type: 'review/editAnswer', accept: true }, { type: 'review/editShow', key: 'k', path: 3 }, { type: 'review/approve', key: 'k', optionId: 'o' }]) {
    assert.equal(parseEditReviewMessage(bad), undefined, JSON.stringify(bad));
  }
});

test('PendingReviews: a run\'s end withdraws its runs\' edits, not the user\'s own Apply', async () => {
  const p = new PendingReviews();
  const run = p.add('loopls: edit_file a', []);
  const mine = p.add('loopls: apply the answer\'s code to b', [], false);
  assert.deepEqual(p.runKeys(), [run.key]);
  assert.deepEqual(p.keys(), [run.key, mine.key]);
  for (const k of p.runKeys()) p.answer(k, false);
  assert.equal(await run.answer, false);
  assert.deepEqual(p.keys(), [mine.key]);
});
