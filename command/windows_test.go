//go:build windows

package command

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// On Windows nothing confines a program, so an allowed one is asked for
// too; hostname.exe is in every Windows (and Wine) system32.
func TestWindowsAsksEveryProgram(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "a\n"})
	ap := &recordingApprover{}
	res := call(t, openCfg(t, dir, Policy{Allowed: []string{"hostname"}}, ap), "hostname")
	if ap.count() != 1 {
		t.Fatalf("hostname ran unasked (%d questions):\n%s", ap.count(), res.Output)
	}
	if why := strings.Join(ap.asked[0].Reasons, "; "); !strings.Contains(why, "every command is asked") {
		t.Errorf("the question does not say why: %q", why)
	}
	ap.setAllow(true)
	res = call(t, openCfg(t, dir, Policy{Allowed: []string{"hostname"}}, ap), "hostname")
	if res.IsError || strings.TrimSpace(res.Output) == "" {
		t.Errorf("an approved hostname: %+v", res)
	}
}

// A .cmd file runs through cmd.exe, which would parse "a&b" again and run
// the b: refused before anyone is asked, and nothing runs.
func TestWindowsRefusesBatchFiles(t *testing.T) {
	dir := newTree(t, map[string]string{"evil.cmd": "@echo ran> ran.txt\r\n"})
	ap := &recordingApprover{allow: true}
	res := call(t, openCfg(t, dir, Policy{AllowCommands: true}, ap), `./evil.cmd "a&b"`)
	if !res.IsError || !strings.Contains(res.Output, "batch file") {
		t.Fatalf("a batch file was not refused: %+v", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "ran.txt")); err == nil {
		t.Fatal("the batch file ran")
	}
}
