// The extension-host side of the panel's review parts: inline approvals
// (with the quick pick as the fallback when the panel is hidden), a run's
// edits as VS Code diffs (loopls/runChange served on the loopls-change
// scheme), Undo run, the session's mode, and the context chips. The pure
// decisions live in review.ts; this file is glue to VS Code and loopls.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { approvalItems, approvalResult, approvalTitle, type ApprovalItem } from './approval';
import { Methods, type ApproveParams, type ApproveResult, type ReviewRunResult, type RunRecord, type RunReview, type UndoResult } from './protocol';
import {
  ContextChips,
  InlineApprovals,
  SessionModes,
  type ModeStore,
  editedFiles,
  changeScheme,
  changeUriParts,
  diffTitle,
  isMode,
  modes,
  parseChangeUri,
  type ChangeSide,
  type EditedFile,
  type Mode,
  type ReviewFromWebview,
  type ReviewToWebview,
} from './review';
import type { TestLog } from './testlog';

/** How many runs' edits loopls's undo journal keeps (workspace.MaxJournalRuns). */
const maxJournalRuns = 64;
/** How many files' before/after texts the diff documents keep. */
const maxCachedChanges = 16;

/** What loopls/runChange answers. */
interface RunChange {
  runId: string;
  path: string;
  uri: string;
  created: boolean;
  before: string;
  after: string;
}

/** How the review parts reach the panel, whoever owns it. */
export interface PanelPort {
  /** Whether the panel is on screen now (the inline approval needs it). */
  visible(): boolean;
  post(msg: ReviewToWebview): void;
}

/** The review parts of one window. */
export class Review {
  readonly chips = new ContextChips();
  readonly approvals = new InlineApprovals();
  private mode: Mode = 'auto';
  /** The session the panel shows, and each session's mode. */
  private session: string | undefined;
  private readonly sessionModes: SessionModes;
  private panel: PanelPort | undefined;
  private readonly changes = new Map<string, Promise<RunChange>>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly edits = new Map<string, EditedFile[]>();
  /** Questions pending inline, and the quick picks asking them again while the panel is hidden. */
  private readonly asked = new Map<string, ApproveParams>();
  private readonly fallbacks = new Map<string, vscode.CancellationTokenSource>();

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly log: TestLog,
    /** The last run that ended with its Run record, for the palette's "Open Diff". */
    private readonly lastRun: () => RunRecord | undefined,
    /** Where each session's mode outlives a window reload (the workspace's state). */
    savedModes?: ModeStore,
  ) {
    this.sessionModes = new SessionModes(savedModes);
  }

  /** Registers the commands and the loopls-change provider. */
  register(context: vscode.ExtensionContext): void {
    const self = this;
    context.subscriptions.push(
      this.changed,
      vscode.workspace.registerTextDocumentContentProvider(changeScheme, {
        onDidChange: this.changed.event,
        provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
          return self.changeText(uri);
        },
      }),
      vscode.commands.registerCommand('loopls.openChange', (runId?: string, path?: string) => this.openChange(runId, path)),
      vscode.commands.registerCommand('loopls.undoRun', (runId?: string) => this.undoRun(runId)),
      vscode.commands.registerCommand('loopls.pickMode', () => this.pickMode()),
      vscode.commands.registerCommand('loopls.addSelection', () => this.addSelection()),
      vscode.commands.registerCommand('loopls.addFile', (uri?: vscode.Uri) => this.addFile(uri)),
    );
    void vscode.commands.executeCommand('setContext', 'loopls.mode', this.mode);
  }

  /** The panel connects when its webview resolves (and again after a reload). */
  attach(panel: PanelPort | undefined): void {
    this.panel = panel;
    this.pushState();
    for (const v of this.approvals.views()) panel?.post({ type: 'review/approval', approval: v });
    for (const [runId, files] of this.edits) panel?.post({ type: 'review/edits', runId, files });
    for (const review of this.reviews.values()) panel?.post({ type: 'review/run', review });
  }

  /**
   * The panel shows another conversation (sessionId undefined: a new one):
   * the picker takes that session's mode, or keeps the one in force for a
   * session it has not seen.
   */
  sessionShown(sessionId: string | undefined): void {
    if (sessionId === this.session) return;
    this.session = sessionId;
    const m = this.sessionModes.shown(sessionId, this.mode);
    if (m !== this.mode) this.setMode(m);
  }

  currentMode(): Mode {
    return this.mode;
  }

  setMode(m: Mode): void {
    this.mode = m;
    this.sessionModes.set(this.session, m);
    void vscode.commands.executeCommand('setContext', 'loopls.mode', m);
    this.log.write({ ev: 'mode', mode: m });
    this.pushState();
  }

  /**
   * The fields a run started now takes from the review parts: the mode and
   * the attached context, which the run consumes (the chips are cleared).
   */
  takeRunParams(): { mode: Mode; context?: { uri: string; range?: unknown }[] } {
    const context = this.chips.params();
    this.chips.clear();
    this.pushState();
    return context ? { mode: this.mode, context } : { mode: this.mode };
  }

  /** A run ended: the panel lists the files it edited with Open diff and Undo run. */
  runEnded(rec: RunRecord): void {
    const files = editedFiles(rec);
    if (files.length === 0) return;
    this.edits.set(rec.runId, files);
    // Kept for a reloaded panel; as many runs as loopls's undo journal keeps.
    while (this.edits.size > maxJournalRuns) this.edits.delete(this.edits.keys().next().value as string);
    this.panel?.post({ type: 'review/edits', runId: rec.runId, files });
    void this.fetchReview(rec.runId);
  }

  // ── The run review ─────────────────────────────────────────────────────

  /** The run reviews the panel shows, by run (kept for a reloaded panel). */
  private readonly reviews = new Map<string, RunReview>();

  private showReview(review: RunReview): void {
    this.reviews.delete(review.runId);
    this.reviews.set(review.runId, review);
    while (this.reviews.size > maxJournalRuns) this.reviews.delete(this.reviews.keys().next().value as string);
    this.panel?.post({ type: 'review/run', review });
  }

  /** Asks loopls for runId's review (loopls/runReview) and shows it under the run. */
  private async fetchReview(runId: string): Promise<void> {
    const c = this.client();
    if (!c) return;
    try {
      const review = await c.sendRequest<RunReview>(Methods.runReview, { runId });
      this.log.write({ ev: 'runReview', runId, review });
      this.showReview(review);
    } catch (e) {
      // An older daemon, or a run whose journal is gone: the edited files stay.
      this.log.write({ ev: 'runReviewFailed', runId, error: String(e) });
    }
  }

  /** Keep or Undo: a hunk, a file, or all (loopls/reviewRun). */
  private async act(runId: string, keep: boolean, path?: string, hunk?: number): Promise<void> {
    const c = this.client();
    if (!c) return;
    try {
      const res = await c.sendRequest<ReviewRunResult>(Methods.reviewRun, { runId, keep, ...(path !== undefined ? { path } : {}), ...(hunk !== undefined ? { hunk } : {}) });
      this.log.write({ ev: 'reviewAct', runId, keep, path, hunk, res });
      if (res.failureReason) void vscode.window.showWarningMessage(`loopls: ${res.failureReason}`);
      this.showReview(res.review);
    } catch (e) {
      this.log.write({ ev: 'reviewActFailed', runId, keep, path, hunk, error: String(e) });
      void vscode.window.showErrorMessage(`loopls: ${keep ? 'keep' : 'undo'} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private pushState(): void {
    this.panel?.post({ type: 'review/state', mode: this.mode, chips: this.chips.list() });
  }

  /** A message from the webview's review parts (checked by parseReviewMessage). */
  async handle(msg: ReviewFromWebview): Promise<void> {
    switch (msg.type) {
      case 'review/approve': {
        const ok = this.approvals.answer(msg.key, msg.optionId);
        this.log.write({ ev: 'approvalClicked', key: msg.key, optionId: msg.optionId, accepted: ok });
        return;
      }
      case 'review/openChange':
        return this.openChange(msg.runId, msg.path);
      case 'review/undoRun':
        await this.undoRun(msg.runId);
        await this.fetchReview(msg.runId);
        return;
      case 'review/act':
        return this.act(msg.runId, msg.keep, msg.path, msg.hunk);
      case 'review/setMode':
        if (isMode(msg.mode)) this.setMode(msg.mode);
        return;
      case 'review/addSelection':
        return this.addSelection();
      case 'review/addFile':
        return this.addFile();
      case 'review/removeContext':
        if (this.chips.remove(msg.key)) this.pushState();
        return;
    }
  }

  // ── Approvals ──────────────────────────────────────────────────────────

  /**
   * Answers loopls/approve: inline when the panel is on screen, else the
   * quick pick. A withdrawn request (token) takes the question away.
   */
  async approve(p: ApproveParams, token: vscode.CancellationToken): Promise<ApproveResult> {
    const panel = this.panel;
    if (panel && panel.visible()) {
      const { view, answer } = this.approvals.ask(p);
      this.asked.set(view.key, p);
      this.log.write({ ev: 'approve', p, via: 'panel', key: view.key });
      const sub = token.onCancellationRequested(() => this.approvals.settle(view.key, { outcome: 'cancelled' }));
      panel.post({ type: 'review/approval', approval: view });
      const res = await answer;
      sub.dispose();
      this.asked.delete(view.key);
      this.fallbacks.get(view.key)?.cancel();
      this.fallbacks.delete(view.key);
      this.panel?.post({ type: 'review/approvalDone', key: view.key, optionId: res.outcome === 'selected' ? res.optionId : undefined });
      this.log.write({ ev: 'approved', runId: p.runId, res, via: 'panel' });
      return res;
    }
    this.log.write({ ev: 'approve', p, via: 'modal' });
    const res = approvalResult(await this.pick(p, token));
    this.log.write({ ev: 'approved', runId: p.runId, res, via: 'modal' });
    return res;
  }

  /**
   * The panel was hidden or shown. Hidden with questions pending inline:
   * each is asked with the quick pick too, and the first answer counts.
   */
  visibilityChanged(visible: boolean): void {
    if (visible) return;
    for (const [key, p] of this.asked) {
      if (this.fallbacks.has(key)) continue;
      const cts = new vscode.CancellationTokenSource();
      this.fallbacks.set(key, cts);
      this.log.write({ ev: 'approve', p, via: 'modal-fallback', key });
      void this.pick(p, cts.token).then((picked) => {
        // Withdrawn because it was answered in the panel: nothing to do.
        if (cts.token.isCancellationRequested) return;
        this.approvals.settle(key, approvalResult(picked));
      });
    }
  }

  private pick(p: ApproveParams, token: vscode.CancellationToken): Thenable<ApprovalItem | undefined> {
    // ignoreFocusOut keeps the pick up until the user answers or loopls
    // withdraws the request (token), which is as modal as a quick pick gets.
    return vscode.window.showQuickPick<ApprovalItem>(
      approvalItems(p.options ?? []),
      { title: approvalTitle(p), placeHolder: 'Allow this tool call?', ignoreFocusOut: true },
      token,
    );
  }

  // ── Diffs and undo ─────────────────────────────────────────────────────

  private change(runId: string, path: string): Promise<RunChange> {
    const key = `${runId}\u0000${path}`;
    let p = this.changes.get(key);
    if (!p) {
      const c = this.client();
      if (!c) return Promise.reject(new Error('loopls is not running'));
      p = c.sendRequest<RunChange>(Methods.runChange, { runId, path });
      // A failure is not kept: the next try asks again.
      p.catch(() => this.changes.delete(key));
      this.changes.set(key, p);
      // The texts of the last few diffs opened are kept, no more.
      while (this.changes.size > maxCachedChanges) this.changes.delete(this.changes.keys().next().value as string);
    }
    return p;
  }

  private async changeText(uri: vscode.Uri): Promise<string> {
    const parts = parseChangeUri(uri.path, uri.query);
    if (!parts) throw new Error(`not a loopls change: ${uri.toString()}`);
    const ch = await this.change(parts.runId, parts.path);
    return parts.side === 'before' ? ch.before : ch.after;
  }

  private changeUri(runId: string, path: string, side: ChangeSide): vscode.Uri {
    const p = changeUriParts(runId, path, side);
    return vscode.Uri.from({ scheme: p.scheme, path: p.path, query: p.query });
  }

  /** Opens the diff of what runId did to path: before the run ↔ after it. */
  async openChange(runId?: string, path?: string): Promise<void> {
    if (!runId || !path) {
      // From the palette: a file of the last run's edits.
      const rec = this.lastRun();
      const files = editedFiles(rec);
      if (!rec || files.length === 0) {
        void vscode.window.showInformationMessage('loopls: the last run edited no file.');
        return;
      }
      const pick = files.length === 1 ? files[0] : await vscode.window.showQuickPick(files.map((f) => ({ ...f, label: f.path })), { title: 'loopls: files the last run edited' });
      if (!pick) return;
      runId = rec.runId;
      path = pick.path;
    }
    try {
      const ch = await this.change(runId, path);
      const title = diffTitle(path, runId);
      await vscode.commands.executeCommand('vscode.diff', this.changeUri(runId, path, 'before'), this.changeUri(runId, path, 'after'), title, {
        preview: true,
      });
      this.log.write({ ev: 'diffOpened', runId, path, created: ch.created, before: ch.before, after: ch.after, title });
    } catch (e) {
      this.log.write({ ev: 'diffFailed', runId, path, error: String(e) });
      void vscode.window.showErrorMessage(`loopls: cannot show the change of ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Reverts every edit of runId as one edit (loopls/undoRun). */
  async undoRun(runId?: string): Promise<UndoResult | undefined> {
    const c = this.client();
    if (!c || !runId) return undefined;
    try {
      const res = await c.sendRequest<UndoResult>(Methods.undoRun, { runId });
      this.log.write({ ev: 'undo', runId, res });
      if (res && res.applied) void vscode.window.showInformationMessage("loopls: undid the run's edits.");
      else void vscode.window.showWarningMessage(`loopls: could not undo the run: ${res?.failureReason ?? 'not applied'}`);
      return res;
    } catch (e) {
      this.log.write({ ev: 'undoFailed', runId, error: String(e) });
      void vscode.window.showErrorMessage(`loopls: undo failed: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  // ── Mode ───────────────────────────────────────────────────────────────

  async pickMode(): Promise<void> {
    const pick = await vscode.window.showQuickPick(
      modes.map((m) => ({ label: m.label, description: m.mode === this.mode ? 'current' : undefined, detail: m.detail, mode: m.mode })),
      { title: 'loopls: mode of this conversation' },
    );
    if (pick) this.setMode(pick.mode);
  }

  // ── Context ────────────────────────────────────────────────────────────

  private attachChip(uri: vscode.Uri, range?: vscode.Range): void {
    const rel = vscode.workspace.asRelativePath(uri, false);
    const lsp = range && {
      start: { line: range.start.line, character: range.start.character },
      end: { line: range.end.line, character: range.end.character },
    };
    const why = this.chips.add(uri.toString(), rel, lsp);
    this.log.write({ ev: 'contextAdded', uri: uri.toString(), range: lsp, refused: why, chips: this.chips.list() });
    if (why) void vscode.window.showInformationMessage(`loopls: ${why}.`);
    this.pushState();
  }

  /** Attaches the active editor's selection (its line when nothing is selected). */
  addSelection(): void {
    const ed = vscode.window.activeTextEditor;
    if (!ed) {
      void vscode.window.showInformationMessage('loopls: open a file and select what to attach.');
      return;
    }
    const sel = ed.selection.isEmpty ? ed.document.lineAt(ed.selection.active.line).range : ed.selection;
    this.attachChip(ed.document.uri, sel);
  }

  /** Attaches a whole file: the one given (explorer), else one picked from the workspace. */
  async addFile(uri?: vscode.Uri): Promise<void> {
    if (uri instanceof vscode.Uri) {
      this.attachChip(uri);
      return;
    }
    const active = vscode.window.activeTextEditor?.document.uri;
    const found = await vscode.workspace.findFiles('**/*', undefined, 5000);
    const items = found
      .map((u) => ({ label: vscode.workspace.asRelativePath(u, false), uri: u }))
      .sort((a, b) => (active && a.uri.toString() === active.toString() ? -1 : active && b.uri.toString() === active.toString() ? 1 : a.label.localeCompare(b.label)));
    const pick = await vscode.window.showQuickPick(items, { title: 'loopls: attach a file', placeHolder: 'file to attach to the next prompt' });
    if (pick) this.attachChip(pick.uri);
  }
}
