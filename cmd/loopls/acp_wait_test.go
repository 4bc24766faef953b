package main

import (
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

const waitNote = "no answer from the model yet"

// waitThoughts counts the agent_thought_chunk updates that carry the
// model-wait notice, and returns where the first answer text came.
func waitThoughts(seen []map[string]any) (notices []int, firstAnswer int) {
	firstAnswer = -1
	for i, m := range seen {
		u := update(m)
		switch {
		case u == nil:
		case u["sessionUpdate"] == "agent_thought_chunk" && strings.Contains(updateText(u), waitNote):
			notices = append(notices, i)
		case u["sessionUpdate"] == "agent_message_chunk" && firstAnswer < 0:
			firstAnswer = i
		}
	}
	return notices, firstAnswer
}

// Through `loopls acp`, a model call that stays silent shows up in the
// editor as one thought that says what the run waits for, before the
// answer; the run then goes on.
func TestACPSaysWhatASilentModelCallWaitsFor(t *testing.T) {
	binary(t) // built before any bounded wait starts
	release := make(chan struct{})
	e := newEnv(t, fakeollama.Options{Script: func(req *api.ChatRequest) *fakeollama.Reply {
		last := req.Messages[len(req.Messages)-1]
		if last.Role != "user" || !strings.HasPrefix(last.Content, "hold") {
			return nil
		}
		<-release // silent, not even headers: a server busy with an earlier request
		return fakeollama.Text("late", " answer.")
	}})
	released := false
	free := func() {
		if !released {
			released = true
			close(release)
		}
	}
	t.Cleanup(free) // after the server's start, so before its close
	e.extra = append(e.extra, "LOOPLS_MODEL_WAIT_NOTICE=1")

	a := startACP(t, e)
	a.answer(a.call("initialize", map[string]any{"protocolVersion": 1}))
	sid, _ := a.answer(a.call("session/new", map[string]any{"cwd": e.root, "mcpServers": []any{}}))["sessionId"].(string)
	prompt := a.call("session/prompt", map[string]any{"sessionId": sid, "prompt": []any{map[string]any{"type": "text", "text": "hold on"}}})
	m := a.until("the model-wait thought", func(m map[string]any) bool {
		u := update(m)
		return u != nil && u["sessionUpdate"] == "agent_thought_chunk" && strings.Contains(updateText(u), waitNote)
	})
	text := updateText(update(m))
	if !strings.HasPrefix(text, "[loopls] no answer from the model yet after 1s: it may still be loading") ||
		!strings.Contains(text, "Ollama answers one request per model at a time") {
		t.Errorf("thought = %q", text)
	}
	free()
	if r := a.answer(prompt); r["stopReason"] != "end_turn" {
		t.Fatalf("session/prompt = %v, want end_turn", r)
	}
	notices, answer := waitThoughts(a.seen)
	if len(notices) != 1 {
		t.Errorf("%d model-wait thoughts, want 1", len(notices))
	}
	if answer < 0 || len(notices) == 0 || notices[0] > answer {
		t.Errorf("the notice (message %v) does not precede the answer (message %d)", notices, answer)
	}
}

// A model that answers in time gets no notice.
func TestACPFastAnswerGetsNoModelWait(t *testing.T) {
	binary(t)
	e := newEnv(t, fakeollama.Options{})
	a := startACP(t, e)
	a.answer(a.call("initialize", map[string]any{"protocolVersion": 1}))
	sid, _ := a.answer(a.call("session/new", map[string]any{"cwd": e.root, "mcpServers": []any{}}))["sessionId"].(string)
	prompt := a.call("session/prompt", map[string]any{"sessionId": sid, "prompt": []any{map[string]any{"type": "text", "text": "chat"}}})
	if r := a.answer(prompt); r["stopReason"] != "end_turn" {
		t.Fatalf("session/prompt = %v, want end_turn", r)
	}
	if notices, answer := waitThoughts(a.seen); len(notices) != 0 || answer < 0 {
		t.Errorf("model-wait thoughts at %v (answer at %d), want none and an answer", notices, answer)
	}
}
