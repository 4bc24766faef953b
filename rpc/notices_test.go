package rpc_test

import (
	"strings"
	"testing"

	"github.com/loopls/loopls/internal/fakeollama"
)

// With no model configured, every run resolves to the local Ollama's first
// tool-capable model and says so. The user is told once per daemon, not
// once per run, and once more after the settings change (issue 25, item 9).
func TestNoModelNoticeIsShownOncePerSettings(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{Models: []fakeollama.Model{
		{Name: "tiny", ContextLength: 8192, Capabilities: []string{"completion", "tools"}},
	}})
	root := t.TempDir()
	c := startClient(t, root, "LOOPLS_MODEL=", "OLLAMA_HOST="+srv.Host)
	c.initialize(root, nil, nil)
	var shown []string
	notices := func() int {
		n := 0
		shown = shown[:0]
		for _, m := range c.messages("window/showMessage") {
			shown = append(shown, string(m.Params))
			if strings.Contains(string(m.Params), "no model configured: using ollama:tiny") {
				n++
			}
		}
		return n
	}
	run := func() {
		t.Helper()
		var res runResult
		c.mustRequest("loopls/run", map[string]any{"prompt": "chat"}, &res)
		if res.Outcome != "completed" {
			t.Fatalf("run: %+v", res)
		}
	}
	for range 3 {
		run()
	}
	if n := notices(); n != 1 {
		t.Fatalf("after 3 runs the notice was shown %d times, want 1: %q", n, shown)
	}
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"loopls": map[string]any{"maxTurns": 5}}})
	run()
	run()
	if n := notices(); n != 2 {
		t.Fatalf("after a settings change and 2 more runs the notice was shown %d times in all, want 2: %q", n, shown)
	}
	c.shutdownExit()
}
