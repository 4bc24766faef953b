package main

import (
	"strings"
	"testing"
)

// A bare --help lists the commands; serve's own flags are under serve --help.
func TestTopLevelHelpListsCommands(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		var out, errOut strings.Builder
		code := dispatch(args, strings.NewReader(""), &out, &errOut)
		if code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, cmd := range []string{"loopls run", "loopls models", "loopls trace", "loopls acp", "loopls version"} {
			if !strings.Contains(out.String(), cmd) {
				t.Errorf("%v: usage lacks %q:\n%s", args, cmd, out.String())
			}
		}
	}
	var out, errOut strings.Builder
	if code := dispatch([]string{"bogus"}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), `unknown command "bogus"`) {
		t.Errorf("bogus: exit %d, stderr %q", code, errOut.String())
	}
}
