'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { range } = require('./range');

test('range includes both ends', () => {
  assert.deepStrictEqual(range(1, 4), [1, 2, 3, 4]);
  assert.deepStrictEqual(range(5, 5), [5]);
});

test('range with a step', () => {
  assert.deepStrictEqual(range(0, 10, 5), [0, 5, 10]);
  assert.deepStrictEqual(range(0, 9, 4), [0, 4, 8]);
});
