#!/usr/bin/env bash
# Opens the notebooks in JupyterLab with the Rust kernel, installing what is missing first:
# JupyterLab into .venv, the Rust kernel (evcxr_jupyter) with cargo, and its kernel spec.
# Run again, it installs nothing and starts at once. Extra arguments go to `jupyter lab`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_python_env
ensure_rust_kernel
say "Starting JupyterLab in notebooks/ (Ctrl-C to stop)"
cd "$ROOT/notebooks"
exec "$VENV/bin/jupyter" lab "$@"
