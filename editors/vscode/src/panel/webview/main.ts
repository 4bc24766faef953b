// The conversation webview's script (bundled by esbuild into dist/webview.js).
// It draws what the host sends (messages.ts) and tells the host what the user
// did; it starts nothing itself. Enter sends, Shift+Enter is a new line,
// Escape cancels the running run.

import { linkCandidates, PathChecks } from './proselinks';
import type { ConversationView, HostMessage, RunTurnView, StatusView, WebviewMessage } from '../messages';
import { otherModel, renderModelOptions, renderRun, renderSetup, renderStatus } from './render';
import { mountReview } from './review';
import { announcement } from './announce';
import { mountSessions } from './sessions';
import { drawNotice } from './notice';

declare function acquireVsCodeApi(): { postMessage(m: WebviewMessage): void; getState(): unknown; setState(s: unknown): void };

const vscode = acquireVsCodeApi();
const post = (m: WebviewMessage) => vscode.postMessage(m);
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const conversationEl = $<HTMLElement>('conversation');
const promptEl = $<HTMLTextAreaElement>('prompt');
const modelEl = $<HTMLSelectElement>('model');
const cancelEl = $<HTMLButtonElement>('cancel');
const sendEl = $<HTMLButtonElement>('send');
const stateEl = $<HTMLElement>('state');
const gaugeEl = $<HTMLElement>('gauge');
const gaugeFillEl = $<HTMLElement>('gauge-fill');
const gaugeTextEl = $<HTMLElement>('gauge-text');
const bannerEl = $<HTMLElement>('banner');
const resumeEl = $<HTMLButtonElement>('resume');
const titleEl = $<HTMLElement>('title');
const queuedEl = $<HTMLElement>('queued');
const setupEl = $<HTMLElement>('setup');
const announceEl = $<HTMLElement>('announce');
// Approvals, the mode picker, context chips, each run's edited files (review.ts).
const review = mountReview(document, (m) => vscode.postMessage(m as unknown as WebviewMessage));
// The session list behind the header's Sessions button (sessions.ts).
const sessionList = mountSessions(document, $<HTMLButtonElement>('sessions-toggle'), $<HTMLElement>('sessions'), post);

let current: ConversationView = { runs: [], status: { running: false, contextWindow: 0 } };
let sessions: import('../messages').SessionView[] = [];
// Which <details> the user opened (thinking, tool cards): kept across re-draws.
const opened = new Set<string>();
const isOpen = (key: string) => opened.has(key);

// Names in prose become file links once the host says they are files (proselinks.ts).
const pathChecks = new PathChecks();
function resolveCandidates(root: ParentNode): void {
  const ask = pathChecks.toAsk(linkCandidates(root, pathChecks));
  if (ask.length > 0) post({ type: 'checkPaths', paths: ask });
}

function drawRun(run: RunTurnView): void {
  const html = renderRun(run, isOpen);
  const old = conversationEl.querySelector<HTMLElement>(`section.run[data-run="${CSS.escape(run.runId)}"]`);
  const tmp = document.createElement('div');
  tmp.innerHTML = html;
  const el = tmp.firstElementChild as HTMLElement;
  resolveCandidates(el);
  if (old) old.replaceWith(el);
  else conversationEl.appendChild(el);
}

function atBottom(): boolean {
  return conversationEl.scrollHeight - conversationEl.scrollTop - conversationEl.clientHeight < 40;
}

function drawConversation(c: ConversationView): void {
  current = c;
  conversationEl.innerHTML = '';
  if (c.runs.length === 0) {
    conversationEl.innerHTML = '<div class="empty">Ask loopls something. Enter sends, Shift+Enter adds a line, Escape cancels.</div>';
  }
  for (const r of c.runs) drawRun(r);
  titleEl.textContent = c.title ?? (c.sessionId ? c.sessionId : 'New conversation');
  titleEl.dataset.session = c.sessionId ?? '';
  // One Resume: the run's own button when it is drawn, else the title row's.
  resumeEl.hidden = !c.resumableRun || c.runs.some((r) => r.runId === c.resumableRun && r.ended && r.resumable);
  resumeEl.dataset.run = c.resumableRun ?? '';
  setBanner(c.banner);
  drawStatus(c.status);
  drawQueue(c.queued);
  sessionList.draw(sessions, c.sessionId);
  conversationEl.scrollTop = conversationEl.scrollHeight;
}

// Prompts sent while a run runs: shown until they are sent (× takes one back into the composer).
function drawQueue(list: readonly string[] | undefined): void {
  const q = list ?? [];
  queuedEl.hidden = q.length === 0;
  queuedEl.replaceChildren(
    ...q.map((text, i) => {
      const row = document.createElement('div');
      row.className = 'queued-prompt';
      const label = document.createElement('span');
      label.className = 'queued-label';
      label.textContent = 'Queued · sent when the run ends';
      const body = document.createElement('div');
      body.className = 'queued-text';
      body.textContent = text;
      const x = document.createElement('button');
      x.type = 'button';
      x.className = 'queued-remove';
      x.textContent = '×';
      x.title = 'Take this prompt back into the composer';
      x.setAttribute('aria-label', 'Take the queued prompt back');
      x.addEventListener('click', () => post({ type: 'unqueue', index: i }));
      row.append(label, x, body);
      return row;
    }),
  );
}

/** A prompt that was not sent: back into the composer, before anything typed since. */
function restorePrompt(text: string): void {
  const now = promptEl.value;
  promptEl.value = now.trim() === '' ? text : `${text}\n${now}`;
  promptEl.focus();
}

function drawStatus(s: StatusView): void {
  current.status = s;
  const { text, gauge, gaugeTitle } = renderStatus(s);
  stateEl.textContent = text;
  document.body.dataset.running = s.running ? 'true' : 'false';
  document.body.dataset.state = s.state ?? '';
  cancelEl.hidden = !s.running;
  // While a run runs, Send queues the prompt (sent when the run ends).
  sendEl.textContent = s.running ? 'Queue' : 'Send';
  sendEl.title = s.running ? 'Queue this prompt: it is sent when the run ends (Enter)' : 'Send (Enter)';
  gaugeFillEl.style.width = `${Math.round(gauge * 100)}%`;
  gaugeEl.classList.toggle('gauge-high', gauge >= 0.8);
  gaugeEl.title = gaugeTitle;
  gaugeEl.setAttribute('aria-valuenow', String(Math.round(gauge * 100)));
  gaugeEl.setAttribute('aria-valuetext', gaugeTitle);
  gaugeTextEl.textContent = gaugeTitle;
}

/** Tells a screen reader what is new (the one live region of the conversation). */
function announce(text: string | undefined): void {
  if (text) announceEl.textContent = text;
}

function setBanner(text: string | undefined): void {
  bannerEl.hidden = !text;
  bannerEl.textContent = text ?? '';
}

window.addEventListener('message', (ev: MessageEvent<HostMessage>) => {
  const m = ev.data;
  if (review.receive(m)) return;
  switch (m.type) {
    case 'conversation':
      drawConversation(m.conversation);
      break;
    case 'paths':
      pathChecks.answered(m.checked, m.existing);
      resolveCandidates(conversationEl);
      break;
    case 'run': {
      const stick = atBottom();
      const empty = conversationEl.querySelector('.empty');
      if (empty) empty.remove();
      const i = current.runs.findIndex((r) => r.runId === m.run.runId);
      announce(announcement(i >= 0 ? current.runs[i] : undefined, m.run));
      if (i >= 0) current.runs[i] = m.run;
      else current.runs.push(m.run);
      drawRun(m.run);
      drawStatus(m.status);
      if (stick) conversationEl.scrollTop = conversationEl.scrollHeight;
      break;
    }
    case 'status':
      drawStatus(m.status);
      break;
    case 'sessions':
      sessions = m.sessions;
      sessionList.draw(sessions, current.sessionId);
      break;
    case 'models':
      modelEl.innerHTML = renderModelOptions(m.models, m.selected);
      break;
    case 'banner':
      setBanner(m.text);
      break;
    case 'focusComposer':
      focusComposer();
      break;
    case 'queue':
      drawQueue(m.queued);
      break;
    case 'setup':
      setupEl.innerHTML = renderSetup(m.setup);
      setupEl.hidden = !m.setup;
      break;
    case 'restorePrompt':
      restorePrompt(m.text);
      break;
    case 'notice':
      drawNotice(document, $<HTMLElement>('notice'), m.notice, post);
      break;
  }
});

// The composer takes the focus when asked (Ctrl+Alt+L, Open Conversation),
// and whenever the panel's frame gets the focus with nothing in it focused:
// VS Code focuses the frame, not an element, and keys typed then were lost.
function focusComposer(): void {
  promptEl.focus();
  const end = promptEl.value.length;
  promptEl.setSelectionRange(end, end);
}
window.addEventListener('focus', () => {
  if (document.activeElement === document.body || document.activeElement === null) focusComposer();
});
// The frame may have the focus already (the page itself focused the composer
// while it was parsed; this is for a page that lost it before the script ran).
if (document.activeElement === document.body || document.activeElement === null) promptEl.focus();

function send(): void {
  const prompt = promptEl.value;
  if (prompt.trim() === '') return;
  post({ type: 'send', prompt });
  promptEl.value = '';
  setBanner(undefined);
}

promptEl.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    send();
  }
});
sendEl.addEventListener('click', send);
setupEl.addEventListener('click', (e) => {
  const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-setup]');
  const action = b?.dataset.setup;
  if (action === 'start' || action === 'install' || action === 'pull' || action === 'retry') post({ type: 'setupAction', action });
});
cancelEl.addEventListener('click', () => post({ type: 'cancel' }));
$<HTMLButtonElement>('new').addEventListener('click', () => post({ type: 'newConversation' }));
modelEl.addEventListener('change', () => post(modelEl.value === otherModel ? { type: 'otherModel' } : { type: 'pickModel', model: modelEl.value }));
resumeEl.addEventListener('click', () => {
  if (resumeEl.dataset.run) post({ type: 'resume', runId: resumeEl.dataset.run });
});

// Escape anywhere in the panel cancels the running run.
document.addEventListener('keydown', (e) => {
  // Not while a dropdown is open: there Escape closes it.
  if (e.key === 'Escape' && document.body.dataset.running === 'true' && !(e.target instanceof HTMLSelectElement)) {
    e.preventDefault();
    post({ type: 'cancel' });
  }
});

// Buttons inside the drawn conversation (delegated: the HTML is re-drawn).
conversationEl.addEventListener('click', (e) => {
  const t = e.target as HTMLElement;
  const link = t.closest<HTMLElement>('a.file-link');
  if (link) {
    e.preventDefault();
    openFileLink(link);
    return;
  }
  const btn = t.closest('button');
  if (!btn) return;
  if (btn.classList.contains('code-copy') || btn.classList.contains('code-insert') || btn.classList.contains('code-apply')) {
    const codeEl = btn.closest('.codeblock')?.querySelector('pre code');
    const code = codeEl?.textContent ?? '';
    // The fence's language (class language-go): Apply never lays a Go block over a README whole.
    const lang = /(?:^|\s)language-([\w+#.-]{1,40})(?:\s|$)/.exec(codeEl?.className ?? '')?.[1];
    if (btn.classList.contains('code-apply')) {
      post({ type: 'applyCode', text: code, ...(btn.dataset.path ? { path: btn.dataset.path } : {}), ...(lang ? { lang } : {}) });
    } else post({ type: btn.classList.contains('code-copy') ? 'copy' : 'insert', text: code });
  } else if (btn.classList.contains('retry-button') && btn.dataset.run) {
    post({ type: 'retry', runId: btn.dataset.run });
  } else if (btn.classList.contains('next-step-button') && btn.dataset.run) {
    post({ type: 'nextStep', runId: btn.dataset.run });
  } else if (btn.classList.contains('resume-button') && btn.dataset.run) {
    post({ type: 'resume', runId: btn.dataset.run });
  }
});
/** A file link of an answer: the host opens the workspace file. */
function openFileLink(link: HTMLElement): void {
  const path = link.dataset.path;
  if (!path) return;
  const line = Number(link.dataset.line);
  post(Number.isInteger(line) && line >= 1 ? { type: 'openFile', path, line } : { type: 'openFile', path });
}
// File links are links to the keyboard too.
conversationEl.addEventListener('keydown', (e) => {
  const link = (e.target as HTMLElement).closest<HTMLElement>('a.file-link');
  if (link && (e.key === 'Enter' || e.key === ' ')) {
    e.preventDefault();
    openFileLink(link);
  }
});
conversationEl.addEventListener(
  'toggle',
  (e) => {
    const d = e.target as HTMLDetailsElement;
    const key = d.dataset?.key;
    if (!key) return;
    if (d.open) opened.add(key);
    else opened.delete(key);
  },
  true,
);

post({ type: 'ready' });
