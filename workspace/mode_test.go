package workspace

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

func TestParseMode(t *testing.T) {
	for in, want := range map[string]Mode{"": ModeAuto, "auto": ModeAuto, "ask": ModeAsk, "edit": ModeEdit} {
		if got, err := ParseMode(in); err != nil || got != want {
			t.Errorf("ParseMode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"Ask", "yolo", " edit"} {
		if _, err := ParseMode(bad); err == nil {
			t.Errorf("ParseMode(%q) accepted it", bad)
		}
	}
	if !ModeAsk.ReadOnly() || ModeEdit.ReadOnly() || Mode("").ReadOnly() || !ModeEdit.Confirms() || ModeAuto.Confirms() {
		t.Error("ReadOnly/Confirms disagree with the modes")
	}
}

// In edit mode a reviewing LSP editor gets every change annotated
// needsConfirmation — a created file's create operation too — and a
// rejection reaches the model as such.
func TestEditModeAnnotatesEveryChange(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "one\n"})
	w := openWS(t, dir, Options{})
	var got []*protocol.ApplyWorkspaceEditParams
	applied := true
	w.editor = NewReviewingLSPEditor(func(_ context.Context, p *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error) {
		got = append(got, p)
		return &protocol.ApplyWorkspaceEditResult{Applied: applied}, nil
	})
	tools := map[string]bool{}
	for _, tl := range w.Tools(ModeEdit, policyOf(w)) {
		tools[tl.Spec().Name] = true
		if _, wrapped := tl.(*approvedTool); wrapped {
			t.Errorf("%s asks the approver although the editor confirms edits", tl.Spec().Name)
		}
	}
	if !tools[ToolEditFile] || !tools[ToolWriteFile] {
		t.Fatalf("edit mode tools = %v", tools)
	}
	edit := func(name string, args map[string]any) string {
		for _, tl := range w.Tools(ModeEdit, policyOf(w)) {
			if tl.Spec().Name == name {
				b, _ := json.Marshal(args)
				res, err := tl.Call(context.Background(), toolInvocation(name, b))
				if err != nil {
					t.Fatal(err)
				}
				return res.Output
			}
		}
		t.Fatalf("no tool %s", name)
		return ""
	}
	out := edit(ToolWriteFile, map[string]any{"path": "new.txt", "content": "fresh\n"})
	raw, _ := json.Marshal(got[0].Edit)
	if !strings.Contains(string(raw), `{"annotationId":"loopls.review","kind":"create","uri":`) || strings.Count(string(raw), `"annotationId":"loopls.review"`) != 2 ||
		!strings.Contains(string(raw), `"changeAnnotations":{"loopls.review":{"label":"loopls: write_file new.txt","needsConfirmation":true`) {
		t.Errorf("a created file in edit mode went out as %s", raw)
	}
	if !strings.Contains(out, "accepted") {
		t.Errorf("accepted write reported as %q", out)
	}
	applied = false
	out = edit(ToolEditFile, map[string]any{"path": "a.txt", "old_string": "one", "new_string": "two"})
	if !strings.Contains(out, "the user rejected this change") {
		t.Errorf("rejected edit reported as %q", out)
	}
	if readDisk(t, dir, "a.txt") != "one\n" {
		t.Error("a rejected edit changed the file")
	}
	// Auto mode sends no annotation.
	for _, tl := range w.Tools(ModeAuto, policyOf(w)) {
		if tl.Spec().Name == ToolEditFile {
			applied = true
			tl.Call(context.Background(), toolInvocation(ToolEditFile, json.RawMessage(`{"path":"a.txt","old_string":"one","new_string":"two"}`)))
		}
	}
	raw, _ = json.Marshal(got[len(got)-1].Edit)
	if strings.Contains(string(raw), "annotation") {
		t.Errorf("auto mode sent %s", raw)
	}
	// Ask mode offers nothing that writes or runs.
	var names []string
	for _, tl := range w.Tools(ModeAsk, policyOf(w)) {
		names = append(names, tl.Spec().Name)
	}
	if !slices.Equal(names, []string{ToolReadFile, ToolListDir, ToolGlob, ToolGrep}) {
		t.Errorf("ask mode tools = %v", names)
	}
}

func toolInvocation(name string, args json.RawMessage) engine.ToolInvocation {
	return engine.ToolInvocation{RunID: "run1", Call: machine.ToolCall{ID: "call_1", Name: name, Arguments: machine.RawJSON(args)}}
}
