package beneath

import (
	"errors"
	"os"
)

// symlinkAt is not offered on Windows (making a symbolic link needs a
// privilege or developer mode there); only the Linux layer makes links.
func symlinkAt(handle, string, string) error { return errors.ErrUnsupported }

// moveIn is not offered here; the caller copies instead.
func moveIn(*os.File, string, handle, string) error { return errors.ErrUnsupported }
