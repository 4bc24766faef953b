package jsonhttp

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeBounded(t *testing.T) {
	var out map[string]string
	exact := `{"a":"0123"}` // 12 bytes
	if err := DecodeBounded(strings.NewReader(exact), int64(len(exact)), &out); err != nil || out["a"] != "0123" {
		t.Fatalf("an answer of exactly the bound: %v, %v", out, err)
	}
	err := DecodeBounded(strings.NewReader(`{"a":"0123456789abcdef"}`), 12, &out)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "larger than 12 bytes") {
		t.Errorf("oversized answer: %v; want ErrTooLarge naming 12 bytes", err)
	}
	err = DecodeBounded(strings.NewReader(`<html>`), 1<<10, &out)
	if err == nil || errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "not the JSON expected") {
		t.Errorf("not JSON: %v", err)
	}
}
