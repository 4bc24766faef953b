package rpc_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// compactWindow is small enough that the growing script below crosses the
// compaction threshold after a handful of turns, and big enough that the
// summary (which keeps the last six messages) brings it back under.
const compactWindow = 6000

// isSummaryRequest tells the compaction's summary request from a turn: it
// carries the summarizer's system prompt and no tools.
func isSummaryRequest(req *api.ChatRequest) bool {
	return len(req.Tools) == 0 && len(req.Messages) > 0 && req.Messages[0].Role == "system" &&
		strings.HasPrefix(req.Messages[0].Content, "You summarize")
}

// summarized says whether a turn's request is made from a compacted
// conversation.
func summarized(req *api.ChatRequest) bool {
	for _, m := range req.Messages {
		if strings.HasPrefix(m.Content, "[Summary of the earlier conversation]") {
			return true
		}
	}
	return false
}

// kill -9 while the compaction's summary request is in flight (the daemon
// in AwaitingCompaction); restart; loopls/resumeRun. The run resumes from
// the last turn's checkpoint, compacts again (the summary request is sent
// again), completes under the same id, runs no tool again, and its history
// equals that of an uninterrupted run of the same script.
func TestResumeAfterKillDuringCompaction(t *testing.T) {
	var stall atomic.Bool
	var summaryAsked sync.Once
	asked := make(chan struct{})
	script := func(req *api.ChatRequest) *fakeollama.Reply {
		if isSummaryRequest(req) {
			if stall.Load() {
				summaryAsked.Do(func() { close(asked) })
				return &fakeollama.Reply{Stall: true}
			}
			return fakeollama.Text("Summary:", " the user asked to grow notes;", " the note files were read.")
		}
		if !strings.HasPrefix(lastUserText(req), "compact grow") {
			return nil
		}
		if summarized(req) {
			return fakeollama.Text("Done", " after", " compaction.")
		}
		turn := 0
		for _, m := range req.Messages {
			if m.Role == "tool" {
				turn++
			}
		}
		if turn >= 40 {
			return fakeollama.Text("No", " compaction", " happened.")
		}
		// Assistant text the trim stage cannot clear: only a summary frees it.
		note := fmt.Sprintf("Note %d: ", turn) + strings.Repeat(fmt.Sprintf("observation %d about the project. ", turn), 20)
		return &fakeollama.Reply{Chunks: []fakeollama.Chunk{{
			Content:   note,
			ToolCalls: []fakeollama.Call{{Name: "read_file", Args: fmt.Sprintf(`{"path":"notes/n%d.txt"}`, turn)}},
		}}}
	}
	w := newResumeWorld(t, script)
	// A file a turn: the loop detector stops a run that reads one file over.
	if err := os.Mkdir(filepath.Join(w.root, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		writeFile(t, filepath.Join(w.root, "notes", fmt.Sprintf("n%d.txt", i)), fmt.Sprintf("note file %d\n", i))
	}
	opts := map[string]any{"contextWindow": compactWindow}
	const prompt = "compact grow the notes"

	// The uninterrupted run of the same script, for comparison.
	ref := w.daemon(opts)
	var want runResult
	ref.mustRequest("loopls/run", map[string]any{"prompt": prompt}, &want)
	if want.Outcome != "completed" {
		t.Fatalf("uninterrupted run = %+v, want completed", want)
	}
	refCompactions := 0
	for _, tr := range transitionsOf(t, ref, want.RunID) {
		if tr.To == machine.StateAwaitingCompaction {
			refCompactions++
		}
	}
	if refCompactions != 1 {
		t.Fatalf("the uninterrupted run compacted %d times, want once (transitions %+v)", refCompactions, transitionsOf(t, ref, want.RunID))
	}
	wantHistory := comparable(sessionHistory(t, ref, want.SessionID))
	if !strings.Contains(wantHistory, "[Summary of the earlier conversation]") {
		t.Fatalf("the uninterrupted run's history holds no summary:\n%s", wantHistory)
	}
	ref.shutdownExit()
	refRequests := len(w.srv.Requests())

	stall.Store(true)
	a := w.daemon(opts)
	a.send("loopls/run", map[string]any{"prompt": prompt})
	m := a.waitFor("a transition to AwaitingCompaction", func(m *wireMsg) bool {
		return m.Method == "loopls/transition" && params[engine.Transition](t, m).To == machine.StateAwaitingCompaction
	})
	compacting := params[engine.Transition](t, m)
	runID := compacting.RunID
	select {
	case <-asked:
	case <-time.After(wait):
		t.Fatal("the daemon in AwaitingCompaction never asked the model for a summary")
	}
	completedCalls := 0
	for _, m := range a.messages("loopls/toolCall") {
		if strings.Contains(string(m.Params), `"completed"`) {
			completedCalls++
		}
	}
	if completedCalls != compacting.Turn {
		t.Fatalf("before the kill %d tool calls completed, want one per turn (%d)", completedCalls, compacting.Turn)
	}
	before := transitionsOf(t, a, runID)
	kill9(t, a)
	stall.Store(false)
	requestsBefore := len(w.srv.Requests())
	if killed := requestsBefore - refRequests; killed != compacting.Turn+1 {
		t.Fatalf("the killed run made %d model requests, want %d turns and the summary request", killed, compacting.Turn)
	}

	b := w.daemon(opts)
	sid := compacting.SessionID
	runs := sessionRuns(t, b, sid)
	if len(runs) != 1 || runs[0].RunID != runID || !runs[0].Resumable || runs[0].Outcome != "failed" ||
		runs[0].StoppedIn == nil || runs[0].StoppedIn.State != machine.StateStart || runs[0].StoppedIn.Turn != compacting.Turn {
		t.Fatalf("stored run after the kill = %+v (stoppedIn %+v), want failed, resumable, stopped in Start turn %d",
			runs, runs[0].StoppedIn, compacting.Turn)
	}

	var got runResult
	b.mustRequest("loopls/resumeRun", map[string]any{"runId": runID}, &got)
	if got.RunID != runID || got.Outcome != "completed" || got.SessionID != sid || got.Turns != want.Turns {
		t.Errorf("resumed run = %+v, want run %s completed in %d turns like the uninterrupted one", got, runID, want.Turns)
	}
	if ended := runEnded(t, b, runID); ended.Outcome != "completed" {
		t.Errorf("loopls/runEnded = %+v", ended)
	}
	for _, m := range b.messages("loopls/toolCall") {
		t.Errorf("the resumed run ran a tool again: %s", m.Params)
	}
	after := transitionsOf(t, b, runID)
	if len(after) == 0 || after[0].From != machine.StateStart || after[0].To != machine.StateAwaitingCompaction {
		t.Fatalf("resumed transitions = %+v, want Start → AwaitingCompaction first", after)
	}
	if after[0].Seq != before[len(before)-1].Seq {
		t.Errorf("first resumed seq = %d, want %d (the compaction numbered again from the tool_results checkpoint)",
			after[0].Seq, before[len(before)-1].Seq)
	}
	for i := 1; i < len(after); i++ {
		if after[i].Seq != after[i-1].Seq+1 {
			t.Errorf("resumed seqs not consecutive: %+v", after)
		}
	}

	// After the restart: the summary request again (with the same
	// conversation as the interrupted one), then the final turn.
	reqs := w.srv.Requests()
	if len(reqs) != requestsBefore+2 {
		t.Fatalf("the resumed run made %d model requests, want 2 (summary, final turn)", len(reqs)-requestsBefore)
	}
	killedSummary, resent, final := reqs[requestsBefore-1], reqs[requestsBefore], reqs[requestsBefore+1]
	if !isSummaryRequest(&killedSummary) || !isSummaryRequest(&resent) {
		t.Fatalf("the requests around the kill are not both summary requests")
	}
	if rb, kb := mustJSON(t, resent.Messages), mustJSON(t, killedSummary.Messages); rb != kb {
		t.Errorf("the summary request after the restart differs from the interrupted one:\n%s\n%s", rb, kb)
	}
	if isSummaryRequest(&final) || !summarized(&final) {
		t.Errorf("the last request is not a turn over the compacted conversation: %+v", final.Messages)
	}
	if h := comparable(sessionHistory(t, b, sid)); h != wantHistory {
		t.Errorf("history after resume:\n%s\nwant that of the uninterrupted run:\n%s", h, wantHistory)
	}
	runs = sessionRuns(t, b, sid)
	if len(runs) != 1 || runs[0].Outcome != "completed" || runs[0].Resumable || runs[0].StoppedIn != nil {
		t.Errorf("stored run after resume = %+v, want one completed run", runs)
	}
}
