package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/loopls/loopls/engine"
)

// MaxTitleRunes bounds a session title: it is a label in a list, the whole
// prompt is kept in the run record.
const MaxTitleRunes = 60

// Title is the session title a prompt gives: its first line that is not
// blank, spaces collapsed, at most MaxTitleRunes runes (the last one "…"
// when it was cut).
func Title(prompt string) string {
	var line string
	for l := range strings.SplitSeq(prompt, "\n") {
		if line = strings.Join(strings.Fields(l), " "); line != "" {
			break
		}
	}
	if utf8.RuneCountInString(line) <= MaxTitleRunes {
		return line
	}
	r := []rune(line)
	return strings.TrimSpace(string(r[:MaxTitleRunes-1])) + "…"
}

// Checkpoint writes what a commit point made durable, in one transaction:
//
//   - run_started: the session (created with its title from the prompt if
//     new), the run as in flight, the machine snapshot;
//   - compacted: the session's history (compaction is a commit point) and the
//     snapshot;
//   - run_ended: the session's committed history, the final Run record, and
//     no snapshot.
//
// Every point writes the history it carries and upserts the run, so a store
// that missed an earlier point (opened mid-run) still ends up whole. A run
// once ended stays ended: a late in-flight checkpoint does not reopen it.
func (s *Store) Checkpoint(ctx context.Context, c engine.Checkpoint) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if c.SessionID == "" {
		c.SessionID = c.Run.SessionID
	}
	if c.SessionID == "" || c.Run.ID == "" {
		return fmt.Errorf("checkpoint %s: session id and run id are required", c.Point)
	}
	run := c.Run
	run.SessionID = c.SessionID
	machine := []byte(c.Machine)
	switch c.Point {
	case engine.PointRunStarted, engine.PointCompacted:
		run.Outcome = "" // in flight, whatever the caller filled
	case engine.PointRunEnded:
		machine = nil
		if run.Outcome == "" {
			// A finished run must say how it ended; never a silent success.
			run.Outcome = engine.OutcomeFailed
			if run.Error == nil {
				run.Error = engine.Internal("run ended without an outcome")
			}
		}
		if run.EndedAt.IsZero() {
			run.EndedAt = s.now()
		}
	default:
		return fmt.Errorf("checkpoint: unknown point %q", c.Point)
	}
	if len(machine) == 0 {
		machine = nil
	}

	history := c.History
	if history == nil {
		history = []engine.Message{}
	}
	histJSON, err := json.Marshal(history)
	if err != nil {
		return fmt.Errorf("checkpoint %s: encode history: %w", c.Point, err)
	}
	edits := run.Edits
	if edits == nil {
		edits = []engine.Edit{}
	}
	editsJSON, err := json.Marshal(edits)
	if err != nil {
		return fmt.Errorf("checkpoint %s: encode edits: %w", c.Point, err)
	}
	var errJSON sql.NullString
	var errKind, errMsg string
	if run.Error != nil {
		b, err := json.Marshal(run.Error)
		if err != nil {
			return fmt.Errorf("checkpoint %s: encode error: %w", c.Point, err)
		}
		errJSON = sql.NullString{String: s.redact.str(string(b)), Valid: true}
		errKind, errMsg = string(run.Error.Kind), s.redact.str(run.Error.Message)
	}
	now := s.now().UnixNano()
	r := s.redact

	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.Point, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO sessions (id, title, history, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET
			history = excluded.history,
			updated_at = excluded.updated_at,
			title = CASE WHEN sessions.title = '' THEN excluded.title ELSE sessions.title END`,
		string(c.SessionID), r.str(Title(run.Prompt)), r.str(string(histJSON)), now, now); err != nil {
		return fmt.Errorf("checkpoint %s: write session %s: %w", c.Point, c.SessionID, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO runs (id, session_id, prompt, model, outcome, output, turns,
			input_tokens, output_tokens, error_kind, error_message, error, started_at, ended_at, edits, machine, owner)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET
			session_id = excluded.session_id, prompt = excluded.prompt, model = excluded.model,
			outcome = excluded.outcome, output = excluded.output, turns = excluded.turns,
			input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
			error_kind = excluded.error_kind, error_message = excluded.error_message, error = excluded.error,
			started_at = excluded.started_at, ended_at = excluded.ended_at, edits = excluded.edits,
			machine = excluded.machine, owner = excluded.owner
		WHERE runs.outcome = '' OR excluded.outcome != ''`,
		string(run.ID), string(c.SessionID), r.str(run.Prompt), run.Model, string(run.Outcome), r.str(run.Output), run.Turns,
		run.Usage.InputTokens, run.Usage.OutputTokens, errKind, errMsg, errJSON,
		unixNano(run.StartedAt), unixNano(run.EndedAt), r.str(string(editsJSON)), r.bytes(machine), s.owner.id); err != nil {
		return fmt.Errorf("checkpoint %s: write run %s: %w", c.Point, run.ID, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("checkpoint %s: commit: %w", c.Point, err)
	}
	return nil
}

// unixNano stores the zero time as 0, not as a large negative number.
func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromUnixNano(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}
