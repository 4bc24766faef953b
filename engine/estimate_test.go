package engine

import (
	"github.com/loopls/loopls/engine/machine"
	"testing"
)

func TestEstimateTokens(t *testing.T) {
	cases := []struct {
		name string
		msgs []machine.Message
		want int
	}{
		{"empty", nil, 0},
		{"hello world", []machine.Message{machine.UserMessage("Hello, world!")}, 8}, // (20+13)/4
		{"runes not bytes", []machine.Message{machine.UserMessage("éééé")}, 6},      // (20+4)/4
		{"tool call", []machine.Message{{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{{Name: "grep", Arguments: machine.RawJSON(`{"pattern":"x"}`)}}}}, 9},
		{"two", []machine.Message{machine.UserMessage("abcd"), {Role: machine.RoleAssistant, Content: "abcd", Thinking: "abcd"}}, 13},
	}
	for _, tc := range cases {
		if got := EstimateTokens(tc.msgs); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestCounterCalibration(t *testing.T) {
	msgs := []machine.Message{machine.UserMessage(string(make([]byte, 380)))} // 100 tokens raw
	c := newCounter()
	if c.count(msgs) != 100 {
		t.Fatalf("uncalibrated = %d", c.count(msgs))
	}
	c.calibrate(messagesChars(msgs), 150)
	if c.count(msgs) != 150 {
		t.Errorf("calibrated = %d, want 150", c.count(msgs))
	}
	c.calibrate(messagesChars(msgs), 0) // no report: keep
	if c.count(msgs) != 150 {
		t.Errorf("a zero report changed the calibration")
	}
	c.calibrate(messagesChars(msgs), 100000) // absurd: clamped at 4x
	if c.count(msgs) != 400 {
		t.Errorf("clamped = %d, want 400", c.count(msgs))
	}
	c.overhead = 50
	if c.count(nil) != 200 {
		t.Errorf("overhead scaled = %d, want 200", c.count(nil))
	}
}
