package sessionbackend

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/uri"
	"go.uber.org/goleak"

	"github.com/loopls/loopls/acp"
	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// recorder is an editor wrapper that records what it was asked to apply.
type recorder struct {
	mu    sync.Mutex
	next  workspace.Editor
	edits []workspace.FileEdit
}

func (r *recorder) Apply(ctx context.Context, e workspace.FileEdit) (workspace.EditResult, error) {
	r.mu.Lock()
	r.edits = append(r.edits, e)
	r.mu.Unlock()
	return r.next.Apply(ctx, e)
}

type fixture struct {
	srv   *fakeollama.Server
	root  string
	state string
	rec   *recorder
	// reader, runner, approver and allowed go into the backend's hooks
	// and settings.
	reader   workspace.Reader
	runner   workspace.Runner
	approver workspace.Approver
	allowed  []string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "README.md"), []byte("# Demo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "hello.txt"), []byte("hello world\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return &fixture{srv: srv, root: root, state: t.TempDir()}
}

// open opens a backend as `loopls acp` would, one per process lifetime.
func (f *fixture) open(t *testing.T) acp.Backend {
	t.Helper()
	s := config.Default()
	s.Model = "ollama:tiny"
	s.OllamaHost = f.srv.Host
	s.AllowedCommands = f.allowed
	s.AllowCommands = len(f.allowed) > 0
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := Opener(Options{Settings: func() config.Settings { return s }, StateDir: f.state})(ctx, f.root, acp.Hooks{
		Editor: func(disk workspace.Editor) workspace.Editor {
			f.rec = &recorder{next: disk}
			return f.rec
		},
		Reader:   f.reader,
		Runner:   f.runner,
		Approver: f.approver,
	})
	if err != nil {
		t.Fatalf("open backend: %v", err)
	}
	return b
}

func run(t *testing.T, b acp.Backend, sid machine.SessionID, prompt string) engine.Run {
	t.Helper()
	h, err := b.Start(context.Background(), acp.RunRequest{SessionID: sid, RunID: machine.RunID("run_" + prompt[:4] + "_" + string(sid)), Prompt: prompt, Mode: acp.ModeAuto})
	if err != nil {
		t.Fatalf("start %q: %v", prompt, err)
	}
	done := make(chan struct{})
	var r engine.Run
	var rerr error
	go func() { r, rerr = h.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		h.Cancel()
		<-done
		t.Fatalf("run %q did not end", prompt)
	}
	if rerr != nil {
		t.Fatalf("run %q: %v", prompt, rerr)
	}
	return r
}

func TestSessionKeepsItsACPIDAcrossARestart(t *testing.T) {
	f := newFixture(t)
	b := f.open(t)
	sid, err := b.NewSession(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if h, err := b.History(context.Background(), sid); err != nil || len(h) != 0 {
		t.Errorf("history of a new session = %v, %v; want empty", h, err)
	}
	if r := run(t, b, sid, "read the README"); r.Outcome != machine.OutcomeCompleted || r.Output != "The tool result was received." {
		t.Errorf("run = %+v", r)
	}
	before, err := b.History(context.Background(), sid)
	if err != nil || len(before) != 4 {
		t.Fatalf("history after one run = %d messages, %v; want user, call, result, answer", len(before), err)
	}
	if err := b.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}

	// A new process: the ACP id still names the session.
	b = f.open(t)
	defer b.Close()
	after, err := b.History(context.Background(), sid)
	if err != nil {
		t.Fatalf("history after a restart: %v", err)
	}
	if len(after) != len(before) || after[0].Content != "read the README" || after[3].Content != "The tool result was received." {
		t.Errorf("history after a restart = %+v", after)
	}
	list, err := b.Sessions(context.Background())
	if err != nil || len(list) != 1 || list[0].ID != sid || list[0].Title == "" || list[0].UpdatedAt.IsZero() {
		t.Errorf("sessions after a restart = %+v, %v; want the session under its ACP id", list, err)
	}
	run(t, b, sid, "chat again")
	if h, _ := b.History(context.Background(), sid); len(h) != 6 {
		t.Errorf("the loaded session did not continue: %d messages", len(h))
	}
	if _, err := b.History(context.Background(), "ses_unknown"); !errors.Is(err, acp.ErrUnknownSession) {
		t.Errorf("unknown session: err = %v, want ErrUnknownSession", err)
	}
}

func TestEditsGoThroughTheHookedEditor(t *testing.T) {
	f := newFixture(t)
	b := f.open(t)
	defer b.Close()
	sid, _ := b.NewSession(context.Background())
	run(t, b, sid, "edit hello.txt")
	f.rec.mu.Lock()
	edits := f.rec.edits
	f.rec.mu.Unlock()
	if len(edits) != 1 || edits[0].Path != "hello.txt" || edits[0].New != "goodbye world\n" || edits[0].RunID == "" {
		t.Fatalf("edits = %+v, want the one edit of hello.txt with its run", edits)
	}
	got, _ := os.ReadFile(filepath.Join(f.root, "hello.txt"))
	if string(got) != "goodbye world\n" {
		t.Errorf("hello.txt = %q, want the disk editor under the hook to have written it", got)
	}
}

// A session/new session's first run creates the loopls session under the
// ACP id itself, in the run's claim: nothing is written after the run has
// begun that session/load needs, so a loopls killed at any point of the run
// leaves a session the next one loads by the id the client has.
func TestNewSessionIsStoredUnderItsACPID(t *testing.T) {
	f := newFixture(t)
	b := f.open(t)
	defer b.Close()
	sid, err := b.NewSession(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	run(t, b, sid, "read the README")
	st, err := store.Open(context.Background(), f.state, f.root)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rec, err := st.Session(context.Background(), sid)
	if err != nil || len(rec.Runs) != 1 {
		t.Fatalf("the store's session %s = %d runs, %v; want the session under its ACP id with its run", sid, len(rec.Runs), err)
	}
	if _, err := os.Stat(filepath.Join(f.state, "acp-sessions.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an alias file was written (%v); the ACP id is the session's own", err)
	}
}

// A session an older loopls created under an id of its own is still found
// by the ACP id its alias file names, and listed under it.
func TestOlderSessionsLoadThroughTheirAlias(t *testing.T) {
	f := newFixture(t)
	b := f.open(t)
	own, _ := b.NewSession(context.Background())
	run(t, b, own, "read the README")
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(f.state, "acp-sessions.json"), []byte(`{"ses_older": "`+string(own)+`"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	b = f.open(t)
	defer b.Close()
	if h, err := b.History(context.Background(), "ses_older"); err != nil || len(h) != 4 {
		t.Errorf("history by the alias = %d messages, %v; want the session's 4", len(h), err)
	}
	list, err := b.Sessions(context.Background())
	if err != nil || len(list) != 1 || list[0].ID != "ses_older" {
		t.Errorf("sessions = %+v, %v; want the session under the ACP id its alias names", list, err)
	}
	if _, err := b.History(context.Background(), "ses_none"); !errors.Is(err, acp.ErrUnknownSession) {
		t.Errorf("unknown session: err = %v, want ErrUnknownSession", err)
	}
}

func TestAliases(t *testing.T) {
	dir := t.TempDir()
	a, err := loadAliases(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.get("ses_x"); got != "ses_x" {
		t.Errorf("get without a file = %q, want the id itself", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "acp-sessions.json"), []byte(`{"ses_x":"ses_y"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if a, err = loadAliases(dir); err != nil {
		t.Fatal(err)
	}
	if a.get("ses_x") != "ses_y" || a.acpID("ses_y") != "ses_x" || a.get("ses_z") != "ses_z" || a.acpID("ses_z") != "ses_z" {
		t.Errorf("aliases of {ses_x: ses_y}: get(ses_x) = %s, acpID(ses_y) = %s, get(ses_z) = %s, acpID(ses_z) = %s",
			a.get("ses_x"), a.acpID("ses_y"), a.get("ses_z"), a.acpID("ses_z"))
	}
	// A damaged file costs the aliases, not the agent.
	if err := os.WriteFile(filepath.Join(dir, "acp-sessions.json"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := loadAliases(dir)
	if err != nil || d.get("ses_x") != "ses_x" {
		t.Errorf("damaged file: %v, %q", err, d.get("ses_x"))
	}
}

type bufferReader struct{ text string }

func (r bufferReader) ReadText(_ context.Context, _ machine.RunID, abs string) (string, bool, error) {
	if filepath.Base(abs) != "README.md" {
		return "", false, nil
	}
	return r.text, true, nil
}

type terminalRunner struct {
	mu   sync.Mutex
	reqs []workspace.CommandRequest
}

func (r *terminalRunner) RunCommand(_ context.Context, req workspace.CommandRequest) (workspace.CommandResult, bool, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	r.mu.Unlock()
	return workspace.CommandResult{Output: "ran in the editor's terminal\n", ExitCode: 7}, true, nil
}

// allowAll approves every question.
type allowAll struct{}

func (allowAll) Approve(context.Context, workspace.ApprovalRequest) (workspace.Decision, error) {
	return workspace.DecisionAllowOnce, nil
}

// TestToolsReadAndRunThroughTheHooks: the model's read_file sees the
// Reader's text and its run_command runs in the Runner, not on disk or in a
// local shell. A command goes to a Runner (an editor's terminal) only where
// the kernel confines nothing, and then every program is asked.
func TestToolsReadAndRunThroughTheHooks(t *testing.T) {
	t.Setenv(command.ConfineEnv, "off")
	f := newFixture(t)
	f.approver = allowAll{}
	f.reader = bufferReader{text: "# Unsaved buffer\n"}
	runner := &terminalRunner{}
	f.runner = runner
	f.allowed = []string{"sleep"}
	b := f.open(t)
	defer b.Close()
	sid, _ := b.NewSession(context.Background())
	run(t, b, sid, "read the README")
	run(t, b, sid, "sleep a while")
	h, err := b.History(context.Background(), sid)
	if err != nil {
		t.Fatal(err)
	}
	var results []string
	for _, m := range h {
		if m.Role == machine.RoleTool {
			results = append(results, m.Content)
		}
	}
	if len(results) != 2 || !strings.Contains(results[0], "Unsaved buffer") || strings.Contains(results[0], "Demo") ||
		!strings.Contains(results[1], "ran in the editor's terminal") || !strings.Contains(results[1], "[exit code 7]") {
		t.Errorf("tool results = %q, want the Reader's text and the Runner's output", results)
	}
	runner.mu.Lock()
	defer runner.mu.Unlock()
	if len(runner.reqs) != 1 || runner.reqs[0].Command != "sleep 30" || runner.reqs[0].RunID == "" {
		t.Errorf("runner requests = %+v", runner.reqs)
	}
}

// A prompt's resource links to files in the workspace are attached as
// context; links elsewhere are left out and the run goes on.
func TestLinkedFilesAreAttached(t *testing.T) {
	f := newFixture(t)
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("top secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := f.open(t)
	defer b.Close()
	sid, _ := b.NewSession(context.Background())
	h, err := b.Start(context.Background(), acp.RunRequest{SessionID: sid, RunID: "run_links", Prompt: "chat about hello.txt", Mode: acp.ModeAsk,
		Links: []string{string(uri.File(filepath.Join(f.root, "hello.txt"))), string(uri.File(outside)), string(uri.File(filepath.Join(f.root, "missing.txt")))}})
	if err != nil {
		t.Fatal(err)
	}
	if run, err := h.Wait(); err != nil || run.Outcome != machine.OutcomeCompleted {
		t.Fatalf("run = %+v, %v", run, err)
	}
	reqs := f.srv.Requests()
	msgs := reqs[len(reqs)-1].Messages
	var user string
	for _, m := range msgs {
		if m.Role == "user" {
			user = m.Content
		}
	}
	if !strings.Contains(user, "File: hello.txt, lines 1-1\n```\nhello world\n```") {
		t.Errorf("the linked file is not attached:\n%s", user)
	}
	if strings.Contains(user, "top secret") || strings.Contains(user, "missing.txt") {
		t.Errorf("a link outside the workspace or to nothing was attached:\n%s", user)
	}
}
