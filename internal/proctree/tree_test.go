package proctree

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The test binary plays the programs: PROCTREE_HELPER=parent starts itself
// as a child that sleeps for an hour, prints "started", and then blocks (or,
// with PROCTREE_PARENT_EXITS=1, exits). Parent and child share the
// parent's stdout, so the test's read of it ends (EOF) only when both are
// gone: that is the event the tests wait on.
func TestMain(m *testing.M) {
	switch os.Getenv("PROCTREE_HELPER") {
	case "parent":
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), "PROCTREE_HELPER=child")
		child.Stdout = os.Stdout
		if err := child.Start(); err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(3)
		}
		os.Stdout.WriteString("started " + strconv.Itoa(child.Process.Pid) + "\n")
		if os.Getenv("PROCTREE_PARENT_EXITS") == "1" {
			os.Exit(0)
		}
		time.Sleep(time.Hour) // until killed (a bare select{} would end it: deadlock)
	case "child":
		time.Sleep(time.Hour)
	}
	os.Exit(m.Run())
}

// startTree starts the helper parent in a Tree and returns once its child
// runs, with a reader of their shared stdout.
func startTree(t *testing.T, parentExits bool) (*Tree, *exec.Cmd, *child) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "PROCTREE_HELPER=parent")
	if parentExits {
		cmd.Env = append(cmd.Env, "PROCTREE_PARENT_EXITS=1")
	}
	out := stdoutPipe(t, cmd)
	tree := New()
	tree.Prepare(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmd.Stdout.(*os.File).Close() // the tree's end
	if err := tree.Started(cmd); err != nil {
		t.Fatal(err)
	}
	return tree, cmd, readStarted(t, out)
}

// child is the helper's child: its pid, and the shared stdout.
type child struct {
	pid int
	r   *bufio.Reader
}

func readStarted(t *testing.T, out io.Reader) *child {
	t.Helper()
	r := bufio.NewReader(out)
	line, err := r.ReadString('\n')
	pid, perr := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "started ")))
	if err != nil || !strings.HasPrefix(line, "started ") || perr != nil {
		t.Fatalf("helper said %q, %v; want started PID", line, err)
	}
	return &child{pid: pid, r: r}
}

// stdoutPipe gives cmd a pipe for stdout that cmd.Wait leaves alone (an
// *os.File is handed to the program as is), and returns its read end.
func stdoutPipe(t *testing.T, cmd *exec.Cmd) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	cmd.Stdout = w
	return r
}

// gone waits (bounded) until the child has ended (childGone: its process
// handle on Windows, where Wine's pipes do not show it) and every process
// holding the shared stdout has: the read sees EOF.
func gone(t *testing.T, c *child) {
	t.Helper()
	childGone(t, c.pid)
	r := c.r
	done := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, r); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("reading the tree's stdout: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a process of the tree still holds its stdout 30s after the kill: it outlived the tree")
	}
}

func TestKillEndsTheWholeTree(t *testing.T) {
	tree, cmd, r := startTree(t, false)
	defer tree.Close()
	if err := tree.Kill(); err != nil {
		t.Fatalf("Kill: %v", err)
	}
	gone(t, r)
	_ = cmd.Wait()
}

func TestCloseKillsWhatTheProgramLeft(t *testing.T) {
	tree, cmd, r := startTree(t, true)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the parent exited with %v, want 0", err)
	}
	if err := tree.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	gone(t, r)
}

func TestCancelOfTheContextKillsTheTree(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), "PROCTREE_HELPER=parent")
	cmd.WaitDelay = 30 * time.Second
	out := stdoutPipe(t, cmd)
	tree := New()
	defer tree.Close()
	tree.Prepare(cmd)
	cmd.Cancel = tree.Kill
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmd.Stdout.(*os.File).Close() // the tree's end
	if err := tree.Started(cmd); err != nil {
		t.Fatal(err)
	}
	c := readStarted(t, out)
	cancel()
	gone(t, c)
	if err := cmd.Wait(); err == nil {
		t.Fatal("a cancelled program exited 0")
	}
}
