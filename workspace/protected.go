package workspace

import "strings"

// isProtected reports whether rel (a slash path relative to the root)
// is a path that programs the user may allow execute or read as
// configuration, so writing it is running code: any .git directory
// (hooks, config with core.fsmonitor, aliases, filters) and the
// workspace's loopls settings (which hold allowedCommands). See
// docs/security.md for why Makefile and package.json are not here.
func isProtected(rel string) bool {
	for _, elem := range strings.Split(rel, "/") {
		if strings.EqualFold(elem, ".git") {
			return true
		}
	}
	return strings.EqualFold(rel, ".loopls.json")
}
