#!/usr/bin/env bash
# Builds the Rust kernel (evcxr_jupyter 0.22.0 with the zeromq fix, kernel/README.md) and puts
# it at BIN_DIR/evcxr_jupyter (default: cargo's bin folder, where `cargo install` puts it).
#
#     kernel/build.sh [BIN_DIR]
#     kernel/build.sh --source-only      (only the patched zeromq, in kernel/build/: kernel/test.sh)
#
# zeromq 0.6.0 comes from crates.io through cargo, is checked against the checksum crates.io
# publishes (the one in evcxr_jupyter 0.22.0's Cargo.lock), and is patched in kernel/build/
# with the two patches beside this file.
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
ZEROMQ=zeromq-0.6.0
ZEROMQ_SHA256=efb2c254fd8f366755335c9e43b865f8484fe3bd717d65ffe7c3f28852863030
# Applied in this order; each is a change written up for upstream in README.md.
PATCHES=(
    "$KERNEL/$ZEROMQ-no-entry-across-await.patch"
    "$KERNEL/$ZEROMQ-pub-drops-for-slow-subscriber.patch"
)

if ! command -v patch >/dev/null 2>&1; then
    echo "kernel/build.sh: needs the 'patch' command (Debian and Ubuntu: apt-get install patch)" >&2
    exit 1
fi

# zeromq's published .crate, into cargo's download cache (a throwaway manifest asks for it).
fetch_dir="$(mktemp -d)"
trap 'rm -rf "$fetch_dir"' EXIT
mkdir "$fetch_dir/src" && : > "$fetch_dir/src/lib.rs"
cat > "$fetch_dir/Cargo.toml" <<TOML
[package]
name = "fetch-zeromq"
version = "0.0.0"
edition = "2021"
[dependencies]
zeromq = { version = "=0.6.0", default-features = false }
TOML
cargo fetch --quiet --manifest-path "$fetch_dir/Cargo.toml"
crate_file="$(find "${CARGO_HOME:-$HOME/.cargo}/registry/cache" -name "$ZEROMQ.crate" | head -1)"
if [ -z "$crate_file" ] || [ "$(sha256sum "$crate_file" | cut -d' ' -f1)" != "$ZEROMQ_SHA256" ]; then
    echo "kernel/build.sh: $ZEROMQ.crate is missing from cargo's cache or is not the one crates.io published" >&2
    exit 1
fi

# The patched copy, made afresh each time from the checked crate and the patch.
rm -rf "$KERNEL/build" && mkdir -p "$KERNEL/build"
tar -xzf "$crate_file" -C "$KERNEL/build"
for patch_file in "${PATCHES[@]}"; do
    patch --quiet --directory "$KERNEL/build/$ZEROMQ" --strip 1 < "$patch_file"
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
