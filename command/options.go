package command

import "strings"

// This file reads a program's options the way the program does, so the
// argument rules see the option that will take effect, not the spelling
// the model chose (issue 23): GNU getopt_long takes any unambiguous prefix
// of a long option ("--upload-p=" is --upload-pack), bundles short options
// ("-mo/x" is -m and -o with the value "/x"), and keeps reading options
// after operands.

// optSpec is how one program reads its short options. A program without a
// spec is read conservatively: a dangerous letter anywhere in a bundle
// counts, even where it would be a value.
type optSpec struct {
	// withArg are the short letters that take a value: the rest of the
	// bundle, or the next argument.
	withArg string
	// optArg are the short letters whose value is optional and only
	// attached ("-i.bak").
	optArg string
	// known says the letters above are the program's own; when false a
	// dangerous letter anywhere in a bundle counts.
	known bool
	// noBundle is set for programs whose single-dash options are words
	// (find, go): "-exec" is one option, not -e -x -e -c.
	noBundle bool
}

// option is one option as the program will read it.
type option struct {
	name     string // "-o", or a long option as written ("--upload-p"), without its value
	value    string
	hasValue bool
}

// options returns the options in args (args[0] is the program), up to
// "--", reading on past operands as GNU programs do.
func (s optSpec) options(args []string) []option {
	var out []option
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return out
		case strings.HasPrefix(a, "--"):
			name, val, has := strings.Cut(a, "=")
			out = append(out, option{name: name, value: val, hasValue: has})
		case len(a) > 1 && a[0] == '-' && s.noBundle:
			name, val, has := strings.Cut(a, "=")
			out = append(out, option{name: name, value: val, hasValue: has})
		case len(a) > 1 && a[0] == '-':
			if !s.known {
				for _, r := range a[1:] {
					out = append(out, option{name: "-" + string(r)})
				}
				continue
			}
			for j := 1; j < len(a); j++ {
				l := a[j : j+1]
				switch {
				case strings.Contains(s.withArg, l):
					o := option{name: "-" + l, hasValue: true}
					if j+1 < len(a) {
						o.value = a[j+1:]
					} else if i+1 < len(args) {
						i++
						o.value = args[i]
					}
					out = append(out, o)
					j = len(a)
				case strings.Contains(s.optArg, l):
					out = append(out, option{name: "-" + l, value: a[j+1:], hasValue: j+1 < len(a)})
					j = len(a)
				default:
					out = append(out, option{name: "-" + l})
				}
			}
		}
	}
	return out
}

// is reports whether o is flag: the same short option, the same
// single-dash word, or (for a GNU long option) any prefix of it of at
// least one letter, as getopt_long and git's parse-options accept an
// unambiguous prefix: a prefix of a dangerous option is taken to be it.
func (o option) is(flag string) bool {
	if strings.HasPrefix(flag, "--") {
		if realLongOptions[o.name] && o.name != flag {
			return false // an exact option of its own, not an abbreviation
		}
		return strings.HasPrefix(o.name, "--") && len(o.name) > 2 && strings.HasPrefix(flag, o.name)
	}
	return o.name == flag
}

// realLongOptions are whole long options of the programs with rules that
// are also prefixes of a dangerous one: getopt takes the exact match
// ("tar --file" is --file, not --files-from; "git diff --text" is -a).
var realLongOptions = map[string]bool{"--file": true, "--text": true}

// findOption returns the first of flags that one of opts is ("" if none).
func findOption(opts []option, flags ...string) string {
	for _, o := range opts {
		for _, f := range flags {
			if o.is(f) {
				return f
			}
		}
	}
	return ""
}

// optionRule asks when any option of the program, read with spec, is one
// of flags.
func optionRule(spec optSpec, why string, flags ...string) argRule {
	return func(args []string) (string, []string) {
		if f := findOption(spec.options(args), flags...); f != "" {
			return why + " (" + f + ")", args
		}
		return "", args
	}
}

// bundleValues are the candidate values a single-dash argument may carry,
// whatever the program: "-mo/x" may be -m -o /x, so every tail of the
// bundle up to its first slash could be a path ("mo/x", "o/x", "/x").
func bundleValues(arg string) []string {
	if len(arg) < 3 || arg[0] != '-' || arg[1] == '-' {
		return nil
	}
	end := strings.IndexByte(arg, '/')
	if end < 0 {
		end = len(arg) - 1
	}
	var out []string
	for i := 2; i <= end && i < len(arg); i++ {
		out = append(out, arg[i:])
	}
	return out
}
