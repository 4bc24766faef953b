package slug

import "testing"

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Hello, World!":      "hello-world",
		"  Go 1.22 release ": "go-1-22-release",
		"***":                "",
		"":                   "",
		"already-a-slug":     "already-a-slug",
		"MiXeD__Case--Words": "mixed-case-words",
		"tab\tand\nnewline":  "tab-and-newline",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
