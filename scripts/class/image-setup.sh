#!/usr/bin/env bash
# Runs inside the students' image build (scripts/class/Dockerfile), as root: the class set-up
# functions of scripts/class/setup/ (python.sh, local.sh), into /srv/magic-tictactoe. What the build folder brings in
# prebuilt/ (scripts/class.sh puts there this machine's toolchain, Rust kernel, vendored crates
# and Python wheels) is used instead of downloading it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/defaults.env"
export CLASS_HOME="$STUDENT_CLASS_HOME" CLASS_PYTHON=/usr/bin/python3
source "$here/../setup.sh"
source "$here/setup/python.sh"
source "$here/setup/local.sh"
# The image runs students' servers, not the hub: the hub's own packages and their fixes are not
# needed here (scripts/class/setup/python.sh).
export CLASS_IMAGE=1
prebuilt="$ROOT/prebuilt"

if [ -x "$prebuilt/rust/bin/rustc" ]; then
    export PATH="$prebuilt/rust/bin:$prebuilt/bin:$PATH"
else
    export RUSTUP_HOME=/opt/rustup CARGO_HOME=/opt/cargo
    ensure_rustup
fi
python_version="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if [ -d "$prebuilt/wheels" ] && [ "$(cat "$prebuilt/wheels/python-version")" = "$python_version" ]; then
    export PIP_NO_INDEX=1 PIP_FIND_LINKS="$prebuilt/wheels"
fi
if ls "$prebuilt"/ca-certificates/*.crt >/dev/null 2>&1; then
    cp "$prebuilt"/ca-certificates/*.crt /usr/local/share/ca-certificates/
    update-ca-certificates >/dev/null
    export PIP_CERT=/etc/ssl/certs/ca-certificates.crt SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
fi
mkdir -p "$CLASS_HOME"
if [ -f "$prebuilt/vendor/.lock" ]; then
    cp -a "$prebuilt/vendor" "$CLASS_HOME/vendor"
fi

ensure_class_python_env
share_toolchain
share_crate_and_kernel
make_class_template
warm_class_cache
chmod -R a+rX "$CLASS_HOME"

# The Dockerfile copies the toolchain and the Python environment as layers of their own, and the
# rest from shared/.
mkdir -p "$CLASS_HOME/shared"
for item in "$CLASS_HOME"/*; do
    case "$(basename "$item")" in rust|venv|shared|warm-up) ;; *) mv "$item" "$CLASS_HOME/shared/" ;; esac
done
