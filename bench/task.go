// Package bench runs coding tasks through loopls's own engine against local
// models and grades them honestly: loopls bench. A task is a folder (the
// built-in suite is embedded in the binary in the same format as a user's
// --tasks DIR, docs/bench.md): a spec, the starting files, and the test
// files the grade restores from the task after the run.
package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
)

// ErrBadTask is the kind of every error about a task's folder or spec.
var ErrBadTask = errors.New("bad task")

// SpecFile is the name of a task's spec in its folder.
const SpecFile = "task.json"

// The folders of a task.
const (
	// StartDir holds the starting files, copied into a fresh temporary
	// directory for each run.
	StartDir = "start"
	// CheckDir holds files the grade copies in after the run (hidden
	// tests); a check file not there is restored from StartDir.
	CheckDir = "check"
)

// Runner names how a task's check runs.
type Runner string

// The runners.
const (
	RunnerGo     Runner = "go"     // go test -json, the named test functions
	RunnerPython Runner = "python" // the unittest module, the named test ids
	RunnerNode   Runner = "node"   // node --test, the named tests
	RunnerAnswer Runner = "answer" // the final answer, for exact facts
)

// Spec is a task's task.json.
type Spec struct {
	// Prompt is what the model is asked, as a user would.
	Prompt string `json:"prompt"`
	// Language is shown in reports: go, python, javascript, shell, config.
	Language string `json:"language"`
	// Kind is shown in reports: fix-test, implement, rename, multi-file,
	// answer, refactor, command.
	Kind string `json:"kind"`
	// MaxTurns is the turn budget (default 12).
	MaxTurns int `json:"maxTurns,omitempty"`
	// Commands are the allowedCommands entries the task's run gets on top
	// of the user's (e.g. "go test", "python3 gen.py").
	Commands []string `json:"commands,omitempty"`
	// Needs are programs that must be on PATH besides the runner's own;
	// the task is skipped without them.
	Needs []string `json:"needs,omitempty"`
	// Check is how the task is graded.
	Check Check `json:"check"`
}

// Check is how a task is graded: the named tests of the runner must pass,
// run from the check files as the task holds them, or for the answer
// runner the final answer must hold every fact and none of the wrong ones.
type Check struct {
	Runner Runner `json:"runner"`
	// Files are the test files, relative to the task's root: copied from
	// CheckDir (else StartDir) over whatever the run left there.
	Files []string `json:"files,omitempty"`
	// Tests are the tests that must be seen passing: Go test functions,
	// Python ids (module.Class.test_name), node test names.
	Tests []string `json:"tests,omitempty"`
	// Facts must all appear in the answer (runner answer), compared with
	// runs of white space as one space.
	Facts []string `json:"facts,omitempty"`
	// Wrong must not appear in the answer: the plausible wrong values.
	Wrong []string `json:"wrong,omitempty"`
}

// Task is one loaded task.
type Task struct {
	Name string
	Spec Spec
	// FS is the task's folder.
	FS fs.FS
	// renames maps a stored file name to the name its copy gets.
	renames map[string]string
}

// DefaultMaxTurns is a task's turn budget when its spec sets none.
const DefaultMaxTurns = 12

// maxSpec bounds a task.json.
const maxSpec = 1 << 20

var (
	goTestName = regexp.MustCompile(`^Test[A-Za-z0-9_]*$`)
	taskName   = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
)

// Load reads the tasks of fsys: each folder at its top with a task.json,
// in name order. Folders without a task.json are ignored; a bad spec is an
// error naming the task (ErrBadTask).
func Load(fsys fs.FS) ([]Task, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var tasks []Task
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := fs.Stat(fsys, path.Join(e.Name(), SpecFile)); err != nil {
			continue
		}
		sub, err := fs.Sub(fsys, e.Name())
		if err != nil {
			return nil, err
		}
		t, err := LoadTask(e.Name(), sub)
		if err != nil {
			return nil, err
		}
		tasks = append(tasks, t)
	}
	if len(tasks) == 0 {
		return nil, fmt.Errorf("%w: no folder with a %s", ErrBadTask, SpecFile)
	}
	return tasks, nil
}

// LoadTask reads and checks the task in fsys, named name.
func LoadTask(name string, fsys fs.FS) (Task, error) {
	bad := func(format string, args ...any) (Task, error) {
		return Task{}, fmt.Errorf("%w: %s: %s", ErrBadTask, name, fmt.Sprintf(format, args...))
	}
	if !taskName.MatchString(name) {
		return bad("a task's folder name is lower-case letters, digits, '.', '_' and '-'")
	}
	f, err := fsys.Open(SpecFile)
	if err != nil {
		return bad("%v", err)
	}
	defer f.Close()
	var s Spec
	dec := json.NewDecoder(io.LimitReader(f, maxSpec))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return bad("%s: %v", SpecFile, err)
	}
	if strings.TrimSpace(s.Prompt) == "" {
		return bad("the prompt is empty")
	}
	if s.MaxTurns < 0 {
		return bad("maxTurns must be 0 or more")
	}
	if s.MaxTurns == 0 {
		s.MaxTurns = DefaultMaxTurns
	}
	if fi, err := fs.Stat(fsys, StartDir); err != nil || !fi.IsDir() {
		return bad("no %s/ folder of starting files", StartDir)
	}
	c := s.Check
	switch c.Runner {
	case RunnerGo, RunnerPython, RunnerNode:
		if len(c.Tests) == 0 {
			return bad("check.tests names no test: a check that passes with zero tests passes anything")
		}
		if len(c.Files) == 0 {
			return bad("check.files names no test file to restore after the run")
		}
		if len(c.Facts)+len(c.Wrong) > 0 {
			return bad("check.facts and check.wrong are for the answer runner")
		}
	case RunnerAnswer:
		if len(c.Facts) == 0 {
			return bad("check.facts is empty: an answer check needs the facts to find")
		}
		if len(c.Tests)+len(c.Files) > 0 {
			return bad("the answer runner runs no tests: no check.tests or check.files")
		}
	default:
		return bad("check.runner %q: use go, python, node or answer", c.Runner)
	}
	for _, t := range c.Tests {
		if strings.TrimSpace(t) == "" || strings.ContainsAny(t, "\n\x00") {
			return bad("check.tests has an empty or multi-line name")
		}
		if c.Runner == RunnerGo && !goTestName.MatchString(t) {
			return bad("check.tests: %q is not a Go test function's name", t)
		}
	}
	for _, p := range c.Files {
		if !fs.ValidPath(p) || p == "." || strings.HasPrefix(p, ".loopls-bench") {
			return bad("check.files: %q is not a path inside the task", p)
		}
		_, errCheck := fs.Stat(fsys, path.Join(CheckDir, p))
		_, errStart := fs.Stat(fsys, path.Join(StartDir, p))
		if errCheck != nil && errStart != nil {
			return bad("check.files: %q is neither in %s/ nor in %s/", p, CheckDir, StartDir)
		}
	}
	if slices.ContainsFunc(s.Commands, func(c string) bool { return strings.TrimSpace(c) == "" }) {
		return bad("commands has an empty entry")
	}
	return Task{Name: name, Spec: s, FS: fsys}, nil
}

// Toolchain is the programs a task needs on PATH: its runner's and its
// Needs.
func (t Task) Toolchain() []string {
	var progs []string
	switch t.Spec.Check.Runner {
	case RunnerGo:
		progs = append(progs, "go")
	case RunnerPython:
		progs = append(progs, "python3")
	case RunnerNode:
		progs = append(progs, "node")
	}
	return append(progs, t.Spec.Needs...)
}
