// Package docs holds the tests that keep the documentation true to the code.
package docs

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/loopls/loopls"

// The diagram's grammar: a box `ID["path<br/>what it owns"]` whose first line
// names the package (or, for a part that is no Go package, the paths, comma
// separated), and arrows `A --> B` or `A -- "label" --> B`.
var (
	boxLine      = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z0-9_]*)\["([^"]*)"\]\s*$`)
	arrowLine    = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z0-9_]*)\s*(?:--\s*"[^"]*"\s*)?-->\s*([A-Za-z][A-Za-z0-9_]*)\s*$`)
	subgraphLine = regexp.MustCompile(`^\s*(subgraph\s+\S+.*|end|flowchart\s+\w+)\s*$`)
)

type diagram struct {
	boxes  map[string][]string // box ID → the paths its first line names
	arrows map[[2]string]bool  // [from ID, to ID]
}

// readDiagram parses the mermaid block of docs/architecture.md; a line that
// is none of box, arrow, subgraph or blank fails the test, so the diagram
// stays in the grammar this test reads.
func readDiagram(t *testing.T, doc string) diagram {
	t.Helper()
	d := diagram{boxes: map[string][]string{}, arrows: map[[2]string]bool{}}
	_, rest, ok := strings.Cut(doc, "```mermaid\n")
	if !ok {
		t.Fatal("docs/architecture.md has no ```mermaid block")
	}
	block, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatal("docs/architecture.md: the mermaid block is not closed")
	}
	for _, line := range strings.Split(block, "\n") {
		switch {
		case strings.TrimSpace(line) == "", subgraphLine.MatchString(line):
		case boxLine.MatchString(line):
			m := boxLine.FindStringSubmatch(line)
			first, _, _ := strings.Cut(m[2], "<br/>")
			if _, dup := d.boxes[m[1]]; dup {
				t.Errorf("docs/architecture.md: box %s is defined twice", m[1])
			}
			for _, p := range strings.Split(first, ",") {
				d.boxes[m[1]] = append(d.boxes[m[1]], strings.TrimSpace(p))
			}
		case arrowLine.MatchString(line):
			m := arrowLine.FindStringSubmatch(line)
			d.arrows[[2]string{m[1], m[2]}] = true
		default:
			t.Errorf("docs/architecture.md: diagram line %q is no box `ID[\"path<br/>…\"]`, arrow `A --> B` or subgraph", strings.TrimSpace(line))
		}
	}
	return d
}

// imports lists, for every package of the module that the loopls binary is
// built from (none under internal/), its direct imports among those packages.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}|{{join .Imports ","}}`, "./cmd/loopls")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./cmd/loopls: %v", err)
	}
	ours := func(p string) (string, bool) {
		rel, ok := strings.CutPrefix(p, module+"/")
		if !ok || strings.HasPrefix(rel, "internal/") || strings.Contains(rel, "/internal/") {
			return "", false
		}
		return rel, true
	}
	pkgs := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		p, deps, _ := strings.Cut(sc.Text(), "|")
		rel, ok := ours(p)
		if !ok {
			continue
		}
		pkgs[rel] = nil
		for _, dep := range strings.Split(deps, ",") {
			if r, ok := ours(dep); ok {
				pkgs[rel] = append(pkgs[rel], r)
			}
		}
	}
	if len(pkgs) < 5 {
		t.Fatalf("go list found only %d packages of the module: %v", len(pkgs), pkgs)
	}
	return pkgs
}

// TestArchitectureDiagramIsTheImportGraph holds the diagram of
// docs/architecture.md to the code: one box for every package the binary is
// built from (internal/ aside), and an arrow exactly where one package
// imports another. A failure says which box or arrow to add or remove.
func TestArchitectureDiagramIsTheImportGraph(t *testing.T) {
	raw, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	d := readDiagram(t, string(raw))
	pkgs := imports(t)

	// Each box names paths that exist; a Go package's box names it alone.
	boxOf := map[string]string{} // package → box ID
	for id, paths := range d.boxes {
		for _, p := range paths {
			if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(p))); err != nil {
				t.Errorf("docs/architecture.md: box %s names %q, which is no path in the repository", id, p)
			}
			if _, ok := pkgs[p]; ok {
				if len(paths) > 1 {
					t.Errorf("docs/architecture.md: box %s names package %s among other paths; give it a box of its own", id, p)
				}
				if other, dup := boxOf[p]; dup {
					t.Errorf("docs/architecture.md: package %s has two boxes, %s and %s", p, other, id)
				}
				boxOf[p] = id
			}
		}
	}
	var names []string
	for p := range pkgs {
		names = append(names, p)
	}
	slices.Sort(names)
	for _, p := range names {
		if _, ok := boxOf[p]; !ok {
			t.Errorf("docs/architecture.md: package %s has no box: add `  %s[\"%s<br/>what it owns\"]` and its arrows", p, suggestID(p), p)
			boxOf[p] = suggestID(p)
		}
	}

	// An arrow exactly where a package imports another.
	for _, p := range names {
		deps := slices.Clone(pkgs[p])
		slices.Sort(deps)
		for _, q := range deps {
			if !d.arrows[[2]string{boxOf[p], boxOf[q]}] {
				t.Errorf("docs/architecture.md: %s imports %s but the diagram has no arrow: add `  %s --> %s`", p, q, boxOf[p], boxOf[q])
			}
		}
	}
	pkgOf := map[string]string{}
	for p, id := range boxOf {
		pkgOf[id] = p
	}
	for a := range d.arrows {
		for _, id := range a {
			if _, ok := d.boxes[id]; !ok {
				t.Errorf("docs/architecture.md: arrow %s --> %s names box %s, which is not defined", a[0], a[1], id)
			}
		}
		from, fromPkg := pkgOf[a[0]]
		to, toPkg := pkgOf[a[1]]
		if fromPkg && toPkg && !slices.Contains(pkgs[from], to) {
			t.Errorf("docs/architecture.md: arrow %s --> %s, but %s does not import %s: remove it", a[0], a[1], from, to)
		}
	}
}

// suggestID is a box ID for a package that has none: its last element in
// capitals.
func suggestID(p string) string {
	return strings.ToUpper(strings.NewReplacer("-", "", "_", "").Replace(path.Base(p)))
}

var (
	codeSpan = regexp.MustCompile("`([^`]+)`")
	mdLink   = regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)
	fileName = regexp.MustCompile(`^[A-Za-z0-9_.*/-]+\.(go|md|sh|ts|js|mjs|json|lua|el|mk)$`)
)

// TestArchitectureCitesOnlyFilesThatExist checks every file the doc names:
// `dir/file.go` from the repository's root, a bare `file.go` in one of the
// directories named before it on the same line (or, with none, anywhere),
// globs like `driver*.go` by matching, and every relative link.
func TestArchitectureCitesOnlyFilesThatExist(t *testing.T) {
	raw, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	tops, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	isTop := func(p string) bool {
		first, _, _ := strings.Cut(p, "/")
		return slices.ContainsFunc(tops, func(e os.DirEntry) bool { return e.IsDir() && e.Name() == first })
	}
	exists := func(pattern string) bool {
		m, _ := filepath.Glob(filepath.Join("..", filepath.FromSlash(pattern)))
		return len(m) > 0
	}
	checked := 0
	for n, line := range strings.Split(string(raw), "\n") {
		var dirs []string // the directories named so far on the line
		for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
			tok := strings.TrimSuffix(m[1], "()")
			switch {
			case strings.Contains(tok, "/") && isTop(tok) && !strings.ContainsAny(tok, " :"):
				// A file or a directory written as one (`workspace/`) must
				// exist; a bare `dir/name` may be a method (`session/new`),
				// so it only sets the directory when it is one.
				if fileName.MatchString(tok) || strings.HasSuffix(tok, "/") {
					checked++
					if !exists(strings.TrimSuffix(tok, "/")) {
						t.Errorf("docs/architecture.md:%d cites `%s`, which does not exist", n+1, tok)
						continue
					}
				} else if !exists(tok) {
					continue
				}
				if fileName.MatchString(tok) {
					dirs = append(dirs, path.Dir(tok))
				} else {
					dirs = append(dirs, strings.TrimSuffix(tok, "/"))
				}
			case fileName.MatchString(tok) && !strings.Contains(tok, "/"):
				checked++
				if len(dirs) > 0 {
					if !slices.ContainsFunc(dirs, func(d string) bool { return exists(path.Join(d, tok)) }) {
						t.Errorf("docs/architecture.md:%d cites `%s`, which is in none of %v named before it on the line", n+1, tok, dirs)
					}
				} else if !existsAnywhere(t, tok) {
					t.Errorf("docs/architecture.md:%d cites `%s`, which is no file of the repository", n+1, tok)
				}
			}
		}
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			if strings.Contains(m[1], "://") {
				continue
			}
			checked++
			if _, err := os.Stat(filepath.FromSlash(m[1])); err != nil {
				t.Errorf("docs/architecture.md:%d links to %s, which does not exist", n+1, m[1])
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d citations found: is the doc still read right?", checked)
	}
}

// existsAnywhere reports whether some file of the repository (not under
// node_modules or .git) matches the base-name pattern.
func existsAnywhere(t *testing.T, pattern string) bool {
	t.Helper()
	found := false
	errFound := fmt.Errorf("found")
	filepath.WalkDir("..", func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() && (e.Name() == "node_modules" || e.Name() == ".git") {
			return filepath.SkipDir
		}
		if ok, _ := filepath.Match(pattern, e.Name()); ok && !e.IsDir() {
			found = true
			return errFound
		}
		return nil
	})
	return found
}
