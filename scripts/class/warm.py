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

import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from classadmin import roster
from hubclient import NOTEBOOK, Hub, NoAnswer

# Seconds to answer again once the warm-up's first connection has closed. A stock evcxr_jupyter
# could stop answering just then (the zeromq deadlock that kernel/README.md describes); the
# project's kernel is built with the fix, and this second ask stays as a guard that costs a
# fraction of a second.
LEFT = 20
TRIES = 3


def warm(hub, user):
    """Warms one student; returns what it did, in words."""
    started = time.time()
    hub.start_server_of(user)
    cells = hub.code_cells(user)
    if not cells:
        raise RuntimeError(f"their {NOTEBOOK} has no code cell to run")
    for attempt in range(1, TRIES + 1):
        session, kernel = hub.open_session(user)
        try:
            outputs = hub.execute_in(user, kernel, cells[:1])
            # A kernel can stop answering as a connection to it closes (see LEFT): ask
            # once more on a new connection, as JupyterLab will, after this one has gone.
            hub.execute_in(user, kernel, [], answer=LEFT)
        except NoAnswer:
            hub.server_of(user, "DELETE", f"sessions/{session}")
            print(f"     {user}: the kernel did not answer (try {attempt} of {TRIES}); started a new one", flush=True)
            continue
        errors = [text for cell in outputs for kind, text in cell if kind == "error"]
        if errors:
            raise RuntimeError(f"notebook 01's first cell failed: {errors[0][:300]}")
        return f"warm in {time.time() - started:.1f} s"
    raise RuntimeError(f"no kernel answered in {TRIES} tries")


def class_students(hub):
    """The class's students: the hub's users in a class's group, however they log in (a class
    list, the school's login, its LMS), teachers and admins left out."""
    answer = hub.api("GET", "/hub/api/users", params={"limit": 2000}, timeout=60)
    answer.raise_for_status()
    return sorted(user["name"] for user in answer.json()
                  if not user.get("admin") and any(roster.is_class(group) for group in user.get("groups") or []))


def main():
    class_home = Path(sys.argv[1])
    hub_state = class_home / "hub"
    wanted = sys.argv[2:]
    try:
        base = (hub_state / "url").read_text().strip()
        token = (hub_state / "warm-up.token").read_text().strip()
    except FileNotFoundError:
        sys.exit("class.sh warm: no class hub has run here yet: start it first (sudo ./scripts/class.sh ...)")
    hub = Hub(base, token)
    try:
        hub.api("GET", "/hub/api/", timeout=10).raise_for_status()
    except requests.RequestException:
        sys.exit(f"class.sh warm: the hub does not answer at {base}: start it first, in another terminal")
    students = class_students(hub)
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
