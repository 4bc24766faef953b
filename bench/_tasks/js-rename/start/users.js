'use strict';

const USERS = { 1: { id: 1, name: 'ada' }, 2: { id: 2, name: 'alan' } };

function fetchUser(id) {
  return USERS[id] || null;
}

module.exports = { fetchUser };
