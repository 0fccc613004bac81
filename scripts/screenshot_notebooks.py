"""Look at what the notebooks show: export each (with its saved outputs) to HTML in the light
and the dark theme, and take a full-page screenshot of each with headless Chromium.

    .venv/bin/python scripts/screenshot_notebooks.py OUT_DIR [name-filter ...]
    .venv/bin/python scripts/screenshot_notebooks.py --exported DIR OUT_DIR [name-filter ...]

With --exported, it takes the pages run_notebooks.py --html wrote in DIR (both themes; with
--scale 1.5, the projector size) instead of exporting the saved outputs.

Needs Debian's `chromium` (apt-get install chromium). Writes OUT_DIR/<notebook>-<theme>.html and
.png. Run scripts/run_notebooks.py --write first so the saved outputs are fresh.
"""

import pathlib
import shutil
import subprocess
import sys
import tempfile

import nbformat
from nbconvert import HTMLExporter

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    # Let timers run before the picture is taken, so a clickable board shows the computer's
    # opening move rather than "The computer is thinking...".
    "--virtual-time-budget=5000",
]


def shoot(chromium, html, png):
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--window-size=1100,16000",
             f"--screenshot={png}", html.as_uri()],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    print(png)


def main():
    args = sys.argv[1:]
    exported = None
    if args[:1] == ["--exported"] and len(args) >= 3:
        exported, args = pathlib.Path(args[1]), args[2:]
    if not args:
        print(__doc__)
        return 2
    out = pathlib.Path(args[0])
    out.mkdir(parents=True, exist_ok=True)
    words = args[1:]
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if exported is not None:
        for html in sorted(exported.glob("*.html")):
            if not words or any(word in html.name for word in words):
                shoot(chromium, html, out / (html.stem + ".png"))
        return 0
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if words and not any(word in path.name for word in words):
            continue
        nb = nbformat.read(path, as_version=4)
        for theme in ("light", "dark"):
            body, _ = HTMLExporter(theme=theme).from_notebook_node(nb)
            html = out / f"{path.stem}-{theme}.html"
            html.write_text(body, encoding="utf-8")
            if chromium is None:
                continue
            png = out / f"{path.stem}-{theme}.png"
            with tempfile.TemporaryDirectory() as profile:
                subprocess.run(
                    [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--window-size=1100,16000",
                     f"--screenshot={png}", html.as_uri()],
                    check=True,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            print(png)
    if chromium is None:
        print("chromium not found: wrote HTML only", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
