package localmodels

import (
	"context"
	"strings"
	"time"
)

// Facts say what exactly a model name ran on an Ollama server: what a
// benchmark's figures belong to.
type Facts struct {
	// Version is the server's (/api/version).
	Version string `json:"ollamaVersion,omitempty"`
	// Digest, Quantization and ParameterSize are the model's (/api/tags,
	// /api/show details).
	Digest        string `json:"digest,omitempty"`
	Quantization  string `json:"quantization,omitempty"`
	ParameterSize string `json:"parameterSize,omitempty"`
	// Parameters are the Modelfile's PARAMETER lines (sampling: temperature,
	// top_k, top_p, …), one "name value" a line; loopls sends no sampling
	// options of its own, so these are what sampled.
	Parameters string `json:"parameters,omitempty"`
	// Remote is set for a model the server only forwards to another host
	// (an Ollama cloud model): nothing of it is loaded here.
	Remote bool `json:"remote,omitempty"`
}

// Loaded is one model the server holds in memory (/api/ps).
type Loaded struct {
	Name          string    `json:"name"`
	Digest        string    `json:"digest,omitempty"`
	Size          int64     `json:"size"`     // bytes in memory, RAM and VRAM
	SizeVRAM      int64     `json:"sizeVram"` // of which in VRAM
	ContextLength int       `json:"contextLength,omitempty"`
	ExpiresAt     time.Time `json:"expiresAt,omitzero"`
}

// psResponse is what loopls reads of GET /api/ps.
type psResponse struct {
	Models []struct {
		Name          string    `json:"name"`
		Model         string    `json:"model"`
		Digest        string    `json:"digest"`
		Size          int64     `json:"size"`
		SizeVRAM      int64     `json:"size_vram"`
		ContextLength int       `json:"context_length"`
		ExpiresAt     time.Time `json:"expires_at"`
	} `json:"models"`
}

// factsTagsResponse and factsShowResponse are what ModelFacts reads.
type factsTagsResponse struct {
	Models []struct {
		Name       string `json:"name"`
		Model      string `json:"model"`
		Digest     string `json:"digest"`
		RemoteHost string `json:"remote_host"`
	} `json:"models"`
}

type factsShowResponse struct {
	Parameters string `json:"parameters"`
	RemoteHost string `json:"remote_host"`
	Details    struct {
		ParameterSize     string `json:"parameter_size"`
		QuantizationLevel string `json:"quantization_level"`
	} `json:"details"`
}

// maxSmallBody bounds the answers of /api/version and /api/ps.
const maxSmallBody = 1 << 20

// LoadedModels returns the models the Ollama server at host holds in
// memory, in its order.
func LoadedModels(ctx context.Context, host string) ([]Loaded, error) {
	base, err := ParseHost(host)
	if err != nil {
		return nil, err
	}
	return loadedModels(ctx, newClient(base, nil))
}

func loadedModels(ctx context.Context, c *client) ([]Loaded, error) {
	var ps psResponse
	if err := c.getJSON(ctx, "/api/ps", maxSmallBody, &ps); err != nil {
		return nil, err
	}
	out := make([]Loaded, 0, len(ps.Models))
	for _, m := range ps.Models {
		name := m.Name
		if name == "" {
			name = m.Model
		}
		out = append(out, Loaded{Name: name, Digest: m.Digest, Size: m.Size, SizeVRAM: m.SizeVRAM,
			ContextLength: m.ContextLength, ExpiresAt: m.ExpiresAt})
	}
	return out, nil
}

// SameModel reports whether two names Ollama gives name one model: a name
// without a tag is the ":latest" one.
func SameModel(a, b string) bool {
	norm := func(s string) string {
		if !strings.Contains(s[strings.LastIndexByte(s, '/')+1:], ":") {
			return s + ":latest"
		}
		return s
	}
	return a != "" && b != "" && norm(a) == norm(b)
}

// ModelFacts returns what the Ollama server at host says of model: its
// version, the model's digest, quantization, size and sampling parameters.
// What a server does not answer is left empty; the error is the first
// request's that failed outright.
func ModelFacts(ctx context.Context, host, model string) (Facts, error) {
	base, err := ParseHost(host)
	if err != nil {
		return Facts{}, err
	}
	return modelFacts(ctx, newClient(base, nil), model)
}

func modelFacts(ctx context.Context, c *client, model string) (Facts, error) {
	var f Facts
	var v struct {
		Version string `json:"version"`
	}
	if err := c.getJSON(ctx, "/api/version", maxSmallBody, &v); err != nil {
		return f, err
	}
	f.Version = v.Version
	var tags factsTagsResponse
	if err := c.getJSON(ctx, "/api/tags", maxTagsBody, &tags); err != nil {
		return f, err
	}
	for _, m := range tags.Models {
		if SameModel(m.Name, model) || SameModel(m.Model, model) {
			f.Digest, f.Remote = m.Digest, m.RemoteHost != ""
			break
		}
	}
	var show factsShowResponse
	if err := c.postJSON(ctx, "/api/show", showRequest{Model: model}, maxShowBody, &show); err != nil {
		return f, err
	}
	f.Quantization = show.Details.QuantizationLevel
	f.ParameterSize = show.Details.ParameterSize
	f.Parameters = strings.TrimSpace(show.Parameters)
	f.Remote = f.Remote || show.RemoteHost != ""
	return f, nil
}
