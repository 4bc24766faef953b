package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

func TestCanonicalArguments(t *testing.T) {
	for _, tc := range []struct {
		in, want  string
		malformed bool
	}{
		{``, `{}`, false},
		{` null `, `{}`, false},
		{`{"b":1,"a":2}`, `{"a":2,"b":1}`, false},
		{"{\n  \"path\" : \"README.md\"\n}", `{"path":"README.md"}`, false},
		{`{"n":{"z":[1,{"y":1,"x":2}],"a":1.50}}`, `{"n":{"a":1.50,"z":[1,{"x":2,"y":1}]}}`, false},
		{`{"big":12345678901234567890}`, `{"big":12345678901234567890}`, false},
		{`{"html":"<a&b>"}`, `{"html":"<a&b>"}`, false},
		{`{"path": "READ`, `"{\"path\": \"READ"`, true},
		{`{"a":1}}`, `"{\"a\":1}}"`, true},
		{`{"a":1} {"b":2}`, `"{\"a\":1} {\"b\":2}"`, true},
	} {
		got, err := CanonicalArguments([]byte(tc.in))
		if string(got) != tc.want {
			t.Errorf("CanonicalArguments(%q) = %s, want %s", tc.in, got, tc.want)
		}
		if gotMalformed := errors.Is(err, ErrMalformedArguments); gotMalformed != tc.malformed {
			t.Errorf("CanonicalArguments(%q): err = %v, want malformed %v", tc.in, err, tc.malformed)
		}
	}
}

func FuzzCanonicalArguments(f *testing.F) {
	for _, s := range []string{``, `{}`, `{"b":1,"a":2}`, `[1,2]`, `"x"`, `{"a":`, `{"a":"\u00e9"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := CanonicalArguments(in)
		// Always valid JSON, so a Message holding it always marshals.
		if !json.Valid(out) {
			t.Fatalf("CanonicalArguments(%q) = %q: not JSON", in, out)
		}
		if err != nil {
			var s string
			if json.Unmarshal(out, &s) != nil {
				t.Fatalf("malformed %q came back as %s, not a JSON string", in, out)
			}
			return
		}
		// Canonical means idempotent.
		again, err := CanonicalArguments(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not idempotent: %q → %s → %s (%v)", in, out, again, err)
		}
	})
}
