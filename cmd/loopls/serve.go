package main

import (
	"fmt"
	"io"
)

// cmdServe is not built yet; its owner replaces this file.
func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "loopls serve: not built yet")
	return 1
}
