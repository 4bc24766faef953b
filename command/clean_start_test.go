//go:build unix

package command

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/loopls/loopls/confine"
	"golang.org/x/sys/unix"
)

// inheritedPipe is a pipe whose write end this process holds as if it had
// inherited it (not close-on-exec), as a daemon started by an editor or a
// terminal may; it returns that descriptor's number and a read of what
// reached the pipe once every writer is gone.
func inheritedPipe(t *testing.T) (int, func() string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fd, err := unix.Dup(int(w.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { r.Close() })
	closed := false
	t.Cleanup(func() {
		if !closed {
			unix.Close(fd)
		}
	})
	return fd, func() string {
		unix.Close(fd)
		closed = true
		b := make([]byte, 256)
		n, _ := r.Read(b)
		return string(b[:max(n, 0)])
	}
}

// TestInheritedDescriptorsReachNoProgram: a descriptor the daemon inherited
// (above 2, not close-on-exec) reaches no program a line starts, through
// the real confined child and where nothing is confined (issue 31).
func TestInheritedDescriptorsReachNoProgram(t *testing.T) {
	for _, confined := range []bool{true, false} {
		t.Run(map[bool]string{true: "confined", false: "unconfined"}[confined], func(t *testing.T) {
			if !confined {
				t.Setenv(ConfineEnv, "off")
			}
			fd, got := inheritedPipe(t)
			dir := newTree(t, map[string]string{"a.txt": "a\n"})
			cfg := openCfg(t, dir, Policy{AllowCommands: true}, &recordingApprover{allow: true})
			n := strconv.Itoa(fd)
			res := call(t, cfg, "sh -c 'echo LEAKED >&"+n+"'; ls /proc/self/fd/"+n)
			if out := got(); strings.Contains(out, "LEAKED") {
				t.Errorf("a program wrote to the daemon's inherited descriptor %d:\n%s", fd, res.Output)
			}
			if strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]") {
				t.Errorf("descriptor %d was open in the program:\n%s", fd, res.Output)
			}
		})
	}
}

// TestCommandEnvDropsSecretsByPattern: the names issue 31 found reaching
// the model through env (API_KEY, a DATABASE_URL with its password,
// MYSQL_PWD, GITHUB_PAT, SENTRY_DSN) reach no program of a line run in the
// real confined child; the result names them; the user's keep, drop and
// allow lists hold; PWD stays.
func TestCommandEnvDropsSecretsByPattern(t *testing.T) {
	secrets := map[string]string{
		"API_KEY": "k-4f1e2d", "DATABASE_URL": "postgres://app:pw-9c8b7a@db.example/x", "MYSQL_PWD": "pw-5a5a5a",
		"GITHUB_PAT": "ghp-1b2c3d", "SENTRY_DSN": "https://abc@o1.ingest.sentry.io/2", "MY_CREDENTIALS_FILE": "/c-3e3e3e",
		"X_AUTH": "auth-7d7d7d",
	}
	for k, v := range secrets {
		t.Setenv(k, v)
	}
	t.Setenv("PLAIN_SETTING", "plain-6e6e6e")
	t.Setenv("OTHER_SETTING", "other-2a2a2a")
	dir := newTree(t, nil)
	run := func(p EnvPolicy) string {
		cfg := openCfg(t, dir, Policy{AllowCommands: true, Allowed: []string{"env"}, Env: p}, nil)
		res := call(t, cfg, "env")
		if res.IsError {
			t.Fatalf("env failed:\n%s", res.Output)
		}
		return res.Output
	}
	out := run(EnvPolicy{})
	for k, v := range secrets {
		if strings.Contains(out, v) {
			t.Errorf("%s's value reached the command:\n%s", k, out)
		}
	}
	report := out[strings.LastIndex(out, "[not in the command's environment"):]
	for k := range secrets {
		if !strings.Contains(report, k) {
			t.Errorf("the result does not name %s as dropped: %q", k, report)
		}
	}
	if !strings.Contains(out, "plain-6e6e6e") || !strings.Contains(out, "\nPWD=") {
		t.Errorf("PLAIN_SETTING or PWD did not reach the command:\n%s", out)
	}
	out = run(EnvPolicy{Keep: []string{"MYSQL_PWD"}, Drop: []string{"PLAIN_SETTING"}})
	if !strings.Contains(out, "pw-5a5a5a") || strings.Contains(out, "plain-6e6e6e") || !strings.Contains(out, "other-2a2a2a") {
		t.Errorf("keep MYSQL_PWD, drop PLAIN_SETTING did not hold:\n%s", out)
	}
	out = run(EnvPolicy{Allow: []string{"OTHER_SETTING", "API_KEY"}})
	if !strings.Contains(out, "other-2a2a2a") || strings.Contains(out, "plain-6e6e6e") || strings.Contains(out, "k-4f1e2d") || !strings.Contains(out, "\nPATH=") {
		t.Errorf("allow OTHER_SETTING, API_KEY (a secret, not kept) did not hold:\n%s", out)
	}
}

// unixListener listens on a unix socket at p and counts the connections.
func unixListener(t *testing.T, p string) *atomic.Int32 {
	t.Helper()
	ln, err := net.Listen("unix", p)
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int32
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Close()
		}
	}()
	t.Cleanup(func() { ln.Close(); <-done })
	return &n
}

// TestHostSocketsAreMasked: a host socket (a session bus, docker, tmux)
// in a directory beside the workspace — /tmp here, /run too where this
// test may make a directory there, as a disk mounted at /run/media/… puts
// the workspace — is not reachable from the real confined child, though
// the workspace there is (issue 31: /run was left unmasked when it held
// the workspace).
func TestHostSocketsAreMasked(t *testing.T) {
	if st := Confinement(); st.Level != confine.Full {
		t.Fatalf("confinement here is %s; the masks need the mount namespace", st)
	}
	parents := []string{os.TempDir()}
	if d, err := os.MkdirTemp("/run", "loopls-test-"); err == nil {
		t.Cleanup(func() { os.RemoveAll(d) })
		parents = append(parents, d)
	} else {
		t.Logf("/run: %v (not run as root): only %s is tried", err, os.TempDir())
	}
	for _, parent := range parents {
		base, err := os.MkdirTemp(parent, "sock-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(base) })
		ws := filepath.Join(base, "media", "disk", "ws")
		if err := os.MkdirAll(ws, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(ws, "a.txt"), []byte("inside\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		sock := filepath.Join(base, "bus")
		n := unixListener(t, sock)
		cfg := openCfg(t, ws, Policy{AllowCommands: true}, &recordingApprover{allow: true})
		res := call(t, cfg, "cat a.txt && python3 -c \"import socket; s=socket.socket(socket.AF_UNIX); s.connect('"+sock+"'); print('CONN'+'ECTED')\"")
		if n.Load() != 0 || strings.Contains(res.Output, "CONNECTED") {
			t.Errorf("%s: a command reached the host socket %s:\n%s", parent, sock, res.Output)
		}
		if !strings.Contains(res.Output, "inside") {
			t.Errorf("%s: the workspace under the masked directory is not there:\n%s", parent, res.Output)
		}
	}
}

// TestPrivateTmpdirIsOutOfRun: with the daemon's TMPDIR in /run (as
// XDG_RUNTIME_DIR often is), a line's private TMPDIR is made elsewhere,
// outside the directories the child masks, and the line runs.
func TestPrivateTmpdirIsOutOfRun(t *testing.T) {
	cache, ws := t.TempDir(), newTree(t, nil)
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("TMPDIR", "/run/user/loopls-test-none")
	cfg := openCfg(t, ws, Policy{AllowCommands: true}, &recordingApprover{allow: true})
	res := call(t, cfg, "echo \"tmp=$TMPDIR\"; touch \"$TMPDIR/x\"")
	if res.IsError || strings.Contains(res.Output, "tmp=/run") || !strings.Contains(res.Output, "tmp=/") {
		t.Errorf("the private TMPDIR is in /run, or the line failed:\n%s", res.Output)
	}
}

// TestHomeSocketsAreMasked: an agent's socket in the home directory (as
// gpg-agent keeps one where there is no /run/user) is out of reach of the
// real confined child; the home directory reads as empty but for what the
// line needs (here, nothing: the workspace is elsewhere).
func TestHomeSocketsAreMasked(t *testing.T) {
	if st := Confinement(); st.Level != confine.Full {
		t.Fatalf("confinement here is %s; the masks need the mount namespace", st)
	}
	ws := newTree(t, map[string]string{"a.txt": "inside\n"})
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(cache, 0o700); err != nil {
		t.Fatal(err)
	}
	// A home directory outside /tmp and /run, which are masked anyway.
	home, err := os.MkdirTemp(cache, "loopls-test-home-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	if err := os.Mkdir(filepath.Join(home, ".gnupg"), 0o700); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(home, ".gnupg", "S.gpg-agent")
	n := unixListener(t, sock)
	t.Setenv("HOME", home)
	cfg := openCfg(t, ws, Policy{AllowCommands: true}, &recordingApprover{allow: true})
	// curl, not a PATH shim that reads the home directory (pyenv's).
	res := call(t, cfg, "cat a.txt && curl -sS -m 5 --unix-socket "+sock+" http://agent/")
	if n.Load() != 0 || !strings.Contains(res.Output, "Couldn't connect") && !strings.Contains(res.Output, "(7)") {
		t.Errorf("a command reached the agent's socket in the home directory (%d connections):\n%s", n.Load(), res.Output)
	}
	if !strings.Contains(res.Output, "inside") {
		t.Errorf("the workspace is not there:\n%s", res.Output)
	}
}
