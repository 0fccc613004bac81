"""How long learners wait: run each notebook from a cold Rust kernel and time it.

For each notebook, prints the seconds the kernel took to start, the seconds from kernel start
to the first rendered board (the first HTML output), the median and the slowest cell, and the
total. Budget on a 2-core machine: first board within 10 s of kernel start, median cell at most
0.5 s.

    .venv/bin/python scripts/notebook_latency.py [name-filter ...]
"""

import pathlib
import statistics
import subprocess
import sys
import time

import nbformat
from jupyter_client.manager import start_new_kernel

ROOT = pathlib.Path(__file__).resolve().parent.parent


def time_notebook(path):
    nb = nbformat.read(path, as_version=4)
    started = time.monotonic()
    manager, client = start_new_kernel(
        kernel_name="rust", cwd=str(path.parent), startup_timeout=120, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    kernel_ready = time.monotonic()
    first_html = None
    cell_times = []
    try:
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            cell_start = time.monotonic()
            msg_id = client.execute(cell.source)
            while True:
                msg = client.get_iopub_msg(timeout=300)
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                kind = msg["msg_type"]
                if kind in ("display_data", "execute_result") and "text/html" in msg["content"].get("data", {}):
                    if first_html is None:
                        first_html = time.monotonic()
                if kind == "error":
                    raise RuntimeError(f"{path.name}: {msg['content'].get('evalue')}")
                if kind == "status" and msg["content"]["execution_state"] == "idle":
                    break
            cell_times.append(time.monotonic() - cell_start)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    total = time.monotonic() - started
    return {
        "kernel start": kernel_ready - started,
        "first board": (first_html - kernel_ready) if first_html else float("nan"),
        "median cell": statistics.median(cell_times),
        "slowest cell": max(cell_times),
        "cells": len(cell_times),
        "total": total,
    }


def main():
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if len(sys.argv) > 1:
        paths = [p for p in paths if any(word in p.name for word in sys.argv[1:])]
    print(f"{'notebook':<34} {'kernel start':>12} {'first board':>12} {'median cell':>12} {'slowest':>8} {'cells':>6} {'total':>7}")
    for path in paths:
        t = time_notebook(path)
        print(
            f"{path.name:<34} {t['kernel start']:>11.1f}s {t['first board']:>11.1f}s {t['median cell']:>11.2f}s "
            f"{t['slowest cell']:>7.1f}s {t['cells']:>6} {t['total']:>6.1f}s",
            flush=True,
        )


if __name__ == "__main__":
    main()
