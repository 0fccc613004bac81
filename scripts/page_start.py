"""How long the lesson's page itself takes to start in a slow browser: JupyterLab and Notebook 7,
side by side, on one local Jupyter server (no hub, no login, nothing else running).

    .venv/bin/python scripts/page_start.py                       (4x slowdown, 3 rounds)
    .venv/bin/python scripts/page_start.py --cpu-slowdown 1 --rounds 1

scripts/class_load.py measures a student's whole way from "Sign in" to notebook 01's first
board on the class server. This takes the hub and the class's containers out, to see what the
page alone costs on a low-cost laptop (DevTools' CPU throttling, `Emulation.setCPUThrottlingRate`,
of each page): for each page and round, a fresh browser profile (a first visit) and then the
same profile again (returning, its cache warm), each time

* "drawn": from the address typed to notebook 01's first cell drawn,
* "ready": to its kernel idle and connected (a kernel started for the visit),
* "board": to the first board of Run All (from the Run menu, as a student does),
* and the page's main-thread time until then, as DevTools counts it: running scripts
  ("script") and every task of the page ("busy").

The server runs the class's Jupyter settings (scripts/class/jupyter: the same page config and
disabled extensions) with Notebook 7 switched on beside JupyterLab. It listens on 127.0.0.1, each
visit is bounded in time, and the server and every kernel it started are stopped at the end.
"""

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from playwright.sync_api import sync_playwright

from checks import free_port
from class_load import run_all_until_a_board
from jupyterlab_test import CHROMIUM_ARGS

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOK = "notebooks/01-magic-square.ipynb"
TOKEN = "page-start"
LIMIT = 300  # seconds one visit may take to its first board
# Where each page opens a notebook; {visitor}: JupyterLab's workspace of one browser profile.
PAGES = {"JupyterLab": "lab/workspaces/{visitor}/tree", "Notebook 7": "notebooks"}


class Server:
    """A Jupyter server on the loopback address with the class's settings, Notebook 7 on."""

    def __init__(self, settings=None):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, JUPYTER_CONFIG_PATH=str(ROOT / "scripts/class/jupyter"))
        # JupyterLab's workspaces of this run only: a first visit opens the one notebook, as a
        # student's does, and not what someone left open in this checkout's JupyterLab.
        self.workspaces = tempfile.TemporaryDirectory(prefix="page-start-")
        self.log = open(ROOT / "target/page-start-server.log", "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={self.port}", "--ip=127.0.0.1",
             f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={ROOT}", "--allow-root",
             f"--LabApp.workspaces_dir={self.workspaces.name}",
             *([f"--LabApp.app_settings_dir={settings}"] if settings else []),
             "--ServerApp.jpserver_extensions={'notebook': True, 'kernel_watch': False, 'jupyter_lsp': False}"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(120):
            try:
                self.api("GET", "status")
                return
            except OSError:
                time.sleep(0.5)
        self.stop()
        sys.exit(f"page_start: the Jupyter server did not start; see {self.log.name}")

    def api(self, method, path):
        # Listing kernels while one starts can answer 500 (its last_activity not yet set): ask again.
        for _ in range(50):
            try:
                request = urllib.request.Request(f"{self.base}/api/{path}?token={TOKEN}", method=method)
                with urllib.request.urlopen(request, timeout=30) as answer:
                    body = answer.read()
                    return json.loads(body) if body else None
            except urllib.error.HTTPError as error:
                if error.code != 500:
                    raise
                time.sleep(0.1)
        raise OSError(f"{method} /api/{path} kept answering 500")

    def forget_kernels(self):
        for session in self.api("GET", "sessions"):
            self.api("DELETE", f"sessions/{session['id']}")
        for kernel in self.api("GET", "kernels"):
            self.api("DELETE", f"kernels/{kernel['id']}")

    def kernel_ready(self):
        kernels = self.api("GET", "kernels")
        return bool(kernels) and all(k["execution_state"] == "idle" and k.get("connections", 0) > 0 for k in kernels)

    def stop(self):
        try:
            self.forget_kernels()
        except OSError:
            pass
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.workspaces.cleanup()


def visit(context, server, path, notebook, slowdown, visitor):
    """One visit of `path` in a new page of `context`: a dict of the figures above."""
    server.forget_kernels()
    page = context.new_page()
    try:
        devtools = context.new_cdp_session(page)
        devtools.send("Performance.enable")
        devtools.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        started = time.time()
        page.goto(f"{server.base}/{path.format(visitor=visitor)}/{notebook}?token={TOKEN}", wait_until="commit", timeout=LIMIT * 1000)
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=LIMIT * 1000)
        drawn = time.time() - started
        while not server.kernel_ready():
            if time.time() - started > LIMIT:
                raise TimeoutError(f"the kernel was not ready within {LIMIT} s")
            time.sleep(0.1)
        ready = time.time() - started
        run_all_until_a_board(page)
        board = time.time() - started
        metrics = {m["name"]: m["value"] for m in devtools.send("Performance.getMetrics")["metrics"]}
        # The rest of the notebook runs on: let it end before the next visit.
        page.wait_for_function(
            "![...document.querySelectorAll('.jp-InputPrompt')].some(e => e.textContent.includes('*'))",
            timeout=LIMIT * 1000)
        return {"drawn": drawn, "ready": ready, "board": board,
                "script": metrics.get("ScriptDuration", 0.0), "busy": metrics.get("TaskDuration", 0.0)}
    finally:
        page.close()


def main():
    parser = argparse.ArgumentParser(description="The lesson page's own start, JupyterLab and Notebook 7.")
    parser.add_argument("--cpu-slowdown", type=float, default=4, metavar="RATE",
                        help="the browser's processor slowed RATE times (1: not slowed)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pages", default=",".join(PAGES), help=f"which pages, of: {', '.join(PAGES)}")
    parser.add_argument("--notebook", default=NOTEBOOK,
                        help="the notebook to open, from the repository's top (one whose first board is a table)")
    parser.add_argument("--settings", metavar="DIR",
                        help="JupyterLab's settings directory for the try: an overrides.json in it changes "
                             "settings' defaults (as {\"@jupyterlab/notebook-extension:tracker\": {\"windowingMode\": \"full\"}})")
    args = parser.parse_args()
    pages = {name: PAGES[name] for name in args.pages.split(",") if name in PAGES}
    if not pages:
        sys.exit(f"page_start: --pages names none of: {', '.join(PAGES)}")
    if not (1 <= args.cpu_slowdown <= 20 and 1 <= args.rounds <= 20):
        sys.exit("page_start: --cpu-slowdown 1 to 20, --rounds 1 to 20")
    (ROOT / "target").mkdir(exist_ok=True)
    figures = {}
    server = Server(args.settings)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            try:
                for round_ in range(1, args.rounds + 1):
                    for name, path in pages.items():
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        for kind in ("first visit", "returning"):
                            seen = visit(context, server, path, args.notebook, args.cpu_slowdown, f"visitor-{round_}")
                            figures.setdefault((name, kind), []).append(seen)
                            print(f"round {round_}, {name}, {kind}: drawn {seen['drawn']:.1f} s, ready {seen['ready']:.1f} s, "
                                  f"the first board {seen['board']:.1f} s; main thread: script {seen['script']:.1f} s, "
                                  f"busy {seen['busy']:.1f} s", flush=True)
                        context.close()
            finally:
                browser.close()
    finally:
        server.stop()
    print(f"\nMedians of {args.rounds} round(s), {args.notebook}, the browser's processor slowed {args.cpu_slowdown:g}x:")
    print("| page | visit | first cell drawn | kernel ready | first board | script | busy |")
    print("|---|---|---|---|---|---|---|")
    for (name, kind), seen in figures.items():
        median = {key: statistics.median(s[key] for s in seen) for key in seen[0]}
        print(f"| {name} | {kind} | {median['drawn']:.1f} s | {median['ready']:.1f} s | {median['board']:.1f} s "
              f"| {median['script']:.1f} s | {median['busy']:.1f} s |")


if __name__ == "__main__":
    main()
