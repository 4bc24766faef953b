package engine

import "time"

// Clock tells the time. The driver and its breakers read time only through a
// Clock so that tests drive cooldowns by moving a fake clock instead of
// sleeping.
type Clock interface {
	Now() time.Time
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// clockOrReal returns c, or the wall clock when c is nil.
func clockOrReal(c Clock) Clock {
	if c == nil {
		return realClock{}
	}
	return c
}
