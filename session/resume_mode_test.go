package session

import (
	"testing"

	"github.com/loopls/loopls/workspace"
)

// TestResumedMode: a resumed run keeps the mode it started in; a request
// may narrow it, never widen it; a run with no recorded mode resumes in ask.
func TestResumedMode(t *testing.T) {
	for _, c := range []struct{ started, asked, want workspace.Mode }{
		{workspace.ModeAsk, workspace.ModeEdit, workspace.ModeAsk},
		{workspace.ModeAsk, workspace.ModeAuto, workspace.ModeAsk},
		{workspace.ModeAsk, "", workspace.ModeAsk},
		{workspace.ModeEdit, workspace.ModeAuto, workspace.ModeEdit},
		{workspace.ModeEdit, workspace.ModeAsk, workspace.ModeAsk},
		{workspace.ModeAuto, "", workspace.ModeAuto},
		{workspace.ModeAuto, workspace.ModeEdit, workspace.ModeEdit},
		{"", workspace.ModeAuto, workspace.ModeAsk},
	} {
		if got := resumedMode(c.started, c.asked); got != c.want {
			t.Errorf("resumedMode(%q, %q) = %q, want %q", c.started, c.asked, got, c.want)
		}
	}
}
