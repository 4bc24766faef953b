import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundledBinary, findOnPath, resolveBinary } from '../src/binary';

// Real files in a temp dir: an extension dir with or without server/loopls,
// and PATH directories with executable and non-executable loopls files.
function tmp(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'loopls-binary-'));
}
function put(file: string, mode: number): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\n');
  fs.chmodSync(file, mode);
  return file;
}
const linux = (extensionPath: string, pathEnv: string | undefined) => ({ extensionPath, platform: 'linux' as const, pathEnv });

test('loopls.path wins over the bundled binary and PATH', () => {
  const d = tmp();
  put(path.join(d, 'ext', 'server', 'loopls'), 0o755);
  put(path.join(d, 'bin', 'loopls'), 0o755);
  const r = resolveBinary(' /opt/loopls/bin/loopls ', linux(path.join(d, 'ext'), path.join(d, 'bin')));
  assert.deepEqual(r, { command: '/opt/loopls/bin/loopls', source: 'setting' });
});

test('the bundled binary wins over PATH when no path is set', () => {
  const d = tmp();
  const bundled = put(path.join(d, 'ext', 'server', 'loopls'), 0o755);
  put(path.join(d, 'bin', 'loopls'), 0o755);
  for (const configured of [undefined, '', '   ', 42]) {
    assert.deepEqual(resolveBinary(configured, linux(path.join(d, 'ext'), path.join(d, 'bin'))), { command: bundled, source: 'bundled' });
  }
});

test('PATH when nothing is bundled; a non-executable or relative entry is skipped', () => {
  const d = tmp();
  put(path.join(d, 'noexec', 'loopls'), 0o644);
  fs.mkdirSync(path.join(d, 'dir', 'loopls'), { recursive: true }); // a directory named loopls
  const good = put(path.join(d, 'bin', 'loopls'), 0o755);
  put(path.join(d, 'ext', 'server', 'loopls'), 0o644); // bundled but not executable: skipped
  const pathEnv = ['', '.', 'relative/bin', path.join(d, 'noexec'), path.join(d, 'dir'), path.join(d, 'bin')].join(':');
  assert.deepEqual(resolveBinary(undefined, linux(path.join(d, 'ext'), pathEnv)), { command: good, source: 'path' });
});

test('nothing anywhere: plain loopls, so the start error names it', () => {
  const d = tmp();
  assert.deepEqual(resolveBinary(undefined, linux(path.join(d, 'ext'), path.join(d, 'none'))), { command: 'loopls', source: 'missing' });
  assert.deepEqual(resolveBinary(undefined, linux(path.join(d, 'ext'), undefined)), { command: 'loopls', source: 'missing' });
});

test('Windows: loopls.exe under server\\, PATH split on ;', () => {
  assert.equal(bundledBinary('C:\\ext', 'win32'), 'C:\\ext\\server\\loopls.exe');
  assert.equal(bundledBinary('/ext', 'darwin'), '/ext/server/loopls');
  const seen: string[] = [];
  const isExecutable = (f: string) => {
    seen.push(f);
    return f === 'D:\\tools\\loopls.exe';
  };
  const env = { extensionPath: 'C:\\ext', platform: 'win32' as const, pathEnv: 'C:\\bin;;D:\\tools', isExecutable };
  assert.equal(findOnPath(env), 'D:\\tools\\loopls.exe');
  assert.deepEqual(resolveBinary(undefined, env), { command: 'D:\\tools\\loopls.exe', source: 'path' });
  assert.ok(seen.includes('C:\\ext\\server\\loopls.exe'), 'looked for the bundled binary first');
});
