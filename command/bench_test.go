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

// BenchmarkLineCost is what one line costs confined against unconfined,
// in one run on one machine (issue 31): `true` (the interpreter's builtin:
// the line's own cost) and `/usr/bin/true` (a program started, asked for
// and approved), each in the confined child and with confinement off.
func BenchmarkLineCost(b *testing.B) {
	if !Confinement().Confined() {
		b.Fatalf("confinement is %s here", Confinement())
	}
	for _, line := range []string{"true", "/usr/bin/true"} {
		for _, mode := range []string{"confined", "unconfined"} {
			b.Run(mode+"/"+strings.ReplaceAll(line, "/", "_"), func(b *testing.B) {
				if mode == "unconfined" {
					b.Setenv(ConfineEnv, "off")
				}
				cfg := openCfg(b, newTree(b, map[string]string{"a.txt": "a\n"}), Policy{AllowCommands: true, Allowed: []string{"true"}}, &recordingApprover{allow: true})
				for b.Loop() {
					res, err := Run(context.Background(), cfg, line, 120*time.Second)
					if err != nil || !strings.HasSuffix(res.Output, "[exit code 0]") {
						b.Fatalf("%v %s", err, res.Output)
					}
				}
			})
		}
	}
}
