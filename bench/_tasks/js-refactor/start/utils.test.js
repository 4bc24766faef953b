'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { clamp, percent } = require('./utils');

test('clamp keeps values in range', () => {
  assert.strictEqual(clamp(5, 0, 3), 3);
  assert.strictEqual(clamp(-1, 0, 3), 0);
  assert.strictEqual(clamp(2, 0, 3), 2);
});

test('percent uses clamp', () => {
  assert.strictEqual(percent(1, 4), 25);
  assert.strictEqual(percent(9, 4), 100);
});
