package store

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

func TestSecretsNeverReachTheDatabase(t *testing.T) {
	const key = `sk-test-0123456789"abcdef`
	t.Setenv("OPENAI_API_KEY", key)
	t.Setenv("SHORT_TOKEN", "abc") // too short to be treated as a secret
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	c := started("s", "r", "use "+key, []machine.Message{{Role: machine.RoleTool, Content: "OPENAI_API_KEY=" + key}})
	c.Machine, _ = json.Marshal(map[string]string{"pending": "env says " + key})
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	c = ended(c, machine.OutcomeFailed, &machine.LoopError{Kind: machine.KindAPI, Message: "bad key " + key}, c.History)
	c.Run.Output = key
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, started("s2", "r2", "snap "+key, nil)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(s.Path() + suffix)
		if err != nil && suffix == "" {
			t.Fatal(err)
		}
		esc, _ := json.Marshal(key)
		if strings.Contains(string(b), "0123456789") || strings.Contains(string(b), string(esc)) {
			t.Errorf("database file %s holds the API key", s.Path()+suffix)
		}
	}
}
