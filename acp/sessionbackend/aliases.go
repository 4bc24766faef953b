package sessionbackend

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/loopls/loopls/engine/machine"
)

// aliases maps the id an ACP client got from session/new to the loopls
// session its first prompt created, for sessions made before loopls created
// a session under its ACP id (session.Request.NewSessionID). Those loopls
// named itself when the first run started, and recorded the pair here
// after the run had begun, so a loopls killed early lost the pair; the
// file is only read now, so that session/load still finds the sessions it
// names. It lives beside the store's databases, one small JSON file.
type aliases struct {
	m map[machine.SessionID]machine.SessionID
}

func loadAliases(dir string) (*aliases, error) {
	m := map[machine.SessionID]machine.SessionID{}
	b, err := os.ReadFile(filepath.Join(dir, "acp-sessions.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return &aliases{m: m}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read ACP session aliases: %w", err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		// A damaged file loses only the aliases; start afresh.
		return &aliases{m: map[machine.SessionID]machine.SessionID{}}, nil
	}
	return &aliases{m: m}, nil
}

// get returns the loopls session of an ACP id, or the id itself when it has
// no alias (a session created under its ACP id, or by another front end).
func (a *aliases) get(id machine.SessionID) machine.SessionID {
	if to, ok := a.m[id]; ok {
		return to
	}
	return id
}

// acpID returns the ACP id whose alias is id, or id itself: the id a client
// must pass to session/load.
func (a *aliases) acpID(id machine.SessionID) machine.SessionID {
	for from, to := range a.m {
		if to == id {
			return from
		}
	}
	return id
}
