//go:build windows

package command

import (
	"context"
	"fmt"
	"os"

	"mvdan.cc/sh/v3/interp"
)

// Windows has no confined shell (no kernel confinement: every command is
// asked, command.go), so nothing hands files over a socket: these are
// never reached, and say so if they are.

func (b *fileBox) receive(sock *os.File) { sock.Close() }

func (g *pipeGate) run(ctx context.Context, hc interp.HandlerContext, token uint64) error {
	return fmt.Errorf("%w: no confined shell on Windows", ErrRefused)
}
