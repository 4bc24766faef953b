package fakeollama

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
)

// Reply is what the server answers one /api/chat request with.
type Reply struct {
	// Status, when not 0 or 200, answers with that status and Error as the
	// body's "error" (RetryAfter sets the Retry-After header).
	Status     int
	Error      string
	RetryAfter string

	// Chunks are streamed in order, then the final done:true line.
	Chunks []Chunk
	// DoneReason of the final line (default "stop").
	DoneReason string

	// Forever repeats Chunks until the client disconnects (no final line).
	Forever bool
	// Stall, after Chunks, sends nothing more until the client disconnects.
	Stall bool
	// Cut closes the connection after Chunks, without a final line.
	Cut bool
	// Garbage sends a line that is not JSON after Chunks, then the final line.
	Garbage bool
	// ErrorLine sends {"error": ErrorLine} after Chunks, as Ollama does when
	// its runner dies mid-stream.
	ErrorLine string
	// Delay between chunks (default Options.ChunkDelay).
	Delay time.Duration
}

// Chunk is one streamed line's message.
type Chunk struct {
	Content   string
	Thinking  string
	ToolCalls []Call
}

// Call is a tool call the script makes. Args is a JSON object.
type Call struct {
	Name string
	Args string
}

// Text returns a reply that streams words as separate chunks.
func Text(words ...string) *Reply {
	r := &Reply{}
	for _, w := range words {
		r.Chunks = append(r.Chunks, Chunk{Content: w})
	}
	return r
}

// ToolCalls returns a reply whose one chunk carries calls, as Ollama sends them.
func ToolCalls(calls ...Call) *Reply {
	return &Reply{Chunks: []Chunk{{ToolCalls: calls}}}
}

var (
	finalWords = []string{"The", " tool", " result", " was", " received."}
	helloWords = []string{"Hello", " from", " the", " tiny", " test", " model."}
)

func hasTool(req *api.ChatRequest, name string) bool {
	for _, t := range req.Tools {
		if t.Function.Name == name {
			return true
		}
	}
	return false
}

// defaultReply follows the real-Ollama test model's rules (docs/real-ollama.md) top to bottom, with the
// test-only prompts first where they would otherwise never be reached.
func defaultReply(req *api.ChatRequest, m Model, seen int) *Reply {
	prompt := lastUserContent(req.Messages)
	var last api.Message
	if n := len(req.Messages); n > 0 {
		last = req.Messages[n-1]
	}
	lastIsUser := last.Role == "user"
	tools := len(req.Tools) > 0
	switch {
	case lastIsUser && strings.HasPrefix(prompt, "fail500"):
		return &Reply{Status: http.StatusInternalServerError, Error: "scripted failure"}
	case lastIsUser && strings.HasPrefix(prompt, "flaky") && seen == 1:
		return &Reply{Status: http.StatusInternalServerError, Error: "scripted transient failure"}
	case lastIsUser && strings.HasPrefix(prompt, "ratelimit") && seen == 1:
		return &Reply{Status: http.StatusTooManyRequests, Error: "rate limited", RetryAfter: "1"}
	case lastIsUser && strings.HasPrefix(prompt, "stall"):
		return &Reply{Chunks: []Chunk{{Content: "Thinking"}}, Stall: true}
	case lastIsUser && strings.HasPrefix(prompt, "hush"):
		// A model that sends nothing at all (still loading, or held by an
		// earlier request): what loopls/modelWait is for.
		return &Reply{Stall: true}
	case lastIsUser && strings.HasPrefix(prompt, "reset"):
		return &Reply{Chunks: []Chunk{{Content: "Partial"}, {Content: " answer"}}, Cut: true}
	case lastIsUser && strings.HasPrefix(prompt, "garbage"):
		return &Reply{Chunks: []Chunk{{Content: "Partial"}}, Garbage: true}
	case lastIsUser && strings.HasPrefix(prompt, "mcp ") && mcpReply(req, prompt) != nil:
		return mcpReply(req, prompt)
	case hasTool(req, "read_file") && (lastIsUser || last.Role == "tool") && strings.HasPrefix(prompt, "again"):
		return ToolCalls(Call{Name: "read_file", Args: `{"path":"README.md"}`})
	case tools && strings.HasPrefix(prompt, "report kept then cat") && lastIsUser:
		// Kept edits are saved (issue 32): the edit, then in the same run a
		// command that reads the file; the answer says what cat printed.
		return ToolCalls(Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}`})
	case tools && strings.HasPrefix(prompt, "report kept then cat") && last.Role == "tool" && toolTurns(req.Messages) == 1:
		return ToolCalls(Call{Name: "run_command", Args: `{"command":"cat hello.txt"}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "edit three in "):
		// The same in DIR, which holds a.txt ("alpha") and b.txt ("beta"):
		// so one test can make several such runs.
		dir, _, _ := strings.Cut(strings.TrimPrefix(prompt, "edit three in "), " ")
		args := func(v map[string]string) string { b, _ := json.Marshal(v); return string(b) }
		return ToolCalls(
			Call{Name: "edit_file", Args: args(map[string]string{"path": dir + "/a.txt", "old_string": "alpha", "new_string": "ALPHA"})},
			Call{Name: "edit_file", Args: args(map[string]string{"path": dir + "/b.txt", "old_string": "beta", "new_string": "BETA"})},
			Call{Name: "write_file", Args: args(map[string]string{"path": dir + "/c.txt", "content": "gamma\n"})},
		)
	case tools && lastIsUser && strings.HasPrefix(prompt, "edit three"):
		// One run that changes three files (the run review, issue 34): two
		// edits and a new file, in one turn.
		return ToolCalls(
			Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}`},
			Call{Name: "edit_file", Args: `{"path":"README.md","old_string":"# demo","new_string":"# demo, reviewed"}`},
			Call{Name: "write_file", Args: `{"path":"notes.txt","content":"one\ntwo\n"}`},
		)
	case tools && lastIsUser && strings.HasPrefix(prompt, "report edit"):
		return ToolCalls(Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "report break json"):
		// Breaks the editor tests' data.json ({"ok": true}): the JSON
		// language server flags the missing comma, and the check after the
		// edit reports it (issue 26).
		return ToolCalls(Call{Name: "edit_file", Args: `{"path":"data.json","old_string":"\"ok\": true","new_string":"\"ok\": true \"more\": 1"}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "Fix the problems reported") && strings.Contains(prompt, "File: data.json"):
		// Fix This on the broken data.json: puts the comma back.
		return ToolCalls(Call{Name: "edit_file", Args: `{"path":"data.json","old_string":"true \"more\"","new_string":"true, \"more\""}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "Fix the problems reported") && strings.Contains(prompt, "File: hello.txt") && strings.Contains(prompt, "goodbye"):
		// Fix This on hello.txt after "report edit" made it say goodbye:
		// says hello again (the Neovim diagnostics test's source flags goodbye).
		return ToolCalls(Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"goodbye","new_string":"hello"}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "report echo"):
		// A command that needs approval (sleep: nothing is allowed by default) and
		// ends at once: its output in the answer shows it ran.
		return ToolCalls(Call{Name: "run_command", Args: `{"command":"sleep 0 && echo approved-and-ran"}`})
	case last.Role == "tool" && strings.HasPrefix(prompt, "report"):
		// What the model was told: the tool result on one line (at most 300
		// bytes), so a test sees it reached the model's next turn.
		return Text("The", " tool", " said:", " "+oneLine(last.Content, 300))
	case last.Role == "tool":
		return Text(finalWords...)
	case lastIsUser && strings.HasPrefix(prompt, "show code"):
		// Markdown with a fenced block, streamed across the fence, for
		// editors that render the answer (code block buttons).
		return Text("Here", " it is:\n\n```go\n", "fmt.Println(\"hi\")\n", "```\n")
	case lastIsUser && strings.HasPrefix(prompt, "show answer"):
		// An answer as the VS Code panel must render it: a block for a file
		// the paragraph names, a file name in prose, a table, and a block
		// whose fence names a file not in the workspace (issue 25, item 5).
		return Text(ShowAnswer...)
	case lastIsUser && strings.HasPrefix(prompt, "quote"):
		// The first line of the first fenced block of the prompt: what the
		// user attached, as the model got it.
		return Text("You", " attached:", " "+firstFenced(prompt))
	case strings.HasPrefix(last.Content, "loop"):
		return &Reply{Chunks: []Chunk{{Content: "tick"}, {Content: " tock"}, {Content: " tick"}, {Content: " tock"}},
			Forever: true, Delay: 5 * time.Millisecond}
	case strings.HasPrefix(last.Content, "chat"):
		return Text(helloWords...)
	case lastIsUser && strings.HasPrefix(prompt, "recall"):
		// Answerable only from the conversation's first exchange: a client
		// that did not continue the session gets its own prompt back.
		return Text("You", " first", " said:", " "+firstLine(firstUserContent(req.Messages)))
	case tools && lastIsUser && strings.HasPrefix(prompt, "ask and read"):
		// Two calls in one turn: the first waits for an approval while the
		// second ends; each output must stay under its own call.
		return ToolCalls(Call{Name: "run_command", Args: `{"command":"sleep 0"}`}, Call{Name: "read_file", Args: `{"path":"README.md"}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "read"):
		return ToolCalls(Call{Name: "read_file", Args: `{"path":"README.md"}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "edit"):
		return ToolCalls(Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "list"):
		return ToolCalls(Call{Name: "list_dir", Args: `{"path":"."}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "shell: "):
		// The rest of the prompt is the command line to run.
		args, _ := json.Marshal(map[string]string{"command": strings.TrimPrefix(prompt, "shell: ")})
		return ToolCalls(Call{Name: "run_command", Args: string(args)})
	case tools && lastIsUser && strings.HasPrefix(prompt, "sleep"):
		return ToolCalls(Call{Name: "run_command", Args: `{"command":"sleep 30"}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "unknown"):
		return ToolCalls(Call{Name: "no_such_tool", Args: `{}`})
	case tools && lastIsUser && strings.HasPrefix(prompt, "two"):
		return &Reply{Chunks: []Chunk{
			{ToolCalls: []Call{{Name: "get_weather", Args: `{"city":"Paris"}`}}},
			{ToolCalls: []Call{{Name: "get_weather", Args: `{"city":"London"}`}}},
		}}
	case m.has("thinking") && (req.Think == nil || req.Think.Bool()):
		return &Reply{Chunks: []Chunk{
			{Thinking: "Let"}, {Thinking: " me"}, {Thinking: " think"}, {Thinking: " briefly."},
			{Content: "Answer:"}, {Content: " forty-two."},
		}}
	case tools && lastIsUser:
		// The real tiny model calls get_weather; Ollama turns a call to a
		// tool the request did not offer into plain content.
		if hasTool(req, "get_weather") {
			return ToolCalls(Call{Name: "get_weather", Args: `{"city":"Paris"}`})
		}
		return Text(`{"name":"get_weather","arguments":{"city":"Paris"}}`)
	default:
		return Text(helloWords...)
	}
}

// toolTurns counts the model's turns that called tools since the last user
// message.
func toolTurns(msgs []api.Message) int {
	n := 0
	for i := len(msgs) - 1; i >= 0 && msgs[i].Role != "user"; i-- {
		if msgs[i].Role == "assistant" && len(msgs[i].ToolCalls) > 0 {
			n++
		}
	}
	return n
}

func firstUserContent(msgs []api.Message) string {
	for _, m := range msgs {
		if m.Role == "user" {
			return m.Content
		}
	}
	return ""
}

// ShowAnswer is the streamed answer to "show answer".
var ShowAnswer = []string{
	"Put this in `hello.txt`:\n\n```text\n", "hello, applied\n", "```\n\n",
	"See README.md for more. Node.js is not a file here.\n\n",
	"| tool | use |\n|---|---|\n", "| loopls | agent |\n\n",
	"```go applied.go\n", "package main\n\nfunc main() {}\n", "```\n",
}

// firstFenced returns the first line inside the first ``` fence of s.
func firstFenced(s string) string {
	_, after, ok := strings.Cut(s, "```")
	if !ok {
		return ""
	}
	_, body, ok := strings.Cut(after, "\n")
	if !ok {
		return ""
	}
	return firstLine(body)
}

// oneLine joins s's non-blank lines with " | ", cut to at most n bytes.
func oneLine(s string, n int) string {
	var parts []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	out := strings.Join(parts, " | ")
	if len(out) > n {
		out = strings.ToValidUTF8(out[:n], "")
	}
	return out
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// The MCP tools the "mcp …" prompts call, as loopls offers them from the
// npm servers everything and filesystem.
const (
	MCPEcho     = "mcp__everything__echo"
	MCPSlow     = "mcp__everything__trigger-long-running-operation"
	MCPReadFile = "mcp__filesystem__read_text_file"
)

// mcpReply answers the test-only "mcp …" prompts: "mcp echo" calls the
// everything server's echo, "mcp file" reads hello.txt through the
// filesystem server, "mcp both" does both in one turn, "mcp slow" starts
// everything's minute-long operation. A prompt whose tools are not offered
// gets nil (the rest of the script answers).
func mcpReply(req *api.ChatRequest, prompt string) *Reply {
	echo := Call{Name: MCPEcho, Args: `{"message":"hello from the scripted model"}`}
	file := Call{Name: MCPReadFile, Args: `{"path":"hello.txt"}`}
	var calls []Call
	switch {
	case strings.HasPrefix(prompt, "mcp echo"):
		calls = []Call{echo}
	case strings.HasPrefix(prompt, "mcp file"):
		calls = []Call{file}
	case strings.HasPrefix(prompt, "mcp both"):
		calls = []Call{echo, file}
	case strings.HasPrefix(prompt, "mcp slow"):
		calls = []Call{{Name: MCPSlow, Args: `{"duration":60,"steps":60}`}}
	}
	if len(calls) == 0 {
		return nil
	}
	for _, c := range calls {
		if !hasTool(req, c.Name) {
			return nil
		}
	}
	return ToolCalls(calls...)
}

// stream writes reply as Ollama's NDJSON stream.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, req *api.ChatRequest, reply *Reply) {
	if reply.Status != 0 && reply.Status != http.StatusOK {
		if reply.RetryAfter != "" {
			w.Header().Set("Retry-After", reply.RetryAfter)
		}
		writeError(w, reply.Status, reply.Error)
		return
	}
	streaming := req.Stream == nil || *req.Stream
	if !streaming {
		s.whole(w, req, reply)
		return
	}
	delay := reply.Delay
	if delay == 0 {
		delay = s.opts.ChunkDelay
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	ctx := r.Context()
	callIndex := 0
	evalCount := 0
	send := func(c Chunk) error {
		line, err := chunkLine(req.Model, c, &callIndex)
		if err != nil {
			return err
		}
		if s.opts.OnChunk != nil {
			s.opts.OnChunk(c)
		}
		if _, err := w.Write(line); err != nil {
			return errClientGone
		}
		if flusher != nil {
			flusher.Flush()
		}
		evalCount++
		select {
		case <-ctx.Done():
			return errClientGone
		case <-time.After(delay):
			return nil
		}
	}
	for {
		for _, c := range reply.Chunks {
			if err := send(c); err != nil {
				s.noteDisconnect()
				return
			}
		}
		if !reply.Forever {
			break
		}
	}
	switch {
	case reply.Stall:
		<-ctx.Done()
		s.noteDisconnect()
		return
	case reply.Cut:
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				// Closing without the chunked terminator is what a dying
				// server looks like to the client: an unexpected EOF.
				_ = conn.Close()
			}
		}
		return
	case reply.Garbage:
		_, _ = w.Write([]byte("this is not json\n"))
	case reply.ErrorLine != "":
		line, _ := json.Marshal(map[string]string{"error": reply.ErrorLine})
		_, _ = w.Write(append(line, '\n'))
		return
	}
	done := reply.DoneReason
	if done == "" {
		done = "stop"
	}
	final, _ := json.Marshal(map[string]any{
		"model": req.Model, "created_at": time.Now().UTC().Format(time.RFC3339Nano),
		"message": map[string]any{"role": "assistant", "content": ""},
		"done":    true, "done_reason": done,
		"total_duration": 1000000, "load_duration": 1000, "prompt_eval_count": promptTokens(req.Messages),
		"prompt_eval_duration": 1000, "eval_count": evalCount, "eval_duration": 1000,
	})
	_, _ = w.Write(append(final, '\n'))
}

// whole answers a stream:false request with one object.
func (s *Server) whole(w http.ResponseWriter, req *api.ChatRequest, reply *Reply) {
	var content, thinking strings.Builder
	var calls []json.RawMessage
	idx := 0
	for _, c := range reply.Chunks {
		content.WriteString(c.Content)
		thinking.WriteString(c.Thinking)
		for _, call := range c.ToolCalls {
			calls = append(calls, callJSON(call, &idx))
		}
	}
	msg := map[string]any{"role": "assistant", "content": content.String()}
	if thinking.Len() > 0 {
		msg["thinking"] = thinking.String()
	}
	if len(calls) > 0 {
		msg["tool_calls"] = calls
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"model": req.Model, "created_at": time.Now().UTC().Format(time.RFC3339Nano),
		"message": msg, "done": true, "done_reason": "stop",
		"prompt_eval_count": promptTokens(req.Messages), "eval_count": len(reply.Chunks),
	})
}

func chunkLine(model string, c Chunk, callIndex *int) ([]byte, error) {
	msg := map[string]any{"role": "assistant", "content": c.Content}
	if c.Thinking != "" {
		msg["thinking"] = c.Thinking
	}
	if len(c.ToolCalls) > 0 {
		calls := make([]json.RawMessage, 0, len(c.ToolCalls))
		for _, call := range c.ToolCalls {
			calls = append(calls, callJSON(call, callIndex))
		}
		msg["tool_calls"] = calls
	}
	line, err := json.Marshal(map[string]any{
		"model": model, "created_at": time.Now().UTC().Format(time.RFC3339Nano),
		"message": msg, "done": false,
	})
	if err != nil {
		return nil, fmt.Errorf("fakeollama: encode chunk: %w", err)
	}
	return append(line, '\n'), nil
}

// callJSON renders a call as Ollama does: an id of "call_" and 8 random
// characters, the running index, and the arguments object.
func callJSON(c Call, index *int) json.RawMessage {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789"
	id := make([]byte, 8)
	for i := range id {
		id[i] = letters[rand.IntN(len(letters))]
	}
	args := c.Args
	if args == "" {
		args = "{}"
	}
	b, _ := json.Marshal(map[string]any{
		"id": "call_" + string(id),
		"function": map[string]any{
			"index": *index, "name": c.Name, "arguments": json.RawMessage(args),
		},
	})
	*index++
	return b
}
