package session

import (
	"errors"
	"fmt"
	"strings"

	"github.com/loopls/loopls/workspace"
)

// ContextRef names text the user attaches to a prompt: a file, or some of
// its lines. loopls/run's "context", loopls run --context FILE[:L1-L2] and
// ACP resource links all become ContextRefs.
type ContextRef struct {
	// URI is a file:// URI, or a path relative to the workspace root (or
	// absolute inside it).
	URI string
	// Lines is the 1-based, inclusive line range to attach; nil attaches
	// the whole file.
	Lines *LineRange
}

// LineRange is a 1-based, inclusive range of lines.
type LineRange struct{ Start, End int }

// Attached says what one ContextRef attached: the label the model saw, and
// what loopls/session and loopls/runStarted report.
type Attached struct {
	// Path is relative to the workspace root, slash-separated.
	Path string `json:"path"`
	// StartLine and EndLine are the 1-based inclusive lines attached.
	StartLine int `json:"startLine"`
	EndLine   int `json:"endLine"`
	// Source is "buffer" (the editor's unsaved text) or "disk".
	Source string `json:"source"`
	// Bytes is how much of the text reached the model.
	Bytes int `json:"bytes"`
	// Truncated says the size cap cut this entry (Omitted: left it out).
	Truncated bool `json:"truncated,omitempty"`
	Omitted   bool `json:"omitted,omitempty"`
}

// Caps of attached context.
const (
	// MaxContextRefs is how many entries one run may attach.
	MaxContextRefs = 32
	// MaxContextBytes is how much attached text one prompt carries in all;
	// what is past it is cut, and the prompt says what was cut.
	MaxContextBytes = 64 << 10
)

// ErrBadContext reports attached context that cannot be read: a path
// outside the workspace, a missing or binary file, a bad line range. The
// run does not start.
var ErrBadContext = errors.New("attached context cannot be used")

// attachment is one ContextRef read and cut to its lines.
type attachment struct {
	Attached
	text string
}

// readContext reads every ref, in order, confined to the workspace. Any
// error refuses the whole request: nothing runs on half the context.
func readContext(ws *workspace.Workspace, refs []ContextRef) ([]attachment, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	if len(refs) > MaxContextRefs {
		return nil, fmt.Errorf("%w: %d entries, at most %d", ErrBadContext, len(refs), MaxContextRefs)
	}
	if ws == nil {
		return nil, fmt.Errorf("%w: there is no workspace to read it from", ErrBadContext)
	}
	out := make([]attachment, 0, len(refs))
	for i, ref := range refs {
		if strings.TrimSpace(ref.URI) == "" {
			return nil, fmt.Errorf("%w: context[%d]: uri is required", ErrBadContext, i)
		}
		rel, text, open, err := ws.ReadDocument(ref.URI)
		if err != nil {
			return nil, fmt.Errorf("%w: context[%d] (%s): %w", ErrBadContext, i, ref.URI, err)
		}
		lines := strings.SplitAfter(text, "\n")
		if n := len(lines); n > 0 && lines[n-1] == "" {
			lines = lines[:n-1]
		}
		start, end := 1, len(lines)
		if ref.Lines != nil {
			start, end = ref.Lines.Start, ref.Lines.End
			if start < 1 || end < start {
				return nil, fmt.Errorf("%w: context[%d] (%s): line range %d-%d: lines count from 1 and the end may not come before the start", ErrBadContext, i, rel, start, end)
			}
			if start > max(len(lines), 1) {
				return nil, fmt.Errorf("%w: context[%d] (%s): line %d is past the end (%d lines)", ErrBadContext, i, rel, start, len(lines))
			}
			end = min(end, len(lines))
		}
		body := ""
		if len(lines) > 0 {
			body = strings.Join(lines[start-1:end], "")
		}
		src := "disk"
		if open {
			src = "buffer"
		}
		out = append(out, attachment{Attached: Attached{Path: rel, StartLine: start, EndLine: max(end, start), Source: src}, text: body})
	}
	return out, nil
}

// withContext returns the user message: the prompt, then each attachment
// labelled with its path and lines, within MaxContextBytes. It fills in
// Bytes, Truncated and Omitted.
func withContext(prompt string, atts []attachment) (string, []Attached) {
	if len(atts) == 0 {
		return prompt, nil
	}
	var b strings.Builder
	b.WriteString(prompt)
	b.WriteString("\n\nThe user attached this context:\n")
	budget := MaxContextBytes
	var cut []string
	report := make([]Attached, len(atts))
	for i, a := range atts {
		label := fmt.Sprintf("%s, lines %d-%d", a.Path, a.StartLine, a.EndLine)
		if a.Source == "buffer" {
			label += " (unsaved editor buffer)"
		}
		text := a.text
		if budget <= 0 {
			a.Omitted = true
			cut = append(cut, label+": left out")
			report[i] = a.Attached
			continue
		}
		if len(text) > budget {
			text, _ = capText(text, budget)
			a.Truncated = true
			cut = append(cut, fmt.Sprintf("%s: cut after %d of %d bytes", label, len(text), len(a.text)))
		}
		budget -= len(text)
		a.Bytes = len(text)
		report[i] = a.Attached
		fence := "```"
		for strings.Contains(text, fence) {
			fence += "`"
		}
		fmt.Fprintf(&b, "\nFile: %s\n%s\n%s", label, fence, text)
		if !strings.HasSuffix(text, "\n") {
			b.WriteString("\n")
		}
		b.WriteString(fence + "\n")
	}
	if len(cut) > 0 {
		fmt.Fprintf(&b, "\n[loopls: the attached context is capped at %d bytes; %s. Use read_file for the rest.]\n",
			MaxContextBytes, strings.Join(cut, "; "))
	}
	return b.String(), report
}
