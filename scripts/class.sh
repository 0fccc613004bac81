#!/usr/bin/env bash
# A JupyterHub for a whole class on this machine: each student logs in, gets their own copy of
# the notebooks with the Rust kernel, and keeps their work. Each student's server runs in a
# container of their own, from the project's students' image, with limits on CPU, memory and
# processes, so that one runaway cell harms nobody else. Run as root.
#
#   sudo ./scripts/class.sh --students class.txt --teacher ms-ada
#
# class.txt holds one student per line: a login name (lower-case letters, digits, '-'; it
# becomes a system account, which the hub's login checks). New students get an account with a
# random password, written to $CLASS_HOME/hub/passwords.txt (readable by root only) for the
# teacher to hand out. Run again with a longer list to add students; nobody's work or password
# changes, and students' running servers keep running.
#
# Options:
#   --students FILE   the class list (needed the first time)
#   --teacher NAME    the teacher's account, the hub's admin (made like a student's)
#   --ip IP           where the hub listens (default 0.0.0.0, every interface; 127.0.0.1 for
#                     this machine only)
#   --port N          the hub's port (default 8000)
#   --ssl-cert FILE --ssl-key FILE   serve HTTPS with this certificate (the school's, or
#                     certbot's for the machine's DNS name), which browsers trust
#                     On any address other machines reach, the hub serves HTTPS: with no
#                     certificate given, class.sh makes one for this machine (self-signed, kept
#                     in $CLASS_HOME/hub/tls and reused) and prints its fingerprint to check
#   --plain-http      serve plain HTTP on such an address all the same: every password then
#                     crosses the school's network in clear text
#   --https           serve HTTPS on 127.0.0.1 too (a certificate is made as for any address)
#   --memory SIZE     each student's memory limit (default 2G; a warm kernel holds ~350 MB)
#   --cpus N          each student's share of the processors (default 1: one core)
#   --processes N     each student's limit on processes and threads (default 256)
#   --idle-timeout T  stop a server nobody used for T (default 60m; 90s, 2h also work); the
#                     student's work stays, and their next login starts it again
#   --base-image IMG  the base of the students' image (default debian:bookworm-slim; on a
#                     machine with no registry, scripts/class/debian-base.sh makes one)
#   --no-containers   run students' servers as their own system users instead: no limits
#   --timetable LESSONS  the lessons the class is warmed before, by itself: a day and a time
#                     each, such as "Mon 09:00, Wed 13:30" or "daily 08:50" (the server's time
#                     zone); the teacher can change it on the class page
#   --warm-ahead M    how many minutes before a lesson the timetable warms the class (default
#                     10; never more than half the idle timeout)
#   --setup-only      install and prepare everything, then stop before starting the hub
#   --foreground      run the hub in this terminal (Ctrl-C stops it) even where systemd could
#                     keep it running
#
# Where systemd runs the machine (most servers), the hub becomes a service of its own,
# magic-tictactoe-class: it starts at boot (after Docker), comes back by itself if it stops or
# crashes, and keeps running when this terminal closes; the class is backed up every night
# (magic-tictactoe-backup.timer, at 02:30, the newest 7 kept). Run the same command again (a
# longer class list, other limits) and the service restarts with the new settings; students'
# containers keep running through it. For the technician:
#
#   sudo ./scripts/class.sh status      is the hub running, since when, and its last lines
#   sudo ./scripts/class.sh stop        stop the hub (students' containers keep running)
#   sudo ./scripts/class.sh start       start it again (also: restart)
#   sudo ./scripts/class.sh logs [-f]   the hub's log (-f: follow it)
#
# Without systemd (many containers, some test machines) the command says so, and the hub runs
# in the terminal as with --foreground.
#
# Before the bell, with the hub running, warm the class: every student's server starts and
# their notebook 01's kernel starts and loads the crate, so that the first board comes at once
# when they log in. The timetable does it by itself; the teacher's class page has a button for
# it; or, as root,
#
#   sudo ./scripts/class.sh warm [NAME ...]
#
# The teacher's class page, at /services/class/ on the hub (the teacher only): the class by
# exercises as they check their answers, a student's notebook opened in one click, a notebook
# (or one exercise) started over, a notebook collected from everyone, the class warmed, the
# timetable, updated lessons brought in; docs/class-server.md shows it.
#
# Lessons reach the students through nbgitpuller from the class's course repository,
# $CLASS_HOME/course (made from the crate's notebooks the first time the hub starts): commit a
# change there, or bring in the crate's newer notebooks with
#
#   sudo ./scripts/class.sh update
#
# and each student gets the new notebooks and changed lessons at their server's next start (or
# from the link `class.sh update` prints), with every cell they changed kept as they left it.
#
# Back up the class (the hub's state, the course, every student's work and progress) to one
# archive, keeping the newest 7 in $CLASS_HOME/backups; bring a student (or the class) back:
#
#   sudo ./scripts/class.sh backup [FOLDER]
#   sudo ./scripts/class.sh restore ARCHIVE NAME [NAME ...]     (their servers stopped)
#   sudo ./scripts/class.sh restore ARCHIVE --class             (the hub stopped)
#
# Docker comes from Debian's docker.io package, installed and started when missing. Without it
# (or with --no-containers) the servers run as the students' own system users, and the limits
# are off: the command says so.
#
# Everything shared lives in $CLASS_HOME (default /srv/magic-tictactoe): the hub's state, its
# Python environment and, without containers, the toolchain, the kernel, the crate, the crates it
# uses, the notebooks' template and the warmed compile cache (with containers they are in the
# image). Students' work lives on their volume (magic-tictactoe-NAME) or, without containers,
# in their homes: ~NAME/magic-tictactoe.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

source "$ROOT/scripts/class/defaults.env"
if [ "${1:-}" = "warm" ]; then
    shift
    [ "$(id -u)" -eq 0 ] || { echo "class.sh warm: run it as root (sudo ./scripts/class.sh warm): it reads the hub's warm-up token" >&2; exit 1; }
    [ -x "$CLASS_HOME/venv/bin/python" ] || { echo "class.sh warm: no class is set up in $CLASS_HOME yet" >&2; exit 1; }
    exec "$CLASS_HOME/venv/bin/python" "$ROOT/scripts/class/warm.py" "$CLASS_HOME" "$@"
fi
if [ "${1:-}" = "backup" ] || [ "${1:-}" = "restore" ]; then
    exec "$ROOT/scripts/class/backup.sh" "$@"
fi
if [ "${1:-}" = "update" ]; then
    [ "$(id -u)" -eq 0 ] || { echo "class.sh update: run it as root (sudo ./scripts/class.sh update)" >&2; exit 1; }
    [ -s "$CLASS_HOME/hub/course-home" ] || { echo "class.sh update: no class has started in $CLASS_HOME yet: start it once first" >&2; exit 1; }
    make_course "$(cat "$CLASS_HOME/hub/course-home")" 1
    side="$(cat "$CLASS_HOME/hub/course-home")"
    say "Students get it when their server next starts, or at once from this link (share it):"
    echo "$(cat "$CLASS_HOME/hub/url" 2>/dev/null || echo "http://<the hub>")/hub/user-redirect/git-pull?repo=$side/course&branch=main&targetpath=.&urlpath=lab/tree/notebooks/01-magic-square.ipynb"
    exit 0
fi
# The hub as a systemd service: its units, and the technician's four commands.
SERVICE=magic-tictactoe-class
BACKUP_SERVICE=magic-tictactoe-backup
UNIT_DIR="${MAGIC_CLASS_UNIT_DIR:-/etc/systemd/system}"
# systemd runs this machine (sd_booted(3)'s test).
systemd_here() { [ -d /run/systemd/system ] && command -v systemctl >/dev/null; }
no_service() {
    echo "class.sh $1: systemd does not run this machine (PID 1 is $(cat /proc/1/comm 2>/dev/null || echo unknown)), so the hub is no service here: it runs in the terminal that started it, and stops with Ctrl-C there" >&2
    exit 1
}
case "${1:-}" in
    status|start|stop|restart|logs)
        action="$1"; shift
        [ "$(id -u)" -eq 0 ] || { echo "class.sh $action: run it as root (sudo ./scripts/class.sh $action)" >&2; exit 1; }
        systemd_here || no_service "$action"
        [ -f "$UNIT_DIR/$SERVICE.service" ] || { echo "class.sh $action: the hub is not installed as a service yet: set the class up first (sudo ./scripts/class.sh --students FILE ...)" >&2; exit 1; }
        case "$action" in
            status)
                state="$(systemctl is-active "$SERVICE" || true)"
                echo "The class hub ($SERVICE) is $state, $(systemctl is-enabled "$SERVICE" 2>/dev/null || echo disabled) at boot; $(cat "$CLASS_HOME/hub/url" 2>/dev/null || echo "no address yet")"
                echo "Since: $(systemctl show -p ActiveEnterTimestamp --value "$SERVICE"); restarted by systemd $(systemctl show -p NRestarts --value "$SERVICE") times since it was last started"
                echo "Next backup: $(systemctl show -p NextElapseUSecRealtime --value "$BACKUP_SERVICE.timer" 2>/dev/null || echo none) (into $CLASS_HOME/backups)"
                echo
                journalctl -u "$SERVICE" -n 10 --no-pager -o short-iso 2>/dev/null || true
                [ "$state" = active ] ;;
            start|stop|restart)
                systemctl "$action" "$SERVICE"
                echo "class.sh $action: the class hub is now $(systemctl is-active "$SERVICE" || true)" ;;
            logs)
                if [ "${1:-}" = "-f" ] || [ "${1:-}" = "--follow" ]; then
                    exec journalctl -u "$SERVICE" -f -n 50 -o short-iso
                fi
                exec journalctl -u "$SERVICE" -n "${1:-200}" --no-pager -o short-iso ;;
        esac
        exit $? ;;
esac
students="" teacher="" ip="0.0.0.0" port="8000" cert="" key="" plain_http=0 https=0 setup_only=0 containers=1
memory="$STUDENT_MEMORY" cpus="$STUDENT_CPUS" processes="$STUDENT_PROCESSES" idle="$IDLE_TIMEOUT"
foreground=0
timetable="" timetable_given=0 warm_ahead="${MAGIC_CLASS_WARM_AHEAD_MINUTES:-10}"
base_image="debian:bookworm-slim"
while [ $# -gt 0 ]; do
    case "$1" in
        --memory) memory="$2"; shift 2 ;;
        --cpus) cpus="$2"; shift 2 ;;
        --processes) processes="$2"; shift 2 ;;
        --idle-timeout) idle="$2"; shift 2 ;;
        --base-image) base_image="$2"; shift 2 ;;
        --no-containers) containers=0; shift ;;
        --students) students="$2"; shift 2 ;;
        --teacher) teacher="$2"; shift 2 ;;
        --ip) ip="$2"; shift 2 ;;
        --port) port="$2"; shift 2 ;;
        --ssl-cert) cert="$2"; shift 2 ;;
        --ssl-key) key="$2"; shift 2 ;;
        --plain-http) plain_http=1; shift ;;
        --https) https=1; shift ;;
        --timetable) timetable="$2"; timetable_given=1; shift 2 ;;
        --warm-ahead) warm_ahead="$2"; shift 2 ;;
        --setup-only) setup_only=1; shift ;;
        --foreground) foreground=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "class.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

[[ "$memory" =~ ^[0-9]+[kmgKMG]?$ ]] || { echo "class.sh: --memory takes a size such as 2G or 1500M, not '$memory'" >&2; exit 2; }
[[ "$cpus" =~ ^[0-9]+(\.[0-9]+)?$ ]] && [ "$cpus" != 0 ] || { echo "class.sh: --cpus takes a number of cores such as 1 or 0.5, not '$cpus'" >&2; exit 2; }
[[ "$processes" =~ ^[0-9]+$ ]] && [ "$processes" -ge 32 ] || { echo "class.sh: --processes takes a whole number of at least 32 (a server and its kernel run about 20), not '$processes'" >&2; exit 2; }
if [[ "$idle" =~ ^([0-9]+)(s|m|h)?$ ]]; then
    case "${BASH_REMATCH[2]:-m}" in s) idle_seconds=${BASH_REMATCH[1]} ;; m) idle_seconds=$((BASH_REMATCH[1] * 60)) ;; h) idle_seconds=$((BASH_REMATCH[1] * 3600)) ;; esac
else
    echo "class.sh: --idle-timeout takes a time such as 60m, 90s or 2h, not '$idle'" >&2; exit 2
fi
[ "$idle_seconds" -ge 10 ] || { echo "class.sh: --idle-timeout must be at least 10s" >&2; exit 2; }
[[ "$warm_ahead" =~ ^[0-9]+$ ]] && [ "$warm_ahead" -ge 1 ] && [ "$warm_ahead" -le 120 ] || { echo "class.sh: --warm-ahead takes a number of minutes from 1 to 120, not '$warm_ahead'" >&2; exit 2; }
if { [ -n "$cert" ] && [ -z "$key" ]; } || { [ -z "$cert" ] && [ -n "$key" ]; }; then
    echo "class.sh: HTTPS needs both --ssl-cert FILE and --ssl-key FILE" >&2; exit 2
fi
if [ "$plain_http" -eq 1 ] && { [ -n "$cert" ] || [ "$https" -eq 1 ]; }; then
    echo "class.sh: --plain-http cannot go with --https or --ssl-cert" >&2; exit 2
fi
if [ -n "$cert" ]; then
    for file in "$cert" "$key"; do
        [ -r "$file" ] || { echo "class.sh: cannot read $file" >&2; exit 2; }
    done
fi
# Only this machine reaches a loopback address: plain HTTP there crosses no network.
case "$ip" in 127.*|::1|localhost) loopback=1 ;; *) loopback=0 ;; esac

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

# A certificate for this machine, when the hub must serve HTTPS and none was given: made once
# (self-signed, for the machine's names and addresses, 825 days) and reused, so that a browser
# told to trust it keeps trusting it. Sets cert, key and fingerprint.
make_certificate() {
    local dir="$HUB_STATE/tls" host names address
    cert="$dir/hub.crt" key="$dir/hub.key"
    if ! command -v openssl >/dev/null; then
        say "Installing Debian's openssl (the hub's certificate)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >/dev/null
    fi
    if [ ! -s "$cert" ] || [ ! -s "$key" ]; then
        mkdir -p "$dir"
        chmod 700 "$dir"
        host="$(hostname -f 2>/dev/null || hostname)"
        names="DNS:$host,DNS:localhost,IP:127.0.0.1"
        [ "$(hostname)" = "$host" ] || names+=",DNS:$(hostname)"
        for address in $(hostname -I 2>/dev/null || true); do names+=",IP:$address"; done
        case "$ip" in 0.0.0.0|::|127.0.0.1) ;; *) [[ "$ip" =~ ^[0-9.:a-fA-F]+$ ]] && names+=",IP:$ip" || names+=",DNS:$ip" ;; esac
        (umask 077 && openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 825 -subj "/CN=$host" \
            -addext "subjectAltName=$names" -keyout "$key" -out "$cert" 2>/dev/null)
        say "Made a certificate for this machine (self-signed, for $names): $cert"
    fi
    fingerprint="$(openssl x509 -in "$cert" -noout -fingerprint -sha256 | cut -d= -f2)"
}
if [ -z "$cert" ] && [ "$plain_http" -eq 0 ] && { [ "$loopback" -eq 0 ] || [ "$https" -eq 1 ]; }; then
    make_certificate
fi

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

# The class runs on its own Python environment ($CLASS_HOME/venv): the checkout's .venv (the
# notebooks' and the tests' tools, Chromium's driver among them) is not needed on a class server.
ensure_class_python_env
ensure_class_proxy
if [ "$containers" -eq 1 ] && ! ensure_docker; then
    containers=0
fi
if [ "$containers" -eq 1 ]; then
    ensure_student_image "$base_image"
    chmod -R a+rX "$CLASS_HOME/venv" "$CLASS_HOME/proxy"
    spawner="docker"
    walls="each in a container from $STUDENT_IMAGE:$STUDENT_IMAGE_TAG with $memory of memory, $cpus CPU, $processes processes"
else
    share_toolchain
    share_crate_and_kernel
    make_class_template
    warm_class_cache
    chmod -R a+rX "$CLASS_HOME/rust" "$CLASS_HOME/bin" "$CLASS_HOME/crate" "$CLASS_HOME/vendor" \
        "$CLASS_HOME/kernel" "$CLASS_HOME/share" "$CLASS_HOME/template" "$CLASS_HOME/evcxr-cache" \
        "$CLASS_HOME/venv" "$CLASS_HOME/proxy"
    spawner="local"
    walls="as their own system users, WITH NO LIMITS: one student's runaway cell can slow or stop everyone's (install Docker for containers with limits)"
    say "Limits are off: students' servers run as their own system users, not in containers"
fi

if ! command -v git >/dev/null; then
    say "Installing Debian's git (the course repository)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git >/dev/null
fi
[ "$containers" -eq 1 ] && side_home="$STUDENT_CLASS_HOME" || side_home="$CLASS_HOME"
# The course's notebooks name the crate where the students' servers see it: if that changed
# (containers on or off), the course's notebooks are made again.
previous_side="$(cat "$HUB_STATE/course-home" 2>/dev/null || true)"
make_course "$side_home" "$([ -n "$previous_side" ] && [ "$previous_side" != "$side_home" ] && echo 1 || echo 0)"
echo "$side_home" > "$HUB_STATE/course-home"
if [ "$timetable_given" -eq 1 ]; then
    # Read by the class page's own code, which the page uses to read it back.
    MAGIC_CLASS_HOME="$CLASS_HOME" "$CLASS_HOME/venv/bin/python" - "$ROOT/scripts/class" "$timetable" <<'PYTHON' || exit 2
import sys
sys.path.insert(0, sys.argv[1])
from classpage import tasks
try:
    lessons = tasks.save_timetable(sys.argv[2])
except ValueError as problem:
    sys.exit(f"class.sh: --timetable: {problem}")
print("\n".join(tasks.lesson_words(lesson) for lesson in lessons) or "(none)", file=sys.stderr)
PYTHON
    say "Timetable saved: the class page warms the class $warm_ahead minutes before each lesson above"
fi

if [ "$setup_only" -eq 1 ]; then
    say "Set up in $CLASS_HOME; start the hub with the same command without --setup-only"
    exit 0
fi
if [ -n "${fingerprint:-}" ]; then
    say "HTTPS with the certificate made for this machine. A browser warns the first time: accept it only if the certificate's SHA-256 fingerprint is $fingerprint (for one browsers trust, give the school's certificate, or certbot's for a DNS name, with --ssl-cert and --ssl-key)"
elif [ -z "$cert" ] && [ "$loopback" -eq 0 ]; then
    say "Plain HTTP on $ip, as asked (--plain-http): every student's password crosses the network in clear text"
fi
# For `class.sh warm`: where this hub answers on this machine, and the token of its warm-up
# service (root only).
[ "$ip" = "0.0.0.0" ] && local_ip="127.0.0.1" || local_ip="$ip"
echo "$([ -n "$cert" ] && echo https || echo http)://$local_ip:$port" > "$HUB_STATE/url"
if [ ! -s "$HUB_STATE/warm-up.token" ]; then
    (umask 077 && python3 -c 'import secrets; print(secrets.token_hex(32))' > "$HUB_STATE/warm-up.token")
fi

# The hub's settings, in one file that both ways of running it read: systemd's EnvironmentFile
# and the shell's `.` take the same KEY="value" lines. PATH is this command's, so the service
# finds the same node, docker and tools as the set-up did.
hub_env() {
    local name value
    for name in MAGIC_CLASS_HOME MAGIC_CLASS_IP MAGIC_CLASS_PORT MAGIC_CLASS_SPAWNER MAGIC_CLASS_IMAGE \
        MAGIC_CLASS_STUDENT_HOME MAGIC_CLASS_STUDENT_CLASS_HOME MAGIC_CLASS_MEMORY MAGIC_CLASS_CPUS \
        MAGIC_CLASS_PROCESSES MAGIC_CLASS_IDLE_SECONDS MAGIC_CLASS_WARM_AHEAD_MINUTES \
        MAGIC_CLASS_SSL_CERT MAGIC_CLASS_SSL_KEY PATH HOME; do
        value="${!name:-}"
        if [[ "$value" == *[\"\\\$\`]* ]] || [[ "$value" == *$'\n'* ]]; then
            echo "class.sh: $name cannot hold quotes, backslashes, '\$', backquotes or new lines ('$value'): give a plainer path" >&2
            exit 2
        fi
        printf '%s="%s"\n' "$name" "$value"
    done
}
MAGIC_CLASS_HOME="$CLASS_HOME" MAGIC_CLASS_IP="$ip" MAGIC_CLASS_PORT="$port" \
    MAGIC_CLASS_SPAWNER="$spawner" MAGIC_CLASS_IMAGE="$STUDENT_IMAGE:$STUDENT_IMAGE_TAG" \
    MAGIC_CLASS_STUDENT_HOME="$STUDENT_HOME" MAGIC_CLASS_STUDENT_CLASS_HOME="$STUDENT_CLASS_HOME" MAGIC_CLASS_MEMORY="$memory" MAGIC_CLASS_CPUS="$cpus" \
    MAGIC_CLASS_PROCESSES="$processes" MAGIC_CLASS_IDLE_SECONDS="$idle_seconds" MAGIC_CLASS_WARM_AHEAD_MINUTES="$warm_ahead" \
    MAGIC_CLASS_SSL_CERT="$cert" MAGIC_CLASS_SSL_KEY="$key" \
    hub_env > "$HUB_STATE/hub.env.partial"
chmod 600 "$HUB_STATE/hub.env.partial"
mv "$HUB_STATE/hub.env.partial" "$HUB_STATE/hub.env"
hub_command=("$CLASS_HOME/venv/bin/jupyterhub" -f "$ROOT/scripts/class/jupyterhub_config.py")
students_now="$(wc -l < "$HUB_STATE/students.txt")"

if [ "$foreground" -eq 0 ] && systemd_here; then
    # The hub's service, and the nightly backup's, written afresh at every set-up so that they
    # follow this checkout and this class. Docker is wanted before the hub (not required: the hub
    # outlives a restart of Docker's daemon, and notices the containers it took with it).
    docker_units=""
    if [ "$spawner" = "docker" ] && systemctl cat docker.service >/dev/null 2>&1; then
        systemctl enable --quiet docker.service 2>/dev/null || true
        docker_units=" docker.service"
    fi
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$SERVICE.service" <<UNIT
# Written by $ROOT/scripts/class.sh: run it again rather than editing this file.
[Unit]
Description=The class's JupyterHub (magic-tictactoe, $CLASS_HOME)
Documentation=file://$ROOT/docs/class-server.md
Wants=network-online.target$docker_units
After=network-online.target$docker_units

[Service]
Type=simple
WorkingDirectory=$HUB_STATE
EnvironmentFile=$HUB_STATE/hub.env
ExecStart="${hub_command[0]}" -f "${hub_command[2]}"
# Back by itself after a crash or a kill, whatever the cause.
Restart=always
RestartSec=5
# The hub's own processes (its proxy, the class page, the idle culler) stop with it; students'
# containers belong to Docker and keep running, and the hub takes them back when it starts.
TimeoutStopSec=30

[Install]
WantedBy=multi-user.target
UNIT
    cat > "$UNIT_DIR/$BACKUP_SERVICE.service" <<UNIT
# Written by $ROOT/scripts/class.sh: run it again rather than editing this file.
[Unit]
Description=Back up the class (magic-tictactoe, $CLASS_HOME)
Documentation=file://$ROOT/docs/class-server.md

[Service]
Type=oneshot
Environment="CLASS_HOME=$CLASS_HOME" "PATH=$PATH"
ExecStart="$ROOT/scripts/class.sh" backup
Nice=10
IOSchedulingClass=idle
UNIT
    cat > "$UNIT_DIR/$BACKUP_SERVICE.timer" <<UNIT
# Written by $ROOT/scripts/class.sh: run it again rather than editing this file.
[Unit]
Description=Back up the class every night (magic-tictactoe, $CLASS_HOME)
Documentation=file://$ROOT/docs/class-server.md

[Timer]
OnCalendar=*-*-* 02:30:00
RandomizedDelaySec=15min
# A night the machine was off is made up for when it starts.
Persistent=true

[Install]
WantedBy=timers.target
UNIT
    systemctl daemon-reload
    systemctl enable --quiet "$SERVICE.service" "$BACKUP_SERVICE.timer"
    say "Starting the class hub as the service $SERVICE on $ip:$port for $students_now students, $walls; idle servers stop after $idle"
    systemctl restart "$SERVICE.service"
    systemctl restart "$BACKUP_SERVICE.timer"
    url="$(cat "$HUB_STATE/url")"
    if ! "$CLASS_HOME/venv/bin/python" - "$url" <<'PYTHON'
import ssl, sys, time, urllib.request
url, deadline = sys.argv[1] + "/hub/api", time.time() + 180
context = ssl._create_unverified_context()  # the machine's own certificate: any is fine here
while time.time() < deadline:
    try:
        with urllib.request.urlopen(url, timeout=5, context=context) as answer:
            sys.exit(0 if answer.status == 200 else 1)
    except OSError:
        time.sleep(1)
sys.exit(1)
PYTHON
    then
        journalctl -u "$SERVICE" -n 30 --no-pager >&2 || true
        echo "class.sh: the hub's service did not answer at $url within 3 minutes: its last lines are above (all of them: sudo ./scripts/class.sh logs)" >&2
        exit 1
    fi
    say "The class hub runs as the service $SERVICE, and starts by itself at boot and after a crash. Students and the teacher log in at $( [ -n "$cert" ] && echo https || echo http )://$( [ "$ip" = "0.0.0.0" ] && (hostname -f 2>/dev/null || hostname) || echo "$ip" ):$port/ (passwords of new accounts: $HUB_STATE/passwords.txt). The class is backed up every night into $CLASS_HOME/backups. For the technician: sudo ./scripts/class.sh status | stop | start | logs"
    exit 0
fi

if [ "$foreground" -eq 0 ]; then
    say "systemd does not run this machine (PID 1 is $(cat /proc/1/comm 2>/dev/null || echo unknown)), so the hub runs in this terminal and stops with it: keep it open (or use tmux), and run this command again after a restart"
fi
say "Starting JupyterHub on $ip:$port for $students_now students, $walls; idle servers stop after $idle (Ctrl-C to stop the hub); passwords of new accounts: $HUB_STATE/passwords.txt"
set -a
# shellcheck source=/dev/null
. "$HUB_STATE/hub.env"
set +a
cd "$HUB_STATE"
exec "${hub_command[@]}"
