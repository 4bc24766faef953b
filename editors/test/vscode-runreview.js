// One review for the whole run (issue 34, item 2): "N files changed" under a
// run that changed three files, with per-hunk and per-file Keep/Undo and
// Keep all / Undo all, statuses in words, and the same after a window
// reload (the review comes back from loopls's persisted journal, and the
// panel re-draws the conversation it showed without being asked). Called by
// vscode-drive.js with its helpers; every wait is on an event of this
// action, by its key (the run id), with a deadline.
'use strict';

const fs = require('fs');
const path = require('path');

function makeDir(ws, dir) {
  fs.mkdirSync(path.join(ws, dir), { recursive: true });
  fs.writeFileSync(path.join(ws, dir, 'a.txt'), 'alpha\n');
  fs.writeFileSync(path.join(ws, dir, 'b.txt'), 'beta\n');
}
const read = (ws, p) => {
  try {
    return fs.readFileSync(path.join(ws, p), 'utf8');
  } catch {
    return null;
  }
};

// The review box of run, once its statuses read as wanted.
async function statuses(h, frame, runId, want, ms = 20000) {
  const box = frame.locator(`section.run[data-run="${runId}"] .loopls-edits`);
  let got = null;
  await h.waitFor(async () => {
    got = await box.locator('.loopls-edited-file').evaluateAll((lis) => lis.map((li) => [li.dataset.path, (li.querySelector('.loopls-review-status') || {}).textContent || '']));
    return got.length === 3 && got.every(([, s]) => s === want);
  }, ms);
  return got && got.length === 3 && got.every(([, s]) => s === want) ? got : null;
}

async function runThree(h, frame, dir) {
  const { events, waitFor, panelSend, runEnded } = h;
  makeDir(h.ws, dir);
  const n = events().length;
  const run = await panelSend(frame, `edit three in ${dir}`);
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  const rev = run && (await waitFor(() => events().slice(n).find((e) => e.ev === 'runReview' && e.runId === run.runId), 15000));
  return { run, end, rev };
}

async function act(h, frame, runId, label) {
  const { events, waitFor } = h;
  const n = events().length;
  await frame.locator(`section.run[data-run="${runId}"] .loopls-edits-head button`, { hasText: label }).click();
  return waitFor(() => events().slice(n).find((e) => (e.ev === 'reviewAct' || e.ev === 'reviewActFailed') && e.runId === runId), 15000);
}

async function reviewChecks(h, frame, tag, sfx) {
  const { check, shot, page, ws } = h;
  // Keep all.
  const k = await runThree(h, frame, `rk${sfx}`);
  check(`run review${tag}: a run that changed three files lists them, each waiting for your review`,
    k.end && k.end.p.outcome === 'completed' && k.rev && k.rev.review.waiting === 3 && k.rev.review.files.length === 3, k.rev && k.rev.review);
  const title = () => frame.locator(`section.run[data-run="${k.run.runId}"] .loopls-edits-title`).innerText().catch(() => '');
  // The review is drawn once the panel has it: wait for it, bounded.
  await h.waitFor(async () => k.run && (await title()) === '3 files changed · 3 waiting for your review', 10000);
  const head = k.run && (await title());
  check(`run review${tag}: its title says "3 files changed · 3 waiting for your review"`, head === '3 files changed · 3 waiting for your review', head);
  const hunks = k.run && (await frame.locator(`section.run[data-run="${k.run.runId}"] .loopls-hunk`).count());
  const perHunk = k.run && (await frame.locator(`section.run[data-run="${k.run.runId}"] .loopls-hunk button`, { hasText: /^(Keep|Undo)$/ }).count());
  const perFile = k.run && (await frame.locator(`section.run[data-run="${k.run.runId}"] .loopls-review-row button`, { hasText: /^(Keep|Undo)$/ }).count());
  check(`run review${tag}: each hunk and each file has Keep and Undo`, hunks === 3 && perHunk === 6 && perFile === 6, { hunks, perHunk, perFile });
  if (!tag) await shot(page, 'run-review');
  const kept = k.run && (await act(h, frame, k.run.runId, 'Keep all'));
  const ks = k.run && (await statuses(h, frame, k.run.runId, 'kept'));
  check(`run review${tag}: Keep all keeps the three files as the run left them`,
    kept && kept.ev === 'reviewAct' && ks && ks.every(([, s]) => s === 'kept') &&
      read(ws, `rk${sfx}/a.txt`) === 'ALPHA\n' && read(ws, `rk${sfx}/b.txt`) === 'BETA\n' && read(ws, `rk${sfx}/c.txt`) === 'gamma\n', { kept, ks });
  // Undo all.
  const u = await runThree(h, frame, `ru${sfx}`);
  const undone = u.run && (await act(h, frame, u.run.runId, 'Undo all'));
  const us = u.run && (await statuses(h, frame, u.run.runId, 'rejected by you'));
  check(`run review${tag}: Undo all reverts the three files (c.txt, new, is gone) and says "rejected by you"`,
    undone && undone.ev === 'reviewAct' && us &&
      await h.waitFor(() => read(ws, `ru${sfx}/a.txt`) === 'alpha\n' && read(ws, `ru${sfx}/b.txt`) === 'beta\n' && read(ws, `ru${sfx}/c.txt`) === null, 10000),
    { undone, us, a: read(ws, `ru${sfx}/a.txt`), c: read(ws, `ru${sfx}/c.txt`) });
  return { k, u };
}

// Before and after a window reload.
async function runReview(h, frame) {
  const { page, check, events, waitFor, shot, palette, panelFrame } = h;
  await frame.locator('#new').click();
  const before = await reviewChecks(h, frame, '', '');
  // Two runs left waiting, then the window reloads.
  const w = await runThree(h, frame, 'rw');
  const sessionId = w.run && w.run.sessionId;
  const nr = events().length;
  await palette(page, 'Developer: Reload Window');
  await page.locator('.monaco-workbench').waitFor({ timeout: 90000 });
  await waitFor(async () => (await page.locator('.monaco-workbench').count()) > 0 && events().slice(nr).some((e) => e.ev === 'started'), 90000);
  await palette(page, 'loopls: Open Conversation');
  const f2 = await waitFor(async () => {
    const f = await panelFrame(page);
    return f && (await f.locator('#sessions-toggle').count().catch(() => 0)) > 0 ? f : null;
  }, 60000);
  check('run review after a reload: the panel is back', f2);
  if (!f2 || !sessionId) return;
  // Nothing picked from the session list: the panel re-draws the conversation
  // it showed when the window closed, by itself (issue 34).
  const restored = await waitFor(() => events().slice(nr).find((e) => (e.ev === 'panelRestored' || e.ev === 'panelRestoreFailed') && e.sessionId === sessionId), 60000);
  check('run review after a reload: the panel reopens the last conversation by itself', restored && restored.ev === 'panelRestored', restored);
  const picked = events().slice(nr).find((e) => e.ev === 'panelSession' && e.sessionId === sessionId);
  const again = await waitFor(() => events().slice(nr).find((e) => e.ev === 'runReview' && e.runId === w.run.runId), 30000);
  check('run review after a reload: loopls gives the run\'s review back from the session (three files waiting)', again && again.review.waiting === 3 && picked, again && again.review);
  const wait3 = await statuses(h, f2, w.run.runId, 'waiting for your review');
  check('run review after a reload: the run left waiting shows its three files waiting, unopened', wait3, wait3);
  const ks = before.k.run && (await statuses(h, f2, before.k.run.runId, 'kept'));
  const us = before.u.run && (await statuses(h, f2, before.u.run.runId, 'rejected by you'));
  check('run review after a reload: the earlier runs still say kept and rejected by you', ks && us, { ks, us });
  await shot(page, 'run-review-reloaded');
  await reviewChecks(h, f2, ' after a reload', '2');
  // And the run that waited across the reload: Keep all.
  const kept = await act(h, f2, w.run.runId, 'Keep all');
  const ws2 = await statuses(h, f2, w.run.runId, 'kept');
  check('run review after a reload: Keep all on the run that waited across it', kept && kept.ev === 'reviewAct' && ws2, { kept, ws2 });
}

module.exports = { runReview };
