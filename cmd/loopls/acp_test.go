package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestACPHelpAndUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := dispatch([]string{"acp", "--help"}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), "Usage: loopls acp") {
		t.Errorf("acp --help = %d, stdout %q", code, out.String())
	}
	out.Reset()
	errOut.Reset()
	if code := dispatch([]string{"acp", "stray"}, strings.NewReader(""), &out, &errOut); code != 2 || out.Len() != 0 || !strings.Contains(errOut.String(), `unexpected argument "stray"`) {
		t.Errorf("acp stray = %d, stdout %q, stderr %q; want 2 and nothing on stdout", code, out.String(), errOut.String())
	}
}

// TestACPProcess runs `loopls acp` as an editor does: answers on stdout, one
// JSON message a line, bad lines answered, and a clean exit on stdin EOF and
// on SIGTERM.
func TestACPProcess(t *testing.T) {
	bin := binary(t)
	for _, stop := range []string{"eof", "sigterm"} {
		t.Run(stop, func(t *testing.T) {
			cmd := exec.Command(bin, "acp")
			cmd.Env = append(cmd.Environ(), "XDG_STATE_HOME="+t.TempDir(), "OLLAMA_HOST=127.0.0.1:1")
			stdin, _ := cmd.StdinPipe()
			stdout, _ := cmd.StdoutPipe()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lines := make(chan string)
			go func() {
				defer close(lines)
				sc := bufio.NewScanner(stdout)
				for sc.Scan() {
					lines <- sc.Text()
				}
			}()
			io.WriteString(stdin, "not json\n"+`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`+"\n")
			var got []map[string]any
			for len(got) < 2 {
				select {
				case l, ok := <-lines:
					if !ok {
						t.Fatalf("stdout closed early; stderr:\n%s", stderr.String())
					}
					var m map[string]any
					if err := json.Unmarshal([]byte(l), &m); err != nil {
						t.Fatalf("stdout line %q is not JSON: a log reached stdout?", l)
					}
					got = append(got, m)
				case <-time.After(waitBound):
					t.Fatalf("no answer; stderr:\n%s", stderr.String())
				}
			}
			if e, _ := got[0]["error"].(map[string]any); e == nil || e["code"] != float64(-32700) {
				t.Errorf("first answer = %v, want the parse error", got[0])
			}
			if r, _ := got[1]["result"].(map[string]any); r == nil || r["protocolVersion"] != float64(1) {
				t.Errorf("second answer = %v, want initialize's result", got[1])
			}
			if stop == "eof" {
				stdin.Close()
			} else {
				cmd.Process.Signal(syscall.SIGTERM)
			}
			for range lines {
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("exit after %s: %v; stderr:\n%s", stop, err, stderr.String())
				}
			case <-time.After(waitBound):
				cmd.Process.Kill()
				<-done
				t.Fatalf("loopls acp did not exit after %s", stop)
			}
		})
	}
}
