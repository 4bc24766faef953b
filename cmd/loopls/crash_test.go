package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/loopls/loopls/cmd/loopls/internal/runtrace"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// events counts what a process has shown so far: lines on stderr (one per
// transition or tool event) and reads of streamed answer on stdout.
func (p *started) events() int {
	return strings.Count(p.stderr.String(), "\n") + p.stdout.reads()
}

func (w *watcher) reads() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.nreads
}

// killAfter waits until the process has shown k events (or ended by
// itself), then kills it with SIGKILL. It reports whether the kill hit a
// live process.
func (p *started) killAfter(t *testing.T, k int) bool {
	t.Helper()
	deadline := time.NewTimer(waitBound)
	defer deadline.Stop()
	for p.events() < k {
		select {
		case <-p.stdout.more:
		case <-p.stderr.more:
		case <-p.exited:
			return false
		case <-deadline.C:
			t.Fatalf("no %d events within %v; stderr:\n%s", k, waitBound, p.stderr.String())
		}
	}
	select {
	case <-p.exited:
		return false
	default:
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		// It exited between the check and the signal.
		return false
	}
	return true
}

// readTrace parses a trace a killed process may have left; it ends where
// the writes ended.
func readTrace(t *testing.T, path string) []engine.Transition {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	// Each line is one write; a kill cannot leave half of one, but keep only
	// whole lines to say so rather than assume it.
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		b = b[:i+1]
	} else {
		b = nil
	}
	ts, err := runtrace.Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("trace %s: %v", path, err)
	}
	return ts
}

// The daemon is killed with SIGKILL at random points of runs, twenty times,
// and started again each time: every committed session stays whole, no
// run that started goes missing from the audit trail, the runs killed in
// flight are recorded as failed "daemon stopped", and the database opens
// cleanly.
func TestCrashRecoveryUnderSIGKILL(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if v := os.Getenv("LOOPLS_CRASH_SEED"); v != "" {
		if _, err := fmt.Sscan(v, &seed); err != nil {
			t.Fatalf("LOOPLS_CRASH_SEED=%q: %v", v, err)
		}
	}
	t.Logf("seed %d (kill points and prompts are drawn from it; replay with LOOPLS_CRASH_SEED)", seed)
	rng := rand.New(rand.NewPCG(seed, 0x10095))
	e := newEnv(t, fakeollama.Options{})
	traces := t.TempDir()

	first := e.run("run", "--json", "chat")
	if first.code != 0 {
		t.Fatalf("first run: exit %d\n%s", first.code, first.stderr)
	}
	var firstRun engine.Run
	if err := json.Unmarshal(lastLine(first.stdout), &firstRun); err != nil {
		t.Fatal(err)
	}
	sid := firstRun.SessionID

	type attempt struct {
		prompt string
		trace  string
		killed bool
		code   int
	}
	prompts := []string{"chat", "read the readme", "loop forever", "edit hello", "list the files"}
	var attempts []attempt
	for i := range 20 {
		a := attempt{prompt: prompts[rng.IntN(len(prompts))], trace: filepath.Join(traces, fmt.Sprintf("%02d.jsonl", i))}
		k := rng.IntN(16)
		if i == 0 {
			// At least one kill lands mid-stream, in flight for certain.
			a.prompt, k = "loop forever", 6
		}
		args := []string{"run", "--trace", a.trace}
		if i%2 == 0 {
			args = append(args, "--session", string(sid))
		}
		p := e.start(append(args, a.prompt)...)
		a.killed = p.killAfter(t, k)
		a.code = p.wait(t)
		attempts = append(attempts, a)
	}

	// Restarted: the session is usable and its history whole.
	last := e.run("run", "--json", "--session", string(sid), "chat once more")
	if last.code != 0 {
		t.Fatalf("run after the crashes: exit %d\n%s", last.code, last.stderr)
	}

	ctx := context.Background()
	st := e.openStore() // opens cleanly: the schema is current and quick_check passes
	sessions, err := st.Sessions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[machine.RunID]engine.Run{}
	for _, s := range sessions {
		rec, err := st.Session(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		// The committed history is exactly the prompts of the runs that
		// completed, in order, each followed by the model's messages.
		var want, got []string
		for _, r := range rec.Runs {
			stored[r.ID] = r
			if r.Outcome == "" {
				t.Errorf("run %s of session %s is still in flight after a restart", r.ID, s.ID)
			}
			if r.Outcome == machine.OutcomeCompleted {
				want = append(want, r.Prompt)
			}
		}
		for _, m := range rec.History {
			if m.Role == machine.RoleUser {
				got = append(got, m.Content)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("session %s: history prompts %q, want the completed runs' %q", s.ID, got, want)
		}
		if n := len(rec.History); n > 0 && rec.History[n-1].Role != machine.RoleAssistant {
			t.Errorf("session %s: history ends with a %s message, want the answer", s.ID, rec.History[n-1].Role)
		}
	}

	seen := map[machine.RunID]bool{firstRun.ID: true}
	var lastRun engine.Run
	if err := json.Unmarshal(lastLine(last.stdout), &lastRun); err != nil {
		t.Fatal(err)
	}
	seen[lastRun.ID] = true
	stopped := 0
	for i, a := range attempts {
		ts := readTrace(t, a.trace)
		if len(ts) == 0 {
			continue // killed before its run began
		}
		id := ts[0].RunID
		seen[id] = true
		r, ok := stored[id]
		// The run_started checkpoint is written before the second transition.
		if len(ts) >= 2 && !ok {
			t.Errorf("attempt %d (%q, killed %v): run %s lost from the audit trail", i, a.prompt, a.killed, id)
			continue
		}
		if !ok {
			continue
		}
		ended := ts[len(ts)-1].To == machine.StateTerminal
		switch {
		case !a.killed:
			if a.code != 0 || r.Outcome != machine.OutcomeCompleted {
				t.Errorf("attempt %d (%q) ran to its end: exit %d, recorded %s; want 0, completed", i, a.prompt, a.code, r.Outcome)
			}
		case r.Error != nil && r.Error.Message == "daemon stopped":
			stopped++
			if r.Outcome != machine.OutcomeFailed || r.Error.Kind != machine.KindInternal || r.EndedAt.IsZero() {
				t.Errorf("attempt %d: recovered run = %+v, want failed Internal with an end time", i, r)
			}
		case !ended:
			t.Errorf("attempt %d (%q) was killed in flight but is recorded %s (%+v), want failed \"daemon stopped\"", i, a.prompt, r.Outcome, r.Error)
		}
	}
	if stopped == 0 {
		t.Errorf("no run was recorded as stopped by the kills")
	}
	for id := range stored {
		if !seen[id] {
			t.Errorf("the store holds run %s that no process ran", id)
		}
	}
	if _, ok := stored[firstRun.ID]; !ok {
		t.Errorf("the first, completed run is missing")
	}

	// Edits are atomic: whatever the kill interrupted, the file is whole.
	b, err := os.ReadFile(filepath.Join(e.root, "hello.txt"))
	if err != nil || (string(b) != "hello\n" && string(b) != "goodbye\n") {
		t.Errorf("hello.txt = %q, %v; want the old or the new text whole", b, err)
	}
	t.Logf("%d attempts, %d runs recorded, %d recovered as stopped", len(attempts), len(stored), stopped)
}
