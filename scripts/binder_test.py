"""Runs the Binder image's set-up (binder/postBuild, then binder/start) here, without a
container, as repo2docker would run it: as a user whose home is empty, in the repository. This
machine has no container runtime, so the image itself is not built; everything in it that can run
outside one is checked: the kernel is registered where the image's Jupyter looks, its build
folder is set, evcxr's cache holds the compiled crate, and the first board then comes from it.

Usage: python scripts/binder_test.py   (the test command runs it)
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main():
    problems = []
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home)
        # The toolchain stays where this machine has it; Binder's would be in its own home.
        env.setdefault("RUSTUP_HOME", str(Path.home() / ".rustup"))
        env.setdefault("CARGO_HOME", str(Path.home() / ".cargo"))
        env["PATH"] = f"{ROOT / '.venv' / 'bin'}:{env['CARGO_HOME']}/bin:{env['PATH']}"
        started = time.time()
        build = subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env,
                               capture_output=True, text=True)
        if build.returncode != 0:
            print(build.stdout[-2000:], build.stderr[-3000:])
            sys.exit(f"binder/postBuild failed with status {build.returncode}")
        built = time.time() - started
        spec_path = Path(home) / ".local" / "share" / "jupyter" / "kernels" / "rust" / "kernel.json"
        if not spec_path.exists():
            problems.append(f"no kernel spec at {spec_path}")
        else:
            spec = json.loads(spec_path.read_text())
            if spec.get("env", {}).get("TMPDIR") != str(ROOT / ".notebook-builds"):
                problems.append(f"the kernel's build folder is not set: {spec.get('env')}")
        cache = Path(home) / ".cache" / "evcxr"
        entries = [p for p in cache.iterdir() if p.is_dir()] if cache.exists() else []
        if len(entries) < 4:
            problems.append(f"evcxr's cache holds {len(entries)} builds, not the crate and its dependencies")
        if ".cargo/env" not in (Path(home) / ".profile").read_text():
            problems.append("a learner's shell does not find cargo")
        start = subprocess.run([str(ROOT / "binder" / "start"), "python3", "-c", "print('started')"],
                               cwd=ROOT, env=env, capture_output=True, text=True)
        if start.returncode != 0 or "started" not in start.stdout:
            problems.append(f"binder/start did not run its command: {start.stderr[-500:]}")
        started = time.time()
        again = subprocess.run([sys.executable, str(ROOT / "scripts" / "warm_cache.py"),
                                str(ROOT / "notebooks" / "01-magic-square.ipynb"), "2"],
                               cwd=ROOT, env=env, capture_output=True, text=True)
        if again.returncode != 0:
            problems.append(f"the first board did not come: {again.stderr[-500:]}")
        first_board = time.time() - started
    for problem in problems:
        print(f"FAIL binder: {problem}")
    if problems:
        sys.exit(1)
    print(f"ok   binder/postBuild ran here in {built:.0f} s (no container); with the cache it "
          f"filled, a new kernel showed notebook 01's first board {first_board:.1f} s after "
          f"it was asked to start")


if __name__ == "__main__":
    main()
