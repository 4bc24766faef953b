package store

import (
	"encoding/json"
	"os"
	"sort"
	"strings"
)

// redactedMark replaces a secret's value in everything the store writes.
const redactedMark = "[redacted]"

// minSecretLen keeps short values ("1", "true") from being treated as
// secrets and blanking ordinary text.
const minSecretLen = 8

// secretNames are the environment variables whose values must never reach
// the store even when a tool printed them (a run_command of `env`, a
// read_file of a .env file): the conversation is stored, the keys are not.
var secretSuffixes = []string{"_API_KEY", "_APIKEY", "_TOKEN", "_SECRET", "_PASSWORD", "_ACCESS_KEY"}

// redactor replaces known secret values with a mark.
type redactor struct {
	// replacer is nil when there is nothing to redact.
	replacer *strings.Replacer
}

// secretsFromEnv returns the values of the environment's secret variables.
func secretsFromEnv(environ []string) []string {
	var out []string
	for _, kv := range environ {
		name, val, ok := strings.Cut(kv, "=")
		if !ok || len(val) < minSecretLen {
			continue
		}
		up := strings.ToUpper(name)
		for _, suf := range secretSuffixes {
			if strings.HasSuffix(up, suf) {
				out = append(out, val)
				break
			}
		}
	}
	return out
}

// newRedactor builds a redactor for secrets, matching each both as written
// and as JSON escapes it, since the store writes JSON.
func newRedactor(secrets []string) redactor {
	var pairs []string
	seen := map[string]bool{}
	add := func(s string) {
		if len(s) >= minSecretLen && !seen[s] {
			seen[s] = true
			pairs = append(pairs, s)
		}
	}
	for _, s := range secrets {
		add(s)
		if b, err := json.Marshal(s); err == nil {
			add(string(b[1 : len(b)-1]))
		}
	}
	if len(pairs) == 0 {
		return redactor{}
	}
	// Longest first, so a secret that contains another is replaced whole.
	sort.Slice(pairs, func(i, j int) bool { return len(pairs[i]) > len(pairs[j]) })
	args := make([]string, 0, 2*len(pairs))
	for _, p := range pairs {
		args = append(args, p, redactedMark)
	}
	return redactor{replacer: strings.NewReplacer(args...)}
}

func defaultRedactor() redactor { return newRedactor(secretsFromEnv(os.Environ())) }

func (r redactor) str(s string) string {
	if r.replacer == nil {
		return s
	}
	return r.replacer.Replace(s)
}

func (r redactor) bytes(b []byte) []byte {
	if r.replacer == nil || b == nil {
		return b
	}
	return []byte(r.replacer.Replace(string(b)))
}
