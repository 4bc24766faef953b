package store

import (
	"reflect"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// A checked fix's verdict is kept with its run: loopls/session shows it
// after the daemon that ran it is gone. A run not checked has none.
func TestVerdictIsKept(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	s := openTest(t, dir, root)
	ctx := testCtx(t)
	hist := []machine.Message{machine.UserMessage("fix it")}
	c := started("ses_v", "run_v1", "fix it", hist)
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	end := ended(c, machine.OutcomeCompleted, nil, hist)
	want := &engine.Verdict{Remaining: []string{"a.json:2:14: error [json 514] Expected comma"}, Retries: 2}
	end.Run.Verdict = want
	if err := s.Checkpoint(ctx, end); err != nil {
		t.Fatal(err)
	}
	c2 := started("ses_v", "run_v2", "chat", hist)
	if err := s.Checkpoint(ctx, c2); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, ended(c2, machine.OutcomeCompleted, nil, hist)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	rec, err := openTest(t, dir, root).Session(ctx, "ses_v")
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Runs) != 2 || !reflect.DeepEqual(rec.Runs[0].Verdict, want) || rec.Runs[1].Verdict != nil {
		t.Errorf("runs = %+v, want the first with verdict %+v and the second with none", rec.Runs, want)
	}
}
