package workspace

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/loopls/loopls/engine"
)

// isProtected reports whether rel (a slash path relative to the root) is a
// path that programs the user may allow execute or read as configuration,
// so writing it is running code: any .git directory (hooks, config with
// core.fsmonitor, aliases, filters) and the project's loopls settings
// (.loopls.json, which could widen what is allowed). docs/security.md says
// why Makefile and package.json are not here.
func isProtected(rel string) bool {
	for _, elem := range strings.Split(rel, "/") {
		if strings.EqualFold(elem, ".git") {
			return true
		}
	}
	return strings.EqualFold(rel, ".loopls.json")
}

// protectedPath reports whether writing rel writes a protected path, by
// its name or through symlinks inside the root ("g/config" with g → .git).
// It returns the protected path, relative to the root.
func (w *Workspace) protectedPath(rel string) (string, bool) {
	rel = path.Clean(filepath.ToSlash(rel))
	if isProtected(rel) {
		return rel, true
	}
	// Resolve the longest existing prefix; the rest does not exist yet.
	existing, rest := rel, ""
	for existing != "." && existing != "/" && existing != "" {
		if _, err := os.Lstat(w.abs(existing)); err == nil {
			break
		}
		rest = path.Join(path.Base(existing), rest)
		existing = path.Dir(existing)
	}
	real, err := filepath.EvalSymlinks(w.abs(existing))
	if err != nil {
		return "", false
	}
	r, inside := within(filepath.ToSlash(w.rootReal), filepath.ToSlash(real))
	if !inside {
		return "", false // outside: os.Root refuses it anyway
	}
	target := path.Join(r, rest)
	if isProtected(target) {
		return target, true
	}
	return "", false
}

// approveProtectedWrite asks the user before a file tool writes a protected
// path; with no one to ask it refuses. refused is true when res must be
// returned.
func (w *Workspace) approveProtectedWrite(ctx context.Context, inv engine.ToolInvocation, tool, rel string) (res engine.ToolResult, refused bool, err error) {
	target, protected := w.protectedPath(rel)
	if !protected {
		return engine.ToolResult{}, false, nil
	}
	why := fmt.Sprintf("%s is a protected path: programs the user allows run it or read it as configuration (see docs/security.md)", target)
	if !canAsk(w.approver) {
		r, _ := failed("%s: not written: %s, and no one can be asked here", tool, why)
		return r, true, nil
	}
	dec, err := w.approver.Approve(ctx, ApprovalRequest{RunID: inv.RunID, Call: inv.Call, Reasons: []string{why}})
	if err != nil {
		if ctx.Err() != nil {
			return engine.ToolResult{Output: tool + ": cancelled while waiting for approval", IsError: true}, true, ctx.Err()
		}
		r, _ := failed("%s: not written: asking the user for approval failed: %v", tool, err)
		return r, true, nil
	}
	if !dec.Allows() {
		r, _ := failed("%s: not written: the user refused writing the protected path %s. Do not try it another way", tool, target)
		return r, true, nil
	}
	return engine.ToolResult{}, false, nil
}
