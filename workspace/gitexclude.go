package workspace

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	gitconfig "github.com/go-git/go-git/v5/plumbing/format/config"
)

// excludesKey is where an ignoreSet keeps the rules that rank below every
// .gitignore (gitignore(5)): the user's core.excludesFile, then the
// repository's .git/info/exclude, matched against root-relative paths. No
// directory is named with a NUL, so the key meets no real one.
const excludesKey = "\x00excludes"

// maxExcludeFile bounds what one exclude file may make us read.
const maxExcludeFile = 1 << 20

// loadExcludes returns the exclude rules of the tree under fsys, lowest
// precedence first: the user's global excludes file, then
// .git/info/exclude. The global file is named by core.excludesFile in the
// user's own git configuration ($XDG_CONFIG_HOME/git/config, then
// ~/.gitconfig, the later winning as in git), defaulting to
// $XDG_CONFIG_HOME/git/ignore. The repository's .git/config is not asked:
// a cloned repository must not point us at files outside it.
func loadExcludes(fsys fs.FS) []ignoreRule {
	var rules []ignoreRule
	if p := globalExcludesFile(); p != "" {
		if data, err := readBounded(p); err == nil {
			rules = append(rules, parseGitignore(data)...)
		}
	}
	if f, err := fsys.Open(".git/info/exclude"); err == nil {
		data, err := io.ReadAll(io.LimitReader(f, maxExcludeFile))
		f.Close()
		if err == nil {
			rules = append(rules, parseGitignore(string(data))...)
		}
	}
	return rules
}

// gitHome is the home directory git reads ~/.gitconfig from: $HOME, and on
// Windows, where os.UserHomeDir answers %USERPROFILE%, Git for Windows too
// takes $HOME first when it is set.
func gitHome() string {
	if h := os.Getenv("HOME"); h != "" && runtime.GOOS == "windows" {
		return h
	}
	home, _ := os.UserHomeDir()
	return home
}

// globalExcludesFile is the path git would read for core.excludesFile, or "".
func globalExcludesFile() string {
	home := gitHome()
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	var configs []string
	if xdg != "" {
		configs = append(configs, filepath.Join(xdg, "git", "config"))
	}
	if home != "" {
		configs = append(configs, filepath.Join(home, ".gitconfig"))
	}
	file := ""
	for _, c := range configs {
		if v := excludesFileIn(c); v != "" {
			file = v
		}
	}
	if file == "" {
		if xdg == "" {
			return ""
		}
		return filepath.Join(xdg, "git", "ignore")
	}
	if rest, ok := strings.CutPrefix(file, "~/"); ok && home != "" {
		file = filepath.Join(home, rest)
	}
	return file
}

// excludesFileIn reads core.excludesFile from one git config file.
func excludesFileIn(path string) string {
	data, err := readBounded(path)
	if err != nil {
		return ""
	}
	cfg := gitconfig.New()
	if err := gitconfig.NewDecoder(bytes.NewBufferString(data)).Decode(cfg); err != nil {
		return ""
	}
	if !cfg.HasSection("core") {
		return ""
	}
	return cfg.Section("core").Option("excludesFile")
}

func readBounded(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxExcludeFile))
	return string(data), err
}
