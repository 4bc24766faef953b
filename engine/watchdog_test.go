package engine

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestWatchdogCutsASilentStream(t *testing.T) {
	cause := errors.New("silent")
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	dog := startWatchdog(cancel, cause, time.Millisecond, time.Hour)
	select {
	case <-ctx.Done():
	case <-time.After(time.Minute):
		t.Fatal("the watchdog never fired")
	}
	if !dog.Fired() || !errors.Is(context.Cause(ctx), cause) {
		t.Errorf("fired %v, cause %v", dog.Fired(), context.Cause(ctx))
	}

	ctx2, cancel2 := context.WithCancelCause(context.Background())
	defer cancel2(nil)
	quiet := startWatchdog(cancel2, cause, time.Hour, time.Hour)
	quiet.Fed()
	quiet.Stop()
	if quiet.Fired() || ctx2.Err() != nil {
		t.Error("a fed and stopped watchdog fired")
	}
}
