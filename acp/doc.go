// Package acp makes loopls an Agent Client Protocol agent: `loopls acp`
// speaks ACP version 1 (newline-delimited JSON-RPC 2.0 on stdio) to Zed,
// JetBrains, CodeCompanion, avante or agent-shell, and runs each
// session/prompt as one run of the same engine, sessions, tools and store as
// `loopls serve`.
//
// The package is a thin adapter. It owns no loop logic: a Backend (the
// session manager, acp/sessionbackend) runs the loop, and this
// package translates in both directions:
//
//   - requests in (agent.go): initialize, authenticate, session/new,
//     session/load, session/list, session/prompt, session/cancel,
//     session/set_mode, session/set_config_option; bad lines are answered
//     before the SDK sees them (framing.go);
//   - the run's observer events out, as session/update notifications
//     (observer.go, toolcall.go, queued in order by outbox.go) and
//     `_loopls/transition` extension notifications;
//   - the run's ending out, as a stopReason or a JSON-RPC error (ending.go);
//   - the tools' needs out, as client requests: session/request_permission
//     (permission.go), fs/write_text_file (editor.go), fs/read_text_file
//     (clientfs.go) and terminal/* (terminal.go), the last two only when the
//     client offers them.
package acp
