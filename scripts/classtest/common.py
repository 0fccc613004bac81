"""What the class test's parts share: its class (names, folder), and small helpers to run a cell, read the class page's table and a student's notebooks."""

import html
import json
import os
import re
import statistics
import subprocess
import time
from pathlib import Path

from checks import check
from class_harness import DEFAULTS, container
from hubclient import NOTEBOOK, ready


ROOT = Path(__file__).resolve().parents[2]


CLASS_HOME = Path(os.environ.get("CLASS_TEST_HOME", "/srv/magic-tictactoe-test"))


STUDENTS = ["mt-alice", "mt-bob", "mt-carol"]


LATECOMER = "mt-dave"


TEACHER = "mt-teacher"


EVERYONE = STUDENTS + [LATECOMER, TEACHER, "erin", "fay"]


MEMORY = int(DEFAULTS["STUDENT_MEMORY"][:-1]) << {"K": 10, "M": 20, "G": 30}[DEFAULTS["STUDENT_MEMORY"][-1].upper()]


def text(outputs):
    return " ".join(text for cells in outputs for kind, text in cells).strip()


# evcxr_jupyter passes a cell's printed lines on from a thread of its own, and may say the
# cell is done before the last of them has gone (it waits a millisecond, and only for a cell
# that shows a value). An empty cell after the one asked about gives such a line time to come
# (evcxr compiles every cell, far longer than the thread's millisecond), and execute() takes
# it in with the later cell's messages.
AFTER = "let _ = ();"


def rust(student, code):
    """The text a cell of `code` prints in a new kernel of the student's."""
    return text(student.run_cells([code, AFTER]))


def server_running(person, name):
    return ready(person.api("GET", f"/hub/api/users/{name}").json())


PAGE = "/services/class"


def table_rows(teacher):
    """The class page's table as the teacher's token gets it: {student: [cell texts]}, and the
    column headings."""
    answer = teacher.api("GET", f"{PAGE}/table")
    if answer.status_code != 200:
        return {}, []
    heads = re.findall(r'<th scope="col">(?:<abbr title="([^"]*)">)?([^<]*)', answer.text)
    rows = {}
    for name, row in re.findall(r'<tr data-login="([a-z0-9-]+)"><th scope="row">(.*?)</tr>', answer.text):
        rows[name] = [html.unescape(re.sub(r"<span class=\"visually-hidden\">.*?</span>|<[^>]+>", "", cell)).strip()
                      for cell in re.findall(r'<td class="mark[^"]*">(.*?)</td>', row)]
    return rows, [title for title, _ in heads if title]


def browse(person, path):
    """What the person's browser shows for `path` (their login's cookies, every redirect
    followed), saying yes on the hub's "Authorize access" page when it asks."""
    answer = person.session.get(f"{person.base}{path}", timeout=300)
    if "/hub/api/oauth2/authorize" in answer.url and 'name="scopes"' in answer.text:
        fields = re.findall(r'<input type="hidden" name="(_xsrf|scopes)" value="([^"]*)"', answer.text)
        answer = person.session.post(answer.url, data=[(k, html.unescape(v)) for k, v in fields], timeout=300)
    return answer


def cells_of(person, path):
    answer = person.server("GET", f"contents/{path}")
    return answer.json()["content"]["cells"] if answer.status_code == 200 else []


def put_cells(person, path, cells):
    model = person.server("GET", f"contents/{path}").json()["content"]
    model["cells"] = cells
    return person.server("PUT", f"contents/{path}", json={"type": "notebook", "content": model}).status_code


MY_NOTEBOOK = "notebooks/my-own.ipynb"


def save_work(alice):
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "mine", "metadata": {},
                           "outputs": [], "source": "Board::new() // my work"}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    saved = alice.server("PUT", f"contents/{MY_NOTEBOOK}", json={"type": "notebook", "content": notebook})
    check(saved.status_code in (200, 201), f"{alice.name} saves a notebook (HTTP {saved.status_code})")
    changed = alice.server("GET", f"contents/{NOTEBOOK}").json()
    changed["content"]["cells"][0]["source"] = "// my notes on the first cell"
    alice.server("PUT", f"contents/{NOTEBOOK}",
                 json={"type": "notebook", "content": changed["content"]})


def work_is_there(alice, when):
    mine = alice.server("GET", f"contents/{MY_NOTEBOOK}")
    ok = mine.status_code == 200 and "my work" in str(mine.json()["content"]["cells"][0]["source"])
    first = alice.server("GET", f"contents/{NOTEBOOK}")
    kept = first.status_code == 200 and first.json()["content"]["cells"][0]["source"] == "// my notes on the first cell"
    check(ok and kept, f"after {when}, {alice.name}'s saved notebook and changed lesson are still there")


def proxy_pid():
    try:
        return int((CLASS_HOME / "hub" / "proxy.pid").read_text())
    except (OSError, ValueError):
        return None


def kernel_of(student):
    """The connection file of a kernel of the student's (their container's runtime folder): its
    address, ports and key, as JSON."""
    found = subprocess.run(["docker", "exec", container(student.name), "sh", "-c",
                            "cat $(ls -t ~/.local/share/jupyter/runtime/kernel-*.json | head -n 1)"],
                           capture_output=True, text=True)
    return json.loads(found.stdout) if found.returncode == 0 and found.stdout.strip() else None


def address_of(student):
    return subprocess.run(["docker", "inspect", "--format",
                           '{{(index .NetworkSettings.Networks "magic-tictactoe").IPAddress}}', container(student.name)],
                          capture_output=True, text=True).stdout.strip()

class Kernel:
    """A notebook 01 kernel of a student, kept open across cells."""

    def __init__(self, student):
        self.student = student
        self.session, self.id = student.open_notebook()
        cells = student.notebook_cells()
        student.run(self.id, cells, until_html=True)

    def run(self, code, limit=300):
        return text(self.student.run(self.id, [code], limit=limit))

    def timed(self, code, times=5):
        """The median time of `times` runs of `code`, in seconds."""
        took = []
        for _ in range(times):
            start = time.time()
            self.run(code)
            took.append(time.time() - start)
        return statistics.median(took)

    def close(self):
        self.student.server("DELETE", f"sessions/{self.session}")
