//go:build linux

package rpc_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

// A daemon killed mid-line leaves its layer's directory behind; the next
// daemon removes it when it starts (and each new line's layer sweeps
// again), never the layer of a line another live daemon runs meanwhile.
// Three real daemons share one cache directory: B's line waits on a
// question (a program not on the allow list, asked mid-line) and B stays
// alive; A's waits the same way and A is killed; C starts, then runs a
// line.
func TestLayerOfAKilledDaemonIsSwept(t *testing.T) {
	script := func(req *api.ChatRequest) *fakeollama.Reply {
		n := len(req.Messages)
		if req.Messages[n-1].Role != "user" {
			return fakeollama.Text("done")
		}
		switch last := lastUserText(req); {
		case strings.HasPrefix(last, "hold"):
			return fakeollama.ToolCalls(fakeollama.Call{Name: "run_command", Args: `{"command":"touch held.txt && sleep 0"}`})
		case strings.HasPrefix(last, "line"):
			return fakeollama.ToolCalls(fakeollama.Call{Name: "run_command", Args: `{"command":"touch c.txt"}`})
		}
		return nil
	}
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: script})
	cache := t.TempDir()
	layers := filepath.Join(cache, "loopls", "layers")
	lineDirs := func() []string {
		es, err := os.ReadDir(layers)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		var out []string
		for _, e := range es {
			if strings.HasPrefix(e.Name(), "line-") {
				out = append(out, e.Name())
			}
		}
		return out
	}
	opts := map[string]any{"allowCommands": true, "allowedCommands": []string{"touch"}}
	caps := map[string]any{"experimental": map[string]any{"loopls": map[string]any{"approvals": true}}}
	// daemon starts a daemon on a workspace of its own; held receives
	// the question its line waits on, answered once release closes.
	daemon := func() (c *client, root string, held chan string, release chan struct{}) {
		root = t.TempDir()
		writeFile(t, filepath.Join(root, "README.md"), "# demo\n")
		c = startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host, "XDG_CACHE_HOME="+cache)
		held, release = make(chan string, 1), make(chan struct{})
		t.Cleanup(func() {
			select {
			case <-release:
			default:
				close(release)
			}
		})
		c.handle("loopls/approve", func(p json.RawMessage) (any, *wireErr) {
			held <- string(p)
			<-release
			return map[string]any{"outcome": "selected", "optionId": "reject_once"}, nil
		})
		c.initialize(root, caps, opts)
		return c, root, held, release
	}
	waitHeld := func(held chan string) {
		t.Helper()
		select {
		case q := <-held:
			if !strings.Contains(q, "sleep") {
				t.Fatalf("the line was asked about something else: %s", q)
			}
		case <-time.After(wait):
			t.Fatal("the line was not asked about sleep")
		}
	}

	b, rootB, heldB, releaseB := daemon()
	_, bDone := b.send("loopls/run", map[string]any{"prompt": "hold the line"})
	waitHeld(heldB)
	dirsB := lineDirs()
	if len(dirsB) != 1 {
		t.Fatalf("layers while B's line runs: %q, want one", dirsB)
	}
	dirB := dirsB[0]

	a, _, heldA, _ := daemon()
	a.send("loopls/run", map[string]any{"prompt": "hold the line"})
	waitHeld(heldA)
	var dirsA []string
	for _, d := range lineDirs() {
		if d != dirB {
			dirsA = append(dirsA, d)
		}
	}
	if len(dirsA) != 1 {
		t.Fatalf("layers while A's and B's lines run: %q, want one each", lineDirs())
	}
	kill9(t, a)
	if got := lineDirs(); len(got) != 2 {
		t.Fatalf("layers after A was killed: %q, want A's %s left behind beside B's", got, dirsA[0])
	}

	// A new daemon sweeps at its start: A's is gone before any line.
	c, rootC, _, _ := daemon()
	if got := lineDirs(); !slices.Equal(got, []string{dirB}) {
		t.Errorf("layers once C has started: %q, want only B's live %s (A's %s swept)", got, dirB, dirsA[0])
	}
	var res runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "line please"}, &res)
	if _, err := os.Stat(filepath.Join(rootC, "c.txt")); err != nil || res.Outcome != "completed" {
		t.Fatalf("C's line: %+v, c.txt: %v", res, err)
	}
	if got := lineDirs(); !slices.Equal(got, []string{dirB}) {
		t.Errorf("layers after C's line: %q, want only B's live %s (A's %s swept, C's removed)", got, dirB, dirsA[0])
	}

	close(releaseB) // B's question answered: sleep refused
	b.await(bDone)
	if _, err := os.Stat(filepath.Join(rootB, "held.txt")); err != nil {
		t.Errorf("B's line lost what it wrote before the question: %v", err)
	}
	if got := lineDirs(); len(got) != 0 {
		t.Errorf("layers after B's line: %q, want none", got)
	}
}
