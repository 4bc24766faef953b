package acp

import (
	"fmt"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/workspace"
)

// Mode is how much a session's runs may do without asking (session/set_mode).
// It is workspace.Mode: the same words and the same tools as loopls serve's
// "mode" and loopls run --mode. What differs is only who confirms an edit in
// edit mode: here the client, through session/request_permission (editor.go).
type Mode = workspace.Mode

// The modes offered to the client.
const (
	// ModeAsk offers read-only tools: the model reads and answers, nothing changes.
	ModeAsk = workspace.ModeAsk
	// ModeEdit offers every tool; each write and each command not on the
	// allow list asks the user first (session/request_permission).
	ModeEdit = workspace.ModeEdit
	// ModeAuto writes without asking; commands not on the allow list still ask.
	ModeAuto = workspace.ModeAuto
)

// DefaultMode is the mode of a new session: writes are shown for approval.
const DefaultMode = ModeEdit

// ParseMode checks a mode id from the client: one of ask, edit, auto.
func ParseMode(id string) (Mode, error) {
	if id == "" {
		return "", fmt.Errorf("the mode id is empty: use one of ask, edit, auto")
	}
	return workspace.ParseMode(id)
}

func modeState(current Mode) *sdk.SessionModeState {
	return &sdk.SessionModeState{
		CurrentModeId: sdk.SessionModeId(current),
		AvailableModes: []sdk.SessionMode{
			{Id: sdk.SessionModeId(ModeAsk), Name: "Ask", Description: sdk.Ptr("Read-only: the agent reads the workspace and answers; nothing is changed.")},
			{Id: sdk.SessionModeId(ModeEdit), Name: "Edit", Description: sdk.Ptr("The agent may edit files and run commands; every write and command is shown for approval first.")},
			{Id: sdk.SessionModeId(ModeAuto), Name: "Auto", Description: sdk.Ptr("The agent edits files without asking; commands outside the allow list still ask.")},
		},
	}
}
