package session_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/workspace"
)

// A run's changes outlive the daemon: a second daemon (a window reloaded)
// on the same store shows what the run did to a file and undoes it. The
// journal rides in the run's own commits (TestOneToolRunIsFiveCommits).
func TestJournalOutlivesTheDaemon(t *testing.T) {
	e := newEnv(t)
	hello := filepath.Join(e.root, "hello.txt")
	if err := os.WriteFile(hello, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	st := openStore(t, dir, e.root)
	m := e.manager(t, st)
	h, err := m.Start(context.Background(), session.Request{Prompt: "edit hello"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := waitRun(t, h); err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(hello)
	if err != nil || string(after) == "hello\n" {
		t.Fatalf("the run did not edit hello.txt: %q %v", after, err)
	}
	m.Close()
	st.Close()

	// The reloaded window: a new workspace, store and manager.
	ws, err := workspace.Open(context.Background(), e.root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	st2 := openStore(t, dir, e.root)
	s := config.Default()
	m2, err := session.New(session.Config{Root: e.root, Store: st2, Workspace: ws, Settings: func() config.Settings { return s }})
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	fc, err := ws.RunFileChange(h.RunID(), "hello.txt")
	if err != nil {
		t.Fatalf("RunFileChange after the reload: %v", err)
	}
	if fc.Before != "hello\n" || fc.After != string(after) || fc.Kind != workspace.EntryEdit {
		t.Errorf("change after the reload = %+v, want hello\\n → %q", fc, after)
	}
	applied, reason, err := ws.UndoRun(context.Background(), h.RunID())
	if err != nil || !applied {
		t.Fatalf("UndoRun after the reload = %v %q %v", applied, reason, err)
	}
	if b, _ := os.ReadFile(hello); string(b) != "hello\n" {
		t.Errorf("hello.txt after undo = %q", b)
	}
}
