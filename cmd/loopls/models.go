package main

import (
	"fmt"
	"io"
)

// cmdModels is not built yet; its owner replaces this file.
func cmdModels(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "loopls models: not built yet")
	return 1
}
