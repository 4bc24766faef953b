package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkOpen opens and closes an existing store: fresh, and with a
// history of 3,000 runs in 300 sessions (4 KB of transcript each, 20 KB of
// history per session; about 20 MB), what `loopls run` pays at every start.
func BenchmarkOpen(b *testing.B) {
	for _, runs := range []int{0, 3000} {
		b.Run(fmt.Sprintf("runs=%d", runs), func(b *testing.B) {
			ctx := context.Background()
			dir, root := b.TempDir(), b.TempDir()
			s, err := Open(ctx, dir, root)
			if err != nil {
				b.Fatal(err)
			}
			fillHistory(b, s, runs)
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				s, err := Open(ctx, dir, root)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// fillHistory writes runs ended runs into s, ten per session, in one
// transaction.
func fillHistory(b *testing.B, s *Store, runs int) {
	b.Helper()
	tx, err := s.db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback()
	hist := `[{"role":"user","content":"` + strings.Repeat("h", 20<<10) + `"}]`
	transcript := `[{"kind":"answer","text":"` + strings.Repeat("t", 4<<10) + `"}]`
	for i := range runs {
		sid := fmt.Sprintf("s%d", i/10)
		if i%10 == 0 {
			if _, err := tx.Exec(`INSERT INTO sessions (id, title, history, created_at, updated_at) VALUES (?, 'a session', ?, ?, ?)`,
				sid, hist, i, i); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := tx.Exec(`INSERT INTO runs (id, session_id, prompt, outcome, output, transcript, started_at, ended_at)
			VALUES (?, ?, 'read the readme', 'completed', ?, ?, ?, ?)`,
			fmt.Sprintf("r%d", i), sid, strings.Repeat("o", 500), transcript, i, i+1); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}
