package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
)

// GGUF version 3, little-endian: header, key/value metadata, tensor
// descriptors, then the tensor data, each piece aligned to `alignment`.
const (
	ggufMagic   = "GGUF"
	ggufVersion = 3
	alignment   = 32

	// metadata value types
	gUint32  = 4
	gInt32   = 5
	gFloat32 = 6
	gBool    = 7
	gString  = 8
	gArray   = 9
	gUint64  = 10

	ggmlF32 = 0 // tensor element type
)

type tensorData struct {
	name string
	dims []uint64 // innermost first, as GGUF's ne
	data []float32
}

// meta is one metadata entry; value is uint32, uint64, int32 slice, float32,
// bool, string or string slice.
type meta struct {
	key   string
	value any
}

// encode lays the model out as a GGUF file.
func (m *model) encode() []byte {
	n := uint64(len(m.vocab.text))
	filled := func(k int, x float32) []float32 {
		s := make([]float32, k)
		for i := range s {
			s[i] = x
		}
		return s
	}
	tensors := []tensorData{
		{"token_embd.weight", []uint64{width, n}, m.embed},
		{"output_norm.weight", []uint64{width}, filled(width, 1)},
		{"output.weight", []uint64{width, n}, m.output},
	}
	for b := 0; b < blocks; b++ {
		p := fmt.Sprintf("blk.%d.", b)
		square := []uint64{width, width}
		tensors = append(tensors,
			tensorData{p + "attn_norm.weight", []uint64{width}, filled(width, 1)},
			tensorData{p + "attn_q.weight", square, filled(width*width, 0)},
			tensorData{p + "attn_k.weight", square, filled(width*width, 0)},
			tensorData{p + "attn_v.weight", square, filled(width*width, 0)},
			tensorData{p + "attn_output.weight", square, filled(width*width, 0)},
			tensorData{p + "ffn_norm.weight", []uint64{width}, filled(width, 1)},
			tensorData{p + "ffn_gate.weight", []uint64{width, ffnWidth}, filled(width*ffnWidth, 0)},
			tensorData{p + "ffn_up.weight", []uint64{width, ffnWidth}, filled(width*ffnWidth, 0)},
			tensorData{p + "ffn_down.weight", []uint64{ffnWidth, width}, filled(ffnWidth*width, 0)},
		)
	}
	var params uint64
	for _, t := range tensors {
		params += uint64(len(t.data))
	}
	v := &m.vocab
	metadata := []meta{
		{"general.architecture", "llama"},
		{"general.name", "loopls tiny scripted model"},
		{"general.file_type", uint32(0)}, // all F32
		{"general.parameter_count", params},
		{"general.alignment", uint32(alignment)},
		{"llama.context_length", uint32(ctxLength)},
		{"llama.embedding_length", uint32(width)},
		{"llama.block_count", uint32(blocks)},
		{"llama.feed_forward_length", uint32(ffnWidth)},
		{"llama.attention.head_count", uint32(heads)},
		{"llama.attention.head_count_kv", uint32(heads)},
		{"llama.attention.layer_norm_rms_epsilon", float32(1e-5)},
		{"llama.rope.dimension_count", uint32(width / heads)},
		{"llama.rope.freq_base", float32(10000)},
		{"llama.vocab_size", uint32(n)},
		{"tokenizer.ggml.model", "gpt2"},
		{"tokenizer.ggml.pre", "default"},
		{"tokenizer.ggml.tokens", v.text},
		{"tokenizer.ggml.token_type", v.kind},
		{"tokenizer.ggml.merges", m.merges},
		{"tokenizer.ggml.bos_token_id", uint32(v.id[tokBegin])},
		{"tokenizer.ggml.eos_token_id", uint32(v.id[tokEnd])},
		{"tokenizer.ggml.padding_token_id", uint32(v.id[tokEnd])},
		{"tokenizer.ggml.add_bos_token", false},
		{"tokenizer.ggml.add_eos_token", false},
	}

	var e encoder
	e.raw([]byte(ggufMagic))
	e.put(uint32(ggufVersion))
	e.put(uint64(len(tensors)))
	e.put(uint64(len(metadata)))
	for _, kv := range metadata {
		e.str(kv.key)
		e.value(kv.value)
	}
	var offset uint64
	for _, t := range tensors {
		e.str(t.name)
		e.put(uint32(len(t.dims)))
		for _, d := range t.dims {
			e.put(d)
		}
		e.put(uint32(ggmlF32))
		e.put(offset)
		offset = roundUp(offset + uint64(4*len(t.data)))
	}
	e.pad()
	for _, t := range tensors {
		for _, x := range t.data {
			e.put(math.Float32bits(x))
		}
		e.pad()
	}
	return e.buf.Bytes()
}

func roundUp(x uint64) uint64 { return (x + alignment - 1) / alignment * alignment }

type encoder struct{ buf bytes.Buffer }

func (e *encoder) raw(b []byte) { e.buf.Write(b) }

// put writes a fixed-size value; bytes.Buffer never fails to grow short of
// running out of memory, so binary.Write cannot fail here.
func (e *encoder) put(x any) { _ = binary.Write(&e.buf, binary.LittleEndian, x) }

func (e *encoder) str(s string) {
	e.put(uint64(len(s)))
	e.buf.WriteString(s)
}

func (e *encoder) pad() {
	for e.buf.Len()%alignment != 0 {
		e.buf.WriteByte(0)
	}
}

func (e *encoder) value(x any) {
	switch v := x.(type) {
	case uint32:
		e.put(uint32(gUint32))
		e.put(v)
	case uint64:
		e.put(uint32(gUint64))
		e.put(v)
	case float32:
		e.put(uint32(gFloat32))
		e.put(v)
	case bool:
		e.put(uint32(gBool))
		e.put(v)
	case string:
		e.put(uint32(gString))
		e.str(v)
	case []string:
		e.put(uint32(gArray))
		e.put(uint32(gString))
		e.put(uint64(len(v)))
		for _, s := range v {
			e.str(s)
		}
	case []int32:
		e.put(uint32(gArray))
		e.put(uint32(gInt32))
		e.put(uint64(len(v)))
		e.put(v)
	default:
		panic(fmt.Sprintf("gguf: no encoding for %T", x))
	}
}
