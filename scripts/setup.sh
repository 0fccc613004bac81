# Shared set-up for notebooks.sh and test.sh: source it, then call the functions.
# Everything it installs goes into the project's .venv, except the Rust kernel, which
# `cargo install` puts beside cargo (usually ~/.cargo/bin).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
EVCXR_VERSION="0.22.0"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

ensure_python_env() {
    local python="${PYTHON:-python3}"
    if [ ! -x "$VENV/bin/python" ]; then
        say "Creating a Python virtual environment in .venv"
        "$python" -m venv "$VENV"
    fi
    local stamp="$VENV/.requirements-installed"
    if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/scripts/requirements.txt" "$stamp"; then
        say "Installing JupyterLab and the notebook runner into .venv (about a minute)"
        "$VENV/bin/python" -m pip install --quiet --upgrade pip
        "$VENV/bin/python" -m pip install --quiet -r "$ROOT/scripts/requirements.txt"
        cp "$ROOT/scripts/requirements.txt" "$stamp"
    fi
}

ensure_rust_kernel() {
    export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
    if command -v rustup >/dev/null 2>&1 && ! rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
        say "Adding the rust-src component, which the Rust kernel needs"
        rustup component add rust-src
    fi
    if ! command -v evcxr_jupyter >/dev/null 2>&1; then
        say "Installing the Rust kernel: cargo install --locked evcxr_jupyter (about five minutes, once)"
        cargo install --locked evcxr_jupyter --version "$EVCXR_VERSION"
    fi
    # The kernel spec goes into the project's environment, where its Jupyter looks first.
    local kernels="$VENV/share/jupyter"
    if [ ! -f "$kernels/kernels/rust/kernel.json" ]; then
        say "Registering the Rust kernel with Jupyter"
        JUPYTER_PATH="$kernels" evcxr_jupyter --install >/dev/null
    fi
    prepare_notebook_builds "$kernels/kernels/rust/kernel.json" "$ROOT/.notebook-builds"
}

# Makes BUILDS the folder the kernel builds in (its TMPDIR), with the cargo settings that let
# evcxr's cache keep the crate (scripts/kernel/cargo-config.toml), and writes that TMPDIR into
# the kernel spec KERNEL_JSON. Run at every start: it is cheap, and it brings back a folder
# that was deleted.
prepare_notebook_builds() {
    local kernel_json="$1" builds="$2"
    mkdir -p "$builds/.cargo"
    cp "$ROOT/scripts/kernel/cargo-config.toml" "$builds/.cargo/config.toml"
    "$VENV/bin/python" - "$kernel_json" "$builds" <<'PY'
import json, sys
path, builds = sys.argv[1], sys.argv[2]
with open(path) as f:
    spec = json.load(f)
spec.setdefault("env", {})["TMPDIR"] = builds
with open(path, "w") as f:
    json.dump(spec, f, indent=2)
PY
}

# The npm packages the browser tests load into pages (axe-core), from scripts/browser's lock
# file, into scripts/browser/node_modules.
ensure_node_packages() {
    local dir="$ROOT/scripts/browser"
    local stamp="$dir/node_modules/.lock-installed"
    if [ ! -f "$stamp" ] || ! cmp -s "$dir/package-lock.json" "$stamp"; then
        say "Installing the browser tests' npm packages (axe-core) into scripts/browser"
        npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
        cp "$dir/package-lock.json" "$stamp"
    fi
}

# Debian's Chromium, which the browser test drives with Playwright (Playwright's own browser
# download is not used).
ensure_chromium() {
    if [ -x /usr/bin/chromium ]; then
        return
    fi
    if command -v apt-get >/dev/null 2>&1; then
        local sudo=""
        if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
        say "Installing Debian's chromium for the browser test"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
    else
        say "The browser test needs Chromium at /usr/bin/chromium (Debian's chromium package)"
        return 1
    fi
}
