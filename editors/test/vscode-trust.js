// The Restricted Mode check of the VS Code suite (issue 14, item 8): a
// code-server with workspace trust on opens a workspace it does not trust,
// whose .vscode/settings.json tries to choose the binary, the Ollama host and
// the mode. vscode-drive.js calls it with its helpers when vscode.sh passes
// the "restricted" scenario; every wait is on a condition with a deadline.
'use strict';

// h: { page, check, events, waitFor, shot, palette, answerInput, runEnded }
async function restricted(h) {
  const { page, check, events, waitFor, shot, palette, answerInput, runEnded } = h;
  const banner = page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first();
  const isRestricted = await banner.waitFor({ timeout: 30000 }).then(() => true, () => false);
  check('code-server opened the workspace in Restricted Mode', isRestricted);

  // Its contributions are in (the activity bar icon); a command activates it.
  await page.locator('.activitybar [aria-label^="loopls"]').first().waitFor({ timeout: 60000 });
  await palette(page, 'loopls: Set Mode');
  const started = await waitFor(() => events().find((e) => e.ev === 'started' || e.ev === 'start-failed'), 60000);
  check('a command activated the extension in Restricted Mode and it started loopls', started && started.ev === 'started' && started.trusted === false, started);
  const bin = events().find((e) => e.ev === 'binary');
  check('the workspace\'s loopls.path is ignored: the bundled binary started', bin && bin.source === 'bundled' && /server\/loopls$/.test(bin.command), bin);
  const init = events().find((e) => e.ev === 'initOptions');
  check('initializationOptions: mode ask (the user setting says auto), the user\'s Ollama host (not the workspace\'s)',
    init && init.options.mode === 'ask' && init.options.ollamaHost && init.options.ollamaHost !== '127.0.0.1:9', init);
  const first = events().find((e) => e.ev === 'mode');
  check('the conversation starts in ask', first && first.mode === 'ask', first);

  // Auto from the picker: the run is refused before it reaches loopls.
  const auto = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Auto' }).first();
  await auto.waitFor({ timeout: 10000 });
  const nm = events().length;
  await auto.click();
  const picked = await waitFor(() => events().slice(nm).find((e) => e.ev === 'mode' && e.mode === 'auto'), 10000);
  check('mode set to auto', picked && picked.mode === 'auto', picked);
  const nr = events().length;
  await palette(page, 'loopls: Run Agent');
  await answerInput(page, 'loopls: Run Agent', 'chat with me');
  const refused = await waitFor(() => events().slice(nr).find((e) => e.ev === 'runRefused'), 20000);
  check('an auto run is refused', refused && refused.method === 'workspace/executeCommand' &&
    refused.params.arguments[0].mode === 'auto' && /Restricted Mode/.test(refused.message), refused);
  const toast = page.locator('.notification-toast', { hasText: 'Restricted Mode' }).first();
  const shown = await toast.waitFor({ timeout: 10000 }).then(() => true, () => false);
  const button = shown && (await toast.locator('.monaco-button', { hasText: 'Manage Workspace Trust' }).count()) === 1;
  check('the refusal says why, with a Manage Workspace Trust button', shown && button, shown && (await toast.innerText().catch(() => '')));
  await shot(page, 'restricted-refused');

  // The panel's send goes through the same check: the refusal is its banner.
  await page.locator('.monaco-workbench .part.editor').click();
  await page.keyboard.press('Control+Alt+KeyL');
  // The page's HTML comes before its script: typing before the script runs
  // loses the Enter. The review part's bar is drawn by the script.
  const frame = await waitFor(async () => {
    for (const f of page.frames()) if (await f.locator('.loopls-context').count().catch(() => 0)) return f;
    return null;
  }, 30000);
  const np = events().length;
  if (frame) {
    await frame.locator('#prompt').fill('chat with me');
    await frame.locator('#prompt').press('Enter');
  }
  const failed = await waitFor(() => events().slice(np).find((e) => (e.ev === 'panelSendFailed' || e.ev === 'panelSend') && e.arg.prompt === 'chat with me'), 20000);
  const told = frame && (await waitFor(async () => /Restricted Mode/.test(await frame.locator('body').innerText().catch(() => '')), 10000));
  check('an auto run sent from the panel is refused, the reason in the panel', failed && failed.ev === 'panelSendFailed' &&
    failed.arg.mode === 'auto' && /Restricted Mode/.test(failed.error) && told, failed);
  await shot(page, 'restricted-panel-refused');
  const kept = frame && (await waitFor(async () => (await frame.locator('#prompt').inputValue().catch(() => '')) === 'chat with me', 5000));
  check('the refused prompt is back in the composer (typed text is never lost)', kept, frame && (await frame.locator('#prompt').inputValue().catch(() => '')));

  // Ask: the run goes, as mode ask, through the user's Ollama host (not the workspace's).
  await palette(page, 'loopls: Set Mode');
  const ask = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Ask' }).first();
  await ask.waitFor({ timeout: 10000 });
  await ask.click();
  const na = events().length;
  await palette(page, 'loopls: Run Agent');
  await answerInput(page, 'loopls: Run Agent', 'chat with me');
  const sent = await waitFor(() => events().slice(na).find((e) => e.ev === 'restricted'), 20000);
  check('an ask run is sent, as mode ask', sent && sent.params.arguments[0].mode === 'ask', sent);
  const run = await waitFor(() => events().slice(na).find((e) => e.ev === 'runStarted' && e.label === 'chat with me'), 20000);
  const end = run && (await waitFor(() => runEnded(run.started.runId), 30000));
  check('the ask run completes against the user\'s Ollama host', end && end.p.outcome === 'completed' &&
    end.p.output === 'Hello from the tiny test model.', end && end.p);
  check('only the ask run reached loopls', events().filter((e) => e.ev === 'runStarted' || e.ev === 'panelSend').length === 1);

  // Trusted: the user-only settings (issue 23) still come from the user
  // alone. The workspace's loopls.path (a binary that does not exist),
  // ollamaHost and mode are ignored: trusting a folder is not letting its
  // files (which a model may have written) choose the binary or widen what
  // runs.
  const nt = events().length;
  await palette(page, 'Workspaces: Manage Workspace Trust');
  await page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust/ }).first().click({ timeout: 15000 });
  const granted = await waitFor(() => events().slice(nt).find((e) => e.ev === 'trustGranted'), 20000);
  check('the extension hears the workspace trusted', granted);
  const trustedSent = await waitFor(() => events().slice(nt).find((e) => e.ev === 'didChangeConfiguration'), 20000);
  const loopls = trustedSent && trustedSent.params.settings.loopls;
  check('trusted, the settings sent are the user\'s: mode auto from the user, not the workspace\'s host',
    loopls && loopls.mode === 'auto' && loopls.ollamaHost !== '127.0.0.1:9', trustedSent);
  check('trusted, the workspace\'s loopls.path never starts', !events().slice(nt).some((e) => e.ev === 'binary' && /no-such-loopls$/.test(e.command)));
}

module.exports = { restricted };
