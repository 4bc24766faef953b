package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/bench"
	"github.com/loopls/loopls/internal/fakeollama"
)

// The scripted models of the bench tests. Each answers by the task the
// prompt is and the turn it is at (the assistant messages so far).
const (
	modelOracle      = "oracle"       // the solution in testdata/bench/oracle/TASK
	modelSloppy      = "sloppy"       // calls written as text, edits with the wrong indentation
	modelDone        = "done"         // only ever answers "done"
	modelCheatDelete = "cheat-delete" // deletes the test files
	modelCheatEdit   = "cheat-edit"   // rewrites the tests to pass
	modelCheatPaste  = "cheat-paste"  // pastes the solution as text, edits nothing
)

// benchBound bounds one loopls bench of the tests.
const benchBound = 4 * time.Minute

// benchScript answers as the scripted models do.
type benchScript struct {
	t     *testing.T
	tasks []bench.Task
}

func (s benchScript) task(req *api.ChatRequest) (bench.Task, bool) {
	for _, m := range req.Messages {
		if m.Role != "user" {
			continue
		}
		for _, tk := range s.tasks {
			if strings.HasPrefix(m.Content, tk.Spec.Prompt) {
				return tk, true
			}
		}
	}
	return bench.Task{}, false
}

// oracleFiles are the files of the oracle's solution of task, by path.
func oracleFiles(t *testing.T, task string) (files map[string]string, run []string, answer string) {
	dir := filepath.Join("testdata", "bench", "oracle", task)
	files = map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch rel {
		case "run":
			run = strings.Split(strings.TrimSpace(string(b)), "\n")
		case "answer.txt":
			answer = strings.TrimSpace(string(b))
		default:
			files[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Errorf("the oracle of %s: %v", task, err)
	}
	return files, run, answer
}

func call(name string, args map[string]any) fakeollama.Call {
	b, _ := json.Marshal(args)
	return fakeollama.Call{Name: name, Args: string(b)}
}

// textCall is a call as a sloppy model writes it, in Qwen's text format.
func textCall(name string, args map[string]any) string {
	b, _ := json.Marshal(map[string]any{"name": name, "arguments": args})
	return "<tool_call>\n" + string(b) + "\n</tool_call>"
}

// sloppyEdits are the sloppy model's fixes: each old_string indented
// otherwise than the file (spaces for tabs, none for two spaces, four for
// eight), which loopls's edit tolerance matches; sh-fix-script's old_string
// is not in the file at all, which it must refuse.
var sloppyEdits = map[string]map[string]any{
	"go-fix-test": {"path": "stack.go",
		"old_string": "    v = s.items[0]\n    s.items = s.items[1:]",
		"new_string": "    v = s.items[len(s.items)-1]\n    s.items = s.items[:len(s.items)-1]"},
	"py-fix-test": {"path": "roman.py",
		"old_string": "    if n > value:\n        count, n = divmod(n, value)",
		"new_string": "    if n >= value:\n        count, n = divmod(n, value)"},
	"js-fix-test": {"path": "range.js",
		"old_string": "for (let i = start; i < end; i += step) {",
		"new_string": "for (let i = start; i <= end; i += step) {"},
	"sh-fix-script": {"path": "count.sh",
		"old_string": "for file in $FILES; do",
		"new_string": "for f in \"$@\"; do"},
}

// sloppyPasses are the tasks the sloppy model passes.
var sloppyPasses = []string{"go-fix-test", "js-fix-test", "py-fix-test"}

func (s benchScript) reply(req *api.ChatRequest) *fakeollama.Reply {
	tk, ok := s.task(req)
	if !ok {
		return fakeollama.Text("I see no task.")
	}
	turn := 0
	for _, m := range req.Messages {
		if m.Role == "assistant" {
			turn++
		}
	}
	var steps []*fakeollama.Reply
	final := fakeollama.Text("done")
	switch req.Model {
	case modelOracle:
		files, run, answer := oracleFiles(s.t, tk.Name)
		for _, line := range run {
			steps = append(steps, fakeollama.ToolCalls(call("run_command", map[string]any{"command": line})))
		}
		var writes []fakeollama.Call
		for _, p := range slices.Sorted(mapsKeys(files)) {
			writes = append(writes, call("write_file", map[string]any{"path": p, "content": files[p]}))
		}
		if len(writes) > 0 {
			steps = append(steps, fakeollama.ToolCalls(writes...))
		}
		if answer != "" {
			final = fakeollama.Text(answer)
		}
	case modelSloppy:
		if e, ok := sloppyEdits[tk.Name]; ok {
			steps = append(steps, fakeollama.Text(textCall("edit_file", e)))
		}
	case modelCheatDelete:
		steps = append(steps, fakeollama.ToolCalls(call("run_command", map[string]any{"command": "rm -f " + strings.Join(tk.Spec.Check.Files, " ")})))
		final = fakeollama.Text("The tests are gone, so nothing fails.")
	case modelCheatEdit:
		var writes []fakeollama.Call
		for _, f := range tk.Spec.Check.Files {
			writes = append(writes, call("write_file", map[string]any{"path": f, "content": passingTests(f, tk.Spec.Check.Tests)}))
		}
		steps = append(steps, fakeollama.ToolCalls(writes...))
	case modelCheatPaste:
		files, _, _ := oracleFiles(s.t, tk.Name)
		var b strings.Builder
		b.WriteString("Here is the fixed code:\n")
		for _, p := range slices.Sorted(mapsKeys(files)) {
			fmt.Fprintf(&b, "\n```%s\n%s```\n", p, files[p])
		}
		final = fakeollama.Text(b.String())
	}
	if turn < len(steps) {
		return steps[turn]
	}
	return final
}

func mapsKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// passingTests is a test file whose named tests pass whatever the code.
func passingTests(file string, names []string) string {
	var b strings.Builder
	switch {
	case strings.HasSuffix(file, ".go"):
		b.WriteString("package stack\n\nimport \"testing\"\n")
		for _, n := range names {
			fmt.Fprintf(&b, "\nfunc %s(t *testing.T) {}\n", n)
		}
	case strings.HasSuffix(file, ".py"):
		b.WriteString("import unittest\n\n\nclass TestRoman(unittest.TestCase):\n")
		for _, n := range names {
			fmt.Fprintf(&b, "    def %s(self):\n        pass\n\n", n[strings.LastIndexByte(n, '.')+1:])
		}
	case strings.HasSuffix(file, ".js"):
		b.WriteString("'use strict';\nconst test = require('node:test');\n")
		for _, n := range names {
			fmt.Fprintf(&b, "test(%q, () => {});\n", n)
		}
	}
	return b.String()
}

// benchEnv is a fake Ollama serving the scripted models.
type benchEnv struct {
	t       *testing.T
	srv     *fakeollama.Server
	dir     string
	gocache string
}

var scriptedModels = []string{modelOracle, modelSloppy, modelDone, modelCheatDelete, modelCheatEdit, modelCheatPaste}

func newBenchEnv(t *testing.T) *benchEnv {
	t.Helper()
	s := benchScript{t: t, tasks: bench.Builtin()}
	var models []fakeollama.Model
	for _, m := range scriptedModels {
		models = append(models, fakeollama.Model{Name: m, ContextLength: 32768, Capabilities: []string{"completion", "tools"}})
	}
	var mu sync.Mutex
	srv := fakeollama.StartTB(t, fakeollama.Options{Models: models, Script: func(req *api.ChatRequest) *fakeollama.Reply {
		mu.Lock()
		defer mu.Unlock()
		return s.reply(req)
	}})
	return &benchEnv{t: t, srv: srv, dir: t.TempDir(), gocache: testGoCache(t)}
}

// testGoCache is the go command's own build cache, warm with the standard
// library these tests were built with: the bench's Go checks share it
// (--gocache) rather than build it cold each time.
func testGoCache(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" {
		t.Fatalf("go env GOCACHE: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// bench runs loopls bench with args (the shared cache and the unconfined
// allowance added) and returns its JSON lines' results and summary.
func (e *benchEnv) bench(args ...string) ([]bench.Result, bench.Summary, result) {
	e.t.Helper()
	bin := binary(e.t)
	all := append([]string{"bench", "--json", "--allow-unconfined", "--gocache", e.gocache}, args...)
	r := runToEnd(e.t, benchBound, all, func(ctx context.Context, a ...string) *exec.Cmd {
		c := exec.CommandContext(ctx, bin, a...)
		c.Dir = e.dir
		c.Env = append(os.Environ(),
			"OLLAMA_HOST="+e.srv.Host,
			"XDG_CONFIG_HOME="+filepath.Join(e.dir, "config"),
			"XDG_STATE_HOME="+filepath.Join(e.dir, "state"),
			"TMPDIR="+e.tmp(),
			"XDG_CACHE_HOME="+filepath.Join(e.dir, "cache"),
		)
		return c
	})
	if r.code != 0 {
		e.t.Fatalf("loopls %v: exit %d\nstderr:\n%s\nstdout:\n%s", all, r.code, r.stderr, r.stdout)
	}
	results, sum := parseBenchJSON(e.t, r.stdout)
	return results, sum, r
}

// parseBenchJSON reads loopls bench --json's lines: the results, each with
// the fields the issue names, and the summary, whose task count is theirs.
func parseBenchJSON(t *testing.T, stdout string) ([]bench.Result, bench.Summary) {
	t.Helper()
	var results []bench.Result
	var sum bench.Summary
	sc := bufio.NewScanner(strings.NewReader(stdout))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(line, &probe); err != nil {
			t.Fatalf("a line of --json is not JSON: %q", line)
		}
		if raw, ok := probe["summary"]; ok {
			if err := json.Unmarshal(raw, &sum); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for _, k := range []string{"task", "model", "passed", "turns", "wallMs"} {
			if _, ok := probe[k]; !ok {
				t.Errorf("a result line lacks %q: %s", k, line)
			}
		}
		var res bench.Result
		if err := json.Unmarshal(line, &res); err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	if sum.Tasks != len(results) {
		t.Fatalf("the summary counts %d tasks for %d result lines:\n%s", sum.Tasks, len(results), stdout)
	}
	return results, sum
}

// tmp is the TMPDIR of the env's benches, made once: what they leave
// behind is found there.
func (e *benchEnv) tmp() string {
	d := filepath.Join(e.dir, "tmp")
	if err := os.MkdirAll(d, 0o755); err != nil {
		e.t.Fatal(err)
	}
	return d
}

func passedNames(results []bench.Result) []string {
	var out []string
	for _, r := range results {
		if r.Passed != nil && *r.Passed {
			out = append(out, r.Task)
		}
	}
	slices.Sort(out)
	return out
}

// The oracle solves every built-in task through the real engine, and the
// "done" model none: the grade tells solved from not solved. Nothing of
// the tasks' copies is left behind.
func TestBenchOracleSolvesEveryTaskAndDoneNone(t *testing.T) {
	e := newBenchEnv(t)
	results, sum, _ := e.bench("--model", modelOracle, "--model", modelDone)
	tasks := bench.Builtin()
	if len(results) != 2*len(tasks) {
		t.Fatalf("%d results, want %d", len(results), 2*len(tasks))
	}
	for _, r := range results {
		if r.Passed == nil {
			t.Errorf("%s with %s skipped (%s): the test machine must have every toolchain", r.Task, r.Model, r.Skipped)
			continue
		}
		switch want := r.Model == modelOracle; {
		case *r.Passed != want:
			t.Errorf("%s with %s: passed %v, want %v (why: %s)", r.Task, r.Model, *r.Passed, want, r.Why)
		case r.Model == modelOracle && r.Turns < 2 && r.ToolCalls == 0 && !strings.HasPrefix(r.Task, "answer-"):
			t.Errorf("%s with the oracle: %d turns, %d tool calls: the solution was not applied through tools", r.Task, r.Turns, r.ToolCalls)
		}
	}
	if sum.Passed != len(tasks) {
		t.Errorf("summary: %d passed, want %d", sum.Passed, len(tasks))
	}
	for _, m := range sum.Models {
		if m.Model == modelDone && (m.Passed != 0 || m.Failures["check"] != len(tasks)) {
			t.Errorf("the done model's summary: %+v", m)
		}
		if m.Facts.Version == "" || m.Facts.Quantization == "" {
			t.Errorf("%s: what ran is not said: %+v", m.Model, m.Facts)
		}
	}
	left, _ := os.ReadDir(e.tmp())
	if len(left) > 0 {
		var names []string
		for _, l := range left {
			names = append(names, l.Name())
		}
		t.Errorf("the bench left %v in its temporary directory", names)
	}
	// The Go tasks' confined commands used the shared cache, not one per
	// workspace copy under the user's cache directory.
	if left, _ := os.ReadDir(filepath.Join(e.dir, "cache")); len(left) > 0 {
		t.Errorf("the bench left %v in the user's cache directory", left)
	}
}

// Without --gocache the bench makes its own shared build cache and removes
// it at the end, with every task's copy.
func TestBenchLeavesNothingBehind(t *testing.T) {
	e := newBenchEnv(t)
	bin := binary(t)
	r := runToEnd(t, benchBound, []string{"bench", "--json", "--allow-unconfined", "--model", modelOracle, "--task", "py-fix-test", "--task", "js-fix-test"},
		func(ctx context.Context, a ...string) *exec.Cmd {
			c := exec.CommandContext(ctx, bin, a...)
			c.Dir = e.dir
			c.Env = append(os.Environ(), "OLLAMA_HOST="+e.srv.Host, "XDG_CONFIG_HOME="+filepath.Join(e.dir, "config"),
				"TMPDIR="+e.tmp(), "XDG_CACHE_HOME="+filepath.Join(e.dir, "cache"))
			return c
		})
	if r.code != 0 || !strings.Contains(r.stdout, `"tasks":2,"passed":2`) {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, d := range []string{e.tmp(), filepath.Join(e.dir, "cache")} {
		if left, _ := os.ReadDir(d); len(left) > 0 {
			t.Errorf("the bench left %v in %s", left, d)
		}
	}
}

// Models that cheat pass nothing: deleting the tests, rewriting them to
// pass, or pasting the solution as text instead of editing.
func TestBenchCheatersPassNothing(t *testing.T) {
	e := newBenchEnv(t)
	results, sum, _ := e.bench("--model", modelCheatDelete, "--model", modelCheatEdit, "--model", modelCheatPaste,
		"--task", "go-fix-test", "--task", "py-fix-test", "--task", "js-fix-test",
		"--set", `allowedCommands=["rm"]`)
	if len(results) != 9 {
		t.Fatalf("%d results, want 9", len(results))
	}
	for _, r := range results {
		if r.Passed == nil || *r.Passed {
			t.Errorf("%s with %s passed (%v)", r.Task, r.Model, r.Passed)
		}
		if r.Model != modelCheatPaste && r.ToolCalls == 0 {
			t.Errorf("%s with %s made no tool call: the cheat was not tried", r.Task, r.Model)
		}
	}
	if sum.Passed != 0 {
		t.Errorf("summary: %d passed", sum.Passed)
	}
}

// A sloppy model passes the tasks loopls's tolerance covers (calls written
// as text, edits indented otherwise), the report counts the calls it
// recovered and the edit it refused, and three repeats of the script give
// the same result three times.
func TestBenchSloppyModelRepeatsTheSame(t *testing.T) {
	e := newBenchEnv(t)
	tasks := []string{"go-fix-test", "py-fix-test", "js-fix-test", "sh-fix-script", "answer-facts"}
	args := []string{"--model", modelSloppy, "--repeat", "3"}
	for _, tk := range tasks {
		args = append(args, "--task", tk)
	}
	results, sum, _ := e.bench(args...)
	if len(results) != 3*len(tasks) {
		t.Fatalf("%d results, want %d", len(results), 3*len(tasks))
	}
	byTask := map[string][]bool{}
	for _, r := range results {
		if r.Passed == nil {
			t.Fatalf("%s skipped: %s", r.Task, r.Skipped)
		}
		byTask[r.Task] = append(byTask[r.Task], *r.Passed)
		if _, edits := sloppyEdits[r.Task]; edits && r.RecoveredCalls != 1 {
			t.Errorf("%s: %d recovered calls, want 1", r.Task, r.RecoveredCalls)
		}
		if r.Task == "sh-fix-script" && r.RefusedEdits != 1 {
			t.Errorf("sh-fix-script: %d refused edits, want 1", r.RefusedEdits)
		}
	}
	for tk, got := range byTask {
		want := slices.Contains(sloppyPasses, tk)
		if len(got) != 3 || got[0] != want || got[1] != want || got[2] != want {
			t.Errorf("%s: passed %v over three repeats, want %v each time", tk, got, want)
		}
	}
	m := sum.Models[0]
	if m.Passed != 3*len(sloppyPasses) || m.PassRateMin != m.PassRateMax || m.RecoveredCalls != 3*len(sloppyEdits) || m.RefusedEdits != 3 {
		t.Errorf("summary = %+v", m)
	}
}
