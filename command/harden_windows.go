//go:build windows

package command

import "syscall"

// Windows: no confined child to harden; a program dies with its Job
// (internal/proctree), not by a parent-death signal.

func hardenShell() {}

func closeInheritedOnExec() {}

func dieWithParent(*syscall.SysProcAttr) {}
