'use strict';
const { fetchUser } = require('./users');

function greet(id) {
  const u = fetchUser(id);
  return u ? `Hello, ${u.name}` : 'Hello, stranger';
}

module.exports = { greet };
