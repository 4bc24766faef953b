import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// The repository's README names the Node.js that `make test` and `make vsix`
// need; every npm package they install must accept it, or npm warns
// EBADENGINE and the statement is false (issue 25, item 12: vsce 4 wanted Node 22).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver = require('semver') as { satisfies(version: string, range: string): boolean };

const repo = path.join(__dirname, '..', '..', '..', '..');

function statedNode(): string {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const m = /Node\.js \d+ \((\d+\.\d+\.\d+) or later\)/.exec(readme);
  assert.ok(m, 'README.md names the Node.js it needs as "Node.js N (N.N.N or later)"');
  return m[1];
}

for (const lock of ['editors/vscode/package-lock.json', 'editors/test/package-lock.json']) {
  test(`every package of ${lock} runs on the Node.js the README names`, () => {
    const node = statedNode();
    const pkgs: Record<string, { version?: string; engines?: { node?: string } }> = JSON.parse(fs.readFileSync(path.join(repo, lock), 'utf8')).packages;
    const refused = Object.entries(pkgs)
      .filter(([, p]) => p.engines?.node && !semver.satisfies(node, p.engines.node))
      .map(([name, p]) => `${name}@${p.version} wants node ${p.engines!.node}`);
    assert.deepEqual(refused, [], `Node.js ${node}`);
  });
}
