//go:build unix

package workspace

import (
	"github.com/loopls/loopls/command"

	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

func TestReadFile(t *testing.T) {
	var long strings.Builder
	for i := 1; i <= 2500; i++ {
		fmt.Fprintf(&long, "line %d\n", i)
	}
	dir := newTree(t, map[string]string{
		"small.txt": "first\nsecond\nthird",
		"long.txt":  long.String(),
		"bin.dat":   "\x00\x01\x02binary",
		"latin.txt": "caf\xe9\n",
		"empty.txt": "",
		"wide.txt":  strings.Repeat("w", 5000) + "\n",
		"d/x.txt":   "x",
	})
	w := openWS(t, dir, Options{})
	tests := []struct {
		args    map[string]any
		isError bool
		want    []string
		notWant []string
	}{
		{map[string]any{"path": "small.txt"}, false, []string{"     1\tfirst\n", "     3\tthird\n"}, []string{"showing"}},
		{map[string]any{"path": "small.txt", "offset": 2, "limit": 1}, false, []string{"     2\tsecond\n", "lines 2-2 of 3"}, []string{"first", "third"}},
		{map[string]any{"path": "small.txt", "offset": 9}, false, []string{"past the end"}, nil},
		{map[string]any{"path": "long.txt"}, false, []string{"  2000\tline 2000\n", "read on with offset=2001"}, []string{"line 2001"}},
		{map[string]any{"path": "long.txt", "offset": 2400}, false, []string{"  2500\tline 2500\n"}, []string{"line 2399\n"}},
		{map[string]any{"path": "bin.dat"}, false, []string{"binary file"}, []string{"\x00"}},
		{map[string]any{"path": "latin.txt"}, false, []string{"binary file"}, nil},
		{map[string]any{"path": "empty.txt"}, false, []string{"is empty"}, nil},
		{map[string]any{"path": "wide.txt"}, false, []string{"[line cut]", "1 lines longer than 2000 bytes were cut"}, nil},
		{map[string]any{"path": "d"}, true, []string{"is a directory", "list_dir"}, nil},
		{map[string]any{"path": "missing.txt"}, true, []string{"no such file", "glob"}, nil},
		{map[string]any{}, true, []string{"path is required"}, nil},
		{map[string]any{"path": "small.txt", "offset": -1}, true, []string{"positive"}, nil},
	}
	for _, tt := range tests {
		res := call(t, w, ToolReadFile, tt.args)
		if res.IsError != tt.isError {
			t.Errorf("read_file(%v): IsError = %v, want %v; output %q", tt.args, res.IsError, tt.isError, res.Output)
		}
		for _, s := range tt.want {
			if !strings.Contains(res.Output, s) {
				t.Errorf("read_file(%v) = %.200q, want it to contain %q", tt.args, res.Output, s)
			}
		}
		for _, s := range tt.notWant {
			if strings.Contains(res.Output, s) {
				t.Errorf("read_file(%v) = %.200q, want no %q", tt.args, res.Output, s)
			}
		}
	}
	// Malformed arguments are an error result, not a Go error.
	res, err := tool(t, w, ToolReadFile).Call(context.Background(), engine.ToolInvocation{Call: machine.ToolCall{Name: ToolReadFile, Arguments: machine.RawJSON(`{"path": 3}`)}})
	if err != nil || !res.IsError {
		t.Errorf("read_file(bad JSON) = %+v, %v; want an error result", res, err)
	}
}

func TestHugeFileIsCut(t *testing.T) {
	dir := newTree(t, nil)
	big := strings.Repeat(strings.Repeat("z", 99)+"\n", (readMaxFile/100)+5000)
	write(t, dir, "huge.txt", big)
	w := openWS(t, dir, Options{})
	res := call(t, w, ToolReadFile, map[string]any{"path": "huge.txt"})
	if res.IsError || !strings.Contains(res.Output, fmt.Sprintf("the file is %d bytes; only its first %d bytes were read", len(big), readMaxFile)) {
		t.Errorf("read_file(huge) = %.300q…, want a note that it was cut", res.Output)
	}
	if len(res.Output) > readMaxOutput+1000 {
		t.Errorf("read_file(huge) returned %d bytes, want at most about %d", len(res.Output), readMaxOutput)
	}
	if res := call(t, w, ToolEditFile, map[string]any{"path": "huge.txt", "old_string": "z", "new_string": "y"}); !res.IsError || !strings.Contains(res.Output, "too large") {
		t.Errorf("edit_file(huge) = %.200q, want an error result saying it is too large", res.Output)
	}
}

func TestListDir(t *testing.T) {
	dir := newTree(t, map[string]string{
		".gitignore":  "*.log\n",
		".git/HEAD":   "x",
		"a.txt":       "abc",
		"z.log":       "x",
		"sub/b.txt":   "b",
		"empty/.keep": "",
		// What a loopls killed in the middle of a write leaves behind.
		tempPrefix + "a.txt-0123abcd": "ab",
	})
	w := openWS(t, dir, Options{})
	res := call(t, w, ToolListDir, map[string]any{})
	want := ".gitignore (6 bytes)\na.txt (3 bytes)\nempty/\nsub/\n[2 ignored entries (.git, .gitignore) not shown]\n"
	if res.IsError || res.Output != want {
		t.Errorf("list_dir() = %q, want %q", res.Output, want)
	}
	if res := call(t, w, ToolListDir, map[string]any{"path": "sub"}); res.Output != "b.txt (1 bytes)\n" {
		t.Errorf("list_dir(sub) = %q", res.Output)
	}
	if res := call(t, w, ToolListDir, map[string]any{"path": "a.txt"}); !res.IsError || !strings.Contains(res.Output, "read_file") {
		t.Errorf("list_dir(file) = %+v", res)
	}
}

func TestGlob(t *testing.T) {
	dir := newTree(t, map[string]string{
		".gitignore":         "vendor/\n",
		"main.go":            "",
		"cmd/x/main.go":      "",
		"cmd/x/main_test.go": "",
		"pkg/a/b/c.go":       "",
		"pkg/a/readme.md":    "",
		"vendor/v.go":        "",
	})
	w := openWS(t, dir, Options{})
	tests := map[string]string{
		"*.go":             "main.go\n",
		"**/*.go":          "cmd/x/main.go\ncmd/x/main_test.go\nmain.go\npkg/a/b/c.go\n",
		"cmd/*/main.go":    "cmd/x/main.go\n",
		"pkg/**":           "pkg/a/b/c.go\npkg/a/readme.md\n",
		"**/*_test.go":     "cmd/x/main_test.go\n",
		"./pkg/**/*.md":    "pkg/a/readme.md\n",
		w.Root() + "/*.go": "main.go\n",
		"*.rs":             `no files match "*.rs"`,
	}
	for pat, want := range tests {
		if res := call(t, w, ToolGlob, map[string]any{"pattern": pat}); res.IsError || res.Output != want {
			t.Errorf("glob(%q) = %q, want %q", pat, res.Output, want)
		}
	}
}

func TestGrep(t *testing.T) {
	files := map[string]string{
		".gitignore":   "ignored/\n",
		"a.go":         "package a\nfunc Open() {}\nfunc close() {}\n",
		"b/b.go":       "package b\n// Open opens\nfunc Open() {}\n",
		"b/notes.md":   "Open the door\n",
		"ignored/x.go": "func Open() {}\n",
		"bin.dat":      "func Open()\x00\n",
	}
	for i := range 300 {
		files[fmt.Sprintf("many/f%03d.txt", i)] = "needle\nneedle again\n"
	}
	w := openWS(t, newTree(t, files), Options{})
	res := call(t, w, ToolGrep, map[string]any{"pattern": `^func Open`})
	if want := "a.go:2: func Open() {}\nb/b.go:3: func Open() {}\n"; res.Output != want {
		t.Errorf("grep(^func Open) = %q, want %q", res.Output, want)
	}
	res = call(t, w, ToolGrep, map[string]any{"pattern": `Open`, "glob": "*.md"})
	if want := "b/notes.md:1: Open the door\n"; res.Output != want {
		t.Errorf("grep(glob *.md) = %q, want %q", res.Output, want)
	}
	res = call(t, w, ToolGrep, map[string]any{"pattern": `Open`, "path": "b", "glob": "b/*.go"})
	if want := "b/b.go:2: // Open opens\nb/b.go:3: func Open() {}\n"; res.Output != want {
		t.Errorf("grep(path b) = %q, want %q", res.Output, want)
	}
	res = call(t, w, ToolGrep, map[string]any{"pattern": `Open`, "path": "a.go"})
	if want := "a.go:2: func Open() {}\n"; res.Output != want {
		t.Errorf("grep(path a.go) = %q, want %q", res.Output, want)
	}
	res = call(t, w, ToolGrep, map[string]any{"pattern": `needle`})
	if n := strings.Count(res.Output, "\n"); n != grepMaxLines+1 {
		t.Errorf("grep(needle) printed %d lines, want %d and a note", n, grepMaxLines+1)
	}
	if !strings.Contains(res.Output, "[400 more matching lines not shown (600 matching lines in 300 files)") {
		t.Errorf("grep(needle) note missing: %q", res.Output[len(res.Output)-200:])
	}
	if res := call(t, w, ToolGrep, map[string]any{"pattern": `(`}); !res.IsError || !strings.Contains(res.Output, "RE2") {
		t.Errorf("grep(bad regexp) = %+v", res)
	}
	if res := call(t, w, ToolGrep, map[string]any{"pattern": `zebra`}); res.IsError || !strings.HasPrefix(res.Output, "no matches") {
		t.Errorf("grep(no match) = %+v", res)
	}
}

func TestEditFile(t *testing.T) {
	dir := newTree(t, map[string]string{"f.txt": "one two two three\n", "bin": "\x00x"})
	w := openWS(t, dir, Options{})
	tests := []struct {
		args    map[string]any
		isError bool
		want    string // in the output
		disk    string
	}{
		{map[string]any{"path": "f.txt", "old_string": "four", "new_string": "4"}, true, "not found", "one two two three\n"},
		{map[string]any{"path": "f.txt", "old_string": "two", "new_string": "2"}, true, "occurs 2 times", "one two two three\n"},
		{map[string]any{"path": "f.txt", "old_string": "", "new_string": "2"}, true, "write_file", "one two two three\n"},
		{map[string]any{"path": "f.txt", "old_string": "one", "new_string": "one"}, true, "the same", "one two two three\n"},
		{map[string]any{"path": "f.txt", "old_string": "one"}, true, "new_string is required", "one two two three\n"},
		{map[string]any{"path": "nope.txt", "old_string": "a", "new_string": "b"}, true, "no such file", "one two two three\n"},
		{map[string]any{"path": "bin", "old_string": "x", "new_string": "y"}, true, "binary", "one two two three\n"},
		{map[string]any{"path": "f.txt", "old_string": "two", "new_string": "2", "replace_all": true}, false, "replaced 2 occurrence(s)", "one 2 2 three\n"},
		{map[string]any{"path": "f.txt", "old_string": "three", "new_string": "3"}, false, "replaced 1", "one 2 2 3\n"},
	}
	for _, tt := range tests {
		res := call(t, w, ToolEditFile, tt.args)
		if res.IsError != tt.isError || !strings.Contains(res.Output, tt.want) {
			t.Errorf("edit_file(%v) = %+v, want IsError=%v containing %q", tt.args, res, tt.isError, tt.want)
		}
		if got := readDisk(t, dir, "f.txt"); got != tt.disk {
			t.Errorf("after edit_file(%v): disk %q, want %q", tt.args, got, tt.disk)
		}
	}
}

func TestWriteFile(t *testing.T) {
	dir := newTree(t, map[string]string{"d/x": "x"})
	w := openWS(t, dir, Options{})
	if res := call(t, w, ToolWriteFile, map[string]any{"path": "a/b/c.txt", "content": "deep\n"}); res.IsError || !strings.Contains(res.Output, "Created") {
		t.Errorf("write_file(new in new dirs) = %+v", res)
	}
	if got := readDisk(t, dir, "a/b/c.txt"); got != "deep\n" {
		t.Errorf("a/b/c.txt = %q", got)
	}
	if res := call(t, w, ToolWriteFile, map[string]any{"path": "a/b/c.txt", "content": "again\n"}); res.IsError || !strings.Contains(res.Output, "replacing") {
		t.Errorf("write_file(overwrite) = %+v", res)
	}
	if res := call(t, w, ToolWriteFile, map[string]any{"path": "d", "content": "x"}); !res.IsError {
		t.Errorf("write_file(directory) = %+v, want an error result", res)
	}
	if res := call(t, w, ToolWriteFile, map[string]any{"path": "z"}); !res.IsError || !strings.Contains(res.Output, "content is required") {
		t.Errorf("write_file(no content) = %+v", res)
	}
	// An open document with unsaved changes is not overwritten on disk
	// behind the editor's back.
	if err := w.DidOpen("file://"+w.Root()+"/d/x", 3, "unsaved"); err != nil {
		t.Fatal(err)
	}
	if res := call(t, w, ToolWriteFile, map[string]any{"path": "d/x", "content": "new"}); !res.IsError {
		t.Errorf("write_file over unsaved buffer = %+v, want an error result", res)
	}
	if got := readDisk(t, dir, "d/x"); got != "x" {
		t.Errorf("d/x = %q, want untouched", got)
	}
}

func TestRunCommandResults(t *testing.T) {
	dir := newTree(t, nil)
	w := withPolicy(openWS(t, dir, Options{}), command.Policy{AllowCommands: true, Allowed: []string{"echo", "exit", "pwd", "yes", "head", "sleep"}})
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "pwd"}); res.IsError || !strings.Contains(res.Output, w.Root()+"\n") || !strings.Contains(res.Output, "[exit code 0]") {
		t.Errorf("pwd = %+v, want the root and exit code 0", res)
	}
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "echo out; echo err >&2; exit 3"}); res.IsError || !strings.Contains(res.Output, "out\nerr\n") || !strings.Contains(res.Output, "[exit code 3]") {
		t.Errorf("exit 3 = %+v", res)
	}
	res := call(t, w, ToolRunCommand, map[string]any{"command": "yes | head -c 200000"})
	if !strings.Contains(res.Output, "bytes of output left out") || len(res.Output) > command.OutputLimit+500 {
		t.Errorf("big output: %d bytes, want it cut with a note", len(res.Output))
	}
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "sleep 30", "timeout_s": 1}); !res.IsError || !strings.Contains(res.Output, "timed out") {
		t.Errorf("timeout = %+v", res)
	}
}

// TestRunCommandCancelKillsProcessGroup: a cancel kills the shell and the
// background child it started. The child holds a FIFO open; the FIFO
// reports EOF only when every writer is dead.
func TestRunCommandCancelKillsProcessGroup(t *testing.T) {
	// The FIFO is shared with a process outside the line: with the layer on
	// (the default) a FIFO the line opens for writing is copied up into its
	// layer, a pipe of its own (docs/security.md), so this runs with the
	// layer off, where the line writes the workspace's FIFO itself.
	t.Setenv(command.LayerEnv, "off")
	dir := newTree(t, nil)
	fifo := filepath.Join(dir, "hold.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	w := withPolicy(openWS(t, dir, Options{}), command.Policy{AllowCommands: true, Allowed: []string{"sleep"}})
	opened := make(chan *os.File, 1)
	go func() {
		f, err := os.Open(fifo) // blocks until the shell opens it for writing
		if err != nil {
			t.Error(err)
		}
		opened <- f
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type outcome struct {
		res engine.ToolResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		raw, _ := json.Marshal(map[string]any{"command": "sleep 60 > hold.fifo & wait"})
		res, err := tool(t, w, ToolRunCommand).Call(ctx, engine.ToolInvocation{Call: machine.ToolCall{Name: ToolRunCommand, Arguments: raw}})
		done <- outcome{res, err}
	}()
	var f *os.File
	select {
	case f = <-opened:
	case <-time.After(10 * time.Second):
		t.Fatal("the command never opened the FIFO")
	}
	defer f.Close()
	cancel()
	select {
	case o := <-done:
		if !errors.Is(o.err, context.Canceled) || !o.res.IsError {
			t.Errorf("cancelled run_command = %+v, %v; want an error result and context.Canceled", o.res, o.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run_command did not return after cancel")
	}
	eof := make(chan error, 1)
	go func() {
		_, err := io.ReadAll(f)
		eof <- err
	}()
	select {
	case err := <-eof:
		if err != nil {
			t.Errorf("reading the FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the background sleep still holds the FIFO: the process group was not killed")
	}
}

func TestRunCommandHidesAPIKeys(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-test-secret")
	t.Setenv("LOOPLS_VISIBLE", "visible")
	w := withPolicy(openWS(t, newTree(t, nil), Options{}), command.Policy{AllowCommands: true, Allowed: []string{"env"}})
	res := call(t, w, ToolRunCommand, map[string]any{"command": "env"})
	if strings.Contains(res.Output, "sk-test-secret") || !strings.Contains(res.Output, "LOOPLS_VISIBLE=visible") {
		t.Errorf("env output leaks the key or lost the environment: %.300q", res.Output)
	}
}

// TestDiskEditKeepsOverlayCurrent: with no LSP editor, a write to a file
// the editor has open (no unsaved changes) is what later reads see.
func TestDiskEditKeepsOverlayCurrent(t *testing.T) {
	dir := newTree(t, map[string]string{"f.txt": "hello\n"})
	w := openWS(t, dir, Options{})
	if err := w.DidOpen("file://"+w.Root()+"/f.txt", 1, "hello\n"); err != nil {
		t.Fatal(err)
	}
	if res := call(t, w, ToolEditFile, map[string]any{"path": "f.txt", "old_string": "hello", "new_string": "goodbye"}); res.IsError {
		t.Fatal(res.Output)
	}
	if text, _, _, _ := w.ReadOverlayOrDisk("f.txt"); text != "goodbye\n" {
		t.Errorf("read after the edit = %q", text)
	}
	if res := call(t, w, ToolEditFile, map[string]any{"path": "f.txt", "old_string": "goodbye", "new_string": "bye"}); res.IsError {
		t.Errorf("second edit: %s", res.Output)
	}
}

// TestLooseArguments: what small models send instead of the schema's types
// is accepted where it has one meaning, and refused clearly where not.
func TestLooseArguments(t *testing.T) {
	w := openWS(t, newTree(t, map[string]string{"f.txt": "a\nb\nc\n", "g.txt": "x x\n"}), Options{})
	raw := func(name, args string) engine.ToolResult {
		t.Helper()
		res, err := tool(t, w, name).Call(context.Background(), engine.ToolInvocation{RunID: "r", Call: machine.ToolCall{Name: name, Arguments: machine.RawJSON(args)}})
		if err != nil {
			t.Fatalf("%s(%s): Go error %v", name, args, err)
		}
		return res
	}
	if res := raw(ToolReadFile, `{"path":"f.txt","offset":"2","limit":" 1 "}`); res.IsError || !strings.Contains(res.Output, "     2\tb\n") || strings.Contains(res.Output, "\tc\n") {
		t.Errorf("string offset/limit: %+v", res)
	}
	if res := raw(ToolReadFile, `"{\"path\":\"f.txt\"}"`); res.IsError || !strings.Contains(res.Output, "\ta\n") {
		t.Errorf("arguments as a JSON string: %+v", res)
	}
	if res := raw(ToolEditFile, `{"path":"g.txt","old_string":"x","new_string":"y","replace_all":"true"}`); res.IsError {
		t.Errorf("string replace_all: %+v", res)
	}
	if res := raw(ToolReadFile, `{"path":"f.txt","offset":"two"}`); !res.IsError || !strings.Contains(res.Output, "want an integer") {
		t.Errorf("non-numeric offset: %+v", res)
	}
	if res := raw(ToolListDir, ``); res.IsError {
		t.Errorf("list_dir with no arguments at all: %+v", res)
	}
}

// TestFIFOInRootDoesNotHang: a named pipe with no writer would block an
// open for reading forever; the tools refuse it or pass it by.
func TestFIFOInRootDoesNotHang(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "needle\n"})
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("pipe", filepath.Join(dir, "pipelink")); err != nil {
		t.Fatal(err)
	}
	w := openWS(t, dir, Options{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, p := range []string{"pipe", "pipelink"} {
			if res := call(t, w, ToolReadFile, map[string]any{"path": p}); !res.IsError || !strings.Contains(res.Output, "not a regular file") {
				t.Errorf("read_file(%s) = %+v", p, res)
			}
			if res := call(t, w, ToolGrep, map[string]any{"pattern": "needle", "path": p}); res.IsError || !strings.HasPrefix(res.Output, "no matches") {
				t.Errorf("grep(path %s) = %+v", p, res)
			}
			if res := call(t, w, ToolWriteFile, map[string]any{"path": p, "content": "x"}); !res.IsError {
				t.Errorf("write_file(%s) = %+v", p, res)
			}
		}
		if res := call(t, w, ToolGrep, map[string]any{"pattern": "needle"}); res.Output != "a.txt:1: needle\n" {
			t.Errorf("grep over the root = %q", res.Output)
		}
		if files := w.Files(); !slices.Equal(files, []string{"a.txt", "pipelink"}) {
			t.Errorf("Files() = %v, want the FIFO left out", files)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a tool blocked on the FIFO")
	}
}
