"""Run every notebook in notebooks/ through the real Rust kernel and check what it shows, then the
lessons in tests/lessons/: teachers' notebooks written against an older API of the crate, which
must still compile and run unchanged (their outputs are never written back).

A notebook fails on a compile error or any error output, on a panic (the Rust kernel prints
panics to stderr without failing the cell), when it rendered no HTML at all, and (one of
notebooks/, not an older lesson) when a cell names something deprecated.

After a notebook's Run All, every answer cell (one that checks a numbered exercise) is run again
in the same kernel, as a student goes back to an answer: with the teacher's guide's answer, which
must be right, then with two wrong ones, which must not, the second bringing a numeric
exercise's closer hint; each verdict must name its own exercise, and the progress file a class
kernel writes must file each under that exercise's number (and nothing for the notebook's own 0,
which is no try). An
answer cell that checked a variable a later cell redefines fails here.

    python scripts/run_notebooks.py              # check every notebook
    python scripts/run_notebooks.py 01           # only notebooks whose name contains "01"
    python scripts/run_notebooks.py --write      # also save the outputs into the notebooks
    python scripts/run_notebooks.py --html DIR   # also export each run to DIR as HTML, in the
                                                 # light theme and (NAME-dark.html) the dark one
    python scripts/run_notebooks.py --scale 1.5 --html DIR   # every picture at projector size
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import sys
import tempfile
import time
import uuid

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = ROOT / "tests" / "lessons"
# The Debug text of one of the crate's values, such as `SearchTree { nodes: ...` or
# `Board("XOX/O.O/.X.")`, where the picture should be. `Ok(`, `Err(` and `Some(` around a
# plain value (a list of moves and values, say) are Rust's own, and that value has no picture.
DEBUG_TEXT = re.compile(r"^(Ok\()?(?!(Ok|Err|Some)\()[A-Z][A-Za-z]+ ?[{(]")
PANIC_MARKERS = ("panicked at", "thread 'main' panicked", "Child process terminated")
GUIDE = ROOT / "docs" / "teaching.md"
# A cell that checks a numbered exercise: `exercise_2.check(0)`, or a chain ending in
# `.numbered(2).check(my_count)`; the number, and the checked answer's place.
ANSWER_CELL = re.compile(r"(?:\bexercise_(\d+)|\.numbered\((\d+)\))\.check\(([^()]*)\)\s*$")


def guide_answers():
    """The teacher's guide's answer to each exercise, by its label: {"01.1": "9", ...}."""
    text = GUIDE.read_text(encoding="utf-8")
    return dict(re.findall(r"\((\d\d\.\d+)\): \*\*(-?\d+)\*\*", text))


def unnamed_answers(nb):
    """Cells that check an exercise without naming its number (`exercise.check(...)`): they
    check whatever `exercise` a later cell made last."""
    return [f"cell {index}: an answer cell that does not name its exercise ({cell.source.strip()[:60]!r}): "
            "number the exercise (.numbered(N)) and check exercise_N"
            for index, cell in enumerate(nb.cells)
            if cell.cell_type == "code" and ".check(" in cell.source and "Exercise" in nb_text_before(nb, index)
            and not ANSWER_CELL.search(cell.source) and "check_" not in cell.source.split(".check(")[0][-12:]]


def nb_text_before(nb, index):
    return "".join(c.source for c in nb.cells[:index + 1] if c.cell_type == "code")


def answer_cells(nb):
    """(cell index, exercise number, the cell's source with the answer left as {}) for each
    answer cell of a notebook."""
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        match = ANSWER_CELL.search(cell.source)
        if match:
            number = int(match.group(1) or match.group(2))
            template = cell.source[:match.start(3)].replace("{", "{{").replace("}", "}}") + "{}" \
                + cell.source[match.end(3):].replace("{", "{{").replace("}", "}}")
            found.append((index, number, template))
    return found


def problems_in(nb, lesson=False):
    """Every error output, panic and warning-free failure in an executed notebook; in one of the
    project's own notebooks (not an older lesson), a warning that it names something deprecated."""
    found = []
    html_outputs = 0
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            kind = output.get("output_type")
            if kind == "error":
                found.append(f"cell {index}: error output: {output.get('ename')}: {output.get('evalue')}")
            elif kind == "stream":
                text = output.get("text", "")
                if any(marker in text for marker in PANIC_MARKERS):
                    found.append(f"cell {index}: panic: {text.strip()[:300]}")
                elif "use of deprecated" in text and not lesson:
                    found.append(f"cell {index}: names something deprecated: {text.strip()[:300]}")
            elif kind in ("display_data", "execute_result"):
                data = output.get("data", {})
                if "text/html" in data:
                    html_outputs += 1
                elif kind == "execute_result" and DEBUG_TEXT.match(data.get("text/plain", "")):
                    # The kernel calls a value's evcxr_display; when that fails to compile (the
                    # first `?` of a session in a cell's last expression does), it quietly
                    # prints the value's Debug text instead of its picture.
                    found.append(f"cell {index}: a picture fell back to its Debug text: {data['text/plain'][:120]}")
                for value in data.values():
                    if isinstance(value, str) and any(marker in value for marker in PANIC_MARKERS):
                        found.append(f"cell {index}: panic in output: {value.strip()[:300]}")
    if html_outputs == 0:
        found.append("no cell rendered HTML")
    return found, html_outputs


def merge_streams(nb):
    """Joins consecutive stream outputs of one kind, as Jupyter shows them, for a tidy file."""
    for cell in nb.cells:
        merged = []
        for output in cell.get("outputs", []):
            last = merged[-1] if merged else None
            if (
                last is not None
                and output.get("output_type") == "stream"
                and last.get("output_type") == "stream"
                and last.get("name") == output.get("name")
            ):
                last["text"] += output["text"]
            else:
                merged.append(output)
        if cell.cell_type == "code":
            cell.outputs = merged


def number_results(nb):
    """Gives each result the number of its cell.

    evcxr counts its results one ahead of the execution count its replies carry (which nbclient
    gives the cell), so a saved notebook would show In [2] beside Out [3].
    """
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "execute_result":
                output["execution_count"] = cell.get("execution_count")


def result_text(cell):
    return " ".join(o.get("data", {}).get("text/plain", "") for o in cell.get("outputs", [])
                    if o.get("output_type") == "execute_result")


BOARD_TEXT = re.compile(r'"([XO.]{3}/[XO.]{3}/[XO.]{3})"')


def hint_problems(nb, number, said):
    """What is wrong with the hint a wrong answer to exercise `number` gave (`said`): a board
    it names that is not the exercise's own."""
    made = next((c.source for c in nb.cells if c.cell_type == "code"
                 and re.search(rf"\bexercise_{number}\s*=|\.numbered\({number}\)", c.source)), "")
    constructor = re.search(r"Exercise::(\w+)\(([^;]*)", made)
    if not constructor:
        return []
    found = []
    own = BOARD_TEXT.findall(constructor.group(2))
    named = BOARD_TEXT.findall(said.replace('\\"', '"'))
    if named and set(named) != set(own):
        found.append(f"exercise {number}'s hint names the board(s) {named}, not its own {own}")
    return found


def answers_again(client, path, progress):
    """Runs every answer cell of the executed notebook again in its kernel, with the guide's
    answer and then a wrong one (see the module's doc); returns the problems found."""
    found = unnamed_answers(client.nb)
    known = guide_answers()
    before = len(progress.read_text().splitlines()) if progress.exists() else 0
    expected = []
    prefix = path.name[:2]
    for index, number, template in answer_cells(client.nb):
        label = f"{prefix}.{number}"
        if label not in known:
            found.append(f"cell {index}: the teacher's guide gives no answer to exercise {label}")
            continue
        right = known[label]
        # Two wrong answers (never the 0 a notebook sets its exercises with, which counts as no
        # try): the second must bring a numeric exercise's closer hint.
        wrong = [str(int(right) + 1000), str(int(right) + 2000)]
        for answer, should_be_right in ((right, True), (wrong[0], False), (wrong[1], False)):
            # Run as a cell after the notebook's last (nbclient writes it back there), then taken
            # away again: the notebook saved and exported is the notebook as it is.
            client.nb.cells.append(nbformat.v4.new_code_cell(template.format(answer)))
            try:
                cell = client.execute_cell(client.nb.cells[-1], len(client.nb.cells) - 1)
            finally:
                client.nb.cells.pop()
            said = result_text(cell)
            verdict = "Right!" in said if should_be_right else "Not yet." in said
            named = f"Exercise {number} of {prefix}" in said
            if not (verdict and named):
                found.append(f"cell {index} run again with {answer} (the guide's {'right' if should_be_right else 'wrong'} "
                             f"answer) shows {said[:200]!r}: wanted {'Right!' if should_be_right else 'Not yet.'} "
                             f"under Exercise {number} of {prefix}")
            if not should_be_right:
                found += hint_problems(client.nb, number, said)
            if answer == wrong[1] and "is not it." in said and "A closer hint: " not in said:
                found.append(f"cell {index}: a second wrong answer to exercise {label} gave no closer hint: {said[:200]!r}")
            expected.append((str(number), should_be_right))
    lines = progress.read_text().splitlines()[before:] if progress.exists() else []
    filed = []
    for line in lines:
        try:
            record = json.loads(line)
            filed.append((record["exercise"], record["right"]))
        except (ValueError, KeyError):
            filed.append((line[:80], None))
    if filed != expected:
        found.append(f"the progress file filed the answers again as {filed}, not as {expected}")
    return found, len(expected)


def run(path, write, html_dir, timeout, scale=None):
    nb = nbformat.read(path, as_version=4)
    if scale is not None:
        # Every picture drawn at `scale` (as a teacher's render::set_scale does), for looking at
        # projector sizes: an extra cell after the first, never written back.
        setting = nbformat.v4.new_code_cell(f"render::set_scale({scale});")
        nb.cells.insert(next(i for i, c in enumerate(nb.cells) if c.cell_type == "code") + 1, setting)
        write = False
    client = NotebookClient(
        nb,
        kernel_name="rust",
        timeout=timeout,
        startup_timeout=120,
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    # The kernel runs as a class kernel does: Jupyter names its notebook, and its checks go to a
    # progress file (the crate writes one only where this variable names it). Its temporary
    # folder is one of the run's own, removed with what the kernel left in it (a scale's file).
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="magic-tictactoe-run-"))
    progress = scratch / "progress.jsonl"
    saved = {name: os.environ.get(name) for name in ("MAGIC_TICTACTOE_PROGRESS", "JPY_SESSION_NAME", "TMPDIR")}
    os.environ["MAGIC_TICTACTOE_PROGRESS"] = str(progress)
    os.environ["TMPDIR"] = str(scratch)
    os.environ["JPY_SESSION_NAME"] = str(path)
    start = time.monotonic()
    again = []
    try:
        with client.setup_kernel():
            # What client.execute() does, with the answers run again before the kernel stops.
            info = client.wait_for_reply(client.kc.kernel_info())
            if info is not None and "language_info" in info["content"]:
                nb.metadata["language_info"] = info["content"]["language_info"]
            for index, cell in enumerate(nb.cells):
                client.execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
            if scale is None:
                again, _ = answers_again(client, path, progress)
    except (CellExecutionError, CellTimeoutError, DeadKernelError) as error:
        return [f"execution stopped: {str(error).strip()[:2000]}"], time.monotonic() - start, 0
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(scratch, ignore_errors=True)
    elapsed = time.monotonic() - start
    problems, html_outputs = problems_in(nb, lesson=path.parent == LESSONS)
    problems += again
    merge_streams(nb)
    number_results(nb)
    if write and not problems:
        # A cell tagged "reveal" is saved without its output: Pick 15's magic square is seen
        # only when a student runs the cell, after playing the game blind.
        saved = nbformat.from_dict(json.loads(nbformat.writes(nb)))
        for cell in saved.cells:
            if cell.cell_type == "code" and "reveal" in cell.get("metadata", {}).get("tags", []):
                cell.outputs = []
                cell.execution_count = None
        nbformat.write(saved, path)
    if html_dir is not None:
        from nbconvert import HTMLExporter

        html_dir.mkdir(parents=True, exist_ok=True)
        for theme, suffix in (("light", ""), ("dark", "-dark")):
            body, _ = HTMLExporter(theme=theme).from_notebook_node(nb)
            (html_dir / (path.stem + suffix + ".html")).write_text(body, encoding="utf-8")
    return problems, elapsed, html_outputs


def executed(cells, timeout):
    """A notebook of `cells` after a first cell that brings in the crate, run in the real kernel."""
    nb = nbformat.v4.new_notebook()
    first = ':dep magic-tictactoe = { path = ".." }\nuse magic_tictactoe::prelude::*;'
    nb.cells = [nbformat.v4.new_code_cell(source) for source in [first, *cells]]
    client = NotebookClient(nb, kernel_name="rust", timeout=timeout, startup_timeout=120,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    return nb


def scale_holds_across_cells(timeout):
    """Whether `render::set_scale` in one cell sizes the pictures of the cells after it. The kernel
    links the crate into each cell's code separately, so a setting kept only in a static would
    not: a teacher's `render::projector()` would do nothing. Runs a three-cell notebook."""
    nb = executed(["render::set_scale(2.0);", "Board::new()", "render::set_scale(1.0);", "Board::new()"], timeout)
    sizes = []
    for index in (2, 4):
        html = "".join(o.get("data", {}).get("text/html", "") for o in nb.cells[index].get("outputs", []))
        sizes.append(sorted({int(n) for n in re.findall(r"font-size:(\d+)px", html)}))
    # The card's text is 15 px at the normal size: 30 px at twice the size.
    return 30 in sizes[0] and 15 not in sizes[0] and 15 in sizes[1], sizes


def deprecated_names_warn(timeout):
    """Whether a cell that compiles, but names something deprecated, shows the compiler's warning
    (the kernel as published keeps warnings only when a cell fails to compile: kernel/README.md),
    once, in that cell only: not again in later cells that use an item it defined. Runs a
    five-cell notebook; the crate's `Board::play` is deprecated in favour of `try_play`."""
    # The kernel's compile cache (`:cache`, notebooks/evcxr.toml) serves a cell it has compiled
    # before without running the compiler, and so without its warnings: each run's cells are new.
    run = f"// run {uuid.uuid4().hex}\n"
    nb = executed([run + cell for cell in [
        "fn centre_of(board: Board) -> Board { board.play(5) }",
        "centre_of(Board::new())",
        "Board::new().try_play(5).unwrap()",
        "let corner = Board::new().play(1);\ncorner",
    ]], timeout)
    warned = []
    for cell in nb.cells[1:]:
        text = "".join(o.get("text", "") for o in cell.get("outputs", [])
                       if o.get("output_type") == "stream" and o.get("name") == "stderr")
        warned.append(text.count("use of deprecated method `magic_tictactoe::Board::play`: use `try_play`"))
    return warned == [1, 0, 0, 1], warned


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", help="run only notebooks whose file name contains one of these")
    parser.add_argument("--write", action="store_true", help="save the outputs into the notebooks")
    parser.add_argument("--html", type=pathlib.Path, help="export each executed notebook to this folder as HTML")
    parser.add_argument("--timeout", type=int, default=300, help="seconds one cell may take")
    parser.add_argument("--scale", type=float, help="draw every picture at this scale (1.5 for a projector); implies no --write")
    args = parser.parse_args()

    paths = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(LESSONS.glob("*.ipynb"))
    if args.only:
        paths = [p for p in paths if any(word in p.name for word in args.only)]
    if not paths:
        print("no notebooks found", file=sys.stderr)
        return 1

    passed, failed = 0, 0
    for path in paths:
        lesson = path.parent == LESSONS
        problems, elapsed, html_outputs = run(path, args.write and not lesson, None if lesson else args.html,
                                              args.timeout, args.scale)
        if problems:
            failed += 1
            print(f"FAIL {path.name} ({elapsed:.1f} s)")
            for problem in problems:
                print(f"     {problem}")
        else:
            passed += 1
            print(f"ok   {path.name} ({elapsed:.1f} s, {html_outputs} HTML outputs)")
        sys.stdout.flush()
    if not args.only and args.scale is None:
        ok, sizes = scale_holds_across_cells(args.timeout)
        print(f"{'ok  ' if ok else 'FAIL'} render::set_scale in one cell sizes the next cells' pictures (font sizes {sizes})")
        passed, failed = passed + ok, failed + (not ok)
        ok, warned = deprecated_names_warn(args.timeout)
        print(f"{'ok  ' if ok else 'FAIL'} a cell naming a deprecated call shows the compiler's warning, once (warnings by cell: {warned})")
        passed, failed = passed + ok, failed + (not ok)
    print(f"notebooks: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
