package rpc_test

import (
	"archive/zip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// installVSIX installs a VS Code package the way VS Code does: its
// extension/ folder unpacked as extensions/PUBLISHER.NAME-VERSION-TARGET
// under home, and returns the loopls binary the extension starts from
// there (src/binary.ts: server/loopls, server/loopls.exe on Windows). Only
// names under extension/ that stay inside it are unpacked.
func installVSIX(vsix, home, target string) (string, error) {
	zr, err := zip.OpenReader(vsix)
	if err != nil {
		return "", fmt.Errorf("open vsix: %w", err)
	}
	defer zr.Close()
	stage, err := os.MkdirTemp(home, "vsix-")
	if err != nil {
		return "", err
	}
	for _, f := range zr.File {
		rel, ok := strings.CutPrefix(f.Name, "extension/")
		if !ok || strings.HasSuffix(f.Name, "/") {
			continue
		}
		if !filepath.IsLocal(rel) || strings.Contains(rel, `\`) {
			return "", fmt.Errorf("vsix entry %q leaves the extension folder", f.Name)
		}
		if err := unpack(f, filepath.Join(stage, filepath.FromSlash(rel))); err != nil {
			return "", err
		}
	}
	var manifest struct{ Publisher, Name, Version string }
	b, err := os.ReadFile(filepath.Join(stage, "package.json"))
	if err == nil {
		err = json.Unmarshal(b, &manifest)
	}
	if err != nil || manifest.Publisher == "" || manifest.Name == "" || manifest.Version == "" {
		return "", fmt.Errorf("vsix: extension/package.json names no publisher, name and version: %v", err)
	}
	dir := filepath.Join(home, ".vscode", "extensions", manifest.Publisher+"."+manifest.Name+"-"+manifest.Version+"-"+target)
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	if err := os.Rename(stage, dir); err != nil {
		return "", err
	}
	exe := "loopls"
	if runtime.GOOS == "windows" {
		exe = "loopls.exe"
	}
	bin := filepath.Join(dir, "server", exe)
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("vsix: no server/%s in the extension: %w", exe, errors.Unwrap(err))
	}
	return bin, nil
}

func unpack(f *zip.File, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	r, err := f.Open()
	if err != nil {
		return fmt.Errorf("vsix entry %s: %w", f.Name, err)
	}
	defer r.Close()
	w, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return fmt.Errorf("vsix entry %s: %w", f.Name, err)
	}
	return w.Close()
}

// vscodeTarget is VS Code's name for this platform (win32-x64, linux-arm64…).
func vscodeTarget() string {
	goos, arch := runtime.GOOS, runtime.GOARCH
	if goos == "windows" {
		goos = "win32"
	}
	if arch == "amd64" {
		arch = "x64"
	}
	return goos + "-" + arch
}
