package redact

import (
	"context"
	"io"
	"log/slog"
)

// Writer scrubs each Write with a Redactor before passing it on. It
// assumes each Write is a whole record (a log line, a trace line, a
// message): a secret split across two Writes is not caught — use a Stream
// for text that arrives in pieces.
type Writer struct {
	w io.Writer
	r func() *Redactor
}

// NewWriter returns a Writer scrubbing with the process's redactor, as it
// is at each Write (values registered later count).
func NewWriter(w io.Writer) *Writer { return &Writer{w: w, r: Default} }

// Write writes p scrubbed. It reports len(p) on success, so callers that
// check the count are not confused by a replacement of another length.
func (w *Writer) Write(p []byte) (int, error) {
	if _, err := w.w.Write(w.r().Bytes(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Close closes the underlying writer when it is an io.Closer.
func (w *Writer) Close() error {
	if c, ok := w.w.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Handler is a slog.Handler that scrubs a record's message and every
// attribute's value before the next handler sees them.
type Handler struct {
	next slog.Handler
}

// NewHandler wraps next.
func NewHandler(next slog.Handler) *Handler { return &Handler{next: next} }

// Enabled implements slog.Handler.
func (h *Handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

// Handle implements slog.Handler.
func (h *Handler) Handle(ctx context.Context, rec slog.Record) error {
	r := Default()
	out := slog.NewRecord(rec.Time, rec.Level, r.String(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(scrubAttr(r, a))
		return true
	})
	return h.next.Handle(ctx, out)
}

// WithAttrs implements slog.Handler.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	r := Default()
	out := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		out[i] = scrubAttr(r, a)
	}
	return &Handler{next: h.next.WithAttrs(out)}
}

// WithGroup implements slog.Handler.
func (h *Handler) WithGroup(name string) slog.Handler {
	return &Handler{next: h.next.WithGroup(name)}
}

// scrubAttr scrubs one attribute: strings, errors, Stringers and anything
// else are rendered to text and scrubbed; groups recursively.
func scrubAttr(r *Redactor, a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, r.String(v.String()))
	case slog.KindGroup:
		g := v.Group()
		out := make([]any, len(g))
		for i, ga := range g {
			out[i] = scrubAttr(r, ga)
		}
		return slog.Group(a.Key, out...)
	case slog.KindAny:
		s := v.String()
		if red := r.String(s); red != s {
			return slog.String(a.Key, red)
		}
		return slog.Attr{Key: a.Key, Value: v}
	default:
		return slog.Attr{Key: a.Key, Value: v}
	}
}

// Unwrap returns the writer w scrubs for (a terminal check looks through
// it).
func (w *Writer) Unwrap() io.Writer { return w.w }
