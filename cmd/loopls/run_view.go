package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/rpc"
)

// runView is what loopls run shows of a run: the answer streamed on stdout,
// and on stderr one line per transition and tool call plus a progress
// status (state, turn, tokens, elapsed). On a terminal the status is one
// line redrawn in place; otherwise every update is a plain line, so logs
// and tests read it.
//
// It is the run's engine.Observer: callbacks come from the driver's
// goroutine and from tool goroutines, so every write holds mu.
type runView struct {
	engine.NopObserver

	out      io.Writer // stdout: the answer
	errw     io.Writer // stderr: what the run is doing
	tty      bool      // stderr is a terminal: redraw the status line
	outTTY   bool      // stdout is a terminal too (it shares the screen)
	jsonOut  bool      // stdout is the JSON-lines stream (jsonstream.go)
	color    bool      // the status line may be dimmed (not NO_COLOR)
	traceW   io.Writer
	traceErr error
	session  machine.SessionID                       // for transitions that come without it
	open     map[machine.ToolCallID]engine.ToolEvent // tool calls begun, not ended (--json)
	jsonErr  error

	mu          sync.Mutex
	start       time.Time
	state       string
	turn        int
	ctxTokens   int
	usage       engine.Usage
	streamed    bool // some text reached stdout
	midLine     bool // stdout's last write did not end its line
	statusShown bool
	stopped     bool
	done        chan struct{}
	wg          sync.WaitGroup
}

// redrawEvery is how often the terminal status line updates its clock.
const redrawEvery = 100 * time.Millisecond

func newRunView(stdout, stderr io.Writer, jsonOut bool, trace io.Writer) *runView {
	tty := isTerminal(stderr) && !dumbTerminal()
	return &runView{
		out: stdout, errw: stderr, jsonOut: jsonOut, traceW: trace,
		tty: tty, outTTY: isTerminal(stdout), color: tty && !noColor(),
		open:  make(map[machine.ToolCallID]engine.ToolEvent),
		start: time.Now(), state: "starting", done: make(chan struct{}),
	}
}

func isTerminal(w io.Writer) bool {
	if u, ok := w.(interface{ Unwrap() io.Writer }); ok {
		w = u.Unwrap()
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// dumbTerminal reports TERM=dumb: a terminal that cannot move the cursor,
// which gets plain lines as a pipe does (no redrawn status line).
func dumbTerminal() bool { return os.Getenv("TERM") == "dumb" }

// noColor reports NO_COLOR (https://no-color.org): set and not empty, no
// colors or dimming.
func noColor() bool { return os.Getenv("NO_COLOR") != "" }

// setSession records the run's session, for transitions sent before the
// session was known.
func (v *runView) setSession(id machine.SessionID) {
	v.mu.Lock()
	v.session = id
	v.mu.Unlock()
}

// begin starts redrawing the status line (terminals only).
func (v *runView) begin() {
	if !v.tty {
		return
	}
	v.wg.Add(1)
	go func() {
		defer v.wg.Done()
		t := time.NewTicker(redrawEvery)
		defer t.Stop()
		for {
			select {
			case <-v.done:
				return
			case <-t.C:
				v.mu.Lock()
				v.drawStatus()
				v.mu.Unlock()
			}
		}
	}()
}

// stop ends the redraw loop and clears the status line. Idempotent.
func (v *runView) stop() {
	v.mu.Lock()
	if v.stopped {
		v.mu.Unlock()
		return
	}
	v.stopped = true
	close(v.done)
	v.clearStatus()
	v.mu.Unlock()
	v.wg.Wait()
}

// status is the progress line: state, turn, tokens, elapsed.
func (v *runView) status() string { return v.state + " · " + v.progress() }

// progress is the status without the state: turn, tokens, elapsed.
func (v *runView) progress() string {
	s := fmt.Sprintf("turn %d · %d tokens in context", v.turn, v.ctxTokens)
	if v.usage.InputTokens+v.usage.OutputTokens > 0 {
		s += fmt.Sprintf(" · %d in / %d out", v.usage.InputTokens, v.usage.OutputTokens)
	}
	return s + " · " + elapsed(v.start)
}

// drawStatus redraws the terminal status line, unless the answer is being
// streamed to the same screen mid-line, which a redraw would overwrite.
func (v *runView) drawStatus() {
	if !v.tty || v.stopped || (v.outTTY && v.midLine) {
		return
	}
	if v.color {
		fmt.Fprintf(v.errw, "\r\x1b[K\x1b[2m%s\x1b[0m", v.status())
	} else {
		fmt.Fprintf(v.errw, "\r\x1b[K%s", v.status())
	}
	v.statusShown = true
}

func (v *runView) clearStatus() {
	if v.statusShown {
		fmt.Fprint(v.errw, "\r\x1b[K")
		v.statusShown = false
	}
}

// line prints one event line on stderr: a permanent line above the status
// on a terminal, a plain "loopls: …" line otherwise.
func (v *runView) line(format string, args ...any) {
	if v.outTTY && v.midLine && v.tty {
		fmt.Fprintln(v.out) // end the answer's line so the event does not split it
		v.midLine = false
	}
	v.clearStatus()
	fmt.Fprintf(v.errw, "loopls: "+format+"\n", args...)
	v.drawStatus()
}

// notice prints a message for the user (the model picked, a cancel).
func (v *runView) notice(msg string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.line("%s", msg)
	v.emit("notice", map[string]string{"message": msg})
}

// OnTransition records the transition in the trace and shows it.
func (v *runView) OnTransition(t engine.Transition) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.traceW != nil && v.traceErr == nil {
		b, err := json.Marshal(t)
		if err == nil {
			_, err = v.traceW.Write(append(b, '\n'))
		}
		if err != nil {
			v.traceErr = err
			v.line("warning: --trace stopped: %v", err)
		}
	}
	if t.SessionID == "" {
		t.SessionID = v.session
	}
	v.emit("transition", t)
	v.state, v.turn, v.ctxTokens = string(t.To), t.Turn, t.ContextTokens
	msg := fmt.Sprintf("%s → %s (%s)", t.From, t.To, t.Event)
	if t.Outcome != "" {
		msg += " " + string(t.Outcome)
	}
	if v.tty {
		v.line("%s", msg)
		return
	}
	v.line("%s · %s", msg, v.progress())
}

// OnDelta streams the answer's text to stdout as it comes.
func (v *runView) OnDelta(run machine.RunID, lane engine.Lane, text string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.jsonOut && text != "" && (lane == engine.LaneText || lane == engine.LaneThinking) {
		v.emit("delta", rpc.DeltaParams{RunID: run, Lane: lane, Text: text})
		return
	}
	if lane != engine.LaneText || v.jsonOut || text == "" {
		return
	}
	if v.statusShown && v.outTTY {
		v.clearStatus()
	}
	io.WriteString(v.out, text)
	v.streamed = true
	v.midLine = !strings.HasSuffix(text, "\n")
}

// OnResponse adds the provider's token counts.
func (v *runView) OnResponse(_ machine.RunID, _ int, resp engine.ModelResponse) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.usage.InputTokens += resp.Usage.InputTokens
	v.usage.OutputTokens += resp.Usage.OutputTokens
	if v.midLine && !v.jsonOut && len(resp.Message.ToolCalls) > 0 {
		// Text before a tool call is not the answer's end: finish its line.
		fmt.Fprintln(v.out)
		v.midLine = false
	}
}

// maxShown bounds tool arguments and outputs on the progress lines.
const maxShown = 100

func shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= maxShown {
		return s
	}
	cut := maxShown
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// OnToolPre shows a tool call starting.
func (v *runView) OnToolPre(ev engine.ToolEvent) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.open[ev.Call.ID] = ev
	v.emit("toolCall", rpc.NewToolCallParams(ev, rpc.StatusBefore(ev), ""))
	v.line("tool %s %s", ev.Call.Name, shorten(string(ev.Call.Arguments)))
}

// OnToolPost shows how a tool call ended.
func (v *runView) OnToolPost(ev engine.ToolEvent) {
	v.mu.Lock()
	defer v.mu.Unlock()
	delete(v.open, ev.Call.ID)
	v.emit("toolCall", rpc.NewToolCallParams(ev, rpc.StatusAfter(ev), ""))
	msg := fmt.Sprintf("tool %s %s in %s", ev.Call.Name, ev.Status, ev.Duration.Round(time.Millisecond))
	if ev.Status == engine.ToolFailed {
		msg += ": " + shorten(ev.Output)
	}
	v.line("%s", msg)
}

// OnCompaction shows a compaction pass.
func (v *runView) OnCompaction(_ machine.RunID, reason string, before, after int) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.line("compacted (%s): %d → %d tokens", reason, before, after)
}

// OnFallback shows a switch of model.
func (v *runView) OnFallback(_ machine.RunID, from, to string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.line("model %s failed: falling back to %s", from, to)
}

// OnLoopDetected shows a repeated tool call.
func (v *runView) OnLoopDetected(_ machine.RunID, tool string, repeats int, stopped bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if stopped {
		v.line("loop detected: %s called %d times with the same arguments; stopping", tool, repeats)
	} else {
		v.line("warning: %s called %d times with the same arguments", tool, repeats)
	}
}

// OnStreamFailure shows a model stream that broke (it may be retried).
func (v *runView) OnStreamFailure(_ machine.RunID, turn int, model string, err error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.line("model %s, turn %d: %v", model, turn, err)
}

// finish stops the display, prints the result and returns the exit code.
func (v *runView) finish(run engine.Run) int {
	v.stop()
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.jsonOut {
		// A call begun and never ended was cancelled mid-tool, as the
		// daemon reports it.
		for _, ev := range v.open {
			ev.Output = ""
			v.emit("toolCall", rpc.NewToolCallParams(ev, engine.ToolCancelled, run.ID))
		}
		v.emit("run", run)
		if v.jsonErr != nil {
			fmt.Fprintf(v.errw, "loopls run: write the JSON stream: %v\n", v.jsonErr)
			return exitFailed
		}
	} else {
		if !v.streamed && run.Output != "" {
			// A provider that did not stream: the answer still goes out.
			io.WriteString(v.out, run.Output)
			v.midLine = !strings.HasSuffix(run.Output, "\n")
		}
		if v.midLine {
			fmt.Fprintln(v.out)
			v.midLine = false
		}
	}
	summary := fmt.Sprintf("%s · %d turns · %d in / %d out tokens · %s · run %s · session %s",
		run.Outcome, run.Turns, run.Usage.InputTokens, run.Usage.OutputTokens, elapsed(v.start), run.ID, run.SessionID)
	fmt.Fprintf(v.errw, "loopls: %s\n", summary)
	if run.Error != nil && run.Outcome != machine.OutcomeCompleted {
		fmt.Fprintf(v.errw, "loopls: %s: %s\n", run.Error.Kind, run.Error.Message)
	}
	return exitCode(run.Outcome)
}

// elapsed is the time since start, as precise as a person reads it.
func elapsed(start time.Time) string {
	d := time.Since(start)
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// OnModelWait says what a silent model call is waiting for: the engine
// reports it once per call (engine.ModelWait), and a server busy with an
// earlier (even cancelled) request or loading the model must not look like
// a hang.
func (v *runView) OnModelWait(w engine.ModelWait) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.stopped {
		return
	}
	v.emit("modelWait", rpc.NewModelWaitParams(w))
	v.line("%s Ctrl-C cancels.", w.Message())
}
