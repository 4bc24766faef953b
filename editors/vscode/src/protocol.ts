// The loopls-specific messages of SPEC §3, as the extension sees them. Plain
// types only: this module is shared by the VS Code glue and the unit tests.

/** Params of `loopls/transition`: one per move of a run's machine. */
export interface TransitionParams {
  runId: string;
  sessionId: string;
  seq: number;
  from: string;
  to: string;
  event: string;
  turn: number;
  contextTokens?: number;
  outcome?: string;
  error?: RunError;
}

/**
 * Params of `loopls/modelWait`: a model call of the run has been silent for
 * `afterMs`; `message` is the sentence to show (docs/protocol.md). At most
 * once per model call, before that call's next transition.
 */
export interface ModelWaitParams {
  runId: string;
  turn: number;
  model: string;
  afterMs: number;
  message: string;
}

/** Params of `loopls/delta`: streamed output of one lane. */
export interface DeltaParams {
  runId: string;
  lane: 'text' | 'thinking' | string;
  text: string;
}

/** Params of `loopls/toolCall`: a tool call's life, one notification per status. */
export interface ToolCallParams {
  runId: string;
  id: string;
  name: string;
  arguments?: unknown;
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | string;
  output?: string;
  /** The call's turn (from 0) and its place among that turn's calls: the model's order. */
  turn?: number;
  index?: number;
}

/** The error of a run that did not complete. */
export interface RunError {
  kind: string;
  message: string;
}

/** The Run record: `loopls/runEnded` params and `loopls/run` results. */
export interface RunRecord {
  runId: string;
  sessionId: string;
  outcome: string;
  output?: string;
  turns?: number;
  usage?: { inputTokens?: number; outputTokens?: number };
  edits?: unknown[];
  error?: RunError;
  prompt?: string;
  model?: string;
  /** A run a dead daemon left: `loopls/resumeRun` can continue it. */
  resumable?: boolean;
  /** A checked fix's verdict (docs/protocol.md#a-fixs-verdict). */
  verdict?: Verdict;
}

/** What the check of a fix run found. */
export interface Verdict {
  fixed: boolean;
  remaining?: string[];
  retries?: number;
  note?: string;
}

/** Params of the `loopls/diagnostics` request to the editor. */
export interface DiagnosticsParams {
  uris?: string[];
  settleMs?: number;
}

/** Params of `loopls/runStarted`: the first notification of every run. */
export interface RunStartedParams {
  runId: string;
  sessionId: string;
  mode?: string;
  context?: { path: string; startLine?: number; endLine?: number }[];
}

/** One entry of a stored run's transcript (`loopls/session`). */
export interface TranscriptEntry {
  kind: 'prompt' | 'thinking' | 'answer' | 'toolCall' | 'notice' | string;
  text?: string;
  partial?: boolean;
  context?: { path: string; startLine?: number; endLine?: number }[];
  id?: string;
  name?: string;
  arguments?: unknown;
  status?: string;
  output?: string;
}

/** A Run record as `loopls/session` returns it: with its transcript. */
export interface StoredRun extends RunRecord {
  transcript?: TranscriptEntry[];
}

/** Result of `loopls/session`. */
export interface SessionDetail {
  sessionId: string;
  title?: string;
  updatedAt?: string;
  runs?: StoredRun[];
}

/** One entry of `loopls/models`. */
export interface ModelInfo {
  model: string;
  /** The model's own window. */
  contextWindow?: number;
  /** The window a run would use (Ollama's num_ctx, sized for the machine), and why. */
  window?: number;
  windowReason?: string;
  tools?: boolean;
}

/** One choice offered by `loopls/approve` (kinds as ACP spells them). */
export interface ApprovalOption {
  optionId: string;
  name: string;
  kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always' | string;
}

/** Params of the `loopls/approve` request. */
export interface ApproveParams {
  runId: string;
  toolCall: { id?: string; name?: string; arguments?: unknown; [k: string]: unknown };
  options: ApprovalOption[];
  /** run_command: the whole command line, the program about to run, why it is asked. */
  command?: string;
  unapproved?: string[];
  reasons?: string[];
}

/** Result of `loopls/approve`. */
export type ApproveResult = { outcome: 'selected'; optionId: string } | { outcome: 'cancelled' };

/** What `loopls.run` / `loopls.fix` answer at once. */
export interface RunStarted {
  runId: string;
  sessionId: string;
}

/** One entry of `loopls/sessions`. */
export interface SessionSummary {
  sessionId: string;
  title?: string;
  runs?: number;
  updatedAt?: string;
  resumableRun?: string;
  /** The last ended run's answer on one line. */
  preview?: string;
}

/** Result of `loopls/undoRun`. */
export interface UndoResult {
  applied: boolean;
  failureReason?: string;
}

/** One hunk still waiting in a run's review: at `line` (1-based, in the file now) `removed` gave way to `added`. */
export interface ReviewHunk {
  line: number;
  removed: string;
  added: string;
}

/** One file of a run's review (`loopls/runReview`). */
export interface ReviewFile {
  path: string;
  uri: string;
  kind: 'edit' | 'line';
  created?: boolean;
  removed?: boolean;
  /** In words: "waiting for your review", "kept", "rejected by you", "can no longer be reviewed". */
  status: string;
  note?: string;
  hunks: ReviewHunk[];
}

/** Result of `loopls/runReview`: everything one run changed. */
export interface RunReview {
  runId: string;
  files: ReviewFile[];
  waiting: number;
}

/** Result of `loopls/reviewRun`. */
export interface ReviewRunResult {
  review: RunReview;
  failureReason?: string;
}

/** Method names, kept in one place. */
export const Methods = {
  transition: 'loopls/transition',
  delta: 'loopls/delta',
  toolCall: 'loopls/toolCall',
  runEnded: 'loopls/runEnded',
  modelWait: 'loopls/modelWait',
  runStarted: 'loopls/runStarted',
  models: 'loopls/models',
  warmUp: 'loopls/warmUp',
  resumeRun: 'loopls/resumeRun',
  approve: 'loopls/approve',
  diagnostics: 'loopls/diagnostics',
  sessions: 'loopls/sessions',
  session: 'loopls/session',
  renameSession: 'loopls/renameSession',
  deleteSession: 'loopls/deleteSession',
  undoRun: 'loopls/undoRun',
  runChange: 'loopls/runChange',
  runReview: 'loopls/runReview',
  reviewRun: 'loopls/reviewRun',
  cancel: 'loopls/cancel',
} as const;

/** Server commands (workspace/executeCommand). */
export const ServerCommands = {
  run: 'loopls.run',
  fix: 'loopls.fix',
  cancel: 'loopls.cancel',
} as const;
