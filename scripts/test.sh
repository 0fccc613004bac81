#!/usr/bin/env bash
# Runs every test: formatting, clippy, cargo test (unit, exhaustive and README doctests),
# the bench's own checks, and every notebook through the real Rust kernel.
# Installs the Rust kernel and the Python packages it needs when they are missing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"

say "cargo fmt --check"
cargo fmt --all -- --check
say "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --all-features -- -D warnings
say "cargo test"
cargo test --all-features
say "bench checks (cargo bench --bench engine -- --quick)"
cargo bench --bench engine -- --quick

ensure_python_env
ensure_rust_kernel
say "Running every notebook through the Rust kernel"
"$VENV/bin/python" scripts/run_notebooks.py "$@"
