package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// A state directory whose name holds URI syntax ('#' ends a URI's path, '?'
// starts its query, '%' escapes) still names the database file exactly.
func TestStateDirWithURICharactersIsEscaped(t *testing.T) {
	ctx := testCtx(t)
	names := []string{"a#b", "q?x=1", "pct%41", "sp ace", "semi;colon&amp"}
	if runtime.GOOS == "windows" {
		names = slices.DeleteFunc(names, func(n string) bool { return strings.Contains(n, "?") }) // no '?' in a Windows file name
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			state := filepath.Join(t.TempDir(), name)
			t.Setenv("XDG_STATE_HOME", state)
			root := t.TempDir()
			s, err := Open(ctx, "", root)
			if err != nil {
				t.Fatalf("Open under %q: %v", state, err)
			}
			defer s.Close()
			want, _ := DBPath(filepath.Join(state, "loopls"), root)
			if s.Path() != want {
				t.Errorf("Path() = %s, want %s", s.Path(), want)
			}
			if err := s.Checkpoint(ctx, started("s", "r", "chat", nil)); err != nil {
				t.Fatal(err)
			}
			if fi, err := os.Stat(want); err != nil || fi.Size() == 0 {
				t.Errorf("database file %s: %v (size %v)", want, err, fi)
			}
			// Nothing was created at a truncated name next to it.
			entries, _ := os.ReadDir(filepath.Dir(state))
			for _, e := range entries {
				if e.Name() != name {
					t.Errorf("stray entry %q beside the state directory", e.Name())
				}
			}
		})
	}
}

// Two Stores on one database are two processes as far as the store can
// tell (each holds its own owner lock): while one has a run in flight in a
// session, the other's claim is refused as busy; once it ended, the other
// claims and starts from its history.
func TestClaimIsRefusedWhileAnotherStoreRunsTheSession(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	a, b := openTest(t, dir, root), openTest(t, dir, root)

	runA := engine.Run{ID: "ra", SessionID: "s", Prompt: "first", StartedAt: t0}
	ca, err := a.Claim(ctx, runA, true)
	if err != nil || len(ca.History) != 0 || ca.Title != "first" {
		t.Fatalf("Claim = %+v, %v", ca, err)
	}
	runB := engine.Run{ID: "rb", SessionID: "s", Prompt: "second", StartedAt: t0}
	if _, err := b.Claim(ctx, runB, true); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "run ra") {
		t.Fatalf("Claim while ra runs: %v, want ErrBusy naming ra", err)
	}
	// Writing without a claim is refused the same way.
	if err := b.Checkpoint(ctx, started("s", "rb", "second", nil)); !errors.Is(err, ErrBusy) {
		t.Fatalf("Checkpoint of an unclaimed run while ra runs: %v, want ErrBusy", err)
	}
	histA := []machine.Message{machine.UserMessage("first"), {Role: machine.RoleAssistant, Content: "one"}}
	cpA := engine.Checkpoint{SessionID: "s", Point: machine.PointRunStarted, Run: runA}
	if err := a.Checkpoint(ctx, cpA); err != nil {
		t.Fatal(err)
	}
	if err := a.Checkpoint(ctx, ended(cpA, machine.OutcomeCompleted, nil, histA)); err != nil {
		t.Fatal(err)
	}
	cb, err := b.Claim(ctx, runB, true)
	if err != nil {
		t.Fatalf("Claim after ra ended: %v", err)
	}
	if len(cb.History) != 2 || cb.History[1].Content != "one" {
		t.Errorf("claimed history = %+v, want ra's turn", cb.History)
	}
	if _, err := b.Claim(ctx, engine.Run{ID: "rc", SessionID: "nope", Prompt: "x"}, false); !errors.Is(err, ErrNotFound) {
		t.Errorf("Claim of an unknown session without create: %v, want ErrNotFound", err)
	}
	if _, err := b.Claim(ctx, engine.Run{ID: "rb", SessionID: "s2", Prompt: "x"}, true); err == nil {
		t.Errorf("Claim reusing run id rb: no error")
	}
}

// A write over a session version the run did not see (an older loopls that
// does not claim, or a hand edit) is refused, and the stored history stays.
func TestCheckpointOverAnotherWriteIsAConflict(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	run := engine.Run{ID: "r", SessionID: "s", Prompt: "chat", StartedAt: t0}
	if _, err := s.Claim(ctx, run, true); err != nil {
		t.Fatal(err)
	}
	other := `[{"role":"user","content":"theirs"}]`
	if _, err := s.db.ExecContext(ctx, `UPDATE sessions SET history = ?, version = version + 1 WHERE id = 's'`, other); err != nil {
		t.Fatal(err)
	}
	cp := engine.Checkpoint{SessionID: "s", Point: machine.PointRunStarted, Run: run}
	if err := s.Checkpoint(ctx, ended(cp, machine.OutcomeCompleted, nil, []machine.Message{machine.UserMessage("mine")})); !errors.Is(err, ErrConflict) {
		t.Fatalf("Checkpoint over another write: %v, want ErrConflict", err)
	}
	rec, _ := s.Session(ctx, "s")
	if len(rec.History) != 1 || rec.History[0].Content != "theirs" {
		t.Errorf("history after the refused write = %+v, want the other write's", rec.History)
	}
}

// A claim that finds a dead process's run in flight in the session records
// it stopped and goes on.
func TestClaimRecordsADeadProcesssRunStopped(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	s := openTest(t, dir, root) // opened first: its recovery cannot have seen the run
	cmd := startInFlight(t, dir, root)
	if _, err := s.Claim(ctx, engine.Run{ID: "r-next", SessionID: "s-dead", Prompt: "x"}, false); !errors.Is(err, ErrBusy) {
		t.Fatalf("Claim while the helper lives: %v, want ErrBusy", err)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if _, err := s.Claim(ctx, engine.Run{ID: "r-next", SessionID: "s-dead", Prompt: "x"}, false); err != nil {
		t.Fatalf("Claim after the helper died: %v", err)
	}
	if r, _ := s.Run(ctx, "r-dead"); r.Outcome != machine.OutcomeFailed || r.Error == nil || r.Error.Message != stoppedMessage {
		t.Errorf("dead run = %+v, want failed %q", r, stoppedMessage)
	}
}

// gatedBound bounds one gated round: every helper at its gate, then every
// helper done. A round takes well under a second, also under Wine.
const gatedBound = 2 * time.Minute

// gated starts a helper process of mode per env, waits until each one says
// it is at its gate, releases them together, and returns each one's exit
// code and output (what it printed after the gate). A helper that does not
// reach its gate or end within gatedBound fails the test.
func gated(t *testing.T, mode, dir, root string, envs [][]string) (codes []int, outs []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), gatedBound)
	defer cancel()
	type proc struct {
		cmd    *exec.Cmd
		stdin  io.WriteCloser
		ready  chan error    // the gate's "ready" line, or why not
		copied chan struct{} // the rest of stdout is in out
		out    strings.Builder
		errb   strings.Builder
	}
	var ps []*proc
	defer func() { // a helper left behind by a failure is killed and waited for
		for _, p := range ps {
			if p.cmd.ProcessState == nil {
				p.cmd.Process.Kill()
				<-p.copied
				p.cmd.Wait()
			}
		}
	}()
	for _, env := range envs {
		p := &proc{cmd: helperCmd(t, mode, dir, root, append(env, "HELPER_GATE=1")...),
			ready: make(chan error, 1), copied: make(chan struct{})}
		p.cmd.Stderr = &p.errb
		stdout, err := p.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if p.stdin, err = p.cmd.StdinPipe(); err != nil {
			t.Fatal(err)
		}
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
		go func() {
			defer close(p.copied)
			r := bufio.NewReader(stdout)
			line, err := r.ReadString('\n')
			if err == nil && line != "ready\n" {
				err = fmt.Errorf("said %q at its gate", line)
			}
			p.ready <- err
			io.Copy(&p.out, r)
		}()
	}
	for i, p := range ps {
		select {
		case err := <-p.ready:
			if err != nil {
				t.Fatalf("helper %d did not reach its gate: %v\n%s", i, err, p.errb.String())
			}
		case <-ctx.Done():
			t.Fatalf("helper %d not at its gate within %v", i, gatedBound)
		}
	}
	for _, p := range ps {
		io.WriteString(p.stdin, "go\n")
		p.stdin.Close()
	}
	for i, p := range ps {
		select {
		case <-p.copied: // stdout closed: the helper is ending
		case <-ctx.Done():
			t.Fatalf("helper %d did not end within %v", i, gatedBound)
		}
		err := p.cmd.Wait()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if s := p.errb.String(); strings.Contains(s, "SQLITE_BUSY") || strings.Contains(s, "database is locked") {
			t.Errorf("helper met a busy database: %s", s)
		}
		codes = append(codes, code)
		outs = append(outs, p.out.String()+p.errb.String())
	}
	return codes, outs
}

// Two processes open one new database at the same moment (both at their
// gate before either goes), fifty times: both open (schema created once, no
// SQLITE_BUSY, never read-only) and both write. On Windows the one whose
// link lost could open the database while the winner removed the other name
// of its hard link, and SQLite then opened it read-only (writable.go).
func TestTwoProcessesOpenOneStoreAtOnce(t *testing.T) {
	root := t.TempDir()
	for i := range 50 {
		dir := filepath.Join(t.TempDir(), fmt.Sprint(i))
		codes, outs := gated(t, "write", dir, root, [][]string{
			{"HELPER_N=1", "HELPER_PREFIX=left"}, {"HELPER_N=1", "HELPER_PREFIX=right"},
		})
		for j, c := range codes {
			if c != 0 {
				t.Fatalf("round %d: process %d exit %d:\n%s", i, j, c, outs[j])
			}
		}
	}
}

// Two processes run one session at the same moment, fifty times: each is
// either refused as busy or appends its turn; no completed turn is lost.
func TestTwoProcessesOnOneSessionLoseNothing(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	var want []string
	busy := 0
	for i := range 50 {
		names := []string{fmt.Sprintf("p%02d-a", i), fmt.Sprintf("p%02d-b", i)}
		codes, outs := gated(t, "session", dir, root, [][]string{
			{"HELPER_SESSION=shared", "HELPER_PREFIX=" + names[0]},
			{"HELPER_SESSION=shared", "HELPER_PREFIX=" + names[1]},
		})
		for j, c := range codes {
			switch c {
			case 0:
				want = append(want, names[j])
			case 3:
				busy++
			default:
				t.Fatalf("round %d: process %d exit %d:\n%s", i, j, c, outs[j])
			}
		}
	}
	s := openTest(t, dir, root)
	rec, err := s.Session(testCtx(t), "shared")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for k, m := range rec.History {
		if m.Role != machine.RoleUser {
			continue
		}
		got = append(got, m.Content)
		if k+1 >= len(rec.History) || rec.History[k+1].Content != "ok "+m.Content {
			t.Errorf("turn %q lacks its answer", m.Content)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("history holds the turns %q, want exactly the completed %q", got, want)
	}
	completed := 0
	for _, r := range rec.Runs {
		if r.Outcome == machine.OutcomeCompleted {
			completed++
		}
	}
	if completed != len(want) {
		t.Errorf("%d runs recorded completed, %d processes said completed", completed, len(want))
	}
	t.Logf("%d turns appended, %d refused as busy", len(want), busy)
}
