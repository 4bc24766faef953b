// Syntax highlighting of an answer's code blocks: highlight.js's core with
// the languages answers most often hold. Its output is the code, escaped,
// in <span class="hljs-…">; panel.css colours the classes with VS Code's
// theme colours (no inline style, so the CSP stays strict). A language it
// does not know is shown plain: no guessing from the text.

import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import lua from 'highlight.js/lib/languages/lua';
import makefile from 'highlight.js/lib/languages/makefile';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const languages = { bash, c, cpp, css, diff, go, java, javascript, json, lua, makefile, markdown, python, rust, shell, sql, typescript, xml, yaml };
for (const [name, fn] of Object.entries(languages)) hljs.registerLanguage(name, fn);

/** Longest block highlighted; a longer one is shown plain (highlighting is per draw). */
export const maxHighlighted = 64 * 1024;

/** The block's code as HTML: highlighted when its language is known, else escaped. */
export function highlightCode(code: string, lang: string, escape: (s: string) => string): { html: string; highlighted: boolean } {
  const known = lang !== '' && code.length <= maxHighlighted && hljs.getLanguage(lang);
  if (!known) return { html: escape(code), highlighted: false };
  try {
    return { html: hljs.highlight(code, { language: lang, ignoreIllegals: true }).value, highlighted: true };
  } catch {
    return { html: escape(code), highlighted: false };
  }
}
