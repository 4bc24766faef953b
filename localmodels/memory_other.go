//go:build !linux && !darwin && !windows

package localmodels

import "errors"

// systemFreeMemory is unknown here: the window falls back to DefaultWindow.
func systemFreeMemory() (int64, error) {
	return 0, errors.New("free memory is not measured on this system")
}
