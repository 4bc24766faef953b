package rpc_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"testing"
)

func TestRequestBeforeInitializeIsRefused(t *testing.T) {
	f := newFixture(t)
	_, err := f.c.request("loopls/sessions", nil)
	if err == nil || err.Code != -32002 {
		t.Fatalf("got %v, want code -32002", err)
	}
	f.c.initialize(f.root, nil, nil)
	if _, err := f.c.request("loopls/sessions", nil); err != nil {
		t.Fatalf("after initialize: %v", err)
	}
}

func TestInitializeResult(t *testing.T) {
	f := newFixture(t, "OLLAMA_HOST=127.0.0.1:1") // nothing listens: initialize must not need a model
	res := f.c.initialize(f.root, nil, nil)
	b, _ := json.Marshal(res)
	var got struct {
		ServerInfo struct {
			Name string `json:"name"`
		} `json:"serverInfo"`
		Capabilities struct {
			PositionEncoding string `json:"positionEncoding"`
			TextDocumentSync struct {
				Change    int  `json:"change"`
				OpenClose bool `json:"openClose"`
			} `json:"textDocumentSync"`
			CodeActionProvider     json.RawMessage `json:"codeActionProvider"`
			ExecuteCommandProvider struct {
				Commands []string `json:"commands"`
			} `json:"executeCommandProvider"`
		} `json:"capabilities"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.ServerInfo.Name != "loopls" {
		t.Errorf("serverInfo.name = %q, want loopls", got.ServerInfo.Name)
	}
	if got.Capabilities.PositionEncoding != "utf-16" {
		t.Errorf("positionEncoding = %q, want utf-16", got.Capabilities.PositionEncoding)
	}
	if got.Capabilities.TextDocumentSync.Change != 2 || !got.Capabilities.TextDocumentSync.OpenClose {
		t.Errorf("textDocumentSync = %+v, want incremental with openClose", got.Capabilities.TextDocumentSync)
	}
	if len(got.Capabilities.CodeActionProvider) == 0 || string(got.Capabilities.CodeActionProvider) == "false" {
		t.Errorf("codeActionProvider = %s", got.Capabilities.CodeActionProvider)
	}
	for _, cmd := range []string{"loopls.run", "loopls.fix", "loopls.cancel"} {
		if !slices.Contains(got.Capabilities.ExecuteCommandProvider.Commands, cmd) {
			t.Errorf("executeCommandProvider.commands %v lacks %s", got.Capabilities.ExecuteCommandProvider.Commands, cmd)
		}
	}
	if code := f.c.shutdownExit(); code != 0 {
		t.Errorf("exit code after shutdown = %d, want 0", code)
	}
}

func TestExitWithoutShutdownIsOne(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	f.c.notify("exit", nil)
	if code := f.c.waitExit(); code != 1 {
		t.Errorf("exit code = %d, want 1", code)
	}
}

func TestRequestAfterShutdownIsRefused(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	f.c.mustRequest("shutdown", nil, nil)
	if _, err := f.c.request("loopls/sessions", nil); err == nil || err.Code != -32600 {
		t.Errorf("request after shutdown: got %v, want -32600", err)
	}
	f.c.notify("exit", nil)
	if code := f.c.waitExit(); code != 0 {
		t.Errorf("exit code = %d, want 0", code)
	}
}

func TestExitsWhenTheEditorDies(t *testing.T) {
	f := newFixture(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	editor := exec.Command(self)
	editor.Env = append(os.Environ(), editorEnv+"=1")
	if _, err := editor.StdinPipe(); err != nil { // held open, never written: the editor lives until killed
		t.Fatal(err)
	}
	if err := editor.Start(); err != nil {
		t.Fatal(err)
	}
	var res map[string]any
	f.c.mustRequest("initialize", map[string]any{
		"processId": editor.Process.Pid, "rootUri": fileURI(f.root), "capabilities": map[string]any{},
	}, &res)
	editor.Process.Kill()
	editor.Wait()
	if code := f.c.waitExit(); code != 1 {
		t.Errorf("exit code = %d, want 1 (no shutdown)", code)
	}
}

// An exit before initialize ends the daemon at once with 1: there is no
// open to wait for.
func TestExitBeforeInitializeIsOne(t *testing.T) {
	f := newFixture(t)
	f.c.notify("initialized", map[string]any{}) // dropped: not initialized
	f.c.notify("exit", nil)
	if code := f.c.waitExit(); code != 1 {
		t.Errorf("exit code = %d, want 1", code)
	}
}

// Each state answers what arrives in it as LSP requires: a second
// initialize is an invalid request, and so are initialize and shutdown
// after shutdown; exit is still accepted.
func TestLifecycleStatesAnswerOutOfPlaceRequests(t *testing.T) {
	f := newFixture(t)
	if _, err := f.c.request("shutdown", nil); err == nil || err.Code != -32002 {
		t.Errorf("shutdown before initialize: got %v, want -32002", err)
	}
	f.c.initialize(f.root, nil, nil)
	init := map[string]any{"processId": nil, "rootUri": fileURI(f.root), "capabilities": map[string]any{}}
	if _, err := f.c.request("initialize", init); err == nil || err.Code != -32600 {
		t.Errorf("second initialize: got %v, want -32600", err)
	}
	if _, err := f.c.request("loopls/sessions", nil); err != nil {
		t.Errorf("a request while running: %v", err)
	}
	f.c.mustRequest("shutdown", nil, nil)
	for _, method := range []string{"initialize", "shutdown", "loopls/run"} {
		if _, err := f.c.request(method, init); err == nil || err.Code != -32600 {
			t.Errorf("%s after shutdown: got %v, want -32600", method, err)
		}
	}
	f.c.notify("exit", nil)
	if code := f.c.waitExit(); code != 0 {
		t.Errorf("exit code = %d, want 0", code)
	}
}
