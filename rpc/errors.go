package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
)

// The JSON-RPC error codes of SPEC §3.
const (
	CodeServerNotInitialized = -32002
	CodeRequestCancelled     = -32800
	CodeRequestFailed        = -32803
	CodeMaxTurnsExceeded     = -31001
	CodeContextExceeded      = -31002
	CodeSessionBusy          = -31004
	CodeUnknownSessionOrRun  = -31005
)

// paramError is a request whose params are wrong; it names the field.
type paramError struct {
	field string
	msg   string
}

func (e *paramError) Error() string {
	if e.field == "" {
		return "invalid params: " + e.msg
	}
	return fmt.Sprintf("invalid params: %q %s", e.field, e.msg)
}

func badParam(field, format string, args ...any) error {
	return &paramError{field: field, msg: fmt.Sprintf(format, args...)}
}

// decodeParams decodes raw into v, naming the field a type error is in.
// Missing params decode as an empty object.
func decodeParams(raw *json.RawMessage, v any) error {
	if raw == nil || string(*raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(*raw, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			field := te.Field
			if field == "" {
				field = "params"
			}
			typ := te.Type
			for typ.Kind() == reflect.Pointer {
				typ = typ.Elem()
			}
			return badParam(field, "must be %s, not %s", jsonKind(typ.Kind().String()), te.Value)
		}
		return badParam("params", "are not valid: %v", err)
	}
	return nil
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "int", "int32", "int64", "uint32", "uint64":
		return "an integer"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "struct", "map":
		return "an object"
	}
	return "a " + goKind
}

// toRPCError turns any handler error into a *jsonrpc2.Error with a real
// code; jsonrpc2 v0.2 would send a plain error with code 0.
func toRPCError(err error) *jsonrpc2.Error {
	var re *jsonrpc2.Error
	var pe *paramError
	switch {
	case errors.As(err, &re):
		return re
	case errors.As(err, &pe):
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: pe.Error()}
	case errors.Is(err, session.ErrBadContext), errors.Is(err, store.ErrBadTitle):
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "invalid params: " + err.Error()}
	case errors.Is(err, session.ErrBusy):
		return &jsonrpc2.Error{Code: CodeSessionBusy, Message: err.Error()}
	case errors.Is(err, session.ErrUnknownSession), errors.Is(err, errUnknownRun),
		errors.Is(err, session.ErrUnknownRun), errors.Is(err, session.ErrNotResumable):
		return &jsonrpc2.Error{Code: CodeUnknownSessionOrRun, Message: err.Error()}
	case errors.Is(err, context.Canceled):
		return &jsonrpc2.Error{Code: CodeRequestCancelled, Message: "request cancelled"}
	}
	return &jsonrpc2.Error{Code: CodeRequestFailed, Message: err.Error()}
}

// errUnknownRun is a run id no run has.
var errUnknownRun = errors.New("unknown run")

// runError is the error a run that did not complete answers with: its code
// by outcome and the Run record as data.
func runError(run engine.Run) *jsonrpc2.Error {
	code := int64(CodeRequestFailed)
	switch run.Outcome {
	case machine.OutcomeCancelled:
		code = CodeRequestCancelled
	case machine.OutcomeMaxTurnsExceeded:
		code = CodeMaxTurnsExceeded
	case machine.OutcomeContextExceeded:
		code = CodeContextExceeded
	}
	msg := string(run.Outcome)
	if run.Error != nil {
		msg = run.Error.Error()
	}
	e := &jsonrpc2.Error{Code: code, Message: msg}
	e.SetError(run)
	return e
}
