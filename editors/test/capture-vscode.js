#!/usr/bin/env node
// Drives code-server for capture-vscode.sh: opens the loopls panel with
// Ctrl+Alt+L, has a short conversation (an answer, a tool card, a code
// block, a follow-up answered from the first exchange), and screenshots the
// window in the dark theme, then in the light one picked from the palette.
// usage: node capture-vscode.js URL OUTDIR
'use strict';
const path = require('path');
const { chromium } = require('playwright-core');

const [url, out] = process.argv.slice(2);
const tick = () => new Promise((r) => setTimeout(r, 50));
async function waitFor(pred, ms, what) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await pred();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await tick();
  }
}
async function panelFrame(page) {
  for (const f of page.frames()) if (await f.locator('#conversation').count().catch(() => 0)) return f;
  return null;
}
async function send(frame, prompt) {
  const before = await frame.locator('section.run[data-outcome="completed"]').count();
  await frame.locator('#prompt').fill(prompt);
  await frame.locator('#prompt').press('Enter');
  await waitFor(async () => (await frame.locator('section.run[data-outcome="completed"]').count()) > before, 60000, `"${prompt}" answered`);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60000 });
    await page.locator('.monaco-workbench.vs-dark').waitFor({ timeout: 90000 });
    await page.locator('.activitybar [aria-label^="loopls"]').first().waitFor({ timeout: 60000 });
    await page.locator('.monaco-workbench .part.editor').click();
    await page.keyboard.press('Control+Alt+KeyL');
    const frame = await waitFor(() => panelFrame(page), 60000, 'the panel');
    await waitFor(async () => (await frame.locator('#sessions').count()) > 0, 30000, 'the panel ready');
    for (const p of ['chat with me', 'list the files', 'show code', 'recall what I said first']) await send(frame, p);
    // a wider side bar, so the conversation reads well
    const side = await page.locator('.part.sidebar').boundingBox();
    if (side) {
      const x = side.x + side.width, y = side.y + side.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 220, y, { steps: 8 });
      await page.mouse.up();
    }
    await frame.locator('#prompt').click();
    await page.screenshot({ path: path.join(out, 'vscode-panel-dark.png') });
    await page.locator('.monaco-workbench .part.editor').click();
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 10000 });
    await input.fill('>Preferences: Color Theme');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /Preferences: Color Theme(?!s)/ }).first().click({ timeout: 10000 });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Dark Modern' }).first().waitFor({ timeout: 10000 });
    await input.fill('Light Modern');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Light Modern' }).first().click({ timeout: 10000 });
    await page.locator('.monaco-workbench.vs:not(.vs-dark)').waitFor({ timeout: 30000 });
    await frame.locator('#prompt').click();
    // the webview follows the theme through its --vscode-* variables
    await waitFor(async () => /vscode-light/.test((await frame.locator('body').getAttribute('class').catch(() => '')) || ''), 30000, 'the panel in the light theme');
    await page.screenshot({ path: path.join(out, 'vscode-panel-light.png') });
  } catch (e) {
    await page.screenshot({ path: path.join(out, 'capture-error.png') }).catch(() => {});
    console.error(String((e && e.stack) || e));
    process.exitCode = 1;
  }
  await browser.close();
})();
