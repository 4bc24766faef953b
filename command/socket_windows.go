//go:build windows

package command

import "errors"

// filesSocketpair: Windows has no confined shell to hand files to.
func filesSocketpair() ([2]int, error) {
	return [2]int{-1, -1}, errors.New("no confined shell on Windows")
}
