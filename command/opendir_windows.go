//go:build windows

package command

import (
	"fmt"
	"os"

	"golang.org/x/sys/windows"
)

// openDirNoFollow opens the directory p, refusing a link in its place: a
// symlink, a junction or any other reparse point is opened as itself
// (FILE_FLAG_OPEN_REPARSE_POINT) and then refused.
func openDirNoFollow(p string) (*os.File, error) {
	u, err := windows.UTF16PtrFromString(p)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: p, Err: err}
	}
	h, err := windows.CreateFile(u, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS|windows.FILE_FLAG_OPEN_REPARSE_POINT, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: p, Err: err}
	}
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &info); err != nil {
		windows.CloseHandle(h)
		return nil, &os.PathError{Op: "open", Path: p, Err: err}
	}
	switch {
	case info.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0:
		windows.CloseHandle(h)
		return nil, &os.PathError{Op: "open", Path: p, Err: fmt.Errorf("a link (reparse point): %w", windows.ERROR_CANT_ACCESS_FILE)}
	case info.FileAttributes&windows.FILE_ATTRIBUTE_DIRECTORY == 0:
		windows.CloseHandle(h)
		return nil, &os.PathError{Op: "open", Path: p, Err: windows.ERROR_DIRECTORY}
	}
	return os.NewFile(uintptr(h), p), nil
}
