package rpc_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

// fakeKey is a secret in the daemon's environment; leakMark is a piece of
// it that no scrubbed text can still hold.
const (
	fakeKey  = "sk-loopls-fake-0123456789abcdefXYZ"
	leakMark = "0123456789abcdef"
)

// secretScript is a hostile world: a model that reads a file holding the
// daemon's key, then spells the key back split across two deltas, and a
// provider that echoes the Authorization header in its error.
func secretScript(req *api.ChatRequest) *fakeollama.Reply {
	last := req.Messages[len(req.Messages)-1]
	switch {
	case last.Role == "user" && strings.Contains(last.Content, "provider error"):
		return &fakeollama.Reply{Status: 400, Error: "bad request; you sent Authorization: Bearer " + fakeKey + " and x-api-key: " + fakeKey}
	case last.Role == "user":
		return fakeollama.ToolCalls(fakeollama.Call{Name: "read_file", Args: `{"path":"secrets.txt"}`})
	default:
		return fakeollama.Text("The key is ", fakeKey[:14], fakeKey[14:], " — done.")
	}
}

// A key in the daemon's environment reaches no model request, no
// notification, no reply and no log line: not from a tool's output, not
// from a model that spells it across two deltas, not from a provider
// error that echoes it.
func TestSecretsNeverLeaveTheDaemon(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: secretScript})
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "secrets.txt"), "OPENAI_API_KEY="+fakeKey+"\nAuthorization: Bearer "+fakeKey+"\n")
	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host, "OPENAI_API_KEY="+fakeKey)
	c.initialize(root, nil, nil)

	var res runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "read the secrets"}, &res)
	if res.Outcome != "completed" || !strings.Contains(res.Output, "[redacted]") {
		t.Errorf("run = %+v, want completed with the key redacted", res)
	}
	raw, werr := c.request("loopls/run", map[string]any{"prompt": "provoke a provider error"})
	if werr == nil {
		t.Fatalf("the provider error run succeeded: %s", raw)
	}
	replies := string(raw) + werr.Message + string(werr.Data)

	// The model saw the tool output, scrubbed.
	sawTool := false
	for _, req := range srv.Requests() {
		b, _ := json.Marshal(req)
		if strings.Contains(string(b), leakMark) {
			t.Errorf("a model request holds the key: %s", b)
		}
		for _, m := range req.Messages {
			if m.Role == "tool" && strings.Contains(m.Content, "OPENAI_API_KEY=[redacted]") {
				sawTool = true
			}
		}
	}
	if !sawTool {
		t.Errorf("no model request holds the scrubbed tool output")
	}
	var all strings.Builder
	deltas := ""
	c.mu.Lock()
	log := append([]*wireMsg(nil), c.log...)
	c.mu.Unlock()
	for _, m := range log {
		b, _ := json.Marshal(m)
		all.Write(b)
		if m.Method == "loopls/delta" {
			var d struct{ Text string }
			json.Unmarshal(m.Params, &d)
			deltas += d.Text
		}
	}
	if strings.Contains(all.String(), leakMark) || strings.Contains(replies, leakMark) {
		t.Errorf("a notification or reply holds the key:\n%s\n%s", all.String(), replies)
	}
	if !strings.Contains(deltas, "The key is [redacted]") {
		t.Errorf("deltas spelled %q, want the key redacted", deltas)
	}
	if !strings.Contains(all.String(), "loopls/toolCall") || !strings.Contains(all.String(), `OPENAI_API_KEY=[redacted]`) {
		t.Errorf("no loopls/toolCall carries the scrubbed output")
	}
	if !strings.Contains(replies, "[redacted]") {
		t.Errorf("the provider error %q does not show the redaction", replies)
	}
	if log := c.stderr.String(); strings.Contains(log, leakMark) {
		t.Errorf("the daemon's log holds the key:\n%s", log)
	}
}
