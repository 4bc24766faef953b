package store

import (
	"os"

	"github.com/loopls/loopls/redact"
)

// redactor scrubs secrets from everything the store writes. Which values
// and shapes are secret is the redact package's decision; the store only
// applies it to every text it writes.
type redactor struct {
	r *redact.Redactor
}

// defaultRedactor knows the process's secrets and those of the
// environment as it is when the store opens.
func defaultRedactor() redactor {
	return redactor{r: redact.Default().With(redact.FromEnv(os.Environ())...)}
}

func (r redactor) str(s string) string { return r.r.String(s) }

func (r redactor) bytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return r.r.Bytes(b)
}
