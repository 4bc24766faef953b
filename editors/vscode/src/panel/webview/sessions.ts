// The panel's session list, in the webview: the header's Sessions button
// opens it; a search box filters it by title; each row opens its
// conversation, and offers Rename (in place: Enter keeps, Escape drops) and
// Delete (asked in the row: Delete or Keep). DOM only, text through
// textContent; every action is a message to the host (view.ts), which asks
// the daemon and sends the list again.

import type { SessionView, WebviewMessage } from '../messages';
import { maxTitle, searchSessions, sessionMeta } from '../sessions';

export interface SessionsUi {
  /** Draws the list (the daemon's, newest first) with the shown conversation marked. */
  draw(sessions: SessionView[], current: string | undefined): void;
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function button(doc: Document, label: string, cls: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el(doc, 'button', cls, label);
  b.type = 'button';
  b.title = title;
  b.setAttribute('aria-label', title);
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    onClick();
  });
  return b;
}

/**
 * Wires the list: `toggle` (the header's Sessions button) shows and hides
 * `box`, which holds the search field and the rows.
 */
export function mountSessions(doc: Document, toggle: HTMLButtonElement, box: HTMLElement, post: (m: WebviewMessage) => void): SessionsUi {
  let sessions: SessionView[] = [];
  let current: string | undefined;
  // The row being renamed or asked about, kept across re-draws.
  let renaming: string | undefined;
  let deleting: string | undefined;

  const search = el(doc, 'input', 'sessions-search');
  search.type = 'search';
  search.id = 'sessions-search';
  search.placeholder = 'Search sessions';
  search.setAttribute('aria-label', 'Search sessions by title');
  const list = el(doc, 'ul', 'sessions-list');
  list.id = 'sessions-list';
  list.setAttribute('aria-label', 'Sessions of this workspace');
  const empty = el(doc, 'div', 'sessions-empty');
  box.replaceChildren(search, list, empty);

  function setOpen(open: boolean): void {
    box.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) {
      post({ type: 'refreshSessions' });
      search.focus();
    } else {
      renaming = deleting = undefined;
    }
  }
  toggle.addEventListener('click', () => setOpen(box.hidden));
  search.addEventListener('input', () => redraw());
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && renaming === undefined && deleting === undefined) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      toggle.focus();
    }
  });

  function row(s: SessionView): HTMLLIElement {
    const li = el(doc, 'li', 'session');
    li.dataset.session = s.sessionId;
    if (s.sessionId === current) li.setAttribute('aria-current', 'true');
    if (renaming === s.sessionId) {
      const input = el(doc, 'input', 'session-rename-input');
      input.value = s.title;
      input.maxLength = maxTitle;
      input.setAttribute('aria-label', `New title for ${s.title}`);
      const done = (keep: boolean) => {
        if (renaming !== s.sessionId) return;
        renaming = undefined;
        const title = input.value.trim();
        if (keep && title !== '' && title !== s.title) post({ type: 'renameSession', sessionId: s.sessionId, title });
        redraw();
      };
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          done(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          done(false);
        }
      });
      input.addEventListener('blur', () => done(false));
      li.append(input);
      queueMicrotask(() => {
        input.focus();
        input.select();
      });
      return li;
    }
    if (deleting === s.sessionId) {
      li.classList.add('session-confirm');
      li.append(
        el(doc, 'span', 'session-confirm-text', `Delete “${s.title}” and its history?`),
        button(doc, 'Delete', 'session-delete-yes', `Delete ${s.title}`, () => {
          deleting = undefined;
          post({ type: 'deleteSession', sessionId: s.sessionId });
        }),
        button(doc, 'Keep', 'session-delete-no', 'Keep it', () => {
          deleting = undefined;
          redraw();
        }),
      );
      return li;
    }
    const open = el(doc, 'button', 'session-open');
    open.type = 'button';
    open.title = `Open “${s.title}”`;
    open.append(el(doc, 'span', 'session-title', s.title), el(doc, 'span', 'session-meta', sessionMeta(s, new Date())));
    if (s.preview) open.append(el(doc, 'span', 'session-preview', s.preview));
    open.addEventListener('click', () => {
      post({ type: 'openSession', sessionId: s.sessionId });
      setOpen(false);
    });
    li.append(
      open,
      button(doc, '✎', 'session-rename', `Rename ${s.title}`, () => {
        renaming = s.sessionId;
        deleting = undefined;
        redraw();
      }),
      button(doc, '✕', 'session-delete', `Delete ${s.title}`, () => {
        deleting = s.sessionId;
        renaming = undefined;
        redraw();
      }),
    );
    return li;
  }

  function redraw(): void {
    const shown = searchSessions(sessions, search.value);
    list.replaceChildren(...shown.map(row));
    empty.textContent = sessions.length === 0 ? 'No sessions yet: what you send starts one.' : shown.length === 0 ? 'No session title has those words.' : '';
    empty.hidden = empty.textContent === '';
  }

  return {
    draw(next, cur) {
      sessions = next;
      current = cur;
      if (renaming && !next.some((s) => s.sessionId === renaming)) renaming = undefined;
      if (deleting && !next.some((s) => s.sessionId === deleting)) deleting = undefined;
      // A rename in progress keeps its input (and what was typed) until Enter or Escape.
      if (renaming && list.querySelector('.session-rename-input')) return;
      redraw();
    },
  };
}
