package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/loopls/loopls/cmd/loopls/internal/runtrace"
	"github.com/loopls/loopls/engine/machine"
)

const traceUsage = `Usage: loopls trace [--mermaid] [--run ID] FILE

Reads a trace written by 'loopls run --trace FILE' (one JSON transition per
line) and prints that run's walk through the machine: a table by default,
a mermaid stateDiagram-v2 with --mermaid. Use - as FILE to read stdin.

Flags:
`

// cmdTrace implements 'loopls trace'.
func cmdTrace(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("trace", flag.ContinueOnError)
	mermaid := fs.Bool("mermaid", false, "print a mermaid stateDiagram-v2 of the run")
	runID := fs.String("run", "", "the run to draw when the trace holds several")
	pos, code, ok := parseFlags(fs, args, traceUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "loopls trace: want one trace FILE, got %d arguments\n\n", len(pos))
		printUsage(stderr, fs, traceUsage)
		return 2
	}
	var r io.Reader = os.Stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			fmt.Fprintf(stderr, "loopls trace: %v (write one with: loopls run --trace FILE PROMPT)\n", err)
			return 1
		}
		defer f.Close()
		r = f
	}
	ts, err := runtrace.Parse(r)
	if err != nil {
		fmt.Fprintf(stderr, "loopls trace: %s: %v\n", pos[0], err)
		return 1
	}
	if len(ts) == 0 {
		fmt.Fprintf(stderr, "loopls trace: %s holds no transitions\n", pos[0])
		return 1
	}
	ts, err = runtrace.Pick(ts, machine.RunID(*runID))
	if err != nil {
		fmt.Fprintf(stderr, "loopls trace: %v\n", err)
		return 1
	}
	if *mermaid {
		err = runtrace.Mermaid(stdout, ts)
	} else {
		err = runtrace.Table(stdout, ts)
	}
	if err != nil {
		fmt.Fprintf(stderr, "loopls trace: %v\n", err)
		return 1
	}
	return 0
}
