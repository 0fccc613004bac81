"""The class server under load: N simulated students log in to the hub at once, start their
servers, open notebook 01 in the Rust kernel and run its cells until the first board shows.

    sudo .venv/bin/python scripts/class_load.py 1 5 10 20          (students in containers)
    sudo .venv/bin/python scripts/class_load.py --no-containers 1 5 (as their own system users)
    sudo .venv/bin/python scripts/class_load.py --warm --window 60 30 (a class warmed by
        `class.sh warm`, arriving over a minute, as at the bell)
    sudo .venv/bin/python scripts/class_load.py --returns 4   (a student in Chromium logs out
        during Run All and logs straight back in, 4 times)

For each N it makes N students' accounts (load-01, load-02 ...), starts a hub on 127.0.0.1
with scripts/class.sh (CLASS_HOME, default /srv/magic-tictactoe-load), runs the students, stops
the hub and prints one line: time to the first board (from the login; median and worst), the
time until the student's server answered, failures, the CPU seconds each student cost (all
their processes: server, kernel, cargo and rustc), the memory each holds (their container's
cgroup, or their processes' resident memory: the server alone, then with notebook 01's kernel
at the first board), and what the class took from the machine's available memory with every
kernel open, per student (the honest total: files that students share count once).
Everything listens on the loopback address, each run is bounded in time (LIMIT seconds for a
student), and the students' containers and volumes are removed at the end.

It is also a library: scripts/class_test.py drives a few students with it.
"""

import argparse
import asyncio
import math
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "class"))
from warm import code_cells, execute, open_session, start_server  # noqa: E402 (what `class.sh warm` uses)
LIMIT = 600  # seconds one student may take to reach the first board
TICK = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Hub:
    """A hub started with scripts/class.sh on 127.0.0.1, for a class list."""

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

    def command(self, setup_only=False):
        listing = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        listing.write("\n".join(self.students) + "\n")
        listing.close()
        command = [str(ROOT / "scripts" / "class.sh"), "--students", listing.name,
                   "--ip", "127.0.0.1", "--port", str(self.port), *self.options]
        if self.containers:
            command += ["--base-image", base_image()]
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
        self.log = open(self.class_home / "hub-test.log", "a")
        self.process = subprocess.Popen(self.command(), env=self.env(), stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + limit
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub stopped (status {self.process.returncode}); "
                                   f"see {self.class_home / 'hub-test.log'}")
            try:
                if requests.get(f"{self.url}/hub/api", timeout=5).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.5)
        raise RuntimeError(f"the hub did not answer within {limit} s")

    def warm(self, names):
        """`class.sh warm` for these students, as the teacher runs it before the bell."""
        subprocess.run([str(ROOT / "scripts" / "class.sh"), "warm", *names], env=self.env(), check=True)

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        for pid, what in self.leftovers():
            print(f"     (the hub left {what} running, pid {pid}: stopped)", flush=True)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.log:
            self.log.close()

    def leftovers(self):
        """This class's processes that the hub starts in sessions of their own (its proxy, the
        class page) and still running: a hub killed before its clean-up leaves them."""
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
        return found

    def password(self, name):
        for line in (self.class_home / "hub" / "passwords.txt").read_text().splitlines():
            parts = line.split()
            if parts and parts[0] == name:
                return parts[1]
        # The account outlived the class folder of an earlier run (its password went with the
        # folder): these are the tests' own accounts, so give it a new one and note it.
        password = uuid.uuid4().hex[:12]
        subprocess.run(["chpasswd"], input=f"{name}:{password}\n", text=True, check=True)
        with open(self.class_home / "hub" / "passwords.txt", "a") as noted:
            noted.write(f"{name} {password}\n")
        return password


class Student:
    """One person at the hub: logs in with the form, as a browser does, then uses the REST API."""

    def __init__(self, hub, name, password):
        self.hub, self.name, self.password = hub, name, password
        self.session = requests.Session()
        self.token = None

    def log_in(self):
        self.session = requests.Session()  # a new visit: no cookies from before
        url = f"{self.hub.url}/hub/login"
        page = self.session.get(url, timeout=30)
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text)
        data = {"username": self.name, "password": self.password}
        if xsrf:
            data["_xsrf"] = xsrf.group(1)
        answer = self.session.post(url, data=data, timeout=300, allow_redirects=False)
        if answer.status_code not in (302, 303):
            raise RuntimeError(f"{self.name} could not log in: HTTP {answer.status_code}")
        cookie = self.session.cookies.get("_xsrf", path="/hub/") or self.session.cookies.get("_xsrf")
        made = self.session.post(
            f"{self.hub.url}/hub/api/users/{self.name}/tokens",
            json={"note": "class test", "expires_in": 3600},
            headers={"X-XSRFToken": cookie or ""}, timeout=300)
        if made.status_code not in (200, 201):
            raise RuntimeError(f"{self.name} got no token: HTTP {made.status_code} {made.text[:200]}")
        self.token = made.json()["token"]

    def api(self, method, path, **kwargs):
        headers = kwargs.pop("headers", {})
        if self.token:
            headers["Authorization"] = f"token {self.token}"
        return requests.request(method, f"{self.hub.url}{path}", headers=headers,
                                timeout=kwargs.pop("timeout", 300), **kwargs)

    def start_server(self, limit=LIMIT):
        start_server(self.api, self.name, limit)

    def stop_server(self, limit=120):
        self.api("DELETE", f"/hub/api/users/{self.name}/server")
        deadline = time.time() + limit
        while time.time() < deadline:
            model = self.api("GET", f"/hub/api/users/{self.name}").json()
            if not model.get("servers"):
                return
            time.sleep(0.5)
        raise RuntimeError(f"{self.name}'s server did not stop within {limit} s")

    def server(self, method, path, **kwargs):
        return self.api(method, f"/user/{self.name}/api/{path}", **kwargs)

    def open_notebook(self, notebook="notebooks/01-magic-square.ipynb", attach=False):
        """A Rust kernel for `notebook`, as JupyterLab starts one (see warm.open_session): its
        session's id and its kernel's id."""
        return open_session(self.server, notebook, attach)

    def run_in(self, kernel, cells, until_html=False, limit=LIMIT, progress=None):
        """Runs `cells` (code strings) in the running kernel `kernel`; returns each cell's
        outputs (a list of (kind, text) pairs). With until_html, stops after the first cell
        that shows HTML. progress: see warm.execute."""
        return asyncio.run(execute(self.hub.url, self.name, self.token, kernel, cells, until_html, limit,
                                   answer=limit, progress=progress))

    def run_cells(self, cells, until_html=False, limit=LIMIT,
                  notebook="notebooks/01-magic-square.ipynb"):
        """Runs `cells` in a new Rust kernel for `notebook`, then closes it (see run_in)."""
        session, kernel = self.open_notebook(notebook)
        try:
            return self.run_in(kernel, cells, until_html, limit)
        finally:
            self.server("DELETE", f"sessions/{session}")


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


def usage(hub, name):
    """CPU seconds and resident memory (MB) of everything the student `name` runs: their
    container's cgroup, or the processes of their system user."""
    if hub.containers:
        cpu = cgroup("cpuacct", name, "cpuacct.usage")
        memory = cgroup("memory", name, "memory.stat")
        rss = 0
        if memory:
            stat = dict(line.split() for line in memory.splitlines())
            rss = int(stat.get("total_rss", 0)) + int(stat.get("total_mapped_file", 0))
        return (int(cpu) / 1e9 if cpu else float("nan")), rss / 1e6
    return cpu_seconds(name), resident_mb(name)


def resident_mb(user):
    """Resident memory of every process the system user `user` runs, in MB."""
    import pwd
    uid = pwd.getpwnam(user).pw_uid
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid != uid:
                continue
            total += int((entry / "statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total / 1e6


def cpu_seconds(user):
    """CPU time of every process the system user `user` runs, with its waited-for children."""
    import pwd
    uid = pwd.getpwnam(user).pw_uid
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid != uid:
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
        # utime, stime, cutime, cstime: fields 14 to 17 of stat, 12 to 15 after the name.
        total += sum(int(x) for x in fields[11:15])
    return total / TICK


def notebook_cells(student, path="notebooks/01-magic-square.ipynb"):
    """The code cells of the student's own copy of a notebook (see warm.code_cells)."""
    return code_cells(student.server, path)


STAGES = ("server", "kernel", ":dep", "cells")  # the steps to the first board, in order


def first_board(student):
    """Logs in, starts the server, opens notebook 01 and runs it until its first board: the
    timings and the student's use of the machine, with where it went (result["stages"]: wall
    and CPU seconds of each of STAGES: login and the server's start, the kernel's start until
    it answers, the notebook's first cell, the cells after it until the board). The notebook's
    kernel stays open (as in a lesson) until drive() closes it: result["session"]."""

    def cpu():
        spent = usage(student.hub, student.name)[0]
        return 0 if spent != spent else spent  # no container yet (NaN)

    marks = [(time.time(), cpu())]  # a warmed student's warm-up is not the bell's

    def mark():
        marks.append((time.time(), cpu()))

    student.log_in()
    student.start_server()
    mark()
    _, at_rest = usage(student.hub, student.name)
    session, kernel = student.open_notebook(attach=True)
    try:
        # One connection for the whole run, as JupyterLab keeps: marks when the kernel answers,
        # after the first cell, and at the board.
        results = student.run_in(kernel, notebook_cells(student), until_html=True,
                                 progress=lambda index: index <= 0 and mark())
        mark()
        shown = [text for outputs in results for kind, text in outputs if kind == "html"]
        errors = [text for outputs in results for kind, text in outputs if kind == "error"]
        if errors or not shown or "<table" not in shown[0]:
            raise RuntimeError(f"{student.name}: no board ({errors or 'no HTML output'})")
        _, memory = usage(student.hub, student.name)
    except BaseException:
        student.server("DELETE", f"sessions/{session}")
        raise
    stages = {stage: (marks[i + 1][0] - marks[i][0], marks[i + 1][1] - marks[i][1]) for i, stage in enumerate(STAGES)}
    return {"ready": marks[1][0] - marks[0][0], "board": marks[-1][0] - marks[0][0],
            "cpu": marks[-1][1] - marks[0][1], "memory": memory, "at rest": at_rest,
            "stages": stages, "student": student, "session": session}


def breakdown(results):
    """Where a student's wait and CPU seconds went, on average: one line."""
    results = {name: r for name, r in results.items() if not r.get("browser")}
    if not results:
        return "no student reached the board"
    parts = []
    for stage in STAGES:
        wall = statistics.mean(r["stages"][stage][0] for r in results.values())
        cpu = statistics.mean(r["stages"][stage][1] for r in results.values())
        parts.append(f"{stage} {wall:.1f} s ({cpu:.1f} CPU s)")
    return "per student, " + ", ".join(parts)


def first_board_in_browser(student):
    """The student in headless Chromium, as at the bell: the hub's login form, "Sign in", then
    JupyterLab opens notebook 01 (attaching to its warm kernel, if the class was warmed); Run
    All from the Run menu until a board is drawn by this run. Returns the seconds from "Sign
    in" to JupyterLab showing the notebook with its kernel idle, and to the board."""
    from jupyterlab_test import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{student.hub.url}/hub/login", timeout=LIMIT * 1000)
            page.fill("#username_input", student.name)
            page.fill("#password_input", student.password)
            start = time.time()
            page.click("#login_submit")
            page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for(timeout=LIMIT * 1000)
            lab = time.time() - start
            # The saved outputs are in the page already: mark them, then wait for a new board.
            page.evaluate("document.querySelectorAll('.jp-OutputArea-output').forEach(e => e.dataset.old = '1')")
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
            # Drawn, in the page: Run All may have scrolled on, and JupyterLab leaves cells out
            # of view unpainted, which Playwright counts as hidden.
            page.locator(".jp-OutputArea-output:not([data-old]) table").first.wait_for(
                state="attached", timeout=LIMIT * 1000)
            board = time.time() - start
        finally:
            browser.close()
    return {"browser": True, "lab": lab, "board": board}


RETURN_LIMIT = int(os.environ.get("RETURN_LIMIT", 120))  # seconds a returning student may wait for the kernel to show idle


def return_in_browser(student):
    """A student who logs out while Run All is still running and logs straight back in, in the
    same browser profile (a school computer; or a classmate at it): JupyterLab must show notebook
    01 with its kernel idle again within RETURN_LIMIT seconds, and Run All must draw a board.
    Returns the seconds from the second "Sign in" to the kernel idle, and to the new board."""
    from jupyterlab_test import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    idle_indicator = '.jp-Notebook-ExecutionIndicator[data-status="idle"]'

    def run_all_until_a_board(page):
        # The outputs in the page already: mark them, then wait for a new board.
        page.evaluate("document.querySelectorAll('.jp-OutputArea-output').forEach(e => e.dataset.old = '1')")
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
        page.locator(".jp-OutputArea-output:not([data-old]) table").first.wait_for(
            state="attached", timeout=LIMIT * 1000)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()

            def sign_in(limit):
                page.goto(f"{student.hub.url}/hub/login", timeout=LIMIT * 1000)
                page.fill("#username_input", student.name)
                page.fill("#password_input", student.password)
                started = time.time()
                page.click("#login_submit")
                page.locator(idle_indicator).first.wait_for(timeout=limit * 1000)
                return started

            sign_in(LIMIT)
            run_all_until_a_board(page)
            page.goto(f"{student.hub.url}/hub/logout", timeout=LIMIT * 1000)  # Run All goes on
            try:
                started = sign_in(RETURN_LIMIT)
            except Exception as error:
                shot = os.environ.get("RETURN_SCREENSHOT")
                if shot:
                    page.screenshot(path=shot)
                states = [(s.get("path"), s.get("kernel", {}).get("execution_state"))
                          for s in student.server("GET", "sessions").json()]
                raise RuntimeError(f"back after logging out during Run All, the kernel did not show idle "
                                   f"within {RETURN_LIMIT} s (the server says: {states})") from error
            idle = time.time() - started
            run_all_until_a_board(page)
            board = time.time() - started
        finally:
            browser.close()
    return {"idle": idle, "board": board}


def returns(hub, times):
    """Prints, for each of `times` tries, what a student who logs out during Run All and logs
    straight back in met (return_in_browser)."""
    name = hub.students[0]
    hub.set_up()
    forget([name])
    hub.start()
    try:
        student = Student(hub, name, hub.password(name))
        student.log_in()
        for attempt in range(1, times + 1):
            try:
                result = return_in_browser(student)
                print(f"ok   return {attempt}: the kernel idle {result['idle']:.1f} s after 'Sign in', "
                      f"a new board after {result['board']:.1f} s", flush=True)
            except Exception as error:  # reported, and the next try goes on
                print(f"FAIL return {attempt}: {str(error).splitlines()[0]}", flush=True)
    finally:
        hub.stop()
        forget([name])


def browser_summary(results):
    """One line: the students who came in Chromium, from "Sign in"."""
    seen = sorted((r for r in results.values() if r.get("browser")), key=lambda r: r["board"])
    if not seen:
        return None
    boards = [r["board"] for r in seen]
    return (f"in Chromium ({len(seen)} of the students): the first board {statistics.median(boards):.1f} s "
            f"after 'Sign in' (median), {percentile(boards, 0.95):.1f} s (95th percentile); "
            f"JupyterLab ready with notebook 01 {', '.join(format(r['lab'], '.1f') for r in seen)} s, "
            f"the first board {', '.join(format(b, '.1f') for b in boards)} s")


def available_mb():
    """The machine's available memory (MemAvailable), in MB."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1000
    return float("nan")


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


def drive(hub, names, window=0, before=None, browsers=0):
    """Runs the students `names`, arriving evenly over `window` seconds (0: all at once);
    returns their results and failures. `before`: the machine's available memory before the
    class came (before a warm-up); by default, now. `browsers` of them come in headless
    Chromium (their results say "browser"), spread evenly over the arrivals, the last to arrive
    among them: each browser takes several CPU seconds of this machine's own, which in a class
    are the student's computer's, so two browsers are not made to start at the same moment."""
    results, failures, lock = {}, {}, threading.Lock()
    in_browser = {names[round((i + 1) * len(names) / browsers) - 1] for i in range(browsers)}

    def one(name):
        time.sleep(window * names.index(name) / len(names))
        try:
            student = Student(hub, name, hub.password(name))
            result = (first_board_in_browser if name in in_browser else first_board)(student)
            with lock:
                results[name] = result
        except Exception as error:  # a failure is counted and reported, not raised
            with lock:
                failures[name] = str(error)

    before = available_mb() if before is None else before
    threads = [threading.Thread(target=one, args=(name,)) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(LIMIT + 60)
    for name in names:
        if name not in results and name not in failures:
            failures[name] = f"did not finish within {LIMIT} s"
    # Everyone at their first board, kernels open: what the class takes from the machine.
    machine = (before - available_mb()) / max(1, len(results))
    for result in results.values():
        result["machine"] = machine
        if "session" in result:
            result["student"].server("DELETE", f"sessions/{result['session']}")
    return results, failures


HEADER = ("| students | first board, median | 95th percentile | worst | server ready, median | failures "
          "| CPU s per student | memory per student: server alone, with notebook 01's kernel "
          "| machine's memory per student |")


def percentile(values, share):
    """The value below which `share` of the sorted `values` lie (nearest rank)."""
    return values[max(0, math.ceil(share * len(values)) - 1)]


def summary(n, results, failures):
    results = {name: r for name, r in results.items() if not r.get("browser")}
    boards = sorted(r["board"] for r in results.values())
    ready = sorted(r["ready"] for r in results.values())
    cpu = [r["cpu"] for r in results.values()]
    memory = [r["memory"] for r in results.values()]
    at_rest = [r["at rest"] for r in results.values()]
    if not boards:
        return f"| {n} | - | - | - | - | {len(failures)} | - | - | - |"
    machine = next(iter(results.values()))["machine"]
    return (f"| {n} | {statistics.median(boards):.1f} s | {percentile(boards, 0.95):.1f} s | {boards[-1]:.1f} s | "
            f"{statistics.median(ready):.1f} s | {len(failures)} | {statistics.mean(cpu):.1f} s | "
            f"{statistics.mean(at_rest):.0f} MB, {statistics.mean(memory):.0f} MB | {machine:.0f} MB |")


def main():
    if os.getuid() != 0:
        sys.exit("class_load.py: run it as root: it makes the students' accounts and starts a hub")
    # Stopped from outside: still stop the hub and remove the students' containers and volumes.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("class_load.py: stopped (SIGTERM)"))
    parser = argparse.ArgumentParser(description="N students at the class server, to the first board.")
    parser.add_argument("sizes", nargs="*", type=int, default=[1, 5, 10, 20], help="class sizes to try")
    parser.add_argument("--no-containers", action="store_true", help="students as their own system users")
    parser.add_argument("--warm", action="store_true", help="run `class.sh warm` before the students come")
    parser.add_argument("--browsers", type=int, default=0,
                        help="how many of the students come in headless Chromium (spread over the arrivals)")
    parser.add_argument("--window", type=float, default=0,
                        help="seconds over which the students arrive, evenly (default 0: all at once)")
    parser.add_argument("--returns", type=int, default=0,
                        help="instead: one student in Chromium logs out during Run All and straight back in, "
                             "this many times (return_in_browser)")
    args = parser.parse_args()
    containers = not args.no_containers
    class_home = Path(os.environ.get("CLASS_HOME", "/srv/magic-tictactoe-load"))
    if args.returns:
        returns(Hub(class_home, ["load-01"], containers=containers), args.returns)
        return
    names = [f"load-{i:02d}" for i in range(1, max(args.sizes) + 1)]
    hub = Hub(class_home, names, containers=containers)
    hub.set_up()
    print(f"Students {'in containers' if containers else 'as their own system users'}, "
          f"{'warmed by class.sh warm' if args.warm else 'cold'}, arriving "
          f"{f'over {args.window:g} s' if args.window else 'at once'}:")
    print(HEADER)
    print("|" + " --- |" * (HEADER.count("|") - 1))
    try:
        for n in args.sizes:
            forget(names[:n])
            hub.start()
            try:
                before = available_mb()
                if args.warm:
                    started = time.time()
                    hub.warm(names[:n])
                    spent = [usage(hub, name)[0] for name in names[:n]]
                    warm_note = (f"    warm-up of {n}: {time.time() - started:.0f} s, "
                                 f"{statistics.mean(spent):.1f} CPU s per student, "
                                 f"{(before - available_mb()) / n:.0f} MB of the machine's memory per warm student")
                results, failures = drive(hub, names[:n], window=args.window, before=before,
                                          browsers=min(args.browsers, n))
            finally:
                hub.stop()
                forget(names[:n])
            print(summary(n, results, failures), flush=True)
            print(f"    {breakdown(results)}", file=sys.stderr, flush=True)
            in_browser = browser_summary(results)
            if in_browser:
                print(f"    {in_browser}", file=sys.stderr, flush=True)
            if args.warm:
                print(warm_note, file=sys.stderr, flush=True)
            for name, failure in sorted(failures.items()):
                print(f"    {name}: {failure}", file=sys.stderr)
    finally:
        forget(names)


if __name__ == "__main__":
    main()
