"""The teacher's class page: a JupyterHub service, behind the hub's login, for the teacher only.

    https://<the hub>/services/class/

- Where is everyone: the class (students.txt) by the exercises they have checked, filled as they
  work: right (with the attempt it took), not yet (with the attempts so far), or not tried; each
  student's last check and notebook. The table refreshes itself every few seconds; a CSV of it
  downloads from the page.
- Help: one click opens a student's notebook at its exercises, through the hub (its spawn page
  starts a stopped server; the hub's own rules decide who may open it). Every opening is logged
  (class-page.log in the hub's folder, root only) and listed on the page.
- Start over: the original of one notebook, or of one exercise's cells, from the course
  (class.sh's course repository), without touching the rest of the student's work; the
  student's version of the notebook is kept beside it.

Where the records come from: each student's kernel appends a line per check to
~/.magic-tictactoe/progress.jsonl in the student's own home (src/teach/classroom.rs): a file on
the student's volume (containers) or in their home (no containers), which this service (the
hub's, root) reads. Whose record a line is comes from whose home it is in, never from the line.

The hub starts this service (scripts/class/jupyterhub_config.py); only users with the scope
access:services!service=class (the teacher, the hub's admin) get past its login.
"""

import csv
import datetime
import html
import io
import json
import os
import pwd
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlencode, urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import ioloop, web

CLASS = Path(os.environ["MAGIC_CLASS_HOME"])
HUB = CLASS / "hub"
COURSE = CLASS / "course"
LOG = HUB / "class-page.log"
SPAWNER = os.environ.get("MAGIC_CLASS_SPAWNER", "local")
PREFIX = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/class/")
BASE = os.environ.get("JUPYTERHUB_BASE_URL", "/")
PROGRESS = Path(".magic-tictactoe") / "progress.jsonl"
WORK = "magic-tictactoe"  # the student's folder of notebooks, in their home
REFRESH_SECONDS = 5
STUCK_AFTER = 3  # wrong attempts at the same exercise, not yet right: the page marks the student


def students():
    path = HUB / "students.txt"
    if not path.exists():
        return []
    return [line.split()[0] for line in path.read_text().splitlines() if line.strip()]


_volumes = {}


def home(student):
    """The folder that is the student's home: their volume, or their system home."""
    if SPAWNER != "docker":
        try:
            return Path(pwd.getpwnam(student).pw_dir)
        except KeyError:
            return None
    if student not in _volumes:
        found = subprocess.run(["docker", "volume", "inspect", "--format", "{{.Mountpoint}}",
                                f"magic-tictactoe-{student}"], capture_output=True, text=True)
        if found.returncode != 0:
            return None  # no volume yet: the student never started a server
        _volumes[student] = Path(found.stdout.strip())
    return _volumes[student]


def records(student):
    """The student's checks, oldest first: dicts with notebook, exercise, right, time. Lines that
    are not records (a student may write anything in their own file) are skipped; whatever name
    a line gives is ignored."""
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
                          "right": record["right"] is True, "time": float(record["time"])})
        except (ValueError, KeyError, TypeError):
            continue
    found.sort(key=lambda r: r["time"])
    return found


# ------------------------------------------------------------------------------------------
# Files in a student's home. This service runs as root and the student owns everything in
# their home: a symbolic link there (made in their container or at their prompt) must not lead
# root to read or write a file elsewhere, and a pipe must not make the page wait. So every
# path is walked one folder at a time from the home, refusing links, and only regular files
# are read.


def folder_in(home, parts, make=False):
    """A descriptor of the folder home/parts..., every step a real folder, not a link. With
    `make`, missing folders are made and given to the home's owner."""
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY)
    try:
        owner = os.fstat(fd)
        for part in parts:
            if make:
                try:
                    os.mkdir(part, 0o700, dir_fd=fd)
                    os.chown(part, owner.st_uid, owner.st_gid, dir_fd=fd, follow_symlinks=False)
                except FileExistsError:
                    pass
            inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_in(home, relative, limit):
    """Up to `limit` bytes of the regular file home/relative; OSError for anything else."""
    *folders, name = Path(relative).parts
    folder = folder_in(home, folders)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    finally:
        os.close(folder)
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{relative} is not a file")
        return file.read(limit)


def write_in(folder, name, text, owner):
    """Writes `text` to the file `name` in the folder (a descriptor) as the owner's, whole or not
    at all: a new file, renamed over the old one."""
    partial = name + ".partial"
    try:
        os.unlink(partial, dir_fd=folder)
    except FileNotFoundError:
        pass
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        os.fchown(fd, owner.st_uid, owner.st_gid)
        file.write(text)
    os.rename(partial, name, src_dir_fd=folder, dst_dir_fd=folder)


def exists_in(folder, name):
    try:
        os.stat(name, dir_fd=folder, follow_symlinks=False)
        return True
    except FileNotFoundError:
        return False


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

    def __init__(self):
        self.students = students()
        self.records = {student: records(student) for student in self.students}
        first_seen = {}
        for rows in self.records.values():
            for r in rows:
                key = (r["notebook"], r["exercise"])
                first_seen[key] = min(first_seen.get(key, r["time"]), r["time"])
        self.columns = sorted(first_seen, key=lambda key: (key[0], first_seen[key]))
        numbers = {}
        self.labels = {}
        for notebook, exercise in self.columns:
            numbers[notebook] = numbers.get(notebook, 0) + 1
            self.labels[(notebook, exercise)] = f"{short(notebook)[:2]} · {numbers[notebook]}"

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
        writer.writerow(["student", "last check", "last notebook"]
                        + [f"{self.labels[c]} {c[1]}" for c in self.columns])
        for student in self.students:
            last = self.last(student)
            row = [student, stamp(last["time"]) if last else "", short(last["notebook"]) if last else ""]
            for column in self.columns:
                attempts, right = self.state(student, column)
                row.append("" if not attempts else
                           f"right on attempt {attempts}" if right else f"not yet ({plural(attempts, 'attempt')})")
            writer.writerow(row)
        return out.getvalue()


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


def logged(limit=10):
    if not LOG.exists():
        return []
    lines = LOG.read_text(encoding="utf-8", errors="replace").splitlines()
    return [line.split("\t") for line in lines[-limit:]][::-1]


# ------------------------------------------------------------------------------------------
# The course's notebooks and their exercises.

NUMBERED = re.compile(r"^\*\*(\d+)\.\*\*", re.MULTILINE)
HEADING = re.compile(r"^#+\s*(.*)$", re.MULTILINE)


def cell_text(cell):
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def exercises(notebook):
    """The exercises of a notebook (its JSON): (number, first words, [cell ids]), as the
    notebooks lay them out. An exercise starts at a markdown cell that numbers it (**2.**, or a
    heading "Exercise 2"; a heading "Exercise" alone is the next number), or, under a heading
    "Exercises", at a code cell that sets `let exercise =` after the last exercise was checked;
    it takes the code cells after it, up to the next markdown cell."""
    found = []
    current = None
    section = False  # under a heading that names exercises
    for cell in notebook.get("cells", []):
        text = cell_text(cell).strip()
        if cell.get("cell_type") == "markdown":
            headings = HEADING.findall(text)
            if headings:
                section = headings[-1].lower().startswith("exercise")
            named = re.match(r"exercise\s*(\d+)?", headings[-1], re.IGNORECASE) if headings else None
            numbered = NUMBERED.search(text)
            if numbered or (named and (named.group(1) or not headings[-1].lower().startswith("exercises"))):
                number = int(numbered.group(1) if numbered else named.group(1) or len(found) + 1)
                words = text[numbered.start():] if numbered else headings[-1]
                current = [number, words, [cell.get("id")], False]
                found.append(current)
            else:
                current = None
        elif cell.get("cell_type") == "code":
            if section and (current is None or (current[3] and text.startswith("let exercise"))):
                current = [len(found) + 1, text.split("\n")[0], [], False]
                found.append(current)
            if current is not None:
                current[2].append(cell.get("id"))
                current[3] = current[3] or "check" in text
    return [(n, " ".join(re.sub(r"[#*`]", "", words).split())[:70], ids) for n, words, ids, _ in found]


def course_notebooks():
    folder = COURSE / "notebooks"
    return sorted(folder.glob("*.ipynb")) if folder.exists() else []


def exercises_heading(notebook, exercise):
    """The anchor JupyterLab gives the heading of the course notebook's exercises where
    `exercise` (a record's) is: the heading over the cell that calls that check, else the first
    heading that names exercises."""
    try:
        cells = json.loads((COURSE / notebook).read_text())["cells"]
    except (OSError, ValueError, KeyError):
        return ""
    heading, first, call = "", "", exercise.split()[0] + "(" if exercise.startswith("check_") else None
    for cell in cells:
        text = cell_text(cell)
        if cell.get("cell_type") == "markdown":
            for line in text.splitlines():
                if line.startswith("#"):
                    heading = line.lstrip("#").strip()
                    if not first and heading.lower().startswith("exercise"):
                        first = heading
        elif call and call in text and heading:
            return heading.replace(" ", "-")
    return first.replace(" ", "-")


def start_over(student, notebook, number):
    """Brings back the course's original of `notebook` (a path in the student's folder), or of
    its exercise `number`'s cells; returns what was done, as a sentence. The student's notebook
    as it was is kept: beside it (a whole notebook) or in ~/.magic-tictactoe/before-start-over."""
    where = home(student)
    if where is None:
        raise ValueError(f"{student} has no work yet")
    original_path = COURSE / notebook
    if not re.fullmatch(r"notebooks/[\w.-]+\.ipynb", notebook) or not original_path.exists():
        raise ValueError(f"the course has no notebook {notebook}")
    name = notebook.split("/")[1]
    stem = name[:-len(".ipynb")]
    when = datetime.datetime.now().strftime("%Y-%m-%d %H.%M.%S")
    original = original_path.read_text(encoding="utf-8")
    try:
        folder = folder_in(where, [WORK, "notebooks"])
    except FileNotFoundError:
        raise ValueError(f"{student} has no folder of notebooks yet") from None
    try:
        owner = os.fstat(folder)
        if number is None:
            kept = None
            if exists_in(folder, name):
                kept = f"{stem} (my work {when}).ipynb"
                os.rename(name, kept, src_dir_fd=folder, dst_dir_fd=folder)
            write_in(folder, name, original, owner)
            return (f"{stem} is back as in the course for {student}"
                    + (f"; their version is kept beside it as {kept}" if kept else ""))
        wanted = [e for e in exercises(json.loads(original)) if e[0] == number]
        if not wanted:
            raise ValueError(f"{stem} has no exercise {number}")
        ids = wanted[0][2]
        if not exists_in(folder, name):
            raise ValueError(f"{student} has no {stem} to change: start the whole notebook over")
        theirs_text = read_in(where, Path(WORK) / notebook, 64 << 20).decode("utf-8")
        theirs = json.loads(theirs_text)
        originals = {cell.get("id"): cell for cell in json.loads(original)["cells"]}
        cells = theirs["cells"]
        positions = [i for i, cell in enumerate(cells) if cell.get("id") in ids]
        if positions:
            at = positions[0]
        else:
            # The student deleted them all: put them back after the cell that came before them.
            before = [c.get("id") for c in json.loads(original)["cells"]]
            previous = before[before.index(ids[0]) - 1] if before.index(ids[0]) > 0 else None
            at = next((i + 1 for i, cell in enumerate(cells) if cell.get("id") == previous), len(cells))
        cells[:] = [cell for cell in cells if cell.get("id") not in ids]
        cells[at:at] = [originals[i] for i in ids]
        backups = folder_in(where, [".magic-tictactoe", "before-start-over"], make=True)
        try:
            write_in(backups, f"{stem} {when}.ipynb", theirs_text, owner)
        finally:
            os.close(backups)
        write_in(folder, name, json.dumps(theirs, indent=1, ensure_ascii=False) + "\n", owner)
        return (f"exercise {number} of {stem} is back as in the course for {student}; the rest of "
                f"the notebook is as they left it")
    finally:
        os.close(folder)


# ------------------------------------------------------------------------------------------
# The page.

# Light and dark, both WCAG AA (4.5:1 for text): ink on paper, and the marks' colours on both.
STYLE = """
:root { color-scheme: light dark; --paper: #ffffff; --ink: #1b1b1b; --soft: #4a4a4a; --line: #8a8a8a;
  --right: #0b6b2b; --right-bg: #e3f4e8; --wrong: #a3161d; --wrong-bg: #fbe6e6; --link: #0b57b0; --head: #eef1f5; }
@media (prefers-color-scheme: dark) {
  :root { --paper: #121417; --ink: #f0f0f0; --soft: #c4c4c4; --line: #7a7a7a;
    --right: #7fe0a0; --right-bg: #123321; --wrong: #ff9a9a; --wrong-bg: #3d1518; --link: #8cc2ff; --head: #20242a; }
}
body { background: var(--paper); color: var(--ink); font: 20px/1.45 system-ui, sans-serif; margin: 24px; }
h1 { font-size: 32px; margin: 0 0 4px; } h2 { font-size: 24px; margin: 28px 0 8px; }
a { color: var(--link); }
.soft { color: var(--soft); }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin-top: 12px; }
tbody th, thead th:first-child { position: sticky; left: 0; background: var(--paper); }
th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; }
thead th { background: var(--head); }
td.mark { text-align: center; font-weight: 700; min-width: 3.2em; }
td.right { color: var(--right); background: var(--right-bg); }
td.wrong { color: var(--wrong); background: var(--wrong-bg); }
.stuck { color: var(--wrong); font-weight: 700; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
form { margin-top: 8px; } select, button { font: inherit; padding: 4px 8px; max-width: 100%; }
.message { border: 2px solid var(--line); padding: 8px 12px; max-width: 60em; }
"""

# Swaps in the new table every few seconds, without reloading the page (a reload would lose
# the teacher's scroll position and the form's choices).
SCRIPT = """
async function refresh() {
  try {
    const answer = await fetch('table', {credentials: 'same-origin'});
    if (answer.ok) { document.getElementById('table').innerHTML = await answer.text(); }
  } catch (error) { /* the next refresh tries again */ }
}
setInterval(refresh, %d);
""" % (REFRESH_SECONDS * 1000)


def e(value):
    return html.escape(str(value), quote=True)


def table_html(table):
    if not table.students:
        return "<p>No students yet.</p>"
    parts = [f'<p class="soft">Updated {e(time.strftime("%H:%M:%S"))}; refreshes every {REFRESH_SECONDS} s. '
             f'&#x2714; right (on the attempt shown), &#x2718; not yet (attempts so far).</p>',
             '<div class="scroll" tabindex="0" role="region" aria-label="The class by exercises">'
             '<table><caption class="visually-hidden">The class by exercises</caption><thead><tr>'
             '<th scope="col">Student</th><th scope="col">Last check</th><th scope="col">Help</th>']
    for column in table.columns:
        parts.append(f'<th scope="col"><abbr title="{e(short(column[0]))}: {e(column[1])}">'
                     f'{e(table.labels[column])}</abbr></th>')
    parts.append("</tr></thead><tbody>")
    for student in table.students:
        last = table.last(student)
        stuck = ' <span class="stuck">(stuck?)</span>' if table.stuck(student) else ""
        parts.append(f'<tr><th scope="row">{e(student)}{stuck}</th>')
        if last:
            parts.append(f'<td>{e(ago(last["time"]))}, {e(short(last["notebook"]))}</td>')
            parts.append(f'<td><a href="help/{quote(student)}" target="_blank" rel="noopener">Open {e(student)}\'s '
                         f'{e(short(last["notebook"]))}</a></td>')
        else:
            parts.append('<td class="soft">no check yet</td>'
                         f'<td><a href="help/{quote(student)}" target="_blank" rel="noopener">Open {e(student)}\'s notebooks</a></td>')
        for column in table.columns:
            attempts, right = table.state(student, column)
            if not attempts:
                parts.append('<td class="mark"><span class="visually-hidden">not tried</span></td>')
            elif right:
                parts.append(f'<td class="mark right">&#x2714; {attempts}'
                             f'<span class="visually-hidden"> right on attempt {attempts}</span></td>')
            else:
                parts.append(f'<td class="mark wrong">&#x2718; {attempts}'
                             f'<span class="visually-hidden"> not yet right after {plural(attempts, "attempt")}</span></td>')
        parts.append("</tr>")
    parts.append("</tbody></table></div>")
    if table.columns:
        parts.append('<h2>The exercises</h2><dl>')
        for column in table.columns:
            parts.append(f"<dt>{e(table.labels[column])} ({e(short(column[0]))})</dt><dd>{e(column[1])}</dd>")
        parts.append("</dl>")
    return "".join(parts)


class Handler(HubOAuthenticated, web.RequestHandler):
    def teacher(self):
        return self.get_current_user()["name"]


class PageHandler(Handler):
    @web.authenticated
    def get(self):
        table = Table()
        message = self.get_argument("done", "")
        choices = []
        for path in course_notebooks():
            name = f"notebooks/{path.name}"
            choices.append(f'<option value="{e(name)}|">{e(path.stem)}: the whole notebook</option>')
            try:
                for number, words, _ in exercises(json.loads(path.read_text())):
                    choices.append(f'<option value="{e(name)}|{number}">{e(path.stem)}: exercise {number} '
                                   f'({e(words)})</option>')
            except ValueError:
                continue
        people = "".join(f'<option value="{e(s)}">{e(s)}</option>' for s in table.students)
        openings = "".join(f"<li>{e(row[0])}: {e(row[1])} {e(row[2])} {e(row[3])}'s {e(row[4])}</li>"
                           for row in logged() if len(row) == 5) or '<li class="soft">none yet</li>'
        self.write(f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The class: magic-tictactoe</title><style>{STYLE}</style></head>
<body><main>
<h1>The class</h1>
<p class="soft">Signed in as {e(self.teacher())}. Only you see this page. <a href="progress.csv">Download the table (CSV)</a></p>
{f'<p class="message" role="status">{e(message)}</p>' if message else ''}
<div id="table">{table_html(table)}</div>
<h2>Start over</h2>
<p>Brings back the course's original of a notebook, or of one exercise's cells; the rest of the student's work
stays, and their version is kept. Ask them to reload the notebook (File, Reload Notebook from Disk).</p>
<form method="post" action="start-over">
<input type="hidden" name="_xsrf" value="{e(self.xsrf_token.decode() if isinstance(self.xsrf_token, bytes) else self.xsrf_token)}">
<label for="student">Student</label> <select id="student" name="student">{people}</select>
<label for="what">What</label> <select id="what" name="what">{''.join(choices)}</select>
<button type="submit">Start over</button>
</form>
<h2>Opened and started over</h2>
<ul>{openings}</ul>
<p class="soft">The log is {e(LOG)} on the server.</p>
</main><script>{SCRIPT}</script></body></html>""")


class TableHandler(Handler):
    @web.authenticated
    def get(self):
        self.set_header("Cache-Control", "no-store")
        self.write(table_html(Table()))


class CsvHandler(Handler):
    @web.authenticated
    def get(self):
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-{time.strftime("%Y-%m-%d")}.csv"')
        self.write(Table().csv())


class HelpHandler(Handler):
    @web.authenticated
    def get(self, student):
        if student not in students():
            raise web.HTTPError(404, f"{student} is not in the class")
        last = Table().last(student)
        notebook = last["notebook"] if last else "notebooks/01-magic-square.ipynb"
        anchor = exercises_heading(notebook, last["exercise"]) if last else ""
        lab = url_path_join(BASE, "user", student, "lab", "tree", *notebook.split("/"))
        if anchor:
            lab += "#" + quote(anchor, safe="-:")
        log(self.teacher(), "opened", student, notebook)
        # The hub's spawn page starts the server if it is stopped, then goes on to the notebook;
        # the hub checks that the teacher may.
        self.redirect(url_path_join(BASE, "hub", "spawn", student) + "?" + urlencode({"next": lab}))


class StartOverHandler(Handler):
    @web.authenticated
    def post(self):
        student = self.get_argument("student")
        notebook, _, number = self.get_argument("what").partition("|")
        if student not in students():
            raise web.HTTPError(404, f"{student} is not in the class")
        try:
            done = start_over(student, notebook, int(number) if number else None)
            log(self.teacher(), "started over", student, f"{notebook}{' exercise ' + number if number else ''}")
        except (ValueError, OSError) as problem:
            done = f"Nothing changed: {problem}."
        self.redirect("./?" + urlencode({"done": done}))


def main():
    port = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"]).port
    app = web.Application([
        (PREFIX, PageHandler),
        (url_path_join(PREFIX, "table"), TableHandler),
        (url_path_join(PREFIX, "progress.csv"), CsvHandler),
        (url_path_join(PREFIX, r"help/([a-z][a-z0-9-]*)"), HelpHandler),
        (url_path_join(PREFIX, "start-over"), StartOverHandler),
        (url_path_join(PREFIX, "oauth_callback"), HubOAuthCallbackHandler),
    ], cookie_secret=os.urandom(32))
    app.listen(port, "127.0.0.1")
    print(f"class page on 127.0.0.1:{port}{PREFIX}", file=sys.stderr, flush=True)
    # The hub stops its services with SIGINT, then SIGTERM; a hub started in the background by a
    # shell hands its children SIGINT ignored, so both are caught here, to stop at once.
    loop = ioloop.IOLoop.current()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.asyncio_loop.add_signal_handler(number, loop.stop)
    loop.start()


if __name__ == "__main__":
    main()
