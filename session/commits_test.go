package session_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/store/storetest"
)

// A one-tool run is five synced commits: the claim, run_started,
// model_answered, tool_results, and run_ended carrying the run's transcript
// and edits (they were a sixth commit of their own). What the run stored is
// whole: its record, its transcript and the file it edited.
func TestOneToolRunIsFiveCommits(t *testing.T) {
	e := newEnv(t)
	if err := os.WriteFile(filepath.Join(e.root, "hello.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), t.TempDir(), e.root)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := e.manager(t, st)
	for _, tc := range []struct {
		prompt, tool string
		edits        int
	}{{"read the readme", "read_file", 0}, {"edit hello", "edit_file", 1}} {
		before := storetest.WALCommits(t, st.Path())
		h, err := m.Start(context.Background(), session.Request{Prompt: tc.prompt})
		if err != nil {
			t.Fatal(err)
		}
		run, err := waitRun(t, h)
		if err != nil || run.Outcome != machine.OutcomeCompleted || run.Turns != 2 {
			t.Fatalf("%q: %s after %d turns, %v; want completed after a tool turn", tc.prompt, run.Outcome, run.Turns, err)
		}
		if n := storetest.WALCommits(t, st.Path()) - before; n != 5 {
			t.Errorf("%q: %d commits, want 5 (claim, run_started, model_answered, tool_results, run_ended with the transcript)", tc.prompt, n)
		}
		conv, err := m.Conversation(context.Background(), h.SessionID())
		if err != nil {
			t.Fatal(err)
		}
		var call *session.Entry
		for i, en := range conv.Transcripts[h.RunID()] {
			if en.Kind == session.EntryToolCall {
				call = &conv.Transcripts[h.RunID()][i]
			}
		}
		if call == nil || call.Name != tc.tool || call.Status != engine.ToolCompleted {
			t.Errorf("%q: stored transcript %+v, want the %s call, completed", tc.prompt, conv.Transcripts[h.RunID()], tc.tool)
		}
		if len(conv.Runs) != 1 || len(conv.Runs[0].Edits) != tc.edits {
			t.Errorf("%q: stored runs %+v, want one with %d edits", tc.prompt, conv.Runs, tc.edits)
		}
	}
}
