// The first run with no Ollama (issue 25, item 6), in a code-server whose
// loopls.ollamaHost is a port nothing listens on: the panel says so before
// any prompt, Start Ollama and Pull run `ollama` itself in a terminal (a
// stand-in on PATH logs its arguments: nothing is typed into a shell), and
// a prompt sent anyway fails in words. Called by vscode-drive.js; every wait
// is on a condition with a deadline.
'use strict';
const fs = require('fs');

function cliLog() {
  const f = process.env.LOOPLS_FAKE_OLLAMA_LOG;
  return f && fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').filter(Boolean) : [];
}

async function noOllama(h) {
  const { page, check, events, waitFor, shot, runEnded, panelFrame, panelSend, panelRunText } = h;
  // The keybinding is there once the extension is known: its activity bar icon.
  await page.locator('.activitybar [aria-label^="loopls"]').first().waitFor({ timeout: 60000 }).catch(() => {});
  await page.locator('.monaco-workbench .part.editor').click();
  await page.keyboard.press('Control+Alt+KeyL');
  const frame = await waitFor(async () => {
    const f = await panelFrame(page);
    return f && (await f.locator('.loopls-context').count().catch(() => 0)) > 0 ? f : null;
  }, 60000);
  check('Ctrl+Alt+L opened the panel', frame);
  if (!frame) return;
  const card = frame.locator('#setup .setup-card.setup-unreachable');
  const shown = await waitFor(async () => card.isVisible().catch(() => false), 30000);
  const text = shown ? (await card.innerText()).replace(/\u00a0/g, ' ') : '';
  check('before any prompt, the panel says Ollama is not reachable, and where', shown && /Ollama is not reachable at (http:\/\/)?127\.0\.0\.1:\d+/.test(text), text);
  check('it says how to start it and to pull a model, in words (no error kind, no backquotes)',
    /ollama serve/.test(text) && /ollama pull qwen2\.5-coder/.test(text) && !/`/.test(text) && !/\bApi\b/.test(text), text);
  const labels = shown ? await card.locator('button').allInnerTexts() : [];
  check('with Start Ollama, Install Ollama, Pull and Retry', labels.join('|') === 'Start Ollama|Install Ollama|Pull qwen2.5-coder|Retry', labels);
  check('nothing was sent to loopls to find this out but loopls/models', !events().some((e) => e.ev === 'panelSend'));
  await shot(page, 'panel-no-ollama');

  // Start Ollama: a terminal whose process is `ollama serve`.
  let n = events().length;
  await card.locator('button', { hasText: 'Start Ollama' }).click();
  const term = await waitFor(() => events().slice(n).find((e) => e.ev === 'panelTerminal' && e.name === 'ollama serve'), 10000);
  const served = await waitFor(() => cliLog().includes('serve'), 15000);
  check('Start Ollama runs `ollama serve` as the terminal\'s own process (nothing typed into a shell)',
    term && term.name === 'ollama serve' && JSON.stringify(term.shellArgs) === '["serve"]' && served, { term, log: cliLog() });
  const tab = await waitFor(async () => (await page.locator('[aria-label*="ollama serve"], .terminal-tabs-entry', { hasText: 'ollama' }).count()) > 0 ||
    (await page.locator('[aria-label*="ollama serve"]').count()) > 0, 10000);
  check('its terminal is on screen', tab);
  await shot(page, 'start-ollama-terminal');

  // Pull: `ollama pull qwen2.5-coder`, the same way.
  n = events().length;
  await card.locator('button', { hasText: /^Pull / }).click();
  const pulled = await waitFor(() => cliLog().includes('pull qwen2.5-coder'), 15000);
  check('Pull runs `ollama pull qwen2.5-coder` in a terminal', pulled, cliLog());

  // Install: the download page, opened through VS Code.
  n = events().length;
  await card.locator('button', { hasText: 'Install Ollama' }).click();
  const install = await waitFor(() => events().slice(n).find((e) => e.ev === 'panelSetupAction' && e.action === 'install'), 10000);
  check('Install Ollama asks VS Code to open the download page', install, install);
  // code-server asks before it opens an external site: leave it.
  const dialog = page.locator('.monaco-dialog-box');
  if (await waitFor(async () => dialog.isVisible().catch(() => false), 5000)) {
    const dtext = await dialog.innerText().catch(() => '');
    check('the page it opens is ollama.com/download', /ollama\.com\/download/.test(dtext), dtext);
    await page.keyboard.press('Escape');
  }

  // A prompt sent anyway: it fails, in words, with Start Ollama as its next step.
  const run = await panelSend(frame, 'chat with me');
  const out = run && (await panelRunText(frame, run.runId, 'failed', 30000));
  check('a prompt sent anyway fails saying Ollama cannot be reached, without the error kind or backquotes',
    out && /cannot reach Ollama/.test(out) && !/\bApi\b/.test(out) && !/`/.test(out), out);
  const next = run && frame.locator(`section.run[data-run="${run.runId}"] .next-step-button`);
  const nextLabel = next && (await next.innerText().catch(() => ''));
  check('its next step is Start Ollama', nextLabel === 'Start Ollama', nextLabel);
  await shot(page, 'panel-no-ollama-run');
  if (run) await waitFor(() => runEnded(run.runId), 5000);
}

module.exports = { noOllama };
