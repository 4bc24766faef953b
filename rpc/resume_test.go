package rpc_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// resumeWorld is a workspace, a state directory and a scripted Ollama that
// outlive the daemons a test starts and kills on them.
type resumeWorld struct {
	t     *testing.T
	srv   *fakeollama.Server
	root  string
	state string
	env   []string // more environment for its daemons
}

func newResumeWorld(t *testing.T, script func(*api.ChatRequest) *fakeollama.Reply) *resumeWorld {
	t.Helper()
	w := &resumeWorld{t: t, root: t.TempDir(), state: t.TempDir()}
	w.srv = fakeollama.StartTB(t, fakeollama.Options{Script: script})
	writeFile(t, filepath.Join(w.root, "README.md"), "# demo\n\nA project for loopls tests.\n")
	writeFile(t, filepath.Join(w.root, "hello.txt"), "hello world\n")
	return w
}

// daemon starts a daemon on the world's state and initializes it.
func (w *resumeWorld) daemon(opts map[string]any) *client {
	w.t.Helper()
	c := startClient(w.t, w.root, append([]string{"LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST=" + w.srv.Host,
		"XDG_STATE_HOME=" + w.state, "HOME=" + w.state}, w.env...)...)
	c.initialize(w.root, nil, opts)
	return c
}

// kill9 kills a daemon with SIGKILL and waits for it to be gone.
func kill9(t *testing.T, c *client) {
	t.Helper()
	if err := c.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c.exited:
	case <-time.After(wait):
		t.Fatal("the killed daemon did not exit")
	}
}

// lastUserText is the content of the last user message of a request.
func lastUserText(req *api.ChatRequest) string {
	for i := len(req.Messages) - 1; i >= 0; i-- {
		if req.Messages[i].Role == "user" {
			return req.Messages[i].Content
		}
	}
	return ""
}

// slowText streams words slowly: a kill lands mid-stream.
func slowText(words ...string) *fakeollama.Reply {
	r := fakeollama.Text(words...)
	r.Delay = 150 * time.Millisecond
	return r
}

// storedRun is a run as loopls/session lists it.
type storedRun struct {
	RunID     machine.RunID      `json:"runId"`
	Outcome   string             `json:"outcome"`
	Turns     int                `json:"turns"`
	Resumable bool               `json:"resumable"`
	StoppedIn *engine.StoppedIn  `json:"stoppedIn"`
	Error     *machine.LoopError `json:"error"`
}

func sessionRuns(t *testing.T, c *client, id machine.SessionID) []storedRun {
	t.Helper()
	var sess struct {
		Runs []storedRun `json:"runs"`
	}
	c.mustRequest("loopls/session", map[string]any{"sessionId": id}, &sess)
	return sess.Runs
}

// comparable strips what differs between two runs of one script: nothing
// but the text, roles and tool calls remain.
func comparable(msgs []machine.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString(string(m.Role) + ": " + m.Content + "\n")
		for _, c := range m.ToolCalls {
			b.WriteString("  call " + c.Name + " " + string(c.Arguments) + "\n")
		}
	}
	return b.String()
}

// kill -9 while the model streams turn 2 of a run whose turn 1 read a file;
// restart; loopls/resumeRun. The run completes under the same id, the
// model's next request holds the file's result exactly once, the tool did
// not run again, transition seq goes on, and the history equals that of an
// uninterrupted run.
func TestResumeAfterKillWhileTurnTwoStreams(t *testing.T) {
	var slow atomic.Bool
	slow.Store(true)
	script := func(req *api.ChatRequest) *fakeollama.Reply {
		n := len(req.Messages)
		if !strings.HasPrefix(lastUserText(req), "resume read") {
			return nil
		}
		if req.Messages[n-1].Role == "user" {
			return fakeollama.ToolCalls(fakeollama.Call{Name: "read_file", Args: `{"path":"README.md"}`})
		}
		if slow.Load() {
			return slowText("The", " readme", " says", " demo", " and", " more", " words", " follow", " here", ".")
		}
		return fakeollama.Text("The", " readme", " says", " demo", " and", " more", " words", " follow", " here", ".")
	}
	w := newResumeWorld(t, script)

	// The uninterrupted run of the same script, for comparison.
	slow.Store(false)
	ref := w.daemon(nil)
	var want runResult
	ref.mustRequest("loopls/run", map[string]any{"prompt": "resume read the readme"}, &want)
	wantHistory := comparable(sessionHistory(t, ref, want.SessionID))
	ref.shutdownExit()
	slow.Store(true)

	a := w.daemon(nil)
	a.send("loopls/run", map[string]any{"prompt": "resume read the readme"})
	var runID machine.RunID
	a.waitFor("a delta of turn 2", func(m *wireMsg) bool {
		if m.Method != "loopls/transition" {
			return false
		}
		tr := params[engine.Transition](t, m)
		if tr.Event == machine.EventCallLLM && tr.Turn == 1 {
			runID = tr.RunID
			return true
		}
		return false
	})
	a.waitFor("turn 2 streaming", func(m *wireMsg) bool {
		return m.Method == "loopls/delta" && strings.Contains(string(m.Params), string(runID))
	})
	before := transitionsOf(t, a, runID)
	reads := 0
	for _, m := range a.messages("loopls/toolCall") {
		if strings.Contains(string(m.Params), `"completed"`) {
			reads++
		}
	}
	if reads != 1 {
		t.Fatalf("before the kill the daemon reported %d completed tool calls, want 1", reads)
	}
	kill9(t, a)
	requestsBefore := len(w.srv.Requests())

	b := w.daemon(nil)
	var sessions []struct {
		SessionID    machine.SessionID `json:"sessionId"`
		ResumableRun machine.RunID     `json:"resumableRun"`
	}
	b.mustRequest("loopls/sessions", nil, &sessions)
	var sid machine.SessionID
	for _, s := range sessions {
		if s.ResumableRun == runID {
			sid = s.SessionID
		}
	}
	if sid == "" {
		t.Fatalf("loopls/sessions = %+v: no session marks run %s resumable", sessions, runID)
	}
	runs := sessionRuns(t, b, sid)
	if len(runs) != 1 || !runs[0].Resumable || runs[0].Outcome != "failed" || runs[0].Error == nil ||
		runs[0].Error.Kind != machine.KindInternal || runs[0].StoppedIn == nil ||
		runs[0].StoppedIn.State != machine.StateStart || runs[0].StoppedIn.Turn != 1 {
		t.Fatalf("stored run after the kill = %+v (stoppedIn %+v), want failed Internal, resumable, stopped in Start turn 1", runs, runs[0].StoppedIn)
	}

	var got runResult
	b.mustRequest("loopls/resumeRun", map[string]any{"runId": runID}, &got)
	if got.RunID != runID || got.Outcome != "completed" || got.Turns != 2 || got.SessionID != sid {
		t.Errorf("resumed run = %+v, want run %s completed in 2 turns", got, runID)
	}
	ended := runEnded(t, b, runID)
	if ended.Outcome != "completed" {
		t.Errorf("loopls/runEnded = %+v", ended)
	}
	// The tool did not run again: no tool call, no AwaitingTools.
	for _, m := range b.messages("loopls/toolCall") {
		t.Errorf("the resumed run reported a tool call: %s", m.Params)
	}
	after := transitionsOf(t, b, runID)
	last := before[len(before)-1]
	if len(after) == 0 || after[0].Event != machine.EventCallLLM || after[0].From != machine.StateStart {
		t.Fatalf("resumed transitions = %+v, want call_llm from Start first", after)
	}
	// The checkpoint was taken at tool_results; the call_llm the killed
	// daemon reported after it is numbered again.
	if after[0].Seq != last.Seq {
		t.Errorf("first resumed seq = %d, want %d (after the tool_results checkpoint)", after[0].Seq, last.Seq)
	}
	for i := 1; i < len(after); i++ {
		if after[i].Seq != after[i-1].Seq+1 {
			t.Errorf("resumed seqs not consecutive: %+v", after)
		}
	}
	// The interrupted turn's request was sent again, with the result once.
	reqs := w.srv.Requests()
	if len(reqs) != requestsBefore+1 {
		t.Fatalf("the resumed run made %d model requests, want 1", len(reqs)-requestsBefore)
	}
	resent, killed := reqs[len(reqs)-1], reqs[requestsBefore-1]
	results := 0
	for _, m := range resent.Messages {
		if m.Role == "tool" {
			results++
			if !strings.Contains(m.Content, "A project for loopls tests.") {
				t.Errorf("tool result = %q, want the README", m.Content)
			}
		}
	}
	if results != 1 {
		t.Errorf("the resumed request holds %d tool results, want exactly 1", results)
	}
	if rb, kb := mustJSON(t, resent.Messages), mustJSON(t, killed.Messages); rb != kb {
		t.Errorf("the resumed request's messages differ from the interrupted one's:\n%s\n%s", rb, kb)
	}
	if h := comparable(sessionHistory(t, b, sid)); h != wantHistory {
		t.Errorf("history after resume:\n%s\nwant that of the uninterrupted run:\n%s", h, wantHistory)
	}
	runs = sessionRuns(t, b, sid)
	if len(runs) != 1 || runs[0].Outcome != "completed" || runs[0].Resumable || runs[0].StoppedIn != nil {
		t.Errorf("stored run after resume = %+v, want one completed run", runs)
	}
	// A run resumed once is not resumable again.
	if _, werr := b.request("loopls/resumeRun", map[string]any{"runId": runID}); werr == nil || werr.Code != -31005 ||
		!strings.Contains(werr.Message, "completed") {
		t.Errorf("resuming a completed run: %+v, want -31005 saying it completed", werr)
	}
}

// waitExists waits (bounded) until path exists.
func waitExists(t *testing.T, path string) {
	t.Helper()
	eventually(t, path+" to appear", func() bool { _, err := os.Stat(path); return err == nil })
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// kill -9 while run_command runs: the command is not run again, and the
// model is told it was interrupted.
func TestResumeAfterKillWhileCommandRuns(t *testing.T) {
	script := func(req *api.ChatRequest) *fakeollama.Reply {
		n := len(req.Messages)
		if !strings.HasPrefix(lastUserText(req), "resume sleep") {
			return nil
		}
		if req.Messages[n-1].Role == "user" {
			return fakeollama.ToolCalls(fakeollama.Call{Name: "run_command", Args: `{"command":"touch ran.txt && sleep 30"}`})
		}
		return fakeollama.Text("Noted", " the", " interruption.")
	}
	w := newResumeWorld(t, script)
	// The marker must appear while the line still runs: only with the layer
	// off (the escape hatch); with it on the line's writes reach the disk
	// after it, never while it runs (command/layer_test.go).
	w.env = []string{"LOOPLS_LAYER=off"}
	opts := map[string]any{"allowCommands": true, "allowedCommands": []string{"sleep", "touch"}}
	a := w.daemon(opts)
	a.send("loopls/run", map[string]any{"prompt": "resume sleep a while"})
	m := a.waitFor("run_command running", func(m *wireMsg) bool {
		return m.Method == "loopls/toolCall" && strings.Contains(string(m.Params), `"run_command"`) &&
			strings.Contains(string(m.Params), `"running"`)
	})
	var call struct {
		RunID machine.RunID `json:"runId"`
	}
	if err := json.Unmarshal(m.Params, &call); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(w.root, "ran.txt")
	waitExists(t, marker)
	kill9(t, a)
	if err := os.Remove(marker); err != nil {
		t.Fatal(err)
	}
	requestsBefore := len(w.srv.Requests())

	b := w.daemon(opts)
	var got runResult
	b.mustRequest("loopls/resumeRun", map[string]any{"runId": call.RunID}, &got)
	if got.Outcome != "completed" || got.RunID != call.RunID {
		t.Errorf("resumed run = %+v, want completed", got)
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("the command ran again after the resume (%s exists again: %v)", marker, err)
	}
	for _, m := range b.messages("loopls/toolCall") {
		if strings.Contains(string(m.Params), `"completed"`) || !strings.Contains(string(m.Params), "interrupted") &&
			!strings.Contains(string(m.Params), `"running"`) {
			t.Errorf("the resumed run reported the command other than interrupted: %s", m.Params)
		}
	}
	reqs := w.srv.Requests()
	if len(reqs) != requestsBefore+1 {
		t.Fatalf("the resumed run made %d model requests, want 1", len(reqs)-requestsBefore)
	}
	var told []string
	for _, m := range reqs[len(reqs)-1].Messages {
		if m.Role == "tool" {
			told = append(told, m.Content)
		}
	}
	if len(told) != 1 || !strings.Contains(told[0], machine.InterruptedToolText) {
		t.Errorf("tool results sent after resume = %q, want the interruption notice once", told)
	}
}

// A run that cannot be resumed gets -31005 with the reason: an unknown run,
// a run that completed, and a run whose session has run since it stopped.
func TestResumeRefusals(t *testing.T) {
	w := newResumeWorld(t, nil)
	a := w.daemon(nil)
	if _, werr := a.request("loopls/resumeRun", map[string]any{"runId": "run_nope"}); werr == nil || werr.Code != -31005 {
		t.Errorf("resuming an unknown run: %+v, want -31005", werr)
	}
	if _, werr := a.request("loopls/resumeRun", map[string]any{}); werr == nil || werr.Code != -32602 {
		t.Errorf("resuming without a runId: %+v, want invalid params", werr)
	}
	var first runResult
	a.mustRequest("loopls/run", map[string]any{"prompt": "chat first"}, &first)
	if _, werr := a.request("loopls/resumeRun", map[string]any{"runId": first.RunID}); werr == nil || werr.Code != -31005 ||
		!strings.Contains(werr.Message, "completed") {
		t.Errorf("resuming a completed run: %+v, want -31005 saying it completed", werr)
	}
	a.send("loopls/run", map[string]any{"prompt": "loop forever", "session": first.SessionID})
	m := a.waitFor("the looping run's first delta", func(m *wireMsg) bool {
		return m.Method == "loopls/delta" && !strings.Contains(string(m.Params), string(first.RunID))
	})
	var delta struct {
		RunID machine.RunID `json:"runId"`
	}
	if err := json.Unmarshal(m.Params, &delta); err != nil {
		t.Fatal(err)
	}
	kill9(t, a)

	b := w.daemon(nil)
	runs := sessionRuns(t, b, first.SessionID)
	if len(runs) != 2 || !runs[1].Resumable || runs[1].RunID != delta.RunID {
		t.Fatalf("runs after the kill = %+v, want the killed one resumable", runs)
	}
	var next runResult
	b.mustRequest("loopls/run", map[string]any{"prompt": "chat again", "session": first.SessionID}, &next)
	_, werr := b.request("loopls/resumeRun", map[string]any{"runId": delta.RunID})
	if werr == nil || werr.Code != -31005 || !strings.Contains(werr.Message, "has run since") {
		t.Errorf("resuming a run whose session ran since: %+v, want -31005 saying so", werr)
	}
	runs = sessionRuns(t, b, first.SessionID)
	if len(runs) != 3 || runs[1].Resumable || runs[1].StoppedIn == nil || runs[1].StoppedIn.State != machine.StateStart {
		t.Errorf("runs = %+v, want the killed one no longer resumable but still saying where it stopped", runs)
	}
	var sessions []struct {
		ResumableRun machine.RunID `json:"resumableRun"`
	}
	b.mustRequest("loopls/sessions", nil, &sessions)
	for _, s := range sessions {
		if s.ResumableRun != "" {
			t.Errorf("loopls/sessions still marks run %s resumable", s.ResumableRun)
		}
	}
}

// An ask run stopped by a kill and resumed is still an ask run: the
// resumed model requests offer only the read-only tools, whatever mode
// loopls/resumeRun used to pick (issue 23: it gave the run edit's tools).
func TestResumedAskRunKeepsItsMode(t *testing.T) {
	script := func(req *api.ChatRequest) *fakeollama.Reply {
		if !strings.HasPrefix(lastUserText(req), "resume ask") {
			return nil
		}
		if req.Messages[len(req.Messages)-1].Role == "user" {
			return fakeollama.ToolCalls(fakeollama.Call{Name: "read_file", Args: `{"path":"README.md"}`})
		}
		return slowText("The", " readme", " says", " demo", " and", " more", " words", " follow", " here", ".")
	}
	w := newResumeWorld(t, script)
	a := w.daemon(nil)
	a.send("loopls/run", map[string]any{"prompt": "resume ask about the readme", "mode": "ask"})
	var runID machine.RunID
	a.waitFor("turn 2 starting", func(m *wireMsg) bool {
		if m.Method != "loopls/transition" {
			return false
		}
		tr := params[engine.Transition](t, m)
		if tr.Event == machine.EventCallLLM && tr.Turn == 1 {
			runID = tr.RunID
			return true
		}
		return false
	})
	a.waitFor("turn 2 streaming", func(m *wireMsg) bool {
		return m.Method == "loopls/delta" && strings.Contains(string(m.Params), string(runID))
	})
	kill9(t, a)
	before := len(w.srv.Requests())

	b := w.daemon(map[string]any{"mode": "auto"})
	var got runResult
	b.mustRequest("loopls/resumeRun", map[string]any{"runId": runID}, &got)
	if got.Outcome != "completed" {
		t.Fatalf("resumed run = %+v", got)
	}
	reqs := w.srv.Requests()[before:]
	if len(reqs) == 0 {
		t.Fatal("the resumed run asked the model nothing")
	}
	for _, req := range reqs {
		for _, tl := range req.Tools {
			switch tl.Function.Name {
			case "write_file", "edit_file", "run_command":
				t.Errorf("the resumed ask run was offered %s", tl.Function.Name)
			}
		}
	}
}
