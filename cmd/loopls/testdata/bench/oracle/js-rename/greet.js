'use strict';
const { loadUser } = require('./users');

function greet(id) {
  const u = loadUser(id);
  return u ? `Hello, ${u.name}` : 'Hello, stranger';
}

module.exports = { greet };
