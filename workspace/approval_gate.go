package workspace

import "context"

// verdict is what the approval gate decided about one request.
type verdict int

const (
	// verdictRemembered: allowed without asking, by an earlier "always".
	verdictRemembered verdict = iota
	// verdictAllowed: the user allowed it now.
	verdictAllowed
	// verdictRememberedRefusal: refused without asking, by an earlier
	// "always".
	verdictRememberedRefusal
	// verdictNoOneToAsk: it needs approval and no one can be asked here.
	verdictNoOneToAsk
	// verdictRefused: the user refused it now (or dismissed the question).
	verdictRefused
	// verdictAskFailed: asking failed; the error says how.
	verdictAskFailed
	// verdictCancelled: the run was cancelled while the user was asked;
	// the error is the context's.
	verdictCancelled
)

// allows reports whether v lets the request go ahead.
func (v verdict) allows() bool { return v == verdictRemembered || v == verdictAllowed }

// asked reports whether the user was asked.
func (v verdict) asked() bool { return v >= verdictRefused || v == verdictAllowed }

// approve is the one approval gate: every program run_command runs that is
// not allowed as it is, every call of a tool that requires approval, and
// every write of a protected path passes here. It answers from the
// session's "always" answers remembered under key, refuses when no one can
// be asked, and otherwise asks the user, remembering an "always" answer
// under key. An empty key is never remembered, either way: each request is
// asked on its own (a protected write).
func (w *Workspace) approve(ctx context.Context, key string, req ApprovalRequest) (verdict, error) {
	if key != "" {
		w.mu.Lock()
		allowed, rejected := w.alwaysAllowed[key], w.alwaysRejected[key]
		w.mu.Unlock()
		switch {
		case rejected:
			return verdictRememberedRefusal, nil
		case allowed:
			return verdictRemembered, nil
		}
	}
	if !canAsk(w.approver) {
		return verdictNoOneToAsk, nil
	}
	dec, err := w.approver.Approve(ctx, req)
	if err != nil {
		if ctx.Err() != nil {
			return verdictCancelled, ctx.Err()
		}
		return verdictAskFailed, err
	}
	if key != "" {
		w.mu.Lock()
		switch dec {
		case DecisionAllowAlways:
			w.alwaysAllowed[key] = true
		case DecisionRejectAlways:
			w.alwaysRejected[key] = true
		}
		w.mu.Unlock()
	}
	if dec.Allows() {
		return verdictAllowed, nil
	}
	return verdictRefused, nil
}
