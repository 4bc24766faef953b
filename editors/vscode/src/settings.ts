// Mapping from the extension's VS Code settings to what loopls reads from
// initializationOptions and workspace/didChangeConfiguration (SPEC §3). Pure:
// the settings are read through a getter so tests need no VS Code.

import { resolveBinary, type BinaryEnv, type BinarySource } from './binary';
import { isMode, type Mode } from './review';

/** Reads one setting of the `loopls` section; undefined when unset. */
export type SettingGetter = (key: string) => unknown;

/** The settings loopls understands, under their protocol names. */
export interface ServerSettings {
  model?: string;
  ollamaHost?: string;
  maxTurns?: number;
  contextWindow?: number;
  allowedCommands?: string[];
  mode?: Mode;
}

/** Keys of the `loopls` section that are sent to the server. */
export const serverKeys = ['model', 'ollamaHost', 'maxTurns', 'contextWindow', 'allowedCommands', 'mode'] as const;

/**
 * Settings a workspace VS Code does not trust may not set: they start a
 * program, send the code elsewhere or widen what a run may do. package.json
 * lists them in `capabilities.untrustedWorkspaces.restrictedConfigurations`
 * (test/manifest.test.ts).
 */
export const restrictedKeys = ['path', 'model', 'ollamaHost', 'allowedCommands', 'mode'] as const;

/**
 * Settings that widen trust come only from the user (issue 23): the binary
 * VS Code starts, where the code is sent, what runs unasked and the mode.
 * Their scope is `machine`, which a workspace's `.vscode/settings.json`
 * cannot set, and `userOnly` reads them from the user's settings alone even
 * if a workspace or folder value is present (an older VS Code, a settings
 * file written by hand or by a model): a repository cannot widen them.
 */
export const machineKeys = ['path', 'model', 'ollamaHost', 'allowedCommands', 'mode'] as const;

/** What `WorkspaceConfiguration.inspect` returns, in the fields that matter here. */
export interface Inspected {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

const userOnlyKeys: ReadonlySet<string> = new Set(machineKeys);

/**
 * A getter that reads the machine keys from the user's (global) settings or
 * the default only, and every other key through `get`.
 */
export function userOnly(inspect: (key: string) => Inspected | undefined, get: SettingGetter): SettingGetter {
  return (key) => {
    if (!userOnlyKeys.has(key)) return get(key);
    const i = inspect(key);
    if (!i) return undefined;
    return i.globalValue !== undefined ? i.globalValue : i.defaultValue;
  };
}

/** The machine keys a workspace or folder sets anyway: ignored, and named in a warning. */
export function ignoredWorkspaceKeys(inspect: (key: string) => Inspected | undefined): string[] {
  return machineKeys.filter((k) => {
    const i = inspect(k);
    return i !== undefined && (i.workspaceValue !== undefined || i.workspaceFolderValue !== undefined);
  }).map((k) => `loopls.${k}`);
}

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
export function toServerSettings(get: SettingGetter, trusted = true): ServerSettings {
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
  const mode = get('mode');
  if (isMode(mode)) s.mode = mode;
  // In a workspace VS Code does not trust, runs are `ask` whatever the
  // settings or a project file (.loopls.json) say: the setting outranks the
  // project file, and trust.ts makes each run's own mode `ask` too.
  if (!trusted) {
    s.mode = 'ask';
  }
  return s;
}

/** The didChangeConfiguration params loopls expects: `{"settings": {"loopls": {...}}}`. */
export function didChangeConfigurationParams(get: SettingGetter, trusted = true): { settings: { loopls: ServerSettings } } {
  return { settings: { loopls: toServerSettings(get, trusted) } };
}

/** The command that starts the daemon: `loopls.path`, else the bundled binary, else `loopls` on PATH (binary.ts). */
export function serverCommand(get: SettingGetter, env: BinaryEnv): { command: string; args: string[]; source: BinarySource } {
  const { command, source } = resolveBinary(get('path'), env);
  return { command, args: ['serve'], source };
}

/** Whether a change of the given setting needs the server restarted (a new binary). */
export function needsRestart(affects: (section: string) => boolean): boolean {
  return affects('loopls.path');
}

/** Whether a change of settings must be sent to the server. */
export function affectsServer(affects: (section: string) => boolean): boolean {
  return serverKeys.some((k) => affects(`loopls.${k}`));
}
