package confine

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Spec is what the confined child may touch. Paths are absolute and
// clean; the ones that do not exist are left out.
type Spec struct {
	// Exe is the binary the child runs its second stage from (the
	// caller's own, os.Executable); it needs read and execute.
	Exe string
	// Stage2 is the argument the second stage is recognised by.
	Stage2 string
	// Write are the directories the child may read, write and execute
	// under: the workspace root, the private temporary directory.
	Write []string
	// Read are the directories and files it may read and execute: the
	// system and the toolchains.
	Read []string
	// ReadOnly are paths inside Write held read-only by bind mounts (the
	// workspace's protected paths that exist). They need the mount
	// namespace (Namespaces).
	ReadOnly []string
	// Namespaces runs the child in new user, mount, PID and network
	// namespaces; without it only Landlock holds (TCP only, no protected
	// paths, no fresh /proc).
	Namespaces bool
	// Hide are directories that read as empty in the child besides the
	// host's socket directories (the home directory, where agents keep
	// sockets too), with what it needs bound back; they need Namespaces.
	Hide []string `json:",omitempty"`
	// Bounds are the rlimits the child and everything it starts get
	// (RLIMIT_NPROC, RLIMIT_DATA); zero fields set none. A Group, where
	// the machine has one, bounds the whole tree instead.
	Bounds Bounds `json:",omitempty"`
	// Layer, when set (it needs Namespaces), is an overlay mounted over
	// the workspace before anything else: the line's writes land in its
	// upper directory, never in the workspace, until the caller applies
	// them. ReadOnly and the Landlock rules then name the merged view.
	Layer *Layer `json:",omitempty"`
}

// Layer is where a line's writes go instead of the workspace Dir. Upper
// and Work are directories of the caller's, on one file system, outside
// Dir and outside every path the child may write.
type Layer struct {
	Dir   string
	Upper string
	Work  string
	// Above are directories of the caller's laid over Dir, below Upper
	// (the uppermost first): what the line reads there hides Dir's.
	Above []string `json:",omitempty"`
}

// MaxFrame bounds one message between the caller and the child.
const MaxFrame = 8 << 20

// ErrFrameTooLarge reports a message over MaxFrame.
var ErrFrameTooLarge = errors.New("confine: message too large")

// WriteFrame writes v as one length-prefixed JSON message.
func WriteFrame(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if len(b) > MaxFrame {
		return ErrFrameTooLarge
	}
	buf := make([]byte, 4+len(b))
	binary.BigEndian.PutUint32(buf, uint32(len(b)))
	copy(buf[4:], b)
	_, err = w.Write(buf)
	return err
}

// ReadFrame reads exactly one message written by WriteFrame into v, and
// nothing after it.
func ReadFrame(r io.Reader, v any) error {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return err
	}
	size := binary.BigEndian.Uint32(n[:])
	if size > MaxFrame {
		return ErrFrameTooLarge
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(r, b); err != nil {
		return fmt.Errorf("confine: short message: %w", err)
	}
	return json.Unmarshal(b, v)
}
