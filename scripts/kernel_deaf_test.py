"""Does a Rust kernel stop answering when its clients come and go, or stop reading? The
reproduction of the two zeromq faults (kernel/README.md), run against builds of evcxr_jupyter
side by side.

    .venv/bin/python scripts/kernel_deaf_test.py [--via zmq|server] [--kernels N] [--rounds R]
        [--at-once K] [--burst B] [--load C] [--slow-subscriber] BINARY...

For each BINARY it starts N kernels and puts each through R rounds.

- `--via zmq` (the default) talks ZeroMQ to kernels it starts itself, and makes the deadlock's
  moment happen on purpose: a client that reads its answers slowly asks 3,000 times, so that the
  kernel waits to write to it while holding that client's entry in its map of peers; meanwhile
  new clients connect (their registration waits for the same lock, and is handed it when the
  write ends) and clients that were there leave (the kernel then removes them with a blocking
  call, on the thread where the newcomer's task is queued). A stock evcxr_jupyter 0.22.0 goes
  deaf in the first round, every time (gdb: blocked in `peer_disconnected`). Before that, each
  round has a client ask for a cell and leave before its reply: the kernel must still say
  "idle" for that cell (evcxr_jupyter 0.22.0 did not). Then a client that
  stays runs a cell, leaves in the middle of it and comes straight back under the same ZeroMQ
  identity, while short-lived clients ask `kernel_info` and leave at once. With
  `--slow-subscriber`, each round first has an IOPub subscriber stop reading while a cell
  prints 20,000 lines: the cell must end (zeromq 0.6.0's PUB waited on that subscriber for
  good) and a client that reads must get every line.
- `--via server` starts the kernels the way a class does: a Jupyter Server (what each student's
  server runs) on 127.0.0.1 starts each one for a notebook session, and the clients are
  websockets, as JupyterLab's are: each round a client leaves in the middle of a cell and comes
  back with its session id, and a new client asks; then a client leaves in the middle of a
  cell and a new client (as a browser that logged out and back in) must find the server
  counting the kernel idle again. K kernels are started at a time (two, by
  default), and every fifth wave is a burst of B.

After each round the kernel must answer a new client (and the slow reader all its questions, and
the returning client) within DEAF_AFTER seconds; a kernel that does not is deaf. C busy processes
load the cores meanwhile. Prints one line per BINARY: kernels deaf out of N. A BINARY written with
a leading '+' is the one that must never be deaf: the script exits 1 if it was. Everything it
starts is stopped at the end, also on failure.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import requests
import zmq
from jupyter_client.connect import write_connection_file
from jupyter_client.session import Session

from checks import free_port

sys.path.insert(0, str(Path(__file__).resolve().parent / "class"))
from hubclient import NoAnswer, channels, execute, execute_request, kernel_message  # noqa: E402 (JupyterLab's way in)

DEAF_AFTER = 20  # seconds a healthy kernel never needs to answer kernel_info, even loaded
START_LIMIT = 120  # seconds a new kernel may take to answer its first kernel_info
ALIVE_CHECKS = 40  # short-lived clients per round
SLOW_QUESTIONS = 3000  # questions the slow reader asks before it reads
SLOW_PEERS = 6  # clients that leave, and that come, while the kernel waits to write to it
FLOOD_LINES = 20_000  # lines a cell prints beside an IOPub subscriber that reads nothing
# A cell that runs for about a second and a half and keeps IOPub busy while it does.
SLOW_CELL = 'for i in 0..300 { println!("line {i}"); std::thread::sleep(std::time::Duration::from_millis(5)); }'
# A cell of half a second, one of several queued as Run All queues them.
QUEUED_CELL = 'std::thread::sleep(std::time::Duration::from_millis(500));'
USER = "t"  # the server's base URL is /user/t/, as a student's is behind the hub


# ---------------------------------------------------------------------------------------------
# Through ZeroMQ, to kernels started here.

class Client:
    """One client of a kernel: shell, control and stdin DEALERs and an IOPub SUB, all with the
    same ZeroMQ identity, as jupyter_client makes them."""

    def __init__(self, context, info, session, identity=None):
        self.session = session
        self.identity = identity or uuid.uuid4().hex.encode()
        self.sockets = {}
        for channel, kind in (("shell", zmq.DEALER), ("control", zmq.DEALER),
                              ("stdin", zmq.DEALER), ("iopub", zmq.SUB)):
            socket_ = context.socket(kind)
            socket_.linger = 0
            if kind == zmq.SUB:
                socket_.setsockopt(zmq.SUBSCRIBE, b"")
            else:
                socket_.identity = self.identity
            socket_.connect(f"tcp://{info['ip']}:{info[channel + '_port']}")
            self.sockets[channel] = socket_

    def send(self, channel, msg_type, content=None):
        message = self.session.msg(msg_type, content or {})
        self.session.send(self.sockets[channel], message)
        return message["header"]["msg_id"]

    def execute(self, code):
        return self.send("shell", "execute_request", execute_request(code))

    def _next(self, channel, end):
        socket_ = self.sockets[channel]
        left = end - time.monotonic()
        if left <= 0 or not socket_.poll(int(left * 1000)):
            return None
        _, parts = self.session.feed_identities(socket_.recv_multipart())
        return self.session.deserialize(parts)

    def reply(self, msg_id, limit, channel="shell"):
        """The reply to msg_id on the channel within limit seconds, or None."""
        end = time.monotonic() + limit
        while (message := self._next(channel, end)) is not None:
            if message["parent_header"].get("msg_id") == msg_id:
                return message
        return None

    def idle_after(self, msg_id, limit):
        """Whether IOPub says the kernel went idle after msg_id, within limit seconds."""
        end = time.monotonic() + limit
        while (message := self._next("iopub", end)) is not None:
            if (message["parent_header"].get("msg_id") == msg_id and message["msg_type"] == "status"
                    and message["content"].get("execution_state") == "idle"):
                return True
        return False

    def output_until_idle(self, msg_id, limit):
        """The lines msg_id printed, and whether IOPub said the kernel went idle after it,
        within limit seconds."""
        end, lines = time.monotonic() + limit, 0
        while (message := self._next("iopub", end)) is not None:
            if message["parent_header"].get("msg_id") != msg_id:
                continue
            if message["msg_type"] == "stream":
                lines += message["content"]["text"].count("\n")
            elif message["msg_type"] == "status" and message["content"].get("execution_state") == "idle":
                return lines, True
        return lines, False

    def close(self):
        for socket_ in self.sockets.values():
            socket_.close(linger=0)


class Kernel:
    """One evcxr_jupyter process, started from BINARY in a scratch folder on 127.0.0.1."""

    def __init__(self, binary, scratch):
        self.folder = Path(tempfile.mkdtemp(prefix="kernel-", dir=scratch))
        self.connection_file = str(self.folder / "connection.json")
        write_connection_file(self.connection_file, ip="127.0.0.1", key=uuid.uuid4().hex.encode())
        with open(self.connection_file) as f:
            self.info = json.load(f)
        self.log = open(self.folder / "kernel.log", "wb")
        self.process = subprocess.Popen(
            [binary, "--control_file", self.connection_file], cwd=self.folder,
            env=dict(os.environ, TMPDIR=str(self.folder)), stdout=self.log,
            stderr=subprocess.STDOUT, start_new_session=True)
        self.session = Session(key=self.info["key"].encode(), signature_scheme=self.info["signature_scheme"])

    def answers(self, context, limit, identity=None):
        """Whether a client (new, or with the given identity) has kernel_info answered in time."""
        client = Client(context, self.info, self.session, identity)
        try:
            return client.reply(client.send("shell", "kernel_info_request"), limit) is not None
        finally:
            client.close()

    def alive_checks(self, context, count):
        """Jupyter Server's way: connect, maybe ask kernel_info, leave without reading the answer."""
        for _ in range(count):
            client = Client(context, self.info, self.session)
            if random.random() < 0.5:
                client.send("shell", "kernel_info_request")
                client.send("control", "kernel_info_request")
            time.sleep(random.uniform(0, 0.01))
            client.close()

    def dealer(self, context, slow=False):
        """A bare shell DEALER; a slow one keeps one message and a small buffer, so that the
        kernel soon waits to write to it."""
        socket_ = context.socket(zmq.DEALER)
        socket_.linger = 0
        socket_.identity = uuid.uuid4().hex.encode()
        if slow:
            socket_.rcvhwm = 1
            socket_.setsockopt(zmq.RCVBUF, 2048)
        socket_.connect(f"tcp://{self.info['ip']}:{self.info['shell_port']}")
        return socket_

    def slow_reader(self, context):
        """The deadlock's moment, made on purpose (see the module's doc): None, or what went deaf."""
        leavers = [Client(context, self.info, self.session) for _ in range(SLOW_PEERS)]
        try:
            for leaver in leavers:
                if leaver.reply(leaver.send("shell", "kernel_info_request"), DEAF_AFTER) is None:
                    return "a client was not answered before the slow reader came"
            slow = self.dealer(context, slow=True)
            newcomers = []
            try:
                for _ in range(SLOW_QUESTIONS):
                    self.session.send(slow, self.session.msg("kernel_info_request", {}))
                time.sleep(1.5)  # the kernel now waits to write to the slow reader
                newcomers = [self.dealer(context) for _ in range(SLOW_PEERS)]
                time.sleep(0.5)
                for leaver in leavers:
                    leaver.close()
                time.sleep(0.5)
                read, end = 0, time.monotonic() + DEAF_AFTER
                while read < SLOW_QUESTIONS and time.monotonic() < end:
                    if slow.poll(500):
                        slow.recv_multipart()
                        read += 1
                if read < SLOW_QUESTIONS:
                    return f"the slow reader got {read} of its {SLOW_QUESTIONS} answers"
            finally:
                slow.close(linger=0)
                for newcomer in newcomers:
                    newcomer.close(linger=0)
            return None
        finally:
            for leaver in leavers:
                leaver.close()

    def slow_subscriber(self, context):
        """An IOPub subscriber that stops reading while a cell prints FLOOD_LINES lines: None,
        or what went wrong. The kernel must go idle, and a client that reads must get every
        line (zeromq 0.6.0's PUB waited on each subscriber's write in turn, so the reader that
        stopped held up the kernel for good; the fix queues each subscriber's messages and
        drops only for a subscriber 100,000 behind: kernel/README.md)."""
        sub = context.socket(zmq.SUB)
        sub.rcvhwm = 1
        sub.setsockopt(zmq.RCVBUF, 2048)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(f"tcp://{self.info['ip']}:{self.info['iopub_port']}")
        client = Client(context, self.info, self.session)
        try:
            time.sleep(1)
            asked = client.execute(f'for i in 0..{FLOOD_LINES} {{ println!("line {{i}} of a long output"); }}')
            lines, idle = client.output_until_idle(asked, DEAF_AFTER * 3)
            if not idle:
                return "beside an IOPub subscriber that stopped reading, the cell never went idle"
            if lines != FLOOD_LINES:
                return f"beside an IOPub subscriber that stopped reading, a client that reads got {lines} of {FLOOD_LINES} lines"
            return None
        finally:
            client.close()
            sub.close(linger=0)

    def leaves_before_the_reply(self, context):
        """A client that asks for cells and leaves before their replies (a browser that logs out
        during Run All): the kernel must still say "idle" after each, to a client watching.
        None, or what went wrong. (evcxr_jupyter 0.22.0 returned before its "idle" when the
        reply could not be sent, so Jupyter Server counted the kernel busy for good:
        kernel/README.md.)"""
        watcher = Client(context, self.info, self.session)
        leaver = Client(context, self.info, self.session)
        try:
            time.sleep(0.5)  # the watcher's subscription reaches the kernel
            # Run All: cells queued behind one another. The kernel notices the client has gone
            # when it reads the next request, so the replies after the first find no client.
            asked = [leaver.execute(QUEUED_CELL) for _ in range(3)]
            time.sleep(0.3)
            leaver.close()
            for msg_id in asked:
                if not watcher.idle_after(msg_id, DEAF_AFTER):
                    return "a client left with cells queued, and the kernel never said idle after one of them"
            return None
        finally:
            watcher.close()

    def forged(self, context):
        """What anyone who reaches the kernel's ports can send without its key (a classmate on a
        shared network): on each of shell, control and stdin, a request with no signature, one
        signed with another key, one with a signature that is not hex, one cut short after the
        delimiter, and one with no delimiter at all. The kernel must drop them all and go on:
        a signed request on shell and on control answered, a signed cell run to its idle. None,
        or what went wrong. (evcxr_jupyter 0.22.0 ended the channel's handler at the first:
        shell then never answered again, and control stopped the kernel: kernel/README.md.)"""
        stranger = Session(key=uuid.uuid4().hex.encode(), signature_scheme=self.info["signature_scheme"])
        for channel in ("shell", "control", "stdin"):
            sock = context.socket(zmq.DEALER)
            sock.linger = 0
            sock.connect(f"tcp://{self.info['ip']}:{self.info[channel + '_port']}")
            try:
                message = self.session.msg("execute_request", execute_request('println!("forged");'))
                delimiter, _, *parts = self.session.serialize(message)
                sock.send_multipart([delimiter, b"", *parts])  # no signature
                sock.send_multipart(stranger.serialize(message))  # another key's
                sock.send_multipart([delimiter, b"not hex at all", *parts])
                sock.send_multipart([delimiter])  # cut short
                sock.send_multipart([b"no delimiter", *parts])
                time.sleep(0.3)
            finally:
                sock.close(linger=0)
        if self.process.poll() is not None:
            return f"forged messages stopped the kernel (status {self.process.returncode})"
        client = Client(context, self.info, self.session)
        try:
            for channel in ("shell", "control"):
                if client.reply(client.send(channel, "kernel_info_request"), DEAF_AFTER, channel) is None:
                    return f"after forged messages, a signed kernel_info on {channel} was not answered"
            if not client.idle_after(client.execute("1 + 1"), DEAF_AFTER):
                return "after forged messages, a signed cell never ran to idle"
            return None
        finally:
            client.close()

    def rounds(self, context, rounds, slow_subscriber=False, forged=False):
        """What went deaf in the kernel's rounds, or None. A missing "idle" leaves the kernel
        answering, so the round goes on after it and the rest is reported beside it."""
        if not self.answers(context, START_LIMIT):
            return "did not answer its first kernel_info"
        identity = uuid.uuid4().hex.encode()
        missed = []

        def deaf(why):
            return "; ".join(missed + [why])

        for round_ in range(1, rounds + 1):
            if forged and (why := self.forged(context)) is not None:
                return deaf(f"round {round_}: {why}")
            if (why := self.leaves_before_the_reply(context)) is not None:
                missed.append(f"round {round_}: {why}")
            if slow_subscriber and (why := self.slow_subscriber(context)) is not None:
                return deaf(f"round {round_}: {why}")
            if (why := self.slow_reader(context)) is not None:
                return deaf(f"round {round_}: {why}")
            if not self.answers(context, DEAF_AFTER):
                return deaf(f"round {round_}: after the slow reader, a new client was not answered")
            client = Client(context, self.info, self.session, identity)
            client.execute(SLOW_CELL)
            time.sleep(random.uniform(0.1, 0.5))
            checks = [threading.Thread(target=self.alive_checks, args=(context, ALIVE_CHECKS // 4))
                      for _ in range(4)]
            for thread in checks:
                thread.start()
            for thread in checks:
                thread.join()
            client.close()  # leaves during the cell ...
            client = Client(context, self.info, self.session, identity)  # ... and is back
            try:
                if client.reply(client.send("shell", "kernel_info_request"), DEAF_AFTER) is None:
                    return deaf(f"round {round_}: the returning client was not answered")
                if not client.idle_after(client.execute("1 + 1"), DEAF_AFTER + 10):
                    return deaf(f"round {round_}: the returning client never saw the kernel idle")
            finally:
                client.close()
            if not self.answers(context, DEAF_AFTER):
                return deaf(f"round {round_}: a new client was not answered")
        return "; ".join(missed) or None

    def stop(self):
        end(self.process, self.log, self.folder)


def end(process, log, folder):
    """Kills a process started in a session of its own, with its group; closes its log and
    removes its scratch folder."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()
    log.close()
    shutil.rmtree(folder, ignore_errors=True)


def stacks_of(pid, folder):
    """gdb's backtraces of every thread of process pid, into folder; the file's path."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    out = Path(folder) / f"deaf-{pid}.txt"
    with open(out, "w") as f:
        subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt"],
                       stdout=f, stderr=subprocess.STDOUT, timeout=120)
    return out


def run_via_zmq(binary, args, scratch, deadline, report):
    context = zmq.Context()
    try:
        for _ in range(args.kernels):
            if time.monotonic() > deadline:
                return
            kernel = Kernel(binary, scratch)
            why = None
            try:
                why = kernel.rounds(context, args.rounds, args.slow_subscriber, args.forged)
            finally:
                if why and args.stacks and shutil.which("gdb"):
                    why += f" (threads: {stacks_of(kernel.process.pid, args.stacks)})"
                kernel.stop()
                report(why)
    finally:
        context.destroy(linger=0)


# ---------------------------------------------------------------------------------------------
# Through a Jupyter Server, as a student's server starts and serves kernels.

class Server:
    """A Jupyter Server on 127.0.0.1 (base URL /user/t/, as behind the hub) whose kernel "rust"
    is BINARY, with its kernels' connection files in its own folder."""

    def __init__(self, binary, scratch, config=None, env=None):
        self.folder = Path(tempfile.mkdtemp(prefix="server-", dir=scratch))
        (self.folder / "config").mkdir()
        (self.folder / "config" / "jupyter_server_config.json").write_text(json.dumps(config or {}))
        spec = self.folder / "share" / "kernels" / "rust"
        spec.mkdir(parents=True)
        (spec / "kernel.json").write_text(json.dumps({
            "argv": [binary, "--control_file", "{connection_file}"], "display_name": "Rust",
            "language": "rust", "interrupt_mode": "message", "env": {"TMPDIR": str(self.folder)}}))
        (self.folder / "notebooks").mkdir()
        self.token = uuid.uuid4().hex
        self.base = f"http://127.0.0.1:{free_port()}"
        env = dict(os.environ, JUPYTER_PATH=str(self.folder / "share"),
                   JUPYTER_RUNTIME_DIR=str(self.folder / "runtime"),
                   JUPYTER_CONFIG_DIR=str(self.folder / "config"), **(env or {}))
        self.log = open(self.folder / "server.log", "wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyter_server", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={self.base.rsplit(':', 1)[1]}", "--ServerApp.port_retries=0",
             f"--ServerApp.token={self.token}", f"--ServerApp.base_url=/user/{USER}/",
             f"--ServerApp.root_dir={self.folder / 'notebooks'}", "--ServerApp.open_browser=False",
             "--allow-root"], env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                if self.api("GET", "status").status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError("the Jupyter Server did not start within 60 s")

    def api(self, method, path, timeout=60, **kwargs):
        return requests.request(method, f"{self.base}/user/{USER}/api/{path}", timeout=timeout,
                                headers={"Authorization": f"token {self.token}"}, **kwargs)

    def stop(self):
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
        # Jupyter Server starts kernels in sessions of their own: stop any it left behind.
        subprocess.run(["pkill", "-KILL", "-f", str(self.folder / "runtime")], check=False)
        end(self.process, self.log, self.folder)


async def ask(server, kernel, session, cells, limit):
    """As client `session`, has kernel_info answered and runs cells, each within limit seconds
    (hubclient.execute, as the class's scripts do); raises NoAnswer."""
    await execute(server.base, USER, server.token, kernel, cells, limit=limit, answer=limit, session=session)


async def leave_during_a_cell(server, kernel, session, cells=(SLOW_CELL,)):
    """As client `session`, asks for `cells` (queued, as Run All queues them) and leaves in the
    middle of the first."""
    socket_ = await channels(server.base, USER, server.token, kernel, DEAF_AFTER, session)
    for cell in cells:
        _, text = kernel_message(USER, session, "execute_request", execute_request(cell))
        socket_.write_message(text)
    await asyncio.sleep(random.uniform(0.1, 0.5))
    socket_.close()


async def student_kernel(server, rounds):
    """One kernel started for a notebook session, put through its rounds: what went deaf, or None."""
    name = f"n-{uuid.uuid4().hex[:8]}.ipynb"
    answer = await asyncio.to_thread(server.api, "POST", "sessions", json={
        "path": name, "name": name, "type": "notebook", "kernel": {"name": "rust"}})
    if answer.status_code != 201:
        return f"no kernel: HTTP {answer.status_code}"
    session_id, kernel = answer.json()["id"], answer.json()["kernel"]["id"]
    client = uuid.uuid4().hex
    try:
        try:
            await ask(server, kernel, client, ["1 + 1"], START_LIMIT)
        except NoAnswer:
            return "did not answer its first kernel_info"
        for round_ in range(1, rounds + 1):
            await leave_during_a_cell(server, kernel, client)
            try:
                await ask(server, kernel, client, ["1 + 1"], DEAF_AFTER)
            except NoAnswer:
                return f"round {round_}: the returning client was not answered"
            # The browser's way back: a client leaves in the middle of a cell, and the page that
            # comes back is a new client (a new session id): the server must see the kernel
            # idle again, or JupyterLab shows it "Busy" for good.
            await leave_during_a_cell(server, kernel, client, [QUEUED_CELL] * 3)
            client = uuid.uuid4().hex
            socket_ = await channels(server.base, USER, server.token, kernel, DEAF_AFTER, client)
            try:
                if not await idle_in_server(server, kernel, DEAF_AFTER):
                    return f"round {round_}: back as a new client after leaving mid-cell, the server counts the kernel busy"
            finally:
                socket_.close()
            try:
                await ask(server, kernel, uuid.uuid4().hex, [], DEAF_AFTER)
            except NoAnswer:
                return f"round {round_}: a new client was not answered"
        return None
    finally:
        await asyncio.to_thread(server.api, "DELETE", f"sessions/{session_id}")


async def idle_in_server(server, kernel, limit):
    """Whether the server counts the kernel idle within limit seconds."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        answer = await asyncio.to_thread(server.api, "GET", f"kernels/{kernel}")
        if answer.status_code == 200 and answer.json().get("execution_state") == "idle":
            return True
        await asyncio.sleep(0.5)
    return False


def run_via_server(binary, args, scratch, deadline, report):
    server = Server(binary, scratch)
    try:
        async def waves():
            started, wave = 0, 0
            while started < args.kernels and time.monotonic() < deadline:
                wave += 1
                size = args.burst if wave % 5 == 0 else args.at_once
                size = min(size, args.kernels - started)
                started += size
                for why in await asyncio.gather(*(student_kernel(server, args.rounds) for _ in range(size))):
                    report(why)
        asyncio.run(waves())
    finally:
        server.stop()


# ---------------------------------------------------------------------------------------------

def busy(stop_at):
    while time.monotonic() < stop_at:
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+",
                        help="evcxr_jupyter builds to compare; prefix one with + to require it never deaf")
    parser.add_argument("--via", choices=("zmq", "server"), default="zmq")
    parser.add_argument("--kernels", type=int, default=10, help="kernels started per build")
    parser.add_argument("--rounds", type=int, default=5, help="leave-and-return rounds per kernel")
    parser.add_argument("--at-once", type=int, default=2, help="kernels started at a time (--via server)")
    parser.add_argument("--burst", type=int, default=8, help="kernels in every fifth wave (--via server)")
    parser.add_argument("--load", type=int, default=2, help="busy processes loading the cores")
    parser.add_argument("--limit", type=float, default=1800, help="seconds for the whole run")
    parser.add_argument("--stacks", help="a folder for gdb's backtraces of deaf kernels (--via zmq)")
    parser.add_argument("--slow-subscriber", action="store_true",
                        help="(--via zmq) each round also has an IOPub subscriber stop reading while a "
                             "cell prints, and a client that reads must get every line")
    parser.add_argument("--forged", action="store_true",
                        help="(--via zmq) each round also sends every channel messages without the kernel's key "
                             "(unsigned, signed with another, cut short), which must be dropped")
    args = parser.parse_args()
    if not (1 <= args.kernels <= 1000 and 1 <= args.rounds <= 100 and 0 <= args.load <= 8
            and 1 <= args.at_once <= 16 and 1 <= args.burst <= 16 and 0 < args.limit <= 7200):
        sys.exit("kernels 1..1000, rounds 1..100, load 0..8, at-once and burst 1..16, limit up to 7200 s")

    deadline = time.monotonic() + args.limit
    loaders = [multiprocessing.Process(target=busy, args=(deadline,), daemon=True) for _ in range(args.load)]
    for loader in loaders:
        loader.start()
    # Stopped from outside, it still stops what it started (the finally blocks below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    scratch = tempfile.mkdtemp(prefix="kernel-deaf-test-")
    failed = False
    try:
        for binary in args.binaries:
            must_answer, path = binary.startswith("+"), binary.lstrip("+")
            deaf, started, started_at = [], [0], time.monotonic()

            def report(why, path=path, deaf=deaf, started=started):
                started[0] += 1
                if why:
                    deaf.append(why)
                    print(f"     deaf: kernel {started[0]} of {path}: {why}", flush=True)

            (run_via_server if args.via == "server" else run_via_zmq)(path, args, scratch, deadline, report)
            bad = bool(deaf) and must_answer
            print(f"{'FAIL' if bad else 'ok  '} {len(deaf)} deaf of {started[0]} kernels via {args.via} "
                  f"({args.rounds} rounds each, {args.load} cores loaded, {time.monotonic() - started_at:.0f} s): "
                  f"{path}", flush=True)
            if started[0] < args.kernels:
                print(f"     stopped early: the run's limit of {args.limit:.0f} s was reached", flush=True)
            failed |= bad
    finally:
        for loader in loaders:
            loader.terminate()
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
