// loopls/diagnostics: the diagnostics VS Code holds for documents (from every
// language server it runs), answered once they have settled after the
// latest edit (docs/protocol.md#diagnostics). The settling is pure
// (Settler) so it is tested without VS Code; diagnosticsHost wires it to
// vscode.languages.
import type * as vscode from 'vscode';
import type { ClientCapabilities, FeatureState, StaticFeature } from 'vscode-languageclient/node';
import type { DiagnosticsParams } from './protocol';

/** The client bounds its wait at 5 s whatever settleMs asks. */
export const maxSettleMs = 5000;
/** settleMs when the daemon sends none. */
export const defaultSettleMs = 500;

/** Declares `experimental.loopls.diagnostics`: loopls may ask loopls/diagnostics. */
export class DiagnosticsCapability implements StaticFeature {
  fillClientCapabilities(caps: ClientCapabilities): void {
    const experimental = (caps.experimental ?? {}) as Record<string, unknown>;
    experimental.loopls = { ...((experimental.loopls as object | undefined) ?? {}), diagnostics: true };
    caps.experimental = experimental;
  }
  initialize(): void {}
  getState(): FeatureState {
    return { kind: 'static' };
  }
  clear(): void {}
}

/** The settle time a request asks for, bounded. */
export function settleOf(p: Partial<DiagnosticsParams> | undefined): number {
  const ms = typeof p?.settleMs === 'number' && Number.isFinite(p.settleMs) ? p.settleMs : defaultSettleMs;
  return Math.min(Math.max(0, ms), maxSettleMs);
}

/**
 * When a document's diagnostics have settled: none of the documents asked
 * for changed its diagnostics for settleMs, and each one edited lately has
 * had its diagnostics published since that edit (a language server looks
 * at an edit after a debounce of its own). The wait is bounded by
 * maxSettleMs from the request.
 */
export class Settler {
  private lastEdit = new Map<string, number>();
  private lastChange = new Map<string, number>();

  edited(uri: string, at: number): void {
    this.lastEdit.set(uri, at);
  }

  changed(uri: string, at: number): void {
    this.lastChange.set(uri, at);
  }

  /** How long from now until uris count as settled, for a request made at start; 0: settled. */
  remaining(uris: string[], start: number, settleMs: number, now: number): number {
    const deadline = start + maxSettleMs;
    if (now >= deadline) return 0;
    let quietSince = start;
    for (const u of uris) {
      const c = this.lastChange.get(u);
      const e = this.lastEdit.get(u) ?? 0;
      if (c !== undefined && c > quietSince) quietSince = c;
      // Edited and not yet republished by a server that publishes for it:
      // wait for the server (to the bound). A document no server ever
      // published for is not waited for.
      if (c !== undefined && e > c) return Math.min(deadline - now, Math.max(settleMs, 50));
    }
    return Math.max(0, Math.min(deadline, quietSince + settleMs) - now);
  }
}

/** What diagnosticsHost needs of VS Code and the language client, so tests can give their own. */
export interface DiagnosticsEnv {
  parse(uri: string): vscode.Uri;
  get(uri: vscode.Uri): vscode.Diagnostic[];
  version(uri: string): number | undefined;
  asDiagnostics(d: vscode.Diagnostic[]): Promise<unknown[]>;
  now(): number;
}

/** Answers one loopls/diagnostics once settled (or cancelled: what is held then). */
export async function answerDiagnostics(
  settler: Settler,
  env: DiagnosticsEnv,
  p: DiagnosticsParams | undefined,
  token: { isCancellationRequested: boolean; onCancellationRequested(l: () => void): unknown },
  wake: (l: () => void) => { dispose(): void },
): Promise<{ uri: string; version?: number; diagnostics: unknown[] }[]> {
  const uris = Array.isArray(p?.uris) ? p!.uris.filter((u): u is string => typeof u === 'string').slice(0, 64) : [];
  const settle = settleOf(p);
  const start = env.now();
  // Wait: re-check on every diagnostics change, on a timer for the rest.
  await new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sub: { dispose(): void } | undefined;
    const done = () => {
      if (timer) clearTimeout(timer);
      sub?.dispose();
      resolve();
    };
    const check = () => {
      if (timer) clearTimeout(timer);
      if (token.isCancellationRequested) return done();
      const left = settler.remaining(uris, start, settle, env.now());
      if (left <= 0) return done();
      timer = setTimeout(check, left);
    };
    sub = wake(check);
    token.onCancellationRequested(done);
    check();
  });
  const out: { uri: string; version?: number; diagnostics: unknown[] }[] = [];
  for (const u of uris) {
    const entry: { uri: string; version?: number; diagnostics: unknown[] } = { uri: u, diagnostics: await env.asDiagnostics(env.get(env.parse(u))) };
    const v = env.version(u);
    if (v !== undefined) entry.version = v;
    out.push(entry);
  }
  return out;
}

/** One line for a verdict, as the panel and the output show it. */
export function verdictText(v: { fixed?: boolean; remaining?: string[]; note?: string } | undefined): string | undefined {
  if (!v) return undefined;
  if (v.fixed) return '✓ fixed: the problem is gone and no new errors appeared';
  if (v.note) return `? ${v.note}`;
  const rem = Array.isArray(v.remaining) ? v.remaining : [];
  return `✗ still failing:\n${rem.join('\n')}`;
}
