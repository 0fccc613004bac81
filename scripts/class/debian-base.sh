#!/usr/bin/env bash
# Makes a Debian base image for the students' image on a machine that reaches no container
# registry (the project's test machines): debootstrap (minbase) of this machine's own Debian
# release, from the Debian archive its apt already uses, imported with `docker import`.
#
#   scripts/class/debian-base.sh [IMAGE]      (default magic-tictactoe-base:CODENAME)
#
# Prints the image's name. Does nothing when the image is already there. Starts Docker's daemon
# (and installs Debian's docker.io) when it is not running. A school with a registry needs none
# of this: the image's default base is debian:bookworm-slim.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../setup.sh"
source "$(dirname "${BASH_SOURCE[0]}")/setup/docker.sh"
ensure_docker || { echo "debian-base.sh: this needs Docker" >&2; exit 1; }
codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
[ -n "$codename" ] || { echo "debian-base.sh: no VERSION_CODENAME in /etc/os-release: is this Debian?" >&2; exit 1; }
image="${1:-$(made_base_image "debian:$codename")}"
if docker image inspect "$image" >/dev/null 2>&1; then
    echo "$image"
    exit 0
fi

# The archive apt uses for this release: the first URI of a source that lists the release, in
# deb822 files (sources.list.d/*.sources) or one-line ones (sources.list, *.list).
mirror="$(
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk -v rel="$codename" '
            function found() { return uri != "" && suites ~ "(^| )" rel "( |$)" && types ~ /(^| )deb( |$)/ }
            /^[[:space:]]*$/ { if (found()) { print uri; done = 1; exit } uri = suites = types = ""; next }
            /^URIs:/ { uri = $2 } /^Suites:/ { $1 = ""; suites = substr($0, 2) } /^Types:/ { $1 = ""; types = substr($0, 2) }
            END { if (!done && found()) print uri }' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        awk -v rel="$codename" '$1 == "deb" { i = 2; if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } if ($(i + 1) == rel) { print $i; exit } }' "$f"
    done
)"
mirror="$(echo "$mirror" | head -n 1)"
[ -n "$mirror" ] || { echo "debian-base.sh: found no Debian archive for $codename in /etc/apt/sources*" >&2; exit 1; }
command -v debootstrap >/dev/null || {
    echo "==> Installing debootstrap" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
}

root="$(mktemp -d /var/tmp/magic-tictactoe-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "==> debootstrap --variant=minbase $codename from $mirror (about half a minute)" >&2
debootstrap --variant=minbase "$codename" "$root" "$mirror" >"$root.log" 2>&1 \
    || { tail -n 20 "$root.log" >&2; rm -f "$root.log"; exit 1; }
rm -f "$root.log"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | docker import --change 'CMD ["/bin/bash"]' - "$image" >/dev/null
echo "$image"
