package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// acpClient drives a `loopls acp` process over its real pipes, one JSON
// message a line, as an editor does.
type acpClient struct {
	t    *testing.T
	p    *started
	in   io.WriteCloser
	msgs chan map[string]any
	next int
	seen []map[string]any // every message received, in order
}

func startACP(t *testing.T, e *env) *acpClient {
	t.Helper()
	c := e.cmd("acp")
	in, err := c.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	se, err := c.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	p := &started{cmd: c, stdout: watch(strings.NewReader("")), stderr: watch(se), exited: make(chan struct{})}
	msgs := make(chan map[string]any, 1024)
	go func() {
		defer close(msgs)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = map[string]any{"notJSON": sc.Text()}
			}
			msgs <- m
		}
	}()
	done := make(chan struct{})
	go func() {
		<-p.stderr.done
		p.err = c.Wait()
		close(p.exited)
		close(done)
	}()
	t.Cleanup(func() {
		in.Close()
		c.Process.Kill()
		<-done
	})
	return &acpClient{t: t, p: p, in: in, msgs: msgs}
}

// call sends a request and returns its id.
func (c *acpClient) call(method string, params any) float64 {
	c.t.Helper()
	c.next++
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.next, "method": method, "params": params})
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.in.Write(append(b, '\n')); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	return float64(c.next)
}

// until reads messages until stop holds for one (bounded), and returns it.
func (c *acpClient) until(what string, stop func(m map[string]any) bool) map[string]any {
	c.t.Helper()
	deadline := time.After(waitBound)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("waiting for %s: stdout closed; stderr:\n%s", what, c.p.stderr.String())
			}
			if _, bad := m["notJSON"]; bad {
				c.t.Fatalf("stdout line is not JSON: %v", m)
			}
			if m["method"] != nil && m["id"] != nil {
				c.t.Fatalf("waiting for %s: unexpected request from the agent: %v", what, m)
			}
			c.seen = append(c.seen, m)
			if stop(m) {
				return m
			}
		case <-deadline:
			c.t.Fatalf("no %s within %v; the last messages seen:\n%s\nstderr:\n%s", what, waitBound, c.lastSeen(12), c.p.stderr.String())
		}
	}
}

// lastSeen is the last n messages from the agent, one line each (cut at 300
// bytes), for a failure to say how far the agent got.
func (c *acpClient) lastSeen(n int) string {
	var b strings.Builder
	for _, m := range c.seen[max(0, len(c.seen)-n):] {
		line, _ := json.Marshal(m)
		if len(line) > 300 {
			line = append(line[:300], "…"...)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// answer returns the result of request id, waiting for its answer unless
// an earlier wait already received it (an answer may come before or after
// the notifications a test waits for).
func (c *acpClient) answer(id float64) map[string]any {
	c.t.Helper()
	isAnswer := func(m map[string]any) bool { return m["id"] == id && m["method"] == nil }
	var m map[string]any
	for _, s := range c.seen {
		if isAnswer(s) {
			m = s
		}
	}
	if m == nil {
		m = c.until(fmt.Sprintf("answer %v", id), isAnswer)
	}
	if m["error"] != nil {
		c.t.Fatalf("request %v failed: %v", id, m["error"])
	}
	r, _ := m["result"].(map[string]any)
	return r
}

// update is one session/update's "update", nil for other messages.
func update(m map[string]any) map[string]any {
	if m["method"] != "session/update" {
		return nil
	}
	p, _ := m["params"].(map[string]any)
	u, _ := p["update"].(map[string]any)
	return u
}

// updateText is the text of a message or thought chunk.
func updateText(u map[string]any) string {
	c, _ := u["content"].(map[string]any)
	s, _ := c["text"].(string)
	return s
}

// resumeScript is the scripted model of the resume tests: a prompt that
// starts "acpresume" reads README.md, then stalls in turn 2 until restarted
// is set; after that, turn 2 answers "Resumed answer." and the number of
// tool results its request carried goes to resumed.
func resumeScript(restarted *atomic.Bool, resumed chan<- int) func(req *api.ChatRequest) *fakeollama.Reply {
	return func(req *api.ChatRequest) *fakeollama.Reply {
		var prompt string
		tools := 0
		for _, m := range req.Messages {
			switch m.Role {
			case "user":
				prompt, tools = m.Content, 0
			case "tool":
				tools++
			}
		}
		if !strings.HasPrefix(prompt, "acpresume") {
			return nil
		}
		switch {
		case tools == 0:
			return fakeollama.ToolCalls(fakeollama.Call{Name: "read_file", Args: `{"path":"README.md"}`})
		case !restarted.Load():
			return &fakeollama.Reply{Chunks: []fakeollama.Chunk{{Content: "partial"}}, Stall: true}
		default:
			resumed <- tools
			return fakeollama.Text("Resumed", " answer", ".")
		}
	}
}

// interruptACPRun starts `loopls acp`, prompts a new session with an
// "acpresume" prompt (see resumeScript), and kills the process with
// SIGKILL as soon as the stalled turn's text arrives, after the read_file
// result was recorded. It returns the session id the client got.
func interruptACPRun(t *testing.T, e *env) string {
	t.Helper()
	a := startACP(t, e)
	t.Cleanup(func() {
		if t.Failed() {
			// What the killed process logged (a checkpoint not stored, say)
			// explains a later step that finds nothing to load or resume.
			t.Logf("stderr of the killed loopls acp:\n%s", a.p.stderr.String())
		}
	})
	a.answer(a.call("initialize", map[string]any{"protocolVersion": 1}))
	sid, _ := a.answer(a.call("session/new", map[string]any{"cwd": e.root, "mcpServers": []any{}}))["sessionId"].(string)
	if sid == "" {
		t.Fatal("session/new gave no sessionId")
	}
	a.call("session/prompt", map[string]any{"sessionId": sid, "prompt": []any{map[string]any{"type": "text", "text": "acpresume read the readme"}}})
	a.until("the stalled turn's text", func(m map[string]any) bool {
		return strings.Contains(updateText(update(m)), "partial")
	})
	if err := a.p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-a.p.exited:
	case <-time.After(waitBound):
		t.Fatal("killed loopls acp did not exit")
	}
	return sid
}

// A run started through `loopls acp` is killed with SIGKILL while its second
// model turn streams, after the first turn's read_file result was recorded.
// A new `loopls acp` on the same state dir, asked to session/load the
// session, replays the history and then resumes the run through
// session.Manager.Resume: the client sees the replay, a note that the run
// resumes, the resumed turn's answer, and a note that it ended completed.
// The read_file call does not run again (no tool call is announced after
// the replay, and the resumed request carries its one recorded result).
// The kill may come at once after the run's first update: the session is
// stored under the id session/new gave from the run's claim on, so nothing
// session/load needs is written later (an alias written after the run had
// begun was once lost this way under load).
func TestACPLoadResumesInterruptedRun(t *testing.T) {
	binary(t) // built before any bounded wait starts
	var restarted atomic.Bool
	resumedTools := make(chan int, 4)
	e := newEnv(t, fakeollama.Options{Script: resumeScript(&restarted, resumedTools)})

	// First process: the run reads README.md, then stalls in turn 2.
	sid := interruptACPRun(t, e)

	// Second process: session/load replays, then resumes.
	restarted.Store(true)
	b := startACP(t, e)
	b.answer(b.call("initialize", map[string]any{"protocolVersion": 1}))
	load := b.call("session/load", map[string]any{"sessionId": sid, "cwd": e.root, "mcpServers": []any{}})
	end := b.until("the resumed run's end", func(m map[string]any) bool {
		if m["id"] == load && m["error"] != nil {
			t.Fatalf("session/load failed: %v; stderr:\n%s", m["error"], b.p.stderr.String())
		}
		return strings.Contains(updateText(update(m)), "loopls: the resumed run")
	})
	if text := updateText(update(end)); !strings.Contains(text, "ended: completed") {
		t.Fatalf("the resumed run did not complete: %q; stderr:\n%s", text, b.p.stderr.String())
	}
	b.answer(load)

	// What the client received, in order.
	var kinds []string
	userAt, replayReadAt, resumingAt, answerAt, endAt := -1, -1, -1, -1, -1
	var answer strings.Builder
	toolsAfterReplay := 0
	for i, m := range b.seen {
		u := update(m)
		if u == nil {
			continue
		}
		kind, _ := u["sessionUpdate"].(string)
		kinds = append(kinds, kind)
		text := updateText(u)
		switch {
		case kind == "user_message_chunk" && strings.Contains(text, "acpresume read the readme"):
			userAt = i
		case kind == "tool_call_update" && u["status"] == "completed" && resumingAt < 0:
			replayReadAt = i
		case kind == "agent_message_chunk" && strings.Contains(text, "loopls: resuming run"):
			resumingAt = i
		case kind == "agent_message_chunk" && strings.Contains(text, "ended: completed"):
			endAt = i
		case kind == "agent_message_chunk" && resumingAt >= 0 && endAt < 0:
			answer.WriteString(text)
			if answerAt < 0 {
				answerAt = i
			}
		}
		if resumingAt >= 0 && (kind == "tool_call" || kind == "tool_call_update") {
			toolsAfterReplay++
		}
	}
	t.Logf("updates: %v", kinds)
	if !(userAt >= 0 && userAt < replayReadAt && replayReadAt < resumingAt && resumingAt < answerAt && answerAt < endAt) {
		t.Errorf("order: user message at %d, replayed read_file result at %d, resuming note at %d, resumed answer at %d, end at %d; want them in that order", userAt, replayReadAt, resumingAt, answerAt, endAt)
	}
	if got := answer.String(); !strings.Contains(got, "Resumed answer.") {
		t.Errorf("resumed run's text = %q, want the resumed turn's answer", got)
	}
	if strings.Contains(answer.String(), "partial") {
		t.Errorf("the interrupted turn's uncommitted text came back: %q", answer.String())
	}
	if toolsAfterReplay != 0 {
		t.Errorf("%d tool call updates after the replay: read_file ran again", toolsAfterReplay)
	}
	select {
	case n := <-resumedTools:
		if n != 1 {
			t.Errorf("the resumed request carried %d tool results, want the one recorded", n)
		}
	default:
		t.Error("the model was never asked by the resumed run")
	}
	if len(resumedTools) != 0 {
		t.Errorf("the model was asked %d more times after the resume", len(resumedTools))
	}

	// A third process loads the session as before: nothing is left to resume.
	c := startACP(t, e)
	c.answer(c.call("initialize", map[string]any{"protocolVersion": 1}))
	c.answer(c.call("session/load", map[string]any{"sessionId": sid, "cwd": e.root, "mcpServers": []any{}}))
	c.answer(c.call("session/prompt", map[string]any{"sessionId": sid, "prompt": []any{map[string]any{"type": "text", "text": "hello again"}}}))
	for _, m := range c.seen {
		if strings.Contains(updateText(update(m)), "loopls: resuming run") {
			t.Errorf("a completed run was resumed again on load: %v", m)
		}
	}

	// The store agrees: the run completed under its id, and is no longer resumable.
	st := e.openStore()
	sessions, err := st.Sessions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var runs []engine.Run
	for _, s := range sessions {
		if s.ResumableRun != "" {
			t.Errorf("session %s still has resumable run %s", s.ID, s.ResumableRun)
		}
		rec, err := st.Session(context.Background(), s.ID)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, rec.Runs...)
	}
	if len(runs) != 2 || runs[0].Outcome != machine.OutcomeCompleted || runs[1].Outcome != machine.OutcomeCompleted {
		t.Errorf("runs = %+v, want the resumed run and the next prompt's, both completed", runs)
	}
}

// When session/load finds an interrupted run but cannot resume it, the user
// is told why in the session, not only in the log: here another live loopls
// (the test's own store, standing for a process between its claim of the
// session and its first checkpoint) has a run in flight in the session, so
// the claim to resume is refused as busy. The session's committed history
// is empty (the interrupted run was its first), so without the note the
// user would see an empty session and no word of the run; the client gets
// an agent message that names the run and the reason, nothing of the run,
// and the load itself succeeds; the model is not asked. Once that process is gone, loading the
// session again resumes the run: the message told the truth.
func TestACPLoadTellsWhyAnInterruptedRunDidNotResume(t *testing.T) {
	binary(t)
	var restarted atomic.Bool
	resumedTools := make(chan int, 4)
	e := newEnv(t, fakeollama.Options{Script: resumeScript(&restarted, resumedTools)})
	sid := interruptACPRun(t, e)
	restarted.Store(true)

	other := e.openStore()
	if _, err := other.Claim(context.Background(), engine.Run{ID: "run_other", SessionID: machine.SessionID(sid), Prompt: "elsewhere", StartedAt: time.Now()}, false); err != nil {
		t.Fatalf("claim the session as another process: %v", err)
	}
	b := startACP(t, e)
	b.answer(b.call("initialize", map[string]any{"protocolVersion": 1}))
	load := b.call("session/load", map[string]any{"sessionId": sid, "cwd": e.root, "mcpServers": []any{}})
	note := b.until("the note that the run was not resumed", func(m map[string]any) bool {
		if m["id"] == load && m["error"] != nil {
			t.Fatalf("session/load failed: %v", m["error"])
		}
		u := update(m)
		return u != nil && u["sessionUpdate"] == "agent_message_chunk" && strings.Contains(updateText(u), "was not resumed")
	})
	text := updateText(update(note))
	t.Logf("note: %s", text)
	if !strings.HasPrefix(text, "[loopls] the run run_") || !strings.Contains(text, "which stopped when loopls was stopped") ||
		!strings.Contains(text, "run run_other is in flight in another loopls process") {
		t.Errorf("note = %q, want the run, that it stopped with loopls, and why it did not resume", text)
	}
	if r := b.answer(load); r == nil {
		t.Error("session/load gave no result")
	}
	for _, m := range b.seen {
		if u := update(m); u != nil && u["sessionUpdate"] != "agent_message_chunk" {
			t.Errorf("an update of the run that did not resume: %v", m)
		}
		if strings.Contains(updateText(update(m)), "loopls: resuming run") {
			t.Errorf("the client was told the run resumes: %v", m)
		}
	}
	if len(resumedTools) != 0 {
		t.Error("the model was asked although the run did not resume")
	}
	b.p.stderr.waitFor(t, "interrupted run not resumed")

	// The other process ends (its run is recorded stopped): the run resumes.
	if err := other.Close(); err != nil {
		t.Fatal(err)
	}
	c := startACP(t, e)
	c.answer(c.call("initialize", map[string]any{"protocolVersion": 1}))
	c.call("session/load", map[string]any{"sessionId": sid, "cwd": e.root, "mcpServers": []any{}})
	end := c.until("the resumed run's end", func(m map[string]any) bool {
		return strings.Contains(updateText(update(m)), "loopls: the resumed run")
	})
	if text := updateText(update(end)); !strings.Contains(text, "ended: completed") {
		t.Errorf("the resumed run did not complete: %q", text)
	}
}
