//go:build !linux

package workspace

import "syscall"

func hardenShell() {}

func dieWithParent(*syscall.SysProcAttr) {}
