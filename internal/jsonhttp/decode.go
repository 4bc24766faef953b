package jsonhttp

import (
	"encoding/json"
	"fmt"
	"io"
)

// DecodeBounded decodes one JSON value of at most limit bytes from r into
// out. A larger answer is an error wrapping ErrTooLarge that names the
// bound.
func DecodeBounded(r io.Reader, limit int64, out any) error {
	lr := &io.LimitedReader{R: r, N: limit + 1}
	if err := json.NewDecoder(lr).Decode(out); err != nil {
		if lr.N <= 0 {
			return fmt.Errorf("%w: larger than %d bytes", ErrTooLarge, limit)
		}
		return fmt.Errorf("the answer is not the JSON expected: %w", err)
	}
	return nil
}
