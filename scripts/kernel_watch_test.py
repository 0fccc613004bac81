"""The class's guard against a kernel that stops answering (scripts/class/kernel_watch.py), in a
Jupyter Server on 127.0.0.1 with the Rust kernel, as a student's server runs it:

- an idle kernel that answers is left alone, and so is a busy one running a long silent cell;
- a kernel that stops answering (its process stopped with SIGSTOP, which is what a deaf kernel
  looks like from outside: no reply, nothing on IOPub) is replaced within the guard's bound,
  the student's open connection is told the kernel is restarting, and the new kernel answers;
- a new kernel that never answers (stopped before its first reply; Jupyter Server calls it
  "starting" for good) is replaced once it has had its time to start, and the one after it
  answers;
- a new kernel whose first cell runs longer than its time to start (a learner's first `:dep`
  compiling: the guard's first question waits behind it) is left alone, and the cell finishes
  (issue 69: it was killed after 176 s of a 240 s cell).

    .venv/bin/python scripts/kernel_watch_test.py      (the test command runs it)

The guard runs here every 2 s, gives a kernel 4 s to answer and a new kernel 30 s to start (the
class's defaults are 30, 30 and 120). Prints one line per check and a summary line; everything it starts is stopped at the end.
"""

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from tornado.websocket import WebSocketClosedError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kernel_deaf_test import START_LIMIT, USER, Server, ask  # noqa: E402
from hubclient import NoAnswer, channels, execute_request, kernel_message  # noqa: E402 (kernel_deaf_test put scripts/class on the path)
from checks import check, finish  # noqa: E402

PERIOD, ANSWER, SETTLE = 2, 4, 30
BOUND = PERIOD + ANSWER + 20  # seconds within which a silent kernel must be replaced


def kernel_pid(server, kernel):
    """The process of the kernel with this id (its connection file names it), or None."""
    found = subprocess.run(["pgrep", "-f", f"kernel-{kernel}.json"], capture_output=True, text=True)
    pids = [int(pid) for pid in found.stdout.split()]
    return pids[0] if pids else None


async def restarting_seen(server, kernel, session, started, limit):
    """Seconds from `started` until an open connection hears that the kernel restarts, or None
    if it does not within limit seconds."""
    socket_ = await channels(server.base, USER, server.token, kernel, limit, session)
    try:
        end = time.monotonic() + limit
        while (left := end - time.monotonic()) > 0:
            try:
                raw = await asyncio.wait_for(socket_.read_message(), left)
            except asyncio.TimeoutError:
                return None
            if raw is None:
                return None
            message = json.loads(raw)
            if (message["header"]["msg_type"] == "status"
                    and message["content"].get("execution_state") in ("restarting", "autorestarting")):
                return time.monotonic() - started
        return None
    finally:
        socket_.close()


async def long_silent_cell(server, kernel, seconds):
    """Runs a cell that prints nothing for `seconds`; whether it finished."""
    session = uuid.uuid4().hex
    socket_ = await channels(server.base, USER, server.token, kernel, 60, session)
    try:
        msg_id, text = kernel_message(USER, session, "execute_request", execute_request(
            f"std::thread::sleep(std::time::Duration::from_secs({seconds}));"))
        socket_.write_message(text)
        end = time.monotonic() + seconds + 60
        while time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(socket_.read_message(), end - time.monotonic())
            except asyncio.TimeoutError:
                return False  # no reply: the kernel that ran it is gone
            if raw is None:
                return False
            message = json.loads(raw)
            if (message.get("parent_header", {}).get("msg_id") == msg_id
                    and message["header"]["msg_type"] == "execute_reply"):
                return message["content"].get("status") == "ok"
        return False
    finally:
        socket_.close()


def main():
    binary = shutil.which("evcxr_jupyter")
    if not binary:
        sys.exit("no evcxr_jupyter on PATH")
    scratch = tempfile.mkdtemp(prefix="kernel-watch-test-")
    server = Server(binary, scratch, config={"ServerApp": {"jpserver_extensions": {"kernel_watch": True}}},
                    env={"PYTHONPATH": str(Path(__file__).resolve().parent / "class"),
                         "MAGIC_KERNEL_WATCH_PERIOD": str(PERIOD),
                         "MAGIC_KERNEL_WATCH_ANSWER": str(ANSWER),
                         "MAGIC_KERNEL_WATCH_SETTLE": str(SETTLE)})
    try:
        answer = server.api("POST", "sessions", json={
            "path": "watched.ipynb", "name": "watched.ipynb", "type": "notebook", "kernel": {"name": "rust"}})
        kernel = answer.json()["kernel"]["id"]
        student = uuid.uuid4().hex
        asyncio.run(ask(server, kernel, student, ["let kept = 42;"], 120))
        first = kernel_pid(server, kernel)
        check(first is not None, "the kernel runs, and answered its first cell")

        time.sleep(3 * (PERIOD + ANSWER))
        check(kernel_pid(server, kernel) == first, f"an idle kernel that answers is left alone ({3 * (PERIOD + ANSWER)} s)")

        finished = asyncio.run(long_silent_cell(server, kernel, 3 * (PERIOD + ANSWER)))
        check(finished and kernel_pid(server, kernel) == first,
              f"a kernel running a silent cell of {3 * (PERIOD + ANSWER)} s is left alone, and the cell finishes")

        started = time.monotonic()
        os.kill(first, signal.SIGSTOP)  # deaf: no reply, nothing on IOPub

        async def watch_and_ask():
            heard = await restarting_seen(server, kernel, student, started, BOUND)
            try:
                await ask(server, kernel, uuid.uuid4().hex, ["1 + 1"], START_LIMIT)
                answered = True
            except NoAnswer:
                answered = False
            return heard, answered

        heard, answered = asyncio.run(watch_and_ask())
        took = time.monotonic() - started
        replaced = kernel_pid(server, kernel)
        check(heard is not None, "a kernel that stopped answering is replaced, and the student's open connection "
                                 f"is told it restarts ({heard or 0:.0f} s after it stopped; bound {BOUND} s)")
        check(answered and replaced not in (None, first), f"the new kernel answers ({took:.0f} s after the old one stopped)")
        log = (server.folder / "server.log").read_text(errors="replace")
        replaced_times = log.count("did not answer kernel_info")
        check(replaced_times == 1, f"the server's log says why it was replaced, once ({replaced_times} times)")

        # A kernel that never answers from its start (stopped before its first reply, as one
        # knocked over at its start is): Jupyter Server calls it "starting" for good. Replaced too,
        # once it has had its time to start, and the one after it answers.
        answer = server.api("POST", "sessions", json={
            "path": "silent.ipynb", "name": "silent.ipynb", "type": "notebook", "kernel": {"name": "rust"}})
        silent_kernel = answer.json()["kernel"]["id"]
        end, silent = time.monotonic() + 30, None
        while silent is None and time.monotonic() < end:
            silent = kernel_pid(server, silent_kernel)
            if silent is not None:
                os.kill(silent, signal.SIGSTOP)
            else:
                time.sleep(0.02)
        state = server.api("GET", f"kernels/{silent_kernel}").json().get("execution_state")
        started = time.monotonic()
        bound = SETTLE + PERIOD + ANSWER + 30
        while time.monotonic() - started < bound and kernel_pid(server, silent_kernel) in (silent, None):
            time.sleep(1)
        took = time.monotonic() - started
        try:
            asyncio.run(ask(server, silent_kernel, uuid.uuid4().hex, ["2 + 2"], 60))
            answered = True
        except (NoAnswer, WebSocketClosedError, asyncio.TimeoutError):
            answered = False  # the silent one is still there
        check(silent is not None and state == "starting" and kernel_pid(server, silent_kernel) not in (None, silent)
              and answered,
              f"a new kernel that never answers (Jupyter Server says {state!r}) is replaced ({took:.0f} s after it was "
              f"stopped; it had {SETTLE} s to start), and the one after it answers")
    finally:
        server.stop()
    try:
        first_cell(binary, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    finish("kernel watch")


def first_cell(binary, scratch):
    """A new kernel whose first cell starts before the guard first asks it (in a class the guard
    asks every 30 s, and a learner runs her first cell at once): evcxr answers no kernel_info
    while a cell runs, so the question waits behind the cell, past the kernel's time to start.
    A guard of its own here asks first 20 s after the server starts, and gives a kernel 5 s to
    start: on b2fe58a it killed the kernel within its cell."""
    period, settle = 20, 5
    server = Server(binary, scratch, config={"ServerApp": {"jpserver_extensions": {"kernel_watch": True}}},
                    env={"PYTHONPATH": str(Path(__file__).resolve().parent / "class"),
                         "MAGIC_KERNEL_WATCH_PERIOD": str(period), "MAGIC_KERNEL_WATCH_ANSWER": str(ANSWER),
                         "MAGIC_KERNEL_WATCH_SETTLE": str(settle)})
    try:
        answer = server.api("POST", "sessions", json={
            "path": "first-cell.ipynb", "name": "first-cell.ipynb", "type": "notebook", "kernel": {"name": "rust"}})
        kernel = answer.json()["kernel"]["id"]
        seconds = 2 * period + ANSWER + settle + 5  # past two of the guard's questions, and its time to start
        finished = asyncio.run(long_silent_cell(server, kernel, seconds))
        log = (server.folder / "server.log").read_text(errors="replace")
        check(finished and f"kernel {kernel} did not answer" not in log,
              f"a new kernel whose first cell ({seconds} s) starts before the guard first asks is left alone, past its "
              f"{settle} s to start, and the cell finishes")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
