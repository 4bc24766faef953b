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

// variantFeed maps each column of the test's table (a feed with arguments)
// to the feed it calls, and says whether its arguments are ones no state
// takes, so a state that takes the feed still refuses that call.
var variantFeed = map[string]struct {
	feed    Feed
	badArgs bool
}{
	"AcceptInput":             {FeedAcceptInput, false},
	"Begin(next)":             {FeedBegin, false},
	"Begin(other)":            {FeedBegin, true},
	"ModelResponse(answer)":   {FeedModelResponse, false},
	"ModelResponse(tools)":    {FeedModelResponse, false},
	"ModelResponse(-1)":       {FeedModelResponse, true},
	"ToolResults":             {FeedToolResults, false},
	"CompactionResult(saved)": {FeedCompactionResult, false},
	"CompactionResult(none)":  {FeedCompactionResult, false},
	"CompactionNoop(saved)":   {FeedCompactionNoop, false},
	"CompactionNoop(none)":    {FeedCompactionNoop, false},
	"CompactionNoop(-1)":      {FeedCompactionNoop, true},
	"SetContextTokens":        {FeedSetContextTokens, false},
	"SetContextTokens(-1)":    {FeedSetContextTokens, true},
	"Cancel":                  {FeedCancel, false},
	"Fail(Api)":               {FeedFail, false},
	"Fail(ContextExceeded)":   {FeedFail, false},
	"InterruptTools":          {FeedInterruptTools, false},
	"LoopStopped":             {FeedLoopStopped, false},
	"RecoveryExhausted":       {FeedRecoveryExhausted, false},
	"Settle":                  {FeedSettle, false},
	"Commit":                  {FeedCommit, false},
	"Discard":                 {FeedDiscard, false},
}

// settlesOnly names the feeds a terminal state takes only for one outcome:
// Commit a completed run, Discard any other.
var settlesOnly = map[string]string{"Commit": "Terminal completed", "Discard": "Terminal failed"}

// TestFeedTableInCode pins every state × feed cell of the machine's own
// table (feedTable, machine_table.go) against what the machine does: a cell
// that refuses must be refused, one that ignores must change nothing, one
// that takes must act (unless its arguments are ones no state takes).
func TestFeedTableInCode(t *testing.T) {
	states := map[StateName]bool{}
	for situation, row := range stateFeedTable {
		state := machineIn(t, situation).State().Name
		states[state] = true
		for _, f := range feeds {
			v, ok := variantFeed[f.name]
			if !ok {
				t.Fatalf("feed variant %q maps to no Feed", f.name)
			}
			got, ok := row[f.name]
			if !ok {
				got = illegal
			}
			rule := RuleOf(state, v.feed)
			switch rule {
			case Refuses:
				if got != illegal {
					t.Errorf("%s × %s: the table refuses %s, the machine did %s", situation, f.name, v.feed, got)
				}
			case Ignores:
				if got != nothing {
					t.Errorf("%s × %s: the table ignores %s, the machine did %s", situation, f.name, v.feed, got)
				}
			case Takes:
				unmet := settlesOnly[f.name] != "" && settlesOnly[f.name] != situation
				if (got == illegal) != (v.badArgs || unmet) {
					t.Errorf("%s × %s: the table takes %s, the machine did %s", situation, f.name, v.feed, got)
				}
			}
		}
	}
	// The table's rows are exactly the states, its columns exactly the
	// feeds, and every feed is reached by some column of the test.
	for _, s := range []StateName{StateStart, StateAwaitingModel, StateAwaitingTools, StateAwaitingCompaction, StateTerminal} {
		if !states[s] {
			t.Errorf("no situation puts the machine in %s", s)
		}
		if _, ok := feedTable[s]; !ok {
			t.Errorf("the table has no row for %s", s)
		}
	}
	if len(feedTable) != 5 {
		t.Errorf("the table has %d rows, want the 5 states", len(feedTable))
	}
	var covered []Feed
	for _, v := range variantFeed {
		covered = append(covered, v.feed)
	}
	feeds := declaredFeeds(t)
	for _, f := range feeds {
		if !slices.Contains(covered, f) {
			t.Errorf("feed %s is in no column of the test", f)
		}
	}
	for s, row := range feedTable {
		for f := range row {
			if !slices.Contains(feeds, f) {
				t.Errorf("row %s names %s, which is no declared Feed constant", s, f)
			}
		}
	}
}

// A cell the table leaves out refuses; the rules spell as the docs do.
func TestRuleOfAnOmittedCellRefuses(t *testing.T) {
	if got := RuleOf(StateStart, FeedToolResults); got != Refuses || got.String() != "refuses" {
		t.Errorf("RuleOf(Start, ToolResults) = %v", got)
	}
	if got := RuleOf("Nowhere", FeedBegin); got != Refuses {
		t.Errorf("an unknown state takes %v", got)
	}
	if Takes.String() != "takes" || Ignores.String() != "ignores" {
		t.Errorf("rule spellings: %s %s", Takes, Ignores)
	}
}

// declaredFeeds reads the package's source for every constant of type Feed,
// so a feed added to the code and not to the table's test is caught.
func declaredFeeds(t *testing.T) []Feed {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var feeds []Feed
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Feed" {
					continue
				}
				for i := range v.Names {
					lit, ok := v.Values[i].(*ast.BasicLit)
					if !ok {
						t.Fatalf("%s: Feed %s is not a string literal", name, v.Names[i].Name)
					}
					val, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					feeds = append(feeds, Feed(val))
				}
			}
		}
	}
	if len(feeds) == 0 {
		t.Fatal("no Feed constants found in the package's source")
	}
	return feeds
}
