package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
)

// undoLinks takes back what a run's lines did to symbolic links (spans
// whose entries are all links; Before and After are targets): a link the
// run made is removed, one it removed is made again, one it pointed
// elsewhere points back. Each is acted on in its parent's descriptor,
// reached from the root with no link followed, and only while it is as
// the run left it (the same target, or still absent): the link itself is
// read, removed or made, never followed. It returns the paths changed
// since the run, and what failed in words.
func (w *Workspace) undoLinks(links []span) (skipped, failed []string) {
	for _, s := range links {
		p := s.first.Path
		if !s.first.Existed && s.last.Removed {
			continue // made and removed again
		}
		d, why, _ := w.undoParent(p)
		if d == nil {
			failed = append(failed, why)
			continue
		}
		name := path.Base(p)
		e, lerr := d.Lstat(name)
		asLeft := false
		switch {
		case s.last.Removed:
			asLeft = errors.Is(lerr, fs.ErrNotExist)
		case lerr == nil && e.Mode&fs.ModeSymlink != 0:
			t, err := d.Readlink(name)
			asLeft = err == nil && t == s.last.After
		}
		if !asLeft {
			d.Close()
			skipped = append(skipped, p)
			continue
		}
		var err error
		if !s.last.Removed {
			err = d.Remove(name, e)
		}
		if err == nil && s.first.Existed {
			err = d.Symlink(s.first.Before, name)
		}
		d.Close()
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s (%v)", p, err))
		}
	}
	return skipped, failed
}
