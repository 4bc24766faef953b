package command

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/confine"
)

// TestConfinementActive: the project's test machine has Landlock and user
// namespaces, so commands run fully confined; a machine without them fails
// here, naming what is missing, instead of passing the tests below on the
// argument rules alone.
func TestConfinementActive(t *testing.T) {
	if st := Confinement(); st.Level != confine.Full {
		t.Fatalf("confinement here is %s; these tests need Landlock and unprivileged user namespaces", st)
	}
}

// attackWorld is a workspace, a home directory with planted secrets, a
// directory outside both, and a loopback listener, for attacks that must
// all fail under confinement with the user approving everything: only
// the kernel holds.
type attackWorld struct {
	ws, home, outside string
	secret            string // the planted secret's content
	port              int
	cfg               Config
}

func newAttackWorld(t *testing.T) *attackWorld {
	t.Helper()
	if st := Confinement(); st.Level != confine.Full {
		t.Fatalf("confinement here is %s; the attacks need Landlock and user namespaces", st)
	}
	a := &attackWorld{
		ws:      newTree(t, map[string]string{"a.txt": "inside\n", "Makefile": "all:\n\ttouch $(OUT)\n"}),
		home:    t.TempDir(),
		outside: t.TempDir(),
		secret:  fmt.Sprintf("SECRET-%d-%s", os.Getpid(), filepath.Base(t.TempDir())),
	}
	for p, content := range map[string]string{
		".ssh/id_rsa": a.secret, ".aws/credentials": a.secret, ".config/gh/hosts.yml": a.secret, ".bashrc": "# rc\n",
	} {
		full := filepath.Join(a.home, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(a.outside, "keep"), []byte(a.secret), 0o644); err != nil {
		t.Fatal(err)
	}
	confinedSystem() // found with the real home (its go env call writes Go's telemetry there)
	t.Setenv("HOME", a.home)
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Write([]byte("CONNECTED-" + a.secret + "\n"))
			c.Close()
		}
	}()
	a.port = ln.Addr().(*net.TCPAddr).Port
	a.cfg = openCfg(t, a.ws, Policy{AllowCommands: true}, &recordingApprover{allow: true})
	return a
}

// expand fills an attack's placeholders: {OUT} a marker path of its own
// outside the workspace, {OUTDIR} the outside directory, {SECRET} the
// planted key, {HOME}, {PORT}.
func (a *attackWorld) expand(line string, n int) (string, string) {
	marker := filepath.Join(a.outside, "marker-"+strconv.Itoa(n))
	return strings.NewReplacer("{OUT}", marker, "{OUTDIR}", a.outside, "{SECRET}", filepath.Join(a.home, ".ssh/id_rsa"),
		"{HOME}", a.home, "{PORT}", strconv.Itoa(a.port)).Replace(line), marker
}

// run runs one attack and fails t if it got through: a marker outside, a
// file outside or in the home directory changed, the secret in the
// result, or the command reporting success.
func (a *attackWorld) run(t *testing.T, n int, line string) {
	t.Helper()
	cmd, marker := a.expand(line, n)
	res := callTimeout(t, a.cfg, cmd, 20*time.Second)
	if _, err := os.Lstat(marker); err == nil {
		t.Errorf("%s: wrote the marker outside the workspace\n%s", cmd, res.Output)
		os.Remove(marker)
	}
	if strings.Contains(res.Output, a.secret) {
		t.Errorf("%s: a secret from outside reached the result:\n%s", cmd, res.Output)
	}
	if strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]") {
		t.Errorf("%s: reported success:\n%s", cmd, res.Output)
	}
	if b, err := os.ReadFile(filepath.Join(a.outside, "keep")); err != nil || string(b) != a.secret {
		t.Errorf("%s: the file outside was changed or removed (%v)", cmd, err)
	}
	a.untouched(t, cmd)
}

// untouched fails t when the home directory or the outside directory has
// an entry it did not have.
func (a *attackWorld) untouched(t *testing.T, what string) {
	t.Helper()
	var extra []string
	for _, dir := range []string{a.home, a.outside} {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			rel, _ := filepath.Rel(dir, p)
			switch rel {
			case ".cache":
				return filepath.SkipDir // the daemon's own cache (XDG), not the command's
			case ".", ".ssh", ".ssh/id_rsa", ".aws", ".aws/credentials", ".config", ".config/gh", ".config/gh/hosts.yml", ".bashrc", "keep":
				return nil
			}
			extra = append(extra, p)
			return nil
		})
	}
	if len(extra) > 0 {
		t.Errorf("%s: made %q outside the workspace", what, extra)
		for _, p := range extra {
			os.RemoveAll(p)
		}
	}
}

// confinedCorpus is, for each program of the default and documented allow
// lists (docs/config.md, docs/security.md) and the programs the argument
// rules name, command lines that would write outside the workspace, read
// a secret from outside it, or reach the network if the kernel let them.
// The user approves everything: the argument rules decide nothing here.
var confinedCorpus = map[string][]string{
	"builtin": {"echo x > {OUT}", "echo x >> ~/marker-home", "cd {OUTDIR} && echo x > made", "read l < {SECRET} && echo $l", `for f in {OUTDIR}/*; do test -e "$f" || exit 1; done`},
	"ls":      {"ls -la {HOME}/.ssh", "ls {OUTDIR}"},
	"cat":     {"cat {SECRET}", "cat {HOME}/.aws/credentials", "cat /proc/1/environ /proc/$PPID/environ"},
	"head":    {"head {SECRET}"},
	"tail":    {"tail {SECRET}"},
	"grep":    {"grep -r SECRET {HOME}", "grep -R SECRET ."},
	"rg":      {"rg SECRET {HOME}", "rg -L SECRET ."},
	"cp":      {"cp a.txt {OUT}", "cp -at {OUTDIR} a.txt", "cp {SECRET} got && cat got"},
	"mv":      {"mv a.txt {OUT}"},
	"rm":      {"rm {OUTDIR}/keep"},
	"tee":     {"echo x | tee {OUT}"},
	"ln":      {"ln -s {OUTDIR} lk && touch lk/m", "ln {SECRET} hard && cat hard"},
	"touch":   {"touch {OUT}", "touch ~/.bashrc-new"},
	"dd":      {"dd if=a.txt of={OUT}"},
	"install": {"install a.txt {OUT}"},
	"sed":     {"sed -i s/x/y/ {OUTDIR}/keep", "sed -n p {SECRET}"},
	"awk":     {`awk 'BEGIN{print "x" > "{OUT}"}'`, `awk 'BEGIN{if((getline l < "{SECRET}")<0) exit 1; print l}'`, `awk 'BEGIN{exit system("touch {OUT}")}'`},
	"find":    {"find . -fprint {OUT}", "find {HOME} -name id_rsa -exec cat {} +", "find . -maxdepth 0 -exec touch {OUT} ;"},
	"sort":    {"sort -o {OUT} a.txt", "sort -mo{OUT} a.txt", "sort {SECRET}"},
	"tar":     {"tar -cf {OUT} a.txt", "tar -C {HOME} -cf - .ssh | tar -xOf -", "tar --to-command='touch {OUT}' -cf t.tar a.txt && tar -xf t.tar --to-command='touch {OUT}'"},
	"git": {
		"git init -q {OUTDIR}/repo", "git config --file {OUT} a.b c", "git clone -q http://127.0.0.1:{PORT}/r.git r",
		"git -c core.pager='touch {OUT}' -p log", "git --no-pager diff --no-index {SECRET} a.txt",
	},
	"go":      {"go env -w GOFLAGS=-x", "go -C {OUTDIR} mod init x"},
	"make":    {"make OUT={OUT}"},
	"sh":      {"sh -c 'echo x > {OUT}'", "sh -c \"sh -c 'touch {OUT}'\"", "sh -c 'cat {SECRET}'"},
	"bash":    {"bash -c 'echo x > /dev/tcp/127.0.0.1/{PORT}'", "bash -c '(touch {OUT}) & wait $!'", "bash -c 'exec 3<>/dev/tcp/127.0.0.1/{PORT}; cat <&3'"},
	"env":     {"env sh -c 'touch {OUT}'"},
	"xargs":   {"echo {OUT} | xargs touch"},
	"timeout": {"timeout 10 touch {OUT}"},
	"nice":    {"nice touch {OUT}"},
	"nohup":   {"nohup touch {OUT}"},
	"setsid":  {"setsid -w touch {OUT}"},
	"python3": {
		"python3 -c \"open('{OUT}','w').write('x')\"", "python3 -c \"print(open('{SECRET}').read())\"",
		"python3 -c \"import socket; print(socket.create_connection(('127.0.0.1',{PORT})).recv(99))\"",
		"python3 -c \"import socket; s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM); s.sendto(b'x',('127.0.0.1',{PORT}))\"",
		"python3 -c \"import os; os.symlink('{OUTDIR}','l2'); open('l2/m','w')\"",
	},
	"node": {
		"node -e \"require('fs').writeFileSync('{OUT}','x')\"", "node -e \"console.log(require('fs').readFileSync('{SECRET}','utf8'))\"",
		"node -e \"require('net').connect({PORT},'127.0.0.1',()=>process.exit(0)).on('error',e=>{console.log(e.code);process.exit(3)})\"",
	},
	"perl":  {"perl -e 'open(F,\">{OUT}\") or die $!'", "perl -e 'open(F,\"<{SECRET}\") or die $!; print <F>'"},
	"curl":  {"curl -sS http://127.0.0.1:{PORT}/", "curl -sS -o {OUT} file:///etc/hostname", "curl -sS file://{SECRET}"},
	"wget":  {"wget -t 1 -q -O - http://127.0.0.1:{PORT}/", "wget -t 1 -q -O {OUT} http://127.0.0.1:{PORT}/"},
	"zip":   {"zip -q {OUT} a.txt"},
	"unzip": {"zip -q z.zip a.txt && unzip -q -d {OUTDIR}/u z.zip"},
	"patch": {"printf -- '--- /dev/null\\n+++ {OUT}\\n@@ -0,0 +1 @@\\n+x\\n' > p.diff && patch -p0 < p.diff"},
	"npm":   {"npm config set loopls-attack 1"},
	"cargo": {"cargo new -q --vcs none {OUTDIR}/crate"},
}

// TestConfinedDifferential runs confinedCorpus under confinement, each
// line with its own marker: no marker appears outside the workspace, no
// file outside changes, no planted secret reaches the result, and every
// line reports failure. A program of the corpus that is not installed
// fails the test (nothing is skipped silently).
func TestConfinedDifferential(t *testing.T) {
	a := newAttackWorld(t)
	progs := make([]string, 0, len(confinedCorpus))
	for p := range confinedCorpus {
		progs = append(progs, p)
	}
	slices.Sort(progs)
	n := 0
	for _, prog := range progs {
		if prog != "builtin" {
			if _, err := exec.LookPath(prog); err != nil {
				t.Errorf("%s is on the corpus but not installed here: install it or take it out of confinedCorpus", prog)
				continue
			}
		}
		for _, line := range confinedCorpus[prog] {
			n++
			a.run(t, n, line)
		}
	}
	if n < 80 {
		t.Errorf("the corpus ran %d attacks", n)
	}
}
