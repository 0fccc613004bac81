"""Tests the class server that scripts/class.sh starts, on 127.0.0.1 only: nobody gets in where
they don't belong, nothing a student saves is lost, and a few students at once reach their first
board (a small run of scripts/class_load.py).

    sudo .venv/bin/python scripts/class_test.py     (the test command runs it)

It uses its own CLASS_HOME (/srv/magic-tictactoe-test) and accounts (mt-alice, mt-bob,
mt-carol, the teacher mt-teacher), so a real class on the machine is left alone.
"""

import os
import sys
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_load import Hub, Student, drive, forget, summary  # noqa: E402

CLASS_HOME = Path(os.environ.get("CLASS_TEST_HOME", "/srv/magic-tictactoe-test"))
STUDENTS = ["mt-alice", "mt-bob", "mt-carol"]
TEACHER = "mt-teacher"

passed, failed = 0, 0


def check(ok, what):
    global passed, failed
    print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
    passed, failed = passed + bool(ok), failed + (not ok)


def rust(student, code):
    """The text a cell of `code` prints in the student's kernel."""
    outputs = student.run_cells([code])
    return " ".join(text for cells in outputs for kind, text in cells).strip()


def nobody_gets_in(hub, alice, bob, teacher):
    anonymous = requests.get(f"{hub.url}/hub/", timeout=30)
    check(anonymous.url.startswith(f"{hub.url}/hub/login"), "without a login, the hub shows only the login page")
    page = requests.get(f"{hub.url}/user/{alice.name}/api/contents", timeout=30, allow_redirects=False)
    check(page.status_code in (302, 401, 403), f"without a login, a student's server serves nothing (HTTP {page.status_code})")
    api = requests.get(f"{hub.url}/hub/api/users", timeout=30)
    check(api.status_code == 403, f"without a login, the hub's API answers 403 (HTTP {api.status_code})")
    wrong = Student(hub, alice.name, "not-the-password")
    try:
        wrong.log_in()
        check(False, "a wrong password is refused")
    except RuntimeError:
        check(True, "a wrong password is refused")

    theirs = alice.api("GET", f"/user/{bob.name}/api/contents")
    check(theirs.status_code in (403, 404), f"a student's token cannot reach another student's server (HTTP {theirs.status_code})")
    files = alice.api("GET", f"/user/{bob.name}/files/notebooks/01-magic-square.ipynb",
                      allow_redirects=False)
    check(files.status_code in (302, 403, 404), f"... nor their files (HTTP {files.status_code})")
    model = alice.api("GET", f"/hub/api/users/{bob.name}")
    check(model.status_code in (403, 404), f"... nor what the hub knows of them (HTTP {model.status_code})")
    admin = alice.api("GET", "/hub/api/users")
    check(admin.status_code == 403, f"the admin API refuses a student (HTTP {admin.status_code})")
    listing = teacher.api("GET", "/hub/api/users")
    names = {user["name"] for user in listing.json()} if listing.status_code == 200 else set()
    check(listing.status_code == 200 and {alice.name, bob.name} <= names,
          f"the admin API answers the teacher, with the class (HTTP {listing.status_code})")

    # What a student's own code can do: it runs as the student, and the system stops it.
    code = (
        'println!("{} {} {} {}",'
        f' std::fs::read_dir("/home/{bob.name}").is_err(),'
        f' std::fs::read_to_string("/home/{bob.name}/magic-tictactoe/notebooks/01-magic-square.ipynb").is_err(),'
        f' std::fs::read_to_string("{CLASS_HOME}/hub/passwords.txt").is_err(),'
        f' std::fs::write("{CLASS_HOME}/crate/src/lib.rs", "").is_err());'
    )
    answer = rust(alice, code)
    check(answer == "true true true true",
          f"a student's code cannot list or read another's home, read the passwords, or change the shared crate ({answer!r})")
    mode = os.stat(f"/home/{bob.name}").st_mode & 0o777
    check(mode == 0o700, f"homes are private (mode {mode:o})")


def nothing_is_lost(hub, alice):
    path = "notebooks/my-own.ipynb"
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "mine", "metadata": {},
                           "outputs": [], "source": "Board::new() // my work"}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    saved = alice.server("PUT", f"contents/{path}", json={"type": "notebook", "content": notebook})
    check(saved.status_code in (200, 201), f"a student saves a notebook (HTTP {saved.status_code})")
    changed = alice.server("GET", "contents/notebooks/01-magic-square.ipynb").json()
    changed["content"]["cells"][0]["source"] = "// my notes on the first cell"
    alice.server("PUT", "contents/notebooks/01-magic-square.ipynb",
                 json={"type": "notebook", "content": changed["content"]})

    def still_there(when):
        mine = alice.server("GET", f"contents/{path}")
        ok = mine.status_code == 200 and "my work" in str(mine.json()["content"]["cells"][0]["source"])
        first = alice.server("GET", "contents/notebooks/01-magic-square.ipynb").json()
        kept = first["content"]["cells"][0]["source"] == "// my notes on the first cell"
        check(ok and kept, f"after {when}, the saved notebook and the changed lesson are still there")

    alice.stop_server()
    alice.start_server()
    still_there("a restart of the student's server")
    hub.stop()
    hub.start()
    alice.log_in()
    alice.start_server()
    still_there("a restart of the hub")


def main():
    if os.getuid() != 0:
        sys.exit("class_test.py: run it as root: it makes accounts and starts a hub")
    hub = Hub(CLASS_HOME, STUDENTS, teacher=TEACHER)
    started = time.time()
    hub.set_up()
    print(f"ok   class.sh set up the class in {CLASS_HOME} ({time.time() - started:.0f} s)")
    forget(STUDENTS)  # every run starts with students who have never logged in
    hub.start()
    try:
        results, failures = drive(hub, STUDENTS)
        check(not failures, f"{len(STUDENTS)} students at once reach notebook 01's first board {failures or ''}")
        print("     students | first board, median | worst | server ready | failures | CPU s each")
        print("     " + summary(len(STUDENTS), results, failures))
        alice, bob, teacher = (Student(hub, name, hub.password(name)) for name in ["mt-alice", "mt-bob", TEACHER])
        for person in (alice, bob, teacher):
            person.log_in()
        alice.start_server()
        nobody_gets_in(hub, alice, bob, teacher)
        nothing_is_lost(hub, alice)
    finally:
        hub.stop()
    print(f"class server: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
