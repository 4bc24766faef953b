package rootpath

import "strings"

// Windows opens one file under several names, so a protected name is
// judged in each spelling, on every system (as git's core.protectNTFS
// does): the workspace may be on NTFS, or be checked out there later.

// windowsName is the name Windows opens for the path element e: an
// alternate data stream's suffix dropped (".git::$INDEX_ALLOCATION" is
// .git, "hello.txt:x" is a stream of hello.txt) and trailing dots and
// spaces dropped (".git. " is .git).
func windowsName(e string) string {
	if i := strings.IndexByte(e, ':'); i > 0 {
		e = e[:i]
	}
	return strings.TrimRight(e, ". ")
}

// shortNameOfProtected reports whether low (lower case) has the shape of
// an 8.3 short name Windows may give a protected name: its first six
// letters and dots dropped, then ~ and a digit ("git~1" for .git,
// "vscode~1" for .vscode). Which one NTFS gave is not knowable by name,
// so every such shape is protected.
func shortNameOfProtected(low string) (string, bool) {
	i := strings.IndexByte(low, '~')
	if i < 1 || i > 6 || i+1 >= len(low) {
		return "", false
	}
	rest := low[i+1:]
	if dot := strings.IndexByte(rest, '.'); dot >= 0 {
		rest = rest[:dot]
	}
	if rest == "" || strings.Trim(rest, "0123456789") != "" {
		return "", false
	}
	stem := low[:i]
	for name, why := range protectedNames {
		short := strings.ReplaceAll(strings.ReplaceAll(name, ".", ""), " ", "")
		if len(short) > 6 {
			short = short[:6]
		}
		if len(short) >= i && short[:i] == stem {
			return why + " (" + low + " may be its 8.3 short name on Windows)", true
		}
	}
	return "", false
}

// WindowsNameProblem says why Windows would not open the path element
// elem as the file it names, "" when it would (and always "" elsewhere):
// a colon (a drive, "C:", or an alternate data stream, "hello.txt:x"), a
// reserved device name whatever its extension ("NUL", "con.txt", "COM1"),
// or trailing dots and spaces, which Windows drops (so "a.txt." is a.txt).
func WindowsNameProblem(goos, elem string) string {
	if goos != "windows" || elem == "." || elem == ".." {
		return ""
	}
	if strings.ContainsRune(elem, ':') {
		return "a colon names a drive or an alternate data stream on Windows"
	}
	if strings.TrimRight(elem, ". ") != elem {
		return "Windows drops a name's trailing dots and spaces, so it would open another file"
	}
	stem := strings.ToUpper(elem)
	if i := strings.IndexByte(stem, '.'); i >= 0 {
		stem = stem[:i]
	}
	switch stem {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return stem + " is a device on Windows, not a file"
	}
	if len(stem) == 4 && (strings.HasPrefix(stem, "COM") || strings.HasPrefix(stem, "LPT")) && stem[3] >= '0' && stem[3] <= '9' {
		return stem + " is a device on Windows, not a file"
	}
	return ""
}
