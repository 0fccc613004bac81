"""Nothing a student saves is lost: through a restart, and through a backup and a restore."""

import shutil
import subprocess
import time
from pathlib import Path

from checks import check
from classtest.common import CLASS_HOME, MY_NOTEBOOK, ROOT, save_work, server_running, text, work_is_there


def nothing_is_lost(hub, alice):
    save_work(alice)
    alice.stop_server()
    alice.start_server()
    work_is_there(alice, "a restart of the student's server")
    hub.stop()
    hub.start()
    alice.log_in()
    alice.start_server()
    work_is_there(alice, "a restart of the hub")


def backed_up_and_restored(hub, alice, bob):
    """Issues 33 and 40: `class.sh backup` writes the class to one archive; `class.sh restore`
    brings back one notebook of a student whose server runs (it stops the server, and keeps her
    newer version beside it), then a student whose volume is gone (a disk, a `docker volume
    prune`); `class.sh restore --class` stops the hub by itself, brings the hub's state and
    everyone's work back as they were, with the class's own list and settings (the state it
    replaced kept beside it), and the hub starts again with it."""
    class_sh = str(ROOT / "scripts" / "class.sh")
    started = time.time()
    made = subprocess.run([class_sh, "backup"], env=hub.env(), capture_output=True, text=True)
    archive = Path(made.stdout.strip().splitlines()[-1]) if made.stdout.strip() else Path("/nonexistent")
    members = subprocess.run(["tar", "-tzf", str(archive)], capture_output=True, text=True).stdout.split("\n") \
        if archive.exists() else []
    wanted = ["hub/jupyterhub.sqlite", "hub/roster.csv", "course/.git/HEAD",
              f"work/{alice.name}/volume/magic-tictactoe/{MY_NOTEBOOK}",
              f"work/{alice.name}/volume/.magic-tictactoe/progress.jsonl", f"work/{bob.name}/volume/magic-tictactoe/"]
    missing = [name for name in wanted if name not in members]
    caches = [name for name in members if "/.cache/" in name or "/.notebook-builds/" in name]
    check(made.returncode == 0 and not missing and not caches,
          f"class.sh backup writes the hub's state, the course and every student's work to one archive, caches "
          f"left out ({archive.name}, {archive.stat().st_size / 1e6 if archive.exists() else 0:.1f} MB, "
          f"{time.time() - started:.0f} s) {missing or ''} {caches[:2] or ''} {made.stderr[-300:] if made.returncode else ''}")

    # One notebook, over newer work, while her server runs.
    newer = {"cells": [{"cell_type": "code", "execution_count": None, "id": "mine", "metadata": {}, "outputs": [],
                        "source": "Board::new() // newer work, after the backup"}],
             "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    alice.server("PUT", f"contents/{MY_NOTEBOOK}", json={"type": "notebook", "content": newer})
    one = subprocess.run([class_sh, "restore", str(archive), alice.name, "--notebook", Path(MY_NOTEBOOK).name],
                         env=hub.env(), capture_output=True, text=True)
    stopped = not server_running(alice, alice.name)
    alice.start_server()
    listing = [e["name"] for e in alice.server("GET", "contents/notebooks").json()["content"]]
    kept = [name for name in listing if name.startswith(f"{Path(MY_NOTEBOOK).stem} (before the restore ")]
    kept_text = str(alice.server("GET", f"contents/notebooks/{kept[0]}").json()["content"]["cells"][0]["source"]) \
        if kept else ""
    work_is_there(alice, "one notebook was restored from the backup")
    check(one.returncode == 0 and stopped and "newer work" in kept_text,
          f"class.sh restore --notebook stops her server, brings back that notebook as it was, and keeps her newer "
          f"version beside it ({kept}) {one.stderr[-300:] if one.returncode else ''}")

    # Her own cell makes her folder of notebooks a link to a folder of root's, and she asks for
    # her notebook back: root writes nothing through it (the restore refuses, in a sentence).
    canary = CLASS_HOME / "root-only"
    shutil.rmtree(canary, ignore_errors=True)
    canary.mkdir(mode=0o700)
    (canary / Path(MY_NOTEBOOK).name).write_text("root's own\n")
    planted = text(alice.run_cells([
        '{\nlet home = std::env::var("HOME").unwrap_or_default();\n'
        'let mine = format!("{home}/magic-tictactoe/notebooks");\n'
        'let moved = std::fs::rename(&mine, format!("{mine}.mine")).is_ok();\n'
        f'let linked = std::os::unix::fs::symlink("{canary}", &mine).is_ok();\n'
        'println!("{} {}", moved, linked);\n}']))
    attack = subprocess.run([class_sh, "restore", str(archive), alice.name, "--notebook", Path(MY_NOTEBOOK).name],
                            env=hub.env(), capture_output=True, text=True)
    untouched = sorted(p.name for p in canary.iterdir()) == [Path(MY_NOTEBOOK).name] \
        and (canary / Path(MY_NOTEBOOK).name).read_text() == "root's own\n" and canary.stat().st_uid == 0
    check(planted.split()[:2] == ["true", "true"] and attack.returncode != 0 and "not a folder" in attack.stderr
          and untouched,
          f"her cell makes her notebooks folder a link to root's folder; the restore writes nothing through it and "
          f"says why ({attack.stderr.strip()[-160:]!r})")
    volume_folder = Path(subprocess.run(["docker", "volume", "inspect", "--format", "{{.Mountpoint}}",
                                         f"magic-tictactoe-{alice.name}"], capture_output=True, text=True).stdout.strip())
    (volume_folder / "magic-tictactoe" / "notebooks").unlink()
    (volume_folder / "magic-tictactoe" / "notebooks.mine").rename(volume_folder / "magic-tictactoe" / "notebooks")
    shutil.rmtree(canary, ignore_errors=True)

    alice.stop_server()
    volume = f"magic-tictactoe-{alice.name}"
    subprocess.run(["docker", "rm", "-f", volume], capture_output=True)
    gone = subprocess.run(["docker", "volume", "rm", volume], capture_output=True).returncode == 0
    restored = subprocess.run([class_sh, "restore", str(archive), alice.name], env=hub.env(), capture_output=True, text=True)
    check(gone and restored.returncode == 0,
          f"{alice.name}'s volume removed, class.sh restore brings it back from the archive {restored.stderr[-300:] if restored.returncode else ''}")
    alice.start_server()
    work_is_there(alice, "her volume was removed and restored from the backup")

    # The whole class, with the hub running: after the backup, a student was added.
    subprocess.run([class_sh, "add", "Fay Later"], env=hub.env(), capture_output=True, check=True)
    whole = subprocess.run([class_sh, "restore", str(archive), "--class"], env=hub.env(), capture_output=True,
                           text=True, timeout=600)
    hub_stopped = hub.process.poll() is not None
    aside = sorted(p.name for p in CLASS_HOME.iterdir() if p.name.startswith("hub (before the restore "))
    roster_now = (CLASS_HOME / "hub" / "roster.csv").read_text()
    kept_roster = (CLASS_HOME / aside[-1] / "roster.csv").read_text() if aside else ""
    # Who is in the class is the class's as it is now, never the archive's (issue 69): Fay, added
    # after the backup, stays on its list; the hub's state it replaced is kept beside it.
    check(whole.returncode == 0 and hub_stopped and "fay," in roster_now and "fay," in kept_roster,
          f"class.sh restore --class stops the hub by itself and brings back the class's state, keeping its own "
          f"list and settings, the state it replaced kept beside it ({aside[-1:]}) "
          f"{whole.stderr[-300:] if whole.returncode else ''}")
    hub.stop()
    hub.start()
    for person in (alice, bob):
        person.log_in()
        person.start_server()  # the restore stopped every server
    work_is_there(alice, "the whole class was restored")
    for name in aside:
        shutil.rmtree(CLASS_HOME / name, ignore_errors=True)
    for name in [p.name for p in CLASS_HOME.iterdir() if p.name.startswith("course (before the restore ")]:
        shutil.rmtree(CLASS_HOME / name, ignore_errors=True)
