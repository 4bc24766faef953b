package command

import (
	"path/filepath"
	"runtime"
	"strings"
)

// batchFileRefusal says why a program at path must not run on Windows: a
// .cmd or .bat file runs through cmd.exe, which parses its arguments again
// by rules of its own (the "BatBadBut" class: %VAR% expansion, & and |
// inside quotes), so the line that would run is not the one judged here.
// It is refused, asked or not, with the reason; "" for any other program
// and on every other system.
func batchFileRefusal(goos, path string) string {
	if goos != "windows" {
		return ""
	}
	switch strings.ToLower(filepath.Ext(strings.TrimRight(path, ". "))) {
	case ".cmd", ".bat":
		return "it is a batch file (" + path + "): cmd.exe would parse its arguments again, so what runs is not what was judged; run the program it starts instead"
	}
	return ""
}

// byPath reports whether a command names its program by path rather than
// by a name looked up on PATH: a slash, and on Windows a backslash or a
// drive ("C:prog").
func byPath(goos, name string) bool {
	if strings.Contains(name, "/") {
		return true
	}
	return goos == "windows" && (strings.Contains(name, `\`) || strings.Contains(name, ":"))
}

var hostOS = runtime.GOOS
