'use strict';

/**
 * toCamelCase joins the words of s in camelCase. Words are separated by
 * spaces, hyphens and underscores (any number of them); the first word is
 * all lower case, every later word has its first letter upper case and the
 * rest lower case.
 *
 *   toCamelCase('hello world')      === 'helloWorld'
 *   toCamelCase('  FOO--bar_baz ')  === 'fooBarBaz'
 *   toCamelCase('')                 === ''
 */
function toCamelCase(s) {
  throw new Error('not implemented');
}

module.exports = { toCamelCase };
