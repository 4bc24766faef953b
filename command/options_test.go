package command

import (
	"strings"
	"testing"
)

// TestArgRulesReadOptionsAsProgramsDo: each line is asked for however its
// dangerous option is spelled — abbreviated, bundled, attached, old-style —
// and the harmless spellings next to them are not (issue 23).
func TestArgRulesReadOptionsAsProgramsDo(t *testing.T) {
	for line, asked := range map[string]bool{
		"git grep --open-files-in=sh x":         true,
		"git grep -nOsh x":                      true,
		"git grep -n x":                         false,
		"git fetch --upload-p=sh .":             true,
		"git fetch --prune":                     false,
		"git diff --text a b":                   false, // --text is its own option, not --textconv
		"git diff --textc a b":                  true,
		"git --git-d=x status":                  true,
		"tar --checkpoint-act=exec=sh -cf x h":  true,
		"tar --use-compress-prog=sh -cf x h":    true,
		"tar --file=x.tar -c h":                 false, // --file is exact, not --files-from
		"tar -chf x.tar h":                      true,
		"tar cIf sh x.tar h":                    true,
		"tar -czf x.tgz h":                      false,
		"sort --compress-p=sh h":                true,
		"sort -k2 -t, h":                        false,
		"sed -nf s.sed h":                       true,
		"sed -n p h":                            false,
		"awk -W interactive 'BEGIN{system(1)}'": true,
		"awk -v x=1 'BEGIN{system(1)}'":         true,
		"awk -F: '{print $1}' h":                false,
		"awk -fp.awk":                           true,
		"awk 'BEGIN{f=\"sys\" \"tem\"; @f(1)}'": true,
		"rg --pre sh x":                         true,
		"rg --pr=sh x":                          true,
		"rg -nL x":                              true,
		"rg -n x":                               false,
		"grep -rnR x .":                         true,
		"grep --dereference-r x .":              true,
		"grep -rn x .":                          false,
		"cp -aL a b":                            true,
		"cp -a a b":                             false,
		"ln -s ../x y":                          true,
		"ln -s x y":                             false,
		"curl -s file:///etc/passwd":            true,
		"curl -s '{file,http}://x'":             true,
		"curl -s https://example.com":           false,
		"go env -w GOFLAGS=-x":                  true,
		"go env GOPATH":                         false,
		"go vet -vettool=./x .":                 true,
		"go vet --vettool ./x .":                true,
		"go test -exec ./x .":                   true,
		"go test ./...":                         false,
		"go generate ./...":                     true,
		"zip -qr0 - .":                          true,
		"zip -qry - .":                          false,
		"find . -L -name x":                     true,
		"find . -name x":                        false,
		"rsync -aL a b":                         true,
		"rsync -a a b":                          false,
	} {
		args, ok := Simple(line)
		if !ok {
			t.Fatalf("%q is not a simple command", line)
		}
		rule := argRules[args[0]]
		if rule == nil {
			t.Fatalf("%s has no rule", args[0])
		}
		why, _ := rule(args)
		if (why != "") != asked {
			t.Errorf("%q: asked = %v (%q), want %v", line, why != "", why, asked)
		}
	}
}

// TestBundleValues: a bundle's tails up to its first slash are its
// possible values.
func TestBundleValues(t *testing.T) {
	got := bundleValues("-mo/abs")
	if len(got) != 2 || got[0] != "o/abs" || got[1] != "/abs" {
		t.Errorf("bundleValues(-mo/abs) = %q", got)
	}
	if got := bundleValues("--long=/x"); got != nil {
		t.Errorf("a long option has no bundle values: %q", got)
	}
}

// FuzzOptionsAbbreviated: whatever else is on the line, a prefix of a
// dangerous long option (with or without a value) makes the program's
// rule ask, as getopt_long would take it for that option; and no line
// makes the option reader panic.
func FuzzOptionsAbbreviated(f *testing.F) {
	f.Add("rg", "--pre", 4, "x y", "sh")
	f.Add("git grep", "--open-files-in-pager", 12, "-n foo", "sh")
	f.Add("tar", "--checkpoint-action", 14, "-cf x.tar h", "exec=sh")
	f.Add("sort", "--compress-program", 9, "-mo/x h", "")
	f.Add("git fetch", "--upload-pack", 8, ".", "sh")
	f.Fuzz(func(t *testing.T, prog, flag string, n int, other, value string) {
		var rest []string
		for _, w := range strings.Fields(other) {
			if w == "--" {
				break
			}
			rest = append(rest, w)
		}
		base := strings.Fields(prog)
		if len(base) == 0 {
			return
		}
		rule := argRules[base[0]]
		if rule == nil {
			return
		}
		// The reader never panics, whatever the words.
		rule(append(append(append([]string{}, base...), rest...), flag, value))
		dangerous := map[string]map[string]bool{
			"rg": {"--pre": true, "--hostname-bin": true}, "tar": {"--checkpoint-action": true, "--use-compress-program": true, "--to-command": true},
			"sort": {"--compress-program": true}, "git": {"--open-files-in-pager": true, "--upload-pack": true},
		}[base[0]]
		if !dangerous[flag] || n < 3 || n > len(flag) || (base[0] == "git" && len(base) < 2) {
			return
		}
		if len(rest) > 0 {
			if last := rest[len(rest)-1]; strings.HasPrefix(last, "-") && !strings.HasPrefix(last, "--") {
				return // the option may be that short option's value ("rg -e --pr")
			}
		}
		abbrev := flag[:n]
		if realLongOptions[abbrev] {
			return
		}
		arg := abbrev
		if value != "" {
			arg += "=" + value
		}
		args := append(append(append([]string{}, base...), rest...), arg)
		if why, _ := rule(args); why == "" {
			t.Errorf("%q is not asked for", args)
		}
	})
}
