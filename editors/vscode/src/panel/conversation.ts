// The conversation panel's view model: which session the panel shows, the
// runs of it, what each run showed (prompt, thinking, answer, tool calls) and
// the live state of the running one. Pure (no VS Code, no DOM): the host glue
// (view.ts) feeds it the daemon's notifications and `loopls/session` results
// and posts what it returns to the webview.

import type {
  DeltaParams,
  ModelInfo,
  ModelWaitParams,
  RunRecord,
  RunStartedParams,
  SessionDetail,
  SessionSummary,
  StoredRun,
  ToolCallParams,
  TranscriptEntry,
  TransitionParams,
} from '../protocol';
import { formatArguments } from '../viewmodel';
import type { ConversationView, ItemView, ModelView, NextStepView, RunTurnView, SessionView, StatusView } from './messages';

/** Most runs tracked at once (the conversation's own are never dropped). */
export const maxTrackedRuns = 64;
/** Most characters of one run's answer or thinking kept; the rest is cut and marked. */
export const maxRunText = 512 * 1024;
/** Most characters of a tool call's output the panel keeps. */
export const maxToolOutput = 16 * 1024;
/** Most items of one run. */
export const maxItems = 1000;
/** Characters of a silent model's notice the panel keeps. */
export const maxWaitNotice = 1000;
/** Most prompts waiting for the running run to end. */
export const maxQueued = 16;

const cutMark = '\n\n[… cut: loopls keeps at most this much of one run in the panel]';

/** The argument that says what a tool call is about: a path, a command, a pattern. */
export function keyArgument(name: string, args: unknown): string {
  let a = args;
  if (typeof a === 'string') {
    try {
      a = JSON.parse(a);
    } catch {
      return oneLine(a as string);
    }
  }
  if (a === null || typeof a !== 'object' || Array.isArray(a)) return '';
  const o = a as Record<string, unknown>;
  for (const k of ['command', 'pattern', 'query', 'path', 'url', 'file', 'uri', 'name']) {
    if (typeof o[k] === 'string') return oneLine(o[k] as string);
  }
  for (const v of Object.values(o)) {
    if (typeof v === 'string') return oneLine(v);
  }
  return '';
}

function oneLine(s: string, max = 120): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? t.slice(0, max - 1) + '…' : t;
}

/** A model or host name the terminal may be given: no shell syntax. */
const safeWord = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/;

/**
 * The next step an error's message names, as a button: "Pull model" for
 * `ollama pull NAME`, "Start Ollama" for `ollama serve` (a terminal with the
 * command typed), "Use MODEL" for `set "model": "MODEL"` (the panel picks
 * it). The daemon's messages say what to run in backquotes (docs/protocol.md,
 * Errors); only those, with a plain model name, are ever offered.
 */
export function nextStep(error: { kind?: string; message?: string } | undefined): NextStepView | undefined {
  const msg = error?.message;
  if (typeof msg !== 'string') return undefined;
  for (const m of msg.matchAll(/`([^`]{1,300})`/g)) {
    const cmd = m[1].trim();
    const pull = /^ollama pull (\S+)$/.exec(cmd);
    if (pull && safeWord.test(pull[1])) return { label: 'Pull model', action: 'terminal', command: `ollama pull ${pull[1]}` };
    if (cmd === 'ollama serve') return { label: 'Start Ollama', action: 'terminal', command: 'ollama serve' };
  }
  const use = /set "model": "([^"]{1,200})"/.exec(msg);
  if (use && safeWord.test(use[1])) return { label: `Use ${use[1]}`, action: 'model', command: use[1] };
  return undefined;
}

/** The label of a model in the picker: its name, window and tool support. */
export function modelLabel(m: ModelView): string {
  const parts: string[] = [];
  if (m.contextWindow) parts.push(`${formatTokens(m.contextWindow)} context`);
  parts.push(m.tools === false ? 'no tools' : m.tools ? 'tools' : 'tools unknown');
  return `${m.model} (${parts.join(', ')})`;
}

/** 8192 → "8K", 131072 → "128K", 1000 → "1000". */
export function formatTokens(n: number): string {
  return n >= 1024 && n % 1024 === 0 ? `${n / 1024}K` : String(n);
}

/** The gauge's words: "1.2K / 8K tokens (15%)". */
export function gaugeText(tokens: number, window: number): string {
  if (!window) return `${tokens} tokens`;
  const pct = Math.min(100, Math.round((tokens * 100) / window));
  return `${tokens} / ${formatTokens(window)} tokens (${pct}%)`;
}

/** Session picker entries: title (or the id), newest first as the daemon lists them. */
export function sessionViews(list: SessionSummary[] | null | undefined): SessionView[] {
  return (list ?? [])
    .filter((s) => s && typeof s.sessionId === 'string')
    .map((s) => ({
      sessionId: s.sessionId,
      title: oneLine(s.title || s.sessionId, 80),
      updatedAt: s.updatedAt,
      runs: s.runs,
      resumableRun: s.resumableRun,
      ...(typeof s.preview === 'string' && s.preview !== '' ? { preview: oneLine(s.preview, 120) } : {}),
    }));
}

/** `loopls/models` entries for the picker. The window shown and gauged is
 * the one a run would use (`window`), which for Ollama may be less than the
 * model's own (`contextWindow`). */
export function modelViews(list: ModelInfo[] | null | undefined): ModelView[] {
  return (list ?? [])
    .filter((m) => m && typeof m.model === 'string')
    .map((m) => ({ model: m.model, contextWindow: m.window || m.contextWindow, tools: m.tools }));
}

interface RunTurn extends RunTurnView {
  lastSeq: number;
  textChars: number;
  /** The item text streamed into since the run's last transition (a model call not finished yet). */
  streaming?: ItemView;
}

function freshRun(runId: string, sessionId: string): RunTurn {
  return { runId, sessionId, state: 'Start', turn: 0, contextTokens: 0, items: [], ended: false, lastSeq: 0, textChars: 0 };
}

/**
 * Error kinds of a model call that failed (docs/protocol.md, Errors): the
 * model's server failed, refused or went away. Sending the prompt again may
 * work; a run that failed on anything else (a loop, the turn limit, the
 * context) would fail the same way.
 */
export const retryableKinds: ReadonlySet<string> = new Set(['Api', 'FallbackExhausted', 'RateLimitEscalation', 'EmptyAnswer']);

/**
 * A run ended: the text its unfinished model call streamed is marked cut
 * short (as the daemon marks it \`partial\` in the stored transcript), and a
 * run that failed on its model can be retried.
 */
function settle(run: RunTurn): void {
  if (run.streaming && run.outcome !== 'completed' && (run.streaming.kind === 'answer' || run.streaming.kind === 'thinking')) run.streaming.partial = true;
  run.streaming = undefined;
  run.retry = run.outcome === 'failed' && !run.resumable && !!run.error && retryableKinds.has(run.error.kind) && run.items.some((i) => i.kind === 'prompt');
}

/**
 * A tool call's status in words: a call that failed because the user
 * rejected its edit or refused it (loopls's result says "the user rejected"
 * / "the user refused") is "rejected by you", not "failed".
 */
export function toolStatus(status: string, output?: string): string {
  return status === 'failed' && /\bthe user (rejected|refused)\b/.test(output ?? '') ? 'rejected by you' : status;
}

function toolItem(id: string, name: string, args: unknown, status: string, output?: string): ItemView {
  return {
    kind: 'toolCall',
    id,
    name,
    keyArgument: keyArgument(name, args),
    arguments: formatArguments(args),
    status: toolStatus(status, output),
    output: output === undefined ? undefined : capOutput(output),
  };
}

function capOutput(s: string): string {
  return s.length > maxToolOutput ? s.slice(0, maxToolOutput) + '\n[… cut]' : s;
}

/**
 * What Retry sends for a run that failed: its prompt, in its mode, with the
 * context it had attached (the daemon reads the files again, by path and
 * lines), in its session. Undefined for a run Retry is not offered on.
 */
export function retryParams(run: RunTurnView | undefined): { prompt: string; mode?: string; context?: { uri: string; range?: unknown }[] } | undefined {
  const prompt = run?.items.find((i) => i.kind === 'prompt');
  if (!run || !run.retry || !prompt || prompt.kind !== 'prompt') return undefined;
  const out: { prompt: string; mode?: string; context?: { uri: string; range?: unknown }[] } = { prompt: prompt.text };
  if (run.mode) out.mode = run.mode;
  const ctx = (prompt.context ?? []).filter((c) => typeof c.path === 'string' && c.path !== '');
  if (ctx.length > 0) {
    out.context = ctx.map((c) =>
      c.startLine
        ? // Whole lines startLine..endLine: an end at character 0 does not take its line.
          { uri: c.path, range: { start: { line: c.startLine - 1, character: 0 }, end: { line: c.endLine ?? c.startLine, character: 0 } } }
        : { uri: c.path },
    );
  }
  return out;
}

/** What a notification changed, for the host to post. */
export type Change = { kind: 'none' } | { kind: 'run'; run: RunTurnView } | { kind: 'conversation' };

const none: Change = { kind: 'none' };

/** The conversation the panel shows, and the runs it has seen. */
export class Conversation {
  private readonly runs = new Map<string, RunTurn>();
  private order: string[] = [];
  private sessionIdValue: string | undefined;
  private title: string | undefined;
  private resumableRun: string | undefined;
  private ownSends = 0;
  private models: ModelView[] = [];
  private selectedModel = '';
  private defaultModel = '';
  private fallbackWindow = 0;
  private queue: string[] = [];

  /** How many runs are tracked (bounded by maxTrackedRuns). */
  get trackedRuns(): number {
    return this.runs.size;
  }

  get sessionId(): string | undefined {
    return this.sessionIdValue;
  }

  /** Nothing shown yet: no session, no run. */
  get empty(): boolean {
    return !this.sessionIdValue && this.order.length === 0;
  }

  /**
   * Models from `loopls/models`; `selected` is the picker's choice ('' = the
   * configured default, `configured`: the `loopls.model` setting).
   */
  setModels(models: ModelView[], selected: string, configured = ''): void {
    this.models = models;
    this.selectedModel = selected;
    this.defaultModel = configured;
  }

  /** The model the next run asks for ('' = the daemon's configured one). */
  get model(): string {
    return this.selectedModel;
  }

  pickModel(model: string): void {
    this.selectedModel = model;
  }

  /** The window from settings (`loopls.contextWindow`), used when the model's is not known. */
  setFallbackWindow(n: number): void {
    this.fallbackWindow = n > 0 ? n : 0;
  }

  /** Starts an empty conversation: the next send starts a new session. */
  newConversation(): void {
    this.sessionIdValue = undefined;
    this.title = undefined;
    this.resumableRun = undefined;
    this.order = [];
    this.prune();
  }

  /**
   * Whether a prompt sent now must wait: a run of the conversation runs, or
   * the panel's own send has not been answered yet (loopls refuses a second
   * run in a busy session, and the prompt would be lost).
   */
  busy(): boolean {
    return this.ownSends > 0 || this.running().length > 0;
  }

  /** Queues a prompt to send when the running run ends; false when the queue is full. */
  enqueue(prompt: string): boolean {
    if (this.queue.length >= maxQueued) return false;
    this.queue.push(prompt);
    return true;
  }

  /** The prompts waiting, oldest first. */
  queued(): readonly string[] {
    return this.queue;
  }

  /** The next prompt to send, once nothing runs; undefined when none waits or a run still runs. */
  dequeue(): string | undefined {
    if (this.busy()) return undefined;
    return this.queue.shift();
  }

  /** Takes a queued prompt back (its × in the panel); returns its text. */
  unqueue(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.queue.length) return undefined;
    return this.queue.splice(index, 1)[0];
  }

  /** Empties the queue (the conversation is left), returning what it held. */
  takeQueue(): string[] {
    const q = this.queue;
    this.queue = [];
    return q;
  }

  /** The panel is about to start a run; until `claim`, foreign runs are not followed. */
  sending(): void {
    this.ownSends++;
  }

  /** A send failed before any run started. */
  sendFailed(): void {
    if (this.ownSends > 0) this.ownSends--;
  }

  /**
   * A run the panel (or a command that opens the panel on its run) started:
   * it joins the conversation, which becomes the run's session.
   */
  claim(runId: string, sessionId: string, prompt?: string, own = true, model?: string): Change {
    if (own && this.ownSends > 0) this.ownSends--;
    const run = this.ensure(runId, sessionId);
    if (model && !run.model) run.model = model;
    if (prompt !== undefined && !run.items.some((i) => i.kind === 'prompt')) run.items.unshift({ kind: 'prompt', text: prompt });
    if (this.sessionIdValue !== sessionId) {
      this.sessionIdValue = sessionId;
      this.title = prompt ? oneLine(prompt, 60) : undefined;
      this.resumableRun = undefined;
      this.order = [runId];
      return { kind: 'conversation' };
    }
    if (!this.order.includes(runId)) this.order.push(runId);
    this.resumableRun = undefined;
    return { kind: 'run', run: this.runView(run) };
  }

  /** `loopls/resumeRun` was sent for a run of the conversation: it runs again. */
  resuming(runId: string): Change {
    const run = this.runs.get(runId);
    if (!run || !this.order.includes(runId)) return none;
    run.ended = false;
    run.resumable = false;
    run.outcome = undefined;
    run.error = undefined;
    run.nextStep = undefined;
    run.retry = false;
    run.lastSeq = 0;
    run.textChars = 0;
    run.items.push({ kind: 'notice', text: 'resumed' });
    if (this.resumableRun === runId) this.resumableRun = undefined;
    return { kind: 'run', run: this.runView(run) };
  }

  /** `loopls/resumeRun` was refused before anything ran: the run is as it was. */
  resumeRefused(runId: string): Change {
    const run = this.runs.get(runId);
    if (!run || run.ended === true) return none;
    run.ended = true;
    run.state = 'Terminal';
    run.outcome = 'failed';
    return this.order.includes(runId) ? { kind: 'run', run: this.runView(run) } : none;
  }

  /** A session was renamed: the title, when it is this conversation's; whether it is. */
  renamed(sessionId: string, title: string): boolean {
    if (sessionId !== this.sessionIdValue) return false;
    this.title = title;
    return true;
  }

  /** Re-draws a stored session (`loopls/session`). */
  load(detail: SessionDetail, resumableRun?: string): void {
    this.sessionIdValue = detail.sessionId;
    this.title = detail.title;
    this.order = [];
    for (const stored of detail.runs ?? []) {
      if (!stored || typeof stored.runId !== 'string') continue;
      const live = this.runs.get(stored.runId);
      // A run still going in this daemon keeps what it streamed so far.
      const run = live && !live.ended ? live : this.fromStored(stored, detail.sessionId);
      this.runs.set(run.runId, run);
      this.order.push(run.runId);
    }
    this.resumableRun = resumableRun ?? [...(detail.runs ?? [])].reverse().find((r) => r?.resumable)?.runId;
    // The session list's word for it counts as the run's own.
    const named = this.resumableRun ? this.runs.get(this.resumableRun) : undefined;
    if (named && named.ended && this.order.includes(named.runId)) named.resumable = true;
    this.prune();
  }

  private fromStored(r: StoredRun, sessionId: string): RunTurn {
    const run = freshRun(r.runId, r.sessionId || sessionId);
    run.ended = true;
    run.state = 'Terminal';
    run.outcome = r.outcome;
    run.model = r.model;
    run.turn = typeof r.turns === 'number' ? r.turns : 0;
    if (r.error) {
      run.error = r.error;
      run.nextStep = nextStep(r.error);
    }
    run.resumable = r.resumable === true;
    if (r.verdict && typeof r.verdict.fixed === 'boolean') run.verdict = r.verdict;
    for (const e of r.transcript ?? []) {
      const item = transcriptItem(e);
      if (item && run.items.length < maxItems) run.items.push(item);
    }
    if (!run.items.some((i) => i.kind === 'prompt') && r.prompt) run.items.unshift({ kind: 'prompt', text: r.prompt });
    if (!run.items.some((i) => i.kind === 'answer') && r.output) run.items.push({ kind: 'answer', text: r.output });
    settle(run); // the transcript marks what was cut short itself
    return run;
  }

  private ensure(runId: string, sessionId = ''): RunTurn {
    let run = this.runs.get(runId);
    if (!run) {
      run = freshRun(runId, sessionId);
      this.runs.set(runId, run);
      this.prune();
    } else if (!run.sessionId && sessionId) {
      run.sessionId = sessionId;
    }
    return run;
  }

  /** Drops the oldest runs not in the conversation past maxTrackedRuns. */
  private prune(): void {
    if (this.runs.size <= maxTrackedRuns) return;
    const keep = new Set(this.order);
    for (const [id, r] of this.runs) {
      if (this.runs.size <= maxTrackedRuns) break;
      if (!keep.has(id) && (r.ended || this.runs.size > 4 * maxTrackedRuns)) this.runs.delete(id);
    }
  }

  /**
   * What an update of one run means for the panel: the run itself when it is
   * part of the conversation; a switch to its session when it is a new run
   * started elsewhere (the palette, Fix This) while the panel waits for none
   * of its own.
   */
  private changed(run: RunTurn, fresh: boolean): Change {
    if (this.order.includes(run.runId)) return { kind: 'run', run: this.runView(run) };
    if (run.sessionId && run.sessionId === this.sessionIdValue) {
      this.order.push(run.runId);
      return { kind: 'run', run: this.runView(run) };
    }
    if (fresh && run.sessionId && this.ownSends === 0 && !run.ended) {
      this.sessionIdValue = run.sessionId;
      this.title = undefined;
      this.resumableRun = undefined;
      this.order = [run.runId];
      return { kind: 'conversation' };
    }
    return none;
  }

  runStarted(p: RunStartedParams): Change {
    const fresh = !this.runs.has(p.runId);
    const run = this.ensure(p.runId, p.sessionId);
    if (p.mode) run.mode = p.mode;
    const prompt = run.items.find((i) => i.kind === 'prompt');
    if (p.context && p.context.length > 0 && prompt && prompt.kind === 'prompt') prompt.context = p.context;
    return this.changed(run, fresh);
  }

  /** `loopls/transition`; a repeated or late one (seq not rising) changes nothing. */
  transition(p: TransitionParams): Change {
    const fresh = !this.runs.has(p.runId);
    const run = this.ensure(p.runId, p.sessionId);
    if (run.ended) return none;
    if (typeof p.seq === 'number') {
      if (p.seq <= run.lastSeq) return none;
      run.lastSeq = p.seq;
    }
    run.state = p.to;
    run.waiting = undefined;
    if (typeof p.turn === 'number') run.turn = p.turn;
    if (typeof p.contextTokens === 'number') run.contextTokens = p.contextTokens;
    if (p.to === 'Terminal') {
      run.outcome = p.outcome ?? run.outcome;
      if (p.error) {
        run.error = p.error;
        run.nextStep = nextStep(p.error);
      }
      // Deltas precede their transition: text streamed since the last one
      // was cut short unless the model call ended it (a completed run).
      settle(run);
    } else run.streaming = undefined;
    return this.changed(run, fresh);
  }

  /** `loopls/delta`: text and thinking append to the run's last item of that lane. */
  delta(p: DeltaParams): Change {
    const fresh = !this.runs.has(p.runId);
    const run = this.ensure(p.runId);
    if (run.ended || typeof p.text !== 'string' || p.text === '') return none;
    run.waiting = undefined;
    const kind = p.lane === 'thinking' ? 'thinking' : 'answer';
    if (run.textChars >= maxRunText) return none;
    let text = p.text;
    if (run.textChars + text.length > maxRunText) text = text.slice(0, maxRunText - run.textChars) + cutMark;
    run.textChars += text.length;
    const last = run.items[run.items.length - 1];
    if (last && last.kind === kind) {
      last.text += text;
      run.streaming = last;
    } else if (run.items.length < maxItems) {
      const item: ItemView = { kind, text };
      run.items.push(item);
      run.streaming = item;
    }
    return this.changed(run, fresh);
  }

  /**
   * `loopls/modelWait`: the run shows why its model is silent until the
   * model sends something or the run moves on (a delta or a transition
   * clears it). Only for a run the panel follows, still running.
   */
  modelWait(p: ModelWaitParams): Change {
    const run = this.runs.get(p.runId);
    if (!run || run.ended || typeof p.message !== 'string' || p.message === '') return none;
    run.waiting = p.message.slice(0, maxWaitNotice);
    return this.changed(run, false);
  }

  /** `loopls/toolCall`: one card per call id, updated in place. */
  toolCall(p: ToolCallParams): Change {
    const fresh = !this.runs.has(p.runId);
    const run = this.ensure(p.runId);
    const card = run.items.find((i) => i.kind === 'toolCall' && i.id === p.id);
    if (card && card.kind === 'toolCall') {
      card.status = toolStatus(p.status, p.output ?? card.output);
      if (p.name) card.name = p.name;
      if (p.arguments !== undefined) {
        card.keyArgument = keyArgument(card.name, p.arguments);
        card.arguments = formatArguments(p.arguments);
      }
      if (p.output !== undefined) card.output = capOutput(p.output);
    } else if (run.items.length < maxItems) {
      const item = toolItem(p.id, p.name, p.arguments, p.status, p.output);
      // Calls of one turn run side by side and start in any order: a card goes
      // before the first one of its turn that comes after it in the model's order.
      const place = Number.isInteger(p.turn) && Number.isInteger(p.index) ? { turn: p.turn as number, index: p.index as number } : undefined;
      const at = place
        ? run.items.findIndex((i) => i.kind === 'toolCall' && i.turn === place.turn && i.index !== undefined && i.index > place.index)
        : -1;
      if (place && item.kind === 'toolCall') Object.assign(item, place);
      if (at >= 0) run.items.splice(at, 0, item);
      else run.items.push(item);
    }
    return this.changed(run, fresh);
  }

  /**
   * A running tool call waits for the user: its card says so (`waiting for
   * approval`, `waiting for your review`) instead of "running", until `why`
   * is undefined again or the call reports. The call is named by id, else by
   * tool (the last running one of those names in a running run).
   */
  toolWaiting(why: string | undefined, where: { runId?: string; callId?: string; names?: string[]; arg?: string }): Change {
    const runs = where.runId ? [this.runs.get(where.runId)] : [...this.runs.values()];
    for (const run of runs) {
      if (!run || run.ended) continue;
      const cards = run.items.filter((i): i is Extract<ItemView, { kind: 'toolCall' }> => i.kind === 'toolCall');
      // By tool: the card of that argument (the edited path) when one has
      // it, and a card not yet waiting before one that already waits, so a
      // second edit waiting for review says so too (not "running").
      const named = [...cards].reverse().filter((c) => (where.names ?? []).includes(c.name) && (c.status === 'running' || c.status.startsWith('waiting')));
      const byArg = where.arg !== undefined ? named.filter((c) => c.keyArgument === where.arg) : [];
      const pool = byArg.length > 0 ? byArg : named;
      const card = where.callId
        ? cards.find((c) => c.id === where.callId)
        : why
          ? (pool.find((c) => c.status === 'running') ?? pool[0])
          : (pool.find((c) => c.status === why || c.status.startsWith('waiting')) ?? pool[0]);
      if (!card) continue;
      if (why) {
        if (card.status !== 'running' && !card.status.startsWith('waiting')) continue;
        card.status = why;
      } else if (card.status.startsWith('waiting')) card.status = 'running';
      return this.changed(run, false);
    }
    return none;
  }

  /** `loopls/runEnded`. */
  ended(rec: RunRecord): Change {
    const fresh = !this.runs.has(rec.runId);
    const run = this.ensure(rec.runId, rec.sessionId);
    if (run.ended) return none;
    run.ended = true;
    run.waiting = undefined;
    run.state = 'Terminal';
    run.outcome = rec.outcome;
    if (rec.model) run.model = rec.model;
    if (typeof rec.turns === 'number') run.turn = rec.turns;
    if (rec.error) {
      run.error = rec.error;
      run.nextStep = nextStep(rec.error);
    }
    run.resumable = rec.resumable === true;
    if (rec.verdict && typeof rec.verdict.fixed === 'boolean') run.verdict = rec.verdict;
    if (!run.items.some((i) => i.kind === 'answer') && rec.output) run.items.push({ kind: 'answer', text: rec.output });
    settle(run);
    // A tool call still "running" when the run ended did not finish.
    for (const i of run.items) if (i.kind === 'toolCall' && (i.status === 'running' || i.status.startsWith('waiting'))) i.status = 'cancelled';
    if (run.resumable && this.order.includes(run.runId)) this.resumableRun = run.runId;
    const change = this.changed(run, fresh);
    // A run that ended before the panel saw it start is not followed.
    return change.kind === 'conversation' ? none : change;
  }

  /**
   * The daemon went away (a crash, a restart): no notification will end the
   * runs it had, so they end here as the store will record them ("daemon
   * stopped"); re-loading the session then tells which can be resumed.
   */
  serverStopped(): Change {
    let touched = false;
    for (const run of this.runs.values()) {
      if (run.ended) continue;
      run.ended = true;
      run.state = 'Terminal';
      run.outcome = 'failed';
      run.error = { kind: 'Internal', message: 'daemon stopped' };
      settle(run);
      for (const i of run.items) if (i.kind === 'toolCall' && i.status === 'running') i.status = 'cancelled';
      if (this.order.includes(run.runId)) touched = true;
    }
    this.ownSends = 0;
    return touched ? { kind: 'conversation' } : none;
  }

  /** The run the status line shows: the conversation's running one, else its last. */
  private live(): RunTurn | undefined {
    const runs = this.order.map((id) => this.runs.get(id)).filter((r): r is RunTurn => !!r);
    return runs.find((r) => !r.ended) ?? runs[runs.length - 1];
  }

  /** Runs of the conversation not yet ended (what Cancel and Escape cancel). */
  running(): string[] {
    return this.order.filter((id) => {
      const r = this.runs.get(id);
      return r !== undefined && !r.ended;
    });
  }

  /** The run with that id, if the conversation holds it. */
  run(runId: string): RunTurnView | undefined {
    const r = this.order.includes(runId) ? this.runs.get(runId) : undefined;
    return r && this.runView(r);
  }

  windowOf(model: string | undefined): number {
    const name = model || this.selectedModel || this.defaultModel;
    // Ollama lists a model with its tag: "ollama:tiny" is "ollama:tiny:latest".
    const m = this.models.find((x) => x.model === name) ?? this.models.find((x) => x.model === `${name}:latest`);
    return m?.contextWindow ?? this.fallbackWindow;
  }

  status(): StatusView {
    const r = this.live();
    if (!r) return { running: false, contextWindow: this.windowOf(undefined) };
    return {
      running: !r.ended,
      state: r.state,
      turn: r.turn,
      contextTokens: r.contextTokens,
      contextWindow: this.windowOf(r.model),
      outcome: r.outcome,
    };
  }

  private runView(r: RunTurn): RunTurnView {
    const { lastSeq: _seq, textChars: _chars, streaming: _streaming, ...view } = r;
    return { ...view, items: r.items.map((i) => ({ ...i })) };
  }

  view(banner?: string): ConversationView {
    return {
      sessionId: this.sessionIdValue,
      title: this.title,
      runs: this.order.map((id) => this.runs.get(id)).filter((r): r is RunTurn => !!r).map((r) => this.runView(r)),
      status: this.status(),
      resumableRun: this.resumableRun,
      banner,
      queued: [...this.queue],
    };
  }
}

function transcriptItem(e: TranscriptEntry): ItemView | undefined {
  if (!e || typeof e !== 'object') return undefined;
  const text = typeof e.text === 'string' ? e.text : '';
  switch (e.kind) {
    case 'prompt':
      return { kind: 'prompt', text, context: Array.isArray(e.context) ? e.context : undefined };
    case 'thinking':
      return { kind: 'thinking', text, partial: e.partial };
    case 'answer':
      return { kind: 'answer', text, partial: e.partial };
    case 'toolCall':
      return toolItem(String(e.id ?? ''), String(e.name ?? ''), e.arguments, String(e.status ?? ''), e.output);
    case 'notice':
      return { kind: 'notice', text };
    default:
      return undefined;
  }
}
