import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { keptUris } from '../src/keptedits';

const edit = (uri: string) => ({ textDocument: { uri, version: 3 }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'x' }] });

test('kept edits: the documents an applied edit wrote text into, each once', () => {
  assert.deepEqual(
    keptUris({
      documentChanges: [edit('file:///w/a.txt'), { kind: 'create', uri: 'file:///w/new.txt' }, edit('file:///w/new.txt'), edit('file:///w/a.txt')],
      changes: { 'file:///w/b.txt': [] },
    }),
    ['file:///w/a.txt', 'file:///w/new.txt', 'file:///w/b.txt'],
  );
});

test('kept edits: a deleted file, or one renamed away, is not saved', () => {
  assert.deepEqual(
    keptUris({
      documentChanges: [
        { kind: 'delete', uri: 'file:///w/gone.txt' },
        { kind: 'rename', oldUri: 'file:///w/old.txt', newUri: 'file:///w/renamed.txt' },
        edit('file:///w/old.txt'),
      ],
    }),
    ['file:///w/renamed.txt'],
  );
  assert.deepEqual(keptUris(undefined), []);
  assert.deepEqual(keptUris({ documentChanges: [null, 7, 'x'] as unknown[] }), []);
});

test('kept edits: a document that held unsaved typing when the edit landed is not saved (the typing is the user\'s to save)', () => {
  assert.deepEqual(
    keptUris({ documentChanges: [edit('file:///w/typed.txt'), edit('file:///w/clean.txt')] }, (u) => u === 'file:///w/typed.txt'),
    ['file:///w/clean.txt'],
  );
});
