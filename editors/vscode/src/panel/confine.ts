// Whether a path an answer names stays inside a workspace folder once its
// symlinks are followed: a file link opens it and Apply writes it, and a
// repository may hold a link that points out of it (notes.md →
// ~/.bashrc). The nearest part of the path that exists is resolved, so a
// new file under a linked directory is checked too.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** The real path of p, or of its nearest existing ancestor with the rest appended. */
async function realish(p: string): Promise<string> {
  let rest = '';
  let cur = p;
  for (;;) {
    try {
      const real = await fs.realpath(cur);
      return rest ? path.join(real, rest) : real;
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return p;
      rest = rest ? path.join(path.basename(cur), rest) : path.basename(cur);
      cur = parent;
    }
  }
}

/** True when `target` (absolute) is inside the folder `root` after following symlinks. */
export async function insideFolder(root: string, target: string): Promise<boolean> {
  const [r, t] = await Promise.all([realish(root), realish(target)]);
  const rel = path.relative(r, t);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
