package command

import "testing"

func TestBatchFilesAreRefusedOnWindowsOnly(t *testing.T) {
	for path, want := range map[string]bool{
		`C:\Program Files\nodejs\npx.cmd`: true,
		`C:\tools\RUN.BAT`:                true, // case does not matter to Windows
		`C:\tools\run.bat. `:              true, // nor trailing dots and spaces
		`C:\Go\bin\go.exe`:                false,
		`C:\tools\cmd.exe`:                false,
	} {
		if got := batchFileRefusal("windows", path) != ""; got != want {
			t.Errorf("windows: batchFileRefusal(%q) refuses = %v, want %v", path, got, want)
		}
	}
	if why := batchFileRefusal("linux", "/usr/bin/x.cmd"); why != "" {
		t.Errorf("linux refused a file named .cmd: %s", why)
	}
}

func TestByPath(t *testing.T) {
	for _, c := range []struct {
		goos, name string
		want       bool
	}{
		{"linux", "./x", true}, {"linux", "x", false}, {"linux", `a\b`, false},
		{"windows", `.\x.exe`, true}, {"windows", `C:x.exe`, true}, {"windows", "./x", true}, {"windows", "go", false},
	} {
		if got := byPath(c.goos, c.name); got != c.want {
			t.Errorf("byPath(%s, %q) = %v, want %v", c.goos, c.name, got, c.want)
		}
	}
}
