package workspace

import (
	"context"
	"errors"
	"testing"
)

// scriptedApprover answers each request with the next decision (or error)
// of its script and counts the questions.
type scriptedApprover struct {
	answers []Decision
	err     error
	asked   int
}

func (a *scriptedApprover) Approve(ctx context.Context, _ ApprovalRequest) (Decision, error) {
	a.asked++
	if a.err != nil {
		return "", a.err
	}
	if err := ctx.Err(); err != nil {
		return DecisionCancelled, err
	}
	d := a.answers[0]
	a.answers = a.answers[1:]
	return d, nil
}

// The one gate: "always" answers are remembered under their key and
// answer later requests without asking; an empty key is asked every time;
// with no one to ask it refuses; a failed or cancelled question refuses.
func TestApprovalGate(t *testing.T) {
	ctx := context.Background()
	ap := &scriptedApprover{answers: []Decision{DecisionAllowAlways, DecisionRejectAlways, DecisionAllowAlways, DecisionAllowAlways, DecisionAllowOnce, DecisionRejectOnce}}
	w := openWS(t, newTree(t, nil), Options{Approver: ap})
	steps := []struct {
		key       string
		want      verdict
		wantAsked int
	}{
		{"ls -a", verdictAllowed, 1},
		{"ls -a", verdictRemembered, 1},
		{"rm x", verdictRefused, 2},
		{"rm x", verdictRememberedRefusal, 2},
		{"", verdictAllowed, 3}, // allow always, but an empty key is not remembered
		{"", verdictAllowed, 4},
		{"tool\x00x", verdictAllowed, 5}, // allow once: asked again next time
		{"tool\x00x", verdictRefused, 6},
	}
	for i, s := range steps {
		v, err := w.approve(ctx, s.key, ApprovalRequest{})
		if v != s.want || err != nil || ap.asked != s.wantAsked {
			t.Errorf("step %d (%q): verdict %d, err %v, asked %d times; want verdict %d, asked %d times", i, s.key, v, err, ap.asked, s.want, s.wantAsked)
		}
		if v.allows() != (s.want == verdictAllowed || s.want == verdictRemembered) {
			t.Errorf("step %d: allows() = %v", i, v.allows())
		}
	}

	failing := &scriptedApprover{err: errors.New("the editor hung up")}
	w2 := openWS(t, newTree(t, nil), Options{Approver: failing})
	if v, err := w2.approve(ctx, "ls", ApprovalRequest{}); v != verdictAskFailed || err == nil || !v.asked() || v.allows() {
		t.Errorf("a failing question: verdict %d, err %v", v, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	w3 := openWS(t, newTree(t, nil), Options{Approver: &scriptedApprover{}})
	if v, err := w3.approve(cancelled, "ls", ApprovalRequest{}); v != verdictCancelled || !errors.Is(err, context.Canceled) || v.allows() {
		t.Errorf("a cancelled question: verdict %d, err %v", v, err)
	}
	w4 := openWS(t, newTree(t, nil), Options{Approver: &unreachableApprover{}})
	if v, _ := w4.approve(ctx, "ls", ApprovalRequest{}); v != verdictNoOneToAsk || v.asked() || v.allows() {
		t.Errorf("no one to ask: verdict %d", v)
	}
	w5 := openWS(t, newTree(t, nil), Options{})
	if v, _ := w5.approve(ctx, "ls", ApprovalRequest{}); v != verdictNoOneToAsk {
		t.Errorf("no approver: verdict %d", v)
	}
}
