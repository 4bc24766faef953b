// Kept edits are saved (issue 32, item 3): an edit accepted in edit mode is
// saved before loopls is told, so the same run's `cat` prints it. Called by
// vscode-drive.js with its helpers; every wait is on an event of this
// action, by its key, with a deadline.
'use strict';

const fs = require('fs');
const path = require('path');

async function keptThenCat(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, runEnded, ws } = h;
  const file = path.join(ws, 'hello.txt');
  const nm = events().length;
  await frame.locator('select.loopls-mode').selectOption('edit');
  const mode = await waitFor(() => events().slice(nm).find((e) => e.ev === 'mode' && e.mode === 'edit'), 10000);
  check('kept: the mode picker set edit', mode, mode);
  const n = events().length;
  const run = await panelSend(frame, 'report kept then cat');
  const asked = run && (await waitFor(() => events().slice(n).find((e) => e.ev === 'editReview' && e.files.some((f) => f.path === 'hello.txt')), 30000));
  check('kept: the edit of hello.txt waits for review', asked, asked);
  const card = frame.locator('.loopls-edit-review');
  const shown = await waitFor(async () => card.isVisible().catch(() => false), 20000);
  if (shown) await card.locator('button', { hasText: /^Accept$/ }).click();
  const ofReview = (ev) => asked && events().find((e) => e.ev === ev && (e.key === asked.key || e.review === asked.key));
  const res = await waitFor(() => ofReview('applyEditResult'), 15000);
  check('kept: Accept applied the edit', res && res.res && res.res.applied === true, res);
  const saved = events().slice(n).find((e) => e.ev === 'keptSaved' && e.path === 'hello.txt');
  check('kept: the accepted edit was saved before loopls was told (loopls.saveKeptEdits)',
    saved && saved.saved === true && res && saved.t <= res.t && /^goodbye/.test(saved.text), saved);
  check('kept: hello.txt on disk says goodbye once the edit is kept', /^goodbye/.test(fs.readFileSync(file, 'utf8')), fs.readFileSync(file, 'utf8'));
  // The same run's cat asks first (nothing is allowed by default).
  const approval = frame.locator('.loopls-approval', { hasText: 'cat hello.txt' });
  const allow = await waitFor(async () => approval.isVisible().catch(() => false), 20000);
  check('kept: the run goes on to `cat hello.txt`', allow);
  if (allow) await approval.locator('button', { hasText: /^Allow once$/ }).click();
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  check('kept: the same run\'s `cat hello.txt` printed the kept edit (goodbye), not the old text',
    end && end.p.outcome === 'completed' && /^The tool said: \$ cat hello\.txt \| goodbye \|/.test(end.p.output || ''), end && end.p);
  await shot(page, 'kept-then-cat');
  // Back as it was for the checks after this one: the run undone, auto mode.
  const nu = events().length;
  if (run) await frame.locator(`section.run[data-run="${run.runId}"] button`, { hasText: 'Undo run' }).first().click().catch(() => {});
  const undo = run && (await waitFor(() => events().slice(nu).find((e) => (e.ev === 'undo' || e.ev === 'undoFailed') && e.runId === run.runId), 15000));
  check('kept: Undo run reverts it, and that is saved too', undo && undo.ev === 'undo' && undo.res.applied === true &&
    (await waitFor(() => /^hello/.test(fs.readFileSync(file, 'utf8')), 10000)), { undo, disk: fs.readFileSync(file, 'utf8') });
  const na = events().length;
  await frame.locator('select.loopls-mode').selectOption('auto');
  await waitFor(() => events().slice(na).find((e) => e.ev === 'mode' && e.mode === 'auto'), 10000);
}

module.exports = { keptThenCat };
