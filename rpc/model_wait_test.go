package rpc_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/rpc"
)

// heldModel is a scripted Ollama whose calls for prompts starting with
// "hold" send nothing (not even headers) until release is closed, as a
// server still busy with an earlier request does, then answer.
func heldModel(t *testing.T) (srv *fakeollama.Server, asked <-chan struct{}, release func()) {
	t.Helper()
	askedc, releasec := make(chan struct{}, 16), make(chan struct{})
	srv = fakeollama.StartTB(t, fakeollama.Options{Script: func(req *api.ChatRequest) *fakeollama.Reply {
		last := req.Messages[len(req.Messages)-1]
		if last.Role != "user" || !strings.HasPrefix(last.Content, "hold") {
			return nil
		}
		askedc <- struct{}{}
		<-releasec
		return fakeollama.Text("late", " answer.")
	}})
	released := false
	release = func() {
		if !released {
			released = true
			close(releasec)
		}
	}
	// Registered after the server, so it runs before the server's close.
	t.Cleanup(release)
	return srv, askedc, release
}

// A model call that stays silent does not leave the editor with a bare
// spinner: after modelWaitNotice seconds the daemon sends loopls/modelWait
// once, and says the same on the run's progress; the run then goes on.
func TestDaemonSaysWhatASilentModelCallWaitsFor(t *testing.T) {
	srv, asked, release := heldModel(t)
	root := t.TempDir()
	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host)
	c.initialize(root, map[string]any{"window": map[string]any{"workDoneProgress": true}},
		map[string]any{"modelWaitNotice": 1})

	_, answer := c.send("loopls/run", map[string]any{"prompt": "hold on", "workDoneToken": "wait-tok"})
	select {
	case <-asked:
	case <-timeAfter():
		t.Fatal("the run never asked its model")
	}
	m := c.waitFor("loopls/modelWait", func(m *wireMsg) bool { return m.Method == "loopls/modelWait" })
	w := params[rpc.ModelWaitParams](t, m)
	if w.RunID == "" || w.Turn != 0 || w.Model != "ollama:tiny" || w.AfterMs != 1000 ||
		!strings.HasPrefix(w.Message, "no answer from the model yet after 1s: it may still be loading") ||
		!strings.Contains(w.Message, "Ollama answers one request per model at a time") {
		t.Errorf("loopls/modelWait params = %+v", w)
	}
	c.waitFor("the notice on the run's progress", func(m *wireMsg) bool {
		return m.Method == "$/progress" && strings.Contains(string(m.Params), `"report"`) &&
			strings.Contains(string(m.Params), "turn 1 · thinking · no answer from the model yet after 1s")
	})
	release()
	res := c.await(answer)
	if res.Error != nil || !strings.Contains(string(res.Result), `"outcome":"completed"`) || !strings.Contains(string(res.Result), "late answer.") {
		t.Fatalf("loopls/run answered %s %v", res.Result, res.Error)
	}
	runEnded(t, c, w.RunID)

	if n := len(c.messages("loopls/modelWait")); n != 1 {
		t.Errorf("%d loopls/modelWait notifications, want 1", n)
	}
	var reports int
	for _, m := range c.messages("$/progress") {
		if strings.Contains(string(m.Params), "no answer from the model yet") {
			reports++
		}
	}
	if reports != 1 {
		t.Errorf("%d progress reports carry the notice, want 1", reports)
	}
	// The notice came while the call was in flight: before its answer.
	c.mu.Lock()
	log := slices.Clone(c.log)
	c.mu.Unlock()
	iw := slices.IndexFunc(log, func(m *wireMsg) bool { return m.Method == "loopls/modelWait" })
	ia := slices.IndexFunc(log, func(m *wireMsg) bool {
		return m.Method == "loopls/transition" && strings.Contains(string(m.Params), `"from":"AwaitingModel"`)
	})
	if iw < 0 || ia < 0 || iw > ia {
		t.Errorf("loopls/modelWait (message %d) does not precede the model's answer (message %d)", iw, ia)
	}
}

// A model that answers in time gets no notice.
func TestDaemonFastAnswerGetsNoModelWait(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, map[string]any{"window": map[string]any{"workDoneProgress": true}}, nil)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat", "workDoneToken": "fast"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("outcome %s", res.Outcome)
	}
	runEnded(t, f.c, res.RunID)
	if n := len(f.c.messages("loopls/modelWait")); n != 0 {
		t.Errorf("%d loopls/modelWait notifications for a model that answered at once", n)
	}
	for _, m := range f.c.messages("$/progress") {
		if strings.Contains(string(m.Params), "no answer from the model yet") {
			t.Errorf("progress carries the notice: %s", m.Params)
		}
	}
}
