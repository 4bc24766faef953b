#!/usr/bin/env bash
# CI on a machine nobody has touched (`make ci-fresh`; not part of .ci/run).
#
# Builds a clean Debian 12 (bookworm) root with debootstrap from Debian's
# archive, brings in the toolchains the way this machine's image has them,
# clones this repository's HEAD into it and runs `CI=true bash .ci/run` there.
# Nothing of this machine's caches goes in: no Go build or module cache, no
# ~/.cache/loopls-clients, no ~/.cache/loopls-real-ollama, no npm cache; the
# root's $HOME starts empty, so every install step of .ci/run runs for real.
#
# What is brought in from this machine, and why:
#   /usr/local/go      the Go toolchain, copied as the image has it (PATH as on the image);
#   nodejs's files     Node 20 + npm: the image has node from nodesource's nodejs .deb, whose
#                      apt source is disabled here, so the files that package installed
#                      (`dpkg -L nodejs`) are copied in; its Depends (python3, ca-certificates,
#                      libstdc++6) come from Debian through debootstrap --include. The image's
#                      npm is newer than the package's (upgraded in place with npm itself), so
#                      /usr/lib/node_modules/npm is copied as the image has it;
#   apt sources        the image's deb822 /etc/apt/sources.list.d/debian.sources, and no
#                      /etc/apt/sources.list (the layout that broke issue 27's fresh machine),
#                      with the image's apt.conf.d/99artifact-registry;
#   network trust      the extra CA certificates in /usr/local/share/ca-certificates (this
#                      machine's egress goes through a TLS proxy) and NODE_EXTRA_CA_CERTS, as
#                      the image's environment sets it; /etc/resolv.conf and /etc/hosts.
#
# The root runs in its own mount and PID namespaces, entered with pivot_root (not
# chroot: the kernel refuses new user namespaces to a chrooted process, and the tests
# need them). /proc is the namespace's own; /sys and /dev (with /dev/pts and /dev/shm)
# are bound in; /tmp is the root's own directory. When the run ends, however it ends,
# the namespaces go with their mounts and every process left in them; the trap kills
# the run on a signal and removes the root (CI_FRESH_KEEP=1 keeps it).
#
# usage: .ci/fresh.sh        (root; needs debootstrap, installed from Debian when missing)
# Environment:
#   CI_FRESH_DIR    where the root is made (default /var/tmp)
#   CI_FRESH_CACHE  where debootstrap's tarball of Debian's .debs is kept between runs
#                   (default ${XDG_CACHE_HOME:-$HOME/.cache}/loopls-ci-fresh; Debian's files, not ours)
#   CI_FRESH_KEEP=1 keep the root afterwards
set -euo pipefail
trap 'printf "[ci-fresh] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
suite=bookworm
start=$(date +%s)
say() { printf '[ci-fresh %s +%ss] %s\n' "$(date -u +%H:%M:%S)" "$(($(date +%s) - start))" "$*" >&2; }
die() { say "$*"; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, mounts, pivot_root)"
for cmd in unshare pivot_root git dpkg; do command -v "$cmd" >/dev/null || die "needs $cmd"; done
[ -x /usr/local/go/bin/go ] || die "needs the Go toolchain in /usr/local/go, as the machine image has it"
dpkg-query -W -f='${Status}' nodejs 2>/dev/null | grep -q 'install ok installed' ||
  die "needs Node from the nodejs package, as the machine image has it"
if ! command -v debootstrap >/dev/null; then
  say "installing debootstrap from Debian"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi

# The archive apt uses here: the first URIs of a deb822 source naming this release.
mirror=""
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  mirror=$(awk -v c="$suite" 'BEGIN { RS = ""; FS = "\n" }
    { u = ""; ok = 0
      for (i = 1; i <= NF; i++) {
        if ($i ~ /^URIs:/) { u = $i; sub(/^URIs:[ \t]*/, "", u); split(u, a, " "); u = a[1] }
        if ($i ~ /^Suites:/ && (" " $i " ") ~ (" " c " ")) ok = 1 }
      if (ok && u != "") { print u; exit } }' "$f")
  [ -n "$mirror" ] && break
done
mirror=${mirror:-http://deb.debian.org/debian}

sha=$(git -C "$repo" rev-parse HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
  say "note: the work tree has uncommitted changes; the fresh clone tests HEAD $sha only"
fi

cache=${CI_FRESH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/loopls-ci-fresh}
mkdir -p "$cache" "${CI_FRESH_DIR:-/var/tmp}"
root=$(mktemp -d "${CI_FRESH_DIR:-/var/tmp}/loopls-ci-fresh.XXXXXX")
# mktemp makes it 0700; as / of the root every user must traverse it (tests run as nobody).
chmod 0755 "$root"
runner=""
cleanup() {
  local rc=$?
  if [ -n "$runner" ] && kill -0 "$runner" 2>/dev/null; then kill -TERM "$runner" 2>/dev/null || true; wait "$runner" 2>/dev/null || true; fi
  # The mounts live in the run's own namespace; should any have leaked into this one
  # (they cannot, with private propagation), unmount them before removing the root.
  if findmnt -rn -o TARGET | grep -q "^$root/"; then umount -R -l "$root"/* 2>/dev/null || true; fi
  if [ -n "${CI_FRESH_KEEP:-}" ]; then say "root kept in $root"; else rm -rf --one-file-system "$root"; fi
  say "exit $rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# 1. Debian 12, minimal, plus what the nodejs package depends on.
include=python3,ca-certificates,libstdc++6,libgcc-s1
arch=$(dpkg --print-architecture)
tarball=$cache/debootstrap-$suite-minbase-$arch.tgz
if [ ! -s "$tarball" ]; then
  say "downloading Debian $suite (minbase + $include) from $mirror into $tarball"
  tmp=$(mktemp -d "$cache/make.XXXXXX")
  debootstrap --variant=minbase --include="$include" --make-tarball="$tarball.new" "$suite" "$tmp" "$mirror" >&2
  rm -rf "$tmp"
  mv "$tarball.new" "$tarball"
fi
say "debootstrap $suite into $root"
debootstrap --variant=minbase --include="$include" --unpack-tarball="$tarball" "$suite" "$root" "$mirror" >&2

# 2. The image's apt layout, network trust and name resolution.
rm -f "$root/etc/apt/sources.list"
mkdir -p "$root/etc/apt/sources.list.d" "$root/usr/local/share/ca-certificates"
cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/" 2>/dev/null ||
  printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$mirror" "$suite" "$suite" > "$root/etc/apt/sources.list.d/debian.sources"
[ -f /etc/apt/apt.conf.d/99artifact-registry ] && cp /etc/apt/apt.conf.d/99artifact-registry "$root/etc/apt/apt.conf.d/"
cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/" 2>/dev/null || true
chroot "$root" update-ca-certificates >/dev/null
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
cp /etc/hosts "$root/etc/hosts"
chmod 1777 "$root/tmp"

# 3. Toolchains as the image has them.
say "copying /usr/local/go and the nodejs package's files"
cp -a /usr/local/go "$root/usr/local/go"
# The package's own files, except npm: the image upgraded npm in place over the package's
# (npm install -g npm, into /usr/lib/node_modules/npm), so that directory is copied as it is.
{
  dpkg -L nodejs | grep -v -e '^/\.$' -e '^/usr/lib/node_modules/npm\(/\|$\)' | while IFS= read -r f; do
    if [ -e "$f" ] || [ -L "$f" ]; then printf '%s\n' "${f#/}"; fi
  done
} | tar -C / --no-recursion -cf - -T - | tar -C "$root" -xf -
tar -C / -cf - usr/lib/node_modules/npm | tar -C "$root" -xf -
say "in the root: node $(chroot "$root" /usr/bin/node --version), npm $(chroot "$root" /usr/bin/npm --version), Go $(head -1 "$root/usr/local/go/VERSION")"

# 4. A clean clone of HEAD (not the work tree).
say "cloning $sha"
git clone --quiet --no-hardlinks --no-checkout "$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir)" "$root/root/loopls"
git -C "$root/root/loopls" -c advice.detachedHead=false checkout --quiet --detach "$sha"

# 5. .ci/run inside, in its own mount and PID namespaces.
say "CI=true bash .ci/run in the root"
image_path=/usr/local/go/bin:/root/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# shellcheck disable=SC2016 # expanded by the inner shell
inner='set -eu
mount --bind "$R" "$R"
mount -t proc proc "$R/proc"
mount --rbind /sys "$R/sys"
mount --rbind /dev "$R/dev"
cd "$R"
mkdir -p .oldroot
pivot_root . .oldroot
cd /
umount -l /.oldroot
rmdir /.oldroot
exec env -i HOME=/root PATH="$IMAGE_PATH" LANG=C.UTF-8 TERM="${TERM:-xterm}" \
  NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt CI=true \
  /bin/bash -c "cd /root/loopls && exec bash .ci/run"'
R=$root IMAGE_PATH=$image_path unshare --mount --propagation private --pid --fork --kill-child bash -c "$inner" &
runner=$!
rc=0
wait "$runner" || rc=$?
runner=""
if [ "$rc" -eq 0 ]; then say "PASSED: .ci/run on a fresh Debian $suite root, HEAD $sha"; else say "FAILED: .ci/run exited $rc (HEAD $sha)"; fi
exit "$rc"
