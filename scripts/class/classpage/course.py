"""The course's notebooks and their exercises, and bringing a student's notebook (or one
exercise's cells) back as the course has it."""

import datetime
import json
import os
import re
from pathlib import Path

from classadmin.homes import exists_in, folder_in, read_in, write_in

from .settings import COURSE, WORK, home

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


def course_cells(notebook):
    try:
        return json.loads((COURSE / notebook).read_text())["cells"]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def exercise_number(notebook, exercise):
    """The number of the course notebook's exercise that a record's `exercise` names: the
    number itself (a numbered exercise's checks give it), or, for a checking call such as
    check_win_test, the exercise whose cells make that call; None when neither is found."""
    if exercise.isdigit():
        return int(exercise)
    if not exercise.startswith("check_"):
        return None
    call = exercise.split()[0] + "("
    cells = course_cells(notebook)
    where = {cell.get("id"): cell_text(cell) for cell in cells}
    for number, _, ids in exercises({"cells": cells}):
        if any(call in where.get(i, "") for i in ids):
            return number
    return None


def exercises_heading(notebook, exercise):
    """The anchor JupyterLab gives the heading over exercise `exercise` (a record's: a number or
    a checking call) of the course notebook, else the first heading that names exercises."""
    cells = course_cells(notebook)
    number = exercise_number(notebook, exercise)
    cell_ids = next((ids for n, _, ids in exercises({"cells": cells}) if n == number), [])
    heading, first = "", ""
    for cell in cells:
        text = cell_text(cell)
        if cell.get("cell_type") == "markdown":
            for line in text.splitlines():
                if line.startswith("#"):
                    heading = line.lstrip("#").strip()
                    if not first and heading.lower().startswith("exercise"):
                        first = heading
        if cell.get("id") in cell_ids and heading:
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
