// HTML for the conversation webview, as strings: markdown through markdown-it
// with raw HTML off, everything else escaped. Pure (no DOM), so the unit tests
// check what the model's text can and cannot become.

import MarkdownIt from 'markdown-it';
import type { ItemView, ModelView, RunTurnView, StatusView } from '../messages';
import type { SetupView } from '../setup';
import { gaugeText, modelLabel } from '../conversation';
import { shownTurn, stateWords } from '../../viewmodel';
import { codeTarget, fileRef, fileRefsInProse, type FileRef } from '../applycode';
import { highlightCode } from './highlight';

const md = new MarkdownIt({ html: false, linkify: true, breaks: false });
// Only URLs with a scheme become web links: linkify's fuzzy links took a
// file name for a domain (README.md is a name under Moldova's .md), and
// made http://README.md of it. File names become file links (below).
md.linkify.set({ fuzzyLink: false });

// Web links open through VS Code (the host), never inside the webview; a
// relative link target is a workspace file (a file link).
const safeLink = /^(https?:|mailto:)/i;
md.validateLink = (url: string) => safeLink.test(url.trim()) || fileRef(url, false) !== undefined;

/** The attributes of a file link: the host opens the file when it is clicked (or Enter). */
function fileLinkAttrs(ref: FileRef): [string, string][] {
  const attrs: [string, string][] = [['class', 'file-link'], ['data-path', ref.path], ['role', 'link'], ['tabindex', '0'], ['title', `Open ${ref.path}`]];
  if (ref.line) attrs.push(['data-line', String(ref.line)]);
  return attrs;
}

/**
 * The attributes of a name in prose that may be a workspace file ("README.md",
 * but also "Node.js"): drawn as plain text until the host says the file
 * exists (checkPaths), then made a file link (proselinks.ts).
 */
function candidateAttrs(ref: FileRef): [string, string][] {
  const attrs: [string, string][] = [['class', 'file-candidate'], ['data-path', ref.path]];
  if (ref.line) attrs.push(['data-line', String(ref.line)]);
  return attrs;
}

// Markdown links to a relative path and backquoted names become file links
// (`README.md`, [notes](docs/notes.md)): the answer marked them as names.
// Names in prose that look like workspace files (src/app.ts:12) become
// candidates, links only once the file is known to exist.
md.core.ruler.push('file_links', (state) => {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const out: typeof block.children = [];
    let inLink = 0;
    for (const t of block.children) {
      if (t.type === 'link_open') {
        inLink++;
        const href = t.attrGet('href') ?? '';
        const ref = safeLink.test(href) ? undefined : fileRef(href, false);
        if (ref) t.attrs = fileLinkAttrs(ref);
      } else if (t.type === 'link_close') inLink = Math.max(0, inLink - 1);
      if (inLink === 0 && t.type === 'code_inline') {
        const ref = fileRef(t.content, false);
        if (ref) {
          const open = new state.Token('link_open', 'a', 1);
          open.attrs = fileLinkAttrs(ref);
          out.push(open, t, new state.Token('link_close', 'a', -1));
          continue;
        }
      }
      if (inLink === 0 && t.type === 'text') {
        const refs = fileRefsInProse(t.content);
        if (refs.length > 0) {
          let at = 0;
          const text = (s: string) => {
            const x = new state.Token('text', '', 0);
            x.content = s;
            return x;
          };
          for (const r of refs) {
            if (r.start > at) out.push(text(t.content.slice(at, r.start)));
            const open = new state.Token('file_candidate_open', 'span', 1);
            open.attrs = candidateAttrs(r.ref);
            out.push(open, text(t.content.slice(r.start, r.end)), new state.Token('file_candidate_close', 'span', -1));
            at = r.end;
          }
          if (at < t.content.length) out.push(text(t.content.slice(at)));
          continue;
        }
      }
      out.push(t);
    }
    block.children = out;
  }
});

/** The text of the paragraph just before token idx (what a code block's target may be named in). */
function precedingText(tokens: { type: string; content: string }[], idx: number): string | undefined {
  for (let i = idx - 1; i >= 0 && i >= idx - 4; i--) {
    if (tokens[i].type === 'inline') return tokens[i].content;
    if (tokens[i].type === 'fence' || tokens[i].type === 'code_block') return undefined;
  }
  return undefined;
}

// Code blocks: highlighted, with Copy, Insert and Apply (to the file the
// block names, else to the active editor); the code is read back from the DOM.
md.renderer.rules.fence = (tokens, idx) => {
  const t = tokens[idx];
  const lang = (t.info || '').trim().split(/\s+/)[0].replace(/:.*$/, '');
  const target = codeTarget(t.info || '', precedingText(tokens, idx));
  const code = highlightCode(t.content, lang.toLowerCase(), escapeHtml);
  const cls = lang ? ` class="language-${escapeHtml(lang)}${code.highlighted ? ' hljs' : ''}"` : '';
  const apply = target
    ? `<button class="code-apply" data-path="${escapeHtml(target)}" title="Review the change to ${escapeHtml(target)} as a diff, then Accept or Reject">Apply to ${escapeHtml(target)}</button>`
    : `<button class="code-apply" title="Review the change to the active editor's file as a diff, then Accept or Reject">Apply to file</button>`;
  return (
    `<div class="codeblock"${target ? ` data-path="${escapeHtml(target)}"` : ''}>` +
    `<div class="codeblock-bar"><span class="codeblock-lang">${escapeHtml(lang)}</span>` +
    `<button class="code-copy" title="Copy">Copy</button>` +
    `<button class="code-insert" title="Insert at the cursor of the active editor">Insert</button>${apply}</div>` +
    `<pre><code${cls}>${code.html}</code></pre></div>`
  );
};
// Tables scroll sideways in a narrow panel rather than squeeze their cells.
md.renderer.rules.table_open = () => '<div class="table-wrap"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';
// Images would load remote resources; the CSP blocks them anyway, show the link text.
md.renderer.rules.image = (tokens, idx) => escapeHtml(tokens[idx].content || tokens[idx].attrGet('alt') || '');

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Plain text whose backquoted parts (a command to run) show as code. */
export function withCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]{1,300})`/g, '<code>$1</code>');
}

export function renderMarkdown(text: string): string {
  return md.render(text);
}

const statusIcons: Record<string, string> = {
  running: '⟳',
  pending: '…',
  completed: '✓',
  failed: '✗',
  'rejected by you': '✗',
  cancelled: '⊘',
};

/** One item; `key` names a `<details>` so its open state survives a re-draw. */
export function renderItem(item: ItemView, key: string, open: (key: string) => boolean): string {
  switch (item.kind) {
    case 'prompt': {
      const chips = (item.context ?? [])
        .map((c) => `<span class="chip">${escapeHtml(c.path)}${c.startLine ? `:${c.startLine}${c.endLine && c.endLine !== c.startLine ? `-${c.endLine}` : ''}` : ''}</span>`)
        .join('');
      return `<div class="item prompt"><div class="prompt-text">${escapeHtml(item.text)}</div>${chips ? `<div class="chips">${chips}</div>` : ''}</div>`;
    }
    case 'thinking':
      return (
        `<details class="item thinking" data-key="${escapeHtml(key)}"${open(key) ? ' open' : ''}>` +
        `<summary>Thinking${item.partial ? ' (cut short)' : ''}</summary><div class="thinking-text">${escapeHtml(item.text)}</div></details>`
      );
    case 'answer':
      return (
        `<div class="item answer markdown${item.partial ? ' answer-partial' : ''}">${renderMarkdown(item.text)}` +
        (item.partial ? '<p class="partial">⚠ Cut short: the run ended before the model finished this answer.</p>' : '') +
        `</div>`
      );
    case 'toolCall': {
      const icon = statusIcons[item.status] ?? (item.status.startsWith('waiting') ? '…' : '•');
      const out = item.output !== undefined ? `<pre class="tool-output">${escapeHtml(item.output)}</pre>` : '';
      return (
        `<details class="item tool tool-${escapeHtml(item.status.replace(/\s+/g, '-'))}" data-key="${escapeHtml(key)}" data-tool="${escapeHtml(item.name)}"${open(key) ? ' open' : ''}>` +
        `<summary><span class="tool-icon">${icon}</span> <span class="tool-name">${escapeHtml(item.name)}</span>` +
        (item.keyArgument ? ` <code class="tool-arg">${escapeHtml(item.keyArgument)}</code>` : '') +
        ` <span class="tool-status">${escapeHtml(item.status)}</span></summary>` +
        `<div class="tool-body"><div class="tool-args">${escapeHtml(item.arguments)}</div>${out}</div></details>`
      );
    }
    case 'notice':
      return `<div class="item notice">${escapeHtml(item.text)}</div>`;
  }
}

function outcomeWords(outcome: string | undefined): string {
  return (outcome ?? 'ended').replace(/_/g, ' ');
}

/** A checked fix's verdict: a check mark, or "still failing" with what remains. */
export function renderVerdict(v: NonNullable<RunTurnView['verdict']>): string {
  const retries = v.retries ? ` after ${v.retries} more attempt(s)` : '';
  if (v.fixed) return `<div class="verdict verdict-fixed">✓ fixed${escapeHtml(retries)}: the problem is gone and no new errors appeared</div>`;
  if (v.note) return `<div class="verdict verdict-unknown">${escapeHtml(v.note)}</div>`;
  const rem = (v.remaining ?? []).map((l) => `<li><code>${escapeHtml(l)}</code></li>`).join('');
  return `<div class="verdict verdict-failing">✗ still failing${escapeHtml(retries)}:<ul>${rem}</ul></div>`;
}

/** One run: its items, then its ending (outcome, error with the next step, Resume). */
export function renderRun(run: RunTurnView, open: (key: string) => boolean): string {
  const items = run.items.map((it, i) => renderItem(it, `${run.runId}:${it.kind === 'toolCall' ? it.id : i}`, open)).join('');
  let end = '';
  if (run.ended) {
    const meta = [outcomeWords(run.outcome)];
    if (run.turn) meta.push(`${run.turn} turn(s)`);
    if (run.model) meta.push(run.model);
    end += `<div class="run-end outcome-${escapeHtml(run.outcome ?? 'ended')}">${escapeHtml(meta.join(' · '))}</div>`;
    if (run.error && run.outcome !== 'cancelled') {
      end +=
        // The message in words, its commands as code; the error's kind is for programs, not shown.
        `<div class="run-error" data-kind="${escapeHtml(run.error.kind)}">${withCode(run.error.message)}` +
        (run.nextStep
          ? `<div class="next-step"><button class="next-step-button" data-run="${escapeHtml(run.runId)}">${escapeHtml(run.nextStep.label)}</button>` +
            (run.nextStep.action === 'terminal' ? ` <code>${escapeHtml(run.nextStep.command)}</code>` : '') +
            `</div>`
          : '') +
        `</div>`;
    }
    if (run.verdict) end += renderVerdict(run.verdict);
    if (run.resumable) end += `<button class="resume-button" data-run="${escapeHtml(run.runId)}">Resume</button>`;
    if (run.retry)
      end += `<button class="retry-button" data-run="${escapeHtml(run.runId)}" title="Send this run's prompt again, in the same conversation">Retry</button>`;
  } else {
    end = `<div class="run-live">${escapeHtml(stateWords(run.state))}…</div>`;
    if (run.waiting) end += `<div class="run-waiting">${withCode(run.waiting)}</div>`;
  }
  // data-outcome is set once the run ended (its record arrived), not at the Terminal transition.
  const outcome = run.ended ? run.outcome ?? 'ended' : '';
  // The section is drawn again on every streamed piece: nothing in it is a
  // live region (the announcer says what is new, once), and it is busy
  // while the run runs.
  return `<section class="run" data-run="${escapeHtml(run.runId)}" data-outcome="${escapeHtml(outcome)}" aria-busy="${run.ended ? 'false' : 'true'}">${items}${end}</section>`;
}

/** The status line: state, turn (counted from 1 while running) and the context gauge. */
export function renderStatus(s: StatusView): { text: string; gauge: number; gaugeTitle: string } {
  const tokens = s.contextTokens ?? 0;
  const gauge = s.contextWindow ? Math.min(1, tokens / s.contextWindow) : 0;
  const gaugeTitle = gaugeText(tokens, s.contextWindow);
  if (!s.state) return { text: 'idle', gauge, gaugeTitle };
  if (s.running) return { text: `${stateWords(s.state)}… · turn ${shownTurn(s.turn)}`, gauge, gaugeTitle };
  return { text: outcomeWords(s.outcome), gauge, gaugeTitle };
}

/** The model picker's entry that asks for a name. */
export const otherModel = ' other'; // a space: no model name has one

/** `<option>`s of the model picker; '' is the configured default. */
export function renderModelOptions(models: ModelView[], selected: string): string {
  const head = `<option value=""${selected === '' ? ' selected' : ''}>Default model</option>`;
  const known = models.some((m) => m.model === selected);
  const extra = selected && !known ? `<option value="${escapeHtml(selected)}" selected>${escapeHtml(selected)}</option>` : '';
  return (
    head +
    extra +
    models
      .map((m) => `<option value="${escapeHtml(m.model)}"${m.model === selected ? ' selected' : ''}>${escapeHtml(modelLabel(m))}</option>`)
      .join('') +
    `<option value="${otherModel}">Other model…</option>`
  );
}

/**
 * The setup card (nothing to run a model with yet): what is missing, in
 * words, with Start Ollama, Install Ollama and Pull as buttons (the host runs
 * them) and Retry. Empty when nothing is missing.
 */
export function renderSetup(v: SetupView | undefined): string {
  if (!v) return '';
  const button = (action: string, label: string, primary = false) =>
    `<button class="setup-button${primary ? ' primary' : ''}" data-setup="${action}">${escapeHtml(label)}</button>`;
  const buttons =
    v.kind === 'unreachable'
      ? button('start', 'Start Ollama', true) + button('install', 'Install Ollama') + button('pull', `Pull ${v.pull.replace(/^ollama pull /, '')}`) + button('retry', 'Retry')
      : button('pull', `Pull ${v.pull.replace(/^ollama pull /, '')}`, true) + button('retry', 'Retry');
  const title = v.kind === 'unreachable' ? 'Ollama is not reachable' : 'No model yet';
  return `<div class="setup-card setup-${v.kind}"><div class="setup-title">${escapeHtml(title)}</div><div class="setup-text">${withCode(v.text)}</div><div class="setup-buttons">${buttons}</div></div>`;
}
