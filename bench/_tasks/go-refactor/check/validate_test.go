package accounts

import (
	"os"
	"strings"
	"testing"
)

func TestValidateName(t *testing.T) {
	if err := validateName("ok"); err != nil {
		t.Fatalf("validateName(ok) = %v", err)
	}
	if err := validateName(" "); err == nil || err.Error() != "name is empty" {
		t.Fatalf("validateName(blank) = %v", err)
	}
	if err := validateName(strings.Repeat("y", 40)); err == nil || err.Error() != "name is longer than 32 bytes" {
		t.Fatalf("validateName(long) = %v", err)
	}
	for _, f := range []string{"create.go", "update.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "errors.New(") || !strings.Contains(string(b), "validateName(") {
			t.Errorf("%s still validates on its own instead of calling validateName", f)
		}
	}
}
