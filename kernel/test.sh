#!/usr/bin/env bash
# The zeromq patch's own test (kernel/README.md, "Test"), run against zeromq 0.6.0 as crates.io
# published it and as kernel/build.sh patches it: the first must deadlock (a ROUTER that stops
# receiving while a send waits on a slow peer), the second must not. Fails if either is not so:
# a test that no longer shows the deadlock would prove nothing about the fix.
set -euo pipefail
KERNEL="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$KERNEL")"
work="$ROOT/target/kernel-test"
"$KERNEL/build.sh" --source-only
rm -rf "$work/published" "$work/patched"
for build in published patched; do
    mkdir -p "$work/$build"
    cp "$KERNEL/deadlock-test/Cargo.toml" "$KERNEL/deadlock-test/Cargo.lock" "$work/$build/"
    sed -i "s|path = \"../build/|path = \"$KERNEL/build/|" "$work/$build/Cargo.toml"
done
printf '\n[patch.crates-io]\nzeromq = { path = "%s" }\n' "$KERNEL/build/zeromq-0.6.0" >> "$work/patched/Cargo.toml"

run() {
    local build="$1" started=$SECONDS
    if cargo test --quiet --manifest-path "$work/$build/Cargo.toml" --target-dir "$work/target" \
        >"$work/$build.log" 2>&1; then
        echo "passed in $((SECONDS - started)) s"
    else
        echo "failed in $((SECONDS - started)) s"
    fi
}
# Built first, so that the times below are the test's own.
cargo test --quiet --no-run --manifest-path "$work/published/Cargo.toml" --target-dir "$work/target"
cargo test --quiet --no-run --manifest-path "$work/patched/Cargo.toml" --target-dir "$work/target"
published="$(run published)"
patched="$(run patched)"
status=0
if grep -q "the router stopped receiving" "$work/published.log"; then
    echo "ok   zeromq 0.6.0 as published: the router stopped receiving, the deadlock ($published)"
else
    echo "FAIL zeromq 0.6.0 as published: the test did not show the deadlock ($published; $work/published.log)"
    status=1
fi
if [[ "$patched" == passed* ]]; then
    echo "ok   zeromq 0.6.0 with the patch: the router kept receiving ($patched)"
else
    echo "FAIL zeromq 0.6.0 with the patch: $patched (see $work/patched.log)"
    status=1
fi
exit $status
