//go:build !linux

package command

import (
	"context"
	"errors"
	"log/slog"

	"github.com/loopls/loopls/confine"
)

// lineLayer: there is no layer but on Linux (an overlay in the child's
// own mount namespace).
type lineLayer struct{}

func newLineLayer(context.Context, Config) (*lineLayer, error) {
	return nil, errors.New("no layer on this system")
}

func (*lineLayer) spec(string) *confine.Layer { return nil }

func (c *commandRun) applyLayer(context.Context, *lineLayer) {}

// SweepLayers: no layers here.
func SweepLayers(*slog.Logger) {}
