package engine

import (
	"fmt"
	"testing"
)

func TestSignatureIgnoresKeyOrderButNotValuesOrOutput(t *testing.T) {
	a := SignatureOf("read_file", []byte(`{"path":"a","limit":10}`), "out")
	cases := []struct {
		name string
		sig  CallSignature
		same bool
	}{
		{"key order", SignatureOf("read_file", []byte(`{"limit":10, "path":"a"}`), "out"), true},
		{"value", SignatureOf("read_file", []byte(`{"path":"b","limit":10}`), "out"), false},
		{"output", SignatureOf("read_file", []byte(`{"path":"a","limit":10}`), "out2"), false},
		{"tool", SignatureOf("grep", []byte(`{"path":"a","limit":10}`), "out"), false},
	}
	for _, tc := range cases {
		if (tc.sig == a) != tc.same {
			t.Errorf("%s: same = %v, want %v", tc.name, tc.sig == a, tc.same)
		}
	}
}

func TestLoopDetectorWarnsOnceAtThreeAndStopsAtTen(t *testing.T) {
	d := NewLoopDetector(LoopConfig{})
	sig := SignatureOf("t", []byte(`{}`), "same")
	var warns, stops []int
	for i := 1; i <= 10; i++ {
		v := d.Record(sig)
		if v.Repeats != i {
			t.Fatalf("record %d: repeats %d", i, v.Repeats)
		}
		if v.Warn {
			warns = append(warns, i)
		}
		if v.Stop {
			stops = append(stops, i)
		}
	}
	if fmt.Sprint(warns) != "[3]" || fmt.Sprint(stops) != "[10]" {
		t.Fatalf("warns %v stops %v, want [3] and [10]", warns, stops)
	}
	if tool, n, ok := d.PendingStop(); !ok || tool != "t" || n != 10 {
		t.Fatalf("PendingStop = %q %d %v", tool, n, ok)
	}
	d.Fire()
	if _, _, ok := d.PendingStop(); ok {
		t.Fatal("stop still armed after Fire")
	}
	if v := d.Record(sig); v.Repeats != 1 || v.Warn {
		t.Fatalf("after Fire the window is not clean: %+v", v)
	}
}

func TestLoopDetectorEndRunClearsOnlyAnArmedStop(t *testing.T) {
	d := NewLoopDetector(LoopConfig{})
	sig := SignatureOf("t", nil, "x")
	d.Record(sig)
	d.Record(sig)
	d.EndRun()
	if v := d.Record(sig); v.Repeats != 3 {
		t.Fatalf("EndRun without a stop forgot the window: %+v", v)
	}
	for range 7 {
		d.Record(sig)
	}
	d.EndRun()
	if _, _, ok := d.PendingStop(); ok {
		t.Fatal("EndRun left the stop armed")
	}
}

func TestLoopDetectorChangingOutputsNeverTrip(t *testing.T) {
	d := NewLoopDetector(LoopConfig{})
	for i := range 100 {
		if v := d.Record(SignatureOf("t", nil, fmt.Sprint(i))); v.Warn || v.Stop {
			t.Fatalf("call %d tripped: %+v", i, v)
		}
	}
}

func TestLoopDetectorWindowForgetsOldCalls(t *testing.T) {
	d := NewLoopDetector(LoopConfig{Window: 5})
	sig := SignatureOf("t", nil, "x")
	d.Record(sig)
	for i := range 5 {
		d.Record(SignatureOf("t", nil, fmt.Sprint(i)))
	}
	if v := d.Record(sig); v.Repeats != 1 {
		t.Fatalf("repeats = %d, want 1 (the first call left the window)", v.Repeats)
	}
}

func TestConvergenceWarnsOnTheThirdSimilarAnswer(t *testing.T) {
	var c ConvergenceDetector
	answers := []string{"The build passes.", "the build passes!", "The build  passes", "Something else entirely", ""}
	want := []struct {
		streak    int
		converged bool
	}{{1, false}, {2, false}, {3, true}, {1, false}, {0, false}}
	for i, a := range answers {
		s, conv := c.Record(a)
		if s != want[i].streak || conv != want[i].converged {
			t.Errorf("answer %d: streak %d converged %v, want %+v", i, s, conv, want[i])
		}
	}
}
