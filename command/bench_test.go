package command

import (
	"context"
	"strings"
	"testing"
	"time"
)

// benchRunCommand runs `ls` (allowed) through Run b.N times.
func benchRunCommand(b *testing.B) {
	dir := newTree(b, map[string]string{"a.txt": "a\n"})
	cfg := openCfg(b, dir, Policy{AllowCommands: true, Allowed: []string{"ls"}}, &recordingApprover{allow: true})
	b.ResetTimer()
	for b.Loop() {
		res, err := Run(context.Background(), cfg, "ls", 120*time.Second)
		if err != nil || !strings.Contains(res.Output, "a.txt") {
			b.Fatalf("%v %s", err, res.Output)
		}
	}
}

// BenchmarkRunCommandConfined is one run_command in the confined child.
func BenchmarkRunCommandConfined(b *testing.B) {
	if !Confinement().Confined() {
		b.Fatalf("confinement is %s here", Confinement())
	}
	benchRunCommand(b)
}

// BenchmarkRunCommandInProcess is the same with confinement off (the
// interpreter in the daemon, as where the kernel cannot confine).
func BenchmarkRunCommandInProcess(b *testing.B) {
	b.Setenv(ConfineEnv, "off")
	benchRunCommand(b)
}
