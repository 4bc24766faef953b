import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { approvalItems, approvalResult, approvalTitle } from '../src/approval';

const options = [
  { optionId: 'deny', name: 'Deny', kind: 'reject_once' },
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'never', name: 'Never', kind: 'reject_always' },
];

test('approval items: allow first, in ACP kind order, ids kept', () => {
  const items = approvalItems(options);
  assert.deepEqual(
    items.map((i) => i.optionId),
    ['once', 'always', 'deny', 'never'],
  );
  assert.equal(items[0].label, '$(check) Allow once');
  assert.equal(items[2].label, '$(close) Deny');
  assert.equal(items[3].description, 'deny from now on');
});

test('unknown kinds are still offered, last', () => {
  const items = approvalItems([{ optionId: 'x', name: '', kind: 'maybe' }, ...options.slice(0, 1)]);
  assert.deepEqual(
    items.map((i) => [i.optionId, i.label]),
    [
      ['deny', '$(close) Deny'],
      ['x', '$(check) maybe'],
    ],
  );
});

test('the answer: a pick selects its option, dismissing cancels', () => {
  const items = approvalItems(options);
  assert.deepEqual(approvalResult(items[1]), { outcome: 'selected', optionId: 'always' });
  assert.deepEqual(approvalResult(undefined), { outcome: 'cancelled' });
});

test('the title names the tool and what it is about, in words, not JSON', () => {
  assert.equal(
    approvalTitle({ runId: 'r', toolCall: { name: 'run_command', arguments: { command: 'sleep 30' } }, options }),
    'Allow run_command to run: sleep 30',
  );
  assert.equal(approvalTitle({ runId: 'r', toolCall: { name: 'edit_file', arguments: '{"path":"a.go","old_string":"x"}' }, options }), 'Allow edit_file to change a.go');
  assert.equal(approvalTitle({ runId: 'r', toolCall: { name: 'mcp__x__y', arguments: { query: 'q' } }, options }), 'Allow mcp__x__y on q');
  assert.equal(approvalTitle({ runId: 'r', toolCall: {}, options }), 'Allow a tool');
  for (const t of ['run_command', 'edit_file']) assert.doesNotMatch(approvalTitle({ runId: 'r', toolCall: { name: t, arguments: { command: 'c', path: 'p' } }, options }), /[{}"]/);
});
