package rpc_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go.lsp.dev/uri"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// wait is the bound every test waits with.
const wait = 20 * time.Second

// wireMsg is any JSON-RPC message as the test client sees it.
type wireMsg struct {
	JSONRPC string          `json:"jsonrpc,omitempty"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *wireErr        `json:"error,omitempty"`
	at      time.Time       // when the client read it
}

type wireErr struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *wireErr) Error() string { return fmt.Sprintf("code %d: %s", e.Code, e.Message) }

// serverRequestHandler answers a server→client request.
type serverRequestHandler func(params json.RawMessage) (any, *wireErr)

// client is an LSP-framed JSON-RPC client driving the real loopls binary
// over pipes.
type client struct {
	t      testing.TB
	cmd    *exec.Cmd
	in     io.WriteCloser
	stderr *lockedBuffer
	wmu    sync.Mutex

	mu       sync.Mutex
	nextID   int
	pending  map[string]chan *wireMsg
	log      []*wireMsg // notifications and server requests, in arrival order
	changed  chan struct{}
	handlers map[string]serverRequestHandler
	exited   chan struct{}
	exitCode int
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startClient runs the binary with env added to a clean test environment.
func startClient(t testing.TB, dir string, env ...string) *client {
	t.Helper()
	cmd := exec.Command(loopls, "serve", "--stdio", "--log-level", "debug")
	cmd.Dir = dir
	state := t.TempDir()
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+state, "HOME="+state, "XDG_CONFIG_HOME="+filepath.Join(state, "config"),
		"OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "OPENAI_BASE_URL=")
	cmd.Env = append(cmd.Env, env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &client{
		t: t, cmd: cmd, in: in, stderr: &lockedBuffer{},
		pending: make(map[string]chan *wireMsg), changed: make(chan struct{}),
		handlers: make(map[string]serverRequestHandler), exited: make(chan struct{}),
	}
	cmd.Stderr = c.stderr
	c.handlers["window/workDoneProgress/create"] = func(json.RawMessage) (any, *wireErr) { return nil, nil }
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go c.read(bufio.NewReader(out))
	t.Cleanup(func() {
		c.in.Close()
		select {
		case <-c.exited:
		case <-time.After(wait):
			c.cmd.Process.Kill()
			<-c.exited
			t.Errorf("loopls did not exit after stdin closed")
		}
		if strings.Contains(c.stderr.String(), "WARNING: DATA RACE") {
			t.Errorf("the daemon (built with -race) reported a data race")
		}
		if t.Failed() {
			t.Logf("loopls stderr:\n%s", tail(c.stderr.String(), 6000))
		}
	})
	return c
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// read is the client's read loop.
func (c *client) read(r *bufio.Reader) {
	defer func() {
		err := c.cmd.Wait()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		c.mu.Lock()
		c.exitCode = code
		c.mu.Unlock()
		close(c.exited)
	}()
	for {
		body, err := readFrame(r)
		if err != nil {
			return
		}
		m := wireMsg{at: time.Now()}
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("loopls wrote a frame that is not JSON: %q", body)
			return
		}
		switch {
		case m.Method != "" && len(m.ID) > 0:
			c.record(&m)
			go c.answer(&m)
		case m.Method != "":
			c.record(&m)
		default:
			c.mu.Lock()
			ch := c.pending[string(m.ID)]
			delete(c.pending, string(m.ID))
			c.mu.Unlock()
			if ch != nil {
				ch <- &m
			} else {
				c.record(&m) // a response to a raw request
			}
		}
	}
}

func (c *client) record(m *wireMsg) {
	c.mu.Lock()
	c.log = append(c.log, m)
	close(c.changed)
	c.changed = make(chan struct{})
	c.mu.Unlock()
}

func (c *client) answer(m *wireMsg) {
	c.mu.Lock()
	h := c.handlers[m.Method]
	c.mu.Unlock()
	resp := map[string]any{"jsonrpc": "2.0", "id": m.ID}
	if h == nil {
		resp["error"] = &wireErr{Code: -32601, Message: "test client: no handler for " + m.Method}
	} else if res, err := h(m.Params); err != nil {
		resp["error"] = err
	} else {
		resp["result"] = res
	}
	c.write(resp)
}

// handle sets the answer to a server→client request.
func (c *client) handle(method string, h serverRequestHandler) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.handlers[method] = h
}

func readFrame(r *bufio.Reader) ([]byte, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			length, err = strconv.Atoi(v)
			if err != nil {
				return nil, err
			}
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("frame without Content-Length")
	}
	body := make([]byte, length)
	_, err := io.ReadFull(r, body)
	return body, err
}

func (c *client) write(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.writeRaw([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(data), data)))
}

func (c *client) writeRaw(b []byte) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.in.Write(b) // errors show up as a missing answer
}

// send sends a request and returns the channel its answer arrives on.
func (c *client) send(method string, params any) (json.RawMessage, chan *wireMsg) {
	c.mu.Lock()
	c.nextID++
	id := json.RawMessage(strconv.Itoa(c.nextID))
	ch := make(chan *wireMsg, 1)
	c.pending[string(id)] = ch
	c.mu.Unlock()
	msg := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	c.write(msg)
	return id, ch
}

// await waits for an answer.
func (c *client) await(ch chan *wireMsg) *wireMsg {
	c.t.Helper()
	select {
	case m := <-ch:
		return m
	case <-time.After(wait):
		c.t.Fatalf("no answer within %s", wait)
		return nil
	}
}

// request sends a request and waits for its answer.
func (c *client) request(method string, params any) (json.RawMessage, *wireErr) {
	c.t.Helper()
	_, ch := c.send(method, params)
	m := c.await(ch)
	return m.Result, m.Error
}

// mustRequest is request that fails the test on an error answer.
func (c *client) mustRequest(method string, params any, result any) {
	c.t.Helper()
	res, err := c.request(method, params)
	if err != nil {
		c.t.Fatalf("%s: %v (data %s)", method, err, err.Data)
	}
	if result != nil {
		if err := json.Unmarshal(res, result); err != nil {
			c.t.Fatalf("%s: result %s: %v", method, res, err)
		}
	}
}

func (c *client) notify(method string, params any) {
	msg := map[string]any{"jsonrpc": "2.0", "method": method}
	if params != nil {
		msg["params"] = params
	}
	c.write(msg)
}

// waitFor waits until a recorded message satisfies pred and returns it.
func (c *client) waitFor(what string, pred func(*wireMsg) bool) *wireMsg {
	c.t.Helper()
	deadline := time.After(wait)
	for {
		c.mu.Lock()
		log := c.log
		changed := c.changed
		c.mu.Unlock()
		for _, m := range log {
			if pred(m) {
				return m
			}
		}
		select {
		case <-changed:
		case <-c.exited:
			c.t.Fatalf("loopls exited while waiting for %s", what)
		case <-deadline:
			c.t.Fatalf("no %s within %s", what, wait)
		}
	}
}

// messages returns the recorded messages of method.
func (c *client) messages(method string) []*wireMsg {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*wireMsg
	for _, m := range c.log {
		if m.Method == method {
			out = append(out, m)
		}
	}
	return out
}

// initialize performs initialize + initialized with capabilities caps and
// initializationOptions opts.
func (c *client) initialize(root string, caps map[string]any, opts map[string]any) map[string]any {
	c.t.Helper()
	if caps == nil {
		caps = map[string]any{}
	}
	params := map[string]any{
		"processId":    os.Getpid(),
		"rootUri":      fileURI(root),
		"capabilities": caps,
	}
	if opts != nil {
		params["initializationOptions"] = opts
	}
	var res map[string]any
	c.mustRequest("initialize", params, &res)
	c.notify("initialized", map[string]any{})
	return res
}

// shutdownExit performs shutdown and exit and returns the exit code.
func (c *client) shutdownExit() int {
	c.t.Helper()
	c.mustRequest("shutdown", nil, nil)
	c.notify("exit", nil)
	return c.waitExit()
}

func (c *client) waitExit() int {
	c.t.Helper()
	select {
	case <-c.exited:
	case <-time.After(wait):
		c.t.Fatalf("loopls did not exit within %s", wait)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.exitCode
}

func fileURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		panic(err)
	}
	if runtime.GOOS == "windows" {
		return uri.File(abs).String() // file:///c%3A/…, as VS Code writes it
	}
	return "file://" + filepath.ToSlash(abs)
}

// params decodes a message's params.
func params[T any](t *testing.T, m *wireMsg) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(m.Params, &v); err != nil {
		t.Fatalf("%s params %s: %v", m.Method, m.Params, err)
	}
	return v
}

func timeAfter() <-chan time.Time { return time.After(wait) }

// eventually polls cond until it holds, failing t after wait: the one bounded
// wait of this package's tests for what no message announces (a file, a
// process, a server's state).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", wait, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
