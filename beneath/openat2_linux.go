package beneath

import "golang.org/x/sys/unix"

// openBeneath opens the directory rel beneath h in one openat2 that
// follows no link, magic or not, and stays beneath h. ok is false when it
// did not (a link on the way, openat2 not allowed here, any error): the
// caller walks component by component, which says precisely what is wrong.
func openBeneath(h handle, rel string) (handle, ID, bool) {
	fd, err := unix.Openat2(h, rel, &unix.OpenHow{
		Flags:   unix.O_RDONLY | unix.O_DIRECTORY | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS,
	})
	if err != nil {
		return -1, ID{}, false
	}
	id, err := fdID(fd)
	if err != nil {
		unix.Close(fd)
		return -1, ID{}, false
	}
	return fd, id, true
}
