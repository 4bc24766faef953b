// The diagnostics checks of the VS Code suite (issue 26), against the JSON
// language server code-server ships: the scripted model breaks data.json,
// the next tool result reports the new error from the editor's diagnostics
// (loopls/diagnostics), and Fix This on the broken line ends with the
// verdict "fixed" once the model repairs it. Called by vscode-drive.js with
// its helpers; every wait is on a condition with a deadline.
'use strict';
const fs = require('fs');
const path = require('path');

// h: { page, check, events, waitFor, shot, palette, openFile, runEnded, panelFrame, panelSend, panelRunText, ws, openPanel }
async function diagnosticsCheck(h) {
  const { page, check, events, waitFor, shot, palette, openFile, runEnded, panelSend, panelRunText, ws } = h;
  fs.writeFileSync(path.join(ws, 'data.json'), '{\n  "ok": true\n}\n');
  // The JSON language server looks at open documents only.
  const n0 = events().length;
  // Ctrl+P goes to the workbench only when the focus is not in a webview
  // (the panel has it after the steps before): the editor area gets it first.
  const opened = await waitFor(async () => {
    try {
      await page.locator('.monaco-workbench .part.editor').click();
      await openFile(page, 'data.json');
      return true;
    } catch {
      await page.keyboard.press('Escape');
      return false;
    }
  }, 30000);
  check('data.json is open in the editor', opened);
  // Its first look (it publishes, empty for a valid file) comes seconds later
  // on a loaded machine: the extension starts it on the first JSON file. A
  // run started before then edits a document no server has published for,
  // and loopls/diagnostics does not wait for a server it has not heard from
  // (diagnostics.ts Settler), so the error would be missed. Wait for it.
  const looked = await waitFor(() => events().slice(n0).find((e) => e.ev === 'diagnosticsChanged' && e.uris.some((u) => /data\.json$/.test(u))), 30000);
  check('the JSON language server looked at data.json (it published diagnostics for it)', looked, events().slice(n0).filter((e) => e.ev === 'diagnosticsChanged'));
  // 1. The model breaks data.json; edit_file's result names the new error.
  const frame = await h.openPanel(h);
  check('the panel opened for the diagnostics checks', frame);
  if (!frame) return;
  const nd = events().length;
  const run = await panelSend(frame, 'report break json');
  check('"report break json" started a run', run && run.runId, run);
  const text = run && (await panelRunText(frame, run.runId, 'completed'));
  const asked = events().slice(nd).filter((e) => e.ev === 'diagnostics');
  check('loopls asked the editor for data.json\'s diagnostics before and after the edit (loopls/diagnostics)',
    asked.length >= 2 && asked.every((e) => e.params.uris.some((u) => /data\.json$/.test(u))), asked.map((e) => e.answer));
  const after = asked.length > 0 ? asked[asked.length - 1].answer : [];
  const jsonError = after.flatMap((f) => f.diagnostics).find((d) => d.severity === 1);
  check('the JSON language server flagged the broken file (an error in the answer)', jsonError, after);
  const toolResult = text && /The tool said: (.*)/.exec(text);
  console.error(`what the model saw (edit_file's result, on one line): ${toolResult ? toolResult[1] : text}`);
  check('the next tool result reported the new error to the model',
    toolResult && /New errors in data\.json after this edit \(the editor's diagnostics\): \| data\.json:2:\d+: error \[json/.test(toolResult[1]) &&
      jsonError && toolResult[1].includes(jsonError.message), text);
  await shot(page, 'diagnostics-after-edit');

  // 2. Fix This on the broken line: the run checks itself, the model's
  // repair passes, the verdict is "fixed" in the Run record and the panel.
  const tab = page.locator('.tab', { hasText: 'data.json' }).first();
  await tab.click();
  await page.locator('.tab.active', { hasText: 'data.json' }).waitFor({ timeout: 10000 });
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+G');
  const go = page.locator('.quick-input-widget input');
  await go.waitFor({ state: 'visible', timeout: 10000 });
  await go.fill(':2');
  await go.press('Enter');
  // Fix This takes the diagnostics under the cursor: wait until VS Code has the error.
  const nf = events().length;
  await palette(page, 'loopls: Fix This');
  const widget = page.locator('.quick-input-widget', { hasText: 'loopls: Fix This' });
  await widget.waitFor({ state: 'visible', timeout: 10000 });
  await page.locator('.quick-input-widget input').fill('');
  await page.locator('.quick-input-widget input').press('Enter');
  const fs1 = await waitFor(() => events().slice(nf).find((e) => e.ev === 'runStarted' && e.command === 'loopls.fix'), 20000);
  const fixId = fs1 && fs1.started.runId;
  check('Fix This on the broken line started a fix run', fixId, fs1);
  const end = fixId && (await waitFor(() => runEnded(fixId), 60000));
  check('the fix run\'s verdict says fixed (the JSON error is gone, no new one)',
    end && end.p.outcome === 'completed' && end.p.verdict && end.p.verdict.fixed === true, end && end.p);
  const shown = fixId && (await waitFor(async () => {
    for (const f of page.frames()) {
      const t = await f.locator(`section.run[data-run="${fixId}"] .verdict-fixed`).innerText({ timeout: 500 }).catch(() => '');
      if (t) return t;
    }
    return null;
  }, 20000));
  check('the panel shows the verdict with a check mark', shown && /^✓ fixed/.test(shown), shown);
  const repaired = await page.locator('.monaco-editor .view-lines').first().innerText().catch(() => '');
  check('data.json is repaired in the editor', /"ok": true, "more": 1/.test(repaired.replace(/\u00a0/g, ' ')), repaired);
  await shot(page, 'diagnostics-fixed');
}

module.exports = { diagnosticsCheck };
