package command

import (
	"context"
	"os"
	"strings"

	"github.com/loopls/loopls/confine"
)

// The layer: with it on (LayerEnv), a confined line never writes the
// workspace. The child mounts an overlay over the workspace's own path
// whose upper directory is the daemon's (package layer); once the child,
// the PID namespace's init, has been waited for, the daemon walks that
// directory and applies what changed (layer_linux.go), asking for
// protected paths by name and never overwriting or removing what someone
// else changed during the line. Lines of one workspace run one at a time.

// LayerEnv switches the layer. Unset (the default), a confined line's
// writes go to a layer of its own, applied after the line, wherever the
// machine allows one (confine.Status.Layer); where it does not, the line
// runs confined as with the layer off. "on" requires the layer: where none
// can be had, every program is asked. "off" is the escape hatch: a line
// writes the workspace directly, judged by the scans before and after it.
const LayerEnv = "LOOPLS_LAYER"

// layerOn reports whether a line uses the layer where the machine has one:
// unless LayerEnv is "off".
func layerOn() bool { return os.Getenv(LayerEnv) != "off" }

// layerRequired reports whether LayerEnv asks for the layer explicitly, so
// that no line runs unasked without one.
func layerRequired() bool { return os.Getenv(LayerEnv) == "on" }

// Tier is how run_command runs a line on this machine: the one place
// that choice is made, for Run and for loopls doctor.
type Tier int

const (
	// TierLayer: confined, and the line's writes go to a layer of its own
	// that the daemon applies after the line.
	TierLayer Tier = iota
	// TierConfined: confined, the line writes the workspace directly,
	// judged by the scans before and after it.
	TierConfined
	// TierAsk: every program is asked, allow list or not.
	TierAsk
)

// Name is the tier's name in JSON.
func (t Tier) Name() string {
	switch t {
	case TierLayer:
		return "layer"
	case TierConfined:
		return "confined"
	}
	return "ask"
}

// LineTier is the tier of a line given what the kernel enforces (st,
// Confinement's probe) and LayerEnv, and why the layer is not used
// ("" when it is).
func LineTier(st confine.Status) (Tier, string) {
	if !st.Confined() {
		return TierAsk, "commands are not confined: " + st.Why
	}
	if !layerOn() {
		return TierConfined, LayerEnv + "=off"
	}
	if st.Layer {
		return TierLayer, ""
	}
	why := st.LayerWhy
	switch {
	case st.Level == confine.Seatbelt:
		why = "no overlay on macOS"
	case st.Level != confine.Full:
		why = "it needs user and mount namespaces, and this machine gives none (" + st.Why + ")"
	case why == "":
		why = "the kernel refused the overlay"
	}
	if layerRequired() {
		return TierAsk, why
	}
	return TierConfined, why
}

// lineLocks serializes the layered lines of each workspace (by its real
// path): the overlay's lower layer must not be changed by another line of
// ours while it is mounted.
var lineLocks = struct {
	mu    chan struct{}
	locks map[string]chan struct{}
}{mu: make(chan struct{}, 1), locks: map[string]chan struct{}{}}

// lockLines waits, bounded by ctx, until no other layered line of dir
// runs, and returns the unlock.
func lockLines(ctx context.Context, dir string) (func(), error) {
	lineLocks.mu <- struct{}{}
	l := lineLocks.locks[dir]
	if l == nil {
		l = make(chan struct{}, 1)
		lineLocks.locks[dir] = l
	}
	<-lineLocks.mu
	select {
	case l <- struct{}{}:
		return func() { <-l }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// layerReport is what the result says of the layer's application ("" when
// everything the line wrote was applied).
func layerReport(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	return "\n[" + strings.Join(notes, "\n ") + "]"
}
