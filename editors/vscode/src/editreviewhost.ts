// The extension-host side of the edit review (edit mode): an edit loopls
// sends with needsConfirmation opens as a diff in the editor (before ↔ the
// proposed text, both read-only documents of the loopls-proposed scheme),
// with Accept and Reject in the editor's title bar, in the panel's card and
// in the palette. Accept applies the same edit without its annotations (so
// VS Code applies it directly, with no Refactor Preview); Reject applies
// nothing, and loopls tells the model. The pure parts are editreview.ts.

import * as vscode from 'vscode';
import {
  PendingReviews,
  parseProposedUri,
  proposedFiles,
  proposedScheme,
  proposedText,
  proposedUriParts,
  reviewSentence,
  reviewTitle,
  withoutAnnotations,
  type EditReviewFromWebview,
  type EditReviewToWebview,
  type LspWorkspaceEdit,
  type ReviewFile,
} from './editreview';
import type { TestLog } from './testlog';

/** What workspace/applyEdit answers. */
export interface ApplyResult {
  applied: boolean;
  failureReason?: string;
  failedChange?: number;
}

/** How the review reaches the panel. */
export interface EditReviewPort {
  post(msg: EditReviewToWebview): void;
}

export class EditReview {
  private readonly pending = new PendingReviews();
  private panel: EditReviewPort | undefined;
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();

  constructor(private readonly log: TestLog) {}

  register(context: vscode.ExtensionContext): void {
    const self = this;
    context.subscriptions.push(
      this.changed,
      vscode.workspace.registerTextDocumentContentProvider(proposedScheme, {
        onDidChange: this.changed.event,
        provideTextDocumentContent(uri: vscode.Uri): string {
          const p = parseProposedUri(uri.path, uri.query);
          const f = p && self.pending.file(p.key, p.path);
          return f ? (p.side === 'before' ? f.before : f.after) : '';
        },
      }),
      vscode.commands.registerCommand('loopls.review.accept', (uri?: unknown) => this.answerFrom(uri, true)),
      vscode.commands.registerCommand('loopls.review.reject', (uri?: unknown) => this.answerFrom(uri, false)),
      vscode.commands.registerCommand('loopls.review.show', () => {
        const key = this.pending.latest();
        if (key) return this.show(key);
        void vscode.window.showInformationMessage('loopls: no change is waiting for review.');
      }),
    );
    this.setContext();
  }

  /** The panel (re)loaded: it shows the reviews still waiting. */
  attach(panel: EditReviewPort | undefined): void {
    this.panel = panel;
    for (const key of this.pending.keys()) this.postPending(key);
  }

  /**
   * Reviews an edit that needs confirmation: shows it, waits for Accept or
   * Reject, and answers workspace/applyEdit. apply sends an edit on to
   * VS Code (vscode-languageclient's own handler). keyed is told the
   * review's key as soon as it has one (the panel names it in what it logs).
   */
  async review<P extends { edit: LspWorkspaceEdit; label?: string }, R>(
    params: P,
    apply: (p: P) => Promise<R>,
    ofRun = true,
    keyed?: (key: string) => void,
  ): Promise<R | ApplyResult> {
    const files = await Promise.all(proposedFiles(params.edit).map((f) => this.reviewFile(f)));
    const label = params.label ?? 'loopls: edit';
    const { key, answer } = this.pending.add(label, files, ofRun);
    keyed?.(key);
    this.log.write({ ev: 'editReview', key, label, files: files.map((f) => ({ path: f.path, kind: f.kind, before: f.before, after: f.after })) });
    this.setContext();
    this.postPending(key);
    await this.show(key).catch((e) => this.log.write({ ev: 'editReviewShowFailed', key, error: String(e) }));
    const accepted = await answer;
    this.setContext();
    this.panel?.post({ type: 'review/editDone', key, accepted });
    await this.closeDiffs(key);
    let res: R | ApplyResult;
    if (accepted) res = await apply(withoutAnnotations(params));
    else res = { applied: false };
    // For the tests: each file's buffer as the answer left it (not open: undefined).
    const buffers = files.map((f) => {
      const d = vscode.workspace.textDocuments.find((x) => x.uri.toString() === vscode.Uri.parse(f.uri).toString());
      return { path: f.path, open: !!d, text: d?.getText(), dirty: d?.isDirty };
    });
    this.log.write({ ev: 'editReviewed', key, accepted, res, buffers });
    return res;
  }

  private async reviewFile(f: ReturnType<typeof proposedFiles>[number]): Promise<ReviewFile> {
    const uri = vscode.Uri.parse(f.uri);
    let before = '';
    if (f.kind !== 'create') {
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (open) before = open.getText();
      else {
        try {
          before = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
        } catch {
          before = '';
        }
      }
    }
    return { uri: f.uri, path: vscode.workspace.asRelativePath(uri, false), kind: f.kind, before, after: proposedText(before, f) };
  }

  private uri(key: string, path: string, side: 'before' | 'after'): vscode.Uri {
    const p = proposedUriParts(key, path, side);
    return vscode.Uri.from({ scheme: p.scheme, path: p.path, query: p.query });
  }

  /** Opens the review's diff (its first file, or the one named) in the editor. */
  async show(key: string, path?: string): Promise<void> {
    const files = this.pending.files(key);
    const f = (path && files.find((x) => x.path === path)) || files[0];
    if (!f) return;
    const title = reviewTitle(f.path, f.kind);
    await vscode.commands.executeCommand('vscode.diff', this.uri(key, f.path, 'before'), this.uri(key, f.path, 'after'), title, { preview: false });
    this.log.write({ ev: 'editReviewShown', key, path: f.path, title });
  }

  /** Accept or Reject from the title bar (uri: the diff's document) or the palette (the newest review). */
  private answerFrom(arg: unknown, accept: boolean): void {
    let key: string | undefined;
    if (arg instanceof vscode.Uri && arg.scheme === proposedScheme) key = parseProposedUri(arg.path, arg.query)?.key;
    key = key ?? this.pending.latest();
    if (!key) {
      void vscode.window.showInformationMessage('loopls: no change is waiting for review.');
      return;
    }
    this.answer(key, accept, 'editor');
  }

  private answer(key: string, accept: boolean, via: string): void {
    const ok = this.pending.answer(key, accept);
    this.log.write({ ev: 'editReviewAnswer', key, accept, via, ok });
  }

  /** A message of the panel's card. */
  async handle(msg: EditReviewFromWebview): Promise<void> {
    if (msg.type === 'review/editAnswer') this.answer(msg.key, msg.accept, 'panel');
    else await this.show(msg.key, msg.path);
  }

  /**
   * Every run is over: a review of a run's edit still waiting is withdrawn
   * (its request is moot), answered as not applied, and its diff closed.
   * The user's own (a code block's Apply) waits for its answer.
   */
  withdrawAll(): void {
    for (const key of this.pending.runKeys()) this.answer(key, false, 'withdrawn');
  }

  private postPending(key: string): void {
    const v = this.pending.view(key);
    if (v) this.panel?.post({ type: 'review/editPending', review: v, sentence: reviewSentence(v) });
  }

  private setContext(): void {
    void vscode.commands.executeCommand('setContext', 'loopls.reviewing', this.pending.keys().length > 0);
  }

  private async closeDiffs(key: string): Promise<void> {
    const tabs: vscode.Tab[] = [];
    for (const g of vscode.window.tabGroups.all) {
      for (const t of g.tabs) {
        const input = t.input;
        if (!(input instanceof vscode.TabInputTextDiff) || input.modified.scheme !== proposedScheme) continue;
        if (parseProposedUri(input.modified.path, input.modified.query)?.key === key) tabs.push(t);
      }
    }
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs).then(undefined, () => undefined);
  }
}
