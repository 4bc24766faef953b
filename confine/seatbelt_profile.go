package confine

import (
	"fmt"
	"os"
	"strings"
)

// The Seatbelt profile is plain text, made on any system, so that
// seatbelt_profile_test.go checks it on Linux too: it has never run on a
// Mac (docs/security.md). seatbelt_darwin.go hands it to sandbox-exec.

// profile is the Seatbelt profile for s: reads of everything but the home
// directory (the workspace and s.Read excepted), writes only under s.Write
// and to the null device, none under s.ReadOnly, no network.
func profile(s Spec) string {
	var b strings.Builder
	b.WriteString("(version 1)\n(deny default)\n")
	b.WriteString("(allow process-exec process-fork)\n(allow signal (target same-sandbox))\n")
	b.WriteString("(allow sysctl-read)\n(allow mach-lookup)\n(allow ipc-posix-shm)\n")
	b.WriteString("(allow file-read*)\n")
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		fmt.Fprintf(&b, "(deny file-read* (subpath %s))\n", quote(home))
	}
	for _, p := range append(append([]string{s.Exe}, s.Read...), s.Write...) {
		fmt.Fprintf(&b, "(allow file-read* (subpath %s))\n", quote(p))
	}
	b.WriteString("(allow file-write* (literal \"/dev/null\") (literal \"/dev/zero\"))\n")
	for _, p := range s.Write {
		fmt.Fprintf(&b, "(allow file-write* (subpath %s))\n", quote(p))
	}
	for _, p := range s.ReadOnly {
		fmt.Fprintf(&b, "(deny file-write* (subpath %s))\n", quote(p))
	}
	b.WriteString("(deny network*)\n")
	return b.String()
}

// quote is a Seatbelt string literal.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
