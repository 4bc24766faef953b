//go:build !linux

package command

import "syscall"

func hardenShell() {}

func dieWithParent(*syscall.SysProcAttr) {}
