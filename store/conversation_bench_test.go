package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

// BenchmarkRedraw measures what loopls/session reads to re-draw a session
// of n runs, each with a transcript of about 10 KiB: the session and its
// runs, then the transcripts.
func BenchmarkRedraw(b *testing.B) {
	for _, n := range []int{10, 100} {
		b.Run(fmt.Sprintf("runs=%d", n), func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, b.TempDir(), b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			tr, _ := json.Marshal([]map[string]string{{"kind": "prompt", "text": "chat"}, {"kind": "answer", "text": strings.Repeat("x", 10<<10)}})
			for i := range n {
				c := started("s", machine.RunID(fmt.Sprintf("r%d", i)), "chat", benchHistory(2, 400))
				if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, c.History)); err != nil {
					b.Fatal(err)
				}
				if err := s.SetTranscript(ctx, c.Run.ID, tr, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Session(ctx, "s"); err != nil {
					b.Fatal(err)
				}
				if _, err := s.Transcripts(ctx, "s"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
