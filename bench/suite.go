package bench

import (
	"embed"
	"io/fs"
)

// builtin is the built-in suite, in the --tasks DIR format but for one
// name: a go.mod is stored as "gomod", since Go embeds no folder that holds
// a go.mod (another module), and the copy gives it its name back. The
// folder starts with "_" so that the go command builds none of the tasks'
// Go files as part of loopls.
//
//go:embed _tasks
var builtin embed.FS

// builtinRenames are the built-in suite's stored names and the names the
// copy gives them.
var builtinRenames = map[string]string{"gomod": "go.mod"}

// Builtin returns the built-in suite's tasks, in name order.
func Builtin() []Task {
	sub, err := fs.Sub(builtin, "_tasks")
	if err != nil {
		panic(err)
	}
	tasks, err := Load(sub)
	if err != nil {
		panic("bench: the built-in suite: " + err.Error())
	}
	for i := range tasks {
		tasks[i].renames = builtinRenames
	}
	return tasks
}
