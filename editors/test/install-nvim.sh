#!/usr/bin/env bash
# Installs Neovim 0.10 from Debian trixie into DIR on a Debian 12 machine,
# without touching the system's apt state: the .debs of neovim, its direct
# dependencies and trixie's libc are unpacked with dpkg-deb -x, and DIR/nvim
# runs the binary through trixie's own loader (trixie's nvim needs GLIBC_2.38;
# bookworm has 2.36).
# usage: install-nvim.sh DIR [SUITE]     (SUITE default trixie)
# The mirror is the one apt already uses (first enabled deb source of this release).
set -eEuo pipefail
trap 'printf "[install-nvim] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
dir=$(realpath -m "${1:?usage: install-nvim.sh DIR [SUITE]}")
suite=${2:-trixie}
if [ -x "$dir/nvim" ] && [ -z "${FORCE:-}" ]; then
  "$dir/nvim" --version | head -1
  exit 0
fi

codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
mirror=${DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  shopt -s nullglob
  # deb822 sources: the URIs of the first stanza whose Suites name this release.
  for f in /etc/apt/sources.list.d/*.sources; do
    mirror=$(awk -v c="$codename" '
      BEGIN { RS = ""; FS = "\n" }
      {
        uris = ""; ok = 0; deb = 0
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^URIs:/) { uris = $i; sub(/^URIs:[ \t]*/, "", uris); split(uris, u, " "); uris = u[1] }
          if ($i ~ /^Suites:/ && (" " $i " ") ~ (" " c " ")) ok = 1
          if ($i ~ /^Types:/ && $i ~ /deb( |$)/) deb = 1
        }
        if (ok && deb && uris != "") { print uris; exit }
      }' "$f")
    [ -n "$mirror" ] && break
  done
  # one-line sources: deb [options] URI SUITE ...
  if [ -z "$mirror" ]; then
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
      [ -f "$f" ] || continue
      mirror=$(sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" | awk -v c="$codename" '$1 == "deb" && $3 == c { print $2; exit }')
      [ -n "$mirror" ] && break
    done
  fi
fi
[ -n "$mirror" ] || { echo "install-nvim.sh: no Debian mirror in the apt sources (set DEBIAN_MIRROR)" >&2; exit 1; }
mirror=${mirror%/}

rm -rf "$dir"
mkdir -p "$dir/apt/lists/partial" "$dir/apt/archives/partial" "$dir/apt/cache" "$dir/root"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" > "$dir/apt/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$dir/apt/sources.list" -o Dir::Etc::SourceParts=/nonexistent
  -o "Dir::State::Lists=$dir/apt/lists" -o "Dir::Cache=$dir/apt/cache" -o "Dir::Cache::Archives=$dir/apt/archives")
apt-get "${apt_opts[@]}" update > /dev/null
# The first alternative of each direct dependency of a package.
depends() {
  apt-cache "${apt_opts[@]}" show "$1" | awk '/^Depends:/ { sub(/^Depends: /, ""); print; exit }' |
    tr ',' '\n' | sed -e 's/|.*//' -e 's/(.*)//' -e 's/:any//' -e 's/ //g' | grep -v '^$' || true
}
pkgs=$({ echo neovim; echo neovim-runtime; echo libc6; echo libgcc-s1; depends neovim; depends lua-luv; depends lua-lpeg; } | sort -u)
# shellcheck disable=SC2086
(cd "$dir/apt/archives" && apt-get "${apt_opts[@]}" download $pkgs > /dev/null 2>&1)
for deb in "$dir"/apt/archives/*.deb; do dpkg-deb -x "$deb" "$dir/root"; done
rm -rf "$dir/apt/archives"
libs=$(find "$dir/root" -name '*.so*' -printf '%h\n' | sort -u | tr '\n' ':')
cat > "$dir/nvim" <<EOF
#!/bin/sh
export VIMRUNTIME=$dir/root/usr/share/nvim/runtime
exec $dir/root/usr/lib64/ld-linux-x86-64.so.2 --library-path "$libs" $dir/root/usr/bin/nvim "\$@"
EOF
chmod +x "$dir/nvim"
"$dir/nvim" --version | head -1
