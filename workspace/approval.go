package workspace

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/loopls/loopls/engine"
)

// Decision is the user's answer to an approval request. The values are the
// option kinds ACP and loopls/approve use.
type Decision string

// The decisions.
const (
	DecisionAllowOnce    Decision = "allow_once"
	DecisionAllowAlways  Decision = "allow_always"
	DecisionRejectOnce   Decision = "reject_once"
	DecisionRejectAlways Decision = "reject_always"
	// DecisionCancelled means the request was withdrawn or dismissed
	// without an answer; it refuses.
	DecisionCancelled Decision = "cancelled"
)

// Allows reports whether d lets the command run.
func (d Decision) Allows() bool { return d == DecisionAllowOnce || d == DecisionAllowAlways }

// ApprovalRequest is what the user is asked about.
type ApprovalRequest struct {
	RunID engine.RunID
	Call  engine.ToolCall
	// Command is the whole command line.
	Command string
	// Unapproved are the parts of Command not on the allow list.
	Unapproved []string
}

// Approver asks the user. Approve blocks until the user answers or ctx is
// done (then it returns DecisionCancelled or ctx's error).
type Approver interface {
	Approve(ctx context.Context, req ApprovalRequest) (Decision, error)
}

// Reachability is an optional interface of an Approver that may have no one
// to ask (an editor that can show neither loopls/approve nor
// window/showMessageRequest). When CanAsk is false the Workspace treats the
// Approver as absent: run_command is offered only with allowCommands, and
// what needs approval is refused without calling Approve.
type Reachability interface {
	CanAsk() bool
}

// canAsk reports whether a can be asked at all.
func canAsk(a Approver) bool {
	if a == nil {
		return false
	}
	if r, ok := a.(Reachability); ok {
		return r.CanAsk()
	}
	return true
}

// ErrUnparsable reports a command line the shell parser rejects; such a
// line always needs approval.
var ErrUnparsable = errors.New("command line does not parse as a shell command")

// part is one simple command found in a command line.
type part struct {
	text string
	// words are the literal words of the command (nil when the command
	// name is not a plain literal, e.g. "$X" or a quoted word).
	words []string
	// alwaysAsk marks parts no allow list entry can cover: variable
	// assignments before a command (PATH=. ls), function definitions.
	alwaysAsk bool
}

// CommandParts returns every simple command in cmdline, as written: the
// commands joined by pipes, &&, ||, ; and newlines, those inside $(…),
// backticks and process substitutions, and those in loops, conditions,
// functions and subshells. Redirections are not parts (commands inside them
// are), except a write that may land outside the workspace ("> ~/.bashrc",
// "> /etc/x", "> $F"), which is a part no allow list covers.
func CommandParts(cmdline string) ([]string, error) {
	parts, err := commandParts(cmdline)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p.text
	}
	return out, nil
}

func commandParts(cmdline string) ([]part, error) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmdline), "")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnparsable, err)
	}
	src := func(n syntax.Node) string {
		s, e := int(n.Pos().Offset()), int(n.End().Offset())
		if s < 0 || e > len(cmdline) || s > e {
			return ""
		}
		return cmdline[s:e]
	}
	var parts []part
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			p := part{text: src(n), alwaysAsk: len(n.Assigns) > 0}
			if len(n.Args) == 0 {
				// A bare assignment (X=$(cmd)): the commands inside
				// are parts of their own; the assignment changes only
				// this shell.
				return true
			}
			for _, w := range n.Args {
				lit, ok := wordLit(w)
				if !ok {
					break
				}
				p.words = append(p.words, lit)
			}
			if len(p.words) == 0 {
				p.words = nil
			}
			if runsOtherCommands(n, p.words) {
				p.alwaysAsk = true
			}
			parts = append(parts, p)
		case *syntax.DeclClause:
			p := part{text: src(n)}
			if n.Variant != nil {
				p.words = []string{n.Variant.Value}
			}
			parts = append(parts, p)
		case *syntax.LetClause:
			parts = append(parts, part{text: src(n), words: []string{"let"}})
		case *syntax.FuncDecl:
			text := src(n)
			if n.Name != nil {
				text = "function " + n.Name.Value
			}
			parts = append(parts, part{text: text, alwaysAsk: true})
		case *syntax.Redirect:
			if writesOutside(n) {
				parts = append(parts, part{text: src(n), alwaysAsk: true})
			}
		case *syntax.CoprocClause:
			parts = append(parts, part{text: src(n), alwaysAsk: true})
		}
		return true
	})
	return parts, nil
}

// launchers are commands whose arguments name another command to run (or
// code to evaluate). Allowing one by name would allow everything, so a part
// that launches something through them is always asked for.
var launchers = map[string]bool{
	"env": true, "sudo": true, "doas": true, "su": true, "nohup": true, "nice": true, "ionice": true,
	"timeout": true, "time": true, "xargs": true, "exec": true, "eval": true, "command": true,
	"builtin": true, "stdbuf": true, "setsid": true, "watch": true, "parallel": true, "chroot": true,
	"flock": true, "unbuffer": true, "script": true, "strace": true, "ltrace": true, "busybox": true,
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "source": true, ".": true,
}

// runsOtherCommands reports whether the call runs a command named in its
// arguments: a launcher with arguments, or find with an action that runs or
// deletes. "exec 3>file" (exec with only redirections) runs nothing.
func runsOtherCommands(n *syntax.CallExpr, words []string) bool {
	if len(n.Args) == 0 {
		return false
	}
	name, _ := wordLit(n.Args[0])
	if launchers[name] && len(n.Args) > 1 {
		return true
	}
	if name == "find" {
		for _, w := range words {
			switch w {
			case "-exec", "-execdir", "-ok", "-okdir", "-delete":
				return true
			}
		}
		// A word that is not a fixed string might become one of those
		// actions: an expansion, or an unquoted glob matching a file
		// named "-delete".
		if len(words) < len(n.Args) {
			return true
		}
		for _, w := range n.Args {
			if lit := w.Lit(); lit != "" && strings.ContainsAny(lit, "*?[") {
				return true
			}
		}
	}
	return false
}

// harmlessTargets are files any command may write to without asking.
var harmlessTargets = map[string]bool{"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true}

// writesOutside reports whether a redirection writes to a file that may be
// outside the workspace: an absolute path (other than /dev/null and the
// standard streams), one under ~ or climbing with "..", or a name only known
// when the shell expands it. "go test ./... > out.txt" writes inside and is
// no reason to ask; "ls > ~/.bashrc" is.
func writesOutside(r *syntax.Redirect) bool {
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrInOut, syntax.RdrClob, syntax.AppClob,
		syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob:
	case syntax.DplOut:
		// >&2 and >&- duplicate or close a descriptor; >&file writes a file.
		if lit, ok := wordLit(r.Word); ok && (lit == "-" || strings.Trim(lit, "0123456789") == "") {
			return false
		}
	default:
		return false
	}
	if r.Word == nil {
		return true
	}
	target, ok := wordLit(r.Word)
	if !ok || strings.HasPrefix(target, "~") {
		return true
	}
	if strings.HasPrefix(target, "/") {
		return !harmlessTargets[target]
	}
	for _, elem := range strings.Split(target, "/") {
		if elem == ".." {
			return true
		}
	}
	return false
}

// wordLit returns the fixed string a shell word stands for, when it is one:
// plain text and quoted text without expansions ('*.go', "a b"). Words
// with parameters, command substitutions or arithmetic are not.
func wordLit(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false // $'…' has escapes to decode: not worth trusting
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", false // $"…" is translated by the locale
			}
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(lit.Value)
			}
		default:
			return "", false
		}
	}
	if b.Len() == 0 {
		return "", false
	}
	return b.String(), true
}

// NeedsApproval returns the parts of cmdline not covered by allowed. An entry
// of allowed is a command name ("ls") or a command with leading arguments
// ("go test", "git status"); it covers a part whose literal words begin with
// it. Parts no entry can cover are always returned: those with variable
// assignments before the command (PATH=. ls), function definitions, and
// commands that run other commands given as arguments (env, sudo, xargs,
// sh -c, find -exec, …). A line that does not parse returns ErrUnparsable
// (ask for it whole).
func NeedsApproval(cmdline string, allowed []string) (unapproved []string, err error) {
	parts, err := commandParts(cmdline)
	if err != nil {
		return []string{cmdline}, err
	}
	for _, p := range parts {
		if !covered(p, allowed) {
			unapproved = append(unapproved, p.text)
		}
	}
	return unapproved, nil
}

func covered(p part, allowed []string) bool {
	if p.alwaysAsk || len(p.words) == 0 {
		return false
	}
	for _, entry := range allowed {
		fields := strings.Fields(entry)
		if len(fields) == 0 || len(fields) > len(p.words) {
			continue
		}
		match := true
		for i, f := range fields {
			if p.words[i] != f {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
