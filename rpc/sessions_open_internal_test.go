package rpc

import "testing"

// sessions opens once, never after close, and before its open has no run
// to cancel and no manager to give.
func TestSessionsOpenOnceNeverAfterClose(t *testing.T) {
	var ss sessions
	if ss.cancel("") || ss.cancel("run_x") {
		t.Error("a cancel before the open found a run")
	}
	if _, err := ss.manager(); err == nil {
		t.Error("a manager before the open")
	}
	opens := 0
	for range 2 {
		ss.open(func() openedSessions { opens++; return openedSessions{} })
	}
	if opens != 1 {
		t.Errorf("opened %d times, want once", opens)
	}
	if _, err := ss.manager(); err == nil {
		t.Error("an open that made no manager gave one")
	}
	var closed sessions
	if o := closed.close(); o.mgr != nil || o.store != nil {
		t.Errorf("close of what never opened handed back %+v", o)
	}
	closed.open(func() openedSessions {
		t.Error("opened after close")
		return openedSessions{}
	})
}
