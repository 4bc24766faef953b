// Mapping from the extension's VS Code settings to what loopls reads from
// initializationOptions and workspace/didChangeConfiguration (SPEC §3). Pure:
// the settings are read through a getter so tests need no VS Code.

/** Reads one setting of the `loopls` section; undefined when unset. */
export type SettingGetter = (key: string) => unknown;

/** The settings loopls understands, under their protocol names. */
export interface ServerSettings {
  model?: string;
  ollamaHost?: string;
  maxTurns?: number;
  contextWindow?: number;
  allowedCommands?: string[];
}

/** Keys of the `loopls` section that are sent to the server. */
export const serverKeys = ['model', 'ollamaHost', 'maxTurns', 'contextWindow', 'allowedCommands'] as const;

function nonEmptyString(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

function nonNegativeInt(v: unknown): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  const n = Math.trunc(v);
  return n < 0 ? undefined : n;
}

/**
 * Builds the settings object sent to loopls. Empty strings are left out so
 * that the server's own defaults and environment (LOOPLS_MODEL, OLLAMA_HOST)
 * apply; malformed values are left out rather than sent, since the server
 * would refuse the whole object.
 */
export function toServerSettings(get: SettingGetter): ServerSettings {
  const s: ServerSettings = {};
  const model = nonEmptyString(get('model'));
  if (model !== undefined) s.model = model;
  const host = nonEmptyString(get('ollamaHost'));
  if (host !== undefined) s.ollamaHost = host;
  const maxTurns = nonNegativeInt(get('maxTurns'));
  if (maxTurns !== undefined && maxTurns > 0) s.maxTurns = maxTurns;
  const window = nonNegativeInt(get('contextWindow'));
  if (window !== undefined) s.contextWindow = window;
  const allowed = get('allowedCommands');
  if (Array.isArray(allowed)) {
    s.allowedCommands = allowed.filter((c): c is string => typeof c === 'string' && c.trim() !== '').map((c) => c.trim());
  }
  return s;
}

/** The didChangeConfiguration params loopls expects: `{"settings": {"loopls": {...}}}`. */
export function didChangeConfigurationParams(get: SettingGetter): { settings: { loopls: ServerSettings } } {
  return { settings: { loopls: toServerSettings(get) } };
}

/** The command that starts the daemon: `loopls.path` if set, else `loopls` on PATH. */
export function serverCommand(get: SettingGetter): { command: string; args: string[] } {
  const path = nonEmptyString(get('path'));
  return { command: path ?? 'loopls', args: ['serve'] };
}

/** Whether a change of the given setting needs the server restarted (a new binary). */
export function needsRestart(affects: (section: string) => boolean): boolean {
  return affects('loopls.path');
}

/** Whether a change of settings must be sent to the server. */
export function affectsServer(affects: (section: string) => boolean): boolean {
  return serverKeys.some((k) => affects(`loopls.${k}`));
}
