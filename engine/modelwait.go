package engine

import (
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"strings"
	"sync"
	"time"
)

// DefaultModelWaitNotice is how long a model call may stay silent before
// observers are told (AgentConfig.ModelWaitNotice).
const DefaultModelWaitNotice = 10 * time.Second

// ModelWait says that a model call has stayed silent: no delta for After
// since the turn's call began. The driver reports it at most once per model
// call (one CallLLM step, retries included), and only while the call is
// still in flight: an answer, a failure or a cancel first means no notice.
// A server busy with an earlier request (Ollama answers one request per
// model at a time, and frees a cancelled one's place only when it notices)
// or loading the model must not look like a hang.
type ModelWait struct {
	RunID machine.RunID
	Turn  int
	Model string
	After time.Duration
}

// Message is what the user is told, the same words in every front end.
func (w ModelWait) Message() string {
	why := "the provider may be busy or queueing the request"
	if providerOf(w.Model) == "ollama" || w.Model == "" {
		why = "the server may be finishing an earlier request (Ollama answers one request per model at a time; " +
			"a cancelled one frees its place when the server notices)"
		// Ollama 0.17 can keep a cancelled stream's place for good
		// (docs/real-ollama.md); unloading the model is what frees it.
		name := "<model>"
		if _, n, ok := strings.Cut(w.Model, ":"); ok && n != "" {
			name = n
		}
		return fmt.Sprintf("no answer from the model yet after %s: it may still be loading, or %s. "+
			"If it stays silent, cancel and run `ollama stop %s`: unloading the model frees its place.", w.After, why, name)
	}
	return fmt.Sprintf("no answer from the model yet after %s: it may still be loading, or %s.", w.After, why)
}

// afterFunc calls f once after d unless the returned stop is called first.
type afterFunc func(d time.Duration, f func()) (stop func() bool)

func realAfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// modelWait is one model call's notice: armed when the call begins, it
// reports once unless stopped first (the first delta, the call's end). It
// is nil-safe; a nil modelWait (the notice disabled) does nothing.
type modelWait struct {
	mu        sync.Mutex
	done      bool
	stopTimer func() bool
}

// armModelWait starts the notice of one model call: after d without a
// delta, report is called once. d <= 0 disables it (nil).
func armModelWait(after afterFunc, d time.Duration, report func()) *modelWait {
	if d <= 0 {
		return nil
	}
	w := &modelWait{}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopTimer = after(d, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.done {
			return
		}
		w.done = true
		// Under w.mu: stop waits for a report in progress, so the notice
		// always precedes the call's result on the run loop.
		report()
	})
	return w
}

// stop disarms the notice: the model spoke, or the call ended. Once
// stopped, report is never called; a report in progress is waited for.
func (w *modelWait) stop() {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.done = true
		w.stopTimer()
	}
}
