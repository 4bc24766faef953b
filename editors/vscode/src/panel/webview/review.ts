// The panel's review parts, in the webview: approval cards with the four
// ACP option kinds, the mode picker, the context chips with "Add selection"
// and "Add file", and each run's edited files with "Open diff" and "Undo
// run". DOM only, text through textContent (never HTML); every action is a
// message to the extension host (reviewhost.ts), which owns the state.

import type { ApprovalView, ContextChip, EditedFile, Mode, ReviewFromWebview, ReviewToWebview } from '../../review';
import { hunkLines, modes, runReviewTitle } from '../../review';
import type { RunReview } from '../../protocol';
import type { EditReviewToWebview, EditReviewView } from '../../editreview';

/** Where the review parts go in the panel. */
export interface ReviewMounts {
  /** Approval cards (above the composer, where the eye is while a run goes). */
  approvals: HTMLElement;
  /** The mode picker. */
  mode: HTMLElement;
  /** The chips and the Add selection / Add file buttons. */
  context: HTMLElement;
  /**
   * The drawn conversation: a run's edits go into its
   * `section.run[data-run="RUN"]`, drawn again whenever the panel re-draws it.
   */
  conversation: HTMLElement;
}

export interface ReviewUi {
  /** Handles a host message for the review parts; false when it is not one. */
  receive(msg: unknown): boolean;
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function button(doc: Document, label: string, cls: string, onClick: () => void, title?: string): HTMLButtonElement {
  const b = el(doc, 'button', cls, label);
  b.type = 'button';
  if (title) b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

export function createReviewUi(doc: Document, post: (m: ReviewFromWebview) => void, mounts: ReviewMounts): ReviewUi {
  // Mode picker.
  const modeLabel = el(doc, 'label', 'loopls-mode-label', 'Mode ');
  const select = el(doc, 'select', 'loopls-mode');
  select.setAttribute('aria-label', 'Mode of this conversation');
  for (const m of modes) {
    const o = el(doc, 'option', undefined, m.label);
    o.value = m.mode;
    o.title = m.detail;
    select.append(o);
  }
  select.value = 'auto';
  select.addEventListener('change', () => post({ type: 'review/setMode', mode: select.value }));
  modeLabel.append(select);
  mounts.mode.append(modeLabel);

  // Context: buttons and chips.
  const bar = el(doc, 'div', 'loopls-context');
  const chipList = el(doc, 'div', 'loopls-chips');
  chipList.setAttribute('role', 'list');
  chipList.setAttribute('aria-label', 'Attached context');
  bar.append(
    button(doc, 'Add selection', 'loopls-add-selection', () => post({ type: 'review/addSelection' }), 'Attach the editor\'s selection to the next prompt'),
    button(doc, 'Add file', 'loopls-add-file', () => post({ type: 'review/addFile' }), 'Attach a file to the next prompt'),
    chipList,
  );
  mounts.context.append(bar);

  function renderState(mode: Mode, chips: readonly ContextChip[]): void {
    select.value = mode;
    chipList.replaceChildren(
      ...chips.map((c) => {
        const chip = el(doc, 'span', 'loopls-chip');
        chip.setAttribute('role', 'listitem');
        chip.dataset.key = c.key;
        chip.title = c.uri;
        chip.append(el(doc, 'span', 'loopls-chip-label', c.label));
        const x = button(doc, '×', 'loopls-chip-remove', () => post({ type: 'review/removeContext', key: c.key }));
        x.setAttribute('aria-label', `Remove ${c.label}`);
        chip.append(x);
        return chip;
      }),
    );
  }

  // Approvals.
  function renderApproval(a: ApprovalView): void {
    if (mounts.approvals.querySelector(`[data-key="${CSS.escape(a.key)}"]`)) return;
    const card = el(doc, 'div', 'loopls-approval');
    card.dataset.key = a.key;
    card.dataset.runId = a.runId;
    card.setAttribute('role', 'alertdialog');
    card.setAttribute('aria-label', a.title);
    card.append(el(doc, 'div', 'loopls-approval-title', a.title));
    if (a.reasons.length > 0) {
      const ul = el(doc, 'ul', 'loopls-approval-reasons');
      for (const r of a.reasons) ul.append(el(doc, 'li', undefined, r));
      card.append(ul);
    }
    const row = el(doc, 'div', 'loopls-approval-buttons');
    for (const b of a.buttons) {
      const always = b.kind.endsWith('_always');
      const btn = button(doc, b.label, `loopls-approval-button ${b.tone}${always ? ' always' : ''}`, () => {
        for (const other of row.querySelectorAll('button')) (other as HTMLButtonElement).disabled = true;
        post({ type: 'review/approve', key: a.key, optionId: b.optionId });
      });
      btn.dataset.optionId = b.optionId;
      btn.dataset.kind = b.kind;
      if (b.scope) btn.title = b.scope;
      row.append(btn);
    }
    card.append(row);
    // What "Always allow" will allow, said where the choice is made.
    const scope = a.buttons.find((b) => b.kind === 'allow_always')?.scope;
    if (scope) card.append(el(doc, 'div', 'loopls-approval-scope', `Always allow: ${scope.charAt(0).toLowerCase()}${scope.slice(1)}.`));
    // Not focused on arrival: an Enter meant for the prompt must not allow a command.
    mounts.approvals.append(card);
  }

  // An edit waiting for review (edit mode): where its diff is, and Accept /
  // Reject that work as the editor's title buttons do.
  function renderEditReview(v: EditReviewView, sentence: string): void {
    if (mounts.approvals.querySelector(`[data-review="${CSS.escape(v.key)}"]`)) return;
    const card = el(doc, 'div', 'loopls-approval loopls-edit-review');
    card.dataset.review = v.key;
    card.setAttribute('role', 'group');
    card.setAttribute('aria-label', sentence);
    card.append(el(doc, 'div', 'loopls-approval-title', sentence));
    card.append(el(doc, 'div', 'loopls-edit-review-where', 'The diff is open in the editor: accept or reject it there (✓ ✗ in its title bar) or here.'));
    if (v.files.length > 1) {
      const ul = el(doc, 'ul', 'loopls-approval-reasons');
      for (const f of v.files) {
        const li = el(doc, 'li');
        li.append(button(doc, f.path, 'loopls-edit-review-file', () => post({ type: 'review/editShow', key: v.key, path: f.path } as never), `Show the change to ${f.path}`));
        ul.append(li);
      }
      card.append(ul);
    }
    const row = el(doc, 'div', 'loopls-approval-buttons');
    const answer = (accept: boolean) => () => {
      for (const other of row.querySelectorAll('button')) (other as HTMLButtonElement).disabled = true;
      post({ type: 'review/editAnswer', key: v.key, accept } as never);
    };
    row.append(
      button(doc, 'Accept', 'loopls-approval-button allow loopls-edit-accept', answer(true), 'Apply this change'),
      button(doc, 'Reject', 'loopls-approval-button reject loopls-edit-reject', answer(false), 'Leave the file as it is; the agent is told'),
      button(doc, 'Show diff', 'loopls-approval-button loopls-edit-show', () => post({ type: 'review/editShow', key: v.key } as never), 'Open the diff in the editor again'),
    );
    card.append(row);
    mounts.approvals.append(card);
  }

  function approvalDone(key: string): void {
    mounts.approvals.querySelector(`[data-key="${CSS.escape(key)}"]`)?.remove();
  }

  // A run's edited files: kept here and put back into the run's section
  // each time the conversation draws it again (it replaces the section).
  const edits = new Map<string, EditedFile[]>();

  // The run review (loopls/runReview), when loopls gave one: it replaces
  // the plain list of edited files.
  const reviews = new Map<string, RunReview>();

  function editsBox(runId: string, files: EditedFile[]): HTMLElement {
    const review = reviews.get(runId);
    const box = el(doc, 'div', 'loopls-edits');
    box.dataset.editsOf = runId;
    const head = el(doc, 'div', 'loopls-edits-head');
    const title = review ? runReviewTitle(review) : files.length === 1 ? 'Edited 1 file' : `Edited ${files.length} files`;
    head.append(el(doc, 'span', 'loopls-edits-title', title));
    if (review && review.waiting > 0) {
      head.append(
        button(doc, 'Keep all', 'loopls-keep-all', () => post({ type: 'review/act', runId, keep: true }), 'Keep every change still waiting for your review'),
        button(doc, 'Undo all', 'loopls-undo-all', () => post({ type: 'review/act', runId, keep: false }), 'Undo every change still waiting for your review (what you kept stays)'),
      );
    }
    head.append(button(doc, 'Undo run', 'loopls-undo-run', () => post({ type: 'review/undoRun', runId }), 'Revert every edit of this run as one edit'));
    box.append(head);
    const ul = el(doc, 'ul', 'loopls-edited-files');
    const rows = review ? review.files.map((f) => ({ path: f.path, file: f })) : files.map((f) => ({ path: f.path, file: undefined }));
    for (const { path, file } of rows) {
      const li = el(doc, 'li', 'loopls-edited-file');
      li.dataset.path = path;
      const row = el(doc, 'div', 'loopls-review-row');
      row.append(el(doc, 'span', 'loopls-edited-path', path));
      if (file) {
        const status = el(doc, 'span', 'loopls-review-status', file.status + (file.kind === 'line' ? ' · by a command' : ''));
        status.dataset.status = file.status;
        if (file.note) status.title = file.note;
        row.append(status);
        if (file.hunks.length > 0) {
          row.append(
            button(doc, 'Keep', 'loopls-keep-file', () => post({ type: 'review/act', runId, path, keep: true }), `Keep every change of ${path}`),
            button(doc, 'Undo', 'loopls-undo-file', () => post({ type: 'review/act', runId, path, keep: false }), `Undo every change of ${path} still waiting`),
          );
        }
      }
      row.append(button(doc, 'Open diff', 'loopls-open-diff', () => post({ type: 'review/openChange', runId, path }), `Before ↔ after this run: ${path}`));
      li.append(row);
      file?.hunks.forEach((h, i) => {
        const hunk = el(doc, 'div', 'loopls-hunk');
        hunk.dataset.hunk = String(i);
        const bar = el(doc, 'div', 'loopls-hunk-bar');
        bar.append(
          el(doc, 'span', 'loopls-hunk-line', `line ${h.line}`),
          button(doc, 'Keep', 'loopls-keep-hunk', () => post({ type: 'review/act', runId, path, hunk: i, keep: true }), 'Keep this change'),
          button(doc, 'Undo', 'loopls-undo-hunk', () => post({ type: 'review/act', runId, path, hunk: i, keep: false }), 'Undo this change'),
        );
        const pre = el(doc, 'pre', 'loopls-hunk-diff');
        for (const l of hunkLines(h)) {
          pre.append(el(doc, 'span', l.sign === '-' ? 'loopls-hunk-del' : 'loopls-hunk-add', `${l.sign} ${l.text}\n`));
        }
        hunk.append(bar, pre);
        li.append(hunk);
      });
      ul.append(li);
    }
    box.append(ul);
    return box;
  }

  function renderRunReview(review: RunReview): void {
    reviews.set(review.runId, review);
    if (!edits.has(review.runId)) edits.set(review.runId, review.files.map((f) => ({ path: f.path, toolCallIds: [] })));
    renderEdits(review.runId, edits.get(review.runId) ?? []);
  }

  function placeEdits(runId: string): void {
    const files = edits.get(runId);
    if (!files) return;
    const section = mounts.conversation.querySelector(`section.run[data-run="${CSS.escape(runId)}"]`);
    if (!section || section.querySelector(':scope > .loopls-edits')) return;
    section.append(editsBox(runId, files));
  }

  // A section drawn anywhere in the conversation (a re-drawn session puts
  // its runs' sections in at once, not only as its direct children).
  const addsRun = (n: Node) => n instanceof HTMLElement && (n.matches('section.run') || n.querySelector('section.run') !== null);
  new MutationObserver((records) => {
    if (!records.some((r) => Array.from(r.addedNodes).some(addsRun))) return;
    for (const runId of edits.keys()) placeEdits(runId);
  }).observe(mounts.conversation, { childList: true, subtree: true });

  function renderEdits(runId: string, files: EditedFile[]): void {
    edits.set(runId, files);
    mounts.conversation.querySelector(`section.run[data-run="${CSS.escape(runId)}"] > .loopls-edits`)?.remove();
    placeEdits(runId);
  }

  return {
    receive(raw: unknown): boolean {
      const edit = raw as EditReviewToWebview;
      if (edit && edit.type === 'review/editPending') {
        renderEditReview(edit.review, edit.sentence);
        return true;
      }
      if (edit && edit.type === 'review/editDone') {
        mounts.approvals.querySelector(`[data-review="${CSS.escape(edit.key)}"]`)?.remove();
        return true;
      }
      const msg = raw as ReviewToWebview;
      if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string' || !msg.type.startsWith('review/')) return false;
      switch (msg.type) {
        case 'review/approval':
          renderApproval(msg.approval);
          return true;
        case 'review/approvalDone':
          approvalDone(msg.key);
          return true;
        case 'review/state':
          renderState(msg.mode, msg.chips);
          return true;
        case 'review/edits':
          renderEdits(msg.runId, msg.files);
          return true;
        case 'review/run':
          renderRunReview(msg.review);
          return true;
      }
      return false;
    },
  };
}


/**
 * Mounts the review parts into the panel's page: approvals above the status
 * line, the context bar and the mode picker above the prompt. Returns the UI, whose receive() takes the host's review messages.
 */
export function mountReview(doc: Document, post: (m: ReviewFromWebview) => void): ReviewUi {
  const byId = (id: string) => doc.getElementById(id);
  const approvals = el(doc, 'div', 'loopls-approvals');
  approvals.id = 'approvals';
  const statusLine = byId('status-line');
  if (statusLine) statusLine.before(approvals);
  else doc.body.append(approvals);
  const context = el(doc, 'div');
  context.id = 'context';
  const prompt = byId('prompt');
  if (prompt) prompt.before(context);
  else doc.body.append(context);
  // The mode picker ends the context row (the composer's bar holds the model and Send).
  const mode = el(doc, 'span');
  mode.id = 'mode';
  const conversation = byId('conversation') ?? doc.body;
  const ui = createReviewUi(doc, post, { approvals, mode, context, conversation });
  context.append(mode);
  return ui;
}
