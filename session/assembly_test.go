package session_test

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/workspace"
)

// lastChat is the last chat request the fake Ollama received.
func (e *env) lastChat(t *testing.T) (model string, tools []string) {
	t.Helper()
	reqs := e.srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("the model was never called")
	}
	last := reqs[len(reqs)-1]
	for _, tl := range last.Tools {
		tools = append(tools, tl.Function.Name)
	}
	sort.Strings(tools)
	return last.Model, tools
}

func runTo(t *testing.T, m *session.Manager, r session.Request) (machine.OutcomeName, error) {
	t.Helper()
	h, err := m.Start(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	run, err := waitRun(t, h)
	return run.Outcome, err
}

// The model of a run is the request's when it names one, else the
// settings'; the run's record says which answered.
func TestModelResolution(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil) // settings: ollama:tiny
	if out, err := runTo(t, m, session.Request{Prompt: "chat"}); err != nil || out != machine.OutcomeCompleted {
		t.Fatalf("run: %s, %v", out, err)
	}
	if model, _ := e.lastChat(t); model != "tiny" {
		t.Errorf("without a request model the server was asked for %q, want the settings' tiny", model)
	}
	h, err := m.Start(context.Background(), session.Request{Prompt: "chat", Model: "ollama:tiny-think"})
	if err != nil {
		t.Fatal(err)
	}
	run, err := waitRun(t, h)
	if err != nil {
		t.Fatal(err)
	}
	if model, _ := e.lastChat(t); model != "tiny-think" || run.Model != "ollama:tiny-think" {
		t.Errorf("the request's model: server asked for %q, run record says %q; want tiny-think", model, run.Model)
	}
}

// A model that cannot run an agent loop, or that the server does not
// have, ends the run failed before any chat request, saying why.
func TestModelResolutionFailuresEndTheRunEarly(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	for _, tc := range []struct {
		model, says string
	}{
		{"ollama:nope-tools", "does not support tools"},
		{"ollama:no-such-model", "no-such-model"},
	} {
		before := len(e.srv.Requests())
		out, err := runTo(t, m, session.Request{Prompt: "chat", Model: tc.model})
		if out != machine.OutcomeFailed || !errors.Is(err, machine.ErrAPI) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: outcome %s, err %v; want failed (Api) saying %q", tc.model, out, err, tc.says)
		}
		if after := len(e.srv.Requests()); after != before {
			t.Errorf("%s: %d chat requests were sent for a model that cannot run", tc.model, after-before)
		}
	}
}

// The tools a run offers the model follow its mode and the settings: ask
// offers the read-only tools alone; auto and edit offer the edit tools
// too; run_command only with allowCommands, since no one can be asked
// here.
func TestToolAssembly(t *testing.T) {
	e := newEnv(t)
	read := []string{workspace.ToolGlob, workspace.ToolGrep, workspace.ToolListDir, workspace.ToolReadFile}
	for _, tc := range []struct {
		name          string
		mode          workspace.Mode
		allowCommands bool
		want, never   []string
	}{
		{"ask", workspace.ModeAsk, true, read, []string{workspace.ToolEditFile, workspace.ToolWriteFile, workspace.ToolRunCommand}},
		{"auto", workspace.ModeAuto, false, append(slices.Clone(read), workspace.ToolEditFile, workspace.ToolWriteFile), []string{workspace.ToolRunCommand}},
		{"auto, allowCommands", workspace.ModeAuto, true, append(slices.Clone(read), workspace.ToolEditFile, workspace.ToolWriteFile, workspace.ToolRunCommand), nil},
		{"edit", workspace.ModeEdit, false, append(slices.Clone(read), workspace.ToolEditFile, workspace.ToolWriteFile), []string{workspace.ToolRunCommand}},
	} {
		m := e.managerWith(t, nil, func(s *config.Settings) { s.AllowCommands = tc.allowCommands })
		if out, err := runTo(t, m, session.Request{Prompt: "chat", Mode: tc.mode}); err != nil || out != machine.OutcomeCompleted {
			t.Fatalf("%s: %s, %v", tc.name, out, err)
		}
		_, tools := e.lastChat(t)
		for _, w := range tc.want {
			if !slices.Contains(tools, w) {
				t.Errorf("%s: tools %v lack %s", tc.name, tools, w)
			}
		}
		for _, n := range tc.never {
			if slices.Contains(tools, n) {
				t.Errorf("%s: tools %v offer %s", tc.name, tools, n)
			}
		}
		if tc.mode == workspace.ModeAsk && len(tools) != len(read) {
			t.Errorf("ask: tools %v, want the read-only ones alone %v", tools, read)
		}
		m.Close()
	}
}
