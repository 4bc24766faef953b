// Workspace trust: in a workspace VS Code does not trust (Restricted Mode),
// loopls runs only in `ask` mode, which offers read-only tools. Every request
// that starts a run passes through restrictRun (extension.ts's client calls
// it from sendRequest), so no code path — the panel, a command, the server's
// own code action — can start an `edit` or `auto` run there. Pure.

import { isMode } from './review';

export interface TrustState {
  trusted: boolean;
}

export type Guarded = { params: unknown; refusal?: undefined } | { refusal: string; params?: undefined };

/** Methods and server commands that start a run. */
const runMethods = new Set(['loopls/run', 'loopls/resumeRun']);
const runCommands = new Set(['loopls.run', 'loopls.fix']);

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** The message a refused run shows; it names the mode and the way out. */
export function refusalMessage(mode: string): string {
  return (
    `loopls: this workspace is in Restricted Mode, where runs are "ask" only (read-only tools). ` +
    `The run asked for "${mode}" and was not started: trust the workspace, or choose "ask".`
  );
}

/**
 * Checks one request before it is sent. Trusted: unchanged. Untrusted: a run
 * gets mode `ask` when it names none (whatever the settings or a project file
 * would say), and a run that names `edit` or `auto` — or any mode loopls does
 * not know — is refused, as is resuming a run (its mode was decided before).
 */
export function restrictRun(method: string, params: unknown, trust: TrustState): Guarded {
  if (trust.trusted) return { params };
  if (method === 'loopls/resumeRun') {
    return { refusal: 'loopls: this workspace is in Restricted Mode: resuming a run needs a trusted workspace.' };
  }
  if (runMethods.has(method)) return restrictArg(params, (p) => p);
  if (method === 'workspace/executeCommand') {
    const p = record(params);
    if (!p || typeof p.command !== 'string' || !runCommands.has(p.command)) return { params };
    const args = Array.isArray(p.arguments) ? p.arguments : [];
    return restrictArg(args[0] ?? {}, (arg) => ({ ...p, arguments: [arg, ...args.slice(1)] }));
  }
  return { params };
}

function restrictArg(arg: unknown, wrap: (arg: Record<string, unknown>) => unknown): Guarded {
  const a = record(arg);
  if (!a) return { refusal: 'loopls: a run request without parameters' };
  const asked = a.mode;
  if (asked === undefined || asked === null || asked === 'ask') return { params: wrap({ ...a, mode: 'ask' }) };
  return { refusal: refusalMessage(isMode(asked) ? asked : String(asked)) };
}
