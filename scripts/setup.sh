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
