package remotemodels

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
)

// A provider that echoes the request's Authorization header (or the key
// itself) in its error body: neither the error's message nor its cause's
// text carries the key, while errors.As still finds the API error.
func TestProviderEchoingTheKeyIsScrubbed(t *testing.T) {
	const key = "sk-echo-0123456789abcdefghij"
	body := fmt.Sprintf(`{"error":{"message":"bad request: headers Authorization: Bearer %s; x-api-key: %s; key %s","type":"invalid_request_error"}}`, key, key, key)
	for _, status := range []int{400, 500} {
		t.Run(fmt.Sprint("openai ", status), func(t *testing.T) {
			s := newSSEServer(t, "/v1/chat/completions", sseScript{status: status, body: body})
			_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{APIKey: key}), userReq("q"))
			checkScrubbed(t, err, key)
		})
		t.Run(fmt.Sprint("anthropic ", status), func(t *testing.T) {
			s := newSSEServer(t, "/v1/messages", sseScript{status: status, body: strings.ReplaceAll(body, key, "sk-ant-test-secret-0123456789")})
			_, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
			checkScrubbed(t, err, "sk-ant-test-secret-0123456789")
		})
	}
}

func checkScrubbed(t *testing.T, err error, key string) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %v (%T), want *engine.APIError", err, err)
	}
	for _, text := range []string{err.Error(), fmt.Sprintf("%+v", err), apiErr.Message, apiErr.Cause.Error()} {
		if strings.Contains(text, "0123456789") {
			t.Errorf("the key leaked: %s", text)
		}
	}
}
