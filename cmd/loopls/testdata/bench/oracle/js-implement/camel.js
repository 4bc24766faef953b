'use strict';

function toCamelCase(s) {
  const words = s.split(/[\s_-]+/).filter(Boolean).map((w) => w.toLowerCase());
  return words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

module.exports = { toCamelCase };
