package shop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var order = []Item{{"tea", 250, 2}, {"cake", 400, 1}}

func TestTotal(t *testing.T) {
	if got := Total(order); got != 900 {
		t.Fatalf("Total = %d, want 900", got)
	}
	if got := Discounted(order, 10); got != 810 {
		t.Fatalf("Discounted = %d, want 810", got)
	}
}

func TestReceipt(t *testing.T) {
	if got := Receipt(order); got != "2 items, 900 cents" {
		t.Fatalf("Receipt = %q", got)
	}
}

func TestOldNameGone(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "Calc"+"Total") {
			t.Errorf("%s still says Calc"+"Total", f)
		}
	}
}
