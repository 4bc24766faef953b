package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/template"
)

// argmax is the token the wired network picks from logits l, and by how
// much it beats the runner-up.
func argmax(l []float32) (int, float32) {
	best, second := 0, 1
	if l[second] > l[best] {
		best, second = second, best
	}
	for i := 2; i < len(l); i++ {
		switch {
		case l[i] > l[best]:
			best, second = i, best
		case l[i] > l[second]:
			second = i
		}
	}
	return best, l[best] - l[second]
}

// say runs the network greedily from cue for at most n tokens and returns
// the text, stopping at the end token.
func say(t *testing.T, m *model, cue string, n int) string {
	t.Helper()
	unspell := map[rune]byte{}
	for b, r := range byteRunes() {
		unspell[r] = byte(b)
	}
	tok, ok := m.vocab.id[cue]
	if !ok {
		t.Fatalf("no token %q", cue)
	}
	var out strings.Builder
	for i := 0; i < n; i++ {
		next, margin := argmax(m.logits(tok))
		if margin < 20 {
			t.Fatalf("after %q the margin is only %v: sampling would not be deterministic", m.vocab.text[tok], margin)
		}
		if next != m.next[tok] {
			t.Fatalf("after %q the network says %q, the table %q", m.vocab.text[tok], m.vocab.text[next], m.vocab.text[m.next[tok]])
		}
		if m.vocab.text[next] == tokEnd {
			break
		}
		for _, r := range m.vocab.text[next] {
			out.WriteByte(unspell[r])
		}
		tok = next
	}
	return out.String()
}

func TestRepliesFollowTheScript(t *testing.T) {
	m := build()
	for cue, want := range map[string]string{
		cueGreet:    "Hello from the tiny test model.",
		cueFinal:    "The tool result was received.",
		cueWeather:  `{"name":"get_weather","arguments":{"city":"Paris"}}`,
		cueWeather2: `{"name":"get_weather","arguments":{"city":"Paris"}}{"name":"get_weather","arguments":{"city":"London"}}`,
		cueThink:    "<think>Let me think briefly.</think>Answer: forty-two.",
		cueRead:     `{"name":"read_file","arguments":{"path":"README.md"}}`,
		cueEdit:     `{"name":"edit_file","arguments":{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}}`,
		cueList:     `{"name":"list_dir","arguments":{"path":"."}}`,
		cueTagged:   "<tool_call>\n{\"name\": \"list_dir\", \"arguments\": {\"path\": \".\"}}\n</tool_call>",
		cueFenced:   "```json\n{\"name\": \"list_dir\", \"arguments\": \"{\\\"path\\\": \\\".\\\"}\"}\n```",
		cuePyTag:    `<|python_tag|>{"name": "list_dir", "parameters": {"path": "."}}`,
		cueMistral:  `[TOOL_CALLS][{"name": "list_dir", "arguments": {"path": "."}}]`,
		cueExample:  "A call looks like this:\n```json\n{\"name\": \"list_dir\", \"arguments\": {\"path\": \".\"}}\n```",
		tokUser:     "Hello from the tiny test model.", // no cue: the greeting
		"a":         "Hello from the tiny test model.",
	} {
		if got := say(t, m, cue, 50); got != want {
			t.Errorf("after %s: %q, want %q", cue, got, want)
		}
	}
	if got := say(t, m, cueLoop, 7); got != "tick tock tick tock tick tock tick" {
		t.Errorf("loop: %q", got)
	}
}

func TestByteTokensCoverEveryByteOnce(t *testing.T) {
	seen := map[rune]bool{}
	for _, r := range byteRunes() {
		if seen[r] {
			t.Fatalf("rune %q stands for two bytes", r)
		}
		seen[r] = true
	}
	if spell(" a\n") != "Ġa\u010a" {
		t.Errorf("spell: %q", spell(" a\n"))
	}
}

// The template's rules, executed by text/template as Ollama does (it adds a
// json function), pick the cue the script documents.
func TestTemplatePicksTheCue(t *testing.T) {
	type fn struct {
		Name      string
		Arguments map[string]any
	}
	type call struct{ Function fn }
	type msg struct {
		Role, Content, Thinking string
		ToolCalls               []call
	}
	type tool struct{ Function fn }
	type values struct {
		Messages []msg
		Tools    []tool
		Think    bool
	}
	ours := []tool{{fn{Name: "read_file"}}, {fn{Name: "edit_file"}}, {fn{Name: "list_dir"}}, {fn{Name: "grep"}}}
	user := func(s string) []msg { return []msg{{Role: "system", Content: "be brief"}, {Role: "user", Content: s}} }
	afterTool := func(s string) []msg {
		return append(user(s), msg{Role: "assistant", ToolCalls: []call{{fn{"read_file", map[string]any{"path": "README.md"}}}}}, msg{Role: "tool", Content: "# Demo"})
	}
	cases := []struct {
		name     string
		v        values
		thinking bool
		cue      string
	}{
		{"again keeps reading", values{Messages: user("again please"), Tools: ours}, false, cueRead},
		{"again keeps reading after results", values{Messages: afterTool("again please"), Tools: ours}, false, cueRead},
		{"tool result ends", values{Messages: afterTool("read the README"), Tools: ours}, false, cueFinal},
		{"loop", values{Messages: user("loop forever"), Tools: ours}, false, cueLoop},
		{"chat with tools", values{Messages: user("chat"), Tools: ours}, false, cueGreet},
		{"read", values{Messages: user("read the README"), Tools: ours}, false, cueRead},
		{"read without read_file", values{Messages: user("read the README"), Tools: ours[3:]}, false, cueWeather},
		{"edit", values{Messages: user("edit hello.txt"), Tools: ours}, false, cueEdit},
		{"list", values{Messages: user("list the files"), Tools: ours}, false, cueList},
		{"tagged", values{Messages: user("tagged call"), Tools: ours}, false, cueTagged},
		{"fenced", values{Messages: user("fenced call"), Tools: ours}, false, cueFenced},
		{"pytag", values{Messages: user("pytag call"), Tools: ours}, false, cuePyTag},
		{"mistral", values{Messages: user("mistral call"), Tools: ours}, false, cueMistral},
		{"example", values{Messages: user("example of a call"), Tools: ours}, false, cueExample},
		{"tagged without list_dir", values{Messages: user("tagged call"), Tools: ours[3:]}, false, cueWeather},
		{"two", values{Messages: user("two cities"), Tools: ours[3:]}, false, cueWeather2},
		{"any tool request", values{Messages: user("what is up"), Tools: ours}, false, cueWeather},
		{"short prompt", values{Messages: user("hi"), Tools: ours}, false, cueWeather},
		{"no tools", values{Messages: user("what is up")}, false, cueGreet},
		{"think", values{Messages: user("what is up"), Think: true}, true, cueThink},
		{"think off", values{Messages: user("what is up")}, true, cueGreet},
		{"tiny ignores think", values{Messages: user("what is up"), Think: true}, false, cueGreet},
		{"think loses to tools", values{Messages: user("what is up"), Tools: ours, Think: true}, true, cueWeather},
	}
	funcs := template.FuncMap{"json": func(v any) (string, error) { b, err := json.Marshal(v); return string(b), err }}
	for _, c := range cases {
		tmpl, err := template.New("").Funcs(funcs).Parse(chatTemplate(c.thinking))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := tmpl.Execute(&out, c.v); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.HasSuffix(out.String(), tokModel+c.cue) {
			t.Errorf("%s: prompt ends %q, want the cue %s", c.name, tail(out.String()), c.cue)
		}
		if strings.Count(out.String(), "<|cue:") != 1 {
			t.Errorf("%s: more than one cue in %q", c.name, out.String())
		}
	}
	// The rendered history: roles, tool names and the call as JSON.
	tmpl := template.Must(template.New("").Funcs(funcs).Parse(chatTemplate(false)))
	var out bytes.Buffer
	if err := tmpl.Execute(&out, values{Messages: afterTool("read"), Tools: ours[:1]}); err != nil {
		t.Fatal(err)
	}
	want := `<|system|>be brief<|end|><|user|>read<|end|><|model|>{"name":"read_file","arguments":{"path":"README.md"}}<|end|><|result|># Demo<|end|><|toolset|>read_file;<|end|><|model|><|cue:final|>`
	if out.String() != want {
		t.Errorf("rendered\n%s\nwant\n%s", out.String(), want)
	}
}

func tail(s string) string {
	if len(s) > 40 {
		return s[len(s)-40:]
	}
	return s
}

// The file is a GGUF v3 whose header, metadata and tensor table read back,
// with every tensor's data inside the file and aligned.
func TestWrittenFilesReadBack(t *testing.T) {
	dir := t.TempDir()
	if err := writeAll(dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "tiny.gguf"))
	if err != nil {
		t.Fatal(err)
	}
	r := &reader{b: data}
	if string(r.take(4)) != ggufMagic || r.u32() != ggufVersion {
		t.Fatal("bad header")
	}
	nt, nkv := r.u64(), r.u64()
	got := map[string]any{}
	for i := uint64(0); i < nkv; i++ {
		k := r.str()
		got[k] = r.value(r.u32())
	}
	if got["general.architecture"] != "llama" || got["llama.context_length"] != uint32(ctxLength) {
		t.Errorf("metadata %v", got)
	}
	toks, _ := got["tokenizer.ggml.tokens"].([]any)
	m := build()
	if len(toks) != len(m.vocab.text) || toks[got["tokenizer.ggml.eos_token_id"].(uint32)] != tokEnd {
		t.Errorf("%d tokens, eos %v", len(toks), got["tokenizer.ggml.eos_token_id"])
	}
	type info struct{ n, off uint64 }
	var infos []info
	for i := uint64(0); i < nt; i++ {
		r.str()
		dims := r.u32()
		n := uint64(1)
		for d := uint32(0); d < dims; d++ {
			n *= r.u64()
		}
		if typ := r.u32(); typ != ggmlF32 {
			t.Fatalf("type %d", typ)
		}
		infos = append(infos, info{n, r.u64()})
	}
	start := roundUp(uint64(r.at))
	for _, in := range infos {
		if in.off%alignment != 0 || start+in.off+4*in.n > uint64(len(data)) {
			t.Errorf("tensor at %d of %d floats does not fit %d bytes", in.off, in.n, len(data))
		}
	}
	for _, name := range []string{"Modelfile.tiny", "Modelfile.tiny-think"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Contains(b, []byte("FROM ./tiny.gguf\nTEMPLATE \"\"\"")) {
			t.Errorf("%s: %v %q", name, err, b)
		}
	}
}

type reader struct {
	b  []byte
	at int
}

func (r *reader) take(n int) []byte { s := r.b[r.at : r.at+n]; r.at += n; return s }
func (r *reader) u32() uint32       { return binary.LittleEndian.Uint32(r.take(4)) }
func (r *reader) u64() uint64       { return binary.LittleEndian.Uint64(r.take(8)) }
func (r *reader) str() string       { return string(r.take(int(r.u64()))) }

func (r *reader) value(typ uint32) any {
	switch typ {
	case gUint32:
		return r.u32()
	case gInt32:
		return int32(r.u32())
	case gUint64:
		return r.u64()
	case gFloat32:
		return r.u32()
	case gBool:
		return r.take(1)[0] == 1
	case gString:
		return r.str()
	case gArray:
		et, n := r.u32(), r.u64()
		out := make([]any, n)
		for i := range out {
			out[i] = r.value(et)
		}
		return out
	}
	panic("unknown gguf type")
}
