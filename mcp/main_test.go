package mcp

import (
	"os"
	"strconv"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	switch os.Getenv(testServerEnv) {
	case "":
	case "hostile":
		runHostileServer()
		return
	default:
		if f := os.Getenv("LOOPLS_MCP_TEST_PIDFILE"); f != "" { // process_windows_test.go
			_ = os.WriteFile(f, []byte(strconv.Itoa(os.Getpid())), 0o600)
		}
		runTestServer() // this binary is the tiny list_changed server
		return
	}
	// Restarts come quickly in tests; the figures in production are above.
	firstBackoff = 50 * time.Millisecond
	stopGrace = time.Second
	goleak.VerifyTestMain(m)
}
