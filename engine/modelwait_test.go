package engine

import (
	"context"

	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// handTimers replaces the model-wait timer: each arming is recorded, and
// the test fires it by hand, so no test waits for real time to pass.
type handTimers struct {
	mu     sync.Mutex
	armed  []handTimer
	notify chan time.Duration
}

type handTimer struct {
	d       time.Duration
	f       func()
	stopped *bool
}

func newHandTimers(a *Agent) *handTimers {
	h := &handTimers{notify: make(chan time.Duration, 16)}
	a.afterFunc = func(d time.Duration, f func()) func() bool {
		stopped := new(bool)
		h.mu.Lock()
		h.armed = append(h.armed, handTimer{d: d, f: f, stopped: stopped})
		h.mu.Unlock()
		h.notify <- d
		return func() bool {
			h.mu.Lock()
			defer h.mu.Unlock()
			was := !*stopped
			*stopped = true
			return was
		}
	}
	return h
}

// waitArmed waits (bounded) for the next arming and returns its index.
func (h *handTimers) waitArmed(t *testing.T) int {
	t.Helper()
	select {
	case <-h.notify:
	case <-time.After(5 * time.Second):
		t.Fatal("no model-wait timer was armed within 5s")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.armed) - 1
}

// fire runs timer i's function as the runtime would when it expires, even
// if it was stopped: the notice must hold up against a timer that fires
// while it is being stopped.
func (h *handTimers) fire(i int) {
	h.mu.Lock()
	f := h.armed[i].f
	h.mu.Unlock()
	f()
}

func (h *handTimers) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.armed)
}

// silentUntil is a model that says nothing until release is closed, then
// answers (a tool call on the first turn when tools are offered).
func silentUntil(release <-chan struct{}) func(context.Context, int, ModelRequest, func(Delta)) (ModelResponse, error) {
	return func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		select {
		case <-release:
		case <-ctx.Done():
			return ModelResponse{}, ctx.Err()
		}
		return toolThenAnswer(ctx, n, req, emit)
	}
}

func runAsync(a *Agent, ctx context.Context) <-chan error {
	done := make(chan error, 1)
	go func() {
		_, err := a.Run(ctx, RunInput{ID: "r1", Prompt: "read the readme"})
		done <- err
	}()
	return done
}

func waitRun(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatal("the run did not end within 5s")
		return nil
	}
}

// A model call that stays silent is reported once per call, with the
// threshold, the turn and the model, before that call's answer; a timer
// that fires again changes nothing.
func TestModelWaitReportedOncePerSilentCall(t *testing.T) {
	release := make(chan struct{})
	model := &fakeModel{name: "ollama:tiny", reply: silentUntil(release)}
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{constTool("read_file", "# readme")}, ModelWaitNotice: 7 * time.Second})
	timers := newHandTimers(a)
	done := runAsync(a, context.Background())

	first := timers.waitArmed(t)
	if d := timers.armed[first].d; d != 7*time.Second {
		t.Fatalf("armed for %v, want the configured 7s", d)
	}
	timers.fire(first)
	timers.fire(first)
	close(release) // both turns answer once asked
	second := timers.waitArmed(t)
	if err := waitRun(t, done); err != nil {
		t.Fatalf("run: %v", err)
	}
	timers.fire(first) // late fires of calls that answered
	timers.fire(second)

	rec.mu.Lock()
	waits := slices.Clone(rec.waits)
	rec.mu.Unlock()
	if len(waits) != 1 {
		t.Fatalf("notices = %+v, want one (the first call's; the second answered before its timer fired)", waits)
	}
	w := waits[0]
	if w.RunID != "r1" || w.Turn != 0 || w.Model != "ollama:tiny" || w.After != 7*time.Second {
		t.Errorf("notice = %+v", w)
	}
	if msg := w.Message(); !strings.HasPrefix(msg, "no answer from the model yet after 7s: it may still be loading") ||
		!strings.Contains(msg, "Ollama answers one request per model at a time") ||
		!strings.HasSuffix(msg, "If it stays silent, cancel and run `ollama stop tiny`: unloading the model frees its place.") {
		t.Errorf("message = %q", msg)
	}
	lines := rec.snapshot()
	iw := slices.Index(lines, "model_wait turn=0")
	ia := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "AwaitingModel->AwaitingTools") })
	if iw < 0 || ia < 0 || iw > ia {
		t.Errorf("the notice does not precede its call's answer: %q", lines)
	}
}

// Each silent call of a run gets its own notice.
func TestModelWaitEachSilentCall(t *testing.T) {
	release := [2]chan struct{}{make(chan struct{}), make(chan struct{})}
	model := &fakeModel{name: "openai:gpt", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return silentUntil(release[min(n, 1)])(ctx, n, req, emit)
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{constTool("read_file", "# readme")}})
	timers := newHandTimers(a)
	done := runAsync(a, context.Background())
	for turn := range 2 {
		i := timers.waitArmed(t)
		if d := timers.armed[i].d; d != DefaultModelWaitNotice {
			t.Fatalf("armed for %v, want the default %v", d, DefaultModelWaitNotice)
		}
		timers.fire(i)
		close(release[turn])
	}
	if err := waitRun(t, done); err != nil {
		t.Fatalf("run: %v", err)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var turns []int
	for _, w := range rec.waits {
		turns = append(turns, w.Turn)
	}
	if !slices.Equal(turns, []int{0, 1}) {
		t.Fatalf("notices for turns %v, want [0 1]", turns)
	}
	if msg := rec.waits[0].Message(); strings.Contains(msg, "Ollama") || !strings.Contains(msg, "the provider may be busy") {
		t.Errorf("a remote model's notice = %q", msg)
	}
}

// A model that has spoken, or a call that was cancelled, gets no notice.
func TestModelWaitNotAfterADeltaOrACancel(t *testing.T) {
	spoke := make(chan struct{})
	model := &fakeModel{name: "ollama:tiny", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		emit(Delta{Lane: LaneThinking, Text: "hm"})
		close(spoke)
		<-ctx.Done()
		return ModelResponse{}, ctx.Err()
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model})
	timers := newHandTimers(a)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := runAsync(a, ctx)
	i := timers.waitArmed(t)
	<-spoke
	timers.fire(i) // after the model spoke
	cancel()
	waitRun(t, done)
	timers.fire(i) // after the call ended
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.waits) != 0 {
		t.Fatalf("notices = %+v, want none", rec.waits)
	}
}

// A negative threshold turns the notice off: no timer is armed.
func TestModelWaitDisabled(t *testing.T) {
	model := &fakeModel{name: "ollama:tiny", reply: func(_ context.Context, _ int, _ ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return say("hi", emit)
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model, ModelWaitNotice: -1})
	timers := newHandTimers(a)
	if err := waitRun(t, runAsync(a, context.Background())); err != nil {
		t.Fatal(err)
	}
	if n := timers.count(); n != 0 {
		t.Fatalf("%d timers armed with the notice off", n)
	}
}
