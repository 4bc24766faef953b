package engine

import "testing"

// BenchmarkCanonicalArguments canonicalises a typical edit_file call.
func BenchmarkCanonicalArguments(b *testing.B) {
	raw := []byte(`{"path":"internal/server/handler.go","old_string":"func (s *Server) handle(w http.ResponseWriter, r *http.Request) {\n\tctx := r.Context()\n","new_string":"func (s *Server) handle(w http.ResponseWriter, r *http.Request) {\n\tctx, cancel := context.WithCancel(r.Context())\n\tdefer cancel()\n","replace_all":false}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CanonicalArguments(raw); err != nil {
			b.Fatal(err)
		}
	}
}
