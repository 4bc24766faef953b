package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/loopls/loopls/config"
)

// setFlags collects repeated --set KEY=VALUE flags.
type setFlags []string

func (f *setFlags) String() string { return strings.Join(*f, " ") }
func (f *setFlags) Set(v string) error {
	*f = append(*f, v)
	return nil
}

const setUsage = "set any setting, e.g. --set maxTurns=20 --set 'allowedCommands=[\"go test\"]' (repeatable; docs/config.md)"

// loadSettings composes a command's settings (docs/config.md): the
// defaults, the user file, root's project file (read through an os.Root of
// root) and the environment, each problem a warning on stderr; then the
// command line: the --set assignments and the command's own flags (top). A
// bad flag value is an error.
func loadSettings(root string, sets setFlags, top func(*config.Settings), stderr io.Writer, cmd string) (config.Settings, error) {
	var r *os.Root
	if root != "" {
		if rr, err := os.OpenRoot(root); err == nil {
			r = rr
			defer r.Close()
		}
	}
	s, problems := config.Standard(r).Load()
	for _, p := range problems {
		fmt.Fprintf(stderr, "loopls %s: warning: %v\n", cmd, p)
	}
	for _, a := range sets {
		if err := s.Set(a); err != nil {
			return s, fmt.Errorf("--set %v", err)
		}
	}
	if top != nil {
		top(&s)
	}
	return s, nil
}
