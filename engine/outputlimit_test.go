package engine

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLimitOutput(t *testing.T) {
	cases := []struct {
		name      string
		in        string
		limit     int
		wantSame  bool
		wantKept  string
		wantCut   string
		wantLines string
	}{
		{name: "under", in: "short", limit: 10, wantSame: true},
		{name: "exactly", in: "0123456789", limit: 10, wantSame: true},
		{name: "disabled", in: strings.Repeat("x", 100), limit: 0, wantSame: true},
		{name: "cut at a line end", in: "aaaa\nbbbb\ncccc\ndddd\n", limit: 12, wantKept: "aaaa\nbbbb\n", wantCut: "10 bytes cut", wantLines: "offset=3"},
		{name: "long line cut mid-line", in: strings.Repeat("y", 50), limit: 20, wantKept: strings.Repeat("y", 20) + "\n", wantCut: "30 bytes cut", wantLines: "offset=1"},
		{name: "utf-8 boundary", in: strings.Repeat("é", 20), limit: 5, wantKept: "éé\n", wantCut: "36 bytes cut"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := LimitOutput(tc.in, tc.limit)
			if tc.wantSame {
				if got != tc.in {
					t.Fatalf("changed: %q", got)
				}
				return
			}
			if !strings.HasPrefix(got, tc.wantKept+"[… ") || !strings.Contains(got, tc.wantCut) || !strings.Contains(got, tc.wantLines) || !strings.Contains(got, "read_file") {
				t.Fatalf("got %q", got)
			}
			if !utf8.ValidString(got) {
				t.Fatal("cut inside a rune")
			}
		})
	}
}

func FuzzLimitOutput(f *testing.F) {
	f.Add("hello\nworld\n", 7)
	f.Add(strings.Repeat("é", 10), 3)
	f.Add("", 1)
	f.Fuzz(func(t *testing.T, s string, limit int) {
		limit = limit % 4096
		got := LimitOutput(s, limit)
		if limit <= 0 || len(s) <= limit {
			if got != s {
				t.Fatal("changed an output within the limit")
			}
			return
		}
		marker := strings.LastIndex(got, "[… ")
		if marker < 0 || marker > limit+1 {
			t.Fatalf("kept %d bytes for limit %d", marker, limit)
		}
		if !strings.HasPrefix(s, got[:max(marker-1, 0)]) {
			t.Fatal("kept text is not a prefix of the output")
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatal("cut inside a rune")
		}
	})
}
