package sessionbackend

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/loopls/loopls/engine"
)

// aliases maps the id an ACP client got from session/new to the loopls
// session its first prompt created. ACP names a session before its first
// prompt, while session.Manager names a session when its first run starts;
// the alias lets session/load find the session by the ACP id after a
// restart. It lives beside the store's databases, one small JSON file.
type aliases struct {
	path string

	mu sync.Mutex
	m  map[engine.SessionID]engine.SessionID
}

func loadAliases(dir string) (*aliases, error) {
	a := &aliases{path: filepath.Join(dir, "acp-sessions.json"), m: map[engine.SessionID]engine.SessionID{}}
	m, err := a.read()
	if err != nil {
		return nil, err
	}
	a.m = m
	return a, nil
}

func (a *aliases) read() (map[engine.SessionID]engine.SessionID, error) {
	m := map[engine.SessionID]engine.SessionID{}
	b, err := os.ReadFile(a.path)
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read ACP session aliases: %w", err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		// A damaged file loses only the aliases; say so and start afresh.
		return map[engine.SessionID]engine.SessionID{}, nil
	}
	return m, nil
}

// get returns the loopls session of an ACP id, or the id itself when it has
// no alias (a session another front end created, loaded by its own id).
func (a *aliases) get(id engine.SessionID) engine.SessionID {
	a.mu.Lock()
	defer a.mu.Unlock()
	if to, ok := a.m[id]; ok {
		return to
	}
	return id
}

// acpID returns the ACP id whose alias is id, or id itself: the id a client
// must pass to session/load.
func (a *aliases) acpID(id engine.SessionID) engine.SessionID {
	a.mu.Lock()
	defer a.mu.Unlock()
	for from, to := range a.m {
		if to == id {
			return from
		}
	}
	return id
}

// put records id → to and writes the file atomically (temporary file and
// rename), merged with what other loopls processes wrote meanwhile.
func (a *aliases) put(id, to engine.SessionID) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.m[id] = to
	onDisk, err := a.read()
	if err != nil {
		return err
	}
	for k, v := range onDisk {
		if _, ok := a.m[k]; !ok {
			a.m[k] = v
		}
	}
	b, err := json.Marshal(a.m)
	if err != nil {
		return fmt.Errorf("encode ACP session aliases: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(a.path), 0o700); err != nil {
		return fmt.Errorf("write ACP session aliases: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(a.path), ".acp-sessions-*.json")
	if err != nil {
		return fmt.Errorf("write ACP session aliases: %w", err)
	}
	_, werr := f.Write(b)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write ACP session aliases: %w", err)
	}
	if err := os.Rename(f.Name(), a.path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write ACP session aliases: %w", err)
	}
	return nil
}
