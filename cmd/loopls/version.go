package main

import (
	"fmt"
	"io"
)

// cmdVersion is not built yet; its owner replaces this file.
func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "loopls version: not built yet")
	return 1
}
