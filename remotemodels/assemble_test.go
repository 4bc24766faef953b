package remotemodels

import (
	"bytes"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// split cuts s into pieces at points drawn from seed, as a server may cut
// a tool call's arguments into fragments anywhere, even inside a UTF-8
// sequence or an escape.
func split(s string, seed uint64) []string {
	var out []string
	for len(s) > 0 {
		n := int(seed%7) + 1
		seed = seed/7 + seed*2654435761%97
		if n > len(s) {
			n = len(s)
		}
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

func FuzzOpenAIFragments(f *testing.F) {
	f.Add(`{"path":"README.md"}`, `{"city":"Paris"}`, uint64(3))
	f.Add(`{"a":"\u00e9\n"}`, ``, uint64(12345))
	f.Add(`{"path": "READ`, `[1,2]`, uint64(0))
	f.Fuzz(func(t *testing.T, args0, args1 string, seed uint64) {
		var s openaiStream
		frag := func(index int64, id, name, args string) {
			s.fragment(chatToolCallDelta{Index: index, ID: id,
				Function: chatFunctionDelta{Name: name, Arguments: lenientText(args)}})
		}
		// Two calls whose fragments interleave.
		frag(0, "call_0", "read_file", "")
		frag(1, "call_1", "list_dir", "")
		p0, p1 := split(args0, seed), split(args1, seed>>3)
		for i := 0; i < len(p0) || i < len(p1); i++ {
			if i < len(p0) {
				frag(0, "", "", p0[i])
			}
			if i < len(p1) {
				frag(1, "", "", p1[i])
			}
		}
		s.finishReason = "tool_calls"
		resp := s.response("openai:x", func(engine.Delta) {})
		calls := resp.Message.ToolCalls
		if len(calls) != 2 || calls[0].ID != "call_0" || calls[1].Name != "list_dir" {
			t.Fatalf("calls %+v", calls)
		}
		for i, want := range []string{args0, args1} {
			canon, _ := engine.CanonicalArguments([]byte(want))
			if !bytes.Equal(calls[i].Arguments, canon) {
				t.Fatalf("call %d: %s, want %s", i, calls[i].Arguments, canon)
			}
		}
	})
}

func FuzzAnthropicInputJSON(f *testing.F) {
	f.Add(`{"path":"README.md"}`, uint64(5))
	f.Add(`{"content":"line\nline"}`, uint64(99))
	f.Add(`{"x":`, uint64(1))
	f.Fuzz(func(t *testing.T, input string, seed uint64) {
		s := anthropicStream{blocks: map[int64]*anthropicBlock{}}
		var lane []machine.ToolCall
		on := func(d engine.Delta) {
			if d.Lane == engine.LaneTool {
				lane = append(lane, *d.ToolCall)
			}
		}
		ev := func(e msgEvent) { s.add(e, on) }
		start := msgEvent{Type: "content_block_start", Index: 0}
		start.ContentBlock.Type, start.ContentBlock.ID, start.ContentBlock.Name = "tool_use", "toolu_1", "write_file"
		ev(start)
		for _, p := range split(input, seed) {
			d := msgEvent{Type: "content_block_delta", Index: 0}
			d.Delta.Type, d.Delta.PartialJSON = "input_json_delta", lenientText(p)
			ev(d)
		}
		ev(msgEvent{Type: "content_block_stop", Index: 0})
		ev(msgEvent{Type: "message_stop"})
		canon, _ := engine.CanonicalArguments([]byte(input))
		if len(lane) != 1 || !bytes.Equal(lane[0].Arguments, canon) || !s.stopped {
			t.Fatalf("lane %+v, want one call with %s", lane, canon)
		}
	})
}
