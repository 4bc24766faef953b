package rootpath

import "testing"

// On Windows the file tools refuse names Windows would open as something
// else: drives and alternate data streams, device names, trailing dots and
// spaces. Elsewhere they are ordinary names.
func TestWindowsNameProblems(t *testing.T) {
	for elem, bad := range map[string]bool{
		"C:": true, "hello.txt:x": true, ".git::$INDEX_ALLOCATION": true,
		"CON": true, "nul": true, "con.txt": true, "COM1": true, "lpt9.log": true, "NUL.tar.gz": true,
		"a.txt.": true, "dir ": true,
		"hello.txt": false, "console.log": false, "COM10": false, "nullable.go": false, ".git": false, "..": false,
	} {
		if got := WindowsNameProblem("windows", elem) != ""; got != bad {
			t.Errorf("windows: %q refused = %v, want %v", elem, got, bad)
		}
		if why := WindowsNameProblem("linux", elem); why != "" {
			t.Errorf("linux refused %q: %s", elem, why)
		}
	}
}
