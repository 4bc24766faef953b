//go:build unix

package beneath

import (
	"os"

	"golang.org/x/sys/unix"
)

func symlinkAt(h handle, target, name string) error { return unix.Symlinkat(target, h, name) }

func moveIn(from *os.File, fromName string, h handle, name string) error {
	return renameNoReplace(int(from.Fd()), fromName, h, name)
}
