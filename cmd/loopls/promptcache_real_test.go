//go:build realollama

package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/internal/realollama"
)

// cacheSlotLine is the model runner's debug line for each request: how many
// prompt tokens it took from the KV cache (used) of how many (prompt).
var cacheSlotLine = regexp.MustCompile(`msg="loading cache slot" id=\d+ cache=\d+ prompt=(\d+) used=(\d+) remaining=\d+`)

// TestRealFollowUpReusesOllamasPromptCache: loopls keeps the prompt prefix
// byte-stable, within a run and across a follow-up run of the session, so
// Ollama's runner evaluates only what is new. Ollama 0.17.4 reports the
// whole prompt in prompt_eval_count either way, so the signal is the
// runner's own debug line (OLLAMA_DEBUG=1): "loading cache slot … prompt=P
// used=U", U tokens taken from the cache. The tiny model's template renders
// the tool names after the conversation, so each request's prompt ends with
// a tail (tool names, the cue) the next one does not share: with a stable
// prefix every request reuses exactly the previous prompt minus that tail,
// the same number of tokens within the run and across the follow-up.
func TestRealFollowUpReusesOllamasPromptCache(t *testing.T) {
	s := realollama.StartServerWith(t, "OLLAMA_DEBUG=1")
	e := newRealEnv(t, s.Host)
	code, stdout, stderr := e.run("run", "--json", "read the README")
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	var first engine.Run
	if err := json.Unmarshal(lastLine(stdout), &first); err != nil || first.Turns != 2 {
		t.Fatalf("first run %s (%v)", lastLine(stdout), err)
	}
	code, stdout, stderr = e.run("run", "--json", "--session", string(first.SessionID), "chat once more")
	if code != 0 {
		t.Fatalf("follow-up: exit %d; stderr:\n%s", code, stderr)
	}
	var prompt, used []int
	for _, m := range cacheSlotLine.FindAllStringSubmatch(s.Log(), -1) {
		p, _ := strconv.Atoi(m[1])
		u, _ := strconv.Atoi(m[2])
		prompt, used = append(prompt, p), append(used, u)
	}
	if len(prompt) != 3 {
		t.Fatalf("%d cache-slot lines for 3 model requests (prompt %v, used %v); is OLLAMA_DEBUG passed through?", len(prompt), prompt, used)
	}
	tail := prompt[0] - used[1]
	t.Logf("prompt tokens %v, taken from the cache %v; tail %d", prompt, used, tail)
	if used[0] != 0 || tail <= 0 || tail > prompt[0]/4 {
		t.Fatalf("within the run: prompt %v, used %v: the second request did not reuse the first one's conversation", prompt, used)
	}
	if used[2] != prompt[1]-tail {
		t.Fatalf("the follow-up reused %d tokens of the previous %d-token prompt, want all but the %d-token tail (prompt %v, used %v)", used[2], prompt[1], tail, prompt, used)
	}
}
