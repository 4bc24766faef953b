package main

import (
	"fmt"
	"io"
)

// cmdTrace is not built yet; its owner replaces this file.
func cmdTrace(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "loopls trace: not built yet")
	return 1
}
