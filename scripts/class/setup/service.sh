# The hub as a systemd service, where systemd runs the machine (sourced by scripts/class.sh):
# its units, written from the templates in scripts/class/systemd/, and the technician's commands.

SERVICE=magic-tictactoe-class
BACKUP_SERVICE=magic-tictactoe-backup
UNIT_DIR="${MAGIC_CLASS_UNIT_DIR:-/etc/systemd/system}"
UNIT_TEMPLATES="$ROOT/scripts/class/systemd"

# systemd runs this machine (sd_booted(3)'s test).
systemd_here() { [ -d /run/systemd/system ] && command -v systemctl >/dev/null; }

no_service() {
    echo "class.sh $1: systemd does not run this machine (PID 1 is $(cat /proc/1/comm 2>/dev/null || echo unknown)), so the hub is no service here: it runs in the terminal that started it, and stops with Ctrl-C there; start it with sudo ./scripts/class.sh (the class's settings are kept)" >&2
    exit 1
}

# The class's own code, root's only, in CLASS_CODE: the hub, its services (the class page, its
# updates and warm-ups) and the nightly backup run this copy, never the checkout class.sh was run
# from, which its owner (the technician's account, or a notebook kernel of theirs) may change.
# Put there afresh at every set-up, in one step (a new folder renamed over the old).
CLASS_CODE="$CLASS_HOME/code"
install_class_code() {
    local fresh="$CLASS_CODE.new" old="$CLASS_CODE.old"
    rm -rf "$fresh" "$old"
    mkdir -m 755 "$fresh"
    repository_tar | tar -C "$fresh" --no-same-owner --no-same-permissions -xf -
    chown -R root:root "$fresh"
    chmod -R u+rwX,go+rX,go-w "$fresh"
    if [ -d "$CLASS_CODE" ]; then
        mv "$CLASS_CODE" "$old"
    fi
    mv "$fresh" "$CLASS_CODE"
    rm -rf "$old"
}

# What the hub's unit and the backup's may not touch (The Littlest JupyterHub's unit is the
# model): a private /tmp and /dev, the kernel's tunables and modules, and, with containers, the
# machine's homes (a tmpfs over them) and its system folders (read-only). Without containers the
# students' servers are the hub's own children in their homes, and the class page makes their
# accounts: those two stay open.
hardening() {
    local spawner="$1"
    printf '%s
' "PrivateTmp=yes" "PrivateDevices=yes" "ProtectKernelTunables=yes" "ProtectKernelModules=yes" \
        "ProtectControlGroups=yes" "ProtectClock=yes" "ProtectHostname=yes" "RestrictRealtime=yes" \
        "LockPersonality=yes"
    if [ "$spawner" != local ]; then
        printf '%s
' "ProtectHome=tmpfs" "ProtectSystem=full"
    fi
}

# The unit template FILE with its @NAMES@ filled in (any characters in the values are safe: a
# quoted replacement is taken as it is, '&' included).
render_unit() {
    local text docker_units="${2:-}" hardened="${3:-}"
    text="$(cat "$1")"
    text="${text//@ROOT@/"$CLASS_CODE"}"
    text="${text//@CLASS_HOME@/"$CLASS_HOME"}"
    text="${text//@PATH@/"$(trusted_path)"}"  # hub.sh
    text="${text//@DOCKER_UNITS@/"$docker_units"}"
    text="${text//@HARDENING@/"$hardened"}"
    printf '%s\n' "$text"
}

# Writes the hub's unit and the nightly backup's into UNIT_DIR (afresh at every set-up, so that
# they follow this class and its installed code) and enables them. Docker is wanted before the hub
# when students run in containers (not required: the hub outlives a restart of Docker's daemon).
install_units() {
    local spawner="$1" docker_units="" unit
    if [ "$spawner" = "docker" ] && systemctl cat docker.service >/dev/null 2>&1; then
        systemctl enable --quiet docker.service 2>/dev/null || true
        docker_units=" docker.service"
    fi
    mkdir -p "$UNIT_DIR"
    for unit in "$SERVICE.service" "$BACKUP_SERVICE.service" "$BACKUP_SERVICE.timer"; do
        render_unit "$UNIT_TEMPLATES/$unit" "$docker_units" "$(hardening "$spawner")" > "$UNIT_DIR/$unit"
    done
    systemctl daemon-reload
    systemctl enable --quiet "$SERVICE.service" "$BACKUP_SERVICE.timer"
}

# class.sh status | start | stop | restart | logs [-f | N]
service_command() {
    local action="$1"
    shift
    [ "$(id -u)" -eq 0 ] || { echo "class.sh $action: run it as root (sudo ./scripts/class.sh $action)" >&2; exit 1; }
    systemd_here || no_service "$action"
    [ -f "$UNIT_DIR/$SERVICE.service" ] || { echo "class.sh $action: the hub is not installed as a service yet: set the class up first (sudo ./scripts/class.sh --students FILE ...)" >&2; exit 1; }
    case "$action" in
        status)
            local state
            state="$(systemctl is-active "$SERVICE" || true)"
            echo "The class hub ($SERVICE) is $state, $(systemctl is-enabled "$SERVICE" 2>/dev/null || echo disabled) at boot; $(cat "$CLASS_HOME/hub/public-url" 2>/dev/null || echo "no address yet")"
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
}

# Whether the class's hub is installed as a service and running under systemd.
service_running() {
    systemd_here && [ -f "$UNIT_DIR/$SERVICE.service" ] && [ "$(systemctl is-active "$SERVICE" 2>/dev/null)" = active ]
}
