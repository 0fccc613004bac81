# Students in containers: Docker's engine, the class's network and the students' image (sourced
# after scripts/setup.sh).

# Debian's docker.io, when it is missing. Returns non-zero, saying why, when it cannot be had.
ensure_docker_installed() {
    command -v dockerd >/dev/null 2>&1 && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        say "No Docker here, and no apt-get to install Debian's docker.io"
        return 1
    fi
    say "Installing Debian's docker.io (about 20 s)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io >/dev/null \
        || { say "Could not install docker.io"; return 1; }
}

# Docker, and its daemon when none answers. The daemon this starts has its firewall rules (the
# class's network needs them: ensure_class_network) and no default bridge of its own. Returns
# non-zero, saying why, when Docker cannot be had.
ensure_docker() {
    ensure_docker_installed || return 1
    if docker info >/dev/null 2>&1; then
        return 0
    fi
    local log="${DOCKERD_LOG:-/var/log/magic-tictactoe-dockerd.log}"
    say "Starting Docker's daemon (log: $log)"
    setsid dockerd --bridge=none >>"$log" 2>&1 </dev/null &
    local i
    for i in $(seq 1 60); do
        if docker info >/dev/null 2>&1; then
            return 0
        fi
        sleep 1
    done
    say "Docker's daemon did not answer within 60 s: see $log"
    return 1
}

# The class's network (CLASS_NETWORK, on the bridge CLASS_BRIDGE): every student's server in a
# container on it, each in a network namespace of its own, none reaching another (Docker's
# inter-container traffic is off), and, through the rules classadmin/network.py sets as each
# server starts, none reaching this machine but the hub's API, nor any private address. The hub
# listens at the network's gateway. Sets class_network, class_bridge and class_hub_ip (the
# gateway, where the hub's API listens).
CLASS_NETWORK=magic-tictactoe
CLASS_BRIDGE=mt-class
ensure_class_network() {
    if ! docker network inspect "$CLASS_NETWORK" >/dev/null 2>&1; then
        say "Making the class's network, $CLASS_NETWORK (each student's server alone on it)"
        docker network create --driver bridge --label org.magic-tictactoe.network=class \
            --opt com.docker.network.bridge.name="$CLASS_BRIDGE" \
            --opt com.docker.network.bridge.enable_icc=false "$CLASS_NETWORK" >/dev/null
    fi
    class_network="$CLASS_NETWORK" class_bridge="$CLASS_BRIDGE"
    class_hub_ip="$(docker network inspect --format '{{range .IPAM.Config}}{{.Gateway}}{{end}}' "$CLASS_NETWORK")"
    [ -n "$class_hub_ip" ] || { say "The class's network $CLASS_NETWORK has no gateway address"; return 1; }
}

# Where no registry gives a Debian base (a school's server with no route to Docker Hub, the
# project's test machines), the students' image is built on this machine's own Debian release,
# made from the Debian archive its apt already uses (scripts/class/debian-base.sh: debootstrap,
# about half a minute, once) and kept as magic-tictactoe-base:CODENAME.
MAKE_BASE_IMAGE="$ROOT/scripts/class/debian-base.sh"
# The name of that image where BASE is a Debian image of this machine's own release
# (debian:CODENAME or debian:CODENAME-slim), or nothing: another release or system is never
# replaced by this machine's.
made_base_image() {
    local base="$1" codename tag
    codename="$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")"
    tag="${base#debian:}"
    [ -n "$codename" ] && [ "$tag" != "$base" ] && [ "${tag%%-*}" = "$codename" ] \
        && echo "magic-tictactoe-base:$codename"
}

# The base the students' image is built on, as this machine has it now, without a download:
# BASE, or for a Debian base it lacks, the one made from Debian's archive when there is one.
local_base_image() {
    local base="$1" made
    if ! docker image inspect "$base" >/dev/null 2>&1 && made="$(made_base_image "$base")" \
        && docker image inspect "$made" >/dev/null 2>&1; then
        base="$made"
    fi
    echo "$base"
}

# Sets base_image to the base of the students' image: BASE here or from a registry; for a Debian
# base no registry gives, this machine's own Debian made from its archive (said as it goes). If
# neither, a sentence on what to do, naming again the run's class list and teacher (LIST_ARGS...:
# a run's inputs are not kept).
ensure_base_image() {
    local base="$1" again="" made
    shift
    [ $# -eq 0 ] || again=" $(printf '%q ' "$@")"
    base="$(local_base_image "$base")"
    if docker image inspect "$base" >/dev/null 2>&1 || docker pull "$base" >/dev/null 2>&1; then
        base_image="$base"
        return 0
    fi
    if made="$(made_base_image "$base")"; then
        say "No base image $base here, and no registry gave it: making this machine's own Debian from its archive with debootstrap (about half a minute, once)"
        if made="$("$MAKE_BASE_IMAGE" "$made")"; then
            say "... the students' image is built on $made"
            base_image="$made"
            return 0
        fi
    fi
    say "No base image $base here, and no registry gave it. Make one from Debian's archive (about half a minute) and give it: sudo ./scripts/class.sh${again% } --base-image \"\$(sudo ./scripts/class/debian-base.sh)\" (the class's other settings are kept), or run without containers: --no-containers"
    return 1
}

# The students' image, STUDENT_IMAGE:STUDENT_IMAGE_TAG (scripts/class/defaults.env), built from
# scripts/class/Dockerfile on the base image BASE, when it is missing or was built from other
# sources. The build folder is the repository with prebuilt/: this machine's Rust toolchain and
# Rust kernel, the vendored crates and the Python wheels, so that the build downloads nothing
# but Debian's packages (through the host's network).
ensure_student_image() {
    local base="$1"
    source "$ROOT/scripts/class/defaults.env"
    local image="$STUDENT_IMAGE:$STUDENT_IMAGE_TAG" context="$CLASS_HOME/image"
    base="$(local_base_image "$base")"
    ensure_rust_kernel
    local key
    key="$(
        {
            docker image inspect --format '{{.Id}}' "$base" 2>/dev/null || echo "$base"
            rustc --version; evcxr_jupyter --version 2>/dev/null || true
            CLASS_IMAGE=1 class_requirements
            repository_tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner
        } | sha256sum | cut -c1-16
    )"
    if [ "$(docker image inspect --format '{{index .Config.Labels "org.magic-tictactoe.sources"}}' "$image" 2>/dev/null)" = "$key" ]; then
        return 0
    fi
    ensure_base_image "$base" || return 1
    base="$base_image"
    say "Building the students' image $image on $base (a few minutes)"
    local started=$SECONDS
    rm -rf "$context" && mkdir -p "$context/prebuilt/bin"
    copy_repository "$context"
    copy_tree "$(rustc --print sysroot)" "$context/prebuilt/rust"
    rm -rf "$context/prebuilt/rust/share/doc"
    cp "$(command -v evcxr_jupyter)" "$context/prebuilt/bin/"
    vendor_crates "$context/prebuilt/vendor"
    # Wheels for the class's Python (the image's Python must be the same version to use them).
    "$CLASS_HOME/venv/bin/python" -m pip download --quiet -d "$context/prebuilt/wheels" pip \
        -r <(CLASS_IMAGE=1 class_requirements)
    "$CLASS_HOME/venv/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' \
        > "$context/prebuilt/wheels/python-version"
    # This machine's own certificate authorities (a school's proxy may need them), for the build
    # stage's downloads only: the students' image does not keep them.
    mkdir -p "$context/prebuilt/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$context/prebuilt/ca-certificates/" 2>/dev/null || true
    docker build --network host --quiet --build-arg "BASE=$base" \
        --label "org.magic-tictactoe.sources=$key" -t "$image" \
        -f "$context/scripts/class/Dockerfile" "$context" >/dev/null
    rm -rf "$context"
    # The image this one replaced and the build stage are left untagged: 4 GB a build, which fills
    # a school server's disk over a term of updates (and a test machine's in a day). Only images
    # of this Dockerfile that nothing uses go.
    docker image prune --force --filter "label=org.magic-tictactoe.image=student" >/dev/null || true
    say "Built $image in $((SECONDS - started)) s ($(docker image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1 / 1e6}'))"
}
