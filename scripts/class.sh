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
# login; class). Each student gets a login made from their name and a password the hub keeps
# hashed; an account the machine has (root, a colleague's) is never taken over. The whole list is
# checked before anything is made: a problem is said with its line, and nothing changes. The first
# passwords wait on the teacher's class page, as slips to print.
#
# The class keeps its settings ($CLASS_HOME/hub/settings.json): each run starts from the last
# one's, changes only those its options name, and says which. Run it again with just a longer
# list to add students, also while the class runs: nothing restarts, and HTTPS, the school's
# login and the limits stay as they were. Every option, its default and its check: --help.
#
#   sudo ./scripts/class.sh config [set KEY VALUE | unset KEY]   the settings; with no option,
#                                                                class.sh starts the class as set
#   sudo ./scripts/class.sh add "Grace Hopper" [--class 7B]      a latecomer (prints her password)
#   sudo ./scripts/class.sh password LOGIN | remove LOGIN | students | slips slips.html
#   sudo ./scripts/class.sh status | stop | start | restart | logs [-f]    the hub's service
#   sudo ./scripts/class.sh warm [NAME ...]        servers and notebook 01's kernels, before the bell
#   sudo ./scripts/class.sh update                 the crate's newer notebooks, into the course
#   sudo ./scripts/class.sh backup [FOLDER]        the hub, the course and everyone's work, in one archive
#   sudo ./scripts/class.sh restore ARCHIVE NAME [NAME ...] [--notebook PATH] | ARCHIVE --class
#   sudo ./scripts/class.sh prepare [--base-image IMG]     all a class downloads, ahead of it
#   sudo ./scripts/class.sh join-script > join.sh  a lab PC joins a swarm's class with: sudo sh join.sh
#
# Where systemd runs the machine, the hub is a service (magic-tictactoe-class): it starts at boot,
# comes back after a crash, and the class is backed up every night (the newest 7 kept); elsewhere
# it runs in this terminal, and says so. A restore stops what it must by itself and never loses
# newer work: a file it would put back over a different one keeps that one beside it. The
# teacher's class page is at /services/class/ on the hub. docs/class-server.md tells it all.
#
# Everything shared lives in $CLASS_HOME (default /srv/magic-tictactoe); students' work on their
# volume (magic-tictactoe-NAME) or, without containers, in their homes (~NAME/magic-tictactoe).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/class/defaults.env"
for module in python local docker swarm course tls service hub login install; do
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
case " $* " in *" -h "*|*" --help "*) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; echo; classadmin config usage; exit 0 ;; esac
options="$(classadmin config options "$@")" || exit 2
eval "$options"

ensure_list_is_right
ensure_class_home
# The settings this run asked for are the class's from now on (also when a later step stops it:
# the next run starts from them).
classadmin config options --save "$@"
ensure_https
ensure_docker_and_base
# The class runs on its own Python environment ($CLASS_HOME/venv), not the checkout's .venv.
ensure_class_python_env
ensure_class_proxy
ensure_student_servers
ensure_course
ensure_people
if [ "$setup_only" -eq 1 ]; then
    say "Set up in $CLASS_HOME; start the hub with: sudo ./scripts/class.sh$slips_said"
    exit 0
fi
write_hub_env
start_hub
