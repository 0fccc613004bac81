#!/usr/bin/env bash
# Runs every test: formatting, clippy, cargo test (unit, exhaustive, layering, hostile and
# README doctests), the documentation with warnings denied, the bench's own checks, the Rust
# kernel's zeromq fix (its deadlock test before and after, and kernels that must keep answering
# clients that leave and come back) and the guard that replaces a kernel that stops answering,
# every notebook through the real Rust kernel, a learner's
# own notebook outside notebooks/ (it must find the compile cache), every picture checked by
# axe-core, the widest pictures measured at projector size, and the clickable boards of
# notebook 07 in headless Chromium: exported by
# nbconvert, then live in JupyterLab and Notebook 7; the README's first command as this user,
# Binder's set-up outside a container, and (as root) the class server: JupyterHub with each
# student in a container from the students' image, its limits, faults, backups, HTTPS and idle culling, a warmed
# class, a pupil's attacks on her classmates' kernels and on root's restores (the class's Docker in a network
# namespace the test makes, with the test inside it), then without containers; several classes and teachers on
# one hub, and a school's own login (OpenID Connect, each way of becoming someone else tried, and a provider
# shaped like Microsoft Entra) and LMS (LTI 1.3: class lists, scores, deep linking) against protocol servers;
# and a class over three machines (Docker Swarm), each a Docker daemon in namespaces the test makes. Installs the Rust kernel, the Python and npm packages,
# Chromium, JupyterHub, Docker (Debian's docker.io) and the students' image when missing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
start_downloads
# A run stopped early (a failed step, Ctrl-C) does not leave the downloads running, nor the
# steps that run beside the others (below), nor the machine's Docker daemon if it started it.
declare -A BESIDE=()
stop_beside() {
    local name
    for name in "${!BESIDE[@]}"; do
        # Ctrl-C's signal, as a run in the foreground gets: each script stops the kernels, servers
        # and browsers it started (kernels are in sessions of their own, which the group's signal
        # would not reach).
        kill -INT -- "-${BESIDE[$name]}" 2>/dev/null || true
    done
    for name in "${!BESIDE[@]}"; do
        wait "${BESIDE[$name]}" 2>/dev/null || true
    done
    BESIDE=()
}
DOCKER_HELD=""
release_docker() {
    [ "$DOCKER_HELD" = started ] || return 0
    "$VENV/bin/python" scripts/class_harness.py stop-docker
    DOCKER_HELD=""
}
trap 'stop_downloads; stop_beside; release_docker' EXIT

say "cargo fmt --check"
cargo fmt --all -- --check
say "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --all-features -- -D warnings
say "cargo test (unit, exhaustive, layering and README tests)"
# The examples are left out here: clippy above has checked them, and the tests that run one
# (browser, projector) build it themselves; building them a third time, optimised, cost about
# 19 s (154 s against 135 s to build the crate's tests from a clean target).
cargo test --all-features --lib --bins --tests
cargo test --all-features --doc
say "cargo doc, warnings denied"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features --quiet
say "Every public name since 2026-11-25 still compiles, or CHANGELOG.md says it was removed (scripts/public_names.py)"
python3 scripts/public_names.py --check tests/names-since-2026-11-25.txt >target/public-names.log \
    || { grep -v "^removed" target/public-names.log; exit 1; }
tail -1 target/public-names.log
say "The teacher's guide gives each lesson the minutes the notebooks add up to (scripts/lesson_minutes.py)"
python3 scripts/lesson_minutes.py --check >/dev/null || python3 scripts/lesson_minutes.py --check
say "bench checks (cargo bench --bench engine -- --quick)"
cargo bench --bench engine -- --quick
ensure_rust_kernel
await_downloads
ensure_python_env
say "The docs' Zero to JupyterHub settings against the chart's own values schema; the class's settings, lists, hub configuration, timetable, course and backups (scripts/class/tests)"
"$VENV/bin/python" scripts/kubernetes_config_test.py
"$VENV/bin/python" -m unittest discover -s scripts/class/tests
# Chromium and axe-core before the class server's test, which checks the teacher's page with them.
ensure_chromium
ensure_node_packages
say "The README's first command opens JupyterLab, as $(id -un) (uid $(id -u))"
"$VENV/bin/python" scripts/notebooks_sh_test.py
say "Binder's set-up (binder/postBuild and start), run here without a container"
"$VENV/bin/python" scripts/binder_test.py
# The kernel's steps: the zeromq fix, the kernel under load and the guard. They spend most of
# their time waiting on timeouts, so as root they run beside the class server's later tests.
kernel_steps() {
    say "The kernel's zeromq fix: its test deadlocks zeromq 0.6.0 as published and not as patched (kernel/test.sh)"
    "$ROOT/kernel/test.sh"
    say "The Rust kernel keeps answering at the moment that deadlocked a stock one, when clients leave mid-cell and come back, and after messages without its key"
    "$VENV/bin/python" scripts/kernel_deaf_test.py --via zmq --kernels 3 --rounds 2 --slow-subscriber --forged +"$(command -v evcxr_jupyter)"
    "$VENV/bin/python" scripts/kernel_deaf_test.py --via server --kernels 4 --rounds 2 +"$(command -v evcxr_jupyter)"
    say "The class's guard: a student's server replaces a kernel that stops answering, and leaves busy ones alone"
    "$VENV/bin/python" scripts/kernel_watch_test.py
}

# The notebooks' steps: every notebook through the kernel, then what reads their pictures and
# boards in Chromium and JupyterLab.
notebook_steps() {
    say "Running every notebook through the Rust kernel"
    exported="$ROOT/target/notebook-html"
    "$VENV/bin/python" scripts/run_notebooks.py --html "$exported" "$@"
    say "A learner's own notebook, outside notebooks/, finds the notebooks' settings and the compile cache"
    "$VENV/bin/python" scripts/own_notebook_test.py

    say "Checking every picture with axe-core: light, dark, and as a reopened notebook shows it"
    "$VENV/bin/python" scripts/accessibility_test.py "$exported"
    say "The widest pictures at projector size (1.5x) fit a 1280-pixel window"
    "$VENV/bin/python" scripts/projector_test.py "$ROOT/target/projector-test"

    if [ $# -gt 0 ] && [ ! -f "$exported/07-play-by-clicking.html" ]; then
        say "Browser test skipped: notebook 07 was not among the notebooks asked for"
        return 0
    fi
    say "Playing the exported clickable boards in headless Chromium (screenshots in target/browser-test)"
    "$VENV/bin/python" scripts/browser_test.py "$exported/07-play-by-clicking.html" "$ROOT/target/browser-test"
    say "Playing notebook 07 live in JupyterLab and Notebook 7 (screenshots in target/jupyterlab-test)"
    "$VENV/bin/python" scripts/jupyterlab_test.py "$ROOT/target/jupyterlab-test"
}

# Runs a group of steps in the background, in a process group of its own (stopped with the run,
# as the downloads are), its lines kept in target/NAME.log.
beside() {
    local name="$1"
    shift
    set -m
    ( set -e; "$@" ) >"$ROOT/target/$name.log" 2>&1 </dev/null &
    BESIDE[$name]=$!
    set +m
}
# Waits for the group NAME, shows its lines, and stops the run if it failed.
await_beside() {
    local name="$1" rc=0
    wait "${BESIDE[$name]}" || rc=$?
    unset "BESIDE[$name]"
    cat "$ROOT/target/$name.log"
    [ "$rc" -eq 0 ] || { echo "test.sh: the steps in target/$name.log failed (above)" >&2; exit "$rc"; }
}

# The swarm's test: Docker daemons of its own, in namespaces of its own, and a class home and
# accounts of its own, so it shares nothing with the tests of the service and the school.
swarm_steps() {
    say "A class over three machines of the test's own (Docker Swarm in namespaces): first boards, limits on a PC, a PC drained and one switched off with no saved work lost, a PC's other users, the registry and the wire tried"
    "$VENV/bin/python" scripts/swarm_test.py
}

if [ "$(id -u)" -eq 0 ]; then
    # The class server's tests spend half their time waiting on hubs, containers and browsers,
    # with one of the machine's cores idle: the notebooks' steps run beside the class server's
    # own test; the kernel's and the swarm's beside the service's and the school's. Nothing
    # beside the class server's but the notebooks' steps: its timing checks wait for those to
    # end (MAGIC_TEST_BESIDE_PID), and the kernel's test under load spins both cores on purpose.
    # None of the tests after the class test measures time against a figure.
    say "The notebooks' steps run beside the class server's test (their lines: target/notebook-steps.log, shown when they end)"
    beside notebook-steps notebook_steps "$@"
    say "The class server: JupyterHub from scripts/class.sh, students in containers with limits, who may see what, nothing lost"
    MAGIC_TEST_BESIDE_PID="${BESIDE[notebook-steps]}" "$VENV/bin/python" scripts/class_test.py
    await_beside notebook-steps
    # The tests after it each build on the machine's Docker and stop it after if they started it:
    # side by side, one would stop it under another. The run holds it for them instead.
    DOCKER_HELD="$("$VENV/bin/python" scripts/class_harness.py start-docker | tail -n 1)"
    say "The kernel's steps and the swarm's test run beside the tests of the class as a service and of a school's (their lines: target/kernel-steps.log and target/swarm.log, shown when they end)"
    beside kernel-steps kernel_steps
    beside swarm swarm_steps
    say "The class hub as a systemd service on a school's server (systemd as PID 1 in a container): a SIGKILL'd hub and a reboot come back by themselves; its unit hardened, running root's own copy of the code"
    "$VENV/bin/python" scripts/class_service_test.py
    say "A hub of several classes and teachers (each reaches their own class only, endpoint by endpoint), a school's login and its LMS (class lists, scores, deep linking)"
    "$VENV/bin/python" scripts/school_test.py
    await_beside swarm
    await_beside kernel-steps
    release_docker
else
    say "Class server test skipped: scripts/class.sh makes accounts, so it needs root"
    kernel_steps
    notebook_steps "$@"
fi
