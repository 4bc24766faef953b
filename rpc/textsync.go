package rpc

import (
	"encoding/json"
	"errors"

	"go.lsp.dev/protocol"

	"github.com/loopls/loopls/workspace"
)

// The text sync notifications keep the workspace's overlays current: what
// the editor has unsaved is what the tools read. They are handled in order
// on the read loop, as LSP requires.

// The handlers wait for the workspace on the read loop: while the first
// index is built they hold reading up, which keeps the notifications in
// order. Without a workspace there is nothing to keep current.

func (s *Server) didOpen(params *json.RawMessage) {
	ws, err := s.docs.await(s.ctx)
	if err != nil || params == nil {
		return
	}
	var p protocol.DidOpenTextDocumentParams
	if err := protocol.Unmarshal(*params, &p); err != nil {
		s.log.Warn("didOpen ignored: bad params", "err", err)
		return
	}
	if err := ws.DidOpen(string(p.TextDocument.URI), p.TextDocument.Version, p.TextDocument.Text); err != nil {
		if s.bufferBound(err) {
			return
		}
		s.log.Debug("didOpen not applied", "uri", p.TextDocument.URI, "err", err)
	}
}

func (s *Server) didChange(params *json.RawMessage) {
	ws, err := s.docs.await(s.ctx)
	if err != nil || params == nil {
		return
	}
	var p protocol.DidChangeTextDocumentParams
	if err := protocol.Unmarshal(*params, &p); err != nil {
		s.log.Warn("didChange ignored: bad params", "err", err)
		return
	}
	if err := ws.DidChange(string(p.TextDocument.URI), p.TextDocument.Version, p.ContentChanges); err != nil {
		if s.bufferBound(err) {
			return
		}
		s.log.Warn("didChange not applied", "uri", p.TextDocument.URI, "err", err)
	}
}

// bufferBound tells the user when an open document is over the bound on
// mirrored buffers (the tools read it from disk instead), and reports
// whether err was that.
func (s *Server) bufferBound(err error) bool {
	if !errors.Is(err, workspace.ErrBufferTooLarge) {
		return false
	}
	s.log.Warn("open document not mirrored", "err", err)
	s.showMessage(2, "loopls: "+err.Error())
	return true
}

func (s *Server) didClose(params *json.RawMessage) {
	ws, err := s.docs.await(s.ctx)
	if err != nil || params == nil {
		return
	}
	var p protocol.DidCloseTextDocumentParams
	if err := protocol.Unmarshal(*params, &p); err != nil {
		s.log.Warn("didClose ignored: bad params", "err", err)
		return
	}
	if err := ws.DidClose(string(p.TextDocument.URI)); err != nil {
		s.log.Debug("didClose not applied", "uri", p.TextDocument.URI, "err", err)
	}
}

// didSave needs nothing: the overlay already holds the saved text, and the
// file index picks up the write through fsnotify.
func (s *Server) didSave(*json.RawMessage) {}

// didChangeConfiguration merges new settings ({"loopls": {...}} or the bare
// object); runs started afterwards use them.
func (s *Server) didChangeConfiguration(params *json.RawMessage) {
	var p struct {
		Settings json.RawMessage `json:"settings"`
	}
	if err := decodeParams(params, &p); err != nil {
		s.showMessage(2, "loopls: workspace/didChangeConfiguration: "+err.Error())
		return
	}
	settings, err := s.conf.apply(p.Settings)
	if err != nil {
		s.showMessage(2, "loopls: settings not applied: "+err.Error())
		return
	}
	s.notices.reset()
	s.log.Info("settings changed", "model", settings.Model, "allowCommands", settings.AllowCommands)
}
