package workspace

import (
	"context"
	"fmt"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/rootpath"
)

// Which paths are protected is package rootpath's rule (its protected.go);
// this file is how the file tools ask before writing one.

// ProtectedPath reports whether writing rel (relative to the root) writes a
// protected path (rootpath.Protected), and returns that path.
func (w *Workspace) ProtectedPath(rel string) (string, bool) { return w.protectedPath(rel) }

func (w *Workspace) protectedPath(rel string) (string, bool) {
	return rootpath.Protected(w.root, w.rootReal, rel)
}

// approveProtectedWrite asks the user before a file tool writes a protected
// path; with no one to ask it refuses. rel is the write's target, its links
// resolved (target.go), so what is judged is what is written. The question
// names the file, and is asked in every mode (auto too), on its own: an
// approval of something else never covers it. refused is true when res must
// be returned; approved is the protected path the user allowed ("" when
// none was asked).
func (w *Workspace) approveProtectedWrite(ctx context.Context, inv engine.ToolInvocation, tool, rel string) (approved string, res engine.ToolResult, refused bool, err error) {
	target, protected := w.protectedPath(rel)
	if !protected {
		return "", engine.ToolResult{}, false, nil
	}
	why := fmt.Sprintf("%s writes %s, a protected path: programs run it or read it as configuration when the folder is opened or used, so writing it could run code or widen loopls's own permissions (see docs/security.md)", tool, target)
	// No key: an answer about one protected write never covers another.
	v, err := w.approve(ctx, "", ApprovalRequest{RunID: inv.RunID, Call: inv.Call, Unapproved: []string{tool + " " + target}, Reasons: []string{why}, Protected: target})
	var r engine.ToolResult
	switch v {
	case verdictAllowed:
		return target, engine.ToolResult{}, false, nil
	case verdictNoOneToAsk:
		r, _ = failed("%s: not written: %s, and no one can be asked here", tool, why)
	case verdictCancelled:
		return "", engine.ToolResult{Output: tool + ": cancelled while waiting for approval", IsError: true}, true, err
	case verdictAskFailed:
		r, _ = failed("%s: not written: asking the user for approval failed: %v", tool, err)
	default:
		r, _ = failed("%s: not written: the user refused writing the protected path %s. Do not try it another way", tool, target)
	}
	return "", r, true, nil
}
