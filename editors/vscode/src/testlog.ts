// An opt-in JSON-lines event log for the end-to-end tests: the driver reads
// what the extension saw from it, since VS Code's DOM is no reliable source
// for editor text. Off unless LOOPLS_VSCODE_TEST_LOG names a file.

import { appendFileSync } from 'node:fs';

export class TestLog {
  constructor(private readonly path: string | undefined) {}

  get enabled(): boolean {
    return !!this.path;
  }

  write(obj: Record<string, unknown>): void {
    if (!this.path) return;
    try {
      appendFileSync(this.path, JSON.stringify({ t: Date.now(), ...obj }) + '\n');
    } catch {
      // A test log that cannot be written must not break the extension.
    }
  }
}
