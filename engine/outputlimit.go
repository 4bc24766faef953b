package engine

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// DefaultOutputLimit is the largest tool output, in bytes, sent to the model
// whole. A small model's window holds little more than that.
const DefaultOutputLimit = 32 << 10

// LimitOutput cuts out to at most limit bytes (at a UTF-8 boundary, and at a
// line end when one is near) and appends a marker saying how much was cut
// and how to read the rest. limit <= 0 disables the cut.
func LimitOutput(out string, limit int) string {
	if limit <= 0 || len(out) <= limit {
		return out
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(out[cut]) {
		cut--
	}
	// Prefer to end on a whole line if one ends in the last quarter, so the
	// model does not see half a line and the offset below is exact.
	if nl := strings.LastIndexByte(out[:cut], '\n'); nl >= cut*3/4 {
		cut = nl + 1
	}
	kept := out[:cut]
	lines := strings.Count(kept, "\n")
	if !strings.HasSuffix(kept, "\n") {
		kept += "\n"
	}
	return kept + fmt.Sprintf("[… %d bytes cut (output limit %d bytes); read the rest with read_file offset=%d, or narrow the request]",
		len(out)-cut, limit, lines+1)
}
