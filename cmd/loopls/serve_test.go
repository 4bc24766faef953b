package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestServeHelp(t *testing.T) {
	for _, args := range [][]string{{"serve", "--help"}, {"serve", "-h"}} {
		out, err := exec.Command(binary(t), args...).Output()
		if err != nil {
			t.Fatalf("loopls %v: %v", args, err)
		}
		if !strings.Contains(string(out), "Usage: loopls [serve]") || !strings.Contains(string(out), "--stdio") {
			t.Errorf("loopls %v printed:\n%s", args, out)
		}
	}
}

// `loopls`, `loopls serve` and a stray `--stdio` all serve the protocol;
// stdout carries only frames, and the lifecycle ends with exit code 0.
func TestServeInvocations(t *testing.T) {
	for _, args := range [][]string{{}, {"serve"}, {"--stdio"}, {"serve", "--stdio"}} {
		t.Run(strings.Join(append([]string{"loopls"}, args...), " "), func(t *testing.T) {
			cmd := exec.Command(binary(t), args...)
			cmd.Dir = t.TempDir()
			cmd.Env = append(cmd.Environ(), "XDG_STATE_HOME="+t.TempDir(), "OLLAMA_HOST=127.0.0.1:1")
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			for _, m := range []string{
				`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
				`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
				`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
				`{"jsonrpc":"2.0","method":"exit"}`,
			} {
				fmt.Fprintf(in, "Content-Length: %d\r\n\r\n%s", len(m), m)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("exit: %v", err)
				}
			case <-time.After(waitBound):
				cmd.Process.Kill()
				t.Fatal("loopls did not exit after shutdown and exit")
			}
			in.Close()
			ids := readIDs(t, stdout.Bytes())
			if len(ids) != 2 || ids[0] != "1" || ids[1] != "2" {
				t.Errorf("answers to ids %v, want [1 2]", ids)
			}
		})
	}
}

// readIDs reads LSP frames and returns the ids of the responses; anything
// that is not a frame of JSON fails the test.
func readIDs(t *testing.T, b []byte) []string {
	t.Helper()
	r := bufio.NewReader(bytes.NewReader(b))
	var ids []string
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF && line == "" {
			return ids
		}
		n, ok := strings.CutPrefix(strings.TrimSpace(line), "Content-Length: ")
		if !ok {
			t.Fatalf("stdout holds a non-frame line %q", line)
		}
		length, err := strconv.Atoi(n)
		if err != nil {
			t.Fatal(err)
		}
		if blank, _ := r.ReadString('\n'); blank != "\r\n" {
			t.Fatalf("header not ended by a blank line: %q", blank)
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			t.Fatal(err)
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("frame body %q: %v", body, err)
		}
		if m.Method == "" {
			ids = append(ids, string(m.ID))
		}
	}
}
