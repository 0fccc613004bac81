# The class's Python environment and its proxy, for scripts/class.sh and the students' image
# (scripts/class/image-setup.sh), which source it after scripts/setup.sh.

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
    patch_class_python_env "$venv"
}

# The fixes the class's Python packages need: the environment VENV gets each patch of
# scripts/class/patches/python (NativeAuthenticator 1.3.0's login page fails on JupyterHub 6;
# ltiauthenticator 1.6.3 refuses a deep linking request without every optional claim;
# multiauthenticator 0.4.0 gives NativeAuthenticator no database; JupyterHub 6.1.1 started in the
# background leaves its services deaf to SIGINT, and checks their health while it stops them;
# dockerspawner 14.0.0's SwarmSpawner gives a task on another machine no internal_ssl certificates).
patch_class_python_env() {
    local venv="$1"
    [ "${CLASS_IMAGE:-0}" = 1 ] && return 0
    apply_patches "$ROOT/scripts/class/patches/python" \
        "$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
}

# Applies each patch of the folder PATCHES (named after the package and the version it fixes,
# written up for upstream in docs/upstream/) to the folder TARGET, once: a patch that is in
# already is left alone.
apply_patches() {
    local patches="$1" target="$2" patch_file
    for patch_file in "$patches"/*.patch; do
        [ -f "$patch_file" ] || continue
        if ! command -v patch >/dev/null; then
            say "Installing Debian's patch (fixes to the class's packages)"
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq patch >/dev/null
        fi
        if patch --dry-run --reverse --silent -p1 -d "$target" < "$patch_file" >/dev/null 2>&1; then
            continue
        fi
        patch --silent --forward -p1 -d "$target" < "$patch_file" \
            || { say "The fix $(basename "$patch_file") did not apply to $target"; return 1; }
        say "Applied $(basename "$patch_file") to $target"
    done
}

# The Python packages of the class's environment: the notebooks' (less what only the tests use)
# and the hub's; in the students' image (CLASS_IMAGE=1), less what only the hub uses.
class_requirements() {
    grep -v '# tests only' "$ROOT/scripts/requirements.txt"
    if [ "${CLASS_IMAGE:-0}" = 1 ]; then
        grep -v '# hub only' "$ROOT/scripts/class/requirements.txt"
    else
        cat "$ROOT/scripts/class/requirements.txt"
    fi
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
    # configurable-http-proxy 5.3.0 redirects HTTP to HTTPS from another port only: patched to
    # answer http:// on the hub's own port with the redirect (scripts/class/patches/npm).
    apply_patches "$ROOT/scripts/class/patches/npm" "$dir/node_modules/configurable-http-proxy"
}
