package workspace

import (
	"errors"

	"golang.org/x/sys/windows"
)

// processGone reports whether no process has the id pid: Windows refuses
// to open an id no process has (ERROR_INVALID_PARAMETER), and a process
// that has exited but is still held open by someone answers an exit code.
// A process that exists but is not ours to open (access denied) is not
// gone; nor is pid 0, which no writer has (it is the idle process).
func processGone(pid int) bool {
	if pid <= 0 {
		return false
	}
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return errors.Is(err, windows.ERROR_INVALID_PARAMETER)
	}
	defer windows.CloseHandle(h)
	var code uint32
	if err := windows.GetExitCodeProcess(h, &code); err != nil {
		return false
	}
	return code != 259 // STILL_ACTIVE
}
