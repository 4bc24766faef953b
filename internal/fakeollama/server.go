// Package fakeollama is a scripted Ollama-compatible HTTP server for tests.
//
// It speaks Ollama's wire format (NDJSON streams on /api/chat, /api/show,
// /api/tags, /api/version) and answers by the shape of the request, following
// the same rules as the tiny deterministic model of the real-Ollama test set-up (docs/real-ollama.md), so a
// test written against it also runs against the real server. A handful of
// extra prompts provoke the failures a real server produces only by accident:
// stalls, resets, garbage lines, 5xx and 429 answers.
package fakeollama

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
)

// Options configure a Server. The zero value serves the default models and
// the default script.
type Options struct {
	// Script, when set, is asked first for every /api/chat request; a nil
	// Reply falls back to the default script.
	Script func(req *api.ChatRequest) *Reply
	// ChunkDelay is the pause between streamed chunks (default 1 ms; the
	// endless "loop" reply uses 5 ms).
	ChunkDelay time.Duration
	// Models replaces the default model list.
	Models []Model
	// OnChunk, when set, is called just before each streamed chunk is
	// written: benchmarks stamp the moment a token leaves the model.
	OnChunk func(c Chunk)
	// Loaded are the models in memory at the start (/api/ps).
	Loaded []Loaded
}

// Model is one model the server pretends to have.
type Model struct {
	Name          string
	ContextLength int
	Capabilities  []string // "completion", "tools", "thinking"
	// Shape, when Layers is set, is sent in model_info as
	// llama.block_count, llama.attention.head_count(_kv) and
	// llama.embedding_length, as a real model's is; without it the model
	// has no shape (as the default models).
	Shape Shape
	// Size is the model file's size in /api/tags (default 1 MiB).
	Size int64
	// Remote marks an Ollama cloud model: /api/tags and /api/show give it
	// a remote_host.
	Remote bool
}

// Loaded is a model the server holds in memory (/api/ps): one a chat or a
// generate request loaded, with the num_ctx it asked for, or one the
// Options start with.
type Loaded struct {
	Name   string
	NumCtx int
}

// Generate is one /api/generate request the server received.
type Generate struct {
	Model     string
	Prompt    string
	Options   map[string]any
	KeepAlive any // nil when the request had none
}

// Shape is a model's attention shape as /api/show reports it.
type Shape struct {
	Layers, Heads, KVHeads, EmbeddingLength int
}

// DefaultModels are tiny (tools), tiny-think (tools, thinking) and
// nope-tools (no tool support), each with an 8192-token window.
func DefaultModels() []Model {
	return []Model{
		{Name: "tiny", ContextLength: 8192, Capabilities: []string{"completion", "tools"}},
		{Name: "tiny-think", ContextLength: 8192, Capabilities: []string{"completion", "tools", "thinking"}},
		{Name: "nope-tools", ContextLength: 8192, Capabilities: []string{"completion"}},
	}
}

// Server is a running fake. Its methods are safe for concurrent use.
type Server struct {
	// URL is the base URL, "http://127.0.0.1:PORT".
	URL string
	// Host is "127.0.0.1:PORT", the form OLLAMA_HOST takes.
	Host string

	opts   Options
	ln     net.Listener
	http   *http.Server
	served sync.WaitGroup

	mu          sync.Mutex
	requests    []api.ChatRequest
	seen        map[string]int // prompt → requests seen, for flaky/ratelimit
	disconnects int
	discCh      chan struct{}
	loaded      []Loaded
	generates   []Generate
	generated   chan struct{}
}

// Start listens on 127.0.0.1 on a free port and serves until Close.
func Start(opts Options) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fakeollama: listen: %w", err)
	}
	return Serve(ln, opts), nil
}

// Serve serves on ln until Close.
func Serve(ln net.Listener, opts Options) *Server {
	if opts.ChunkDelay == 0 {
		opts.ChunkDelay = time.Millisecond
	}
	if opts.Models == nil {
		opts.Models = DefaultModels()
	}
	s := &Server{
		URL:       "http://" + ln.Addr().String(),
		Host:      ln.Addr().String(),
		opts:      opts,
		ln:        ln,
		seen:      map[string]int{},
		discCh:    make(chan struct{}, 1024),
		loaded:    append([]Loaded(nil), opts.Loaded...),
		generated: make(chan struct{}, 1024),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/chat", s.chat)
	mux.HandleFunc("POST /api/show", s.show)
	mux.HandleFunc("GET /api/tags", s.tags)
	mux.HandleFunc("GET /api/ps", s.ps)
	mux.HandleFunc("POST /api/generate", s.generate)
	mux.HandleFunc("GET /api/version", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"version": "0.17.4"})
	})
	mux.HandleFunc("GET /", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "Ollama is running")
	})
	s.http = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	s.served.Add(1)
	go func() {
		defer s.served.Done()
		_ = s.http.Serve(ln)
	}()
	return s
}

// Close stops the server, ending every stream still open.
func (s *Server) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := s.http.Shutdown(ctx); err != nil {
		_ = s.http.Close()
	}
	s.served.Wait()
}

// Requests returns every /api/chat request received so far, in order.
func (s *Server) Requests() []api.ChatRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]api.ChatRequest(nil), s.requests...)
}

// Disconnects counts streams the client closed before the reply ended.
func (s *Server) Disconnects() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.disconnects
}

// WaitDisconnect waits for the next client disconnect not yet waited for.
func (s *Server) WaitDisconnect(ctx context.Context) error {
	select {
	case <-s.discCh:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("fakeollama: no client disconnect: %w", ctx.Err())
	}
}

func (s *Server) noteDisconnect() {
	s.mu.Lock()
	s.disconnects++
	s.mu.Unlock()
	select {
	case s.discCh <- struct{}{}:
	default:
	}
}

func (s *Server) model(name string) (Model, bool) {
	for _, m := range s.opts.Models {
		if m.Name == name || m.Name+":latest" == name {
			return m, true
		}
	}
	return Model{}, false
}

func (m Model) has(c string) bool {
	for _, x := range m.Capabilities {
		if x == c {
			return true
		}
	}
	return false
}

func (s *Server) show(w http.ResponseWriter, r *http.Request) {
	var req api.ShowRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	name := req.Model
	if name == "" {
		name = req.Name //nolint:staticcheck // older clients send name
	}
	m, ok := s.model(name)
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", name))
		return
	}
	show := map[string]any{
		"modelfile":  "FROM tiny\n",
		"parameters": "",
		"template":   "{{ .Prompt }}",
		"details": map[string]any{
			"format": "gguf", "family": "llama", "families": []string{"llama"},
			"parameter_size": "1M", "quantization_level": "F32",
		},
		"model_info":   modelInfo(m),
		"capabilities": m.Capabilities,
		"modified_at":  "2026-11-01T00:00:00Z",
	}
	if m.Remote {
		show["remote_host"] = "https://ollama.com:443"
	}
	writeJSON(w, http.StatusOK, show)
}

// modelInfo is /api/show's model_info for m.
func modelInfo(m Model) map[string]any {
	mi := map[string]any{
		"general.architecture":   "llama",
		"llama.context_length":   m.ContextLength,
		"llama.embedding_length": 64,
	}
	if sh := m.Shape; sh.Layers > 0 {
		mi["llama.block_count"] = sh.Layers
		mi["llama.attention.head_count"] = sh.Heads
		mi["llama.attention.head_count_kv"] = sh.KVHeads
		mi["llama.embedding_length"] = sh.EmbeddingLength
	}
	return mi
}

func (s *Server) tags(w http.ResponseWriter, _ *http.Request) {
	models := make([]map[string]any, 0, len(s.opts.Models))
	for _, m := range s.opts.Models {
		size := m.Size
		if size == 0 {
			size = 1 << 20
		}
		entry := map[string]any{
			"name": m.Name + ":latest", "model": m.Name + ":latest",
			"modified_at": "2026-11-01T00:00:00Z", "size": size,
			"digest":  "0000000000000000000000000000000000000000000000000000000000000000",
			"details": map[string]any{"format": "gguf", "family": "llama", "parameter_size": "1M", "quantization_level": "F32"},
		}
		if m.Remote {
			entry["remote_host"] = "https://ollama.com:443"
		}
		models = append(models, entry)
	}
	writeJSON(w, http.StatusOK, map[string]any{"models": models})
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	var req api.ChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	prompt := lastUserContent(req.Messages)
	s.seen[prompt]++
	seen := s.seen[prompt]
	s.mu.Unlock()

	m, ok := s.model(req.Model)
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", req.Model))
		return
	}
	if len(req.Tools) > 0 && !m.has("tools") {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%q does not support tools", m.Name))
		return
	}
	if req.Think != nil && req.Think.Bool() && !m.has("thinking") {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%q does not support thinking", m.Name))
		return
	}
	if req.Truncate != nil && !*req.Truncate && promptTokens(req.Messages) > numCtx(req.Options) {
		writeError(w, http.StatusBadRequest, "the input length exceeds the context length")
		return
	}

	s.load(m.Name, numCtx(req.Options))
	var reply *Reply
	if s.opts.Script != nil {
		reply = s.opts.Script(&req)
	}
	if reply == nil {
		reply = defaultReply(&req, m, seen)
	}
	s.stream(w, r, &req, reply)
}

// load notes that name is in memory with numCtx, as Ollama holds a model
// after a request (reloaded when num_ctx changes).
func (s *Server) load(name string, numCtx int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, l := range s.loaded {
		if l.Name == name {
			s.loaded[i].NumCtx = numCtx
			return
		}
	}
	s.loaded = append(s.loaded, Loaded{Name: name, NumCtx: numCtx})
}

// LoadedModels returns what /api/ps would list now.
func (s *Server) LoadedModels() []Loaded {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Loaded(nil), s.loaded...)
}

// Generates returns every /api/generate request received so far.
func (s *Server) Generates() []Generate {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Generate(nil), s.generates...)
}

// WaitGenerate waits for the next /api/generate request not yet waited for.
func (s *Server) WaitGenerate(ctx context.Context) error {
	select {
	case <-s.generated:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("fakeollama: no /api/generate request: %w", ctx.Err())
	}
}

func (s *Server) ps(w http.ResponseWriter, _ *http.Request) {
	models := []map[string]any{}
	for _, l := range s.LoadedModels() {
		models = append(models, map[string]any{
			"name": l.Name + ":latest", "model": l.Name + ":latest", "size": 3 << 20, "size_vram": 0,
			"digest": "0000000000000000000000000000000000000000000000000000000000000000", "context_length": l.NumCtx,
			"expires_at": time.Now().Add(5 * time.Minute).UTC().Format(time.RFC3339Nano),
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"models": models})
}

// generate answers /api/generate: without a prompt, Ollama's way of
// loading a model; with one, the default script's plain answer.
func (s *Server) generate(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model     string         `json:"model"`
		Prompt    string         `json:"prompt"`
		Options   map[string]any `json:"options"`
		KeepAlive any            `json:"keep_alive"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	m, ok := s.model(req.Model)
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", req.Model))
		return
	}
	s.mu.Lock()
	s.generates = append(s.generates, Generate{Model: req.Model, Prompt: req.Prompt, Options: req.Options, KeepAlive: req.KeepAlive})
	s.mu.Unlock()
	s.load(m.Name, numCtx(req.Options))
	select {
	case s.generated <- struct{}{}:
	default:
	}
	reason, text := "load", ""
	if req.Prompt != "" {
		reason, text = "stop", "Hello from the tiny test model."
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"model": req.Model, "created_at": time.Now().UTC().Format(time.RFC3339Nano),
		"response": text, "done": true, "done_reason": reason,
	})
}

// numCtx is the window a request asks for; Ollama's CPU default is 4096.
func numCtx(opts map[string]any) int {
	if v, ok := opts["num_ctx"]; ok {
		if f, ok := v.(float64); ok {
			return int(f)
		}
	}
	return 4096
}

// promptTokens counts as the tiny model's byte-level vocabulary does: one
// token a byte, plus a little per message for the template.
func promptTokens(msgs []api.Message) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Content) + len(m.Thinking) + 8
		for _, c := range m.ToolCalls {
			b, _ := json.Marshal(c.Function.Arguments)
			n += len(c.Function.Name) + len(b)
		}
	}
	return n
}

func lastUserContent(msgs []api.Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" {
			return msgs[i].Content
		}
	}
	return ""
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

var errClientGone = errors.New("client gone")

// StartTB starts a server for the rest of a test or benchmark: a failure to
// listen fails it, and the server is closed at its cleanup.
func StartTB(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s, err := Start(opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(s.Close)
	return s
}
