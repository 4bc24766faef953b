// Checks a shipped ThirdPartyNotices.txt against the bundles' esbuild
// metafiles (editors/vscode/dist/metafiles.json, written by esbuild.mjs):
// every bundled npm package has its "name@version" entry holding its license
// file's text, and highlight.js, markdown-it and vscode-languageclient are
// among them. usage: node vsix-notices.mjs EXTENSION_DIR NOTICES_FILE
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const [ext, file] = process.argv.slice(2);
const { bundledPackageDirs, packageNotice } = await import(pathToFileURL(path.join(ext, 'notices.mjs')).href);
const metafiles = JSON.parse(fs.readFileSync(path.join(ext, 'dist', 'metafiles.json'), 'utf8'));
if (!fs.existsSync(file)) {
  console.error(`${file}: not in the .vsix`);
  process.exit(1);
}
const shipped = fs.readFileSync(file, 'utf8');
const dirs = bundledPackageDirs(metafiles);
const names = [];
let bad = 0;
for (const dir of dirs) {
  const n = packageNotice(ext, dir);
  names.push(n.name);
  const at = shipped.indexOf(`\n${n.name}@${n.version}`);
  // The entry's own text: from its header to the next header.
  const next = shipped.indexOf('\n' + '='.repeat(78) + '\n', shipped.indexOf('\n', at + 1) + 80);
  const entry = at < 0 ? '' : shipped.slice(at, next < 0 ? undefined : next);
  if (!entry.includes(n.text)) {
    console.error(`${n.name}@${n.version}: no entry with its license text in ${file}`);
    bad++;
  }
}
for (const want of ['highlight.js', 'markdown-it', 'vscode-languageclient']) {
  if (!names.includes(want)) {
    console.error(`${want} is not among the bundled packages (${names.join(', ')})`);
    bad++;
  }
}
console.error(`notices: ${dirs.length} bundled packages checked, ${bad} problems`);
process.exit(bad === 0 ? 0 : 1);
