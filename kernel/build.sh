#!/usr/bin/env bash
# Builds the Rust kernel (evcxr_jupyter 0.22.0 with the fixes of kernel/README.md) and puts
# it at BIN_DIR/evcxr_jupyter (default: cargo's bin folder, where `cargo install` puts it).
#
#     kernel/build.sh [BIN_DIR]
#     kernel/build.sh --source-only      (only the patched crates, in kernel/build/: kernel/test.sh)
#
# zeromq 0.6.0, evcxr 0.22.0 and evcxr_jupyter 0.22.0 come from crates.io through cargo, are
# checked against the checksums crates.io publishes (the ones in evcxr_jupyter 0.22.0's
# Cargo.lock), and are patched in kernel/build/ with the patches beside this file.
# About six minutes on two cores. Like `cargo install`, it leaves no build behind (an image that
# runs it, Binder's, stays small); KEEP_KERNEL_BUILD=1 keeps it in target/kernel for a rebuild.
set -euo pipefail
KERNEL="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$KERNEL")"
SOURCE_ONLY=0
if [ "${1:-}" = "--source-only" ]; then
    SOURCE_ONLY=1
    shift
fi
BIN_DIR="${1:-${CARGO_HOME:-$HOME/.cargo}/bin}"
# The crates patched, each with the checksum crates.io published (the one in evcxr_jupyter
# 0.22.0's Cargo.lock), and their patches, applied in this order; each patch is a change
# written up for upstream in README.md.
CRATES=(
    "zeromq 0.6.0 efb2c254fd8f366755335c9e43b865f8484fe3bd717d65ffe7c3f28852863030"
    "evcxr 0.22.0 ee69caeeefc311959b85962458e370d8eccb165123edbc5270134aaee6d7ed80"
    "evcxr_jupyter 0.22.0 3ce0d7b3058f68a9673df4f1266b641942fea0ec131881d095306e509a382764"
)
PATCHES=(
    "zeromq-0.6.0-no-entry-across-await.patch"
    "zeromq-0.6.0-pub-drops-for-slow-subscriber.patch"
    "evcxr-0.22.0-display-through-a-trait-not-in-scope.patch"
    "evcxr-0.22.0-warn-of-deprecated-names-in-the-cell.patch"
    "evcxr_jupyter-0.22.0-idle-after-every-request.patch"
    "evcxr_jupyter-0.22.0-drop-unsigned-messages.patch"
)

if ! command -v patch >/dev/null 2>&1; then
    echo "kernel/build.sh: needs the 'patch' command (Debian and Ubuntu: apt-get install patch)" >&2
    exit 1
fi

# The published .crate files, into cargo's download cache (a throwaway manifest asks for them).
fetch_dir="$(mktemp -d)"
trap 'rm -rf "$fetch_dir"' EXIT
mkdir "$fetch_dir/src" && : > "$fetch_dir/src/lib.rs"
{
    printf '[package]\nname = "fetch-patched-crates"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\n'
    for entry in "${CRATES[@]}"; do
        read -r name version _ <<< "$entry"
        printf '%s = { version = "=%s", default-features = false }\n' "$name" "$version"
    done
} > "$fetch_dir/Cargo.toml"
cargo fetch --quiet --manifest-path "$fetch_dir/Cargo.toml"

# The patched copies, made afresh each time from the checked crates and the patches.
rm -rf "$KERNEL/build" && mkdir -p "$KERNEL/build"
for entry in "${CRATES[@]}"; do
    read -r name version sha256 <<< "$entry"
    crate_file="$(find "${CARGO_HOME:-$HOME/.cargo}/registry/cache" -name "$name-$version.crate" | head -1)"
    if [ -z "$crate_file" ] || [ "$(sha256sum "$crate_file" | cut -d' ' -f1)" != "$sha256" ]; then
        echo "kernel/build.sh: $name-$version.crate is missing from cargo's cache or is not the one crates.io published" >&2
        exit 1
    fi
    # With the time of unpacking (not the archive's), so that cargo rebuilds from it.
    tar -xzmf "$crate_file" -C "$KERNEL/build"
done
# Each patch's name starts with the crate and version it changes.
for patch_file in "${PATCHES[@]}"; do
    crate=""
    for entry in "${CRATES[@]}"; do
        read -r name version _ <<< "$entry"
        if [[ "$patch_file" == "$name-$version-"* ]]; then
            crate="$name-$version"
        fi
    done
    if [ -z "$crate" ]; then
        echo "kernel/build.sh: $patch_file names no crate in CRATES" >&2
        exit 1
    fi
    patch --quiet --directory "$KERNEL/build/$crate" --strip 1 < "$KERNEL/$patch_file"
done
if [ "$SOURCE_ONLY" = 1 ]; then
    exit 0
fi

cargo build --release --locked --quiet --manifest-path "$KERNEL/Cargo.toml" --target-dir "$ROOT/target/kernel"
mkdir -p "$BIN_DIR"
# A rename, not a copy over the old file: a running kernel keeps its own ("Text file busy").
cp "$ROOT/target/kernel/release/evcxr_jupyter" "$BIN_DIR/evcxr_jupyter.new.$$"
mv -f "$BIN_DIR/evcxr_jupyter.new.$$" "$BIN_DIR/evcxr_jupyter"
if [ "${KEEP_KERNEL_BUILD:-0}" != 1 ]; then
    rm -rf "$ROOT/target/kernel"
fi
"$BIN_DIR/evcxr_jupyter" --version
