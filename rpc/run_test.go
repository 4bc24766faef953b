package rpc_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// sixTransitions is SPEC §3.3's run with one tool call.
var sixTransitions = []struct {
	from, to machine.StateName
	event    machine.Event
	outcome  machine.OutcomeName
}{
	{machine.StateStart, machine.StateStart, machine.EventAcceptInput, ""},
	{machine.StateStart, machine.StateAwaitingModel, machine.EventCallLLM, ""},
	{machine.StateAwaitingModel, machine.StateAwaitingTools, machine.EventModelResponse, ""},
	{machine.StateAwaitingTools, machine.StateStart, machine.EventToolResults, ""},
	{machine.StateStart, machine.StateAwaitingModel, machine.EventCallLLM, ""},
	{machine.StateAwaitingModel, machine.StateTerminal, machine.EventModelResponse, machine.OutcomeCompleted},
}

func checkSix(t *testing.T, got []engine.Transition) {
	t.Helper()
	if len(got) != len(sixTransitions) {
		t.Fatalf("got %d transitions, want 6: %+v", len(got), got)
	}
	for i, w := range sixTransitions {
		g := got[i]
		if g.Seq != i+1 || g.From != w.from || g.To != w.to || g.Event != w.event || g.Outcome != w.outcome {
			t.Errorf("transition %d = seq %d %s→%s (%s, %q), want seq %d %s→%s (%s, %q)",
				i, g.Seq, g.From, g.To, g.Event, g.Outcome, i+1, w.from, w.to, w.event, w.outcome)
		}
	}
}

func TestTwoTurnRun(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, map[string]any{"window": map[string]any{"workDoneProgress": true}}, nil)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "read the README", "workDoneToken": "tok-1"}, &res)

	if res.Outcome != "completed" || res.Output != "The tool result was received." || res.Turns != 2 {
		t.Errorf("result = %+v, want completed after 2 turns with the tiny model's answer", res)
	}
	if res.RunID == "" || res.SessionID == "" || res.Usage == nil || res.Edits == nil {
		t.Errorf("result lacks runId, sessionId, usage or edits: %+v", res)
	}
	checkSix(t, transitionsOf(t, f.c, res.RunID))
	for _, tr := range transitionsOf(t, f.c, res.RunID) {
		if tr.SessionID != res.SessionID {
			t.Errorf("transition %d sessionId = %q, want %q", tr.Seq, tr.SessionID, res.SessionID)
		}
	}

	// runEnded came before the answer, so it is recorded already.
	ended := runEnded(t, f.c, res.RunID)
	if ended.Outcome != "completed" || ended.Output != res.Output {
		t.Errorf("runEnded = %+v, want the result's record", ended)
	}

	// Progress on the client's token: begin (cancellable) → reports → end.
	var kinds []string
	for _, m := range f.c.messages("$/progress") {
		p := params[struct {
			Token json.RawMessage `json:"token"`
			Value struct {
				Kind        string `json:"kind"`
				Cancellable bool   `json:"cancellable"`
				Message     string `json:"message"`
			} `json:"value"`
		}](t, m)
		if string(p.Token) != `"tok-1"` {
			t.Errorf("progress on token %s, want \"tok-1\"", p.Token)
		}
		if p.Value.Kind == "begin" && !p.Value.Cancellable {
			t.Error("progress begin is not cancellable: VS Code would show no Cancel button")
		}
		kinds = append(kinds, p.Value.Kind)
	}
	if len(kinds) < 3 || kinds[0] != "begin" || kinds[len(kinds)-1] != "end" || !strings.Contains(strings.Join(kinds, " "), "report") {
		t.Errorf("progress kinds = %v, want begin, reports, end", kinds)
	}
	if len(f.c.messages("window/workDoneProgress/create")) != 0 {
		t.Error("the server created a token although the client sent one")
	}

	// The tool call: running, then completed with the README's text.
	var statuses []string
	for _, m := range f.c.messages("loopls/toolCall") {
		p := params[struct {
			RunID  machine.RunID `json:"runId"`
			Name   string        `json:"name"`
			Status string        `json:"status"`
			Output string        `json:"output"`
		}](t, m)
		if p.Name != "read_file" {
			t.Errorf("tool call %q, want read_file", p.Name)
		}
		statuses = append(statuses, p.Status)
		if p.Status == "completed" && !strings.Contains(p.Output, "A project for loopls tests.") {
			t.Errorf("read_file output %q lacks the README", p.Output)
		}
	}
	if len(statuses) != 2 || statuses[1] != "completed" {
		t.Errorf("tool call statuses = %v, want [running completed]", statuses)
	}

	// The text lane's deltas concatenate to the final answer.
	var text strings.Builder
	for _, m := range f.c.messages("loopls/delta") {
		p := params[struct {
			RunID machine.RunID `json:"runId"`
			Lane  string        `json:"lane"`
			Text  string        `json:"text"`
		}](t, m)
		if p.Lane == "text" {
			text.WriteString(p.Text)
		}
	}
	if text.String() != res.Output {
		t.Errorf("text deltas = %q, want %q", text.String(), res.Output)
	}
}

func TestExecuteCommandRunAnswersAtOnceAndCreatesProgress(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, map[string]any{"window": map[string]any{"workDoneProgress": true}}, nil)
	var started struct {
		RunID     machine.RunID     `json:"runId"`
		SessionID machine.SessionID `json:"sessionId"`
	}
	f.c.mustRequest("workspace/executeCommand", map[string]any{
		"command": "loopls.run", "arguments": []any{map[string]any{"prompt": "read the README"}},
	}, &started)
	if started.RunID == "" || started.SessionID == "" {
		t.Fatalf("loopls.run answered %+v, want runId and sessionId", started)
	}
	ended := runEnded(t, f.c, started.RunID)
	if ended.Outcome != "completed" {
		t.Errorf("run ended %+v", ended)
	}
	creates := f.c.messages("window/workDoneProgress/create")
	if len(creates) != 1 {
		t.Fatalf("got %d window/workDoneProgress/create, want 1", len(creates))
	}
	token := params[struct {
		Token json.RawMessage `json:"token"`
	}](t, creates[0]).Token
	f.c.waitFor("progress end", func(m *wireMsg) bool {
		return m.Method == "$/progress" && strings.Contains(string(m.Params), `"end"`) &&
			strings.Contains(string(m.Params), string(token))
	})
	var first string
	for _, m := range f.c.messages("$/progress") {
		first = string(m.Params)
		break
	}
	if !strings.Contains(first, `"begin"`) {
		t.Errorf("first progress = %s, want begin", first)
	}
	checkSix(t, transitionsOf(t, f.c, started.RunID))
}

func TestSessionHistoryIsShared(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	var first, second runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat one"}, &first)
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat two", "session": first.SessionID}, &second)
	if second.SessionID != first.SessionID {
		t.Fatalf("second run in session %s, want %s", second.SessionID, first.SessionID)
	}
	var sess struct {
		History []machine.Message `json:"history"`
		Runs    []runResult       `json:"runs"`
	}
	f.c.mustRequest("loopls/session", map[string]any{"sessionId": first.SessionID}, &sess)
	if len(sess.History) != 4 || len(sess.Runs) != 2 {
		t.Errorf("session has %d messages and %d runs, want 4 and 2: %+v", len(sess.History), len(sess.Runs), sess)
	}
	var list []struct {
		SessionID machine.SessionID `json:"sessionId"`
		Title     string            `json:"title"`
		Runs      int               `json:"runs"`
	}
	f.c.mustRequest("loopls/sessions", nil, &list)
	if len(list) != 1 || list[0].SessionID != first.SessionID || list[0].Runs != 2 || list[0].Title == "" {
		t.Errorf("loopls/sessions = %+v", list)
	}
}

func TestEightConcurrentSessions(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	const n = 8
	results := make([]runResult, n)
	var wg sync.WaitGroup
	chans := make([]chan *wireMsg, n)
	for i := range n {
		_, chans[i] = f.c.send("loopls/run", map[string]any{"prompt": "read the README"})
	}
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case m := <-chans[i]:
				if m.Error != nil {
					t.Errorf("run %d: %v", i, m.Error)
					return
				}
				json.Unmarshal(m.Result, &results[i])
			case <-timeAfter():
				t.Errorf("run %d: no answer", i)
			}
		}()
	}
	wg.Wait()
	sessions := map[machine.SessionID]bool{}
	for i, r := range results {
		if r.Outcome != "completed" {
			t.Errorf("run %d: %+v", i, r)
			continue
		}
		sessions[r.SessionID] = true
		checkSix(t, transitionsOf(t, f.c, r.RunID))
	}
	if len(sessions) != n {
		t.Errorf("%d distinct sessions, want %d", len(sessions), n)
	}
}

func TestEndings(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	busySession := func() machine.SessionID {
		var started struct {
			RunID     machine.RunID     `json:"runId"`
			SessionID machine.SessionID `json:"sessionId"`
		}
		f.c.mustRequest("workspace/executeCommand", map[string]any{
			"command": "loopls.run", "arguments": []any{map[string]any{"prompt": "stall"}}}, &started)
		t.Cleanup(func() {
			f.c.request("loopls/cancel", map[string]any{"runId": started.RunID})
		})
		return started.SessionID
	}()
	for _, tc := range []struct {
		name    string
		params  map[string]any
		code    int64
		outcome string
		kind    string
	}{
		{"max turns", map[string]any{"prompt": "again and again", "maxTurns": 2}, -31001, "max_turns_exceeded", "MaxTurnsExceeded"},
		{"provider failure", map[string]any{"prompt": "fail500"}, -32803, "failed", "Api"},
		{"unknown model", map[string]any{"prompt": "chat", "model": "ollama:no-such-model"}, -32803, "failed", "Api"},
		{"busy session", map[string]any{"prompt": "chat", "session": string(busySession)}, -31004, "", ""},
		{"unknown session", map[string]any{"prompt": "chat", "session": "ses_nope"}, -31005, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.c.request("loopls/run", tc.params)
			if err == nil || err.Code != tc.code {
				t.Fatalf("got %v, want code %d", err, tc.code)
			}
			if tc.outcome == "" {
				return
			}
			var data runResult
			if e := json.Unmarshal(err.Data, &data); e != nil {
				t.Fatalf("data %s: %v", err.Data, e)
			}
			if data.Outcome != tc.outcome || data.Error == nil || data.Error.Kind != tc.kind || data.RunID == "" {
				t.Errorf("data = %s, want outcome %s and error.kind %s", err.Data, tc.outcome, tc.kind)
			}
			ended := runEnded(t, f.c, data.RunID)
			if ended.Outcome != tc.outcome {
				t.Errorf("runEnded outcome %s, want %s", ended.Outcome, tc.outcome)
			}
			if tc.outcome == "failed" {
				f.c.waitFor("window/logMessage about the failure", func(m *wireMsg) bool {
					return m.Method == "window/logMessage" && strings.Contains(string(m.Params), string(data.RunID))
				})
			}
		})
	}
}

func TestContextExceeded(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, map[string]any{"contextWindow": 4})
	_, err := f.c.request("loopls/run", map[string]any{"prompt": "read the README please, all of it, now"})
	if err == nil || err.Code != -31002 {
		t.Fatalf("got %v, want -31002", err)
	}
	var data runResult
	json.Unmarshal(err.Data, &data)
	if data.Outcome != "context_exceeded" || data.Error == nil || data.Error.Kind != "ContextExceeded" {
		t.Errorf("data = %s", err.Data)
	}
}
