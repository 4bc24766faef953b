//go:build unix

// These tests drive their servers through sh; mcp/process_windows_test.go
// holds the Windows side.

package mcp

import (
	"strings"
	"testing"

	"github.com/loopls/loopls/config"
)

// A server's secrets (secret-named env values, header values) never show in
// what loopls reports of it, and loopls's own secret-named variables are
// not passed to servers.
func TestSecretsStayOut(t *testing.T) {
	const secret = "s3cr3t-value-123456"
	const own = "own-secret-abcdef123"
	t.Setenv("LOOPLS_TEST_SERVICE_API_KEY", own)
	h := newHub(t)
	srv := config.MCPServer{Command: "sh", Args: []string{"-c",
		`echo "token is $SERVICE_TOKEN, inherited [$LOOPLS_TEST_SERVICE_API_KEY]" >&2; exit 1`},
		Env: map[string]string{"SERVICE_TOKEN": secret}}
	_, warns := h.Tools(ctxT(t), Want{Dir: t.TempDir(), Settings: map[string]config.MCPServer{"leaky": srv}})
	st := h.Status(nil)[0]
	all := strings.Join(warns, "\n") + st.LastError + st.Command
	if strings.Contains(all, secret) {
		t.Fatalf("the server's secret shows:\n%s", all)
	}
	if !strings.Contains(st.LastError, "token is ") || !strings.Contains(st.LastError, "inherited []") {
		t.Fatalf("lastError = %q: want the stderr line, with loopls's own key not inherited", st.LastError)
	}
	if strings.Contains(all, own) {
		t.Fatalf("loopls's own secret reached the server:\n%s", all)
	}
}
