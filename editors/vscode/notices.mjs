// The third-party notices the .vsix ships (dist/ThirdPartyNotices.txt): one
// entry per npm package esbuild bundled into dist/, read from esbuild's
// metafile, with the package's own license file. A bundled package without a
// license file fails the build: nothing is shipped without its notice.
// esbuild.mjs writes the file; editors/test/vsix.sh checks the .vsix holds
// an entry for every package the bundles take in.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The file, next to the bundles it speaks for (VS Code's own name for it). */
export const noticesFile = 'dist/ThirdPartyNotices.txt';

const licenseName = /^(licen[cs]e|copying)([-.].*)?$/i;

/**
 * The package directories under node_modules that the metafiles' inputs
 * come from, relative to root, sorted. A nested node_modules counts as its
 * own package (it may be another version).
 */
export function bundledPackageDirs(metafiles) {
  const dirs = new Set();
  for (const m of metafiles) {
    for (const input of Object.keys(m.inputs)) {
      const p = input.split(path.sep).join('/');
      const at = p.lastIndexOf('node_modules/');
      if (at < 0) continue;
      const rest = p.slice(at + 'node_modules/'.length).split('/');
      const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
      dirs.add(p.slice(0, at) + 'node_modules/' + name);
    }
  }
  return [...dirs].sort();
}

/** One package's notice: name, version, license and its license files' text. */
export function packageNotice(root, dir) {
  const abs = path.resolve(root, dir);
  const pkg = JSON.parse(fs.readFileSync(path.join(abs, 'package.json'), 'utf8'));
  const files = fs.readdirSync(abs).filter((f) => licenseName.test(f)).sort();
  if (files.length === 0) {
    throw new Error(`notices: ${pkg.name}@${pkg.version} (${dir}) is bundled but has no license file`);
  }
  const text = files.map((f) => fs.readFileSync(path.join(abs, f), 'utf8').trim()).join('\n\n');
  return { name: pkg.name, version: pkg.version, license: typeof pkg.license === 'string' ? pkg.license : '', text };
}

/** The notices file's text for the bundled packages, one section each. */
export function noticesText(root, metafiles) {
  const seen = new Set();
  const parts = [];
  for (const dir of bundledPackageDirs(metafiles)) {
    const n = packageNotice(root, dir);
    const key = `${n.name}@${n.version}`;
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push(`${'='.repeat(78)}\n${key}${n.license ? ` (${n.license})` : ''}\n${'='.repeat(78)}\n\n${n.text}\n`);
  }
  return (
    'loopls for VS Code bundles the following third-party software in dist/extension.js and\n' +
    'dist/webview.js. Each is listed with its version, its license and its license text.\n\n' +
    parts.join('\n')
  );
}
