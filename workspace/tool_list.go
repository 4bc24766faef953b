package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/loopls/loopls/engine"
)

// listMaxEntries bounds one listing.
const listMaxEntries = 1000

type listDirTool struct{ w *Workspace }

type listDirArgs struct {
	Path string `json:"path"`
}

func (t *listDirTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name:        ToolListDir,
		Description: "List a directory of the workspace: subdirectories end in \"/\", files show their size. .git and .gitignored entries are left out.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"path":{"type":"string","description":"directory relative to the workspace root (default: the root)"}},` +
			`"additionalProperties":false}`),
	}
}

func (t *listDirTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a listDirArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("list_dir: %v", err)
	}
	w := t.w
	rel, err := w.Rel(a.Path)
	if err != nil {
		return failed("list_dir: %s", describe(err))
	}
	fi, err := w.root.Stat(rel)
	if err != nil {
		return failed("list_dir: %s", describe(w.fsError(a.Path, err)))
	}
	if !fi.IsDir() {
		return failed("list_dir: %s is a file, not a directory; use read_file to read it", a.Path)
	}
	entries, err := fs.ReadDir(w.root.FS(), rel)
	if err != nil {
		return failed("list_dir: %s", describe(w.fsError(a.Path, err)))
	}
	ign := ignoresFor(w.root.FS(), rel)
	var b strings.Builder
	shown, hidden := 0, 0
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tempPrefix) {
			// A write of loopls's own in flight, or one a killed loopls
			// left: never the user's, so not even counted as ignored.
			continue
		}
		child := path.Join(rel, e.Name())
		if ign.ignored(child, e.IsDir()) {
			hidden++
			continue
		}
		if shown == listMaxEntries {
			fmt.Fprintf(&b, "[%d more entries not shown]\n", len(entries)-shown-hidden)
			break
		}
		shown++
		switch {
		case e.IsDir():
			b.WriteString(e.Name() + "/\n")
		case e.Type()&fs.ModeSymlink != 0:
			b.WriteString(e.Name() + " (symlink)\n")
		default:
			info, err := e.Info()
			if err != nil {
				b.WriteString(e.Name() + "\n")
				continue
			}
			fmt.Fprintf(&b, "%s (%d bytes)\n", e.Name(), info.Size())
		}
	}
	if shown == 0 {
		b.WriteString("(empty directory)\n")
	}
	if hidden > 0 {
		fmt.Fprintf(&b, "[%d ignored entries (.git, .gitignore) not shown]\n", hidden)
	}
	return ok(b.String())
}

// ignoresFor loads the .gitignore files that apply inside dir: the root's
// and every ancestor's down to dir's own.
func ignoresFor(fsys fs.FS, dir string) ignoreSet {
	ign := make(ignoreSet)
	loadIgnore(fsys, ".", ign)
	if dir == "." {
		return ign
	}
	parts := strings.Split(dir, "/")
	for i := range parts {
		loadIgnore(fsys, strings.Join(parts[:i+1], "/"), ign)
	}
	return ign
}
