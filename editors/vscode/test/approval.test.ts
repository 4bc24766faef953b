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

test('the title names the tool and its arguments', () => {
  assert.equal(
    approvalTitle({ runId: 'r', toolCall: { name: 'run_command', arguments: { command: 'sleep 30' } }, options }),
    'loopls wants to run run_command {"command":"sleep 30"}',
  );
  assert.equal(approvalTitle({ runId: 'r', toolCall: {}, options }), 'loopls wants to run a tool');
});
