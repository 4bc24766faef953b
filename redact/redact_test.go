package redact

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

const key = `sk-test-0123456789"abcdefXYZ`

func TestFromEnvPicksSecretNames(t *testing.T) {
	got := FromEnv([]string{"ANTHROPIC_API_KEY=aaaaaaaaaa", "GITHUB_TOKEN=bbbbbbbbbb", "DB_PASSWORD=cccccccccc",
		"PATH=/usr/bin:/bin", "X_SECRET=short", "NOEQUALS", "HOME=/root/aaaaaaaaaa"})
	if strings.Join(got, ",") != "aaaaaaaaaa,bbbbbbbbbb,cccccccccc" {
		t.Errorf("FromEnv = %v", got)
	}
}

func TestRedactorReplacesValuesAndEscapes(t *testing.T) {
	r := New(key, "abcdefgh", "abcdefghij", "short")
	for in, want := range map[string]string{
		"x abcdefghij y abcdefgh":               "x [redacted] y [redacted]",
		"env: " + key:                           "env: [redacted]",
		`{"k":"sk-test-0123456789\"abcdefXYZ"}`: `{"k":"[redacted]"}`,
		"short stays":                           "short stays",
	} {
		if got := r.String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
	var zero *Redactor
	if got := zero.String("abcdefgh"); got != "abcdefgh" {
		t.Errorf("nil redactor changed text: %q", got)
	}
}

func TestRedactorScrubsCredentialShapes(t *testing.T) {
	r := New()
	for in, want := range map[string]string{
		"Authorization: Bearer eyJhbGciOi.J9xyz":     "Authorization: Bearer [redacted]",
		`{"Authorization":["Bearer abc123def456"]}`:  `{"Authorization":["Bearer [redacted]"]}`,
		`"authorization": "Basic dXNlcjpwYXNz"`:      `"authorization": "Basic [redacted]"`,
		"x-api-key: sk-ant-api03-AAAA":               "x-api-key: [redacted]",
		`{"x-api-key":"wh4tever-it-is"}`:             `{"x-api-key":"[redacted]"}`,
		"key is sk-proj-abcdefghijklmnopqrstuvwx ok": "key is [redacted] ok",
		"send a bearer 0123456789abcdefghij token":   "send a bearer [redacted] token",
		// Ordinary code is left alone.
		`api_key = os.getenv("OPENAI_API_KEY")`:            `api_key = os.getenv("OPENAI_API_KEY")`,
		`req.Header.Set("Authorization", "Bearer "+token)`: `req.Header.Set("Authorization", "Bearer "+token)`,
		`curl -H "Authorization: Bearer $TOKEN"`:           `curl -H "Authorization: Bearer $TOKEN"`,
		"Authorization: Bearer YOUR_TOKEN_HERE":            "Authorization: Bearer YOUR_TOKEN_HERE",
		"x-api-key: ${ANTHROPIC_API_KEY}":                  "x-api-key: ${ANTHROPIC_API_KEY}",
		"a bearer of bad news; task-sk-list":               "a bearer of bad news; task-sk-list",
	} {
		if got := r.String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every way of cutting a text holding a secret into two pieces leaves the
// secret out of what the stream emits.
func TestStreamNeverEmitsASplitSecret(t *testing.T) {
	r := New(key)
	texts := []string{
		"the key is " + key + " and more text after it\n",
		"curl -H 'Authorization: Bearer tok_0123456789abcdefghij' https://x\n",
		"x-api-key: k-0123456789abcdef; next",
	}
	for _, text := range texts {
		for i := 0; i <= len(text); i++ {
			for j := i; j <= len(text); j += 3 {
				s := NewStream(r)
				out := s.Write(text[:i]) + s.Write(text[i:j]) + s.Write(text[j:]) + s.Flush()
				if strings.Contains(out, "0123456789") {
					t.Fatalf("cut at %d,%d: the secret leaked: %q", i, j, out)
				}
				if want := r.String(text); out != want {
					t.Fatalf("cut at %d,%d: got %q, want %q", i, j, out, want)
				}
			}
		}
	}
}

func TestStreamHoldsLittle(t *testing.T) {
	s := NewStream(New(key))
	out := s.Write("plain prose without anything secret in it, ")
	if !strings.HasPrefix(out, "plain prose without anything secret in it,") {
		t.Errorf("a plain piece was held: emitted %q", out)
	}
	if len(s.pending) > len(key) {
		t.Errorf("holds %d bytes", len(s.pending))
	}
}

func TestWriterAndHandler(t *testing.T) {
	Register(key)
	var buf bytes.Buffer
	w := NewWriter(&buf)
	if n, err := w.Write([]byte("trace " + key + "\n")); err != nil || n != len("trace "+key+"\n") {
		t.Fatalf("Write = %d, %v", n, err)
	}
	log := slog.New(NewHandler(slog.NewTextHandler(&buf, nil))).With("k", key)
	log.Error("failed: "+key, "err", errString("provider said Authorization: Bearer "+key), "g", slog.GroupValue(slog.String("v", key)))
	if strings.Contains(buf.String(), "0123456789") {
		t.Errorf("secret written: %s", buf.String())
	}
	if !strings.Contains(buf.String(), Mark) {
		t.Errorf("no mark in %s", buf.String())
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func BenchmarkStream(b *testing.B) {
	s := NewStream(New(key, "another-secret-value"))
	piece := "some streamed words of an answer "
	b.SetBytes(int64(len(piece)))
	for b.Loop() {
		s.Write(piece)
	}
}

// Scrubbing JSON text keeps it valid JSON, escapes and all.
func TestRedactorKeepsJSONValid(t *testing.T) {
	r := New(key)
	for in, gone := range map[string][]string{
		"Authorization: Bearer tok123456789\"rest\\x":                  {"tok123456789"},
		"x-api-key: k12345678\\\"w\"e":                                 {"k12345678"},
		"Authorization: Bearer " + key + "\n" + key:                    {"0123456789"},
		`{"x-api-key":"abcdefgh1","Authorization":"Bearer zzzzzzzz9"}`: {"abcdefgh1", "zzzzzzzz9"},
	} {
		b, _ := json.Marshal(map[string]string{"text": in})
		out := r.Bytes(b)
		if !json.Valid(out) {
			t.Errorf("%s scrubbed to invalid JSON %s", b, out)
		}
		for _, g := range gone {
			if bytes.Contains(out, []byte(g)) {
				t.Errorf("%s scrubbed to %s: %q is left", b, out, g)
			}
		}
	}
}

// A credential that begins with a known value is replaced whole, and
// scrubbing scrubbed text changes nothing.
func TestRedactorIsWholeAndIdempotent(t *testing.T) {
	r := New("sk-ant-test-secret")
	in := `Authorization: Bearer sk-ant-test-secret-0123456789; {"x-api-key":["sk-ant-test-secret-0123456789"]}; key sk-ant-test-secret-0123456789`
	once := r.String(in)
	if strings.Contains(once, "0123456789") {
		t.Errorf("the rest of the credential leaked: %s", once)
	}
	if twice := r.String(once); twice != once {
		t.Errorf("scrubbing twice changed the text:\n%s\n%s", once, twice)
	}
}
