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

// releaseVersion is the one answer to "which release is this", for
// `loopls version`, serve's serverInfo, ACP's agentInfo and the MCP
// clientInfo alike: main.version when -ldflags set it; else the module
// version of a tagged release installed with 'go install …@vX'; else "dev"
// (a pseudo-version stamped from a checkout says less than the commit
// `loopls version` prints).
func releaseVersion() string {
	if version != "dev" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if mv := bi.Main.Version; mv != "" && mv != "(devel)" && !module.IsPseudoVersion(mv) {
			return mv
		}
	}
	return "dev"
}

// versionString says which loopls this is: the release, the toolchain and
// the commit it was built from.
func versionString() string {
	v := releaseVersion()
	rev, modified := "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
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
