// The user's unsaved typing survives a command that rewrites the file
// (issue 32, "a command sees what the user sees"): the command reads the
// dirty buffer, its change comes back to that buffer as an edit, the buffer
// stays unsaved and the disk keeps what was last saved (docs/security.md,
// "The editor's unsaved buffers"). And a clean file a command rewrites is
// written to disk and reloaded in the editor. Called by vscode-drive.js with
// its helpers; every wait is on an event of this action, by its key (the
// run id, the edit's label, the dump after n), with a deadline.
'use strict';

const fs = require('fs');
const path = require('path');

const TYPED = 'typed by me, not saved';

// The active editor's document as the extension holds it, once pred holds
// for a dump taken after this call (each try is its own dump).
async function dumpUntil(h, pred, ms) {
  const { page, palette, events, waitFor } = h;
  let last = null;
  const got = await waitFor(async () => {
    const n = events().length;
    await palette(page, 'loopls: Dump State (tests)');
    last = await waitFor(() => events().slice(n).find((e) => e.ev === 'dump'), 10000);
    return last && pred(last) ? last : null;
  }, ms);
  return got || last;
}

// A command line from the panel, each of its questions (one per program not
// allowed yet) allowed once; returns the run, its end, how many questions it
// asked, and its run_command call as the extension last heard of it.
async function shellRun(h, frame, line) {
  const { events, waitFor, panelSend, runEnded } = h;
  const run = await panelSend(frame, `shell: ${line}`);
  const card = frame.locator('.loopls-approval', { hasText: line });
  let clicked = 0;
  const end = run && (await waitFor(async () => {
    const ended = runEnded(run.runId);
    if (ended) return ended;
    const asked = events().filter((e) => e.ev === 'approve' && e.p.runId === run.runId).length;
    const answered = events().filter((e) => e.ev === 'approved' && e.runId === run.runId).length;
    // A question waits, and the last click has been answered: allow it once.
    if (asked > answered && clicked === answered && (await card.isVisible().catch(() => false))) {
      await card.locator('button', { hasText: /^Allow once$/ }).first().click();
      clicked++;
    }
    return null;
  }, 40000));
  const call = run && events().filter((e) => e.ev === 'toolCall' && e.p.runId === run.runId && e.p.name === 'run_command').pop();
  return { run, asked: clicked, end, call: call && call.p };
}

async function unsavedTyping(h, frame) {
  const { page, check, events, waitFor, shot, openFile, ws } = h;
  const dirtyPath = path.join(ws, 'unsaved.txt');
  const cleanPath = path.join(ws, 'cleanfile.txt');
  fs.writeFileSync(dirtyPath, 'one\ntwo\nthree\n');
  fs.writeFileSync(cleanPath, 'one\ntwo\nthree\n');
  if ((await frame.locator('select.loopls-mode').inputValue().catch(() => '')) !== 'auto') {
    const nm = events().length;
    await frame.locator('select.loopls-mode').selectOption('auto');
    await waitFor(() => events().slice(nm).find((e) => e.ev === 'mode' && e.mode === 'auto'), 10000);
  }
  await frame.locator('#new').click();

  // Typing the user does not save.
  await openFile(page, 'unsaved.txt');
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(TYPED);
  const typed = await dumpUntil(h, (d) => /\/unsaved\.txt$/.test(d.uri || '') && d.dirty === true && d.text === `one\ntwo\nthree\n${TYPED}`, 20000);
  check('unsaved: the typing is in the buffer, unsaved (the extension holds it)',
    typed && typed.dirty === true && typed.text === `one\ntwo\nthree\n${TYPED}`, typed && { dirty: typed.dirty, text: typed.text });

  // A command that reads the file and rewrites it.
  const n = events().length;
  const line = 'cat unsaved.txt && sed -i s/three/THREE/ unsaved.txt';
  const r = await shellRun(h, frame, line);
  check('unsaved: the run asks for the command and ends completed', r.asked > 0 && r.end && r.end.p.outcome === 'completed', r.end && r.end.p);
  check('unsaved: the command\'s output shows the unsaved typing (it read the buffer, not the disk)',
    r.call && r.call.status === 'completed' && (r.call.output || '').includes(TYPED) && (r.call.output || '').includes('three'), r.call);
  const edit = events().slice(n).find((e) => e.ev === 'applyEditResult' && e.label === 'loopls: run_command changed unsaved.txt');
  check('unsaved: the command\'s change came back to the buffer as an edit, applied', edit && edit.res && edit.res.applied === true, edit);
  const saved = events().slice(n).find((e) => e.ev === 'keptSaved' && e.path === 'unsaved.txt');
  check('unsaved: the extension did not save the buffer for the user (no keptSaved)', !saved, saved);
  const after = await dumpUntil(h, (d) => /\/unsaved\.txt$/.test(d.uri || '') && d.text === `one\ntwo\nTHREE\n${TYPED}`, 20000);
  check('unsaved: the buffer holds the typing and THREE, and is still unsaved',
    after && after.text === `one\ntwo\nTHREE\n${TYPED}` && after.dirty === true, after && { dirty: after.dirty, text: after.text });
  check('unsaved: the disk still holds what was last saved (nothing written behind the user\'s back)',
    fs.readFileSync(dirtyPath, 'utf8') === 'one\ntwo\nthree\n', fs.readFileSync(dirtyPath, 'utf8'));
  await shot(page, 'unsaved-after-command');
  // Nothing lost: the user's save writes both.
  await page.locator('.tab', { hasText: 'unsaved.txt' }).first().click();
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+S');
  const both = await waitFor(() => fs.readFileSync(dirtyPath, 'utf8') === `one\ntwo\nTHREE\n${TYPED}`, 15000);
  check('unsaved: the user\'s save writes the typing and THREE (nothing lost)', both, fs.readFileSync(dirtyPath, 'utf8'));

  // A clean file a command rewrites: on disk, and the editor reloads it.
  await openFile(page, 'cleanfile.txt');
  const c = await shellRun(h, frame, 'sed -i s/three/THREE/ cleanfile.txt');
  check('clean: the command rewrote the saved file on disk',
    c.end && c.end.p.outcome === 'completed' && fs.readFileSync(cleanPath, 'utf8') === 'one\ntwo\nTHREE\n', { end: c.end && c.end.p.outcome, disk: fs.readFileSync(cleanPath, 'utf8') });
  const reloaded = await dumpUntil(h, (d) => /\/cleanfile\.txt$/.test(d.uri || '') && d.text === 'one\ntwo\nTHREE\n', 20000);
  check('clean: the editor reloaded it (THREE, nothing unsaved)', reloaded && reloaded.text === 'one\ntwo\nTHREE\n' && reloaded.dirty === false,
    reloaded && { uri: reloaded.uri, dirty: reloaded.dirty, text: reloaded.text });
  await shot(page, 'clean-reloaded');
}

module.exports = { unsavedTyping };
