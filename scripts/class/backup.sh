#!/usr/bin/env bash
# A class's backups: `class.sh backup` and `class.sh restore` run this, as root.
#
#   sudo ./scripts/class.sh backup [FOLDER]
#       Writes the whole class to one archive, FOLDER/magic-tictactoe-DATE-TIME.tar.gz (default
#       FOLDER: $CLASS_HOME/backups, root only), and keeps the newest $CLASS_BACKUPS_KEPT there
#       (default 7): the hub's state (its database, the class lists, the passwords, the
#       certificate, the class page's log and collections), the course repository, and every
#       student's and the teacher's work: their volume (containers; the compile caches left
#       out, they come back by themselves), or ~/magic-tictactoe and ~/.magic-tictactoe (no
#       containers), progress records included. The hub may be running; a notebook saved during
#       the backup is taken as it was at one moment or the other.
#
#   sudo ./scripts/class.sh restore ARCHIVE NAME [NAME ...]
#       Brings these students' work back from the archive, as it was then, over what they have
#       now (a file made since stays). Their servers must be stopped (the hub's admin page);
#       a removed volume is made again.
#   sudo ./scripts/class.sh restore ARCHIVE --class
#       The whole class: the hub's state, the course and everyone's work. Stop the hub first.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../setup.sh"
source "$ROOT/scripts/class/defaults.env"
HUB_STATE="$CLASS_HOME/hub"
KEPT="${CLASS_BACKUPS_KEPT:-7}"
fail() { echo "class.sh $action: $*" >&2; exit 1; }

# The folder a person's volume is, if they have one.
volume_of() {
    docker volume inspect --format '{{.Mountpoint}}' "magic-tictactoe-$1" 2>/dev/null || true
}

# tar, where "a file changed as we read it" (status 1) is no failure: a student may be saving.
tar_changing() {
    local status=0
    tar "$@" || status=$?
    [ "$status" -le 1 ] || return "$status"
}

backup() {
    local folder="${1:-$CLASS_HOME/backups}"
    [ -d "$HUB_STATE" ] || fail "no class is set up in $CLASS_HOME"
    mkdir -p "$folder"
    chmod 700 "$folder"
    local archive
    archive="$folder/magic-tictactoe-$(date +%Y-%m-%d-%H%M%S).tar"
    local partial="$archive.partial"
    rm -f "$partial"
    local parts=(hub)
    [ -d "$CLASS_HOME/course" ] && parts+=(course)
    tar_changing --create --file "$partial" --numeric-owner -C "$CLASS_HOME" "${parts[@]}"
    local name volume home people=0
    for name in $(cat "$HUB_STATE/students.txt" "$HUB_STATE/teacher.txt" 2>/dev/null | awk '{print $1}' | sort -u); do
        volume=""
        if command -v docker >/dev/null; then volume="$(volume_of "$name")"; fi
        if [ -n "$volume" ] && [ -d "$volume" ]; then
            tar_changing --append --file "$partial" --numeric-owner -C "$volume" \
                --exclude=./.cache --exclude=./.notebook-builds \
                --transform "s,^\\.,work/$name/volume," .
            people=$((people + 1))
        elif home="$(getent passwd "$name" | cut -d: -f6)" && [ -d "$home/magic-tictactoe" ]; then
            local mine=(magic-tictactoe)
            [ -d "$home/.magic-tictactoe" ] && mine+=(.magic-tictactoe)
            tar_changing --append --file "$partial" --numeric-owner -C "$home" \
                --transform "s,^,work/$name/home/," "${mine[@]}"
            people=$((people + 1))
        fi
    done
    gzip -c "$partial" > "$archive.gz.partial"
    rm -f "$partial"
    mv "$archive.gz.partial" "$archive.gz"
    chmod 600 "$archive.gz"
    say "Backed up the hub's state, the course and the work of $people $([ "$people" -eq 1 ] && echo person || echo people): $(du -h "$archive.gz" | cut -f1)"
    # The newest KEPT stay.
    ls -1t "$folder"/magic-tictactoe-*.tar.gz | tail -n +$((KEPT + 1)) | xargs -r rm -f --
    echo "$archive.gz"
}

# Whether NAME's server is running: their container, or processes of theirs.
running() {
    if command -v docker >/dev/null && [ -n "$(docker ps -q --filter "name=^magic-tictactoe-$1\$" 2>/dev/null)" ]; then
        return 0
    fi
    pgrep -u "$1" >/dev/null 2>&1
}

restore_person() {
    local archive="$1" name="$2" members="$3" volume home
    if grep -q "^work/$name/volume/" <<<"$members"; then
        command -v docker >/dev/null || fail "$name's work was on a Docker volume, and there is no Docker here"
        docker volume create "magic-tictactoe-$name" >/dev/null
        volume="$(volume_of "$name")"
        tar -x --gzip --file "$archive" --numeric-owner -C "$volume" --strip-components=3 "work/$name/volume/"
        # The home itself is not in the archive (only what is in it): the student's again.
        chown "$STUDENT_UID:$STUDENT_UID" "$volume"
        chmod 700 "$volume"
    elif grep -q "^work/$name/home/" <<<"$members"; then
        home="$(getent passwd "$name" | cut -d: -f6)" || fail "$name has no account here: start the hub with the class list first"
        tar -x --gzip --file "$archive" -C "$home" --strip-components=3 "work/$name/home/"
        # Numbers of accounts differ from machine to machine: the files are the student's.
        chown -R "$name:" "$home/magic-tictactoe" "$home/.magic-tictactoe" 2>/dev/null || true
    else
        fail "the archive holds no work of $name"
    fi
    say "Brought back $name's work as it was in $(basename "$archive")"
}

restore() {
    local archive="${1:-}"
    shift || true
    [ -f "$archive" ] || fail "give the archive to restore from (class.sh restore ARCHIVE NAME ..., or --class)"
    [ $# -gt 0 ] || fail "name the students to bring back, or --class for the whole class"
    local members
    members="$(tar -t --gzip --file "$archive")" || fail "$archive is not a class backup"
    grep -q '^hub/' <<<"$members" || fail "$archive is not a class backup"
    local names=("$@") name whole=0
    if [ "$1" = "--class" ]; then
        whole=1
        pgrep -f "$CLASS_HOME/venv/bin/jupyterhub" >/dev/null && fail "stop the hub first (it keeps the state being restored): sudo ./scripts/class.sh stop (or Ctrl-C where it runs in a terminal), then class.sh start after the restore"
        mapfile -t names < <(grep -o '^work/[^/]*/' <<<"$members" | cut -d/ -f2 | sort -u)
    fi
    # Every check before anything is written: a restore refused halfway would leave a mix.
    for name in "${names[@]}"; do
        running "$name" && fail "$name's server is running: stop it first (the hub's admin page), then restore"
    done
    if [ "$whole" -eq 1 ]; then
        tar -x --gzip --file "$archive" --numeric-owner -C "$CLASS_HOME" hub $(grep -q '^course/' <<<"$members" && echo course)
        chmod 700 "$HUB_STATE"
        say "Brought back the hub's state and the course from $(basename "$archive")"
    fi
    for name in "${names[@]}"; do
        restore_person "$archive" "$name" "$members"
    done
}

[ "$(id -u)" -eq 0 ] || { echo "class.sh ${1:-backup}: run it as root: it reads and writes every student's work" >&2; exit 1; }
action="${1:-}"
shift || true
case "$action" in
    backup) backup "$@" ;;
    restore) restore "$@" ;;
    *) echo "backup.sh: backup [FOLDER] | restore ARCHIVE NAME ... | restore ARCHIVE --class" >&2; exit 2 ;;
esac
