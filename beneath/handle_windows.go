package beneath

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows a handle is a directory's handle, and every name is opened
// relative to it with NtCreateFile (OBJECT_ATTRIBUTES.RootDirectory, one
// component, FILE_OPEN_REPARSE_POINT so a reparse point is opened itself,
// never followed). What is judged is then read from that open handle
// (FileAttributeTagInfo, FileIdInfo) and the act is done on the same
// handle: a reparse point of any tag (a junction, a symbolic link, a
// mount point, a cloud placeholder) is a link, and a swap between the look
// and the act changes nothing the act touches.

// handle is a directory's handle.
type handle = windows.Handle

// foldCase: paths are compared ignoring case (within).
const foldCase = true

// namedStreams: a colon in a name names a stream (checkName).
const namedStreams = true

// shareAll lets others read, write, rename and delete what we hold open,
// as on Unix: a directory held is not pinned, and a swap is caught by
// identity or lands in the directory held.
const shareAll = windows.FILE_SHARE_READ | windows.FILE_SHARE_WRITE | windows.FILE_SHARE_DELETE

// dirAccess is what a directory handle is opened with.
const dirAccess = windows.FILE_LIST_DIRECTORY | windows.FILE_TRAVERSE | windows.FILE_READ_ATTRIBUTES | windows.SYNCHRONIZE

func openRootHandle(p string) (handle, ID, error) {
	p16, err := windows.UTF16PtrFromString(p)
	if err != nil {
		return 0, ID{}, &os.PathError{Op: "open", Path: p, Err: err}
	}
	h, err := windows.CreateFile(p16, dirAccess, shareAll, nil, windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return 0, ID{}, &os.PathError{Op: "open", Path: p, Err: err}
	}
	e, err := entryOf(h)
	if err == nil && !e.Mode.IsDir() {
		err = &Error{Kind: ErrNotDir}
	}
	if err != nil {
		windows.CloseHandle(h)
		return 0, ID{}, &os.PathError{Op: "open", Path: p, Err: err}
	}
	return h, e.ID, nil
}

func closeHandle(h handle) error { return windows.CloseHandle(h) }

func dupHandle(h handle) (handle, ID, error) {
	self := windows.CurrentProcess()
	var nh handle
	if err := windows.DuplicateHandle(self, h, self, &nh, 0, false, windows.DUPLICATE_SAME_ACCESS); err != nil {
		return 0, ID{}, err
	}
	id, err := handleID(nh)
	if err != nil {
		windows.CloseHandle(nh)
		return 0, ID{}, err
	}
	return nh, id, nil
}

// openAt opens the one component name in the directory h with
// NtCreateFile, never following a reparse point in name's place.
func openAt(h handle, name string, access, share, disposition, options uint32) (handle, error) {
	return openAtWith(h, name, access, share, disposition, options, windows.FILE_ATTRIBUTE_NORMAL)
}

// openAtWith is openAt giving a file it creates the attributes attrs.
func openAtWith(h handle, name string, access, share, disposition, options, attrs uint32) (handle, error) {
	u, err := windows.NewNTUnicodeString(name)
	if err != nil {
		return 0, err
	}
	oa := windows.OBJECT_ATTRIBUTES{
		Length:        uint32(unsafe.Sizeof(windows.OBJECT_ATTRIBUTES{})),
		RootDirectory: h,
		ObjectName:    u,
		Attributes:    windows.OBJ_CASE_INSENSITIVE,
	}
	var nh handle
	var iosb windows.IO_STATUS_BLOCK
	err = windows.NtCreateFile(&nh, access|windows.SYNCHRONIZE, &oa, &iosb, nil, attrs, share,
		disposition, options|windows.FILE_SYNCHRONOUS_IO_NONALERT|windows.FILE_OPEN_REPARSE_POINT, 0, 0)
	if err != nil {
		return 0, ntErr(err)
	}
	return nh, nil
}

// ntErr turns an NTSTATUS into the Win32 error errors.Is knows
// (fs.ErrNotExist, fs.ErrExist, ...).
func ntErr(err error) error {
	var st windows.NTStatus
	if errors.As(err, &st) {
		switch st {
		case windows.STATUS_NOT_A_DIRECTORY:
			return &Error{Kind: ErrNotDir, Err: st.Errno()}
		}
		return st.Errno()
	}
	return err
}

// fileAttributeTagInfo is FILE_ATTRIBUTE_TAG_INFO.
type fileAttributeTagInfo struct {
	FileAttributes uint32
	ReparseTag     uint32
}

// fileIDInfo is FILE_ID_INFO: the volume's serial number and a 128-bit
// file id (NTFS uses the low 64 bits; ReFS all 128).
type fileIDInfo struct {
	VolumeSerialNumber uint64
	FileID             [16]byte
}

// modeOfAttrs is the mode an entry with these attributes and reparse tag
// is judged as: any reparse point, whatever its tag, is a link.
func modeOfAttrs(attrs, tag uint32) fs.FileMode {
	if attrs&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0 {
		return fs.ModeSymlink | 0o777
	}
	mode := fs.FileMode(0o666)
	if attrs&windows.FILE_ATTRIBUTE_READONLY != 0 {
		mode = 0o444
	}
	if attrs&windows.FILE_ATTRIBUTE_DIRECTORY != 0 {
		mode |= fs.ModeDir | 0o111
	}
	return mode
}

// idOf folds a FILE_ID_INFO into an ID: Dev is the volume's serial, Ino
// the file id (its two halves xored: NTFS ids fit the low half, so they
// are kept whole; ReFS ids are folded).
func idOf(fi fileIDInfo) ID {
	lo := *(*uint64)(unsafe.Pointer(&fi.FileID[0]))
	hi := *(*uint64)(unsafe.Pointer(&fi.FileID[8]))
	return ID{Dev: fi.VolumeSerialNumber, Ino: lo ^ hi}
}

// handleID is the identity of what h holds.
func handleID(h handle) (ID, error) {
	var fi fileIDInfo
	err := windows.GetFileInformationByHandleEx(h, windows.FileIdInfo, (*byte)(unsafe.Pointer(&fi)), uint32(unsafe.Sizeof(fi)))
	if err == nil {
		return idOf(fi), nil
	}
	// Before Windows 8 (and on some file systems) only the 64-bit index.
	var bi windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &bi); err != nil {
		return ID{}, err
	}
	return ID{Dev: uint64(bi.VolumeSerialNumber), Ino: uint64(bi.FileIndexHigh)<<32 | uint64(bi.FileIndexLow)}, nil
}

// entryOf is what the open handle h holds: its identity and its mode,
// read from the handle, not from a name.
func entryOf(h handle) (Entry, error) {
	var ti fileAttributeTagInfo
	if err := windows.GetFileInformationByHandleEx(h, windows.FileAttributeTagInfo, (*byte)(unsafe.Pointer(&ti)), uint32(unsafe.Sizeof(ti))); err != nil {
		return Entry{}, err
	}
	id, err := handleID(h)
	if err != nil {
		return Entry{}, err
	}
	return Entry{ID: id, Mode: modeOfAttrs(ti.FileAttributes, ti.ReparseTag)}, nil
}

// openDirAt opens the directory name in h, following no reparse point.
func openDirAt(h handle, name string) (handle, ID, error) {
	nh, err := openAt(h, name, dirAccess, shareAll, windows.FILE_OPEN, 0)
	if err != nil {
		return 0, ID{}, err
	}
	e, err := entryOf(nh)
	switch {
	case err != nil:
	case e.Mode&fs.ModeSymlink != 0:
		err = &Error{Kind: ErrLink}
	case !e.Mode.IsDir():
		err = &Error{Kind: ErrNotDir}
	}
	if err != nil {
		windows.CloseHandle(nh)
		return 0, ID{}, err
	}
	return nh, e.ID, nil
}

// openBeneath has no one-call form on Windows: the caller walks component
// by component.
func openBeneath(handle, string) (handle, ID, bool) { return 0, ID{}, false }

func lstatAt(h handle, name string) (Entry, error) {
	nh, err := openAt(h, name, windows.FILE_READ_ATTRIBUTES, shareAll, windows.FILE_OPEN, 0)
	if err != nil {
		return Entry{}, err
	}
	defer windows.CloseHandle(nh)
	return entryOf(nh)
}

func readlinkAt(h handle, name string) (string, error) {
	nh, err := openAt(h, name, windows.FILE_READ_ATTRIBUTES, shareAll, windows.FILE_OPEN, 0)
	if err != nil {
		return "", err
	}
	defer windows.CloseHandle(nh)
	buf := make([]byte, windows.MAXIMUM_REPARSE_DATA_BUFFER_SIZE)
	var n uint32
	if err := windows.DeviceIoControl(nh, windows.FSCTL_GET_REPARSE_POINT, nil, 0, &buf[0], uint32(len(buf)), &n, nil); err != nil {
		return "", err
	}
	return reparseTarget(buf[:n])
}

func mkdirAt(h handle, name string, _ fs.FileMode) error {
	nh, err := openAt(h, name, windows.FILE_LIST_DIRECTORY, shareAll, windows.FILE_CREATE, windows.FILE_DIRECTORY_FILE)
	if err != nil {
		return err
	}
	return windows.CloseHandle(nh)
}

// openFileAt opens name in h as os.OpenFile would, but relative to h and
// without following a reparse point: one in name's place is ErrLink. A
// file it creates new (O_CREATE|O_EXCL) is opened with DELETE access too,
// so it can be renamed on this handle (renameOpen).
func openFileAt(h handle, name, rel string, flag int, perm fs.FileMode) (*os.File, error) {
	var access uint32
	switch flag & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR) {
	case os.O_RDONLY:
		access = windows.GENERIC_READ
	case os.O_WRONLY:
		access = windows.GENERIC_WRITE
	case os.O_RDWR:
		access = windows.GENERIC_READ | windows.GENERIC_WRITE
	}
	if flag&os.O_APPEND != 0 {
		access &^= windows.GENERIC_WRITE
		access |= windows.FILE_GENERIC_WRITE &^ windows.FILE_WRITE_DATA
	}
	access |= windows.FILE_READ_ATTRIBUTES
	disposition := uint32(windows.FILE_OPEN)
	switch {
	case flag&(os.O_CREATE|os.O_EXCL) == os.O_CREATE|os.O_EXCL:
		disposition = windows.FILE_CREATE
		access |= windows.DELETE
	case flag&os.O_CREATE != 0:
		disposition = windows.FILE_OPEN_IF
	}
	// O_TRUNC is done after the check below, on the handle: truncating at
	// open would act before we know what the name is.
	attrs := uint32(windows.FILE_ATTRIBUTE_NORMAL)
	if perm&0o200 == 0 && disposition != windows.FILE_OPEN {
		attrs = windows.FILE_ATTRIBUTE_READONLY // as os.OpenFile creates it
	}
	// A handle opened to read may set the file's mode and times too, as a
	// descriptor may on Unix (undo sets a mode back through one); where
	// that is not granted, it reads only.
	nh, err := openAtWith(h, name, access|windows.FILE_WRITE_ATTRIBUTES, windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE, disposition, 0, attrs)
	if errors.Is(err, windows.ERROR_ACCESS_DENIED) && access&windows.GENERIC_WRITE == 0 {
		nh, err = openAtWith(h, name, access, windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE, disposition, 0, attrs)
	}
	if err != nil {
		return nil, err
	}
	e, err := entryOf(nh)
	switch {
	case err != nil:
	case e.Mode&fs.ModeSymlink != 0:
		err = &Error{Kind: ErrLink}
	case e.Mode.IsDir() && access&(windows.GENERIC_WRITE|windows.FILE_APPEND_DATA) != 0:
		err = syscall.EISDIR
	case flag&os.O_TRUNC != 0 && access&windows.GENERIC_WRITE != 0:
		err = windows.Ftruncate(nh, 0)
	}
	if err != nil {
		windows.CloseHandle(nh)
		return nil, err
	}
	return os.NewFile(uintptr(nh), rel), nil
}

// renameInfo builds a FILE_RENAME_INFORMATION naming to in the directory
// dir (RootDirectory) with flags: FILE_RENAME_* for the Ex form, or 1
// (ReplaceIfExists, a BOOLEAN in the same first bytes) for the plain one.
func renameInfo(dir handle, to string, flags uint32) ([]byte, error) {
	name, err := windows.UTF16FromString(to)
	if err != nil {
		return nil, err
	}
	name = name[:len(name)-1]
	type header struct {
		Flags          uint32
		RootDirectory  windows.Handle
		FileNameLength uint32
	}
	off := unsafe.Offsetof(header{}.FileNameLength) + 4
	buf := make([]byte, max(int(off)+2*len(name), int(unsafe.Sizeof(header{}))))
	hd := (*header)(unsafe.Pointer(&buf[0]))
	hd.Flags = flags
	hd.RootDirectory = dir
	hd.FileNameLength = uint32(2 * len(name))
	copy(unsafe.Slice((*uint16)(unsafe.Pointer(&buf[off])), len(name)), name)
	return buf, nil
}

// fileRenameInformationEx is the information class of the Ex form
// (Windows 10 1809+), which takes flags.
const fileRenameInformationEx = 65

// renameFlags replace what is at the new name even when it is read-only
// (as a rename does on Unix) and take the name from an entry still open
// elsewhere with sharing for delete.
const renameFlags = windows.FILE_RENAME_REPLACE_IF_EXISTS | windows.FILE_RENAME_POSIX_SEMANTICS | windows.FILE_RENAME_IGNORE_READONLY_ATTRIBUTE

// unimplemented reports the answers of a system without an information
// class (an older Windows, Wine 8): the plain form is tried then.
func unimplemented(err error) bool {
	for _, st := range []windows.NTStatus{windows.STATUS_INVALID_INFO_CLASS, windows.STATUS_INVALID_PARAMETER, windows.STATUS_NOT_IMPLEMENTED, windows.STATUS_NOT_SUPPORTED} {
		if errors.Is(err, st) {
			return true
		}
	}
	return false
}

// renameHandle renames what f holds to the name to in the directory dir,
// replacing what is there (a reparse point there is replaced, not
// followed). It is the NT call underneath SetFileInformationByHandle's
// FileRenameInfo, made directly because only it takes a name relative to
// RootDirectory as it is.
func renameHandle(f, dir handle, to string) error {
	var iosb windows.IO_STATUS_BLOCK
	info, err := renameInfo(dir, to, renameFlags)
	if err != nil {
		return err
	}
	err = windows.NtSetInformationFile(f, &iosb, &info[0], uint32(len(info)), fileRenameInformationEx)
	if err == nil || !unimplemented(err) {
		return ntErr(err)
	}
	info, err = renameInfo(dir, to, 1)
	if err != nil {
		return err
	}
	return ntErr(windows.NtSetInformationFile(f, &iosb, &info[0], uint32(len(info)), windows.FileRenameInformation))
}

func renameAt(h handle, from, to string) error {
	fh, err := openAt(h, from, windows.DELETE|windows.FILE_READ_ATTRIBUTES, shareAll, windows.FILE_OPEN, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(fh)
	return renameHandle(fh, h, to)
}

// renameOpen renames the temporary file f (created by openFileAt with
// O_EXCL, so held with DELETE access) over name in h on its own handle,
// then closes it: the file renamed is the one written, whatever took the
// temporary name meanwhile. A rename refused deletes it on that handle.
func renameOpen(f *os.File, h handle, _, name string) error {
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return err
	}
	var rerr error
	if err := rc.Control(func(fd uintptr) {
		if rerr = renameHandle(windows.Handle(fd), h, name); rerr != nil {
			_ = deleteHandle(windows.Handle(fd)) // the temporary file, through its own handle
		}
	}); err != nil {
		rerr = err
	}
	cerr := f.Close()
	if rerr != nil {
		return rerr
	}
	return cerr
}

// deleteHandle deletes what h holds (opened with DELETE): the entry goes
// from its directory at once where the system has POSIX delete semantics
// (Windows 10 1709+), when h is closed otherwise. Wine 8 and file systems
// without the Ex form answer with an error the plain form is retried on.
func deleteHandle(h handle) error {
	ex := uint32(windows.FILE_DISPOSITION_DELETE | windows.FILE_DISPOSITION_POSIX_SEMANTICS | windows.FILE_DISPOSITION_IGNORE_READONLY_ATTRIBUTE)
	err := windows.SetFileInformationByHandle(h, windows.FileDispositionInfoEx, (*byte)(unsafe.Pointer(&ex)), 4)
	if err == nil {
		return nil
	}
	if !errors.Is(err, windows.ERROR_INVALID_PARAMETER) && !errors.Is(err, windows.ERROR_INVALID_FUNCTION) && !errors.Is(err, windows.ERROR_NOT_SUPPORTED) {
		return err
	}
	del := uint32(1) // a BOOLEAN DeleteFile, padded
	return windows.SetFileInformationByHandle(h, windows.FileDispositionInfo, (*byte)(unsafe.Pointer(&del)), 1)
}

// deleteAccess opens an entry to delete it: a reparse point is opened
// itself; others may read and write it meanwhile but not rename or delete
// it, so what is checked on the handle stays under its name until the act.
const deleteAccess = windows.DELETE | windows.FILE_READ_ATTRIBUTES | windows.FILE_WRITE_ATTRIBUTES

func unlinkAt(h handle, name string, _ bool) error {
	nh, err := openAt(h, name, deleteAccess, windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE, windows.FILE_OPEN, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(nh)
	return deleteHandle(nh)
}

// removeSeen removes name in h after checking, on the handle it deletes
// through, that it is the entry seen; before runs between the check and
// the delete.
func removeSeen(h handle, name string, seen Entry, before func()) error {
	nh, err := openAt(h, name, deleteAccess, windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE, windows.FILE_OPEN, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(nh)
	cur, err := entryOf(nh)
	if err != nil {
		return err
	}
	if !cur.Same(seen) {
		return &Error{Kind: ErrChanged}
	}
	before()
	return deleteHandle(nh)
}

func readNames(h handle) ([]string, error) {
	// A handle of its own (the empty name relative to h is h's directory
	// again), so listing does not move h's position.
	nh, err := openAt(h, "", windows.FILE_LIST_DIRECTORY, shareAll, windows.FILE_OPEN, windows.FILE_DIRECTORY_FILE)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(nh), ".")
	defer f.Close()
	return f.Readdirnames(-1)
}

// filetime is t for SetFileTime; nil (the zero time) leaves that time.
func filetime(t time.Time) *windows.Filetime {
	if t.IsZero() {
		return nil
	}
	ft := windows.NsecToFiletime(t.UnixNano())
	return &ft
}

func utimesAt(h handle, name string, atime, mtime time.Time) error {
	nh, err := openAt(h, name, windows.FILE_WRITE_ATTRIBUTES|windows.FILE_READ_ATTRIBUTES, shareAll, windows.FILE_OPEN, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(nh)
	e, err := entryOf(nh)
	if err != nil {
		return err
	}
	if e.Mode&fs.ModeSymlink != 0 {
		return &Error{Kind: ErrLink}
	}
	return windows.SetFileTime(nh, nil, filetime(atime), filetime(mtime))
}

// setFileTimes sets the times on f's handle.
func setFileTimes(f *os.File, atime, mtime time.Time) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) {
		serr = windows.SetFileTime(windows.Handle(fd), nil, filetime(atime), filetime(mtime))
	}); err != nil {
		return err
	}
	return serr
}
