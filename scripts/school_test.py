"""Tests a hub of several classes and teachers (issue 41), started with scripts/class.sh on
127.0.0.1 without containers (each server runs as the student's own system user; what is checked
here is who reaches whom, which is the same with containers):

- class 7B (mt-alice, mt-bob) taught by mt-tess, class 8C (mt-carol) taught by mt-uma, and
  mt-head, a teacher given no class, who looks after the whole hub (its admin);
- a teacher of one class cannot list, see, start, stop or open the students of another, through
  the hub's API or its pages, with their token or their browser's login, nor see, open, start
  over, give a new password to, take out, collect, add to or warm them from the class page;
  nor change what acts on the whole hub (the hub's timetable, the course's lessons) or on another
  class (its timetable); a teacher's own class's timetable warms that class only;
- without a login nobody gets anything, and a student's token reaches neither the class page nor
  a classmate;
- the admin still sees and opens every class;
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
from class_harness import (ClassServer, docker_running, forget, free_port, remove_accounts, stop_docker,  # noqa: E402
                           until_ready)
from hubclient import Student, ready  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CLASS_HOME = Path(os.environ.get("CLASS_TEST_HOME", "/srv/magic-tictactoe-test"))
SEVEN_B, EIGHT_C = ["mt-alice", "mt-bob"], ["mt-carol"]
TESS, UMA, HEAD = "mt-tess", "mt-uma", "mt-head"
EVERYONE = SEVEN_B + EIGHT_C + [TESS, UMA, HEAD]
PAGE = "/services/class"
NOTEBOOK = "notebooks/03-pick-15.ipynb"

passed, failed = 0, 0


def check(ok, what):
    global passed, failed
    print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
    passed, failed = passed + bool(ok), failed + (not ok)


def fresh():
    """A run starts with no roster, hub database or page log of an earlier one."""
    for kept in ("class-page.log", "warm.log", "timetable.txt", "timetable-warmed", "roster.csv",
                 "warm-7b.log", "timetable-7b.txt", "timetable-warmed-7b",
                 "jupyterhub.sqlite", "first-passwords.json", "students.txt", "teacher.txt", "passwords.txt",
                 "lms-launches.json", "lms-sent.json", "lms-names.json"):
        (CLASS_HOME / "hub" / kept).unlink(missing_ok=True)
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
    """The teacher starts and opens their student's server; another class's, started by its own
    student, they cannot open, with their token or through their browser's login."""
    started = teacher.api("POST", f"/hub/api/users/{own}/server")
    check(started.status_code in (201, 202), f"{teacher.name} starts {own}'s server (HTTP {started.status_code})")
    until_ready(f"{own}'s server", lambda: running(hub, own, head))
    files = teacher.api("GET", f"/user/{own}/api/contents")
    check(files.status_code == 200, f"... and opens it with their token (HTTP {files.status_code})")
    lab = teacher.session.get(f"{hub.url}/user/{own}/lab", timeout=60)
    if lab.url.split("?")[0].endswith("/hub/api/oauth2/authorize"):
        # The hub asks a teacher, as it asks its admin, before it opens a server not their own.
        fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', lab.text)
        lab = teacher.session.post(lab.url, data=fields, timeout=60)
    check(lab.status_code == 200 and lab.url.split("?")[0].endswith(f"/user/{own}/lab"),
          f"... and with their browser's login (HTTP {lab.status_code} at {lab.url.split('?')[0]})")
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
    "odd@school.example": {"preferred_username": "Odd One!", "email": "odd@school.example", "groups": ["7B"]},
}
SCHOOL_LOGINS = ["mt-olive", "mt-pete", "mt-tom", "mt-boss", "mt-cook"]


def provider_login(hub, sub):
    """A login through the school's provider with requests, as a browser's redirects go, stopping
    at the hub's answer to the provider (so no server is started): (session, that answer)."""
    session = requests.Session()
    form = session.get(f"{hub.url}/hub/oauth_login", timeout=60)
    back = session.post(form.url, data={"sub": sub}, allow_redirects=False, timeout=60)
    answer = session.get(back.headers.get("Location", ""), allow_redirects=False, timeout=120) \
        if back.status_code in (302, 303) else back
    return session, answer


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
    """The school's own login (OpenID Connect, oidc-provider-mock on 127.0.0.1 standing for
    Google's, Microsoft's or the school's), with students in containers."""
    print("A school's own login (OpenID Connect), students in containers:", flush=True)
    port = free_port()
    issuer = f"http://127.0.0.1:{port}"
    log = open(CLASS_HOME / "oidc-provider.log", "w")
    provider = subprocess.Popen([sys.executable, "-m", "oidc_provider_mock", "--host", "127.0.0.1", "--port", str(port)],
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    hub = None
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if requests.get(f"{issuer}/.well-known/openid-configuration", timeout=5).ok:
                    break
            except requests.RequestException:
                time.sleep(0.5)
        for sub, claims in SCHOOL.items():
            requests.put(f"{issuer}/users/{requests.utils.quote(sub)}", json=claims, timeout=30).raise_for_status()
        secret = CLASS_HOME / "oidc-test-secret.txt"
        secret.write_text("a-client-secret-for-the-test\n")
        secret.chmod(0o600)
        fresh()
        hub = ClassServer(CLASS_HOME, [], containers=True, options=[
            "--oidc", issuer, "--oidc-client", "magic-tictactoe", "--oidc-secret", str(secret), "--classes", "7B, 8C"])
        hub.start(limit=180)
        url, text = in_chromium(f"{hub.url}/hub/login", ".jp-Notebook", "olive@school.example")
        check("/user/mt-olive/lab" in url and "01" in text,
              f"a pupil logs in through the school's login in Chromium and reaches notebook 01 ({url.split('?')[0]})")
        session, answer = provider_login(hub, "pete@school.example")
        check(answer.status_code in (302, 303), f"a pupil of 8C logs in too (HTTP {answer.status_code})")
        url, text = in_chromium(f"{hub.url}/services/class/", "#table", "tom@school.example")
        check("/services/class/" in url and "mt-olive" in text and "mt-pete" not in text and "7b" in text.lower(),
              f"a teacher (teachers-of-7B in the login's groups) logs in in Chromium and their class page shows 7B's "
              f"pupil and not 8C's ({url.split('?')[0]})")
        for sub, why in (("cook@school.example", "someone of the school in no class here"),
                         ("odd@school.example", "a login whose name the hub cannot use")):
            _, answer = provider_login(hub, sub)
            check(answer.status_code == 403, f"{why} is refused (HTTP {answer.status_code})")
        boss, answer = provider_login(hub, "boss@school.example")
        users = boss.get(f"{hub.url}/hub/admin", timeout=60)
        check(answer.status_code in (302, 303) and users.status_code == 200,
              f"the school's class-admins are the hub's admins (its admin page: HTTP {users.status_code})")
        groups = sqlite_groups()
        check(groups.get("mt-olive") == ["7b"] and groups.get("mt-tom") == ["teachers-of-7b"]
              and groups.get("mt-pete") == ["8c"],
              f"each login's classes come from its groups claim, the classes set up here only ({groups})")
    finally:
        if hub:
            hub.stop()
        provider.terminate()
        try:
            provider.wait(timeout=30)
        except subprocess.TimeoutExpired:
            provider.kill()
        log.close()
        forget(SCHOOL_LOGINS)


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
            check(answer.status_code == 403 and sqlite_groups().get(TESS) == ["teachers-of-7b"],
                  f"a launch from the LMS naming {TESS}, a login of the class's own passwords, is refused "
                  f"(HTTP {answer.status_code})")
            lms_scores(hub, lms, user_id("mt-lena"))
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
        forget(["mt-lena", "mt-ivan", "mt-tara", "mt-paul", "mt-mallory", "mt-noor", TESS])


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
    """The school's login and its LMS, in one run of Docker's daemon (stopped after, if this
    started it)."""
    docker_before = docker_running()
    try:
        if "oidc" in which:
            school_login()
        if "lti" in which:
            school_lms()
    finally:
        if not docker_before:
            stop_docker()


def main():
    if os.getuid() != 0:
        sys.exit("school_test.py: run it as root: it makes accounts and starts a hub")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("school_test.py: stopped (SIGTERM)"))
    if os.environ.get("SCHOOL_TEST_ONLY") in ("oidc", "lti"):
        school_logins(os.environ["SCHOOL_TEST_ONLY"])
        print(f"school: {passed} passed, {failed} failed")
        sys.exit(1 if failed else 0)
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
        check(status == 200 and set(SEVEN_B + EIGHT_C) <= set(names), f"the admin lists every class ({names})")
        hub_api(tess, SEVEN_B, EIGHT_C)
        hub_api(uma, EIGHT_C, SEVEN_B)
        carol = servers(hub, tess, "mt-alice", "mt-carol", head)
        class_page(hub, tess, SEVEN_B, "8C", carol)
        class_page(hub, uma, EIGHT_C, "7B", alice)
        class_timetable(tess, "7B", SEVEN_B, "mt-carol")
        nobody_else(hub, alice)
        rows = page_rows(head)
        check(rows == sorted(SEVEN_B + EIGHT_C), f"the admin's class page shows every class ({rows})")
        opened = head.api("GET", "/user/mt-carol/api/contents")
        check(opened.status_code == 200, f"... and the admin opens any student's server (HTTP {opened.status_code})")
        # A class more for mt-uma, while the hub runs: 7B has a teacher's role already.
        said = class_sh(hub, "add", UMA, "--teacher", "--class", "7B")
        check(said.returncode == 0 and "teaches 7B too" in said.stdout, f"class.sh add gives {UMA} 7B too ({said.stdout.strip()[:120]!r})")
        rows = page_rows(uma)
        opened = uma.api("GET", "/user/mt-alice/api/contents")
        check(rows == sorted(SEVEN_B + EIGHT_C) and opened.status_code == 200,
              f"... and at once {UMA}'s page shows both classes ({rows}) and opens mt-alice's server (HTTP {opened.status_code})")
    finally:
        hub.stop()
        forget(EVERYONE)
        remove_accounts(EVERYONE)
    if os.environ.get("SCHOOL_TEST_ONLY") != "passwords":
        school_logins("oidc lti")
    print(f"school: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
