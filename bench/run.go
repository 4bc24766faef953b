package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/localmodels"
	"github.com/loopls/loopls/providers"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/workspace"
)

// Options are a bench's.
type Options struct {
	// Settings are the user's (model host, allowed commands, window, …);
	// each task's run gets them with the task's own turn budget and
	// commands, in auto mode, without fallbacks or MCP servers.
	Settings config.Settings
	// Models are the model strings to run the tasks against; none means the
	// settings' model (or the one loopls run would pick).
	Models []string
	Tasks  []Task
	// Repeat runs each task this many times per model (default 1).
	Repeat int
	// Unconfined lets tasks run where the kernel confines no command (the
	// user said so): every program a task's run or check starts is then
	// allowed by the bench, unconfined. Without it Run refuses to start
	// there (ErrUnconfined).
	Unconfined bool
	// GoCache, when set, is the shared Go build cache to use and keep (an
	// absolute path); "" makes a fresh one, removed at the end.
	GoCache string
	// layers is the directory of the tasks' command layers, the bench's
	// own, removed at the end (set by Run).
	layers string
	// CheckTimeout bounds each check (default 3 minutes).
	CheckTimeout time.Duration
	// Logger receives the runs' logs; nil discards them.
	Logger *slog.Logger
	// OnStart and OnResult, when set, see each run begin and end, on Run's
	// goroutine.
	OnStart  func(done, total int, task, model string)
	OnResult func(done, total int, r Result)
	// LookPath finds a toolchain's program (default exec.LookPath).
	LookPath func(string) (string, error)
}

// ErrUnconfined is Run's refusal where nothing confines commands.
var ErrUnconfined = errors.New("the kernel confines no command on this machine")

// Result is one run of one task with one model.
type Result struct {
	Task     string `json:"task"`
	Model    string `json:"model"`
	Language string `json:"language"`
	Kind     string `json:"kind"`
	Repeat   int    `json:"repeat"`
	// Passed is nil when the task was skipped (Skipped says why).
	Passed  *bool  `json:"passed"`
	Skipped string `json:"skipped,omitempty"`
	// Why says what failed: the check's finding, or the run's error.
	Why string `json:"why,omitempty"`
	Figures
	// MemoryBytes is the model's size in memory after the run (/api/ps).
	MemoryBytes int64 `json:"memoryBytes,omitempty"`
	NumCtx      int   `json:"numCtx,omitempty"`
}

// Report is a finished (or stopped) bench.
type Report struct {
	Results []Result `json:"results"`
	// Models says what each model was, by model string.
	Models map[string]ModelFacts `json:"models"`
	// Stopped is set when the bench was cancelled before its end.
	Stopped bool `json:"stopped,omitempty"`
}

// ModelFacts are what was run: the server's and the model's facts.
type ModelFacts struct {
	localmodels.Facts
	NumCtx int `json:"numCtx,omitempty"`
}

// Run runs every task with every model, Repeat times, each in a fresh
// temporary copy removed afterwards, and returns what was measured. When
// ctx ends it stops the run in flight at once and returns the results so
// far with Stopped set (and ctx's error).
func Run(ctx context.Context, o Options) (Report, error) {
	if o.Repeat <= 0 {
		o.Repeat = 1
	}
	if o.CheckTimeout <= 0 {
		o.CheckTimeout = 3 * time.Minute
	}
	if o.LookPath == nil {
		o.LookPath = exec.LookPath
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	rep := Report{Models: map[string]ModelFacts{}}
	if st := command.Confinement(); !st.Confined() && !o.Unconfined {
		return rep, fmt.Errorf("%w (%s): a task's commands would run unconfined; pass --allow-unconfined to run them anyway", ErrUnconfined, st.Why)
	}
	models := o.Models
	if len(models) == 0 {
		models = []string{o.Settings.Model}
	}
	// One Go build cache for every task: the confined cache is keyed by
	// the workspace path, so each copy would build the standard library
	// cold. Removed at the end.
	cache := o.GoCache
	if cache == "" {
		c, err := os.MkdirTemp("", "loopls-bench-gocache-")
		if err != nil {
			return rep, err
		}
		defer removeCache(c)
		cache = c
	} else if !filepath.IsAbs(cache) {
		return rep, fmt.Errorf("the Go build cache %q is not an absolute path", cache)
	}
	// The tasks' command layers under a directory of the bench's own, not
	// the user's cache directory. Removed at the end.
	layers, err := os.MkdirTemp("", "loopls-bench-layers-")
	if err != nil {
		return rep, err
	}
	defer removeCache(layers)
	o.layers = layers
	if !command.Confinement().Confined() {
		// Unconfined programs run with the daemon's environment.
		if old, had := os.LookupEnv("GOCACHE"); had {
			defer os.Setenv("GOCACHE", old)
		} else {
			defer os.Unsetenv("GOCACHE")
		}
		os.Setenv("GOCACHE", cache)
	}
	// A model that cannot run a task (unknown, no tool calls, a remote
	// provider without its key) is the user's to fix before the bench, not
	// a failure of every task.
	for _, m := range models {
		rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		_, err := providers.Resolve(rctx, modelSettings(o.Settings), m)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				rep.Stopped = true
				return rep, ctx.Err()
			}
			name := m
			if name == "" {
				name = "the default model"
			}
			return rep, fmt.Errorf("%s: %w", name, err)
		}
	}
	total := len(models) * len(o.Tasks) * o.Repeat
	done := 0
	for _, model := range models {
		for _, t := range o.Tasks {
			for i := range o.Repeat {
				if ctx.Err() != nil {
					rep.Stopped = true
					return rep, ctx.Err()
				}
				if o.OnStart != nil {
					o.OnStart(done, total, t.Name, model)
				}
				r, err := runOne(ctx, o, t, model, cache)
				r.Repeat = i + 1
				if err != nil && ctx.Err() != nil {
					rep.Stopped = true
					return rep, ctx.Err()
				}
				if err != nil {
					r.Passed, r.Why = ptr(false), err.Error()
				}
				done++
				rep.Results = append(rep.Results, r)
				if _, seen := rep.Models[r.Model]; !seen && r.Passed != nil {
					rep.Models[r.Model] = factsOf(ctx, o.Settings, r.Model)
				}
				if f, ok := rep.Models[r.Model]; ok && r.NumCtx > 0 && f.NumCtx == 0 {
					f.NumCtx = r.NumCtx
					rep.Models[r.Model] = f
				}
				if o.OnResult != nil {
					o.OnResult(done, total, r)
				}
			}
		}
	}
	return rep, nil
}

func ptr[T any](v T) *T { return &v }

// removeCache removes the shared build cache; Go makes its files read-only.
func removeCache(dir string) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(p, 0o755)
		}
		return nil
	})
	_ = os.RemoveAll(dir)
}

// runOne runs t once with model in a fresh copy and grades it.
func runOne(ctx context.Context, o Options, t Task, model, cache string) (Result, error) {
	r := Result{Task: t.Name, Model: model, Language: t.Spec.Language, Kind: t.Spec.Check.Runner.kindOr(t.Spec.Kind)}
	for _, p := range t.Toolchain() {
		if _, err := o.LookPath(p); err != nil {
			r.Skipped = p + " is not on PATH"
			return r, nil
		}
	}
	dir, err := os.MkdirTemp("", "loopls-bench-"+t.Name+"-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(dir)
	if err := copyStart(t, dir); err != nil {
		return r, fmt.Errorf("copy the starting files: %w", err)
	}
	s := modelSettings(o.Settings)
	s.Mode = string(workspace.ModeAuto)
	s.MaxTurns = t.Spec.MaxTurns
	s.AllowCommands = true
	s.AllowedCommands = append(slices.Clone(s.AllowedCommands), t.Spec.Commands...)
	ws, err := workspace.Open(ctx, dir, workspace.Options{Logger: o.Logger, Approver: unconfinedApprover(o.Unconfined)})
	if err != nil {
		return r, err
	}
	defer ws.Close()
	mgr, err := session.New(session.Config{
		Root: dir, Settings: func() config.Settings { return s }, Workspace: ws, Logger: o.Logger, GoCache: cache, LayerBase: o.layers,
	})
	if err != nil {
		return r, err
	}
	defer mgr.Close()
	var known []string
	for _, tool := range ws.ToolsWith(workspace.ModeAuto, command.Policy{AllowCommands: true}, workspace.RunOptions{}) {
		known = append(known, tool.Spec().Name)
	}
	m := newMeter(known)
	h, err := mgr.Start(ctx, session.Request{Prompt: t.Spec.Prompt, Model: model, MaxTurns: t.Spec.MaxTurns, Mode: workspace.ModeAuto, Observer: m})
	if err != nil {
		return r, err
	}
	select {
	case <-h.Done():
	case <-ctx.Done():
		h.Cancel()
		<-h.Done()
		return r, ctx.Err()
	}
	run, runErr := h.Wait()
	if run.Model != "" {
		r.Model = displayModel(model, run.Model)
	}
	r.Figures, _ = m.figures()
	answer := run.Output
	g, err := gradeRun(ctx, t, dir, answer, gradeOptions{GoCache: cache, LayerBase: o.layers, Approver: checkApproverFor(o.Unconfined), Timeout: o.CheckTimeout})
	if err != nil {
		return r, err
	}
	r.Passed, r.Why = ptr(g.Passed), g.Why
	if !g.Passed && runErr != nil && run.Outcome != machine.OutcomeCompleted {
		r.Why = strings.TrimSpace(r.Why + "; the run: " + runErr.Error())
	}
	r.MemoryBytes, r.NumCtx = loadedSize(ctx, o.Settings, r.Model)
	return r, nil
}

// modelSettings are the user's settings as a bench's runs get them: the
// named model alone (no fallbacks), no MCP servers.
func modelSettings(s config.Settings) config.Settings {
	s.FallbackModels = nil
	s.MCPServers = nil
	s.AllowedTools = nil
	return s
}

// kindOr is the task's kind, else its runner's name.
func (rn Runner) kindOr(kind string) string {
	if kind != "" {
		return kind
	}
	return string(rn)
}

// displayModel is the model string a result is reported under: the one
// asked for, else the one the run resolved.
func displayModel(asked, ran string) string {
	if asked != "" {
		return asked
	}
	return ran
}

// ollamaName is the Ollama model name of a model string, "" when the model
// is not Ollama's.
func ollamaName(model string) string {
	ref, err := providers.ParseModel(model)
	if err != nil || ref.Provider != providers.Ollama {
		return ""
	}
	return ref.Name
}

// loadedSize is the model's size in memory and window per /api/ps, zeros
// when unknown.
func loadedSize(ctx context.Context, s config.Settings, model string) (int64, int) {
	name := ollamaName(model)
	if name == "" {
		return 0, 0
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	loaded, err := localmodels.LoadedModels(ctx, s.OllamaHost)
	if err != nil {
		return 0, 0
	}
	for _, l := range loaded {
		if localmodels.SameModel(l.Name, name) {
			return l.Size, l.ContextLength
		}
	}
	return 0, 0
}

// factsOf asks the server what model is.
func factsOf(ctx context.Context, s config.Settings, model string) ModelFacts {
	name := ollamaName(model)
	if name == "" {
		return ModelFacts{}
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	f, _ := localmodels.ModelFacts(ctx, s.OllamaHost, name)
	return ModelFacts{Facts: f}
}

// copyStart copies the task's starting files into dir.
func copyStart(t Task, dir string) error {
	start, err := fs.Sub(t.FS, StartDir)
	if err != nil {
		return err
	}
	return fs.WalkDir(start, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if to, ok := t.renames[d.Name()]; ok && !d.IsDir() {
			dst = filepath.Join(filepath.Dir(dst), to)
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(dst, 0o755)
		case !d.Type().IsRegular():
			return fmt.Errorf("%s: only files and folders are copied", p)
		}
		data, err := fs.ReadFile(start, p)
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if fi, err := d.Info(); err == nil && fi.Mode()&0o111 != 0 {
			mode = 0o755
		}
		return os.WriteFile(dst, data, mode)
	})
}
