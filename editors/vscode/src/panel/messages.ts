// The messages between the extension host and the conversation webview.
// Plain types only: shared by the host glue (view.ts), the pure model
// (conversation.ts), the webview script (webview/main.ts) and the unit tests.
// Every message is a tagged object; the webview never names a terminal
// command, a file or a method: it names what the user did, and the host
// decides what that means.

/** One item of a run, in the order the run showed it (as `loopls/session`'s transcript). */
export type ItemView =
  | { kind: 'prompt'; text: string; context?: ContextView[] }
  | { kind: 'thinking'; text: string; partial?: boolean }
  | { kind: 'answer'; text: string; partial?: boolean }
  | { kind: 'toolCall'; id: string; name: string; keyArgument: string; arguments: string; status: string; output?: string; turn?: number; index?: number }
  | { kind: 'notice'; text: string };

/** Attached context as `loopls/runStarted` and the transcript list it. */
export interface ContextView {
  path: string;
  startLine?: number;
  endLine?: number;
}

/** The next step an error offers as a button (the host keeps the command). */
export interface NextStepView {
  label: string;
  /** `terminal`: a terminal opens with `command` typed; `model`: the panel picks the model `command`. */
  action: 'terminal' | 'model';
  /** Shown to the user beside the button: the command the terminal gets, or the model. */
  command: string;
}

/** One run of the conversation. */
export interface RunTurnView {
  runId: string;
  sessionId: string;
  /** The machine's state name; Terminal once ended. */
  state: string;
  turn: number;
  contextTokens: number;
  model?: string;
  mode?: string;
  items: ItemView[];
  ended: boolean;
  outcome?: string;
  error?: { kind: string; message: string };
  nextStep?: NextStepView;
  /** A run a dead daemon left that `loopls/resumeRun` can continue. */
  resumable?: boolean;
  /** A run that failed on its model (the error's kind says so): Retry sends its prompt again in its session. */
  retry?: boolean;
  /** Why the model is silent (`loopls/modelWait`), while the run waits for it. */
  waiting?: string;
  /** A checked fix's verdict (docs/protocol.md#a-fixs-verdict). */
  verdict?: { fixed: boolean; remaining?: string[]; retries?: number; note?: string };
}

/** One entry of the session picker. */
export interface SessionView {
  sessionId: string;
  title: string;
  updatedAt?: string;
  runs?: number;
  resumableRun?: string;
  /** The last answer on one line (loopls/sessions' preview). */
  preview?: string;
}

/** One entry of the model picker. */
export interface ModelView {
  model: string;
  contextWindow?: number;
  tools?: boolean;
}

/** The status line above the composer: the live run of the conversation. */
export interface StatusView {
  running: boolean;
  state?: string;
  turn?: number;
  contextTokens?: number;
  /** The window the gauge measures against (0: unknown). */
  contextWindow: number;
  outcome?: string;
}

/** Everything the webview draws; sent whole on load and on a switch. */
export interface ConversationView {
  sessionId?: string;
  title?: string;
  runs: RunTurnView[];
  status: StatusView;
  /** A run of this session that `loopls/resumeRun` can continue. */
  resumableRun?: string;
  /** A message about the panel itself (a failed request), shown above the composer. */
  banner?: string;
  /** Prompts sent while a run runs, sent in order when it ends. */
  queued?: string[];
}

import { isSetupAction, type SetupAction, type SetupView } from './setup';
import { isNoticeAction, type NoticeAction, type NoticeView } from './notice';

/** Host → webview. */
export type HostMessage =
  | { type: 'conversation'; conversation: ConversationView }
  | { type: 'run'; run: RunTurnView; status: StatusView }
  | { type: 'status'; status: StatusView }
  | { type: 'sessions'; sessions: SessionView[] }
  | { type: 'models'; models: ModelView[]; selected: string }
  | { type: 'banner'; text: string }
  | { type: 'focusComposer' }
  | { type: 'queue'; queued: string[] }
  /** What is missing before a first run (Ollama, a model); undefined: nothing. */
  | { type: 'setup'; setup?: SetupView }
  /** A prompt that could not be sent goes back into the composer. */
  | { type: 'restorePrompt'; text: string }
  /** The daemon's "no model configured" notice (notice.ts); undefined: none. */
  | { type: 'notice'; notice?: NoticeView }
  /** The answer to checkPaths: of the paths checked, those that are workspace files. */
  | { type: 'paths'; checked: string[]; existing: string[] };

/** Webview → host. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'send'; prompt: string }
  | { type: 'newConversation' }
  | { type: 'refreshSessions' }
  | { type: 'openSession'; sessionId: string }
  | { type: 'renameSession'; sessionId: string; title: string }
  | { type: 'deleteSession'; sessionId: string }
  | { type: 'resume'; runId: string }
  | { type: 'cancel' }
  | { type: 'pickModel'; model: string }
  | { type: 'otherModel' }
  | { type: 'copy'; text: string }
  | { type: 'insert'; text: string }
  | { type: 'nextStep'; runId: string }
  | { type: 'unqueue'; index: number }
  | { type: 'setupAction'; action: SetupAction }
  /** A code block's Apply: to `path` (a workspace path the block names), else to the active editor. */
  | { type: 'applyCode'; text: string; path?: string; lang?: string }
  /** A file link of an answer (a workspace path, a line from 1). */
  | { type: 'openFile'; path: string; line?: number }
  /** Sends the prompt of a run that failed again, in its session. */
  | { type: 'retry'; runId: string }
  | { type: 'noticeAction'; action: NoticeAction }
  /** Which of these names in prose are workspace files (at most maxCheckPaths). */
  | { type: 'checkPaths'; paths: string[] };

const webviewTypes = new Set([
  'ready', 'send', 'newConversation', 'refreshSessions', 'openSession', 'resume', 'cancel', 'pickModel', 'otherModel', 'copy', 'insert', 'nextStep',
  'unqueue', 'setupAction', 'applyCode', 'openFile', 'retry', 'renameSession', 'deleteSession', 'noticeAction', 'checkPaths',
]);

/** Most paths one checkPaths asks about (the webview asks again for the rest). */
export const maxCheckPaths = 100;

/** Longest text the webview may hand the host (a prompt, a code block to copy). */
export const maxMessageText = 1 << 20;

/**
 * Checks a message from the webview: the webview draws what the model wrote,
 * so its messages are checked like any input. Returns undefined for anything
 * malformed.
 */
export function parseWebviewMessage(m: unknown): WebviewMessage | undefined {
  if (m === null || typeof m !== 'object') return undefined;
  const o = m as Record<string, unknown>;
  if (typeof o.type !== 'string' || !webviewTypes.has(o.type)) return undefined;
  const str = (k: string, max = maxMessageText) => typeof o[k] === 'string' && (o[k] as string).length <= max;
  switch (o.type) {
    case 'send':
      return str('prompt') && (o.prompt as string).trim() !== '' ? { type: 'send', prompt: o.prompt as string } : undefined;
    case 'openSession':
    case 'deleteSession':
      return str('sessionId', 200) ? { type: o.type, sessionId: o.sessionId as string } : undefined;
    case 'renameSession':
      // The daemon checks the title (store.CleanTitle); this only bounds what crosses.
      return str('sessionId', 200) && str('title', 1000) && (o.title as string).trim() !== ''
        ? { type: 'renameSession', sessionId: o.sessionId as string, title: o.title as string }
        : undefined;
    case 'resume':
    case 'retry':
    case 'nextStep':
      return str('runId', 200) ? { type: o.type, runId: o.runId as string } : undefined;
    case 'pickModel':
      return str('model', 300) ? { type: 'pickModel', model: o.model as string } : undefined;
    case 'copy':
    case 'insert':
      return str('text') ? { type: o.type, text: o.text as string } : undefined;
    case 'applyCode': {
      if (!str('text')) return undefined;
      if (o.lang !== undefined && (!str('lang', 40) || !/^[\w+#.-]+$/.test(o.lang as string))) return undefined;
      const lang = o.lang === undefined ? {} : { lang: o.lang as string };
      if (o.path === undefined) return { type: 'applyCode', text: o.text as string, ...lang };
      return str('path', 300) && o.path !== '' ? { type: 'applyCode', text: o.text as string, path: o.path as string, ...lang } : undefined;
    }
    case 'openFile': {
      if (!str('path', 300) || o.path === '') return undefined;
      const line = o.line;
      if (line === undefined) return { type: 'openFile', path: o.path as string };
      return Number.isInteger(line) && (line as number) >= 1 && (line as number) < 1e7 ? { type: 'openFile', path: o.path as string, line: line as number } : undefined;
    }
    case 'checkPaths': {
      const ps = o.paths;
      if (!Array.isArray(ps) || ps.length === 0 || ps.length > maxCheckPaths) return undefined;
      if (!ps.every((x) => typeof x === 'string' && x !== '' && x.length <= 300)) return undefined;
      return { type: 'checkPaths', paths: ps as string[] };
    }
    case 'setupAction':
      return isSetupAction(o.action) ? { type: 'setupAction', action: o.action } : undefined;
    case 'noticeAction':
      return isNoticeAction(o.action) ? { type: 'noticeAction', action: o.action } : undefined;
    case 'unqueue':
      return Number.isInteger(o.index) && (o.index as number) >= 0 && (o.index as number) < 1000 ? { type: 'unqueue', index: o.index as number } : undefined;
    default:
      return { type: o.type } as WebviewMessage;
  }
}
