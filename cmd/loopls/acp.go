package main

import (
	"fmt"
	"io"
)

// cmdACP is not built yet; its owner replaces this file.
func cmdACP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "loopls acp: not built yet")
	return 1
}
