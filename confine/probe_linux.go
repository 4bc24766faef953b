package confine

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Probe finds what this machine enforces by starting the confined child
// (exe with Stage1Arg) once with the full set of namespaces and no second
// stage: it sets everything up and exits.
func Probe(exe string) Status {
	abi := LandlockABI()
	if abi < 1 {
		return Status{Level: None, Why: "this kernel has no Landlock (Linux 5.13 or later, with landlock among the LSMs)"}
	}
	tmp, err := os.MkdirTemp("", "loopls-probe-")
	if err != nil {
		return Status{Level: LandlockOnly, Landlock: abi, Why: err.Error()}
	}
	defer os.RemoveAll(tmp)
	full := Spec{Exe: exe, Write: []string{tmp}, Namespaces: true}
	if err := run(exe, full); err != nil {
		if err2 := run(exe, Spec{Exe: exe, Write: []string{tmp}}); err2 != nil {
			return Status{Level: None, Landlock: abi, Why: "Landlock could not be applied: " + err2.Error()}
		}
		return Status{Level: LandlockOnly, Landlock: abi, Why: err.Error()}
	}
	st := Status{Level: Full, Landlock: abi}
	if err := probeLayer(exe, tmp); err != nil {
		st.LayerWhy = err.Error()
	} else {
		st.Layer = true
	}
	return st
}

// probeLayer starts the child once more with a layer over a directory of
// tmp: the overlay needs the kernel's consent in a user namespace
// (userxattr, Linux 5.11) and a file system that can hold its upper.
func probeLayer(exe, tmp string) error {
	l := &Layer{Dir: filepath.Join(tmp, "dir"), Upper: filepath.Join(tmp, "upper"), Work: filepath.Join(tmp, "work")}
	for _, d := range []string{l.Dir, l.Upper, l.Work} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return err
		}
	}
	return run(exe, Spec{Exe: exe, Write: []string{l.Dir}, Namespaces: true, Layer: l})
}

// run starts the first stage with s and waits for it.
func run(exe string, s Spec) error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := Command(s)
	cmd.ExtraFiles = []*os.File{r}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		w.Close()
		return fmt.Errorf("starting the child: %w", err)
	}
	werr := WriteFrame(w, s)
	w.Close()
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return werr
}
