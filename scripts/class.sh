#!/usr/bin/env bash
# A JupyterHub for a whole class on this machine: each student logs in, gets their own copy of
# the notebooks with the Rust kernel, and keeps their work. Run as root (the hub starts each
# student's server as that student's own system user).
#
#   sudo ./scripts/class.sh --students class.txt --teacher ms-ada
#
# class.txt holds one student per line: a login name (lower-case letters, digits, '-'; it
# becomes a system account). New students get an account with a random password, written to
# $CLASS_HOME/hub/passwords.txt (readable by root only) for the teacher to hand out. Run again
# with a longer list to add students; nobody's work or password changes.
#
# Options:
#   --students FILE   the class list (needed the first time)
#   --teacher NAME    the teacher's account, the hub's admin (made like a student's)
#   --ip IP           where the hub listens (default 0.0.0.0, every interface; 127.0.0.1 for
#                     this machine only)
#   --port N          the hub's port (default 8000)
#   --ssl-cert FILE --ssl-key FILE   serve HTTPS (recommended on a school network)
#   --setup-only      install and prepare everything, then stop before starting the hub
#
# Everything shared lives in $CLASS_HOME (default /srv/magic-tictactoe): the toolchain, the
# kernel, the crate and the crates it uses, the notebooks' template, the warmed compile cache,
# and the hub's state. Students' work lives in their homes: ~NAME/magic-tictactoe.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

students="" teacher="" ip="0.0.0.0" port="8000" cert="" key="" setup_only=0
while [ $# -gt 0 ]; do
    case "$1" in
        --students) students="$2"; shift 2 ;;
        --teacher) teacher="$2"; shift 2 ;;
        --ip) ip="$2"; shift 2 ;;
        --port) port="$2"; shift 2 ;;
        --ssl-cert) cert="$2"; shift 2 ;;
        --ssl-key) key="$2"; shift 2 ;;
        --setup-only) setup_only=1; shift ;;
        -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "class.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    echo "class.sh: run it as root (sudo ./scripts/class.sh ...): the hub makes an account for each student and starts their server as them" >&2
    exit 1
fi
if ! command -v useradd >/dev/null || ! command -v chpasswd >/dev/null; then
    echo "class.sh: this needs useradd and chpasswd (Linux)" >&2
    exit 1
fi

HUB_STATE="$CLASS_HOME/hub"
mkdir -p "$CLASS_HOME" "$HUB_STATE"
chmod 755 "$CLASS_HOME"
chmod 700 "$HUB_STATE"
touch "$HUB_STATE/students.txt" "$HUB_STATE/teacher.txt" "$HUB_STATE/passwords.txt"
chmod 600 "$HUB_STATE/passwords.txt"

# Makes the account NAME if it is new, with a random password noted for the teacher, and a
# home only its owner can read; adds NAME to the list LIST.
add_account() {
    local name="$1" list="$2"
    if ! [[ "$name" =~ ^[a-z][a-z0-9-]{0,30}$ ]]; then
        echo "class.sh: '$name' cannot be a login name: use lower-case letters, digits and '-', starting with a letter" >&2
        exit 2
    fi
    if ! id "$name" >/dev/null 2>&1; then
        useradd --create-home --shell /bin/bash "$name"
        local password
        password="$(python3 -c 'import secrets; print("".join(secrets.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(10)))')"
        echo "$name:$password" | chpasswd
        echo "$name $password" >> "$HUB_STATE/passwords.txt"
        say "Made the account $name"
    fi
    chmod 700 "$(getent passwd "$name" | cut -d: -f6)"
    grep -qx "$name" "$list" || echo "$name" >> "$list"
}

if [ -n "$students" ]; then
    [ -f "$students" ] || { echo "class.sh: no class list at $students" >&2; exit 2; }
    while read -r name _; do
        [ -z "$name" ] || [[ "$name" == \#* ]] || add_account "$name" "$HUB_STATE/students.txt"
    done < "$students"
fi
if [ -n "$teacher" ]; then
    add_account "$teacher" "$HUB_STATE/teacher.txt"
fi
if [ ! -s "$HUB_STATE/students.txt" ]; then
    echo "class.sh: no students yet: give a class list with --students FILE" >&2
    exit 2
fi

ensure_python_env
ensure_class_python_env
ensure_class_proxy
share_toolchain
share_crate_and_kernel
make_class_template
warm_class_cache
chmod -R a+rX "$CLASS_HOME/rust" "$CLASS_HOME/bin" "$CLASS_HOME/crate" "$CLASS_HOME/vendor" \
    "$CLASS_HOME/kernel" "$CLASS_HOME/share" "$CLASS_HOME/template" "$CLASS_HOME/evcxr-cache" \
    "$CLASS_HOME/venv" "$CLASS_HOME/proxy"

if [ "$setup_only" -eq 1 ]; then
    say "Set up in $CLASS_HOME; start the hub with the same command without --setup-only"
    exit 0
fi
say "Starting JupyterHub on $ip:$port for $(wc -l < "$HUB_STATE/students.txt") students (Ctrl-C to stop); passwords of new accounts: $HUB_STATE/passwords.txt"
export MAGIC_CLASS_HOME="$CLASS_HOME" MAGIC_CLASS_IP="$ip" MAGIC_CLASS_PORT="$port"
extra=()
if [ -n "$cert" ]; then extra+=(--JupyterHub.ssl_cert="$cert" --JupyterHub.ssl_key="$key"); fi
cd "$HUB_STATE"
exec "$CLASS_HOME/venv/bin/jupyterhub" -f "$ROOT/scripts/class/jupyterhub_config.py" "${extra[@]}"
