package rpc

import (
	"encoding/json"
	"sync"

	"github.com/loopls/loopls/config"
)

// configuration is what the editor said about itself and the settings in
// force: the client's capabilities (fixed by initialize), the settings
// (initialize's, then workspace/didChangeConfiguration's; runs read them
// as they start) and the trace level ($/setTrace). It guards itself.
type configuration struct {
	mu       sync.Mutex
	settings config.Settings
	client   clientCaps
	trace    string
}

func newConfiguration() *configuration {
	return &configuration{settings: config.Default()} // initialize loads the real ones
}

// initialize sets what initialize said: the client's capabilities, the
// settings below the editor's (base) with its initializationOptions over
// them, and the trace level. It returns the settings, and why the options
// did not apply if they did not.
func (c *configuration) initialize(caps clientCaps, base config.Settings, options json.RawMessage, trace string) (config.Settings, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.client, c.settings, c.trace = caps, base, trace
	err := c.settings.Apply(options)
	return c.settings, err
}

// caps are the client's capabilities.
func (c *configuration) caps() clientCaps {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.client
}

// current are the settings in force.
func (c *configuration) current() config.Settings {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.settings
}

// apply merges new settings over the current ones and returns the result.
func (c *configuration) apply(raw json.RawMessage) (config.Settings, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	err := c.settings.Apply(raw)
	return c.settings, err
}

// setTrace records the trace level the client asked for.
func (c *configuration) setTrace(level string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trace = level
}

// tracing reports whether the client asked for a trace.
func (c *configuration) tracing() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.trace == "messages" || c.trace == "verbose"
}
