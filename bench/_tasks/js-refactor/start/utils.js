'use strict';

function clamp(x, lo, hi) {
  return Math.min(hi, Math.max(lo, x));
}

function percent(part, whole) {
  return clamp(Math.round((100 * part) / whole), 0, 100);
}

module.exports = { clamp, percent };
