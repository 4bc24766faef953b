package main

import (
	"bytes"
	"encoding/json"
	"errors"
)

// emit writes one line of loopls run --json's stream: the object params
// (a loopls/transition, loopls/delta or loopls/toolCall notification's
// params, a notice, or last the Run record) with "type" first. Callers hold
// v.mu. The first write error stops the stream; finish reports it.
func (v *runView) emit(kind string, params any) {
	if !v.jsonOut || v.jsonErr != nil {
		return
	}
	b, err := json.Marshal(params)
	if err != nil || len(b) < 2 || b[0] != '{' {
		if err == nil {
			err = errNotObject
		}
		v.jsonErr = err
		return
	}
	var line bytes.Buffer
	line.WriteString(`{"type":`)
	kb, _ := json.Marshal(kind)
	line.Write(kb)
	if !bytes.Equal(b, []byte("{}")) {
		line.WriteByte(',')
	}
	line.Write(b[1:])
	line.WriteByte('\n')
	if _, err := v.out.Write(line.Bytes()); err != nil {
		v.jsonErr = err
	}
}

// errNotObject: a value that does not marshal to a JSON object cannot
// carry "type".
var errNotObject = errors.New("a stream line is not a JSON object")
