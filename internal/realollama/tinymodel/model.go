package main

import (
	"fmt"
	"math"
)

// Shape of the network. width must exceed the number of table rows.
const (
	width     = 64
	heads     = 4
	ffnWidth  = 128
	blocks    = 1
	ctxLength = 8192
	gain      = 4.0 // output weight of the successor; the normalised one-hot is sqrt(width) = 8, so its logit is 32
)

// Token kinds as GGUF's tokenizer.ggml.token_type names them.
const (
	kindNormal  int32 = 1
	kindControl int32 = 3
)

// The control tokens. Cues are what the template ends a prompt with.
const (
	tokBegin  = "<|begin|>"
	tokEnd    = "<|end|>" // end of a turn: the end-of-sequence token
	tokSystem = "<|system|>"
	tokUser   = "<|user|>"
	tokModel  = "<|model|>"
	tokResult = "<|result|>"
	tokTools  = "<|toolset|>"

	cueGreet    = "<|cue:greet|>"
	cueFinal    = "<|cue:final|>"
	cueWeather  = "<|cue:weather|>"
	cueWeather2 = "<|cue:weather2|>"
	cueThink    = "<|cue:think|>"
	cueLoop     = "<|cue:loop|>"
	cueRead     = "<|cue:read|>"
	cueEdit     = "<|cue:edit|>"
	cueList     = "<|cue:list|>"

	// Calls written as text, in the formats of model families whose calls
	// Ollama's parser for this template (tag "{") passes through as
	// content, and prose that shows a call.
	cueTagged  = "<|cue:tagged|>"
	cueFenced  = "<|cue:fenced|>"
	cuePyTag   = "<|cue:pytag|>"
	cueMistral = "<|cue:mistral|>"
	cueExample = "<|cue:example|>"
)

// reply is what the model says after a cue: its words, one token each, then
// the end token.
type reply struct {
	cue   string
	words []string
}

// replies is the whole script. Tool calls are the JSON objects Ollama's
// parser recognises ({"name":…,"arguments":…}); a word may hold part of one.
var replies = []reply{
	{cueGreet, []string{"Hello", " from", " the", " tiny", " test", " model."}},
	{cueFinal, []string{"The", " tool", " result", " was", " received."}},
	{cueWeather, []string{`{"name":"get_weather",`, `"arguments":{"city":"Paris"}}`}},
	{cueWeather2, []string{`{"name":"get_weather","arguments":{"city":"Paris"}}`, `{"name":"get_weather","arguments":{"city":"London"}}`}},
	{cueThink, []string{"<think>", "Let", " me", " think", " briefly.", "</think>", "Answer:", " forty-two."}},
	{cueRead, []string{`{"name":"read_file",`, `"arguments":{"path":"README.md"}}`}},
	{cueEdit, []string{`{"name":"edit_file",`, `"arguments":{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}}`}},
	{cueList, []string{`{"name":"list_dir",`, `"arguments":{"path":"."}}`}},
	{cueTagged, []string{"<tool_call>\n", `{"name": "list_dir", "arguments": {"path": "."}}`, "\n</tool_call>"}},
	{cueFenced, []string{"```json\n", `{"name": "list_dir", "arguments": "{\"path\": \".\"}"}`, "\n```"}},
	{cuePyTag, []string{"<|python_tag|>", `{"name": "list_dir", "parameters": {"path": "."}}`}},
	{cueMistral, []string{"[TOOL_CALLS]", `[{"name": "list_dir", "arguments": {"path": "."}}]`}},
	{cueExample, []string{"A call looks like this:\n", "```json\n{\"name\": \"list_dir\", \"arguments\": {\"path\": \".\"}}\n```"}},
}

// The loop cue never ends: "tick", then " tock tick tock …".
var loopWords = [3]string{"tick", " tock", " tick"}

// vocab is the token list: the 256 byte tokens of GPT-2's byte-level BPE
// (so every text can be tokenised, one token a byte), then named tokens.
type vocab struct {
	text []string
	kind []int32
	id   map[string]int
}

func (v *vocab) add(text string, kind int32) (int, error) {
	if _, dup := v.id[text]; dup {
		return 0, fmt.Errorf("token %q twice: every token has one successor, so words must be unique", text)
	}
	v.id[text] = len(v.text)
	v.text = append(v.text, text)
	v.kind = append(v.kind, kind)
	return v.id[text], nil
}

// byteRunes is GPT-2's reversible byte→rune mapping: printable Latin-1 bytes
// stand for themselves, the rest are moved up past U+00FF in byte order.
func byteRunes() [256]rune {
	var r [256]rune
	shifted := 0
	for b := 0; b < 256; b++ {
		printable := b >= 0x21 && b <= 0x7e || b >= 0xa1 && b <= 0xac || b >= 0xae
		if printable {
			r[b] = rune(b)
			continue
		}
		r[b] = rune(0x100 + shifted)
		shifted++
	}
	return r
}

// spell writes text in the byte-level alphabet the vocabulary uses.
func spell(text string) string {
	m := byteRunes()
	out := make([]rune, 0, len(text))
	for i := 0; i < len(text); i++ {
		out = append(out, m[text[i]])
	}
	return string(out)
}

// model is everything the GGUF file holds.
type model struct {
	vocab  vocab
	merges []string
	next   []int // next[t]: the token that follows t
	rows   int   // distinct successor rows in the embedding
	embed  []float32
	output []float32
}

// build wires the lookup table. It panics on a script that cannot be wired
// (a repeated word, too many rows): that is a bug in this file, not input.
func build() *model {
	m, err := wire()
	if err != nil {
		panic(err)
	}
	return m
}

func wire() (*model, error) {
	m := &model{vocab: vocab{id: map[string]int{}}}
	v := &m.vocab
	for _, r := range byteRunes() {
		if _, err := v.add(string(r), kindNormal); err != nil {
			return nil, err
		}
	}
	for _, c := range []string{tokBegin, tokEnd, tokSystem, tokUser, tokModel, tokResult, tokTools} {
		if _, err := v.add(c, kindControl); err != nil {
			return nil, err
		}
	}
	// llama.cpp refuses a BPE vocabulary without merges; one harmless merge.
	m.merges = []string{"Q Q"}
	if _, err := v.add("QQ", kindNormal); err != nil {
		return nil, err
	}

	successor := map[int]int{}
	end := v.id[tokEnd]
	successor[end] = end
	for _, r := range replies {
		prev, err := v.add(r.cue, kindControl)
		if err != nil {
			return nil, err
		}
		for _, w := range r.words {
			t, err := v.add(spell(w), kindNormal)
			if err != nil {
				return nil, err
			}
			successor[prev], prev = t, t
		}
		successor[prev] = end
	}
	loop, err := v.add(cueLoop, kindControl)
	if err != nil {
		return nil, err
	}
	var lw [3]int
	for i, w := range loopWords {
		if lw[i], err = v.add(spell(w), kindNormal); err != nil {
			return nil, err
		}
	}
	successor[loop], successor[lw[0]], successor[lw[1]], successor[lw[2]] = lw[0], lw[1], lw[2], lw[1]

	// Row 0 is the default: whatever has no successor of its own greets.
	greeting := successor[v.id[cueGreet]]
	n := len(v.text)
	m.next = make([]int, n)
	rowOf := make([]int, n)
	rowNext := []int{greeting}
	for t := 0; t < n; t++ {
		s, ok := successor[t]
		if !ok {
			m.next[t] = greeting
			continue
		}
		m.next[t] = s
		rowOf[t] = len(rowNext)
		rowNext = append(rowNext, s)
	}
	m.rows = len(rowNext)
	if m.rows > width {
		return nil, fmt.Errorf("%d table rows do not fit a width of %d", m.rows, width)
	}
	// Both matrices are [n][width] in row-major order (GGUF ne = {width, n}).
	m.embed = make([]float32, n*width)
	for t := 0; t < n; t++ {
		m.embed[t*width+rowOf[t]] = 1
	}
	m.output = make([]float32, n*width)
	for row, s := range rowNext {
		m.output[s*width+row] = gain
	}
	return m, nil
}

// logits is what the wired network computes for a last token t (attention
// and feed-forward add zero; RMS norm scales the one-hot to sqrt(width)).
func (m *model) logits(t int) []float32 {
	n := len(m.vocab.text)
	h := make([]float64, width)
	var ss float64
	for i := 0; i < width; i++ {
		h[i] = float64(m.embed[t*width+i])
		ss += h[i] * h[i]
	}
	scale := 1 / math.Sqrt(ss/width+1e-5)
	out := make([]float32, n)
	for s := 0; s < n; s++ {
		var dot float64
		for i := 0; i < width; i++ {
			dot += float64(m.output[s*width+i]) * h[i] * scale
		}
		out[s] = float32(dot)
	}
	return out
}
