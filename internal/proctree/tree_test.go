package proctree

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"
)

// The test binary plays the programs: PROCTREE_HELPER=parent starts itself
// as a child that blocks forever, prints "started", and then blocks (or,
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
		os.Stdout.WriteString("started\n")
		if os.Getenv("PROCTREE_PARENT_EXITS") == "1" {
			os.Exit(0)
		}
		select {}
	case "child":
		select {}
	}
	os.Exit(m.Run())
}

// startTree starts the helper parent in a Tree and returns once its child
// runs, with a reader of their shared stdout.
func startTree(t *testing.T, parentExits bool) (*Tree, *exec.Cmd, *bufio.Reader) {
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
	r := bufio.NewReader(out)
	line, err := r.ReadString('\n')
	if err != nil || line != "started\n" {
		t.Fatalf("helper said %q, %v; want started", line, err)
	}
	return tree, cmd, r
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

// gone waits (bounded) until every process holding the shared stdout has
// ended: the read sees EOF.
func gone(t *testing.T, r io.Reader) {
	t.Helper()
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
	r := bufio.NewReader(out)
	if line, _ := r.ReadString('\n'); line != "started\n" {
		t.Fatalf("helper said %q", line)
	}
	cancel()
	gone(t, r)
	if err := cmd.Wait(); err == nil {
		t.Fatal("a cancelled program exited 0")
	}
}
