package workspace

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular reports a path that is not a regular file (a FIFO, a
// socket, a device): reading one could block forever or never end.
var ErrNotRegular = errors.New("not a regular file")

// openRegular opens name under r for reading, refusing anything but a
// regular file. O_NONBLOCK keeps the open itself from blocking on a FIFO
// with no writer; it changes nothing for regular files.
func openRegular(r *os.Root, name string) (*os.File, fs.FileInfo, error) {
	f, err := r.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		if fi.IsDir() {
			return nil, fi, fmt.Errorf("%s is a directory: %w", name, ErrNotRegular)
		}
		return nil, fi, fmt.Errorf("%s (%s): %w", name, fi.Mode().Type(), ErrNotRegular)
	}
	return f, fi, nil
}

// readRegular reads at most limit bytes of the regular file name under r
// (limit < 0: all of it), reusing buf. It returns the file's full size.
func readRegular(r *os.Root, name string, limit int64, buf []byte) ([]byte, int64, error) {
	f, fi, err := openRegular(r, name)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var src io.Reader = f
	if limit >= 0 {
		src = io.LimitReader(f, limit)
	}
	buf = buf[:0]
	if want := fi.Size() + 1; limit < 0 && int64(cap(buf)) < want {
		buf = make([]byte, 0, want)
	} else if limit >= 0 && int64(cap(buf)) < min(want, limit+1) {
		buf = make([]byte, 0, min(want, limit+1))
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := src.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, fi.Size(), nil
		}
		if err != nil {
			return nil, 0, err
		}
	}
}
