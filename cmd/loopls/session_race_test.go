package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// slowRace answers prompts that start with "race" slowly enough that two
// processes started together overlap.
func slowRace(req *api.ChatRequest) *fakeollama.Reply {
	if n := len(req.Messages); n > 0 && strings.HasPrefix(req.Messages[n-1].Content, "race") {
		r := fakeollama.Text("one", " two", " three", " four", " five")
		r.Delay = 20 * time.Millisecond
		return r
	}
	return nil
}

// While one loopls process runs a session, another process's run on it is
// refused: exit 1 and a line that says the session is busy. The first run
// is not disturbed, and the session runs again once it ended.
func TestRunOnABusySessionIsRefused(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	first := e.run("run", "--json", "chat")
	if first.code != 0 {
		t.Fatalf("first run: exit %d\n%s", first.code, first.stderr)
	}
	var run engine.Run
	if err := json.Unmarshal(lastLine(first.stdout), &run); err != nil {
		t.Fatal(err)
	}
	sid := string(run.SessionID)

	a := e.start("run", "--session", sid, "loop forever")
	a.stdout.waitFor(t, "tick")
	b := e.run("run", "--session", sid, "chat")
	if b.code != 1 || !strings.Contains(b.stderr, "busy") || !strings.Contains(b.stderr, "another loopls process") {
		t.Errorf("second process on the busy session: exit %d, stderr %q; want 1 and a busy line", b.code, b.stderr)
	}
	if err := a.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := a.wait(t); code != exitCancelled {
		t.Errorf("cancelled run: exit %d, want %d", code, exitCancelled)
	}
	c := e.run("run", "--session", sid, "chat again")
	if c.code != 0 {
		t.Fatalf("run after the first ended: exit %d\n%s", c.code, c.stderr)
	}
	rec, err := e.openStore().Session(context.Background(), run.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	var prompts []string
	for _, m := range rec.History {
		if m.Role == machine.RoleUser {
			prompts = append(prompts, m.Content)
		}
	}
	if !slices.Equal(prompts, []string{"chat", "chat again"}) {
		t.Errorf("history prompts = %q, want the two completed runs'", prompts)
	}
}

// Two loopls processes run one session at the same moment, fifty times.
// Each either completes and its turn is in the history, or is refused as
// busy; a process never reports completed for a turn the history lost.
func TestTwoRunsOnOneSessionAppendOrRefuse(t *testing.T) {
	e := newEnv(t, fakeollama.Options{Script: slowRace})
	first := e.run("run", "--json", "chat")
	if first.code != 0 {
		t.Fatalf("first run: exit %d\n%s", first.code, first.stderr)
	}
	var run engine.Run
	if err := json.Unmarshal(lastLine(first.stdout), &run); err != nil {
		t.Fatal(err)
	}
	sid := string(run.SessionID)
	want := []string{"chat"}
	busy := 0
	for i := range 50 {
		prompts := []string{fmt.Sprintf("race %02d a", i), fmt.Sprintf("race %02d b", i)}
		ps := []*started{e.start("run", "--session", sid, prompts[0]), e.start("run", "--session", sid, prompts[1])}
		for j, p := range ps {
			switch code := p.wait(t); code {
			case 0:
				want = append(want, prompts[j])
			case 1:
				if !strings.Contains(p.stderr.String(), "busy") {
					t.Fatalf("round %d: exit 1 without a busy line:\n%s", i, p.stderr.String())
				}
				busy++
			default:
				t.Fatalf("round %d: exit %d:\n%s", i, code, p.stderr.String())
			}
		}
	}
	rec, err := e.openStore().Session(context.Background(), run.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for k, m := range rec.History {
		if m.Role != machine.RoleUser {
			continue
		}
		got = append(got, m.Content)
		if k+1 >= len(rec.History) || rec.History[k+1].Role != machine.RoleAssistant {
			t.Errorf("turn %q lacks its answer", m.Content)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("history holds %q, want exactly the completed runs' %q", got, want)
	}
	t.Logf("%d turns appended, %d runs refused as busy", len(want)-1, busy)
}
