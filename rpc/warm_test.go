package rpc_test

import (
	"strings"
	"testing"

	"github.com/loopls/loopls/internal/fakeollama"
)

// loopls/warmUp, as the editors' chat sends it on opening, has Ollama load
// the configured model with the num_ctx the first run then asks for: the
// run finds it loaded as it wants it.
func TestWarmUpLoadsTheConfiguredModelAsTheFirstRunWants(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	root := t.TempDir()
	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host)
	c.initialize(root, nil, nil)
	var got struct {
		Loaded bool   `json:"loaded"`
		Reason string `json:"reason"`
	}
	c.mustRequest("loopls/warmUp", map[string]any{}, &got)
	if !got.Loaded {
		t.Fatalf("loopls/warmUp = %+v, want loaded", got)
	}
	loaded := srv.LoadedModels()
	if len(loaded) != 1 || loaded[0].Name != "tiny" {
		t.Fatalf("loaded before the first prompt: %+v", loaded)
	}
	var r runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "chat"}, &r)
	runEnded(t, c, r.RunID)
	reqs := srv.Requests()
	if len(reqs) == 0 || reqs[0].Options["num_ctx"] != srv.Generates()[0].Options["num_ctx"] {
		t.Fatalf("the warm-up's num_ctx %v, the run's %v", srv.Generates()[0].Options, reqs[0].Options)
	}
	if after := srv.LoadedModels(); len(after) != 1 || after[0] != loaded[0] {
		t.Errorf("the run reloaded the model: %+v, then %+v", loaded, after)
	}
	// Opening the chat again loads nothing more.
	c.mustRequest("loopls/warmUp", map[string]any{}, &got)
	if got.Loaded || !strings.Contains(got.Reason, "already loaded") || len(srv.Generates()) != 1 {
		t.Errorf("second loopls/warmUp = %+v, %d generate requests", got, len(srv.Generates()))
	}
}

// With no model set, loopls would pick one: not the user's choice, so
// nothing is loaded.
func TestWarmUpLoadsNoModelTheUserDidNotChoose(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	root := t.TempDir()
	c := startClient(t, root, "OLLAMA_HOST="+srv.Host)
	c.initialize(root, nil, nil)
	var got struct {
		Loaded bool   `json:"loaded"`
		Reason string `json:"reason"`
	}
	c.mustRequest("loopls/warmUp", map[string]any{}, &got)
	if got.Loaded || !strings.Contains(got.Reason, "no model is set") || len(srv.Generates()) != 0 {
		t.Fatalf("loopls/warmUp = %+v, %d generate requests", got, len(srv.Generates()))
	}
}
