"""The project's Rust kernel with and without transparent huge pages for evcxr's allocator
(mimalloc's MIMALLOC_ALLOW_THP): time and CPU seconds until the kernel answers, time to
notebook 01's first board (`:dep` and `Board::new()`), and the kernel's resident memory there.
Trials alternate, so both see the same machine.

    .venv/bin/python scripts/kernel_thp.py [TRIALS]      (after the README's first command)

The kernel spec (scripts/setup.sh, prepare_notebook_builds) and the class's kernel wrapper
(scripts/class/rust-kernel) set MIMALLOC_ALLOW_THP=0 because of what this prints.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

from jupyter_client import KernelManager

ROOT = Path(__file__).resolve().parent.parent


def one(allow):
    manager = KernelManager(kernel_name="rust")
    env = {**os.environ, **manager.kernel_spec.env, "MIMALLOC_ALLOW_THP": allow}
    started = time.time()
    manager.start_kernel(env=env, cwd=str(ROOT / "notebooks"), stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    try:
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=120)
        ready = time.time() - started
        pid = manager.provisioner.process.pid
        ready_cpu = cpu(pid)
        for code in (':dep magic-tictactoe = { path = ".." }\nuse magic_tictactoe::prelude::*;', "Board::new()"):
            reply = client.execute_interactive(code, timeout=120, output_hook=lambda _: None)
            if reply["content"]["status"] != "ok":
                sys.exit(f"kernel_thp.py: the cell failed: {code!r}")
        board = time.time() - started
        resident = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                        if line.startswith("VmRSS")) // 1024
        client.stop_channels()
    finally:
        manager.shutdown_kernel(now=True)
    return ready, ready_cpu, board, resident


def cpu(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print("| huge pages | kernel answers | its CPU s | first board | kernel's resident memory |")
    print("| --- | --- | --- | --- | --- |")
    for _ in range(trials):
        for allow in ("1", "0"):
            ready, ready_cpu, board, resident = one(allow)
            print(f"| {'allowed' if allow == '1' else 'off'} | {ready:.2f} s | {ready_cpu:.2f} | "
                  f"{board:.2f} s | {resident} MB |", flush=True)


if __name__ == "__main__":
    main()
