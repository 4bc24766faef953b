package confine

import (
	"fmt"
	"os"
	"os/exec"
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
