import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { machineKeys, restrictedKeys } from '../src/settings';

// The extension's package.json, read as VS Code reads it: the conventions a
// VS Code user expects are declarations there (docs/editors.md).
const root = path.join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const manifest: any = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const props: Record<string, { scope?: string }> = manifest.contributes.configuration.properties;

test('permission settings are machine-scoped (user settings only) and restricted in untrusted workspaces', () => {
  const untrusted = manifest.capabilities.untrustedWorkspaces;
  assert.equal(untrusted.supported, 'limited', 'loopls works in Restricted Mode, limited to ask runs');
  assert.ok(untrusted.description.length > 0);
  const expected = restrictedKeys.map((k) => `loopls.${k}`).sort();
  assert.deepEqual([...untrusted.restrictedConfigurations].sort(), expected);
  for (const key of expected) assert.ok(props[key], `${key} is a contributed setting`);
  for (const k of machineKeys) assert.equal(props[`loopls.${k}`].scope, 'machine', `loopls.${k} scope: a workspace must not set it`);
  assert.deepEqual([...machineKeys].sort(), [...restrictedKeys].sort(), 'every restricted key is user-only');
  assert.ok(expected.includes('loopls.path') && expected.includes('loopls.allowedCommands') && expected.includes('loopls.mode'));
});

test('loopls.mode offers the three modes, auto by default', () => {
  const mode = props['loopls.mode'] as { enum: string[]; default: string };
  assert.deepEqual(mode.enum, ['ask', 'edit', 'auto']);
  assert.equal(mode.default, 'auto');
});

test('activation is on the view or a command, never at start-up', () => {
  const events: string[] = manifest.activationEvents ?? [];
  assert.ok(events.includes('onView:loopls.panel'), 'activates when the panel is shown');
  for (const e of events) {
    assert.ok(!['*', 'onStartupFinished'].includes(e), `activation event ${e}`);
    assert.match(e, /^(onView|onCommand):loopls\./, `activation event ${e}`);
  }
});

test('ctrl+alt+l (cmd+alt+l) opens the panel with the cursor in its composer', () => {
  const kb = (manifest.contributes.keybindings ?? []).find((k: { key: string }) => k.key === 'ctrl+alt+l');
  assert.ok(kb, 'a ctrl+alt+l keybinding');
  assert.equal(kb.mac, 'cmd+alt+l');
  // loopls.openPanel, not the view's own loopls.panel.focus, which focuses the frame and not the composer.
  assert.equal(kb.command, 'loopls.openPanel');
  assert.ok((manifest.contributes.commands as { command: string }[]).some((c) => c.command === 'loopls.openPanel'));
  const views: { id: string }[] = Object.values(manifest.contributes.views ?? {}).flat() as { id: string }[];
  assert.ok(views.some((v) => v.id === 'loopls.panel'), 'loopls.panel is a contributed view');
  const containers: { id: string; icon: string }[] = manifest.contributes.viewsContainers.activitybar;
  assert.equal(containers.find((c) => c.id === 'loopls')?.icon, 'media/loopls.svg', 'the activity bar shows the monochrome SVG');
});

test('the icons exist: a PNG for the marketplace, an SVG for the activity bar', () => {
  assert.match(manifest.icon, /\.png$/);
  const png = fs.readFileSync(path.join(root, manifest.icon));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  assert.ok(png.readUInt32BE(16) >= 128 && png.readUInt32BE(20) >= 128, 'at least 128x128 (IHDR)');
  const svg = fs.readFileSync(path.join(root, 'media', 'loopls.svg'), 'utf8');
  assert.match(svg, /^<svg [^>]*viewBox="0 0 24 24"/);
  // Monochrome: one colour, no fills or gradients that a theme cannot recolour.
  const colours = new Set(svg.match(/#[0-9a-fA-F]{3,6}\b|currentColor/g) ?? []);
  assert.ok(colours.size <= 1, `one colour, got ${[...colours]}`);
  assert.doesNotMatch(svg, /Gradient|<image|href=/);
  // what is packaged: .vscodeignore keeps both icons and the bundled binary
  const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8').split('\n');
  for (const keep of ['!media/**', '!server/**']) assert.ok(ignore.includes(keep), `.vscodeignore has ${keep}`);
});

test('the README and docs/editors.md list every command the palette offers, by its title', () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const docs = fs.readFileSync(path.join(root, '..', '..', 'docs', 'editors.md'), 'utf8');
  // Hidden from the palette: `when: false`, or only under a test run.
  const hidden = new Set<string>(
    manifest.contributes.menus.commandPalette.filter((m: { when?: string }) => m.when === 'false' || m.when === 'loopls.testMode').map((m: { command: string }) => m.command),
  );
  const titles: string[] = manifest.contributes.commands
    .filter((c: { command: string }) => !hidden.has(c.command))
    .map((c: { category?: string; title: string }) => `${c.category ? c.category + ': ' : ''}${c.title}`);
  assert.ok(titles.includes('loopls: Show Sessions') && titles.includes('loopls: New Conversation'));
  const commandsPart = readme.slice(readme.indexOf('Commands (palette'), readme.indexOf('Settings:'));
  for (const t of titles) {
    assert.ok(commandsPart.includes(`**${t}**`), `the README's command list names ${t}`);
    assert.ok(docs.includes(`**${t}**`), `docs/editors.md names ${t}`);
  }
  // And names no command the extension does not have.
  const listed = [...commandsPart.matchAll(/\*\*(loopls: [^*]+)\*\*/g)].map((m) => m[1]);
  assert.deepEqual(listed.filter((l) => !titles.includes(l)), []);
});
