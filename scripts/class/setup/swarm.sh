# A class over the lab's PCs with Docker Swarm (sourced by scripts/class.sh; --swarm ADDRESS).
#
# This machine, the hub's, is the swarm's manager; each PC that joins (`class.sh join-script`)
# runs students' servers. Everything a PC needs from this machine is at ADDRESS: the swarm
# (TCP 2377, 7946 and UDP 7946, 4789), the hub's API (TCP 8081), the students' image (a
# registry, TCP 5000: Debian's docker-registry) and the students' homes (SSH, TCP 22: each PC
# mounts $CLASS_HOME/homes and the course with sshfs, as the account magic-tictactoe-homes, whose
# key may do nothing but SFTP). Each student's server is alone in a network namespace of its own on
# the class's swarm network (a bridge on each machine, made from the machine's own configuration
# network, with inter-container traffic off), published at a port of the PC's that the hub picks;
# each machine's firewall (classadmin/network.py: this machine's set by the hub, a PC's by
# join.sh) lets a server reach the hub's API and the internet (as --internet says), nothing else.

SWARM_ACCOUNT=magic-tictactoe-homes
SWARM_NETWORK=magic-tictactoe-swarm
SWARM_NETWORK_CONFIG=magic-tictactoe-pc
SWARM_BRIDGE=mt-swarm
# The class network's addresses, the same on every machine (each has a bridge of its own): each
# machine's firewall refuses them once the bridge is gone there (classadmin/network.py).
SWARM_SUBNET=172.29.213.0/24
SWARM_BRIDGE_OPTIONS="--subnet $SWARM_SUBNET --opt com.docker.network.bridge.name=$SWARM_BRIDGE --opt com.docker.network.bridge.enable_icc=false"

# This machine's Docker daemon as the swarm's manager, advertised at ADDRESS: made a swarm when
# it is none; a worker (or a swarm managed elsewhere) is refused with a sentence.
ensure_swarm() {
    local address="$1" state
    state="$(docker info --format '{{.Swarm.LocalNodeState}} {{.Swarm.ControlAvailable}}')"
    case "$state" in
        "active true") return 0 ;;
        "inactive "*)
            say "Making this machine's Docker a swarm's manager, at $address"
            docker swarm init --advertise-addr "$address" --listen-addr "$address:2377" >/dev/null ;;
        *)
            echo "class.sh: this machine's Docker is in a swarm it does not manage ($state): run the hub on the swarm's manager, or leave that swarm first (docker swarm leave)" >&2
            return 1 ;;
    esac
}

# The class's swarm network: a bridge on each machine from that machine's configuration network
# (join.sh makes a PC's), this machine's made here. Sets class_network, class_bridge,
# class_subnet and class_hub_ip (ADDRESS: the hub's API listens there for the PCs' servers).
ensure_swarm_network() {
    if ! docker network inspect "$SWARM_NETWORK_CONFIG" >/dev/null 2>&1; then
        # shellcheck disable=SC2086 (the options are words)
        docker network create --config-only $SWARM_BRIDGE_OPTIONS "$SWARM_NETWORK_CONFIG" >/dev/null
    fi
    if ! docker network inspect "$SWARM_NETWORK" >/dev/null 2>&1; then
        say "Making the class's swarm network, $SWARM_NETWORK (each student's server alone on it, on every machine)"
        docker network create --driver bridge --scope swarm --config-from "$SWARM_NETWORK_CONFIG" \
            "$SWARM_NETWORK" >/dev/null
    fi
    class_network="$SWARM_NETWORK" class_bridge="$SWARM_BRIDGE" class_subnet="$SWARM_SUBNET" class_hub_ip="$1"
}

# The account the PCs mount the homes as (SFTP only), its uid the students' servers run as; and
# the PCs' key. Sets swarm_uid.
ensure_homes_account() {
    local dir="$HUB_STATE/swarm"
    if ! id "$SWARM_ACCOUNT" >/dev/null 2>&1; then
        # A shell runs the key's one command (sftp-server); no password opens it, and it is not
        # locked, which sshd would take as refusing its key too.
        useradd --system --home-dir "/var/lib/$SWARM_ACCOUNT" --create-home --shell /bin/sh "$SWARM_ACCOUNT"
        usermod -p '*' "$SWARM_ACCOUNT"
    fi
    swarm_uid="$(id -u "$SWARM_ACCOUNT")"
    if ! [ -x /usr/sbin/sshd ] || ! command -v sshfs >/dev/null; then
        say "Installing Debian's openssh-server and sshfs (the PCs reach the students' homes over SFTP)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server sshfs >/dev/null
    fi
    mkdir -p "$dir" "$CLASS_HOME/homes"
    chmod 700 "$dir"
    chmod 755 "$CLASS_HOME/homes"
    [ -s "$dir/pc-key" ] || ssh-keygen -q -t ed25519 -N "" -C "magic-tictactoe lab PC" -f "$dir/pc-key"
    # Its key file, the folder it is in and its home are root's: the account writes the students'
    # homes over SFTP, and nothing of its own login (an SFTP put over authorized_keys, or a
    # rename of .ssh, would give whoever holds a PC's key a shell).
    local home="/var/lib/$SWARM_ACCOUNT" ssh="/var/lib/$SWARM_ACCOUNT/.ssh"
    mkdir -p "$ssh"
    echo "restrict,command=\"/usr/lib/openssh/sftp-server\" $(cat "$dir/pc-key.pub")" > "$ssh/authorized_keys.new"
    chown root:root "$home" "$ssh" "$ssh/authorized_keys.new"
    chmod 755 "$home" "$ssh"
    chmod 644 "$ssh/authorized_keys.new"
    mv "$ssh/authorized_keys.new" "$ssh/authorized_keys"
}

# The students' image into the swarm's registry, where every PC pulls it: pushed when it was
# rebuilt (or the registry lost it). Sets swarm_image.
push_student_image() {
    local registry="$1" image="$STUDENT_IMAGE:$STUDENT_IMAGE_TAG"
    swarm_image="$registry/$image"
    docker tag "$image" "$swarm_image"
    local started=$SECONDS
    if ! docker push --quiet "$swarm_image" >"$HUB_STATE/swarm/push.log" 2>&1; then
        echo "class.sh: could not push the students' image to the registry at $registry ($(tail -1 "$HUB_STATE/swarm/push.log")). Install one on this machine (sudo apt install docker-registry: it listens on port 5000), and let every Docker of the swarm use it: \"insecure-registries\": [\"$registry\"] in /etc/docker/daemon.json" >&2
        return 1
    fi
    # The PCs take it by its digest, never by its tag: the registry takes pushes from anyone on
    # the school's network, and an image pushed under the tag is never a student's.
    swarm_image="$(docker image inspect --format '{{range .RepoDigests}}{{println .}}{{end}}' "$swarm_image" \
        | grep -m1 "^$registry/$STUDENT_IMAGE@sha256:")" \
        || { echo "class.sh: the registry at $registry gave no digest for the students' image" >&2; return 1; }
    say "The students' image is in the swarm's registry, $swarm_image ($((SECONDS - started)) s)"
}

# The script that joins a lab PC (`class.sh join-script > join.sh`, then `sudo sh join.sh` on
# the PC): Docker and sshfs, the registry, the homes and the course mounted, the swarm joined.
join_script() (
    # (A subshell: the hub's settings, read as the hub reads them, stay in it.)
    # shellcheck source=/dev/null
    . "$HUB_STATE/hub.env"
    [ -n "${MAGIC_CLASS_SWARM_ADDRESS:-}" ] || { echo "class.sh join-script: this class is not on a swarm (set it up with --swarm ADDRESS)" >&2; exit 1; }
    local address="$MAGIC_CLASS_SWARM_ADDRESS" token known
    token="$(docker swarm join-token -q worker)"
    known="$address $(cut -d' ' -f1,2 "${MAGIC_CLASS_SSH_HOST_KEY:-/etc/ssh/ssh_host_ed25519_key.pub}" 2>/dev/null || true)"
    sed -e "s|@ADDRESS@|$address|g" -e "s|@REGISTRY@|$MAGIC_CLASS_REGISTRY|g" \
        -e "s|@TOKEN@|$token|g" -e "s|@IMAGE@|$MAGIC_CLASS_IMAGE|g" \
        -e "s|@CLASS_HOME@|$CLASS_HOME|g" -e "s|@ACCOUNT@|$SWARM_ACCOUNT|g" -e "s|@KNOWN_HOST@|$known|g" \
        -e "s|@NETWORK_CONFIG@|$SWARM_NETWORK_CONFIG|g" -e "s|@BRIDGE_OPTIONS@|$SWARM_BRIDGE_OPTIONS|g" \
        "$ROOT/scripts/class/join-pc"
    printf 'cat > "$KEYS/firewall.sh" <<"FIREWALL"\n%s\nFIREWALL\n' \
        "$(classadmin firewall "$SWARM_BRIDGE" "$address" 8081 --internet "${MAGIC_CLASS_INTERNET:-yes}" --subnet "$SWARM_SUBNET")"
    printf 'cat > "$KEYS/pc-key" <<"KEY"\n%s\nKEY\n' "$(cat "$HUB_STATE/swarm/pc-key")"
    echo 'join_pc "$@"'
)
