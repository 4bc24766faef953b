#!/usr/bin/env node
// Drives code-server (VS Code in the browser) with the loopls extension
// installed, through playwright-core and Debian's Chromium, as a user would:
// the command palette, the input box, the status bar, the progress
// notification's Cancel button, the code action menu.
// usage: node vscode-drive.js URL WORKSPACE EVENTS_JSONL OUTDIR
//   EVENTS_JSONL  the extension's LOOPLS_VSCODE_TEST_LOG (what it saw, as JSON lines)
// Writes OUTDIR/summary.json and screenshots; prints PASS/FAIL lines and
// "N passed, N failed"; exits 1 on any failure. Waits only on conditions,
// each with a deadline.
'use strict';
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');
const review = require('./vscode-review');

const [url, ws, eventsPath, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: vscode-drive.js URL WORKSPACE EVENTS_JSONL OUTDIR');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

const checks = [];
function check(name, ok, detail) {
  checks.push({ name, ok: !!ok, detail });
  const d = detail === undefined ? '' : ' ' + JSON.stringify(detail).slice(0, 400);
  console.error(`${ok ? 'PASS' : 'FAIL'} ${name}${d}`);
}
function events() {
  try {
    return fs.readFileSync(eventsPath, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}
const tick = () => new Promise((r) => setTimeout(r, 50));
// Polls pred until it returns something truthy or the deadline passes.
async function waitFor(pred, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await pred();
    if (v) return v;
    if (Date.now() > end) return null;
    await tick();
  }
}

let shotN = 0;
async function shot(page, name) {
  const file = path.join(out, `${String(++shotN).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file }).catch(() => {});
  return file;
}

// Our status bar item (its DOM id is the extension's id plus the item's).
const stateItem = (page) => page.locator('.statusbar-item[id$="loopls.state"]');
async function stateText(page) {
  return (await stateItem(page).innerText({ timeout: 2000 }).catch(() => '')).replace(/\s+/g, ' ').trim();
}

async function palette(page, text) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill('>' + text);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
  await row.waitFor({ timeout: 10000 });
  await row.click();
}

// Answers an input box (showInputBox) once it is up.
async function answerInput(page, title, text) {
  const widget = page.locator('.quick-input-widget', { hasText: title });
  await widget.waitFor({ state: 'visible', timeout: 10000 });
  const input = page.locator('.quick-input-widget input');
  await input.fill(text);
  await input.press('Enter');
}

async function openFile(page, name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(name);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
  await row.waitFor({ timeout: 10000 });
  await input.press('Enter');
  await page.locator(`.tab.active`, { hasText: name }).waitFor({ timeout: 10000 });
}

function runStartedAfter(n) {
  return events().slice(n).find((e) => e.ev === 'runStarted');
}
function runEnded(runId) {
  return events().find((e) => e.ev === 'runEnded' && e.p.runId === runId);
}
function statusTexts(runId) {
  return events()
    .filter((e) => e.ev === 'status' && e.run && e.run.runId === runId)
    .map((e) => e.text);
}

async function runAgent(page, prompt) {
  const n = events().length;
  await palette(page, 'loopls: Run Agent');
  await answerInput(page, 'loopls: Run Agent', prompt);
  const started = await waitFor(() => runStartedAfter(n), 20000);
  return started && started.started;
}

async function dump(page) {
  const n = events().length;
  await palette(page, 'loopls: Dump State (tests)');
  return waitFor(() => events().slice(n).find((e) => e.ev === 'dump'), 10000);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 90000 });
    const started = await waitFor(() => events().find((e) => e.ev === 'started' || e.ev === 'start-failed'), 60000);
    check('extension installed from the .vsix started loopls', started && started.ev === 'started', started && (started.error || started.serverInfo));
    if (!started || started.ev !== 'started') throw new Error('loopls did not start; see the exthost log');
    const cmds = (started.caps && started.caps.executeCommandProvider && started.caps.executeCommandProvider.commands) || [];
    check('server advertises loopls.run/fix/cancel', ['loopls.run', 'loopls.fix', 'loopls.cancel'].every((c) => cmds.includes(c)), cmds);
    const idle = await waitFor(async () => /loopls/.test(await stateText(page)), 20000);
    check('status bar item shown', idle, await stateText(page));
    fs.writeFileSync(path.join(out, 'statusbar.html'), await page.locator('.statusbar').innerHTML());
    await openFile(page, 'hello.txt');

    // 1. Run Agent from the palette: the answer streams, the status bar follows the machine.
    const run1 = await runAgent(page, 'chat with me');
    check('"loopls: Run Agent" started a run', run1 && run1.runId, run1);
    const end1 = run1 && (await waitFor(() => runEnded(run1.runId), 30000));
    check('run ended completed', end1 && end1.p.outcome === 'completed', end1 && end1.p);
    const seen1 = run1 ? statusTexts(run1.runId) : [];
    check('status bar went through AwaitingModel to completed',
      seen1.some((t) => /AwaitingModel/.test(t)) && /completed/.test(seen1[seen1.length - 1] || ''), seen1);
    const shown = await waitFor(async () => /completed/.test(await stateText(page)), 10000);
    check('status bar shows "loopls: completed"', shown, await stateText(page));
    const answer = events().filter((e) => e.ev === 'status' && e.run && run1 && e.run.runId === run1.runId).pop();
    check('answer streamed into the loopls output', answer && answer.run.text === 'Hello from the tiny test model.', answer && answer.run.text);
    const outputShown = await waitFor(async () => {
      const t = (await page.locator('.part.panel .view-lines').first().innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
      return t.includes('Hello from the tiny test model.');
    }, 10000);
    if (!outputShown) fs.writeFileSync(path.join(out, 'panel.html'), await page.locator('.part.panel').first().innerHTML().catch((e) => String(e)));
    check('output channel shows the answer', outputShown);
    await shot(page, 'run-completed');

    // 1b. An approval: run_command asks through loopls/approve; the quick pick's "deny this time" answers.
    const na = events().length;
    const runA = await runAgent(page, 'sleep a bit');
    check('run needing an approval started', runA && runA.runId, runA);
    const pick = page.locator('.quick-input-widget', { hasText: 'run_command' });
    let asked = false;
    try {
      await pick.waitFor({ state: 'visible', timeout: 20000 });
      asked = true;
      await shot(page, 'approval');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'deny this time' }).first().click({ timeout: 10000 });
    } catch (e) {
      await shot(page, 'approval-not-shown');
      check('approval quick pick', false, String(e).slice(0, 300));
    }
    check('approval asked as a quick pick naming run_command', asked);
    const answered = await waitFor(() => events().slice(na).find((e) => e.ev === 'approved'), 10000);
    check('the pick answered loopls/approve with the reject option', answered && answered.res.outcome === 'selected' && /reject/.test(answered.res.optionId), answered && answered.res);
    const endA = runA && (await waitFor(() => runEnded(runA.runId), 30000));
    check('the run went on after the refusal and completed', endA && endA.p.outcome === 'completed', endA && endA.p);

    // 2. A stalled run: the status bar sits in AwaitingModel; Cancel on the progress notification ends it.
    const run2 = await runAgent(page, 'stall forever');
    check('stalled run started', run2 && run2.runId, run2);
    const waiting = await waitFor(async () => /AwaitingModel/.test(await stateText(page)), 20000);
    check('status bar shows AwaitingModel while the model stalls', waiting, await stateText(page));
    await shot(page, 'stalled');
    let clicked = false;
    try {
      // Window progress is a status bar entry; clicking it brings up the
      // notification that carries the Cancel button.
      const progress = page.locator('.statusbar-item[id="status.progress"], .statusbar-item:has(.codicon-sync.codicon-modifier-spin):not([id$="loopls.state"])').first();
      await progress.click({ timeout: 10000 });
      const cancel = page.locator('.notification-toast .monaco-button, .notifications-center .monaco-button', { hasText: 'Cancel' }).first();
      await cancel.waitFor({ state: 'visible', timeout: 10000 });
      await shot(page, 'progress-cancel');
      await cancel.click();
      clicked = true;
    } catch (e) {
      await shot(page, 'progress-cancel-not-found');
      check('found the Cancel button of the run\'s progress', false, String(e).slice(0, 300));
    }
    const end2 = run2 && (await waitFor(() => runEnded(run2.runId), 15000));
    check('Cancel on the progress ended the run cancelled', clicked && end2 && end2.p.outcome === 'cancelled', end2 && end2.p);
    const cancelledShown = await waitFor(async () => /cancelled/.test(await stateText(page)), 10000);
    check('status bar shows "loopls: cancelled"', cancelledShown, await stateText(page));
    await shot(page, 'cancelled');

    // 2b. The palette's "loopls: Cancel" on another stalled run.
    const run2b = await runAgent(page, 'stall again');
    await waitFor(async () => /AwaitingModel/.test(await stateText(page)), 20000);
    await palette(page, 'loopls: Cancel');
    const end2b = run2b && (await waitFor(() => runEnded(run2b.runId), 15000));
    check('"loopls: Cancel" ended the stalled run cancelled', end2b && end2b.p.outcome === 'cancelled', end2b && end2b.p);

    const h = { page, check, events, waitFor, shot, palette, openFile, runAgent, runEnded };

    // 3. The "Fix this" code action on a selection: the edit shows in the editor.
    await openFile(page, 'hello.txt');
    const editor = page.locator('.monaco-editor .view-lines').first();
    await editor.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+End');
    const n3 = events().length;
    await page.keyboard.press('Control+.');
    const action = page.locator('.action-widget .monaco-list-row', { hasText: /with loopls/ }).first();
    let fixed = null;
    let fixRun = null;
    try {
      await action.waitFor({ timeout: 15000 });
      await shot(page, 'code-action');
      // The first action is focused; clicking the row races its hover animation.
      await page.keyboard.press('Enter');
      await answerInput(page, 'loopls: Fix This', 'edit hello.txt: say goodbye');
      const run3 = await waitFor(() => runStartedAfter(n3), 20000);
      check('code action started a fix run', run3, run3 && run3.started);
      fixRun = run3 && run3.started.runId;
      const end3 = run3 && (await waitFor(() => runEnded(run3.started.runId), 30000));
      check('fix run ended completed', end3 && end3.p.outcome === 'completed', end3 && end3.p);
      fixed = await waitFor(async () => {
        const t = (await editor.innerText().catch(() => '')).replace(/\u00a0/g, ' ');
        return t.includes('goodbye') ? t : null;
      }, 10000);
    } catch (e) {
      check('code action flow', false, String(e).slice(0, 300));
    }
    check('the edit is visible in the editor', fixed, fixed);
    await shot(page, 'fixed');
    const d = await dump(page).catch((e) => ({ error: String(e) }));
    check('document text is "goodbye" (read back through the extension)', d && typeof d.text === 'string' && d.text.startsWith('goodbye'), d);

    // 3b. Open diff: the fix's change of hello.txt, before and after, from loopls/runChange.
    await review.openDiff(h, fixRun);

    // 4. Undo Last Run: loopls/undoRun reverts the fix as one edit.
    const nu = events().length;
    await palette(page, 'loopls: Undo Last Run');
    const undo = await waitFor(() => events().slice(nu).find((e) => e.ev === 'undo'), 15000);
    check('"loopls: Undo Last Run" answered applied', undo && undo.res && undo.res.applied === true, undo);
    const reverted = await waitFor(async () => {
      const t = (await editor.innerText().catch(() => '')).replace(/\u00a0/g, ' ');
      return /^hello/.test(t.trim()) && !t.includes('goodbye') ? t : null;
    }, 10000);
    check('the editor shows "hello" again', reverted, reverted);
    await shot(page, 'undone');

    // 4b. Attach the selection; 4c. reject an edit-mode change in the refactor preview.
    await review.attachSelection(h);
    await review.rejectInPreview(h);

    // 5. Show Sessions: a quick pick of the workspace's sessions; picking one prints its runs.
    await palette(page, 'loopls: Show Sessions');
    const sessionsPick = page.locator('.quick-input-widget', { hasText: 'loopls sessions' });
    let listed = false;
    try {
      await sessionsPick.waitFor({ state: 'visible', timeout: 10000 });
      await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 10000 });
      listed = true;
      await shot(page, 'sessions');
      await page.keyboard.press('Enter');
    } catch (e) {
      await shot(page, 'sessions-not-shown');
    }
    check('"loopls: Show Sessions" lists the sessions', listed);
    const printed = await waitFor(async () => {
      const t = (await page.locator('.part.panel .view-lines').first().innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
      return /── session ses_\S+ ──/.test(t) && /run run_\S+: /.test(t);
    }, 10000);
    check('picking a session prints its runs in the output', printed);

    // 6. Settings reach the server on change: a model that does not exist
    // makes the next run fail naming it; the old model works again after.
    const ns = events().length;
    await palette(page, 'Preferences: Open User Settings');
    const search = page.locator('.settings-editor .suggest-input-container .monaco-editor textarea, .settings-editor .search-container textarea').first();
    await search.waitFor({ timeout: 15000 });
    await search.fill('loopls.model');
    const modelInput = page.locator('.settings-editor .setting-item-contents', { hasText: 'Model for runs' }).locator('input').first();
    await modelInput.waitFor({ timeout: 15000 });
    await modelInput.fill('ollama:nope');
    await modelInput.press('Tab');
    const changed = await waitFor(() => events().slice(ns).find((e) => e.ev === 'didChangeConfiguration'), 20000);
    await shot(page, 'settings');
    check('a settings change is sent as didChangeConfiguration', changed && changed.params.settings.loopls.model === 'ollama:nope', changed && changed.params);
    await page.locator('.tab', { hasText: 'hello.txt' }).first().click();
    const runN = await runAgent(page, 'chat with the missing model');
    const endN = runN && (await waitFor(() => runEnded(runN.runId), 30000));
    check('the next run uses the new model (fails: nope is not pulled)', endN && endN.p.outcome === 'failed' && /nope/.test(JSON.stringify(endN.p.error || {})), endN && endN.p);
    await waitFor(async () => /failed/.test(await stateText(page)), 10000);
    await shot(page, 'failed-model');
    await page.locator('.tab', { hasText: 'Settings' }).first().click();
    await modelInput.fill('ollama:tiny');
    await modelInput.press('Tab');
    const back = await waitFor(() => events().slice(ns).filter((e) => e.ev === 'didChangeConfiguration').find((e) => e.params.settings.loopls.model === 'ollama:tiny'), 20000);
    check('setting it back is sent too', back);

    // 7. Restart Server: a new loopls process, and runs work on it.
    const nr = events().length;
    await palette(page, 'loopls: Restart Server');
    const restarted = await waitFor(() => events().slice(nr).find((e) => e.ev === 'started' || e.ev === 'start-failed'), 30000);
    check('"loopls: Restart Server" started loopls again', restarted && restarted.ev === 'started', restarted && (restarted.error || restarted.serverInfo));
    const runR = await runAgent(page, 'chat after the restart');
    const endR = runR && (await waitFor(() => runEnded(runR.runId), 30000));
    check('a run on the restarted server completes', endR && endR.p.outcome === 'completed', endR && endR.p);
  } catch (e) {
    check('driver completed', false, String((e && e.stack) || e).slice(0, 800));
    await shot(page, 'error');
  }
  const summary = { ok: checks.every((c) => c.ok), checks, chromium: browser.version() };
  fs.writeFileSync(path.join(out, 'summary.json'), JSON.stringify(summary, null, 2));
  await browser.close();
  console.log(`vscode: ${checks.filter((c) => c.ok).length} passed, ${checks.filter((c) => !c.ok).length} failed`);
  process.exit(summary.ok ? 0 : 1);
})();
