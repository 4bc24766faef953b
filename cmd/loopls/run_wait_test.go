package main

import (
	"encoding/json"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/rpc"
)

// A model call that stays silent (a server busy with an earlier request, or
// loading the model) does not look like a hang: after a while the run says
// what it is waiting for, once, and Ctrl-C still cancels it.
func TestRunSaysWhatASilentModelCallWaitsFor(t *testing.T) {
	e := newEnv(t, fakeollama.Options{Script: func(*api.ChatRequest) *fakeollama.Reply {
		return &fakeollama.Reply{Stall: true} // headers, then nothing
	}})
	p := e.start("run", "chat")
	const note = "no answer from the model yet after 10s"
	deadline := time.After(2*waitBound + engine.DefaultModelWaitNotice)
	for !strings.Contains(p.stderr.String(), note) {
		select {
		case <-deadline:
			t.Fatalf("no wait notice; stderr:\n%s", p.stderr.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := p.wait(t); code != exitCancelled {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitCancelled, p.stderr.String())
	}
	if n := strings.Count(p.stderr.String(), note); n != 1 {
		t.Errorf("the notice came %d times, want once; stderr:\n%s", n, p.stderr.String())
	}
	if !strings.Contains(p.stderr.String(), "Ollama answers one request per model at a time") {
		t.Errorf("the notice does not say why; stderr:\n%s", p.stderr.String())
	}
}

// A model that answers in time gets no notice.
func TestRunWithoutWaitGetsNoNotice(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	r := e.run("run", "chat")
	if r.code != 0 || strings.Contains(r.stderr, "no answer from the model yet") {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
}

// The threshold is the modelWaitNotice setting, in seconds; --json prints
// the notice as one "modelWait" line, loopls/modelWait's params.
func TestRunModelWaitNoticeFollowsTheSetting(t *testing.T) {
	e := newEnv(t, fakeollama.Options{Script: func(*api.ChatRequest) *fakeollama.Reply {
		return &fakeollama.Reply{Stall: true}
	}})
	p := e.start("run", "--json", "--set", "modelWaitNotice=1", "chat")
	const note = "no answer from the model yet after 1s: it may still be loading"
	deadline := time.After(2*waitBound + time.Second)
	for !strings.Contains(p.stderr.String(), note) || !strings.Contains(p.stdout.String(), `"type":"modelWait"`) {
		select {
		case <-deadline:
			t.Fatalf("no wait notice; stdout:\n%s\nstderr:\n%s", p.stdout.String(), p.stderr.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := p.wait(t); code != exitCancelled {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitCancelled, p.stderr.String())
	}
	if n := strings.Count(p.stderr.String(), "no answer from the model yet"); n != 1 {
		t.Errorf("the notice came %d times on stderr, want once; stderr:\n%s", n, p.stderr.String())
	}
	var lines []rpc.ModelWaitParams
	for _, l := range strings.Split(p.stdout.String(), "\n") {
		if !strings.Contains(l, `"type":"modelWait"`) {
			continue
		}
		var w rpc.ModelWaitParams
		if err := json.Unmarshal([]byte(l), &w); err != nil {
			t.Fatalf("modelWait line %q: %v", l, err)
		}
		lines = append(lines, w)
	}
	if len(lines) != 1 || lines[0].RunID == "" || lines[0].AfterMs != 1000 || lines[0].Turn != 0 || !strings.HasPrefix(lines[0].Message, note) {
		t.Errorf("modelWait lines = %+v, want one with runId, turn 0, afterMs 1000 and the message", lines)
	}
}
