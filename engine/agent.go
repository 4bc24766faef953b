// Package engine runs agent loops: model call, tool calls, model call, …
//
// It has two halves. LoopMachine (package engine/machine, whose names engine
// re-exports) is the pure state machine: it owns every decision of a run
// (when to call the model, dispatch tools, compact or stop), performs no
// I/O, depends on no package that does (go list -deps proves it), and is
// plain data (MarshalMachine/UnmarshalMachine). Agent is the driver around
// it: it asks the machine for the next step, performs the I/O that step
// names — streaming a Model, dispatching Tools concurrently, compacting
// through a ContextManager — and feeds the results back, reporting every
// transition and event to Observers. Around the I/O sit the resilience
// policies, each a small pure type with an injected clock: retries with
// backoff (RetryPolicy), the model fallback breaker (FallbackBreaker), the
// per-tool circuit breaker (ToolBreakers), loop detection (LoopDetector),
// tool recovery, the output limit (LimitOutput) and a per-provider rate
// limiter (RateLimiter).
//
// Model and Tool are small interfaces; the provider adapters and the
// workspace tools implement them in their own packages, and the engine
// imports none of them.
package engine

import (
	"github.com/loopls/loopls/engine/machine"

	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"slices"
	"sync/atomic"
	"time"
)

// ErrBusy is returned by Agent.Run while another run of the same agent is in
// flight: a session runs one run at a time.
var ErrBusy = errors.New("engine: the session is already running a run; wait for it to end or cancel it")

// AgentConfig is everything an Agent runs with. Only Model is required.
type AgentConfig struct {
	// Model is the primary model; Fallbacks are tried in order when it
	// keeps failing (the fallback breaker decides).
	Model     Model
	Fallbacks []Model
	// Tools are offered to the model on every call.
	Tools []Tool
	// System is the system prompt.
	System string
	// Policy is what the machine decides with: turn cap, window (0 = no
	// window policy; the caller probes a WindowProber), threshold,
	// auto-compaction. The zero Policy means DefaultPolicy().
	Policy machine.Policy
	// Observers see every event of every run, in registration order.
	Observers []Observer
	// Clock is read for breaker cooldowns and run times; nil = wall clock.
	Clock Clock
	// Retry says how transient model failures are retried; zero = 3
	// attempts, 100 ms doubling to 10 s, 10 % jitter.
	Retry RetryPolicy
	// StreamIdleTimeout: a model stream with no delta for this long is cut
	// and counts as a transient failure. Default 60 s.
	StreamIdleTimeout time.Duration
	// FirstDeltaTimeout bounds the wait for a stream's first delta, which
	// includes loading the model and reading the prompt (minutes for a
	// local model on a CPU). Default 5 min; never shorter than
	// StreamIdleTimeout.
	FirstDeltaTimeout time.Duration
	// ModelWaitNotice: a model call with no delta for this long is reported
	// once to the observers (OnModelWait), so a front end can say what the
	// run waits for. Default DefaultModelWaitNotice; negative disables.
	ModelWaitNotice time.Duration
	// ContextManager compacts the conversation when the machine asks; nil
	// = DefaultContextManager (trim old tool outputs, then summarize).
	ContextManager ContextManager
	// OutputLimit caps one tool output in bytes; longer ones are cut with a
	// marker. Default DefaultOutputLimit; negative disables.
	OutputLimit int
	// ToolConcurrency caps the tools of one turn that run at once.
	// Default 8.
	ToolConcurrency int
	// MaxToolAttempts is how many times one tool call (same tool, same
	// arguments) may fail in a run before the run ends
	// ToolRecoveryExhausted. Default 5.
	MaxToolAttempts int
	// Fallback, ToolBreaker and Loops tune the resilience policies; zero
	// values take their defaults.
	Fallback    FallbackConfig
	ToolBreaker BreakerConfig
	Loops       LoopConfig
	// RateLimiter paces requests per provider; share one across agents.
	// nil = no pacing.
	RateLimiter *RateLimiter
	// Logger receives diagnostics (slog, stderr); nil = slog.Default().
	Logger *slog.Logger
}

func (c AgentConfig) withDefaults() AgentConfig {
	if c.Policy == (machine.Policy{}) {
		c.Policy = machine.DefaultPolicy()
	}
	c.Retry = c.Retry.withDefaults()
	if c.StreamIdleTimeout <= 0 {
		c.StreamIdleTimeout = 60 * time.Second
	}
	if c.FirstDeltaTimeout <= 0 {
		c.FirstDeltaTimeout = 5 * time.Minute
	}
	c.FirstDeltaTimeout = max(c.FirstDeltaTimeout, c.StreamIdleTimeout)
	if c.ModelWaitNotice == 0 {
		c.ModelWaitNotice = DefaultModelWaitNotice
	}
	if c.ContextManager == nil {
		c.ContextManager = &DefaultContextManager{}
	}
	if c.OutputLimit == 0 {
		c.OutputLimit = DefaultOutputLimit
	}
	if c.ToolConcurrency <= 0 {
		c.ToolConcurrency = 8
	}
	if c.MaxToolAttempts <= 0 {
		c.MaxToolAttempts = 5
	}
	c.Fallback = c.Fallback.withDefaults()
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// RunInput is one run's request.
type RunInput struct {
	// ID names the run; empty = a fresh random id.
	ID machine.RunID
	// Prompt is the user's message.
	Prompt string
	// MaxTurns overrides Policy.MaxTurns when positive.
	MaxTurns int
	// Model overrides the configured primary model for this run (the
	// fallbacks stay); nil = AgentConfig.Model.
	Model Model
	// Tools overrides the configured tools for this run; nil =
	// AgentConfig.Tools.
	Tools []Tool
	// Check, when set, judges the run once it completes (a fix run: is the
	// problem gone?); its verdict goes into the Run record. A run it finds
	// still failing is given its next input, up to Retries more times.
	Check   Check
	Retries int
}

// Agent drives a LoopMachine for one session: it performs the I/O each step
// names (stream the model, dispatch tools, compact) and feeds the results
// back. It never decides policy itself. One run at a time; the run's loop is
// the one goroutine that holds the machine (see loop). History and Snapshot
// may be called concurrently with a run: they read what the last checkpoint
// published, never the machine.
type Agent struct {
	cfg     AgentConfig
	session machine.SessionID
	clock   Clock
	log     *slog.Logger
	obs     *observerHub

	running atomic.Bool

	// machine is held by the run loop while a run is in flight, and by
	// nobody in between.
	machine *machine.LoopMachine
	// published is the committed history and snapshot of the last
	// checkpoint, for readers that run beside the loop.
	published atomic.Pointer[publication]

	// Per-session resilience state, touched only by the running run's
	// goroutine (breakers: also by its tool goroutines, hence their lock).
	fallback   *FallbackBreaker
	lastServed int
	breakers   *ToolBreakers
	loops      *LoopDetector
	converge   ConvergenceDetector
	counter    counter

	// afterFunc arms the model-wait notice's timer (time.AfterFunc; tests
	// fire it by hand).
	afterFunc afterFunc
}

// NewAgent returns an agent for session whose committed conversation is
// history.
func NewAgent(cfg AgentConfig, session machine.SessionID, history []machine.Message) *Agent {
	cfg = cfg.withDefaults()
	a := &Agent{
		cfg:       cfg,
		session:   session,
		clock:     clockOrReal(cfg.Clock),
		afterFunc: realAfterFunc,
		log:       cfg.Logger.With("session", string(session)),
		obs:       newObserverHub(cfg.Observers, cfg.Logger),
		machine:   machine.NewMachine(history),
		fallback:  NewFallbackBreaker(cfg.Fallback, len(cfg.Fallbacks)),
		breakers:  NewToolBreakers(cfg.ToolBreaker),
		loops:     NewLoopDetector(cfg.Loops),
		counter:   newCounter(),
	}
	a.publish(a.machine.History(), nil)
	return a
}

// publication is what readers beside the run loop see: the machine as the
// last checkpoint (or the agent's making) left it.
type publication struct {
	history []machine.Message
	machine []byte
}

// publish makes history and snap what readers see; the loop calls it at
// every checkpoint.
func (a *Agent) publish(history []machine.Message, snap []byte) {
	a.published.Store(&publication{history: history, machine: snap})
}

// Session returns the session the agent runs.
func (a *Agent) Session() machine.SessionID { return a.session }

// History returns a copy of the committed conversation as the last
// checkpoint left it (a run's last checkpoint is its end).
func (a *Agent) History() []machine.Message {
	return machine.CloneMessages(a.published.Load().history)
}

// Snapshot returns the machine's JSON as the last checkpoint carried it
// (for a fresh agent, its machine in Start).
func (a *Agent) Snapshot() ([]byte, error) {
	if snap := a.published.Load().machine; snap != nil {
		return slices.Clone(snap), nil
	}
	return MarshalMachine(machine.NewMachine(a.published.Load().history))
}

// Running reports whether a run is in flight.
func (a *Agent) Running() bool { return a.running.Load() }

// Run performs one run: it accepts the prompt, drives the machine until it
// is terminal, commits or discards, and returns the Run record (always
// filled, Outcome set) with the run's error (nil when Completed).
//
// Cancelling ctx cancels the run in whatever state it is: the model stream
// is closed, tool contexts are cancelled, and the run ends Cancelled (never
// Failed) promptly. Run returns ErrBusy, and no record, if a run is in
// flight.
func (a *Agent) Run(ctx context.Context, in RunInput) (Run, error) {
	if !a.running.CompareAndSwap(false, true) {
		return Run{}, ErrBusy
	}
	defer a.running.Store(false)
	if in.ID == "" {
		in.ID = NewRunID()
	}
	rs := a.newRunState(ctx, in)
	if lerr := a.drive(rs); lerr != nil {
		return rs.run, lerr
	}
	return rs.run, nil
}

// NewRunID returns a fresh random run id, "run_" and 16 hex digits: the one
// generator every front end uses, so ids look alike wherever a run started.
func NewRunID() machine.RunID {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms (it panics instead)
	return machine.RunID("run_" + hex.EncodeToString(b[:]))
}
