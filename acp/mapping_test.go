package acp

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

func TestToolCallMapping(t *testing.T) {
	root := "/root" // ACP's locations are absolute paths of the system loopls runs on
	if runtime.GOOS == "windows" {
		root = `C:\root`
	}
	at := func(p ...string) string { return filepath.Join(append([]string{root}, p...)...) }
	newTxt, _ := json.Marshal(at("new.txt"))
	tests := []struct {
		name, args string
		kind       sdk.ToolKind
		title      string
		location   string
		diff       bool
	}{
		{"read_file", `{"path":"a/b.go"}`, sdk.ToolKindRead, "Read a/b.go", at("a", "b.go"), false},
		{"list_dir", `{}`, sdk.ToolKindRead, "List .", root, false},
		{"glob", `{"pattern":"**/*.go"}`, sdk.ToolKindSearch, "Find files matching **/*.go", "", false},
		{"grep", `{"pattern":"TODO","path":"cmd"}`, sdk.ToolKindSearch, `Search for "TODO" in cmd`, at("cmd"), false},
		{"edit_file", `{"path":"x.txt","old_string":"a","new_string":"b"}`, sdk.ToolKindEdit, "Edit x.txt", at("x.txt"), true},
		{"write_file", `{"path":` + string(newTxt) + `,"content":"hi"}`, sdk.ToolKindEdit, "Write " + at("new.txt"), at("new.txt"), true},
		{"run_command", `{"command":"go test ./..."}`, sdk.ToolKindExecute, "Run `go test ./...`", "", false},
		{"no_such_tool", `{"x":1}`, sdk.ToolKindOther, "no_such_tool", "", false},
		{"read_file", `not json`, sdk.ToolKindRead, "read_file", "", false},
	}
	for _, tt := range tests {
		u := toolCallStart(root, machine.ToolCall{ID: "c1", Name: tt.name, Arguments: machine.RawJSON(tt.args)}, sdk.ToolCallStatusPending).ToolCall
		if u.Kind != tt.kind || u.Title != tt.title || u.ToolCallId != "c1" || u.Status != sdk.ToolCallStatusPending {
			t.Errorf("%s %s: kind %q title %q", tt.name, tt.args, u.Kind, u.Title)
		}
		loc := ""
		if len(u.Locations) > 0 {
			loc = u.Locations[0].Path
		}
		if loc != tt.location {
			t.Errorf("%s %s: location %q, want %q", tt.name, tt.args, loc, tt.location)
		}
		if got := len(u.Content) == 1 && u.Content[0].Diff != nil; got != tt.diff {
			t.Errorf("%s: diff block = %v, want %v", tt.name, got, tt.diff)
		}
	}
	edit := toolCallStart(root, machine.ToolCall{ID: "c", Name: "edit_file", Arguments: machine.RawJSON(`{"path":"x","old_string":"a","new_string":"b"}`)}, sdk.ToolCallStatusPending).ToolCall
	if d := edit.Content[0].Diff; d.OldText == nil || *d.OldText != "a" || d.NewText != "b" || d.Path != at("x") {
		t.Errorf("edit diff = %+v", d)
	}
	end := toolCallEnd(root, machine.ToolCall{ID: "c", Name: "read_file"}, engine.ToolCancelled, "").ToolCallUpdate
	if *end.Status != sdk.ToolCallStatusFailed || len(end.Content) != 1 || end.Content[0].Content.Content.Text.Text != "cancelled" {
		t.Errorf("cancelled call = %+v, want failed with a note (ACP has no cancelled status)", end)
	}
}

func TestEndingOf(t *testing.T) {
	tests := []struct {
		name     string
		run      engine.Run
		err      error
		stop     sdk.StopReason
		errKind  machine.ErrorKind
		wantNote bool
	}{
		{"completed", engine.Run{Outcome: machine.OutcomeCompleted}, nil, sdk.StopReasonEndTurn, "", false},
		{"cancelled", engine.Run{Outcome: machine.OutcomeCancelled}, machine.Cancelled(), sdk.StopReasonCancelled, "", false},
		{"max turns", engine.Run{Outcome: machine.OutcomeMaxTurnsExceeded}, machine.MaxTurnsExceeded(2), sdk.StopReasonMaxTurnRequests, "", false},
		{"context", engine.Run{Outcome: machine.OutcomeContextExceeded, Error: machine.ContextExceeded(10, 8)}, machine.ContextExceeded(10, 8), sdk.StopReasonMaxTokens, "", true},
		{"failed", engine.Run{Outcome: machine.OutcomeFailed, Error: &machine.LoopError{Kind: machine.KindLoopDetected, Message: "loop"}}, nil, "", machine.KindLoopDetected, false},
		// No outcome recorded: the error alone decides.
		{"bare cancel", engine.Run{}, fmt.Errorf("run: %w", machine.Cancelled()), sdk.StopReasonCancelled, "", false},
		{"bare max turns", engine.Run{}, machine.MaxTurnsExceeded(1), sdk.StopReasonMaxTurnRequests, "", false},
		{"bare failure", engine.Run{}, errors.New("disk on fire"), "", machine.KindInternal, false},
		{"bare success", engine.Run{}, nil, sdk.StopReasonEndTurn, "", false},
	}
	for _, tt := range tests {
		// The record as RunHandle.Wait gives it: complete.
		run, _ := tt.run.Complete(tt.err)
		e := endingOf(run)
		if tt.errKind != "" {
			if e.err == nil || e.err.Code != CodeRunFailed {
				t.Errorf("%s: ending = %+v, want a %d error", tt.name, e, CodeRunFailed)
				continue
			}
			// One sentence in words, and nothing else for a client to print.
			if e.err.Data != nil || strings.Contains(e.err.Message, "\n") || strings.Contains(e.err.Message, string(tt.errKind)) ||
				!strings.HasSuffix(e.err.Message, ".") {
				t.Errorf("%s: error = %q (data %+v), want one sentence without the kind and no data", tt.name, e.err.Message, e.err.Data)
			}
			continue
		}
		if e.err != nil || e.stop != tt.stop || (e.note != "") != tt.wantNote {
			t.Errorf("%s: ending = %+v, want stop %q note %v", tt.name, e, tt.stop, tt.wantNote)
		}
	}
}

func TestPromptLinks(t *testing.T) {
	got := promptLinks([]sdk.ContentBlock{
		sdk.TextBlock("see"),
		sdk.ResourceLinkBlock("b.go", "file:///w/b.go"),
		sdk.ResourceLinkBlock("docs", "https://example.com/docs"),
		sdk.ResourceLinkBlock("b.go", "file:///w/b.go"),
		sdk.ResourceLinkBlock("c.go", "file:///w/c.go"),
	})
	if strings.Join(got, " ") != "file:///w/b.go file:///w/c.go" {
		t.Errorf("promptLinks = %v, want the file links once each", got)
	}
}

func TestPromptText(t *testing.T) {
	got, err := promptText([]sdk.ContentBlock{
		sdk.TextBlock("fix this"),
		sdk.ResourceBlock(sdk.EmbeddedResourceResource{TextResourceContents: &sdk.TextResourceContents{Uri: "file:///w/a.go", Text: "package a\n"}}),
		sdk.ResourceLinkBlock("b.go", "file:///w/b.go"),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"fix this", "Context from file:///w/a.go:\n```\npackage a\n```", "Referenced file: b.go (file:///w/b.go)"} {
		if !strings.Contains(got, want) {
			t.Errorf("prompt %q lacks %q", got, want)
		}
	}
	if !strings.HasPrefix(got, "fix this") {
		t.Errorf("prompt %q does not start with the user's text", got)
	}
	if _, err := promptText([]sdk.ContentBlock{sdk.ImageBlock("AAAA", "image/png")}); err == nil || !strings.Contains(err.Error(), "images") {
		t.Errorf("image prompt: err = %v, want refused", err)
	}
	if _, err := promptText([]sdk.ContentBlock{sdk.TextBlock("  ")}); err == nil {
		t.Error("a blank prompt was accepted")
	}
}

func TestReplayAResultWhoseCallWasCompactedAway(t *testing.T) {
	ups := replayUpdates("/root", []machine.Message{
		{Role: machine.RoleSystem, Content: "Summary of earlier work."},
		{Role: machine.RoleTool, ToolCallID: "c9", ToolName: "grep", Content: "no match", IsError: true},
	})
	if len(ups) != 3 || ups[0].AgentMessageChunk == nil || ups[1].ToolCall == nil || ups[2].ToolCallUpdate == nil {
		t.Fatalf("replay = %+v", ups)
	}
	if ups[1].ToolCall.ToolCallId != "c9" || ups[1].ToolCall.Kind != sdk.ToolKindSearch || *ups[2].ToolCallUpdate.Status != sdk.ToolCallStatusFailed {
		t.Errorf("replayed orphan result = %+v / %+v", ups[1].ToolCall, ups[2].ToolCallUpdate)
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range []string{"ask", "edit", "auto"} {
		if got, err := ParseMode(m); err != nil || string(got) != m {
			t.Errorf("ParseMode(%q) = %q, %v", m, got, err)
		}
	}
	if _, err := ParseMode("Edit"); err == nil {
		t.Error("mode ids are exact")
	}
	if !ModeAsk.ReadOnly() || ModeEdit.ReadOnly() || !ModeEdit.Confirms() || ModeAuto.Confirms() {
		t.Error("mode predicates are wrong")
	}
}

func TestFailureSentence(t *testing.T) {
	long := strings.Repeat("x", 2*maxFailureRunes)
	tests := []struct {
		name string
		err  *machine.LoopError
		want string
	}{
		{"api", &machine.LoopError{Kind: machine.KindAPI, Message: "model 'nope' not found: run `ollama pull nope`"},
			"The model could not answer: model 'nope' not found: run `ollama pull nope`."},
		{"internal", machine.Internal("store closed"), "loopls failed: store closed."},
		{"empty answer", machine.EmptyAnswer(), "The run stopped: " + machine.EmptyAnswer().Message + "."},
		{"lines joined", &machine.LoopError{Kind: machine.KindAPI, Message: "line one\n  line two."}, "The model could not answer: line one line two."},
		{"no message", &machine.LoopError{Kind: machine.KindFallbackExhausted}, "Every model tried failed."},
		{"no error", nil, "The run failed."},
		{"bounded", &machine.LoopError{Kind: machine.KindAPI, Message: long}, "The model could not answer: " + strings.Repeat("x", maxFailureRunes-1) + "…."},
	}
	for _, tt := range tests {
		if got := failureSentence(engine.Run{Outcome: machine.OutcomeFailed, Error: tt.err}); got != tt.want {
			t.Errorf("%s: failureSentence = %q, want %q", tt.name, got, tt.want)
		}
	}
}
