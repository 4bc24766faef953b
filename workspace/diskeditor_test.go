package workspace

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/beneath"
)

func TestDiskEditorRefusesStaleOld(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "one\n"})
	root, err := beneath.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	d := NewDiskEditor(root)
	res, err := d.Apply(context.Background(), FileEdit{Path: "a.txt", Old: "zero\n", New: "two\n", Exists: true})
	if err != nil || res.Applied || res.FailureReason == "" {
		t.Fatalf("Apply(stale) = %+v, %v; want not applied with a reason", res, err)
	}
	res, err = d.Apply(context.Background(), FileEdit{Path: "a.txt", New: "two\n", Exists: false})
	if err != nil || res.Applied {
		t.Fatalf("Apply(create over existing) = %+v, %v; want not applied", res, err)
	}
	if got := readDisk(t, dir, "a.txt"); got != "one\n" {
		t.Errorf("content = %q, want unchanged", got)
	}
}

// TestAtomicWriteCancelled cancels a write after the temporary file is
// complete and before the rename: the old file stays whole, no temporary
// file is left.
func TestAtomicWriteCancelled(t *testing.T) {
	dir := newTree(t, map[string]string{"f.txt": "old content\n"})
	root, err := beneath.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	ctx, cancel := context.WithCancel(context.Background())
	d := NewDiskEditor(root)
	root.SetHook(func(s beneath.Step, _ string) {
		if s == beneath.StepRename {
			cancel()
		}
	})
	_, err = d.Apply(ctx, FileEdit{Path: "f.txt", Old: "old content\n", New: strings.Repeat("x", 3<<20), Exists: true})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Apply cancelled before rename: err = %v, want context.Canceled", err)
	}
	if got := readDisk(t, dir, "f.txt"); got != "old content\n" {
		t.Errorf("file after cancelled write = %.40q, want the old content", got)
	}
	assertNoTemp(t, dir)

	// Cancelled before it starts: nothing happens.
	_, err = d.Apply(ctx, FileEdit{Path: "f.txt", Old: "old content\n", New: "new", Exists: true})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Apply with a done ctx: err = %v", err)
	}
	if got := readDisk(t, dir, "f.txt"); got != "old content\n" {
		t.Errorf("file = %q, want the old content", got)
	}
}

// TestAtomicWriteKilledChild kills (SIGKILL) a process that has written
// its temporary file and not yet renamed it: the old file is whole.
func TestAtomicWriteKilledChild(t *testing.T) {
	old := strings.Repeat("old line\n", 1000)
	dir := newTree(t, map[string]string{"target.txt": old})
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+dir)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	select {
	case l := <-lines:
		if l != "READY" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("child said %q, want READY", l)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("child did not reach the rename within 10s")
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if got := readDisk(t, dir, "target.txt"); got != old {
		t.Errorf("target after the writer was killed: %d bytes, want the old %d bytes whole", len(got), len(old))
	}
	// The orphaned temporary file is there, and the index does not list it.
	matches, _ := filepath.Glob(filepath.Join(dir, tempPrefix+"*"))
	if len(matches) != 1 {
		t.Errorf("temporary files = %v, want the one the killed writer left", matches)
	}
	w := openWS(t, dir, Options{})
	if files := w.Files(); len(files) != 1 || files[0] != "target.txt" {
		t.Errorf("Files() = %v, want only target.txt (temporaries hidden)", files)
	}

	// The next write of the file removes the orphan, whose process is
	// gone, and leaves alone the write in flight of a process that runs
	// (this test's parent) and temporaries of other files.
	live := filepath.Join(dir, fmt.Sprintf("%starget.txt-%d-0a0b0c0d0e0f", tempPrefix, os.Getppid()))
	other := filepath.Join(dir, fmt.Sprintf("%sother.txt-%d-0a0b0c0d0e0f", tempPrefix, cmd.Process.Pid))
	for _, p := range []string{live, other} {
		if err := os.WriteFile(p, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root, err := beneath.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	res, err := NewDiskEditor(root).Apply(context.Background(), FileEdit{Path: "target.txt", Old: old, New: "new\n", Exists: true})
	if err != nil || !res.Applied {
		t.Fatalf("the next write: %+v, %v", res, err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, tempPrefix+"*"))
	slices.Sort(left)
	if want := []string{other, live}; !slices.Equal(left, want) {
		t.Errorf("temporary files after the next write = %v, want only %v", left, want)
	}
}

func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, tempPrefix+"*"))
	if len(matches) > 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}
