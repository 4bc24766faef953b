package bench

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A task spec is the user's input: LoadTask never panics on it, and what it
// accepts can be graded honestly (a test runner names tests and files, an
// answer check names facts, the budget is positive).
func FuzzLoadTask(f *testing.F) {
	for _, tk := range Builtin() {
		spec, err := builtin.ReadFile("_tasks/" + tk.Name + "/" + SpecFile)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(spec))
	}
	f.Add(`{"prompt":"x","check":{"runner":"go","files":["a_test.go"],"tests":["TestA"]}}`)
	f.Add(`{"prompt":"x","check":{"runner":"answer","facts":["42"]},"maxTurns":-1}`)
	f.Add(`{"prompt":"x","check":{"runner":"python","files":["../t.py"],"tests":["t.T.t"]}}`)
	f.Fuzz(func(t *testing.T, spec string) {
		fsys := fstest.MapFS{
			SpecFile:               {Data: []byte(spec)},
			"start/a_test.go":      {Data: []byte("package a\n")},
			"start/t.py":           {Data: []byte("")},
			"check/hidden.test.js": {Data: []byte("")},
		}
		tk, err := LoadTask("fuzzed", fsys)
		if err != nil {
			return
		}
		c := tk.Spec.Check
		switch c.Runner {
		case RunnerGo, RunnerPython, RunnerNode:
			if len(c.Tests) == 0 || len(c.Files) == 0 {
				t.Fatalf("accepted a test check without tests or files: %+v", c)
			}
			for _, p := range c.Files {
				if strings.Contains(p, "..") || strings.HasPrefix(p, "/") {
					t.Fatalf("accepted a check file outside the task: %q", p)
				}
			}
		case RunnerAnswer:
			if len(c.Facts) == 0 {
				t.Fatalf("accepted an answer check without facts: %+v", c)
			}
		default:
			t.Fatalf("accepted runner %q", c.Runner)
		}
		if tk.Spec.MaxTurns <= 0 || strings.TrimSpace(tk.Spec.Prompt) == "" {
			t.Fatalf("accepted spec %+v", tk.Spec)
		}
	})
}
