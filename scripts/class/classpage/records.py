"""The students' checks, read from their homes, and the class by exercises as the page and its
CSV show it; the page's own log of what the teacher did."""

import csv
import datetime
import io
import json
import os
import time
from pathlib import Path

from classadmin import roster
from classadmin.homes import read_in

from .course import exercise_number
from .settings import HUB, LOG, PROGRESS, STUCK_AFTER, WORK, home


def people():
    """The class's roster (classadmin.roster): logins, names, classes, roles."""
    return roster.load(HUB)


def students():
    """Every student of the hub, whatever their class."""
    return [person.login for person in roster.students(people())]


class Teacher:
    """Who is signed in to the page, and the students and classes they may see and act on, from
    the hub's groups (the same for the class's own passwords, whose roster makes the groups, and
    for a school's login, whose claims do): every student for the hub's admin and the whole hub's
    teachers (the group teachers-of-every-class), the students of
    each class whose teachers' group (teachers-of-7b) they are in for a teacher of classes,
    nobody for anyone else. `groups`: the login's groups; `members`: {group: [login]}, every
    group of the hub's."""

    def __init__(self, login, admin, groups, members):
        self.login = login
        self.whole = bool(admin) or roster.EVERY_CLASS in groups
        taught = [g.removeprefix(roster.TEACHERS_OF) for g in groups if g.startswith(roster.TEACHERS_OF)]
        classes = [g for g in members if roster.is_class(g)]
        shown = class_names()
        if self.whole:
            taught = classes
        teachers = {t for g, users in members.items() if not roster.is_class(g) for t in users}
        found = [u for g in taught for u in members.get(g, []) if u not in teachers and u != login]
        if self.whole:
            found = students() + found
        self.students = list(dict.fromkeys(found))
        self.classes = [shown.get(g, g) for g in taught]

    @classmethod
    def signed_in(cls, login):
        """The teacher `login` as the hub knows them now (through the page's own token)."""
        user = hub_api(f"/users/{login}")
        members = {g["name"]: g.get("users", []) for g in hub_api("/groups")}
        return cls(login, user.get("admin"), user.get("groups", []), members)

    def teaches(self, student):
        return student in self.students

    def sees(self, row):
        """Whether a line of the page's log (when, who, action, student, what) is theirs to see."""
        return self.whole or row[1] == self.login or row[3] in self.students


def hub_api(path):
    """The hub's REST API, with the page's own token (JupyterHub gives its services one; the
    page's role lets it list and read users and groups, nothing more)."""
    import requests
    tls = {}
    if os.environ.get("JUPYTERHUB_SSL_CERTFILE"):
        # internal_ssl (a class over a lab's PCs): the hub's API asks for the page's certificate,
        # and shows one of the hub's own authority
        tls = {"cert": (os.environ["JUPYTERHUB_SSL_CERTFILE"], os.environ["JUPYTERHUB_SSL_KEYFILE"]),
               "verify": os.environ["JUPYTERHUB_SSL_CLIENT_CA"]}
    answer = requests.get(os.environ["JUPYTERHUB_API_URL"].rstrip("/") + path, timeout=30,
                          headers={"Authorization": f"token {os.environ['JUPYTERHUB_API_TOKEN']}"}, **tls)
    answer.raise_for_status()
    return answer.json()


def class_members(group):
    """The students of the class `group`, as the hub's groups have them (its teachers are in
    the group of its teachers, not in it)."""
    return sorted(hub_api(f"/groups/{group}").get("users", []))


def class_names():
    """Each class's group and its name as the roster writes it ({'7b': '7B'}), or as the LMS's
    course labels it (classadmin.logins.remember_launch)."""
    try:
        courses = json.loads((HUB / "lms-launches.json").read_text()).get("courses", {})
        found = {group: str(course["label"]) for group, course in courses.items()
                 if isinstance(course, dict) and roster.group_name(str(course.get("label") or "")) == group}
    except (OSError, ValueError, AttributeError):
        found = {}
    return {**found, **{roster.group_name(c): c for p in people() for c in roster.classes_of(p)}}


def names():
    """Each login's name, as the teacher's list gives it, or the LMS's class list
    (classpage/lms.py)."""
    try:
        found = {str(k): str(v) for k, v in json.loads((HUB / "lms-names.json").read_text()).items()}
    except (OSError, ValueError, AttributeError):
        found = {}
    return {**found, **{person.login: person.name for person in people()}}


def records(student):
    """The student's checks, oldest first: dicts with notebook, exercise (its number in the
    notebook, or the checking call's name), question (its words, when the line gives them),
    right, time. Lines that are not records (a student may write anything in their own file)
    are skipped; whatever name a line gives is ignored."""
    where = home(student)
    if where is None:
        return []
    try:
        text = read_in(where, PROGRESS, 16 << 20).decode("utf-8", errors="replace")
    except OSError:
        return []
    found = []
    for line in text.splitlines():
        try:
            record = json.loads(line)
            found.append({"notebook": in_folder(str(record["notebook"]))[:200], "exercise": str(record["exercise"])[:300],
                          "question": str(record.get("question", ""))[:300],
                          "right": record["right"] is True, "time": float(record["time"])})
        except (ValueError, KeyError, TypeError):
            continue
    found.sort(key=lambda r: r["time"])
    return found


def in_folder(notebook):
    """A notebook's path in the student's folder (notebooks/03-pick-15.ipynb), from the path
    Jupyter gave the kernel, which is the whole path on the student's machine."""
    marker = f"/{WORK}/"
    return notebook.split(marker, 1)[1] if marker in notebook else notebook.lstrip("/")


def short(notebook):
    """notebooks/03-pick-15.ipynb -> 03-pick-15"""
    return Path(notebook).stem or "(no notebook)"


class Table:
    """The class by exercises, as the page and the CSV show it."""

    def __init__(self, logins=None):
        self.students = students() if logins is None else list(logins)
        self.names = names()
        self.records = {student: records(student) for student in self.students}
        first_seen = {}
        self.questions = {}
        for rows in self.records.values():
            for r in rows:
                key = (r["notebook"], r["exercise"])
                first_seen[key] = min(first_seen.get(key, r["time"]), r["time"])
                if r["question"]:
                    self.questions[key] = r["question"]
        # Each check is filed under the exercise it names: its number in the notebook, or the
        # number of the exercise whose cells make that checking call (course.exercise_number).
        # A record of an older crate names its exercise by its question only: after the
        # numbered ones, in the order they were first checked.
        numbered = {key: exercise_number(key[0], key[1]) for key in first_seen}
        self.columns = sorted(first_seen, key=lambda key: (key[0], numbered[key] is None,
                                                           numbered[key] or 0, first_seen[key]))
        self.labels = {}
        for notebook, exercise in self.columns:
            number = numbered[(notebook, exercise)]
            label = f"{short(notebook)[:2]} · {number}" if number is not None else f"{short(notebook)[:2]} · {in_words(exercise)[:24]}"
            self.labels[(notebook, exercise)] = label

    def question(self, column):
        """What the exercise in `column` asks, as its checks said it, or its checking call."""
        return self.questions.get(column, column[1])

    def state(self, student, column):
        """(attempts, right): the attempts until the first right one, or all of them."""
        attempts = 0
        for r in self.records[student]:
            if (r["notebook"], r["exercise"]) == column:
                attempts += 1
                if r["right"]:
                    return attempts, True
        return attempts, False

    def last(self, student):
        rows = self.records[student]
        return rows[-1] if rows else None

    def stuck(self, student):
        last = self.last(student)
        if not last:
            return False
        attempts, right = self.state(student, (last["notebook"], last["exercise"]))
        return not right and attempts >= STUCK_AFTER

    def csv(self):
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["student", "login", "last check", "last notebook"]
                        + [f"{self.labels[c]} {c[1]}" for c in self.columns])
        for student in self.students:
            last = self.last(student)
            row = [self.names.get(student, student), student, stamp(last["time"]) if last else "",
                   short(last["notebook"]) if last else ""]
            for column in self.columns:
                attempts, right = self.state(student, column)
                row.append("" if not attempts else
                           f"right on attempt {attempts}" if right else f"not yet ({plural(attempts, 'attempt')})")
            writer.writerow(row)
        return out.getvalue()


def in_words(exercise):
    """A checking call's name as a column's label: check_win_test is "win test"."""
    return exercise.removeprefix("check_").replace("_", " ") if exercise.startswith("check_") else exercise


def plural(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def stamp(seconds):
    return datetime.datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M:%S")


def ago(seconds):
    gone = max(0, time.time() - seconds)
    if gone < 60:
        return f"{gone:.0f} s ago"
    if gone < 3600:
        return f"{gone // 60:.0f} min ago"
    return datetime.datetime.fromtimestamp(seconds).strftime("%H:%M")


def log(who, action, student, what):
    with open(LOG, "a", encoding="utf-8") as out:
        out.write(f"{stamp(time.time())}\t{who}\t{action}\t{student}\t{what}\n")


def logged(shown=lambda row: True, limit=10):
    """The log's last `limit` lines that `shown` lets through, newest first, each split into
    (when, who, action, student, what)."""
    if not LOG.exists():
        return []
    lines = LOG.read_text(encoding="utf-8", errors="replace").splitlines()
    rows = [line.split("\t") for line in reversed(lines)]
    return [row for row in rows if len(row) == 5 and shown(row)][:limit]
