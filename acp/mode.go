package acp

import (
	"fmt"

	sdk "github.com/coder/acp-go-sdk"
)

// Mode is how much a session's runs may do without asking (session/set_mode).
type Mode string

// The modes offered to the client.
const (
	// ModeAsk offers read-only tools: the model reads and answers, nothing changes.
	ModeAsk Mode = "ask"
	// ModeEdit offers every tool; each write and each command not on the
	// allow list asks the user first (session/request_permission).
	ModeEdit Mode = "edit"
	// ModeAuto writes without asking; commands not on the allow list still ask.
	ModeAuto Mode = "auto"
)

// DefaultMode is the mode of a new session: writes are shown for approval.
const DefaultMode = ModeEdit

// ParseMode checks a mode id from the client.
func ParseMode(id string) (Mode, error) {
	switch m := Mode(id); m {
	case ModeAsk, ModeEdit, ModeAuto:
		return m, nil
	}
	return "", fmt.Errorf("unknown mode %q: use one of ask, edit, auto", id)
}

// ReadOnly reports whether the mode offers only tools that change nothing.
func (m Mode) ReadOnly() bool { return m == ModeAsk }

// AsksForWrites reports whether a write needs the user's approval.
func (m Mode) AsksForWrites() bool { return m != ModeAuto }

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
