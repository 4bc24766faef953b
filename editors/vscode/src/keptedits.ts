// Kept edits are saved (issue 32): which documents an applied workspace
// edit wrote text into, so the extension saves them before it answers
// loopls, and the agent's next command reads what the user sees. Pure.

import type { LspWorkspaceEdit } from './editreview';

/**
 * The URIs whose text an applied edit wrote, in order, each once: the
 * documents of its text edits, the files it created, the keys of its
 * `changes`. A file it deleted, or renamed away, is not one of them; nor
 * is one that held unsaved typing when the edit was applied (`unsaved`):
 * saving it would write the user's typing to disk behind their back. A
 * command's change to a dirty buffer comes this way, and docs/security.md
 * says it stays in the buffer; commands read such a buffer anyway, through
 * the line's layer.
 */
export function keptUris(edit: LspWorkspaceEdit | undefined, unsaved: (uri: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const add = (u: unknown) => {
    if (typeof u === 'string' && u !== '' && !out.includes(u)) out.push(u);
  };
  const gone = new Set<string>();
  for (const dc of edit?.documentChanges ?? []) {
    if (dc === null || typeof dc !== 'object') continue;
    const c = dc as { kind?: unknown; uri?: unknown; oldUri?: unknown; newUri?: unknown; textDocument?: { uri?: unknown } };
    if (c.textDocument) add(c.textDocument.uri);
    else if (c.kind === 'create') add(c.uri);
    else if (c.kind === 'rename') {
      if (typeof c.oldUri === 'string') gone.add(c.oldUri);
      add(c.newUri);
    } else if (c.kind === 'delete' && typeof c.uri === 'string') gone.add(c.uri);
  }
  for (const u of Object.keys(edit?.changes ?? {})) add(u);
  return out.filter((u) => !gone.has(u) && !unsaved(u));
}
