package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// parseFlags parses args with fs, letting flags and positional arguments mix
// ("loopls run fix it --max-turns 3"); everything after "--" is positional.
// It returns the positional arguments; when ok is false the command is over
// and code is its exit code (0 for --help, which prints usage on stdout; 2 for
// a bad flag, reported on stderr).
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (pos []string, code int, ok bool) {
	fs.SetOutput(io.Discard)
	var rest []string
	for i, a := range args {
		if a == "--" {
			args, rest = args[:i], args[i+1:]
			break
		}
	}
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stdout, fs, usage)
			return nil, 0, false
		}
		if err != nil {
			fmt.Fprintf(stderr, "loopls %s: %v\n\n", fs.Name(), err)
			printUsage(stderr, fs, usage)
			return nil, 2, false
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	return append(pos, rest...), 0, true
}

// printUsage writes a command's usage text and its flags.
func printUsage(w io.Writer, fs *flag.FlagSet, usage string) {
	fmt.Fprint(w, usage)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}
