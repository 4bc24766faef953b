// Command tinymodel writes the scripted model that `make test-real` registers
// with the real Ollama server: a GGUF file of the "llama" architecture and the
// two Modelfiles (tiny, tiny-think) whose chat templates choose its replies.
//
// No weights are trained or downloaded. The network is wired by hand so that
// it is a lookup table from the last token to the next one:
//
//   - every attention and feed-forward matrix is zero, so each block adds
//     nothing to the residual stream and the final hidden state is the
//     embedding of the last token;
//   - that embedding is one-hot in a "row" that stands for the token's
//     successor, and the output matrix gives exactly that successor a large
//     logit. After RMS normalisation the margin is sqrt(width)·gain, far above
//     any sampler's temperature, so generation is deterministic.
//
// The chat template ends every prompt with one cue token (see templates.go);
// the table then spells out that cue's reply word by word and ends with the
// end-of-turn token, which maps to itself. A prompt that ends on anything else
// (a raw /api/generate prompt, say) gets the greeting.
//
// Usage: go run ./internal/realollama/tinymodel -dir OUT/model
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", ".", "where to write tiny.gguf, Modelfile.tiny and Modelfile.tiny-think")
	flag.Parse()
	if err := writeAll(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "tinymodel:", err)
		os.Exit(1)
	}
}

// writeAll writes the model and its two Modelfiles into dir.
func writeAll(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	m := build()
	if err := writeFileAtomic(filepath.Join(dir, "tiny.gguf"), m.encode()); err != nil {
		return err
	}
	for name, text := range modelfiles() {
		if err := writeFileAtomic(filepath.Join(dir, name), []byte(text)); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "tinymodel: wrote %s (%d tokens, %d table rows)\n", dir, len(m.vocab.text), m.rows)
	return nil
}

func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
