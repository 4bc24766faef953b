package localmodels

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/loopls/loopls/internal/fakeollama"
)

const gib = int64(1) << 30

// Real shapes and q4_K_M file sizes of the models people run (from their
// GGUF metadata and Ollama's library).
var (
	llama32_3B = shapeCase{"llama3.2 3B", 131072, Shape{Layers: 28, KVHeads: 8, KeyLength: 128, ValLength: 128}, 2_019_377_376}
	llama31_8B = shapeCase{"llama3.1 8B", 131072, Shape{Layers: 32, KVHeads: 8, KeyLength: 128, ValLength: 128}, 4_920_753_328}
	qwen25_32B = shapeCase{"qwen2.5 32B", 32768, Shape{Layers: 64, KVHeads: 8, KeyLength: 128, ValLength: 128}, 19_851_336_256}
)

type shapeCase struct {
	name    string
	window  int
	shape   Shape
	weights int64
}

// TestWindowTable sizes the window of 3B, 8B and 32B shapes on machines
// with 8, 16 and 64 GiB free; -v prints the table the docs quote.
func TestWindowTable(t *testing.T) {
	tests := []struct {
		model shapeCase
		free  int64
		want  int
		why   string
	}{
		{llama32_3B, 8 * gib, 16384, "16,384 of 131,072: KV 112 KiB/token, 8 GiB free, weights 1.8 GiB"},
		{llama32_3B, 16 * gib, 32768, "32,768 of 131,072: KV 112 KiB/token, 16 GiB free, weights 1.8 GiB"},
		{llama32_3B, 64 * gib, 131072, "131,072 (the model's full window): KV 112 KiB/token, 64 GiB free, weights 1.8 GiB"},
		{llama31_8B, 8 * gib, 8192, "8,192 of 131,072: KV 128 KiB/token, 8 GiB free, weights 4.5 GiB"},
		{llama31_8B, 16 * gib, 32768, "32,768 of 131,072: KV 128 KiB/token, 16 GiB free, weights 4.5 GiB"},
		{llama31_8B, 64 * gib, 131072, "131,072 (the model's full window): KV 128 KiB/token, 64 GiB free, weights 4.5 GiB"},
		{qwen25_32B, 8 * gib, MinWindow, "4,096 of 32,768: KV 256 KiB/token, 8 GiB free, weights 18.4 GiB"},
		{qwen25_32B, 16 * gib, MinWindow, "4,096 of 32,768: KV 256 KiB/token, 16 GiB free, weights 18.4 GiB"},
		{qwen25_32B, 64 * gib, 32768, "32,768 (the model's full window): KV 256 KiB/token, 64 GiB free, weights 18.4 GiB"},
	}
	var table strings.Builder
	table.WriteString("| model | KV/token | free | num_ctx | KV cache |\n| --- | --- | --- | --- | --- |\n")
	for _, tt := range tests {
		c := chooseWindow(tt.model.window, tt.model.shape, Memory{Free: tt.free, Weights: tt.model.weights})
		if c.Window != tt.want || c.Reason != tt.why {
			t.Errorf("%s, %s free: %d (%q), want %d (%q)", tt.model.name, sizeString(tt.free), c.Window, c.Reason, tt.want, tt.why)
		}
		kv := tt.model.shape.KVBytesPerToken()
		fmt.Fprintf(&table, "| %s | %s | %s | %s | %s |\n", tt.model.name, sizeString(kv), sizeString(tt.free), thousands(c.Window), sizeString(kv*int64(c.Window)))
	}
	t.Logf("windows chosen:\n%s", table.String())
}

func TestWindowFallbacks(t *testing.T) {
	sh := llama31_8B.shape
	tests := []struct {
		name        string
		modelWindow int
		shape       Shape
		mem         Memory
		want        int
		why         string
	}{
		{"shape unknown", 131072, Shape{}, Memory{Free: 64 * gib}, DefaultWindow, "8,192 of 131,072: default, the model's shape is unknown"},
		{"memory unknown", 131072, sh, Memory{Unknown: "Ollama at http://gpu:11434 is not this machine"}, DefaultWindow,
			"8,192 of 131,072: default, Ollama at http://gpu:11434 is not this machine"},
		{"model window below the default", 2048, Shape{}, Memory{}, 2048, "2,048 (the model's full window): default, the model's shape is unknown"},
		{"model window below the floor", 2048, sh, Memory{Free: 2 * gib}, 2048, "2,048 (the model's full window): KV 128 KiB/token, 2 GiB free"},
		{"model window unknown", 0, sh, Memory{Free: 64 * gib}, DefaultWindow, "8,192: KV 128 KiB/token, 64 GiB free"},
		{"weights unknown", 131072, sh, Memory{Free: 6 * gib}, 16384, "16,384 of 131,072: KV 128 KiB/token, 6 GiB free"},
	}
	for _, tt := range tests {
		c := chooseWindow(tt.modelWindow, tt.shape, tt.mem)
		if c.Window != tt.want || c.Reason != tt.why {
			t.Errorf("%s: %d (%q), want %d (%q)", tt.name, c.Window, c.Reason, tt.want, tt.why)
		}
	}
	if c := SettingChoice(6000, 131072); c.Window != 6000 || c.Reason != "6,000 of 131,072: the contextWindow setting" {
		t.Errorf("SettingChoice = %+v", c)
	}
}

// TestShapeFromShow reads the shape out of model_info as real models
// report it: head_dim from embedding_length / head_count, or key_length
// and value_length when given, and a per-layer array of KV heads.
func TestShapeFromShow(t *testing.T) {
	tests := []struct {
		name, body string
		want       Shape
		perToken   int64
	}{
		{"llama3.1 8B", `{"general.architecture":"llama","llama.context_length":131072,"llama.block_count":32,"llama.attention.head_count":32,"llama.attention.head_count_kv":8,"llama.embedding_length":4096}`,
			Shape{32, 8, 128, 128}, 128 << 10},
		{"llama3.2 3B", `{"general.architecture":"llama","llama.block_count":28,"llama.attention.head_count":24,"llama.attention.head_count_kv":8,"llama.embedding_length":3072}`,
			Shape{28, 8, 128, 128}, 112 << 10},
		{"qwen2.5 32B", `{"general.architecture":"qwen2","qwen2.block_count":64,"qwen2.attention.head_count":40,"qwen2.attention.head_count_kv":8,"qwen2.embedding_length":5120}`,
			Shape{64, 8, 128, 128}, 256 << 10},
		{"gemma2 9B (key_length given)", `{"general.architecture":"gemma2","gemma2.block_count":42,"gemma2.attention.head_count":16,"gemma2.attention.head_count_kv":8,"gemma2.attention.key_length":256,"gemma2.attention.value_length":256,"gemma2.embedding_length":3584}`,
			Shape{42, 8, 256, 256}, 42 * 8 * 512 * 2},
		{"no grouped-query attention", `{"general.architecture":"llama","llama.block_count":32,"llama.attention.head_count":32,"llama.embedding_length":4096}`,
			Shape{32, 32, 128, 128}, 512 << 10},
		{"KV heads by layer", `{"general.architecture":"x","x.block_count":4,"x.attention.head_count":8,"x.attention.head_count_kv":[2,4,0,4],"x.embedding_length":512}`,
			Shape{4, 4, 64, 64}, 4 * 4 * 128 * 2},
		{"no shape (the fake's tiny)", `{"general.architecture":"llama","llama.context_length":8192,"llama.embedding_length":64}`,
			Shape{}, 0},
		{"garbage", `{"general.architecture":"llama","llama.block_count":"many","llama.attention.head_count":-8,"llama.embedding_length":1e99}`,
			Shape{}, 0},
	}
	for _, tt := range tests {
		var resp showResponse
		if err := json.Unmarshal([]byte(`{"model_info":`+tt.body+`}`), &resp); err != nil {
			t.Fatal(err)
		}
		info := infoFromShow(&resp)
		got := info.Shape
		if got.KVBytesPerToken() != tt.perToken || (tt.perToken != 0 && got != tt.want) {
			t.Errorf("%s: shape %+v (%d B/token), want %+v (%d B/token)", tt.name, got, got.KVBytesPerToken(), tt.want, tt.perToken)
		}
	}
}

// TestRequestCarriesTheSizedWindow: with no window from the run, the
// adapter asks Ollama for the sized window, and ContextWindow (what the
// run's policy takes) is the same number; the listing says so too.
func TestRequestCarriesTheSizedWindow(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{Models: []fakeollama.Model{{
		Name: "llama3.1", ContextLength: 131072, Capabilities: []string{"completion", "tools"},
		Shape: fakeollama.Shape{Layers: 32, Heads: 32, KVHeads: 8, EmbeddingLength: 4096},
		Size:  llama31_8B.weights,
	}}})
	free := func() (int64, error) { return 16 * gib, nil }
	o := newModel(t, srv.Host, "llama3.1", OllamaOptions{FreeMemory: free})
	w, err := o.ContextWindow(context.Background())
	if err != nil || w != 32768 {
		t.Fatalf("ContextWindow = %d, %v; want 32768 (8B on 16 GiB free)", w, err)
	}
	if _, _, err := stream(t, o, userReq("chat", nil)); err != nil {
		t.Fatal(err)
	}
	req := userReq("chat", nil)
	req.ContextWindow = w
	if _, _, err := stream(t, o, req); err != nil {
		t.Fatal(err)
	}
	for i, r := range srv.Requests() {
		if got, _ := r.Options["num_ctx"].(float64); int(got) != w {
			t.Errorf("request %d: num_ctx = %v, want %d", i, r.Options["num_ctx"], w)
		}
	}
	list, err := listOllama(context.Background(), srv.Host, OllamaOptions{FreeMemory: free})
	if err != nil || len(list) != 1 {
		t.Fatalf("listOllama = %+v, %v", list, err)
	}
	if m := list[0]; m.ContextWindow != 131072 || m.Window != w || m.WindowReason != "32,768 of 131,072: KV 128 KiB/token, 16 GiB free, weights 4.5 GiB" {
		t.Errorf("listed %+v", m)
	}
	// Memory that cannot be read is the documented default.
	o2 := newModel(t, srv.Host, "llama3.1", OllamaOptions{FreeMemory: func() (int64, error) { return 0, errors.New("no") }})
	if c, err := o2.Window(context.Background()); err != nil || c.Window != DefaultWindow {
		t.Errorf("Window with unknown memory = %+v, %v", c, err)
	}
}

func TestFreeMemoryOnlyOfThisMachine(t *testing.T) {
	free := func() (int64, error) { return 8 * gib, nil }
	for host, local := range map[string]bool{
		"http://127.0.0.1:11434": true, "http://localhost:11434": true, "http://[::1]:11434": true,
		"http://0.0.0.0:11434": true, "http://192.168.1.5:11434": false, "https://gpu.example:443": false,
	} {
		u, _ := url.Parse(host)
		n, why := freeMemoryOf(u, free)
		if (n == 8*gib) != local || (why == "") != local {
			t.Errorf("%s: free %d (%q), want local=%v", host, n, why, local)
		}
	}
}

func TestSystemFreeMemory(t *testing.T) {
	n, err := systemFreeMemory()
	if err != nil || n <= 0 {
		t.Fatalf("systemFreeMemory = %d, %v", n, err)
	}
}
