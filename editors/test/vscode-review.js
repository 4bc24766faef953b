// The review checks of the VS Code suite (issue 14, items 4-6): attach the
// selection, an edit-mode change rejected in the refactor preview and the
// model told, the diff of a run's edit. Called by vscode-drive.js with its
// helpers; every wait is on a condition with a deadline.
'use strict';

// h: { page, check, events, waitFor, shot, palette, openFile, runAgent, runEnded }
async function attachSelection(h) {
  const { page, check, events, waitFor, shot, palette, openFile, runAgent, runEnded } = h;
  await openFile(page, 'hello.txt');
  const editor = page.locator('.monaco-editor .view-lines').first();
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Shift+End');
  const n = events().length;
  await palette(page, 'loopls: Add Selection to Prompt');
  const added = await waitFor(() => events().slice(n).find((e) => e.ev === 'contextAdded'), 10000);
  check('"Add Selection" attached hello.txt:1 as a chip',
    added && !added.refused && added.chips.length === 1 && added.chips[0].label === 'hello.txt:1', added);
  await shot(page, 'context-chip');
  const run = await runAgent(page, 'quote the selection');
  check('a run with the selection attached started', run && run.runId, run);
  const started = run && (await waitFor(() => events().find((e) => e.ev === 'runStartedNote' && e.p.runId === run.runId), 20000));
  const ctx = (started && started.p.context) || [];
  check('loopls/runStarted: the daemon attached hello.txt lines 1-1',
    ctx.length === 1 && ctx[0].path === 'hello.txt' && ctx[0].startLine === 1 && ctx[0].endLine === 1, started && started.p);
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  check('the model got the selected text (its answer quotes it)',
    end && end.p.outcome === 'completed' && end.p.output === 'You attached: hello', end && end.p);
}

async function rejectInPreview(h) {
  const { page, check, events, waitFor, shot, palette, runAgent, runEnded } = h;
  // The session's mode: edit.
  await palette(page, 'loopls: Set Mode');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Edit' }).first();
  await row.waitFor({ timeout: 10000 });
  const nm = events().length;
  await row.click();
  const mode = await waitFor(() => events().slice(nm).find((e) => e.ev === 'mode'), 10000);
  check('mode set to edit', mode && mode.mode === 'edit', mode);

  const n = events().length;
  const run = await runAgent(page, 'report edit of hello.txt');
  check('an edit-mode run started', run && run.runId, run);
  const asked = await waitFor(() => events().slice(n).find((e) => e.ev === 'applyEdit'), 30000);
  check('the edit came as workspace/applyEdit with needsConfirmation', asked && asked.needsConfirmation === true, asked);
  // VS Code's refactor preview: a view in the panel with Apply and Discard.
  const discard = page.locator('.monaco-button', { hasText: /^Discard$/ }).first();
  let shown = false;
  try {
    await discard.waitFor({ state: 'visible', timeout: 20000 });
    shown = true;
    await shot(page, 'refactor-preview');
    await discard.click();
  } catch (e) {
    await shot(page, 'refactor-preview-not-shown');
    check('refactor preview', false, String(e).slice(0, 300));
  }
  check('the change showed in the refactor preview', shown);
  const res = await waitFor(() => events().slice(n).find((e) => e.ev === 'applyEditResult'), 15000);
  check('Discard answered applied: false', res && res.res && res.res.applied === false, res);
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  check('the model was told the user rejected the change (its next turn says so)',
    end && end.p.outcome === 'completed' && /^The tool said: (error: )?edit_file: hello\.txt was not changed: the user rejected this change/.test(end.p.output || ''),
    end && end.p);
  const tool = events().slice(n).find((e) => e.ev === 'toolCall' && e.p.runId === (run && run.runId) && e.p.status === 'failed');
  check('the edit_file call failed with the rejection', tool && /rejected/.test(tool.p.output || ''), tool && tool.p);
  // Back to auto for the rest of the suite.
  await palette(page, 'loopls: Set Mode');
  const auto = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Auto' }).first();
  await auto.waitFor({ timeout: 10000 });
  const na = events().length;
  await auto.click();
  const back = await waitFor(() => events().slice(na).find((e) => e.ev === 'mode' && e.mode === 'auto'), 10000);
  check('mode set back to auto', back);
}

// After a run that edited hello.txt (hello → goodbye) has ended.
async function openDiff(h, runId) {
  const { page, check, events, waitFor, shot, palette } = h;
  const n = events().length;
  await palette(page, "loopls: Open Diff of the Last Run's Edits");
  const opened = await waitFor(() => events().slice(n).find((e) => e.ev === 'diffOpened' || e.ev === 'diffFailed'), 15000);
  check('"Open diff" fetched the run\'s change of hello.txt from loopls',
    opened && opened.ev === 'diffOpened' && opened.runId === runId && opened.path === 'hello.txt' &&
      /^hello/.test(opened.before) && /^goodbye/.test(opened.after), opened);
  const diff = page.locator('.monaco-diff-editor').first();
  const visible = await waitFor(async () => diff.isVisible().catch(() => false), 15000);
  const tab = await page.locator('.tab.active').first().innerText({ timeout: 2000 }).catch(() => '');
  check('a diff editor opened, titled before ↔ after', visible && /before ↔ after/.test(tab), tab);
  // Its two sides: the original shows "hello", the modified "goodbye".
  const sides = await waitFor(async () => {
    const orig = (await diff.locator('.editor.original .view-lines').innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
    const mod = (await diff.locator('.editor.modified .view-lines').innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
    return /hello/.test(orig) && /goodbye/.test(mod) ? { orig, mod } : null;
  }, 10000);
  check('the diff shows before (hello) and after (goodbye)', sides, sides);
  await shot(page, 'diff');
  await page.keyboard.press('Control+W');
}

module.exports = { attachSelection, rejectInPreview, openDiff };
