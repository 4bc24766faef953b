package workspace

import "fmt"

// Mode is how much a run may change without the user's say: the words ACP
// uses (session modes), shared by loopls serve, run and acp.
type Mode string

// The modes. The zero Mode is ModeAuto.
const (
	// ModeAuto offers every tool and applies edits directly (the default).
	ModeAuto Mode = "auto"
	// ModeAsk offers the read-only tools only: read_file, list_dir, glob,
	// grep. Nothing in the workspace changes.
	ModeAsk Mode = "ask"
	// ModeEdit offers every tool, and each edit waits for the user to
	// accept or reject it; the tool result tells the model which.
	ModeEdit Mode = "edit"
)

// ModeReadOnly is ModeAsk by the name it had before modes took ACP's words.
const ModeReadOnly = ModeAsk

// Modes lists the modes, for messages and documentation.
var Modes = []Mode{ModeAsk, ModeEdit, ModeAuto}

// ParseMode checks a mode word; "" is ModeAuto.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case "":
		return ModeAuto, nil
	case ModeAsk, ModeEdit, ModeAuto:
		return m, nil
	}
	return "", fmt.Errorf("unknown mode %q: use ask, edit or auto", s)
}

// ReadOnly reports whether the mode offers only tools that change nothing.
func (m Mode) ReadOnly() bool { return m == ModeAsk }

// Confirms reports whether each edit waits for the user's confirmation.
func (m Mode) Confirms() bool { return m == ModeEdit }

// ConfirmingEditor is an Editor that can put an edit before the user and
// report whether they accepted it: it honours FileEdit.Confirm.
type ConfirmingEditor interface {
	Editor
	// ConfirmsEdits reports whether this editor can ask the user now.
	ConfirmsEdits() bool
}

func editorConfirms(e Editor) bool {
	c, ok := e.(ConfirmingEditor)
	return ok && c.ConfirmsEdits()
}
