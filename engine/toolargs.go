package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// ErrMalformedArguments marks tool-call arguments that are not a JSON value.
var ErrMalformedArguments = errors.New("malformed tool-call arguments")

// CanonicalArguments returns raw tool-call arguments in one canonical form:
// compact JSON with object keys sorted, so that two calls with the same
// arguments compare equal byte for byte whatever order the provider sent the
// keys in (Ollama's order is random). Empty input and null become {}.
//
// Arguments that are not JSON (a model that wrote half an object) come back
// as a JSON string holding the text, together with an error wrapping
// ErrMalformedArguments: the call still reaches the tool, whose argument
// decoding fails with a message the model can act on, and the run goes on.
func CanonicalArguments(raw []byte) (json.RawMessage, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return json.RawMessage("{}"), nil
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.UseNumber() // keep numbers exactly as written: no float rounding
	var v any
	err := dec.Decode(&v)
	if err == nil && dec.InputOffset() != int64(len(trimmed)) {
		err = errors.New("extra data after the JSON value")
	}
	if err == nil {
		var out json.RawMessage
		if out, err = marshalCanonical(v); err == nil {
			return out, nil
		}
	}
	s, _ := marshalCanonical(string(raw))
	return s, fmt.Errorf("%w: %v", ErrMalformedArguments, err)
}

// marshalCanonical encodes v compactly without HTML escaping; encoding/json
// sorts map keys, which is what makes the form canonical.
func marshalCanonical(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
}

// ObjectArguments returns raw tool-call arguments as a canonical JSON object
// (CanonicalArguments), decoding the object small models send as a JSON
// string ("{\"path\":\"a.go\"}"). ok is false when they are not an object.
func ObjectArguments(raw []byte) (json.RawMessage, bool) {
	canon, err := CanonicalArguments(raw)
	if err != nil {
		return nil, false
	}
	if canon[0] == '"' {
		var inner string
		if json.Unmarshal(canon, &inner) != nil {
			return nil, false
		}
		if canon, err = CanonicalArguments([]byte(inner)); err != nil {
			return nil, false
		}
	}
	return canon, canon[0] == '{'
}
