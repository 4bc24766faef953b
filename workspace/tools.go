package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/loopls/loopls/engine"
)

// The tool names of SPEC §4.
const (
	ToolReadFile   = "read_file"
	ToolListDir    = "list_dir"
	ToolGlob       = "glob"
	ToolGrep       = "grep"
	ToolEditFile   = "edit_file"
	ToolWriteFile  = "write_file"
	ToolRunCommand = "run_command"
)

// decodeArgs decodes a tool call's JSON arguments into v. Small local
// models are loose with JSON, so it forgives what has one clear meaning:
// nothing at all (an empty object) and the object sent as a JSON string.
func decodeArgs(raw []byte, v any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		raw = []byte("{}")
	}
	if raw[0] == '"' {
		var inner string
		if err := json.Unmarshal(raw, &inner); err == nil {
			raw = []byte(inner)
		}
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("arguments are not the JSON object the schema describes: %v", err)
	}
	return nil
}

// flexInt is an integer argument that also accepts a number in a string
// ("10"), which small models often send.
type flexInt int

func (n *flexInt) UnmarshalJSON(b []byte) error {
	if s, err := strconv.Unquote(string(b)); err == nil {
		b = []byte(strings.TrimSpace(s))
	}
	var v int
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("want an integer, got %s", b)
	}
	*n = flexInt(v)
	return nil
}

// flexBool is a boolean argument that also accepts "true" and "false" in a
// string.
type flexBool bool

func (v *flexBool) UnmarshalJSON(b []byte) error {
	if s, err := strconv.Unquote(string(b)); err == nil {
		b = []byte(strings.ToLower(strings.TrimSpace(s)))
	}
	var x bool
	if err := json.Unmarshal(b, &x); err != nil {
		return fmt.Errorf("want true or false, got %s", b)
	}
	*v = flexBool(x)
	return nil
}

// failed is the result of a tool call that failed in a way the model should
// see and can correct.
func failed(format string, args ...any) (engine.ToolResult, error) {
	return engine.ToolResult{Output: fmt.Sprintf(format, args...), IsError: true}, nil
}

// ok is a successful result.
func ok(output string) (engine.ToolResult, error) {
	return engine.ToolResult{Output: output}, nil
}

// describe words a file-access error for the model: what went wrong and,
// where it helps, what to do instead.
func describe(err error) string {
	switch {
	case errors.Is(err, ErrOutsideRoot), errors.Is(err, ErrInvalidPath):
		return err.Error()
	case errors.Is(err, fs.ErrNotExist):
		return err.Error() + " (use list_dir or glob to find the right path)"
	default:
		return err.Error()
	}
}

// binarySniff is how much of a file decides whether it is text.
const binarySniff = 8000

// isBinary reports whether data looks like a binary file: a NUL byte, or
// bytes that are not UTF-8, in its first few kilobytes.
func isBinary(data []byte) bool {
	head := data
	if len(head) > binarySniff {
		head = head[:binarySniff]
		// Do not count a character cut at the sniff boundary.
		for i := 0; i < utf8.UTFMax && len(head) > 0 && !utf8.RuneStart(head[len(head)-1]); i++ {
			head = head[:len(head)-1]
		}
		if len(head) > 0 && !utf8.FullRune(head[len(head)-1:]) {
			head = head[:len(head)-1]
		}
	}
	return bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(head)
}
