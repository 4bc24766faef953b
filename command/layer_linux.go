package command

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

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
	// mark is the line's start for the workspace's watcher (nil without
	// one: then only change times find conflicts, and notes says so);
	// own is a watcher started for this line alone (Config.Watch nil).
	mark  *layer.Mark
	own   *layer.Watcher
	notes []string
}

// newLineLayer makes the line's layer under cfg.Policy.LayerBase ("" for
// the user's cache directory), once the workspace's other layered lines
// are done, and marks the line's start for the workspace's watcher.
func newLineLayer(ctx context.Context, cfg Config) (*lineLayer, error) {
	dir, base, r, bufs := cfg.Dir, cfg.Policy.LayerBase, cfg.Beneath, cfg.Buffers
	unlock, err := lockLines(ctx, dir)
	if err != nil {
		return nil, err
	}
	l, err := layer.New(base)
	if err != nil {
		unlock()
		return nil, fmt.Errorf("%w: the line's layer: %v", ErrConfinement, err)
	}
	if cfg.seams.noChangeTime {
		l.Start = time.Unix(1<<40, 0) // no change time is at or after it
	}
	ll := &lineLayer{l: l, unlock: unlock, bufs: bufs}
	var w *layer.Watcher
	if cfg.Watch != nil {
		w, err = cfg.Watch.watcher(ctx, dir, base)
	} else {
		if w, err = layer.Watch(context.WithoutCancel(ctx), dir, base, nil); err == nil {
			ll.own = w
		}
	}
	if err == nil {
		ll.mark, err = w.Mark(ctx)
	}
	if err != nil {
		if ctx.Err() != nil {
			ll.close()
			return nil, ctx.Err()
		}
		ll.notes = append(ll.notes, "the workspace's watcher is not running ("+err.Error()+"): conflicts were found by change time alone")
	}
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

// watchSyncBound bounds the wait for the watcher to take the events of
// the line's time; past it, every path of the line is a conflict.
const watchSyncBound = 30 * time.Second

// close releases the line's mark, its own watcher and its layer, and lets
// the workspace's next layered line start.
func (ll *lineLayer) close() {
	if ll.mark != nil {
		ll.mark.Release()
	}
	if ll.own != nil {
		_ = ll.own.Close()
	}
	_ = ll.l.Close()
	ll.unlock()
}

// applyLayer applies what the line wrote, after the child has been waited
// for, and then removes the layer. A protected path is asked for by name
// (no one to ask drops it); what is not applied is named in c.layerNotes.
// What the watcher saw change during the line is taken first, so that
// what the daemon applies is never counted as someone else's change.
func (c *commandRun) applyLayer(ctx context.Context, ll *lineLayer) {
	defer ll.close()
	c.layerNotes = append(c.layerNotes, ll.notes...)
	if ll.mark != nil {
		// A cancelled line's layer is applied too: the wait is bounded on
		// its own.
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), watchSyncBound)
		seen, err := ll.mark.Seen(sctx)
		cancel()
		if err != nil {
			// Not known what changed: as after an overflow.
			seen = &layer.Seen{Overflow: true}
		}
		ll.l.Seen = seen
	}
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
			done[i] = AppliedChange{Path: d.Path, Op: string(d.Op), Dir: d.Dir, Link: d.Link, ModeBefore: d.ModeBefore, ModeAfter: d.ModeAfter,
				Before: d.Before, After: d.After, Size: d.Size}
		}
		if err := c.journal.Record(context.WithoutCancel(ctx), done); err != nil {
			c.layerNotes = append(c.layerNotes, "what the command changed could not be kept for undo: "+err.Error())
		}
	}
}

// maxLayerNotes bounds the paths named in each of layerNotes' lists (a
// line after an overflow may have written thousands).
const maxLayerNotes = 100

// layerNotes words what Apply did not apply, for the model.
func layerNotes(res layer.Result) []string {
	var out []string
	list := func(head string, ns []layer.Note, tail string) {
		if len(ns) == 0 {
			return
		}
		parts := make([]string, 0, min(len(ns), maxLayerNotes)+1)
		for _, n := range ns[:min(len(ns), maxLayerNotes)] {
			parts = append(parts, n.Path+" ("+n.Why+")")
		}
		if len(ns) > maxLayerNotes {
			parts = append(parts, fmt.Sprintf("and %d more", len(ns)-maxLayerNotes))
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

// SweepLayers removes, under the default place, the layers that no live
// daemon holds (layer.Sweep: those of daemons killed mid-line), at the
// daemon's start; each new layer sweeps again before it is made.
func SweepLayers(log *slog.Logger) {
	gone, err := layer.Sweep("")
	if len(gone) > 0 || err != nil {
		log.Info("command: removed the layers of daemons that ended mid-line", "removed", gone, "err", err)
	}
}
