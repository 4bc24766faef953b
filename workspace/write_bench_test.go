package workspace

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkWriteFile is write_file replacing a 4 KiB file four directories
// down, through the DiskEditor, as a run does it: the path checked (the
// protected paths, the links resolved), the file read, written atomically
// and journaled. The same benchmark run on a commit before issue 31 gives
// the cost of following no link (docs/performance.md).
func BenchmarkWriteFile(b *testing.B) {
	dir := newTree(b, map[string]string{"src/pkg/sub/leaf/file.go": strings.Repeat("x", 4096)})
	w := openWS(b, dir, Options{})
	n := 0
	for b.Loop() {
		n++
		res := call(b, w, ToolWriteFile, map[string]any{"path": "src/pkg/sub/leaf/file.go", "content": fmt.Sprintf("%04d", n) + strings.Repeat("x", 4092)})
		if res.IsError {
			b.Fatal(res.Output)
		}
	}
}
