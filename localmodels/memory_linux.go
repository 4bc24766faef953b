package localmodels

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
)

// systemFreeMemory is MemAvailable from /proc/meminfo: what the kernel
// estimates can be allocated without swapping (free memory plus the page
// cache and slabs it can reclaim).
func systemFreeMemory() (int64, error) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		if err != nil || kb <= 0 {
			return 0, errors.New("/proc/meminfo: MemAvailable unreadable")
		}
		return kb << 10, nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, errors.New("/proc/meminfo has no MemAvailable")
}
