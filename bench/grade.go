package bench

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/loopls/loopls/command"
)

// harness holds the scripts the Python and node checks report through.
//
//go:embed harness
var harness embed.FS

// Grade is how one run of a task was judged.
type Grade struct {
	Passed bool
	// Why says what failed ("" when passed): the tests not seen passing,
	// the facts missing, or what kept the check from running.
	Why string
}

// gradeOptions are what a check runs with.
type gradeOptions struct {
	// GoCache is the shared Go build cache (command.Policy.GoCache).
	GoCache string
	// LayerBase is where the check's command layers are made
	// (command.Policy.LayerBase).
	LayerBase string
	// Approver answers for the check's programs where the kernel cannot
	// confine them (the user allowed that); nil refuses them.
	Approver command.Approver
	// Timeout bounds the check command.
	Timeout time.Duration
}

// maxResult bounds the file a check writes its results to.
const maxResult = 8 << 20

// gradeRun judges the run of t that left its files in dir and answered
// answer. For a test runner it copies the check files in from the task
// (whatever the run made of them), then runs the named tests in the same
// confinement as run_command, and passes only when each of them is seen
// passing; for the answer runner it looks for the facts in the answer.
func gradeRun(ctx context.Context, t Task, dir, answer string, o gradeOptions) (Grade, error) {
	c := t.Spec.Check
	if c.Runner == RunnerAnswer {
		return gradeAnswer(c, answer), nil
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return Grade{}, err
	}
	defer root.Close()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return Grade{}, err
	}
	for _, p := range c.Files {
		if err := restore(root, t.FS, p); err != nil {
			return Grade{}, fmt.Errorf("restore the check file %s: %w", p, err)
		}
	}
	nonce := make([]byte, 8)
	_, _ = rand.Read(nonce)
	hdir := ".loopls-bench-" + hex.EncodeToString(nonce)
	_ = root.RemoveAll(hdir)
	if err := root.Mkdir(hdir, 0o755); err != nil {
		return Grade{}, err
	}
	result := hdir + "/result"
	var line string
	switch c.Runner {
	case RunnerGo:
		line = fmt.Sprintf("go test -json -run %s ./... > %s", quote("^("+strings.Join(c.Tests, "|")+")$"), result)
	case RunnerPython:
		if err := copyHarness(root, "harness/unittest_json.py", hdir+"/unittest_json.py"); err != nil {
			return Grade{}, err
		}
		line = "python3 " + hdir + "/unittest_json.py " + result + " " + quoteAll(c.Tests)
	case RunnerNode:
		if err := copyHarness(root, "harness/reporter.mjs", hdir+"/reporter.mjs"); err != nil {
			return Grade{}, err
		}
		line = "node --test --test-reporter=./" + hdir + "/reporter.mjs --test-reporter-destination=" + result + " " + quoteAll(c.Files)
	}
	first, _, _ := strings.Cut(line, " ")
	cfg := command.Config{
		Root: root, Dir: real,
		Policy:   command.Policy{AllowCommands: true, Allowed: []string{first}, GoCache: o.GoCache, LayerBase: o.LayerBase},
		Approver: o.Approver,
	}
	res, err := command.Run(ctx, cfg, line, o.Timeout)
	if err != nil {
		return Grade{}, err // the bench was stopped
	}
	raw, rerr := readBounded(root, result)
	if rerr != nil {
		return Grade{Why: "the check wrote no results: " + lastLines(res.Output, 6)}, nil
	}
	var passed []string
	switch c.Runner {
	case RunnerGo:
		passed = goPassed(raw)
	case RunnerPython:
		var v struct{ Passed []string }
		if json.Unmarshal(raw, &v) == nil {
			passed = v.Passed
		}
	case RunnerNode:
		passed = nodePassed(raw)
	}
	var missing []string
	for _, name := range c.Tests {
		if !slices.Contains(passed, name) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return Grade{Why: "not seen passing: " + strings.Join(missing, ", ")}, nil
	}
	return Grade{Passed: true}, nil
}

// restore copies check file p from the task (CheckDir, else StartDir) into
// root, replacing whatever is there, through root so that a symlink the
// run left cannot lead the write out of the copy.
func restore(root *os.Root, task fs.FS, p string) error {
	data, err := fs.ReadFile(task, path.Join(CheckDir, p))
	if errors.Is(err, fs.ErrNotExist) {
		data, err = fs.ReadFile(task, path.Join(StartDir, p))
	}
	if err != nil {
		return err
	}
	if err := root.RemoveAll(p); err != nil {
		return err
	}
	if dir := path.Dir(p); dir != "." {
		// A parent the run replaced by a file or a link is replaced too.
		if fi, err := root.Lstat(dir); err == nil && !fi.IsDir() {
			if err := root.Remove(dir); err != nil {
				return err
			}
		}
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return root.WriteFile(p, data, 0o644)
}

func copyHarness(root *os.Root, from, to string) error {
	data, err := harness.ReadFile(from)
	if err != nil {
		return err
	}
	return root.WriteFile(to, data, 0o644)
}

func readBounded(root *os.Root, name string) ([]byte, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxResult))
}

// goPassed returns the tests go test -json reports as passed.
func goPassed(raw []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 64<<10), maxResult)
	for sc.Scan() {
		var ev struct{ Action, Test string }
		if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Action == "pass" && ev.Test != "" {
			out = append(out, ev.Test)
		}
	}
	return out
}

// nodePassed returns the tests the reporter wrote as passed.
func nodePassed(raw []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 64<<10), maxResult)
	for sc.Scan() {
		var ev struct {
			Name   string
			Passed bool
		}
		if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Passed {
			out = append(out, ev.Name)
		}
	}
	return out
}

var spaces = regexp.MustCompile(`\s+`)

// gradeAnswer passes an answer that holds every fact and no wrong value,
// white space compared loosely.
func gradeAnswer(c Check, answer string) Grade {
	a := spaces.ReplaceAllString(answer, " ")
	var missing, wrong []string
	for _, f := range c.Facts {
		if !strings.Contains(a, spaces.ReplaceAllString(f, " ")) {
			missing = append(missing, f)
		}
	}
	for _, w := range c.Wrong {
		if strings.Contains(a, spaces.ReplaceAllString(w, " ")) {
			wrong = append(wrong, w)
		}
	}
	switch {
	case len(missing) > 0:
		return Grade{Why: "the answer lacks: " + strings.Join(missing, ", ")}
	case len(wrong) > 0:
		return Grade{Why: "the answer says the wrong: " + strings.Join(wrong, ", ")}
	}
	return Grade{Passed: true}
}

func quote(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return "''"
	}
	return q
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = quote(s)
	}
	return strings.Join(q, " ")
}

// lastLines is the end of a command's output, for saying why a check
// failed.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
