package machine

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Golden traces: testdata/*.txt are scripts of feeds, each followed by what
// the machine answered. A trace is a sequence of blocks separated by blank
// lines; a block is one command line, a "----" line, and the output lines.
// Lines starting with "#" before a command are comments. Regenerate the
// outputs with:
//
//	go test ./engine -run Trace -update
//
// Reviewing a behaviour change is reading the diff of a trace.
var updateTraces = flag.Bool("update", false, "rewrite the outputs of engine/machine/testdata/*.txt traces")

func TestTrace(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no traces in testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			blocks, err := parseTrace(string(data))
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			r := newTraceRunner()
			for i := range blocks {
				b := &blocks[i]
				got := r.run(t, b.cmd)
				if *updateTraces {
					b.out = got
					continue
				}
				if got != b.out {
					t.Errorf("%s:%d: %s\n got:\n%s\nwant:\n%s", file, b.line, b.cmd, indent(got), indent(b.out))
				}
			}
			if *updateTraces {
				if err := os.WriteFile(file, []byte(formatTrace(blocks)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

type traceBlock struct {
	comments []string
	cmd      string
	out      string
	line     int
}

func parseTrace(text string) ([]traceBlock, error) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var blocks []traceBlock
	var comments []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.TrimSpace(l) == "":
			continue
		case strings.HasPrefix(l, "#"):
			comments = append(comments, l)
			continue
		}
		b := traceBlock{comments: comments, cmd: l, line: i + 1}
		comments = nil
		if i+1 >= len(lines) || lines[i+1] != "----" {
			return nil, fmt.Errorf("line %d: command %q is not followed by ----", i+1, l)
		}
		i += 2
		var out []string
		for ; i < len(lines) && lines[i] != ""; i++ {
			out = append(out, lines[i])
		}
		b.out = strings.Join(out, "\n")
		blocks = append(blocks, b)
	}
	return blocks, nil
}

func formatTrace(blocks []traceBlock) string {
	var sb strings.Builder
	for i, b := range blocks {
		if i > 0 {
			sb.WriteString("\n")
		}
		for _, c := range b.comments {
			sb.WriteString(c + "\n")
		}
		sb.WriteString(b.cmd + "\n----\n")
		if b.out != "" {
			sb.WriteString(b.out + "\n")
		}
	}
	return sb.String()
}

func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

// traceRunner executes trace commands against one machine and checks the
// machine's invariants after each: a refused feed changes nothing, a
// terminal machine stays terminal, and a JSON round trip is lossless.
type traceRunner struct {
	m     *LoopMachine
	p     Policy
	tools []string
}

func newTraceRunner() *traceRunner {
	return &traceRunner{m: NewMachine(nil), p: DefaultPolicy(), tools: []string{"read_file", "list_dir", "edit_file"}}
}

// traceArgs splits a command's arguments into key=value pairs (values may be
// double-quoted Go strings) and the remaining free text.
func traceArgs(s string) (map[string]string, error) {
	args := map[string]string{}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			return nil, fmt.Errorf("argument %q is not key=value", s)
		}
		key, rest := s[:eq], s[eq+1:]
		var val string
		if strings.HasPrefix(rest, `"`) {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fmt.Errorf("argument %s: %v", key, err)
			}
			val, _ = strconv.Unquote(q)
			rest = rest[len(q):]
		} else {
			end := strings.IndexByte(rest, ' ')
			if end < 0 {
				end = len(rest)
			}
			val, rest = rest[:end], rest[end:]
		}
		args[key] = val
		s = rest
	}
	return args, nil
}

func intArg(args map[string]string, key string, def int) int {
	v, ok := args[key]
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		panic(fmt.Sprintf("argument %s=%q is not an integer", key, v))
	}
	return n
}

func (r *traceRunner) run(t *testing.T, line string) string {
	t.Helper()
	name, rest, _ := strings.Cut(line, " ")
	args := map[string]string{}
	if name != "accept" { // accept takes free text
		var err error
		if args, err = traceArgs(rest); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	before := snapshot(t, r.m)
	wasTerminal := r.m.IsTerminal()
	var (
		mv    Move
		err   error
		out   string
		moved = true // the command is a feed that returns a Move
	)
	switch name {
	case "policy":
		p := DefaultPolicy()
		p.MaxTurns = intArg(args, "max_turns", p.MaxTurns)
		p.ContextWindow = intArg(args, "window", p.ContextWindow)
		p.CompactThreshold = intArg(args, "threshold", p.CompactThreshold)
		if v, ok := args["auto"]; ok {
			p.AutoCompact = v == "true"
		}
		if v, ok := args["tools"]; ok {
			r.tools = strings.Split(v, ",")
		}
		r.p = p
		return fmt.Sprintf("max_turns=%d window=%d threshold=%d auto=%v tools=%s", p.MaxTurns, p.ContextWindow, p.CompactThreshold, p.AutoCompact, strings.Join(r.tools, ","))
	case "new":
		var hist []Message
		for i := range intArg(args, "history", 0) {
			if i%2 == 0 {
				hist = append(hist, UserMessage(fmt.Sprintf("earlier %d", i/2)))
			} else {
				hist = append(hist, answerMsg(fmt.Sprintf("earlier answer %d", i/2)))
			}
		}
		r.m = NewMachine(hist)
		return r.describeState()
	case "accept":
		mv, err = r.m.AcceptInput(rest)
	case "next":
		s1, s2 := r.m.NextStep(r.p), r.m.NextStep(r.p)
		if !stepsEqual(s1, s2) {
			t.Errorf("NextStep answered %+v then %+v", s1, s2)
		}
		out, moved = describeTraceStep(s1), false
	case "begin":
		// "begin" acknowledges what NextStep answers; "begin kind=… turn=…
		// reason=… outcome=…" acknowledges some other step.
		step := r.m.NextStep(r.p)
		if k, ok := args["kind"]; ok {
			step = Step{Kind: StepKind(k), Turn: intArg(args, "turn", 0), Reason: CompactReason(args["reason"]), Outcome: Outcome{Name: OutcomeName(args["outcome"])}}
		}
		mv, err = r.m.Begin(step, r.p)
	case "model":
		msg := answerMsg(args["text"])
		if calls, ok := args["calls"]; ok {
			msg = toolCallMsg(strings.Split(calls, ",")...)
			msg.Content = args["text"]
		}
		mv, err = r.m.ModelResponse(msg, intArg(args, "tokens", 0), r.tools)
	case "results":
		mv, err = r.m.ToolResults(resultsFor(r.m.NextStep(r.p).Calls), intArg(args, "tokens", 0))
	case "compacted":
		var hist []Message
		for i := range intArg(args, "history", 1) {
			hist = append(hist, UserMessage(fmt.Sprintf("summary %d", i)))
		}
		mv, err = r.m.CompactionResult(hist, intArg(args, "before", 0), intArg(args, "after", 0))
	case "noop":
		mv, err = r.m.CompactionNoop(intArg(args, "before", 0), intArg(args, "after", 0))
	case "tokens":
		err, moved = r.m.SetContextTokens(intArg(args, "n", 0)), false
	case "cancel":
		err, moved = r.m.Cancel(), false
	case "fail":
		var le *LoopError
		switch args["kind"] {
		case "ContextExceeded":
			le = ContextExceeded(intArg(args, "used", 0), intArg(args, "limit", 0))
		default:
			le = &LoopError{Kind: ErrorKind(args["kind"]), Status: intArg(args, "status", 0), Message: args["msg"]}
		}
		mv, err = r.m.Fail(le)
	case "commit":
		err, moved = r.m.Commit(), false
	case "discard":
		err, moved = r.m.Discard(), false
	case "state":
		return r.describeState()
	case "error":
		if !r.m.IsTerminal() {
			return "not terminal"
		}
		le := r.m.State().Outcome.Error(r.p.MaxTurns)
		if le == nil {
			return "none"
		}
		return fmt.Sprintf("%s: %s", le.Kind, le.Message)
	default:
		t.Fatalf("unknown trace command %q", line)
	}
	after := snapshot(t, r.m)
	switch {
	case err != nil:
		if !errors.Is(err, ErrIllegalFeed) {
			t.Errorf("%s: error %v is not an illegal feed", line, err)
		}
		if after != before {
			t.Errorf("%s: a refused feed changed the machine", line)
		}
		out = "error: " + err.Error()
	case out != "":
	case !moved:
		out = "ok"
	case mv.Moved():
		out = describeTraceMove(mv)
	default:
		out = "no move"
	}
	if wasTerminal && name != "accept" && name != "commit" && name != "discard" {
		if !r.m.IsTerminal() || after != before {
			t.Errorf("%s: a terminal machine changed", line)
		}
	}
	assertRoundTrip(t, r.m, r.p)
	return out
}

func describeTraceState(s State) string {
	switch s.Name {
	case StateAwaitingModel, StateAwaitingTools:
		return fmt.Sprintf("%s{turn %d}", s.Name, s.Turn)
	case StateAwaitingCompaction:
		return fmt.Sprintf("%s{%s}", s.Name, s.Reason)
	case StateTerminal:
		return fmt.Sprintf("%s{%s}", s.Name, describeOutcome(*s.Outcome))
	}
	return string(s.Name)
}

func describeOutcome(o Outcome) string {
	s := string(o.Name)
	if o.FinalText != "" {
		s += fmt.Sprintf(" %q", o.FinalText)
	}
	if o.Err != nil {
		s += fmt.Sprintf(" %s", o.Err.Kind)
		if o.Err.Kind == KindContextExceeded {
			s += fmt.Sprintf("{used %d, limit %d}", o.Err.Used, o.Err.Limit)
		}
	}
	return s
}

func describeTraceMove(mv Move) string {
	return fmt.Sprintf("move %s -> %s  event=%s turn=%d", describeTraceState(mv.From), describeTraceState(mv.To), mv.Event, mv.Turn)
}

func describeTraceStep(s Step) string {
	switch s.Kind {
	case StepCallLLM:
		return fmt.Sprintf("CallLLM{turn %d}", s.Turn)
	case StepCallTools:
		var calls []string
		for _, c := range s.Calls {
			d := fmt.Sprintf("%s %s", c.Call.ID, c.Call.Name)
			if c.Preresolved != nil {
				d += fmt.Sprintf(" (ready: %q)", c.Preresolved.Content)
			}
			calls = append(calls, d)
		}
		return fmt.Sprintf("CallTools{turn %d}: %s", s.Turn, strings.Join(calls, "; "))
	case StepCompact:
		return fmt.Sprintf("Compact{%s}", s.Reason)
	}
	return fmt.Sprintf("Done{%s}", describeOutcome(s.Outcome))
}

func describeMessages(msgs []Message) string {
	parts := []string{fmt.Sprintf("(%d)", len(msgs))}
	for _, m := range msgs {
		var d string
		switch {
		case len(m.ToolCalls) > 0:
			var names []string
			for _, c := range m.ToolCalls {
				names = append(names, c.Name)
			}
			d = fmt.Sprintf("%s[%s]", m.Role, strings.Join(names, ","))
		case m.IsError:
			d = fmt.Sprintf("%s!%q", m.Role, m.Content)
		default:
			d = fmt.Sprintf("%s%q", m.Role, m.Content)
		}
		parts = append(parts, d)
	}
	if len(msgs) > 0 {
		parts[0] += ":"
	}
	return strings.Join(parts, " ")
}

func (r *traceRunner) describeState() string {
	m := r.m
	return fmt.Sprintf("%s turns=%d tokens=%d cancelled=%v\nhistory %s\npending %s",
		describeTraceState(m.State()), m.TurnsTaken(), m.ContextTokens(), m.IsCancelled(),
		describeMessages(m.History()), describeMessages(m.Pending()))
}

// TestTraceFormatRoundTrips keeps the golden files' format stable: parsing
// and formatting a trace gives it back byte for byte.
func TestTraceFormatRoundTrips(t *testing.T) {
	const text = "# a comment\nnext\n----\nCallLLM{turn 0}\n\ncancel\n----\nok\n"
	blocks, err := parseTrace(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := formatTrace(blocks); got != text {
		t.Errorf("format(parse(x)) = %q, want %q", got, text)
	}
	if _, err := parseTrace("next\nCallLLM\n"); err == nil {
		t.Errorf("a command without ---- parsed")
	}
}
