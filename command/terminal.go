package command

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A line handed to another shell (an editor's terminal) instead of run
// here: only a simple one, judged before it leaves, and only where the
// kernel confines nothing.

// Simple returns the arguments of a command line that is exactly one
// program with fixed arguments: no expansions, globs, redirections,
// assignments, operators or characters two shells could read differently.
// Only such a line can be judged before it runs in another shell (an
// editor's terminal): see AdmitSimple.
func Simple(cmdline string) ([]string, bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmdline), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	st := f.Stmts[0]
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return nil, false
	}
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, false
	}
	args := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		var b strings.Builder
		for _, part := range w.Parts {
			switch p := part.(type) {
			case *syntax.Lit:
				if strings.Trim(p.Value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./,:@%+=-") != "" {
					return nil, false
				}
				b.WriteString(p.Value)
			case *syntax.SglQuoted:
				if p.Dollar {
					return nil, false
				}
				b.WriteString(p.Value)
			default:
				return nil, false
			}
		}
		args = append(args, b.String())
	}
	if args[0] == "" || shellWords[args[0]] {
		return nil, false
	}
	return args, true
}

// shellWords are builtins and keywords that act on the shell itself (run
// other code, change its state): a line starting with one is never handed
// to another shell as "a program". Builtins that only print or test (echo,
// printf, test, true, pwd) are judged like the programs of the same name.
var shellWords = map[string]bool{
	"cd": true, "exec": true, "eval": true, "source": true, ".": true, "command": true, "builtin": true,
	"export": true, "alias": true, "unalias": true, "trap": true, "set": true, "unset": true, "readonly": true,
	"declare": true, "typeset": true, "local": true, "hash": true, "enable": true, "ulimit": true,
	"umask": true, "shopt": true, "exit": true, "return": true, "wait": true, "type": true,
	"read": true, "mapfile": true, "readarray": true, "getopts": true, "shift": true, "times": true,
	"pushd": true, "popd": true, "dirs": true, "jobs": true, "fg": true, "bg": true, "disown": true,
	"coproc": true, "time": true, "let": true, "fc": true, "history": true, "bind": true,
	"caller": true, "compgen": true, "complete": true, "logout": true, "suspend": true, "function": true,
	"select": true, "if": true, "for": true, "while": true, "until": true, "case": true, "!": true,
	"{": true, "}": true, "[[": true, "((": true,
}

// ErrNotFound reports a program that is not found on the line's PATH.
var ErrNotFound = errors.New("command not found")

// ErrConfinedHere is AdmitSimple's answer while the kernel confines
// commands on this machine: another shell (an editor's terminal) runs
// outside that confinement, so the line must run here, in Run's confined
// child, never be handed over.
var ErrConfinedHere = errors.New("the kernel confines commands here: the line runs in loopls's confined child, not in another shell")

// AdmitSimple judges args, a line Simple accepted that another shell (an
// editor's terminal, with its own environment) will run in the root, as
// the interpreter would judge it, asking the user when needed. That shell
// is outside any confinement, so AdmitSimple admits a line only where the
// kernel confines nothing (and then every program is asked, as Run's are
// there); where it confines, the answer is ErrConfinedHere. It returns the
// line to hand over, re-quoted, so that what runs is what was judged;
// ErrNotFound when the program is not found here, an ErrRefused error when
// it must not run, or ctx's error.
func AdmitSimple(ctx context.Context, cfg Config, cmdline string, args []string) (string, error) {
	st := Confinement()
	if st.Confined() {
		return "", ErrConfinedHere
	}
	c := newCommandRun(cfg, cmdline, Env())
	c.unconfined = st.Why + "; the editor's terminal runs it, outside loopls"
	reasons, _, run, err := c.judge(c.t.dir, nil, args)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	if why := gitRunsProgram(nil, args); why != "" {
		return "", c.refuse(partText(args), why)
	}
	if _, err := c.decide(ctx, partText(args), reasons); err != nil {
		return "", err
	}
	if gitWrites(run) {
		// The terminal's git writes .git unconfined: the same question
		// by name as in the interpreter.
		if _, _, err := c.approveGitDir(ctx, c.t.dir, partText(args), args); err != nil {
			return "", err
		}
	}
	return partText(run), nil
}
