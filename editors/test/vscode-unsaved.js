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

// Opens a file by its path through "File: Open File..." (code-server's own
// dialog, which reads the directory): Quick Open's file list may not hold a
// file made a moment before.
async function openPath(h, file) {
  const { page, palette } = h;
  await palette(page, 'File: Open File...');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  // The dialog first fills in the folder and lists it; the path typed after that stays.
  await page.locator('.quick-input-list .monaco-list-row', { hasText: path.basename(file) }).first().waitFor({ timeout: 10000 });
  await input.fill(file);
  await h.waitFor(async () => (await input.inputValue().catch(() => '')) === file, 10000);
  await input.press('Enter');
  await page.locator('.tab.active', { hasText: path.basename(file) }).waitFor({ timeout: 10000 });
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
  const { page, check, events, waitFor, shot, ws } = h;
  const dirtyPath = path.join(ws, 'unsaved.txt');
  const cleanPath = path.join(ws, 'cleanfile.txt');
  fs.writeFileSync(dirtyPath, 'one\ntwo\nthree\n');
  fs.writeFileSync(cleanPath, 'one\ntwo\nthree\n');
  // Made up front: Quick Open may not list a file made just before it opens.
  const conflictPath = path.join(ws, 'conflict.txt');
  fs.writeFileSync(conflictPath, 'one\ntwo\nthree\n');
  if ((await frame.locator('select.loopls-mode').inputValue().catch(() => '')) !== 'auto') {
    const nm = events().length;
    await frame.locator('select.loopls-mode').selectOption('auto');
    await waitFor(() => events().slice(nm).find((e) => e.ev === 'mode' && e.mode === 'auto'), 10000);
  }
  await frame.locator('#new').click();

  // Typing the user does not save.
  await openPath(h, dirtyPath);
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
  await openPath(h, cleanPath);
  const c = await shellRun(h, frame, 'sed -i s/three/THREE/ cleanfile.txt');
  check('clean: the command rewrote the saved file on disk',
    c.end && c.end.p.outcome === 'completed' && fs.readFileSync(cleanPath, 'utf8') === 'one\ntwo\nTHREE\n', { end: c.end && c.end.p.outcome, disk: fs.readFileSync(cleanPath, 'utf8') });
  const reloaded = await dumpUntil(h, (d) => /\/cleanfile\.txt$/.test(d.uri || '') && d.text === 'one\ntwo\nTHREE\n', 20000);
  check('clean: the editor reloaded it (THREE, nothing unsaved)', reloaded && reloaded.text === 'one\ntwo\nTHREE\n' && reloaded.dirty === false,
    reloaded && { uri: reloaded.uri, dirty: reloaded.dirty, text: reloaded.text });
  await shot(page, 'clean-reloaded');

  // The user types again while the line runs (its second program's question
  // is open, after cat read the buffer): the line's change was made against
  // text that is no longer the buffer's, so it is a conflict, reported, and
  // the buffer keeps all the typing.
  await openPath(h, conflictPath);
  const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(TYPED);
  await dumpUntil(h, (d) => /\/conflict\.txt$/.test(d.uri || '') && d.text === `one\ntwo\nthree\n${TYPED}`, 20000);
  const cline = 'cat conflict.txt && sed -i s/three/THREE/ conflict.txt';
  const run = await h.panelSend(frame, `shell: ${cline}`);
  const card = frame.locator('.loopls-approval', { hasText: cline });
  const asks = () => (run ? events().filter((e) => e.ev === 'approve' && e.p.runId === run.runId) : []);
  const first = run && (await waitFor(async () => asks().length === 1 && (await card.isVisible().catch(() => false)), 20000));
  if (first) await card.locator('button', { hasText: /^Allow once$/ }).first().click();
  const second = run && (await waitFor(() => asks().length === 2 && asks()[1], 20000));
  check('conflict: the line asks for sed after cat has run', second && (second.p.unapproved || []).some((u) => /^sed /.test(u)), second && second.p);
  await page.locator('.tab', { hasText: 'conflict.txt' }).first().click();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' and more');
  const more = `one\ntwo\nthree\n${TYPED} and more`;
  const typedMore = await dumpUntil(h, (d) => /\/conflict\.txt$/.test(d.uri || '') && d.text === more, 20000);
  check('conflict: the user typed more while the line waited', typedMore && typedMore.text === more, typedMore && typedMore.text);
  if (second && (await waitFor(async () => card.isVisible().catch(() => false), 15000))) await card.locator('button', { hasText: /^Allow once$/ }).first().click();
  const end = run && (await waitFor(() => h.runEnded(run.runId), 30000));
  const call = run && events().filter((e) => e.ev === 'toolCall' && e.p.runId === run.runId && e.p.name === 'run_command').pop();
  check('conflict: the command\'s result names the buffer it could not change (a conflict, reported)',
    end && end.p.outcome === 'completed' && call && /not applied to the unsaved buffer of conflict\.txt/.test(call.p.output || ''), call && call.p);
  const kept = await dumpUntil(h, (d) => /\/conflict\.txt$/.test(d.uri || ''), 20000);
  check('conflict: the buffer keeps all the typing, unsaved, and the disk its last save (nothing lost, nothing overwritten)',
    kept && kept.text === more && kept.dirty === true && fs.readFileSync(conflictPath, 'utf8') === 'one\ntwo\nthree\n', { buffer: kept && kept.text, dirty: kept && kept.dirty, disk: fs.readFileSync(conflictPath, 'utf8') });
  await shot(page, 'unsaved-conflict');
  // Saved, as the user would: nothing unsaved is left for the checks after this one.
  await page.locator('.tab', { hasText: 'conflict.txt' }).first().click();
  await editor.click();
  await page.keyboard.press('Control+S');
  await waitFor(() => fs.readFileSync(conflictPath, 'utf8') === more, 15000);
}

module.exports = { unsavedTyping };
