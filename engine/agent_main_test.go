package engine

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package's tests if any goroutine outlives them: the
// driver starts goroutines for tool batches and stream watchdogs, and every
// one must have an owner that ends it.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
