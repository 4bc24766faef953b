// Package runtrace reads the trace files 'loopls run --trace' writes (one
// engine.Transition as JSON per line) and draws them: a mermaid
// stateDiagram-v2 of the run, or a table. It is its own package so that its
// parser can be fuzzed without instrumenting all of loopls.
package runtrace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// ErrNotTrace marks a file that cannot be read as a trace.
var ErrNotTrace = errors.New("not a loopls trace")

// maxTraceLine bounds one line of a trace: a transition is small, but an
// error message may carry a provider's whole answer.
const maxTraceLine = 4 << 20

// Parse reads transitions, one JSON object per line; blank lines are
// skipped. A line that is not a transition is an error naming its number.
func Parse(r io.Reader) ([]engine.Transition, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxTraceLine)
	var out []engine.Transition
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var t engine.Transition
		dec := json.NewDecoder(bytes.NewReader(line))
		if err := dec.Decode(&t); err != nil {
			return nil, fmt.Errorf("line %d: %w: %v", n, ErrNotTrace, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("line %d: %w: more than one value on the line", n, ErrNotTrace)
		}
		if t.From == "" || t.To == "" || t.Event == "" {
			return nil, fmt.Errorf("line %d: %w: a transition needs from, to and event", n, ErrNotTrace)
		}
		out = append(out, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read trace: %w", err)
	}
	return out, nil
}

// Runs lists the run ids of a trace in order of first appearance.
func Runs(ts []engine.Transition) []machine.RunID {
	var ids []machine.RunID
	seen := map[machine.RunID]bool{}
	for _, t := range ts {
		if !seen[t.RunID] {
			seen[t.RunID] = true
			ids = append(ids, t.RunID)
		}
	}
	return ids
}

// Pick keeps the transitions of one run: the one named, or the only one.
func Pick(ts []engine.Transition, id machine.RunID) ([]engine.Transition, error) {
	ids := Runs(ts)
	if id == "" {
		if len(ids) > 1 {
			var names []string
			for _, x := range ids {
				names = append(names, string(x))
			}
			return nil, fmt.Errorf("the trace holds %d runs (%s): pick one with --run ID", len(ids), strings.Join(names, ", "))
		}
		return ts, nil
	}
	var out []engine.Transition
	for _, t := range ts {
		if t.RunID == id {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("run %q is not in the trace", id)
	}
	return out, nil
}

// mermaidName is how a state is spelled in the diagram: state names are
// identifiers already; anything else (a hand-edited trace) is quoted away.
func mermaidName(s machine.StateName) string {
	var b strings.Builder
	for _, r := range string(s) {
		if r == '_' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "Unknown"
	}
	return b.String()
}

// mermaidLabel keeps a label to characters that cannot end it or start
// mermaid syntax (colons, semicolons, braces, arrows, newlines).
func mermaidLabel(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ':', ';', '{', '}', '<', '>', '"', '#', '\n', '\r', '|', '[', ']', '`':
			return ' '
		}
		return r
	}, s)
}

// Mermaid draws one run as a mermaid stateDiagram-v2: the entry, one
// edge per transition labelled with its number, event and turn (and the
// outcome on the edge into Terminal), and the exit.
func Mermaid(w io.Writer, ts []engine.Transition) error {
	var b strings.Builder
	b.WriteString("stateDiagram-v2\n")
	if len(ts) > 0 {
		fmt.Fprintf(&b, "    %%%% run %s, session %s\n", mermaidLabel(string(ts[0].RunID)), mermaidLabel(string(ts[0].SessionID)))
	}
	b.WriteString("    [*] --> Start\n")
	terminal := false
	for i, t := range ts {
		label := fmt.Sprintf("%d %s, turn %d", i+1, t.Event, t.Turn)
		if t.Outcome != "" {
			label += ", " + string(t.Outcome)
		}
		fmt.Fprintf(&b, "    %s --> %s: %s\n", mermaidName(t.From), mermaidName(t.To), mermaidLabel(label))
		if t.To == machine.StateTerminal {
			terminal = true
		}
	}
	if terminal {
		b.WriteString("    Terminal --> [*]\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Table prints one line per transition.
func Table(w io.Writer, ts []engine.Transition) error {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "%3d  %-18s → %-18s  %-17s turn %-3d ctx %d", t.Seq, t.From, t.To, t.Event, t.Turn, t.ContextTokens)
		if t.Outcome != "" {
			fmt.Fprintf(&b, "  %s", t.Outcome)
		}
		if t.Error != nil {
			fmt.Fprintf(&b, " (%s: %s)", t.Error.Kind, t.Error.Message)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
