'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { toCamelCase } = require('./camel');

test('camel case from words', () => {
  assert.strictEqual(toCamelCase('hello world'), 'helloWorld');
  assert.strictEqual(toCamelCase('  FOO--bar_baz '), 'fooBarBaz');
  assert.strictEqual(toCamelCase('one'), 'one');
});

test('camel case edge cases', () => {
  assert.strictEqual(toCamelCase(''), '');
  assert.strictEqual(toCamelCase('___'), '');
  assert.strictEqual(toCamelCase('mIxEd CaSe words'), 'mixedCaseWords');
});
