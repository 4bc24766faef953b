// Bundles the extension and vscode-languageclient into dist/extension.js, so
// the .vsix needs no node_modules, and the conversation panel's script (with
// markdown-it and highlight.js) into dist/webview.js for the webview; then
// dist/ThirdPartyNotices.txt for every package the two bundles took in
// (notices.mjs).
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import { noticesFile, noticesText } from './notices.mjs';

const production = process.argv.includes('--production');
const common = { bundle: true, metafile: true, sourcemap: !production, minify: production, logLevel: 'warning' };
const built = await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    format: 'cjs',
    platform: 'node',
    target: 'node20',
  }),
  esbuild.build({
    ...common,
    entryPoints: ['src/panel/webview/main.ts'],
    outfile: 'dist/webview.js',
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
  }),
]);
const metafiles = built.map((b) => b.metafile);
fs.writeFileSync(noticesFile, noticesText('.', metafiles));
// What the bundles took in, for editors/test/vsix.sh (not shipped: .vscodeignore).
fs.writeFileSync('dist/metafiles.json', JSON.stringify(metafiles));
