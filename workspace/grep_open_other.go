//go:build !linux

package workspace

import "os"

// grepDir is a directory a grep worker reads files from by name, opened as
// an os.Root (grep_open_linux.go has the faster Linux version).
type grepDir struct{ root *os.Root }

func (w *Workspace) openGrepDir(dir string) (*grepDir, error) {
	r, err := w.root.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &grepDir{root: r}, nil
}

func (d *grepDir) Close() error { return d.root.Close() }

// scanIn streams the regular file name of the directory through s; ok is
// false when it could not be opened here.
func (d *grepDir) scanIn(s *grepScanner, name string) (r grepFileResult, ok bool) {
	f, fi, err := openRegular(d.root, name)
	if err != nil {
		return r, false
	}
	defer f.Close()
	r, _ = s.scan(f, fi.Size())
	return r, true
}
