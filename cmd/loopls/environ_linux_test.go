package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// asUser runs c as the unprivileged user the test stands for: nobody when
// the test runs as root (root reads every process's environ anyway), else
// the test's own user.
func asUser(c *exec.Cmd) {
	if os.Getuid() == 0 {
		c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
}

// A process of the daemon's own user — a child it starts, say — cannot read
// the daemon's environment from /proc/PID/environ, while it can read an
// ordinary process's. (Root can: see docs/security.md.)
func TestDaemonEnvironIsUnreadableToItsUser(t *testing.T) {
	bin := binary(t)
	dir, err := os.MkdirTemp("", "loopls-environ")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	exe := filepath.Join(dir, "loopls")
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "OPENAI_API_KEY="+fakeKey, "XDG_STATE_HOME="+dir, "HOME="+dir)

	readEnviron := func(pid int) (string, error) {
		c := exec.Command("cat", fmt.Sprintf("/proc/%d/environ", pid))
		asUser(c)
		out, err := c.CombinedOutput()
		return string(out), err
	}

	// The control: an ordinary process of the same user is readable.
	sleeper := exec.Command("sleep", "60")
	sleeper.Env, sleeper.Dir = env, "/"
	asUser(sleeper)
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	out, err := readEnviron(sleeper.Process.Pid)
	sleeper.Process.Kill()
	sleeper.Wait()
	if err != nil || !strings.Contains(out, leakMark) {
		t.Fatalf("the control could not read an ordinary process's environ (%v): the test proves nothing here", err)
	}

	ws := filepath.Join(dir, "ws")
	if err := os.Mkdir(ws, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(ws, 0o777)
	d := exec.Command(exe, "serve", "--stdio")
	d.Env, d.Dir = env, ws
	asUser(d)
	in, _ := d.StdinPipe()
	stdout, _ := d.StdoutPipe()
	if err := d.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		in.Close()
		done := make(chan struct{})
		go func() { d.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(waitBound):
			d.Process.Kill()
			<-done
			t.Errorf("the daemon did not exit after stdin closed")
		}
	}()
	// Once the daemon answers, main has run (and hidden its environ).
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	fmt.Fprintf(in, "Content-Length: %d\r\n\r\n%s", len(body), body)
	answered := make(chan error, 1)
	go func() {
		_, err := bufio.NewReader(stdout).ReadString('\n')
		answered <- err
		io.Copy(io.Discard, stdout)
	}()
	select {
	case err := <-answered:
		if err != nil {
			t.Fatalf("the daemon did not answer initialize: %v", err)
		}
	case <-time.After(waitBound):
		t.Fatal("the daemon did not answer initialize")
	}
	out, err = readEnviron(d.Process.Pid)
	if err == nil || strings.Contains(out, leakMark) {
		t.Errorf("a process of the daemon's user read its environ (err %v):\n%.200s", err, out)
	}
}
