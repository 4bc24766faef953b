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
// Where in that file: placeCode (the selection, the whole file only when
// the block evidently is the file, the region it redefines, else inserted
// at the cursor).

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

/** An LSP range (zero-based lines and UTF-16 characters). */
export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/**
 * Where an Apply puts a block in an existing file, and the text it puts
 * there: the whole file, the selection, the region the block redefines, or
 * an insertion at the cursor (never a whole-file replacement unless the
 * block evidently is the whole file).
 */
export interface Placement {
  how: 'whole' | 'selection' | 'region' | 'insert';
  range: LspRange;
  newText: string;
}

/** What a file extension says of its language, for the languages blocks are fenced with. */
const extLanguages: Record<string, string> = {
  go: 'go', ts: 'ts', tsx: 'ts', js: 'js', jsx: 'js', mjs: 'js', cjs: 'js', py: 'py', rs: 'rs', lua: 'lua', rb: 'rb',
  java: 'java', kt: 'kt', c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', hpp: 'cpp', cs: 'cs', swift: 'swift', php: 'php',
  sh: 'sh', bash: 'sh', md: 'md', markdown: 'md', json: 'json', yaml: 'yaml', yml: 'yaml', toml: 'toml', html: 'html',
  css: 'css', sql: 'sql',
};
/** A fence's language names, as extLanguages names them. */
const fenceLanguages: Record<string, string> = {
  go: 'go', golang: 'go', ts: 'ts', typescript: 'ts', tsx: 'ts', js: 'js', javascript: 'js', jsx: 'js', py: 'py', python: 'py',
  rs: 'rs', rust: 'rs', lua: 'lua', rb: 'rb', ruby: 'rb', java: 'java', kotlin: 'kt', kt: 'kt', c: 'c', cpp: 'cpp', 'c++': 'cpp',
  cs: 'cs', csharp: 'cs', swift: 'swift', php: 'php', sh: 'sh', bash: 'sh', shell: 'sh', zsh: 'sh', md: 'md', markdown: 'md',
  json: 'json', yaml: 'yaml', yml: 'yaml', toml: 'toml', html: 'html', css: 'css', sql: 'sql',
};

/** Whether the block's language is known to differ from the file's (a Go block over a README). */
function otherLanguage(path: string, lang: string | undefined): boolean {
  const ext = /\.([A-Za-z0-9+]+)$/.exec(path)?.[1]?.toLowerCase();
  const f = ext ? extLanguages[ext] : undefined;
  const b = lang ? fenceLanguages[lang.toLowerCase()] : undefined;
  return !!f && !!b && f !== b;
}

const splitLines = (text: string): string[] => text.split(/\r\n|\r|\n/);
const nonBlank = (lines: string[]): string[] => lines.filter((l) => l.trim() !== '');
const indent = (l: string): string => /^\s*/.exec(l)![0];

/** The block's lines without its trailing newline. */
function blockLines(code: string): string[] {
  const lines = splitLines(code);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The one region of the file the block redefines: it starts at the one
 * line equal to the block's first (a signature, a heading; not a bare
 * brace) and ends at the first later line equal to the block's last, at
 * the start line's indentation when there is one. undefined when there is
 * no such line, or more than one start.
 */
function redefinedRegion(file: string[], block: string[]): { start: number; end: number } | undefined {
  const lines = nonBlank(block);
  if (lines.length === 0) return undefined;
  const first = lines[0].trim();
  const last = lines[lines.length - 1].trim();
  if (first.replace(/[^\w]/g, '').length < 3) return undefined;
  const starts = file.flatMap((l, i) => (l.trim() === first ? [i] : []));
  if (starts.length !== 1) return undefined;
  const start = starts[0];
  if (lines.length === 1) return { start, end: start };
  let end: number | undefined;
  for (let j = start + 1; j < file.length; j++) {
    if (file[j].trim() !== last) continue;
    if (indent(file[j]) === indent(file[start])) {
      end = j;
      break;
    }
    end ??= j;
  }
  return end === undefined ? undefined : { start, end };
}

/**
 * Where Apply puts `code` in a file that holds `before`, in this order:
 *   1. the selection, when there is one;
 *   2. the whole file, when the block evidently is the file: the file is
 *      blank, or the block is in the file's language (when both are known)
 *      and starts and ends as the file does, or has at least its lines;
 *   3. the region the block redefines (redefinedRegion);
 *   4. else inserted as whole lines at the cursor (at its line when it is
 *      at the line's start, else below it), or at the end of the file.
 */
export function placeCode(
  before: string,
  code: string,
  opts: { path: string; lang?: string; selection?: LspRange; cursor?: { line: number; character: number } },
): Placement {
  const file = splitLines(before);
  const whole: LspRange = { start: { line: 0, character: 0 }, end: endOf(before) };
  if (opts.selection) return { how: 'selection', range: opts.selection, newText: code };
  const block = blockLines(code);
  const fileLines = nonBlank(file);
  const blockNonBlank = nonBlank(block);
  if (fileLines.length === 0) return { how: 'whole', range: whole, newText: code };
  const other = otherLanguage(opts.path, opts.lang);
  if (!other && blockNonBlank.length > 0) {
    const sameEnds = blockNonBlank[0].trim() === fileLines[0].trim() && blockNonBlank[blockNonBlank.length - 1].trim() === fileLines[fileLines.length - 1].trim();
    if (sameEnds || blockNonBlank.length >= fileLines.length) return { how: 'whole', range: whole, newText: code };
  }
  const region = other ? undefined : redefinedRegion(file, block);
  if (region) {
    return {
      how: 'region',
      range: { start: { line: region.start, character: 0 }, end: { line: region.end, character: file[region.end].length } },
      newText: block.join('\n'),
    };
  }
  const text = block.join('\n') + '\n';
  const c = opts.cursor;
  const line = c ? (c.character === 0 ? c.line : c.line + 1) : file.length;
  // Past the last line: at the end, on a line of its own.
  if (line >= file.length || (line === file.length - 1 && file[line] === '')) {
    const end = endOf(before);
    const sep = before === '' || /(\r\n|\r|\n)$/.test(before) ? '' : '\n';
    return { how: 'insert', range: { start: end, end }, newText: sep + text };
  }
  const at = { line, character: 0 };
  return { how: 'insert', range: { start: at, end: at }, newText: text };
}

/** An LSP position past the end of text (the edit's range covers the whole file). */
function endOf(text: string): { line: number; character: number } {
  const lines = text.split(/\r\n|\r|\n/);
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

/**
 * The edit an Apply proposes: `place` (placeCode) in the file, or a new
 * file made of the block when it does not exist yet (before undefined).
 * It carries needsConfirmation, so it is reviewed as any edit loopls asks
 * to confirm, and nothing changes before Accept.
 */
export function applyCodeEdit(uri: string, path: string, before: string | undefined, code: string, place?: Placement): LspWorkspaceEdit {
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
  const p = place ?? placeCode(before, code, { path });
  return { changes: { [uri]: [{ range: p.range, newText: p.newText, annotationId: 'apply' }] }, changeAnnotations };
}
