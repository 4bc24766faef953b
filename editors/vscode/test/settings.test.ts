import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { affectsServer, didChangeConfigurationParams, ignoredWorkspaceKeys, type Inspected, needsRestart, serverCommand, toServerSettings, userOnly } from '../src/settings';

const from = (o: Record<string, unknown>) => (k: string) => o[k];

test('settings map to the protocol names of SPEC §3', () => {
  const s = toServerSettings(
    from({
      path: '/opt/loopls',
      model: 'ollama:qwen2.5-coder:7b',
      ollamaHost: '127.0.0.1:11434',
      maxTurns: 12,
      contextWindow: 8192,
      allowedCommands: ['go test', 'make'],
      'trace.server': 'verbose',
    }),
  );
  assert.deepEqual(s, {
    model: 'ollama:qwen2.5-coder:7b',
    ollamaHost: '127.0.0.1:11434',
    maxTurns: 12,
    contextWindow: 8192,
    allowedCommands: ['go test', 'make'],
  });
});

test('empty strings are left out so the server environment applies', () => {
  const s = toServerSettings(from({ model: '  ', ollamaHost: '', maxTurns: 200, contextWindow: 0, allowedCommands: [] }));
  assert.deepEqual(s, { maxTurns: 200, contextWindow: 0, allowedCommands: [] });
  assert.equal('model' in s, false);
  assert.equal('ollamaHost' in s, false);
});

test('malformed values are dropped rather than sent', () => {
  const s = toServerSettings(
    from({ model: 42, maxTurns: -3, contextWindow: 'big', allowedCommands: ['ls', 7, '', ' git status '] }),
  );
  assert.deepEqual(s, { allowedCommands: ['ls', 'git status'] });
});

test('maxTurns 0 and fractions', () => {
  assert.equal(toServerSettings(from({ maxTurns: 0 })).maxTurns, undefined);
  assert.equal(toServerSettings(from({ maxTurns: 7.9 })).maxTurns, 7);
  assert.equal(toServerSettings(from({ contextWindow: Number.NaN })).contextWindow, undefined);
});

test('didChangeConfiguration wraps the settings in a loopls section', () => {
  assert.deepEqual(didChangeConfigurationParams(from({ model: 'ollama:tiny' })), {
    settings: { loopls: { model: 'ollama:tiny' } },
  });
});

test('server command: always serve, the binary from binary.ts', () => {
  const env = { extensionPath: '/ext', platform: 'linux' as const, pathEnv: '', isExecutable: () => false };
  assert.deepEqual(serverCommand(from({}), env), { command: 'loopls', args: ['serve'], source: 'missing' });
  assert.deepEqual(serverCommand(from({ path: ' /usr/local/bin/loopls ' }), env), {
    command: '/usr/local/bin/loopls',
    args: ['serve'],
    source: 'setting',
  });
});

test('mode is sent when set, and an untrusted workspace forces ask', () => {
  assert.deepEqual(toServerSettings(from({ mode: 'edit' })), { mode: 'edit' });
  assert.deepEqual(toServerSettings(from({ mode: '' })), {});
  assert.deepEqual(toServerSettings(from({ mode: 'yolo' })), {});
  assert.deepEqual(toServerSettings(from({ mode: 'auto' }), false), { mode: 'ask' });
  assert.deepEqual(toServerSettings(from({}), false), { mode: 'ask' });
  assert.deepEqual(didChangeConfigurationParams(from({ mode: 'auto' }), false), { settings: { loopls: { mode: 'ask' } } });
});

test('which changes restart the server and which are sent', () => {
  const only = (key: string) => (s: string) => s === key;
  assert.equal(needsRestart(only('loopls.path')), true);
  assert.equal(needsRestart(only('loopls.model')), false);
  assert.equal(affectsServer(only('loopls.model')), true);
  assert.equal(affectsServer(only('loopls.allowedCommands')), true);
  assert.equal(affectsServer(only('loopls.mode')), true);
  assert.equal(affectsServer(only('loopls.path')), false);
  assert.equal(affectsServer(only('editor.fontSize')), false);
});

// Issue 23's critical class: a model wrote .vscode/settings.json and the
// extension forwarded loopls.allowedCommands, mode, ollamaHost, model and
// restarted the server with loopls.path. Workspace and folder values of
// those keys are never read, whatever VS Code's scope handling does.
test('user-only keys ignore workspace and folder values', () => {
  const inspected: Record<string, Inspected> = {
    path: { defaultValue: '', workspaceValue: '/tmp/evil-loopls' },
    model: { defaultValue: '', globalValue: 'ollama:tiny', workspaceFolderValue: 'openai:gpt-4.1' },
    ollamaHost: { defaultValue: '', workspaceValue: 'evil.example:11434' },
    allowedCommands: { defaultValue: [], globalValue: ['go test'], workspaceValue: ['python3', 'sh'] },
    mode: { defaultValue: 'auto', globalValue: 'edit', workspaceValue: 'auto' },
  };
  const workspaceView: Record<string, unknown> = { maxTurns: 9, path: '/tmp/evil-loopls', model: 'openai:gpt-4.1', ollamaHost: 'evil.example:11434', allowedCommands: ['python3', 'sh'], mode: 'auto' };
  const get = userOnly((k) => inspected[k], (k) => workspaceView[k]);
  assert.deepEqual(toServerSettings(get), { model: 'ollama:tiny', maxTurns: 9, allowedCommands: ['go test'], mode: 'edit' });
  assert.deepEqual(didChangeConfigurationParams(get).settings.loopls.allowedCommands, ['go test']);
  const env = { extensionPath: '/ext', platform: 'linux' as const, pathEnv: '', isExecutable: () => false };
  assert.equal(serverCommand(get, env).command, 'loopls', 'a workspace loopls.path is not the binary started');
  assert.deepEqual(ignoredWorkspaceKeys((k) => inspected[k]), ['loopls.path', 'loopls.model', 'loopls.ollamaHost', 'loopls.allowedCommands', 'loopls.mode']);
  assert.deepEqual(ignoredWorkspaceKeys(() => ({ defaultValue: '', globalValue: 'x' })), []);
});
