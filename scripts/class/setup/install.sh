# class.sh's set-up, step by step: each ensure_* one concern, run in the order class.sh's main
# names them, over the variables of the class's settings (classadmin/config.py gives them to
# class.sh). Sourced by class.sh after the other modules.

# The class list (and the teacher) first, before anything is installed or made: every problem in
# it is said, with its line, and nothing changes. --check stops here.
ensure_list_is_right() {
    # A class list makes password accounts: a class that signs in with the school's login or comes
    # from its LMS never uses them, and a pupil of the list who then signs in would become a
    # second person (quinn-2). Said, before anything changes.
    if [ -n "$students" ] && [ -f "$students" ] && grep -q '[^[:space:]]' "$students" \
        && { [ -n "${oidc:-}" ] || [ -n "${lti:-}" ]; }; then
        if [ -n "${oidc:-}" ]; then
            echo "class.sh: this class signs in with the school's login (--oidc), so a class list is the wrong tool: its accounts would have passwords no pupil uses. Pupils come by signing in, in the classes of their groups (--classes); leave --students out (a teacher by name: --teacher NAME)" >&2
        else
            echo "class.sh: this class comes from the school's LMS (--lti), so a class list is the wrong tool: its accounts would have passwords no pupil uses. Pupils come by their LMS launches, in their courses' classes; leave --students out (a teacher by name: --teacher NAME)" >&2
        fi
        exit 2
    fi
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
    if [ -n "$students" ] || [ -n "$teacher" ]; then
        classadmin check "${list_args[@]}" >/dev/null || exit 2
    fi
}

# The class's folders, root's own copy of its code, and whether a hub runs already.
ensure_class_home() {
    mkdir -p "$CLASS_HOME" "$HUB_STATE"
    chmod 755 "$CLASS_HOME"
    chmod 700 "$HUB_STATE"
    install_class_code
    running_pid="$(hub_pid || true)"
}

# HTTPS on any address but the loopback (or with --https), with the school's certificate or one
# made for this machine; plain HTTP only where asked.
ensure_https() {
    if [ -z "$cert" ] && [ "$plain_http" -eq 0 ] && { [ "$loopback" -eq 0 ] || [ "$https" -eq 1 ]; }; then
        make_certificate "$ip"
    fi
    scheme="$([ -n "$cert" ] && echo https || echo http)"
}

# Containers need Docker (Debian's, installed when missing: without it the servers run as the
# students' own accounts) and a base for the students' image when it is not built yet: found, or
# said, before the long installs.
ensure_docker_and_base() {
    [ "$containers" -eq 1 ] || return 0
    if ! ensure_docker; then
        containers=0
        return 0
    fi
    docker image inspect "$STUDENT_IMAGE:$STUDENT_IMAGE_TAG" >/dev/null 2>&1 \
        || ensure_base_image "$base_image" ${students:+--students "$students"} ${klass:+--class "$klass"} \
            ${teacher:+--teacher "$teacher"} || exit 1
}

# Where students' servers run: containers from the students' image (on this machine, or over
# the swarm's PCs), or without Docker the students' own system accounts with the toolchain
# shared read-only. Sets spawner and walls (in words).
ensure_student_servers() {
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
}

# The course's repository (its notebooks name the crate where the students' servers see it: if
# that changed, with containers on or off, they follow it), and the timetable if one was given.
ensure_course() {
    if ! command -v git >/dev/null; then
        say "Installing Debian's git (the course repository)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git >/dev/null
    fi
    local side_home
    [ "$containers" -eq 1 ] && side_home="$STUDENT_CLASS_HOME" || side_home="$CLASS_HOME"
    make_course "$side_home" 0 "$(cat "$HUB_STATE/course-home" 2>/dev/null || true)"
    echo "$side_home" > "$HUB_STATE/course-home"
    [ "$timetable_given" -eq 1 ] || return 0
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
}

# The class's people: where the hub answers on this machine (class.sh warm, the accounts) and
# where students log in, the tokens of the warm-up and of the accounts (root's only); a class of
# an earlier version comes over, the list's new people are made (all or none: a running hub gets
# them through its API at once), and the school's login or LMS is set. Sets students_now,
# login_at and slips_said.
ensure_people() {
    local local_ip system_flag=()
    [ "$ip" = "0.0.0.0" ] && local_ip="127.0.0.1" || local_ip="$ip"
    echo "$scheme://$local_ip:$port" > "$HUB_STATE/url"
    public_url "$scheme" "$ip" "$port" > "$HUB_STATE/public-url"
    login_at="$(cat "$HUB_STATE/public-url")/"
    make_token "$HUB_STATE/warm-up.token"
    make_token "$HUB_STATE/class-accounts.token"
    [ "$spawner" = local ] && system_flag=(--system-accounts)
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
    # A warm student holds about 400 MB of the machine's memory (docs/class-server.md, measured):
    # a class larger than the machine keeps warm is said, before the lesson finds it out.
    local kb capacity
    kb="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)"
    capacity=$((kb * 5 / 2 / 1048576))
    if [[ "$students_now" =~ ^[0-9]+$ ]] && [ -z "$swarm" ] && [ "$students_now" -gt "$capacity" ]; then
        say "$students_now students, and this machine's $((kb / 1048576)) GB of memory keeps about $capacity of them warm at once (about 400 MB each): the others' servers still start when they log in, but the machine may run short of memory if all come at once; a larger machine, or the lab's PCs (--swarm), serve more"
    fi
    # (grep finds no slip once the teacher has handed them out: that is no failure.)
    local waiting
    waiting="$(classadmin slips | { grep -o 'class="slip"' || true; } | wc -l)"
    slips_said=""
    [ "$waiting" -gt 0 ] && slips_said="; $waiting first passwords wait to be printed from the class page (Students), or: sudo ./scripts/class.sh slips slips.html"
    return 0
}

# The hub's environment (hub.env, root's only), made from the settings and what the set-up found,
# into hub.env.partial until the hub starts with it.
write_hub_env() {
    MAGIC_CLASS_HOME="$CLASS_HOME" MAGIC_CLASS_IP="$ip" MAGIC_CLASS_PORT="$port" \
        MAGIC_CLASS_SPAWNER="$spawner" MAGIC_CLASS_IMAGE="${swarm_image:-$STUDENT_IMAGE:$STUDENT_IMAGE_TAG}" \
        MAGIC_CLASS_SWARM_ADDRESS="$swarm" MAGIC_CLASS_REGISTRY="$registry" MAGIC_CLASS_STUDENT_UID="${swarm_uid:-$STUDENT_UID}" \
        MAGIC_CLASS_STUDENT_HOME="$STUDENT_HOME" MAGIC_CLASS_STUDENT_CLASS_HOME="$STUDENT_CLASS_HOME" MAGIC_CLASS_MEMORY="$memory" MAGIC_CLASS_CPUS="$cpus" \
        MAGIC_CLASS_PROCESSES="$processes" MAGIC_CLASS_IDLE_SECONDS="$idle_seconds" MAGIC_CLASS_WARM_AHEAD_MINUTES="$warm_ahead" \
        MAGIC_CLASS_SSL_CERT="$cert" MAGIC_CLASS_SSL_KEY="$key" \
        MAGIC_CLASS_NETWORK="${class_network:-}" MAGIC_CLASS_BRIDGE="${class_bridge:-}" \
        MAGIC_CLASS_HUB_IP="${class_hub_ip:-}" MAGIC_CLASS_SUBNET="${class_subnet:-}" MAGIC_CLASS_INTERNET="$internet" \
        MAGIC_CLASS_TEACHING="$(classadmin teaching)" \
        hub_env > "$HUB_STATE/hub.env.partial"
    chmod 600 "$HUB_STATE/hub.env.partial"
}

# The hub started with the new environment: a hub that runs already with the same one has the
# class's changes already (through its API), and nothing restarts; with another, systemd restarts
# it, and a hub running in another terminal is left alone, with a sentence. Where systemd runs the
# machine the hub is its service; elsewhere it runs in this terminal.
start_hub() {
    if [ -n "$running_pid" ] && [ "$(hub_settings "$HUB_STATE/hub.env")" = "$(hub_settings "$HUB_STATE/hub.env.partial")" ] \
        && [ "$timetable_given" -eq 0 ]; then
        rm -f "$HUB_STATE/hub.env.partial"
        say "The class hub runs already (pid $running_pid) with these settings: it has the class list's changes, and nothing was restarted. $students_now students log in at $login_at$slips_said"
        exit 0
    fi
    if [ -n "$running_pid" ] && { [ "$foreground" -eq 1 ] || ! service_running; }; then
        rm -f "$HUB_STATE/hub.env.partial"
        echo "class.sh: the class hub runs already (pid $running_pid, in another terminal) with other settings: the class list's changes are in it, and the new settings are kept for when it starts again: stop it first (Ctrl-C where it runs), then sudo ./scripts/class.sh" >&2
        exit 1
    fi
    mv "$HUB_STATE/hub.env.partial" "$HUB_STATE/hub.env"
    if [ -n "${fingerprint:-}" ]; then
        say "HTTPS with the certificate made for this machine. A browser warns the first time: accept it only if the certificate's SHA-256 fingerprint is $fingerprint (for one browsers trust, give the school's certificate, or certbot's for a DNS name, with --ssl-cert and --ssl-key)"
    elif [ -z "$cert" ] && [ "$loopback" -eq 0 ]; then
        say "Plain HTTP on $ip, as asked (--plain-http): every student's password crosses the network in clear text"
    fi
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
        say "systemd does not run this machine (PID 1 is $(cat /proc/1/comm 2>/dev/null || echo unknown)), so the hub runs in this terminal and stops with it: keep it open (or use tmux), and start it again with sudo ./scripts/class.sh after a restart"
    fi
    say "Starting JupyterHub on $ip:$port for $students_now students, $walls; idle servers stop after $idle (Ctrl-C to stop the hub). Students and the teacher log in at $login_at$slips_said"
    set -a
    # shellcheck source=/dev/null
    . "$HUB_STATE/hub.env"
    set +a
    cd "$HUB_STATE"
    exec "$CLASS_HOME/venv/bin/jupyterhub" -f "$CLASS_CODE/scripts/class/jupyterhub_config.py"
}
