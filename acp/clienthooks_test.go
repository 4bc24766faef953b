package acp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// fakeTerminals plays the client's terminal/*: a command with "sleep" in it
// runs until terminal/kill; any other prints a line and exits 3. With
// execute set, it runs what it is given instead, as an editor's terminal
// does: the editor's own process, outside anything loopls confines.
type fakeTerminals struct {
	mu      sync.Mutex
	calls   []string // "method id", in the order the client got them
	creates []sdk.CreateTerminalRequest
	killed  map[string]chan struct{}
	// waiting receives a terminal's id when wait_for_exit is blocked on it.
	waiting chan string
	execute bool
	ran     map[string]ranCommand // by terminal id, with execute
}

// ranCommand is how an executed terminal's command ended.
type ranCommand struct {
	output string
	code   int
}

func newFakeTerminals() *fakeTerminals {
	return &fakeTerminals{killed: map[string]chan struct{}{}, waiting: make(chan string, 4)}
}

func (f *fakeTerminals) record(method, id string) {
	f.mu.Lock()
	f.calls = append(f.calls, method+" "+id)
	f.mu.Unlock()
}

func (f *fakeTerminals) create(_ context.Context, p sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	f.mu.Lock()
	f.creates = append(f.creates, p)
	id := fmt.Sprintf("term_%d", len(f.creates))
	f.killed[id] = make(chan struct{})
	execute := f.execute
	f.mu.Unlock()
	f.record("create", id)
	if execute {
		cmd := exec.Command(p.Command, p.Args...)
		if p.Cwd != nil {
			cmd.Dir = *p.Cwd
		}
		out, err := cmd.CombinedOutput()
		r := ranCommand{output: string(out)}
		var exitErr *exec.ExitError
		switch {
		case errors.As(err, &exitErr):
			r.code = exitErr.ExitCode()
		case err != nil:
			return sdk.CreateTerminalResponse{}, err
		}
		f.mu.Lock()
		if f.ran == nil {
			f.ran = map[string]ranCommand{}
		}
		f.ran[id] = r
		f.mu.Unlock()
	}
	return sdk.CreateTerminalResponse{TerminalId: id}, nil
}

// executed is how terminal id's command ended, with execute.
func (f *fakeTerminals) executed(id string) (ranCommand, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.ran[id]
	return r, ok
}

func (f *fakeTerminals) long(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	var n int
	fmt.Sscanf(id, "term_%d", &n)
	return n > 0 && n <= len(f.creates) && strings.Contains(strings.Join(f.creates[n-1].Args, " "), "sleep")
}

func (f *fakeTerminals) wait(ctx context.Context, id string) (sdk.WaitForTerminalExitResponse, error) {
	f.record("wait_for_exit", id)
	if r, ok := f.executed(id); ok {
		return sdk.WaitForTerminalExitResponse{ExitCode: sdk.Ptr(r.code)}, nil
	}
	if !f.long(id) {
		return sdk.WaitForTerminalExitResponse{ExitCode: sdk.Ptr(3)}, nil
	}
	f.mu.Lock()
	killed := f.killed[id]
	f.mu.Unlock()
	f.waiting <- id
	select {
	case <-killed:
		return sdk.WaitForTerminalExitResponse{Signal: sdk.Ptr("SIGKILL")}, nil
	case <-ctx.Done():
		return sdk.WaitForTerminalExitResponse{}, ctx.Err()
	}
}

func (f *fakeTerminals) kill(id string) error {
	f.record("kill", id)
	f.mu.Lock()
	defer f.mu.Unlock()
	ch, ok := f.killed[id]
	if !ok {
		return errors.New("no such terminal")
	}
	select {
	case <-ch:
	default:
		close(ch)
	}
	return nil
}

func (f *fakeTerminals) output(id string) (sdk.TerminalOutputResponse, error) {
	f.record("output", id)
	if r, ok := f.executed(id); ok {
		return sdk.TerminalOutputResponse{Output: r.output, ExitStatus: &sdk.TerminalExitStatus{ExitCode: sdk.Ptr(r.code)}}, nil
	}
	if f.long(id) {
		return sdk.TerminalOutputResponse{Output: "started\n", ExitStatus: &sdk.TerminalExitStatus{Signal: sdk.Ptr("SIGKILL")}}, nil
	}
	return sdk.TerminalOutputResponse{Output: "from the client terminal\n", ExitStatus: &sdk.TerminalExitStatus{ExitCode: sdk.Ptr(3)}}, nil
}

func (f *fakeTerminals) release(id string) error {
	f.record("release", id)
	return nil
}

func (f *fakeTerminals) snapshot() ([]string, []sdk.CreateTerminalRequest) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.calls), slices.Clone(f.creates)
}

// toolRun is a run that makes calls through a real workspace opened on
// *root with the hooks, the way the engine's driver calls tools, and keeps
// each call's output.
type toolRun struct {
	root  *string
	calls []machine.ToolCall

	mu      sync.Mutex
	outputs []string
}

func (r *toolRun) script(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error) {
	e := &emitter{req: req}
	w, err := workspace.Open(ctx, *r.root, workspace.Options{
		Reader: hooks.Reader, Runner: hooks.Runner, Approver: hooks.Approver,
	})
	if err != nil {
		return e.run(machine.OutcomeFailed, "", machine.Internal(err.Error())), err
	}
	defer w.Close()
	tools := map[string]engine.Tool{}
	for _, t := range w.Tools(workspace.ModeAuto, command.Policy{AllowCommands: true, Allowed: []string{"echo", "sleep"}}) {
		tools[t.Spec().Name] = t
	}
	req.Observer.OnResponse(req.RunID, 1, engine.ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: r.calls}})
	for _, c := range r.calls {
		req.Observer.OnToolPre(engine.ToolEvent{RunID: req.RunID, Call: c, Status: engine.ToolRunning})
		res, err := tools[c.Name].Call(ctx, engine.ToolInvocation{RunID: req.RunID, Call: c})
		status := engine.ToolCompleted
		switch {
		case err != nil:
			status = engine.ToolCancelled
		case res.IsError:
			status = engine.ToolFailed
		}
		req.Observer.OnToolPost(engine.ToolEvent{RunID: req.RunID, Call: c, Status: status, Output: res.Output})
		r.mu.Lock()
		r.outputs = append(r.outputs, res.Output)
		r.mu.Unlock()
		if err != nil {
			return e.run(machine.OutcomeCancelled, "", machine.Cancelled()), machine.Cancelled()
		}
	}
	return e.run(machine.OutcomeCompleted, "done", nil), nil
}

func (r *toolRun) output(i int) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i >= len(r.outputs) {
		return ""
	}
	return r.outputs[i]
}

func toolCall(id, name, args string) machine.ToolCall {
	return machine.ToolCall{ID: machine.ToolCallID(id), Name: name, Arguments: machine.RawJSON(args)}
}

func TestReadTextFileThroughTheClient(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret on disk\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, offered := range []bool{true, false} {
		t.Run(fmt.Sprintf("readTextFile=%v", offered), func(t *testing.T) {
			var root string
			run := &toolRun{root: &root, calls: []machine.ToolCall{
				toolCall("call_read", "read_file", `{"path":"README.md"}`),
				toolCall("call_up", "read_file", `{"path":"../`+filepath.Base(outside)+`/secret.txt"}`),
				toolCall("call_abs", "read_file", fmt.Sprintf(`{"path":%q}`, filepath.Join(outside, "secret.txt"))),
			}}
			client := &testClient{}
			h := newHarness(t, run.script, client)
			root = h.root
			if err := os.WriteFile(filepath.Join(root, "README.md"), []byte("# saved on disk\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			client.buffers = map[string]string{
				filepath.Join(root, "README.md"):     "# unsaved in the editor\n",
				filepath.Join(outside, "secret.txt"): "secret in the editor\n",
			}
			s := h.start(sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: offered}})
			if r, err := h.prompt(s.SessionId, "read the README"); err != nil || r.StopReason != sdk.StopReasonEndTurn {
				t.Fatalf("prompt = %v, %v", r.StopReason, err)
			}
			want, notWant := "unsaved in the editor", "saved on disk"
			if !offered {
				want, notWant = notWant, want
			}
			if got := run.output(0); !strings.Contains(got, want) || strings.Contains(got, notWant) {
				t.Errorf("read_file(README.md) = %q, want %q", got, want)
			}
			for i := 1; i <= 2; i++ {
				if got := run.output(i); !strings.Contains(got, "outside the workspace root") || strings.Contains(got, "\tsecret") {
					t.Errorf("read_file outside the root = %q, want it refused", got)
				}
			}
			client.mu.Lock()
			reads := slices.Clone(client.reads)
			client.mu.Unlock()
			var wantReads []sdk.ReadTextFileRequest
			if offered {
				wantReads = []sdk.ReadTextFileRequest{{SessionId: s.SessionId, Path: filepath.Join(root, "README.md")}}
			}
			if !reflect.DeepEqual(reads, wantReads) {
				t.Errorf("fs/read_text_file requests = %+v, want %+v (never a path outside the root)", reads, wantReads)
			}
		})
	}
}

// lastToolUpdate is the last tool_call_update the client got for id.
func lastToolUpdate(ups []sdk.SessionUpdate, id string) *sdk.SessionToolCallUpdate {
	var last *sdk.SessionToolCallUpdate
	for _, u := range ups {
		if u.ToolCallUpdate != nil && string(u.ToolCallUpdate.ToolCallId) == id {
			last = u.ToolCallUpdate
		}
	}
	return last
}

// unconfined makes run_command behave as where the kernel confines
// nothing, the only place a command goes to the client's terminal.
func unconfined(t *testing.T) { t.Setenv(command.ConfineEnv, "off") }

func TestTerminalThroughTheClient(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-terminal-secret-0123")
	unconfined(t)
	for _, offered := range []bool{true, false} {
		t.Run(fmt.Sprintf("terminal=%v", offered), func(t *testing.T) {
			var root string
			run := &toolRun{root: &root, calls: []machine.ToolCall{toolCall("call_run", "run_command", `{"command":"echo local"}`)}}
			client := &testClient{terms: newFakeTerminals()}
			h := newHarness(t, run.script, client)
			root = h.root
			s := h.start(sdk.ClientCapabilities{Terminal: offered})
			if r, err := h.prompt(s.SessionId, "run it"); err != nil || r.StopReason != sdk.StopReasonEndTurn {
				t.Fatalf("prompt = %v, %v", r.StopReason, err)
			}
			calls, creates := client.terms.snapshot()
			out := run.output(0)
			if !offered {
				if len(calls) != 0 || !strings.Contains(out, "\nlocal\n") || !strings.Contains(out, "[exit code 0]") {
					t.Errorf("without terminals: output %q, terminal calls %v; want it run locally", out, calls)
				}
				return
			}
			if !strings.Contains(out, "from the client terminal") || strings.Contains(out, "\nlocal\n") || !strings.Contains(out, "[exit code 3]") {
				t.Errorf("run_command = %q, want the client terminal's output and exit code", out)
			}
			if want := []string{"create term_1", "wait_for_exit term_1", "output term_1", "release term_1"}; !reflect.DeepEqual(calls, want) {
				t.Fatalf("terminal calls = %v, want %v", calls, want)
			}
			// echo is on the allow list, but nothing confines the
			// terminal: the user is asked, with the reason.
			client.mu.Lock()
			perms := slices.Clone(client.permissions)
			client.mu.Unlock()
			if len(perms) != 1 || perms[0].ToolCall.Title == nil || !strings.Contains(*perms[0].ToolCall.Title, "every command is asked") {
				t.Errorf("permission requests = %+v, want one that says every command is asked", perms)
			}
			c := creates[0]
			// The editor's environment is replaced by loopls's own less
			// its secrets: the API key never reaches the command.
			n := len(c.Args)
			if c.Command != "env" || n < 4 || c.Args[0] != "-i" || !reflect.DeepEqual(c.Args[n-3:], []string{"sh", "-c", "echo local"}) ||
				!slices.Contains(c.Args, "PATH="+os.Getenv("PATH")) {
				t.Errorf("terminal/create runs %s %q, want env -i with loopls's environment, then sh -c", c.Command, c.Args)
			}
			for _, a := range c.Args {
				if strings.Contains(a, "sk-terminal-secret") {
					t.Errorf("terminal/create passes the secret: %q", a)
				}
			}
			if c.SessionId != s.SessionId ||
				c.Cwd == nil || *c.Cwd != root || c.OutputByteLimit == nil || *c.OutputByteLimit <= 0 {
				t.Errorf("terminal/create = %+v", c)
			}
			// The editor is shown the terminal before it is released, and
			// the call's last update keeps it beside the output.
			var wire []string
			for _, l := range h.wire.snapshot() {
				if strings.HasSuffix(l, ":call_run") || strings.HasPrefix(l, "terminal/") {
					wire = append(wire, l)
				}
			}
			wantWire := []string{
				"session/update/tool_call:call_run",
				"session/update/tool_call_update:call_run",
				"session/request_permission:call_run",
				"terminal/create:",
				"session/update/tool_call_update/terminal:call_run",
				"terminal/wait_for_exit:",
				"terminal/output:",
				"terminal/release:",
				"session/update/tool_call_update/terminal:call_run",
			}
			if !reflect.DeepEqual(wire, wantWire) {
				t.Errorf("sent = %v, want %v", wire, wantWire)
			}
			ups, _ := client.snapshot()
			last := lastToolUpdate(ups, "call_run")
			if last == nil || len(last.Content) != 2 || last.Content[0].Terminal == nil || last.Content[0].Terminal.TerminalId != "term_1" ||
				last.Content[1].Content == nil || last.Content[1].Content.Content.Text == nil || !strings.Contains(last.Content[1].Content.Content.Text.Text, "[exit code 3]") {
				t.Errorf("last update = %+v, want the terminal and the output", last)
			}
		})
	}
}

func TestTerminalKilledAndReleasedOnCancel(t *testing.T) {
	unconfined(t)
	var root string
	run := &toolRun{root: &root, calls: []machine.ToolCall{toolCall("call_sleep", "run_command", `{"command":"sleep 30"}`)}}
	client := &testClient{terms: newFakeTerminals()}
	h := newHarness(t, run.script, client)
	root = h.root
	s := h.start(sdk.ClientCapabilities{Terminal: true})
	type result struct {
		resp sdk.PromptResponse
		err  error
	}
	done := make(chan result, 1)
	go func() {
		r, err := h.prompt(s.SessionId, "sleep")
		done <- result{r, err}
	}()
	select {
	case <-client.terms.waiting:
	case <-time.After(waitFor):
		t.Fatal("the command never ran in the client's terminal")
	}
	if err := h.conn.Cancel(h.ctx(), sdk.CancelNotification{SessionId: s.SessionId}); err != nil {
		t.Fatalf("session/cancel: %v", err)
	}
	select {
	case r := <-done:
		if r.err != nil || r.resp.StopReason != sdk.StopReasonCancelled {
			t.Errorf("prompt = %+v, %v; want stopReason cancelled", r.resp, r.err)
		}
	case <-time.After(waitFor):
		t.Fatal("the prompt did not answer after session/cancel")
	}
	calls, _ := client.terms.snapshot()
	kill, release := slices.Index(calls, "kill term_1"), slices.Index(calls, "release term_1")
	if kill < 0 || release < kill || calls[len(calls)-1] != "release term_1" {
		t.Errorf("terminal calls = %v, want kill then release", calls)
	}
	if out := run.output(0); !strings.Contains(out, "started") || !strings.Contains(out, "cancelled") {
		t.Errorf("run_command = %q, want the output so far and the cancel", out)
	}
	ups, _ := client.snapshot()
	if last := lastToolUpdate(ups, "call_sleep"); last == nil || last.Status == nil || *last.Status != sdk.ToolCallStatusFailed {
		t.Errorf("last update = %+v, want the call closed as failed", last)
	}
}

func TestTerminalKilledAndReleasedOnTimeout(t *testing.T) {
	unconfined(t)
	var root string
	run := &toolRun{root: &root, calls: []machine.ToolCall{toolCall("call_sleep", "run_command", `{"command":"sleep 30","timeout_s":1}`)}}
	client := &testClient{terms: newFakeTerminals()}
	h := newHarness(t, run.script, client)
	root = h.root
	s := h.start(sdk.ClientCapabilities{Terminal: true})
	if r, err := h.prompt(s.SessionId, "sleep"); err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt = %v, %v; want the run to go on after the timeout", r.StopReason, err)
	}
	calls, _ := client.terms.snapshot()
	if want := []string{"create term_1", "wait_for_exit term_1", "kill term_1", "output term_1", "release term_1"}; !reflect.DeepEqual(calls, want) {
		t.Errorf("terminal calls = %v, want %v", calls, want)
	}
	if out := run.output(0); !strings.Contains(out, "started") || !strings.Contains(out, "timed out after 1s") {
		t.Errorf("run_command = %q, want the output so far and the timeout", out)
	}
}
