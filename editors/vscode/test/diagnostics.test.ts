import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Settler, maxSettleMs, settleOf, verdictText } from '../src/diagnostics';
import { renderVerdict } from '../src/panel/webview/render';

test('settleMs: the default, and bounded by the client', () => {
  assert.equal(settleOf(undefined), 500);
  assert.equal(settleOf({ settleMs: 200 }), 200);
  assert.equal(settleOf({ settleMs: 60_000 }), maxSettleMs);
  assert.equal(settleOf({ settleMs: -3 }), 0);
});

test('settled: quiet for settleMs since the request or the last change', () => {
  const s = new Settler();
  assert.equal(s.remaining(['a'], 1000, 500, 1000), 500);
  assert.equal(s.remaining(['a'], 1000, 500, 1500), 0);
  s.changed('a', 1400);
  assert.equal(s.remaining(['a'], 1000, 500, 1500), 400);
  assert.equal(s.remaining(['a'], 1000, 500, 1900), 0);
  // Another document's change does not hold this one.
  s.changed('b', 1800);
  assert.equal(s.remaining(['a'], 1000, 500, 1900), 0);
});

test('settled: an edit not yet republished waits for the server, to the bound', () => {
  const s = new Settler();
  s.changed('a', 900);
  s.edited('a', 950);
  assert.ok(s.remaining(['a'], 1000, 500, 1600) > 0, 'edited after the last publish: still waiting');
  s.changed('a', 1700);
  assert.equal(s.remaining(['a'], 1000, 500, 1800), 400);
  assert.equal(s.remaining(['a'], 1000, 500, 2200), 0);
  s.edited('a', 2300);
  assert.equal(s.remaining(['a'], 1000, 500, 1000 + maxSettleMs), 0, 'the bound ends the wait');
  // A document no server publishes for: its edit is not waited for.
  s.edited('z', 950);
  assert.equal(s.remaining(['z'], 1000, 500, 1500), 0);
});

test('verdict: a check mark, or still failing with what remains', () => {
  assert.equal(verdictText(undefined), undefined);
  assert.match(verdictText({ fixed: true })!, /^✓ fixed/);
  assert.equal(verdictText({ fixed: false, remaining: ['a.json:1:5: error [json] Expected comma'] }), '✗ still failing:\na.json:1:5: error [json] Expected comma');
  const html = renderVerdict({ fixed: false, remaining: ['a.json:1:5: error <b>'], retries: 2 });
  assert.match(html, /still failing after 2 more attempt\(s\)/);
  assert.match(html, /a\.json:1:5: error &lt;b&gt;/);
  assert.match(renderVerdict({ fixed: true, retries: 0 }), /verdict-fixed/);
});
