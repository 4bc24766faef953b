// Package redact holds the daemon's secret values and scrubs them from
// everything that leaves the process: tool output before the model sees it,
// notifications, log lines, trace files, adapter error messages and the
// store.
//
// The secrets are the values of the environment's secret variables
// (*_API_KEY, *_TOKEN, *_SECRET, *_PASSWORD, …) and whatever the daemon
// registers from its settings. Besides those exact values (and their JSON
// escapes), common shapes of credentials are scrubbed wherever they appear:
// an `Authorization: Bearer …` header, an `x-api-key: …` header and
// provider keys shaped like `sk-…`.
//
// A Redactor scrubs whole texts; a Stream scrubs text that arrives in pieces
// (a model's deltas), holding back the few bytes at the end that could be
// the start of a secret, so a secret split across two pieces is still
// caught. Writer and Handler put a Redactor in front of an io.Writer and a
// slog.Handler.
package redact
