#!/usr/bin/env bash
# The zeromq patches' own tests (kernel/README.md, "Test"), run against zeromq 0.6.0 as crates.io
# published it and as kernel/build.sh patches it. As published, both must fail: a ROUTER stops
# receiving while a send waits on a slow peer (the deadlock), and a PUB stops publishing to
# everyone while one subscriber reads nothing. As patched, both must pass. Fails if either is
# not so: a test that no longer shows the fault would prove nothing about the fix.
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
    if cargo test --quiet --no-fail-fast --manifest-path "$work/$build/Cargo.toml" --target-dir "$work/target" \
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
for fault in "the router stopped receiving" "the publisher stopped"; do
    if grep -q "$fault" "$work/published.log"; then
        echo "ok   zeromq 0.6.0 as published: $fault ($published)"
    else
        echo "FAIL zeromq 0.6.0 as published: no sign of \"$fault\" ($published; $work/published.log)"
        status=1
    fi
done
if [[ "$patched" == passed* ]]; then
    echo "ok   zeromq 0.6.0 with the patches: the router kept receiving and the publisher kept publishing ($patched)"
else
    echo "FAIL zeromq 0.6.0 with the patches: $patched (see $work/patched.log)"
    status=1
fi
exit $status
