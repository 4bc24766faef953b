// Bundles the extension and vscode-languageclient into dist/extension.js, so
// the .vsix needs no node_modules, and the conversation panel's script (with
// markdown-it) into dist/webview.js for the webview.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning' };
await Promise.all([
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
