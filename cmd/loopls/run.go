package main

import (
	"fmt"
	"io"
)

// cmdRun is not built yet; its owner replaces this file.
func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "loopls run: not built yet")
	return 1
}
