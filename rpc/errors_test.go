package rpc

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDecodeParamsNamesTheField(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want string
	}{
		{`{"prompt":5}`, `"prompt" must be a string, not number`},
		{`{"maxTurns":"ten"}`, `"maxTurns" must be an integer, not string`},
		{`{"fix":"x"}`, `"fix" must be an object, not string`},
		{`{"fix":{"range":{"start":{"line":-1}}}}`, `"fix.range.start.line"`},
		{`[1]`, `"params" must be an object`},
	} {
		raw := json.RawMessage(tc.raw)
		var p runParams
		err := decodeParams(&raw, &p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("decodeParams(%s) = %v, want it to say %s", tc.raw, err, tc.want)
		}
		if rpcErr := toRPCError(err); rpcErr.Code != -32602 {
			t.Errorf("decodeParams(%s) maps to code %d, want -32602", tc.raw, rpcErr.Code)
		}
	}
}
