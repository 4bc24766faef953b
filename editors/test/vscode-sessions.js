// The panel's sessions, header and notice in code-server (issue 25, items 8
// and 9): the session list behind the header's Sessions button (search,
// rename, delete, open), "loopls: Show Sessions" (human times; the pick opens
// in the panel), the header at the default side bar width, and the "no model
// configured" notice shown once in the panel instead of a toast. Used by
// vscode-drive.js; h is its helpers ({page, check, events, waitFor, shot,
// palette, panelFrame, panelSend, panelRunText}).
'use strict';

// The visible text of the panel's page, with VS Code's non-breaking spaces as spaces.
async function pageText(frame) {
  return (await frame.locator('body').innerText().catch(() => '')).replace(/\u00a0/g, ' ');
}

function occurrences(text, what) {
  return text.split(what).length - 1;
}

// The header at the side bar's default width: the title once, Sessions and
// New, and the composer's model picker whole inside the view.
async function headerAtDefaultWidth(h, frame) {
  const { check, waitFor, shot } = h;
  await frame.locator('#new').click();
  await waitFor(async () => (await frame.locator('#conversation .empty').count()) > 0, 10000);
  // The model picker filled from loopls/models.
  await waitFor(async () => (await frame.locator('#model option').count()) > 1, 20000);
  const width = await frame.evaluate(() => document.documentElement.clientWidth);
  const text = await pageText(frame);
  check('at the default width the panel says "New conversation" once (the title), not three times',
    occurrences(text, 'New conversation') === 1, { width, count: occurrences(text, 'New conversation') });
  const inView = async (sel) => {
    const box = await frame.locator(sel).evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
    }).catch(() => null);
    const vw = await frame.evaluate(() => ({ w: document.documentElement.clientWidth, h: document.documentElement.clientHeight }));
    return { ok: !!box && box.width > 0 && box.left >= 0 && box.right <= vw.w && box.top >= 0 && box.bottom <= vw.h, box, vw };
  };
  const model = await inView('#model');
  check('the model picker is whole inside the view at the default width', model.ok, model);
  // What the closed picker shows is read whole: the picked entry's text fits its box.
  const fits = () => frame.locator('#model').evaluate((s) => {
    const cs = getComputedStyle(s);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const text = s.options[s.selectedIndex] ? s.options[s.selectedIndex].text : '';
    // The arrow takes about 20 px of the box.
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    return { text, width: Math.ceil(ctx.measureText(text).width), room };
  }).catch((e) => ({ error: String(e) }));
  const shownDefault = await fits();
  check('the model picker shows "Default model" whole, not cut off', shownDefault.text === 'Default model' && shownDefault.width <= shownDefault.room, shownDefault);
  for (const sel of ['#sessions-toggle', '#new', '#send']) {
    const b = await inView(sel);
    check(`${sel} is whole inside the view at the default width`, b.ok, b);
  }
  await shot(h.page, 'panel-header-default-width');
  // While a run runs, Cancel and Queue share the bar: the picker still reads whole.
  const run = await h.panelSend(frame, 'stall at the default width');
  const live = run && (await waitFor(async () => (await frame.locator('#cancel').isVisible()) && (await frame.locator('#send').innerText()) === 'Queue', 20000));
  const shownRunning = live ? await fits() : null;
  check('with Cancel and Queue shown, the model picker still reads whole', shownRunning && shownRunning.width <= shownRunning.room, shownRunning);
  for (const sel of ['#cancel', '#send']) {
    const b = await inView(sel);
    check(`${sel} is whole inside the view while a run runs`, live && b.ok, b);
  }
  await frame.locator('#prompt').press('Escape');
  await waitFor(() => run && h.runEnded(run.runId), 15000);
}

async function rows(frame) {
  return frame.locator('#sessions-list li.session').evaluateAll((lis) => lis.map((li) => ({
    id: li.dataset.session,
    title: (li.querySelector('.session-title') || {}).textContent,
    meta: (li.querySelector('.session-meta') || {}).textContent,
    preview: (li.querySelector('.session-preview') || {}).textContent,
  })));
}

async function openList(h, frame) {
  const toggle = frame.locator('#sessions-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await h.waitFor(async () => frame.locator('#sessions').isVisible(), 10000);
}

async function sessionList(h, frame) {
  const { page, check, events, waitFor, shot, palette, panelSend, panelRunText } = h;
  // Two sessions, each from a new conversation.
  await frame.locator('#new').click();
  const a = await panelSend(frame, 'chat with me');
  const ta = a && (await panelRunText(frame, a.runId, 'completed'));
  await frame.locator('#new').click();
  const b = await panelSend(frame, 'list the files');
  const tb = b && (await panelRunText(frame, b.runId, 'completed'));
  check('two sessions made from the panel', ta && tb && a.sessionId !== b.sessionId, { a, b });
  if (!ta || !tb) return;

  // The list: both, newest first, with runs and a human time.
  await openList(h, frame);
  const listed = await waitFor(async () => {
    const r = await rows(frame);
    return r.some((x) => x.id === a.sessionId) && r.some((x) => x.id === b.sessionId) ? r : null;
  }, 15000);
  check('"Sessions" lists both sessions, newest first', listed && listed.findIndex((x) => x.id === b.sessionId) < listed.findIndex((x) => x.id === a.sessionId), listed);
  const rowA = listed && listed.find((x) => x.id === a.sessionId);
  check('a row says its runs and when, in words (no timestamp)', rowA && /^1 run · (just now|\d+ min ago)$/.test(rowA.meta) && rowA.title === 'chat with me', rowA);
  check('a row previews the session\'s last answer', rowA && rowA.preview === 'Hello from the tiny test model.', rowA);
  check('the shown conversation is marked in the list',
    (await frame.locator(`#sessions-list li[data-session="${b.sessionId}"][aria-current="true"]`).count()) === 1);
  await shot(page, 'sessions-list');

  // Rename A in place.
  const nr = events().length;
  await frame.locator(`#sessions-list li[data-session="${a.sessionId}"] .session-rename`).click();
  const input = frame.locator(`#sessions-list li[data-session="${a.sessionId}"] .session-rename-input`);
  await input.waitFor({ timeout: 10000 });
  await input.fill('Greeting notes');
  await input.press('Enter');
  const renamed = await waitFor(() => events().slice(nr).find((e) => (e.ev === 'panelSessionRenamed' && e.sessionId === a.sessionId) || (e.ev === 'panelError' && e.type === 'renameSession')), 15000);
  check('Rename asked loopls/renameSession, which answered the stored title', renamed && renamed.ev === 'panelSessionRenamed' && renamed.title === 'Greeting notes', renamed);
  const relisted = await waitFor(async () => {
    const r = await rows(frame);
    const x = r.find((y) => y.id === a.sessionId);
    return x && x.title === 'Greeting notes' ? r : null;
  }, 10000);
  check('the list shows the new title (read back from loopls/sessions)', relisted, await rows(frame));

  // Search finds it by a word of its new title, case aside; nothing else.
  await frame.locator('#sessions-search').fill('GREETING');
  const found = await waitFor(async () => {
    const r = await rows(frame);
    return r.length === 1 && r[0].id === a.sessionId ? r : null;
  }, 10000);
  check('search "GREETING" keeps only the renamed session', found, await rows(frame));
  await frame.locator('#sessions-search').fill('no such words');
  const none = await waitFor(async () => (await rows(frame)).length === 0 && /No session title has those words/.test(await frame.locator('#sessions').innerText()), 10000);
  check('a search nothing matches says so', none);
  await frame.locator('#sessions-search').fill('');
  await shot(page, 'sessions-renamed');

  // Delete B, the shown conversation: asked in its row, then gone, and the panel starts afresh.
  await frame.locator(`#sessions-list li[data-session="${b.sessionId}"] .session-delete`).click();
  const confirm = frame.locator(`#sessions-list li[data-session="${b.sessionId}"].session-confirm`);
  const asked = await waitFor(async () => (await confirm.count()) === 1, 10000);
  check('Delete asks first, in the row', asked && /Delete “list the files” and its history\?/.test(await confirm.innerText()));
  await shot(page, 'sessions-delete-confirm');
  const nd = events().length;
  await confirm.locator('.session-delete-yes').click();
  const deleted = await waitFor(() => events().slice(nd).find((e) => (e.ev === 'panelSessionDeleted' && e.sessionId === b.sessionId) || (e.ev === 'panelError' && e.type === 'deleteSession')), 15000);
  check('Delete asked loopls/deleteSession', deleted && deleted.ev === 'panelSessionDeleted' && deleted.sessionId === b.sessionId, deleted);
  const gone = await waitFor(async () => {
    const r = await rows(frame);
    return r.some((x) => x.id === a.sessionId) && !r.some((x) => x.id === b.sessionId) ? r : null;
  }, 10000);
  check('the deleted session is gone from the list (loopls/sessions no longer has it)', gone, await rows(frame));
  const fresh = await waitFor(async () => (await frame.locator('#title').innerText()) === 'New conversation' && (await frame.locator('#conversation section.run').count()) === 0, 10000);
  check('deleting the shown conversation leaves a new one', fresh);

  // Pick A: it opens in the panel and the list closes.
  const np = events().length;
  await frame.locator(`#sessions-list li[data-session="${a.sessionId}"] .session-open`).click();
  const loaded = await waitFor(() => events().slice(np).find((e) => e.ev === 'panelSession' && e.sessionId === a.sessionId), 15000);
  check('picking a session asked loopls/session for it', loaded && loaded.sessionId === a.sessionId && loaded.runs.join() === a.runId, loaded);
  const shown = await waitFor(async () => {
    const t = (await frame.locator('#conversation').innerText().catch(() => '')).replace(/\u00a0/g, ' ');
    return t.includes('Hello from the tiny test model.') && (await frame.locator('#title').innerText()) === 'Greeting notes' ? t : null;
  }, 10000);
  check('the picked session is drawn in the panel under its new title', shown);
  check('the list closes after a pick', !(await frame.locator('#sessions').isVisible()));
  await shot(page, 'sessions-opened');

  // Show Sessions: a quick pick with human times; the pick opens in the panel.
  await frame.locator('#new').click();
  await palette(page, 'loopls: Show Sessions');
  const pickRow = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Greeting notes' }).first();
  const pickShown = await pickRow.waitFor({ timeout: 10000 }).then(() => true, () => false);
  const pickText = pickShown ? (await pickRow.innerText()).replace(/\s+/g, ' ') : '';
  check('"loopls: Show Sessions" lists it with its runs and a human time, no timestamp',
    /Greeting notes ?1 run · (just now|\d+ min ago)/.test(pickText) && !/\d{4}-\d\d-\d\dT|\.\d{6,}/.test(pickText), pickText);
  check('the pick previews the last answer under the title', /Hello from the tiny test model\./.test(pickText), pickText);
  await shot(page, 'show-sessions');
  const nq = events().length;
  if (pickShown) await pickRow.click();
  const opened = await waitFor(() => events().slice(nq).find((e) => e.ev === 'panelSession' && e.sessionId === a.sessionId), 15000);
  const drawn = await waitFor(async () => (await frame.locator('#title').innerText()) === 'Greeting notes' && (await frame.locator(`#conversation section.run[data-run="${a.runId}"]`).count()) === 1, 10000);
  check('picking it opens it in the panel (not the Output channel)', opened && opened.sessionId === a.sessionId && drawn, opened);
  // The old command printed "── session ses_… ──" into the loopls Output channel.
  const printed = (await page.locator('.part.panel .view-lines').allInnerTexts().catch(() => [])).join('\n');
  check('nothing about the pick was printed to the Output channel', !/── session ses_/.test(printed));
}

// No model set: the daemon names the one it picked (window/showMessage). It
// is the panel's notice, shown once, not a toast at every run; Dismiss keeps
// it away for that model. The machine settings (LOOPLS_MACHINE_SETTINGS)
// lose loopls.model for the while (and loopls restarts), and get it back at the end.
async function modelNoticeOnce(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, panelRunText } = h;
  const fs = require('fs');
  const machine = process.env.LOOPLS_MACHINE_SETTINGS;
  if (!machine) return check('LOOPLS_MACHINE_SETTINGS names the machine settings', false);
  const setModel = async (value) => {
    const n = events().length;
    const cur = JSON.parse(fs.readFileSync(machine, 'utf8'));
    cur['loopls.model'] = value;
    fs.writeFileSync(machine, JSON.stringify(cur));
    return waitFor(() => events().slice(n).find((e) => e.ev === 'didChangeConfiguration' && (e.params.settings.loopls.model || '') === value), 20000);
  };
  const sent = await setModel('');
  // A cleared setting is left out of didChangeConfiguration (settings.ts), so
  // the daemon keeps its model: a restart starts it with none.
  const nr = events().length;
  await h.palette(page, 'loopls: Restart Server');
  const restarted = sent && (await waitFor(() => events().slice(nr).find((e) => e.ev === 'initOptions' && !e.options.model) &&
    events().slice(nr).find((e) => e.ev === 'started'), 30000));
  check('loopls started again with no model set', restarted, events().slice(nr).filter((e) => e.ev === 'initOptions').map((e) => e.options));
  await frame.locator('#model').selectOption('');
  await frame.locator('#new').click();
  const n = events().length;
  const runs = [];
  for (const prompt of ['chat with me', 'recall what I said first']) {
    const r = await panelSend(frame, prompt);
    runs.push(r && (await panelRunText(frame, r.runId, 'completed')));
  }
  check('two runs with no model set completed (the daemon picked one)', runs.every(Boolean), runs);
  const said = events().slice(n).filter((e) => e.ev === 'showMessage' && /no model configured/.test(e.p.message));
  check('the daemon said which model it picked', said.length >= 1 && said.every((e) => e.notice), said.map((e) => e.p.message));
  const card = frame.locator('#notice .notice-card');
  const shown = await waitFor(async () => (await card.count()) === 1 && (await frame.locator('#notice').isVisible()), 10000);
  const text = shown ? (await frame.locator('#notice').innerText()).replace(/\u00a0/g, ' ') : '';
  check('the panel shows it once, in words, naming the model',
    shown && /^No model is set, so loopls uses ollama:tiny(:latest)?, the first model of your Ollama that can call tools\./.test(text) &&
      (await pageText(frame)).split('No model is set').length === 2, text);
  // VS Code's toasts (and the notification center's list, where toasts go when hidden).
  const toasts = await page.locator('.notifications-toasts, .notifications-center').allInnerTexts().catch(() => []);
  check('no toast says "no model configured"', !toasts.join('\n').includes('no model configured'), toasts.join(' | ').slice(0, 300));
  await shot(page, 'model-notice');
  await frame.locator('#notice .notice-dismiss').click();
  const hidden = await waitFor(async () => !(await frame.locator('#notice').isVisible()), 10000);
  check('Dismiss hides the notice', hidden);
  const r3 = await panelSend(frame, 'chat with me');
  const t3 = r3 && (await panelRunText(frame, r3.runId, 'completed'));
  check('after Dismiss, the next run with the same model brings it back neither in the panel nor as a toast',
    t3 && !(await frame.locator('#notice').isVisible()) &&
      !(await page.locator('.notifications-toasts, .notifications-center').allInnerTexts().catch(() => [])).join('\n').includes('no model configured'));
  const back = await setModel('ollama:tiny');
  check('loopls.model is set again', back);
}

module.exports = { headerAtDefaultWidth, sessionList, modelNoticeOnce };
