//go:build unix && !linux

package beneath

import "errors"

// renameNoReplace has no one call here (renameatx_np and renameat2 differ
// by system); the caller copies instead.
func renameNoReplace(int, string, int, string) error { return errors.ErrUnsupported }
