// Two tool calls of one turn keep the model's order in the panel (issue 34):
// the model asks for run_command (which waits for an approval) and then
// read_file (which ends at once), so the read's notifications come first;
// the cards must still read run_command, read_file, each with its own output.
// Called by vscode-drive.js with its helpers; every wait is on an event of
// this run, by its run id, with a deadline.
'use strict';

// The run's tool cards in the panel, top to bottom: [tool, status, output].
async function cards(frame, runId) {
  return frame.locator(`section.run[data-run="${runId}"] details.tool`).evaluateAll((ds) =>
    ds.map((d) => [d.dataset.tool, (d.querySelector('.tool-status') || {}).textContent || '', (d.querySelector('.tool-output') || {}).textContent || '']));
}

async function toolOrder(h, frame) {
  const { page, check, events, waitFor, shot, panelSend, runEnded } = h;
  await frame.locator('#new').click();
  const run = await panelSend(frame, 'ask and read');
  check('order: a run whose one turn calls run_command then read_file started', run && run.runId, run);
  if (!run) return;
  // The read ends while the command waits for its approval.
  const readDone = await waitFor(() => events().find((e) => e.ev === 'toolCall' && e.p.runId === run.runId && e.p.name === 'read_file' && e.p.status === 'completed'), 20000);
  const asked = await waitFor(() => events().find((e) => e.ev === 'approve' && e.p.runId === run.runId), 20000);
  const calls = events().filter((e) => e.ev === 'toolCall' && e.p.runId === run.runId);
  const readAt = calls.findIndex((e) => e.p.name === 'read_file' && e.p.status === 'completed');
  const cmdDone = calls.findIndex((e) => e.p.name === 'run_command' && e.p.status === 'completed');
  check('order: read_file ended before run_command (its approval still open), so arrival order is not the model\'s',
    readDone && asked && readAt >= 0 && cmdDone === -1, calls.map((e) => [e.p.name, e.p.status, e.p.index]));
  let mid = null;
  await waitFor(async () => {
    mid = await cards(frame, run.runId);
    return mid.length === 2 && mid[1][1] === 'completed';
  }, 15000);
  check('order: while the approval waits, the cards read run_command then read_file (the read already completed)',
    mid && mid.length === 2 && mid[0][0] === 'run_command' && mid[1][0] === 'read_file' && mid[1][1] === 'completed' && /# demo/.test(mid[1][2]), mid);
  await shot(page, 'tool-order-waiting');
  const card = frame.locator('.loopls-approval', { hasText: 'sleep 0' });
  if (await waitFor(async () => card.isVisible().catch(() => false), 15000)) await card.locator('button', { hasText: /^Allow once$/ }).first().click();
  const end = await waitFor(() => runEnded(run.runId), 30000);
  let after = null;
  await waitFor(async () => {
    after = await cards(frame, run.runId);
    return after.length === 2 && after.every(([, s]) => s === 'completed');
  }, 15000);
  check('order: after the run the cards still read run_command then read_file, each output under its own card',
    end && end.p.outcome === 'completed' && after && after.length === 2 && after[0][0] === 'run_command' && after[1][0] === 'read_file' &&
      /sleep 0/.test(after[0][2]) && !/# demo/.test(after[0][2]) && /# demo/.test(after[1][2]) && !/sleep 0/.test(after[1][2]), { outcome: end && end.p.outcome, after });
}

module.exports = { toolOrder };
