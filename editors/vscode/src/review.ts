// What the panel's review parts show, without VS Code: the session's mode,
// the context chips attached to the next prompt, approvals answered inline,
// and the files a run edited with the URIs of their before/after texts.
// Pure: extension.ts and reviewhost.ts feed VS Code's data in.

import type { ApprovalOption, ApproveParams, ApproveResult, RunRecord, RunReview } from './protocol';
import { approvalTitle, inKindOrder } from './approval';

// ── Modes ────────────────────────────────────────────────────────────────

/** A run's mode, as loopls/run takes it (docs/protocol.md, "Modes"). */
export type Mode = 'ask' | 'edit' | 'auto';

/** The modes as the picker offers them. */
export const modes: readonly { mode: Mode; label: string; detail: string }[] = [
  { mode: 'ask', label: 'Ask', detail: 'reads only: no tool that writes or runs is offered' },
  { mode: 'edit', label: 'Edit', detail: 'each edit opens as a diff in the editor; you accept or reject it, and the agent is told which' },
  { mode: 'auto', label: 'Auto', detail: 'edits are applied directly (Undo run reverts them)' },
];

export function isMode(v: unknown): v is Mode {
  return v === 'ask' || v === 'edit' || v === 'auto';
}

/** How many sessions' modes are remembered (the oldest is forgotten first). */
export const maxSessionModes = 256;

/**
 * The mode of each session the panel showed: picking a mode sets it for the
 * conversation shown; showing a session again brings its mode back; a session
 * first seen takes the mode in force (a new conversation's first run).
 */
/** Where a window keeps each session's mode across reloads: VS Code's workspaceState (a Memento). */
export interface ModeStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void> | void;
}

/** The workspaceState key of the session modes: [sessionId, mode] pairs, oldest first. */
export const sessionModesKey = 'loopls.sessionModes';

export class SessionModes {
  private readonly bySession = new Map<string, Mode>();

  /** saved: where the modes outlive a window reload; what it holds is checked, not trusted. */
  constructor(private readonly saved?: ModeStore) {
    const v = saved?.get(sessionModesKey);
    if (!Array.isArray(v)) return;
    for (const e of v.slice(-maxSessionModes)) {
      if (Array.isArray(e) && typeof e[0] === 'string' && e[0] !== '' && e[0].length <= 200 && isMode(e[1])) this.bySession.set(e[0], e[1]);
    }
  }

  /** The mode to use once sessionId is shown, with `current` the mode in force. */
  shown(sessionId: string | undefined, current: Mode): Mode {
    if (!sessionId) return current;
    const m = this.bySession.get(sessionId);
    if (m) return m;
    this.set(sessionId, current);
    return current;
  }

  set(sessionId: string | undefined, mode: Mode): void {
    if (!sessionId) return;
    this.bySession.delete(sessionId);
    this.bySession.set(sessionId, mode);
    while (this.bySession.size > maxSessionModes) this.bySession.delete(this.bySession.keys().next().value as string);
    void this.saved?.update(sessionModesKey, [...this.bySession]);
  }
}

// ── Context chips ────────────────────────────────────────────────────────

/** An LSP range (zero-based lines and UTF-16 characters). */
export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** One attached entry: loopls/run's `context` item plus what its chip shows. */
export interface ContextChip {
  /** Stable id of the chip (uri and lines), for removing it. */
  key: string;
  uri: string;
  range?: LspRange;
  /** e.g. "src/a.ts:3-7" or "README.md". */
  label: string;
}

/** loopls takes at most this many context entries per run. */
export const maxContextEntries = 32;

/**
 * The lines a range covers, one-based, as loopls attaches them: whole lines,
 * and a range that ends at character 0 of a line does not take that line.
 */
export function rangeLines(r: LspRange): { first: number; last: number } {
  const first = r.start.line + 1;
  let last = r.end.line + 1;
  if (r.end.character === 0 && r.end.line > r.start.line) last--;
  return { first, last };
}

/** A chip's label: the relative path, and the lines when a range is given. */
export function contextLabel(relPath: string, range?: LspRange): string {
  if (!range) return relPath;
  const { first, last } = rangeLines(range);
  return first === last ? `${relPath}:${first}` : `${relPath}:${first}-${last}`;
}

/** The chips waiting for the next prompt. */
export class ContextChips {
  private chips: ContextChip[] = [];

  list(): readonly ContextChip[] {
    return this.chips;
  }

  /**
   * Adds an entry; the same file and lines again are not added twice.
   * Returns why it was not added, or undefined when it was.
   */
  add(uri: string, relPath: string, range?: LspRange): string | undefined {
    const lines = range ? rangeLines(range) : undefined;
    const key = lines ? `${uri}#${lines.first}-${lines.last}` : uri;
    if (this.chips.some((c) => c.key === key)) return `${contextLabel(relPath, range)} is attached already`;
    if (this.chips.length >= maxContextEntries) return `at most ${maxContextEntries} entries can be attached to one prompt`;
    this.chips.push({ key, uri, range, label: contextLabel(relPath, range) });
    return undefined;
  }

  remove(key: string): boolean {
    const n = this.chips.length;
    this.chips = this.chips.filter((c) => c.key !== key);
    return this.chips.length !== n;
  }

  clear(): void {
    this.chips = [];
  }

  /** loopls/run's `context` param; undefined when nothing is attached. */
  params(): { uri: string; range?: LspRange }[] | undefined {
    if (this.chips.length === 0) return undefined;
    return this.chips.map((c) => (c.range ? { uri: c.uri, range: c.range } : { uri: c.uri }));
  }
}

// ── Approvals inline ─────────────────────────────────────────────────────

/** One button of an inline approval. */
export interface ApprovalButton {
  optionId: string;
  label: string;
  kind: string;
  /** allow or reject: how the button is coloured. */
  tone: 'allow' | 'reject';
  /** For an "always" answer: what it will allow (or refuse) from now on. */
  scope?: string;
}

/** A question the panel shows until it is answered or withdrawn. */
export interface ApprovalView {
  key: string;
  runId: string;
  title: string;
  /** Why loopls asks (docs/security.md), when it says. */
  reasons: string[];
  buttons: ApprovalButton[];
}

const kindLabels: Record<string, string> = {
  allow_once: 'Allow once',
  allow_always: 'Always allow',
  reject_once: 'Reject',
  reject_always: 'Always reject',
};

/** What an "always" answer covers (docs/security.md: the exact program line, for the workspace's life). */
export function alwaysScope(kind: string, toolName: string | undefined): string | undefined {
  const what = toolName === 'run_command' ? 'this exact command line' : toolName ? `${toolName} with these arguments` : 'this call';
  if (kind === 'allow_always') return `Allow ${what} from now on, in this workspace, without asking`;
  if (kind === 'reject_always') return `Refuse ${what} from now on, in this workspace, without asking`;
  return undefined;
}

/** The buttons for the offered options: allow first, in ACP's kind order. */
export function approvalButtons(options: readonly ApprovalOption[], toolName?: string): ApprovalButton[] {
  return inKindOrder(options)
    .map((o) => ({
      optionId: o.optionId,
      label: o.name || kindLabels[o.kind] || o.kind,
      kind: o.kind,
      tone: o.kind.startsWith('reject') ? 'reject' : 'allow',
      scope: alwaysScope(o.kind, toolName),
    }));
}

/**
 * Approvals asked inline: each is pending until the panel answers it, the
 * modal fallback answers it, or loopls withdraws it. An answer is given once.
 */
export class InlineApprovals {
  private readonly pending = new Map<string, { view: ApprovalView; resolve: (r: ApproveResult) => void }>();
  private n = 0;

  /** Registers a question; the promise settles with the answer. */
  ask(p: ApproveParams): { view: ApprovalView; answer: Promise<ApproveResult> } {
    const key = `approval-${++this.n}`;
    const reasons = Array.isArray(p.reasons) ? p.reasons.filter((r): r is string => typeof r === 'string') : [];
    const toolName = typeof p.toolCall?.name === 'string' ? p.toolCall.name : undefined;
    const view: ApprovalView = { key, runId: p.runId, title: approvalTitle(p), reasons, buttons: approvalButtons(p.options ?? [], toolName) };
    let resolve!: (r: ApproveResult) => void;
    const answer = new Promise<ApproveResult>((r) => (resolve = r));
    this.pending.set(key, { view, resolve });
    return { view, answer };
  }

  /** The panel's click. False when the key is not pending or the option was not offered. */
  answer(key: string, optionId: string): boolean {
    const q = this.pending.get(key);
    if (!q || !q.view.buttons.some((b) => b.optionId === optionId)) return false;
    this.pending.delete(key);
    q.resolve({ outcome: 'selected', optionId });
    return true;
  }

  /** Settles a question some other way (the modal's pick, a withdrawal). */
  settle(key: string, result: ApproveResult): boolean {
    const q = this.pending.get(key);
    if (!q) return false;
    this.pending.delete(key);
    q.resolve(result);
    return true;
  }

  isPending(key: string): boolean {
    return this.pending.has(key);
  }

  views(): ApprovalView[] {
    return [...this.pending.values()].map((q) => q.view);
  }
}

// ── Edited files and their diff ──────────────────────────────────────────

/** A file a run edited, once, in the order the run first touched it. */
export interface EditedFile {
  path: string;
  toolCallIds: string[];
}

/** The Run record's `edits` ([{path, toolCallId?}]) as one entry per file. */
export function editedFiles(rec: Pick<RunRecord, 'edits'> | undefined): EditedFile[] {
  const out: EditedFile[] = [];
  for (const e of rec?.edits ?? []) {
    if (e === null || typeof e !== 'object') continue;
    const { path, toolCallId } = e as { path?: unknown; toolCallId?: unknown };
    if (typeof path !== 'string' || path === '') continue;
    let f = out.find((x) => x.path === path);
    if (!f) {
      f = { path, toolCallIds: [] };
      out.push(f);
    }
    if (typeof toolCallId === 'string' && !f.toolCallIds.includes(toolCallId)) f.toolCallIds.push(toolCallId);
  }
  return out;
}

/** The URI scheme of a run's before/after texts (a TextDocumentContentProvider serves it). */
export const changeScheme = 'loopls-change';

export type ChangeSide = 'before' | 'after';

/** The parts of a before/after URI: `loopls-change:/PATH?run=RUN&side=SIDE`. */
export function changeUriParts(runId: string, path: string, side: ChangeSide): { scheme: string; path: string; query: string } {
  const q = new URLSearchParams({ run: runId, side });
  return { scheme: changeScheme, path: '/' + path.replace(/^\/+/, ''), query: q.toString() };
}

/** Reads a before/after URI's parts back; undefined when they are not ours. */
export function parseChangeUri(path: string, query: string): { runId: string; path: string; side: ChangeSide } | undefined {
  const q = new URLSearchParams(query);
  const runId = q.get('run');
  const side = q.get('side');
  if (!runId || (side !== 'before' && side !== 'after')) return undefined;
  const rel = path.replace(/^\/+/, '');
  if (rel === '') return undefined;
  return { runId, path: rel, side };
}

/** The diff editor's title (no run id: it means nothing to a reader). */
export function diffTitle(path: string, _runId: string): string {
  return `${path} (before ↔ after the run)`;
}

// ── Messages between the host and the panel's review parts ──────────────

/** Messages the review parts send to the webview. */
export type ReviewToWebview =
  | { type: 'review/approval'; approval: ApprovalView }
  | { type: 'review/approvalDone'; key: string; optionId?: string }
  | { type: 'review/state'; mode: Mode; chips: readonly ContextChip[] }
  | { type: 'review/edits'; runId: string; files: EditedFile[] }
  | { type: 'review/run'; review: RunReview };

/** Messages the webview's review parts send. */
export type ReviewFromWebview =
  | { type: 'review/approve'; key: string; optionId: string }
  | { type: 'review/openChange'; runId: string; path: string }
  | { type: 'review/undoRun'; runId: string }
  | { type: 'review/act'; runId: string; path?: string; hunk?: number; keep: boolean }
  | { type: 'review/setMode'; mode: string }
  | { type: 'review/addSelection' }
  | { type: 'review/addFile' }
  | { type: 'review/removeContext'; key: string };

/**
 * A webview message for the review parts, checked field by field; anything
 * else (another part's message, or a malformed one) is undefined.
 */
export function parseReviewMessage(m: unknown): ReviewFromWebview | undefined {
  if (m === null || typeof m !== 'object') return undefined;
  const o = m as Record<string, unknown>;
  const str = (k: string) => typeof o[k] === 'string' && (o[k] as string) !== '';
  switch (o.type) {
    case 'review/approve':
      return str('key') && str('optionId') ? { type: o.type, key: o.key as string, optionId: o.optionId as string } : undefined;
    case 'review/openChange':
      return str('runId') && str('path') ? { type: o.type, runId: o.runId as string, path: o.path as string } : undefined;
    case 'review/undoRun':
      return str('runId') ? { type: o.type, runId: o.runId as string } : undefined;
    case 'review/act': {
      if (!str('runId') || typeof o.keep !== 'boolean') return undefined;
      if (o.path !== undefined && !str('path')) return undefined;
      if (o.hunk !== undefined && (o.path === undefined || !Number.isInteger(o.hunk) || (o.hunk as number) < 0)) return undefined;
      return { type: o.type, runId: o.runId as string, keep: o.keep, ...(o.path !== undefined ? { path: o.path as string } : {}), ...(o.hunk !== undefined ? { hunk: o.hunk as number } : {}) };
    }
    case 'review/setMode':
      return isMode(o.mode) ? { type: o.type, mode: o.mode } : undefined;
    case 'review/addSelection':
    case 'review/addFile':
      return { type: o.type };
    case 'review/removeContext':
      return str('key') ? { type: o.type, key: o.key as string } : undefined;
  }
  return undefined;
}

// ── The run review ───────────────────────────────────────────────────────

/** The run review's title: how many files the run changed, and how many wait. */
export function runReviewTitle(r: Pick<RunReview, 'files' | 'waiting'>): string {
  const n = r.files.length;
  const head = n === 1 ? '1 file changed' : `${n} files changed`;
  return r.waiting > 0 ? `${head} · ${r.waiting} waiting for your review` : head;
}

/** A hunk as diff lines: "- old" then "+ new", each line of its text. */
export function hunkLines(h: { removed: string; added: string }): { sign: '-' | '+'; text: string }[] {
  const split = (t: string) => (t === '' ? [] : t.replace(/\n$/, '').split('\n'));
  return [...split(h.removed).map((text) => ({ sign: '-' as const, text })), ...split(h.added).map((text) => ({ sign: '+' as const, text }))];
}
