package machine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The machine's files — every file of this package — are checked for
// purity: no I/O, no clock, no concurrency, no randomness, no floats
// (SPEC §2.1, STYLE). TestMachineImportsNoIO checks what they pull in.
var machineFileGlobs = []string{"*.go"}

// forbiddenImports are the packages a pure machine must not import; an
// import path equal to one of them or below it is refused.
var forbiddenImports = []string{
	"os", "net", "context", "sync", "time", "math/rand", "syscall", "unsafe",
	"runtime", "io/ioutil", "log", "os/exec", "embed", "fmt", "encoding/json", "io/fs",
}

// forbiddenCalls are calls that would perform I/O through an allowed package.
var forbiddenCalls = map[string][]string{
	"fmt": {"Print", "Println", "Printf", "Fprint", "Fprintln", "Fprintf", "Scan", "Scanln", "Scanf", "Fscan", "Fscanln", "Fscanf"},
}

func TestMachineIsPure(t *testing.T) {
	var files []string
	for _, g := range machineFileGlobs {
		matches, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range matches {
			if !strings.HasSuffix(f, "_test.go") {
				files = append(files, f)
			}
		}
	}
	for _, must := range []string{"machine.go", "snapshot.go", "machine_table.go", "step.go", "outcome.go", "policy.go", "errors.go", "message.go"} {
		if !slices.Contains(files, must) {
			t.Fatalf("purity check did not find %s among %v", must, files)
		}
	}
	for _, f := range files {
		src, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range impurities(src) {
			t.Errorf("%s: %s", f, v)
		}
	}
}

// TestPurityCheckCatches keeps the purity check honest: it must flag each
// kind of impurity it claims to.
func TestPurityCheckCatches(t *testing.T) {
	const bad = `package engine
import (
	"os"
	"sync/atomic"
	"fmt"
	tm "time"
)
var f float64
func g(x float32) { go func(){}(); fmt.Println(1.5); _ = tm.Now; _ = os.Args; _ = atomic.AddInt32 }
func h(c chan int) { select {} }
`
	src, err := parser.ParseFile(token.NewFileSet(), "bad.go", bad, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(impurities(src), "\n")
	for _, want := range []string{`import "os"`, `import "sync/atomic"`, `import "time"`, "float64", "float32", "go statement", "fmt.Println", "float literal", "channel", "select"} {
		if !strings.Contains(got, want) {
			t.Errorf("purity check missed %s; it reported:\n%s", want, got)
		}
	}
}

func impurities(f *ast.File) []string {
	var out []string
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		for _, bad := range forbiddenImports {
			if path == bad || strings.HasPrefix(path, bad+"/") {
				out = append(out, "import "+strconv.Quote(path))
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if n.Name == "float32" || n.Name == "float64" || n.Name == "complex64" || n.Name == "complex128" {
				out = append(out, "uses "+n.Name)
			}
		case *ast.BasicLit:
			if n.Kind == token.FLOAT || n.Kind == token.IMAG {
				out = append(out, "float literal "+n.Value)
			}
		case *ast.GoStmt:
			out = append(out, "go statement")
		case *ast.SelectStmt:
			out = append(out, "select statement")
		case *ast.ChanType:
			out = append(out, "channel type")
		case *ast.SelectorExpr:
			if pkg, ok := n.X.(*ast.Ident); ok && slices.Contains(forbiddenCalls[pkg.Name], n.Sel.Name) {
				out = append(out, "calls "+pkg.Name+"."+n.Sel.Name)
			}
		}
		return true
	})
	return out
}
