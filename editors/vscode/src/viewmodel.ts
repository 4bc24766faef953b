// The view model of runs: what the loopls notifications mean for the status
// bar, the output channel and the tool-call list. Pure (no VS Code): the glue
// in extension.ts feeds notifications in and renders what comes out.

import type { DeltaParams, ModelWaitParams, RunRecord, ToolCallParams, TransitionParams } from './protocol';

/** One tool call as the user sees it. */
export interface ToolCallView {
  id: string;
  name: string;
  arguments: string;
  status: string;
  output?: string;
}

/** Everything known about one run. */
export interface RunView {
  runId: string;
  sessionId: string;
  /** The machine's state name (Start, AwaitingModel, AwaitingTools, AwaitingCompaction, Terminal). */
  state: string;
  turn: number;
  lastSeq: number;
  contextTokens: number;
  /** Set once the run is over: completed, cancelled, max_turns_exceeded, context_exceeded, failed. */
  outcome?: string;
  error?: { kind: string; message: string };
  /** The silent model's notice (`loopls/modelWait`), until the call answers or the run moves on. */
  waiting?: string;
  text: string;
  thinking: string;
  tools: ToolCallView[];
  ended: boolean;
  record?: RunRecord;
}

/** Text appended to the output channel, in order. */
export type Output = string[];

const maxArgChars = 160;

/** Renders tool arguments on one short line. */
export function formatArguments(args: unknown): string {
  if (args === undefined || args === null) return '';
  let s: string;
  if (typeof args === 'string') {
    // Servers may send arguments as a JSON string; show it decoded when it is.
    try {
      s = JSON.stringify(JSON.parse(args));
    } catch {
      s = args;
    }
  } else {
    s = JSON.stringify(args) ?? '';
  }
  s = s.replace(/\s+/g, ' ');
  return s.length > maxArgChars ? s.slice(0, maxArgChars - 1) + '…' : s;
}

/** Human words for a terminal outcome. */
export function outcomeLabel(outcome: string | undefined): string {
  switch (outcome) {
    case 'completed':
      return 'completed';
    case 'cancelled':
      return 'cancelled';
    case 'max_turns_exceeded':
      return 'max turns exceeded';
    case 'context_exceeded':
      return 'context exceeded';
    case 'failed':
      return 'failed';
    default:
      return outcome ?? 'ended';
  }
}

/** The status bar of one run (or of none). Codicons as VS Code renders them. */
const stateWordsByName: Record<string, string> = {
  Start: 'Starting',
  AwaitingModel: 'Thinking',
  AwaitingTools: 'Running tools',
  AwaitingCompaction: 'Compacting the conversation',
  Terminal: 'Done',
};

/** A machine state as people read it: AwaitingModel → "Thinking". */
export function stateWords(state: string | undefined): string {
  if (!state) return '';
  return stateWordsByName[state] ?? state.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/**
 * The turn shown while a run runs, counted from 1 (loopls counts from 0):
 * the one rule of the status bar and the panel, so both say the same.
 */
export function shownTurn(turn: number | undefined): number {
  return (turn ?? 0) + 1;
}

export function statusText(run: RunView | undefined): { text: string; tooltip: string } {
  if (!run) return { text: '$(hubot) loopls', tooltip: 'loopls: no run yet — "loopls: Run Agent…"' };
  if (run.ended || run.state === 'Terminal') {
    const label = outcomeLabel(run.outcome);
    const icon = run.outcome === 'completed' ? '$(check)' : run.outcome === 'cancelled' ? '$(circle-slash)' : '$(error)';
    // The daemon's message in words: no error kind, no run id (issue 25, item 7).
    const why = run.error?.message ? ` — ${run.error.message}` : '';
    return {
      text: `${icon} loopls: ${label}`,
      tooltip: `loopls: ${label}${why}`,
    };
  }
  return {
    text: `$(sync~spin) loopls: ${stateWords(run.state)}… · turn ${shownTurn(run.turn)}`,
    tooltip:
      `loopls: ${stateWords(run.state)}, turn ${shownTurn(run.turn)}, ~${run.contextTokens} context tokens — click to cancel` +
      (run.waiting ? `\n${run.waiting}` : ''),
  };
}

/** Tracks every run of one connection; the latest run is what the status bar shows. */
export class RunsModel {
  private readonly runs = new Map<string, RunView>();
  private latestId: string | undefined;
  private lastEndedId: string | undefined;

  /** The run the status bar shows: the most recently started. */
  latest(): RunView | undefined {
    return this.latestId === undefined ? undefined : this.runs.get(this.latestId);
  }

  /** The most recently ended run (the one "Undo Last Run" reverts). */
  lastEnded(): RunView | undefined {
    return this.lastEndedId === undefined ? undefined : this.runs.get(this.lastEndedId);
  }

  get(runId: string): RunView | undefined {
    return this.runs.get(runId);
  }

  /** Runs not yet ended. */
  active(): RunView[] {
    return [...this.runs.values()].filter((r) => !r.ended);
  }

  private ensure(runId: string, sessionId = ''): { run: RunView; fresh: boolean } {
    let run = this.runs.get(runId);
    if (run) {
      if (!run.sessionId && sessionId) run.sessionId = sessionId;
      return { run, fresh: false };
    }
    run = {
      runId,
      sessionId,
      state: 'Start',
      turn: 0,
      lastSeq: 0,
      contextTokens: 0,
      text: '',
      thinking: '',
      tools: [],
      ended: false,
    };
    this.runs.set(runId, run);
    this.latestId = runId;
    return { run, fresh: true };
  }

  private header(run: RunView, prompt?: string): string {
    const p = prompt ? `: ${prompt}` : '';
    return `\n── loopls run ${run.runId} (session ${run.sessionId || '?'})${p} ──\n`;
  }

  /** A run the client started: known before its first notification. */
  started(runId: string, sessionId: string, prompt?: string): Output {
    const { run, fresh } = this.ensure(runId, sessionId);
    return fresh ? [this.header(run, prompt)] : [];
  }

  /** `loopls/transition`. Out-of-order or repeated notifications (seq not rising) are ignored. */
  transition(p: TransitionParams): Output {
    const { run, fresh } = this.ensure(p.runId, p.sessionId);
    const out: Output = fresh ? [this.header(run)] : [];
    if (typeof p.seq === 'number' && p.seq <= run.lastSeq) return out;
    if (typeof p.seq === 'number') run.lastSeq = p.seq;
    run.waiting = undefined;
    run.state = p.to;
    if (typeof p.turn === 'number') run.turn = p.turn;
    if (typeof p.contextTokens === 'number') run.contextTokens = p.contextTokens;
    if (p.to === 'Terminal') {
      run.outcome = p.outcome ?? run.outcome;
      if (p.error) run.error = p.error;
    }
    return out;
  }

  /** `loopls/delta`: text goes to the output channel, thinking is kept aside. */
  delta(p: DeltaParams): Output {
    const { run, fresh } = this.ensure(p.runId);
    const out: Output = fresh ? [this.header(run)] : [];
    run.waiting = undefined;
    if (p.lane === 'thinking') {
      run.thinking += p.text;
      return out;
    }
    run.text += p.text;
    out.push(p.text);
    return out;
  }

  /**
   * `loopls/modelWait`: the notice goes to the output channel on its own
   * line and into the status bar's tooltip until the model answers.
   */
  modelWait(p: ModelWaitParams): Output {
    const run = this.get(p.runId);
    if (!run || run.ended || typeof p.message !== 'string' || p.message === '') return [];
    run.waiting = p.message.slice(0, 1000);
    const sep = run.text.length > 0 && !run.text.endsWith('\n') ? '\n' : '';
    return [`${sep}  ⏳ ${run.waiting}\n`];
  }

  /** `loopls/toolCall`: one line per status change. */
  toolCall(p: ToolCallParams): Output {
    const { run, fresh } = this.ensure(p.runId);
    const out: Output = fresh ? [this.header(run)] : [];
    let call = run.tools.find((t) => t.id === p.id);
    if (!call) {
      call = { id: p.id, name: p.name, arguments: formatArguments(p.arguments), status: p.status };
      run.tools.push(call);
    } else {
      if (call.status === p.status) return out;
      call.status = p.status;
      if (p.name) call.name = p.name;
      if (p.arguments !== undefined) call.arguments = formatArguments(p.arguments);
    }
    if (p.output !== undefined) call.output = p.output;
    const sep = run.text.length > 0 && !run.text.endsWith('\n') ? '\n' : '';
    const tail = p.status === 'failed' && p.output ? ` — ${firstLine(p.output)}` : '';
    out.push(`${sep}  ⚙ ${call.name}(${call.arguments}) … ${p.status}${tail}\n`);
    return out;
  }

  /** `loopls/runEnded` (or a `loopls/run` result / error data). */
  ended(rec: RunRecord): Output {
    const { run, fresh } = this.ensure(rec.runId, rec.sessionId);
    const out: Output = fresh ? [this.header(run)] : [];
    if (run.ended) return out;
    run.ended = true;
    run.state = 'Terminal';
    run.outcome = rec.outcome;
    run.record = rec;
    if (rec.error) run.error = rec.error;
    if (typeof rec.turns === 'number') run.turn = rec.turns;
    // Nothing streamed (a client that missed the deltas): show the final answer.
    if (run.text === '' && rec.output) {
      run.text = rec.output;
      out.push(rec.output);
    }
    this.lastEndedId = run.runId;
    out.push(`${run.text.endsWith('\n') || run.text === '' ? '' : '\n'}${endLine(run, rec)}\n`);
    return out;
  }
}

function firstLine(s: string): string {
  const i = s.indexOf('\n');
  return i < 0 ? s : s.slice(0, i);
}

function endLine(run: RunView, rec: RunRecord): string {
  const parts = [`── ${outcomeLabel(rec.outcome)}`];
  if (typeof rec.turns === 'number') parts.push(`${rec.turns} turn(s)`);
  if (rec.usage) parts.push(`${rec.usage.inputTokens ?? 0} in / ${rec.usage.outputTokens ?? 0} out tokens`);
  if (run.tools.length > 0) parts.push(`${run.tools.length} tool call(s)`);
  let line = parts.join(' · ');
  if (rec.error?.message) line += ` — ${rec.error.message}`;
  return line + ' ──';
}
