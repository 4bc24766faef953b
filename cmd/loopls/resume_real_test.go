//go:build realollama

package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/store"
)

// The real-Ollama suite resumes one run: "read the README" is killed with
// SIGKILL once its second model request is under way (after the
// tool_results checkpoint), and loopls run --resume finishes it under the
// same id without reading the file again.
func TestRealRunResumesAfterKill(t *testing.T) {
	e := newRealEnv(t, realOllamaForModels(t))
	// The real model may load cold first (minutes on a loaded CPU).
	ctx, cancel := context.WithTimeout(context.Background(), 15*waitBound)
	defer cancel()
	c := e.cmd(ctx, "run", "read the README")
	se, err := c.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout0 strings.Builder
	c.Stdout = &stdout0
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	errs := watch(se)
	for _, want := range []string{"(tool_results)", "Start → AwaitingModel (call_llm) · turn 1"} {
		if !errs.waitWithin(want, 15*waitBound) {
			t.Fatalf("no %q; stderr:\n%s\nstdout:\n%s", want, errs.String(), stdout0.String())
		}
	}
	if err := c.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-errs.done
	c.Wait()

	st, err := store.Open(ctx, filepath.Join(e.state, "loopls"), e.root)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sessions, err := st.Sessions(ctx)
	if err != nil || len(sessions) != 1 || sessions[0].ResumableRun == "" {
		t.Fatalf("sessions after the kill = %+v, %v; want one with a resumable run\nstderr:\n%s", sessions, err, errs.String())
	}
	id := sessions[0].ResumableRun
	code, stdout, stderr := e.run("run", "--json", "--resume", string(id))
	if code != 0 {
		t.Fatalf("resume: exit %d; stderr:\n%s", code, stderr)
	}
	var run engine.Run
	if err := json.Unmarshal(lastLine(stdout), &run); err != nil {
		t.Fatal(err)
	}
	if run.ID != id || run.Outcome != machine.OutcomeCompleted || run.Turns != 2 || !strings.Contains(run.Output, "The tool result was received.") {
		t.Errorf("resumed run = %+v, want %s completed in 2 turns", run, id)
	}
	if strings.Contains(stderr, "read_file") {
		t.Errorf("the resumed run read the file again:\n%s", stderr)
	}
}

// waitWithin waits up to d for the stream to hold s; false when it ended or
// the time ran out without it.
func (w *watcher) waitWithin(s string, d time.Duration) bool {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for !strings.Contains(w.String(), s) {
		select {
		case <-w.more:
		case <-w.done:
			return strings.Contains(w.String(), s)
		case <-deadline.C:
			return false
		}
	}
	return true
}
