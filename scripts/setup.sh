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
# The class server (scripts/class.sh) and the Binder image (binder/postBuild) share these.

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

# The class's Python environment: the notebook packages and JupyterHub, in $CLASS_HOME/venv.
# It is built on the system's Python (CLASS_PYTHON, by default /usr/bin/python3), which every
# student's account can run: a Python under root's home (pyenv, say) is out of their reach.
ensure_class_python_env() {
    local python="${CLASS_PYTHON:-/usr/bin/python3}" venv="$CLASS_HOME/venv"
    if [ ! -x "$venv/bin/python" ]; then
        say "Creating the class's Python environment in $venv, on $python"
        if ! "$python" -m venv "$venv" 2>/dev/null && command -v apt-get >/dev/null; then
            rm -rf "$venv"
            say "Installing Debian's python3-venv"
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
            "$python" -m venv "$venv"
        fi
    fi
    local wanted stamp="$venv/.requirements-installed"
    wanted="$(class_requirements)"
    if [ ! -f "$stamp" ] || [ "$wanted" != "$(cat "$stamp")" ]; then
        say "Installing JupyterHub and JupyterLab into $venv (about a minute)"
        "$venv/bin/python" -m pip install --quiet --upgrade pip
        "$venv/bin/python" -m pip install --quiet -r <(printf '%s\n' "$wanted")
        printf '%s' "$wanted" > "$stamp"
    fi
}

# The Python packages of the class's environment: the notebooks' (less what only the tests use)
# and the hub's.
class_requirements() {
    grep -v '# tests only' "$ROOT/scripts/requirements.txt"
    cat "$ROOT/scripts/class/requirements.txt"
}

# configurable-http-proxy, the proxy in front of the students' servers, from npm.
ensure_class_proxy() {
    local dir="$CLASS_HOME/proxy" stamp="$CLASS_HOME/proxy/node_modules/.lock-installed"
    if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/scripts/class/package-lock.json" "$stamp"; then
        say "Installing configurable-http-proxy from npm into $dir"
        mkdir -p "$dir"
        cp "$ROOT/scripts/class/package.json" "$ROOT/scripts/class/package-lock.json" "$dir/"
        npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
        cp "$ROOT/scripts/class/package-lock.json" "$stamp"
    fi
}

# The Rust toolchain this machine has (rustc, cargo, the standard library's sources) and the
# Rust kernel, shared read-only in $CLASS_HOME: a student's account cannot reach root's
# ~/.rustup or ~/.cargo, and nothing is downloaded.
share_toolchain() {
    ensure_rust_kernel
    local sysroot
    sysroot="$(rustc --print sysroot)"
    if [ ! -f "$CLASS_HOME/rust/.from" ] || [ "$(cat "$CLASS_HOME/rust/.from")" != "$sysroot $(rustc --version)" ]; then
        say "Sharing the Rust toolchain ($(rustc --version)) in $CLASS_HOME/rust"
        copy_tree "$sysroot" "$CLASS_HOME/rust"
        echo "$sysroot $(rustc --version)" > "$CLASS_HOME/rust/.from"
    fi
    mkdir -p "$CLASS_HOME/bin"
    install_file "$(command -v evcxr_jupyter)" "$CLASS_HOME/bin/evcxr_jupyter"
}

# Puts a copy of SRC at DST by renaming a new file over it, so that it works while DST runs
# (a student's kernel started from it): a plain cp fails there with "Text file busy".
install_file() {
    local src="$1" dst="$2"
    cp "$src" "$dst.new.$$"
    mv -f "$dst.new.$$" "$dst"
}

# The crate's sources, the crates it uses (cargo vendor), and the kernel the students' servers
# start: its spec, its wrapper (scripts/class/rust-kernel) and its cargo settings.
share_crate_and_kernel() {
    say "Sharing the crate, the crates it uses and the Rust kernel in $CLASS_HOME"
    rm -rf "$CLASS_HOME/crate.partial"
    mkdir -p "$CLASS_HOME/crate.partial"
    copy_repository "$CLASS_HOME/crate.partial"
    rm -rf "$CLASS_HOME/crate" && mv "$CLASS_HOME/crate.partial" "$CLASS_HOME/crate"
    if [ ! -f "$CLASS_HOME/vendor/.lock" ] || ! cmp -s <(vendor_key) "$CLASS_HOME/vendor/.lock"; then
        vendor_crates "$CLASS_HOME/vendor.partial"
        rm -rf "$CLASS_HOME/vendor" && mv "$CLASS_HOME/vendor.partial" "$CLASS_HOME/vendor"
    fi
    # The kernel works out the types of a cell's variables with rust-analyzer, which reads the
    # standard library as a cargo workspace (`cargo metadata` in the toolchain's library/): its
    # crates come from the same vendored copy, offline. Without this, each student's first
    # `let` of an Option or a Vec sent cargo to crates.io, and without internet (or behind a
    # school's proxy) the cell failed: "Couldn't automatically determine type of variable".
    mkdir -p "$CLASS_HOME/rust/.cargo"
    cat > "$CLASS_HOME/rust/.cargo/config.toml" <<TOML
# The standard library's crates, for the kernel's rust-analyzer (scripts/setup.sh).
[source.crates-io]
replace-with = "class"

[source.class]
directory = "$CLASS_HOME/vendor"

[net]
offline = true
TOML
    mkdir -p "$CLASS_HOME/kernel" "$CLASS_HOME/share/jupyter/kernels/rust"
    { cat "$ROOT/scripts/kernel/cargo-config.toml"; echo; cat "$ROOT/scripts/class/cargo-config.toml"; } \
        | sed "s|@CLASS_HOME@|$CLASS_HOME|g" > "$CLASS_HOME/kernel/cargo-config.toml"
    mkdir -p "$CLASS_HOME/kernel/evcxr"
    cp "$ROOT/notebooks/evcxr.toml" "$CLASS_HOME/kernel/evcxr/evcxr.toml"
    # The students' JupyterLab settings (start-student points JUPYTER_CONFIG_PATH here), and the
    # server extension they load that replaces a kernel that stops answering (kernel_watch).
    rm -rf "$CLASS_HOME/etc/jupyter" && mkdir -p "$CLASS_HOME/etc"
    cp -R "$ROOT/scripts/class/jupyter" "$CLASS_HOME/etc/jupyter"
    cp "$ROOT/scripts/class/kernel_watch.py" \
        "$("$CLASS_HOME/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/"
    # The students' git settings (start-student points GIT_CONFIG_SYSTEM here): the course's
    # repository, which root owns, is safe for them to pull from.
    printf '[safe]\n\tdirectory = %s\n\tdirectory = %s\n' "$CLASS_HOME/course" "$CLASS_HOME/course/.git" \
        > "$CLASS_HOME/etc/gitconfig"
    local target_libdir
    target_libdir="$("$CLASS_HOME/rust/bin/rustc" --print target-libdir)"
    sed -e "s|@CLASS_HOME@|$CLASS_HOME|g" -e "s|@TARGET_LIBDIR@|$target_libdir|g" \
        "$ROOT/scripts/class/rust-kernel" > "$CLASS_HOME/bin/rust-kernel.new"
    sed -e "s|@CLASS_HOME@|$CLASS_HOME|g" "$ROOT/scripts/class/start-student" > "$CLASS_HOME/bin/start-student.new"
    chmod 755 "$CLASS_HOME/bin/rust-kernel.new" "$CLASS_HOME/bin/start-student.new"
    mv -f "$CLASS_HOME/bin/rust-kernel.new" "$CLASS_HOME/bin/rust-kernel"
    mv -f "$CLASS_HOME/bin/start-student.new" "$CLASS_HOME/bin/start-student"
    install_file "$ROOT/scripts/class/course-pull" "$CLASS_HOME/bin/course-pull"
    # evcxr's own spec first (logos, and the version file without which the kernel rewrites its
    # spec at every start), then ours, which starts it through the wrapper.
    JUPYTER_PATH="$CLASS_HOME/share/jupyter" "$CLASS_HOME/bin/evcxr_jupyter" --install >/dev/null
    cat > "$CLASS_HOME/share/jupyter/kernels/rust/kernel.json" <<JSON
{
  "argv": ["$CLASS_HOME/bin/rust-kernel", "{connection_file}"],
  "display_name": "Rust",
  "language": "rust",
  "interrupt_mode": "message"
}
JSON
}

# The crates the class's kernels use, vendored into DST (cargo vendor): the crate's (from its
# Cargo.lock) and the standard library's own (from the toolchain's library/Cargo.lock, which the
# kernel's rust-analyzer loads). DST/.lock records what they came from (vendor_key).
vendor_crates() {
    local dst="$1" library
    library="$(rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.toml"
    # The standard library's manifest uses nightly cargo features: RUSTC_BOOTSTRAP lets stable
    # cargo read it (rust-analyzer does the same).
    (cd "$ROOT" && RUSTC_BOOTSTRAP=1 cargo vendor --quiet --locked --sync "$library" "$dst" >/dev/null)
    vendor_key > "$dst/.lock"
}

vendor_key() {
    cat "$ROOT/Cargo.lock"
    rustc --version
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

# The notebooks as a student gets them: their :dep names the shared crate (the same path for
# every student, so that evcxr's cache serves the crate too), with the notebooks' evcxr.toml.
make_class_template() {
    rm -rf "$CLASS_HOME/template" && mkdir -p "$CLASS_HOME/template/notebooks"
    class_notebooks "$CLASS_HOME/template/notebooks" "$CLASS_HOME"
}

# The crate's notebooks into the folder DST, their :dep naming the crate in HOME/crate (the
# class's home as the students' servers see it).
class_notebooks() {
    local dst="$1" home="$2" notebook
    cp "$ROOT/notebooks/evcxr.toml" "$dst/"
    for notebook in "$ROOT"/notebooks/*.ipynb; do
        sed "s|:dep magic-tictactoe = { path = \\\\\"..\\\\\" }|:dep magic-tictactoe = { path = \\\\\"$home/crate\\\\\" }|" \
            "$notebook" > "$dst/$(basename "$notebook")"
    done
}

# The class's course: a git repository in $CLASS_HOME/course (branch main) holding the notebooks
# students get, through nbgitpuller (scripts/class/course-pull). Made from the crate's notebooks
# the first time; with UPDATE=1, the crate's notebooks are brought in again and committed (the
# teacher's own commits there are kept in its history). HOME: the class's home as the students'
# servers see it.
make_course() {
    local home="$1" update="${2:-0}" course="$CLASS_HOME/course"
    local git=(git -C "$course" -c user.name="class.sh" -c user.email="class.sh@localhost")
    if [ ! -d "$course/.git" ]; then
        say "Making the class's course repository in $course"
        mkdir -p "$course/notebooks"
        git init --quiet --initial-branch=main "$course"
        update=1
    fi
    if [ "$update" -eq 1 ]; then
        class_notebooks "$course/notebooks" "$home"
        "${git[@]}" add --all notebooks
        if "${git[@]}" diff --cached --quiet; then
            say "The course already has the crate's notebooks: nothing to update"
        else
            "${git[@]}" commit --quiet -m "The crate's notebooks ($(date '+%Y-%m-%d %H:%M'))"
            say "The course now has the crate's notebooks: $("${git[@]}" show --stat --format= HEAD | tail -1)"
        fi
    fi
    chmod -R a+rX "$course"
}

# Fills the compile cache students start from: runs notebook 01's first cells once through the
# class's kernel, as a student's server would, and keeps the cache it leaves.
warm_class_cache() {
    local stamp="$CLASS_HOME/evcxr-cache/.warmed-for"
    local key
    key="$(cat "$CLASS_HOME/rust/.from" "$CLASS_HOME/vendor/.lock" "$CLASS_HOME/bin/rust-kernel"; find "$CLASS_HOME/crate/src" "$CLASS_HOME/crate/build.rs" "$CLASS_HOME/crate/Cargo.toml" -type f -exec cat {} + | cksum)"
    if [ -f "$stamp" ] && [ "$key" = "$(cat "$stamp")" ]; then
        return
    fi
    say "Compiling the crate and its dependencies once, for every student's first :dep"
    local warm="$CLASS_HOME/warm-up"
    rm -rf "$warm" && mkdir -p "$warm"
    cp -R "$CLASS_HOME/template" "$warm/magic-tictactoe"
    HOME="$warm" XDG_CACHE_HOME="$warm/.cache" JUPYTER_PATH="$CLASS_HOME/share/jupyter" \
        "$CLASS_HOME/venv/bin/python" "$ROOT/scripts/warm_cache.py" \
        "$warm/magic-tictactoe/notebooks/01-magic-square.ipynb" 2 >&2
    rm -rf "$CLASS_HOME/evcxr-cache"
    mv "$warm/.cache/evcxr" "$CLASS_HOME/evcxr-cache"
    rm -rf "$warm"
    printf '%s' "$key" > "$stamp"
}

# ---------------------------------------------------------------------------------------------
# Students in containers (scripts/class.sh with Docker): the engine and the students' image.

# Docker: Debian's docker.io when it is missing, and its daemon when none answers. A daemon this
# starts makes no bridge network and writes no iptables rules (students' containers use the
# host's network and listen on 127.0.0.1). Returns non-zero, saying why, when Docker cannot be
# had.
ensure_docker() {
    if ! command -v dockerd >/dev/null 2>&1; then
        if ! command -v apt-get >/dev/null 2>&1; then
            say "No Docker here, and no apt-get to install Debian's docker.io"
            return 1
        fi
        say "Installing Debian's docker.io (about 20 s)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io >/dev/null \
            || { say "Could not install docker.io"; return 1; }
    fi
    if docker info >/dev/null 2>&1; then
        return 0
    fi
    local log="${DOCKERD_LOG:-/var/log/magic-tictactoe-dockerd.log}"
    say "Starting Docker's daemon (log: $log)"
    setsid dockerd --bridge=none --iptables=false >>"$log" 2>&1 </dev/null &
    local i
    for i in $(seq 1 60); do
        if docker info >/dev/null 2>&1; then
            return 0
        fi
        sleep 1
    done
    say "Docker's daemon did not answer within 60 s: see $log"
    return 1
}

# The students' image, STUDENT_IMAGE:STUDENT_IMAGE_TAG (scripts/class/defaults.env), built from
# scripts/class/Dockerfile on the base image BASE, when it is missing or was built from other
# sources. The build folder is the repository with prebuilt/: this machine's Rust toolchain and
# Rust kernel, the vendored crates and the Python wheels, so that the build downloads nothing
# but Debian's packages (through the host's network: the daemon has no bridge).
ensure_student_image() {
    local base="$1"
    source "$ROOT/scripts/class/defaults.env"
    local image="$STUDENT_IMAGE:$STUDENT_IMAGE_TAG" context="$CLASS_HOME/image"
    ensure_rust_kernel
    local key
    key="$(
        {
            docker image inspect --format '{{.Id}}' "$base" 2>/dev/null || echo "$base"
            rustc --version; evcxr_jupyter --version 2>/dev/null || true
            class_requirements
            repository_tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner
        } | sha256sum | cut -c1-16
    )"
    if [ "$(docker image inspect --format '{{index .Config.Labels "org.magic-tictactoe.sources"}}' "$image" 2>/dev/null)" = "$key" ]; then
        return 0
    fi
    docker image inspect "$base" >/dev/null 2>&1 || docker pull "$base" >/dev/null \
        || { say "No base image $base: give one with --base-image (scripts/class/debian-base.sh makes one)"; return 1; }
    say "Building the students' image $image on $base (a few minutes)"
    local started=$SECONDS
    rm -rf "$context" && mkdir -p "$context/prebuilt/bin"
    copy_repository "$context"
    copy_tree "$(rustc --print sysroot)" "$context/prebuilt/rust"
    rm -rf "$context/prebuilt/rust/share/doc"
    cp "$(command -v evcxr_jupyter)" "$context/prebuilt/bin/"
    vendor_crates "$context/prebuilt/vendor"
    # Wheels for the class's Python (the image's Python must be the same version to use them).
    "$CLASS_HOME/venv/bin/python" -m pip download --quiet -d "$context/prebuilt/wheels" pip \
        -r <(class_requirements)
    "$CLASS_HOME/venv/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' \
        > "$context/prebuilt/wheels/python-version"
    # This machine's own certificate authorities (a school's proxy may need them), for the build
    # stage's downloads only: the students' image does not keep them.
    mkdir -p "$context/prebuilt/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$context/prebuilt/ca-certificates/" 2>/dev/null || true
    docker build --network host --quiet --build-arg "BASE=$base" \
        --label "org.magic-tictactoe.sources=$key" -t "$image" \
        -f "$context/scripts/class/Dockerfile" "$context" >/dev/null
    rm -rf "$context"
    # The image this one replaced and the build stage are left untagged: 4 GB a build, which fills
    # a school server's disk over a term of updates (and a test machine's in a day). Only images
    # of this Dockerfile that nothing uses go.
    docker image prune --force --filter "label=org.magic-tictactoe.image=student" >/dev/null || true
    say "Built $image in $((SECONDS - started)) s ($(docker image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1 / 1e6}'))"
}
