package store

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// The tests re-run their own binary as a helper process (helperEnv names
// what it does), so that two real processes share a database and one can
// be killed with SIGKILL.
const helperEnv = "LOOPLS_STORE_HELPER"

func helperMain() int {
	ctx := context.Background()
	dir, root := os.Getenv("HELPER_DIR"), os.Getenv("HELPER_ROOT")
	if os.Getenv("HELPER_GATE") != "" {
		// Say so at the gate, then wait for the go: the test releases
		// every helper at once, once all of them are there.
		fmt.Println("ready")
		bufio.NewReader(os.Stdin).ReadString('\n')
	}
	s, err := Open(ctx, dir, root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper open:", err)
		return 1
	}
	defer s.Close()
	switch os.Getenv(helperEnv) {
	case "inflight":
		// Start a run, say so, then wait to be killed.
		if err := s.Checkpoint(ctx, started("s-dead", "r-dead", "chat", nil)); err != nil {
			fmt.Fprintln(os.Stderr, "helper checkpoint:", err)
			return 1
		}
		fmt.Println("ready")
		bufio.NewReader(os.Stdin).ReadString('\n')
		return 0
	case "write":
		n, _ := strconv.Atoi(os.Getenv("HELPER_N"))
		prefix := os.Getenv("HELPER_PREFIX")
		var hist []machine.Message
		for i := range n {
			sid := machine.SessionID(prefix)
			rid := machine.RunID(fmt.Sprintf("%s-%d", prefix, i))
			c := started(sid, rid, "chat", hist)
			if err := s.Checkpoint(ctx, c); err != nil {
				fmt.Fprintln(os.Stderr, "helper start:", err)
				return 1
			}
			hist = append(hist, machine.UserMessage(fmt.Sprint(i)), machine.Message{Role: machine.RoleAssistant, Content: "ok"})
			if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, hist)); err != nil {
				fmt.Fprintln(os.Stderr, "helper end:", err)
				return 1
			}
			if _, err := s.Sessions(ctx); err != nil {
				fmt.Fprintln(os.Stderr, "helper list:", err)
				return 1
			}
		}
		return 0
	case "session":
		// One run on the shared session: claim it, or be refused as busy
		// (exit 3); then append a turn as the manager does.
		sid := machine.SessionID(os.Getenv("HELPER_SESSION"))
		prompt := os.Getenv("HELPER_PREFIX")
		run := engine.Run{ID: machine.RunID(prompt), SessionID: sid, Prompt: prompt, StartedAt: t0}
		c, err := s.Claim(ctx, run, true)
		if errors.Is(err, ErrBusy) {
			fmt.Println("busy")
			return 3
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "helper claim:", err)
			return 1
		}
		cp := engine.Checkpoint{SessionID: sid, Point: machine.PointRunStarted, Run: run, History: c.History,
			Machine: json.RawMessage(`{"state":"Start"}`)}
		if err := s.Checkpoint(ctx, cp); err != nil {
			fmt.Fprintln(os.Stderr, "helper start:", err)
			return 1
		}
		hist := append(c.History, machine.UserMessage(prompt), machine.Message{Role: machine.RoleAssistant, Content: "ok " + prompt})
		if err := s.Checkpoint(ctx, ended(cp, machine.OutcomeCompleted, nil, hist)); err != nil {
			fmt.Fprintln(os.Stderr, "helper end:", err)
			return 1
		}
		fmt.Println("completed")
		return 0
	}
	return 2
}

func helperCmd(t *testing.T, mode, dir, root string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, "HELPER_DIR="+dir, "HELPER_ROOT="+root)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	return cmd
}

// startInFlight starts a helper that leaves run r-dead in flight and waits.
func startInFlight(t *testing.T, dir, root string) *exec.Cmd {
	t.Helper()
	cmd := helperCmd(t, "inflight", dir, root)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "ready\n" {
		t.Fatalf("helper said %q, %v", line, err)
	}
	return cmd
}

func TestKilledDaemonsRunIsRecoveredAsStopped(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	cmd := startInFlight(t, dir, root)
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no Close, no cleanup
		t.Fatal(err)
	}
	cmd.Wait()

	s := openTest(t, dir, root)
	rec, err := s.Session(ctx, "s-dead")
	if err != nil {
		t.Fatalf("session of the killed run: %v", err)
	}
	if len(rec.Runs) != 1 {
		t.Fatalf("runs = %+v, want the killed one", rec.Runs)
	}
	r := rec.Runs[0]
	if r.Outcome != machine.OutcomeFailed || r.Error == nil || r.Error.Kind != machine.KindInternal || r.Error.Message != "daemon stopped" || r.EndedAt.IsZero() {
		t.Errorf("recovered run = %+v (error %+v), want failed Internal \"daemon stopped\" with an end", r, r.Error)
	}
	if snap, err := s.Snapshot(ctx, "r-dead"); err != nil || snap != nil {
		t.Errorf("snapshot of recovered run = %s, %v; want cleared", snap, err)
	}
	// The session stays usable: a new run on it records normally.
	c := started("s-dead", "r-next", "chat", nil)
	if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, []machine.Message{machine.UserMessage("chat")})); err != nil {
		t.Fatal(err)
	}
	rec, _ = s.Session(ctx, "s-dead")
	if len(rec.Runs) != 2 || rec.Runs[1].Outcome != machine.OutcomeCompleted {
		t.Errorf("runs after resuming = %+v", rec.Runs)
	}
	// The dead owner's lock file was swept.
	files, _ := filepath.Glob(filepath.Join(s.Path()+".owners", "*"+lockSuffix))
	if len(files) != 1 {
		t.Errorf("owner files = %v, want only ours", files)
	}
}

func TestLiveDaemonsRunIsLeftInFlight(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	startInFlight(t, dir, root) // alive until cleanup

	s := openTest(t, dir, root)
	run, err := s.Run(ctx, "r-dead")
	if err != nil {
		t.Fatal(err)
	}
	if run.Outcome != "" {
		t.Errorf("a live daemon's run was recovered: %+v", run)
	}
}

func TestInFlightRunOfClosedStoreIsRecovered(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	s1, err := Open(ctx, dir, root)
	if err != nil {
		t.Fatal(err)
	}
	if err := s1.Checkpoint(ctx, started("s", "r", "chat", nil)); err != nil {
		t.Fatal(err)
	}
	// While s1 is open, a second Store leaves its run alone.
	s2 := openTest(t, dir, root)
	if run, _ := s2.Run(ctx, "r"); run.Outcome != "" {
		t.Errorf("run of a live Store recovered: %+v", run)
	}
	s2.Close()
	s1.Close()
	s3 := openTest(t, dir, root)
	if run, _ := s3.Run(ctx, "r"); run.Outcome != machine.OutcomeFailed || !errors.Is(run.Error, machine.ErrInternal) {
		t.Errorf("run after its Store closed = %+v, want recovered", run)
	}
}

// Two daemons (processes) on one workspace write at the same time while a
// third reads: nothing is lost, nothing is corrupt.
func TestTwoProcessesWriteConcurrently(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	const n = 40
	var cmds []*exec.Cmd
	for _, p := range []string{"left", "right"} {
		cmd := helperCmd(t, "write", dir, root, "HELPER_N="+strconv.Itoa(n), "HELPER_PREFIX="+p)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("writer process: %v", err)
		}
	}
	s := openTest(t, dir, root)
	var ok string
	if err := s.db.QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check = %q, %v", ok, err)
	}
	for _, p := range []machine.SessionID{"left", "right"} {
		rec, err := s.Session(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Runs) != n || len(rec.History) != 2*n {
			t.Errorf("session %s: %d runs, %d messages; want %d, %d", p, len(rec.Runs), len(rec.History), n, 2*n)
		}
		for i, r := range rec.Runs {
			if want := machine.RunID(fmt.Sprintf("%s-%d", p, i)); r.ID != want || r.Outcome != machine.OutcomeCompleted {
				t.Errorf("session %s run %d = %s %s, want %s completed", p, i, r.ID, r.Outcome, want)
			}
		}
	}
}
