package jsonhttp

import "errors"

// ErrEncoding wraps a body that could not be encoded as JSON.
var ErrEncoding = errors.New("encoding the request")

// ErrTooLarge wraps an answer larger than the bound DecodeBounded was
// given.
var ErrTooLarge = errors.New("the answer is too large")
