package localmodels

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
)

func TestListAtANonOllamaServer(t *testing.T) {
	// OLLAMA_HOST pointing at some other web server: say so, do not blame
	// a model.
	hs := httptest.NewServer(http.NotFoundHandler())
	defer hs.Close()
	_, err := ListOllama(context.Background(), hs.URL)
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 404 || errors.Is(err, ErrModelNotFound) {
		t.Fatalf("err = %v, want a 404 that is not ErrModelNotFound", err)
	}
	if !strings.Contains(apiErr.Message, "pointing at an Ollama server") {
		t.Errorf("message %q", apiErr.Message)
	}
}
