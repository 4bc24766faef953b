package workspace

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// applyEdits applies non-overlapping ordered edits (positions in text) to text.
func applyEdits(t testing.TB, text string, edits []protocol.TextEdit) string {
	t.Helper()
	var b strings.Builder
	last := 0
	for _, e := range edits {
		start, end, err := rangeOffsets(text, e.Range)
		if err != nil {
			t.Fatalf("edit %+v: %v", e, err)
		}
		if start < last {
			t.Fatalf("edits overlap or are out of order at %+v", e.Range)
		}
		b.WriteString(text[last:start])
		b.WriteString(e.NewText)
		last = end
	}
	b.WriteString(text[last:])
	return b.String()
}

func TestMinimalEdits(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           []protocol.TextEdit
	}{
		{"same", "a\nb\n", "a\nb\n", nil},
		{"one word", "hello world\n", "hello there\n",
			[]protocol.TextEdit{{Range: rng(0, 6, 0, 11), NewText: "there"}}},
		{"after emoji", "😀 a\nx\n", "😀 b\nx\n",
			[]protocol.TextEdit{{Range: rng(0, 3, 0, 4), NewText: "b"}}},
		{"two hunks", "1\n2\n3\n4\n5\n", "1\nTWO\n3\n4\nFIVE\n",
			[]protocol.TextEdit{{Range: rng(1, 0, 1, 1), NewText: "TWO"}, {Range: rng(4, 0, 4, 1), NewText: "FIVE"}}},
		{"insert line", "a\nc\n", "a\nb\nc\n",
			[]protocol.TextEdit{{Range: rng(1, 0, 1, 0), NewText: "b\n"}}},
		{"delete line", "a\nb\nc\n", "a\nc\n",
			[]protocol.TextEdit{{Range: rng(1, 0, 2, 0), NewText: ""}}},
		{"from empty", "", "new\n",
			[]protocol.TextEdit{{Range: rng(0, 0, 0, 0), NewText: "new\n"}}},
	}
	for _, tt := range tests {
		got := MinimalEdits(tt.old, tt.new)
		if len(got) != len(tt.want) {
			t.Errorf("%s: MinimalEdits = %+v, want %+v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: edit %d = %+v, want %+v", tt.name, i, got[i], tt.want[i])
			}
		}
		if res := applyEdits(t, tt.old, got); res != tt.new {
			t.Errorf("%s: applying the edits gives %q, want %q", tt.name, res, tt.new)
		}
	}
}

func TestMinimalEditsLargeFallsBackCorrectly(t *testing.T) {
	var a, b strings.Builder
	for i := range 3000 {
		a.WriteString(strings.Repeat("x", i%7) + "\n")
		b.WriteString(strings.Repeat("y", i%5) + "\n")
	}
	edits := MinimalEdits(a.String(), b.String())
	if got := applyEdits(t, a.String(), edits); got != b.String() {
		t.Error("edits of a large change do not reproduce the new text")
	}
}
