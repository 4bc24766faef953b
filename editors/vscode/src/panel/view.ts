// The conversation panel's VS Code side: the webview view `loopls.panel`,
// its HTML (strict CSP, one nonce, no remote resources) and what the user's
// actions in it mean (sessions, runs, cancel, models, copy/insert). The
// conversation itself is the pure model in conversation.ts.

import * as path from 'node:path';
import * as vscode from 'vscode';
import { ExecuteCommandRequest, type LanguageClient } from 'vscode-languageclient/node';
import {
  Methods,
  ServerCommands,
  type DeltaParams,
  type ModelInfo,
  type ModelWaitParams,
  type RunRecord,
  type RunStarted,
  type RunStartedParams,
  type SessionDetail,
  type SessionSummary,
  type ToolCallParams,
  type TransitionParams,
} from '../protocol';
import { Conversation, modelViews, retryParams, sessionViews, type Change } from './conversation';
import { maxCheckPaths, parseWebviewMessage, type HostMessage, type WebviewMessage } from './messages';
import { ollamaCommand, ollamaDownloadUrl, setupFromModels, type SetupAction, type SetupView } from './setup';
import { isExecutableFile } from '../binary';
import { applyCodeEdit, applyLabel, fileRef, placeCode } from './applycode';
import { insideFolder } from './confine';
import type { LspWorkspaceEdit } from '../editreview';
import type { NoticeAction, NoticeView } from './notice';

export const panelViewId = 'loopls.panel';

/** What the panel needs from the extension. */
export interface PanelHost {
  /** The running client, or undefined (and the user told why). */
  client(): LanguageClient | undefined;
  /** The test log (LOOPLS_VSCODE_TEST_LOG); a no-op outside tests. */
  log(obj: Record<string, unknown>): void;
  /** `loopls.model` and `loopls.contextWindow` as configured. */
  settings(): { model: string; contextWindow: number };
  /** Fields the panel's runs take from elsewhere (the review parts' mode and context). */
  runParams?(): Record<string, unknown>;
  /** Under the e2e test (LOOPLS_VSCODE_TEST_LOG): read the clipboard back after Copy. */
  testing?: boolean;
  /** A webview message of another part (`review/…`); the panel itself ignores it. */
  forward?(m: { type: string }): Promise<void> | void;
  /** The webview (re)loaded and can take other parts' messages (postOther). */
  partsReady?(): void;
  /** The panel was shown or hidden (an approval asked in it is asked elsewhere too). */
  visibilityChanged?(visible: boolean): void;
  /** The panel shows another conversation (undefined: a new one), for the parts kept per session (the mode). */
  conversationShown?(sessionId: string | undefined): void;
  /** The session the panel showed when this window last closed (kept across reloads), or undefined. */
  shownSession?(): string | undefined;
  /** Keeps the session the panel shows (undefined: a new conversation) for the next window. */
  rememberShown?(sessionId: string | undefined): void;
  /** A stored session was re-drawn: its runs, for the parts that add to them (edited files). */
  sessionLoaded?(runs: RunRecord[]): void;
  /**
   * Reviews an edit as a diff with Accept and Reject (editreviewhost.ts);
   * `apply` runs only once it is accepted; keyed is told the review's key.
   */
  reviewEdit?(
    params: { label: string; edit: LspWorkspaceEdit },
    apply: () => Promise<{ applied: boolean }>,
    keyed?: (key: string) => void,
  ): Promise<{ applied: boolean }>;
  /** Saves the documents a kept edit wrote, when loopls.saveKeptEdits is on. */
  saveKept?(uris: string[]): Promise<void>;
  /** Whether the user dismissed the "no model configured" notice for this model (kept across windows). */
  noticeDismissed?(model: string): boolean;
  /** Remembers that the user dismissed it for this model. */
  dismissNotice?(model: string): void;
}

function nonce(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 32; i++) s += chars.charAt(Math.floor(Math.random() * chars.length));
  return s;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class PanelProvider implements vscode.WebviewViewProvider {
  readonly conversation = new Conversation();
  private view: vscode.WebviewView | undefined;
  private ready = false;
  private sessionsCache: SessionSummary[] = [];
  /**
   * The session to re-draw by itself once the webview and the server are up
   * (the one shown when the window closed: a reload brings the conversation
   * and its run review back), until it is drawn or the user moves on.
   */
  private restore: string | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: PanelHost,
  ) {
    this.restore = host.shownSession?.();
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    this.host.log({ ev: 'panelResolved', visible: view.visible });
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [dist, media] };
    view.webview.html = this.html(view.webview);
    view.webview.onDidReceiveMessage((m) => void this.onMessage(m));
    view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
      this.host.visibilityChanged?.(false);
    });
    view.onDidChangeVisibility(() => {
      this.host.log({ ev: 'panelVisibility', visible: view.visible });
      if (view.visible) void this.refreshSessions();
      this.host.visibilityChanged?.(view.visible);
    });
  }

  private html(webview: vscode.Webview): string {
    const n = nonce();
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'panel.css'));
    const reviewStyle = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'review.css'));
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `script-src 'nonce-${n}'`,
      `font-src ${webview.cspSource}`,
      `img-src ${webview.cspSource}`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<link rel="stylesheet" href="${reviewStyle}">
<title>loopls</title>
</head>
<body data-running="false">
<header id="toolbar">
  <span id="title" role="heading" aria-level="2">New conversation</span>
  <button id="resume" hidden title="Continue the run the daemon stopped under (loopls/resumeRun)">Resume</button>
  <button id="sessions-toggle" aria-expanded="false" aria-controls="sessions" title="Sessions of this workspace: open, search, rename, delete">Sessions</button>
  <button id="new" title="Start a new conversation" aria-label="Start a new conversation">New</button>
</header>
<div id="sessions" hidden></div>
<div id="setup" role="status" hidden></div>
<div id="notice" role="status" hidden></div>
<main id="conversation" tabindex="-1" aria-label="Conversation"></main>
<div id="announce" class="sr-only" role="status" aria-live="polite" aria-atomic="true"></div>
<div id="queued" hidden></div>
<div id="banner" role="alert" hidden></div>
<div id="status-line">
  <span id="state">idle</span>
  <span id="gauge" title="" role="progressbar" aria-label="Context window used" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0"><span id="gauge-fill"></span></span>
  <span id="gauge-text"></span>
</div>
<footer id="composer">
  <textarea id="prompt" rows="3" placeholder="Ask loopls… (Enter sends, Shift+Enter new line, Escape cancels)" aria-label="Prompt"></textarea>
  <script nonce="${n}">document.getElementById('prompt').focus();</script>
  <div id="composer-bar">
    <select id="model" title="Model for the next run" aria-label="Model"></select>
    <button id="cancel" hidden title="Cancel the run (Escape)">Cancel</button>
    <button id="send" title="Send (Enter)">Send</button>
  </div>
</footer>
<script nonce="${n}" src="${script}"></script>
</body>
</html>`;
  }

  private post(m: HostMessage): void {
    if (this.view && this.ready) void this.view.webview.postMessage(m);
  }

  /** Whether the panel is on screen now. */
  visible(): boolean {
    return !!this.view && this.ready && this.view.visible;
  }

  /** Posts another part's message (`review/…`) to the webview. */
  postOther(m: { type: string }): void {
    if (this.view && this.ready) void this.view.webview.postMessage(m);
  }

  private apply(change: Change): void {
    if (change.kind === 'conversation') this.postConversation();
    else if (change.kind === 'run') this.post({ type: 'run', run: change.run, status: this.conversation.status() });
  }

  private postConversation(banner?: string): void {
    this.host.conversationShown?.(this.conversation.sessionId);
    // Until the last window's session is restored, the empty view drawn
    // meanwhile is not what the user chose to show.
    if (this.restore === undefined) this.host.rememberShown?.(this.conversation.sessionId);
    this.post({ type: 'conversation', conversation: this.conversation.view(banner) });
  }

  // Notifications from the daemon (extension.ts forwards them).
  runStarted(p: RunStartedParams): void {
    this.apply(this.conversation.runStarted(p));
  }
  transition(p: TransitionParams): void {
    this.apply(this.conversation.transition(p));
  }
  delta(p: DeltaParams): void {
    this.apply(this.conversation.delta(p));
  }
  toolCall(p: ToolCallParams): void {
    this.apply(this.conversation.toolCall(p));
  }
  /** A tool call waits for the user (an approval, an edit review), or no longer does (why undefined). */
  toolWaiting(why: string | undefined, where: { runId?: string; callId?: string; names?: string[] }): void {
    this.apply(this.conversation.toolWaiting(why, where));
  }
  modelWait(p: ModelWaitParams): void {
    this.apply(this.conversation.modelWait(p));
  }
  ended(p: RunRecord): void {
    this.apply(this.conversation.ended(p));
    void this.refreshSessions();
    void this.flushQueue();
  }

  /** The server (re)started: the models and sessions may differ, and the shown session is re-read. */
  serverStarted(): void {
    if (!this.ready) return;
    this.warmUp();
    void (async () => {
      await this.refreshModels();
      await this.refreshSessions();
      const id = this.conversation.sessionId;
      if (id) await this.openSession(id).catch((e) => this.host.log({ ev: 'panelReloadFailed', error: message(e) }));
      else await this.restoreShown();
      await this.flushQueue();
    })();
  }

  /** The server stopped under its runs. */
  serverStopped(): void {
    this.apply(this.conversation.serverStopped());
  }

  /**
   * Opens the panel on a run started elsewhere (Fix This, the code action):
   * the run joins the conversation, which becomes its session.
   */
  async showRun(runId: string, sessionId: string, prompt?: string): Promise<void> {
    this.apply(this.conversation.claim(runId, sessionId, prompt, false));
    this.host.log({ ev: 'panelShowRun', runId, sessionId });
    // Revealed through the view's focus command (WebviewView.show was seen
    // not to bring a hidden container back); the keyboard then goes back to
    // the editor, where the fix happens.
    await vscode.commands.executeCommand(`${panelViewId}.focus`);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  }

  /**
   * Opens the panel and puts the cursor in the composer (Ctrl+Alt+L). The
   * view's own focus command focuses the webview's frame only, so keys typed
   * next went to its body and were lost: the composer is focused by message,
   * once the page is loaded (a page still loading asks on 'ready'), and the
   * page itself gives the composer the focus whenever its frame gets it.
   */
  async reveal(): Promise<void> {
    this.focusWanted = true;
    await vscode.commands.executeCommand(`${panelViewId}.focus`);
    if (this.ready) {
      this.focusWanted = false;
      this.post({ type: 'focusComposer' });
    }
    this.host.log({ ev: 'panelReveal', ready: this.ready });
  }

  private focusWanted = false;

  newConversation(): void {
    this.restore = undefined;
    this.returnQueue();
    this.conversation.newConversation();
    this.host.log({ ev: 'panelNewConversation' });
    this.postConversation();
  }

  private async onMessage(raw: unknown): Promise<void> {
    const other = raw as { type?: unknown } | null;
    if (other && typeof other === 'object' && typeof other.type === 'string' && other.type.startsWith('review/') && this.host.forward) {
      await Promise.resolve(this.host.forward(other as { type: string })).catch((e) => this.post({ type: 'banner', text: `loopls: ${message(e)}` }));
      return;
    }
    const m = parseWebviewMessage(raw);
    if (!m) {
      this.host.log({ ev: 'panelBadMessage' });
      return;
    }
    try {
      await this.handle(m);
    } catch (e) {
      this.host.log({ ev: 'panelError', type: m.type, error: message(e) });
      this.post({ type: 'banner', text: `loopls: ${message(e)}` });
    }
  }

  private async handle(m: WebviewMessage): Promise<void> {
    switch (m.type) {
      case 'ready':
        this.ready = true;
        if (this.focusWanted) {
          this.focusWanted = false;
          this.post({ type: 'focusComposer' });
        }
        this.conversation.setFallbackWindow(this.host.settings().contextWindow);
        this.postConversation();
        this.host.log({ ev: 'panelReady' });
        this.host.partsReady?.();
        if (this.notice) this.post({ type: 'notice', notice: this.notice });
        this.warmUp();
        await this.refreshModels();
        await this.refreshSessions();
        await this.restoreShown();
        return;
      case 'send':
        this.host.log({ ev: 'panelSendReceived', prompt: m.prompt.slice(0, 200) });
        return this.send(m.prompt);
      case 'newConversation':
        return this.newConversation();
      case 'refreshSessions':
        return this.refreshSessions();
      case 'openSession':
        return this.openSession(m.sessionId);
      case 'renameSession':
        return this.renameSession(m.sessionId, m.title);
      case 'deleteSession':
        return this.deleteSession(m.sessionId);
      case 'resume':
        return this.resume(m.runId);
      case 'cancel':
        await this.cancel();
        return;
      case 'pickModel':
        return this.pickModel(m.model);
      case 'otherModel': {
        const name = await vscode.window.showInputBox({
          title: 'loopls: model for the next runs',
          prompt: 'A model loopls/models does not list, e.g. ollama:qwen2.5-coder:7b or openai:gpt-4.1-mini',
          value: this.conversation.model,
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() === '' || v.length > 300 || /\s/.test(v.trim()) ? 'one model name, like ollama:qwen2.5-coder:7b' : undefined),
        });
        if (name === undefined) this.post({ type: 'models', models: this.models, selected: this.conversation.model });
        else this.pickModel(name.trim());
        return;
      }
      case 'copy':
        await vscode.env.clipboard.writeText(m.text);
        this.host.log({ ev: 'panelCopy', text: m.text.slice(0, 200) });
        if (this.host.testing) {
          const back = await vscode.env.clipboard.readText();
          this.host.log({ ev: 'panelClipboard', text: back.slice(0, 200) });
        }
        return;
      case 'insert':
        return this.insert(m.text);
      case 'applyCode':
        return this.applyCode(m.text, m.path, m.lang);
      case 'openFile':
        return this.openFile(m.path, m.line);
      case 'checkPaths':
        return this.checkPaths(m.paths);
      case 'retry':
        return this.retry(m.runId);
      case 'nextStep':
        return this.nextStep(m.runId);
      case 'setupAction':
        return this.setupAction(m.action);
      case 'noticeAction':
        return this.noticeAction(m.action);
      case 'unqueue': {
        const text = this.conversation.unqueue(m.index);
        if (text !== undefined) {
          this.post({ type: 'restorePrompt', text });
          this.postQueue();
        }
        return;
      }
    }
  }

  /**
   * The composer's Send. While a run of the conversation runs the prompt
   * is queued (shown as queued) and sent when it ends; a prompt that cannot
   * be sent goes back into the composer: typed text is never lost.
   */
  private async send(prompt: string): Promise<void> {
    if (this.conversation.busy()) {
      if (!this.conversation.enqueue(prompt)) {
        this.post({ type: 'restorePrompt', text: prompt });
        this.post({ type: 'banner', text: 'loopls: a few prompts are waiting already; send this one when the run ends.' });
        return;
      }
      this.host.log({ ev: 'panelQueued', prompt, queued: this.conversation.queued().length });
      this.postQueue();
      return;
    }
    await this.startRun(prompt);
  }

  private postQueue(): void {
    this.post({ type: 'queue', queued: [...this.conversation.queued()] });
  }

  /** The runs ended: the oldest queued prompt is sent. */
  private async flushQueue(): Promise<void> {
    const next = this.conversation.dequeue();
    if (next === undefined) return;
    this.postQueue();
    this.host.log({ ev: 'panelDequeued', prompt: next });
    await this.startRun(next);
  }

  /** Leaving the conversation: its queued prompts go back into the composer. */
  private returnQueue(): void {
    const q = this.conversation.takeQueue();
    if (q.length === 0) return;
    this.post({ type: 'restorePrompt', text: q.join('\n\n') });
    this.postQueue();
  }

  /** Starts a run of the conversation; `params` (a Retry's) instead of the composer's mode and chips. */
  private async startRun(prompt: string, params?: Record<string, unknown>): Promise<void> {
    const c = this.host.client();
    if (!c) {
      this.post({ type: 'restorePrompt', text: prompt });
      return;
    }
    const arg: Record<string, unknown> = { ...(params ?? this.host.runParams?.() ?? {}), prompt };
    const session = this.conversation.sessionId;
    if (session) arg.session = session;
    const model = this.conversation.model;
    if (model) arg.model = model;
    this.conversation.sending();
    let started: RunStarted;
    try {
      started = (await c.sendRequest(ExecuteCommandRequest.type, { command: ServerCommands.run, arguments: [arg] })) as RunStarted;
    } catch (e) {
      this.conversation.sendFailed();
      this.host.log({ ev: 'panelSendFailed', arg, error: message(e) });
      this.post({ type: 'restorePrompt', text: prompt });
      this.post({ type: 'banner', text: `loopls: ${message(e)}` });
      return;
    }
    this.host.log({ ev: 'panelSend', arg, started });
    if (!started || typeof started.runId !== 'string') {
      this.conversation.sendFailed();
      this.post({ type: 'restorePrompt', text: prompt });
      return;
    }
    this.apply(this.conversation.claim(started.runId, started.sessionId, prompt, true, model || undefined));
  }

  private async refreshSessions(): Promise<void> {
    const c = this.host.client();
    if (!c || !c.isRunning()) return;
    try {
      this.sessionsCache = (await c.sendRequest<SessionSummary[]>(Methods.sessions, {})) ?? [];
    } catch (e) {
      this.host.log({ ev: 'panelSessionsFailed', error: message(e) });
      return;
    }
    this.post({ type: 'sessions', sessions: sessionViews(this.sessionsCache) });
  }

  private models: ReturnType<typeof modelViews> = [];
  private setup: SetupView | undefined;
  private setupPolls = 0;

  /** A button of the setup card (Ollama not reachable, no model). */
  private async setupAction(action: SetupAction): Promise<void> {
    this.host.log({ ev: 'panelSetupAction', action });
    if (action === 'retry') return this.refreshModels();
    if (action === 'install') {
      await vscode.env.openExternal(vscode.Uri.parse(ollamaDownloadUrl));
      return;
    }
    this.ollamaTerminal(action === 'start' ? ['serve'] : ollamaCommand('pull').args);
    // Ollama starting (or a model coming): ask loopls again for a while.
    this.pollSetup();
  }

  /** Asks loopls/models again every 2 s, up to a minute, until nothing is missing. */
  private pollSetup(): void {
    if (this.setupPolls > 0) {
      this.setupPolls = 30;
      return;
    }
    this.setupPolls = 30;
    const tick = async () => {
      if (this.setupPolls <= 0) return;
      this.setupPolls--;
      await this.refreshModels();
      if (!this.setup) this.setupPolls = 0;
      else setTimeout(() => void tick(), 2000);
    };
    setTimeout(() => void tick(), 2000);
  }

  /**
   * A terminal running \`ollama ARGS\` itself (its shell is ollama): nothing
   * is typed into a shell before its prompt. With no ollama on PATH the user
   * is told so and offered the download.
   */
  private ollamaTerminal(args: string[]): void {
    // PATH first; else LOOPLS_OLLAMA_CLI, for an ollama the extension host's
    // PATH does not hold (a remote host resolves PATH from a login shell).
    const named = process.env.LOOPLS_OLLAMA_CLI;
    const exe =
      findExecutable('ollama', process.env.PATH ?? process.env.Path, isExecutableFile) ??
      (named && path.isAbsolute(named) && isExecutableFile(named) ? named : undefined);
    const name = ['ollama', ...args].join(' ');
    this.host.log({ ev: 'panelTerminal', name, shellPath: exe, shellArgs: args });
    if (!exe) {
      void vscode.window
        .showWarningMessage(`loopls: Ollama is not installed here (no ollama on PATH), so "${name}" cannot run.`, 'Install Ollama')
        .then((a) => a && vscode.env.openExternal(vscode.Uri.parse(ollamaDownloadUrl)));
      return;
    }
    vscode.window.createTerminal({ name, shellPath: exe, shellArgs: args }).show();
  }

  private pickModel(model: string): void {
    this.conversation.pickModel(model);
    this.host.log({ ev: 'panelModel', model });
    this.post({ type: 'models', models: this.models, selected: model });
    this.post({ type: 'status', status: this.conversation.status() });
  }

  /**
   * Asks loopls to have Ollama load the configured model while the user
   * types (loopls/warmUp), once per panel opening: loopls loads only the
   * model the settings name, never evicting another. Nothing waits for it.
   */
  private warmUp(): void {
    const c = this.host.client();
    if (!c || !c.isRunning()) return;
    c.sendRequest<{ loaded: boolean; reason?: string }>(Methods.warmUp, {}).then(
      (r) => this.host.log({ ev: 'panelWarmUp', loaded: r?.loaded ?? false, reason: r?.reason }),
      (e) => this.host.log({ ev: 'panelWarmUpFailed', error: message(e) }),
    );
  }

  private async refreshModels(): Promise<void> {
    const c = this.host.client();
    if (!c || !c.isRunning()) return;
    let list: ModelInfo[] = [];
    let setup: SetupView | undefined;
    try {
      list = (await c.sendRequest<ModelInfo[]>(Methods.models, {})) ?? [];
      setup = setupFromModels({ models: list });
    } catch (e) {
      this.host.log({ ev: 'panelModelsFailed', error: message(e) });
      setup = setupFromModels({ error: message(e) });
    }
    this.setup = setup;
    this.host.log({ ev: 'panelSetup', setup });
    this.post({ type: 'setup', setup });
    const models = modelViews(list);
    this.models = models;
    const { model: configured, contextWindow } = this.host.settings();
    this.conversation.setFallbackWindow(contextWindow);
    this.conversation.setModels(models, this.conversation.model, configured);
    this.host.log({ ev: 'panelModels', models });
    this.post({ type: 'models', models, selected: this.conversation.model });
  }

  private notice: NoticeView | undefined;

  /**
   * The daemon named the model it picked because none is set (extension.ts
   * takes it from window/showMessage): shown once, in the panel, until
   * dismissed for that model or a model is set.
   */
  modelNotice(n: NoticeView): void {
    if (this.host.settings().model !== '' || this.host.noticeDismissed?.(n.model)) return;
    if (this.notice?.model === n.model) return;
    this.notice = n;
    this.host.log({ ev: 'panelNotice', notice: n });
    this.post({ type: 'notice', notice: n });
  }

  /** loopls.model changed: once one is set, the notice has nothing to say. */
  modelSettingChanged(): void {
    if (this.notice && this.host.settings().model !== '') this.clearNotice();
  }

  private clearNotice(): void {
    this.notice = undefined;
    this.post({ type: 'notice' });
  }

  private async noticeAction(action: NoticeAction): Promise<void> {
    const n = this.notice;
    this.host.log({ ev: 'panelNoticeAction', action, model: n?.model });
    if (!n) return;
    if (action === 'dismiss') {
      this.host.dismissNotice?.(n.model);
      this.clearNotice();
      return;
    }
    await vscode.commands.executeCommand('workbench.action.openSettings', 'loopls.model');
  }

  /** `loopls/renameSession`; the list (and the title, when it is the shown one) follow. */
  private async renameSession(sessionId: string, title: string): Promise<void> {
    const c = this.host.client();
    if (!c) return;
    try {
      const res = await c.sendRequest<{ title?: string }>(Methods.renameSession, { sessionId, title });
      this.host.log({ ev: 'panelSessionRenamed', sessionId, title: res?.title });
      if (typeof res?.title === 'string' && this.conversation.renamed(sessionId, res.title)) this.postConversation();
    } finally {
      await this.refreshSessions();
    }
  }

  /** `loopls/deleteSession`; deleting the shown conversation starts a new one. */
  private async deleteSession(sessionId: string): Promise<void> {
    const c = this.host.client();
    if (!c) return;
    try {
      await c.sendRequest(Methods.deleteSession, { sessionId });
      this.host.log({ ev: 'panelSessionDeleted', sessionId });
      if (this.conversation.sessionId === sessionId) this.newConversation();
    } finally {
      await this.refreshSessions();
    }
  }

  /**
   * Re-draws the session the last window showed, once a server runs, if the
   * panel shows nothing else yet (a run started or a session opened first
   * wins, and the restore is dropped).
   */
  private async restoreShown(): Promise<void> {
    const id = this.restore;
    if (!id) return;
    if (!this.conversation.empty) {
      this.restore = undefined;
      this.host.rememberShown?.(this.conversation.sessionId);
      return;
    }
    const c = this.host.client();
    if (!c || !c.isRunning()) return;
    this.restore = undefined;
    try {
      await this.openSession(id);
      this.host.log({ ev: 'panelRestored', sessionId: id });
    } catch (e) {
      // Deleted meanwhile, or another store: an empty conversation, as before.
      this.host.log({ ev: 'panelRestoreFailed', sessionId: id, error: message(e) });
      this.host.rememberShown?.(this.conversation.sessionId);
    }
  }

  /** Re-draws a stored session from `loopls/session`; the next send continues it. */
  async openSession(sessionId: string): Promise<void> {
    const c = this.host.client();
    if (!c) return;
    const detail = await c.sendRequest<SessionDetail>(Methods.session, { sessionId });
    if (sessionId !== this.conversation.sessionId) this.returnQueue();
    const summary = this.sessionsCache.find((s) => s.sessionId === sessionId);
    this.conversation.load(detail, summary?.resumableRun);
    this.host.sessionLoaded?.((detail.runs ?? []).filter((r) => r && typeof r.runId === 'string'));
    this.host.log({ ev: 'panelSession', sessionId, runs: (detail.runs ?? []).map((r) => r.runId) });
    this.postConversation();
  }

  private async resume(runId: string): Promise<void> {
    const c = this.host.client();
    if (!c) return;
    this.apply(this.conversation.resuming(runId));
    this.host.log({ ev: 'panelResume', runId });
    // Pending until the run ends; the notifications draw it meanwhile.
    c.sendRequest<RunRecord>(Methods.resumeRun, { runId }).then(
      (rec) => this.host.log({ ev: 'panelResumed', runId, outcome: rec?.outcome }),
      (e) => {
        const data = (e as { data?: RunRecord }).data;
        if (data && data.runId === runId) return; // the run ran and ended otherwise: drawn already
        this.apply(this.conversation.resumeRefused(runId));
        this.host.log({ ev: 'panelResumeFailed', runId, error: message(e) });
        this.post({ type: 'banner', text: `loopls: ${message(e)}` });
      },
    );
  }

  /** Cancels the conversation's running runs (Cancel, Escape, "loopls: Cancel" in the view). */
  async cancel(): Promise<boolean> {
    const c = this.host.client();
    const ids = this.conversation.running();
    if (!c || ids.length === 0) return false;
    for (const runId of ids) {
      await c.sendRequest(ExecuteCommandRequest.type, { command: ServerCommands.cancel, arguments: [{ runId }] });
    }
    this.host.log({ ev: 'panelCancel', runIds: ids });
    return true;
  }

  private async insert(text: string): Promise<void> {
    const ed = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
    if (!ed) {
      void vscode.window.showInformationMessage('loopls: open a file to insert the code into.');
      return;
    }
    const ok = await ed.edit((b) => {
      for (const sel of ed.selections) b.replace(sel, text);
    });
    this.host.log({ ev: 'panelInsert', uri: ed.document.uri.toString(), ok });
  }

  /**
   * The workspace file a path of an answer names: the first folder that has
   * it, else (`create`) where it would be made in the first folder. Never a
   * path outside the workspace's folders.
   */
  private async workspaceFile(rel: string, create: boolean): Promise<{ uri: vscode.Uri; exists: boolean } | undefined> {
    const ref = fileRef(rel, false);
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (!ref || folders.length === 0) return undefined;
    // Inside the folder, also once symlinks are followed (a local folder).
    const confined = async (folder: vscode.Uri, uri: vscode.Uri) =>
      uri.path.startsWith(folder.path.replace(/\/+$/, '') + '/') && (uri.scheme !== 'file' || (await insideFolder(folder.fsPath, uri.fsPath)));
    for (const f of folders) {
      const uri = vscode.Uri.joinPath(f.uri, ref.path);
      const st = await vscode.workspace.fs.stat(uri).then((x) => x, () => undefined);
      if (st && st.type & vscode.FileType.File) return (await confined(f.uri, uri)) ? { uri, exists: true } : undefined;
    }
    const fresh = vscode.Uri.joinPath(folders[0].uri, ref.path);
    return create && (await confined(folders[0].uri, fresh)) ? { uri: fresh, exists: false } : undefined;
  }

  /**
   * Which names in an answer's prose are workspace files (a stat each, at
   * most maxCheckPaths a message): only those become file links, so that
   * "Node.js" stays text.
   */
  private async checkPaths(paths: string[]): Promise<void> {
    const checked = paths.slice(0, maxCheckPaths);
    const found = await Promise.all(checked.map(async (p) => ((await this.workspaceFile(p, false)) ? p : undefined)));
    const existing = found.filter((p): p is string => p !== undefined);
    this.host.log({ ev: 'panelCheckPaths', checked, existing });
    this.post({ type: 'paths', checked, existing });
  }

  /** A file link of an answer: the workspace file opens in the editor (at its line). */
  private async openFile(rel: string, line?: number): Promise<void> {
    const f = await this.workspaceFile(rel, false);
    this.host.log({ ev: 'panelOpenFile', path: rel, line, uri: f?.uri.toString() });
    if (!f) {
      void vscode.window.showInformationMessage(`loopls: there is no file ${rel} in this workspace.`);
      return;
    }
    const at = line ? new vscode.Position(line - 1, 0) : undefined;
    await vscode.window.showTextDocument(f.uri, { preview: false, selection: at && new vscode.Range(at, at) });
  }

  /**
   * A code block's Apply: the change it makes to its file (the path the
   * answer names, else the active editor's file) is reviewed as a diff with
   * Accept and Reject; nothing changes before Accept, and the accepted text
   * is saved (loopls.saveKeptEdits; a new file is written) and shown in its
   * editor. Where in the file:
   * placeCode (the selection, the whole file only when the block evidently
   * is the file, the region it redefines, else inserted at the cursor).
   */
  private async applyCode(text: string, rel?: string, lang?: string): Promise<void> {
    if (!this.host.reviewEdit) return;
    let uri: vscode.Uri;
    let exists = true;
    if (rel) {
      const f = await this.workspaceFile(rel, true);
      if (!f) {
        void vscode.window.showInformationMessage(`loopls: ${rel} is not a path in this workspace; open the file and use Apply to file.`);
        return;
      }
      ({ uri, exists } = f);
    } else {
      const ed = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
      if (!ed) {
        void vscode.window.showInformationMessage('loopls: open the file to apply the code to.');
        return;
      }
      uri = ed.document.uri;
    }
    const doc = exists ? await vscode.workspace.openTextDocument(uri) : undefined;
    const shown = vscode.workspace.asRelativePath(uri, false);
    // The editor showing the file (the active one first): its selection and cursor.
    const ed = [vscode.window.activeTextEditor, ...vscode.window.visibleTextEditors].find((e) => e && e.document.uri.toString() === uri.toString());
    const lsp = (p: vscode.Position) => ({ line: p.line, character: p.character });
    const place = doc
      ? placeCode(doc.getText(), text, {
          path: shown,
          lang,
          selection: ed && !ed.selection.isEmpty ? { start: lsp(ed.selection.start), end: lsp(ed.selection.end) } : undefined,
          cursor: ed ? lsp(ed.selection.active) : undefined,
        })
      : undefined;
    const edit = applyCodeEdit(uri.toString(), shown, doc?.getText(), text, place);
    // The tests wait for the panelApplied of their own Apply by its review's key.
    let review: string | undefined;
    const res = await this.host.reviewEdit({ label: applyLabel(shown), edit }, async () => {
      const we = new vscode.WorkspaceEdit();
      if (doc && place) {
        const r = place.range;
        we.replace(uri, new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character), place.newText);
      } else {
        we.createFile(uri, { ignoreIfExists: true });
        we.insert(uri, new vscode.Position(0, 0), text);
      }
      const applied = await vscode.workspace.applyEdit(we);
      if (applied) await this.host.saveKept?.([uri.toString()]);
      if (applied) await vscode.window.showTextDocument(uri, { preview: false });
      return { applied };
    }, (key) => {
      review = key;
      this.host.log({ ev: 'panelApply', review: key, path: rel, uri: uri.toString(), exists, how: place?.how ?? 'create' });
    });
    this.host.log({ ev: 'panelApplied', review, uri: uri.toString(), applied: res.applied });
  }

  /**
   * Retry of a run that failed on its model: its prompt again, in its mode,
   * with its attached context, in its session (the conversation's). While a
   * run runs it is queued, as its prompt alone.
   */
  private async retry(runId: string): Promise<void> {
    const params = retryParams(this.conversation.run(runId));
    if (!params) return;
    this.host.log({ ev: 'panelRetry', runId, params });
    if (this.conversation.busy()) return this.send(params.prompt);
    const { prompt, ...rest } = params;
    await this.startRun(prompt, rest);
  }

  /** The error's next step: a terminal running the command, or a model picked. */
  private nextStep(runId: string): void {
    const step = this.conversation.run(runId)?.nextStep;
    if (!step) return;
    if (step.action === 'model') {
      this.pickModel(step.command);
      return;
    }
    // nextStep offers only `ollama pull NAME` (a plain name) and `ollama serve`.
    const [prog, ...args] = step.command.split(' ');
    if (prog !== 'ollama') return;
    this.ollamaTerminal(args);
    if (args[0] === 'serve' || args[0] === 'pull') this.pollSetup();
  }
}

/**
 * The first executable `name` in the absolute directories of PATH (never the
 * current directory, which is the workspace's), or undefined.
 */
function findExecutable(name: string, pathEnv: string | undefined, isExec: (file: string) => boolean, platform: NodeJS.Platform = process.platform): string | undefined {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const sep = platform === 'win32' ? ';' : ':';
  const exts = platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (pathEnv ?? '').split(sep)) {
    if (dir.trim() === '' || !p.isAbsolute(dir)) continue;
    for (const ext of exts) {
      const file = p.join(dir, name + ext);
      if (isExec(file)) return file;
    }
  }
  return undefined;
}
