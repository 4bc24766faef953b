// An edit loopls asks the user to confirm (edit mode: a workspace/applyEdit
// whose changes carry a needsConfirmation change annotation), reviewed as a
// diff in the editor with Accept and Reject, instead of VS Code's Refactor
// Preview. Pure: what the change would make of each file, the edit to apply
// once accepted, and the reviews waiting for an answer. editreviewhost.ts
// feeds VS Code's documents in and shows the diffs.

/** An LSP position: zero-based line, UTF-16 character. */
export interface LspPosition {
  line: number;
  character: number;
}

export interface LspTextEdit {
  range: { start: LspPosition; end: LspPosition };
  newText: string;
  annotationId?: string;
}

/** The parts of an LSP WorkspaceEdit the review reads (the rest is passed through untouched). */
export interface LspWorkspaceEdit {
  changes?: Record<string, LspTextEdit[]>;
  documentChanges?: unknown[];
  changeAnnotations?: Record<string, { label?: string; needsConfirmation?: boolean; description?: string }>;
}

/** Whether any change of the edit must be confirmed by the user. */
export function needsConfirmation(edit: LspWorkspaceEdit | undefined): boolean {
  return Object.values(edit?.changeAnnotations ?? {}).some((a) => a !== null && typeof a === 'object' && a.needsConfirmation === true);
}

/**
 * The same edit with no change annotation: what is applied once the user
 * accepted it in the review, so VS Code applies it directly rather than
 * asking a second time in its Refactor Preview. The input is not changed.
 */
export function withoutAnnotations<T extends { edit: LspWorkspaceEdit }>(params: T): T {
  const strip = (e: unknown): unknown => {
    if (e === null || typeof e !== 'object') return e;
    const { annotationId: _a, ...rest } = e as Record<string, unknown>;
    if (Array.isArray(rest.edits)) rest.edits = rest.edits.map(strip);
    return rest;
  };
  const { changeAnnotations: _c, ...edit } = params.edit;
  const out: LspWorkspaceEdit = { ...edit };
  if (edit.documentChanges) out.documentChanges = edit.documentChanges.map(strip);
  if (edit.changes) out.changes = Object.fromEntries(Object.entries(edit.changes).map(([u, es]) => [u, es.map((x) => strip(x) as LspTextEdit)]));
  return { ...params, edit: out };
}

/** What the change does to one file. */
export interface ProposedFile {
  uri: string;
  /** create: the file is new (its text before is empty); delete: it goes. */
  kind: 'edit' | 'create' | 'delete';
  /** The text edits, in the order they come, against the file's text before. */
  edits: LspTextEdit[];
}

function isTextEdit(x: unknown): x is LspTextEdit {
  if (x === null || typeof x !== 'object') return false;
  const e = x as LspTextEdit;
  return typeof e.newText === 'string' && !!e.range && !!e.range.start && !!e.range.end;
}

/**
 * The files the edit touches, each once, in the order it first names them.
 * Malformed entries are skipped: the review shows what can be shown, and
 * applying the edit (on Accept) is VS Code's own work.
 */
export function proposedFiles(edit: LspWorkspaceEdit): ProposedFile[] {
  const out: ProposedFile[] = [];
  const file = (uri: string, kind: ProposedFile['kind'] = 'edit'): ProposedFile => {
    let f = out.find((x) => x.uri === uri);
    if (!f) {
      f = { uri, kind, edits: [] };
      out.push(f);
    }
    return f;
  };
  if (Array.isArray(edit.documentChanges)) {
    for (const c of edit.documentChanges) {
      if (c === null || typeof c !== 'object') continue;
      const o = c as { kind?: unknown; uri?: unknown; textDocument?: { uri?: unknown }; edits?: unknown };
      if (o.kind === 'create' && typeof o.uri === 'string') file(o.uri).kind = 'create';
      else if (o.kind === 'delete' && typeof o.uri === 'string') {
        const f = file(o.uri);
        f.kind = 'delete';
        f.edits = [];
      } else if (o.textDocument && typeof o.textDocument.uri === 'string' && Array.isArray(o.edits)) {
        file(o.textDocument.uri).edits.push(...o.edits.filter(isTextEdit));
      }
    }
  } else if (edit.changes) {
    for (const [uri, edits] of Object.entries(edit.changes)) if (Array.isArray(edits)) file(uri).edits.push(...edits.filter(isTextEdit));
  }
  return out;
}

/** The offsets where each line of text starts (LSP lines end at \n, \r\n or \r). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (ch === 10) starts.push(i + 1);
  }
  return starts;
}

function offsetAt(text: string, starts: number[], p: LspPosition): number {
  if (p.line < 0) return 0;
  if (p.line >= starts.length) return text.length;
  const start = starts[p.line];
  const next = p.line + 1 < starts.length ? starts[p.line + 1] : text.length;
  // The line's end is before its line break: a character past it stops there.
  let end = next;
  while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return Math.min(start + Math.max(0, p.character), end);
}

/**
 * text with the edits applied, as LSP applies them: every range is against
 * the text before any edit, and edits at the same place keep their order.
 */
export function applyTextEdits(text: string, edits: readonly LspTextEdit[]): string {
  const starts = lineStarts(text);
  const spans = edits
    .map((e, i) => ({ from: offsetAt(text, starts, e.range.start), to: offsetAt(text, starts, e.range.end), text: e.newText, i }))
    .map((s) => (s.to < s.from ? { ...s, to: s.from } : s))
    .sort((a, b) => a.from - b.from || a.i - b.i);
  let out = '';
  let at = 0;
  for (const s of spans) {
    if (s.from < at) continue; // overlapping: LSP forbids it; the first one wins
    out += text.slice(at, s.from) + s.text;
    at = s.to;
  }
  return out + text.slice(at);
}

/** The file's text after the change, from its text before. */
export function proposedText(before: string, f: ProposedFile): string {
  if (f.kind === 'delete') return '';
  return applyTextEdits(f.kind === 'create' ? '' : before, f.edits);
}

// ── Reviews waiting for the user ─────────────────────────────────────────

/** One file of a review as the panel and the diff show it. */
export interface ReviewFile {
  uri: string;
  /** Relative to the workspace, for people. */
  path: string;
  kind: ProposedFile['kind'];
  before: string;
  after: string;
}

/** An edit waiting for Accept or Reject. */
export interface EditReviewView {
  key: string;
  /** The edit's label, e.g. "loopls: edit_file hello.txt". */
  label: string;
  files: { path: string; kind: ProposedFile['kind'] }[];
}

/**
 * The reviews not answered yet. Each is answered once: by Accept or Reject
 * in the editor's title, in the panel or in the palette, or withdrawn when
 * its run is over.
 */
export class PendingReviews {
  private readonly pending = new Map<string, { label: string; files: ReviewFile[]; resolve: (accepted: boolean) => void; ofRun: boolean }>();
  private n = 0;

  /** ofRun: a run's edit (withdrawn when the runs are over); false for the user's own (a code block's Apply). */
  add(label: string, files: ReviewFile[], ofRun = true): { key: string; answer: Promise<boolean> } {
    const key = `edit-${++this.n}`;
    let resolve!: (accepted: boolean) => void;
    const answer = new Promise<boolean>((r) => (resolve = r));
    this.pending.set(key, { label, files, resolve, ofRun });
    return { key, answer };
  }

  /** The reviews of runs' edits, the ones a run's end makes moot. */
  runKeys(): string[] {
    return [...this.pending].filter(([, r]) => r.ofRun).map(([k]) => k);
  }

  /** Settles a review; false when it is not pending (answered already). */
  answer(key: string, accepted: boolean): boolean {
    const r = this.pending.get(key);
    if (!r) return false;
    this.pending.delete(key);
    r.resolve(accepted);
    return true;
  }

  file(key: string, path: string): ReviewFile | undefined {
    return this.pending.get(key)?.files.find((f) => f.path === path);
  }

  files(key: string): ReviewFile[] {
    return this.pending.get(key)?.files ?? [];
  }

  /** The newest review, the one the palette's Accept and Reject answer. */
  latest(): string | undefined {
    let last: string | undefined;
    for (const k of this.pending.keys()) last = k;
    return last;
  }

  keys(): string[] {
    return [...this.pending.keys()];
  }

  view(key: string): EditReviewView | undefined {
    const r = this.pending.get(key);
    return r && { key, label: r.label, files: r.files.map((f) => ({ path: f.path, kind: f.kind })) };
  }
}

// ── Where the review's texts live ────────────────────────────────────────

/** The URI scheme of the review's before/after texts (read-only documents). */
export const proposedScheme = 'loopls-proposed';

/** `loopls-proposed:/PATH?review=KEY&side=before|after`. */
export function proposedUriParts(key: string, path: string, side: 'before' | 'after'): { scheme: string; path: string; query: string } {
  return { scheme: proposedScheme, path: '/' + path.replace(/^\/+/, ''), query: new URLSearchParams({ review: key, side }).toString() };
}

export function parseProposedUri(path: string, query: string): { key: string; path: string; side: 'before' | 'after' } | undefined {
  const q = new URLSearchParams(query);
  const key = q.get('review');
  const side = q.get('side');
  const rel = path.replace(/^\/+/, '');
  if (!key || rel === '' || (side !== 'before' && side !== 'after')) return undefined;
  return { key, path: rel, side };
}

/** The diff editor's title: where the decision is made. */
export function reviewTitle(path: string, kind: ProposedFile['kind']): string {
  const what = kind === 'create' ? 'new file' : kind === 'delete' ? 'file deleted' : 'proposed change';
  return `Review ${path} (${what}): Accept ✓ or Reject ✗`;
}

/** What the panel's card says. */
export function reviewSentence(v: EditReviewView): string {
  const paths = v.files.map((f) => f.path);
  const what = paths.length === 0 ? 'this change' : paths.length === 1 ? `the change to ${paths[0]}` : `the changes to ${paths.slice(0, -1).join(', ')} and ${paths[paths.length - 1]}`;
  return `Review ${what}`;
}

// ── Messages between the host and the panel's card ───────────────────────

export type EditReviewToWebview =
  | { type: 'review/editPending'; review: EditReviewView; sentence: string }
  | { type: 'review/editDone'; key: string; accepted: boolean };

export type EditReviewFromWebview =
  | { type: 'review/editShow'; key: string; path?: string }
  | { type: 'review/editAnswer'; key: string; accept: boolean };

/** A webview message for the edit review, checked field by field. */
export function parseEditReviewMessage(m: unknown): EditReviewFromWebview | undefined {
  if (m === null || typeof m !== 'object') return undefined;
  const o = m as Record<string, unknown>;
  if (typeof o.key !== 'string' || o.key === '' || o.key.length > 100) return undefined;
  if (o.type === 'review/editAnswer' && typeof o.accept === 'boolean') return { type: o.type, key: o.key, accept: o.accept };
  if (o.type === 'review/editShow') {
    if (o.path === undefined) return { type: o.type, key: o.key };
    if (typeof o.path === 'string' && o.path !== '' && o.path.length <= 4096) return { type: o.type, key: o.key, path: o.path };
  }
  return undefined;
}
