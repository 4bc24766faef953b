'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');

test('loadUser is exported', () => {
  const { loadUser } = require('./users');
  assert.deepStrictEqual(loadUser(1), { id: 1, name: 'ada' });
  assert.strictEqual(loadUser(9), null);
});

test('callers use loadUser', () => {
  assert.strictEqual(require('./greet').greet(2), 'Hello, alan');
  assert.deepStrictEqual(require('./names').names([2, 7, 1]), ['alan', 'ada']);
});

test('fetchUser is gone', () => {
  for (const f of fs.readdirSync('.').filter((f) => f.endsWith('.js') && !f.endsWith('.test.js'))) {
    assert.ok(!fs.readFileSync(f, 'utf8').includes('fetch' + 'User'), f);
  }
});
