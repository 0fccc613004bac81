"""The machinery the class server's tests and load test share: a class hub started with
scripts/class.sh on the loopback address and stopped with everything it started
(`ClassServer`), the students' accounts and what their first visit leaves (`forget`), and what
each student costs the machine (their container's cgroup, or their processes).

Talking to the hub and the students' servers is scripts/class/hubclient.py's, the library
`class.sh warm` and the class page use too.
"""

import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "class"))
from checks import free_port  # noqa: E402,F401 (the tests' own, for the class's ports too)
from hubclient import Student  # noqa: E402 (scripts/class, beside class.sh warm)

TICK = os.sysconf("SC_CLK_TCK")


# The class's defaults (scripts/class/defaults.env: the image, the student's account, the limits).
DEFAULTS = dict(line.split("=", 1) for line in (ROOT / "scripts" / "class" / "defaults.env").read_text().splitlines()
                if line and not line.startswith("#"))


class ClassServer:
    """A class hub started with scripts/class.sh on 127.0.0.1, for a class list, and stopped with
    everything it started."""

    def __init__(self, class_home, students, teacher=None, port=None, containers=True, options=()):
        self.class_home = Path(class_home)
        self.students = students
        self.teacher = teacher
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.log = None
        self.containers = containers
        self.options = list(options)  # more of class.sh's options (limits, idle time)
        self.passwords = {}
        self.docker = None  # an IsolatedDocker the class runs on, if the test made one

    def command(self, setup_only=False):
        command = [str(ROOT / "scripts" / "class.sh"), "--ip", "127.0.0.1", "--port", str(self.port), *self.options]
        if self.students:
            # In the class's folder, which the test removes: nothing left in the temporary folder.
            listing = self.class_home / "test-class-list.txt"
            listing.parent.mkdir(parents=True, exist_ok=True)
            listing.write_text("\n".join(self.students) + "\n")
            listing.chmod(0o644)
            command[1:1] = ["--students", str(listing)]
        if not setup_only:
            # The test owns the hub's process (and stops it), where systemd runs the machine too.
            command.append("--foreground")
        if self.containers:
            command += ["--containers", "--base-image", base_image()]
        else:
            command.append("--no-containers")
        if self.teacher:
            command += ["--teacher", self.teacher]
        if setup_only:
            command.append("--setup-only")
        return command

    def env(self):
        return dict(os.environ, CLASS_HOME=str(self.class_home))

    def set_up(self):
        subprocess.run(self.command(setup_only=True), env=self.env(), check=True)

    def start(self, limit=120):
        """Runs class.sh (which may build the students' image first, when its sources changed)
        and waits, at most `limit` seconds after class.sh has started the hub, until it answers.
        A hub that does not is stopped, with everything it started, before the error."""
        self.log = open(self.class_home / "hub-test.log", "a")
        self.log_start = self.log.tell()
        # Started as a shell starts a job in the background (nohup class.sh &, a script, a CI
        # job): with SIGINT ignored, which whatever the hub starts inherits unless it is reset.
        self.process = subprocess.Popen(self.command(), env=self.env(), stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True,
                                        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
        try:
            self.wait_until_answering(limit)
        except BaseException:
            self.stop()
            raise

    def wait_until_answering(self, limit):
        # The clock starts when class.sh hands over to the hub (its "Starting JupyterHub" line):
        # a set-up that rebuilds the image first takes minutes of its own.
        hub_log = self.class_home / "hub-test.log"
        setup_deadline = time.time() + 900
        while b"Starting JupyterHub" not in hub_log.read_bytes()[self.log_start:] \
                and time.time() < setup_deadline and self.process.poll() is None:
            time.sleep(0.5)
        deadline = time.time() + limit
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub stopped (status {self.process.returncode}); "
                                   f"see {self.class_home / 'hub-test.log'}")
            try:
                # verify=False: a hub started with --https has a certificate made for the machine.
                if requests.get(f"{self.url}/hub/api", timeout=5, verify=False).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.5)
        raise RuntimeError(f"the hub did not answer within {limit} s")

    def warm(self, names):
        """`class.sh warm` for these students, as the teacher runs it before the bell."""
        subprocess.run([str(ROOT / "scripts" / "class.sh"), "warm", *names], env=self.env(), check=True)

    def stop(self):
        """Stops the hub (SIGTERM, as systemd and Ctrl-C's shell do) and whatever it left running;
        returns what it left."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        left = self.leftovers()
        for pid, what in left:
            print(f"     (the hub left {what} running, pid {pid}: stopped)", flush=True)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.log:
            self.log.close()
        return [what for _, what in left]

    def leftovers(self):
        """This class's processes that the hub starts in sessions of their own (its proxy, the
        class page, JupyterLab's files) and still running: a hub killed before its clean-up leaves them."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                environment = (entry / "environ").read_bytes().split(b"\0")
            except OSError:
                continue
            ours = f"MAGIC_CLASS_HOME={self.class_home}".encode() in environment
            if f"{self.class_home}/proxy/" in command:
                found.append((int(entry.name), "its proxy"))
            elif "class_page.py" in command and ours:
                found.append((int(entry.name), "the class page"))
            elif "lab_static.py" in command and ours:
                found.append((int(entry.name), "the service of JupyterLab's files"))
        return found

    def password(self, name):
        """`name`'s password: the first one, from the slips waiting to be handed out, or a new
        one (class.sh password), as a teacher gives one to a student who forgot theirs."""
        if name in self.passwords:
            return self.passwords[name]
        slips = self.class_home / "hub" / "first-passwords.json"
        for slip in json.loads(slips.read_text()) if slips.exists() else []:
            if slip["login"] == name:
                self.passwords[name] = slip["password"]
                return slip["password"]
        said = subprocess.run([str(ROOT / "scripts" / "class.sh"), "password", name], env=self.env(),
                              capture_output=True, text=True, check=True).stdout
        self.passwords[name] = re.search(r"new password: (\S+)", said).group(1)
        return self.passwords[name]

    def student(self, name):
        """The student (or teacher) `name` of this class, not logged in yet."""
        return Student(self.url, name, self.password(name))


def until_ready(what, probe, limit=120):
    """Waits, at most `limit` seconds, until probe() is true; says whether it was."""
    deadline = time.time() + limit
    while time.time() < deadline:
        try:
            if probe():
                return True
        except requests.RequestException:
            pass
        time.sleep(1)
    print(f"     (waited {limit} s for {what})")
    return False


def alone_on_the_machine(what, limit=1800):
    """Before a check that measures time: waits until the work the test command runs beside this
    test (its process, MAGIC_TEST_BESIDE_PID, and that process's group) has ended, so that the
    check has the machine to itself. Says how long it waited; fails the check's run if it never ends."""
    pid = os.environ.get("MAGIC_TEST_BESIDE_PID", "")
    if not pid.isdigit():
        return
    started = time.time()

    def busy():
        # The process beside is the test command's child: once it has ended it stays a zombie
        # until the test command waits for it, after this test. Its group's other processes
        # (kernels, browsers) count too, while any is alive.
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            state, group = fields[0], fields[2]
            if (entry == pid or group == pid) and state != "Z":
                return True
        return False

    if not busy():
        return
    print(f"     (waiting for the test command's steps beside this test to end before {what})", flush=True)
    while busy():
        if time.time() - started > limit:
            sys.exit(f"class test: the steps beside it were still running after {limit} s; {what} needs the machine to itself")
        time.sleep(2)
    print(f"     (they ended after {time.time() - started:.0f} s)", flush=True)


def base_image():
    """The base of the students' image on this machine: a Debian made with debootstrap
    (scripts/class/debian-base.sh), since no registry is reachable here."""
    return subprocess.run([str(ROOT / "scripts" / "class" / "debian-base.sh")], check=True,
                          capture_output=True, text=True).stdout.strip()


def container(name):
    """The id of the student `name`'s running container, or None."""
    found = subprocess.run(["docker", "ps", "-q", "--no-trunc", "--filter", f"name=^magic-tictactoe-{name}$"],
                           capture_output=True, text=True).stdout.split()
    return found[0] if found else None


def cgroup(kind, name, what):
    """A number from the student `name`'s container's cgroup (v1), e.g. ('memory',
    'memory.usage_in_bytes'); None without a container."""
    ident = container(name)
    if not ident:
        return None
    for root in (f"/sys/fs/cgroup/{kind}/docker/{ident}", f"/sys/fs/cgroup/{kind}/system.slice/docker-{ident}.scope"):
        path = Path(root) / what
        if path.exists():
            return path.read_text()
    return None


def usage(server, name):
    """CPU seconds and resident memory (MB) of everything the student `name` runs: their
    container's cgroup, or the processes of their system user."""
    if server.containers:
        cpu = cgroup("cpuacct", name, "cpuacct.usage")
        memory = cgroup("memory", name, "memory.stat")
        rss = 0
        if memory:
            stat = dict(line.split() for line in memory.splitlines())
            rss = int(stat.get("total_rss", 0)) + int(stat.get("total_mapped_file", 0))
        return (int(cpu) / 1e9 if cpu else float("nan")), rss / 1e6
    return cpu_seconds(name), resident_mb(name)


def processes_of(user):
    """The /proc entries of every process the system user `user` runs."""
    import pwd
    uid = pwd.getpwnam(user).pw_uid
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and entry.stat().st_uid == uid:
                yield entry
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue


def resident_mb(user):
    """Resident memory of every process the system user `user` runs, in MB."""
    total = 0
    for entry in processes_of(user):
        try:
            total += int((entry / "statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total / 1e6


def cpu_seconds(user):
    """CPU time of every process the system user `user` runs, with its waited-for children."""
    total = 0
    for entry in processes_of(user):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
        # utime, stime, cutime, cstime: fields 14 to 17 of stat, 12 to 15 after the name.
        total += sum(int(x) for x in fields[11:15])
    return total / TICK


def docker_running():
    return shutil.which("docker") is not None and subprocess.run(["docker", "info"], capture_output=True).returncode == 0


def stop_docker(limit=60, pid_file=Path("/var/run/docker.pid")):
    """Stops Docker's daemon (SIGTERM, as a machine's shutdown does) and waits until it is gone:
    a run that found it stopped leaves it stopped."""
    pid = int(pid_file.read_text()) if pid_file.exists() else 0
    if not pid or not Path(f"/proc/{pid}").exists():
        return
    os.kill(pid, signal.SIGTERM)
    deadline = time.time() + limit
    while Path(f"/proc/{pid}").exists() and time.time() < deadline:
        time.sleep(0.5)
    if Path(f"/proc/{pid}").exists():
        raise RuntimeError(f"Docker's daemon (pid {pid}) did not stop within {limit} s")


def machine_docker():
    """The machine's own Docker daemon, for building images (their RUN steps reach Debian's
    archive through the machine's network): started, when it is not running, with no bridge and
    no firewall rules, so that it changes nothing of the machine's network. Debian's docker.io
    is installed when missing. Returns whether it was started here (to stop it after)."""
    os.environ.pop("DOCKER_HOST", None)
    subprocess.run(["bash", "-c", f"source '{ROOT}/scripts/setup.sh' && source '{ROOT}/scripts/class/setup/docker.sh' "
                    "&& ensure_docker_installed"], check=True)
    if docker_running():
        return False
    # Started through a shell that leaves it at once, so that it is nobody's child here (as
    # class.sh starts it): stop_docker() waits for its process to be gone.
    subprocess.run(["sh", "-c", "setsid dockerd --bridge=none --iptables=false --ip-masq=false "
                    ">>/var/log/magic-tictactoe-dockerd.log 2>&1 </dev/null &"], check=True)
    deadline = time.time() + 60
    while not docker_running():
        if time.time() > deadline:
            raise RuntimeError("the machine's Docker daemon did not answer within 60 s")
        time.sleep(0.5)
    return True


def student_images(class_home):
    """Everything a class downloads, into `class_home` (class.sh prepare): the hub's environment
    and proxy, and the students' image and its base on the machine's Docker, built when missing
    or when their sources changed. The images' names."""
    base = base_image()
    subprocess.run([str(ROOT / "scripts" / "class.sh"), "prepare", "--base-image", base], check=True,
                   env=dict(os.environ, CLASS_HOME=str(class_home)))
    return [f"{DEFAULTS['STUDENT_IMAGE']}:{DEFAULTS['STUDENT_IMAGE_TAG']}", base]


_libc = None


def setns(fd):
    """This thread (and what it starts from now on) into the network namespace of `fd`."""
    global _libc
    if _libc is None:
        import ctypes
        _libc = ctypes.CDLL(None, use_errno=True)
    if _libc.setns(fd, 0x40000000) != 0:  # CLONE_NEWNET
        import ctypes
        raise OSError(ctypes.get_errno(), "setns")


class IsolatedDocker:
    """A Docker daemon for a test's class as the class runs it (bridges and its firewall rules:
    the class's network), inside a network namespace the test makes, and the test itself moved
    into it: the hub, the students' containers, the proxy, Chromium and every request of the
    test's are there, on its loopback and the class network's bridge, and nothing of the
    machine's network changes. The namespace has no route anywhere else: nothing is sent to any
    other address. The daemon keeps its own data (TEST_DOCKER_DATA) and socket (DOCKER_HOST while
    inside); the images come from the machine's Docker (copied when they differ). The daemon sees
    a machine whose resolver is on its loopback (as Ubuntu's systemd-resolved is, at 127.0.0.53):
    its /etc/resolv.conf, in a mount namespace of its own, names LoopbackResolver's address, where
    one of the test's answers. Everything it started is stopped when it ends, also when the test
    fails; a run killed before its end leaves what the next one clears first.

        with IsolatedDocker("mtcl", images):
            ...     # class.sh, the hub, requests: all inside
    """

    STATE = Path("/run/magic-tictactoe-test-docker")
    DATA = Path("/var/lib/magic-tictactoe-test-docker")

    def __init__(self, name, images):
        self.name, self.images = name, list(images)
        self.socket = f"unix://{self.STATE}/docker.sock"
        self.pid_file = self.STATE / "docker.pid"
        self.home = None
        self.daemon = None
        self.resolver = None

    def __enter__(self):
        self.clear()
        subprocess.run(["ip", "netns", "add", self.name], check=True)
        try:
            subprocess.run(["ip", "-n", self.name, "link", "set", "lo", "up"], check=True)
            self.home = os.open("/proc/self/ns/net", os.O_RDONLY)
            inside = os.open(f"/run/netns/{self.name}", os.O_RDONLY)
            try:
                setns(inside)
            finally:
                os.close(inside)
            self.resolver = LoopbackResolver()
            self.start()
            for image in self.images:
                self.copy(image)
            os.environ["DOCKER_HOST"] = self.socket
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_):
        os.environ.pop("DOCKER_HOST", None)
        try:
            self.stop()
        finally:
            if self.resolver is not None:
                self.resolver.stop()
                self.resolver = None
            if self.home is not None:
                setns(self.home)
                os.close(self.home)
                self.home = None
            subprocess.run(["ip", "netns", "del", self.name], capture_output=True)

    def clear(self):
        """What a run killed before its end left: its daemon, its namespace."""
        self.stop()
        subprocess.run(["ip", "netns", "del", self.name], capture_output=True)

    def start(self):
        """The daemon, in this (the test's) namespace, with the class's flags (class.sh's)."""
        self.STATE.mkdir(parents=True, exist_ok=True)
        log = open(self.STATE / "dockerd.log", "a")
        resolv = self.STATE / "resolv.conf"
        resolv.write_text(f"nameserver {LoopbackResolver.ADDRESS}\n")
        # `exec`: the daemon is this process (its pid the pid file's, SIGTERM its own).
        self.daemon = subprocess.Popen(
            ["unshare", "--mount", "--propagation", "slave", "sh", "-c",
             'mount --bind "$0" /etc/resolv.conf && exec "$@"', str(resolv),
             "dockerd", "--bridge=none", "--data-root", str(self.DATA), "--exec-root", str(self.STATE / "exec"),
             "-H", self.socket, "--pidfile", str(self.pid_file)],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.time() + 60
        while subprocess.run(["docker", "-H", self.socket, "info"], capture_output=True).returncode != 0:
            if time.time() > deadline or self.daemon.poll() is not None:
                raise RuntimeError(f"the test's Docker daemon did not answer: see {self.STATE / 'dockerd.log'}")
            time.sleep(0.5)

    def stop(self, limit=60):
        if self.daemon is not None:  # this run's own: stopped, and waited for
            self.daemon.terminate()
            try:
                self.daemon.wait(limit)
            except subprocess.TimeoutExpired:
                raise RuntimeError(f"the test's Docker daemon did not stop within {limit} s") from None
            self.daemon = None
        else:  # an earlier run's
            stop_docker(limit, self.pid_file)

    def restart(self):
        """Docker's daemon stopped (as a machine's shutdown stops it) and started again."""
        self.stop()
        self.start()

    def copy(self, image):
        """The machine's image into the test's daemon, unless it has it already."""
        ours = subprocess.run(["docker", "-H", self.socket, "image", "inspect", "--format", "{{.Id}}", image],
                              capture_output=True, text=True).stdout.strip()
        theirs = subprocess.run(["docker", "-H", "unix:///var/run/docker.sock", "image", "inspect", "--format",
                                 "{{.Id}}", image], capture_output=True, text=True, check=True).stdout.strip()
        if ours == theirs:
            return
        saved = subprocess.Popen(["docker", "-H", "unix:///var/run/docker.sock", "save", image], stdout=subprocess.PIPE)
        subprocess.run(["docker", "-H", self.socket, "load", "-q"], stdin=saved.stdout, check=True, capture_output=True)
        saved.stdout.close()
        if saved.wait() != 0:
            raise RuntimeError(f"docker save {image} failed")


class LoopbackResolver:
    """A machine's resolver on its loopback (systemd-resolved, a dnsmasq), as the test's Docker
    daemon sees it: on the test's namespace's loopback, answering one name of the test's own,
    NAME (in .test, which no resolver of the world answers), with ANSWER (a benchmarking
    address, which the class's firewall drops), and every other name with "no such name". A
    student's kernel that resolves NAME reached it. A thread of the test's: gone with it."""

    ADDRESS, NAME, ANSWER = "127.0.1.1", "internet.magic-tictactoe.test", "198.18.0.99"

    def __init__(self):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.bind((self.ADDRESS, 53))
        self.socket.settimeout(0.5)
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while not self.stopped.is_set():
            try:
                query, peer = self.socket.recvfrom(512)
                ident, = struct.unpack(">H", query[:2])
                labels, end = [], 12
                while query[end]:
                    labels.append(query[end + 1:end + 1 + query[end]].decode("ascii", "replace"))
                    end += query[end] + 1
                qtype, = struct.unpack(">H", query[end + 1:end + 3])
                question = query[12:end + 5]
            except (TimeoutError, IndexError, struct.error):
                continue
            ours = ".".join(labels).lower() == self.NAME
            answer = (b"\xc0\x0c" + struct.pack(">HHIH", 1, 1, 60, 4) + socket.inet_aton(self.ANSWER)
                      if ours and qtype == 1 else b"")
            flags = 0x8180 if ours else 0x8183  # an answer (maybe of no address), or no such name
            try:
                self.socket.sendto(struct.pack(">HHHHHH", ident, flags, 1, 1 if answer else 0, 0, 0)
                                   + question + answer, peer)
            except OSError:
                continue

    def stop(self):
        self.stopped.set()
        self.thread.join()
        self.socket.close()


def available_mb():
    """The machine's available memory (MemAvailable), in MB."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1000
    return float("nan")


# What a class's hub keeps from one run to the next: a test's run starts with none of an
# earlier run's (its accounts, its settings, its logs and timetables).
HUB_STATE = ("settings.json", "hub.env", "roster.csv", "jupyterhub.sqlite", "first-passwords.json", "students.txt",
             "teacher.txt", "passwords.txt", "identities.json", "lms-launches.json", "lms-sent.json",
             "lms-names.json", "class-page.log", "warm.log", "timetable.txt", "timetable-warmed",
             "warm-7b.log", "timetable-7b.txt", "timetable-warmed-7b")


def fresh_hub(class_home):
    """The class in `class_home` as a new one's: none of HUB_STATE."""
    for kept in HUB_STATE:
        (Path(class_home) / "hub" / kept).unlink(missing_ok=True)


def remove_accounts(names):
    """Takes away the system accounts these (test) students got in a class without containers,
    with their homes: a later run's class list must not find them as the machine's own."""
    for name in names:
        subprocess.run(["pkill", "-KILL", "-u", name], capture_output=True)
        subprocess.run(["userdel", "--remove", name], capture_output=True)


def forget(names):
    """Takes away what these students' first visit left, so the next run starts as a class's
    first lesson does: no notebooks, no compile cache of their own, no build folders; with
    containers, no container and no volume."""
    import pwd
    for name in names:
        try:
            home = pwd.getpwnam(name).pw_dir
        except KeyError:  # no account yet
            continue
        # Without containers, whatever a run stopped midway left running as the student.
        subprocess.run(["pkill", "-KILL", "-u", name], capture_output=True)
        subprocess.run(["rm", "-rf", f"{home}/magic-tictactoe", f"{home}/.cache",
                        f"{home}/.notebook-builds", f"{home}/.local"], check=False)
    if shutil.which("docker") and subprocess.run(["docker", "info"], capture_output=True).returncode == 0:
        containers = [f"magic-tictactoe-{name}" for name in names]
        subprocess.run(["docker", "rm", "-f", *containers], capture_output=True)
        subprocess.run(["docker", "volume", "rm", "-f", *containers], capture_output=True)


if __name__ == "__main__":
    # test.sh holds the machine's Docker for the tests it runs side by side (each would stop a
    # daemon it started, under the others): start-docker says "started" or "running" on its last
    # line, and the run gives stop-docker only a daemon it started.
    if sys.argv[1:] == ["start-docker"]:
        print("started" if machine_docker() else "running")
    elif sys.argv[1:] == ["stop-docker"]:
        stop_docker()
    else:
        sys.exit("usage: class_harness.py start-docker | stop-docker")
