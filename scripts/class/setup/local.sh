# What students share without containers (class.sh --no-containers), and what the students' image
# holds (image-setup.sh runs these inside its build): the toolchain, the Rust kernel, the crate and
# the crates it uses, read-only in $CLASS_HOME, the notebooks' template and the warmed compile
# cache. Sourced after scripts/setup.sh.

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
