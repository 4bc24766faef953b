'use strict';

// range returns the numbers from start to end, both included, by step.
function range(start, end, step = 1) {
  const out = [];
  for (let i = start; i < end; i += step) {
    out.push(i);
  }
  return out;
}

module.exports = { range };
