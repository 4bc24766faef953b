package rpc

import (
	"encoding/json"
	"testing"
)

// TestProgressTokensFindTheirRun: a token finds its run in any spacing,
// a string token is not the integer of the same digits, and a removed
// token finds nothing.
func TestProgressTokensFindTheirRun(t *testing.T) {
	var tokens progressTokens
	tokens.add(json.RawMessage(`"loopls/run_a"`), "run_a")
	tokens.add(json.RawMessage(`7`), "run_b")
	tests := []struct {
		token string
		run   string
		ok    bool
	}{
		{`"loopls/run_a"`, "run_a", true},
		{` "loopls/run_a" `, "run_a", true},
		{`7`, "run_b", true},
		{` 7`, "run_b", true},
		{`"7"`, "", false},
		{`8`, "", false},
	}
	for _, tt := range tests {
		run, ok := tokens.run(json.RawMessage(tt.token))
		if ok != tt.ok || string(run) != tt.run {
			t.Errorf("run(%s) = %q, %v; want %q, %v", tt.token, run, ok, tt.run, tt.ok)
		}
	}
	tokens.remove(json.RawMessage(` 7 `))
	if run, ok := tokens.run(json.RawMessage(`7`)); ok {
		t.Errorf("a removed token still finds run %s", run)
	}
	if _, ok := tokens.run(json.RawMessage(`"loopls/run_a"`)); !ok {
		t.Error("removing one token removed another")
	}
}
