"""Starts the README's first command, scripts/notebooks.sh, as whoever runs the tests (root on
the project's machines and in CI, where JupyterLab refuses to start unless told --allow-root),
and checks that JupyterLab comes up on the loopback address and serves the notebooks with the
Rust kernel. Then stops it.

Usage: python scripts/notebooks_sh_test.py
"""

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

from checks import free_port
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 120  # seconds for JupyterLab to start


def get(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read()


def main():
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ)
        # A workspace of its own, so that the test leaves the learner's JupyterLab state alone.
        env["JUPYTERLAB_WORKSPACES_DIR"] = str(Path(home) / "workspaces")
        log = Path(home) / "notebooks.log"
        with open(log, "w") as out:
            server = subprocess.Popen(
                [str(ROOT / "scripts" / "notebooks.sh"), "--no-browser",
                 "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                 "--ServerApp.port_retries=0"],
                stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        try:
            token = None
            deadline = time.time() + LIMIT
            while time.time() < deadline and server.poll() is None:
                found = re.search(rf"http://127\.0\.0\.1:{port}/lab\?token=(\w+)", log.read_text())
                if found:
                    token = found.group(1)
                    break
                time.sleep(0.5)
            text = log.read_text()
            if token is None:
                print(text[-3000:])
                sys.exit(f"notebooks.sh did not start JupyterLab (exit status {server.poll()})")
            # Jupyter Server prints its URL before it listens (it binds once its event loop
            # runs), so the first requests may be refused: ask again until it answers.
            body = None
            while time.time() < deadline and server.poll() is None:
                try:
                    status, body = get(f"http://127.0.0.1:{port}/api/contents?token={token}")
                    break
                except OSError:
                    time.sleep(0.5)
            if body is None:
                print(log.read_text()[-3000:])
                sys.exit(f"JupyterLab printed its URL but did not answer there within {LIMIT} s "
                         f"(exit status {server.poll()})")
            names = sorted(item["name"] for item in json.loads(body)["content"])
            notebooks = [n for n in names if n.endswith(".ipynb")]
            status, body = get(f"http://127.0.0.1:{port}/api/kernelspecs?token={token}")
            kernels = json.loads(body)["kernelspecs"]
            problems = []
            if len(notebooks) < 10:
                problems.append(f"it serves {len(notebooks)} notebooks: {names}")
            if "rust" not in kernels:
                problems.append(f"no Rust kernel among {sorted(kernels)}")
            if "Running as root is not recommended" in text:
                problems.append("JupyterLab refused to run as root")
            if problems:
                sys.exit("notebooks.sh: " + "; ".join(problems))
            print(f"ok   notebooks.sh as {'root' if os.getuid() == 0 else os.getuid()}: JupyterLab on "
                  f"127.0.0.1:{port}, {len(notebooks)} notebooks, the Rust kernel")
        finally:
            stop(server)


def stop(server):
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)


if __name__ == "__main__":
    main()
