// Package rpc is the loopls daemon: JSON-RPC 2.0 over the LSP base protocol
// on stdin/stdout (SPEC §3). It turns editor requests into runs of the
// session manager, every engine event into notifications, and every editor
// cancel into a cancel of the run's machine.
//
// One file per method group, as gopls's internal/server: lifecycle.go,
// run.go, execute_command.go, cancel.go, progress.go, textsync.go,
// code_action.go, approve.go, sessions.go; notify.go is the ordered
// outbound queue and framing.go the message stream. The state each concern
// owns is a small type that guards itself: documents.go (the workspace),
// sessions_open.go (the store and manager), configuration.go (capabilities
// and settings).
package rpc

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/mcp"
	"github.com/loopls/loopls/providers"
)

// Options configure a server.
type Options struct {
	// Logger receives logs (stderr in the binary); nil discards them.
	Logger *slog.Logger
	// StateDir is where the session store lives; "" = store.DefaultDir().
	StateDir string
	// NoStore keeps sessions in memory only.
	NoStore bool
	// Resolve overrides providers.Resolve (tests).
	Resolve func(ctx context.Context, s config.Settings, override string) (providers.Resolved, error)
	// Settings, when set, are the settings before initializationOptions
	// apply, instead of the defaults, the user file, the project file and
	// the environment (tests).
	Settings *config.Settings
	// UserFile replaces config.UserFile() as the user file (tests).
	UserFile string
	// Root, when set, is the workspace root whatever the client says
	// (tests and fuzzing keep the daemon inside a temporary directory).
	Root string
	// Version is what initialize reports as serverInfo.version; "" = "dev".
	Version string
}

// Server is one connection's daemon.
type Server struct {
	opts   Options
	log    *slog.Logger
	stream *stream
	conn   *jsonrpc2.Conn
	out    *connOutbox
	ctx    context.Context // lives until the server stops
	stop   context.CancelFunc

	callIDs atomic.Uint64 // ids of server→client requests
	// inflight are the requests being answered (cancel.go), tokens the
	// progress tokens of runs (progress.go); each guards itself.
	inflight inflight
	tokens   progressTokens
	// mcp holds the MCP servers for the daemon's life (mcp_servers.go).
	mcp *mcp.Hub
	// conf holds the client's capabilities, the settings and the trace
	// level (configuration.go).
	conf *configuration
	// docs holds the workspace the documents live in, opened in the
	// background after initialize (documents.go).
	docs *documents
	// sess holds the session store and manager, opened on first need
	// (sessions_open.go).
	sess sessions
	// notices are the run set-up notices shown already (notices.go).
	notices shownNotices

	mu        sync.Mutex
	state     lifecycle                   // only setState changes it (state.go)
	runs      map[machine.RunID]*runState // runs in flight (run.go)
	ended     endedRuns                   // runs that ended in this daemon (run.go)
	exitCode  int
	exited    chan struct{}
	exitOnce  sync.Once
	requestWG sync.WaitGroup
	runWG     sync.WaitGroup
}

// Serve runs the daemon on in/out until the client sends exit, the stream
// ends, or the editor process given as processId dies. It returns the
// process exit code: 0 after shutdown and exit, 1 otherwise.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) int {
	s := newServer(ctx, opts)
	var closer io.Closer
	if c, ok := in.(io.Closer); ok {
		closer = c
	}
	s.stream = newStream(in, out, closer)
	s.conn = jsonrpc2.NewConn(s.ctx, s.stream, s, jsonrpc2.SetLogger(slogPrintf{s.log}))
	s.out.start(s.conn)
	select {
	case <-s.exited:
	case <-s.conn.DisconnectNotify():
		s.log.Info("the editor closed the connection")
	case <-ctx.Done():
	}
	s.teardown()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exitCode
}

func newServer(ctx context.Context, opts Options) *Server {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	sctx, stop := context.WithCancel(ctx)
	s := &Server{
		opts:     opts,
		log:      log,
		out:      newOutbox(log),
		ctx:      sctx,
		stop:     stop,
		conf:     newConfiguration(),
		docs:     newDocuments(),
		runs:     make(map[machine.RunID]*runState),
		exitCode: 1,
		exited:   make(chan struct{}),
	}
	s.mcp = mcp.NewHub(mcp.Options{Logger: log, Version: s.version()})
	return s
}

// slogPrintf adapts slog to jsonrpc2's logger, so nothing reaches stdout.
type slogPrintf struct{ log *slog.Logger }

func (l slogPrintf) Printf(format string, v ...any) {
	l.log.Debug(fmt.Sprintf(format, v...))
}

// handlerFunc answers one request.
type handlerFunc func(s *Server, ctx context.Context, params *json.RawMessage) (any, error)

// notificationFunc handles one notification, in order, on the read loop.
type notificationFunc func(s *Server, params *json.RawMessage)

// requests and notifications are the dispatch tables.
var (
	requests      map[string]handlerFunc
	notifications map[string]notificationFunc
)

func init() {
	requests = map[string]handlerFunc{
		"initialize":               (*Server).initialize,
		"shutdown":                 (*Server).shutdown,
		"loopls/run":               (*Server).loopRun,
		"loopls/resumeRun":         (*Server).resumeRun,
		"loopls/cancel":            (*Server).loopCancel,
		"loopls/sessions":          (*Server).sessions,
		"loopls/session":           (*Server).session,
		"loopls/deleteSession":     (*Server).deleteSession,
		"loopls/renameSession":     (*Server).renameSession,
		"loopls/models":            (*Server).models,
		"loopls/warmUp":            (*Server).warmUp,
		"loopls/undoRun":           (*Server).undoRun,
		"loopls/runChange":         (*Server).runChange,
		"loopls/runReview":         (*Server).runReview,
		"loopls/reviewRun":         (*Server).reviewRun,
		"loopls/mcpServers":        (*Server).mcpServers,
		"workspace/executeCommand": (*Server).executeCommand,
		"textDocument/codeAction":  (*Server).codeAction,
	}
	notifications = map[string]notificationFunc{
		"initialized":                      (*Server).initialized,
		"exit":                             (*Server).exitNotification,
		"$/cancelRequest":                  (*Server).cancelRequest,
		"$/setTrace":                       (*Server).setTrace,
		"window/workDoneProgress/cancel":   (*Server).progressCancel,
		"workspace/didChangeConfiguration": (*Server).didChangeConfiguration,
		"textDocument/didOpen":             (*Server).didOpen,
		"textDocument/didChange":           (*Server).didChange,
		"textDocument/didClose":            (*Server).didClose,
		"textDocument/didSave":             (*Server).didSave,
	}
}

// Handle implements jsonrpc2.Handler. It runs on the read loop: a
// notification is handled here, in order; a request registers its cancel
// function here (so a $/cancelRequest right behind it finds it) and is then
// answered in its own goroutine, so no handler blocks reading.
func (s *Server) Handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if req.Notif {
		s.handleNotification(req)
		return
	}
	switch state := s.currentState(); {
	case state == stateNew && req.Method != "initialize":
		s.replyError(req.ID, &jsonrpc2.Error{Code: CodeServerNotInitialized,
			Message: "the server is not initialized: send initialize first"})
		return
	case state >= stateShuttingDown:
		s.replyError(req.ID, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest,
			Message: "the server is shutting down: only exit is accepted now"})
		return
	}
	h, ok := requests[req.Method]
	if !ok {
		s.replyError(req.ID, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound,
			Message: fmt.Sprintf("method not found: %q", req.Method)})
		return
	}
	if req.Method == "initialize" || req.Method == "shutdown" {
		// Answered on the read loop (neither waits on anything: initialize
		// starts the open in the background, shutdown only cancels runs),
		// so what a client sends right behind them finds the new state:
		// an exit right after shutdown exits 0.
		s.answer(s.ctx, h, req)
		return
	}
	ctx, done := s.inflight.start(s.ctx, req.ID)
	s.requestWG.Add(1)
	go func() {
		defer s.requestWG.Done()
		defer done()
		s.answer(ctx, h, req)
	}()
}

// answer runs h and queues its answer.
func (s *Server) answer(ctx context.Context, h handlerFunc, req *jsonrpc2.Request) {
	result, err := s.safeCall(ctx, h, req)
	if err != nil {
		s.replyError(req.ID, toRPCError(err))
		return
	}
	s.out.push(&outMsg{kind: outReply, id: req.ID, result: result})
}

// safeCall runs h, turning a panic into an internal error: one bad request
// must not take the daemon down.
func (s *Server) safeCall(ctx context.Context, h handlerFunc, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("handler panicked", "method", req.Method, "panic", p)
			err = &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError,
				Message: fmt.Sprintf("internal error in %s: %v", req.Method, p)}
		}
	}()
	return h(s, ctx, req.Params)
}

func (s *Server) handleNotification(req *jsonrpc2.Request) {
	if s.currentState() == stateNew && req.Method != "exit" {
		return // LSP: notifications before initialize are dropped
	}
	h, ok := notifications[req.Method]
	if !ok {
		s.log.Debug("notification ignored", "method", req.Method)
		return
	}
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("notification handler panicked", "method", req.Method, "panic", p)
		}
	}()
	h(s, req.Params)
}

func (s *Server) replyError(id jsonrpc2.ID, e *jsonrpc2.Error) {
	s.out.push(&outMsg{kind: outReply, id: id, rerr: e})
}

// call sends a request to the client and waits for its answer. When ctx
// ends first, the request is withdrawn with $/cancelRequest.
func (s *Server) call(ctx context.Context, method string, params, result any) error {
	id := jsonrpc2.ID{Num: s.callIDs.Add(1)}
	started := make(chan callStart, 1)
	s.out.push(&outMsg{kind: outCall, method: method, params: params, id: id, started: started})
	var cs callStart
	select {
	case cs = <-started:
	case <-ctx.Done():
		// Still queued: it will be written, so withdraw it right after.
		s.out.notify("$/cancelRequest", map[string]any{"id": id}, "")
		return ctx.Err()
	}
	if cs.err != nil {
		return cs.err
	}
	err := cs.w.Wait(ctx, result)
	if ctx.Err() != nil {
		s.out.notify("$/cancelRequest", map[string]any{"id": id}, "")
		return ctx.Err()
	}
	return err
}

// currentSettings is what the session manager reads at each run start.
func (s *Server) currentSettings() config.Settings { return s.conf.current() }

// showMessage sends window/showMessage (1 error, 2 warning, 3 info).
func (s *Server) showMessage(typ int, msg string) {
	s.out.notify("window/showMessage", map[string]any{"type": typ, "message": msg}, "")
}

// tracing reports whether the client asked for a trace ($/setTrace or
// initialize's trace): run starts and ends then go to window/logMessage.
func (s *Server) tracing() bool { return s.conf.tracing() }

// logMessage sends window/logMessage (1 error … 4 log).
func (s *Server) logMessage(typ int, msg string) {
	s.out.notify("window/logMessage", map[string]any{"type": typ, "message": msg}, "")
}
