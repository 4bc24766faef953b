package rpc

import (
	"encoding/json"
	"testing"

	"github.com/loopls/loopls/config"
)

// configuration holds initialize's word until the client changes it: the
// options over the base settings, later changes over those, the
// capabilities as given, and the trace level.
func TestConfiguration(t *testing.T) {
	c := newConfiguration()
	if c.current().Model != config.Default().Model || c.tracing() {
		t.Errorf("before initialize: %+v, tracing %v; want the defaults", c.current(), c.tracing())
	}
	base := config.Default()
	base.Model = "ollama:base"
	s, err := c.initialize(clientCaps{approvals: true}, base, json.RawMessage(`{"maxTurns": 7}`), "off")
	if err != nil || s.Model != "ollama:base" || s.MaxTurns != 7 || c.current().MaxTurns != 7 {
		t.Errorf("initialize: %+v, %v; want the base model with maxTurns 7", s, err)
	}
	if !c.caps().approvals || c.caps().applyEdit || c.tracing() {
		t.Errorf("caps %+v, tracing %v", c.caps(), c.tracing())
	}
	s, err = c.apply(json.RawMessage(`{"loopls": {"model": "ollama:later"}}`))
	if err != nil || s.Model != "ollama:later" || s.MaxTurns != 7 || c.current().Model != "ollama:later" {
		t.Errorf("apply: %+v, %v; want the new model over the rest", s, err)
	}
	for level, want := range map[string]bool{"messages": true, "verbose": true, "off": false, "": false} {
		if c.setTrace(level); c.tracing() != want {
			t.Errorf("trace %q: tracing %v", level, !want)
		}
	}
}
