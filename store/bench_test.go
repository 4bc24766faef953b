package store

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// history returns n messages of about size bytes each.
func benchHistory(n, size int) []machine.Message {
	h := make([]machine.Message, n)
	for i := range h {
		role := machine.RoleUser
		if i%2 == 1 {
			role = machine.RoleAssistant
		}
		h[i] = machine.Message{Role: role, Content: strings.Repeat("x", size)}
	}
	return h
}

// BenchmarkCheckpoint measures one commit point: one immediate transaction
// with a synced WAL commit, for sessions of growing history.
func BenchmarkCheckpoint(b *testing.B) {
	for _, n := range []int{2, 50, 500} {
		b.Run(fmt.Sprintf("run_ended/history=%d", n), func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, b.TempDir(), b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			hist := benchHistory(n, 400)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				c := started("s", machine.RunID(fmt.Sprintf("r%d", i)), "chat", hist)
				if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, hist)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("run_started", func(b *testing.B) {
		ctx := context.Background()
		s, err := Open(ctx, b.TempDir(), b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		hist := benchHistory(50, 400)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; b.Loop(); i++ {
			// One session per run: a session runs one run at a time.
			if err := s.Checkpoint(ctx, started(machine.SessionID(fmt.Sprintf("s%d", i)), machine.RunID(fmt.Sprintf("r%d", i)), "chat", hist)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkTurnCheckpoints measures what a tool turn adds to a run since
// issue 19: two commit points (model_answered, tool_results), each one
// version-checked immediate transaction with a synced WAL commit, carrying
// the machine snapshot — for sessions of growing history.
func BenchmarkTurnCheckpoints(b *testing.B) {
	for _, n := range []int{2, 50, 500} {
		b.Run(fmt.Sprintf("history=%d", n), func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, b.TempDir(), b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			hist := benchHistory(n, 400)
			m := machine.NewMachine(hist)
			if _, err := m.AcceptInput("read the readme"); err != nil {
				b.Fatal(err)
			}
			snap, err := engine.MarshalMachine(m)
			if err != nil {
				b.Fatal(err)
			}
			run := engine.Run{ID: "r", SessionID: "s", Prompt: "read the readme", StartedAt: t0}
			if _, err := s.Claim(ctx, run, true); err != nil {
				b.Fatal(err)
			}
			c := engine.Checkpoint{SessionID: "s", Run: run, History: hist, Machine: snap}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				for _, p := range []machine.CheckpointPoint{machine.PointModelAnswered, machine.PointToolResults} {
					c.Point = p
					if err := s.Checkpoint(ctx, c); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkRead measures what loopls/sessions and loopls/session cost on a
// store of 200 sessions with 5 runs each.
func BenchmarkRead(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, b.TempDir(), b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	hist := benchHistory(10, 400)
	for i := range 200 {
		sid := machine.SessionID(fmt.Sprintf("s%d", i))
		for j := range 5 {
			c := started(sid, machine.RunID(fmt.Sprintf("r%d-%d", i, j)), "chat", hist)
			if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, hist)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("Sessions", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if l, err := s.Sessions(ctx); err != nil || len(l) != 200 {
				b.Fatal(len(l), err)
			}
		}
	})
	b.Run("Session", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.Session(ctx, "s100"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Open", func(b *testing.B) {
		dir, root := b.TempDir(), b.TempDir()
		b.ReportAllocs()
		for b.Loop() {
			o, err := Open(ctx, dir, root)
			if err != nil {
				b.Fatal(err)
			}
			o.Close()
		}
	})
}
