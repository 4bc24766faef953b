// The answer checks of the VS Code suite (issue 25, items 5, 7 and 11):
// what a screen reader is told while a run streams (the live regions'
// mutations counted in the DOM, the gauge's progressbar role); code blocks
// highlighted, tables with borders, a file name that opens the workspace
// file, Apply to file reviewed as a diff (Reject leaves the file as it was,
// Accept creates the new one); an answer cut short by a failed model call
// marked as such, with Retry in the same session. Called by vscode-drive.js
// with its helpers; every wait is on a condition with a deadline.
'use strict';
const fs = require('fs');
const path = require('path');

// Counts, inside the panel's page, the mutations of live regions (what a
// screen reader would announce) and how often a run section is drawn.
async function watchLiveRegions(frame) {
  await frame.evaluate(() => {
    const w = { live: 0, liveIn: [], redraws: 0, busy: [] };
    const liveSel = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const mo = new MutationObserver((muts) => {
      for (const m of muts) {
        const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
        if (!el) continue;
        for (const n of m.addedNodes) {
          if (n.nodeType === 1 && n.matches('section.run')) {
            w.redraws++;
            w.busy.push(n.getAttribute('aria-busy'));
          }
        }
        const region = el.closest(liveSel);
        if (region) {
          w.live++;
          w.liveIn.push(region.id || region.className || region.tagName);
        }
      }
    });
    mo.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: false });
    window.__looplsA11y = { w, stop: () => mo.disconnect() };
  });
}
async function liveRegionCounts(frame) {
  return frame.evaluate(() => {
    const a = window.__looplsA11y;
    a.stop();
    return a.w;
  });
}

// Item 11: one streamed run; the run section is re-drawn on every piece,
// the live regions change only for what is new.
async function screenReader(h, frame) {
  const { check, panelSend, panelRunText, shot, page } = h;
  await frame.locator('#new').click();
  await watchLiveRegions(frame);
  const run = await panelSend(frame, 'chat with me, read aloud');
  const text = run && (await panelRunText(frame, run.runId, 'completed'));
  const w = await liveRegionCounts(frame);
  check('a streamed run was drawn again and again (each piece, each transition)', text && w.redraws >= 3, w);
  check('yet the live regions changed at most twice for it (started, ended), not per piece',
    w.live >= 1 && w.live <= 2 && w.liveIn.every((r) => r === 'announce'), w);
  check('the run section is busy while it streams, and not once it ended', w.busy.includes('true') && w.busy[w.busy.length - 1] === 'false', w.busy);
  const roles = await frame.evaluate(() => {
    const conv = document.getElementById('conversation');
    const ann = document.getElementById('announce');
    const g = document.getElementById('gauge');
    return {
      conversationLive: conv.getAttribute('aria-live'),
      liveInside: conv.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]').length,
      announce: ann && { role: ann.getAttribute('role'), live: ann.getAttribute('aria-live'), text: ann.textContent },
      gauge: g && { role: g.getAttribute('role'), now: g.getAttribute('aria-valuenow'), min: g.getAttribute('aria-valuemin'), max: g.getAttribute('aria-valuemax'), text: g.getAttribute('aria-valuetext'), label: g.getAttribute('aria-label') },
      gaugeText: document.getElementById('gauge-text').textContent,
    };
  });
  check('the conversation is no live region, nor is anything drawn in it', roles.conversationLive === null && roles.liveInside === 0, roles);
  check('the announcement says the run ended, with its answer', roles.announce && roles.announce.role === 'status' && /^Run completed\. Hello from the tiny test model\./.test(roles.announce.text), roles.announce);
  const g = roles.gauge;
  check('the context gauge is a progressbar with its value, bounds and words',
    g && g.role === 'progressbar' && g.min === '0' && g.max === '100' && /^\d+$/.test(g.now || '') && Number(g.now) >= 0 && Number(g.now) <= 100 &&
      g.text === roles.gaugeText && !!g.label, g);
  await shot(page, 'answer-read-aloud');
}

// Item 5: highlighting, tables, file names, Apply to file.
async function codeAndFiles(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, panelRunText, ws } = h;
  // The event `ev` of the review `key` (panelApplied names it as review).
  const reviewEvent = (ev, key) => events().find((e) => e.ev === ev && (e.key === key || e.review === key));
  await frame.locator('#new').click();
  const run = await panelSend(frame, 'show answer');
  const text = run && (await panelRunText(frame, run.runId, 'completed'));
  check('the answer with code, a table and file names is drawn', text && text.includes('See README.md for more. Node.js is not a file here.'), text);
  const sec = run && frame.locator(`section.run[data-run="${run.runId}"]`);
  if (!sec) return;
  // Names in prose become links once the host has said which exist (checkPaths).
  const linked = await waitFor(async () => (await sec.locator('a.file-link[data-path="README.md"]').count()) > 0, 10000);
  const pathChecks = events().filter((e) => e.ev === 'panelCheckPaths');
  check('the host was asked which prose names are files: README.md is one, Node.js is not',
    linked && pathChecks.some((e) => e.checked.includes('Node.js')) && !pathChecks.some((e) => e.existing.includes('Node.js')) &&
      pathChecks.some((e) => e.existing.includes('README.md')), pathChecks);
  const nodeJs = await sec.evaluate((s) => [...s.querySelectorAll('a, .file-candidate')].filter((e) => e.textContent === 'Node.js').map((e) => e.tagName + '.' + e.className));
  check('"Node.js" (no such file) stays text, not a file link', linked && nodeJs.length === 1 && nodeJs[0] === 'SPAN.file-candidate', nodeJs);
  const styles = await sec.evaluate((s) => {
    const kw = s.querySelector('code.language-go .hljs-keyword');
    const code = s.querySelector('code.language-go');
    const td = s.querySelector('table td');
    const css = (el) => el && getComputedStyle(el);
    return {
      keyword: kw && kw.textContent,
      keywordColor: kw && css(kw).color,
      codeColor: code && css(code).color,
      styled: s.querySelectorAll('[style]').length,
      td: td && { width: css(td).borderTopWidth, style: css(td).borderTopStyle, text: td.textContent },
      links: [...s.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), path: a.dataset.path, text: a.textContent })),
      applies: [...s.querySelectorAll('button.code-apply')].map((b) => ({ path: b.dataset.path, text: b.textContent })),
    };
  });
  check('the Go block is highlighted in the theme\'s colours (a keyword coloured apart from the code)',
    styles.keyword === 'package' && styles.keywordColor && styles.keywordColor !== styles.codeColor && styles.styled === 0, styles);
  check('the table has borders', styles.td && styles.td.style === 'solid' && parseFloat(styles.td.width) > 0 && styles.td.text === 'loopls', styles.td);
  check('README.md is a file link, not http://README.md',
    styles.links.some((l) => l.path === 'README.md' && l.href === null) && !styles.links.some((l) => /README/.test(l.href || '')), styles.links);
  check('each block offers Apply to the file the answer names',
    styles.applies.length === 2 && styles.applies[0].path === 'hello.txt' && styles.applies[0].text === 'Apply to hello.txt' && styles.applies[1].path === 'applied.go', styles.applies);
  await shot(page, 'answer-code');

  // The file link opens the workspace's README.md in the editor.
  let n = events().length;
  await sec.locator('a.file-link[data-path="README.md"]').first().click();
  const opened = await waitFor(() => events().slice(n).find((e) => e.ev === 'panelOpenFile' && e.path === 'README.md'), 10000);
  const tab = await waitFor(async () => (await page.locator('.tab.active', { hasText: 'README.md' }).count()) > 0, 10000);
  check('clicking README.md opens the workspace file in the editor', opened && opened.uri && opened.uri.endsWith('/README.md') && tab, opened);

  // Apply to hello.txt, then Reject: a diff with Accept and Reject; the file stays as it was.
  const file = path.join(ws, 'hello.txt');
  const diskBefore = fs.readFileSync(file, 'utf8');
  n = events().length;
  await sec.locator('button.code-apply[data-path="hello.txt"]').click();
  const asked = await waitFor(() => events().slice(n).find((e) => e.ev === 'editReview' && e.files.some((f) => f.path === 'hello.txt')), 15000);
  check('Apply opened a review of hello.txt: its text → the block',
    asked && asked.files.length === 1 && asked.files[0].path === 'hello.txt' && asked.files[0].before === diskBefore && asked.files[0].after === 'hello, applied\n', asked);
  const diff = page.locator('.monaco-diff-editor').first();
  const sides = await waitFor(async () => {
    const orig = (await diff.locator('.editor.original .view-lines').innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
    const mod = (await diff.locator('.editor.modified .view-lines').innerText({ timeout: 1000 }).catch(() => '')).replace(/\u00a0/g, ' ');
    return /hello/.test(orig) && /hello, applied/.test(mod) ? { orig, mod } : null;
  }, 15000);
  check('the diff editor shows the change', sides, sides);
  const reject = page.locator('.editor-actions .action-label[aria-label^="Reject Change"], .editor-actions .action-label[title^="Reject Change"]').first();
  const accept = page.locator('.editor-actions .action-label[aria-label^="Accept Change"], .editor-actions .action-label[title^="Accept Change"]').first();
  const buttons = await waitFor(async () => (await reject.isVisible().catch(() => false)) && (await accept.isVisible().catch(() => false)), 10000);
  check('the diff has Accept Change and Reject Change', buttons);
  await shot(page, 'answer-apply-review');
  if (buttons) await reject.click();
  const done = asked && (await waitFor(() => reviewEvent('editReviewed', asked.key), 15000));
  const buf = done && done.buffers.find((b) => b.path === 'hello.txt');
  check('after Reject hello.txt is unchanged on disk and in its buffer',
    done && done.accepted === false && fs.readFileSync(file, 'utf8') === diskBefore && buf && (!buf.open || buf.text === diskBefore), { done, disk: fs.readFileSync(file, 'utf8') });

  // Apply to applied.go (not in the workspace), then Accept in the panel: the file is made.
  n = events().length;
  await sec.locator('button.code-apply[data-path="applied.go"]').click();
  const asked2 = await waitFor(() => events().slice(n).find((e) => e.ev === 'editReview' && e.files.some((f) => f.path === 'applied.go')), 15000);
  check('Apply to a file not yet there reviews a new file', asked2 && asked2.files[0].path === 'applied.go' && asked2.files[0].kind === 'create', asked2);
  const card = frame.locator('.loopls-edit-review');
  await waitFor(async () => card.isVisible().catch(() => false), 10000);
  // A run that ends meanwhile does not withdraw it (only a run's own edits are).
  const chat = await panelSend(frame, 'chat while the Apply waits');
  const chatEnd = chat && (await waitFor(() => h.runEnded(chat.runId), 30000));
  const cardShown = await waitFor(async () => card.isVisible().catch(() => false), 5000);
  const withdrawn = asked2 && events().find((e) => e.ev === 'editReviewAnswer' && e.key === asked2.key && e.via === 'withdrawn');
  check('a run ending meanwhile leaves the Apply review waiting', chatEnd && cardShown && !withdrawn, { chatEnd: chatEnd && chatEnd.p.outcome, cardShown, withdrawn });
  if (cardShown) await card.locator('button', { hasText: /^Accept$/ }).click();
  // This Apply's own events, by its review's key: the Reject of hello.txt above
  // logs its panelApplied after its editReviewed, so it may land after n.
  const applied = asked2 && (await waitFor(() => reviewEvent('panelApplied', asked2.key), 15000));
  const done2 = asked2 && reviewEvent('editReviewed', asked2.key);
  const buf2 = done2 && done2.buffers.find((b) => b.path === 'applied.go');
  check('Accept in the panel made applied.go with the block', applied && applied.applied === true && buf2 && buf2.open && buf2.text === 'package main\n\nfunc main() {}\n', { applied, buf2 });

  // A block that names no file applies to the active editor's file: README.md, opened by its link.
  await sec.locator('a.file-link[data-path="README.md"]').first().click();
  await waitFor(async () => (await page.locator('.tab.active', { hasText: 'README.md' }).count()) > 0, 10000);
  const code = await panelSend(frame, 'show code');
  const codeText = code && (await panelRunText(frame, code.runId, 'completed'));
  const plain = code && frame.locator(`section.run[data-run="${code.runId}"] button.code-apply`);
  const label = plain && (await plain.innerText().catch(() => ''));
  check('a block that names no file offers "Apply to file"', codeText && label === 'Apply to file', label);
  const readme = fs.readFileSync(path.join(ws, 'README.md'), 'utf8');
  n = events().length;
  if (label) await plain.click();
  const asked3 = await waitFor(() => events().slice(n).find((e) => e.ev === 'editReview' && e.files.some((f) => f.path === 'README.md')), 15000);
  check('it is reviewed against the active editor\'s file (README.md)', asked3 && asked3.files[0].path === 'README.md', asked3);
  // A Go one-liner is no README (issue 34, item 6): it goes in at the cursor as a line of
  // its own, and the README's text stays around it; never the whole file replaced.
  const f3 = asked3 && asked3.files[0];
  const how3 = asked3 && events().find((e) => e.ev === 'panelApply' && e.review === asked3.key);
  check('the fragment is inserted at the cursor, the README kept whole around it (not replaced by it)',
    f3 && how3 && how3.how === 'insert' && f3.before.length > 0 && f3.after !== 'fmt.Println("hi")\n' &&
      f3.after.split('\n').includes('fmt.Println("hi")') && f3.after.replace('fmt.Println("hi")\n', '') === f3.before, { how: how3 && how3.how, f3 });
  const rejectShown = await waitFor(async () => reject.isVisible().catch(() => false), 10000);
  if (rejectShown) await reject.click();
  const done3 = asked3 && (await waitFor(() => reviewEvent('editReviewed', asked3.key), 15000));
  check('Reject leaves README.md as it was', done3 && done3.accepted === false && fs.readFileSync(path.join(ws, 'README.md'), 'utf8') === readme, done3);
}

// Item 7: a model stream cut after some text ("reset": the scripted server
// closes the stream mid-answer every time) is marked cut short; Retry sends
// the prompt again in the same session.
async function cutShort(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, panelRunText, runEnded } = h;
  await frame.locator('#new').click();
  const run = await panelSend(frame, 'reset now');
  const text = run && (await panelRunText(frame, run.runId, 'failed', 60000));
  const end = run && runEnded(run.runId);
  check('the daemon reports the run failed on its model (error kind Api)', end && end.p.outcome === 'failed' && end.p.error && end.p.error.kind === 'Api', end && end.p);
  const sec = run && frame.locator(`section.run[data-run="${run.runId}"]`);
  const partial = sec && (await sec.locator('.answer-partial').innerText().catch(() => ''));
  check('its partial answer is marked as cut short', /Partial answer/.test(partial || '') && /Cut short/.test(partial || ''), { partial, text });
  const retry = sec && sec.locator('.retry-button');
  check('the run offers Retry', retry && (await retry.count()) === 1);
  await shot(page, 'answer-cut-short');
  const n = events().length;
  if (retry) await retry.click();
  const again = await waitFor(() => events().slice(n).find((e) => e.ev === 'panelSend' && run && e.arg.prompt === 'reset now' && e.started.runId !== run.runId), 20000);
  check('Retry sent the same prompt again, in the same session and mode',
    again && run && again.arg.prompt === 'reset now' && again.arg.session === run.sessionId && again.arg.mode === run.arg.mode &&
      again.started.runId !== run.runId && again.started.sessionId === run.sessionId, again);
  if (again) await waitFor(() => runEnded(again.started.runId), 60000);
}

async function answerChecks(h, frame) {
  await screenReader(h, frame);
  await codeAndFiles(h, frame);
  await cutShort(h, frame);
}

module.exports = { answerChecks };
