package rpc_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A Content-Length the daemon will not read — 2^63-1 and 2^63 among them,
// with a body that never comes — is answered at once, and the daemon still
// serves the next request (every wait is bounded by the client's).
func TestLyingContentLengthIsAnsweredAndResynced(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	for _, n := range []string{"9223372036854775807", "9223372036854775808", "99999999999", "16777217"} {
		t.Run(n, func(t *testing.T) {
			before := len(f.c.responses())
			f.c.writeRaw([]byte("Content-Length: " + n + "\r\n\r\n" + `{"jsonrpc":"2.0","id":77,"method":"loopls/sessions"`))
			f.c.waitFor("the answer", func(*wireMsg) bool { return len(f.c.responses()) > before })
			m := f.c.responses()[before]
			if m.Error == nil || !strings.Contains(m.Error.Message, "Content-Length") && !strings.Contains(m.Error.Message, "MaxMessageBytes") {
				t.Errorf("answer %+v, want an error about the length", m.Error)
			}
			var list []json.RawMessage
			f.c.mustRequest("loopls/sessions", nil, &list) // still serving
		})
	}
}

// vmHWM returns the peak resident memory of process pid, in bytes.
func vmHWM(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc to measure the daemon's memory: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc status")
	return 0
}

// A 60 MB didOpen is over MaxMessageBytes: it is answered and skipped
// without being held, so the daemon's peak memory barely moves (it took
// 400 MB). A 12 MB one fits the frame but not MaxOpenBufferBytes: the user
// is told, and the tools read the file from disk.
func TestHugeDidOpenKeepsMemoryFlat(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	var list []json.RawMessage
	f.c.mustRequest("loopls/sessions", nil, &list)
	pid := f.c.cmd.Process.Pid
	base := vmHWM(t, pid)

	didOpen := func(path string, size int) []byte {
		var b bytes.Buffer
		b.WriteString(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + fileURI(path) + `","languageId":"text","version":1,"text":"`)
		line := strings.Repeat("a", 99) + `\n`
		for b.Len() < size {
			b.WriteString(line)
		}
		b.WriteString(`"}}}`)
		return append([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", b.Len())), b.Bytes()...)
	}
	before := len(f.c.responses())
	f.c.writeRaw(didOpen(filepath.Join(f.root, "hello.txt"), 60<<20))
	f.c.waitFor("the answer to the 60 MB didOpen", func(*wireMsg) bool { return len(f.c.responses()) > before })
	if m := f.c.responses()[before]; m.Error == nil || !strings.Contains(m.Error.Message, "MaxMessageBytes") {
		t.Errorf("answer %+v, want the MaxMessageBytes error", m.Error)
	}
	f.c.mustRequest("loopls/sessions", nil, &list)
	const bound = 40 << 20
	grew := vmHWM(t, pid) - base
	if grew > bound {
		t.Errorf("the daemon's peak memory grew by %d MiB over a 60 MB didOpen, over the %d MiB bound", grew>>20, bound>>20)
	}
	t.Logf("daemon peak RSS %d MiB before, grew %d MiB over the 60 MB didOpen", base>>20, grew>>20)

	f.c.writeRaw(didOpen(filepath.Join(f.root, "hello.txt"), 12<<20))
	m := f.c.waitFor("the showMessage about the bound", func(m *wireMsg) bool {
		return m.Method == "window/showMessage" && strings.Contains(string(m.Params), "MaxOpenBufferBytes")
	})
	if !strings.Contains(string(m.Params), "hello.txt") {
		t.Errorf("showMessage %s does not name the document", m.Params)
	}
	f.c.mustRequest("loopls/sessions", nil, &list)
}
