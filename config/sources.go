package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
)

// ProjectFile is the name of the project file, at the workspace root.
const ProjectFile = ".loopls.json"

// maxFileSize bounds a settings file: settings are a few hundred bytes.
const maxFileSize = 1 << 20

// Kinds of problem, for errors.Is.
var (
	// ErrUntrusted: a project file set a key it may not set.
	ErrUntrusted = errors.New("a project file may not set what widens permissions or sends traffic elsewhere")
	// ErrUnknownKey: a file named a key loopls does not have.
	ErrUnknownKey = errors.New("not a loopls setting")
	// ErrBadFile: the file cannot be read, or is not a JSON object.
	ErrBadFile = errors.New("unreadable settings file")
)

// Sources are where Load reads settings, lowest first: the user file, the
// project file, the environment. What is not set keeps Default's value.
type Sources struct {
	// UserFile is the user file's path; "" reads none (UserFile() is the
	// usual one).
	UserFile string
	// Project is the workspace root whose ProjectFile is read, through the
	// root so the file cannot lead outside it; nil reads none.
	Project *os.Root
	// ProjectName is how messages name the project file; "" is its path
	// under Project.
	ProjectName string
	// Getenv reads the environment; nil reads none.
	Getenv func(string) string
}

// Problem is one thing wrong with a source. The rest of the source still
// applies; the value the problem is about does not.
type Problem struct {
	// Source names the file or the environment variable.
	Source string
	// Keys are the settings concerned; none when the whole source is.
	Keys []string
	Err  error
}

func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.Source)
	b.WriteString(": ")
	if len(p.Keys) > 0 {
		for i, k := range p.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconvQuote(k))
		}
		b.WriteString(": ")
	}
	b.WriteString(p.Err.Error())
	switch {
	case errors.Is(p.Err, ErrBadFile):
		b.WriteString("; the file is ignored")
	case len(p.Keys) > 1:
		b.WriteString("; these are ignored")
	case len(p.Keys) == 1:
		b.WriteString("; ignored")
	}
	return b.String()
}

func (p Problem) Unwrap() error { return p.Err }

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

// UserFile is the user file's path: $XDG_CONFIG_HOME/loopls/config.json,
// else ~/.config/loopls/config.json; "" when neither can be known.
func UserFile() string {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "loopls", "config.json")
	}
	if runtime.GOOS == "windows" {
		// %APPDATA%\loopls: settings roam with the user, as Windows keeps them.
		if d := os.Getenv("APPDATA"); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, "loopls", "config.json")
		}
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".config", "loopls", "config.json")
}

// osGetenv is os.Getenv, named so that a zero Sources reads no environment.
func osGetenv(name string) string { return os.Getenv(name) }

// Standard are the sources every front end reads: the user file and the
// environment, and the project file of root when root is not nil.
func Standard(root *os.Root) Sources {
	return Sources{UserFile: UserFile(), Project: root, Getenv: osGetenv}
}

// Load returns Default with the sources applied, lowest first, and what was
// wrong with them. It never fails: a bad value, key or file is reported and
// skipped, and everything else applies.
func Load(src Sources) (Settings, []Problem) { return src.Load() }

// Load is the package-level Load.
func (src Sources) Load() (Settings, []Problem) {
	s := Default()
	var probs []Problem
	if src.UserFile != "" {
		probs = append(probs, applyFile(&s, src.UserFile, false, func() (*os.File, error) {
			return os.OpenFile(src.UserFile, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		})...)
	}
	if src.Project != nil {
		name := src.ProjectName
		if name == "" {
			name = filepath.Join(src.Project.Name(), ProjectFile)
		}
		probs = append(probs, applyFile(&s, name, true, func() (*os.File, error) {
			return src.Project.OpenFile(ProjectFile, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		})...)
	}
	if src.Getenv != nil {
		probs = append(probs, applyEnv(&s, src.Getenv)...)
	}
	return s, probs
}

// applyFile applies the settings file that open opens; a missing file is no
// problem. A project file sets only the keys marked Project.
func applyFile(s *Settings, name string, project bool, open func() (*os.File, error)) []Problem {
	data, err := readSettingsFile(open)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return []Problem{{Source: name, Err: fmt.Errorf("%w: %v", ErrBadFile, err)}}
	}
	obj, err := fileObject(data)
	if err != nil {
		return []Problem{{Source: name, Err: fmt.Errorf("%w: %v", ErrBadFile, err)}}
	}
	var probs []Problem
	var untrusted, unknown []string
	for _, k := range Keys {
		v, ok := obj[k.Name]
		if !ok {
			continue
		}
		delete(obj, k.Name)
		if isNull(v) {
			continue
		}
		if project && !k.Project {
			untrusted = append(untrusted, k.Name)
			continue
		}
		if project && k.ProjectCheck != nil {
			if err := k.ProjectCheck(v); err != nil {
				probs = append(probs, Problem{Source: name, Keys: []string{k.Name}, Err: untrustedValue{err}})
				continue
			}
		}
		if err := setKey(s, k, v); err != nil {
			probs = append(probs, Problem{Source: name, Keys: []string{k.Name}, Err: err})
		}
	}
	for k := range obj {
		if k != "$schema" {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	if len(untrusted) > 0 {
		probs = append(probs, Problem{Source: name, Keys: untrusted,
			Err: fmt.Errorf("%w (set them in %s, the environment or the editor)", ErrUntrusted, userFileLabel())})
	}
	if len(unknown) > 0 {
		probs = append(probs, Problem{Source: name, Keys: unknown, Err: ErrUnknownKey})
	}
	return probs
}

func userFileLabel() string {
	if p := UserFile(); p != "" {
		return p
	}
	return "the user file"
}

// readSettingsFile reads a regular file of at most maxFileSize bytes.
func readSettingsFile(open func() (*os.File, error)) ([]byte, error) {
	f, err := open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file")
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("larger than %d bytes", maxFileSize)
	}
	return data, nil
}

// fileObject reads a settings file: a JSON object of settings (a "loopls"
// wrapper is accepted too, as editors send it).
func fileObject(data []byte) (map[string]json.RawMessage, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	var syn *json.SyntaxError
	if err := json.Unmarshal(data, new(any)); errors.As(err, &syn) {
		line := 1 + bytes.Count(data[:min(int(syn.Offset), len(data))], []byte("\n"))
		return nil, fmt.Errorf("expected a JSON object: line %d: %v", line, syn)
	} else if err != nil {
		return nil, fmt.Errorf("expected a JSON object: %v", err)
	}
	obj, err := settingsObject(data)
	if err != nil {
		return nil, fmt.Errorf("expected a JSON object of settings (%v)", err)
	}
	return obj, nil
}

// applyEnv applies each key's environment variable. A value is read as
// JSON when the key takes it so (LOOPLS_MAX_TURNS=5,
// LOOPLS_ALLOWED_COMMANDS='["go test"]'), else as a plain string
// (LOOPLS_MODEL=ollama:qwen2.5-coder).
func applyEnv(s *Settings, getenv func(string) string) []Problem {
	var probs []Problem
	for _, k := range Keys {
		name := k.EnvName()
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			continue
		}
		if err := setText(s, k, v); err != nil {
			probs = append(probs, Problem{Source: "environment variable " + name, Keys: []string{k.Name}, Err: err})
		}
	}
	return probs
}

// setText applies a value written as text (an environment variable, a
// --set flag): JSON when the key takes it so, else a plain string.
func setText(s *Settings, k Key, v string) error {
	if json.Valid([]byte(v)) && setKey(s, k, json.RawMessage(v)) == nil {
		return nil
	}
	quoted, _ := json.Marshal(v)
	err := setKey(s, k, quoted)
	var ve *ValueError
	if errors.As(err, &ve) {
		ve.Got = strconvQuote(shortenString(v))
	}
	return err
}

// Set applies one "KEY=VALUE" of the command line (--set), the value read
// as an environment variable's is. On error s is unchanged.
func (s *Settings) Set(assignment string) error {
	name, v, ok := strings.Cut(assignment, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return fmt.Errorf("%q: write KEY=VALUE, e.g. maxTurns=20 or allowedCommands='[\"go test\"]'", assignment)
	}
	k, ok := keyNamed(name)
	if !ok {
		return &FieldError{Field: name, Err: ErrUnknownKey}
	}
	if err := setText(s, k, strings.TrimSpace(v)); err != nil {
		return &FieldError{Field: name, Err: err}
	}
	return nil
}

func shortenString(v string) string {
	if r := []rune(v); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return v
}

// untrustedValue is a value a project file may not set; it is ErrUntrusted.
type untrustedValue struct{ err error }

func (e untrustedValue) Error() string        { return e.err.Error() }
func (e untrustedValue) Is(target error) bool { return target == ErrUntrusted }
