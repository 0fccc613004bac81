"""Collecting one notebook from every student, without opening their servers: each student's
copy read from their home (as the page reads their records: no link followed, regular files
only), kept on the server in a folder named by the notebook and the time, one file per student,
and handed to the teacher as one zip with a note of who had no copy."""

import datetime
import io
import re
import zipfile
from pathlib import Path

from classadmin.homes import read_in

from .settings import COURSE, HUB, WORK, home

COLLECTED = HUB / "collected"  # in the hub's folder: root only
MOST_BYTES = 32 << 20  # a notebook larger than this (its outputs, most likely) is left out, and said
NOTEBOOK = re.compile(r"notebooks/[\w.-]+\.ipynb")  # a course notebook's path in a student's folder


def collect(notebook, logins):
    """Each student's of `logins` copy of `notebook` (a course notebook's path in their folder):
    the zip's bytes, its file name, and a sentence of what was collected. The copies also go to
    COLLECTED/<notebook> <time>/<student>.ipynb."""
    if not NOTEBOOK.fullmatch(notebook) or not (COURSE / notebook).exists():
        raise ValueError(f"the course has no notebook {notebook}")
    stem = Path(notebook).stem
    when = datetime.datetime.now().strftime("%Y-%m-%d %H.%M.%S")
    COLLECTED.mkdir(parents=True, mode=0o700, exist_ok=True)
    # Two teachers may collect the same notebook in the same second: each gets a folder.
    folder, more = COLLECTED / f"{stem} {when}", 1
    while True:
        try:
            folder.mkdir(mode=0o700)
            break
        except FileExistsError:
            more += 1
            folder = COLLECTED / f"{stem} {when} ({more})"
    got, missing, too_big = [], [], []
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for student in logins:
            where = home(student)
            try:
                data = read_in(where, Path(WORK) / notebook, MOST_BYTES + 1) if where else None
            except OSError:
                data = None
            if data is None:
                missing.append(student)
                continue
            if len(data) > MOST_BYTES:
                too_big.append(student)
                continue
            (folder / f"{student}.ipynb").write_bytes(data)
            archive.writestr(f"{stem}/{student}.ipynb", data)
            got.append(student)
        said = (f"{stem}, collected {when} from {len(got)} of {len(got) + len(missing) + len(too_big)} "
                f"students.")
        if missing:
            said += f" No copy yet: {', '.join(missing)}."
        if too_big:
            said += f" Larger than {MOST_BYTES >> 20} MB, left out: {', '.join(too_big)}."
        archive.writestr(f"{stem}/collected.txt", said + "\n")
    (folder / "collected.txt").write_text(said + "\n")
    return buffer.getvalue(), f"{stem} {when}.zip", said
