//go:build unix && !linux

package command

import "syscall"

func hardenShell() {}

// closeInheritedOnExec marks every descriptor above 2 close-on-exec.
func closeInheritedOnExec() { closeListedOnExec("/dev/fd") }

func dieWithParent(*syscall.SysProcAttr) {}
