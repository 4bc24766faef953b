//go:build unix

// Unix file modes, which Windows files do not have.

package workspace

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDiskEditorKeepsPermissions(t *testing.T) {
	dir := newTree(t, map[string]string{"run.sh": "echo hi\n"})
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o751); err != nil {
		t.Fatal(err)
	}
	w := openWS(t, dir, Options{})
	res := call(t, w, ToolEditFile, map[string]any{"path": "run.sh", "old_string": "hi", "new_string": "bye"})
	if res.IsError {
		t.Fatalf("edit_file: %s", res.Output)
	}
	fi, err := os.Stat(filepath.Join(dir, "run.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o751 {
		t.Errorf("mode after edit = %o, want 751", got)
	}
	if got := readDisk(t, dir, "run.sh"); got != "echo bye\n" {
		t.Errorf("content = %q", got)
	}
	assertNoTemp(t, dir)
}
