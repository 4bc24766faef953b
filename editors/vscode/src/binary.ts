// Which loopls binary the extension starts: the `loopls.path` setting if
// set, else the binary bundled in a per-platform .vsix (server/loopls, as
// `make vsix` packages it), else `loopls` on PATH. Pure but for the file
// checks, which a caller may replace (tests use real files anyway).

import * as fs from 'node:fs';
import * as path from 'node:path';

/** Where the chosen binary came from. */
export type BinarySource = 'setting' | 'bundled' | 'path' | 'missing';

export interface ResolvedBinary {
  command: string;
  source: BinarySource;
}

export interface BinaryEnv {
  /** The extension's install directory (ExtensionContext.extensionPath). */
  extensionPath: string;
  platform: NodeJS.Platform;
  /** The PATH (Path on Windows) of the extension host. */
  pathEnv: string | undefined;
  /** Whether file is a file this process can execute. */
  isExecutable?: (file: string) => boolean;
}

/** The file name of the binary on a platform. */
export function binaryName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'loopls.exe' : 'loopls';
}

function pathFor(platform: NodeJS.Platform): typeof path.posix {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** Where a per-platform .vsix keeps its binary, inside the extension. */
export function bundledBinary(extensionPath: string, platform: NodeJS.Platform): string {
  return pathFor(platform).join(extensionPath, 'server', binaryName(platform));
}

/** A regular file with an execute bit for this process (on Windows: a regular file). */
export function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first directory of PATH holding an executable loopls, or undefined. */
export function findOnPath(env: BinaryEnv): string | undefined {
  const p = pathFor(env.platform);
  const isExec = env.isExecutable ?? isExecutableFile;
  const sep = env.platform === 'win32' ? ';' : ':';
  for (const dir of (env.pathEnv ?? '').split(sep)) {
    // An empty PATH entry means the current directory, which is the
    // workspace's: never run a binary from there.
    if (dir.trim() === '' || !p.isAbsolute(dir)) continue;
    const file = p.join(dir, binaryName(env.platform));
    if (isExec(file)) return file;
  }
  return undefined;
}

/**
 * Resolves the binary to start. A configured path is used as given (the user
 * asked for it; if it does not run, the start error says so); a bundled
 * binary that is missing or not executable is skipped.
 */
export function resolveBinary(configured: unknown, env: BinaryEnv): ResolvedBinary {
  if (typeof configured === 'string' && configured.trim() !== '') return { command: configured.trim(), source: 'setting' };
  const isExec = env.isExecutable ?? isExecutableFile;
  const bundled = bundledBinary(env.extensionPath, env.platform);
  if (isExec(bundled)) return { command: bundled, source: 'bundled' };
  const onPath = findOnPath(env);
  if (onPath) return { command: onPath, source: 'path' };
  return { command: binaryName(env.platform), source: 'missing' };
}
