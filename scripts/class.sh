#!/usr/bin/env bash
# A JupyterHub for a whole class on this machine: each student logs in, gets their own copy of
# the notebooks with the Rust kernel, and keeps their work. Each student's server runs in a
# container of their own, from the project's students' image, with limits on CPU, memory and
# processes, so that one runaway cell harms nobody else. Run as root.
#
#   sudo ./scripts/class.sh --students class.txt --teacher ms-ada
#
# class.txt is the class list as the teacher has it: a name a line ("Ada Lovelace"), or a
# spreadsheet saved as CSV whose first row names its columns (name, or first name and last name;
# login; class), from Windows or anywhere. Each student gets a login made from their name (the
# first name, or first-l where two share it; any login the list gives is kept) and a password the
# hub keeps hashed; nobody gets an account of this machine (but without containers), and an
# account the machine has (root, bin, a colleague's) is never taken over. The whole list is
# checked before anything is made: a problem is said with its line, and nothing changes. The
# first passwords wait on the teacher's class page, as slips to print and cut.
#
# The class keeps its settings (every option below but --students, --check, --class, --teacher,
# --timetable, --setup-only and --foreground) in $CLASS_HOME/hub/settings.json: each run starts
# from the last one's, changes only those its options name, and says which. So run it again with
# just a longer list (sudo ./scripts/class.sh --students class.txt) to add students, also while
# the class runs: the running hub gets them at once, nothing restarts, nobody's work or password
# changes, and HTTPS, the school's login, the limits stay as they were. The settings:
#
#   sudo ./scripts/class.sh config                  every setting, and its default
#   sudo ./scripts/class.sh config set memory 3G    one of them (checked), for the next run
#   sudo ./scripts/class.sh config unset oidc       back to its default (oidc, lti: the whole login)
#   sudo ./scripts/class.sh                         the class as set (with no option)
#
# Or, one at a time:
#
#   sudo ./scripts/class.sh add "Grace Hopper" [--class 7B]   a latecomer (prints her password)
#   sudo ./scripts/class.sh password LOGIN                    a new password for a forgotten one
#   sudo ./scripts/class.sh remove LOGIN                      out of the class (the work is kept)
#   sudo ./scripts/class.sh students                          who is in the class
#   sudo ./scripts/class.sh slips slips.html                  first passwords still to hand out (root's only)
#
# (the teacher does the same from the class page, without a root shell).
#
# Options:
#   --students FILE   the class list (needed the first time)
#   --check           read the class list, say what it would make (or what is wrong in it), and
#                     change nothing
#   --class NAME      the class of the list's students who have none in a class column
#   --teacher NAME    the teacher ("Ada Byron", or a login such as ms-ada): with --class, the
#                     teacher of that class only (run class.sh once a class, for several); with
#                     no --class, the hub's admin, who looks after every class
#   --oidc ISSUER --oidc-client ID --oidc-secret FILE --classes "7B, 8C"
#                     the school's own login (OpenID Connect: Microsoft Entra, Keycloak, any
#                     provider whose login names its groups) instead of the class's passwords:
#                     a pupil's class and a teacher's classes come from the login's groups
#                     ("7B"; "teachers-of-7B"; "class-admins" for the hub's admins), among the
#                     classes given here; FILE holds the client's secret (needs containers)
#   --oidc-username-claim CLAIM  the claim that names a newcomer (default preferred_username;
#                     upn for Microsoft Entra; a person is always their provider's sub, and an
#                     e-mail names someone only when the provider verified it)
#   --oidc-groups-claim CLAIM    the claim that lists a login's groups (default groups)
#   --oidc-claims userinfo|id_token  where the claims are (default userinfo; id_token for a
#                     provider that puts them there only, as Microsoft Entra does)
#   --lti ISSUER --lti-client ID --lti-authorize URL --lti-jwks URL --classes "7B, 8C"
#                     the school's LMS (LTI 1.3: Moodle, Canvas) logs pupils and teachers in
#                     from a lesson's link: the course (its label) is the class, Learner a
#                     pupil, Instructor or TeachingAssistant its teacher; anyone else is refused
#   --lti-username CLAIM   the launch's claim that names the person (default preferred_username;
#                     custom_username for a custom parameter username=$User.username)
#   --lti-token URL   the LMS's token URL (Moodle's .../mod/lti/token.php, Canvas's
#                     .../login/oauth2/token): the tool then reads each course's class list
#                     (names and roles) and sends each pupil's score per notebook to the
#                     course's gradebook (assignment and grade services)
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
#                     machine with no registry, scripts/class/debian-base.sh makes one). All
#                     that a class downloads, ahead of it: sudo ./scripts/class.sh prepare [--base-image IMG]
#   --internet yes|no  whether students' containers reach the internet (default yes: crates.io
#                     for a learner's own :dep); never this machine's services but the hub, nor
#                     the school's network or any private address, nor one another
#   --no-containers   run students' servers as their own system users instead: no limits, and
#                     no walls between students (each can reach the others' kernels);
#                     --containers goes back to containers
#   --swarm ADDRESS   a class over several machines: this one (at ADDRESS on the school's
#                     network) becomes a Docker Swarm's manager, and each lab PC that joins
#                     runs students' servers too; the students' homes stay on this machine
#                     (docs/class-server.md, "A class over several machines"). A PC joins with
#                     the script `sudo ./scripts/class.sh join-script > join.sh` makes: sudo sh join.sh
#   --registry HOST:PORT  the registry the PCs take the students' image from (default
#                     ADDRESS:5000: Debian's docker-registry on this machine)
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
# (magic-tictactoe-backup.timer, at 02:30, the newest 7 kept). Run class.sh again with other
# settings (other limits) and the service restarts with them; students' containers keep running
# through it. For the technician:
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
#   sudo ./scripts/class.sh restore ARCHIVE NAME [NAME ...]    a student's work as it was then
#   sudo ./scripts/class.sh restore ARCHIVE NAME --notebook notebooks/03-pick-15.ipynb
#   sudo ./scripts/class.sh restore ARCHIVE --class            the whole class
#
# A restore stops what it must by itself (the students' servers; for the whole class, the hub,
# started again after), and never loses newer work: a file it would put back over a different
# one keeps that one beside it, as "NAME (before the restore DATE).ipynb".
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
for module in python local docker swarm course tls service hub login; do
    # shellcheck source=/dev/null
    source "$ROOT/scripts/class/setup/$module.sh"
done
HUB_STATE="$CLASS_HOME/hub"

as_root() {
    [ "$(id -u)" -eq 0 ] || { echo "class.sh $1: run it as root (sudo ./scripts/class.sh $1 ...)" >&2; exit 1; }
}
set_up_already() {
    [ -x "$CLASS_HOME/venv/bin/python" ] || { echo "class.sh $1: no class is set up in $CLASS_HOME yet: set it up first (sudo ./scripts/class.sh --students FILE ...)" >&2; exit 1; }
}
# Without containers, students are system accounts (the hub's settings say which).
system_accounts() {
    grep -q '^MAGIC_CLASS_SPAWNER="local"' "$HUB_STATE/hub.env" 2>/dev/null && echo --system-accounts || true
}

case "${1:-}" in
    warm)
        shift
        as_root warm
        set_up_already warm
        exec "$CLASS_HOME/venv/bin/python" "$ROOT/scripts/class/warm.py" "$CLASS_HOME" "$@" ;;
    backup|restore)
        as_root "$1"
        set_up_already "$1"
        PYTHONPATH="$ROOT/scripts/class" MAGIC_CLASS_HOME="$CLASS_HOME" exec "$CLASS_HOME/venv/bin/python" -m classadmin.backup "$@" ;;
    update)
        as_root update
        [ -s "$HUB_STATE/course-home" ] || { echo "class.sh update: no class has started in $CLASS_HOME yet: start it once first" >&2; exit 1; }
        make_course "$(cat "$HUB_STATE/course-home")" 1
        say "Students get it when their server next starts, or at once from this link (share it):"
        echo "$(cat "$HUB_STATE/public-url" 2>/dev/null || echo "https://<the hub>")/hub/user-redirect/git-pull?repo=$(cat "$HUB_STATE/course-home")/course&branch=main&targetpath=.&urlpath=lab/tree/notebooks/01-magic-square.ipynb"
        exit 0 ;;
    config)
        shift
        classadmin config "$@"
        exit $? ;;
    add|remove|password|students|slips)
        command="$1"
        shift
        as_root "$command"
        set_up_already "$command"
        [ "$command" = students ] && command=list
        classadmin $(system_accounts) "$command" "$@"
        exit $? ;;
    status|start|stop|restart|logs)
        service_command "$@"
        exit $? ;;
    join-script)
        as_root join-script
        set_up_already join-script
        # It holds the swarm's token and the PCs' key: `class.sh join-script > join.sh` leaves it
        # root's only, whatever the shell's umask made of the file.
        [ ! -f /dev/stdout ] || chmod 600 /dev/stdout
        join_script
        exit 0 ;;
    prepare)
        # Everything a class needs from the network, ahead of it: the hub's Python environment and
        # proxy, Docker and the students' image (rebuilt only when its sources changed). A class
        # set up after needs no download: class.sh prepare [--base-image IMG]
        as_root prepare
        [ $# -eq 1 ] || { [ $# -eq 3 ] && [ "$2" = "--base-image" ]; } \
            || { echo "class.sh prepare: takes only --base-image IMG" >&2; exit 2; }
        mkdir -p "$CLASS_HOME" && chmod 755 "$CLASS_HOME"
        ensure_class_python_env
        ensure_class_proxy
        command -v git >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git >/dev/null; }
        ensure_docker || exit 1
        ensure_student_image "${3:-debian:bookworm-slim}" || exit 1
        say "Prepared in $CLASS_HOME: a class set up now needs no download"
        exit 0 ;;
esac

# The options over the class's kept settings (classadmin/config.py: each setting's default and
# check, in $CLASS_HOME/hub/settings.json): a run changes only what its options name, says what it
# changed, and refuses a mix the class cannot run with before anything is installed or made.
case " $* " in *" -h "*|*" --help "*) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;; esac
options="$(classadmin config options "$@")" || exit 2
eval "$options"

# The class list (and the teacher) first, before anything is installed or made: every problem
# in it is said, with its line, and nothing changes. --check stops here.
list_args=()
[ -n "$students" ] && list_args+=("$students")
[ -n "$klass" ] && list_args+=(--class "$klass")
[ -n "$teacher" ] && list_args+=(--teacher "$teacher")
if [ "$check_only" -eq 1 ]; then
    [ -n "$students" ] || [ -n "$teacher" ] || { echo "class.sh --check: give the class list to check with --students FILE" >&2; exit 2; }
    classadmin check "${list_args[@]}"
    exit $?
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "class.sh: run it as root (sudo ./scripts/class.sh ...): it installs the hub and Docker and makes the class's accounts" >&2
    exit 1
fi
if [ ${#list_args[@]} -gt 0 ] && { [ -n "$students" ] || [ -n "$teacher" ]; }; then
    classadmin check "${list_args[@]}" >/dev/null || exit 2
fi

mkdir -p "$CLASS_HOME" "$HUB_STATE"
chmod 755 "$CLASS_HOME"
chmod 700 "$HUB_STATE"
install_class_code
running_pid="$(hub_pid || true)"

if [ -z "$cert" ] && [ "$plain_http" -eq 0 ] && { [ "$loopback" -eq 0 ] || [ "$https" -eq 1 ]; }; then
    make_certificate "$ip"
fi

# The class runs on its own Python environment ($CLASS_HOME/venv): the checkout's .venv (the
# notebooks' and the tests' tools, Chromium's driver among them) is not needed on a class server.
ensure_class_python_env
ensure_class_proxy
if [ "$containers" -eq 1 ] && ! ensure_docker; then
    containers=0
fi
if [ "$containers" -eq 1 ]; then
    # (Not in an `if`: its every step must stop the set-up when it fails.)
    ensure_student_image "$base_image"
    chmod -R a+rX "$CLASS_HOME/venv" "$CLASS_HOME/proxy"
    spawner="docker"
    [ -n "$swarm" ] || ensure_class_network
    walls="each in a container from $STUDENT_IMAGE:$STUDENT_IMAGE_TAG with $memory of memory, $cpus CPU, $processes processes, alone on the class's network ($([ "$internet" = yes ] && echo "the internet open to it" || echo "no internet"), never the school's network)"
    if [ -n "$swarm" ]; then
        ensure_swarm "$swarm"
        ensure_swarm_network "$swarm"
        ensure_homes_account
        push_student_image "$registry"
        spawner="swarm"
        walls="each in a container on one of the swarm's $(docker node ls -q | wc -l) machines, from $swarm_image with $memory of memory, $cpus CPU, $processes processes (another PC joins with: sudo ./scripts/class.sh join-script > join.sh)"
    fi
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
# (containers on or off), they follow it.
make_course "$side_home" 0 "$(cat "$HUB_STATE/course-home" 2>/dev/null || true)"
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

# Where the hub answers on this machine (class.sh warm, the accounts), and where students and the
# teacher log in; the tokens of the warm-up and of the class's accounts (root only).
scheme="$([ -n "$cert" ] && echo https || echo http)"
[ "$ip" = "0.0.0.0" ] && local_ip="127.0.0.1" || local_ip="$ip"
echo "$scheme://$local_ip:$port" > "$HUB_STATE/url"
public_url "$scheme" "$ip" "$port" > "$HUB_STATE/public-url"
login_at="$(cat "$HUB_STATE/public-url")/"
make_token "$HUB_STATE/warm-up.token"
make_token "$HUB_STATE/class-accounts.token"

# The accounts: a class of an earlier version comes over (its clear-text passwords into the
# hub, hashed), then the list's new people are made, all or none. A running hub gets them
# through its API at once.
[ "$spawner" = local ] && system_flag=(--system-accounts) || system_flag=()
classadmin "${system_flag[@]}" sync
if [ -n "$students" ] || [ -n "$teacher" ]; then
    classadmin "${system_flag[@]}" apply "${list_args[@]}" || exit 2
fi
# grep -c reads the whole list: grep -q would stop at the first student and could leave
# classadmin writing into a closed pipe.
students_now="$(classadmin list | grep -c $'\tstudent$' || true)"
if [ -n "$oidc" ]; then
    school_login "$oidc" "$oidc_client" "$oidc_secret" "$classes" "$oidc_username_claim" "$oidc_groups_claim" "$oidc_claims"
    students_now="the school login's"
elif [ -n "$lti" ]; then
    school_lms "$lti" "$lti_client" "$lti_authorize" "$lti_jwks" "$classes" "$lti_username" "$lti_token"
    students_now="the LMS's"
elif [ "$students_now" -eq 0 ]; then
    echo "class.sh: no students yet: give a class list with --students FILE" >&2
    exit 2
fi
# (grep finds no slip once the teacher has handed them out: that is no failure.)
slips_waiting="$(classadmin slips | { grep -o 'class="slip"' || true; } | wc -l)"
slips_said=""
[ "$slips_waiting" -gt 0 ] && slips_said="; $slips_waiting first passwords wait to be printed from the class page (Students), or: sudo ./scripts/class.sh slips slips.html"

if [ "$setup_only" -eq 1 ]; then
    classadmin config options --save "$@"
    say "Set up in $CLASS_HOME; start the hub with the same command without --setup-only$slips_said"
    exit 0
fi
if [ -n "${fingerprint:-}" ]; then
    say "HTTPS with the certificate made for this machine. A browser warns the first time: accept it only if the certificate's SHA-256 fingerprint is $fingerprint (for one browsers trust, give the school's certificate, or certbot's for a DNS name, with --ssl-cert and --ssl-key)"
elif [ -z "$cert" ] && [ "$loopback" -eq 0 ]; then
    say "Plain HTTP on $ip, as asked (--plain-http): every student's password crosses the network in clear text"
fi

MAGIC_CLASS_HOME="$CLASS_HOME" MAGIC_CLASS_IP="$ip" MAGIC_CLASS_PORT="$port" \
    MAGIC_CLASS_SPAWNER="$spawner" MAGIC_CLASS_IMAGE="${swarm_image:-$STUDENT_IMAGE:$STUDENT_IMAGE_TAG}" \
    MAGIC_CLASS_SWARM_ADDRESS="$swarm" MAGIC_CLASS_REGISTRY="$registry" MAGIC_CLASS_STUDENT_UID="${swarm_uid:-$STUDENT_UID}" \
    MAGIC_CLASS_STUDENT_HOME="$STUDENT_HOME" MAGIC_CLASS_STUDENT_CLASS_HOME="$STUDENT_CLASS_HOME" MAGIC_CLASS_MEMORY="$memory" MAGIC_CLASS_CPUS="$cpus" \
    MAGIC_CLASS_PROCESSES="$processes" MAGIC_CLASS_IDLE_SECONDS="$idle_seconds" MAGIC_CLASS_WARM_AHEAD_MINUTES="$warm_ahead" \
    MAGIC_CLASS_SSL_CERT="$cert" MAGIC_CLASS_SSL_KEY="$key" \
    MAGIC_CLASS_NETWORK="${class_network:-}" MAGIC_CLASS_BRIDGE="${class_bridge:-}" \
    MAGIC_CLASS_HUB_IP="${class_hub_ip:-}" MAGIC_CLASS_INTERNET="$internet" \
    MAGIC_CLASS_TEACHING="$(classadmin teaching)" \
    hub_env > "$HUB_STATE/hub.env.partial"
chmod 600 "$HUB_STATE/hub.env.partial"

# A hub that runs already: with the same settings it has the class's changes already (through
# its API), and nothing restarts; with other settings, systemd restarts it, and a hub running in
# another terminal is left alone, with a sentence.
if [ -n "$running_pid" ] && [ "$(hub_settings "$HUB_STATE/hub.env")" = "$(hub_settings "$HUB_STATE/hub.env.partial")" ] \
    && [ "$timetable_given" -eq 0 ]; then
    rm -f "$HUB_STATE/hub.env.partial"
    classadmin config options --save "$@"
    say "The class hub runs already (pid $running_pid) with these settings: it has the class list's changes, and nothing was restarted. $students_now students log in at $login_at$slips_said"
    exit 0
fi
if [ -n "$running_pid" ] && { [ "$foreground" -eq 1 ] || ! service_running; }; then
    rm -f "$HUB_STATE/hub.env.partial"
    echo "class.sh: the class hub runs already (pid $running_pid, in another terminal) with other settings: the class list's changes are in it, but new settings need it stopped first (Ctrl-C where it runs), then this command again" >&2
    exit 1
fi
# The settings this run starts the hub with are the class's from now on (a refused run above
# keeps the earlier ones).
classadmin config options --save "$@"
mv "$HUB_STATE/hub.env.partial" "$HUB_STATE/hub.env"

if [ "$foreground" -eq 0 ] && systemd_here; then
    install_units "$spawner"
    say "Starting the class hub as the service $SERVICE on $ip:$port for $students_now students, $walls; idle servers stop after $idle"
    systemctl restart "$SERVICE.service"
    systemctl restart "$BACKUP_SERVICE.timer"
    if ! wait_for_hub "$(cat "$HUB_STATE/url")" 180; then
        journalctl -u "$SERVICE" -n 30 --no-pager >&2 || true
        echo "class.sh: the hub's service did not answer at $(cat "$HUB_STATE/url") within 3 minutes: its last lines are above (all of them: sudo ./scripts/class.sh logs)" >&2
        exit 1
    fi
    say "The class hub runs as the service $SERVICE, and starts by itself at boot and after a crash. Students and the teacher log in at $login_at$slips_said. The class is backed up every night into $CLASS_HOME/backups. For the technician: sudo ./scripts/class.sh status | stop | start | logs"
    exit 0
fi

if [ "$foreground" -eq 0 ]; then
    say "systemd does not run this machine (PID 1 is $(cat /proc/1/comm 2>/dev/null || echo unknown)), so the hub runs in this terminal and stops with it: keep it open (or use tmux), and run this command again after a restart"
fi
say "Starting JupyterHub on $ip:$port for $students_now students, $walls; idle servers stop after $idle (Ctrl-C to stop the hub). Students and the teacher log in at $login_at$slips_said"
set -a
# shellcheck source=/dev/null
. "$HUB_STATE/hub.env"
set +a
cd "$HUB_STATE"
exec "$CLASS_HOME/venv/bin/jupyterhub" -f "$CLASS_CODE/scripts/class/jupyterhub_config.py"
