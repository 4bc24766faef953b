#!/usr/bin/env node
// End-to-end checks of `loopls acp` with the official ACP TypeScript client
// (@agentclientprotocol/sdk 2.4.0, its client() app API), against a scripted
// Ollama-compatible server that the caller started (OLLAMA_HOST) — see
// e2e_test.go, which builds loopls, starts the server and runs this file.
//
// usage: node acp-e2e.mjs --workspace DIR [--out results.json] -- AGENT CMD...
//   The agent command gets scenario flags appended (e.g. --max-turns 2).
//   Every scenario prints PASS/FAIL lines; the last line is "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
let acp;
try {
  acp = await import('@agentclientprotocol/sdk');
} catch (e) {
  console.error(`npm packages missing (@agentclientprotocol/sdk): run ${path.join(here, 'install.sh')} (npm ci in ${here})`);
  process.exit(2);
}

const argv = process.argv.slice(2);
let out = '';
let workspace = '';
let i = 0;
for (; i < argv.length; i++) {
  if (argv[i] === '--out') out = argv[++i];
  else if (argv[i] === '--workspace') workspace = argv[++i];
  else if (argv[i] === '--') { i++; break; } else break;
}
const cmd = argv.slice(i);
if (!cmd.length || !workspace) {
  console.error('usage: acp-e2e.mjs --workspace DIR [--out f] -- AGENT CMD...');
  process.exit(2);
}
workspace = fs.realpathSync(workspace);
if (!out) out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-e2e-')), 'results.json');

const results = { checks: [], scenarios: {} };
const check = (name, ok, detail) => {
  results.checks.push({ name, ok: !!ok, detail });
  console.error(`${ok ? 'PASS' : 'FAIL'} ${name}${ok ? '' : ' ' + JSON.stringify(detail ?? '')}`);
};
const deadline = (ms, what) => new Promise((_, rej) => setTimeout(() => rej(new Error(`timed out: ${what}`)), ms).unref());
const within = (p, what, ms = 60000) => Promise.race([p, deadline(ms, what)]);

// withAgent starts one agent process and connects the official client to it.
// rec collects what the client saw; opts.permission answers permission requests,
// opts.buffers (absolute path -> text) are unsaved editor buffers that
// fs/read_text_file answers before the disk, opts.terminal answers terminal/*;
// opts.env is added to the agent's environment.
async function withAgent(extraArgs, opts, fn) {
  const proc = spawn(cmd[0], [...cmd.slice(1), ...extraArgs], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...(opts.env || {}) } });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  proc.stdin.on('error', () => {}); // a killed agent's stdin: EPIPE, nothing to report
  const exited = new Promise((res) => proc.on('exit', (code, sig) => res({ code, sig })));
  const rec = { updates: [], transitions: [], permissions: [], writes: [], reads: [], terminal: [], order: [], onUpdate: null };
  // kill ends the agent as a crash would (SIGKILL) and resolves once it exited.
  rec.kill = () => { proc.kill('SIGKILL'); return exited; };
  const stream = acp.ndJsonStream(Writable.toWeb(proc.stdin), Readable.toWeb(proc.stdout));
  const app = acp.client({ name: 'loopls-acp-e2e' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      rec.updates.push(params.update);
      rec.order.push(`update:${params.update.sessionUpdate}`);
      if (rec.onUpdate) rec.onUpdate(params.update);
    })
    .onNotification('_loopls/transition', (p) => p, ({ params }) => { rec.transitions.push(params); })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      rec.permissions.push(params);
      rec.order.push('permission');
      const pick = opts.permission || 'allow_once';
      if (pick === 'cancelled') return { outcome: { outcome: 'cancelled' } };
      return { outcome: { outcome: 'selected', optionId: params.options.find((o) => o.kind === pick).optionId } };
    })
    .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => {
      rec.writes.push(params);
      fs.writeFileSync(params.path, params.content);
      return {};
    })
    .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => {
      rec.reads.push(params);
      return { content: opts.buffers?.[params.path] ?? fs.readFileSync(params.path, 'utf8') };
    })
    // A scripted editor terminal: the command "runs" at once and prints
    // opts.terminal.output; every call is recorded in rec.terminal. With
    // opts.terminal.execute it really runs what it is given, as an editor's
    // terminal does, in the editor's process: outside loopls's confinement.
    .onRequest(acp.methods.client.terminal.create, ({ params }) => {
      rec.terminal.push({ method: 'create', params });
      rec.order.push('terminal/create');
      if (opts.terminal?.execute) {
        const r = spawnSync(params.command, params.args || [], { cwd: params.cwd, encoding: 'utf8' });
        rec.executed = { output: (r.stdout || '') + (r.stderr || ''), exitCode: r.status ?? 1 };
      }
      return { terminalId: 'term-1' };
    })
    .onRequest(acp.methods.client.terminal.waitForExit, ({ params }) => {
      rec.terminal.push({ method: 'wait_for_exit', params });
      return { exitCode: rec.executed?.exitCode ?? opts.terminal?.exitCode ?? 0 };
    })
    .onRequest(acp.methods.client.terminal.output, ({ params }) => {
      rec.terminal.push({ method: 'output', params });
      const exitCode = rec.executed?.exitCode ?? opts.terminal?.exitCode ?? 0;
      return { output: rec.executed?.output ?? opts.terminal?.output ?? '', truncated: false, exitStatus: { exitCode } };
    })
    .onRequest(acp.methods.client.terminal.kill, ({ params }) => {
      rec.terminal.push({ method: 'kill', params });
      return {};
    })
    .onRequest(acp.methods.client.terminal.release, ({ params }) => {
      rec.terminal.push({ method: 'release', params });
      rec.order.push('terminal/release');
      return {};
    });
  try {
    return await app.connectWith(stream, async (agent) => {
      const init = await within(agent.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: opts.caps || {},
      }), 'initialize');
      return await fn(agent, rec, init);
    });
  } finally {
    proc.stdin.end();
    const ended = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 10000))]);
    if (!ended) { proc.kill('SIGKILL'); await exited; }
    if (ended && ended.code !== 0) console.error(`agent exited ${JSON.stringify(ended)}; stderr:\n${stderr}`);
    results.lastStderr = stderr.slice(-4000);
  }
}

const newSession = (agent) => within(agent.request(acp.methods.agent.session.new, { cwd: workspace, mcpServers: [] }), 'session/new');
const prompt = (agent, sessionId, text, options) => within(agent.request(acp.methods.agent.session.prompt, {
  sessionId, prompt: [{ type: 'text', text }],
}, options), `prompt ${text}`, 120000);
const kinds = (rec) => rec.updates.map((u) => u.sessionUpdate);
const messageText = (rec) => rec.updates.filter((u) => u.sessionUpdate === 'agent_message_chunk').map((u) => u.content.text).join('');
// compress merges runs of the same chunk kind, which may arrive split or merged.
const compress = (ks) => ks.filter((k, j) => !(j > 0 && k === ks[j - 1] && k.endsWith('_chunk')));

async function scenario(name, fn) {
  try {
    await fn();
  } catch (e) {
    check(`${name}: completed without error`, false, String(e && (e.stack || e.message) || e) + (e && e.data ? ' data=' + JSON.stringify(e.data) : ''));
  }
}

let loadedSessionId = '';

await scenario('one tool call', () => withAgent([], {}, async (agent, rec, init) => {
  check('initialize: protocol version 1', init.protocolVersion === 1, init.protocolVersion);
  check('initialize: loadSession, session/list and embedded context', init.agentCapabilities?.loadSession === true && !!init.agentCapabilities?.sessionCapabilities?.list && init.agentCapabilities?.promptCapabilities?.embeddedContext === true, init.agentCapabilities);
  check('initialize: agentInfo names loopls', init.agentInfo?.name === 'loopls', init.agentInfo);
  const s = await newSession(agent);
  check('session/new: a session id', typeof s.sessionId === 'string' && s.sessionId.length > 0, s.sessionId);
  check('session/new: modes ask, edit, auto', JSON.stringify((s.modes?.availableModes || []).map((m) => m.id)) === '["ask","edit","auto"]', s.modes);
  check('session/new: model and mode config options', (s.configOptions || []).map((o) => o.id).join(',') === 'model,mode', s.configOptions);
  const r = await prompt(agent, s.sessionId, 'read the README');
  check('one tool call: stopReason end_turn', r.stopReason === 'end_turn', r);
  const ks = compress(kinds(rec));
  check('one tool call: updates in order', JSON.stringify(ks) === JSON.stringify(['tool_call', 'tool_call_update', 'tool_call_update', 'agent_message_chunk']), ks);
  const tc = rec.updates.find((u) => u.sessionUpdate === 'tool_call') || {};
  check('one tool call: tool_call kind read, title, pending', tc.kind === 'read' && tc.title === 'Read README.md' && tc.status === 'pending', tc);
  check('one tool call: tool_call location is the absolute path', tc.locations?.[0]?.path === path.join(workspace, 'README.md'), tc.locations);
  const ups = rec.updates.filter((u) => u.sessionUpdate === 'tool_call_update');
  check('one tool call: in_progress then completed', ups[0]?.status === 'in_progress' && ups[1]?.status === 'completed', ups.map((u) => u.status));
  check('one tool call: completed update carries the file text', JSON.stringify(ups[1]?.content || []).includes('# Demo'), ups[1]?.content);
  check('one tool call: message chunks concatenate to the answer', messageText(rec) === 'The tool result was received.', messageText(rec));
  const evs = rec.transitions.map((t) => `${t.from}->${t.to}:${t.event}`);
  check('one tool call: six _loopls/transition notifications in order', JSON.stringify(evs) === JSON.stringify([
    'Start->Start:accept_input', 'Start->AwaitingModel:call_llm', 'AwaitingModel->AwaitingTools:model_response',
    'AwaitingTools->Start:tool_results', 'Start->AwaitingModel:call_llm', 'AwaitingModel->Terminal:model_response']), evs);
  check('one tool call: transition seq 1..6 with the session id', rec.transitions.every((t, j) => t.seq === j + 1 && t.sessionId === s.sessionId), rec.transitions.map((t) => [t.seq, t.sessionId]));
  loadedSessionId = s.sessionId;
  results.scenarios.oneToolCall = { updates: rec.updates, transitions: rec.transitions, stop: r };
}));

await scenario('session/load after a restart', () => withAgent([], {}, async (agent, rec) => {
  const r = await within(agent.request(acp.methods.agent.session.load, { sessionId: loadedSessionId, cwd: workspace, mcpServers: [] }), 'session/load');
  const ks = compress(kinds(rec));
  check('session/load: answers with modes', r?.modes?.currentModeId === 'edit', r);
  check('session/load: replays the history before answering', JSON.stringify(ks) === JSON.stringify(['user_message_chunk', 'tool_call', 'tool_call_update', 'agent_message_chunk']), ks);
  const user = rec.updates.find((u) => u.sessionUpdate === 'user_message_chunk');
  check('session/load: the user prompt comes back', user?.content?.text === 'read the README', user);
  check('session/load: the answer comes back', messageText(rec) === 'The tool result was received.', messageText(rec));
  const list = await within(agent.request(acp.methods.agent.session.list, { cwd: workspace }), 'session/list');
  const listed = (list.sessions || []).find((x) => x.sessionId === loadedSessionId);
  check('session/list: offers the stored session with its title and cwd', listed && listed.cwd === workspace && /read the README/.test(listed.title || ''), list.sessions);
  rec.updates.length = 0;
  const p = await prompt(agent, loadedSessionId, 'chat again please');
  check('session/load: the loaded session takes a prompt', p.stopReason === 'end_turn', p);
  let unknown;
  try { await agent.request(acp.methods.agent.session.load, { sessionId: 'ses_does_not_exist', cwd: workspace, mcpServers: [] }); } catch (e) { unknown = e; }
  check('session/load: an unknown session is an error', unknown && unknown.code === -32602 && /unknown session/.test(unknown.message), unknown && { code: unknown.code, message: unknown.message });
}));

// A loopls killed in the middle of a session's first run: a new one loads
// the session by the id session/new gave, and the run resumes by itself
// (docs/editors.md, "An interrupted run resumes on session/load"). The
// scripted "stall" prompt stalls again when resumed, so the client cancels
// it, and it ends cancelled.
await scenario('session/load after a kill', async () => {
  let sessionId = '';
  // The client's connection ends with the killed agent: "ACP connection closed".
  await withAgent([], {}, async (agent, rec) => {
    const s = await newSession(agent);
    sessionId = s.sessionId;
    const streaming = new Promise((res) => { rec.onUpdate = (u) => { if (u.sessionUpdate === 'agent_message_chunk' && /Thinking/.test(u.content?.text || '')) res(); }; });
    const pending = prompt(agent, sessionId, 'stall in the first run').catch((e) => e);
    await within(streaming, 'the first run streams');
    const exit = await within(rec.kill(), 'the killed agent exits', 10000);
    check('killed: the agent died of SIGKILL', exit.sig === 'SIGKILL', exit);
    check('killed: the prompt got no answer', (await within(pending, 'the killed prompt settles', 10000)) instanceof Error);
  }).catch((e) => { if (!/ACP connection closed/.test(String(e))) throw e; });
  await withAgent([], {}, async (agent, rec) => {
    const resuming = new Promise((res) => { rec.onUpdate = (u) => { if (/loopls: resuming run/.test(u.content?.text || '')) res(); }; });
    const r = await within(agent.request(acp.methods.agent.session.load, { sessionId, cwd: workspace, mcpServers: [] }), 'session/load');
    check('killed: session/load finds the session by its ACP id', r?.modes?.currentModeId === 'edit', r);
    await within(resuming, 'the resuming note');
    const user = rec.updates.find((u) => u.sessionUpdate === 'user_message_chunk');
    check('killed: the interrupted run\'s prompt is shown', user?.content?.text === 'stall in the first run', rec.updates);
    const ended = new Promise((res) => { rec.onUpdate = (u) => { if (/loopls: the resumed run .* ended: /.test(u.content?.text || '')) res(u.content.text); }; });
    await agent.notify(acp.methods.agent.session.cancel, { sessionId });
    const note = await within(ended, 'the resumed run ends');
    check('killed: the resumed run, cancelled, ends cancelled', /ended: cancelled\.$/.test(note), note);
  });
});

await scenario('permission refused', () => withAgent([], { permission: 'reject_once' }, async (agent, rec) => {
  const s = await newSession(agent);
  const r = await prompt(agent, s.sessionId, 'sleep for a while');
  check('permission: asked once', rec.permissions.length === 1, rec.permissions.length);
  const p = rec.permissions[0] || {};
  check('permission: for the run_command call, kind execute', p.toolCall?.kind === 'execute' && /sleep 30/.test(p.toolCall?.title || ''), p.toolCall);
  check('permission: options allow_once, allow_always, reject_once, reject_always', JSON.stringify((p.options || []).map((o) => o.kind)) === JSON.stringify(['allow_once', 'allow_always', 'reject_once', 'reject_always']), p.options);
  const tc = rec.updates.find((u) => u.sessionUpdate === 'tool_call') || {};
  check('permission: asked about the announced call', tc.toolCallId && p.toolCall?.toolCallId === tc.toolCallId, [tc.toolCallId, p.toolCall?.toolCallId]);
  const last = rec.updates.filter((u) => u.sessionUpdate === 'tool_call_update').pop() || {};
  check('permission: the refused call ends failed', last.status === 'failed', last);
  check('permission: the run goes on to end_turn', r.stopReason === 'end_turn', r);
}));

// MCP: the client passes its servers in session/new (LOOPLS_E2E_MCP names
// the real npm servers the Go test installed: everything, filesystem, and
// everything behind tee, whose stdin log the Go test reads).
const mcp = process.env.LOOPLS_E2E_MCP ? JSON.parse(process.env.LOOPLS_E2E_MCP) : null;
const stdioServer = (name, s) => ({ name, command: s.command, args: s.args, env: [] });
const mcpSession = (agent, servers) => within(agent.request(acp.methods.agent.session.new, { cwd: workspace, mcpServers: servers }), 'session/new with MCP servers', 120000);
const toolUpdates = (rec, id) => rec.updates.filter((u) => u.toolCallId === id);
const finalOf = (rec, title) => {
  const tc = rec.updates.find((u) => u.sessionUpdate === 'tool_call' && u.title === title) || {};
  return toolUpdates(rec, tc.toolCallId).filter((u) => u.sessionUpdate === 'tool_call_update').pop() || {};
};

if (!mcp) {
  check('mcp: LOOPLS_E2E_MCP names the MCP servers', false, 'not set');
} else {
  await scenario('mcp tools', () => withAgent([], {}, async (agent, rec, init) => {
    check('mcp: initialize advertises MCP over HTTP', init.agentCapabilities?.mcpCapabilities?.http === true, init.agentCapabilities?.mcpCapabilities);
    const s = await mcpSession(agent, [stdioServer('everything', mcp.everything), stdioServer('filesystem', mcp.filesystem)]);
    const r = await prompt(agent, s.sessionId, 'mcp both');
    check('mcp: stopReason end_turn', r.stopReason === 'end_turn', r);
    const asked = rec.permissions.map((p) => p.toolCall?.title).sort();
    check('mcp: each MCP call asked for permission', JSON.stringify(asked) === JSON.stringify(['mcp__everything__echo', 'mcp__filesystem__read_text_file']), asked);
    const echo = finalOf(rec, 'mcp__everything__echo');
    check('mcp: echo completed with the server\'s answer', echo.status === 'completed' && JSON.stringify(echo.content || []).includes('hello from the scripted model'), echo);
    const read = finalOf(rec, 'mcp__filesystem__read_text_file');
    check('mcp: the filesystem server read hello.txt', read.status === 'completed' && JSON.stringify(read.content || []).includes('hello world'), read);
  }));

  await scenario('mcp refused', () => withAgent([], { permission: 'reject_once' }, async (agent, rec) => {
    const s = await mcpSession(agent, [stdioServer('everything', mcp.everything)]);
    const r = await prompt(agent, s.sessionId, 'mcp echo');
    const echo = finalOf(rec, 'mcp__everything__echo');
    check('mcp refused: the call ends failed, not run', echo.status === 'failed' && !JSON.stringify(echo.content || []).includes('hello from the scripted model'), echo);
    check('mcp refused: the run goes on to end_turn', r.stopReason === 'end_turn', r);
  }));

  await scenario('mcp cancel', () => withAgent([], {}, async (agent, rec) => {
    const s = await mcpSession(agent, [stdioServer('everything', mcp.teed)]);
    let running;
    const started = new Promise((res) => { running = res; });
    rec.onUpdate = (u) => { if (u.sessionUpdate === 'tool_call_update' && u.status === 'in_progress') running(); };
    const pending = prompt(agent, s.sessionId, 'mcp slow');
    await within(started, 'the slow MCP tool in progress', 120000);
    // The call must have reached the server before the cancel.
    await within((async () => { while (!fs.readFileSync(mcp.teedLog, 'utf8').includes('"tools/call"')) await new Promise((r) => setTimeout(r, 20)); })(), 'tools/call at the server', 60000);
    await agent.notify(acp.methods.agent.session.cancel, { sessionId: s.sessionId });
    const r = await within(pending, 'prompt answer after cancel', 60000);
    check('mcp cancel: stopReason cancelled', r.stopReason === 'cancelled', r);
    await within((async () => { while (!fs.readFileSync(mcp.teedLog, 'utf8').includes('"notifications/cancelled"')) await new Promise((r) => setTimeout(r, 20)); })(), 'notifications/cancelled at the server', 60000)
      .then(() => check('mcp cancel: the server got notifications/cancelled', true), (e) => check('mcp cancel: the server got notifications/cancelled', false, String(e)));
  }));

  await scenario('mcp missing command', () => withAgent([], {}, async (agent, rec) => {
    const s = await mcpSession(agent, [stdioServer('everything', mcp.everything), { name: 'ghost', command: 'loopls-no-such-mcp-server', args: [], env: [] },
      { type: 'sse', name: 'old', url: 'http://127.0.0.1:9/sse', headers: [] }]);
    const r = await prompt(agent, s.sessionId, 'mcp echo');
    check('mcp missing command: the run goes on with the others', r.stopReason === 'end_turn' && finalOf(rec, 'mcp__everything__echo').status === 'completed', r);
    check('mcp missing command: the user is told which server and why', /MCP server "ghost" is not available/.test(messageText(rec)) && /loopls-no-such-mcp-server/.test(messageText(rec)), messageText(rec).slice(0, 400));
    check('mcp missing command: a server of an unsupported transport (SSE) is named too', /MCP server "old": the SSE transport is not supported/.test(messageText(rec)), messageText(rec).slice(0, 400));
  }));
}

await scenario('fs/write_text_file', () => withAgent([], { caps: { fs: { readTextFile: true, writeTextFile: true } } }, async (agent, rec) => {
  fs.writeFileSync(path.join(workspace, 'hello.txt'), 'hello world\n');
  const s = await newSession(agent);
  const r = await prompt(agent, s.sessionId, 'edit hello.txt');
  check('edit: stopReason end_turn', r.stopReason === 'end_turn', r);
  const tc = rec.updates.find((u) => u.sessionUpdate === 'tool_call') || {};
  check('edit: tool_call kind edit with a diff block', tc.kind === 'edit' && (tc.content || []).some((c) => c.type === 'diff' && c.path === path.join(workspace, 'hello.txt') && c.oldText === 'hello' && c.newText === 'goodbye'), tc);
  const p = rec.permissions[0] || {};
  check('edit: edit mode asks before writing, with the whole-file diff', rec.permissions.length === 1 && (p.toolCall?.content || []).some((c) => c.type === 'diff' && c.oldText === 'hello world\n' && c.newText === 'goodbye world\n'), p.toolCall);
  check('edit: written through fs/write_text_file', rec.writes.length === 1 && rec.writes[0].path === path.join(workspace, 'hello.txt') && rec.writes[0].content === 'goodbye world\n' && rec.writes[0].sessionId === s.sessionId, rec.writes);
  check('edit: permission before the write', rec.order.indexOf('permission') >= 0, rec.order);
  const done = rec.updates.filter((u) => u.sessionUpdate === 'tool_call_update').pop() || {};
  check('edit: the edit call completes', done.status === 'completed', done);
}));

await scenario('fs/read_text_file', () => withAgent([], {
  caps: { fs: { readTextFile: true } },
  buffers: { [path.join(workspace, 'README.md')]: '# Unsaved buffer\n\nThe editor has not saved this.\n' },
}, async (agent, rec) => {
  const s = await newSession(agent);
  const r = await prompt(agent, s.sessionId, 'read the README');
  check('read: stopReason end_turn', r.stopReason === 'end_turn', r);
  check('read: asked the client for the README once, by absolute path', rec.reads.length === 1 && rec.reads[0].path === path.join(workspace, 'README.md') && rec.reads[0].sessionId === s.sessionId, rec.reads);
  const done = rec.updates.filter((u) => u.sessionUpdate === 'tool_call_update').pop() || {};
  const text = JSON.stringify(done.content || []);
  check('read: the tool output is the unsaved buffer, not the disk', done.status === 'completed' && text.includes('Unsaved buffer') && !text.includes('# Demo'), done.content);
}));

await scenario('fs/read_text_file not offered', () => withAgent([], {
  buffers: { [path.join(workspace, 'README.md')]: '# Unsaved buffer\n' },
}, async (agent, rec) => {
  const s = await newSession(agent);
  await prompt(agent, s.sessionId, 'read the README');
  const done = rec.updates.filter((u) => u.sessionUpdate === 'tool_call_update').pop() || {};
  check('read without the capability: the disk, and the client is never asked', rec.reads.length === 0 && JSON.stringify(done.content || []).includes('# Demo'), [rec.reads, done.content]);
}));

// While the kernel confines commands (this machine, by default), a command
// never goes to the editor's terminal: the editor would run it outside the
// confinement. It runs in loopls's confined child and the tool call shows
// its output. The terminal here really runs what it is given, so a command
// handed to it would leave the marker outside the workspace.
await scenario('terminal/* while confined', () => withAgent([], { caps: { terminal: true }, terminal: { execute: true } }, async (agent, rec) => {
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-e2e-outside-'));
  const marker = path.join(outside, 'marker');
  const s = await newSession(agent);
  const r = await prompt(agent, s.sessionId, `shell: touch ${marker}`);
  check('confined: stopReason end_turn', r.stopReason === 'end_turn', r);
  check('confined: the editor\'s terminal is never asked to run it', rec.terminal.length === 0, rec.terminal);
  check('confined: nothing is written outside the workspace', !fs.existsSync(marker), marker);
  const done = rec.updates.filter((u) => u.sessionUpdate === 'tool_call_update').pop() || {};
  const text = JSON.stringify(done.content || []);
  check('confined: the tool call shows the output of loopls\'s confined child, no terminal',
    text.includes('$ touch') && !text.includes('[exit code 0]') && !(done.content || []).some((x) => x.type === 'terminal'), done.content);
  fs.rmSync(outside, { recursive: true, force: true });
}));

// With the confinement off (LOOPLS_CONFINE=off, or a kernel without it), a
// command goes to the editor's terminal, asked first.
await scenario('terminal/*', () => withAgent([], { caps: { terminal: true }, terminal: { output: 'slept in the editor\n', exitCode: 0 }, env: { LOOPLS_CONFINE: 'off' } }, async (agent, rec) => {
  const s = await newSession(agent);
  const r = await prompt(agent, s.sessionId, 'sleep for a while');
  check('terminal: stopReason end_turn', r.stopReason === 'end_turn', r);
  check('terminal: asked permission before creating the terminal', rec.order.indexOf('permission') >= 0 && rec.order.indexOf('permission') < rec.order.indexOf('terminal/create'), rec.order);
  const methods = rec.terminal.map((c) => c.method);
  check('terminal: create, wait_for_exit, output, release', JSON.stringify(methods) === JSON.stringify(['create', 'wait_for_exit', 'output', 'release']), methods);
  const c = rec.terminal[0]?.params || {};
  // env -i replaces the editor's environment with loopls's own less its
  // secrets (docs/security.md), then sh -c runs the command.
  check('terminal: env -i loopls\'s environment, sh -c the command in the workspace, with an output limit',
    c.command === 'env' && c.args[0] === '-i' && JSON.stringify(c.args.slice(-3)) === JSON.stringify(['sh', '-c', 'sleep 30']) &&
    c.args.some((a) => a.startsWith('PATH=')) && !c.args.some((a) => /API_KEY=|_TOKEN=/.test(a)) &&
    c.cwd === workspace && c.outputByteLimit > 0 && c.sessionId === s.sessionId, c);
  check('terminal: every call names the terminal', rec.terminal.slice(1).every((x) => x.params.terminalId === 'term-1'), rec.terminal);
  const shown = rec.updates.find((u) => u.sessionUpdate === 'tool_call_update' && (u.content || []).some((x) => x.type === 'terminal' && x.terminalId === 'term-1'));
  check('terminal: the tool call embeds the terminal', !!shown, rec.updates);
  const done = rec.updates.filter((u) => u.sessionUpdate === 'tool_call_update').pop() || {};
  const text = JSON.stringify(done.content || []);
  check('terminal: the output and exit code come from the client terminal', done.status === 'completed' && text.includes('slept in the editor') && text.includes('[exit code 0]'), done.content);
}));

await scenario('auto mode and disk writes', () => withAgent([], {}, async (agent, rec) => {
  fs.writeFileSync(path.join(workspace, 'hello.txt'), 'hello again\n');
  const s = await newSession(agent);
  await within(agent.request(acp.methods.agent.session.setMode, { sessionId: s.sessionId, modeId: 'auto' }), 'set_mode');
  const r = await prompt(agent, s.sessionId, 'edit hello.txt');
  check('auto: no permission asked for the write', rec.permissions.length === 0, rec.permissions.length);
  check('auto: without fs capability the file is written on disk', fs.readFileSync(path.join(workspace, 'hello.txt'), 'utf8') === 'goodbye again\n', fs.readFileSync(path.join(workspace, 'hello.txt'), 'utf8'));
  check('auto: end_turn', r.stopReason === 'end_turn', r);
  rec.updates.length = 0;
  await within(agent.request(acp.methods.agent.session.setConfigOption, { sessionId: s.sessionId, configId: 'mode', value: 'ask' }), 'set_config_option');
  const a = await prompt(agent, s.sessionId, 'edit hello.txt');
  const tc = rec.updates.find((u) => u.sessionUpdate === 'tool_call');
  check('ask mode: no write tool is offered, so no edit happens', !tc || tc.kind !== 'edit' || rec.updates.filter((u) => u.sessionUpdate === 'tool_call_update').pop()?.status === 'failed', rec.updates);
  check('ask mode: file unchanged', fs.readFileSync(path.join(workspace, 'hello.txt'), 'utf8') === 'goodbye again\n');
  check('ask mode: end_turn', a.stopReason === 'end_turn', a);
}));

await scenario('cancel while streaming', () => withAgent([], {}, async (agent, rec) => {
  const s = await newSession(agent);
  const streaming = new Promise((res) => { rec.onUpdate = (u) => { if (u.sessionUpdate === 'agent_message_chunk') res(); }; });
  const pending = prompt(agent, s.sessionId, 'loop forever');
  await within(streaming, 'first streamed chunk');
  await agent.notify(acp.methods.agent.session.cancel, { sessionId: s.sessionId });
  let r, err;
  try { r = await within(pending, 'prompt answer after cancel', 30000); } catch (e) { err = e; }
  check('cancel: the prompt answers stopReason cancelled, not an error', !err && r?.stopReason === 'cancelled', err ? { code: err.code, message: err.message } : r);
  check('cancel: chunks streamed before the answer', /tick/.test(messageText(rec)), messageText(rec).slice(0, 80));
  const last = rec.transitions[rec.transitions.length - 1] || {};
  check('cancel: the last transition (flushed before the answer) is the cancel', last.to === 'Terminal' && last.outcome === 'cancelled', last);
  rec.onUpdate = null;
  const again = await prompt(agent, s.sessionId, 'chat');
  check('cancel: the session takes the next prompt', again.stopReason === 'end_turn', again);
}));

await scenario('model option and thinking', () => withAgent([], {}, async (agent, rec) => {
  const s = await newSession(agent);
  const set = await within(agent.request(acp.methods.agent.session.setConfigOption, { sessionId: s.sessionId, configId: 'model', value: 'ollama:tiny-think' }), 'set model');
  check('model: the option now names tiny-think', set.configOptions?.find((o) => o.id === 'model')?.currentValue === 'ollama:tiny-think', set.configOptions);
  const r = await prompt(agent, s.sessionId, 'think about it');
  const thought = rec.updates.filter((u) => u.sessionUpdate === 'agent_thought_chunk').map((u) => u.content.text).join('');
  check('thinking: the thinking lane arrives as agent_thought_chunk', thought === 'Let me think briefly.', thought);
  check('thinking: the answer as agent_message_chunk', messageText(rec) === 'Answer: forty-two.' && r.stopReason === 'end_turn', [messageText(rec), r]);
}));

await scenario('max turns', () => withAgent(['--max-turns', '2'], {}, async (agent) => {
  const s = await newSession(agent);
  const r = await prompt(agent, s.sessionId, 'again and again');
  check('max turns: stopReason max_turn_requests', r.stopReason === 'max_turn_requests', r);
}));

await scenario('context exceeded', () => withAgent(['--context-window', '64'], {}, async (agent, rec) => {
  const s = await newSession(agent);
  const r = await prompt(agent, s.sessionId, 'read the README');
  check('context exceeded: stopReason max_tokens', r.stopReason === 'max_tokens', r);
  check('context exceeded: a message chunk says why', /context/i.test(messageText(rec)), messageText(rec));
}));

await scenario('failed run', () => withAgent([], {}, async (agent) => {
  const s = await newSession(agent);
  let err;
  try { await prompt(agent, s.sessionId, 'fail500 now'); } catch (e) { err = e; }
  check('failure: a JSON-RPC error', !!err && err.code === -32803, err && { code: err.code, message: err.message });
  // What a client shows (codecompanion prints an error's message and data as they are):
  // one sentence saying what failed, in words; no Run record, kind, ids or times.
  const msg = String(err?.message ?? '');
  check('failure: the message is one sentence in words, and there is no data',
    /^The model could not answer: .*500.*\.$/.test(msg) && !msg.includes('\n') && !/runId|sessionId|ses_|run_|"kind"|\bApi\b|T\d\d:\d\d/.test(msg) && err?.data === undefined,
    err && { message: msg, data: err.data });
}));

// Bad input: raw lines on the agent's stdin, raw answers from its stdout.
await scenario('bad input', async () => {
  const proc = spawn(cmd[0], cmd.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let buf = '';
  let wake = null;
  proc.stdout.on('data', (d) => {
    buf += d;
    let k;
    while ((k = buf.indexOf('\n')) >= 0) { lines.push(JSON.parse(buf.slice(0, k))); buf = buf.slice(k + 1); }
    if (wake) wake();
  });
  const next = async () => {
    while (!lines.length) await within(new Promise((r) => { wake = r; }), 'an answer', 15000);
    return lines.shift();
  };
  const send = (s) => proc.stdin.write(s + '\n');
  send('this is not json');
  let a = await next();
  check('bad input: a malformed line gets a parse error', a.error?.code === -32700 && a.id === null, a);
  send('{"jsonrpc":"2.0","id":1,"method":"no/such/method","params":{}}');
  a = await next();
  check('bad input: an unknown method gets -32601', a.id === 1 && a.error?.code === -32601, a);
  send('{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"ses_nope","prompt":[{"type":"text","text":"hi"}]}}');
  a = await next();
  check('bad input: a prompt for an unknown session is answered with an error', a.id === 2 && a.error?.code === -32602, a);
  send('{"jsonrpc":"2.0","id":3,"method":"session/new","params":{"cwd":7}}');
  a = await next();
  check('bad input: ill-typed params get -32602', a.id === 3 && a.error?.code === -32602, a);
  send(`{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}`);
  a = await next();
  check('bad input: the agent still serves afterwards', a.id === 4 && a.result?.protocolVersion === 1, a);
  proc.stdin.end();
  const code = await within(new Promise((r) => proc.on('exit', (c) => r(c))), 'agent exit', 15000);
  check('bad input: the agent exits 0 when stdin closes', code === 0, code);
});

results.ok = results.checks.every((c) => c.ok);
fs.writeFileSync(out, JSON.stringify(results, null, 2));
console.error(`results: ${path.resolve(out)}`);
console.error(`${results.checks.filter((c) => c.ok).length} passed, ${results.checks.filter((c) => !c.ok).length} failed`);
process.exit(results.ok ? 0 : 1);
