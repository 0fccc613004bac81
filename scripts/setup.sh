# Shared set-up for notebooks.sh and test.sh: source it, then call the functions.
# Everything it installs goes into the project's .venv, except the Rust kernel, which
# `cargo install` puts beside cargo (usually ~/.cargo/bin).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# The Rust kernel the project builds (kernel/): evcxr_jupyter 0.22.0 with the zeromq fix. Its
# `--version` prints this; any other evcxr_jupyter on PATH (a stock one) is replaced.
KERNEL_VERSION="evcxr_jupyter $(sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/kernel/Cargo.toml" | head -1)"

# Each step's line starts with the minutes and seconds since the command began, so that a log
# (CI's, say) shows where the time goes.
say() { printf '\033[1m==> [%d:%02d] %s\033[0m\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

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

# The Rust kernel (evcxr_jupyter) and its kernel spec, registered in the Jupyter data folder
# DATA (by default the project's .venv/share/jupyter, where its Jupyter looks first).
ensure_rust_kernel() {
    local kernels="${1:-$VENV/share/jupyter}"
    export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
    if command -v rustup >/dev/null 2>&1 && ! rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
        say "Adding the rust-src component, which the Rust kernel needs"
        rustup component add rust-src
    fi
    local installed
    installed="$(evcxr_jupyter --version 2>/dev/null || true)"
    if [ "$installed" != "$KERNEL_VERSION" ]; then
        # A stock evcxr_jupyter (`cargo install evcxr_jupyter`) can go deaf for good when a
        # client leaves at the wrong moment (kernel/README.md): the project builds its own.
        say "Building the Rust kernel with the zeromq fix: kernel/build.sh (about six minutes, once)"
        "$ROOT/kernel/build.sh" >/dev/null
        rm -f "$kernels/kernels/rust/kernel.json"
    fi
    if [ ! -f "$kernels/kernels/rust/kernel.json" ]; then
        say "Registering the Rust kernel with Jupyter"
        JUPYTER_PATH="$kernels" evcxr_jupyter --install >/dev/null
    fi
    prepare_notebook_builds "$kernels/kernels/rust/kernel.json" "$ROOT/.notebook-builds"
}

# Makes BUILDS the folder the kernel builds in (its TMPDIR), with the cargo settings that let
# evcxr's cache keep the crate (scripts/kernel/cargo-config.toml), and the notebooks' evcxr
# settings in BUILDS/evcxr, and writes both into the kernel spec KERNEL_JSON (TMPDIR and
# EVCXR_CONFIG_DIR), so that a notebook anywhere, not only in notebooks/, finds the compile
# cache; and MIMALLOC_ALLOW_THP=0 (see scripts/class/rust-kernel: a third less memory per
# kernel). Run at every start: it is cheap, and it brings back a folder that was deleted.
prepare_notebook_builds() {
    local kernel_json="$1" builds="$2" python="$VENV/bin/python"
    [ -x "$python" ] || python="python3"
    mkdir -p "$builds/.cargo" "$builds/evcxr"
    cp "$ROOT/scripts/kernel/cargo-config.toml" "$builds/.cargo/config.toml"
    cp "$ROOT/notebooks/evcxr.toml" "$builds/evcxr/evcxr.toml"
    "$python" - "$kernel_json" "$builds" <<'PY'
import json, sys
path, builds = sys.argv[1], sys.argv[2]
with open(path) as f:
    spec = json.load(f)
spec.setdefault("env", {})["TMPDIR"] = builds
spec["env"]["EVCXR_CONFIG_DIR"] = builds + "/evcxr"
spec["env"]["MIMALLOC_ALLOW_THP"] = "0"
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

# What the test command's later steps download, fetched in the background while the CPU
# compiles the crate and the Rust kernel (on a fresh machine the downloads and the compiling
# then take the same minutes instead of following each other): the Python environment, the
# browser tests' npm packages and, as root, Debian's chromium, docker.io and debootstrap and the
# students' base image (scripts/class/debian-base.sh; a Docker daemon it had to start is
# stopped again, as the class test expects to find it). Its log is target/downloads.log.
# await_downloads waits for it; whatever it could not do, the steps after do themselves, as
# on any machine.
DOWNLOADS_PID=""
start_downloads() {
    mkdir -p "$ROOT/target"
    say "Fetching in the background what later steps need (log: target/downloads.log)"
    # In a process group of its own (monitor mode), so that a run stopped early stops all of
    # it: stop_downloads.
    set -m
    (
        set -e
        ensure_python_env
        ensure_node_packages
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
            missing=()
            [ -x /usr/bin/chromium ] || missing+=(chromium)
            command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
            command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
            if [ "${#missing[@]}" -gt 0 ]; then
                say "Installing Debian's ${missing[*]}"
                apt-get update -qq
                DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
            fi
            docker_before=0
            if docker info >/dev/null 2>&1; then docker_before=1; fi
            say "The students' base image: $("$ROOT/scripts/class/debian-base.sh")"
            if [ "$docker_before" -eq 0 ] && [ -f /var/run/docker.pid ]; then
                pid="$(cat /var/run/docker.pid)"
                kill "$pid" 2>/dev/null || true
                while kill -0 "$pid" 2>/dev/null; do sleep 0.5; done
            fi
        fi
        say "Background downloads done"
    ) >"$ROOT/target/downloads.log" 2>&1 </dev/null &
    DOWNLOADS_PID=$!
    set +m
}

stop_downloads() {
    [ -n "$DOWNLOADS_PID" ] || return 0
    kill -- "-$DOWNLOADS_PID" 2>/dev/null || true
    wait "$DOWNLOADS_PID" 2>/dev/null || true
    DOWNLOADS_PID=""
}

await_downloads() {
    [ -n "$DOWNLOADS_PID" ] || return 0
    if ! wait "$DOWNLOADS_PID"; then
        say "The background downloads stopped early (the steps after will try again); their log's end:"
        tail -n 20 "$ROOT/target/downloads.log" >&2
    fi
    DOWNLOADS_PID=""
}

# ---------------------------------------------------------------------------------------------
# The class server (scripts/class.sh, with its own set-up in scripts/class/setup/) and the Binder
# image (binder/postBuild) share these.

# rustup and the stable toolchain (minimal, with rust-src), on a machine with no Rust yet: the
# Binder image. It downloads from static.rust-lang.org, which the project's machines cannot
# reach, so the tests skip it (they have Rust).
ensure_rustup() {
    export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
    if command -v cargo >/dev/null 2>&1; then
        return
    fi
    say "Installing Rust with rustup (stable, minimal profile, with rust-src)"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \
        | sh -s -- -y --profile minimal --default-toolchain stable --component rust-src
}

# Runs notebook 01's first cells once through the kernel registered in the Jupyter data folder
# DATA with PYTHON (which has nbclient), so that evcxr's cache holds the compiled crate and its
# dependencies, and a learner's first :dep is quick.
warm_notebook_cache() {
    local data="$1" python="${2:-python3}"
    say "Compiling the crate and its dependencies once, into the Rust kernel's cache"
    JUPYTER_PATH="$data" "$python" "$ROOT/scripts/warm_cache.py" "$ROOT/notebooks/01-magic-square.ipynb" 2 >&2
}

# Where the class server keeps what its students share: the toolchain, the kernel, the crate,
# the crates it uses, the notebooks' template, the warmed compile cache, and the hub's state.
CLASS_HOME="${CLASS_HOME:-/srv/magic-tictactoe}"

# Copies SRC to DST as hard links when they share a file system (instant, no space), as a
# plain copy otherwise.
copy_tree() {
    local src="$1" dst="$2"
    rm -rf "$dst.partial"
    cp -al "$src" "$dst.partial" 2>/dev/null || { rm -rf "$dst.partial"; cp -a "$src" "$dst.partial"; }
    rm -rf "$dst"
    mv "$dst.partial" "$dst"
}

# The repository's sources as a tar stream on stdout, without build outputs, local environments
# or an image's prebuilt/ folder (.dockerignore says the same to docker build); ARGS go to tar.
repository_tar() {
    tar -C "$ROOT" --exclude=./target --exclude=./.venv --exclude=./.git --exclude=./.notebook-builds --exclude=./kernel/build \
        --exclude=./tmp --exclude=./prebuilt --exclude=node_modules --exclude=.ipynb_checkpoints \
        --exclude=__pycache__ "$@" -cf - .
}

# The repository's sources (repository_tar) into DST.
copy_repository() {
    local dst="$1"
    mkdir -p "$dst"
    repository_tar | tar -C "$dst" -xf -
}

