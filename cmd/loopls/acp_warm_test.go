package main

import (
	"context"
	"io"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/loopls/loopls/internal/fakeollama"
)

// loopls acp has the configured model loaded as soon as the client has
// initialized, before any prompt: the first answer does not wait for it.
func TestACPWarmsTheModelAfterInitialize(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	dir := t.TempDir()
	cmd := exec.Command(binary(t), "acp", "--model", "ollama:tiny")
	cmd.Env = append(cmd.Environ(), "XDG_STATE_HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "OLLAMA_HOST="+srv.Host)
	stdin, _ := cmd.StdinPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		_ = cmd.Wait()
	}()
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`+"\n")
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	if err := srv.WaitGenerate(ctx); err != nil {
		t.Fatal(err)
	}
	if g := srv.Generates(); len(g) != 1 || g[0].Model != "tiny" || g[0].Options["num_ctx"] == nil {
		t.Fatalf("generate requests = %+v, want one loading tiny with its num_ctx", g)
	}
	if len(srv.Requests()) != 0 {
		t.Errorf("chat requests before any prompt: %d", len(srv.Requests()))
	}
}
