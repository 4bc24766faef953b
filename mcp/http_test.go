package mcp

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	neturl "net/url"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/internal/mcpservers"
	"github.com/loopls/loopls/internal/proctree"
)

// server-everything over streamable HTTP: its own process (started by the
// test, as a remote server would be), reached by URL with a header.
func TestStreamableHTTPServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	node, args := mcpservers.Everything(t)
	args[len(args)-1] = "streamableHttp"
	cmd := exec.Command(node, args...)
	cmd.Env = append(cmd.Environ(), "PORT="+strconv.Itoa(port))
	tree := proctree.New()
	tree.Prepare(cmd)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := tree.Started(cmd); err != nil {
		t.Fatal(err)
	}
	listening := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		once := false
		for sc.Scan() {
			if !once && strings.Contains(sc.Text(), "listening on port") {
				once = true
				close(listening)
			}
		}
	}()
	t.Cleanup(func() {
		tree.Kill()
		cmd.Wait()
		tree.Close()
	})
	select {
	case <-listening:
	case <-time.After(time.Minute):
		t.Fatal("server-everything did not listen")
	}

	// A proxy in front records what loopls sends.
	target, _ := neturl.Parse("http://127.0.0.1:" + strconv.Itoa(port))
	var mu sync.Mutex
	var seen []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("X-Loopls-Test"))
		mu.Unlock()
		httputil.NewSingleHostReverseProxy(target).ServeHTTP(w, r)
	}))
	t.Cleanup(proxy.Close) // registered before the hub: runs after its Close
	h := newHub(t)
	ctx := ctxT(t)
	url := proxy.URL + "/mcp"
	tools, warns := h.Tools(ctx, Want{Settings: map[string]config.MCPServer{"remote": {URL: url, Headers: map[string]string{"X-Loopls-Test": "yes"}}}})
	if len(warns) != 0 {
		t.Fatal(warns)
	}
	res, err := call(ctx, find(t, tools, "mcp__remote__echo"), `{"message":"over http"}`)
	if err != nil || !strings.Contains(res.Output, "over http") {
		t.Fatalf("echo over HTTP = %+v, %v", res, err)
	}
	if st := h.Status(nil)[0]; st.Transport != "http" || st.URL != url || st.State != StateRunning {
		t.Fatalf("status = %+v", st)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, v := range seen {
		if v != "yes" {
			t.Fatalf("a request went without the configured header: %q", seen)
		}
	}
	if len(seen) < 3 {
		t.Fatalf("the proxy saw %d requests", len(seen))
	}
}
