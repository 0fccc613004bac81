"""The class's people and settings while it runs: class lists as schools write them, students added while the class runs, the idle culler, HTTPS, and the settings a run keeps."""

import hashlib
import pwd
import re
import shutil
import sqlite3
import ssl
import subprocess
import tempfile
import time
from pathlib import Path

import requests

from checks import check
from class_harness import DEFAULTS, container, until_ready
from hubclient import Student, ready
from classtest.common import CLASS_HOME, Kernel, LATECOMER, PAGE, ROOT, STUDENTS, TEACHER, proxy_pid, rust, server_running, table_rows, work_is_there


def class_lists(hub):
    """Issue 40: class lists as schools write them. `class.sh --check` says what a list would make
    and changes nothing; a list with a problem makes nothing and says why, with its line; a name
    that is an account of this machine is never taken over; students in containers get no
    account of the machine, and no password is kept in clear text."""
    class_sh = str(ROOT / "scripts" / "class.sh")
    roster_before = (CLASS_HOME / "hub" / "roster.csv").read_text()
    folder = Path(tempfile.mkdtemp(prefix="class-lists-"))
    try:
        spreadsheet = folder / "7B.csv"  # a spreadsheet's "CSV UTF-8", from Windows, no new line at the end
        spreadsheet.write_bytes("\ufeffName,Class,Email\r\nwanda lovelace,7B,w@x\r\nwanda byron,7B,b@x\r\nJosé Núñez,7B,j@x"
                                .encode("utf-8"))
        said = subprocess.run([class_sh, "--students", str(spreadsheet), "--check"], env=hub.env(),
                              capture_output=True, text=True)
        check(said.returncode == 0 and all(f"{login} " in said.stdout for login in ("wanda-l", "wanda-b", "jose"))
              and (CLASS_HOME / "hub" / "roster.csv").read_text() == roster_before,
              f"class.sh --check reads a spreadsheet's CSV (byte-order mark, CRLF, no final new line) and says which "
              f"logins it would make, changing nothing ({said.stdout.strip()[:160]!r})")
        bad = folder / "bad.txt"
        bad.write_text("Grace Hopper\nbin\n")
        refused = subprocess.run([class_sh, "--students", str(bad), "--ip", "127.0.0.1", "--port", str(hub.port),
                                  "--foreground"], env=hub.env(), capture_output=True, text=True)
        check(refused.returncode == 2 and "line 2: bin is the name of an account on this machine" in refused.stderr
              and (CLASS_HOME / "hub" / "roster.csv").read_text() == roster_before,
              f"a list naming 'bin' is refused in a sentence, with its line, and nothing of it is made "
              f"({refused.stderr.strip()[-150:]!r})")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    system = [name for name in STUDENTS if name in {entry.pw_name for entry in pwd.getpwall()}]
    check(not system, f"students in containers get no account of this machine ({system or 'none'})")
    with sqlite3.connect(CLASS_HOME / "hub" / "jupyterhub.sqlite") as db:
        stored = dict(db.execute("select username, password from users_info"))
    check(set(STUDENTS + [TEACHER]) <= set(stored) and all(v.startswith(b"$2") for v in stored.values())
          and not (CLASS_HOME / "hub" / "passwords.txt").exists(),
          f"the hub keeps every password as a bcrypt hash, and no file of passwords in clear text ({sorted(stored)})")


def class_changes_while_it_runs(hub, alice, bob, teacher):
    """Issue 40: a latecomer, a forgotten password and a student who leaves, while the class runs:
    class.sh again with a longer list gives the running hub the new student at once, without
    restarting it or its proxy (a classmate's kernel keeps its variable); the class page adds a
    student, gives a new password (the old one stops working) and takes a student out of the
    class (their work kept); class.sh with other settings refuses while the hub runs elsewhere."""
    proxy = proxy_pid()
    alices = Kernel(alice)
    alices.run("let kept = 7;")
    hub.students = STUDENTS + [LATECOMER]
    again = subprocess.run(hub.command(), env=hub.env(), capture_output=True, text=True, timeout=600)
    check(again.returncode == 0 and "nothing was restarted" in again.stderr and proxy_pid() == proxy
          and hub.process.poll() is None,
          f"class.sh with a longer list while the class runs adds the student to the running hub; hub and proxy "
          f"(pid {proxy}) keep running ({again.stderr.strip()[-160:]!r})")
    dave = hub.student(LATECOMER)
    dave.log_in()
    dave.start_server()
    check(rust(dave, "1 + 2") == "3", "the latecomer logs in at once and runs a cell")
    check(alices.run('println!("{}", kept);') == "7", "... and a classmate's kernel kept its variable")
    rows, _ = table_rows(teacher)
    check(LATECOMER in rows, f"... the class page lists him ({sorted(rows)})")
    dave.stop_server()
    alices.close()

    other = subprocess.run(hub.command() + ["--idle-timeout", "30m"], env=hub.env(), capture_output=True, text=True,
                           timeout=600)
    check(other.returncode == 1 and "runs already" in other.stderr and proxy_pid() == proxy
          and hub.process.poll() is None,
          f"class.sh with other settings, while the hub runs in another terminal, refuses in a sentence and leaves "
          f"it running ({other.stderr.strip()[-160:]!r})")

    # The class page: a student added, a new password, a student taken out of the class.
    added = teacher.api("POST", f"{PAGE}/students/add", data={"names": "Erin Example\r\n", "klass": "7A"}, timeout=120)
    found = re.search(r"<dt>Login</dt><dd>([a-z0-9-]+)</dd><dt>Password</dt><dd>([a-z0-9]+)</dd>", added.text)
    check(added.status_code == 200 and found and found.group(1) == "erin",
          f"the class page adds a student from a name, and shows her slip to print (HTTP {added.status_code})")
    erin = Student(hub.url, "erin", found.group(2) if found else "")
    erin.log_in()
    erin.start_server()
    check(ready(teacher.api("GET", "/hub/api/users/erin").json()), "... she logs in and her server starts")
    old = bob.password
    given = teacher.api("POST", f"{PAGE}/students/password", data={"login": bob.name}, timeout=120)
    found = re.search(r"<dt>Password</dt><dd>([a-z0-9]+)</dd>", given.text)
    try:
        Student(hub.url, bob.name, old).log_in()
        old_works = True
    except RuntimeError:
        old_works = False
    bob.password = hub.passwords[bob.name] = found.group(1) if found else old
    bob.log_in()
    check(given.status_code == 200 and found and not old_works,
          f"the class page gives {bob.name} a new password, shown once on a slip: the old one no longer works, the "
          f"new one does")
    removed = teacher.api("POST", f"{PAGE}/students/remove", data={"login": "erin", "sure": "yes"},
                          allow_redirects=False, timeout=120)
    try:
        erin.log_in()
        still = True
    except RuntimeError:
        still = False
    volume = subprocess.run(["docker", "volume", "inspect", "magic-tictactoe-erin"], capture_output=True).returncode == 0
    roster = (CLASS_HOME / "hub" / "roster.csv").read_text()
    check(removed.status_code == 302 and not still and "erin," not in roster and volume and container("erin") is None,
          f"the class page takes a student out of the class: she cannot log in, her server is stopped, and her work "
          f"(her volume) is kept (HTTP {removed.status_code})")
    log = (CLASS_HOME / "hub" / "class-page.log").read_text()
    check(f"{teacher.name}\tgave a new password to\t{bob.name}" in log and "\ttook out of the class\terin" in log,
          "... each logged")
    subprocess.run(["docker", "volume", "rm", "-f", "magic-tictactoe-erin"], capture_output=True)


def culling(hub, alice, teacher):
    started = time.time()
    left = hub.stop()
    check(not left, f"the hub, started as a shell starts a job in the background (SIGINT ignored), stops its "
          f"proxy and services itself ({', '.join(left) or 'nothing left'}; {time.time() - started:.0f} s)")
    hub.options = ["--idle-timeout", "20s"]
    hub.start()
    alice.log_in()
    teacher.log_in()
    # Everyone was idle while the hub was down: the culler may be stopping alice's server now.
    alice.start_server()
    started = time.time()
    stopped = until_ready("the idle culler", lambda: not server_running(teacher, alice.name), 150)
    check(stopped, f"the idle culler stopped a server idle for more than 20 s (after {time.time() - started:.0f} s)")
    check(until_ready("the culled container to go", lambda: container(alice.name) is None, 30),
          "... and its container is gone")
    alice.start_server()
    work_is_there(alice, "the idle culler stopped their server")
    hub.options = ["--idle-timeout", DEFAULTS["IDLE_TIMEOUT"]]  # the class keeps its settings: put back


def https_by_default(hub, alice):
    """On an address other machines reach, class.sh serves HTTPS unless told otherwise. A test
    listens on 127.0.0.1 only, so `--https` asks there for what such an address gets: a
    certificate made for this machine, its fingerprint printed for the teacher to check, the
    login in Chromium over HTTPS, and plain HTTP on that port refused."""
    from jupyterlab_test import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    plain = hub.url
    hub.stop()
    hub.options = ["--https"]
    hub.url = plain.replace("http://", "https://", 1)
    hub.start()
    made, key = CLASS_HOME / "hub" / "tls" / "hub.crt", CLASS_HOME / "hub" / "tls" / "hub.key"
    der = ssl.PEM_cert_to_DER_cert(made.read_text()) if made.exists() else b""
    fingerprint = ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())
    log = (CLASS_HOME / "hub-test.log").read_text()
    check(der and f"fingerprint is {fingerprint}" in log,
          f"class.sh --https made a certificate for this machine and printed its SHA-256 fingerprint ({fingerprint[:17]}...)")
    served = ssl.get_server_certificate(("127.0.0.1", hub.port))
    check(ssl.PEM_cert_to_DER_cert(served) == der, "... the hub serves that certificate")
    check(key.exists() and key.stat().st_mode & 0o077 == 0, "... and its key is for root's eyes only")
    try:
        answer = requests.get(f"{plain}/hub/login?next=%2Fhub%2Fhome", timeout=10, allow_redirects=False)
        said = f"HTTP {answer.status_code} to {answer.headers.get('Location')}"
        moved = answer.status_code == 301 and answer.headers.get("Location") == f"{hub.url}/hub/login?next=%2Fhub%2Fhome"
        plain_form = "username_input" in answer.text
    except requests.RequestException as error:
        said, moved, plain_form = type(error).__name__, False, False
    check(moved and not plain_form,
          f"http:// on the hub's port is redirected to https:// on the same port, and never serves the login form "
          f"in clear ({said})")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        try:
            # The teacher checked the fingerprint and told the browser to trust the certificate.
            page = browser.new_context(ignore_https_errors=True).new_page()
            page.goto(f"{hub.url}/hub/login?next=/hub/home", timeout=120_000)
            page.fill("#username_input", alice.name)
            page.fill("#password_input", alice.password)
            page.click("#login_submit")
            page.wait_for_url("**/hub/home", timeout=120_000)
            logged_in = page.url.startswith("https://") and page.locator("#username_input").count() == 0
            check(logged_in and alice.name in page.content(),
                  f"a student logs in over HTTPS in Chromium ({page.url})")
        finally:
            browser.close()

    # Issue 55: the class keeps its settings. The README's "run it again with the longer list",
    # and nothing else: the running hub gets the student and stays on HTTPS; stopped, it comes
    # back on HTTPS with the same idle time.
    hub.options = []
    hub.students = STUDENTS + [LATECOMER]
    again = subprocess.run(hub.command(), env=hub.env(), capture_output=True, text=True, timeout=600)
    said = again.stdout + again.stderr
    still = ssl.PEM_cert_to_DER_cert(ssl.get_server_certificate(("127.0.0.1", hub.port)))
    check(again.returncode == 0 and "runs already" in said and "Settings changed" not in said and still == der
          and (CLASS_HOME / "hub" / "url").read_text().startswith("https://"),
          f"class.sh with only a longer list, the hub running: the student is added, nothing restarts, and HTTPS "
          f"stays ({said.strip()[-160:]!r})")
    hub.stop()
    hub.start()
    log = (CLASS_HOME / "hub-test.log").read_bytes()[hub.log_start:].decode(errors="replace")
    served = ssl.PEM_cert_to_DER_cert(ssl.get_server_certificate(("127.0.0.1", hub.port)))
    env = (CLASS_HOME / "hub" / "hub.env").read_text()
    check(served == der and "Settings changed" not in log and 'MAGIC_CLASS_IDLE_SECONDS="3600"' in env
          and LATECOMER in subprocess.run([str(ROOT / "scripts" / "class.sh"), "students"], env=hub.env(),
                                          capture_output=True, text=True).stdout,
          "... and the hub stopped, the same command starts it again on HTTPS, with the same certificate and idle "
          "time, the student in the class")
