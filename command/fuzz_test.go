package command

import (
	"context"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fuzzApprover answers allow or refuse by a hash of what it is asked, so
// the interpreter goes on past some questions and stops at others, and
// records every question.
type fuzzApprover struct {
	mu    sync.Mutex
	asked []string
}

func fuzzAllows(part string) bool {
	h := fnv.New32a()
	h.Write([]byte(part))
	return h.Sum32()%2 == 0
}

func (a *fuzzApprover) Approve(_ context.Context, q Question) (Answer, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, q.Part)
	if fuzzAllows(q.Part) {
		return Answer{Asked: true}, nil
	}
	return Answer{Asked: true, Refusal: "the user refused it"}, nil
}

// FuzzRunCommandAsks is the differential check of the command policy: for
// any command line, every program the interpreter actually executed (its
// own record, taken where the process would start) that the allow list
// does not cover was asked for first, and none that was refused ran.
// Programs are not really started (a recording stub stands in), so the
// fuzzer explores every path without running anything.
func FuzzRunCommandAsks(f *testing.F) {
	for _, s := range []string{
		"ls", "ls && rm -rf /", "cat x | sh", "echo $(curl x)", "((sh<x))", "PATH=.:$PATH; ls",
		"find . -fprint /tmp/x", "sed -n '1e id' a", "git -c core.pager=sh log", "f() { ls; }; f",
		"eval 'rm x'", "exec rm x", "command rm x", "trap 'rm x' EXIT", "IFS=,; c=rm,x; $c",
		"{rm,x}", "ls > $(rm x)", "cat <(rm x)", "a[$(rm x)]=1", "x=$(ls); $x", "for p in ls rm; do $p; done",
	} {
		f.Add(s)
	}
	allowed := []string{"ls", "cat", "git status", "find", "sed"}
	dir := newTree(f, map[string]string{"a": "a\n", "x": "rm y\n"})
	ap := &fuzzApprover{}
	cfg := openCfg(f, dir, Policy{Allowed: allowed}, ap)
	var mu sync.Mutex
	var ran [][]string
	cfg.seams.start = func(_ context.Context, args []string) error {
		mu.Lock()
		ran = append(ran, slices.Clone(args))
		mu.Unlock()
		return nil
	}
	var execs []execution
	cfg.seams.record = func(e execution) {
		mu.Lock()
		execs = append(execs, e)
		mu.Unlock()
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		if len(cmd) > 2000 {
			return
		}
		mu.Lock()
		ran, execs = nil, nil
		mu.Unlock()
		ap.mu.Lock()
		ap.asked = nil
		ap.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := Run(ctx, cfg, cmd, time.Second); err != nil && ctx.Err() == nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		mu.Lock()
		defer mu.Unlock()
		ap.mu.Lock()
		defer ap.mu.Unlock()
		p := Policy{Allowed: allowed}
		for _, e := range execs {
			if !e.Ran {
				continue
			}
			part := partText(e.Args)
			asked := slices.ContainsFunc(ap.asked, func(q string) bool { return strings.HasSuffix(q, part) })
			if !p.matches(e.Args) && !asked {
				t.Fatalf("%q executed %q, not on the allow list, without asking (asked %q)", cmd, e.Args, ap.asked)
			}
			if asked && len(e.Reasons) > 0 && !fuzzAllows(askedFor(ap.asked, part)) {
				t.Fatalf("%q executed %q after the user refused it", cmd, e.Args)
			}
		}
		if len(ran) != countRan(execs) {
			t.Fatalf("%q: %d programs started, %d recorded as run", cmd, len(ran), countRan(execs))
		}
		// The shell itself wrote nothing outside the workspace.
		if ents, err := os.ReadDir(filepath.Dir(dir)); err == nil {
			for _, e := range ents {
				if e.Name() != filepath.Base(dir) {
					t.Fatalf("%q created %s next to the workspace", cmd, e.Name())
				}
			}
		}
	})
}

func askedFor(asked []string, part string) string {
	for _, q := range asked {
		if strings.HasSuffix(q, part) {
			return q
		}
	}
	return ""
}

func countRan(execs []execution) int {
	n := 0
	for _, e := range execs {
		if e.Ran {
			n++
		}
	}
	return n
}
