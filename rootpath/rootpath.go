// Package rootpath holds the rules about a path under a workspace root
// that both the file tools (package workspace) and run_command's
// interpreter and confined child (package command) judge by: whether a
// path is inside the root by name (Within), whether os.Root refused it for
// leaving the root (IsEscape), and whether writing it writes a protected
// path (Names, IsGitDir, Protected). It is one package so that each rule
// has one owner and neither of its users imports the other.
package rootpath

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Within reports whether the clean absolute path p is root or under it, and
// p relative to root as a slash path ("." for root itself). On Windows
// names match in any case (C:\Src and c:\src are one directory), as the
// file system matches them.
func Within(root, p string) (string, bool) {
	root = filepath.ToSlash(root)
	same := func(a, b string) bool { return a == b }
	if runtime.GOOS == "windows" {
		same = strings.EqualFold
	}
	if same(p, root) {
		return ".", true
	}
	prefix := strings.TrimSuffix(root, "/") + "/"
	if len(p) > len(prefix) && same(p[:len(prefix)], prefix) {
		return p[len(prefix):], true
	}
	return "", false
}

// EscapeErr returns the error r reports for a path that escapes it. It is
// not exported by package os, so it is provoked once ("..") and kept, to
// recognise escapes with errors.Is rather than by message; nil if r did
// not report one.
func EscapeErr(r *os.Root) error {
	if _, err := r.Stat(".."); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return pe.Err
		}
	}
	return nil
}

// IsEscape reports whether err is an os.Root refusing a path that leaves
// it; escapeErr is what EscapeErr returned for that root.
func IsEscape(err, escapeErr error) bool {
	if err == nil {
		return false
	}
	if escapeErr != nil && errors.Is(err, escapeErr) {
		return true
	}
	return strings.Contains(err.Error(), "escapes")
}
