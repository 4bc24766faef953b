// The review checks of the VS Code suite (issue 14, items 4-6): approvals
// inline (and the quick pick when the panel is hidden), the diff of a run's
// edit and Undo run, an edit-mode change reviewed as a diff in the editor
// (rejected, then accepted) and the model told, an attached selection, Fix This opening the panel. Called
// by vscode-drive.js with its helpers; every wait is on a condition with a
// deadline.
'use strict';

// Brings a file's editor to the front: its tab when open (Quick Open races
// its own filtering when the focus was elsewhere, a terminal say), else
// Quick Open.
async function showFile(h, name) {
  const { page, openFile, waitFor } = h;
  const tab = page.locator('.tab', { hasText: name }).first();
  if ((await tab.count()) > 0) {
    await tab.click();
    const active = await waitFor(async () => (await page.locator('.tab.active', { hasText: name }).count()) > 0, 10000);
    if (active) return;
  }
  await openFile(page, name);
}

// h: { page, check, events, waitFor, shot, palette, openFile, runAgent, runEnded, panelFrame }

// After a run that edited hello.txt (hello → goodbye) has ended.
async function openDiff(h, runId) {
  const { page, check, events, waitFor, shot, palette } = h;
  const n = events().length;
  await palette(page, "loopls: Open Diff of the Last Run's Edits");
  const opened = await waitFor(() => events().slice(n).find((e) => (e.ev === 'diffOpened' || e.ev === 'diffFailed') && e.runId === runId), 15000);
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


// ── In the conversation panel ───────────────────────────────────────────
// h also has: panelFrame(page), panelSend(frame, prompt), panelRunText(frame, runId, outcome)

async function openPanel(h) {
  const { page, palette, waitFor, panelFrame } = h;
  await palette(page, 'loopls: Open Conversation');
  return waitFor(async () => {
    const f = await panelFrame(page);
    return f && (await f.locator('.loopls-context').count().catch(() => 0)) > 0 ? f : null;
  }, 30000);
}

// A run needing an approval continues after the panel's "Allow once".
async function approveInline(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, runEnded } = h;
  await frame.locator('#new').click();
  const n = events().length;
  const run = await panelSend(frame, 'report echo from the panel');
  check('a run needing an approval started from the panel', run && run.runId, run);
  const card = frame.locator('.loopls-approval', { hasText: 'run_command' });
  const shown = await waitFor(async () => card.isVisible().catch(() => false), 20000);
  const asked = run && events().slice(n).find((e) => e.ev === 'approve' && e.p.runId === run.runId);
  check('the approval is asked inline in the panel, not as a quick pick', shown && asked && asked.via === 'panel', asked && { via: asked.via });
  const labels = shown ? await card.locator('button').allInnerTexts() : [];
  check('the card offers the four ACP option kinds, allow first',
    labels.join('|') === 'Allow once|Always allow|Reject|Always reject', labels);
  const kinds = shown ? await card.locator('button').evaluateAll((bs) => bs.map((b) => b.dataset.kind)) : [];
  check('in ACP kind order', kinds.join() === 'allow_once,allow_always,reject_once,reject_always', kinds);
  const cardText = shown ? await card.innerText() : '';
  check('the card names the command and why it is asked', /sleep 0/.test(cardText) && /allowedCommands/.test(cardText), cardText);
  const toolStatus = await frame.locator(`section.run[data-run="${run && run.runId}"] .tool[data-tool="run_command"] .tool-status`).innerText().catch(() => '');
  check('its tool card says "waiting for approval", not running', toolStatus === 'waiting for approval', toolStatus);
  const title = shown ? await card.locator('.loopls-approval-title').innerText() : '';
  check('the approval title is in words (no JSON)', /^Allow run_command to run: sleep 0/.test(title) && !/[{}"]/.test(title), title);
  const scope = shown ? await card.locator('.loopls-approval-scope').innerText().catch(() => '') : '';
  check('"Always allow" looks different and says what it allows', /this exact command line from now on/.test(scope) &&
    (await card.locator('button.always', { hasText: 'Always allow' }).count()) === 1, scope);
  await shot(page, 'panel-approval');
  if (shown) await card.locator('button', { hasText: /^Allow once$/ }).click();
  const answered = run && (await waitFor(() => events().slice(n).find((e) => e.ev === 'approved' && e.runId === run.runId), 10000));
  check('the click answered loopls/approve allow_once', answered && answered.via === 'panel' && answered.res.outcome === 'selected' && answered.res.optionId === 'allow_once', answered);
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  check('the run went on: the command ran and the model saw its output',
    end && end.p.outcome === 'completed' && /approved-and-ran \| \[exit code 0\]/.test(end.p.output || ''), end && end.p);
  const gone = await waitFor(async () => (await card.count()) === 0, 10000);
  check('the answered card is gone', gone);
}

// With the panel hidden, the question comes as the quick pick (the modal stays).
async function modalWhenHidden(h) {
  const { page, check, events, waitFor, runAgent, runEnded } = h;
  await page.keyboard.press('Control+Shift+E'); // the explorer takes the side bar: the panel is hidden
  await waitFor(async () => page.locator('.explorer-folders-view, .explorer-viewlet').first().isVisible().catch(() => false), 10000);
  const n = events().length;
  const run = await runAgent(page, 'report echo with the panel hidden');
  const pick = page.locator('.quick-input-widget', { hasText: 'run_command' });
  const shown = await waitFor(async () => pick.isVisible().catch(() => false), 20000);
  const asked = run && events().slice(n).find((e) => e.ev === 'approve' && e.p.runId === run.runId);
  check('with the panel hidden, the approval is the quick pick', shown && asked && asked.via === 'modal', asked && { via: asked.via });
  if (shown) await page.locator('.quick-input-list .monaco-list-row', { hasText: 'deny this time' }).first().click({ timeout: 10000 });
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  check('refused from the quick pick, the run completes without running it',
    end && end.p.outcome === 'completed' && !/approved-and-ran \| \[exit code 0\]/.test(end.p.output || ''), end && end.p);
}

// A run's edited files in the panel: Open diff, then Undo run.
async function diffAndUndoInPanel(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, runEnded, openFile } = h;
  await showFile(h, 'hello.txt');
  const run = await panelSend(frame, 'edit hello.txt from the panel');
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  check('an edit run from the panel completed with hello.txt edited',
    end && end.p.outcome === 'completed' && (end.p.edits || []).some((e) => e.path === 'hello.txt'), end && end.p);
  const row = run && frame.locator(`section.run[data-run="${run.runId}"] .loopls-edited-file[data-path="hello.txt"]`);
  const listed = row && (await waitFor(async () => row.isVisible().catch(() => false), 10000));
  check('the run lists hello.txt with "Open diff" and the run "Undo run"', listed &&
    (await row.locator('button', { hasText: 'Open diff' }).count()) === 1 &&
    (await frame.locator(`section.run[data-run="${run.runId}"] button`, { hasText: 'Undo run' }).count()) === 1);
  await shot(page, 'panel-edits');
  const n = events().length;
  if (listed) await row.locator('button', { hasText: 'Open diff' }).click();
  const opened = run && (await waitFor(() => events().slice(n).find((e) => (e.ev === 'diffOpened' || e.ev === 'diffFailed') && e.runId === run.runId), 15000));
  check('"Open diff" in the panel opened before/after of hello.txt',
    opened && opened.ev === 'diffOpened' && opened.runId === (run && run.runId) && /^hello/.test(opened.before) && /^goodbye/.test(opened.after), opened);
  const diff = page.locator('.monaco-diff-editor').first();
  const sides = await waitFor(async () => {
    const orig = (await diff.locator('.editor.original .view-lines').innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
    const mod = (await diff.locator('.editor.modified .view-lines').innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
    return /hello/.test(orig) && /goodbye/.test(mod) ? { orig, mod } : null;
  }, 10000);
  check('the diff editor shows hello → goodbye', sides, sides);
  await shot(page, 'panel-diff');
  const nu = events().length;
  await frame.locator(`section.run[data-run="${run && run.runId}"] button`, { hasText: 'Undo run' }).click().catch(() => {});
  const undo = run && (await waitFor(() => events().slice(nu).find((e) => (e.ev === 'undo' || e.ev === 'undoFailed') && e.runId === run.runId), 15000));
  check('"Undo run" in the panel reverted the run', undo && undo.ev === 'undo' && undo.res.applied === true && undo.runId === (run && run.runId), undo);
  await page.keyboard.press('Control+W');
}

// The two sides of the diff editor on screen, once they show what is expected.
async function diffSides(h, origRe, modRe) {
  const diff = h.page.locator('.monaco-diff-editor').first();
  return h.waitFor(async () => {
    const orig = (await diff.locator('.editor.original .view-lines').innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
    const mod = (await diff.locator('.editor.modified .view-lines').innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
    return origRe.test(orig) && modRe.test(mod) ? { orig, mod } : null;
  }, 15000);
}

// Edit mode (issue 25, item 1): each edit opens as a diff in the editor with
// Accept and Reject in its title bar and in the panel; no Refactor Preview.
// Reject from the editor's title bar leaves the file as it was and the model
// is told; Accept from the panel applies it.
async function reviewInEditMode(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, runEnded, ws } = h;
  const fs = require('fs');
  const path = require('path');
  const file = path.join(ws, 'hello.txt');
  const diskBefore = fs.readFileSync(file, 'utf8');
  const nm = events().length;
  await frame.locator('select.loopls-mode').selectOption('edit');
  const mode = await waitFor(() => events().slice(nm).find((e) => e.ev === 'mode' && e.mode === 'edit'), 10000);
  check('the panel\'s mode picker set edit', mode && mode.mode === 'edit', mode);

  // Reject, from the diff editor's title bar.
  let n = events().length;
  const run = await panelSend(frame, 'report edit of hello.txt');
  check('the run was started in edit mode', run && run.arg && run.arg.mode === 'edit', run && run.arg);
  const asked = await waitFor(() => events().slice(n).find((e) => e.ev === 'editReview' && e.files.some((f) => f.path === 'hello.txt')), 30000);
  check('its edit (needsConfirmation) opened the review: hello.txt, hello → goodbye',
    asked && asked.files.length === 1 && asked.files[0].path === 'hello.txt' && /^hello/.test(asked.files[0].before) && /^goodbye/.test(asked.files[0].after), asked);
  const sides = await diffSides(h, /hello/, /goodbye/);
  check('a diff editor shows the proposed change (hello → goodbye)', sides, sides);
  const tab = await page.locator('.tab.active').first().innerText({ timeout: 2000 }).catch(() => '');
  check('its tab says it is a review', /Review hello\.txt/.test(tab), tab);
  const reject = page.locator('.editor-actions .action-label[aria-label^="Reject Change"], .editor-actions .action-label[title^="Reject Change"]').first();
  const accept = page.locator('.editor-actions .action-label[aria-label^="Accept Change"], .editor-actions .action-label[title^="Accept Change"]').first();
  const buttons = await waitFor(async () => (await reject.isVisible().catch(() => false)) && (await accept.isVisible().catch(() => false)), 10000);
  check('the diff editor\'s title bar has Accept Change and Reject Change', buttons);
  const card = frame.locator('.loopls-edit-review');
  const cardShown = await waitFor(async () => card.isVisible().catch(() => false), 10000);
  const cardText = cardShown ? await card.innerText() : '';
  check('the panel says where the review is, with Accept and Reject',
    /Review the change to hello\.txt/.test(cardText) && (await card.locator('button', { hasText: /^Accept$/ }).count()) === 1 && (await card.locator('button', { hasText: /^Reject$/ }).count()) === 1, cardText);
  const editStatus = await frame.locator(`section.run[data-run="${run && run.runId}"] .tool[data-tool="edit_file"] .tool-status`).innerText().catch(() => '');
  check('the edit_file card says "waiting for your review"', editStatus === 'waiting for your review', editStatus);
  const preview = await page.locator('.monaco-button', { hasText: /^Discard$/ }).count();
  check('no Refactor Preview was opened', preview === 0, preview);
  await shot(page, 'edit-review');
  if (buttons) await reject.click();
  // This review's own events, by its key.
  const ofReview = (ev, r) => r && events().find((e) => e.ev === ev && (e.key === r.key || e.review === r.key));
  const res = await waitFor(() => ofReview('applyEditResult', asked), 15000);
  const answer = ofReview('editReviewAnswer', asked);
  check('Reject in the title bar answered applied: false', res && res.res && res.res.applied === false && answer && answer.via === 'editor' && answer.accept === false, { res, answer });
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  check('the model was told the user rejected the change (its next turn says so)',
    end && end.p.outcome === 'completed' && /^The tool said: (error: )?edit_file: hello\.txt was not changed: the user rejected this change/.test(end.p.output || ''), end && end.p);
  check('after Reject hello.txt on disk is unchanged', fs.readFileSync(file, 'utf8') === diskBefore, fs.readFileSync(file, 'utf8'));
  const closed = await waitFor(async () => (await page.locator('.tab', { hasText: 'Review hello.txt' }).count()) === 0 && (await card.count()) === 0, 10000);
  check('the review\'s diff and its panel card are gone', closed);
  const done = ofReview('editReviewed', asked);
  const buf = done && done.buffers.find((b) => b.path === 'hello.txt');
  // Its text, not its dirty flag: an earlier Undo run may have left the buffer dirty already.
  check('after Reject the hello.txt buffer is unchanged (or not open)', buf && (!buf.open || buf.text === diskBefore), buf);
  const text = run && (await h.panelRunText(frame, run.runId, 'completed', 10000));
  check('the panel shows the rejection in the run', text && /rejected this change/.test(text), text);
  const rejectedStatus = await frame.locator(`section.run[data-run="${run && run.runId}"] .tool[data-tool="edit_file"] .tool-status`).innerText().catch(() => '');
  check('the rejected edit_file card says "rejected by you", not failed', rejectedStatus === 'rejected by you', rejectedStatus);

  // Accept, from the panel's card.
  n = events().length;
  const run2 = await panelSend(frame, 'report edit of hello.txt once more');
  const asked2 = await waitFor(() => events().slice(n).find((e) => e.ev === 'editReview' && e.files.some((f) => f.path === 'hello.txt')), 30000);
  const card2 = await waitFor(async () => (await card.isVisible().catch(() => false)) ? card : null, 30000);
  await diffSides(h, /hello/, /goodbye/);
  await shot(page, 'edit-review-panel');
  if (card2) await card2.locator('button', { hasText: /^Accept$/ }).click();
  const res2 = await waitFor(() => ofReview('applyEditResult', asked2), 15000);
  check('Accept in the panel applied the change', res2 && res2.res && res2.res.applied === true, res2);
  const end2 = run2 && (await waitFor(() => runEnded(run2.runId), 30000));
  check('the model was told the user accepted it', end2 && end2.p.outcome === 'completed' && /accepted the change/.test(end2.p.output || ''), end2 && end2.p);
  const done2 = ofReview('editReviewed', asked2);
  const buf2 = done2 && done2.buffers.find((b) => b.path === 'hello.txt');
  check('hello.txt\'s buffer now says goodbye', buf2 && buf2.open && /^goodbye/.test(buf2.text || ''), buf2);
  const nu = events().length;
  if (run2) await frame.locator(`section.run[data-run="${run2.runId}"] button`, { hasText: 'Undo run' }).click().catch(() => {});
  const undo = run2 && (await waitFor(() => events().slice(nu).find((e) => (e.ev === 'undo' || e.ev === 'undoFailed') && e.runId === run2.runId), 15000));
  check('"Undo run" reverts the accepted change', undo && undo.ev === 'undo' && undo.res.applied === true, undo);
  await frame.locator('select.loopls-mode').selectOption('auto');
  await waitFor(() => events().find((e) => e.ev === 'mode' && e.mode === 'auto' && e.t >= (mode ? mode.t : 0)), 10000);
  return run && run.sessionId;
}

// The mode is the session's: a new conversation in ask mode, then the first
// session again shows auto.
async function modePerSession(h, frame, sessionId) {
  const { check, waitFor, panelSend, runEnded, events } = h;
  await frame.locator('#new').click();
  await frame.locator('select.loopls-mode').selectOption('ask');
  const run = await panelSend(frame, 'chat in ask mode');
  check('a new conversation\'s run took the picked mode (ask)', run && run.arg && run.arg.mode === 'ask' && run.sessionId !== sessionId, run && run.arg);
  if (run) await waitFor(() => runEnded(run.runId), 30000);
  const n = events().length;
  // The session list (vscode-sessions.js tests it): open, pick the first session's row.
  if ((await frame.locator('#sessions-toggle').getAttribute('aria-expanded')) !== 'true') await frame.locator('#sessions-toggle').click();
  const row = frame.locator(`#sessions-list li[data-session="${sessionId}"] .session-open`);
  await waitFor(async () => (await row.count()) > 0, 15000);
  await row.click();
  await waitFor(() => events().slice(n).find((e) => e.ev === 'panelSession' && e.sessionId === sessionId), 15000);
  const back = await waitFor(async () => (await frame.locator('select.loopls-mode').inputValue()) === 'auto', 10000);
  check('switching back to the first session brings its mode back (auto)', back, await frame.locator('select.loopls-mode').inputValue());
}

// "Add selection" in the panel: a chip; the next run's context carries it.
async function attachSelectionInPanel(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, runEnded, openFile } = h;
  await showFile(h, 'hello.txt');
  const editor = page.locator('.monaco-editor .view-lines').first();
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Shift+End');
  const n = events().length;
  await frame.locator('button.loopls-add-selection').click();
  const added = await waitFor(() => events().slice(n).find((e) => e.ev === 'contextAdded' && /hello\.txt$/.test(e.uri)), 10000);
  check('"Add selection" in the panel attached hello.txt:1', added && !added.refused && added.chips.some((c) => c.label === 'hello.txt:1'), added);
  const chip = frame.locator('.loopls-chip', { hasText: 'hello.txt:1' });
  const shown = await waitFor(async () => chip.isVisible().catch(() => false), 10000);
  check('it shows as a chip', shown);
  await shot(page, 'panel-chip');
  const run = await panelSend(frame, 'quote what I attached');
  check('the run was sent with the chip as context', run && run.arg && Array.isArray(run.arg.context) && run.arg.context.length === 1, run && run.arg);
  const started = run && (await waitFor(() => events().find((e) => e.ev === 'runStartedNote' && e.p.runId === run.runId), 20000));
  const ctx = (started && started.p.context) || [];
  check('the daemon attached hello.txt lines 1-1 (loopls/runStarted)',
    ctx.length === 1 && ctx[0].path === 'hello.txt' && ctx[0].startLine === 1 && ctx[0].endLine === 1, started && started.p);
  const end = run && (await waitFor(() => runEnded(run.runId), 30000));
  check('the model got the selected text', end && end.p.output === 'You attached: hello', end && end.p);
  const cleared = await waitFor(async () => (await chip.count()) === 0, 10000);
  check('the chip was used up by the run', cleared);
}

// The panel is on screen and shows the run (Fix This, the code action).
async function panelShowsRun(h, runId, name) {
  const { page, check, waitFor } = h;
  // Any frame: a webview shown again may leave its earlier frame in the page for a while.
  const shown = runId && (await waitFor(async () => {
    for (const f of page.frames()) {
      if (await f.locator(`section.run[data-run="${runId}"]`).isVisible().catch(() => false)) return true;
    }
    return false;
  }, 20000));
  // On failure: what the extension said of the panel's load, and the frames that hold one.
  const detail = shown ? runId : {
    runId,
    panel: h.events().filter((e) => /^panel(Resolved|Visibility|Ready|Reload|NotLoaded|ShowRun)$/.test(e.ev)).slice(-8),
    frames: await Promise.all(page.frames().map(async (f) => ({ url: f.url().slice(0, 80), conversation: await f.locator('#conversation').count().catch(() => -1) }))),
  };
  check(name, shown, detail);
}

// Fix This from the palette while the panel is hidden: the panel opens on its run.
async function fixOpensPanel(h) {
  const { page, check, events, waitFor, palette, openFile, panelFrame, runEnded } = h;
  await page.keyboard.press('Control+Shift+E');
  await showFile(h, 'hello.txt');
  const n = events().length;
  await palette(page, 'loopls: Fix This');
  const widget = page.locator('.quick-input-widget', { hasText: 'loopls: Fix This' });
  await widget.waitFor({ state: 'visible', timeout: 10000 });
  await page.locator('.quick-input-widget input').fill('edit hello.txt: say goodbye');
  await page.locator('.quick-input-widget input').press('Enter');
  const started = await waitFor(() => events().slice(n).find((e) => e.ev === 'runStarted' && e.command === 'loopls.fix'), 20000);
  const runId = started && started.started.runId;
  const section = await waitFor(async () => {
    const f = await panelFrame(page);
    if (!f) return null;
    return (await f.locator(`section.run[data-run="${runId}"]`).isVisible().catch(() => false)) ? f : null;
  }, 20000);
  check('Fix This opened the panel on the run it started', runId && section, started && started.started);
  const end = runId && (await waitFor(() => runEnded(runId), 30000));
  check('the fix run completed', end && end.p.outcome === 'completed', end && end.p);
  if (section) await section.locator(`section.run[data-run="${runId}"] button`, { hasText: 'Undo run' }).click().catch(() => {});
  await waitFor(() => events().slice(n).find((e) => e.ev === 'undo' && e.runId === runId), 15000);
}

// A prompt sent while a run runs (issue 25, item 3): queued and shown as
// queued (Send says Queue), the composer free for more; sent when the run
// ends, and its run completes.
async function queueDuringRun(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, runEnded } = h;
  await frame.locator('#new').click();
  const run = await panelSend(frame, 'stall while a prompt waits');
  check('a stalled run runs in the panel', run && run.runId, run);
  const sendLabel = await waitFor(async () => (await frame.locator('#send').innerText().catch(() => '')) === 'Queue', 10000);
  check('while it runs, Send says Queue', sendLabel, await frame.locator('#send').innerText().catch(() => ''));
  const n = events().length;
  await frame.locator('#prompt').fill('chat while it runs');
  await frame.locator('#prompt').press('Enter');
  const queued = await waitFor(() => events().slice(n).find((e) => e.ev === 'panelQueued' || e.ev === 'panelSend' || e.ev === 'panelSendFailed'), 10000);
  check('the prompt was queued, not sent (nor refused as busy)', queued && queued.ev === 'panelQueued' && queued.prompt === 'chat while it runs', queued);
  const row = frame.locator('#queued .queued-prompt', { hasText: 'chat while it runs' });
  const shown = await waitFor(async () => row.isVisible().catch(() => false), 10000);
  check('the panel shows it as queued, sent when the run ends', shown && /Queued/.test(await row.innerText()), shown && (await row.innerText()));
  await shot(page, 'panel-queued');
  await frame.locator('#prompt').press('Escape');
  const end = run && (await waitFor(() => runEnded(run.runId), 20000));
  check('Escape ended the stalled run', end && end.p.outcome === 'cancelled', end && end.p);
  const sent = await waitFor(() => events().slice(n).find((e) => e.ev === 'panelSend' && e.arg.prompt === 'chat while it runs'), 20000);
  check('once it ended the queued prompt was sent, in the same session', sent && sent.started.sessionId === (run && run.sessionId), sent);
  const end2 = sent && (await waitFor(() => runEnded(sent.started.runId), 30000));
  check('its run completed', end2 && end2.p.outcome === 'completed' && end2.p.output === 'Hello from the tiny test model.', end2 && end2.p);
  const gone = await waitFor(async () => (await row.count()) === 0, 10000);
  check('it is no longer shown as queued', gone);
}

// Ctrl+Alt+L puts the cursor in the composer (issue 25, item 4): typed
// text lands there, on the panel's first load, with it hidden, and with it
// shown. The wait is for the panel to be drawn and its frame to hold the
// keyboard focus, which VS Code gives it; the view's own focus command left
// the focus on the frame's body, and the typed text was lost.
async function composerFocus(h) {
  const { page, check, waitFor, shot, panelFrame } = h;
  const tries = [
    { name: 'the first time (the panel loading)', before: async () => {} },
    { name: 'with the panel hidden', before: async () => {
      await page.keyboard.press('Control+Shift+E');
      await waitFor(async () => page.locator('.explorer-folders-view, .explorer-viewlet').first().isVisible().catch(() => false), 10000);
    } },
    { name: 'with the panel shown', before: async () => {} },
  ];
  for (const [i, t] of tries.entries()) {
    await t.before();
    await page.locator('.monaco-workbench .part.editor').click();
    await page.keyboard.press('Control+Alt+KeyL');
    const frame = await waitFor(async () => {
      const f = await panelFrame(page);
      // Drawn: the script ran (it draws the context bar), as the user sees it.
      if (!f || !(await f.locator('.loopls-context').isVisible().catch(() => false))) return null;
      return (await f.evaluate(() => document.hasFocus()).catch(() => false)) ? f : null;
    }, 30000);
    const text = `typed right away ${i + 1}`;
    if (frame) await page.keyboard.type(text);
    const value = frame ? await frame.locator('#prompt').inputValue().catch(() => '') : '';
    const active = frame ? await frame.evaluate(() => document.activeElement && document.activeElement.id).catch(() => '') : '';
    check(`Ctrl+Alt+L ${t.name}: the composer has the focus and the typed text`, value === text && active === 'prompt', { value, active });
    if (i === 0) await shot(page, 'panel-focused');
    if (frame) await frame.locator('#prompt').fill('');
  }
}

module.exports = {
  composerFocus,
  queueDuringRun,
  openDiff,
  panelShowsRun, openPanel, approveInline, modalWhenHidden, diffAndUndoInPanel, reviewInEditMode, modePerSession, attachSelectionInPanel, fixOpensPanel,
};
