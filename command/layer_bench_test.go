//go:build linux

package command

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// benchLine runs line through Run b.N times in a fresh workspace each
// time (made outside the timer), with the layer on or off; with it on,
// the workspace's watcher is started before the timer, as a daemon keeps
// it from line to line.
func benchLine(b *testing.B, layer bool, line string) {
	if !Confinement().Layer {
		b.Fatalf("no layer here: %s", Confinement().LayerWhy)
	}
	if layer {
		b.Setenv(LayerEnv, "on")
	} else {
		b.Setenv(LayerEnv, "off")
	}
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		dir := newTree(b, map[string]string{"a.txt": "a\n", "src/main.go": "package main\n"})
		cfg := openCfg(b, dir, Policy{AllowCommands: true, Allowed: []string{"true", "sh"}}, &recordingApprover{allow: true})
		if layer {
			// The workspace's watcher, as the daemon keeps it: started
			// before the line, not by it.
			cfg.Watch = &Watch{}
			if _, err := cfg.Watch.watcher(context.Background(), dir, ""); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		cpu0 := cpuTime()
		res, err := Run(context.Background(), cfg, line, 120*time.Second)
		cpu += cpuTime() - cpu0
		if err != nil || !strings.Contains(res.Output, "[exit code 0]") || strings.Contains(res.Output, "not applied") {
			b.Fatalf("%v %s", err, res.Output)
		}
		b.StopTimer()
		if _, err := os.Stat(filepath.Join(dir, "src/main.go")); err != nil {
			b.Fatal(err)
		}
		if cfg.Watch != nil {
			if err := cfg.Watch.Close(); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op")
}

const (
	lineNothing = "true"
	lineOneFile = "sh -c 'echo changed > a.txt'"
)

// lineNewFiles makes n new files in a new directory (as npm install does).
func lineNewFiles(n int) string {
	return fmt.Sprintf("sh -c 'mkdir -p node_modules/pkg; i=0; while [ $i -lt %d ]; do echo $i > node_modules/pkg/f$i.js; i=$((i+1)); done'", n)
}

func BenchmarkLineNothingDirect(b *testing.B)  { benchLine(b, false, lineNothing) }
func BenchmarkLineNothingLayer(b *testing.B)   { benchLine(b, true, lineNothing) }
func BenchmarkLineOneFileDirect(b *testing.B)  { benchLine(b, false, lineOneFile) }
func BenchmarkLineOneFileLayer(b *testing.B)   { benchLine(b, true, lineOneFile) }
func BenchmarkLine10kFilesDirect(b *testing.B) { benchLine(b, false, lineNewFiles(10000)) }
func BenchmarkLine10kFilesLayer(b *testing.B)  { benchLine(b, true, lineNewFiles(10000)) }

// cpuTime is the CPU time this process and its waited-for children have
// used: on a machine shared with other work it says more than the wall
// clock.
func cpuTime() time.Duration {
	var self, kids syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(kids.Utime) + tv(kids.Stime)
}
