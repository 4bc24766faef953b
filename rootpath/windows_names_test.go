package rootpath

import "testing"

// Every spelling under which Windows opens a protected name is protected:
// case, trailing dots and spaces, an alternate data stream, an 8.3 short
// name; names that only look alike are not.
func TestWindowsSpellingsOfProtectedNames(t *testing.T) {
	for rel, want := range map[string]bool{
		".GIT/config":                    true,
		".VsCode/settings.json":          true,
		".git./config":                   true,
		".git . /hooks/pre-commit":       true,
		".git::$INDEX_ALLOCATION/config": true,
		".vscode:stream":                 true,
		"GIT~1/config":                   true,
		"git~12/hooks/x":                 true,
		"VSCODE~1/tasks.json":            true,
		"src/GIT~1":                      true,
		"hello.txt:x":                    false, // a stream of an ordinary file
		"gitx~1/config":                  false,
		"notes~draft.txt":                false,
		"src/main.go":                    false,
		"docs/readme.md.":                false,
		"a~1":                            false,
	} {
		if _, got := Names(rel); got != want {
			t.Errorf("Names(%q) protected = %v, want %v", rel, got, want)
		}
	}
}
