//go:build !unix

package beneath

import (
	"errors"
	"os"
	"path/filepath"
)

func symlinkAt(h handle, target, name string) error {
	return os.Symlink(target, filepath.Join(h, name))
}

// moveIn is not offered here; the caller copies instead.
func moveIn(*os.File, string, handle, string) error { return errors.ErrUnsupported }
