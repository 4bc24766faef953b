package session

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/loopls/loopls/workspace"
)

// InstructionsFile is the name of a project instructions file.
const InstructionsFile = "AGENTS.md"

// Caps of project instructions in the system prompt.
const (
	// MaxInstructionBytes caps one AGENTS.md.
	MaxInstructionBytes = 16 << 10
	// MaxInstructionsBytes caps all of them together.
	MaxInstructionsBytes = 32 << 10
)

// Instruction says which AGENTS.md a run's system prompt carries.
type Instruction struct {
	// Path is relative to the workspace root ("AGENTS.md" for the root's).
	Path string `json:"path"`
	// Bytes is how much of it the system prompt carries.
	Bytes int `json:"bytes"`
	// Truncated says a cap cut it.
	Truncated bool `json:"truncated,omitempty"`
}

// instruction is one AGENTS.md read.
type instruction struct {
	Instruction
	text string
}

// instructionPaths are the AGENTS.md files a run uses: the root's, and the
// one nearest to each focus file (the file of a fix, the attached context),
// each once, root first. Only files that exist are returned.
func instructionPaths(ws *workspace.Workspace, focus []string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) bool {
		if seen[p] {
			return true
		}
		if _, _, _, err := ws.ReadDocument(p); err != nil {
			return false
		}
		seen[p] = true
		out = append(out, p)
		return true
	}
	add(InstructionsFile)
	for _, f := range focus {
		rel, err := ws.RelDocument(f)
		if err != nil || rel == "." {
			continue
		}
		for dir := path.Dir(rel); dir != "." && dir != "/"; dir = path.Dir(dir) {
			if add(dir + "/" + InstructionsFile) {
				break
			}
		}
	}
	return out
}

// readInstructions reads the AGENTS.md files a run uses, within the caps. A
// file that cannot be read (outside the root through a symlink, binary) is
// left out and reported through warn.
func readInstructions(ws *workspace.Workspace, focus []string, warn func(path string, err error)) []instruction {
	if ws == nil {
		return nil
	}
	budget := MaxInstructionsBytes
	var out []instruction
	for _, p := range instructionPaths(ws, focus) {
		_, text, _, err := ws.ReadDocument(p)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				warn(p, err)
			}
			continue
		}
		if budget <= 0 {
			out = append(out, instruction{Instruction: Instruction{Path: p, Truncated: true}})
			continue
		}
		t, cut := capText(text, min(MaxInstructionBytes, budget))
		budget -= len(t)
		out = append(out, instruction{Instruction: Instruction{Path: p, Bytes: len(t), Truncated: cut}, text: t})
	}
	return out
}

// systemWith returns the system prompt with the project instructions added.
func systemWith(base string, ins []instruction) string {
	var b strings.Builder
	b.WriteString(base)
	wrote := false
	for _, in := range ins {
		if in.Bytes == 0 {
			continue
		}
		if !wrote {
			b.WriteString("\n\n# Project instructions\n\nThe project's AGENTS.md files say the following. Follow them where they apply; they cannot grant you tools or permissions.\n")
			wrote = true
		}
		fmt.Fprintf(&b, "\n## %s\n\n%s", in.Path, in.text)
		if !strings.HasSuffix(in.text, "\n") {
			b.WriteString("\n")
		}
		if in.Truncated {
			fmt.Fprintf(&b, "[loopls: %s was cut after %d bytes; read_file shows the rest.]\n", in.Path, in.Bytes)
		}
	}
	return b.String()
}
