package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/loopls/loopls/bench"
	"github.com/loopls/loopls/redact"
)

const benchUsage = `Usage: loopls bench [--model M]… [--tasks DIR] [--repeat N] [--json] [--report FILE]

Runs a suite of small coding tasks through loopls's own engine (the session,
tools and confinement of loopls run, in auto mode) against each model, and
grades each by its named tests, run from pristine test files after the run
(docs/bench.md). Each task runs in a fresh temporary copy that is removed
afterwards. Ctrl-C stops at once and prints what was measured so far.

With no --tasks the built-in suite runs (loopls bench --list names it). A
task whose toolchain (go, python3, node) is missing is skipped. Where the
kernel confines no command, the bench refuses to run unless
--allow-unconfined is given.

Exit status: 0 the bench ran (whatever passed), 1 it could not, 2 usage,
130 stopped by Ctrl-C.

Flags:
`

// listFlags collects a repeated string flag.
type listFlags []string

func (f *listFlags) String() string { return strings.Join(*f, ",") }
func (f *listFlags) Set(v string) error {
	*f = append(*f, v)
	return nil
}

type benchFlags struct {
	models      listFlags
	only        listFlags
	tasks       string
	repeat      int
	json        bool
	report      string
	unconfined  bool
	gocache     string
	list        bool
	sets        setFlags
	progressOut io.Writer
}

func cmdBench(args []string, stdout, stderr io.Writer) int {
	var f benchFlags
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.Var(&f.models, "model", "a `MODEL` to bench, e.g. ollama:qwen2.5-coder:7b (repeatable; default the model setting)")
	fs.StringVar(&f.tasks, "tasks", "", "run the tasks of `DIR` (one folder a task with a task.json; docs/bench.md) instead of the built-in suite")
	fs.Var(&f.only, "task", "run only the task `NAME` (repeatable)")
	fs.IntVar(&f.repeat, "repeat", 1, "run each task `N` times per model")
	fs.BoolVar(&f.json, "json", false, "print one JSON object per run, then a {\"summary\": …} line, instead of the table")
	fs.StringVar(&f.report, "report", "", "also write a report with a chart to `FILE` (.md or .html)")
	fs.BoolVar(&f.unconfined, "allow-unconfined", false, "run the tasks even where the kernel confines no command (their commands then run unconfined)")
	fs.StringVar(&f.gocache, "gocache", "", "share the Go build cache `DIR` across the tasks and keep it (default: a fresh one, removed at the end)")
	fs.BoolVar(&f.list, "list", false, "list the tasks and exit")
	fs.Var(&f.sets, "set", setUsage)
	pos, code, ok := parseFlags(fs, args, benchUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "loopls bench: unexpected argument %q (tasks are chosen with --task NAME)\n", pos[0])
		return exitUsage
	}
	if f.repeat < 1 {
		fmt.Fprintf(stderr, "loopls bench: --repeat must be 1 or more, got %d\n", f.repeat)
		return exitUsage
	}
	if f.report != "" {
		if ext := strings.ToLower(filepath.Ext(f.report)); ext != ".md" && ext != ".html" {
			fmt.Fprintf(stderr, "loopls bench: --report %s: the file must end in .md or .html\n", f.report)
			return exitUsage
		}
	}
	if f.gocache != "" {
		abs, err := filepath.Abs(f.gocache)
		if err != nil {
			fmt.Fprintf(stderr, "loopls bench: --gocache: %v\n", err)
			return exitUsage
		}
		f.gocache = abs
	}
	var tasks []bench.Task
	if f.tasks != "" {
		t, err := bench.Load(os.DirFS(f.tasks))
		if err != nil {
			fmt.Fprintf(stderr, "loopls bench: --tasks %s: %v\n", f.tasks, err)
			return exitUsage
		}
		tasks = t
	} else {
		tasks = bench.Builtin()
	}
	if len(f.only) > 0 {
		var picked []bench.Task
		for _, name := range f.only {
			i := slices.IndexFunc(tasks, func(t bench.Task) bool { return t.Name == name })
			if i < 0 {
				fmt.Fprintf(stderr, "loopls bench: --task %s: no such task (loopls bench --list)\n", name)
				return exitUsage
			}
			picked = append(picked, tasks[i])
		}
		tasks = picked
	}
	if f.list {
		for _, t := range tasks {
			fmt.Fprintf(stdout, "%-16s %-10s %-10s %s\n", t.Name, t.Spec.Language, t.Spec.Kind, firstSentence(t.Spec.Prompt))
		}
		return 0
	}
	stdout = redact.NewWriter(stdout)
	settings, err := loadSettings("", f.sets, nil, stderr, "bench")
	if err != nil {
		fmt.Fprintf(stderr, "loopls bench: %v\n", err)
		return exitUsage
	}
	log := slog.New(redact.NewHandler(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelError})))

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	go func() {
		select {
		case <-sigs:
			cancel()
		case <-ctx.Done():
		}
	}()

	progress := newBenchProgress(stderr)
	enc := json.NewEncoder(stdout)
	opts := bench.Options{
		Settings: settings, Models: f.models, Tasks: tasks, Repeat: f.repeat,
		Unconfined: f.unconfined, GoCache: f.gocache, Logger: log,
		OnStart: progress.start,
		OnResult: func(done, total int, r bench.Result) {
			progress.result(done, total, r)
			if f.json {
				_ = enc.Encode(r)
			}
		},
	}
	rep, err := bench.Run(ctx, opts)
	progress.end()
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "loopls bench: %v\n", err)
		if errors.Is(err, bench.ErrUnconfined) {
			return exitUsage
		}
		return exitFailed
	}
	sum := bench.Summarize(rep)
	if f.json {
		_ = enc.Encode(map[string]any{"summary": sum})
	} else if werr := bench.WriteTable(stdout, rep, sum); werr != nil {
		fmt.Fprintf(stderr, "loopls bench: %v\n", werr)
	}
	if f.report != "" {
		if err := bench.WriteReport(f.report, rep, sum); err != nil {
			fmt.Fprintf(stderr, "loopls bench: --report: %v\n", err)
			return exitFailed
		}
	}
	if rep.Stopped {
		fmt.Fprintln(stderr, "loopls bench: stopped: the runs above are all that was measured")
		return exitCancelled
	}
	return 0
}

// firstSentence is the start of a prompt, for --list.
func firstSentence(s string) string {
	for _, end := range []string{". ", "? "} {
		if i := strings.Index(s, end); i >= 0 {
			s = s[:i+1]
		}
	}
	if len(s) > 90 {
		s = s[:87] + "..."
	}
	return s
}
