package store

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		os.Exit(helperMain())
	}
	goleak.VerifyTestMain(m)
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func openTest(t *testing.T, dir, root string) *Store {
	t.Helper()
	s, err := Open(testCtx(t), dir, root)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

var t0 = time.Date(2026, 11, 30, 8, 0, 0, 123456789, time.UTC)

func started(sid machine.SessionID, rid machine.RunID, prompt string, hist []machine.Message) engine.Checkpoint {
	return engine.Checkpoint{
		SessionID: sid, Point: machine.PointRunStarted,
		Run:     engine.Run{ID: rid, SessionID: sid, Prompt: prompt, Model: "ollama:tiny", StartedAt: t0},
		History: hist,
		Machine: json.RawMessage(`{"state":"Start","turn":0}`),
	}
}

func ended(c engine.Checkpoint, outcome machine.OutcomeName, lerr *machine.LoopError, hist []machine.Message) engine.Checkpoint {
	c.Point = machine.PointRunEnded
	c.Run.Outcome = outcome
	c.Run.Error = lerr
	c.Run.Output = "Hello from the tiny test model."
	c.Run.Turns = 2
	c.Run.Usage = engine.Usage{InputTokens: 120, OutputTokens: 34}
	c.Run.EndedAt = t0.Add(1500 * time.Millisecond)
	c.Run.Edits = []engine.Edit{{Path: "hello.txt", ToolID: "call_1"}}
	c.History = hist
	c.Machine = json.RawMessage(`{"state":"Terminal"}`)
	return c
}

func TestOpenCreatesDatabaseAtHashedPathWithSchema(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "loopls")
	root := t.TempDir()
	s := openTest(t, dir, root)
	want, err := DBPath(dir, root)
	if err != nil {
		t.Fatal(err)
	}
	if s.Path() != want {
		t.Errorf("Path() = %s, want %s", s.Path(), want)
	}
	if got := len(filepath.Base(want)); got != 16+len(".db") {
		t.Errorf("database name %q: want 16 hex digits + .db", filepath.Base(want))
	}
	fi, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Windows has no mode bits to check: the directory is the user's by
	// the ACL of %LOCALAPPDATA% it lives under.
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o700 {
		t.Errorf("state dir mode = %v, want 0700", fi.Mode().Perm())
	}
	var v int
	if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil || v != schemaVersion {
		t.Errorf("user_version = %d (%v), want %d", v, err, schemaVersion)
	}
	var mode string
	if err := s.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q (%v), want wal", mode, err)
	}
	// Another root gets another database; the same root (spelled with a
	// trailing slash) the same one.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(link); err != nil {
		// Wine 8's CreateSymbolicLink answers success and makes nothing.
		t.Skipf("os.Symlink reported success but made no link on this system: %v", err)
	}
	other, _ := DBPath(dir, t.TempDir())
	same, _ := DBPath(dir, root+"/")
	viaLink, _ := DBPath(dir, link)
	if other == want || same != want || viaLink != want {
		t.Errorf("DBPath: other root %s, same root %s, through a symlink %s; want distinct from/equal/equal to %s", other, same, viaLink, want)
	}
}

func TestMigrationsAreIdempotentAndRefuseNewerSchema(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	s := openTest(t, dir, root)
	if err := migrate(testCtx(t), s.db); err != nil {
		t.Fatalf("second migrate: %v", err)
	}
	if _, err := s.db.Exec(`PRAGMA user_version = 99`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err := Open(testCtx(t), dir, root)
	if err == nil {
		t.Fatal("Open of a database from a newer loopls succeeded, want an error")
	}
}

func TestDefaultDirFollowsXDG(t *testing.T) {
	abs := func(p string) string { // an absolute path on this system
		if runtime.GOOS == "windows" {
			return `C:` + filepath.FromSlash(p)
		}
		return p
	}
	t.Setenv("XDG_STATE_HOME", abs("/x/state"))
	if got, want := DefaultDir(), abs("/x/state/loopls"); got != want {
		t.Errorf("DefaultDir = %s, want %s", got, want)
	}
	t.Setenv("XDG_STATE_HOME", "")
	if runtime.GOOS == "windows" {
		// Windows: %LOCALAPPDATA%\loopls, never a dot directory in the profile.
		t.Setenv("LOCALAPPDATA", abs("/Users/u/AppData/Local"))
		if got, want := DefaultDir(), abs("/Users/u/AppData/Local/loopls"); got != want {
			t.Errorf("DefaultDir = %s, want %s", got, want)
		}
		return
	}
	t.Setenv("HOME", "/home/u")
	if got := DefaultDir(); got != "/home/u/.local/state/loopls" {
		t.Errorf("DefaultDir = %s, want /home/u/.local/state/loopls", got)
	}
}

func TestCheckpointRoundTrip(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	c := started("s1", "r1", "  chat with me\n please ", nil)
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	if snap, err := s.Snapshot(ctx, "r1"); err != nil || string(snap) != `{"state":"Start","turn":0}` {
		t.Errorf("Snapshot in flight = %s, %v", snap, err)
	}
	rec, err := s.Session(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Title != "chat with me" {
		t.Errorf("title = %q, want the prompt's first line, trimmed", rec.Title)
	}
	if len(rec.Runs) != 1 || rec.Runs[0].Outcome != "" {
		t.Fatalf("runs in flight = %+v, want one run without outcome", rec.Runs)
	}

	hist := []machine.Message{
		machine.UserMessage("chat with me"),
		{Role: machine.RoleAssistant, Thinking: "hm", ToolCalls: []machine.ToolCall{{ID: "call_1", Name: "read_file", Arguments: machine.RawJSON(`{"path":"README.md"}`)}}},
		{Role: machine.RoleTool, Content: "# readme", ToolCallID: "call_1", ToolName: "read_file"},
		{Role: machine.RoleAssistant, Content: "Hello from the tiny test model."},
	}
	end := ended(c, machine.OutcomeCompleted, nil, hist)
	if err := s.Checkpoint(ctx, end); err != nil {
		t.Fatal(err)
	}
	rec, err = s.Session(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rec.History, hist) {
		t.Errorf("history:\n got %+v\nwant %+v", rec.History, hist)
	}
	want := end.Run
	if len(rec.Runs) != 1 || !reflect.DeepEqual(rec.Runs[0], want) {
		t.Errorf("run:\n got %+v\nwant %+v", rec.Runs, want)
	}
	if snap, err := s.Snapshot(ctx, "r1"); err != nil || snap != nil {
		t.Errorf("Snapshot after end = %s, %v; want none", snap, err)
	}

	// A failed second run keeps its error whole and the history as given.
	c2 := started("s1", "r2", "again", hist)
	lerr := machine.MaxTurnsExceeded(2)
	if err := s.Checkpoint(ctx, c2); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, ended(c2, machine.OutcomeMaxTurnsExceeded, lerr, hist)); err != nil {
		t.Fatal(err)
	}
	rec, _ = s.Session(ctx, "s1")
	if len(rec.Runs) != 2 || rec.Runs[1].ID != "r2" || !errors.Is(rec.Runs[1].Error, machine.ErrMaxTurnsExceeded) || rec.Runs[1].Error.Max != 2 {
		t.Errorf("second run = %+v, want r2 failed MaxTurnsExceeded{2}", rec.Runs)
	}
	if rec.Title != "chat with me" {
		t.Errorf("title changed to %q by a later run", rec.Title)
	}
	if run, err := s.Run(ctx, "r2"); err != nil || run.Outcome != machine.OutcomeMaxTurnsExceeded {
		t.Errorf("Run(r2) = %+v, %v", run, err)
	}
}

func TestCompactedReplacesHistory(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	long := []machine.Message{machine.UserMessage("a"), {Role: machine.RoleAssistant, Content: "b"}, machine.UserMessage("c")}
	c := started("s", "r", "c", long)
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	short := []machine.Message{{Role: machine.RoleUser, Content: "summary of a, b"}}
	c.Point, c.History, c.Machine = machine.PointCompacted, short, json.RawMessage(`{"state":"Start","compacted":true}`)
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	rec, _ := s.Session(ctx, "s")
	if !reflect.DeepEqual(rec.History, short) {
		t.Errorf("history after compaction = %+v, want %+v", rec.History, short)
	}
	if snap, _ := s.Snapshot(ctx, "r"); string(snap) != `{"state":"Start","compacted":true}` {
		t.Errorf("snapshot after compaction = %s", snap)
	}
	if rec.Runs[0].Outcome != "" {
		t.Errorf("compaction ended the run: %+v", rec.Runs[0])
	}
}

func TestEndedRunIsNotReopened(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	c := started("s", "r", "chat", nil)
	if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCancelled, machine.Cancelled(), nil)); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, c); err != nil { // a late in-flight checkpoint
		t.Fatal(err)
	}
	run, err := s.Run(ctx, "r")
	if err != nil || run.Outcome != machine.OutcomeCancelled {
		t.Errorf("run = %+v, %v; want it still cancelled", run, err)
	}
}

func TestRunEndedWithoutOutcomeIsRecordedFailed(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	c := started("s", "r", "chat", nil)
	c.Point = machine.PointRunEnded
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	run, _ := s.Run(ctx, "r")
	if run.Outcome != machine.OutcomeFailed || !errors.Is(run.Error, machine.ErrInternal) || run.EndedAt.IsZero() {
		t.Errorf("run = %+v, want failed Internal with an end time", run)
	}
}

func TestCheckpointRejectsBadInput(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	for _, c := range []engine.Checkpoint{
		{Point: machine.PointRunStarted, Run: engine.Run{ID: "r"}},
		{SessionID: "s", Point: machine.PointRunStarted},
		{SessionID: "s", Point: "sideways", Run: engine.Run{ID: "r"}},
	} {
		if err := s.Checkpoint(ctx, c); err == nil {
			t.Errorf("Checkpoint(%+v) succeeded, want an error", c)
		}
	}
}

func TestSessionsNewestFirstAndNotFound(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	clock := t0
	s.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	for _, id := range []machine.SessionID{"a", "b", "c"} {
		if err := s.Checkpoint(ctx, started(id, machine.RunID("r"+id), "prompt "+string(id), nil)); err != nil {
			t.Fatal(err)
		}
	}
	// A second run on a (once its first ended) makes it the newest.
	if err := s.Checkpoint(ctx, ended(started("a", "ra", "prompt a", nil), machine.OutcomeCompleted, nil, nil)); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, started("a", "ra2", "more", nil)); err != nil {
		t.Fatal(err)
	}
	list, err := s.Sessions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range list {
		got = append(got, string(x.ID))
	}
	if !reflect.DeepEqual(got, []string{"a", "c", "b"}) {
		t.Errorf("Sessions order = %v, want [a c b]", got)
	}
	if list[0].Runs != 2 || list[0].Title != "prompt a" || !list[0].UpdatedAt.Equal(clock) {
		t.Errorf("Sessions[0] = %+v, want 2 runs, title 'prompt a', updated %v", list[0], clock)
	}
	// The preview is the last ended run's answer (a's second run is in flight); none before any ended.
	if list[0].Preview != "Hello from the tiny test model." || list[1].Preview != "" {
		t.Errorf("previews = %q, %q; want a's ended answer, then none", list[0].Preview, list[1].Preview)
	}
	if _, err := s.Session(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Session(nope) error = %v, want ErrNotFound", err)
	}
	if _, err := s.Run(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Run(nope) error = %v, want ErrNotFound", err)
	}
	empty := openTest(t, t.TempDir(), t.TempDir())
	if l, err := empty.Sessions(ctx); err != nil || l == nil || len(l) != 0 {
		t.Errorf("Sessions of an empty store = %#v, %v; want an empty list", l, err)
	}
}

func TestClosedStoreRefuses(t *testing.T) {
	s, err := Open(testCtx(t), t.TempDir(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := s.Sessions(testCtx(t)); !errors.Is(err, ErrClosed) {
		t.Errorf("Sessions after Close: %v, want ErrClosed", err)
	}
	if err := s.Checkpoint(testCtx(t), started("s", "r", "p", nil)); !errors.Is(err, ErrClosed) {
		t.Errorf("Checkpoint after Close: %v, want ErrClosed", err)
	}
}

func TestPreview(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Here:\n```go\nfmt.Println(1)\n```\nDone.", "Here: fmt.Println(1) Done."},
		{strings.Repeat("a ", 80), strings.TrimSpace(strings.Repeat("a ", 50)[:99]) + "…"},
		{"", ""},
	} {
		if got := Preview(tc.in); got != tc.want {
			t.Errorf("Preview(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTitle(t *testing.T) {
	long := ""
	for range 50 {
		long += "word "
	}
	for _, tc := range []struct{ in, want string }{
		{"  fix the bug  ", "fix the bug"},
		{"line one\nline two", "line one"},
		{"\n  \n\t first   real line \nsecond", "first real line"},
		// Cut at a word, within the bound.
		{long, strings.TrimSpace(long[:45]) + "…"},
		{strings.Repeat("é", 49), strings.Repeat("é", 47) + "…"},
		{strings.Repeat("é", 48), strings.Repeat("é", 48)},
		{"", ""},
		// Short: no polite opening, the first sentence only.
		{"Can you please fix the failing test in store/checkpoint.go? It panics on a nil run.", "fix the failing test in store/checkpoint.go"},
		{"please, please explain main.go.", "please, please explain main.go"},
		{"I want you to rename Foo to Bar. Then run the tests!", "rename Foo to Bar"},
		{"chat with me", "chat with me"},
		{"please", "please"},
		{"v1.2 is out: what changed", "v1.2 is out: what changed"},
	} {
		if got := Title(tc.in); got != tc.want {
			t.Errorf("Title(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDamagedDatabaseSaysWhatToDo(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	path, err := DBPath(dir, root)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Repeat("not a database ", 512)), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Open(testCtx(t), dir, root)
	if err == nil || !strings.Contains(err.Error(), "move it away") || !strings.Contains(err.Error(), path) {
		t.Errorf("Open of a damaged file: %v; want an error naming the file and what to do", err)
	}
}

// Open no longer reads every page (quick_check was O(size), paid at every
// start): damage in a page no open reads is reported by the first call that
// reads it, naming the file and what to do, and changes nothing.
func TestDamagedPageIsReportedWhereItIsRead(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	s := openTest(t, dir, root)
	ctx := testCtx(t)
	if err := s.Checkpoint(ctx, ended(started("s1", "r1", "hello", nil), machine.OutcomeCompleted, nil, nil)); err != nil {
		t.Fatal(err)
	}
	var root1 int
	if err := s.db.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = 'sessions'`).Scan(&root1); err != nil {
		t.Fatal(err)
	}
	path := s.Path()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte(strings.Repeat("\xff", 4096)), int64(root1-1)*4096); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(ctx, dir, root)
	if err != nil {
		t.Fatalf("Open with a damaged sessions page: %v (open reads no session)", err)
	}
	defer s2.Close()
	err = s2.Checkpoint(ctx, started("s1", "r2", "again", nil))
	if err == nil || !strings.Contains(err.Error(), "move it away") || !strings.Contains(err.Error(), path) {
		t.Errorf("Checkpoint over a damaged page: %v; want an error naming the file and what to do", err)
	}
	if _, err := s2.Sessions(ctx); err == nil || !strings.Contains(err.Error(), "move it away") {
		t.Errorf("Sessions over a damaged page: %v; want what to do", err)
	}
}
