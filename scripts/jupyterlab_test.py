"""Play a clickable board in a live JupyterLab, with the real Rust kernel, in headless Chromium.

    python scripts/jupyterlab_test.py SCREENSHOT_DIR

The browser test (browser_test.py) drives the HTML that nbconvert exports. This one checks the
other place learners click: JupyterLab itself, which renders a kernel's HTML output through its
own sanitizer and runs the output's script only for outputs it trusts (those produced in the
session). It

* starts JupyterLab on a free port with a copy of notebook 07 as committed, outputs included
  (the repository itself is not touched),
* opens it as a learner does after cloning: JupyterLab does not trust outputs it did not make,
  so the boards must show as static pictures with the line saying how to bring them to life,
* runs every cell from the Run menu through the `rust` kernel,
* checks that every board came alive, plays the first one (perfect, learner X) by clicking
  until the game ends, and checks that the computer did not lose;
* in JupyterLab's dark theme, checks what its sanitizer does with the pictures' colours: in a
  notebook opened from disk it keeps plain colours and drops CSS variables (the cards show
  their light fallback), and output just made keeps them (the cards follow the dark theme);
* opens notebook 09 as committed and checks that the paper trees keep their lines (bordered
  cells), and opens a notebook made here whose saved output is an <img> with a data URI: the
  sanitizer keeps it and it shows (so an image could have drawn the lines too; the crate draws
  them with borders, which need no image encoder and keep every label as text).

Screenshots go to SCREENSHOT_DIR. Ends with the line "jupyterlab: N passed, M failed".
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright

from checks import check, finish, free_port

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOK = "07-play-by-clicking.ipynb"
# The paper trees: their lines are bordered cells, which must survive the sanitizer.
TREES = "09-alpha-beta-on-paper.ipynb"
# A notebook made here, with one saved output: a picture as an <img> with a data URI, the other
# way a tree's lines could have been drawn.
PROBE = "probe-data-uri.ipynb"
# A 4x4 red PNG.
PNG_4X4 = (
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg=="
)
TOKEN = "magic-tictactoe-test"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]



def workspace():
    """A directory that looks like the repository to the notebook's `:dep path = ".."`."""
    top = pathlib.Path(tempfile.mkdtemp(prefix="mtt-lab-"))
    for name in ["Cargo.toml", "Cargo.lock", "src", "README.md", "benches", "examples", "tests"]:
        (top / name).symlink_to(ROOT / name)
    (top / "notebooks").mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, top / "notebooks" / NOTEBOOK)
    shutil.copy(ROOT / "notebooks" / TREES, top / "notebooks" / TREES)
    write_probe(top / "notebooks" / PROBE)
    for plugin, value in [
        ("docmanager-extension/plugin", {"autosave": False}),
        # The dark theme: the cards should follow it where the sanitizer lets them.
        ("apputils-extension/themes", {"theme": "JupyterLab Dark"}),
        ("apputils-extension/notification", {"fetchNews": "false", "checkForUpdates": False}),
        # Every cell rendered, not only those in view, so that every saved picture can be looked at.
        ("notebook-extension/tracker", {"windowingMode": "none"}),
    ]:
        path = top / "settings" / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    return top


def write_probe(path):
    html = f'<div class="probe"><img alt="probe" width="40" height="40" src="data:image/png;base64,{PNG_4X4}"></div>'
    notebook = {
        "cells": [{
            "cell_type": "code", "execution_count": 1, "id": "probe", "metadata": {}, "source": ["1"],
            "outputs": [{"output_type": "display_data", "metadata": {}, "data": {"text/html": html, "text/plain": "probe"}}],
        }],
        "metadata": {"kernelspec": {"display_name": "Rust", "language": "rust", "name": "rust"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook))


# Elements in the saved outputs drawn as a tree's lines: a bordered cell or stub.
TREE_LINES = """() => [...document.querySelectorAll('.jp-OutputArea-output div, .jp-OutputArea-output td')]
    .filter(e => (e.getAttribute('style') || '').match(/border-(left|top):/)
        && (parseFloat(getComputedStyle(e).borderLeftWidth) > 0 || parseFloat(getComputedStyle(e).borderTopWidth) > 0)).length"""

PROBE_IMAGE = """() => {
    const img = document.querySelector('.jp-OutputArea-output img[alt="probe"]');
    return img && {src: (img.getAttribute('src') || '').slice(0, 22), width: img.naturalWidth};
}"""


def look_at_saved_pictures(browser, base, shots):
    """What the sanitizer does to saved outputs: a tree's bordered lines, and an image whose
    source is a data URI."""
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    # Each in a workspace of its own, so that the notebooks opened here stay out of the others.
    page.goto(f"{base}/lab/workspaces/trees/tree/notebooks/{TREES}?reset&token={TOKEN}")
    page.locator(".jp-Notebook").wait_for(timeout=60_000)
    page.locator(".jp-OutputArea-output").last.wait_for(state="attached", timeout=60_000)
    page.wait_for_timeout(3000)
    saved = json.loads((ROOT / "notebooks" / TREES).read_text())
    drawn = sum(
        "".join(output.get("data", {}).get("text/html", "")).count("border-left:")
        for cell in saved["cells"] for output in cell.get("outputs", [])
    )
    shown = page.evaluate(TREE_LINES)
    check(
        drawn > 0 and shown >= drawn,
        "JupyterLab: opened from disk, the paper trees keep their lines (bordered cells)",
        f"{shown} lines shown of {drawn} saved",
    )
    page.screenshot(path=str(shots / "trees-opened.png"))
    page.goto(f"{base}/lab/workspaces/probe/tree/notebooks/{PROBE}?reset&token={TOKEN}")
    page.locator(".jp-OutputArea-output").first.wait_for(state="attached", timeout=60_000)
    page.wait_for_timeout(1500)
    image = page.evaluate(PROBE_IMAGE)
    print(f"     finding: an <img> with a data URI in a saved output, opened from disk: {image}", flush=True)
    check(
        image is not None and image["src"].startswith("data:image/png") and image["width"] == 4,
        "JupyterLab: opened from disk, an <img> with a data URI keeps its source and shows",
        str(image),
    )
    page.close()


def start_lab(top, port):
    # Settings and workspaces of its own: nothing from the user's JupyterLab, nothing left there.
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(top / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(top / "workspaces"),
    )
    log = open(top / "lab.log", "w")
    lab = subprocess.Popen(
        [
            sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
            f"--ServerApp.token={TOKEN}", f"--ServerApp.root_dir={top}",
            "--ServerApp.open_browser=False", "--allow-root",
        ],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    for _ in range(120):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={TOKEN}", timeout=1)
            return lab
        except OSError:
            time.sleep(0.5)
    lab.terminate()
    sys.exit(f"JupyterLab did not start; see {top / 'lab.log'}")


def run_all(page):
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()


def play_first_board(page):
    board = page.locator(".mtt-game").first
    for _ in range(6):
        board.wait_for(state="attached")
        deadline = time.time() + 10
        while board.get_attribute("data-state") == "thinking" and time.time() < deadline:
            time.sleep(0.1)
        if board.get_attribute("data-state") != "your-turn":
            break
        free = [k for k in range(1, 10) if board.locator(f'[data-sq="{k}"]').inner_text().strip() == str(k)]
        board.locator(f'[data-sq="{free[0]}"]').click()
        page.wait_for_timeout(50)
    return board


def kernels_idle(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/kernels?token={TOKEN}", timeout=5) as reply:
        kernels = json.load(reply)
    return bool(kernels) and all(k["execution_state"] == "idle" for k in kernels)


def shut_down_kernels(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/kernels?token={TOKEN}", timeout=5) as reply:
        for kernel in json.load(reply):
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/kernels/{kernel['id']}?token={TOKEN}", method="DELETE"
            )
            urllib.request.urlopen(request, timeout=30)


CARD_STYLE = """() => {
    const card = document.querySelector('.mtt-game > div');
    return card && {style: card.getAttribute('style') || '', background: getComputedStyle(card).backgroundColor};
}"""


def first_frame(stack):
    return next((line for line in (stack or "").splitlines() if line.strip().startswith("at ")), "")


def play_in(browser, app, url, port, shots):
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    errors = []
    page.on("pageerror", lambda e: errors.append(e))
    page.goto(url)
    page.locator(".jp-Notebook").wait_for(timeout=60_000)
    page.locator(".mtt-game").first.wait_for(timeout=60_000)
    page.wait_for_timeout(1000)
    saved = page.locator(".mtt-game").count()
    live = page.locator(".mtt-game[data-live]").count()
    # The sanitizer drops the data- attributes of untrusted outputs: look for the words.
    notes = page.locator(".mtt-game", has_text="run the cell to play").count()
    check(
        saved > 0 and live == 0 and notes == saved,
        f"{app}: opened as cloned, the saved boards are static pictures saying how to bring them to life",
        f"{saved} boards, {live} live, {notes} saying how",
    )
    # What the sanitizer does with a card's colours in a notebook opened from disk: it keeps
    # plain colours and drops CSS variables, so the card falls back to its light paper.
    card = page.evaluate(CARD_STYLE)
    check(
        card is not None and "var(--jp" not in card["style"] and card["background"] == "rgb(251, 248, 241)",
        f"{app}: opened from disk, the sanitizer dropped the theme variables and the card kept its light fallback",
        str(card),
    )
    page.locator(".mtt-game").first.scroll_into_view_if_needed()
    slug = app.lower().replace(" ", "")
    page.screenshot(path=str(shots / f"{slug}-opened.png"))

    deadline = time.time() + 60
    while not kernels_idle(port) and time.time() < deadline:
        time.sleep(0.5)
    run_all(page)
    try:
        page.wait_for_function(
            f"document.querySelectorAll('.mtt-game[data-live]').length >= {saved}", timeout=300_000
        )
    except Exception:
        pass
    live = page.locator(".mtt-game[data-live]").count()
    check(saved > 0 and live == saved, f"{app}: run, all {saved} boards come alive", f"{live} live")
    # Output just made is trusted and not sanitized: the card follows the dark theme.
    card = page.evaluate(CARD_STYLE)
    check(
        card is not None and "var(--jp-layout-color0" in card["style"] and card["background"] == "rgb(17, 17, 17)",
        f"{app}: run, the card follows the dark theme through its CSS variables",
        str(card),
    )
    if live:
        page.locator(".mtt-game").first.scroll_into_view_if_needed()
        board = play_first_board(page)
        status = board.locator('[data-role="status"]').inner_text()
        check(
            board.get_attribute("data-state") == "over" and "You win" not in status,
            f"{app}: a whole game by clicking against perfect as X, not lost",
            status,
        )
        page.screenshot(path=str(shots / f"{slug}-played.png"))
    # Errors raised in the application's own bundles (Notebook 7 raises a couple at start-up) are
    # not the boards' business. The boards' scripts are inline: their errors are raised in an
    # <anonymous> frame, whatever bundle called them.
    ours = [e.message for e in errors if "/static/" not in first_frame(e.stack)]
    check(not ours, f"{app}: no errors from the boards' scripts", "; ".join(ours))
    page.close()
    shut_down_kernels(port)


def main():
    shots = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/jupyterlab-test")
    shots.mkdir(parents=True, exist_ok=True)
    top = workspace()
    port = free_port()
    lab = start_lab(top, port)
    base = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            look_at_saved_pictures(browser, base, shots)
            play_in(browser, "JupyterLab", f"{base}/lab/tree/notebooks/{NOTEBOOK}?token={TOKEN}", port, shots)
            play_in(browser, "Notebook 7", f"{base}/notebooks/notebooks/{NOTEBOOK}?token={TOKEN}", port, shots)
            browser.close()
    finally:
        lab.terminate()
        lab.wait(timeout=30)
        shutil.rmtree(top, ignore_errors=True)
    finish("jupyterlab")


if __name__ == "__main__":
    main()
