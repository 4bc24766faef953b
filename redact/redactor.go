package redact

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Mark replaces a secret in everything redacted.
const Mark = "[redacted]"

// MinSecretLen keeps short values ("1", "true") from being treated as
// secrets and blanking ordinary text.
const MinSecretLen = 8

// value is a credential in a header: a run of token characters. A
// variable or a template (`$TOKEN`, `${TOKEN}`, `<token>`) is no
// credential and reads unchanged; see looksLikeCredential for the rest.
const value = `[A-Za-z0-9._~+/=-]+`

// shapes are credentials recognised by their form rather than their value:
// a key the daemon does not hold (a provider echoing a header, a key in a
// file the model reads) is scrubbed too. Group 1 is kept; the rest is the
// secret. They are deliberately narrow — header syntax, not every
// `api_key = …` in source code — so that ordinary code reads unchanged.
// They are compiled on first use: most text holds no trigger word
// (mayHoldShape) and never needs them, and compiling them at package init
// cost every start of loopls.
var shapes = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		// Authorization: Bearer xyz / "authorization":"Bearer xyz" / Basic / Token.
		regexp.MustCompile(`(?i)(authorization\\?["']?\s*[:=]\s*(?:\\?["'\[])*\s*(?:bearer|basic|token)\s+)` + value),
		// A bearer credential outside a header line.
		regexp.MustCompile(`(?i)(\bbearer\s+)[A-Za-z0-9._~+/=-]{16,}`),
		// x-api-key: xyz / "x-api-key":"xyz" (Anthropic), api-key (Azure), x-goog-api-key.
		regexp.MustCompile(`(?i)((?:x-api-key|\bapi-key|x-goog-api-key)\\?["']?\s*:\s*(?:\\?["'\[])*)` + value),
		// Provider keys: sk-…, sk-ant-…, sk-proj-….
		regexp.MustCompile(`()\bsk-[A-Za-z0-9_-]{20,}`),
	}
})

// triggers are the (lower-case) words that start a shape. A Stream holds
// back text from a trigger near its end until the credential after it is
// complete.
var triggers = []string{"authorization", "bearer", "x-api-key", "api-key", "sk-"}

// Redactor replaces known secret values, and credential shapes, with Mark.
// The zero value and nil scrub shapes only. A Redactor is immutable and
// safe for concurrent use.
type Redactor struct {
	values   []string // longest first, with their JSON escapes
	replacer *strings.Replacer
}

// New returns a Redactor for secrets. Values shorter than MinSecretLen are
// ignored.
func New(secrets ...string) *Redactor {
	var values []string
	seen := map[string]bool{}
	add := func(s string) {
		if len(s) >= MinSecretLen && !seen[s] {
			seen[s] = true
			values = append(values, s)
		}
	}
	for _, s := range secrets {
		add(s)
		if b, err := json.Marshal(s); err == nil {
			add(string(b[1 : len(b)-1]))
		}
	}
	// Longest first, so a secret that contains another is replaced whole.
	slices.SortFunc(values, func(a, b string) int { return len(b) - len(a) })
	r := &Redactor{values: values}
	if len(values) > 0 {
		args := make([]string, 0, 2*len(values))
		for _, v := range values {
			args = append(args, v, Mark)
		}
		r.replacer = strings.NewReplacer(args...)
	}
	return r
}

// With returns a Redactor that also knows secrets.
func (r *Redactor) With(secrets ...string) *Redactor {
	if r == nil {
		return New(secrets...)
	}
	return New(append(slices.Clone(r.values), secrets...)...)
}

// Len is the number of secret values (JSON escapes included) r knows.
func (r *Redactor) Len() int {
	if r == nil {
		return 0
	}
	return len(r.values)
}

// String returns s with every secret value and credential shape replaced.
// A credential that begins with a known value is replaced whole. Scrubbing
// scrubbed text changes nothing.
func (r *Redactor) String(s string) string {
	if r != nil && r.replacer != nil {
		s = r.replacer.Replace(s)
		if strings.Contains(s, Mark) {
			// A longer credential that begins with a known value goes whole.
			s = markTail().ReplaceAllString(s, Mark)
		}
	}
	return scrubShapes(s)
}

// Bytes is String for a byte slice. It returns b itself when nothing was
// replaced.
func (r *Redactor) Bytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	s := string(b)
	out := r.String(s)
	if out == s {
		return b
	}
	return []byte(out)
}

// markTail is a mark followed by more token characters: the rest of a
// credential that began with a known value.
var markTail = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\[redacted\][A-Za-z0-9_-][A-Za-z0-9._~+/=-]*`)
})

// sentinel stands for Mark while the shapes run: no shape's value can
// start with it, so a mark already in the text is never taken for a
// credential (scrubbing twice gives what scrubbing once gave).
const sentinel = "\x00\x01\x00"

// scrubShapes replaces the secret part of every credential shape.
func scrubShapes(s string) string {
	if !mayHoldShape(s) {
		return s
	}
	s = strings.ReplaceAll(s, Mark, sentinel)
	for _, re := range shapes() {
		s = re.ReplaceAllStringFunc(s, func(m string) string {
			sub := re.FindStringSubmatch(m)
			// sk-… is a credential by its prefix; after a header name,
			// the value must look like one.
			if sub[1] != "" && !looksLikeCredential(m[len(sub[1]):]) {
				return m
			}
			return sub[1] + sentinel
		})
	}
	return strings.ReplaceAll(s, sentinel, Mark)
}

// looksLikeCredential tells a credential from a placeholder in a header
// shape: 8 characters or more, with a digit, or 12 or more mixing upper and
// lower case (base64). "YOUR_TOKEN_HERE" and "changeme" read unchanged, so
// a file the model reads, and rewrites, is not corrupted by the scrub.
func looksLikeCredential(v string) bool {
	if len(v) < MinSecretLen {
		return false
	}
	var digit, upper, lowerCase bool
	for i := 0; i < len(v); i++ {
		c := v[i]
		digit = digit || '0' <= c && c <= '9'
		upper = upper || 'A' <= c && c <= 'Z'
		lowerCase = lowerCase || 'a' <= c && c <= 'z'
	}
	return digit || len(v) >= 12 && upper && lowerCase
}

// mayHoldShape is a cheap test that skips the regular expressions for text
// holding no trigger at all (most tool output).
func mayHoldShape(s string) bool {
	for _, t := range triggers {
		if indexFold(s, t) >= 0 {
			return true
		}
	}
	return false
}

// indexFold is strings.Index ignoring ASCII case, for a lower-case needle.
func indexFold(s, lowerNeedle string) int {
	n := len(lowerNeedle)
	if n == 0 {
		return 0
	}
	first := lowerNeedle[0]
	for i := 0; i+n <= len(s); i++ {
		if lower(s[i]) != first {
			continue
		}
		if hasPrefixFold(s[i:], lowerNeedle) {
			return i
		}
	}
	return -1
}

func hasPrefixFold(s, lowerPrefix string) bool {
	if len(s) < len(lowerPrefix) {
		return false
	}
	for j := 0; j < len(lowerPrefix); j++ {
		if lower(s[j]) != lowerPrefix[j] {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
