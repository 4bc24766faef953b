package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// Limits of what read_file returns, so one read cannot flood the context.
const (
	readDefaultLimit = 2000    // lines
	readMaxLineLen   = 2000    // bytes per line shown
	readMaxOutput    = 100_000 // bytes of output
	readMaxFile      = 8 << 20 // bytes read from disk
)

type readFileTool struct{ w *Workspace }

type readFileArgs struct {
	Path   string  `json:"path"`
	Offset flexInt `json:"offset"`
	Limit  flexInt `json:"limit"`
}

func (t *readFileTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name: ToolReadFile,
		Description: "Read a text file of the workspace, with line numbers. Shows what the editor has unsaved for open files. " +
			"Reads up to 2000 lines; use offset (1-based line) and limit to read further in long files.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"path":{"type":"string","description":"file path relative to the workspace root"},` +
			`"offset":{"type":"integer","minimum":1,"description":"first line to read, 1-based (default 1)"},` +
			`"limit":{"type":"integer","minimum":1,"description":"how many lines to read (default 2000)"}},` +
			`"required":["path"],"additionalProperties":false}`),
	}
}

func (t *readFileTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a readFileArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("read_file: %v", err)
	}
	if a.Path == "" {
		return failed("read_file: path is required")
	}
	if a.Offset < 0 || a.Limit < 0 {
		return failed("read_file: offset and limit must be positive")
	}
	text, size, truncated, err := t.w.readText(ctx, inv.RunID, a.Path)
	if err != nil {
		return failed("read_file: %s", describe(err))
	}
	if isBinary([]byte(text[:min(len(text), binarySniff)])) {
		return ok(fmt.Sprintf("%s is a binary file (%d bytes); its content is not shown.", a.Path, size))
	}
	return ok(numberLines(a.Path, text, int(a.Offset), int(a.Limit), size, truncated))
}

// readText reads p for a tool of run: the overlay when the document is
// open, else the Reader's text when it has the file, else at most
// readMaxFile bytes of the file. It reports the full size and whether the
// text was cut.
func (w *Workspace) readText(ctx context.Context, run machine.RunID, p string) (text string, size int64, truncated bool, err error) {
	rel, err := w.Rel(p)
	if err != nil {
		return "", 0, false, err
	}
	if ov, ok := w.overlayFor(rel); ok {
		return ov.text, int64(len(ov.text)), false, nil
	}
	if w.reader != nil {
		// The root confines the path first (symlinks included): only a
		// regular file inside it is ever asked of the Reader. Anything
		// else falls through to the disk read, which says what is wrong.
		if f, _, oerr := openRegular(w.root, rel); oerr == nil {
			f.Close()
			text, ok, err := w.reader.ReadText(ctx, run, w.abs(rel))
			if err != nil {
				return "", 0, false, fmt.Errorf("%s: %w: %w", p, ErrHookFailed, err)
			}
			if ok {
				size := int64(len(text))
				if size > readMaxFile {
					return text[:readMaxFile], size, true, nil
				}
				return text, size, false, nil
			}
		}
	}
	b, size, err := readRegular(w.root, rel, readMaxFile, nil)
	if errors.Is(err, ErrNotRegular) {
		if fi, serr := w.root.Stat(rel); serr == nil && fi.IsDir() {
			return "", 0, false, fmt.Errorf("%s is a directory; use list_dir to see what it holds: %w", p, ErrInvalidPath)
		}
		return "", 0, false, fmt.Errorf("%s is not a regular file (a pipe, socket or device): %w", p, ErrInvalidPath)
	}
	if err != nil {
		return "", 0, false, w.fsError(p, err)
	}
	return string(b), size, size > int64(len(b)), nil
}

// numberLines formats lines offset… of text as "   N\tline", with notes on
// what was left out.
func numberLines(p, text string, offset, limit int, size int64, truncated bool) string {
	if text == "" {
		return fmt.Sprintf("%s is empty.", p)
	}
	if offset == 0 {
		offset = 1
	}
	if limit == 0 {
		limit = readDefaultLimit
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	total := len(lines)
	if offset > total {
		return fmt.Sprintf("%s has %d lines; offset %d is past the end.", p, total, offset)
	}
	var b strings.Builder
	last := offset - 1
	cutLines := 0
	for i := offset - 1; i < total && i < offset-1+limit; i++ {
		line := strings.TrimRight(lines[i], "\r\n")
		if len(line) > readMaxLineLen {
			line = line[:readMaxLineLen] + " … [line cut]"
			cutLines++
		}
		entry := fmt.Sprintf("%6d\t%s\n", i+1, line)
		if b.Len()+len(entry) > readMaxOutput {
			break
		}
		b.WriteString(entry)
		last = i + 1
	}
	switch {
	case last < total:
		fmt.Fprintf(&b, "[showing lines %d-%d of %d; read on with offset=%d]\n", offset, last, total, last+1)
	case offset > 1:
		fmt.Fprintf(&b, "[showing lines %d-%d of %d]\n", offset, last, total)
	}
	if truncated {
		fmt.Fprintf(&b, "[the file is %d bytes; only its first %d bytes were read]\n", size, readMaxFile)
	}
	if cutLines > 0 {
		fmt.Fprintf(&b, "[%d lines longer than %d bytes were cut]\n", cutLines, readMaxLineLen)
	}
	return b.String()
}

// errIsNotExist reports whether err says the file is not there.
func errIsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
