//go:build !linux

package command

import "github.com/loopls/loopls/confine"

// lineBounds are the bounds of one line's programs together (Linux's
// sizes them from the machine; here they are fixed).
func lineBounds(bool) confine.Bounds { return confine.Bounds{Procs: 4096, Memory: 4 << 30} }
