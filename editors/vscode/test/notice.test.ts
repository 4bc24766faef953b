import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isNoticeAction, modelNotice } from '../src/panel/notice';
import { parseWebviewMessage } from '../src/panel/messages';

const repo = path.join(__dirname, '..', '..', '..', '..');

test('the daemon\'s "no model configured" message, as docs/protocol.md shows it, is the panel\'s notice', () => {
  const doc = fs.readFileSync(path.join(repo, 'docs', 'protocol.md'), 'utf8');
  const line = doc.split('\n').find((l) => l.includes('"method":"window/showMessage"') && l.includes('no model configured'));
  assert.ok(line, 'docs/protocol.md shows the message');
  const shown: { params: { type: number; message: string } } = JSON.parse(line!.replace(/^<< /, ''));
  const n = modelNotice(shown.params.message);
  assert.ok(n);
  assert.equal(n!.model, 'ollama:qwen2.5-coder:7b');
  assert.match(n!.text, /^No model is set, so loopls uses `ollama:qwen2\.5-coder:7b`, the first model of your Ollama that can call tools\./);
  assert.doesNotMatch(n!.text, /configured:|tool-capable/, 'said in words, not the log line');
});

test('other messages stay toasts', () => {
  assert.equal(modelNotice('loopls: sessions will not be saved: disk full'), undefined);
  assert.equal(modelNotice('loopls: no model configured and Ollama at 127.0.0.1:11434 has none: run `ollama pull qwen2.5-coder`'), undefined);
  assert.equal(modelNotice('say: no model configured: using x (y)'), undefined);
});

test('notice buttons from the webview are checked', () => {
  assert.ok(isNoticeAction('dismiss') && isNoticeAction('chooseModel') && !isNoticeAction('rm'));
  assert.deepEqual(parseWebviewMessage({ type: 'noticeAction', action: 'dismiss' }), { type: 'noticeAction', action: 'dismiss' });
  assert.equal(parseWebviewMessage({ type: 'noticeAction', action: 'openExternal' }), undefined);
});
