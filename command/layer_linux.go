package command

import (
	"context"
	"fmt"
	"strings"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/confine"
	"github.com/loopls/loopls/layer"
)

// lineLayer is one line's layer and the lock that keeps the workspace's
// other layered lines waiting.
type lineLayer struct {
	l      *layer.Layer
	unlock func()
	bufs   Buffers
	staged map[string]stagedBuffer // the unsaved buffers the line reads, by path
}

// newLineLayer makes the line's layer under base ("" for the user's cache
// directory), once the workspace's other layered lines are done.
func newLineLayer(ctx context.Context, dir, base string, r *beneath.Root, bufs Buffers) (*lineLayer, error) {
	unlock, err := lockLines(ctx, dir)
	if err != nil {
		return nil, err
	}
	l, err := layer.New(base)
	if err != nil {
		unlock()
		return nil, fmt.Errorf("%w: the line's layer: %v", ErrConfinement, err)
	}
	ll := &lineLayer{l: l, unlock: unlock, bufs: bufs}
	if bufs != nil && r == nil {
		if r, err = beneath.Open(dir); err == nil {
			defer r.Close()
		}
	}
	if r != nil {
		ll.staged = stageBuffers(bufs, r, l.Above)
	}
	return ll, nil
}

// spec is the child's side of it: an overlay over dir.
func (ll *lineLayer) spec(dir string) *confine.Layer {
	s := &confine.Layer{Dir: dir, Upper: ll.l.Upper, Work: ll.l.Work}
	if len(ll.staged) > 0 {
		s.Above = []string{ll.l.Above}
	}
	return s
}

// applyLayer applies what the line wrote, after the child has been waited
// for, and then removes the layer. A protected path is asked for by name
// (no one to ask drops it); what is not applied is named in c.layerNotes.
func (c *commandRun) applyLayer(ctx context.Context, ll *lineLayer) {
	defer ll.unlock()
	defer ll.l.Close()
	r, err := beneath.Open(c.t.dir)
	if err != nil {
		c.layerNotes = append(c.layerNotes, "nothing the command wrote was applied: "+err.Error())
		return
	}
	defer r.Close()
	ch, err := layer.Walk(ll.l.Upper, r)
	if err != nil {
		c.layerNotes = append(c.layerNotes, "nothing the command wrote was applied: "+err.Error())
		return
	}
	ch.List = c.toBuffers(ctx, ll.bufs, ll.l.Upper, ch.List, ll.staged)
	ask := func(root, why string) bool {
		if c.approver == nil || ctx.Err() != nil {
			return false
		}
		ans, err := c.approver.Approve(ctx, Question{
			Line:      c.cmdline,
			Part:      "keep what the command wrote at " + root,
			Reasons:   []string{root + " is protected: " + why},
			Protected: root,
		})
		return err == nil && ans.Refusal == ""
	}
	var keep layer.Keep
	if c.journal != nil {
		keep = c.journal.Keeps
	}
	res := layer.Apply(context.WithoutCancel(ctx), ll.l, r, ch, ask, keep)
	c.layerNotes = append(c.layerNotes, layerNotes(res)...)
	if c.journal != nil && len(res.Done) > 0 {
		done := make([]AppliedChange, len(res.Done))
		for i, d := range res.Done {
			done[i] = AppliedChange{Path: d.Path, Op: string(d.Op), Dir: d.Dir, ModeBefore: d.ModeBefore, ModeAfter: d.ModeAfter,
				Before: d.Before, After: d.After, Size: d.Size}
		}
		if err := c.journal.Record(context.WithoutCancel(ctx), done); err != nil {
			c.layerNotes = append(c.layerNotes, "what the command changed could not be kept for undo: "+err.Error())
		}
	}
}

// layerNotes words what Apply did not apply, for the model.
func layerNotes(res layer.Result) []string {
	var out []string
	list := func(head string, ns []layer.Note, tail string) {
		if len(ns) == 0 {
			return
		}
		parts := make([]string, len(ns))
		for i, n := range ns {
			parts[i] = n.Path + " (" + n.Why + ")"
		}
		out = append(out, head+strings.Join(parts, "; ")+tail)
	}
	list("not applied, protected and not approved: ", res.Dropped,
		". Programs run or read these as configuration; use write_file, which asks")
	list("not applied, changed by someone else while the command ran (theirs is kept): ", res.Conflicts,
		". Read them again before changing them")
	list("not applied: ", res.Failed, "")
	list("not applied: ", res.Skipped, "")
	return out
}
