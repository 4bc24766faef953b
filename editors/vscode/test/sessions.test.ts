import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { searchSessions, sessionMeta, whenText } from '../src/panel/sessions';
import { parseWebviewMessage } from '../src/panel/messages';

// Local times, as the user reads them: built from local fields, so the
// expectations hold in any time zone.
const now = new Date(2026, 11, 3, 14, 30, 0); // Thu 3 Dec 2026, 14:30
const at = (d: Date) => d.toISOString();

test('whenText: human times, never the daemon\'s nanoseconds', () => {
  assert.equal(whenText(at(new Date(2026, 11, 3, 14, 29, 31)), now), 'just now');
  assert.equal(whenText(at(new Date(2026, 11, 3, 14, 25, 0)), now), '5 min ago');
  assert.equal(whenText(at(new Date(2026, 11, 3, 11, 10, 0)), now), '3 h ago');
  assert.equal(whenText(at(new Date(2026, 11, 2, 23, 5, 0)), now), 'yesterday 23:05');
  assert.equal(whenText(at(new Date(2026, 10, 30, 9, 7, 0)), now), 'Mon 09:07');
  assert.equal(whenText(at(new Date(2026, 10, 20, 9, 7, 0)), now), 'Nov 20');
  assert.equal(whenText(at(new Date(2025, 0, 2, 9, 7, 0)), now), 'Jan 2, 2025');
  // The daemon's own form: RFC 3339 with nanoseconds.
  const ns = `${at(new Date(2026, 11, 3, 14, 19, 30)).slice(0, 19)}.460963173Z`;
  assert.equal(whenText(ns, now), '10 min ago');
  assert.doesNotMatch(whenText('2026-12-01T16:04:56.460963173Z', now), /\d{2}:\d{2}:\d{2}|\.\d+Z/);
  // Another machine's clock ahead of ours; a stamp that is no time.
  assert.equal(whenText(at(new Date(2026, 11, 3, 15, 0, 0)), now), 'just now');
  assert.equal(whenText('soon', now), 'soon');
});

test('sessionMeta: runs, when, and whether a run can resume', () => {
  assert.equal(sessionMeta({ runs: 2, updatedAt: at(new Date(2026, 11, 3, 14, 25)), resumableRun: 'run_1' }, now), '2 runs · 5 min ago · can resume');
  assert.equal(sessionMeta({ runs: 1 }, now), '1 run');
  assert.equal(sessionMeta({}, now), '');
});

test('searchSessions: every word in the title, case and accents aside, order kept', () => {
  const list = [
    { sessionId: 'a', title: 'Fix the README links' },
    { sessionId: 'b', title: 'chat with me' },
    { sessionId: 'c', title: 'Résumé of the parser' },
    { sessionId: 'd', title: 'readme typo' },
  ];
  assert.deepEqual(searchSessions(list, 'readme').map((s) => s.sessionId), ['a', 'd']);
  assert.deepEqual(searchSessions(list, '  LINKS   readme ').map((s) => s.sessionId), ['a']);
  assert.deepEqual(searchSessions(list, 'resume').map((s) => s.sessionId), ['c']);
  assert.deepEqual(searchSessions(list, 'readme chat'), []);
  assert.deepEqual(searchSessions(list, '   ').map((s) => s.sessionId), ['a', 'b', 'c', 'd']);
});

test('rename and delete from the webview are checked like any input', () => {
  assert.deepEqual(parseWebviewMessage({ type: 'renameSession', sessionId: 'ses_1', title: 'a name' }), { type: 'renameSession', sessionId: 'ses_1', title: 'a name' });
  assert.deepEqual(parseWebviewMessage({ type: 'deleteSession', sessionId: 'ses_1' }), { type: 'deleteSession', sessionId: 'ses_1' });
  assert.equal(parseWebviewMessage({ type: 'renameSession', sessionId: 'ses_1', title: '   ' }), undefined);
  assert.equal(parseWebviewMessage({ type: 'renameSession', sessionId: 'ses_1' }), undefined);
  assert.equal(parseWebviewMessage({ type: 'renameSession', sessionId: 'ses_1', title: 'x'.repeat(1001) }), undefined);
  assert.equal(parseWebviewMessage({ type: 'deleteSession', sessionId: 7 }), undefined);
  assert.equal(parseWebviewMessage({ type: 'deleteSession' }), undefined);
});
