package config

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestApplyRateLimit(t *testing.T) {
	s := Default()
	if err := s.Apply([]byte(`{"loopls":{"rateLimit":{"openai":{"requestsPerMinute":60,"burst":5},"anthropic":{"requestsPerMinute":0}}}}`)); err != nil {
		t.Fatal(err)
	}
	want := map[string]RateLimit{"openai": {RequestsPerMinute: 60, Burst: 5}, "anthropic": {}}
	if !reflect.DeepEqual(s.RateLimit, want) {
		t.Fatalf("RateLimit = %+v, want %+v", s.RateLimit, want)
	}
	for raw, why := range map[string]string{
		`{"rateLimit":{"mistral":{"requestsPerMinute":1}}}`:           "unknown provider",
		`{"rateLimit":{"openai":{"requestsPerMinute":-1}}}`:           "0 or more",
		`{"rateLimit":{"openai":{"perMinute":1}}}`:                    "unknown field",
		`{"rateLimit":{"openai":60}}`:                                 "expected an object of providers",
		`{"rateLimit":{"openai":{"requestsPerMinute":1,"burst":-2}}}`: "0 or more",
	} {
		before := s
		err := s.Apply([]byte(raw))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "rateLimit" || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v, want a rateLimit error saying %q", raw, err, why)
		}
		if !reflect.DeepEqual(s, before) {
			t.Errorf("%s changed the settings", raw)
		}
	}
}
