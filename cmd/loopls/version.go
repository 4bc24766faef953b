package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"golang.org/x/mod/module"
)

// version is the release, set at build time:
//
//	go build -ldflags "-X main.version=v0.1.0" ./cmd/loopls
var version = "dev"

const versionUsage = `Usage: loopls version

Prints the version of loopls, the Go toolchain that built it and the commit
it was built from.

`

// versionString says which loopls this is. A binary installed with
// 'go install …@vX' knows its module version even without -ldflags.
func versionString() string {
	v := version
	rev, modified := "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		// A tagged release installed with go install names itself; a
		// pseudo-version (stamped from a checkout) says less than the
		// commit printed below, so "dev" stays.
		if mv := bi.Main.Version; v == "dev" && mv != "" && mv != "(devel)" && !module.IsPseudoVersion(mv) {
			v = mv
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	out := "loopls " + v + " (" + runtime.Version()
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		out += ", commit " + rev
		if modified {
			out += "+dirty"
		}
	}
	return out + ", " + runtime.GOOS + "/" + runtime.GOARCH + ")"
}

// cmdVersion implements 'loopls version'.
func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	pos, code, ok := parseFlags(fs, args, versionUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "loopls version: takes no arguments\n")
		return 2
	}
	fmt.Fprintln(stdout, versionString())
	return 0
}
