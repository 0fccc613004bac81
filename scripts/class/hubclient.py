"""Talking to a class hub and to a student's Jupyter server, the way a browser and JupyterLab
do: the one library that `class.sh warm` (warm.py), the teacher's class page, the load test
(scripts/class_load.py), the class test and the kernel tests use.

- The hub's REST API (start and stop a server, a user's model), with a token: `Hub` holds a
  service's token (the warm-up's); `Student` logs in with the hub's login form, as a browser
  does, and makes a token of its own.
- A student's server's REST API: a notebook's code cells (`code_cells`), a kernel for a
  notebook as JupyterLab starts one when it opens the notebook (`open_session`).
- A kernel's channels through the server's websocket, as JupyterLab sends a cell
  (`execute`), with `NoAnswer` for a kernel that does not answer in time.

Only the Jupyter engines do the work: nothing here starts a process or a container.
"""

import asyncio
import json
import re
import time
import uuid

import requests
import urllib3
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

# Every hub this talks to is this machine's own (the warm-up, the class page, the tests): with
# HTTPS, its certificate names the school's host or is one class.sh made, so it is not checked
# (verify=False below), nor warned about.
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

# The notebook a student lands on, which the warm-up, the load test and the class test run:
# the hub's default URL opens it (jupyterhub_config.py reads it from here).
NOTEBOOK = "notebooks/01-magic-square.ipynb"
ANSWER = 60  # seconds a kernel has to answer kernel_info before it counts as dead


class NoAnswer(Exception):
    """The kernel did not answer in time."""

    def __str__(self):
        return "the kernel did not answer"


# ------------------------------------------------------------------------------------------
# A kernel's channels.


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


async def replies(socket_, msg_id, deadline, acknowledge=None, earlier=()):
    """The kernel's messages about the request msg_id, until it is idle and has replied. With
    acknowledge (seconds), the kernel must say something about the request within that time (a
    kernel says "busy" as soon as it reads one): a kernel that stopped reading its socket raises
    NoAnswer then, not at the deadline. A line printed by one of the `earlier` requests that
    comes now (evcxr_jupyter may send a cell's last printed line after the cell is done) comes
    with these."""
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
        parent = message.get("parent_header", {}).get("msg_id")
        if parent != msg_id:
            if parent in earlier and message["header"]["msg_type"] == "stream":
                yield "stream", message.get("content", {})
            continue
        heard_by = None
        kind = message["header"]["msg_type"]
        if kind == "status":
            idle = message["content"].get("execution_state") == "idle"
        elif kind.endswith("_reply"):
            replied = True
        yield kind, message.get("content", {})


KERNEL_INFO_AGAIN = 10  # seconds after which an unanswered kernel_info is asked again


async def kernel_info(socket_, user, session, deadline):
    """Asks the kernel for kernel_info until it answers, again every KERNEL_INFO_AGAIN seconds,
    as Jupyter Server's own nudge does when a connection opens: a question sent while the kernel
    restarts can be lost with the connection to the old process. Raises NoAnswer at deadline."""
    while True:
        msg_id, text = kernel_message(user, session, "kernel_info_request", {})
        socket_.write_message(text)
        try:
            async for _ in replies(socket_, msg_id, min(deadline, time.monotonic() + KERNEL_INFO_AGAIN)):
                pass
            return
        except NoAnswer:
            if time.monotonic() >= deadline:
                raise


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
        await kernel_info(socket_, user, session, time.monotonic() + answer)
        progress(-1)
        deadline = time.monotonic() + limit
        earlier = set()
        for index, code in enumerate(cells):
            msg_id, text = kernel_message(user, session, "execute_request", execute_request(code))
            socket_.write_message(text)
            outputs = []
            async for kind, content in replies(socket_, msg_id, deadline, acknowledge=answer, earlier=earlier):
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
            earlier.add(msg_id)
            progress(index)
            if any(kind == "error" for kind, _ in outputs):
                break
            if until_html and any(kind == "html" for kind, _ in outputs):
                break
    finally:
        socket_.close()
    return results


# ------------------------------------------------------------------------------------------
# The hub's REST API and a student's server's.


def ready(user_model):
    """Whether the hub's model of a user says their server is ready."""
    return bool(user_model.get("servers", {}).get("", {}).get("ready"))


class Client:
    """Someone with a token at the hub at `base`: its REST API, and the students' servers
    behind it."""

    def __init__(self, base, token=None):
        self.base, self.token = base.rstrip("/"), token

    def api(self, method, path, **kwargs):
        """A request to the hub (`path` from its root: /hub/api/..., /user/...), with the token."""
        headers = kwargs.pop("headers", {})
        if self.token:
            headers["Authorization"] = f"token {self.token}"
        return requests.request(method, f"{self.base}{path}", headers=headers,
                                timeout=kwargs.pop("timeout", 300), verify=False, **kwargs)

    def user(self, name):
        """The hub's model of the user `name`."""
        return self.api("GET", f"/hub/api/users/{name}").json()

    def server_of(self, user, method, path, **kwargs):
        """A request to `user`'s server's API (`path` under /api/)."""
        return self.api(method, f"/user/{user}/api/{path}", **kwargs)

    def start_server_of(self, user, limit=300):
        """Starts `user`'s server, as the hub's spawn page does, and waits until the hub says
        it is ready."""
        deadline = time.time() + limit
        while True:
            answer = self.api("POST", f"/hub/api/users/{user}/server")
            # 400 is "already running" or "pending stop" (the culler or the teacher is stopping
            # it): wait for the stop to finish, then start it, as the hub's spawn page does.
            if answer.status_code == 400 and "pending stop" in answer.text and time.time() < deadline:
                time.sleep(0.5)
                continue
            if answer.status_code not in (201, 202, 400):
                raise RuntimeError(f"{user}'s server did not start: HTTP {answer.status_code} {answer.text[:200]}")
            break
        while time.time() < deadline:
            if ready(self.user(user)):
                return
            time.sleep(0.5)
        raise RuntimeError(f"{user}'s server was not ready within {limit} s")

    def stop_server_of(self, user, limit=120):
        """Stops `user`'s server and waits until the hub says it has stopped."""
        self.api("DELETE", f"/hub/api/users/{user}/server")
        deadline = time.time() + limit
        while time.time() < deadline:
            if not self.user(user).get("servers"):
                return
            time.sleep(0.5)
        raise RuntimeError(f"{user}'s server did not stop within {limit} s")

    def open_session(self, user, path=NOTEBOOK, attach=True):
        """A Rust kernel for the notebook `path` on `user`'s server, started as JupyterLab starts
        one when it opens the notebook (a session, in the notebook's folder); with attach, the
        kernel of the notebook's running session if there is one, which JupyterLab attaches to.
        Returns the session's id and the kernel's id."""
        if attach:
            for session in self.server_of(user, "GET", "sessions").json():
                if session.get("path") == path and session.get("kernel"):
                    return session["id"], session["kernel"]["id"]
        answer = self.server_of(user, "POST", "sessions", json={
            "path": path, "name": path.rsplit("/", 1)[-1], "type": "notebook", "kernel": {"name": "rust"}})
        if answer.status_code != 201:
            raise RuntimeError(f"no kernel for {path}: HTTP {answer.status_code} {answer.text[:200]}")
        return answer.json()["id"], answer.json()["kernel"]["id"]

    def code_cells(self, user, path=NOTEBOOK):
        """The code cells of `user`'s own copy of a notebook, read from their server as
        JupyterLab reads it when it opens the notebook."""
        answer = self.server_of(user, "GET", f"contents/{path}")
        if answer.status_code != 200:
            raise RuntimeError(f"no {path}: HTTP {answer.status_code}")
        cells = answer.json()["content"]["cells"]
        return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]

    def execute_in(self, user, kernel, cells, until_html=False, limit=600, answer=ANSWER, progress=None):
        """Runs `cells` in `user`'s running kernel `kernel` (see execute)."""
        return asyncio.run(execute(self.base, user, self.token, kernel, cells, until_html, limit,
                                   answer=answer, progress=progress))


class Hub(Client):
    """The hub with a service's token (the warm-up's), acting on any student's server."""


class Student(Client):
    """One person at the hub: logs in with the form, as a browser does, then uses the REST API
    with a token of their own, on their own server."""

    def __init__(self, base, name, password):
        super().__init__(base)
        self.name, self.password = name, password
        self.session = requests.Session()

    def log_in(self):
        """Logs in with the hub's form (a new visit: no cookies from before) and makes a token."""
        self.session = requests.Session()
        url = f"{self.base}/hub/login"
        page = self.session.get(url, timeout=30, verify=False)
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text)
        data = {"username": self.name, "password": self.password}
        if xsrf:
            data["_xsrf"] = xsrf.group(1)
        answer = self.session.post(url, data=data, timeout=300, allow_redirects=False, verify=False)
        if answer.status_code not in (302, 303):
            raise RuntimeError(f"{self.name} could not log in: HTTP {answer.status_code}")
        self.take_token()

    def take_token(self):
        """Makes a token of the student's own with the session's login (the form's, or a
        school login's or an LMS launch's cookies)."""
        cookie = self.session.cookies.get("_xsrf", path="/hub/") or self.session.cookies.get("_xsrf")
        made = self.session.post(
            f"{self.base}/hub/api/users/{self.name}/tokens",
            json={"note": "magic-tictactoe", "expires_in": 3600},
            headers={"X-XSRFToken": cookie or ""}, timeout=300, verify=False)
        if made.status_code not in (200, 201):
            raise RuntimeError(f"{self.name} got no token: HTTP {made.status_code} {made.text[:200]}")
        self.token = made.json()["token"]

    def server(self, method, path, **kwargs):
        """A request to the student's own server's API."""
        return self.server_of(self.name, method, path, **kwargs)

    def start_server(self, limit=600):
        self.start_server_of(self.name, limit)

    def stop_server(self, limit=120):
        self.stop_server_of(self.name, limit)

    def open_notebook(self, notebook=NOTEBOOK, attach=False):
        """A Rust kernel for `notebook` (see Client.open_session): its session's id and its
        kernel's id."""
        return self.open_session(self.name, notebook, attach)

    def notebook_cells(self, notebook=NOTEBOOK):
        """The code cells of the student's own copy of `notebook`."""
        return self.code_cells(self.name, notebook)

    def run(self, kernel, cells, until_html=False, limit=600, progress=None):
        """Runs `cells` in the student's running kernel `kernel`; returns each cell's outputs (a
        list of (kind, text) pairs). With until_html, stops after the first cell that shows HTML."""
        return self.execute_in(self.name, kernel, cells, until_html, limit, answer=limit, progress=progress)

    def run_cells(self, cells, until_html=False, limit=600, notebook=NOTEBOOK):
        """Runs `cells` in a new Rust kernel for `notebook`, then closes it (see run)."""
        session, kernel = self.open_notebook(notebook)
        try:
            return self.run(kernel, cells, until_html, limit)
        finally:
            self.server("DELETE", f"sessions/{session}")
