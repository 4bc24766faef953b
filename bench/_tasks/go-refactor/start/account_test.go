package accounts

import (
	"strings"
	"testing"
)

func TestCreate(t *testing.T) {
	if a, err := Create("ada"); err != nil || a.Name != "ada" {
		t.Fatalf("Create(ada) = %v, %v", a, err)
	}
	if _, err := Create("  "); err == nil || err.Error() != "name is empty" {
		t.Fatalf("Create(blank) err = %v", err)
	}
	if _, err := Create(strings.Repeat("x", 33)); err == nil || err.Error() != "name is longer than 32 bytes" {
		t.Fatalf("Create(long) err = %v", err)
	}
}

func TestUpdate(t *testing.T) {
	a := &Account{Name: "ada"}
	if err := a.Rename("alan"); err != nil || a.Name != "alan" {
		t.Fatalf("Rename = %v, name %q", err, a.Name)
	}
	if err := a.Rename(""); err == nil || err.Error() != "name is empty" || a.Name != "alan" {
		t.Fatalf("Rename(empty) err = %v, name %q", err, a.Name)
	}
}
