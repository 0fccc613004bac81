"""The lesson's start: the class warmed before the bell, a student back straight after logging out, her own notebook, JupyterLab's light theme, and its files from one URL for the whole class."""

import re
import subprocess
import time

import requests

from checks import check
from class_harness import DEFAULTS, available_mb, container
from class_load import HEADER, drive, return_in_browser, summary
from hubclient import NOTEBOOK
from own_notebook_test import served_from_cache, settings_found
from classtest.common import CLASS_HOME, ROOT, STUDENTS, rust


def warm_class(hub):
    """`class.sh warm` before the bell: each student's notebook 01 then opens on the kernel the
    warm-up started, which has already loaded the crate."""
    started, before = time.time(), available_mb()
    warmed = subprocess.run([str(ROOT / "scripts" / "class.sh"), "warm"], env=hub.env(),
                            capture_output=True, text=True)
    check(warmed.returncode == 0,
          f"class.sh warm warms the class of {len(STUDENTS)} ({time.time() - started:.0f} s) "
          f"{'' if warmed.returncode == 0 else (warmed.stdout + warmed.stderr)[-500:]}")
    students = [hub.student(name) for name in STUDENTS]
    warm = {}
    for student in students:
        student.log_in()
        sessions = [s for s in student.server("GET", "sessions").json() if s.get("path") == NOTEBOOK]
        if sessions:
            warm[student.name] = sessions[0]["id"]
    check(len(warm) == len(STUDENTS), f"... every student's notebook 01 has a kernel waiting ({sorted(warm)})")
    again = subprocess.run([str(ROOT / "scripts" / "class.sh"), "warm", STUDENTS[0]], env=hub.env(),
                           capture_output=True, text=True)
    check(again.returncode == 0, "class.sh warm again leaves a warm kernel as it is")
    results, failures = drive(hub, STUDENTS, before=before)
    attached = {name: result["session"] for name, result in results.items()}
    check(not failures and attached == warm,
          f"at the bell, each student's notebook 01 runs on their warm kernel to the first board {failures or ''}")
    print("     " + HEADER)
    print("     " + summary(len(STUDENTS), results, failures) + " (warm)")
    stranger = subprocess.run([str(ROOT / "scripts" / "class.sh"), "warm", "not-a-student"], env=hub.env(),
                              capture_output=True, text=True)
    check(stranger.returncode != 0 and "not in the class" in stranger.stderr,
          f"class.sh warm says so of a name not in the class ({stranger.stderr.strip()!r})")


def comes_straight_back(hub):
    """In Chromium, with one browser profile kept (a school computer), a student logs out while
    Run All is still running and logs straight back in: JupyterLab must show the kernel idle and
    Run All draw a new board. (With zeromq 0.6.0's PUB the kernel stayed busy for good:
    kernel/README.md.)"""
    carol = hub.student("mt-carol")
    carol.log_in()
    try:
        result = return_in_browser(carol)
        check(True, f"a student who logs out during Run All and logs straight back in sees the kernel idle "
                    f"{result['idle']:.1f} s and a new board {result['board']:.1f} s after 'Sign in' (Chromium)")
    except Exception as error:  # the check says what went wrong; the run goes on
        check(False, f"a student who logs out during Run All and logs straight back in: {str(error).splitlines()[0]}")


def own_notebook(hub, student):
    """A notebook the student makes outside notebooks/ finds the notebooks' evcxr settings and
    takes the crate from the compile cache (no evcxr.toml is beside it)."""
    crate = f"{DEFAULTS['STUDENT_CLASS_HOME'] if hub.containers else CLASS_HOME}/crate"
    notebook = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    student.server("PUT", "contents/mine.ipynb", json={"type": "notebook", "content": notebook})
    session, kernel = student.open_notebook("mine.ipynb")
    try:
        outputs = student.run(kernel, [":cache", f':dep magic-tictactoe = {{ path = "{crate}" }}\n'
                                       "use magic_tictactoe::prelude::*;", "Board::new()", ":cache"])
    finally:
        student.server("DELETE", f"sessions/{session}")
    texts = ["".join(text for _, text in cell) for cell in outputs]
    shown = len(outputs) == 4 and any(kind == "html" for kind, _ in outputs[2])
    check(shown and settings_found(texts[-1]) and served_from_cache(texts[0], texts[-1]),
          f"a student's own notebook outside notebooks/ shows a board, with the crate from the compile cache ({texts[-1:]!r})")


def light_lab(student):
    """The student's JupyterLab runs with the class's settings (scripts/class/jupyter): no
    language-server extension, no news pop-up; and their kernel without transparent huge pages."""
    lsp = student.api("GET", f"/user/{student.name}/lsp/status")
    page = student.api("GET", f"/user/{student.name}/lab", allow_redirects=False)
    check(lsp.status_code == 404 and page.status_code == 200
          and "@jupyterlab/apputils-extension:announcements" in page.text,
          f"the students' JupyterLab has the class's settings (language server off: HTTP {lsp.status_code}; "
          f"page HTTP {page.status_code}, news off: {'announcements' in page.text})")
    answer = rust(student, 'println!("{}", std::env::var("MIMALLOC_ALLOW_THP").unwrap_or_default());')
    check(answer == "0", f"... and the kernel's allocator takes no transparent huge pages (MIMALLOC_ALLOW_THP={answer!r})")
    ident = container(student.name)
    if ident:
        logs = subprocess.run(["docker", "logs", ident], capture_output=True, text=True)
        check("kernel_watch: asking idle kernels" in logs.stdout + logs.stderr,
              "... and the student's server watches its kernels, replacing one that stops answering (kernel_watch)")


def lab_files_from_one_url(student):
    """Every student's JupyterLab asks for its own files at the class's one URL
    (/services/lab-static/, scripts/class/lab_static.py), which serves them to anyone, with a
    cache of years: a shared computer's browser then has them for every student, not only the
    one who first loaded them under /user/NAME/."""
    page = student.api("GET", f"/user/{student.name}/lab", allow_redirects=False)
    config = re.search(r'"fullStaticUrl": "([^"]*)"', page.text)
    main = re.search(r'<script [^>]*src="(/services/lab-static/main\.[0-9a-f]+\.js\?v=[0-9a-f]+)"', page.text)
    served = requests.get(f"{student.base}{main.group(1)}", timeout=60, verify=False) if main else None
    cache = served.headers.get("Cache-Control", "") if served is not None else ""
    years = re.search(r"max-age=(\d+)", cache)
    check(config and config.group(1) == "/services/lab-static" and served is not None
          and served.status_code == 200 and "jupyterlab" in served.text[:5000].lower()
          and years and int(years.group(1)) >= 365 * 86400,
          f"the students' JupyterLab loads its files from the class's one URL, cached for a year or more, "
          f"no login asked (fullStaticUrl {config and config.group(1)!r}, its main script "
          f"{main and main.group(1)!r}: HTTP {served.status_code if served is not None else '-'}, "
          f"Cache-Control {cache!r})")
