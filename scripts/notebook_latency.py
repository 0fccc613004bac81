"""How long learners wait: run each notebook from a cold Rust kernel and time it.

For each notebook, prints the seconds the kernel took to start, the seconds from kernel start
to the first rendered board (the first HTML output), the median and the slowest cell, and the
total; first with a cold compilation cache (a new, empty one: every dependency is compiled),
then with the cache that run left behind (what every later kernel gets), the median of three
runs. The learner's own evcxr cache is not touched: the kernels get a cache folder of their own.
Budget on a 2-core machine: first board within 2.5 s of kernel start with a warm cache, median
cell at most 0.2 s.

    .venv/bin/python scripts/notebook_latency.py [--warm-runs N] [name-filter ...]
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import tempfile
import time

import nbformat
from jupyter_client.manager import start_new_kernel

ROOT = pathlib.Path(__file__).resolve().parent.parent


def time_notebook(path, cache_home):
    nb = nbformat.read(path, as_version=4)
    env = dict(os.environ, XDG_CACHE_HOME=str(cache_home))
    started = time.monotonic()
    manager, client = start_new_kernel(
        kernel_name="rust",
        cwd=str(path.parent),
        startup_timeout=120,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
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
    return {
        "kernel start": kernel_ready - started,
        "first board": (first_html - kernel_ready) if first_html else float("nan"),
        "median cell": statistics.median(cell_times),
        "slowest cell": max(cell_times),
        "cells": len(cell_times),
        "total": time.monotonic() - started,
    }


def line(name, cache, t):
    return (
        f"{name:<34} {cache:<5} {t['kernel start']:>11.1f}s {t['first board']:>11.1f}s "
        f"{t['median cell']:>11.2f}s {t['slowest cell']:>7.1f}s {t['cells']:>6} {t['total']:>6.1f}s"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", help="time only notebooks whose file name contains one of these")
    parser.add_argument("--warm-runs", type=int, default=3, help="runs with a warm cache, of which the median is shown")
    args = parser.parse_args()
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if args.only:
        paths = [p for p in paths if any(word in p.name for word in args.only)]
    print(f"{'notebook':<34} {'cache':<5} {'kernel start':>12} {'first board':>12} {'median cell':>12} {'slowest':>8} {'cells':>6} {'total':>7}")
    for path in paths:
        with tempfile.TemporaryDirectory(prefix="mtt-cache-") as cache_home:
            print(line(path.name, "cold", time_notebook(path, cache_home)), flush=True)
            runs = [time_notebook(path, cache_home) for _ in range(max(1, args.warm_runs))]
            median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
            print(line(path.name, "warm", median), flush=True)


if __name__ == "__main__":
    main()
