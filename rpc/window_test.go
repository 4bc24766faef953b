package rpc_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/localmodels"
)

// The window of a run has one owner: the num_ctx every request carries is
// the window the compaction policy works to. The model claims 131,072
// tokens but gives no shape, so loopls asks for DefaultWindow (8,192) and
// must compact to stay inside it; with the full window the script below
// (about 700 tokens a turn, 40 turns at most) would never compact. The
// contextWindow setting overrides both together.
func TestRunWindowIsNumCtxAndCompactionWindow(t *testing.T) {
	script := func(req *api.ChatRequest) *fakeollama.Reply {
		if isSummaryRequest(req) {
			return fakeollama.Text("Summary:", " notes were grown.")
		}
		if summarized(req) {
			return fakeollama.Text("Done.")
		}
		turn := 0
		for _, m := range req.Messages {
			if m.Role == "tool" {
				turn++
			}
		}
		if turn >= 40 {
			return fakeollama.Text("No", " compaction", " happened.")
		}
		note := fmt.Sprintf("Note %d: ", turn) + strings.Repeat(fmt.Sprintf("observation %d about the project. ", turn), 20)
		return &fakeollama.Reply{Chunks: []fakeollama.Chunk{{
			Content:   note,
			ToolCalls: []fakeollama.Call{{Name: "read_file", Args: fmt.Sprintf(`{"path":"notes/n%d.txt"}`, turn)}},
		}}}
	}
	for _, tc := range []struct {
		name   string
		opts   map[string]any
		window int
	}{
		{"sized", nil, localmodels.DefaultWindow},
		{"contextWindow setting", map[string]any{"contextWindow": 6000}, 6000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, state := t.TempDir(), t.TempDir()
			if err := os.Mkdir(filepath.Join(root, "notes"), 0o755); err != nil {
				t.Fatal(err)
			}
			for i := range 40 {
				writeFile(t, filepath.Join(root, "notes", fmt.Sprintf("n%d.txt", i)), fmt.Sprintf("note file %d\n", i))
			}
			srv := fakeollama.StartTB(t, fakeollama.Options{Script: script, Models: []fakeollama.Model{
				{Name: "big", ContextLength: 131072, Capabilities: []string{"completion", "tools"}},
			}})
			c := startClient(t, root, "LOOPLS_MODEL=ollama:big", "OLLAMA_HOST="+srv.Host, "XDG_STATE_HOME="+state, "HOME="+state)
			c.initialize(root, nil, tc.opts)
			var res runResult
			c.mustRequest("loopls/run", map[string]any{"prompt": "grow the notes"}, &res)
			if res.Outcome != "completed" {
				t.Fatalf("run = %+v, want completed", res)
			}
			compactions := 0
			for _, tr := range transitionsOf(t, c, res.RunID) {
				if tr.To == machine.StateAwaitingCompaction {
					compactions++
				}
			}
			if compactions == 0 {
				t.Errorf("the run never compacted: its policy did not use the %d-token window", tc.window)
			}
			reqs := srv.Requests()
			for i, r := range reqs {
				if n, _ := r.Options["num_ctx"].(float64); int(n) != tc.window {
					t.Errorf("request %d of %d: num_ctx %v, want %d", i, len(reqs), r.Options["num_ctx"], tc.window)
				}
			}
		})
	}
}
