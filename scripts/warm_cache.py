"""Runs the first code cells of a notebook through the Rust kernel and fails on an error, so
that evcxr's compile cache holds the crate and its dependencies: the class set-up
(setup.sh's warm_class_cache) and the Binder image (warm_notebook_cache) run notebook 01's
first cells once, and a learner's first :dep then compiles nothing.

Usage: python warm_cache.py NOTEBOOK [CELLS]   (the kernel "rust" must be on Jupyter's path)
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def main():
    path = Path(sys.argv[1])
    cells = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"][:cells]
    notebook.cells = code
    client = NotebookClient(notebook, timeout=600, kernel_name="rust",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                sys.exit(f"{path.name}: {output.get('ename')}: {output.get('evalue')}")
    print(f"ok   warmed the compile cache with {path.name}'s first {len(code)} cells")


if __name__ == "__main__":
    main()
