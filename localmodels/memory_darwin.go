package localmodels

import (
	"golang.org/x/sys/unix"
)

// systemFreeMemory on macOS is two thirds of the RAM (sysctl hw.memsize):
// on Apple Silicon the GPU, where Ollama puts the weights and the cache,
// may wire about that much of the unified memory, and macOS keeps most of
// the rest in caches it gives back, so its count of free pages says little.
// It is a ceiling, not a measure of what other programs use.
func systemFreeMemory() (int64, error) {
	n, err := unix.SysctlUint64("hw.memsize")
	if err != nil {
		return 0, err
	}
	return int64(n / 3 * 2), nil
}
