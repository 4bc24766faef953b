package store

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

// BenchmarkAppendJournal measures writing one line's journal in its own
// synced commit: one file, and an npm install's 10,000 entries (names only
// past the first 1 MiB of text, as the workspace journal gives them).
func BenchmarkAppendJournal(b *testing.B) {
	for _, n := range []int{1, 10000} {
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, b.TempDir(), b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			text := []byte(strings.Repeat("x", 1<<10))
			recs := make([]JournalRecord, n)
			for i := range recs {
				recs[i] = JournalRecord{Path: fmt.Sprintf("node_modules/pkg%d/index.js", i), Meta: []byte(`{"kind":"line","bulk":true}`)}
				if i < 1024 {
					recs[i].After = text
				} else {
					recs[i].Dropped = "bulk"
				}
			}
			bounds := JournalBounds{Runs: 64, Bytes: 64 << 20}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if err := s.AppendJournal(ctx, machine.RunID(fmt.Sprintf("r%d", i)), recs, bounds); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
