package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// serverInfo.version comes from Options, one value per server, not from a
// package variable the binary overwrites.
func TestInitializeReportsOptionsVersion(t *testing.T) {
	root := t.TempDir()
	for want, opts := range map[string]Options{
		"v1.2.3": {NoStore: true, Root: root, Version: "v1.2.3"},
		"dev":    {NoStore: true, Root: root},
	} {
		in := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
			frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`)
		var out bytes.Buffer
		Serve(context.Background(), strings.NewReader(in), &out, opts)
		_, body, ok := strings.Cut(out.String(), "\r\n\r\n")
		if !ok {
			t.Fatalf("no frame in %q", out.String())
		}
		var reply struct {
			Result struct {
				ServerInfo struct{ Version string } `json:"serverInfo"`
			} `json:"result"`
		}
		if err := json.NewDecoder(strings.NewReader(body)).Decode(&reply); err != nil {
			t.Fatal(err)
		}
		if reply.Result.ServerInfo.Version != want {
			t.Errorf("serverInfo.version = %q, want %q", reply.Result.ServerInfo.Version, want)
		}
	}
	if c := Commands(); len(c) != 3 || c[0] != CommandRun {
		t.Errorf("Commands() = %v", c)
	} else {
		c[0] = "changed"
		if Commands()[0] != CommandRun {
			t.Error("Commands() hands out shared state")
		}
	}
}
