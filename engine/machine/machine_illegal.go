package machine

import "errors"

// ErrIllegalFeed matches every IllegalFeedError with errors.Is.
var ErrIllegalFeed = errors.New("illegal feed")

// IllegalFeedError is a feed the machine refused: fed in a state that does
// not take it, or with an argument no state takes (a negative token count, a
// Begin for a step the machine did not answer). The machine is unchanged.
// It is a driver bug, never a user error.
type IllegalFeedError struct {
	Feed   string    // the feed's method name, e.g. "ToolResults"
	State  StateName // the state that refused it
	Reason string    // why, when the state alone does not say
}

func (e *IllegalFeedError) Error() string {
	msg := "loop machine: " + e.Feed + " is illegal in state " + string(e.State)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg + " (a driver bug: the machine is unchanged)"
}

// Is makes errors.Is(err, ErrIllegalFeed) hold.
func (e *IllegalFeedError) Is(target error) bool { return target == ErrIllegalFeed }

func (m *LoopMachine) illegal(feed, reason string) error {
	return &IllegalFeedError{Feed: feed, State: m.state.Name, Reason: reason}
}
