"""A class's backups: `class.sh backup` and `class.sh restore` run this, as root.

    class.sh backup [FOLDER]
        The whole class in one archive, FOLDER/magic-tictactoe-DATE-TIME.tar.gz (default FOLDER:
        $CLASS_HOME/backups, root only), keeping the newest $CLASS_BACKUPS_KEPT there (default
        7): the hub's state (its database with the hashed passwords, the roster, the certificate,
        the class page's log and collections), the course repository, and every student's and
        the teacher's work: their volume (containers; the compile caches left out, they come
        back by themselves), or ~/magic-tictactoe and ~/.magic-tictactoe (no containers),
        progress records included. The hub may be running: a notebook saved during the backup is
        taken as it was at one moment or the other.

    class.sh restore ARCHIVE NAME [NAME ...] [--notebook PATH]
        These students' work as it was in the archive (or only the notebook PATH, such as
        notebooks/03-pick-15.ipynb or 03-pick-15.ipynb). Their servers are stopped first. A file
        put back over a different one keeps that one beside it, as "NAME (before the restore
        DATE).ipynb"; files made since the backup stay; progress records are merged, not
        replaced; a removed volume is made again.

    class.sh restore ARCHIVE --class
        The whole class: the hub's state, the course and everyone's work. The hub is stopped for
        it (by systemd, or the hub's own process where it runs in a terminal), and so are the
        students' servers; the hub's state and the course as they were are kept beside the
        restored ones ("hub (before the restore DATE)"), and the work as for one student.
        systemd starts the hub again; without it, class.sh says how.
"""

import argparse
import datetime
import filecmp
import gzip
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from . import roster
from .accounts import TOKEN, LiveHub, hub_pid

CLASS = Path(os.environ.get("MAGIC_CLASS_HOME", "/srv/magic-tictactoe"))
HUB = CLASS / "hub"
SCRIPTS = Path(__file__).resolve().parent.parent
DEFAULTS = dict(line.split("=", 1) for line in (SCRIPTS / "defaults.env").read_text().splitlines()
                if line and not line.startswith("#"))
STUDENT_UID = int(DEFAULTS["STUDENT_UID"])
SERVICE = "magic-tictactoe-class"
WORK = "magic-tictactoe"
PROGRESS = ".magic-tictactoe/progress.jsonl"


class Refused(Exception):
    """What the command cannot do, as a sentence."""


def say(text):
    print(f"==> {text}", file=sys.stderr, flush=True)


def docker(*args):
    if not shutil.which("docker"):
        return None
    return subprocess.run(["docker", *args], capture_output=True, text=True)


def volume_of(name):
    """The folder of `name`'s volume, if they have one: on a swarm (class.sh --swarm), their
    folder of the homes every PC mounts."""
    if swarm():
        folder = CLASS / "homes" / name
        return folder if folder.is_dir() else None
    found = docker("volume", "inspect", "--format", "{{.Mountpoint}}", f"magic-tictactoe-{name}")
    return Path(found.stdout.strip()) if found and found.returncode == 0 and found.stdout.strip() else None


def hub_setting(name):
    """One of the hub's settings (class.sh writes them to hub/hub.env), or "" without it."""
    settings = HUB / "hub.env"
    for line in settings.read_text().splitlines() if settings.exists() else []:
        key, _, value = line.partition("=")
        if key == name:
            return value.strip('"')
    return ""


def swarm():
    """Whether the class runs over several PCs (class.sh --swarm)."""
    return hub_setting("MAGIC_CLASS_SPAWNER") == "swarm"


def student_uid():
    """Whom the students' servers run as: the image's student, or on a swarm the account the
    PCs mount the homes as (scripts/class/setup/swarm.sh)."""
    return int(hub_setting("MAGIC_CLASS_STUDENT_UID") or STUDENT_UID)


def home_of(name):
    try:
        return Path(pwd.getpwnam(name).pw_dir)
    except KeyError:
        return None


def people():
    return roster.load(HUB)


# ------------------------------------------------------------------------------------------
# Backing up.

def tar_changing(*args):
    """GNU tar, where "a file changed as we read it" (status 1) is no failure: a student may be
    saving."""
    done = subprocess.run(["tar", *args], capture_output=True, text=True)
    if done.returncode > 1:
        raise Refused(f"tar failed: {done.stderr.strip()[:500]}")


def backup(folder=None, kept=None):
    if not HUB.is_dir():
        raise Refused(f"no class is set up in {CLASS}")
    folder = Path(folder) if folder else CLASS / "backups"
    kept = int(kept if kept is not None else os.environ.get("CLASS_BACKUPS_KEPT", "7"))
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    archive = folder / f"magic-tictactoe-{datetime.datetime.now().strftime('%Y-%m-%d-%H%M%S')}.tar"
    partial = archive.with_name(archive.name + ".partial")
    partial.unlink(missing_ok=True)
    parts = ["hub"] + (["course"] if (CLASS / "course").is_dir() else [])
    tar_changing("--create", "--file", str(partial), "--numeric-owner", "-C", str(CLASS), *parts)
    count = 0
    for person in people():
        volume = volume_of(person.login)
        home = home_of(person.login)
        if volume and volume.is_dir():
            tar_changing("--append", "--file", str(partial), "--numeric-owner", "-C", str(volume),
                         "--exclude=./.cache", "--exclude=./.notebook-builds",
                         "--transform", f"s,^\\.,work/{person.login}/volume,", ".")
            count += 1
        elif home and (home / WORK).is_dir():
            mine = [WORK] + ([".magic-tictactoe"] if (home / ".magic-tictactoe").is_dir() else [])
            tar_changing("--append", "--file", str(partial), "--numeric-owner", "-C", str(home),
                         "--transform", f"s,^,work/{person.login}/home/,", *mine)
            count += 1
    zipped = archive.with_name(archive.name + ".gz.partial")
    with open(partial, "rb") as source, gzip.open(zipped, "wb") as target:
        shutil.copyfileobj(source, target, 1 << 20)
    partial.unlink()
    final = archive.with_name(archive.name + ".gz")
    os.replace(zipped, final)
    final.chmod(0o600)
    say(f"Backed up the hub's state, the course and the work of {count} {'person' if count == 1 else 'people'}: "
        f"{final.stat().st_size / 1e6:.1f} MB")
    # The newest `kept` stay (names sort by their date).
    backups = sorted(folder.glob("magic-tictactoe-*.tar.gz"), key=lambda p: p.name, reverse=True)
    for old in backups[kept:]:
        old.unlink()
    print(final)
    return final


# ------------------------------------------------------------------------------------------
# Restoring.

def members_of(archive):
    try:
        with tarfile.open(archive, "r:gz") as tar:
            return tar.getnames()
    except (OSError, tarfile.TarError) as error:
        raise Refused(f"{archive} is not a class backup ({error})") from None


def stamp():
    return datetime.datetime.now().strftime("%Y-%m-%d %H.%M.%S")


def aside(path, when):
    """The name `path` is kept under when a restore puts another version in its place."""
    name = path.name
    stem, dot, suffix = name.partition(".") if not name.startswith(".") else (name, "", "")
    return path.with_name(f"{stem} (before the restore {when}){dot}{suffix}")


def owner_of(name, volume):
    if volume:
        return student_uid(), student_uid()
    entry = pwd.getpwnam(name)
    return entry.pw_uid, entry.pw_gid


def merge_progress(restored, current):
    """Progress records are only ever added: the restored ones and the newer ones, each once."""
    have = current.read_text(encoding="utf-8", errors="replace").splitlines() if current.exists() else []
    seen = set(have)
    extra = [line for line in restored.read_text(encoding="utf-8", errors="replace").splitlines()
             if line not in seen]
    return "\n".join(extra + have) + "\n" if (extra or have) else ""


def put_back(staged, base, uid_gid, when, only=None):
    """Copies the files under `staged` into `base`. A file that differs from the one there keeps
    that one beside it (aside()); files only in `base` stay; the progress file is merged; the
    course's git repository in the student's folder is kept as it is (nbgitpuller sees the
    restored notebooks as the student's changes). Returns (restored, kept aside)."""
    restored, kept = [], []
    has_git = (base / WORK / ".git").is_dir()
    for path in sorted(staged.rglob("*")):
        rel = path.relative_to(staged)
        if only is not None and rel != only:
            continue
        if has_git and rel.parts[:2] == (WORK, ".git"):
            continue
        if path.is_symlink() or not path.is_file():
            continue
        target = base / rel
        for parent in reversed(rel.parents[:-1] if len(rel.parts) > 1 else []):
            folder = base / parent
            if not folder.exists():
                folder.mkdir(mode=0o700)
                os.chown(folder, *uid_gid)
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise Refused(f"{target} is not a file: nothing of it was restored")
        if str(rel) == PROGRESS and target.exists():
            text = merge_progress(path, target)
            partial = target.with_name(target.name + ".partial")
            partial.write_text(text, encoding="utf-8")
            os.chown(partial, *uid_gid)
            os.replace(partial, target)
            restored.append(str(rel))
            continue
        if target.exists():
            if filecmp.cmp(path, target, shallow=False):
                continue
            keep = aside(target, when)
            os.rename(target, keep)
            kept.append(str(keep.relative_to(base)))
        shutil.copy2(path, target)
        os.chown(target, *uid_gid)
        restored.append(str(rel))
    return restored, kept


def live_hub():
    if hub_pid(HUB) is None:
        return None
    try:
        return LiveHub((HUB / "url").read_text().strip(), (HUB / TOKEN).read_text().strip())
    except OSError:
        return None


def stop_server(name, hub):
    """Stops `name`'s server, through the hub when it runs (so that it knows), else their
    container or processes; waits until it is gone."""
    if hub is not None:
        hub.api("DELETE", f"/users/{name}/server")
        deadline = time.time() + 120
        while time.time() < deadline:
            model = hub.api("GET", f"/users/{name}")
            if model.status_code != 200 or not model.json().get("servers"):
                break
            time.sleep(1)
    docker("stop", "--time", "20", f"magic-tictactoe-{name}")
    if swarm():
        docker("service", "rm", f"magic-tictactoe-{name}")
    if home_of(name) is not None:
        subprocess.run(["pkill", "-TERM", "-u", name], capture_output=True)


def safe(rel):
    """Whether `rel` (a member's path) stays inside the folder it is unpacked into."""
    path = Path(rel)
    return bool(rel) and not path.is_absolute() and ".." not in path.parts


def unpack(tar, member, folder, rel):
    """The regular file `member` of `tar` into folder/rel (made with its folders); nothing else
    an archive may hold (links, devices, paths that climb out) is ever unpacked."""
    if not safe(rel):
        return
    target = folder / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    with tar.extractfile(member) as source, open(target, "wb") as out:
        shutil.copyfileobj(source, out)
    os.chmod(target, member.mode & 0o755)
    os.utime(target, (member.mtime, member.mtime))


def notebook_path(notebook):
    """The notebook's path in a student's folder: notebooks/03-pick-15.ipynb from that, or from
    03-pick-15.ipynb."""
    path = Path(notebook)
    if path.is_absolute() or ".." in path.parts or not path.parts:
        raise Refused(f"{notebook} is not a notebook of the student's folder: give it as notebooks/NAME.ipynb")
    return path if len(path.parts) > 1 else Path("notebooks") / path


def restore_person(archive, name, members, hub, notebook=None, when=None):
    when = when or stamp()
    kinds = {m.split("/")[2] for m in members if m.startswith(f"work/{name}/") and len(m.split("/")) > 2}
    if not kinds:
        raise Refused(f"the archive holds no work of {name}")
    kind = "volume" if "volume" in kinds else "home"
    stop_server(name, hub)
    if kind == "volume":
        if swarm():
            (CLASS / "homes" / name).mkdir(parents=True, exist_ok=True)
        elif docker("volume", "create", f"magic-tictactoe-{name}") is None:
            raise Refused(f"{name}'s work was on a Docker volume, and there is no Docker here")
        base = volume_of(name)
        base.chmod(0o700)
        os.chown(base, student_uid(), student_uid())
    else:
        base = home_of(name)
        if base is None:
            raise Refused(f"{name} has no account here: start the class with its list first")
    prefix = f"work/{name}/{kind}/"
    only = None
    if notebook:
        only = Path(WORK) / notebook_path(notebook)
        if f"{prefix}{only}" not in members:
            raise Refused(f"the archive holds no {only.relative_to(WORK)} of {name}")
    with tempfile.TemporaryDirectory(prefix="magic-tictactoe-restore-") as staging:
        with tarfile.open(archive, "r:gz") as tar:
            for member in tar:
                if member.name.startswith(prefix) and member.isfile():
                    unpack(tar, member, Path(staging), member.name[len(prefix):])
        restored, kept = put_back(Path(staging), base, owner_of(name, kind == "volume"), when, only)
    what = f"{only.relative_to(WORK)}" if only else f"{len(restored)} files"
    say(f"Brought back {name}'s {what} as in {Path(archive).name}"
        + (f"; kept beside them, the versions they replaced: {', '.join(kept[:5])}{' ...' if len(kept) > 5 else ''}"
           if kept else ""))
    return restored, kept


def stop_hub():
    """Stops the class's hub (systemd's service, or the hub's own process) and says how it comes
    back: returns whether systemd will start it again."""
    systemd = Path("/run/systemd/system").is_dir() and shutil.which("systemctl")
    if systemd and subprocess.run(["systemctl", "is-active", "--quiet", SERVICE]).returncode == 0:
        say("Stopping the class hub's service for the restore")
        subprocess.run(["systemctl", "stop", SERVICE], check=True)
        return True
    pid = hub_pid(HUB)
    if pid is not None:
        say(f"Stopping the class hub (pid {pid}) for the restore")
        os.kill(pid, signal.SIGTERM)
        deadline = time.time() + 60
        while time.time() < deadline and hub_pid(HUB) == pid:
            time.sleep(0.5)
        if hub_pid(HUB) == pid:
            os.kill(pid, signal.SIGKILL)
            time.sleep(1)
    return False


def restore(archive, names, notebook=None, whole=False):
    archive = Path(archive)
    if not archive.is_file():
        raise Refused("give the archive to restore from (class.sh restore ARCHIVE NAME ..., or --class)")
    members = members_of(archive)
    if not any(m == "hub" or m.startswith("hub/") for m in members):
        raise Refused(f"{archive} is not a class backup")
    when = stamp()
    if whole:
        if notebook:
            raise Refused("--notebook goes with students' names, not --class")
        names = sorted({m.split("/")[1] for m in members if m.startswith("work/") and len(m.split("/")) > 2})
        systemd = stop_hub()
        for person in people():
            stop_server(person.login, None)
        for part in ("hub", "course"):
            if any(m.startswith(part + "/") for m in members):
                current = CLASS / part
                if current.exists():
                    os.rename(current, CLASS / f"{part} (before the restore {when})")
        with tarfile.open(archive, "r:gz") as tar:
            for member in tar:
                if member.isfile() and member.name.split("/")[0] in ("hub", "course"):
                    unpack(tar, member, CLASS, member.name)
        HUB.chmod(0o700)
        say(f"Brought back the hub's state and the course from {archive.name}; the ones they replaced are kept as "
            f"'hub (before the restore {when})' and 'course (before the restore {when})' in {CLASS}")
        for name in names:
            restore_person(archive, name, members, None, when=when)
        if systemd:
            subprocess.run(["systemctl", "start", SERVICE], check=True)
            say("The class hub's service is started again")
        else:
            say("The class hub is stopped: start it again as before (sudo ./scripts/class.sh with the class's "
                "options, in a terminal that stays open, or tmux)")
        return
    if not names:
        raise Refused("name the students to bring back, or --class for the whole class")
    known = {p.login for p in people()}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise Refused(f"not in the class now: {' '.join(unknown)} (add them first: class.sh add, or the class page)")
    missing = [name for name in names if not any(m.startswith(f"work/{name}/") for m in members)]
    if missing:
        raise Refused(f"the archive holds no work of {' '.join(missing)}")
    hub = live_hub()
    for name in names:
        restore_person(archive, name, members, hub, notebook, when)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="class.sh", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="action", required=True)
    made = commands.add_parser("backup")
    made.add_argument("folder", nargs="?")
    back = commands.add_parser("restore")
    back.add_argument("archive")
    back.add_argument("names", nargs="*")
    back.add_argument("--class", dest="whole", action="store_true")
    back.add_argument("--notebook")
    args = parser.parse_args(argv)
    try:
        if args.action == "backup":
            backup(args.folder)
        else:
            restore(args.archive, args.names, args.notebook, args.whole)
    except Refused as problem:
        print(f"class.sh {args.action}: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
