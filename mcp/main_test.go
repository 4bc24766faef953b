package mcp

import (
	"os"
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
		runTestServer() // this binary is the tiny list_changed server
		return
	}
	// Restarts come quickly in tests; the figures in production are above.
	firstBackoff = 50 * time.Millisecond
	stopGrace = time.Second
	goleak.VerifyTestMain(m)
}
