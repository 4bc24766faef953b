package main

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

// TestDoctor: loopls doctor says this machine confines commands fully
// (the project's test machine has Landlock and user namespaces) and what
// that guarantees; with confinement turned off it says every command is
// asked, and exits 1.
func TestDoctor(t *testing.T) {
	binary(t)
	e := newEnv(t, fakeollama.Options{})
	r := e.runEnv([]string{"SENTRY_DSN=https://k@o1.ingest.sentry.io/2", "DATABASE_URL=postgres://u:pw@db/x"}, "doctor", "--json")
	var rep struct {
		Level      string   `json:"level"`
		Landlock   int      `json:"landlock"`
		Confined   bool     `json:"confined"`
		Guarantees []string `json:"guarantees"`
		EnvDropped []string `json:"envDropped"`
		Layer      bool     `json:"layer"`
		WatchLimit int      `json:"layerWatchLimit"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("doctor --json: %v\n%s\n%s", err, r.stdout, r.stderr)
	}
	if r.code != 0 || rep.Level != "full" || rep.Landlock < 1 || !rep.Confined || len(rep.Guarantees) < 4 {
		t.Fatalf("exit %d, report %+v: this machine should confine fully\n%s", r.code, rep, r.stderr)
	}
	if !slices.Contains(rep.EnvDropped, "SENTRY_DSN") || !slices.Contains(rep.EnvDropped, "DATABASE_URL") {
		t.Errorf("doctor does not name the environment variables commands do not get: %q", rep.EnvDropped)
	}
	if rep.Layer && rep.WatchLimit < 1 {
		t.Errorf("doctor does not give the watch limit the layer's watcher spends (layerWatchLimit %d)", rep.WatchLimit)
	}
	r = e.runEnv([]string{"LOOPLS_CONFINE=off"}, "doctor")
	if r.code != 1 || !strings.Contains(r.stdout, "every program is asked") {
		t.Errorf("confinement off: exit %d\n%s", r.code, r.stdout)
	}
}

// TestRunCommandConfinedThroughBinary: a model's command lines, whose
// programs are on the user's allowedCommands and have no argument rule
// (python3 and make run whatever code they are given, so only the kernel
// holds what they do), run through the real binary: each attack writes no marker outside the
// workspace, reads no planted secret, connects to no listener, changes no
// protected file, and is reported failed; the control line, which writes
// inside, works.
func TestRunCommandConfinedThroughBinary(t *testing.T) {
	script := func(req *api.ChatRequest) *fakeollama.Reply {
		if n := len(req.Messages); n > 0 && req.Messages[n-1].Role == "user" {
			if line, ok := strings.CutPrefix(req.Messages[n-1].Content, "run: "); ok {
				args, _ := json.Marshal(map[string]string{"command": line})
				return fakeollama.ToolCalls(fakeollama.Call{Name: "run_command", Args: string(args)})
			}
		}
		return nil
	}
	binary(t)
	e := newEnv(t, fakeollama.Options{Script: script})
	outside := t.TempDir()
	secret := "SECRET-" + filepath.Base(outside)
	e.write(filepath.Join(e.state, ".ssh", "id_rsa"), secret) // HOME is e.state
	e.write(filepath.Join(e.root, ".git", "config"), "[core]\n")
	e.write(filepath.Join(e.root, "Makefile"), attackMakefile)
	e.write(e.userFile(), `{"ollamaHost":"`+e.srv.Host+`","allowedCommands":["python3","make","cat"]}`)
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	connected := make(chan struct{}, 16)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			connected <- struct{}{}
			c.Close()
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)

	run := func(line string) string {
		t.Helper()
		r := e.run("run", "--allow-commands", "run: "+line)
		if r.code != 0 {
			t.Fatalf("%s: exit %d\n%s", line, r.code, r.stderr)
		}
		return toolResult(t, e.srv)
	}
	if out := run("make -s inside && cat inside.txt"); !strings.Contains(out, "made-inside") || !strings.HasSuffix(strings.TrimSpace(out), "[exit code 0]") {
		t.Fatalf("the control line did not run confined: %s", out)
	}
	py := func(code string) string { return `python3 -c "` + code + `"` }
	for i, attack := range []string{
		"echo x > {OUT}", // the interpreter's own redirect
		"echo x >> ~/marker-{N}",
		"make -s cp", // an allowed program's child writing outside
		"make -s sort",
		"make -s tee",
		"make -s nested", // a child of a child of a child
		py("open('{OUT}','w').write('x')"),
		py("import os; open(os.path.expanduser('~/marker-{N}'),'a').write('x')"),
		py("import os; os.symlink('" + outside + "','lk{N}'); open('lk{N}/m{N}','w').write('x')"),
		py("import os; print(open(os.path.expanduser('~/.ssh/id_rsa')).read())"),
		py("import socket; socket.create_connection(('127.0.0.1'," + port + "))"),
		py("open('.git/config','a').write('pwned')"),
	} {
		n := strconv.Itoa(i)
		marker := filepath.Join(outside, "marker-"+n)
		line := strings.NewReplacer("{OUT}", marker, "{N}", n).Replace(attack)
		e.write(filepath.Join(e.root, "Makefile"), strings.NewReplacer("{OUT}", marker).Replace(attackMakefile))
		out := run(line)
		for _, p := range []string{marker, filepath.Join(e.state, "marker-"+n), filepath.Join(outside, "m"+n)} {
			if _, err := os.Lstat(p); err == nil {
				t.Errorf("%s: wrote %s outside the workspace\n%s", line, p, out)
			}
		}
		if strings.Contains(out, secret) {
			t.Errorf("%s: the secret reached the model:\n%s", line, out)
		}
		if strings.HasSuffix(strings.TrimSpace(out), "[exit code 0]") || strings.Contains(out, "needs the user's approval") && !strings.Contains(out, "[exit code") {
			t.Errorf("%s: did not run and fail:\n%s", line, out)
		}
		select {
		case <-connected:
			t.Errorf("%s: connected to the loopback listener", line)
		default:
		}
	}
	if b, _ := os.ReadFile(filepath.Join(e.root, ".git", "config")); string(b) != "[core]\n" {
		t.Errorf(".git/config was changed to %q", b)
	}
}

// attackMakefile's targets write {OUT} (outside the workspace) with cp,
// sort -o, tee, and three shells deep; inside writes in the workspace.
const attackMakefile = `inside:
	echo made-inside > inside.txt
cp:
	cp hello.txt {OUT}
sort:
	sort -o {OUT} hello.txt
tee:
	echo x | tee {OUT}
nested:
	sh -c "sh -c 'echo x > {OUT}'"
`

// TestDoctorShipsTheAppArmorProfile: loopls doctor --apparmor prints the
// profile that lets this binary make user namespaces where AppArmor
// restricts them (Ubuntu 23.10 and later), for this binary's real path.
func TestDoctorShipsTheAppArmorProfile(t *testing.T) {
	bin := binary(t)
	e := newEnv(t, fakeollama.Options{})
	r := e.run("doctor", "--apparmor")
	real, err := filepath.EvalSymlinks(bin)
	if err != nil {
		t.Fatal(err)
	}
	if r.code != 0 || !strings.Contains(r.stdout, "profile loopls "+real+" ") || !strings.Contains(r.stdout, "userns,") || strings.Contains(r.stdout, "LOOPLS_BINARY") {
		t.Errorf("exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// TestDoctorSaysWhetherTheLayerIsActive: loopls doctor says whether a
// line's writes go to a layer of its own (this machine allows one: the
// probe the daemon runs finds it), and with LOOPLS_LAYER=off, or no
// confinement at all, that it is not, why, and what lines get instead.
func TestDoctorSaysWhetherTheLayerIsActive(t *testing.T) {
	binary(t)
	e := newEnv(t, fakeollama.Options{})
	type report struct {
		LayerActive bool   `json:"layerActive"`
		LayerWhy    string `json:"layerWhy"`
		CommandTier string `json:"commandTier"`
	}
	for _, c := range []struct {
		env      []string
		want     report
		wantText []string
	}{
		{nil, report{true, "", "layer"},
			[]string{"command layer: active: a line writes a layer of its own, never the workspace"}},
		{[]string{"LOOPLS_LAYER=off"}, report{false, "LOOPLS_LAYER=off", "confined"},
			[]string{"command layer: not active (LOOPLS_LAYER=off): lines write the workspace directly, confined"}},
		{[]string{"LOOPLS_LAYER=on"}, report{true, "", "layer"}, []string{"command layer: active"}},
		{[]string{"LOOPLS_CONFINE=off"}, report{false, "commands are not confined: LOOPLS_CONFINE=off", "ask"},
			[]string{"command layer: not active (commands are not confined: LOOPLS_CONFINE=off): every program is asked"}},
	} {
		r := e.runEnv(c.env, "doctor", "--json")
		var got report
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatalf("%v: doctor --json: %v\n%s\n%s", c.env, err, r.stdout, r.stderr)
		}
		if got != c.want {
			t.Errorf("%v: doctor --json says %+v, want %+v", c.env, got, c.want)
		}
		r = e.runEnv(c.env, "doctor")
		for _, w := range c.wantText {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("%v: doctor does not say %q:\n%s", c.env, w, r.stdout)
			}
		}
	}
}
