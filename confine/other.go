//go:build !linux && !darwin

package confine

import (
	"os/exec"
	"runtime"
)

// Stage1Arg is the first argument of the confined child; there is none on
// this platform.
const Stage1Arg = "__loopls_confine"

// LandlockABI is 0: Landlock is Linux's.
func LandlockABI() int { return 0 }

// Probe reports that nothing confines commands on this platform.
func Probe(string) Status {
	return Status{Level: None, Why: "no kernel confinement for " + runtime.GOOS + " in loopls yet"}
}

// Command is never used where Probe reports None; it returns a command
// that fails to start.
func Command(s Spec) *exec.Cmd { return exec.Command("") }
