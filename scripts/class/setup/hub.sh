# The hub's settings, its tokens, and whether it runs (sourced by scripts/class.sh).

# The class's administration (scripts/class/classadmin) with the class's Python, or the system's
# before the class's exists (checking a list needs nothing more).
classadmin() {
    local python="$CLASS_HOME/venv/bin/python"
    [ -x "$python" ] || python="${CLASS_PYTHON:-python3}"
    PYTHONPATH="$ROOT/scripts/class${PYTHONPATH:+:$PYTHONPATH}" MAGIC_CLASS_HOME="$CLASS_HOME" \
        "$python" -m classadmin "$@"
}

# The pid of the class's hub, if it runs (its pid file names a live process).
hub_pid() {
    local pid
    pid="$(cat "$CLASS_HOME/hub/jupyterhub.pid" 2>/dev/null || true)"
    [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# Waits until the hub answers at URL (any certificate: it is this machine's own), at most
# SECONDS; returns non-zero if it did not.
wait_for_hub() {
    "$CLASS_HOME/venv/bin/python" - "$1" "${2:-180}" <<'PYTHON'
import ssl, sys, time, urllib.request
url, deadline = sys.argv[1] + "/hub/api", time.time() + float(sys.argv[2])
context = ssl._create_unverified_context()
while time.time() < deadline:
    try:
        with urllib.request.urlopen(url, timeout=5, context=context) as answer:
            sys.exit(0 if answer.status == 200 else 1)
    except OSError:
        time.sleep(1)
sys.exit(1)
PYTHON
}

# A random token in FILE (root's only), made once.
make_token() {
    [ -s "$1" ] || (umask 077 && python3 -c 'import secrets; print(secrets.token_hex(32))' > "$1")
}

# Whether FOLDER (an absolute path, links resolved) can be changed by root alone: it and every
# folder above it are root's and writable by no other account (a sticky folder such as /tmp
# above it is allowed: nobody else can rename what root made in it).
root_only_folder() {
    local folder="$1" owner mode
    [[ "$folder" == /* ]] || return 1
    while :; do
        read -r owner mode < <(stat -c '%u %a' -- "$folder" 2>/dev/null) || return 1
        [ "$owner" = 0 ] || return 1
        if (( 8#$mode & 8#022 )) && { [ "$folder" = "$1" ] || (( ! (8#$mode & 8#1000) )); }; then
            return 1
        fi
        [ "$folder" = / ] && return 0
        folder="$(dirname -- "$folder")"
    done
}

# The PATH the hub and its services run with, whatever PATH class.sh ran with: the system's
# folders first, then each other folder of this command's PATH that root alone can change (links
# resolved), so that the hub finds the node, docker and tools the set-up found, and never runs a
# program from a folder another account can write (`sudo env PATH="$PATH" ./scripts/class.sh`
# brings a user's folders along). A folder left out is said.
trusted_path() {
    local kept="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" folder real
    local -a folders
    IFS=: read -r -a folders <<< "$PATH"
    for folder in "${folders[@]}"; do
        real="$(realpath -e -- "$folder" 2>/dev/null)" || continue
        [ -d "$real" ] || continue
        case ":$kept:" in *":$real:"*) continue ;; esac
        if root_only_folder "$real"; then
            kept="$kept:$real"
        else
            echo "class.sh: the hub's PATH leaves out $folder: an account other than root can change it, and the hub runs programs as root" >&2
        fi
    done
    printf '%s\n' "$kept"
}

# The hub's settings, in one file that both ways of running it read: systemd's EnvironmentFile
# and the shell's `.` take the same KEY="value" lines. PATH is trusted_path's, so the service
# finds the same node, docker and tools as the set-up did, and none that another account put
# there. Reads the MAGIC_CLASS_* variables.
hub_env() {
    local name value
    for name in MAGIC_CLASS_HOME MAGIC_CLASS_IP MAGIC_CLASS_PORT MAGIC_CLASS_SPAWNER MAGIC_CLASS_IMAGE \
        MAGIC_CLASS_STUDENT_HOME MAGIC_CLASS_STUDENT_CLASS_HOME MAGIC_CLASS_MEMORY MAGIC_CLASS_CPUS \
        MAGIC_CLASS_PROCESSES MAGIC_CLASS_IDLE_SECONDS MAGIC_CLASS_WARM_AHEAD_MINUTES \
        MAGIC_CLASS_SSL_CERT MAGIC_CLASS_SSL_KEY MAGIC_CLASS_TEACHING MAGIC_CLASS_CLASSES MAGIC_CLASS_OIDC_ISSUER \
        MAGIC_CLASS_OIDC_CLIENT_ID MAGIC_CLASS_OIDC_AUTHORIZE_URL MAGIC_CLASS_OIDC_TOKEN_URL MAGIC_CLASS_OIDC_USERINFO_URL \
        MAGIC_CLASS_LTI_ISSUER MAGIC_CLASS_LTI_CLIENT_ID MAGIC_CLASS_LTI_AUTHORIZE_URL MAGIC_CLASS_LTI_JWKS_URL \
        MAGIC_CLASS_LTI_USERNAME_KEY MAGIC_CLASS_LTI_TOKEN_URL MAGIC_CLASS_CLASS_NAMES MAGIC_CLASS_OIDC_LOGOUT_URL \
        MAGIC_CLASS_OIDC_CLAIMS MAGIC_CLASS_OIDC_USERNAME_CLAIM MAGIC_CLASS_OIDC_GROUPS_CLAIM \
        MAGIC_CLASS_OIDC_JWKS_URL MAGIC_CLASS_OIDC_ALGS MAGIC_CLASS_OIDC_TOKEN_ISSUER \
        MAGIC_CLASS_SWARM_ADDRESS MAGIC_CLASS_REGISTRY MAGIC_CLASS_STUDENT_UID \
        MAGIC_CLASS_NETWORK MAGIC_CLASS_BRIDGE MAGIC_CLASS_HUB_IP MAGIC_CLASS_SUBNET MAGIC_CLASS_INTERNET \
        PATH HOME; do
        value="${!name:-}"
        [ "$name" != PATH ] || value="$(trusted_path)"
        if [[ "$value" == *[\"\\\$\`]* ]] || [[ "$value" == *$'\n'* ]]; then
            echo "class.sh: $name cannot hold quotes, backslashes, '\$', backquotes or new lines ('$value'): give a plainer path" >&2
            exit 2
        fi
        printf '%s="%s"\n' "$name" "$value"
    done
}

# The hub's own settings in a hub.env file (its MAGIC_CLASS_* lines): what a running hub was
# started with, to compare with what a new set-up asks for.
hub_settings() {
    grep '^MAGIC_CLASS_' "$1" 2>/dev/null || true
}

# The address students and the teacher type: the machine's name where the hub listens on every
# interface (127.0.0.1 is the server itself, which no student's computer reaches).
public_url() {
    local scheme="$1" ip="$2" port="$3" host
    host="$ip"
    case "$ip" in
        0.0.0.0|::) host="$(hostname -f 2>/dev/null || hostname)" ;;
        *:*) host="[$ip]" ;;
    esac
    echo "$scheme://$host:$port"
}
