"""A class over several machines (class.sh --swarm), tested here for real on machines of the
test's own: three Docker daemons, each in a network namespace (and mount and host-name
namespaces) the test makes, linked by veth pairs to a switch (a bridge in a namespace of its
own) and to this machine, joined into one swarm. Node 1 is the hub's machine: the hub (started
with class.sh there), the swarm's manager, the registry (Debian's docker-registry) and the SSH
server the PCs mount the students' homes from; nodes 2 and 3 are lab PCs, joined with the
script `class.sh join-script` makes.

- a class of six students reaches first boards, its servers spread over the three machines;
- the limits hold on a PC: the memory, CPU and process limits of the student's container there;
- a PC drained mid-lesson and a PC switched off mid-lesson (every process of its namespace
  killed): the student's server comes back on another machine, and the notebook saved just
  before is there, whole;
- backups and restore of a PC's student's notebook, the teacher's collect from the class page,
  the warm-up before the bell, and the idle culler stopping a PC's student's server;
- the bell (scripts/class_load.py's first boards) for the class on three machines (and, with
  --compare-one-machine, on one: the docs' figures);
- what crosses the switch between the hub's machine and the PCs while the class works, read as
  anyone on the school's network could: TLS, no plain HTTP (JupyterHub's internal_ssl).

Traffic goes only to the namespaces' addresses (198.18.213.0/24, a range set aside for
benchmarks, which no school network uses) and the loopback: each node's only route elsewhere
is a veth pair of its own that counts what it is given and drops it; the test fails if it counted
anything. Everything it starts (daemons, namespaces, links, services, the registry, the SSH
server, the hub) is gone when it ends, also when it fails.

    sudo .venv/bin/python scripts/swarm_test.py [--compare-one-machine]     (the test command runs it, without)

It uses its own CLASS_HOME (/srv/magic-tictactoe-swarm-test) and students (sw-01 ...), and keeps
the hub's log in target/swarm-test/hub.log. It needs
the students' image built (class_test.py builds it before it in the test command; else this
builds it).
"""

import io
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import class_load  # noqa: E402
from class_harness import ClassServer, machine_docker, stop_docker, student_images, until_ready  # noqa: E402
from hubclient import NOTEBOOK  # noqa: E402 (class_harness put scripts/class on the path)
from checks import check, finish  # noqa: E402

NET = "198.18.213"
STATE = Path("/run/magic-tictactoe-swarm-test")
DATA = Path("/var/lib/magic-tictactoe-swarm-test")
CLASS_HOME = Path("/srv/magic-tictactoe-swarm-test")
NODES = (1, 2, 3)
STUDENTS = [f"sw-{i:02d}" for i in range(1, 7)]
TEACHER = "sw-teacher"
PAGE = "/services/class"
IMAGES = ["magic-tictactoe-student:0.1.0", "magic-tictactoe-base:bookworm"]
ACCOUNT = "magic-tictactoe-homes"
# An address of the class's swarm network (scripts/class/setup/swarm.sh's SWARM_SUBNET).
CLASS_ADDRESS = "172.29.213.77"
# --compare-one-machine: the bell again with every PC drained, for the docs' figures.
COMPARE = "--compare-one-machine" in sys.argv[1:]



def run(*args, check=True, **kwargs):
    done = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: status {done.returncode}: {done.stderr.strip()[-600:]}")
    return done


def address(node):
    return f"{NET}.{10 + node}"


def socket_of(node):
    return f"unix://{STATE}/{node}/docker.sock"


def docker(node, *args, check=True):
    return run("docker", "-H", socket_of(node), *args, check=check)


class Lab:
    """The test's machines: namespaces mtsw-1..3 on a switch (mtsw-lan), this machine linked to
    it as 198.18.213.1, a Docker daemon in each, the registry and SSH server on node 1."""

    def __init__(self):
        self.daemons = {}
        self.processes = []  # everything started here, reaped at the end
        self.wire = []  # the captures of what crosses the lab's switch (listen)

    def __enter__(self):
        self.tear_down()  # what a run killed before its end left
        try:
            self.make()
        except BaseException:
            self.tear_down()
            raise
        return self

    def __exit__(self, *_):
        self.tear_down()

    def make(self):
        STATE.mkdir(parents=True, exist_ok=True)
        run("ip", "netns", "add", "mtsw-lan")
        run("ip", "-n", "mtsw-lan", "link", "add", "switch", "type", "bridge")
        run("ip", "-n", "mtsw-lan", "link", "set", "switch", "up")
        run("ip", "link", "add", "mtsw-hub", "type", "veth", "peer", "name", "hub", "netns", "mtsw-lan")
        run("ip", "-n", "mtsw-lan", "link", "set", "hub", "master", "switch", "up")
        run("ip", "addr", "add", f"{NET}.1/24", "dev", "mtsw-hub")
        run("ip", "link", "set", "mtsw-hub", "up")
        for node in NODES:
            ns = f"mtsw-{node}"
            run("ip", "netns", "add", ns)
            run("ip", "-n", ns, "link", "set", "lo", "up")
            run("ip", "link", "add", "lan", "netns", ns, "type", "veth", "peer", "name", f"n{node}", "netns", "mtsw-lan")
            run("ip", "-n", "mtsw-lan", "link", "set", f"n{node}", "master", "switch", "up")
            run("ip", "-n", ns, "addr", "add", f"{address(node)}/24", "dev", "lan")
            run("ip", "-n", ns, "link", "set", "lan", "up")
            # Anything for another address goes to `out`, which counts it, and on to its other
            # end, `sink`, which drops it (nothing is routed on from there).
            # (IPv6 off on them: its link-local chatter on any link that comes up is no stray.
            # No ARP on `out`: each packet goes out as it is, so the report shows what it was and
            # where from, not a question for its address.)
            run("ip", "-n", ns, "link", "add", "out", "type", "veth", "peer", "name", "sink")
            for end in ("out", "sink"):
                run("ip", "netns", "exec", ns, "sysctl", "-q", f"net.ipv6.conf.{end}.disable_ipv6=1")
                run("ip", "-n", ns, "link", "set", end, "up")
            run("ip", "-n", ns, "link", "set", "out", "arp", "off")
            run("ip", "-n", ns, "route", "add", "default", "dev", "out")
            # What was sent there, for the report (tcpdump's own first lines).
            self.background(f"strays-{node}", node, ["tcpdump", "-n", "-l", "-tttt", "-i", "out", "-c", "40"])
        for node in NODES:
            self.start_daemon(node)
        # Node 1, the hub's machine: the registry and the SSH server (the homes, for the PCs).
        (STATE / "registry.yml").write_text(
            f"version: 0.1\nlog:\n  level: warn\nstorage:\n  filesystem:\n    rootdirectory: {DATA}/registry\n"
            f"http:\n  addr: {address(1)}:5000\n")
        self.background("registry", 1, ["docker-registry", "serve", str(STATE / "registry.yml")])
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(STATE / "host-key"))
        (STATE / "sshd_config").write_text(
            f"ListenAddress {address(1)}:22\nHostKey {STATE}/host-key\nPidFile {STATE}/sshd.pid\n"
            "PermitRootLogin no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nUseDNS no\n"
            "Subsystem sftp internal-sftp\n")
        Path("/run/sshd").mkdir(exist_ok=True)
        self.background("sshd", 1, ["/usr/sbin/sshd", "-D", "-e", "-f", str(STATE / "sshd_config")])

    def inside(self, node):
        """The command that enters the node: its daemon's namespaces once it runs, else its network's."""
        if node in self.daemons:
            return ["nsenter", "-t", str(self.daemons[node].pid), "-n", "-m", "-u"]
        return ["nsenter", f"--net=/run/netns/mtsw-{node}"]

    def background(self, what, node, command):
        log = open(STATE / f"{what}.log", "a")
        self.processes.append(subprocess.Popen([*self.inside(node), *command], stdout=log, stderr=subprocess.STDOUT,
                                               stdin=subprocess.DEVNULL, start_new_session=True))
        return self.processes[-1]

    def start_daemon(self, node):
        """Docker's daemon of the node, in its own mount and host-name namespaces too (as a PC):
        its firewall rules in the node's namespace (the class's swarm network needs them), no
        default bridge, and the registry on node 1 taken over plain HTTP."""
        (STATE / str(node)).mkdir(exist_ok=True)
        # The lab has no name server: the node's own resolv.conf names none (the loopback's, by
        # default), where this machine's would send its look-ups out of the lab.
        (STATE / "resolv.conf").write_text("options timeout:1 attempts:1\n")
        dockerd = (f"hostname mtsw-{node} && mount --bind {STATE}/resolv.conf /etc/resolv.conf && exec dockerd --bridge=none "
                   f"--data-root {DATA}/{node} --exec-root {STATE}/{node}/exec -H {socket_of(node)} "
                   f"--pidfile {STATE}/{node}/docker.pid --insecure-registry {address(1)}:5000")
        self.daemons[node] = self.background(f"dockerd-{node}", node, [
            "unshare", "--mount", "--uts", "--propagation", "slave", "sh", "-c", dockerd])
        deadline = time.time() + 60
        while docker(node, "info", check=False).returncode != 0:
            if time.time() > deadline:
                raise RuntimeError(f"node {node}'s Docker did not answer: see {STATE}/dockerd-{node}.log")
            time.sleep(0.5)

    def enter(self, node, *command, env=None):
        """`command` in node's namespaces (network, mount, host name: its daemon's)."""
        return run(*self.inside(node), *command, env=env)

    def containers(self, *nodes):
        """The ids of the nodes' containers, from their daemons' data (also once a daemon is
        gone): each student's server is in a network namespace of its own, not its node's."""
        return {folder.name for node in nodes for folder in (DATA / str(node) / "containers").glob("*")}

    def kill_containers(self, ids):
        """Every process in a container of `ids` (by its cgroup), killed at once; how many."""
        killed = 0
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                cgroup = (proc / "cgroup").read_text()
            except OSError:
                continue
            if any(container in cgroup for container in ids):
                try:
                    os.kill(int(proc.name), signal.SIGKILL)
                    killed += 1
                except ProcessLookupError:
                    pass
        return killed

    def switch_off(self, node):
        """The PC switched off: every process in its network namespace, and in its containers,
        killed at once."""
        ids = self.containers(node)
        pids = run("ip", "netns", "pids", f"mtsw-{node}", check=False).stdout.split()
        for pid in pids:
            try:
                os.kill(int(pid), signal.SIGKILL)
            except (ProcessLookupError, ValueError):
                pass
        return len(pids) + self.kill_containers(ids)

    def listen(self):
        """Starts reading what crosses the switch to and from the lab PCs (nodes 2 and 3), as
        anyone on the school's network can: each PC's port of the switch, into a capture file."""
        for node in NODES[1:]:
            self.processes.append(subprocess.Popen(
                ["nsenter", "--net=/run/netns/mtsw-lan", "tcpdump", "-n", "-q", "-s", "256", "-U", "-i", f"n{node}",
                 "-w", str(STATE / f"wire-{node}.pcap"), "tcp"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, start_new_session=True))
            self.wire.append(self.processes[-1])

    def heard(self):
        """What `listen` read, stopped now: every TCP segment with data between the hub's machine
        and a PC, outside the swarm's own (mutual TLS), SSH's and the registry's ports, counted
        by what its data begins as: {"plain HTTP": [...], "TLS": n, "other": n}. (Port 8080 is
        the test's own: the stand-ins for a PC's services, which walled_off asks from node 1.)"""
        for process in self.wire:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=10)
        heard = {"plain HTTP": [], "TLS": 0, "other": 0}
        skip = {22, 2377, 7946, 5000, 8080}
        for node in NODES[1:]:
            data = (STATE / f"wire-{node}.pcap").read_bytes()
            at = 24  # pcap's file header; its records, each an Ethernet frame (tcpdump -i DEV)
            while at + 16 <= len(data):
                length = int.from_bytes(data[at + 8:at + 12], "little")
                frame = data[at + 16:at + 16 + length]
                at += 16 + length
                if len(frame) < 34 or frame[12:14] != b"\x08\x00" or frame[23] != 6:
                    continue
                ip = frame[14:]
                source, target = ".".join(map(str, ip[12:16])), ".".join(map(str, ip[16:20]))
                tcp = ip[(ip[0] & 15) * 4:]
                ports = {int.from_bytes(tcp[0:2], "big"), int.from_bytes(tcp[2:4], "big")}
                payload = tcp[(tcp[12] >> 4) * 4:]
                if not payload or ports & skip or address(1) not in (source, target):
                    continue
                if payload[:1] in (b"\x14", b"\x15", b"\x16", b"\x17") and payload[1:2] == b"\x03":
                    heard["TLS"] += 1
                elif payload.split(b" ", 1)[0] in (b"GET", b"POST", b"PUT", b"PATCH", b"DELETE", b"HEAD", b"OPTIONS") \
                        or payload.startswith(b"HTTP/1."):
                    heard["plain HTTP"].append(f"{source} > {target}: {payload[:60]!r}")
                else:
                    heard["other"] += 1
        return heard

    def strays(self):
        """Packets each node sent towards an address other than the lab's (its `out` device),
        and the first 40 of them as tcpdump read them (the lab's folders go with the lab)."""
        counted = {}
        for node in NODES:
            found = run("ip", "-n", f"mtsw-{node}", "-s", "-j", "link", "show", "out", check=False)
            if found.returncode == 0:
                counted[node] = json.loads(found.stdout)[0]["stats64"]["tx"]["packets"]
            if counted.get(node):
                seen = (STATE / f"strays-{node}.log").read_text().strip().splitlines()
                print("\n".join(f"     node {node}: {line}" for line in seen), flush=True)
        return counted

    def tear_down(self):
        # The students' servers first: their processes are in namespaces of their own, which
        # killing a node's namespace leaves running.
        left = self.kill_containers(self.containers(*NODES))
        if left:
            print(f"     ({left} processes of the nodes' containers stopped)", flush=True)
        for ns in [f"mtsw-{node}" for node in NODES] + ["mtsw-lan"]:
            if Path(f"/run/netns/{ns}").exists():
                for _ in range(20):
                    pids = run("ip", "netns", "pids", ns, check=False).stdout.split()
                    if not pids:
                        break
                    for pid in pids:
                        try:
                            os.kill(int(pid), signal.SIGKILL)
                        except (ProcessLookupError, ValueError):
                            pass
                    time.sleep(0.5)
                run("ip", "netns", "del", ns, check=False)
        run("ip", "link", "del", "mtsw-hub", check=False)
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                print(f"     (pid {process.pid}, {process.args[-1]}, outlived its namespace)", flush=True)
        for folder in (DATA, STATE, Path("/etc/magic-tictactoe")):
            shutil.rmtree(folder, ignore_errors=True)


class SwarmClass(ClassServer):
    """The class's hub on node 1 (the hub's machine), started with class.sh --swarm."""

    def __init__(self, lab):
        super().__init__(CLASS_HOME, STUDENTS, teacher=TEACHER,
                         options=["--ip", address(1), "--plain-http", "--swarm", address(1)])
        self.lab = lab
        self.url = f"http://{address(1)}:{self.port}"

    def env(self):
        return dict(super().env(), DOCKER_HOST=socket_of(1), MAGIC_CLASS_SSH_HOST_KEY=str(STATE / "host-key.pub"))

    def command(self, setup_only=False):
        return [*self.lab.inside(1), *super().command(setup_only)]

    def join(self, node):
        script = subprocess.run([str(ROOT / "scripts" / "class.sh"), "join-script"], env=self.env(),
                                capture_output=True, text=True, check=True).stdout
        (STATE / "join.sh").write_text(script)
        return self.lab.enter(node, "env", f"DOCKER_HOST={socket_of(node)}", "sh", str(STATE / "join.sh"),
                              "--advertise-addr", address(node))


def services():
    """Each student's service and the node (1 to 3) its running task is on."""
    placed = {}
    for name in STUDENTS:
        tasks = docker(1, "service", "ps", "--filter", "desired-state=running", "--format", "{{.Node}}",
                       f"magic-tictactoe-{name}", check=False)
        if tasks.returncode == 0 and tasks.stdout.strip().startswith("mtsw-"):
            placed[name] = int(tasks.stdout.split()[0].split("-")[1])
    return placed


def save_and_check(hub, name, lose_node):
    """`name` saves a notebook; then `lose_node()` takes their PC away. Their server must come
    back on another machine with the notebook whole. Returns the seconds until it did, and the
    node it is on."""
    student = hub.student(name)
    student.log_in()
    note = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": f"saved by {name} at {time.time()}"}],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    saved = student.server("PUT", "contents/notebooks/mine.ipynb",
                           json={"type": "notebook", "format": "json", "content": note})
    check(saved.status_code in (200, 201), f"{name} saves a notebook on node {services().get(name)} "
          f"(HTTP {saved.status_code})")
    started = time.time()
    lose_node()
    stopped = until_ready(f"the hub to see {name}'s server gone", lambda: not student.user(name).get("servers"), 120)
    check(stopped, f"the hub sees {name}'s server gone within {time.time() - started:.0f} s (it polls every 10 s)")
    student.start_server(300)
    back = time.time() - started
    where = services().get(name)
    read = student.server("GET", "contents/notebooks/mine.ipynb")
    whole = read.status_code == 200 and read.json()["content"]["cells"][0]["source"] == note["cells"][0]["source"]
    check(whole, f"{name}'s server is back on node {where} {back:.0f} s after, with the saved notebook whole")
    return back, where


def pcs_other_users(lab, hub, node, student):
    """Issue 54, on a lab PC: what its other users (a pupil at its keyboard, a guest account) and
    whoever holds the PC's key (join.sh) can do with the students' homes. Each must fail."""
    home = f"{CLASS_HOME}/homes/{student}"
    theirs = run(*lab.inside(node), "setpriv", "--reuid", "4242", "--regid", "4242", "--clear-groups", "sh", "-c",
                 f"ls {home}/magic-tictactoe; cat {home}/magic-tictactoe/{NOTEBOOK}", check=False)
    check(theirs.returncode != 0 and '"cells"' not in theirs.stdout,
          f"on node {node}, another user of the PC reads nothing of {student}'s home "
          f"({theirs.stderr.strip().splitlines()[-1][:90] if theirs.stderr.strip() else 'no refusal'})")
    key = "/etc/magic-tictactoe/pc-key"
    ssh = f"/var/lib/{ACCOUNT}/.ssh"
    before = Path(f"{ssh}/authorized_keys").read_text()
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(STATE / "their-key"), check=False)
    batch = (f"-put {STATE}/their-key.pub {ssh}/authorized_keys\n-rename {ssh} {ssh}-gone\n"
             f"-mkdir /var/lib/{ACCOUNT}/.ssh-new\n")
    run(*lab.inside(node), "sh", "-c", f"printf '{batch}' | sftp -b - -i {key} -o UserKnownHostsFile=/etc/magic-tictactoe/"
        f"known_hosts -o BatchMode=yes {ACCOUNT}@{address(1)}", check=False)
    check(Path(f"{ssh}/authorized_keys").read_text() == before and not Path(f"{ssh}-gone").exists()
          and not Path(f"/var/lib/{ACCOUNT}/.ssh-new").exists(),
          "the PCs' key (in join.sh) cannot rewrite its own key file over SFTP, move it, or write beside it")
    made = subprocess.run(["bash", "-c", f"umask 022 && '{ROOT}/scripts/class.sh' join-script > '{STATE}/join-check.sh'"],
                          env=hub.env(), capture_output=True, text=True)
    mode = (STATE / "join-check.sh").stat().st_mode & 0o777
    check(made.returncode == 0 and mode == 0o600, f"class.sh join-script > join.sh leaves it root's only (mode {mode:o})")


def walled_off(lab, hub, placed):
    """Issue 53 on a swarm: what a pupil who wants more than her own tries from a cell of her kernel
    on a lab PC, given the best a classmate's kernel could tell her (which root reads here for
    her): a classmate's kernel ports and his server at his container's address (on the same PC),
    his server at its PC's port (where the hub's proxy reaches it), her own PC's services, and
    the lab's others: the hub's public port, the proxy's API, the SSH server that holds the
    homes, the registry, the swarm's manager. Each must fail; the hub's API, which her server
    needs, must not."""
    pairs = [(a, b) for a in placed for b in placed if a != b and placed[a] == placed[b] and placed[a] in (2, 3)]
    if not pairs:
        check(False, f"two students' servers share a lab PC, to try one against the other: {placed}")
        return
    her, him = pairs[0]
    node = placed[her]
    bob = hub.student(him)
    bob.log_in()
    session, kernel = bob.open_notebook()
    bob.run(kernel, ["1 + 1"], limit=300)  # his notebook 01's kernel, running
    theirs = docker(node, "ps", "-q", "--filter", f"label=com.docker.swarm.service.name=magic-tictactoe-{him}").stdout.split()[0]
    found = docker(node, "exec", theirs, "sh", "-c", 'cat $(ls -t "${JUPYTER_RUNTIME_DIR:-$HOME/.local/share/jupyter/runtime}"'
                   '/kernel-*.json | head -n 1)', check=False).stdout
    info = json.loads(found) if found.strip() else None
    his = docker(node, "inspect", "--format", '{{(index .NetworkSettings.Networks "magic-tictactoe-swarm").IPAddress}}',
                 theirs).stdout.strip()
    ports = json.loads(docker(1, "service", "inspect", "--format", "{{json .Spec.EndpointSpec.Ports}}",
                              f"magic-tictactoe-{him}").stdout)
    published = ports[0]["PublishedPort"] if ports else 0
    # A service of each machine's own, where a PC's printer or a school's server would be.
    lan = [lab.background(f"lan-{n}", n, [sys.executable, "-m", "http.server", "--bind", address(n), "8080"])
           for n in NODES]
    try:
        answering = until_ready("the machines' own services", lambda: all(
            run(*lab.inside(1), "curl", "-s", "-o", "/dev/null", "-m", "3", f"http://{address(n)}:8080/",
                check=False).returncode == 0
            for n in NODES), 20)
        targets = [(f"his kernel's {channel} port", his, info[f"{channel}_port"])
                   for channel in ("iopub", "shell", "control", "stdin", "hb")] if info else []
        # Where his kernel listens (the loopback): the PC's own, when servers shared its network.
        targets += [(f"his kernel's {channel} port where it listens", info["ip"], info[f"{channel}_port"])
                    for channel in ("iopub", "shell")] if info else []
        targets += [("his server at his address", his, 8888), ("his server at his PC's port", address(node), published),
                    ("the hub's public port", address(1), hub.port), ("the proxy's API", address(1), 8001),
                    ("the homes' SSH server", address(1), 22), ("the registry", address(1), 5000),
                    ("the swarm's manager", address(1), 2377)]
        targets += [(f"a service of machine {n}", address(n), 8080) for n in NODES]
        probes = "".join(f'("{what}", "{host}:{port}"),' for what, host, port in targets)
        code = ('{\nuse std::net::{SocketAddr, TcpStream};\nuse std::time::Duration;\n'
                f'for (what, to) in [{probes} ("the hub\'s API", "{address(1)}:8081")] {{\n'
                '    let reached = to.parse::<SocketAddr>().map(|a| TcpStream::connect_timeout(&a, Duration::from_secs(3)).is_ok()).unwrap_or(false);\n'
                '    println!("{what}: {reached}");\n}\n}')
        ada = hub.student(her)
        ada.log_in()
        printed = text_of(ada.run_cells([code], limit=300))
        said = dict(line.rsplit(": ", 1) for line in printed.splitlines() if ": " in line)
        said = {what.strip(): ok.strip() for what, ok in said.items()}
        reached = sorted(what for what, ok in said.items() if ok == "true" and what != "the hub's API")
        check(info is not None and published and answering and len(said) == len(targets) + 1 and not reached,
              f"on node {node}, from her kernel {her} reaches none of {him}'s kernel ports and server there, her PC's "
              f"services, nor the lab's others ({len(targets)} tried): reached {reached or 'nothing'}")
        check(said.get("the hub's API") == "true", "... and her server still reaches the hub's API")
        check(text_of(bob.run(kernel, ["1 + 1"], limit=120)) == "2", f"... and {him}'s kernel answers as before")
    finally:
        bob.server("DELETE", f"sessions/{session}")
        for process in lan:
            process.kill()
            process.wait()


def on_the_wire(lab):
    """Issue 54: what someone on the school's network reads of the hub's traffic with the PCs (the
    proxy to each student's server, each server to the hub's API) while the class works."""
    heard = lab.heard()
    plain = heard["plain HTTP"]
    check(not plain and heard["TLS"] > 20,
          f"the hub's traffic with the PCs crosses the school's network encrypted: {heard['TLS']} TLS records, "
          f"{len(plain)} plain HTTP messages ({'; '.join(plain[:3]) or 'none'}), {heard['other']} other segments")


def text_of(outputs):
    return " ".join(text for cells in outputs for kind, text in cells).strip()


def pushed_by_someone_else(node):
    """An image of another's, pushed to the swarm's registry under the students' tag from another
    machine (`node`, standing for anyone on the school's network: the registry asks no login).
    Its id, or None if the push did not happen (said)."""
    tag = f"{address(1)}:5000/{IMAGES[0]}"
    made = subprocess.run(["sh", "-c", f"mkdir -p {STATE}/foreign && echo theirs > {STATE}/foreign/theirs && "
                           f"tar -C {STATE}/foreign -c . | docker -H {socket_of(node)} import - {tag}"],
                          capture_output=True, text=True)
    pushed = docker(node, "push", tag, check=False)
    ident = docker(node, "image", "inspect", "--format", "{{.Id}}", tag, check=False).stdout.strip()
    if made.returncode != 0 or pushed.returncode != 0 or not ident:
        print(f"     (the push from node {node} did not happen: {(made.stderr + pushed.stderr).strip()[-300:]})")
        return None
    return ident


def backup_and_restore(hub, name, pc):
    """`class.sh backup`, a change to `name`'s notebook, then `class.sh restore` of it; the PC
    `pc`, which read the notebook just before, reads the restored one just after."""
    student = hub.student(name)
    student.log_in()
    before = student.server("GET", "contents/notebooks/mine.ipynb").json()["content"]
    subprocess.run([str(ROOT / "scripts" / "class.sh"), "backup"], env=hub.env(), check=True, capture_output=True)
    archive = sorted((CLASS_HOME / "backups").glob("magic-tictactoe-*.tar.gz"))[-1]
    with tarfile.open(archive) as tar:
        held = f"work/{name}/volume/magic-tictactoe/notebooks/mine.ipynb" in tar.getnames()
    check(held, f"class.sh backup holds {name}'s notebook from the swarm's homes ({archive.name})")
    changed = json.loads(json.dumps(before))
    changed["cells"][0]["source"] = "changed after the backup"
    student.server("PUT", "contents/notebooks/mine.ipynb", json={"type": "notebook", "format": "json", "content": changed})
    folder = CLASS_HOME / "homes" / name / "magic-tictactoe" / "notebooks"
    listed_before = hub.lab.enter(pc, "ls", str(folder)).stdout.splitlines()
    subprocess.run([str(ROOT / "scripts" / "class.sh"), "restore", str(archive), name, "--notebook",
                    "notebooks/mine.ipynb"], env=hub.env(), check=True, capture_output=True)
    listed_after = hub.lab.enter(pc, "ls", str(folder)).stdout.splitlines()
    seen_after = hub.lab.enter(pc, "cat", str(folder / "mine.ipynb")).stdout
    check("mine.ipynb" in listed_before and sorted(listed_after) == sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))
          and seen_after == (folder / "mine.ipynb").read_text(),
          f"node {pc}, which listed {name}'s notebooks just before the restore, lists and reads them as the "
          f"hub's machine has them at once ({sorted(set(listed_after) - set(listed_before))} new)")
    student.start_server(300)
    read = student.server("GET", "contents/notebooks/mine.ipynb").json()["content"]
    kept = [f["name"] for f in student.server("GET", "contents/notebooks").json()["content"]
            if f["name"].startswith("mine (before the restore")]
    check(read["cells"][0]["source"] == before["cells"][0]["source"] and kept,
          f"class.sh restore brings it back on node {services().get(name)}, the changed one kept beside it ({kept})")


def bell(hub, names, label):
    """The first boards of `names`, at once (scripts/class_load.py's drive): one table row."""
    results, failures = class_load.drive(hub, names)
    for result in results.values():
        result["student"].server("DELETE", f"sessions/{result['session']}")
    boards = sorted(r["board"] for r in results.values())
    check(not failures and len(boards) == len(names),
          f"{label}: {len(boards)} of {len(names)} students reach the first board {failures or ''}")
    if boards:
        print(f"     | {label} | {len(names)} | {statistics.median(boards):.1f} s | {boards[-1]:.1f} s |", flush=True)
    return boards


def main():
    if os.geteuid() != 0:
        sys.exit("swarm_test.py makes namespaces and Docker daemons: run it as root")
    packages = {"docker-registry": "docker-registry", "sshfs": "sshfs", "/usr/sbin/sshd": "openssh-server",
                "tcpdump": "tcpdump"}
    missing = [package for tool, package in packages.items() if not shutil.which(tool)]
    if missing:
        print(f"==> Installing Debian's {', '.join(missing)}", flush=True)
        environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        # The packages' own services (an sshd on every address, a registry) are not started:
        # the test starts its own, in the lab's namespaces.
        policy = Path("/usr/sbin/policy-rc.d")
        ours = not policy.exists()
        if ours:
            policy.write_text("#!/bin/sh\nexit 101\n")
            policy.chmod(0o755)
        try:
            run("apt-get", "update", "-qq", env=environment)
            run("apt-get", "install", "-y", "-qq", *missing, env=environment)
        finally:
            if ours:
                policy.unlink()
    # The students' image is built on this machine's Docker, started (with no bridge and no
    # firewall rules) when it is not running, as on a fresh machine after the class test stopped
    # the one it started; this run stops it again if so.
    machine_started = machine_docker()
    started = time.time()
    try:
        with_lab(started)
    finally:
        if machine_started:
            stop_docker()
        kept = ROOT / "target" / "swarm-test"
        kept.mkdir(parents=True, exist_ok=True)
        if (CLASS_HOME / "hub-test.log").exists():
            shutil.copy(CLASS_HOME / "hub-test.log", kept / "hub.log")
        run("userdel", "--remove", ACCOUNT, check=False)
        shutil.rmtree(CLASS_HOME, ignore_errors=True)
    left = run("ip", "netns", "list").stdout
    check("mtsw" not in left and not STATE.exists(), "the namespaces, daemons and links are gone")
    finish("swarm", f" ({time.time() - started:.0f} s)")


def with_lab(started):
    # The students' image on this machine's Docker (class.sh builds it when its sources changed),
    # and what else the class downloads (class.sh prepare): the lab reaches no registry.
    student_images(CLASS_HOME)
    with Lab() as lab:
        for image in IMAGES:
            saved = subprocess.Popen(["docker", "save", image], stdout=subprocess.PIPE)
            subprocess.run(["docker", "-H", socket_of(1), "load", "-q"], stdin=saved.stdout, check=True,
                           capture_output=True)
            saved.wait()
        print(f"==> three machines up, images on the manager: {time.time() - started:.0f} s", flush=True)
        hub = SwarmClass(lab)
        hub.options += ["--memory", "1G", "--cpus", "1", "--processes", "256"]
        hub.start(limit=180)
        try:
            check(docker(1, "info", "--format", "{{.Swarm.ControlAvailable}}").stdout.strip() == "true",
                  "class.sh --swarm made the hub's machine the swarm's manager")
            for node in (2, 3):
                joined = hub.join(node)
                check("is in the class's swarm" in joined.stderr, f"node {node} joins with class.sh join-script")
            ready = docker(1, "node", "ls", "--format", "{{.Hostname}} {{.Status}}").stdout.split("\n")
            check(sum("Ready" in line for line in ready) == 3, f"three machines ready: {ready}")

            lab.listen()
            boards3 = bell(hub, STUDENTS, "three machines")
            placed = services()
            check(set(placed.values()) == set(NODES), f"the students' servers are spread over the three machines: {placed}")
            walled_off(lab, hub, placed)
            on_the_wire(lab)

            on_pc = next(name for name, node in placed.items() if node in (2, 3))
            node = placed[on_pc]
            container = docker(node, "ps", "-q", "--filter", f"label=com.docker.swarm.service.name=magic-tictactoe-{on_pc}").stdout.split()[0]
            limits = json.loads(docker(node, "inspect", container).stdout)[0]["HostConfig"]
            check(limits["Memory"] == 2**30 and limits["NanoCpus"] == 10**9 and limits["PidsLimit"] == 256,
                  f"on node {node}, {on_pc}'s container has the class's limits: memory {limits['Memory']}, "
                  f"CPU {limits['NanoCpus'] / 1e9}, processes {limits['PidsLimit']}")
            inside = docker(node, "exec", container, "sh", "-c",
                            "cat /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/pids/pids.max "
                            "2>/dev/null || cat /sys/fs/cgroup/memory.max /sys/fs/cgroup/pids.max", check=False).stdout.split()
            check(inside == [str(2**30), "256"], f"and its kernel enforces them there (cgroup: {inside})")
            mounts = lab.enter(node, "grep", "fuse.sshfs", "/proc/mounts").stdout
            check(f"{CLASS_HOME}/homes" in mounts, f"node {node} has the students' homes from node 1 over SFTP")
            pcs_other_users(lab, hub, node, on_pc)

            # A PC drained mid-lesson (needed back for another lesson).
            node_name = docker(1, "node", "ls", "--format", "{{.Hostname}}", "--filter", f"name=mtsw-{node}").stdout.split()[0]
            back, where = save_and_check(hub, on_pc, lambda: docker(1, "node", "update", "--availability", "drain", node_name))
            check(where not in (node, None), f"{on_pc}'s server came back off the drained node {node} (on node {where})")
            # The swarm takes the class's bridge away from a PC with no server left: a packet
            # still meant for one (the hub's proxy, on a connection the PC had redirected to it)
            # must stay on the PC, not follow its default route (`out`, the school's router).
            asked = run(*lab.inside(node), "ip", "route", "get", CLASS_ADDRESS, check=False)
            said = (asked.stdout + asked.stderr).strip()
            check("dev out" not in said,
                  f"drained node {node} sends no packet for the class network's addresses to its router "
                  f"(ip route get {CLASS_ADDRESS}: {said!r})")
            docker(1, "node", "update", "--availability", "active", node_name)

            # A PC switched off mid-lesson.
            placed = services()
            victim = next((name for name, n in placed.items() if n in (2, 3)), None)
            off = placed.get(victim)
            back, where = save_and_check(hub, victim, lambda: lab.switch_off(off))
            check(where not in (off, None), f"{victim}'s server came back off the switched-off node {off} (on node {where})")

            # Backups and restore read and write the homes on the hub's machine, as on one machine,
            # and the teacher's collect reads them.
            backup_and_restore(hub, on_pc, next(n for n in (2, 3) if n != off))
            collects(hub, on_pc)

            # The bell on one machine, for comparison (docs/class-server.md's figures; a measure,
            # not a check, so the test command leaves it out): the same class, every PC drained.
            if COMPARE:
                for name in STUDENTS:
                    student = hub.student(name)
                    student.log_in()
                    student.stop_server()
                for n in (2, 3):
                    docker(1, "node", "update", "--availability", "drain", f"mtsw-{n}", check=False)
                boards1 = bell(hub, STUDENTS, "one machine")
                if boards3 and boards1:
                    print(f"     the bell's median first board: {statistics.median(boards3):.1f} s on three machines, "
                          f"{statistics.median(boards1):.1f} s on one (the three share this machine's 2 cores: "
                          "a real lab's PCs each bring their own)", flush=True)

            # Someone on the school's network (at the PC that is still on) pushes an image of their
            # own under the students' tag.
            foreign = pushed_by_someone_else(next(n for n in (2, 3) if n != off))

            # The warm-up before the bell (class.sh warm), with the PC that is still on back.
            for name in STUDENTS:
                student = hub.student(name)
                student.log_in()
                student.stop_server()
            on = next(n for n in (2, 3) if n != off)
            docker(1, "node", "update", "--availability", "active", f"mtsw-{on}")
            hub.warm(STUDENTS[:4])
            placed = services()
            check(len(placed) == 4 and set(placed.values()) == {1, on},
                  f"class.sh warm starts four servers over the machines that are on: {placed}")
            runs = {name: docker(n, "inspect", "--format", "{{.Image}}", docker(
                n, "ps", "-q", "--filter", f"label=com.docker.swarm.service.name=magic-tictactoe-{name}").stdout.split()[0]
            ).stdout.strip() for name, n in placed.items()}
            real = docker(1, "image", "inspect", "--format", "{{.Id}}", IMAGES[0]).stdout.strip()
            check(foreign is not None and foreign != real and set(runs.values()) == {real},
                  f"an image pushed to the registry under the students' tag from another machine ({foreign}) is run "
                  f"by no student's server: each runs the hub's image, taken by its digest ({real}: "
                  f"{sorted(set(runs.values()))})")

            # The idle culler stops a PC's student's server, and their work is there after.
            culled(hub, next((name for name, n in placed.items() if n == on), STUDENTS[0]))
        finally:
            hub.stop()
            strays = lab.strays()
        check(not any(strays.values()), f"no packet left the lab's addresses (counted per node: {strays})")


def collects(hub, name):
    """The teacher collects notebook 03 from the class page: `name`'s copy, whose server is on a
    PC, is their own, read from their home on the hub's machine."""
    notebook = "notebooks/03-pick-15.ipynb"
    student = hub.student(name)
    student.log_in()
    student.start_server(300)
    content = student.server("GET", f"contents/{notebook}").json()["content"]
    first = next(cell for cell in content["cells"] if cell["cell_type"] == "code")
    first["source"] = f"// {name}'s own work"
    student.server("PUT", f"contents/{notebook}", json={"type": "notebook", "format": "json", "content": content})
    teacher = hub.student(TEACHER)
    teacher.log_in()
    answer = teacher.api("POST", f"{PAGE}/collect", data={"notebook": notebook}, allow_redirects=False)
    copies = {}
    if answer.status_code == 200 and answer.headers.get("Content-Type") == "application/zip":
        with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
            copies = {entry: archive.read(entry).decode() for entry in archive.namelist()}
    own = f"// {name}'s own work" in copies.get(f"03-pick-15/{name}.ipynb", "")
    others = [student for student in STUDENTS if student != name
              and "own work" not in copies.get(f"03-pick-15/{student}.ipynb", "own work")]
    check(own and len(others) == len(STUDENTS) - 1,
          f"the teacher collects notebook 03 from the class page: {name}'s copy, saved on a PC, is theirs, "
          f"and every student's is there (HTTP {answer.status_code}: {sorted(copies)})")


def culled(hub, name):
    """The hub again with a 20 s idle timeout: `name`'s server, on a PC, is stopped by the idle
    culler, its swarm service gone, and the notebook saved before is there when it starts again."""
    student = hub.student(name)
    student.log_in()
    note = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": f"before the culler, {time.time()}"}],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    student.server("PUT", "contents/notebooks/idle.ipynb", json={"type": "notebook", "format": "json", "content": note})
    node = services().get(name)
    hub.stop()
    # The class keeps its settings (issue 55): this run names the hub's address (as every run of
    # the test's does) and the idle time only, not --swarm, --plain-http or the limits.
    hub.options = ["--ip", address(1), "--idle-timeout", "20s"]
    hub.start(limit=180)
    student.log_in()
    said = (CLASS_HOME / "hub-test.log").read_bytes()[hub.log_start:].decode(errors="replace")
    env = (CLASS_HOME / "hub" / "hub.env").read_text()
    check("Settings changed: idle_timeout 60m → 20s (" in said and 'MAGIC_CLASS_SPAWNER="swarm"' in env
          and 'MAGIC_CLASS_MEMORY="1G"' in env and 'MAGIC_CLASS_SSL_CERT=""' in env,
          "class.sh with the idle time alone keeps the swarm, plain HTTP and the limits, and says it changed the "
          "idle time only")
    stopped = until_ready("the idle culler", lambda: name not in services(), 180)
    said = (CLASS_HOME / "hub-test.log").read_bytes()[hub.log_start:].decode(errors="replace")
    check(stopped and node in (2, 3) and f"Culling server {name} " in said,
          f"the idle culler stops {name}'s server on node {node}, idle since before the hub's restart with a "
          "20 s idle timeout, and its swarm service is gone")
    student.start_server(300)
    read = student.server("GET", "contents/notebooks/idle.ipynb")
    check(read.status_code == 200 and read.json()["content"]["cells"][0]["source"] == note["cells"][0]["source"],
          f"... and when {name} comes back (on node {services().get(name)}) the notebook saved before is there")


if __name__ == "__main__":
    main()
