"""Tests a hub of several classes and teachers (issue 41), started with scripts/class.sh on
127.0.0.1 without containers (each server runs as the student's own system user; what is checked
here is who reaches whom, which is the same with containers):

- class 7B (mt-alice, mt-bob) taught by mt-tess, class 8C (mt-carol) taught by mt-uma, and
  mt-head, a teacher given no class, who looks after the whole hub (no admin of it: issue 69);
- a teacher of one class cannot list, see, start, stop or open the students of another, through
  the hub's API or its pages, with their token or their browser's login, nor see, open, start
  over, give a new password to, take out, collect, add to or warm them from the class page;
  nor change what acts on the whole hub (the hub's timetable, the course's lessons) or on another
  class (its timetable); a teacher's own class's timetable warms that class only;
- without a login nobody gets anything, and a student's token reaches neither the class page nor
  a classmate;
- the whole hub's teacher sees every class, and opens no student's server (nor does any teacher:
  a student's server is on the hub's origin, and serves what she likes);
- a teacher given a second class while the hub runs reaches it at once;
- a teacher's own class's timetable warms that class only;
- a school's login (OpenID Connect, oidc-provider-mock) and its LMS (LTI 1.3, lti1p3platform's
  platform: scripts/lti_platform.py): logins in Chromium, who is who from claims and roles,
  refused launches, the class list from the LMS, a checked exercise's score to its gradebook
  (waiting while it is down), lessons added by deep linking, and the class's own passwords
  beside the LMS.

    sudo .venv/bin/python scripts/school_test.py     (the test command runs it, after class_test.py)

It uses the class test's CLASS_HOME (/srv/magic-tictactoe-test) and its own accounts (mt-*),
and leaves no hub, server or account behind.
"""

import datetime
import html
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from urllib.parse import urljoin

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_harness import (DEFAULTS, ClassServer, IsolatedDocker, forget, free_port, fresh_hub, machine_docker,  # noqa: E402
                           remove_accounts, stop_docker, student_images, until_ready)
from hubclient import Student, ready  # noqa: E402
from checks import check, finish  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CLASS_HOME = Path(os.environ.get("CLASS_TEST_HOME", "/srv/magic-tictactoe-test"))
SEVEN_B, EIGHT_C = ["mt-alice", "mt-bob"], ["mt-carol"]
TESS, UMA, HEAD = "mt-tess", "mt-uma", "mt-head"
EVERYONE = SEVEN_B + EIGHT_C + [TESS, UMA, HEAD]
PAGE = "/services/class"
NOTEBOOK = "notebooks/03-pick-15.ipynb"



def fresh():
    """A run starts with no roster, hub database or page log of an earlier one."""
    fresh_hub(CLASS_HOME)
    remove_accounts(EVERYONE)


def class_sh(hub, *args):
    return subprocess.run([str(ROOT / "scripts" / "class.sh"), *args], env=hub.env(), capture_output=True, text=True)


def listed(person):
    answer = person.api("GET", "/hub/api/users")
    return answer.status_code, sorted(u["name"] for u in answer.json()) if answer.status_code == 200 else []


def page_rows(person):
    answer = person.api("GET", f"{PAGE}/table")
    return sorted(set(re.findall(r'<tr data-login="([a-z0-9-]+)"', answer.text))) \
        if answer.status_code == 200 else answer.status_code


def running(hub, name, head):
    return ready(head.api("GET", f"/hub/api/users/{name}").json())


def hub_api(teacher, own, other):
    """Endpoint by endpoint, the hub's API with the teacher's token: their own students yes,
    another class's no."""
    status, names = listed(teacher)
    check(status == 200 and set(own) <= set(names) and not set(names) & set(other),
          f"{teacher.name}'s token lists their class and nobody of another ({names})")
    for method, path, ok_mine in (("GET", "/hub/api/users/{}", (200,)),
                                  ("POST", "/hub/api/users/{}/server", (201, 202, 400)),
                                  ("DELETE", "/hub/api/users/{}/server", (202, 204, 400)),
                                  ("POST", "/hub/api/users/{}/tokens", (403,)),
                                  ("DELETE", "/hub/api/users/{}", (403,)),
                                  ("PATCH", "/hub/api/users/{}", (403,))):
        theirs = teacher.api(method, path.format(other[0]), json={} if method in ("POST", "PATCH") else None)
        check(theirs.status_code in (403, 404),
              f"... {method} {path.format(other[0])} refuses them (HTTP {theirs.status_code})")
    group = "8c" if other[0] in EIGHT_C else "7b"
    answer = teacher.api("GET", f"/hub/api/groups/{group}")
    check(answer.status_code in (403, 404), f"... nor may they read the group {group} (HTTP {answer.status_code})")
    answer = teacher.api("POST", f"/hub/api/groups/{group}/users", json={"users": [teacher.name]})
    check(answer.status_code in (403, 404), f"... nor join it (HTTP {answer.status_code})")
    mine = teacher.api("GET", f"/hub/api/users/{own[0]}")
    check(mine.status_code == 200, f"... and reads their own student {own[0]} (HTTP {mine.status_code})")


def servers(hub, teacher, own, other, head):
    """The teacher starts their student's server, and cannot open it (issue 69: what a student's
    server serves is hers, on the hub's origin); another class's, started by its own student,
    they cannot open either, with their token or through their browser's login."""
    started = teacher.api("POST", f"/hub/api/users/{own}/server")
    check(started.status_code in (201, 202), f"{teacher.name} starts {own}'s server (HTTP {started.status_code})")
    until_ready(f"{own}'s server", lambda: running(hub, own, head))
    files = teacher.api("GET", f"/user/{own}/api/contents", allow_redirects=False)
    check(files.status_code in (403, 404), f"... and cannot open it with their token (HTTP {files.status_code})")
    lab = teacher.session.get(f"{hub.url}/user/{own}/lab", timeout=60)
    check(lab.status_code == 403 and "/hub/" in lab.url,
          f"... nor with their browser's login, which the hub refuses (HTTP {lab.status_code} at {lab.url.split('?')[0]})")
    stranger = hub.student(other)
    stranger.log_in()
    stranger.start_server()
    theirs = teacher.api("GET", f"/user/{other}/api/contents", allow_redirects=False)
    check(theirs.status_code in (403, 404), f"... {other}'s server, running, refuses their token (HTTP {theirs.status_code})")
    browser = teacher.session.get(f"{hub.url}/user/{other}/lab", timeout=60)
    check(browser.status_code == 403 and "/hub/" in browser.url,
          f"... nor their browser's login, which the hub refuses (HTTP {browser.status_code} at {browser.url.split('?')[0]})")
    spawn = teacher.session.get(f"{hub.url}/hub/spawn/{other}", allow_redirects=False, timeout=60)
    check(spawn.status_code in (403, 404), f"... nor can they start it from the hub's spawn page (HTTP {spawn.status_code})")
    stop = teacher.api("DELETE", f"/hub/api/users/{other}/server")
    check(stop.status_code in (403, 404) and running(hub, other, head),
          f"... nor stop it (HTTP {stop.status_code}; it runs on)")
    return stranger


def class_page(hub, teacher, own, other, other_student):
    """The class page, endpoint by endpoint, with the teacher's token."""
    rows = page_rows(teacher)
    check(rows == sorted(own), f"{teacher.name}'s class page shows their class only ({rows})")
    whole = teacher.api("GET", f"{PAGE}/")
    check(whole.status_code == 200 and other_student.name not in whole.text and all(s in whole.text for s in own),
          f"... and so does the whole page, with its forms (HTTP {whole.status_code})")
    csv_ = teacher.api("GET", f"{PAGE}/progress.csv")
    check(csv_.status_code == 200 and other_student.name not in csv_.text and own[0] in csv_.text,
          "... and its CSV")
    slips = teacher.api("GET", f"{PAGE}/slips")
    check(slips.status_code == 200 and other_student.name not in slips.text and own[0] in slips.text,
          "... and the first passwords to print, their students' only")
    for method, path, data in (("GET", f"help/{other_student.name}", None),
                               ("POST", "start-over", {"student": other_student.name, "what": f"{NOTEBOOK}|"}),
                               ("POST", "students/password", {"login": other_student.name}),
                               ("POST", "students/remove", {"login": other_student.name, "sure": "yes"})):
        answer = teacher.api(method, f"{PAGE}/{path}", data=data, allow_redirects=False)
        check(answer.status_code == 404, f"... {method} {path} of {other_student.name} is refused (HTTP {answer.status_code})")
    answer = teacher.api("POST", f"{PAGE}/collect", data={"notebook": NOTEBOOK}, allow_redirects=False)
    names = []
    if answer.headers.get("Content-Type") == "application/zip":
        with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
            names = sorted(n.split("/", 1)[1] for n in archive.namelist() if n.endswith(".ipynb"))
    check(names and all(n[:-6] in own for n in names),
          f"... collect gathers their students' notebooks only ({names}: {answer.headers.get('X-Collected')!r})")
    answer = teacher.api("POST", f"{PAGE}/students/add", data={"names": "Someone New", "klass": other},
                         allow_redirects=False)
    check(answer.status_code == 302 and "Nobody was added" in requests.utils.unquote(answer.headers.get("Location", ""))
          .replace("+", " "),
          f"... adding a student to {other} is refused in a sentence")
    for path, data in (("timetable", {"lessons": "Mon 09:00"}), ("update", {})):
        answer = teacher.api("POST", f"{PAGE}/{path}", data=data, allow_redirects=False)
        check(answer.status_code == 403, f"... {path}, which acts on every class, is the admin's (HTTP {answer.status_code})")
    answer = teacher.api("POST", f"{PAGE}/timetable", data={"lessons": "Mon 09:00", "klass": other}, allow_redirects=False)
    check(answer.status_code == 404 and not (CLASS_HOME / "hub" / f"timetable-{other.lower()}.txt").exists(),
          f"... nor is {other}'s timetable theirs to set (HTTP {answer.status_code})")


def class_timetable(teacher, klass, own, other):
    """A teacher keeps their class's timetable: a lesson due now warms that class only."""
    start = (datetime.datetime.now() + datetime.timedelta(minutes=10)).replace(second=0, microsecond=0)
    lesson = f"daily {start:%H:%M}"
    answer = teacher.api("POST", f"{PAGE}/timetable", data={"lessons": lesson, "klass": klass}, allow_redirects=False)
    check(answer.status_code == 302 and (CLASS_HOME / "hub" / f"timetable-{klass.lower()}.txt").exists(),
          f"{teacher.name} keeps {klass}'s own timetable from the class page ({lesson}; HTTP {answer.status_code})")
    log = CLASS_HOME / "hub" / f"warm-{klass.lower()}.log"
    done = until_ready(f"{klass}'s warm-up", lambda: log.exists() and " students warm in " in log.read_text(), limit=300)
    said = log.read_text() if log.exists() else ""
    check(done and f"the timetable of {klass.lower()}" in said and all(s in said for s in own) and other not in said,
          f"... and its lesson, due now, warms {klass}'s students, and nobody of another class "
          f"({[line for line in said.splitlines() if line.startswith('==>')]})")
    page = teacher.api("GET", f"{PAGE}/")
    check(f"warm-up: the timetable of {klass.lower()}" in page.text,
          f"... and {teacher.name}'s page says so under 'Last warm-up'")


def nobody_else(hub, student):
    anonymous = requests.get(f"{hub.url}{PAGE}/table", allow_redirects=False, timeout=30)
    check(anonymous.status_code in (302, 403), f"without a login, the class page gives nothing (HTTP {anonymous.status_code})")
    anonymous = requests.get(f"{hub.url}/hub/api/users", timeout=30)
    check(anonymous.status_code == 403, f"... nor the hub's list of users (HTTP {anonymous.status_code})")
    answer = student.api("GET", f"{PAGE}/table", allow_redirects=False)
    check(answer.status_code in (302, 403), f"a student's token does not reach the class page (HTTP {answer.status_code})")


# The school's login, as its identity provider has it: each login's claims.
SCHOOL = {
    "olive@school.example": {"preferred_username": "mt-olive", "email": "olive@school.example", "groups": ["7B"]},
    "pete@school.example": {"preferred_username": "mt-pete", "email": "pete@school.example", "groups": ["8C"]},
    "tom@school.example": {"preferred_username": "mt-tom", "email": "tom@school.example",
                           "groups": ["teachers-of-7B", "staff"]},
    "boss@school.example": {"preferred_username": "mt-boss", "email": "boss@school.example", "groups": ["class-admins"]},
    "cook@school.example": {"preferred_username": "mt-cook", "email": "cook@school.example", "groups": ["staff"]},
    "odd@school.example": {"preferred_username": "Odd.One", "email": "odd@school.example", "groups": ["7B"]},
    # Who would be someone else (issue 54): the same local part on another domain (a teacher of
    # 8C), a pupil who chose a teacher's name, an e-mail nobody verified, a group in another case.
    "ada@school.example": {"preferred_username": "mt-ada", "email": "mt-ada@school.example", "groups": ["7B"]},
    "ada@staff.example": {"email": "mt-ada@staff.example", "email_verified": True, "groups": ["teachers-of-8C"]},
    "sly@school.example": {"preferred_username": "mt-tom", "email": "sly@school.example", "groups": ["7B"]},
    "mal@mail.example": {"email": "mt-tom@mail.example", "email_verified": False, "groups": ["7B"]},
    "case@school.example": {"preferred_username": "mt-case", "groups": [" CLASS-ADMINS ", "Class-Admins", "7B"]},
}
SCHOOL_LOGINS = ["mt-olive", "mt-pete", "mt-tom", "mt-boss", "mt-cook", "odd-one", "mt-ada", "mt-ada-2",
                 "mt-tom-2", "mt-case"]
# A provider shaped like Microsoft Entra: no preferred_username, names as "first.last", every
# claim (groups among them) in the ID token only.
ENTRA = {
    "entra-pupil-oid": {"upn": "olga.pupil@school.example", "name": "Olga Pupil", "groups": ["7B"]},
    "entra-teacher-oid": {"upn": "ted.teacher@school.example", "name": "Ted Teacher", "groups": ["teachers-of-7B"]},
}
ENTRA_LOGINS = ["olga-pupil", "ted-teacher"]


class Provider:
    """The school's OpenID Connect provider on 127.0.0.1 (scripts/oidc_provider.py): with users,
    keeping a session per browser as real ones do; `claims` says where it puts them."""

    def __init__(self, users, claims="userinfo"):
        self.port = free_port()
        self.issuer = f"http://127.0.0.1:{self.port}"
        self.log = open(CLASS_HOME / f"oidc-provider-{claims}.log", "w")
        self.process = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "oidc_provider.py"), "--port",
                                         str(self.port), "--claims", claims], stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        try:
            until_ready("the school's provider", lambda: requests.get(
                f"{self.issuer}/.well-known/openid-configuration", timeout=5).ok, 60)
            for sub, claims_of in users.items():
                requests.put(f"{self.issuer}/users/{requests.utils.quote(sub)}", json=claims_of,
                             timeout=30).raise_for_status()
        except BaseException:
            self.stop()
            raise

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def oidc_hub(provider, *options):
    """A class of 7B and 8C whose login is `provider`'s, started (class.sh --oidc, and options);
    `hub.provider` is the provider."""
    secret = CLASS_HOME / "oidc-test-secret.txt"
    secret.write_text("a-client-secret-for-the-test\n")
    secret.chmod(0o600)
    fresh()
    hub = ClassServer(CLASS_HOME, [], containers=True, options=[
        "--oidc", provider.issuer, "--oidc-client", "magic-tictactoe", "--oidc-secret", str(secret),
        "--classes", "7B, 8C", *options])
    hub.start(limit=180)
    # The post-logout address the docs tell the school to register: the provider refuses others.
    public = (CLASS_HOME / "hub" / "public-url").read_text().strip()
    requests.put(f"{provider.issuer}/logout-uri", json={"uri": f"{public}/hub/login"}, timeout=30).raise_for_status()
    hub.provider = provider
    return hub


def provider_login(hub, sub, session=None):
    """A login through the school's provider with requests, as a browser's redirects go (with the
    browser's `session`, if given), stopping at the hub's answer to the provider (so no server is
    started): (session, that answer). A provider that remembers the browser asks nothing."""
    session = session or requests.Session()
    form = session.get(f"{hub.url}/hub/oauth_login", timeout=60, allow_redirects=False)
    while form.status_code in (302, 303) and "/hub/oauth_callback" not in form.headers.get("Location", ""):
        form = session.get(form.headers["Location"], timeout=60, allow_redirects=False)
    if form.status_code in (302, 303):  # straight through: the provider remembered someone
        back = form
    else:
        back = session.post(form.url, data={"sub": sub}, allow_redirects=False, timeout=60)
    answer = session.get(back.headers.get("Location", ""), allow_redirects=False, timeout=120) \
        if back.status_code in (302, 303) else back
    return session, answer


def who(session, hub):
    """The hub user a browser's session is logged in as, or None."""
    answer = session.get(f"{hub.url}/hub/api/user", timeout=30, headers={"Referer": f"{hub.url}/hub/home"})
    return answer.json().get("name") if answer.status_code == 200 else None


def in_chromium(start, wait_for, sub=None, limit=300):
    """Opens `start` in Chromium, signs `sub` in through the school's provider's own form when the
    page asks (the hub's login page, then the provider's), and waits for `wait_for` (a CSS
    selector) on the page it ends on: (its URL, its text). An LMS's launch link needs no `sub`."""
    from jupyterlab_test import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.goto(start, timeout=limit * 1000)
            if sub:
                if "/hub/login" in page.url:
                    page.get_by_role("button", name=re.compile("school's login")).click()
                page.get_by_placeholder("sub").fill(sub)
                page.get_by_role("button", name="Authorize").click()
            page.wait_for_selector(wait_for, timeout=limit * 1000)
            return page.url, page.inner_text("body")
        finally:
            browser.close()


def school_login():
    """The school's own login (OpenID Connect, a provider on 127.0.0.1 standing for Google's,
    Microsoft's or the school's), with students in containers: who gets in, and as whom."""
    print("A school's own login (OpenID Connect), students in containers:", flush=True)
    provider, hub = Provider(SCHOOL), None
    try:
        hub = oidc_hub(provider)
        url, text = in_chromium(f"{hub.url}/hub/login", ".jp-Notebook", "olive@school.example")
        check("/user/mt-olive/lab" in url and "01" in text,
              f"a pupil logs in through the school's login in Chromium and reaches notebook 01 ({url.split('?')[0]})")
        session, answer = provider_login(hub, "pete@school.example")
        check(answer.status_code in (302, 303), f"a pupil of 8C logs in too (HTTP {answer.status_code})")
        url, text = in_chromium(f"{hub.url}/services/class/", "#table", "tom@school.example")
        check("/services/class/" in url and "mt-olive" in text and "mt-pete" not in text and "7b" in text.lower(),
              f"a teacher (teachers-of-7B in the login's groups) logs in in Chromium and their class page shows 7B's "
              f"pupil and not 8C's ({url.split('?')[0]})")
        _, answer = provider_login(hub, "cook@school.example")
        check(answer.status_code == 403 and "none of the classes of this server" in answer.text,
              f"someone of the school in no class here is refused, and the page says why (HTTP {answer.status_code})")
        odd, answer = provider_login(hub, "odd@school.example")
        check(answer.status_code in (302, 303) and who(odd, hub) == "odd-one",
              f"a name as schools write them (Odd.One) is made a login name (odd-one) (HTTP {answer.status_code})")
        boss, answer = provider_login(hub, "boss@school.example")
        users = boss.get(f"{hub.url}/hub/admin", timeout=60)
        check(answer.status_code in (302, 303) and users.status_code == 200,
              f"the school's class-admins are the hub's admins (its admin page: HTTP {users.status_code})")
        groups = sqlite_groups()
        check(groups.get("mt-olive") == ["7b"] and groups.get("mt-tom") == ["teachers-of-7b"]
              and groups.get("mt-pete") == ["8c"],
              f"each login's classes come from its groups claim, the classes set up here only ({groups})")
        impersonations(hub)
        tom = Student(hub.url, "mt-tom", None)
        tom.session, _ = provider_login(hub, "tom@school.example")
        tom.take_token()
        class_work(hub, ["mt-olive", "mt-pete"], "the school login", tom, ["mt-olive"], ["mt-pete"])
        kept_settings(hub, provider)
    finally:
        if hub:
            hub.stop()
        provider.stop()
        forget(SCHOOL_LOGINS)


def kept_settings(hub, provider):
    """The class keeps its settings (issue 55): a class added with --classes alone, the school's
    login's other flags left out, while the hub runs in another terminal, is kept for its next
    start, with a sentence; the hub stopped, class.sh with no option of the login's starts it with
    the same login, its secret and the new class."""
    refused = class_sh(hub, "--classes", "7B, 8C, 9D")
    env = (CLASS_HOME / "hub" / "hub.env").read_text()
    kept = json.loads((CLASS_HOME / "hub" / "settings.json").read_text())
    check(refused.returncode == 1 and "runs already" in refused.stderr and "kept for when it starts again" in refused.stderr
          and "9d" not in env and kept["classes"] == "7B, 8C, 9D" and kept["oidc"] == provider.issuer,
          f"class.sh --classes alone, the hub running in another terminal: the new class is kept for its next start, "
          f"the login's settings with it, and the running hub is left alone ({refused.stderr.strip()[-160:]!r})")
    hub.stop()
    hub.options = []
    hub.start(limit=180)
    said = (CLASS_HOME / "hub-test.log").read_bytes()[hub.log_start:].decode(errors="replace")
    env = (CLASS_HOME / "hub" / "hub.env").read_text()
    login = requests.get(f"{hub.url}/hub/oauth_login", timeout=60, allow_redirects=False)
    _, answer = provider_login(hub, "olive@school.example")
    check("Settings changed" not in said and f'MAGIC_CLASS_OIDC_ISSUER="{provider.issuer}"' in env and "9d" in env
          and login.status_code == 302 and login.headers["Location"].startswith(provider.issuer)
          and answer.status_code in (302, 303),
          f"... and with the hub stopped, class.sh with none of the login's options starts it with the school's login, "
          f"its secret and 9D (HTTP {login.status_code}, {answer.status_code})")


def class_work(hub, pupils, kind, teacher, theirs, others):
    """A school-login class is the hub's users, as a list's class is (issue 55): `class.sh warm`,
    `backup` and `restore` reach its pupils, who are in no class list, and their `teacher` (a
    Student with a token of their login's) collects a notebook from `theirs` on the class page,
    and from none of `others` (another class's)."""
    warmed = class_sh(hub, "warm", *pupils)
    check(warmed.returncode == 0 and f"{len(pupils)} of {len(pupils)} students warm" in warmed.stdout,
          f"class.sh warm {' '.join(pupils)}: {kind}'s pupils are warmed ({warmed.stdout.strip()[-100:]!r} "
          f"{warmed.stderr.strip()[-200:]!r})")
    notebook = "notebooks/01-magic-square.ipynb"
    answer = teacher.api("POST", f"{PAGE}/collect", data={"notebook": notebook}, allow_redirects=False)
    names = []
    if answer.headers.get("Content-Type") == "application/zip":
        with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
            names = sorted(n.split("/", 1)[1][:-len(".ipynb")] for n in archive.namelist() if n.endswith(".ipynb"))
    check(set(theirs) <= set(names) and not set(names) & set(others),
          f"{teacher.name} collects notebook 01 from {kind}'s pupils of their class, and another class's not, on the "
          f"class page ({names}, HTTP {answer.status_code})")
    first, home = pupils[0], DEFAULTS["STUDENT_HOME"]

    def write(text):  # as the pupil does in her container
        subprocess.run(["docker", "exec", "-u", DEFAULTS["STUDENT_UID"], f"magic-tictactoe-{first}", "sh", "-c",
                        f'printf "%s" "$1" > {home}/magic-tictactoe/notes.txt', "-", text], check=True)
    write("before the backup")
    made = class_sh(hub, "backup")
    archive = Path(made.stdout.strip().splitlines()[-1]) if made.stdout.strip() else Path("/nonexistent")
    members = subprocess.run(["tar", "-tzf", str(archive)], capture_output=True, text=True).stdout.split("\n") \
        if archive.exists() else []
    wanted = [f"work/{name}/volume/magic-tictactoe/" for name in pupils] + [f"work/{first}/volume/magic-tictactoe/notes.txt"]
    counted = re.search(r"the work of (\d+) (?:person|people)", made.stderr)
    check(made.returncode == 0 and not [w for w in wanted if w not in members]
          and counted and int(counted.group(1)) >= len(pupils),
          f"class.sh backup takes {kind}'s pupils' work ({counted.group(0) if counted else made.stderr.strip()[-200:]!r}; "
          f"missing: {[w for w in wanted if w not in members]})")
    write("newer, after the backup")
    restored = class_sh(hub, "restore", str(archive), first)
    volume = subprocess.run(["docker", "volume", "inspect", "--format", "{{.Mountpoint}}", f"magic-tictactoe-{first}"],
                            capture_output=True, text=True).stdout.strip()
    folder = Path(volume) / "magic-tictactoe"
    now = (folder / "notes.txt").read_text() if (folder / "notes.txt").exists() else ""
    kept = [f.read_text() for f in folder.glob("notes (before the restore *).txt")] if volume else []
    check(restored.returncode == 0 and now == "before the backup" and kept == ["newer, after the backup"],
          f"class.sh restore {first} brings {kind}'s pupil's work back as it was, her newer file kept beside it "
          f"({now!r}, {kept}) {restored.stderr.strip()[-200:] if restored.returncode else ''}")
    archive.unlink(missing_ok=True)


def impersonations(hub):
    """Issue 54: a school's login is the provider's issuer and subject, never a name. Each way of
    becoming someone else the hub allowed, tried with only what that person has."""
    ada, _ = provider_login(hub, "ada@school.example")
    staff, _ = provider_login(hub, "ada@staff.example")
    groups = sqlite_groups()
    check(who(ada, hub) == "mt-ada" and who(staff, hub) == "mt-ada-2" and groups.get("mt-ada") == ["7b"]
          and groups.get("mt-ada-2") == ["teachers-of-8c"],
          f"the same local part on another domain (another subject) is another hub user: the pupil stays mt-ada, a "
          f"pupil of 7B, and the staff login is {who(staff, hub)} ({groups.get('mt-ada')}, {groups.get('mt-ada-2')})")
    sly, _ = provider_login(hub, "sly@school.example")
    check(who(sly, hub) == "mt-tom-2" and sqlite_groups().get("mt-tom") == ["teachers-of-7b"],
          f"a pupil whose preferred_username is the teacher's name is not the teacher: they are {who(sly, hub)}, and "
          f"mt-tom's groups are as they were")
    theirs = sly.get(f"{hub.url}/user/mt-tom/api/contents", timeout=30)
    check(theirs.status_code in (302, 403, 404), f"... and reach no server of the teacher's (HTTP {theirs.status_code})")
    mal, answer = provider_login(hub, "mal@mail.example")
    check(answer.status_code == 403 and who(mal, hub) is None and "verified" in answer.text,
          f"an e-mail the provider did not verify names nobody: refused, and the page says why (HTTP {answer.status_code})")
    case, _ = provider_login(hub, "case@school.example")
    admin = case.get(f"{hub.url}/hub/admin", timeout=60, allow_redirects=False)
    check(who(case, hub) == "mt-case" and admin.status_code == 403,
          f"a group named like class-admins in another case or with spaces makes no admin (admin page: HTTP "
          f"{admin.status_code})")
    # A shared school computer: ada logs out, and the next pupil signs in at the same browser.
    computer, _ = provider_login(hub, "ada@school.example")
    out = computer.get(f"{hub.url}/hub/logout", timeout=60)
    ended = None
    form = re.search(r'action="([^"]+)"', out.text)
    if form and "end_session" in form.group(1):  # the provider asks to confirm, as Keycloak does
        fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', out.text))
        ended = computer.post(urljoin(out.url, form.group(1)), data=fields, timeout=60)
    nxt = computer.get(f"{hub.url}/hub/oauth_login", timeout=60)
    check(ended is not None and 'name="sub"' in nxt.text and who(computer, hub) is None,
          "on a shared computer, logging out ends the provider's session too: the next pupil's sign-in meets the "
          f"provider's form, not the last pupil's notebook ({nxt.url.split('?')[0]})")
    # Issue 69, 10: a pupil who logs out of the hub and walks away from the provider's question
    # ("sign out?") leaves her session at the provider; the next pupil still meets the form.
    computer, _ = provider_login(hub, "ada@school.example")
    out = computer.get(f"{hub.url}/hub/logout", timeout=60)
    nxt = computer.get(f"{hub.url}/hub/oauth_login", timeout=60)
    check(out.status_code == 200 and "post_logout_redirect_uri not registered" not in out.text
          and 'name="sub"' in nxt.text and who(computer, hub) is None,
          "... and when she walks away from the provider's question, the next pupil's sign-in still asks for a "
          f"password (prompt=login), at a provider that refuses unregistered logout addresses (HTTP {out.status_code})")
    forged_id_tokens(hub, "ada@school.example", ("other-sub", "wrong-iss", "other-key", "alg-none"))


def forged_id_tokens(hub, sub, kinds):
    """Issue 69, 10: ID tokens were not checked (with --oidc-claims id_token an unsigned one naming
    class-admins made an admin), and a user info's `sub` other than the ID token's was believed.
    The provider sends each forged token in turn: each sign-in is refused by the hub's check, in
    a sentence, nobody is made or signed in, and the page shows no token."""
    from classadmin.homes import hub_users

    def users():
        return hub_users(CLASS_HOME / "hub")

    before = users()
    for kind in kinds:
        requests.put(f"{hub.provider.issuer}/forge", json={"kind": kind}, timeout=30).raise_for_status()
        session, answer = provider_login(hub, sub)
        shown = answer.text or ""
        said = re.sub(r"<[^>]+>|\s+", " ", shown)[-160:].strip()
        # The hub's own refusal of this token (a 403 that says why), not any other failure on the way.
        refused = answer.status_code == 403 and ("does not check out" in shown or "another in its user info" in shown)
        check(refused and who(session, hub) is None and "eyJ" not in shown and users() <= before,
              f"a sign-in whose ID token is forged ({kind}) is refused, nobody is signed in or made, and the page shows "
              f"no token (HTTP {answer.status_code}: {said!r})")


def school_login_entra():
    """A provider shaped like Microsoft Entra: names as "first.last", no preferred_username, and
    the groups in the ID token only (class.sh --oidc-claims id_token --oidc-username-claim upn)."""
    print("A school's own login shaped like Microsoft Entra:", flush=True)
    provider, hub = Provider(ENTRA, claims="id_token"), None
    try:
        hub = oidc_hub(provider, "--oidc-claims", "id_token", "--oidc-username-claim", "upn")
        pupil, answer = provider_login(hub, "entra-pupil-oid")
        teacher, _ = provider_login(hub, "entra-teacher-oid")
        page = teacher.get(f"{hub.url}{PAGE}/", timeout=120)
        groups = sqlite_groups()
        check(answer.status_code in (302, 303) and who(pupil, hub) == "olga-pupil" and groups.get("olga-pupil") == ["7b"]
              and who(teacher, hub) == "ted-teacher" and groups.get("ted-teacher") == ["teachers-of-7b"],
              f"an Entra-shaped provider's pupil and teacher get in, named from their upn, their classes from the ID "
              f"token's groups ({groups})")
        check(page.status_code == 200 and "olga-pupil" in page.text,
              f"... and the teacher's class page shows the pupil (HTTP {page.status_code})")
        forged_id_tokens(hub, "entra-pupil-oid", ("wrong-iss", "future-nbf", "alg-none", "other-key"))
    finally:
        if hub:
            hub.stop()
        provider.stop()
        forget(ENTRA_LOGINS)


def lms_launch(start, follow_form=True):
    """A launch with requests, as a browser's redirects go: the platform's form posts the id_token
    to the hub (follow_form), and the hub's answer to it comes back, with no server started."""
    session = requests.Session()
    form = session.get(start, timeout=60)
    if not follow_form:
        return session, form
    action = re.search(r'action="([^"]+)"', form.text)
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.text))
    if not action:
        return session, form
    answer = session.post(action.group(1).replace("&amp;", "&"), data=fields, allow_redirects=False, timeout=120)
    return session, answer


def school_lms():
    """The school's LMS (LTI 1.3, lti1p3platform's platform on 127.0.0.1 standing for Moodle's or
    Canvas's), with students in containers."""
    from lti_platform import ADMINISTRATOR, INSTRUCTOR, LEARNER, TEACHING_ASSISTANT, Platform, user_id
    print("A school's LMS (LTI 1.3), students in containers:", flush=True)
    hub = None
    port = free_port()
    try:
        with Platform(f"http://127.0.0.1:{port}") as lms:
            # The courses' class lists, as the LMS's names and roles service gives them: mt-noor
            # never launches anything.
            lms.members = {"7B": [("mt-ivan", "Ivan Petrov", [INSTRUCTOR]), ("mt-lena", "Lena Berg", [LEARNER]),
                                  ("mt-noor", "Noor Haddad", [LEARNER])],
                           "8C": [("mt-paul", "Paul Okafor", [LEARNER])]}
            fresh()
            # Logins named by a custom parameter (Moodle's username=$User.username), which the
            # LMS's class list gives too; the LMS's token URL turns on its class lists and scores.
            # And mt-tess, a teacher of 7B by the class's own password, beside the LMS.
            hub = ClassServer(CLASS_HOME, [], teacher=TESS, containers=True, port=port, options=[
                "--class", "7B",
                "--lti", lms.url, "--lti-client", "magic-tictactoe", "--lti-authorize", lms.authorize_url,
                "--lti-jwks", lms.jwks_url, "--lti-token", lms.token_url, "--lti-username", "custom_username",
                "--classes", "7B, 8C"])
            hub.start(limit=180)
            config = requests.get(f"{hub.url}/hub/lti13/config", timeout=30)
            check(config.status_code == 200 and "oauth_login" in config.text,
                  f"the hub gives the LMS its tool settings as JSON (HTTP {config.status_code})")
            keys = requests.get(f"{hub.url}{PAGE}/lti/jwks", timeout=30)
            check(keys.status_code == 200 and [k.get("alg") for k in keys.json()["keys"]] == ["RS256"]
                  and "d" not in keys.json()["keys"][0],
                  f"the class page gives the LMS the tool's public key, and only that (HTTP {keys.status_code})")
            url, text = in_chromium(lms.launch_url("mt-lena", [LEARNER], "7B"), ".jp-Notebook")
            check("/user/mt-lena/lab" in url, f"a Learner of 7B launches the lesson from the LMS in Chromium and reaches "
                                              f"notebook 01 ({url.split('?')[0]})")
            listed_in = until_ready("7B's class list from the LMS",
                                    lambda: sqlite_groups().get("mt-noor") == ["7b"] or None, limit=120)
            check(listed_in and sqlite_groups().get("mt-ivan") == ["teachers-of-7b"],
                  f"7B's class list comes from the LMS (names and roles) once a launch has named it: mt-noor, who "
                  f"never launched, is 7B's pupil, and its Instructor its teacher ({sqlite_groups()})")
            # The teacher's link in the LMS goes to the class page (no server of their own is started).
            url, text = in_chromium(lms.launch_url("mt-ivan", [INSTRUCTOR], "7B", target="/services/class/"), "#table")
            check("/services/class/" in url and "Lena Berg" in text and "Noor Haddad" in text and "Warm 7B now" in text,
                  f"an Instructor of 7B launches the class page's link in Chromium and it shows 7B's pupils by their "
                  f"names in the LMS, the one who never launched too, and the class as the LMS labels it "
                  f"({url.split('?')[0]})")
            tess = hub.student(TESS)
            tess.log_in()
            rows = page_rows(tess)
            check(rows == ["mt-lena", "mt-noor"],
                  f"beside the LMS, {TESS} logs in with the class's own password and her class page shows 7B's "
                  f"pupils from the LMS ({rows})")
            _, answer = lms_launch(lms.launch_url(TESS, [LEARNER], "7B"))
            groups = sqlite_groups()
            check(answer.status_code in (302, 303) and groups.get(TESS) == ["teachers-of-7b"]
                  and groups.get(f"{TESS}-2") == ["7b"],
                  f"a launch from the LMS naming {TESS}, a login of the class's own passwords, gets a login of its own "
                  f"({TESS}-2), never hers (HTTP {answer.status_code}; {TESS}: {groups.get(TESS)})")
            lms_scores(hub, lms, user_id("mt-lena"))
            ivan = Student(hub.url, "mt-ivan", None)
            ivan.session, _ = lms_launch(lms.launch_url("mt-ivan", [INSTRUCTOR], "7B", target="/services/class/"))
            ivan.take_token()
            class_work(hub, ["mt-lena"], "the LMS", ivan, ["mt-lena"], [])
            lms_lessons(hub, lms)
            for who, roles, course, why in (("mt-tara", [TEACHING_ASSISTANT], "7B", "a TeachingAssistant of 7B"),
                                            ("mt-paul", [LEARNER], "8C", "a Learner of 8C")):
                _, answer = lms_launch(lms.launch_url(who, roles, course))
                check(answer.status_code in (302, 303), f"{why} launches (HTTP {answer.status_code})")
            groups = sqlite_groups()
            check(groups.get("mt-lena") == ["7b"] and groups.get("mt-ivan") == ["teachers-of-7b"]
                  and groups.get("mt-tara") == ["teachers-of-7b"] and groups.get("mt-paul") == ["8c"],
                  f"each launch's course and roles make its classes: Learner a pupil, Instructor and TA a teacher ({groups})")
            for who, roles, course, why in (("mt-ada", [ADMINISTRATOR], "7B", "an LMS administrator who is no member of the course"),
                                            ("mt-eve", [LEARNER], "9Z", "a Learner of a course not set up here")):
                _, answer = lms_launch(lms.launch_url(who, roles, course))
                check(answer.status_code == 403, f"{why} is refused (HTTP {answer.status_code})")
            # Another course of the LMS, labelled 7B by its teacher: not the class 7B.
            lms.members["7B-other"] = [("mt-zoe", "Zoe Other", [INSTRUCTOR])]
            _, answer = lms_launch(lms.launch_url("mt-zoe", [INSTRUCTOR], "7B-other", label="7B"))
            launches = json.loads((CLASS_HOME / "hub" / "lms-launches.json").read_text())
            check(answer.status_code == 403 and "another course" in answer.text and "mt-zoe" not in sqlite_groups()
                  and launches["courses"]["7b"]["memberships"].endswith("/courses/7B/members"),
                  f"an Instructor of another course the LMS labels 7B is refused, saying why, and 7B's class list and "
                  f"gradebook stay the course's that launched first (HTTP {answer.status_code})")
            for fault, why in (("signature", "signed with another key"),
                               ("forged", "signed with another key under the platform's key id"), ("expired", "expired"),
                               ("audience", "for another tool (audience)")):
                lms.fault = fault
                _, answer = lms_launch(lms.launch_url("mt-mallory", [LEARNER], "7B"))
                lms.fault = None
                check(answer.status_code in (400, 401, 403) and "mt-mallory" not in sqlite_groups(),
                      f"a launch whose id_token is {why} is refused (HTTP {answer.status_code})")
            session, answer = lms_launch(lms.launch_url("mt-mallory", [LEARNER], "7B"))
            action, fields = lms.last_post
            again = requests.post(action, data=fields, allow_redirects=False, timeout=60)
            check(answer.status_code in (302, 303) and again.status_code in (400, 401, 403),
                  f"a launch's id_token posted again from another browser (a replay) is refused (HTTP {again.status_code})")
            again = session.post(action, data=fields, allow_redirects=False, timeout=60)
            check(again.status_code in (400, 401, 403),
                  f"... and from the same browser, once used (HTTP {again.status_code})")
    finally:
        if hub:
            hub.stop()
        forget(["mt-lena", "mt-ivan", "mt-tara", "mt-paul", "mt-mallory", "mt-noor", TESS, f"{TESS}-2"])


def lms_scores(hub, lms, lenas_id):
    """mt-lena checks exercise 2 of notebook 01 in her kernel while the LMS is down; her score
    waits on the class page, then reaches the LMS's gradebook under her own LMS id once it is up."""
    from lti_platform import INSTRUCTOR, LEARNER
    lms.down = True
    session, answer = lms_launch(lms.launch_url("mt-lena", [LEARNER], "7B"))
    lena = Student(hub.url, "mt-lena", None)
    lena.session = session
    lena.take_token()
    said = [text for _, text in sum(lena.run_cells([lena.notebook_cells()[0],
                                                    "Exercise::triples_containing(5).numbered(2).check(4).is_right()"]),
                                    [])]
    check(said[-1:] == ["true"], f"mt-lena, launched from the LMS, checks exercise 2 of notebook 01 right in her kernel "
                                 f"({said[-1:]})")
    teacher = Student(hub.url, "mt-ivan", None)
    teacher.session, _ = lms_launch(lms.launch_url("mt-ivan", [INSTRUCTOR], "7B", target="/services/class/"))
    teacher.take_token()
    waiting = until_ready("the score waiting", lambda: "waiting to go" in teacher.api("GET", f"{PAGE}/").text or None,
                          limit=90)
    check(waiting and not lms.scores,
          "with the LMS down, nothing reaches it and the class page shows her score waiting to go")
    lms.down = False
    until_ready("the score in the LMS", lambda: lms.scores or None, limit=90)
    course, item, score = lms.scores[0] if lms.scores else (None, None, {})
    item = next((i for i in lms.lineitems.get("7B", []) if i["id"] == item), {})
    check(len(lms.scores) == 1 and course == "7B" and score.get("userId") == lenas_id
          and score.get("scoreGiven") == 1 and score.get("scoreMaximum", 0) >= 2
          and item.get("resourceId") == "01-magic-square",
          f"once the LMS is back her score reaches the course's gradebook, once, under her own LMS id, on notebook 01's "
          f"line item ({len(lms.scores)} scores: {score}; line item {item.get('label')!r})")
    page = until_ready("the page's sent line", lambda: "sent" in teacher.api("GET", f"{PAGE}/").text.split(
        "Scores in the LMS")[-1] or None, limit=30)
    check(page, "... and the class page shows it sent")
    time.sleep(12)  # a round more (one every 10 s): nothing more goes while nothing changed
    check(len(lms.scores) == 1, f"a score the LMS took is not sent again while it stays the same ({len(lms.scores)})")


def lms_lessons(hub, lms):
    """Deep linking: the Instructor adds notebook 03 to the course from the LMS's editor, on the
    class page; the LMS gets a link to it with its line item, and a Learner's launch of that
    link opens notebook 03."""
    from lti_platform import INSTRUCTOR, LEARNER
    _, answer = lms_launch(lms.launch_url("mt-lena", [LEARNER], "7B", deep=True))
    check(answer.status_code == 403, f"a Learner's deep linking request (adding a lesson) is refused (HTTP {answer.status_code})")
    session, answer = lms_launch(lms.launch_url("mt-ivan", [INSTRUCTOR], "7B", deep=True))
    page = session.get(urljoin(hub.url, answer.headers.get("Location", "/")), timeout=60)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text)
    check(page.status_code == 200 and "Lessons for the LMS" in page.text and "03-pick-15" in page.text and xsrf,
          f"an Instructor's deep linking request lands on the class page's choice of lessons (HTTP {page.status_code})")
    back = session.post(urljoin(page.url, "pick"), data={"_xsrf": xsrf.group(1) if xsrf else "",
                                                         "notebook": "03-pick-15"}, timeout=60)
    action = re.search(r'action="([^"]+)"', back.text)
    signed = re.search(r'name="JWT" value="([^"]+)"', back.text)
    taken = session.post(html.unescape(action.group(1)), data={"JWT": signed.group(1)}, timeout=60) \
        if action and signed else None
    course, item = lms.links[0] if lms.links else (None, {})
    made = [i for i in lms.lineitems.get("7B", []) if i.get("resourceId") == "03-pick-15"]
    check(taken is not None and taken.status_code == 200 and len(lms.links) == 1 and course == "7B"
          and item.get("url", "").endswith("/hub/user-redirect/lab/tree/notebooks/03-pick-15.ipynb")
          and len(made) == 1 and made[0].get("scoreMaximum", 0) >= 1,
          f"... choosing notebook 03 sends the LMS, signed with the tool's key, a link to it and its gradebook "
          f"column ({item.get('url')}; {made})")
    again = session.get(urljoin(page.url, "pick"), timeout=60)
    check(again.status_code == 404, f"... and a choice goes back once (HTTP {again.status_code} after)")
    url, _ = in_chromium(lms.launch_url("mt-lena", [LEARNER], "7B", target=item.get("url", "")), ".jp-Notebook")
    check("/user/mt-lena/lab/tree/notebooks/03-pick-15.ipynb" in url,
          f"a Learner's launch of the new link opens notebook 03 in Chromium ({url.split('?')[0]})")


def sqlite_groups():
    """{login: [group]} from the hub's database."""
    import sqlite3
    with sqlite3.connect(CLASS_HOME / "hub" / "jupyterhub.sqlite") as db:
        rows = db.execute("select users.name, groups.name from users join user_group_map on users.id = "
                          "user_group_map.user_id join groups on groups.id = user_group_map.group_id").fetchall()
    found = {}
    for user, group in sorted(rows):
        found.setdefault(user, []).append(group)
    return found


def school_logins(which):
    """The school's login and its LMS, in one run of a Docker daemon of the test's own, in a
    network namespace of its own with the test inside it (class_harness.IsolatedDocker); the
    images come from the machine's Docker (started for them and stopped after, if this started
    it)."""
    machine_started = machine_docker()
    try:
        images = student_images(CLASS_HOME)
        with IsolatedDocker("mt-school-test", images):
            if machine_started:
                stop_docker()
            if "oidc" in which:
                school_login()
                school_login_entra()
            if "lti" in which:
                school_lms()
    finally:
        if machine_started:
            stop_docker()


def main():
    if os.getuid() != 0:
        sys.exit("school_test.py: run it as root: it makes accounts and starts a hub")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("school_test.py: stopped (SIGTERM)"))
    if os.environ.get("SCHOOL_TEST_ONLY") in ("oidc", "lti"):
        school_logins(os.environ["SCHOOL_TEST_ONLY"])
        finish("school")
    fresh()
    eight = ClassServer(CLASS_HOME, EIGHT_C, teacher=UMA, containers=False, options=["--class", "8C"])
    eight.set_up()
    hub = ClassServer(CLASS_HOME, SEVEN_B, teacher=TESS, containers=False, port=eight.port, options=["--class", "7B"])
    hub.set_up()
    said = class_sh(hub, "add", "Head Teacher", "--login", HEAD, "--teacher")
    check(said.returncode == 0 and "teacher of the whole hub" in said.stdout,
          f"a teacher given no class is the whole hub's ({said.stdout.strip()[:120]!r})")
    hub.start()
    try:
        tess, uma, head, alice, carol = (hub.student(n) for n in (TESS, UMA, HEAD, "mt-alice", "mt-carol"))
        for person in (tess, uma, head, alice, carol):
            person.log_in()
        status, names = listed(head)
        check(status == 200 and set(SEVEN_B + EIGHT_C) <= set(names), f"the whole hub's teacher lists every class ({names})")
        admin_page = head.session.get(f"{hub.url}/hub/admin", timeout=60, allow_redirects=False)
        check(admin_page.status_code == 403 and head.api("GET", f"/hub/api/users/{HEAD}").json().get("admin") is False,
              f"... and is no admin of the hub (its admin page: HTTP {admin_page.status_code})")
        hub_api(tess, SEVEN_B, EIGHT_C)
        hub_api(uma, EIGHT_C, SEVEN_B)
        carol = servers(hub, tess, "mt-alice", "mt-carol", head)
        class_page(hub, tess, SEVEN_B, "8C", carol)
        class_page(hub, uma, EIGHT_C, "7B", alice)
        class_timetable(tess, "7B", SEVEN_B, "mt-carol")
        nobody_else(hub, alice)
        rows = page_rows(head)
        check(rows == sorted(SEVEN_B + EIGHT_C), f"the whole hub's teacher's class page shows every class ({rows})")
        opened = head.api("GET", "/user/mt-carol/api/contents", allow_redirects=False)
        seen = head.api("GET", f"{PAGE}/help/mt-carol", allow_redirects=True)
        check(opened.status_code in (403, 404) and seen.status_code == 200
              and "sandbox" in seen.headers.get("Content-Security-Policy", ""),
              f"... sees any student's notebook there (HTTP {seen.status_code}), and opens no student's server "
              f"(HTTP {opened.status_code})")
        # A class more for mt-uma, while the hub runs: 7B has a teacher's role already.
        said = class_sh(hub, "add", UMA, "--teacher", "--class", "7B")
        check(said.returncode == 0 and "teaches 7B too" in said.stdout, f"class.sh add gives {UMA} 7B too ({said.stdout.strip()[:120]!r})")
        rows = page_rows(uma)
        read = uma.api("GET", "/hub/api/users/mt-alice")
        check(rows == sorted(SEVEN_B + EIGHT_C) and read.status_code == 200,
              f"... and at once {UMA}'s page shows both classes ({rows}) and the hub lets them read mt-alice "
              f"(HTTP {read.status_code})")
    finally:
        hub.stop()
        forget(EVERYONE)
        remove_accounts(EVERYONE)
    if os.environ.get("SCHOOL_TEST_ONLY") != "passwords":
        school_logins("oidc lti")
    finish("school")


if __name__ == "__main__":
    main()
