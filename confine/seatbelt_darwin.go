package confine

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
)

// sandboxExec is macOS's Seatbelt front end.
const sandboxExec = "/usr/bin/sandbox-exec"

// LandlockABI is 0: Landlock is Linux's.
func LandlockABI() int { return 0 }

// Probe reports Seatbelt where sandbox-exec is there. It is not run here:
// this path is untested on the project's machines (see docs/security.md).
func Probe(string) Status {
	if _, err := os.Stat(sandboxExec); err != nil {
		return Status{Level: None, Why: sandboxExec + " is missing"}
	}
	return Status{Level: Seatbelt}
}

// apply does nothing on macOS: sandbox-exec has applied the profile
// before the first stage runs. There is no layer here (no overlay).
func apply(s Spec) error {
	if s.Layer != nil {
		return fmt.Errorf("no layer on macOS")
	}
	return nil
}

// Command runs the first stage under sandbox-exec with the profile for s.
func Command(s Spec) *exec.Cmd {
	cmd := exec.Command(sandboxExec, "-p", profile(s), s.Exe, Stage1Arg)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}

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
