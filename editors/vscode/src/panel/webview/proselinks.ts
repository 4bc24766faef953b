// Names in prose that may be workspace files ("README.md", but also
// "Node.js"): render.ts draws them as plain candidates; the host says which
// exist (checkPaths, batched and bounded), and only those become file links.
// PathChecks is the pure part (what is known, what to ask); linkCandidates
// turns the known candidates of a drawn section into links.
import { maxCheckPaths } from '../messages';

/** Most answers kept; past it the cache starts over (a file made later is then found). */
const maxKnown = 2000;

export class PathChecks {
  private readonly known = new Map<string, boolean>();
  private readonly asked = new Set<string>();

  /** true: a workspace file; false: none; undefined: not known yet. */
  state(path: string): boolean | undefined {
    return this.known.get(path);
  }

  /** Of these paths, the ones to ask about now: not known, not asked already; at most maxCheckPaths. */
  toAsk(paths: Iterable<string>): string[] {
    const out: string[] = [];
    for (const p of paths) {
      if (out.length >= maxCheckPaths) break;
      if (this.known.has(p) || this.asked.has(p) || out.includes(p)) continue;
      out.push(p);
    }
    for (const p of out) this.asked.add(p);
    return out;
  }

  /** The host's answer: every path checked is known now, true when it is in existing. */
  answered(checked: readonly string[], existing: readonly string[]): void {
    if (this.known.size + checked.length > maxKnown) this.known.clear();
    const yes = new Set(existing);
    for (const p of checked) {
      this.asked.delete(p);
      this.known.set(p, yes.has(p));
    }
  }
}

/**
 * Makes the candidates under root that are known files into file links (as
 * render.ts draws a file link); returns the paths not known yet, to ask.
 */
export function linkCandidates(root: ParentNode, checks: PathChecks): string[] {
  const unknown: string[] = [];
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('span.file-candidate'))) {
    const path = el.dataset.path ?? '';
    const state = checks.state(path);
    if (state === undefined) {
      unknown.push(path);
      continue;
    }
    if (!state) continue;
    const a = el.ownerDocument.createElement('a');
    a.className = 'file-link';
    a.dataset.path = path;
    if (el.dataset.line) a.dataset.line = el.dataset.line;
    a.setAttribute('role', 'link');
    a.tabIndex = 0;
    a.title = `Open ${path}`;
    a.textContent = el.textContent;
    el.replaceWith(a);
  }
  return unknown;
}
