package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// multiTurn is a three-turn script: read a file, list the directory, then
// a slowly streamed answer; "edit" prompts edit hello.txt instead of
// listing. Each turn streams with a delay, so kills land in every phase.
func multiTurn(req *api.ChatRequest) *fakeollama.Reply {
	var prompt string
	tools := 0
	for _, m := range req.Messages {
		switch m.Role {
		case "user":
			prompt = m.Content
			tools = 0
		case "tool":
			tools++
		}
	}
	if !strings.HasPrefix(prompt, "multi") {
		return nil
	}
	var r *fakeollama.Reply
	switch {
	case tools == 0:
		r = fakeollama.ToolCalls(fakeollama.Call{Name: "read_file", Args: `{"path":"README.md"}`})
	case tools == 1 && strings.Contains(prompt, "edit"):
		r = fakeollama.ToolCalls(fakeollama.Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}`})
	case tools == 1:
		r = fakeollama.ToolCalls(fakeollama.Call{Name: "list_dir", Args: `{"path":"."}`})
	default:
		r = fakeollama.Text("Read", " it,", " listed", " it,", " done", " with", " the", " task", ".")
	}
	r.Delay = 15 * time.Millisecond
	return r
}

// history is a session's committed history, as the store has it.
func (e *env) history(id machine.SessionID) []machine.Message {
	e.t.Helper()
	rec, err := e.openStore().Session(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return rec.History
}

// Twenty runs are killed with SIGKILL at random points and resumed with
// loopls run --resume. Every resumed run ends completed, and its session's
// history is that of an uninterrupted run of the same script: nothing
// duplicated, nothing lost. Only a tool that can change the workspace and
// was in flight at the kill differs: its result says it was interrupted.
func TestResumeAtRandomKillPoints(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if v := os.Getenv("LOOPLS_CRASH_SEED"); v != "" {
		if _, err := fmt.Sscan(v, &seed); err != nil {
			t.Fatalf("LOOPLS_CRASH_SEED=%q: %v", v, err)
		}
	}
	t.Logf("seed %d (replay with LOOPLS_CRASH_SEED)", seed)
	rng := rand.New(rand.NewPCG(seed, 0x19))
	binary(t) // built before any bounded wait starts
	e := newEnv(t, fakeollama.Options{Script: multiTurn})
	traces := t.TempDir()

	prompts := []string{"multi read and list", "multi read and edit"}
	reference := map[string][]machine.Message{}
	for _, p := range prompts {
		res := e.run("run", "--json", p)
		if res.code != 0 {
			t.Fatalf("reference run %q: exit %d\n%s", p, res.code, res.stderr)
		}
		var run engine.Run
		if err := json.Unmarshal(lastLine(res.stdout), &run); err != nil {
			t.Fatal(err)
		}
		reference[p] = e.history(run.SessionID)
		if err := os.WriteFile(filepath.Join(e.root, "hello.txt"), []byte("hello\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	resumed, refused := 0, 0
	for i := range 20 {
		if err := os.WriteFile(filepath.Join(e.root, "hello.txt"), []byte("hello\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		prompt := prompts[rng.IntN(len(prompts))]
		k := 1 + rng.IntN(40)
		trace := filepath.Join(traces, fmt.Sprintf("%02d.jsonl", i))
		p := e.start("run", "--trace", trace, prompt)
		killed := p.killAfter(t, k)
		code := p.wait(t)
		ts := readTrace(t, trace)
		if !killed {
			if code != 0 {
				t.Errorf("attempt %d ran to its end with exit %d", i, code)
			}
			continue
		}
		if len(ts) == 0 {
			continue // killed before its run began
		}
		id := ts[0].RunID
		run, err := e.openStore().Run(context.Background(), id)
		if err != nil {
			t.Fatalf("attempt %d: run %s: %v", i, id, err)
		}
		res := e.run("run", "--json", "--resume", string(id))
		if !run.Resumable {
			// Ended before the kill, or stopped before its first checkpoint.
			if res.code != 1 || !strings.Contains(res.stderr, "cannot be resumed") && !strings.Contains(res.stderr, "not resumable") {
				t.Errorf("attempt %d: resuming non-resumable run %s (%s): exit %d, %q", i, id, run.Outcome, res.code, res.stderr)
			}
			refused++
			continue
		}
		resumed++
		if res.code != 0 {
			t.Errorf("attempt %d (%q, killed after %d events, stopped in %+v): resume exit %d\n%s", i, prompt, k, run.StoppedIn, res.code, res.stderr)
			continue
		}
		var end engine.Run
		if err := json.Unmarshal(lastLine(res.stdout), &end); err != nil {
			t.Fatal(err)
		}
		if end.ID != id || end.Outcome != machine.OutcomeCompleted || end.Turns != 3 {
			t.Errorf("attempt %d: resumed run = %s %s in %d turns, want %s completed in 3", i, end.ID, end.Outcome, end.Turns, id)
		}
		got, want := e.history(end.SessionID), reference[prompt]
		if len(got) != len(want) {
			t.Errorf("attempt %d (%q, stopped in %+v): history has %d messages, want %d:\n%s", i, prompt, run.StoppedIn, len(got), len(want), comparableCLI(got))
			continue
		}
		for j := range want {
			g, w := got[j], want[j]
			if g.Role == machine.RoleTool && g.Content != w.Content && len(w.ToolCalls) == 0 {
				// Only a tool that changes the workspace may differ, and
				// only by saying it was interrupted.
				if !strings.Contains(g.Content, machine.InterruptedToolText) || !strings.Contains(prompt, "edit") {
					t.Errorf("attempt %d: message %d = %q, want %q", i, j, g.Content, w.Content)
				}
				continue
			}
			if comparableCLI([]machine.Message{g}) != comparableCLI([]machine.Message{w}) {
				t.Errorf("attempt %d: message %d = %s, want %s", i, j, comparableCLI([]machine.Message{g}), comparableCLI([]machine.Message{w}))
			}
		}
	}
	t.Logf("%d runs resumed, %d not resumable (killed before the first checkpoint or after the end)", resumed, refused)
	if resumed == 0 {
		t.Errorf("no kill left a resumable run")
	}
}

// comparableCLI keeps what two runs of one script share: roles, text and
// tool calls.
func comparableCLI(msgs []machine.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString(string(m.Role) + ": " + m.Content + "\n")
		for _, c := range m.ToolCalls {
			b.WriteString("  call " + c.Name + " " + string(c.Arguments) + "\n")
		}
	}
	return b.String()
}
