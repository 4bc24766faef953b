package command

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/loopls/loopls/confine"
	"github.com/loopls/loopls/internal/proctree"
)

// A command line's run, the state one line keeps, shared by the daemon and
// the confined shell. Its path through this package, one file a step:
// Run (command.go) → the child and its spec (confined.go, confinement.go),
// the protected paths present before it (after_line.go) → the interpreter
// and its handlers (shell.go; confined_shell.go in the child) → each
// program judged and asked for (judge.go; policy.go, options.go, git.go
// say what is allowed) → started (process.go), or, when it writes the git
// directory, run by the daemon in a child of its own (git_delegation.go) →
// the after-line work (after_line.go) → the result (command.go).

// Errors of a command line that did not run to its end.
var (
	// ErrRefused reports a program the user refused, or that needed
	// approval with no one to ask: the command line stops there.
	ErrRefused = errors.New("not run: needs the user's approval")
	// ErrUnparsable reports a command line the shell cannot parse; nothing
	// of it runs.
	ErrUnparsable = errors.New("command line does not parse as a shell command")
	// errProtected reports a redirection that would write a protected path.
	errProtected = errors.New("writing this path needs the user's approval (programs run it or read it as configuration)")
	// errOutsideRoot reports a path the shell uses (a redirection, a glob,
	// a test) that leaves the workspace root.
	errOutsideRoot = errors.New("path is outside the workspace root")
)

// commandRun is one run_command execution inside the interpreter: its
// handlers (shell.go) are the only way the command line reaches the system.
type commandRun struct {
	t        tree
	policy   Policy
	approver Approver
	cmdline  string
	base     map[string]string // the environment the line started with
	basePATH expand.Environ

	// gate, in the confined child, asks the daemon about each program
	// and each change edit mode confirms; nil in the daemon itself, where
	// they are judged and asked for here.
	gate gate
	// unconfined says why the kernel does not hold what the programs do
	// ("" when it does): then every program is asked for.
	unconfined string

	// readOnly are the paths the confined child holds read-only (absolute;
	// the daemon's side only), spec the child's confinement.
	readOnly []string
	spec     confine.Spec
	// group is the line's cgroup, which bounds all its programs together
	// (nil: the spec's rlimits bound them).
	group *confine.Group

	mu      sync.Mutex
	trees   []*proctree.Tree // the programs started, each with all it started; killed when the line ends
	refused []string         // what was refused, for the result
	removed []string         // protected paths a confined command created, removed
	// layerNotes say what of the line's layer was not applied, and why.
	layerNotes []string
	journal    LineJournal // what the layer applied is told to it (nil: no one)
	dropped    []string    // environment variables its programs do not get
	boundHit   string      // which of the line's bounds its programs reached ("" none)
	approved   []string    // protected paths the user let a program write
	before     []string    // confined: the protected paths present when the line started
	// gitMade are the git directories git made on this line, with their
	// state when the last git program that wrote them ended; tainted,
	// those another program wrote since (git_alone.go).
	gitMade map[string]string
	tainted map[string]bool
	// delegated are the programs admitted to run in a child of their own
	// with a protected path writable, by token, each taken once.
	delegated map[uint64]delegation
	nextToken uint64
	files     fileBox // the standard files of the programs delegated

	seams seams // tests only: see Config.seams
}

// gate is the daemon as the confined child sees it.
type gate interface {
	// admit judges a program about to run and asks the user when needed.
	admit(ctx context.Context, dir string, env map[string]string, args []string) (execVerdict, error)
	// ask asks the user about part (a change in edit mode).
	ask(ctx context.Context, part string, reasons []string) error
	// run has the daemon run the program it admitted with token, with
	// hc's standard files, and returns how it ended.
	run(ctx context.Context, hc interp.HandlerContext, token uint64) error
}

// newCommandRun is one execution of cmdline under cfg, judged against env,
// the environment its programs start with.
func newCommandRun(cfg Config, cmdline string, env []string) *commandRun {
	c := &commandRun{
		t: treeAt(cfg.Root, cfg.Dir), policy: cfg.Policy, approver: cfg.Approver, seams: cfg.seams,
		cmdline: cmdline, base: make(map[string]string, len(env)), journal: cfg.Journal,
	}
	c.t.under = cfg.Beneath
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		c.base[k] = v
	}
	c.basePATH = expand.ListEnviron("PATH=" + c.base["PATH"])
	return c
}

// parseLine parses a command line as bash.
func parseLine(cmdline string) (*syntax.File, error) {
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmdline), "")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnparsable, err)
	}
	return file, nil
}

// exported returns the variables hc's shell exports to programs.
func exported(env expand.Environ) map[string]string {
	m := make(map[string]string)
	for name, vr := range env.Each {
		if vr.Exported && vr.IsSet() {
			m[name] = vr.String()
		}
	}
	return m
}
