package main

import (
	"fmt"
	"strings"
)

// A rule picks the cue that ends the prompt. Rules are tried in order and the
// first whose condition holds wins; no rule means the greeting.
//
// The conditions are Go template pipelines over variables the template sets
// while it renders the conversation (Ollama has already merged consecutive
// messages of one role):
//
//	$role  the role of the last message      $text  its content
//	$asked the content of the last user message
//	$read, $edit, $list  whether the request offers read_file, edit_file, list_dir
//
// `printf "%.4s" $text` is the first four characters, so a condition reads
// "starts with" without guarding short strings.
type rule struct {
	when string
	cue  string
}

func rules(thinking bool) []rule {
	r := []rule{
		// "again…" keeps calling read_file, after tool results too: drives
		// maxTurns, loop detection and context growth.
		{`and $read (or (eq $role "user") (eq $role "tool")) (eq (printf "%.5s" $asked) "again")`, cueRead},
		{`eq $role "tool"`, cueFinal},
		{`eq (printf "%.4s" $text) "loop"`, cueLoop},
		{`eq (printf "%.4s" $text) "chat"`, cueGreet},
		{`and $read (eq $role "user") (eq (printf "%.4s" $text) "read")`, cueRead},
		{`and $edit (eq $role "user") (eq (printf "%.4s" $text) "edit")`, cueEdit},
		{`and $list (eq $role "user") (eq (printf "%.4s" $text) "list")`, cueList},
		{`and $list (eq $role "user") (eq (printf "%.6s" $text) "tagged")`, cueTagged},
		{`and $list (eq $role "user") (eq (printf "%.6s" $text) "fenced")`, cueFenced},
		{`and $list (eq $role "user") (eq (printf "%.5s" $text) "pytag")`, cuePyTag},
		{`and $list (eq $role "user") (eq (printf "%.7s" $text) "mistral")`, cueMistral},
		{`and $list (eq $role "user") (eq (printf "%.7s" $text) "example")`, cueExample},
		{`and .Tools (eq $role "user") (eq (printf "%.3s" $text) "two")`, cueWeather2},
		{`and .Tools (eq $role "user")`, cueWeather},
	}
	if thinking {
		// Thinking is on unless the request sends "think": false.
		r = append(r, rule{`.Think`, cueThink})
	}
	return r
}

// chatTemplate renders the conversation with one control token per role and
// ends with the chosen cue. Only tool names are rendered, never schemas. With
// thinking, an assistant turn's thoughts are rendered between <think> tags,
// which is also how Ollama learns that the model thinks and which tags to
// split off its output.
func chatTemplate(thinking bool) string {
	var b strings.Builder
	b.WriteString(`{{- $role := "" }}{{ $text := "" }}{{ $asked := "" }}{{ $read := false }}{{ $edit := false }}{{ $list := false }}` + "\n")
	b.WriteString(`{{- range .Tools }}{{ if eq .Function.Name "read_file" }}{{ $read = true }}{{ else if eq .Function.Name "edit_file" }}{{ $edit = true }}{{ else if eq .Function.Name "list_dir" }}{{ $list = true }}{{ end }}{{ end }}` + "\n")
	b.WriteString(`{{- range .Messages }}{{ $role = .Role }}{{ $text = .Content }}{{ if eq .Role "user" }}{{ $asked = .Content }}{{ end }}` + "\n")
	fmt.Fprintf(&b, `{{- if eq .Role "system" }}%s{{ .Content }}`+"\n", tokSystem)
	fmt.Fprintf(&b, `{{- else if eq .Role "user" }}%s{{ .Content }}`+"\n", tokUser)
	fmt.Fprintf(&b, `{{- else if eq .Role "assistant" }}%s`, tokModel)
	if thinking {
		b.WriteString(`{{ if .Thinking }}<think>{{ .Thinking }}</think>{{ end }}`)
	}
	b.WriteString(`{{ .Content }}{{ if .ToolCalls }}{{ range .ToolCalls }}{"name":"{{ .Function.Name }}","arguments":{{ json .Function.Arguments }}}{{ end }}{{ end }}` + "\n")
	fmt.Fprintf(&b, `{{- else if eq .Role "tool" }}%s{{ .Content }}`+"\n", tokResult)
	fmt.Fprintf(&b, `{{- end }}%s{{ end }}`+"\n", tokEnd)
	fmt.Fprintf(&b, `{{- if .Tools }}%s{{ range .Tools }}{{ .Function.Name }};{{ end }}%s{{ end }}%s`+"\n", tokTools, tokEnd, tokModel)
	for i, r := range rules(thinking) {
		if i == 0 {
			fmt.Fprintf(&b, `{{- if %s }}%s`+"\n", r.when, r.cue)
		} else {
			fmt.Fprintf(&b, `{{- else if %s }}%s`+"\n", r.when, r.cue)
		}
	}
	fmt.Fprintf(&b, `{{- else }}%s{{ end }}`, cueGreet)
	return b.String()
}

// modelfiles returns the two Modelfiles by file name. Both use the same
// weights; tiny-think adds thinking.
func modelfiles() map[string]string {
	file := func(what string, thinking bool) string {
		return "# " + what + " Written by internal/realollama/tinymodel; see docs/real-ollama.md.\n" +
			"FROM ./tiny.gguf\n" +
			"TEMPLATE \"\"\"" + chatTemplate(thinking) + "\"\"\"\n"
	}
	return map[string]string{
		"Modelfile.tiny":       file("tiny: scripted replies and tool calls (capabilities: completion, tools).", false),
		"Modelfile.tiny-think": file("tiny-think: tiny plus a scripted thought (capabilities: completion, tools, thinking).", true),
	}
}
