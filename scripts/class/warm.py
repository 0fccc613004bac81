"""Warms a class before the bell: every student's server is started and their notebook 01 has a
running Rust kernel that has already run the notebook's first cell (the `:dep` that loads the
crate), so that when the student logs in, JupyterLab opens notebook 01, attaches to that kernel
(it finds the notebook's session) and Run All shows the first board at once.

    sudo ./scripts/class.sh warm                 (every student of the class)
    sudo ./scripts/class.sh warm ada bo          (these students)

Only the Jupyter engines do the work: the hub's REST API starts the servers (as the admin page
does), and each server's sessions API starts the kernel (as JupyterLab does when it opens a
notebook); the cell goes through the kernel's channels, as JupyterLab sends it. The hub knows
this script as its service "warm-up", with a token only root can read and the scopes it needs.

A kernel that does not answer, before its first cell or again after the warm-up has closed its
connection, is shut down and started again, up to three times, so that no student meets a dead
kernel. A kernel that was already warm is kept: its first cell runs again, which costs a
fraction of a second.
"""

import asyncio
import functools
import json
import os
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
import urllib3
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

NOTEBOOK = "notebooks/01-magic-square.ipynb"
ANSWER = 60  # seconds a kernel has to answer kernel_info before it counts as dead
# Seconds to answer again once the warm-up's first connection has closed. A stock evcxr_jupyter
# could stop answering just then (the zeromq deadlock that kernel/README.md describes); the
# project's kernel is built with the fix, and this second ask stays as a guard that costs a
# fraction of a second.
LEFT = 20
TRIES = 3


class NoAnswer(Exception):
    """The kernel did not answer in time."""

    def __str__(self):
        return "the kernel did not answer"


async def channels(base, user, token, kernel, limit, session=None):
    """A websocket to the kernel's channels through `user`'s server, as JupyterLab opens one
    (with `session`, the client's session id, under which a returning client comes back)."""
    url = f"{base.replace('http', 'ws', 1)}/user/{user}/api/kernels/{kernel}/channels"
    if session:
        url += f"?session_id={session}"
    request = HTTPRequest(url, headers={"Authorization": f"token {token}"},
                          connect_timeout=limit, request_timeout=limit, validate_cert=False)
    return await websocket_connect(request)


def kernel_message(user, session, msg_type, content):
    """A request on the shell channel, as JSON for the kernel's websocket, and its msg_id."""
    msg_id = uuid.uuid4().hex
    return msg_id, json.dumps({
        "header": {"msg_id": msg_id, "username": user, "session": session, "msg_type": msg_type,
                   "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
        "parent_header": {}, "metadata": {}, "channel": "shell", "content": content,
    })


def execute_request(code):
    """The content of an execute_request for `code`, as JupyterLab sends it."""
    return {"code": code, "silent": False, "store_history": True, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True}


async def replies(socket_, msg_id, deadline, acknowledge=None):
    """The kernel's messages about the request msg_id, until it is idle and has replied. With
    acknowledge (seconds), the kernel must say something about the request within that time (a
    kernel says "busy" as soon as it reads one): a kernel that stopped reading its socket raises
    NoAnswer then, not at the deadline."""
    idle = replied = False
    heard_by = None if acknowledge is None else time.monotonic() + acknowledge
    while not (idle and replied):
        left = (deadline if heard_by is None else min(deadline, heard_by)) - time.monotonic()
        if left <= 0:
            raise NoAnswer()
        try:
            raw = await asyncio.wait_for(socket_.read_message(), left)
        except asyncio.TimeoutError:
            raise NoAnswer() from None
        if raw is None:
            raise NoAnswer()
        message = json.loads(raw)
        if message.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        heard_by = None
        kind = message["header"]["msg_type"]
        if kind == "status":
            idle = message["content"].get("execution_state") == "idle"
        elif kind.endswith("_reply"):
            replied = True
        yield kind, message.get("content", {})


async def execute(base, user, token, kernel, cells, until_html=False, limit=600, answer=ANSWER,
                  progress=None, session=None):
    """Runs `cells` (code strings) in the running kernel `kernel` of `user`'s server at the hub
    `base`, as JupyterLab does (one connection to the kernel's channels for all of them);
    returns each cell's outputs as (kind, text) pairs: "html", "text", "stdout", "stderr" or
    "error". Stops after a cell with an error, and with until_html after the first cell that
    shows HTML. Calls progress(-1) when the kernel has answered kernel_info and progress(i) when
    cell i is done. Raises NoAnswer when the kernel does not answer kernel_info, or take up a cell,
    within `answer` seconds, or the cells take longer than `limit`. `session`: the client's session
    id (a new one by default), under which a client comes back."""
    progress = progress or (lambda _: None)
    session = session or uuid.uuid4().hex
    socket_ = await channels(base, user, token, kernel, limit, session)
    results = []
    try:
        msg_id, text = kernel_message(user, session, "kernel_info_request", {})
        socket_.write_message(text)
        async for _ in replies(socket_, msg_id, time.monotonic() + answer):
            pass
        progress(-1)
        deadline = time.monotonic() + limit
        for index, code in enumerate(cells):
            msg_id, text = kernel_message(user, session, "execute_request", execute_request(code))
            socket_.write_message(text)
            outputs = []
            async for kind, content in replies(socket_, msg_id, deadline, acknowledge=answer):
                if kind in ("display_data", "execute_result"):
                    data = content.get("data", {})
                    if "text/html" in data:
                        outputs.append(("html", data["text/html"]))
                    elif "text/plain" in data:
                        outputs.append(("text", data["text/plain"]))
                elif kind == "stream":
                    outputs.append((content.get("name", "stream"), content.get("text", "")))
                elif kind == "error":
                    outputs.append(("error", f"{content.get('ename')}: {content.get('evalue')}"))
            results.append(outputs)
            progress(index)
            if any(kind == "error" for kind, _ in outputs):
                break
            if until_html and any(kind == "html" for kind, _ in outputs):
                break
    finally:
        socket_.close()
    return results


def ready(user_model):
    """Whether the hub's model of a user says their server is ready."""
    return bool(user_model.get("servers", {}).get("", {}).get("ready"))


def open_session(server, path, attach=True):
    """A Rust kernel for the notebook `path`, started as JupyterLab starts one when it opens the
    notebook (a session, in the notebook's folder); with attach, the kernel of the notebook's
    running session if there is one, which JupyterLab attaches to. `server(method, path, ...)`
    calls the student's server's API. Returns the session's id and the kernel's id."""
    if attach:
        for session in server("GET", "sessions").json():
            if session.get("path") == path and session.get("kernel"):
                return session["id"], session["kernel"]["id"]
    answer = server("POST", "sessions", json={
        "path": path, "name": path.rsplit("/", 1)[-1], "type": "notebook", "kernel": {"name": "rust"}})
    if answer.status_code != 201:
        raise RuntimeError(f"no kernel for {path}: HTTP {answer.status_code} {answer.text[:200]}")
    return answer.json()["id"], answer.json()["kernel"]["id"]


def code_cells(server, path=NOTEBOOK):
    """The code cells of the student's own copy of a notebook, read from their server as
    JupyterLab reads it when it opens the notebook."""
    answer = server("GET", f"contents/{path}")
    if answer.status_code != 200:
        raise RuntimeError(f"no {path}: HTTP {answer.status_code}")
    cells = answer.json()["content"]["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def start_server(api, user, limit):
    """Starts `user`'s server through the hub's REST API (`api(method, path)` makes a request
    with a token allowed to) and waits until the hub says it is ready."""
    deadline = time.time() + limit
    while True:
        answer = api("POST", f"/hub/api/users/{user}/server")
        # 400 is "already running" or "pending stop" (the culler or the teacher is stopping it):
        # wait for the stop to finish, then start it, as the hub's spawn page does.
        if answer.status_code == 400 and "pending stop" in answer.text and time.time() < deadline:
            time.sleep(0.5)
            continue
        if answer.status_code not in (201, 202, 400):
            raise RuntimeError(f"{user}'s server did not start: HTTP {answer.status_code} {answer.text[:200]}")
        break
    while time.time() < deadline:
        if ready(api("GET", f"/hub/api/users/{user}").json()):
            return
        time.sleep(0.5)
    raise RuntimeError(f"{user}'s server was not ready within {limit} s")


class Hub:
    """The hub's REST API and the students' servers, with the warm-up service's token."""

    def __init__(self, base, token):
        self.base, self.token = base.rstrip("/"), token

    def api(self, method, path, **kwargs):
        return requests.request(method, f"{self.base}{path}", timeout=kwargs.pop("timeout", 60),
                                headers={"Authorization": f"token {self.token}"}, verify=False, **kwargs)

    def start_server(self, user, limit=300):
        start_server(self.api, user, limit)

    def server(self, user, method, path, **kwargs):
        return self.api(method, f"/user/{user}/api/{path}", **kwargs)

    def student(self, user):
        """`user`'s server's API, as a function of (method, path, ...)."""
        return functools.partial(self.server, user)


def warm(hub, user):
    """Warms one student; returns what it did, in words."""
    started = time.time()
    hub.start_server(user)
    server = hub.student(user)
    cells = code_cells(server)
    if not cells:
        raise RuntimeError(f"their {NOTEBOOK} has no code cell to run")
    for attempt in range(1, TRIES + 1):
        session, kernel = open_session(server, NOTEBOOK)
        try:
            outputs = asyncio.run(execute(hub.base, user, hub.token, kernel, cells[:1]))
            # A kernel can stop answering as a connection to it closes (see LEFT): ask
            # once more on a new connection, as JupyterLab will, after this one has gone.
            asyncio.run(execute(hub.base, user, hub.token, kernel, [], answer=LEFT))
        except NoAnswer:
            server("DELETE", f"sessions/{session}")
            print(f"     {user}: the kernel did not answer (try {attempt} of {TRIES}); started a new one", flush=True)
            continue
        errors = [text for cell in outputs for kind, text in cell if kind == "error"]
        if errors:
            raise RuntimeError(f"notebook 01's first cell failed: {errors[0][:300]}")
        return f"warm in {time.time() - started:.1f} s"
    raise RuntimeError(f"no kernel answered in {TRIES} tries")


def main():
    class_home = Path(sys.argv[1])
    hub_state = class_home / "hub"
    wanted = sys.argv[2:]
    try:
        base = (hub_state / "url").read_text().strip()
        token = (hub_state / "warm-up.token").read_text().strip()
    except FileNotFoundError:
        sys.exit("class.sh warm: no class hub has run here yet: start it first (sudo ./scripts/class.sh ...)")
    # The hub is this machine's own (on 127.0.0.1 unless it listens on one address only); with
    # HTTPS its certificate names the school's host, so it is not checked (nor warned about).
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    hub = Hub(base, token)
    try:
        hub.api("GET", "/hub/api/", timeout=10).raise_for_status()
    except requests.RequestException:
        sys.exit(f"class.sh warm: the hub does not answer at {base}: start it first, in another terminal")
    students = [line.split()[0] for line in (hub_state / "students.txt").read_text().splitlines() if line.strip()]
    unknown = [name for name in wanted if name not in students]
    if unknown:
        sys.exit(f"class.sh warm: not in the class: {' '.join(unknown)}")
    names = wanted or students
    # One kernel starting per core: more at once only makes each slower.
    parallel = os.environ.get("MAGIC_CLASS_WARM_PARALLEL", str(os.cpu_count() or 2))
    if not parallel.isdigit() or not 1 <= int(parallel) <= 64:
        sys.exit(f"class.sh warm: MAGIC_CLASS_WARM_PARALLEL takes a number of students from 1 to 64, not '{parallel}'")
    parallel = int(parallel)
    print(f"==> Warming {len(names)} students, {parallel} at a time", flush=True)
    started, failed = time.time(), []

    def one(name):
        try:
            print(f"ok   {name}: {warm(hub, name)}", flush=True)
        except Exception as error:  # reported, and the others go on
            failed.append(name)
            print(f"FAIL {name}: {error}", flush=True)

    with ThreadPoolExecutor(parallel) as pool:
        list(pool.map(one, names))
    print(f"==> {len(names) - len(failed)} of {len(names)} students warm in {time.time() - started:.0f} s"
          + (f"; not warm: {' '.join(failed)}" if failed else ""), flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
