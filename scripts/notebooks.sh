#!/usr/bin/env bash
# Opens the notebooks in JupyterLab with the Rust kernel, installing what is missing first:
# JupyterLab into .venv, the Rust kernel (evcxr_jupyter) with cargo, and its kernel spec.
# Run again, it installs nothing and starts at once. Extra arguments go to `jupyter lab`.
# Works as an ordinary user and as root (containers and lab images often run as root, where
# JupyterLab refuses to start unless told --allow-root).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_python_env
ensure_rust_kernel
say "Starting JupyterLab in notebooks/ (Ctrl-C to stop)"
cd "$ROOT/notebooks"
args=("$@")
if [ "$(id -u)" -eq 0 ]; then
    args=(--allow-root "${args[@]}")
fi
exec "$VENV/bin/jupyter" lab "${args[@]}"
