package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/loopls/loopls/beneath"
)

// childEnv makes the test binary act as a writer that is killed between
// writing its temporary file and renaming it (TestAtomicWriteKilledChild).
const childEnv = "LOOPLS_WORKSPACE_TEST_CHILD"

// runChild writes a large new content to $childEnv/target.txt and stops
// just before the rename, saying so on stdout, until it is killed.
func runChild() {
	dir := os.Getenv(childEnv)
	root, err := beneath.Open(dir)
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(2)
	}
	old, err := os.ReadFile(filepath.Join(dir, "target.txt"))
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(2)
	}
	d := NewDiskEditor(root)
	root.SetHook(func(s beneath.Step, _ string) {
		if s != beneath.StepRename {
			return
		}
		fmt.Println("READY")
		select {} // wait to be killed
	})
	_, err = d.Apply(context.Background(), FileEdit{Path: "target.txt", Old: string(old), New: strings.Repeat("new content\n", 1<<16), Exists: true})
	fmt.Println("ERROR apply returned", err)
	os.Exit(2)
}
