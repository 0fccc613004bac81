"""The class hub as a systemd service, tested under systemd: `class.sh` on a school's server.

The test machines have no systemd as PID 1, so the school's server is a container of the
project's Debian base with systemd as its PID 1 (scripts/class/school-server.Dockerfile), on
the network of the Docker daemon it is lent for the students' containers (its socket,
bind-mounted): a daemon of the test's own in a network namespace the test makes, where the
class's network and firewall rules go (class_harness.IsolatedDocker). It has the machine's Rust
toolchain and kernel (read-only), and what the class downloads is made beforehand into the
class's folder it shares (class.sh prepare), as an air-gapped school's would be. In it, as a
technician would on a fresh server:

1. `class.sh --students ... --teacher ...` sets the class up, installs the hub's service and the
   nightly backup's timer, starts the hub and says where to reach it; `systemd-analyze verify`
   passes the three units; `class.sh status` says the hub is active.
2. A student logs in, her server starts, and she saves a file.
3. The hub's main process is killed with SIGKILL: systemd starts it again by itself, and the
   student's server (the same container) and her file are there, on the same login.
4. `class.sh stop` stops the hub and leaves her container running; `class.sh start` brings it
   back; `class.sh logs` shows the hub's log.
5. The server reboots (`docker restart`, which systemd takes as a shutdown): the hub starts at
   boot with nobody at the server, and the student logs in to her file.
6. The nightly backup, run through its service, writes an archive holding her file.

Everything it starts is stopped at the end, also when it fails: the server's container, the
students' containers and volumes, the test's Docker daemon and its namespace, and the machine's
Docker daemon if the test started it.

    sudo .venv/bin/python scripts/class_service_test.py
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import traceback
import uuid
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_harness import (ROOT, IsolatedDocker, container, free_port, machine_docker, stop_docker,  # noqa: E402
                           student_images)
from hubclient import Student  # noqa: E402
import checks  # noqa: E402
from checks import check, finish  # noqa: E402

SERVER = "magic-tictactoe-school-server"
STUDENTS = ["svc-ada", "svc-bo"]
TEACHER = "svc-teacher"
SERVICE = "magic-tictactoe-class"
UNITS = [f"{SERVICE}.service", "magic-tictactoe-backup.service", "magic-tictactoe-backup.timer"]


# How this machine reaches PyPI and npm (its certificate authorities, a proxy): the school's
# server is set up the same way, as a school's own would be.
NETWORK_SETTINGS = ["SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "PIP_CERT", "PIP_INDEX_URL",
                    "PIP_EXTRA_INDEX_URL", "PIP_DEFAULT_TIMEOUT", "NODE_EXTRA_CA_CERTS", "HTTP_PROXY",
                    "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"]


def on_server(*command, limit=120, env=None):
    """A command on the school's server, as root; its completed process (output as text)."""
    settings = {name: os.environ[name] for name in NETWORK_SETTINGS if name in os.environ}
    if "NODE_EXTRA_CA_CERTS" in settings:
        settings["npm_config_cafile"] = settings["NODE_EXTRA_CA_CERTS"]
    options = [arg for key, value in {**settings, **(env or {})}.items() for arg in ("-e", f"{key}={value}")]
    return subprocess.run(["docker", "exec", *options, SERVER, *command], capture_output=True,
                          text=True, timeout=limit)


def hub_answers(url, limit):
    """Seconds until the hub's API answers at url (None if not within limit)."""
    started = time.time()
    while time.time() - started < limit:
        try:
            if requests.get(f"{url}/hub/api", timeout=3).status_code == 200:
                return time.time() - started
        except requests.RequestException:
            pass
        time.sleep(0.5)
    return None


def main_pid():
    return on_server("systemctl", "show", "-p", "MainPID", "--value", SERVICE).stdout.strip()


def school_server_image(base):
    """The school's server image, on the same base as the students' image."""
    image = f"magic-tictactoe-school-server:{base.rsplit(':', 1)[-1]}"
    with tempfile.TemporaryDirectory() as empty:  # the Dockerfile copies nothing in
        subprocess.run(["docker", "build", "--network", "host", "--quiet", "--build-arg", f"BASE={base}",
                        "-t", image, "-f", str(ROOT / "scripts/class/school-server.Dockerfile"), empty],
                       check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["docker", "image", "prune", "--force", "--filter", "label=org.magic-tictactoe.image=school-server"],
                   capture_output=True)
    return image


def start_server(image, work):
    """The school's server: systemd as PID 1, on the host's network, the machine's Docker daemon
    and Rust toolchain lent to it, and the work folder at the same path inside and out."""
    docker_root = subprocess.run(["docker", "info", "--format", "{{.DockerRootDir}}"], capture_output=True,
                                 text=True, check=True).stdout.strip()
    home = Path.home()
    # The daemon this test talks to (DOCKER_HOST, or Docker's usual socket) is the server's too.
    socket = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").removeprefix("unix://")
    mounts = {
        str(work): str(work),
        socket: "/var/run/docker.sock",
        # The backup reads each student's volume where Docker keeps it.
        f"{docker_root}/volumes": f"{docker_root}/volumes:ro",
        shutil.which("docker"): "/usr/bin/docker:ro",
        # class.sh takes Docker as installed when dockerd is there (it runs this machine's).
        shutil.which("dockerd"): "/usr/sbin/dockerd:ro",
        os.environ.get("CARGO_HOME", str(home / ".cargo")): "/root/.cargo:ro",
        os.environ.get("RUSTUP_HOME", str(home / ".rustup")): "/root/.rustup:ro",
    }
    if Path("/etc/ssl/certs").is_dir():  # this machine's certificate authorities
        mounts["/etc/ssl/certs"] = "/etc/ssl/certs:ro"
    if (home / ".cache" / "pip").is_dir():
        mounts[str(home / ".cache" / "pip")] = "/root/.cache/pip"
    volumes = [arg for source, target in mounts.items() for arg in ("-v", f"{source}:{target}")]
    subprocess.run(["docker", "rm", "--force", SERVER], capture_output=True)
    subprocess.run(["docker", "run", "--detach", "--name", SERVER, "--network", "host",
                    # What systemd needs of a container: mounts of its own, no seccomp filter;
                    # and the class's firewall rules, which the hub sets as a server starts.
                    "--cap-add", "SYS_ADMIN", "--cap-add", "NET_ADMIN", "--security-opt", "seccomp=unconfined",
                    "--security-opt", "apparmor=unconfined", "--tmpfs", "/run", "--tmpfs", "/run/lock",
                    "-v", "/sys/fs/cgroup:/sys/fs/cgroup:ro", *volumes, image],
                   check=True, stdout=subprocess.DEVNULL)
    booted(60)


def booted(limit):
    """Waits until systemd has started the server (running, or degraded by a unit of no concern
    here)."""
    deadline = time.time() + limit
    while time.time() < deadline:
        state = on_server("systemctl", "is-system-running").stdout.strip()
        if state in ("running", "degraded"):
            return
        time.sleep(1)
    raise RuntimeError(f"systemd did not start the school's server within {limit} s (state: {state})")


def password(class_home, name):
    """`name`'s first password, from the slips class.sh left for the teacher to print."""
    slips = class_home / "hub" / "first-passwords.json"
    return next((s["password"] for s in json.loads(slips.read_text()) if s["login"] == name), None) \
        if slips.exists() else None


def saved(student, path):
    """The text of a file in the student's folder, through her server (None if missing)."""
    answer = student.server("GET", f"contents/{path}?content=1&type=file&format=text")
    return answer.json()["content"] if answer.status_code == 200 else None


def run(work):
    """The school's server and its class on a Docker daemon of the test's own, in a network
    namespace of its own with the test inside (class_harness.IsolatedDocker): the class's network
    and firewall rules are made there, not on this machine. What the server would download (the
    hub's environment and proxy, the images) is made first, on this machine's Docker, into the
    class's folder that the server shares (class.sh prepare)."""
    repo, class_home = work / "repo", work / "class"
    # The repository as it is here (tracked and new files), as a technician's checkout.
    subprocess.run(["bash", "-c", f'source "{ROOT}/scripts/setup.sh" && copy_repository "{repo}"'], check=True)
    machine_started = machine_docker()
    try:
        images = student_images(class_home)
        images.append(school_server_image(images[-1]))
        with IsolatedDocker("mt-service-test", images):
            if machine_started:
                stop_docker()
            try:
                on_the_server(work, repo, class_home, images[-2], images[-1])
            finally:
                clean_up(work)
    finally:
        if machine_started:
            stop_docker()


def on_the_server(work, repo, class_home, base, image):
    listing = work / "class.txt"
    listing.write_text("\n".join(STUDENTS) + "\n")
    start_server(image, work)
    port = free_port()
    url = f"http://127.0.0.1:{port}"

    print("  class.sh sets the class up and installs the hub as a service", flush=True)
    started = time.time()
    setup = on_server(f"{repo}/scripts/class.sh", "--students", str(listing), "--teacher", TEACHER,
                      "--ip", "127.0.0.1", "--port", str(port), "--base-image", base,
                      env={"CLASS_HOME": str(class_home)}, limit=1200)
    (work / "setup.log").write_text(setup.stdout + setup.stderr)
    for line in setup.stderr.splitlines():  # class.sh's steps, for the log
        if "==> [" in line:
            print("     " + line.replace("\033[1m", "").replace("\033[0m", "")[:160], flush=True)
    if not check(setup.returncode == 0, "class.sh sets the class up and starts the hub's service",
                 f"{time.time() - started:.0f} s" if setup.returncode == 0 else setup.stderr[-3000:]):
        return
    check(f"{url}/" in setup.stderr and "class.sh status" in setup.stderr,
          "it says where to log in and how to manage the service", setup.stderr.strip().splitlines()[-1])
    enabled = on_server("systemctl", "is-enabled", f"{SERVICE}.service", "magic-tictactoe-backup.timer").stdout.split()
    check(enabled == ["enabled", "enabled"], "the hub's service and the backup's timer start at boot", str(enabled))
    verify = on_server("systemd-analyze", "verify", *[f"/etc/systemd/system/{unit}" for unit in UNITS])
    check(verify.returncode == 0 and not verify.stdout.strip()
          and "magic-tictactoe" not in verify.stderr, "systemd-analyze verify passes the three units", (verify.stdout + verify.stderr).strip()[-600:])
    hardened = on_server("systemd-analyze", "security", "--no-pager", f"{SERVICE}.service")
    wanted = ["PrivateTmp=", "PrivateDevices=", "ProtectKernelTunables=", "ProtectKernelModules=", "ProtectHome=",
              "ProtectSystem="]
    def in_force(line):
        # ✓, or a part of the setting (ProtectHome=tmpfs, ProtectSystem=full) that halves the
        # exposure systemd counts for leaving it out (0.2).
        words = line.split()
        return words[0] == "✓" or (words[-1].replace(".", "", 1).isdigit() and float(words[-1]) < 0.2)

    weak = [name for name in wanted if not any(line.split() and line.split()[1] == name and in_force(line)
                                               for line in hardened.stdout.splitlines())]
    exposure = next((line.split(":", 1)[1].strip() for line in hardened.stdout.splitlines()
                     if "Overall exposure level" in line), "?")
    check(hardened.returncode == 0 and not weak,
          "systemd-analyze security finds the hub's unit hardened as The Littlest JupyterHub's is", f"exposure {exposure}; not in force: {weak or 'none'}")
    # Root runs root's code: the units run the class's installed copy, root's only, never the
    # checkout class.sh was run from, which its owner can change.
    unit = on_server("systemctl", "cat", f"{SERVICE}.service").stdout
    code = class_home / "code"
    writable = on_server("find", str(code), "(", "-perm", "-g+w", "-o", "-perm", "-o+w", "-o", "!", "-uid", "0", ")",
                         "-print", "-quit").stdout.strip()
    planted = work / "planted-by-the-checkout"
    with open(repo / "scripts" / "class" / "jupyterhub_config.py", "a") as config:
        config.write(f"\nopen({str(planted)!r}, 'w').write('the checkout ran as root')\n")
    on_server("systemctl", "restart", SERVICE)
    check(f"{code}/scripts/class/jupyterhub_config.py" in unit and str(repo) not in unit and not writable
          and hub_answers(url, 60) is not None and not planted.exists(),
          "the hub runs the class's installed code, root's only: a change to the checkout is never run by root",
          f"not root's only: {writable}" if writable else ("the checkout's code ran" if planted.exists() else ""))
    status = on_server(f"{repo}/scripts/class.sh", "status", env={"CLASS_HOME": str(class_home)})
    check(status.returncode == 0 and " is active," in status.stdout, "class.sh status says the hub is active",
          status.stdout.splitlines()[0] if status.stdout else status.stderr)

    ada = Student(url, STUDENTS[0], password(class_home, STUDENTS[0]))
    ada.log_in()
    ada.start_server()
    mark = uuid.uuid4().hex
    put = ada.server("PUT", "contents/service-test.txt",
                     json={"type": "file", "format": "text", "content": mark})
    hers = container(STUDENTS[0])
    check(put.status_code in (200, 201) and hers is not None,
          "a student logs in, her server starts and she saves a file", f"HTTP {put.status_code}")

    print("  the hub's main process is killed with SIGKILL", flush=True)
    before = main_pid()
    on_server("systemctl", "kill", "--signal=SIGKILL", "--kill-whom=main", SERVICE)
    time.sleep(1)
    back = hub_answers(url, 60)
    restarts = on_server("systemctl", "show", "-p", "NRestarts", "--value", SERVICE).stdout.strip()
    check(back is not None and main_pid() not in ("", "0", before) and restarts not in ("", "0"),
          "systemd starts the killed hub again by itself",
          f"answering {back:.1f} s after the kill, restarts {restarts}" if back is not None else "no answer in 60 s")
    check(container(STUDENTS[0]) == hers and saved(ada, "service-test.txt") == mark,
          "her server is the same container, and her file is there, on the same login")

    print("  class.sh stop, start and logs", flush=True)
    stop = on_server(f"{repo}/scripts/class.sh", "stop", env={"CLASS_HOME": str(class_home)})
    down = hub_answers(url, 3) is None
    check(stop.returncode == 0 and down and container(STUDENTS[0]) == hers,
          "class.sh stop stops the hub and leaves her container running", stop.stdout.strip())
    start = on_server(f"{repo}/scripts/class.sh", "start", env={"CLASS_HOME": str(class_home)})
    check(start.returncode == 0 and hub_answers(url, 60) is not None, "class.sh start brings it back",
          start.stdout.strip())
    logs = on_server(f"{repo}/scripts/class.sh", "logs", env={"CLASS_HOME": str(class_home)})
    check(logs.returncode == 0 and "JupyterHub is now running" in logs.stdout, "class.sh logs shows the hub's log",
          f"{len(logs.stdout.splitlines())} lines")

    print("  the server reboots", flush=True)
    subprocess.run(["docker", "restart", "--time", "60", SERVER], check=True, stdout=subprocess.DEVNULL)
    booted(60)
    back = hub_answers(url, 60)
    check(back is not None, "after a reboot the hub starts by itself",
          f"answering {back:.1f} s after systemd was up" if back is not None else "no answer in 60 s")
    ada = Student(url, STUDENTS[0], password(class_home, STUDENTS[0]))
    ada.log_in()
    ada.start_server()
    check(saved(ada, "service-test.txt") == mark, "and the student logs in to her file")

    print("  the nightly backup, through its service", flush=True)
    timers = on_server("systemctl", "list-timers", "--all", "--no-pager", "magic-tictactoe-backup.timer").stdout
    check("magic-tictactoe-backup.timer" in timers
          and "n/a" not in timers.splitlines()[1][:40], "the backup's timer has its next night", timers.splitlines()[1] if len(timers.splitlines()) > 1 else timers)
    backup = on_server("systemctl", "start", "magic-tictactoe-backup.service", limit=600)
    archives = sorted((class_home / "backups").glob("magic-tictactoe-*.tar.gz"))
    holds = False
    if archives:
        with tarfile.open(archives[-1]) as archive:
            member = next((m for m in archive.getmembers()
                           if m.name.endswith(f"work/{STUDENTS[0]}/volume/magic-tictactoe/service-test.txt")), None)
            holds = member is not None and archive.extractfile(member).read().decode() == mark
    check(backup.returncode == 0 and holds, "the backup's service writes an archive holding her file",
          archives[-1].name if archives else (backup.stderr or "no archive"))


def clean_up(work):
    if subprocess.run(["docker", "inspect", SERVER], capture_output=True).returncode == 0:
        if checks.failed:
            try:
                print(on_server("journalctl", "-u", SERVICE, "-n", "40", "--no-pager", limit=30).stdout)
            except subprocess.TimeoutExpired:
                print("(the server's journal did not answer within 30 s)")
        try:  # the hub stopped as a shutdown stops it; a server that does not answer is removed all the same
            on_server("systemctl", "stop", SERVICE, limit=60)
        except subprocess.TimeoutExpired:
            pass
        subprocess.run(["docker", "rm", "--force", SERVER], capture_output=True)
    for name in STUDENTS + [TEACHER]:
        subprocess.run(["docker", "rm", "--force", f"magic-tictactoe-{name}"], capture_output=True)
        subprocess.run(["docker", "volume", "rm", "--force", f"magic-tictactoe-{name}"], capture_output=True)


def main():
    if os.geteuid() != 0:
        sys.exit("class_service_test.py: run it as root (it starts containers and a school's server)")
    # Under /srv, as a class is: the hub's unit gives it a /tmp and /var/tmp of its own.
    work = Path(tempfile.mkdtemp(prefix="magic-tictactoe-service-", dir="/srv"))
    started = time.time()
    try:
        run(work)
    except Exception:  # noqa: BLE001 (reported as a failure, and everything is stopped)
        traceback.print_exc()
        check(False, "the test ran to its end")
        setup_log = work / "setup.log"
        if setup_log.exists():
            print(setup_log.read_text()[-3000:])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    finish("class service", f" in {time.time() - started:.0f} s" + (f" ({', '.join(checks.failed)})" if checks.failed else ""))


if __name__ == "__main__":
    # Stopped with SIGTERM (a CI runner's time-out, `kill`), its clean-up runs, as after Ctrl-C.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    main()
