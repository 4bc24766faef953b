package localmodels

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// The window loopls asks Ollama for (num_ctx). Ollama allocates the KV cache
// for the whole window when it loads the model, so asking for a model's full
// window (131,072 tokens for llama3.1) costs 16 GiB on an 8B model and swaps
// or fails on the laptops loopls is for. The window is therefore the
// smaller of the model's window and what the machine can hold:
//
//	budget = (free memory − the model's weights − memoryMargin) / 2
//	window = budget / KV bytes per token, rounded down to a power of two,
//	         at least MinWindow, at most the model's window
//
// KV bytes per token = 2 (K and V) × layers × KV heads × head dimension ×
// 2 bytes (f16, Ollama's default cache type), from /api/show's model_info.
// Half of what is left after the weights goes to the cache: the rest is
// for the compute buffers that grow with the window, and for whatever the
// user opens next. A power of two keeps the window the same when free
// memory moves a little, so that Ollama does not reload the model.
//
// Where the model's shape or the memory is unknown (the server is another
// machine, the OS is not Linux or macOS, model_info lacks the keys),
// DefaultWindow is used, never more than the model's own window.

const (
	// DefaultWindow is the window when it cannot be sized: 8,192 tokens,
	// as Continue uses. It holds loopls's prompt (about 1,300 tokens) and
	// several file reads, compaction keeps a conversation inside it, and
	// its cache (1 GiB for an 8B model, 2 GiB for a 32B one) fits any
	// machine that holds the weights. 32,768 would be 4 GiB for an 8B
	// model: the swap this exists to avoid.
	DefaultWindow = 8192
	// MinWindow is the least a sized window is: Ollama's own default.
	// Below it loopls's prompt and one file read barely fit, and the
	// memory saved is small (512 MiB for an 8B model).
	MinWindow = 4096
	// memoryMargin is kept free besides the weights and the cache.
	memoryMargin = 1 << 30
	// kvBytesPerValue is the size of one cached value: f16.
	kvBytesPerValue = 2
)

// Shape is what /api/show says of a model's attention, enough to price its
// KV cache. A zero field is unknown.
type Shape struct {
	Layers    int // <arch>.block_count
	KVHeads   int // <arch>.attention.head_count_kv (else head_count)
	KeyLength int // <arch>.attention.key_length (else embedding_length / head_count)
	ValLength int // <arch>.attention.value_length (else the key length)
}

// KVBytesPerToken is what one token of context costs in the cache; 0 when
// the shape is not known.
func (s Shape) KVBytesPerToken() int64 {
	if s.Layers <= 0 || s.KVHeads <= 0 || s.KeyLength <= 0 || s.ValLength <= 0 {
		return 0
	}
	return int64(s.Layers) * int64(s.KVHeads) * int64(s.KeyLength+s.ValLength) * kvBytesPerValue
}

// shapeFromInfo reads the shape out of model_info for arch. A per-layer
// array (some architectures vary the KV heads by layer) counts as its
// largest value.
func shapeFromInfo(mi map[string]json.RawMessage, arch string) Shape {
	if arch == "" {
		return Shape{}
	}
	get := func(key string) int {
		n, _ := intOrMax(mi[arch+"."+key])
		return n
	}
	s := Shape{
		Layers:    get("block_count"),
		KVHeads:   get("attention.head_count_kv"),
		KeyLength: get("attention.key_length"),
		ValLength: get("attention.value_length"),
	}
	heads := get("attention.head_count")
	if s.KVHeads == 0 {
		s.KVHeads = heads // no grouped-query attention: one KV head per head
	}
	if s.KeyLength == 0 && heads > 0 {
		if emb := get("embedding_length"); emb > 0 && emb%heads == 0 {
			s.KeyLength = emb / heads
		}
	}
	if s.ValLength == 0 {
		s.ValLength = s.KeyLength
	}
	return s
}

// intOrMax reads a positive JSON number, or the largest of an array of them.
func intOrMax(raw json.RawMessage) (int, bool) {
	if n, ok := positiveInt(raw); ok {
		return n, true
	}
	var arr []json.RawMessage
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &arr) != nil {
		return 0, false
	}
	best := 0
	for _, v := range arr {
		if n, ok := positiveInt(v); ok && n > best {
			best = n
		}
	}
	return best, best > 0
}

// Memory is what is known of the memory the model will live in.
type Memory struct {
	// Free is the memory available to a new allocation, in bytes; 0 when
	// unknown.
	Free int64
	// Weights is the size of the model's file, in bytes; 0 when unknown
	// (the budget then counts nothing for it).
	Weights int64
	// Unknown says why Free is 0, in words ("Ollama at http://gpu:11434
	// is not this machine").
	Unknown string
}

// WindowChoice is the window loopls will ask for, and why.
type WindowChoice struct {
	// Window is num_ctx, in tokens; 0 only when the model's window is
	// unknown and so is everything else (num_ctx is then not sent).
	Window int
	// ModelWindow is the model's own window (<arch>.context_length); 0
	// when the server does not say.
	ModelWindow int
	// Reason says how Window was chosen, for `loopls models`:
	// "8,192 of 131,072: KV 128 KiB/token, 3.1 GiB free".
	Reason string
}

// chooseWindow sizes the window of a model with window modelWindow and
// shape sh in memory mem (see the top of this file).
func chooseWindow(modelWindow int, sh Shape, mem Memory) WindowChoice {
	c := WindowChoice{ModelWindow: modelWindow}
	perToken := sh.KVBytesPerToken()
	switch {
	case perToken == 0:
		return c.fallback("the model's shape is unknown")
	case mem.Free <= 0:
		why := mem.Unknown
		if why == "" {
			why = "free memory is unknown"
		}
		return c.fallback(why)
	}
	budget := (mem.Free - mem.Weights - memoryMargin) / 2
	tokens := int64(0)
	if budget > 0 {
		tokens = budget / perToken
	}
	w := MinWindow
	if tokens > MinWindow {
		w = 1 << (bits.Len64(uint64(tokens)) - 1) // the power of two at or below
	}
	limit := modelWindow
	if limit <= 0 {
		limit = DefaultWindow // a window the model does not state is not exceeded
	}
	w = min(w, limit)
	facts := fmt.Sprintf("KV %s/token, %s free", sizeString(perToken), sizeString(mem.Free))
	if mem.Weights > 0 {
		facts += ", weights " + sizeString(mem.Weights)
	}
	c.Window = w
	c.Reason = c.of(w) + ": " + facts
	return c
}

// fallback is DefaultWindow (at most the model's), because of why.
func (c WindowChoice) fallback(why string) WindowChoice {
	c.Window = DefaultWindow
	if c.ModelWindow > 0 {
		c.Window = min(DefaultWindow, c.ModelWindow)
	}
	c.Reason = c.of(c.Window) + ": default, " + why
	return c
}

// of words w against the model's window: "8,192 of 131,072", "8,192 (the
// model's full window)", or "8,192" when the model's is unknown.
func (c WindowChoice) of(w int) string {
	switch {
	case c.ModelWindow <= 0:
		return thousands(w)
	case w >= c.ModelWindow:
		return thousands(w) + " (the model's full window)"
	}
	return thousands(w) + " of " + thousands(c.ModelWindow)
}

// SettingChoice is the window when the contextWindow setting gives it.
func SettingChoice(setting, modelWindow int) WindowChoice {
	c := WindowChoice{Window: setting, ModelWindow: modelWindow}
	c.Reason = c.of(setting) + ": the contextWindow setting"
	return c
}

// thousands writes n with commas: 131,072.
func thousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// sizeString writes bytes in binary units with one decimal: 128 KiB,
// 3.1 GiB.
func sizeString(n int64) string {
	const unit = 1024
	if n < unit {
		return strconv.FormatInt(n, 10) + " B"
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	whole, tenth := n/div, (n%div)*10/div
	s := strconv.FormatInt(whole, 10)
	if tenth != 0 && whole < 100 {
		s += "." + strconv.FormatInt(tenth, 10)
	}
	return s + " " + string("KMGTP"[exp]) + "iB"
}
