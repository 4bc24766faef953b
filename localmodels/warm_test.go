package localmodels

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// The warm-up loads the model with the num_ctx and load options the first
// chat then sends, so that the chat finds it loaded as it wants it, and
// without keep_alive when none was set.
func TestWarmLoadsWithTheChatsOptions(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o, err := NewOllama(srv.Host, "tiny", OllamaOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := o.Warm(ctx, 4096); err != nil {
		t.Fatalf("Warm: %v", err)
	}
	gens := srv.Generates()
	if len(gens) != 1 || gens[0].Prompt != "" || gens[0].KeepAlive != nil {
		t.Fatalf("generate requests = %+v, want one without prompt or keep_alive", gens)
	}
	if _, err := o.Stream(ctx, engine.ModelRequest{ContextWindow: 4096, Messages: []machine.Message{{Role: machine.RoleUser, Content: "chat"}}}, func(engine.Delta) {}); err != nil {
		t.Fatal(err)
	}
	chat := srv.Requests()[0].Options
	for k, v := range chat {
		if gens[0].Options[k] != v {
			t.Errorf("option %s: warm-up sent %v, the chat %v", k, gens[0].Options[k], v)
		}
	}
	if len(gens[0].Options) != len(chat) {
		t.Errorf("warm-up options %v, chat options %v", gens[0].Options, chat)
	}

	keep, _ := NewOllama(srv.Host, "tiny-think", OllamaOptions{KeepAlive: -1})
	if err := keep.Warm(ctx, 4096); err == nil || !errors.Is(err, ErrNotWarmed) {
		t.Fatalf("with tiny loaded, warming tiny-think: %v, want refused (it could evict tiny)", err)
	}
}

// Nothing is loaded for a remote model, one already loaded, or when
// another model is loaded (it could be evicted).
func TestWarmLoadsNothingItMustNot(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		opts   fakeollama.Options
		model  string
		reason string
	}{
		{"remote", fakeollama.Options{Models: []fakeollama.Model{{Name: "big-cloud", ContextLength: 8192, Capabilities: []string{"tools"}, Remote: true}}}, "big-cloud", "remote model"},
		{"already loaded", fakeollama.Options{Loaded: []fakeollama.Loaded{{Name: "tiny", NumCtx: 2048}}}, "tiny", "already loaded"},
		{"another loaded", fakeollama.Options{Loaded: []fakeollama.Loaded{{Name: "tiny-think", NumCtx: 2048}}}, "tiny", "could evict"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fakeollama.StartTB(t, tc.opts)
			o, _ := NewOllama(srv.Host, tc.model, OllamaOptions{})
			err := o.Warm(ctx, 2048)
			if !errors.Is(err, ErrNotWarmed) || !strings.Contains(err.Error(), tc.reason) {
				t.Fatalf("Warm = %v, want ErrNotWarmed saying %q", err, tc.reason)
			}
			if g := srv.Generates(); len(g) != 0 {
				t.Fatalf("generate requests %+v, want none", g)
			}
		})
	}
	// The keep_alive the user set goes with the warm-up, as with a chat.
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o, _ := NewOllama(srv.Host, "tiny", OllamaOptions{KeepAlive: -1})
	if err := o.Warm(ctx, 2048); err != nil {
		t.Fatal(err)
	}
	if g := srv.Generates(); len(g) != 1 || g[0].KeepAlive != float64(-1) {
		t.Fatalf("generate requests %+v, want keep_alive -1", g)
	}
}
