// The loopls VS Code extension: starts the daemon with vscode-languageclient
// and renders its runs. All agent logic stays in loopls; this file is glue
// between VS Code's API and the pure modules (settings, viewmodel, approval).

import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  MessageType,
  ShowMessageNotification,
  type ShowMessageParams,
  State,
  type LanguageClientOptions,
  type ServerOptions,
  type StaticFeature,
  type FeatureState,
  type ClientCapabilities,
} from 'vscode-languageclient/node';
import {
  Methods,
  ServerCommands,
  type ApproveParams,
  type DeltaParams,
  type RunRecord,
  type RunStarted,
  type RunStartedParams,
  type SessionSummary,
  type ToolCallParams,
  type ModelWaitParams,
  type TransitionParams,
  type DiagnosticsParams,
} from './protocol';
import { answerDiagnostics, DiagnosticsCapability, Settler, verdictText } from './diagnostics';
import { affectsServer, didChangeConfigurationParams, ignoredWorkspaceKeys, needsRestart, serverCommand, toServerSettings, userOnly } from './settings';
import { isMode, parseReviewMessage, type Mode } from './review';
import { Review } from './reviewhost';
import { needsConfirmation, parseEditReviewMessage } from './editreview';
import { EditReview } from './editreviewhost';
import { keptUris } from './keptedits';
import { TestLog } from './testlog';
import { PanelProvider, panelViewId } from './panel/view';
import { sessionViews } from './panel/conversation';
import { sessionMeta } from './panel/sessions';
import { modelNotice } from './panel/notice';
import { restrictRun, type TrustState } from './trust';
import { RunsModel, statusText, type Output } from './viewmodel';

let client: LanguageClient | undefined;
let model = new RunsModel();
let output: vscode.OutputChannel;
let status: vscode.StatusBarItem;
let testLog: TestLog;
let review: Review;
let editReview: EditReview;
// Created once: a restarted client reuses them. vscode-languageclient >= 10
// needs LogOutputChannels here.
let serverLog: vscode.LogOutputChannel;
let traceLog: vscode.LogOutputChannel;
let panel: PanelProvider;
let runningKey: boolean | undefined;
/** globalState: the models whose "no model configured" notice the user dismissed. */
const dismissedNoticesKey = 'loopls.dismissedModelNotices';
/** The workspaceState key of the session the panel shows, re-drawn after a window reload. */
const shownSessionKey = 'loopls.shownSession';
const settler = new Settler();

/** Declares `experimental.loopls.approvals` so loopls asks through `loopls/approve`. */
class ApprovalsCapability implements StaticFeature {
  fillClientCapabilities(caps: ClientCapabilities): void {
    const experimental = (caps.experimental ?? {}) as Record<string, unknown>;
    experimental.loopls = { ...((experimental.loopls as object | undefined) ?? {}), approvals: true };
    caps.experimental = experimental;
    // One status bar item says what a run does, in words ("Thinking… · turn 1"),
    // and clicking it cancels the run: VS Code would show the server's work-done
    // progress as a second entry beside it. Registered after the client's own
    // features, this takes back their workDoneProgress.
    caps.window = { ...(caps.window ?? {}), workDoneProgress: false };
  }
  initialize(): void {}
  getState(): FeatureState {
    return { kind: 'static' };
  }
  clear(): void {}
}

/** A run refused because the workspace is not trusted; its message says why. */
class RestrictedModeError extends Error {}

/**
 * The language client every request goes through. In a workspace VS Code
 * does not trust, a request that starts a run is made an `ask` run or
 * refused here (trust.ts), whichever code path sent it: a command, the
 * panel, or the server's own code action through executeCommand.
 */
class TrustingClient extends LanguageClient {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override sendRequest(type: any, ...rest: any[]): Promise<any> {
    const method: string = typeof type === 'string' ? type : type.method;
    const guarded = restrictRun(method, rest[0], trustState());
    if (guarded.refusal !== undefined) {
      testLog.write({ ev: 'runRefused', method, params: rest[0], message: guarded.refusal });
      void vscode.window
        .showErrorMessage(guarded.refusal, 'Manage Workspace Trust')
        .then((a) => a && vscode.commands.executeCommand('workbench.trust.manage'));
      return Promise.reject(new RestrictedModeError(guarded.refusal));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const send = super.sendRequest as (...a: any[]) => Promise<any>;
    if (guarded.params === rest[0]) return send.call(this, type, ...rest);
    testLog.write({ ev: 'restricted', method, params: guarded.params });
    return send.call(this, type, guarded.params, ...rest.slice(1));
  }
}

function trustState(): TrustState {
  return { trusted: vscode.workspace.isTrusted };
}

/** The mode a conversation starts in: the setting, or ask where the workspace is not trusted. */
function startMode(): Mode {
  const m = getter()('mode');
  if (!vscode.workspace.isTrusted) return 'ask';
  return isMode(m) ? m : 'auto';
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('loopls');
}

/**
 * Saves the documents a kept edit wrote (loopls.saveKeptEdits, on by
 * default), before loopls is told the edit landed: the agent's next command
 * then reads what the user sees. Format-on-save runs; its didChange reaches
 * loopls first, which journals the text that was saved.
 */
async function saveKept(uris: string[]): Promise<void> {
  if (config().get<boolean>('saveKeptEdits') === false) return;
  for (const u of uris) {
    const uri = vscode.Uri.parse(u);
    const doc =
      vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ??
      (await vscode.workspace.openTextDocument(uri).then(
        (d) => d,
        () => undefined,
      ));
    if (!doc?.isDirty) continue;
    const saved = await doc.save();
    testLog.write({ ev: 'keptSaved', path: vscode.workspace.asRelativePath(uri, false), saved, text: doc.getText() });
  }
}

/** Says once per start which of the user-only settings the workspace sets, and that they are ignored. */
function warnIgnoredWorkspaceSettings(): void {
  const c = config();
  const ignored = ignoredWorkspaceKeys((key) => c.inspect(key));
  if (ignored.length === 0) return;
  testLog.write({ ev: 'ignoredWorkspaceSettings', keys: ignored });
  void vscode.window.showWarningMessage(
    `loopls: this workspace's settings set ${ignored.join(', ')}; loopls takes them from your user settings only, so a repository cannot choose the binary, the model, the host, the mode or which commands run unasked.`,
  );
}

/** The settings as loopls uses them: the machine keys from the user's settings only (settings.ts). */
function getter(): (key: string) => unknown {
  const c = config();
  return userOnly(
    (key) => c.inspect(key),
    (key) => c.get(key),
  );
}

function render(out: Output): void {
  for (const s of out) output.append(s);
  const { text, tooltip } = statusText(model.latest());
  status.text = text;
  status.tooltip = tooltip;
  const running = model.active().length > 0;
  status.command = running ? 'loopls.cancelRun' : 'loopls.runAgent';
  // Cancel (the view's title button, the palette) is offered only while a run runs.
  if (running !== runningKey) {
    runningKey = running;
    void vscode.commands.executeCommand('setContext', 'loopls.running', running);
  }
  testLog.write({ ev: 'status', text, run: model.latest() && summary(model.latest()!) });
}

function summary(r: NonNullable<ReturnType<RunsModel['latest']>>) {
  return { runId: r.runId, state: r.state, turn: r.turn, outcome: r.outcome, ended: r.ended, text: r.text, tools: r.tools };
}

/** Where to look for the binary: loopls.path, then the bundled one, then PATH (binary.ts). */
function binaryEnv(context: vscode.ExtensionContext) {
  return { extensionPath: context.extensionPath, platform: process.platform, pathEnv: process.env.PATH ?? process.env.Path };
}

function createClient(context: vscode.ExtensionContext): LanguageClient {
  warnIgnoredWorkspaceSettings();
  const { command, args, source } = serverCommand(getter(), binaryEnv(context));
  testLog.write({ ev: 'binary', command, source });
  const serverOptions: ServerOptions = { command, args };
  const clientOptions: LanguageClientOptions = {
    // loopls works on any file: the code action and the overlays are language-agnostic.
    documentSelector: [{ scheme: 'file' }, { scheme: 'untitled' }],
    initializationOptions: () => {
      const options = toServerSettings(getter(), vscode.workspace.isTrusted);
      testLog.write({ ev: 'initOptions', options });
      return options;
    },
    outputChannel: serverLog,
    traceOutputChannel: traceLog,
    middleware: {
      // The server's "Fix this" code action runs loopls.fix with the range
      // only; ask for the optional instruction first, and track the run the
      // command answers with.
      executeCommand: async (command, args, next) => {
        if (command === ServerCommands.fix) {
          const arg = fixArgument(args);
          if (arg && arg.instruction === undefined) {
            const instruction = await askInstruction();
            if (instruction === undefined) return undefined;
            if (instruction !== '') arg.instruction = instruction;
          }
          // The panel's mode and attached context go with the fix.
          if (arg) Object.assign(arg, review.takeRunParams());
        }
        const res = await next(command, args);
        if ((command === ServerCommands.run || command === ServerCommands.fix) && isRunStarted(res)) {
          testLog.write({ ev: 'runStarted', command, label: runLabel(command, args), started: res, via: 'serverCommand' });
          render(model.started(res.runId, res.sessionId, runLabel(command, args)));
          output.show(true);
          // The code action's fix: the panel opens on its run.
          if (command === ServerCommands.fix) void panel.showRun(res.runId, res.sessionId, runLabel(command, args));
        }
        return res;
      },
      // Edits come from loopls as workspace/applyEdit. In edit mode they
      // carry needsConfirmation: the change opens as a diff in the editor
      // with Accept and Reject (editreviewhost.ts), and only an accepted one
      // is applied, with its annotations stripped so VS Code does not ask a
      // second time in its Refactor Preview. The answer (applied or not) is
      // what loopls tells the model.
      workspace: {
        handleApplyEdit: async (params, next) => {
          const confirm = needsConfirmation(params.edit);
          testLog.write({ ev: 'applyEdit', label: params.label, needsConfirmation: confirm });
          // The documents holding unsaved typing when the edit lands are
          // not saved after it (keptedits.ts): a command's change to a
          // dirty buffer stays unsaved, with the typing.
          let unsaved = new Set<string>();
          // vscode-languageclient's next takes no token (the signature asks for one).
          const apply = async (p: typeof params) => {
            unsaved = new Set(vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.toString()));
            return next(p, new vscode.CancellationTokenSource().token);
          };
          // The edit's card: loopls labels it "loopls: TOOL PATH".
          const labelled = /^loopls: (?:edit_file|write_file) (.+)$/.exec(params.label ?? '');
          const where = { names: ['edit_file', 'write_file'], ...(labelled ? { arg: labelled[1] } : {}) };
          if (confirm) panel.toolWaiting('waiting for your review', where);
          let review: string | undefined;
          const res = confirm ? await editReview.review(params, apply, true, (k) => (review = k)) : await apply(params);
          if (confirm) panel.toolWaiting(undefined, where);
          if ((res as { applied?: boolean }).applied) await saveKept(keptUris(params.edit, (u) => unsaved.has(vscode.Uri.parse(u).toString())));
          testLog.write({ ev: 'applyEditResult', label: params.label, needsConfirmation: confirm, review, res });
          return res;
        },
      },
    },
  };
  const c = new TrustingClient('loopls', 'loopls', serverOptions, clientOptions);
  c.registerFeature(new ApprovalsCapability());
  // window/showMessage, as vscode-languageclient shows it (a toast by type),
  // except the model loopls picked when none is set: that one is the panel's
  // notice, once, beside its setup card (notice.ts), not a toast at every run.
  c.onNotification(ShowMessageNotification.type, (p: ShowMessageParams) => {
    const notice = modelNotice(p.message);
    testLog.write({ ev: 'showMessage', p, notice: !!notice });
    if (notice) return panel.modelNotice(notice);
    const show =
      p.type === MessageType.Error ? vscode.window.showErrorMessage : p.type === MessageType.Warning ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    void show(p.message);
  });
  c.onNotification(Methods.runStarted, (p: RunStartedParams) => {
    testLog.write({ ev: 'runStartedNote', p });
    panel.runStarted(p);
  });
  c.onNotification(Methods.transition, (p: TransitionParams) => {
    testLog.write({ ev: 'transition', p });
    render(model.transition(p));
    panel.transition(p);
  });
  c.onNotification(Methods.delta, (p: DeltaParams) => {
    render(model.delta(p));
    panel.delta(p);
  });
  c.onNotification(Methods.modelWait, (p: ModelWaitParams) => {
    testLog.write({ ev: 'modelWait', p });
    render(model.modelWait(p));
    panel.modelWait(p);
  });
  c.onNotification(Methods.toolCall, (p: ToolCallParams) => {
    testLog.write({ ev: 'toolCall', p });
    render(model.toolCall(p));
    panel.toolCall(p);
  });
  c.onNotification(Methods.runEnded, (p: RunRecord) => {
    testLog.write({ ev: 'runEnded', p });
    const verdict = verdictText(p.verdict);
    if (verdict) output.appendLine(`loopls: ${verdict}`);
    render(model.ended(p));
    review.runEnded(p);
    // A review nobody answered before the runs ended is withdrawn.
    if (model.active().length === 0) editReview.withdrawAll();
    panel.ended(p);
  });
  // A crashed daemon (restarted by the client) ends no run itself: the views end them.
  c.onDidChangeState((e) => {
    testLog.write({ ev: 'serverState', from: e.oldState, to: e.newState });
    if (e.newState === State.Stopped) {
      for (const r of model.active()) {
        render(model.ended({ runId: r.runId, sessionId: r.sessionId, outcome: 'failed', error: { kind: 'Internal', message: 'daemon stopped' } }));
      }
      panel.serverStopped();
    } else if (e.newState === State.Running && e.oldState !== State.Running) {
      panel.serverStarted();
    }
  });
  c.onRequest(Methods.approve, async (p: ApproveParams, token: vscode.CancellationToken) => {
    // The tool's card says it waits for the user, not that it runs.
    const where = { runId: p?.runId, callId: typeof p?.toolCall?.id === 'string' ? p.toolCall.id : undefined };
    panel.toolWaiting('waiting for approval', where);
    try {
      return await review.approve(p, token);
    } finally {
      panel.toolWaiting(undefined, where);
    }
  });
  c.registerFeature(new DiagnosticsCapability());
  c.onRequest(Methods.diagnostics, async (p: DiagnosticsParams, token: vscode.CancellationToken) => {
    const conv = c.code2ProtocolConverter;
    const res = await answerDiagnostics(
      settler,
      {
        parse: (u) => c.protocol2CodeConverter.asUri(u),
        get: (u) => vscode.languages.getDiagnostics(u),
        version: (u) => vscode.workspace.textDocuments.find((d) => conv.asUri(d.uri) === u)?.version,
        asDiagnostics: (d) => conv.asDiagnostics(d),
        now: () => Date.now(),
      },
      p,
      token,
      (l) => vscode.languages.onDidChangeDiagnostics(l),
    );
    testLog.write({ ev: 'diagnostics', params: p, answer: res });
    return res;
  });
  return c;
}

function fixArgument(args: unknown[]): { instruction?: string } | undefined {
  const a = args[0];
  return a !== null && typeof a === 'object' ? (a as { instruction?: string }) : undefined;
}

/** A run's header label: the prompt, or "fix FILE" for a fix. */
function runLabel(command: string, args: unknown[]): string {
  const a = (args[0] ?? {}) as { prompt?: unknown; uri?: unknown; instruction?: unknown };
  if (command === ServerCommands.run && typeof a.prompt === 'string') return a.prompt;
  if (typeof a.uri === 'string') {
    const what = vscode.workspace.asRelativePath(vscode.Uri.parse(a.uri));
    return typeof a.instruction === 'string' ? `fix ${what}: ${a.instruction}` : `fix ${what}`;
  }
  return command;
}

function isRunStarted(v: unknown): v is RunStarted {
  return v !== null && typeof v === 'object' && typeof (v as RunStarted).runId === 'string';
}

function askInstruction(): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'loopls: Fix This',
    prompt: 'Instruction (optional): what should change? Empty: fix what is wrong.',
    ignoreFocusOut: true,
  }).then((v) => (v === undefined ? undefined : v.trim()));
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  client = createClient(context);
  try {
    await client.start();
    testLog.write({ ev: 'started', caps: client.initializeResult?.capabilities, serverInfo: client.initializeResult?.serverInfo, trusted: vscode.workspace.isTrusted });
  } catch (e) {
    testLog.write({ ev: 'start-failed', error: String(e) });
    const { command } = serverCommand(getter(), binaryEnv(context));
    void vscode.window
      .showErrorMessage(`loopls could not start (${command}): ${e}. Install loopls or set "loopls.path".`, 'Open Settings')
      .then((a) => a && vscode.commands.executeCommand('workbench.action.openSettings', 'loopls.path'));
  }
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

function running(): LanguageClient | undefined {
  if (client && client.isRunning()) return client;
  void vscode.window.showErrorMessage('loopls is not running: see the "loopls server" output, or "loopls: Restart Server".');
  return undefined;
}

async function execute<T>(c: LanguageClient, command: string, arg: unknown): Promise<T> {
  return c.sendRequest(ExecuteCommandRequest.type, { command, arguments: [arg] }) as Promise<T>;
}

async function startRun(c: LanguageClient, command: string, arg: object, label: string): Promise<void> {
  try {
    // The session's mode and the attached context chips go with the run.
    const started = await execute<RunStarted>(c, command, { ...arg, ...review.takeRunParams() });
    // label: the prompt (or the fix's file), which the tests wait on.
    testLog.write({ ev: 'runStarted', command, label, started });
    if (started && started.runId) render(model.started(started.runId, started.sessionId, label));
    output.show(true);
    // Fix This: the panel opens on its run.
    if (command === ServerCommands.fix && started && started.runId) void panel.showRun(started.runId, started.sessionId, label);
  } catch (e) {
    testLog.write({ ev: 'runStartFailed', command, error: String(e) });
    if (e instanceof RestrictedModeError) return; // already shown, with the way out
    void vscode.window.showErrorMessage(`loopls: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function runAgent(): Promise<void> {
  const c = running();
  if (!c) return;
  const prompt = await vscode.window.showInputBox({
    title: 'loopls: Run Agent',
    prompt: 'What should the agent do?',
    placeHolder: 'e.g. add a test for parseConfig',
    ignoreFocusOut: true,
  });
  if (!prompt) return;
  await startRun(c, ServerCommands.run, { prompt }, prompt);
}

async function fixThis(): Promise<void> {
  const c = running();
  if (!c) return;
  const ed = vscode.window.activeTextEditor;
  if (!ed) {
    void vscode.window.showInformationMessage('loopls: open a file and select what to fix.');
    return;
  }
  const sel = ed.selection.isEmpty ? ed.document.lineAt(ed.selection.active.line).range : ed.selection;
  const instruction = await askInstruction();
  if (instruction === undefined) return;
  const diagnostics = vscode.languages.getDiagnostics(ed.document.uri).filter((d) => d.range.intersection(sel));
  const conv = c.code2ProtocolConverter;
  const arg: Record<string, unknown> = {
    uri: conv.asUri(ed.document.uri),
    range: conv.asRange(sel),
  };
  if (diagnostics.length > 0) arg.diagnostics = await conv.asDiagnostics(diagnostics);
  if (instruction !== '') arg.instruction = instruction;
  await startRun(c, ServerCommands.fix, arg, `fix ${vscode.workspace.asRelativePath(ed.document.uri)}`);
}

async function cancelRun(): Promise<void> {
  const c = running();
  if (!c) return;
  // The panel's conversation first: its running run is the one in front of the user.
  if (await panel.cancel().catch(() => false)) return;
  const active = model.active();
  // With no run known to the model (one started by the code action before its
  // first notification), cancel them all: loopls.cancel without an id.
  const arg = active.length === 1 ? { runId: active[0].runId } : {};
  try {
    await execute<unknown>(c, ServerCommands.cancel, arg);
    testLog.write({ ev: 'cancelSent', arg });
  } catch (e) {
    void vscode.window.showErrorMessage(`loopls: cancel failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function undoLastRun(): Promise<void> {
  const c = running();
  if (!c) return;
  const last = model.lastEnded();
  if (!last) {
    void vscode.window.showInformationMessage('loopls: no finished run to undo yet.');
    return;
  }
  await review.undoRun(last.runId);
}

/**
 * A quick pick of the workspace's sessions, newest first, each with its runs
 * and when it was last updated in words; the picked one opens in the panel.
 */
async function showSessions(): Promise<void> {
  const c = running();
  if (!c) return;
  try {
    const sessions = sessionViews(await c.sendRequest<SessionSummary[]>(Methods.sessions, {}));
    if (sessions.length === 0) {
      void vscode.window.showInformationMessage('loopls: no sessions in this workspace yet.');
      return;
    }
    const now = new Date();
    const pick = await vscode.window.showQuickPick(
      sessions.map((s) => ({ label: s.title, description: sessionMeta(s, now), detail: s.preview, sessionId: s.sessionId })),
      { title: 'loopls sessions', placeHolder: 'Search by title; the picked session opens in the panel', matchOnDescription: false },
    );
    if (!pick) return;
    testLog.write({ ev: 'sessionPicked', sessionId: pick.sessionId, label: pick.label, description: pick.description });
    await panel.openSession(pick.sessionId);
    await panel.reveal();
  } catch (e) {
    void vscode.window.showErrorMessage(`loopls: sessions failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Test hook: records the active document and the model (see test/e2e). */
function dumpState(): void {
  const ed = vscode.window.activeTextEditor;
  testLog.write({
    ev: 'dump',
    uri: ed?.document.uri.toString(),
    dirty: ed?.document.isDirty,
    text: ed?.document.getText(),
    status: status.text,
    latest: model.latest() && summary(model.latest()!),
    output: 'see runs',
  });
}

async function sendSettings(): Promise<void> {
  if (!client?.isRunning()) return;
  const params = didChangeConfigurationParams(getter(), vscode.workspace.isTrusted);
  testLog.write({ ev: 'didChangeConfiguration', params });
  await client.sendNotification(DidChangeConfigurationNotification.type, params);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  testLog = new TestLog(process.env.LOOPLS_VSCODE_TEST_LOG);
  review = new Review(() => (client && client.isRunning() ? client : undefined), testLog, () => model.lastEnded()?.record, context.workspaceState);
  review.register(context);
  editReview = new EditReview(testLog);
  editReview.register(context);
  if (review.currentMode() !== startMode()) review.setMode(startMode());
  // The test-only dump command shows in the palette only under a test run.
  void vscode.commands.executeCommand('setContext', 'loopls.testMode', testLog.enabled);
  output = vscode.window.createOutputChannel('loopls');
  serverLog = vscode.window.createOutputChannel('loopls server', { log: true });
  traceLog = vscode.window.createOutputChannel('loopls trace', { log: true });
  status = vscode.window.createStatusBarItem('loopls.state', vscode.StatusBarAlignment.Left, 10);
  status.name = 'loopls';
  context.subscriptions.push(output, serverLog, traceLog, status);
  render([]);
  status.show();

  panel = new PanelProvider(context.extensionUri, {
    client: () => running(),
    log: (obj) => testLog.write(obj),
    testing: testLog.enabled,
    settings: () => ({ model: String(getter()('model') ?? ''), contextWindow: Number(config().get('contextWindow') ?? 0) }),
    runParams: () => review.takeRunParams(),
    forward: (m) => {
      const edit = parseEditReviewMessage(m);
      if (edit) return editReview.handle(edit);
      const msg = parseReviewMessage(m);
      return msg ? review.handle(msg) : undefined;
    },
    partsReady: () => {
      review.attach({ visible: () => panel.visible(), post: (m) => panel.postOther(m) });
      editReview.attach({ post: (m) => panel.postOther(m) });
    },
    visibilityChanged: (visible) => review.visibilityChanged(visible),
    conversationShown: (sessionId) => review.sessionShown(sessionId),
    shownSession: () => context.workspaceState.get<string>(shownSessionKey),
    rememberShown: (sessionId) => void context.workspaceState.update(shownSessionKey, sessionId),
    sessionLoaded: (runs) => {
      for (const r of runs) review.runEnded(r);
    },
    // A code block's Apply is reviewed as any edit to confirm (but no run's end withdraws it).
    reviewEdit: (params, apply, keyed) => editReview.review(params, () => apply(), false, keyed),
    saveKept,
    noticeDismissed: (model) => context.globalState.get<string[]>(dismissedNoticesKey, []).includes(model),
    dismissNotice: (model) => {
      const kept = context.globalState.get<string[]>(dismissedNoticesKey, []).filter((m) => m !== model);
      void context.globalState.update(dismissedNoticesKey, [...kept, model].slice(-20));
    },
  });
  // The panel keeps its page while hidden, as agent panels do: the draft in
  // the composer, the scroll position and the streamed runs stay, and runs
  // stream into it while another view is shown. It also keeps VS Code from
  // loading the page again on every show, which in the browser build
  // (code-server 4.100) was seen to hang: the new frame waits for its
  // service worker's controllerchange and the view stays blank.
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(panelViewId, panel, { webviewOptions: { retainContextWhenHidden: true } }),
  );

  const reg = (id: string, fn: () => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  reg('loopls.runAgent', runAgent);
  reg('loopls.fixThis', fixThis);
  reg('loopls.cancelRun', cancelRun);
  reg('loopls.undoLastRun', undoLastRun);
  reg('loopls.showSessions', showSessions);
  reg('loopls.test.dumpState', dumpState);
  reg('loopls.openPanel', () => panel.reveal());
  reg('loopls.newConversation', () => {
    panel.newConversation();
    return panel.reveal();
  });
  reg('loopls.restartServer', async () => {
    await client?.stop().catch(() => undefined);
    model = new RunsModel();
    await startClient(context);
    render([]);
  });

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('loopls.model')) panel.modelSettingChanged();
      if (needsRestart((s) => e.affectsConfiguration(s))) {
        await vscode.commands.executeCommand('loopls.restartServer');
        return;
      }
      if (affectsServer((s) => e.affectsConfiguration(s))) await sendSettings();
    }),
    // Trusted now: the settings' own mode applies again (runs were ask only).
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      testLog.write({ ev: 'trustGranted' });
      await sendSettings();
    }),
  );
  // What loopls/diagnostics settles on: edits and published diagnostics,
  // keyed by the URIs the daemon knows documents by.
  const key = (u: vscode.Uri) => client?.code2ProtocolConverter.asUri(u) ?? u.toString();
  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0) settler.edited(key(e.document.uri), Date.now());
    }),
    vscode.languages.onDidChangeDiagnostics((e) => {
      const now = Date.now();
      for (const u of e.uris) settler.changed(key(u), now);
      if (testLog.enabled) testLog.write({ ev: 'diagnosticsChanged', uris: e.uris.map((u) => key(u)) });
    }),
  );
  await startClient(context);
}

export function deactivate(): Thenable<void> | undefined {
  return client?.stop();
}
