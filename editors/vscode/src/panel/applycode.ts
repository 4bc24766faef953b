// "Apply to file" on a code block of an answer, and file names in answers
// that open the workspace file. Pure: which file a block is for, what looks
// like a workspace path, and the edit a block makes of its file (reviewed as
// a diff with Accept and Reject by editreviewhost.ts before anything changes).
//
// Which file a block is for, in order:
//   1. a path in the fence's info string: ```go main.go, ```go:cmd/main.go,
//      ```go title="main.go" (also file= and path=), or ```main.go;
//   2. else the last path named in the paragraph just before the block
//      ("Put this in `hello.txt`:");
//   3. else none: the host applies the block to the active editor.

import type { LspWorkspaceEdit } from '../editreview';

/** Longest path the panel treats as one (a model writes nonsense too). */
export const maxPathLength = 300;

/**
 * Extensions a bare name in prose must end in to be taken for a file
 * ("README.md", "main.go"); a name with a directory ("src/app.ts") or in
 * backquotes needs only some extension.
 */
const knownExtensions = new Set(
  (
    'md markdown txt rst adoc json jsonc yaml yml toml ini cfg conf env xml html htm css scss less svg ' +
    'go mod sum ts tsx js jsx mjs cjs py pyi rs lua vim el c h cc cpp cxx hpp hh java kt kts scala rb php cs fs swift m mm ' +
    'sh bash zsh fish ps1 bat sql proto graphql gql tf hcl nix mk cmake gradle lock dart ex exs erl hs ml zig vue svelte'
  ).split(' '),
);

// A relative path: segments of word characters, dots, dashes, @ and +, the
// last one with an extension; optionally ./ first and :LINE or :LINE:COL after.
const pathShape = /^(?:\.\/)?((?:[\w@+-][\w.@+-]*\/)*[\w@+-][\w.@+-]*\.([A-Za-z][A-Za-z0-9]{0,9}))(?::(\d{1,7})(?::\d{1,7})?)?$/;

/** A workspace file a piece of an answer names: its path and, when given, its line (1-based). */
export interface FileRef {
  path: string;
  line?: number;
}

/**
 * The file a piece of text names, or undefined. `strict` (prose) asks for a
 * known extension unless the path has a directory; backquoted code and link
 * targets are not strict. Never an absolute path, a URL or a path with "..":
 * the panel opens files of the workspace only.
 */
export function fileRef(text: string, strict: boolean): FileRef | undefined {
  const t = text.trim();
  if (t === '' || t.length > maxPathLength || t.includes('..') || t.includes('//')) return undefined;
  const m = pathShape.exec(t);
  if (!m) return undefined;
  const [, path, ext, line] = m;
  if (/^\d+(\.\d+)+$/.test(path)) return undefined; // a version: 1.2.3
  if (strict && !path.includes('/') && !knownExtensions.has(ext.toLowerCase())) return undefined;
  return line ? { path, line: Number(line) } : { path };
}

/** Where file names sit in prose: runs of path characters between spaces or punctuation. */
const proseWord = /(?<![\w./@+-])(?:\.\/)?[\w@+-][\w.@+/-]*\.[A-Za-z][A-Za-z0-9]{0,9}(?::\d{1,7}(?::\d{1,7})?)?(?![\w/@+-]|\.[\w])/g;

/** The file names in prose, with where each starts and ends. */
export function fileRefsInProse(text: string): { start: number; end: number; ref: FileRef }[] {
  const out: { start: number; end: number; ref: FileRef }[] = [];
  for (const m of text.matchAll(proseWord)) {
    const ref = fileRef(m[0], true);
    if (ref && m.index !== undefined) out.push({ start: m.index, end: m.index + m[0].length, ref });
  }
  return out;
}

/** The path a fence's info string names (after the language), or undefined. */
export function fenceInfoPath(info: string): string | undefined {
  const words = info.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  // ```go:cmd/main.go
  const colon = /^[\w+#-]+:(.+)$/.exec(words[0]);
  if (colon) {
    const r = fileRef(colon[1], false);
    if (r) return r.path;
  }
  for (const w of words.slice(1)) {
    const kv = /^(?:title|file|filename|path)=["']?([^"']+)["']?$/.exec(w);
    const r = fileRef(kv ? kv[1] : w, false);
    if (r) return r.path;
  }
  // ```main.go: the info is the file itself (a language name has no dot).
  if (words.length === 1 && words[0].includes('.')) return fileRef(words[0], false)?.path;
  return undefined;
}

/** The last file the text before a block names (backquoted names first, then prose). */
export function precedingPath(text: string): string | undefined {
  const coded = [...text.matchAll(/`([^`\n]{1,300})`/g)].map((m) => fileRef(m[1], false)).filter((r): r is FileRef => !!r);
  if (coded.length > 0) return coded[coded.length - 1].path;
  const prose = fileRefsInProse(text);
  return prose.length > 0 ? prose[prose.length - 1].ref.path : undefined;
}

/** The file a code block is for (see the top of this file), or undefined: the active editor. */
export function codeTarget(info: string, preceding: string | undefined): string | undefined {
  return fenceInfoPath(info) ?? (preceding ? precedingPath(preceding) : undefined);
}

/** The label of the edit an Apply makes (the review's title names the file). */
export function applyLabel(path: string): string {
  return `loopls: apply the answer's code to ${path}`;
}

/** An LSP position past the end of text (the edit's range covers the whole file). */
function endOf(text: string): { line: number; character: number } {
  const lines = text.split(/\r\n|\r|\n/);
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

/**
 * The edit an Apply proposes: the block replaces the file's whole text, or
 * only `range` (the active editor's selection); a file that does not exist
 * yet is created. It carries needsConfirmation, so it is reviewed as any
 * edit loopls asks to confirm, and nothing changes before Accept.
 */
export function applyCodeEdit(
  uri: string,
  path: string,
  before: string | undefined,
  code: string,
  range?: { start: { line: number; character: number }; end: { line: number; character: number } },
): LspWorkspaceEdit {
  const annotation = { label: applyLabel(path), needsConfirmation: true };
  const changeAnnotations = { apply: annotation };
  if (before === undefined) {
    return {
      documentChanges: [
        { kind: 'create', uri, annotationId: 'apply' },
        { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: code, annotationId: 'apply' }] },
      ],
      changeAnnotations,
    };
  }
  const whole = { start: { line: 0, character: 0 }, end: endOf(before) };
  return { changes: { [uri]: [{ range: range ?? whole, newText: code, annotationId: 'apply' }] }, changeAnnotations };
}
