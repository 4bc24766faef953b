package localmodels

import (
	"context"
	"encoding/json"
	"strings"
)

// show asks /api/show what the server knows of model.
func (c *client) show(ctx context.Context, model string) (Info, error) {
	var resp showResponse
	if err := c.postJSON(ctx, "/api/show", showRequest{Model: model}, maxShowBody, &resp); err != nil {
		return Info{}, err
	}
	return infoFromShow(&resp), nil
}

// infoFromShow reads the window, the shape (window.go) and capabilities out
// of /api/show. The window lives under model_info["<arch>.context_length"]
// where arch is model_info["general.architecture"].
func infoFromShow(resp *showResponse) Info {
	var info Info
	for _, c := range resp.Capabilities {
		info.Capabilities = append(info.Capabilities, c)
		switch c {
		case "tools":
			info.Tools = true
		case "thinking":
			info.Thinking = true
		}
	}
	if len(resp.Capabilities) == 0 {
		// Servers before capabilities existed did not say; let the request
		// decide rather than refuse a model that may well work.
		info.Tools = true
	}
	var arch string
	_ = json.Unmarshal(resp.ModelInfo["general.architecture"], &arch)
	info.Shape = shapeFromInfo(resp.ModelInfo, arch)
	if n, ok := positiveInt(resp.ModelInfo[arch+".context_length"]); ok && arch != "" {
		info.ContextWindow = n
	} else {
		for k, v := range resp.ModelInfo {
			if strings.HasSuffix(k, ".context_length") {
				if n, ok := positiveInt(v); ok {
					info.ContextWindow = n
					break
				}
			}
		}
	}
	return info
}

// positiveInt reads a JSON number from 1 to 2⁴⁰ (a float is cut to its
// integer part).
func positiveInt(raw json.RawMessage) (int, bool) {
	var n float64
	if len(raw) == 0 || json.Unmarshal(raw, &n) != nil {
		return 0, false
	}
	if n >= 1 && n <= 1<<40 {
		return int(n), true
	}
	return 0, false
}
