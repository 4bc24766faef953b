import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { refusalMessage, restrictRun } from '../src/trust';

const untrusted = { trusted: false };

test('a trusted workspace passes every request unchanged', () => {
  const params = { prompt: 'hi', mode: 'auto' };
  assert.equal(restrictRun('loopls/run', params, { trusted: true }).params, params);
  const cmd = { command: 'loopls.fix', arguments: [{ uri: 'file:///a', mode: 'edit' }] };
  assert.equal(restrictRun('workspace/executeCommand', cmd, { trusted: true }).params, cmd);
});

test('untrusted: a run naming no mode becomes ask, whatever else is set', () => {
  assert.deepEqual(restrictRun('loopls/run', { prompt: 'hi', session: 's1' }, untrusted), {
    params: { prompt: 'hi', session: 's1', mode: 'ask' },
  });
  assert.deepEqual(restrictRun('loopls/run', { prompt: 'hi', mode: 'ask' }, untrusted), { params: { prompt: 'hi', mode: 'ask' } });
  assert.deepEqual(restrictRun('loopls/run', { prompt: 'hi', mode: null }, untrusted), { params: { prompt: 'hi', mode: 'ask' } });
  // the server's code action and loopls.run go through workspace/executeCommand
  const g = restrictRun('workspace/executeCommand', { command: 'loopls.fix', arguments: [{ uri: 'file:///a' }] }, untrusted);
  assert.deepEqual(g.params, { command: 'loopls.fix', arguments: [{ uri: 'file:///a', mode: 'ask' }] });
});

test('untrusted: auto and edit runs are refused', () => {
  for (const mode of ['auto', 'edit'] as const) {
    assert.deepEqual(restrictRun('loopls/run', { prompt: 'hi', mode }, untrusted), { refusal: refusalMessage(mode) });
    const cmd = { command: 'loopls.run', arguments: [{ prompt: 'hi', mode }] };
    assert.deepEqual(restrictRun('workspace/executeCommand', cmd, untrusted), { refusal: refusalMessage(mode) });
  }
  assert.match(refusalMessage('auto'), /Restricted Mode.*"ask".*"auto".*not started/);
  // a mode loopls does not know is not let through either
  assert.ok(restrictRun('loopls/run', { prompt: 'hi', mode: 'AUTO' }, untrusted).refusal);
  assert.ok(restrictRun('loopls/run', undefined, untrusted).refusal);
});

test('untrusted: resuming a run is refused; other requests pass', () => {
  assert.ok(restrictRun('loopls/resumeRun', { runId: 'run_1' }, untrusted).refusal);
  for (const [method, params] of [
    ['loopls/sessions', {}],
    ['loopls/cancel', { runId: 'run_1' }],
    ['workspace/executeCommand', { command: 'loopls.cancel', arguments: [{}] }],
  ] as const) {
    assert.equal(restrictRun(method, params, untrusted).params, params);
  }
});
