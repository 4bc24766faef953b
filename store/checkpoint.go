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
	"github.com/loopls/loopls/engine/machine"
)

// MaxTitleRunes bounds a session title: it is a label in a list, the whole
// prompt is kept in the run record.
const MaxTitleRunes = 48

// politeLead are the openings a title does without ("please fix the
// build" is titled "fix the build"), longest first, lower case.
var politeLead = []string{
	"i would like you to ", "i'd like you to ", "i want you to ", "could you please ", "can you please ",
	"would you please ", "could you ", "can you ", "would you ", "please ", "hey, ", "hey ", "hi, ", "hi ",
}

// Title is the short session title a prompt gives, derived without asking
// anyone (no model call, no request added to a run): its first line that
// is not blank, spaces collapsed, without a polite opening, up to the end
// of its first sentence, at most MaxTitleRunes runes, cut at a word (the
// last rune "…" when it was cut).
func Title(prompt string) string {
	var line string
	for l := range strings.SplitSeq(prompt, "\n") {
		if line = strings.Join(strings.Fields(l), " "); line != "" {
			break
		}
	}
	for lower := strings.ToLower(line); ; lower = strings.ToLower(line) {
		cut := false
		for _, p := range politeLead {
			if strings.HasPrefix(lower, p) && len(line) > len(p) {
				line, cut = line[len(p):], true
				break
			}
		}
		if !cut {
			break
		}
	}
	// The first sentence: up to ". ", "? " or "! " (a path's dot has no space after it).
	if i := strings.IndexAny(line, ".?!"); i > 0 {
		for j := i; j < len(line)-1; j++ {
			if strings.ContainsRune(".?!", rune(line[j])) && line[j+1] == ' ' {
				line = line[:j]
				break
			}
		}
	}
	line = strings.TrimRight(line, " ,;:?!.")
	if utf8.RuneCountInString(line) <= MaxTitleRunes {
		return line
	}
	r := []rune(line[:0])
	for _, w := range strings.Fields(line) {
		next := w
		if len(r) > 0 {
			next = " " + w
		}
		if len(r)+utf8.RuneCountInString(next) > MaxTitleRunes-1 {
			break
		}
		r = append(r, []rune(next)...)
	}
	if len(r) == 0 { // one word longer than the bound
		r = []rune(line)[:MaxTitleRunes-1]
	}
	return strings.TrimRight(string(r), " ,;:") + "…"
}

// MaxPreviewRunes bounds the preview of a session's last answer in the list.
const MaxPreviewRunes = 100

// Preview is how the session list shows an answer: its text on one line,
// code fences left out, at most MaxPreviewRunes runes ("…" when cut).
func Preview(answer string) string {
	var words []string
	for l := range strings.SplitSeq(answer, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			continue
		}
		words = append(words, strings.Fields(l)...)
	}
	line := strings.Join(words, " ")
	if utf8.RuneCountInString(line) <= MaxPreviewRunes {
		return line
	}
	return strings.TrimSpace(string([]rune(line)[:MaxPreviewRunes-1])) + "…"
}

// Checkpoint writes what a commit point made durable, in one transaction:
//
//   - run_started: the session (created with its title from the prompt if
//     new), the run as in flight, the machine snapshot;
//   - model_answered, tool_results: the snapshot (the turn's answer with
//     the tool calls it asked for; their results), so a resumed run neither
//     repeats a recorded tool nor loses the answer;
//   - compacted: the session's history (compaction is a commit point) and the
//     snapshot;
//   - run_ended: the session's committed history, the final Run record, and
//     no snapshot.
//
// Every point writes the history it carries and upserts the run, so a store
// that missed an earlier point (opened mid-run) still ends up whole. A run
// once ended stays ended: a late in-flight checkpoint does not reopen it.
//
// Writes are version-checked (optimistic concurrency): a run writes its
// session only over the version its claim or its own last checkpoint left,
// so a write from another process in between is an ErrConflict, never a
// history silently overwritten. A run this Store has not claimed (see
// Claim) claims its session here, and gets ErrBusy while another live
// process has a run in flight in it.
func (s *Store) Checkpoint(ctx context.Context, c engine.Checkpoint) error {
	_, err := s.CheckpointVersion(ctx, c)
	return err
}

// CheckpointVersion is Checkpoint, and also returns the session version the
// write left (0 when it wrote nothing), which the run's next Claim of the
// session compares with to know whether anyone else wrote it meanwhile.
func (s *Store) CheckpointVersion(ctx context.Context, c engine.Checkpoint) (_ int64, err error) {
	defer s.adviseDamaged(&err)
	return s.checkpoint(ctx, c, nil)
}

// Ending is what a run_ended checkpoint can store with the run in the same
// commit: the run's transcript (JSON, kept as SetTranscript keeps it) and,
// when not empty, the files it edited as the workspace journal lists them
// (they replace the run's Edits).
type Ending struct {
	Transcript json.RawMessage
	Edits      []engine.Edit
}

// CheckpointEnded is CheckpointVersion of a run_ended checkpoint that also
// stores end, in one commit: a run's end is one synced write, where
// SetTranscript after it was a second one. A transcript that is not JSON or
// is over MaxTranscriptBytes is refused before anything is written.
func (s *Store) CheckpointEnded(ctx context.Context, c engine.Checkpoint, end Ending) (_ int64, err error) {
	defer s.adviseDamaged(&err)
	if c.Point != machine.PointRunEnded {
		return 0, fmt.Errorf("checkpoint %s: only a run_ended checkpoint carries a transcript", c.Point)
	}
	if err := checkTranscript(c.Run.ID, end.Transcript); err != nil {
		return 0, err
	}
	return s.checkpoint(ctx, c, &end)
}

func (s *Store) checkpoint(ctx context.Context, c engine.Checkpoint, end *Ending) (int64, error) {
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	if c.SessionID == "" {
		c.SessionID = c.Run.SessionID
	}
	if c.SessionID == "" || c.Run.ID == "" {
		return 0, fmt.Errorf("checkpoint %s: session id and run id are required", c.Point)
	}
	run := c.Run
	run.SessionID = c.SessionID
	snapshot := []byte(c.Machine)
	switch c.Point {
	case machine.PointRunStarted, machine.PointModelAnswered, machine.PointToolResults, machine.PointCompacted:
		run.Outcome = "" // in flight, whatever the caller filled
	case machine.PointRunEnded:
		snapshot = nil
		if run.Outcome == "" {
			// A finished run must say how it ended; never a silent success.
			run.Outcome = machine.OutcomeFailed
			if run.Error == nil {
				run.Error = machine.Internal("run ended without an outcome")
			}
		}
		if run.EndedAt.IsZero() {
			run.EndedAt = s.now()
		}
	default:
		return 0, fmt.Errorf("checkpoint: unknown point %q", c.Point)
	}
	if len(snapshot) == 0 {
		snapshot = nil
	}

	if end != nil && len(end.Edits) > 0 {
		run.Edits = end.Edits
	}
	history := c.History
	if history == nil {
		history = []machine.Message{}
	}
	turnPoint := c.Point == machine.PointModelAnswered || c.Point == machine.PointToolResults
	edits := run.Edits
	if edits == nil {
		edits = []engine.Edit{}
	}
	editsJSON, err := json.Marshal(edits)
	if err != nil {
		return 0, fmt.Errorf("checkpoint %s: encode edits: %w", c.Point, err)
	}
	var verdictJSON sql.NullString
	if run.Verdict != nil {
		b, err := json.Marshal(run.Verdict)
		if err != nil {
			return 0, fmt.Errorf("checkpoint %s: encode verdict: %w", c.Point, err)
		}
		verdictJSON = sql.NullString{String: s.redact.str(string(b)), Valid: true}
	}
	var errJSON sql.NullString
	var errKind, errMsg string
	if run.Error != nil {
		b, err := json.Marshal(run.Error)
		if err != nil {
			return 0, fmt.Errorf("checkpoint %s: encode error: %w", c.Point, err)
		}
		errJSON = sql.NullString{String: s.redact.str(string(b)), Valid: true}
		errKind, errMsg = string(run.Error.Kind), s.redact.str(run.Error.Message)
	}
	now := s.now().UnixNano()
	r := s.redact

	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("checkpoint %s: %w", c.Point, err)
	}
	defer tx.Rollback()
	// Only whether the session exists and its version: the stored history
	// is not read (decoding it cost every checkpoint O(history)).
	sess, err := s.readSessionVersion(ctx, tx, c.SessionID)
	if err != nil {
		return 0, fmt.Errorf("checkpoint %s: %w", c.Point, err)
	}
	prev, err := s.readRunRow(ctx, tx, run.ID)
	if err != nil {
		return 0, fmt.Errorf("checkpoint %s: %w", c.Point, err)
	}
	switch {
	case prev.exists && prev.outcome != "" && c.Point != machine.PointRunEnded:
		// A run once ended stays ended: a late in-flight checkpoint
		// changes nothing, the session's history included.
		return 0, nil
	case prev.exists && prev.outcome != "":
		// A second ending rewrites the record; it is still this run's.
	case prev.exists && prev.owner != s.owner.id:
		return 0, fmt.Errorf("checkpoint %s: run %s is in flight in another loopls process (pid %s): %w", c.Point, run.ID, pidOf(prev.owner), ErrBusy)
	case prev.exists:
		// Optimistic concurrency: this run writes the session only over
		// the version its own last write (or its claim) saw.
		if sess.exists && sess.version != prev.sessionVersion {
			return 0, fmt.Errorf("checkpoint %s: session %s: %w", c.Point, c.SessionID, ErrConflict)
		}
	default:
		// A run this Store did not claim (Claim) claims the session now.
		if err := s.claimable(ctx, tx, c.SessionID); err != nil {
			return 0, fmt.Errorf("checkpoint %s: %w", c.Point, err)
		}
	}
	version := sess.version + 1
	if turnPoint && sess.exists {
		// The committed history does not change within a turn: only the
		// version moves, and the bytes written are the snapshot's.
		if err := s.exec(ctx, tx, stTouchSession, now, version, string(c.SessionID)); err != nil {
			return 0, fmt.Errorf("checkpoint %s: write session %s: %w", c.Point, c.SessionID, err)
		}
	} else if histJSON, err := json.Marshal(history); err != nil {
		return 0, fmt.Errorf("checkpoint %s: encode history: %w", c.Point, err)
	} else if err := s.exec(ctx, tx, stUpsertSession,
		string(c.SessionID), r.str(Title(run.Prompt)), r.str(string(histJSON)), now, now, version); err != nil {
		return 0, fmt.Errorf("checkpoint %s: write session %s: %w", c.Point, c.SessionID, err)
	}
	if err := s.exec(ctx, tx, stUpsertRun,
		string(run.ID), string(c.SessionID), r.str(run.Prompt), run.Model, string(run.Outcome), r.str(run.Output), run.Turns,
		run.Usage.InputTokens, run.Usage.OutputTokens, errKind, errMsg, errJSON,
		unixNano(run.StartedAt), unixNano(run.EndedAt), r.str(string(editsJSON)), r.bytes(snapshot), s.owner.id,
		version, c.Seq, verdictJSON); err != nil {
		return 0, fmt.Errorf("checkpoint %s: write run %s: %w", c.Point, run.ID, err)
	}
	if end != nil {
		if err := s.exec(ctx, tx, stSetTranscript, r.str(string(end.Transcript)), nil, string(run.ID)); err != nil {
			return 0, fmt.Errorf("checkpoint %s: store transcript of run %s: %w", c.Point, run.ID, err)
		}
	}
	// The run's journal entries since its last checkpoint ride in this
	// commit (QueueJournal); a commit that fails gives them back.
	if q := s.takeQueued(run.ID); q != nil {
		committed := false
		defer func() {
			if !committed {
				s.requeue(run.ID, q)
			}
		}()
		if err := s.appendJournal(ctx, tx, run.ID, q.recs, q.bounds); err != nil {
			return 0, fmt.Errorf("checkpoint %s: %w", c.Point, err)
		}
		if err := tx.Commit(); err != nil {
			return 0, fmt.Errorf("checkpoint %s: commit: %w", c.Point, err)
		}
		committed = true
		return version, nil
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("checkpoint %s: commit: %w", c.Point, err)
	}
	return version, nil
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
