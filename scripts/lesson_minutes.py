"""How long each lesson takes a class of 14 to 18 year olds doing every exercise, estimated from
the notebooks themselves, and whether the teacher's guide (docs/teaching.md) says the same.

The estimate counts what a student does in a lesson, at rates a teacher can argue with:

- reading: every word of the markdown cells, at 100 words a minute (careful reading of technical
  text, with the code beside it; silent reading of plain prose is faster), and every word of the
  code cells at 50 (code is read slowly, a line at a time);
- running: every code cell, half a minute to run it and look at what it shows, and half a minute
  more for a cell that draws a picture (a board, a tree, a table) to be studied; a stepper's
  cell (`.step()`), which the notebook asks to run again and again, 3 minutes;
- exercises: 5 minutes for each exercise with an answer worked out by hand, 10 for one where the
  student writes or changes code (a check of the student's own function, a gap to fill, the
  Challenge, or an exercise in the text that asks to write, change or make something), 4 for
  each block of "Questions" the class talks over. An exercise set in the text ("**2.**") and
  checked in a cell counts once.

A notebook with a "Second lesson" heading is two lessons, split there. The guide's heading for
each notebook ("## 08. ... (two lessons: 45 and 40 minutes)") must give the estimate rounded to
5 minutes; the script says where it does not.

    python scripts/lesson_minutes.py            # the table, and the guide's figures beside it
    python scripts/lesson_minutes.py --check    # exit 1 where the guide differs
"""

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS_A_MINUTE = 100
CODE_WORDS_A_MINUTE = 50
RUN_A_CELL = 0.5
STUDY_A_PICTURE = 0.5
STEPPING = 3
BY_HAND = 5
WRITING_CODE = 10
QUESTIONS = 4

CHECKED = re.compile(r"\bexercise_(\d+)\.check\(")
TEXT_EXERCISE = re.compile(r"\*\*(\d+)\.\*\*([^*]*)|\*\*Challenge\.\*\*")
WRITING = re.compile(r"\b(Write|write|Change|change|Make|make|Code|code|Program|program)\b")
OWN_CODE = re.compile(r"\bcheck_\w+\(|SearchCheck::|// the gap|// Replace")


def lessons(notebook):
    """[(counts, minutes)] for each lesson of `notebook`: one, or two where it has a "Second
    lesson" heading; counts are what minutes() adds up."""
    cells = json.loads(notebook.read_text())["cells"]
    current = dict.fromkeys(("words", "code_words", "cells", "stepping", "pictures", "by_hand", "own_code",
                             "questions"), 0)
    parts = [current]
    set_in_text = []  # the exercises the last text cell set, not yet matched to a code cell
    checked = {int(number) for cell in cells if cell["cell_type"] == "code"
               for number in CHECKED.findall("".join(cell["source"]))}
    for cell in cells:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if re.match(r"#\s+Second lesson", text):
                current = dict.fromkeys(current, 0)
                parts.append(current)
            current["words"] += len(re.findall(r"[A-Za-z0-9][\w'.,-]*", text))
            current["questions"] += len(re.findall(r"\*\*Questions?\.?\*\*", text))
            set_in_text = []
            for item in TEXT_EXERCISE.finditer(text):
                if item.group(1) is None:
                    set_in_text.append("own_code")  # the Challenge
                elif int(item.group(1)) not in checked:
                    set_in_text.append("own_code" if WRITING.search(item.group(2)) else "by_hand")
            for kind in set_in_text:
                current[kind] += 1
            continue
        if cell["cell_type"] != "code" or text.startswith(":dep"):
            continue
        current["cells"] += 1
        current["stepping"] += bool(re.search(r"\.step\(\)", text))
        current["code_words"] += len(re.findall(r"\w+", text))
        if any("text/html" in output.get("data", {}) for output in cell.get("outputs", [])):
            current["pictures"] += 1
        if OWN_CODE.search(text):
            current["own_code"] += 1
            # The text's last exercise, just above, is this cell's: counted once.
            if set_in_text:
                current[set_in_text.pop()] -= 1
        elif CHECKED.search(text):
            current["by_hand"] += 1
        set_in_text = []
    return [(part, minutes(part)) for part in parts]


def minutes(part):
    return (part["words"] / WORDS_A_MINUTE + part["code_words"] / CODE_WORDS_A_MINUTE
            + part["cells"] * RUN_A_CELL + part["pictures"] * STUDY_A_PICTURE + part["stepping"] * STEPPING
            + part["by_hand"] * BY_HAND + part["own_code"] * WRITING_CODE + part["questions"] * QUESTIONS)


def rounded(value):
    return int(5 * round(value / 5))


def guide_minutes():
    """{"08": [45, 40], ...}: the minutes each heading of the guide gives."""
    found = {}
    for line in (ROOT / "docs" / "teaching.md").read_text().splitlines():
        heading = re.match(r"## (\d\d)\. .*\((.*)\)$", line)
        if heading:
            found[heading.group(1)] = [int(n) for n in re.findall(r"(\d+)(?= minutes| and)", heading.group(2))]
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 where the guide differs")
    args = parser.parse_args()
    guide = guide_minutes()
    differ = []
    total = 0
    print("| notebook | lesson | words | cells | pictures | by hand | own code | estimate | guide |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for notebook in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        number = notebook.name[:2]
        estimates = lessons(notebook)
        said = guide.get(number, [])
        for index, (part, estimate) in enumerate(estimates):
            total += estimate
            stated = said[index] if index < len(said) else None
            print(f"| {number} | {index + 1} | {part['words']} | {part['cells']} | {part['pictures']} | "
                  f"{part['by_hand']} | {part['own_code']} | {estimate:.0f} ({rounded(estimate)}) | {stated} |")
        if [rounded(estimate) for _, estimate in estimates] != said:
            differ.append(f"{number}: the guide says {said}, the estimate {[rounded(e) for _, e in estimates]}")
    print(f"\nall lessons: {total:.0f} minutes")
    for line in differ:
        print(line)
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
