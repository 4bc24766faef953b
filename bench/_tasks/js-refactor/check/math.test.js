'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');

test('math exports clamp', () => {
  const { clamp } = require('./math');
  assert.strictEqual(clamp(10, 1, 5), 5);
  const utils = fs.readFileSync('utils.js', 'utf8');
  assert.ok(/require\(['"]\.\/math(\.js)?['"]\)/.test(utils), 'utils.js does not require ./math');
  assert.ok(!/function\s+clamp\s*\(/.test(utils), 'utils.js still defines clamp itself');
});
