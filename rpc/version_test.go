package rpc

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"testing"
	"time"
)

// serverInfo.version comes from Options, one value per server, not from a
// package variable the binary overwrites.
func TestInitializeReportsOptionsVersion(t *testing.T) {
	root := t.TempDir()
	for want, opts := range map[string]Options{
		"v1.2.3": {NoStore: true, Root: root, Version: "v1.2.3"},
		"dev":    {NoStore: true, Root: root},
	} {
		if got := initializeVersion(t, opts); got != want {
			t.Errorf("serverInfo.version = %q, want %q", got, want)
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

// initializeVersion runs a server over pipes, asks initialize, reads the
// reply, then shuts the server down.
func initializeVersion(t *testing.T, opts Options) string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		Serve(context.Background(), inR, outW, opts)
		outW.Close()
	}()
	send := func(body string) {
		t.Helper()
		if _, err := fmt.Fprintf(inW, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
			t.Fatal(err)
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	r := bufio.NewReader(outR)
	hdr, err := textproto.NewReader(r).ReadMIMEHeader()
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(hdr.Get("Content-Length"))
	if err != nil {
		t.Fatal(err)
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		t.Fatal(err)
	}
	var reply struct {
		Result struct {
			ServerInfo struct{ Version string } `json:"serverInfo"`
		} `json:"result"`
	}
	if err := json.Unmarshal(body, &reply); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	go func() { _, _ = io.Copy(io.Discard, r) }()
	send(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	send(`{"jsonrpc":"2.0","method":"exit"}`)
	inW.Close()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("Serve did not return after exit")
	}
	return reply.Result.ServerInfo.Version
}
