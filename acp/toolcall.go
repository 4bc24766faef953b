package acp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// toolArgs are the argument fields of loopls's tools that an editor shows.
// Unknown fields are ignored; a call whose arguments are not an object shows
// with a bare title.
type toolArgs struct {
	Path      string `json:"path"`
	Pattern   string `json:"pattern"`
	Glob      string `json:"glob"`
	Command   string `json:"command"`
	OldString string `json:"old_string"`
	NewString string `json:"new_string"`
	Content   string `json:"content"`
}

func parseToolArgs(raw []byte) toolArgs {
	var a toolArgs
	_ = json.Unmarshal(raw, &a) // a malformed call still gets a tool_call, titled by name
	return a
}

// toolKind says what kind of action a tool is, so the editor picks an icon
// and knows which calls change files.
func toolKind(name string) sdk.ToolKind {
	switch name {
	case "read_file", "list_dir":
		return sdk.ToolKindRead
	case "glob", "grep":
		return sdk.ToolKindSearch
	case "edit_file", "write_file":
		return sdk.ToolKindEdit
	case "run_command":
		return sdk.ToolKindExecute
	}
	return sdk.ToolKindOther
}

// toolTitle is the one line the editor shows for a call.
func toolTitle(name string, a toolArgs) string {
	switch name {
	case "read_file":
		if a.Path != "" {
			return "Read " + a.Path
		}
	case "list_dir":
		p := a.Path
		if p == "" {
			p = "."
		}
		return "List " + p
	case "glob":
		if a.Pattern != "" {
			return "Find files matching " + a.Pattern
		}
	case "grep":
		if a.Pattern != "" {
			t := fmt.Sprintf("Search for %q", a.Pattern)
			if a.Path != "" {
				t += " in " + a.Path
			}
			return t
		}
	case "edit_file":
		if a.Path != "" {
			return "Edit " + a.Path
		}
	case "write_file":
		if a.Path != "" {
			return "Write " + a.Path
		}
	case "run_command":
		if a.Command != "" {
			return "Run `" + a.Command + "`"
		}
	}
	return name
}

// absPath resolves a tool's path against the root: ACP paths are absolute.
// It does no confinement check; the workspace refuses escaping paths itself,
// and this path is only displayed.
func absPath(root, p string) string {
	if p == "" {
		return ""
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(root, p)
}

func toolLocations(root, name string, a toolArgs) []sdk.ToolCallLocation {
	p := a.Path
	if p == "" && name == "list_dir" {
		p = "."
	}
	if p == "" || name == "run_command" {
		return nil
	}
	return []sdk.ToolCallLocation{{Path: absPath(root, p)}}
}

// toolDiff is the diff block of an edit: the replaced text and its
// replacement for edit_file, the whole new content for write_file.
func toolDiff(root, name string, a toolArgs) []sdk.ToolCallContent {
	switch name {
	case "edit_file":
		if a.Path != "" {
			return []sdk.ToolCallContent{sdk.ToolDiffContent(absPath(root, a.Path), a.NewString, a.OldString)}
		}
	case "write_file":
		if a.Path != "" {
			return []sdk.ToolCallContent{sdk.ToolDiffContent(absPath(root, a.Path), a.Content)}
		}
	}
	return nil
}

// rawInput is the call's arguments as the client sees them: the JSON object
// the model produced.
func rawInput(raw []byte) any {
	if len(raw) == 0 {
		return map[string]any{}
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	return v
}

// toolCallStart is the tool_call update that announces a call.
func toolCallStart(root string, call machine.ToolCall, status sdk.ToolCallStatus) sdk.SessionUpdate {
	a := parseToolArgs(call.Arguments)
	return sdk.StartToolCall(sdk.ToolCallId(call.ID), toolTitle(call.Name, a),
		sdk.WithStartKind(toolKind(call.Name)),
		sdk.WithStartStatus(status),
		sdk.WithStartLocations(toolLocations(root, call.Name, a)),
		sdk.WithStartRawInput(rawInput(call.Arguments)),
		sdk.WithStartContent(toolDiff(root, call.Name, a)),
	)
}

// toolStatus maps a loopls tool status to ACP's. ACP has no "cancelled": a
// call that was stopped did not complete, so it is failed.
func toolStatus(s engine.ToolStatus) sdk.ToolCallStatus {
	switch s {
	case engine.ToolPending:
		return sdk.ToolCallStatusPending
	case engine.ToolRunning:
		return sdk.ToolCallStatusInProgress
	case engine.ToolCompleted:
		return sdk.ToolCallStatusCompleted
	}
	return sdk.ToolCallStatusFailed
}

// toolCallEnd is the tool_call_update that closes a call: its status and its
// output as text, after the diff for edits and after shown (the terminal a
// command ran in) so the editor keeps showing them.
func toolCallEnd(root string, call machine.ToolCall, status engine.ToolStatus, output string, shown ...sdk.ToolCallContent) sdk.SessionUpdate {
	a := parseToolArgs(call.Arguments)
	content := append(toolDiff(root, call.Name, a), shown...)
	if status == engine.ToolCancelled && output == "" {
		output = "cancelled"
	}
	if strings.TrimSpace(output) != "" {
		content = append(content, sdk.ToolContent(sdk.TextBlock(output)))
	}
	return sdk.UpdateToolCall(sdk.ToolCallId(call.ID),
		sdk.WithUpdateStatus(toolStatus(status)),
		sdk.WithUpdateContent(content),
		sdk.WithUpdateRawOutput(map[string]any{"output": output, "status": string(status)}),
	)
}
