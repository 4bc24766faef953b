// Package slug makes URL path segments from titles.
package slug

// Slug returns title as a URL slug: letters are lower-cased, ASCII letters
// and digits are kept, every run of other characters becomes a single
// hyphen, and there is no hyphen at the start or the end.
//
//	Slug("Hello, World!")     == "hello-world"
//	Slug("  Go 1.22 release ") == "go-1-22-release"
//	Slug("***")               == ""
func Slug(title string) string {
	panic("not implemented")
}
