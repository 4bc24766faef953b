package machine

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

var jsonSeeds = []string{
	``, ` `, `{}`, `[]`, `{"path":"README.md"}`, ` {"a": [1, -2.5e+3, true, false, null, "x\"y\\u00e9"]} `,
	`{`, `}`, `[1,]`, `{"a":1,}`, `{"a" 1}`, `01`, `-`, `1.`, `1e`, `.5`, `"\x"`, `"\u12"`, "\"a\x01\"",
	`nul`, `truex`, `"unterminated`, `{"a":{"b":[[]]}}`, `1 2`, "\"\xff\"", `"\ud800"`, strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000), `<a & b> ` + "\u2028\u2029\b\f\t\r\n\x7f",
}

// validJSON and quoteJSON stand in for encoding/json inside the machine;
// they must agree with it on every input.
func FuzzJSONText(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validJSON([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("validJSON(%q) = %v, encoding/json says %v", s, got, want)
		}
		want, _ := json.Marshal(s)
		if got := quoteJSON(s); !bytes.Equal(got, want) {
			t.Errorf("quoteJSON(%q) = %s, encoding/json writes %s", s, got, want)
		}
	})
}

// RawJSON encodes as itself and decodes to a copy, as json.RawMessage does.
func TestRawJSONIsRawMessage(t *testing.T) {
	type withRaw struct {
		A RawJSON         `json:"a,omitempty"`
		B json.RawMessage `json:"b,omitempty"`
	}
	for _, in := range []string{`{"a":{"x":[1,2]},"b":{"x":[1,2]}}`, `{}`, `{"a":null,"b":null}`, `{"a":"s","b":"s"}`} {
		var v withRaw
		if err := json.Unmarshal([]byte(in), &v); err != nil {
			t.Fatal(err)
		}
		if string(v.A) != string(v.B) {
			t.Errorf("%s: RawJSON read %s, RawMessage %s", in, v.A, v.B)
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back map[string]json.RawMessage
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatal(err)
		}
		if string(back["a"]) != string(back["b"]) {
			t.Errorf("%s: RawJSON wrote %s, RawMessage %s", in, back["a"], back["b"])
		}
	}
}
