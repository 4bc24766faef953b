package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/bench"
)

// benchProgress shows a bench's progress on stderr: a bar redrawn in place
// on a terminal, else one line per finished run.
type benchProgress struct {
	mu      sync.Mutex
	w       io.Writer
	tty     bool
	started time.Time
	drawn   bool
}

func newBenchProgress(w io.Writer) *benchProgress {
	return &benchProgress{w: w, tty: isTerminal(w) && !dumbTerminal(), started: time.Now()}
}

const barWidth = 24

func (p *benchProgress) bar(done, total int, what string) {
	filled := 0
	if total > 0 {
		filled = done * barWidth / total
	}
	fmt.Fprintf(p.w, "\r\x1b[K[%s%s] %d/%d %s · %s", strings.Repeat("#", filled), strings.Repeat("-", barWidth-filled),
		done, total, what, time.Since(p.started).Round(time.Second))
	p.drawn = true
}

func (p *benchProgress) start(done, total int, task, model string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		p.bar(done, total, task+" with "+modelOrDefault(model))
	}
}

func (p *benchProgress) result(done, total int, r bench.Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		p.bar(done, total, r.Task+" "+bench.PassedWord(r))
		return
	}
	fmt.Fprintf(p.w, "bench: %d/%d %s %s: %s (%.1fs)\n", done, total, r.Task, r.Model, bench.PassedWord(r), float64(r.WallMs)/1000)
}

func (p *benchProgress) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

func modelOrDefault(m string) string {
	if m == "" {
		return "the default model"
	}
	return m
}
