"""A learner's own notebook, outside notebooks/, with the project's Rust kernel: it must find the
notebooks' evcxr settings (the kernel spec's EVCXR_CONFIG_DIR) and take the crate and its
dependencies from evcxr's compile cache, as the course notebooks do, instead of compiling them
again (15 to 23 s before the first board, against about 2 s).

The check is on what the kernel reports, not on time: evcxr's `:cache` command shows the cache's
size limit (0, "cache: 0 MiB", when the settings were not found) and its hit count, which must
grow when the crate is loaded. The time to the first board is printed, not asserted.

Run by scripts/test.sh after the notebooks (which fill the cache):

    .venv/bin/python scripts/own_notebook_test.py
"""

import re
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def text_of(cell):
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append(output.get("text", ""))
        elif output.get("output_type") in ("display_data", "execute_result"):
            parts.append(output.get("data", {}).get("text/plain", ""))
        elif output.get("output_type") == "error":
            parts.append(f"{output.get('ename')}: {output.get('evalue')}")
    return "".join(parts)


# The cache size the notebooks' evcxr.toml asks for (its prelude, ":cache N").
CACHE_MIB = re.search(r":cache (\d+)", (ROOT / "notebooks" / "evcxr.toml").read_text()).group(1)


def hits(text):
    found = re.search(r"Hits: (\d+)", text)
    return int(found.group(1)) if found else None


def settings_found(cache_report):
    """Whether evcxr's `:cache` report shows the notebooks' settings (their cache size)."""
    return f"Size limit: {CACHE_MIB} MiB" in cache_report


def served_from_cache(before, after):
    """Whether evcxr's `:cache` hit count grew between two of its reports."""
    return hits(before) is not None and hits(after) is not None and hits(after) > hits(before)


def main():
    failed = []

    def check(ok, what):
        print(f"{'ok  ' if ok else 'FAIL'} {what}")
        if not ok:
            failed.append(what)

    with tempfile.TemporaryDirectory(prefix="my-notebooks-") as folder:
        cells = [":cache",
                 f':dep magic-tictactoe = {{ path = "{ROOT}" }}\nuse magic_tictactoe::prelude::*;',
                 "Board::new()",
                 ":cache"]
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in cells])
        client = NotebookClient(notebook, timeout=600, kernel_name="rust",
                                resources={"metadata": {"path": folder}})
        with client.setup_kernel():
            client.execute_cell(notebook.cells[0], 0)
            started = time.time()
            for index in range(1, len(cells)):
                client.execute_cell(notebook.cells[index], index)
                if index == 2:
                    board_after = time.time() - started
        before, after = text_of(notebook.cells[0]), text_of(notebook.cells[3])
        errors = [text_of(cell) for cell in notebook.cells
                  if any(o.get("output_type") == "error" for o in cell.get("outputs", []))]
        check(not errors, f"a notebook in {folder} loads the crate and shows a board {errors or ''}")
        html = [o for o in notebook.cells[2].get("outputs", []) if "text/html" in o.get("data", {})]
        check(bool(html), "... as HTML")
        check(settings_found(after),
              f"... with the notebooks' evcxr settings, though no evcxr.toml is beside it ({after.strip()!r})")
        check(served_from_cache(before, after),
              f"... taking the crate and its dependencies from the compile cache (hits {hits(before)} -> {hits(after)})")
        print(f"     its first board came {board_after:.1f} s after the :dep cell started")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
