package workspace

import (
	"fmt"
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

// A large change is still diffed line by line: the lines both sides share
// are not rewritten (the hand-written LCS this replaced gave up past 4M cells
// and sent the whole middle as one replacement).
func TestMinimalEditsLargeStaysMinimal(t *testing.T) {
	var a, b strings.Builder
	for i := range 6000 {
		line := fmt.Sprintf("line %d\n", i)
		a.WriteString(line)
		if i%1000 == 500 {
			b.WriteString("changed\n")
			continue
		}
		b.WriteString(line)
	}
	edits := MinimalEdits(a.String(), b.String())
	if got := applyEdits(t, a.String(), edits); got != b.String() {
		t.Fatal("edits do not reproduce the new text")
	}
	if len(edits) != 6 {
		t.Fatalf("%d edits, want one per changed line (6)", len(edits))
	}
	for _, e := range edits {
		if e.Range.Start.Line != e.Range.End.Line || e.Range.Start.Line%1000 != 500 {
			t.Errorf("edit %+v touches more than its changed line", e.Range)
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
