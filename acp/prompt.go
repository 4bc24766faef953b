package acp

import (
	"fmt"
	"strings"

	sdk "github.com/coder/acp-go-sdk"
)

// promptText flattens a prompt's content blocks into the user message the
// model gets. Embedded resources (the editor's selection or an @-mentioned
// file) are inlined in fenced blocks named by their URI; links are named so
// the model can read them with its tools. Images and audio cannot reach a
// text model and are refused, since initialize did not offer them.
func promptText(blocks []sdk.ContentBlock) (string, error) {
	var b strings.Builder
	sep := func() {
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
	}
	for i, c := range blocks {
		switch {
		case c.Text != nil:
			if c.Text.Text == "" {
				continue
			}
			sep()
			b.WriteString(c.Text.Text)
		case c.Resource != nil:
			r := c.Resource.Resource
			switch {
			case r.TextResourceContents != nil:
				sep()
				fmt.Fprintf(&b, "Context from %s:\n```\n%s\n```", r.TextResourceContents.Uri, strings.TrimRight(r.TextResourceContents.Text, "\n"))
			case r.BlobResourceContents != nil:
				sep()
				fmt.Fprintf(&b, "(binary resource %s attached; its content is not shown)", r.BlobResourceContents.Uri)
			}
		case c.ResourceLink != nil:
			sep()
			fmt.Fprintf(&b, "Referenced file: %s (%s)", c.ResourceLink.Name, c.ResourceLink.Uri)
		case c.Image != nil, c.Audio != nil:
			return "", fmt.Errorf("prompt[%d]: images and audio are not supported: loopls runs text models; send text or embedded resources", i)
		}
	}
	if strings.TrimSpace(b.String()) == "" {
		return "", fmt.Errorf("prompt is empty: send at least one text block")
	}
	return b.String(), nil
}

// promptLinks returns the file:// URIs of a prompt's resource links, each
// once, in order.
func promptLinks(blocks []sdk.ContentBlock) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range blocks {
		if c.ResourceLink == nil {
			continue
		}
		u := c.ResourceLink.Uri
		if !strings.HasPrefix(u, "file://") || seen[u] {
			continue
		}
		seen[u] = true
		out = append(out, u)
	}
	return out
}
