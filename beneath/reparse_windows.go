package beneath

import (
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf16"

	"golang.org/x/sys/windows"
)

// symlinkFlagRelative marks a symbolic link's target as relative to the
// link's directory.
const symlinkFlagRelative = 0x1

// reparseTarget reads where a reparse point leads from its
// REPARSE_DATA_BUFFER (FSCTL_GET_REPARSE_POINT's answer): a symbolic
// link's target (relative, or absolute), or a junction's (absolute). Any
// other tag leads nowhere Resolve can judge: ErrLink.
func reparseTarget(b []byte) (string, error) {
	if len(b) < 8 {
		return "", fmt.Errorf("reparse data of %d bytes", len(b))
	}
	tag := binary.LittleEndian.Uint32(b)
	var paths int // where PathBuffer begins
	switch tag {
	case windows.IO_REPARSE_TAG_SYMLINK:
		paths = 20
	case windows.IO_REPARSE_TAG_MOUNT_POINT:
		paths = 16
	default:
		return "", &Error{Kind: ErrLink, Err: fmt.Errorf("reparse point of tag %#x", tag)}
	}
	if len(b) < paths {
		return "", fmt.Errorf("reparse data of %d bytes", len(b))
	}
	str := func(off, n uint16) (string, error) {
		lo, hi := paths+int(off), paths+int(off)+int(n)
		if n%2 != 0 || hi > len(b) {
			return "", fmt.Errorf("reparse name out of its buffer")
		}
		u := make([]uint16, n/2)
		for i := range u {
			u[i] = binary.LittleEndian.Uint16(b[lo+2*i:])
		}
		return string(utf16.Decode(u)), nil
	}
	subst, err := str(binary.LittleEndian.Uint16(b[8:]), binary.LittleEndian.Uint16(b[10:]))
	if err != nil {
		return "", err
	}
	if tag == windows.IO_REPARSE_TAG_SYMLINK && binary.LittleEndian.Uint32(b[16:])&symlinkFlagRelative != 0 {
		return subst, nil
	}
	// An absolute target is an NT path: \??\C:\dir, \??\UNC\server\share;
	// anything else (\??\Volume{…}\, \Device\…) stays as it is and is
	// judged outside the root.
	switch {
	case strings.HasPrefix(subst, `\??\UNC\`):
		return `\\` + subst[len(`\??\UNC\`):], nil
	case strings.HasPrefix(subst, `\??\`) && len(subst) >= 6 && subst[5] == ':':
		return subst[len(`\??\`):], nil
	}
	return subst, nil
}
