'use strict';
const { clamp } = require('./math');

function percent(part, whole) {
  return clamp(Math.round((100 * part) / whole), 0, 100);
}

module.exports = { clamp, percent };
