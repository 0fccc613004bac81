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
import gzip
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from . import config, homes, roster
from .accounts import TOKEN, LiveHub, hub_pid

CLASS = Path(os.environ.get("MAGIC_CLASS_HOME", "/srv/magic-tictactoe"))
HUB = CLASS / "hub"
SCRIPTS = Path(__file__).resolve().parent.parent
DEFAULTS = dict(line.split("=", 1) for line in (SCRIPTS / "defaults.env").read_text().splitlines()
                if line and not line.startswith("#"))
STUDENT_UID = int(DEFAULTS["STUDENT_UID"])
SERVICE = "magic-tictactoe-class"
WORK = homes.WORK
PROGRESS = homes.PROGRESS
# What a backup leaves out of the hub's state: the first passwords still to hand out (a backup
# lives longer than a slip, and a password in it would outlive the one it replaced).
NOT_BACKED_UP = ("hub/first-passwords.json",)
# What a whole-class restore keeps of the running class, whatever the archive holds: its
# settings (the kind of class, its folders, PATH) and its list (who is whom, which system account).
CLASS_SETTINGS = ("hub.env", "roster.csv")


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
    return homes.home(name, "swarm" if swarm() else "docker", CLASS)


def hub_setting(name):
    """One of the hub's settings (its hub.env: classadmin.config), or "" without it."""
    return config.hub_env(HUB).get(name, "")


def swarm():
    """Whether the class runs over several PCs (class.sh --swarm)."""
    return hub_setting("MAGIC_CLASS_SPAWNER") == "swarm"


def student_uid():
    """Whom the students' servers run as: the image's student, or on a swarm the account the
    PCs mount the homes as (scripts/class/setup/swarm.sh)."""
    return int(hub_setting("MAGIC_CLASS_STUDENT_UID") or STUDENT_UID)


def spawner():
    """How the class runs students' servers: docker, swarm or local (no containers)."""
    return hub_setting("MAGIC_CLASS_SPAWNER") or "local"


def people():
    return roster.load(HUB)


def members_now():
    """Everyone the class has (the hub's users, however they log in), by login."""
    return homes.hub_users(HUB)


def home_of(name):
    """`name`'s home: their volume, their folder of a swarm's homes, or the system account's home
    the class made them (no containers); None if they have none yet."""
    return homes.home(name, spawner(), CLASS, people())


# ------------------------------------------------------------------------------------------
# Backing up.

def tar_changing(*args, fds=()):
    """GNU tar, where "a file changed as we read it" (status 1) is no failure: a student may be
    saving."""
    done = subprocess.run(["tar", *args], capture_output=True, text=True, pass_fds=fds)
    if done.returncode > 1:
        raise Refused(f"tar failed: {done.stderr.strip()[:500]}")


def allocated_bytes(paths):
    """The disk space the files below `paths` take (a sparse file counts its data, not its
    length), as `du` counts it, without following a link."""
    paths = [str(p) for p in paths if Path(p).exists()]
    if not paths:
        return 0
    done = subprocess.run(["du", "-s", "-P", "--block-size=1", "--total", *paths], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    return int(lines[-1].split()[0]) if lines else 0


def open_private_folder(where, name):
    """A new folder `name` in the folder open as `where`, root's only, opened without following
    a link: what root writes in it no other account can plant a link at, rename or read."""
    os.mkdir(name, 0o700, dir_fd=where)
    private = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=where)
    made = os.fstat(private)
    if made.st_uid != os.geteuid() or made.st_mode & 0o077:
        os.close(private)
        raise Refused(f"the folder {name} that the backup made for its partial files is not its own")
    return private


def backup(folder=None, kept=None):
    if not HUB.is_dir():
        raise Refused(f"no class is set up in {CLASS}")
    folder = Path(folder) if folder else CLASS / "backups"
    kept = int(kept if kept is not None else os.environ.get("CLASS_BACKUPS_KEPT", "7"))
    if not folder.is_dir():
        # A folder made here is root's only; one that was there (/tmp, a shared disk) keeps its
        # mode, and each archive in it is root's only.
        folder.mkdir(mode=0o700, parents=True)
    stamp_ = datetime.datetime.now().strftime('%Y-%m-%d-%H%M%S')
    name = f"magic-tictactoe-{stamp_}.tar.gz"
    parts = ["hub"] + (["course"] if (CLASS / "course").is_dir() else [])
    people_ = [(login, home_of(login)) for login in sorted(n for n in members_now() if roster.LOGIN.match(n))]
    # Every file is written in a folder of root's own made for this backup, through descriptors
    # (the archive, its compressed copy, the mode), and only the finished archive is renamed into
    # FOLDER: in a folder another account can write (/tmp, a shared disk) no link planted at a
    # name it can guess leads root to write, or to hand the class, anywhere else.
    where = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        # The uncompressed archive and its compressed copy are on the disk together at the end.
        need = 2 * allocated_bytes([CLASS / p for p in parts] + [h for _, h in people_ if h is not None])
        space = os.fstatvfs(where)
        free = space.f_bavail * space.f_frsize
        if free < need:
            raise Refused(f"the folder {folder} has {free / 1e6:.0f} MB free, and a backup of this class needs up to "
                          f"{need / 1e6:.0f} MB there: nothing was written. Free some space, or name another "
                          f"folder: class.sh backup FOLDER")
        scratch = f".{name}.partial"
        private = open_private_folder(where, scratch)
        try:
            count = _backup_into(private, parts, people_)
            os.replace("archive.tar.gz", name, src_dir_fd=private, dst_dir_fd=where)
        finally:
            shutil.rmtree(scratch, dir_fd=where, ignore_errors=True)
            os.close(private)
    finally:
        os.close(where)
    final = folder / name
    say(f"Backed up the hub's state, the course and the work of {count} {'person' if count == 1 else 'people'}: "
        f"{final.stat().st_size / 1e6:.1f} MB")
    # The newest `kept` stay (names sort by their date).
    backups = sorted(folder.glob("magic-tictactoe-*.tar.gz"), key=lambda p: p.name, reverse=True)
    for old in backups[kept:]:
        old.unlink()
    print(final)
    return final


def _backup_into(private, parts, people_):
    """Writes archive.tar, then archive.tar.gz, both root's only, into the folder open as
    `private`; answers how many people's work it holds."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    tar_fd = os.open("archive.tar", flags, 0o600, dir_fd=private)
    try:
        # tar reopens the same file through /dev/fd, whatever its name now. A sparse file (2 GB of
        # nothing) is stored as what it holds (--sparse).
        into = ["--file", f"/dev/fd/{tar_fd}", "--numeric-owner", "--sparse"]
        tar_changing("--create", *into, "-C", str(CLASS),
                     *(f"--exclude={path}" for path in NOT_BACKED_UP), *parts, fds=(tar_fd,))
        count = 0
        # Everyone the hub has: a class list's students, a school login's, an LMS's, the teachers.
        # (tar stores a link as a link and never follows one into the rest of the machine.)
        for login, home in people_:
            if home is None:
                continue
            if spawner() != "local":
                tar_changing("--append", *into, "-C", str(home),
                             "--exclude=./.cache", "--exclude=./.notebook-builds",
                             "--transform", f"s,^\\.,work/{login}/volume,", ".", fds=(tar_fd,))
                count += 1
            elif homes.is_folder_in(home, [WORK]):
                mine = [WORK] + ([".magic-tictactoe"] if homes.is_folder_in(home, [".magic-tictactoe"]) else [])
                tar_changing("--append", *into, "-C", str(home),
                             "--transform", f"s,^,work/{login}/home/,", *mine, fds=(tar_fd,))
                count += 1
        gz_fd = os.open("archive.tar.gz", flags, 0o600, dir_fd=private)
        with open(tar_fd, "rb", closefd=False) as source, open(gz_fd, "wb") as raw, \
                gzip.GzipFile(filename="", mode="wb", fileobj=raw) as target:
            source.seek(0)
            shutil.copyfileobj(source, target, 1 << 20)
        return count
    finally:
        os.close(tar_fd)


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


def owner_of(name):
    """Whom `name`'s files belong to: the image's student (or a swarm's account), or the system
    account the class made them."""
    if spawner() != "local":
        return student_uid(), student_uid()
    entry = homes.system_account(name, people())
    return entry.pw_uid, entry.pw_gid


def merge_progress(restored, current):
    """Progress records are only ever added: the restored ones and the newer ones, each once
    (both as text)."""
    have = current.splitlines()
    seen = set(have)
    extra = [line for line in restored.splitlines() if line not in seen]
    return "\n".join(extra + have) + "\n" if (extra or have) else ""


def put_back(staged, base, uid_gid, when, only=None):
    """Copies the files under `staged` (root's own folder) into the home `base`, walking `base`
    one folder at a time without following a link (classadmin.homes): a folder or file of the
    student's that is a link, or anything but a folder or a file, stops the restore with a
    sentence, and nothing is written through it. A file that differs from the one there keeps
    that one beside it (aside()); files only in `base` stay; the progress file is merged; the
    course's git repository in the student's folder is kept as it is (nbgitpuller sees the
    restored notebooks as the student's changes). Returns (restored, kept aside)."""
    restored, kept = [], []
    has_git = homes.is_folder_in(base, [WORK, ".git"])
    for path in sorted(staged.rglob("*")):
        rel = path.relative_to(staged)
        if only is not None and rel != only:
            continue
        if has_git and rel.parts[:2] == (WORK, ".git"):
            continue
        if path.is_symlink() or not path.is_file():
            continue
        *folders, name = rel.parts
        try:
            folder = homes.folder_in(base, folders, make=True, owner=uid_gid)
        except OSError:
            raise Refused(f"{Path(*folders)} in their home is not a folder (a link, or a file): "
                          f"nothing was restored into it{said_so_far(restored)}") from None
        try:
            data = path.read_bytes()
            mode = path.stat().st_mode & 0o755
            mtime = path.stat().st_mtime
            try:
                current = homes.read_at(folder, name, (64 << 20) if rel == PROGRESS else len(data) + 1)
            except OSError:
                raise Refused(f"{rel} in their home is not a file (a link, or a folder): it was not "
                              f"restored{said_so_far(restored)}") from None
            if rel == PROGRESS and current is not None:
                text = merge_progress(data.decode("utf-8", errors="replace"),
                                      current.decode("utf-8", errors="replace"))
                homes.write_in(folder, name, text, uid_gid, mode=0o600)
                restored.append(str(rel))
                continue
            if current == data:
                continue
            if current is not None:
                keep = aside(Path(name), when).name
                os.rename(name, keep, src_dir_fd=folder, dst_dir_fd=folder)
                kept.append(str(rel.with_name(keep)))
            homes.write_in(folder, name, data, uid_gid, mode=mode, mtime=mtime)
            restored.append(str(rel))
        finally:
            os.close(folder)
    return restored, kept


def said_so_far(restored):
    return f" ({len(restored)} files before it were)" if restored else ""


def live_hub():
    if hub_pid(HUB) is None:
        return None
    try:
        return LiveHub((HUB / "url").read_text().strip(), (HUB / TOKEN).read_text().strip())
    except OSError:
        return None


def stop_server(name, hub):
    """Stops the class member `name`'s server, through the hub when it runs (so that it knows),
    else their container (or service), or without containers the processes of the system
    account the class made them; waits until it is gone."""
    if hub is not None:
        hub.api("DELETE", f"/users/{name}/server")
        deadline = time.time() + 120
        while time.time() < deadline:
            model = hub.api("GET", f"/users/{name}")
            if model.status_code != 200 or not model.json().get("servers"):
                break
            time.sleep(1)
    if spawner() == "local":
        account = homes.system_account(name, people())
        if account is not None:
            subprocess.run(["pkill", "-TERM", "-U", str(account.pw_uid)], capture_output=True)
        return
    homes.stop_container(name)


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
    """Brings back the class member `name`'s work from the archive (whose member names are
    `members`) into their home as it is now."""
    when = when or stamp()
    kinds = {m.split("/")[2] for m in members if m.startswith(f"work/{name}/") and len(m.split("/")) > 2}
    kinds &= {"volume", "home"}
    if not kinds:
        raise Refused(f"the archive holds no work of {name}")
    kind = "volume" if "volume" in kinds else "home"
    stop_server(name, hub)
    if spawner() == "local":
        base = home_of(name)
        if base is None:
            raise Refused(f"{name} has no account the class made here: start the class with its list first")
    else:
        if swarm():
            folder = CLASS / "homes" / name
            if not folder.exists():
                folder.mkdir(mode=0o700, parents=True)
        elif docker("volume", "create", homes.volume_name(name)) is None:
            raise Refused(f"{name}'s work was on a Docker volume, and there is no Docker here")
        base = home_of(name)
        if base is None:
            raise Refused(f"{name}'s volume could not be made")
        base.chmod(0o700)
        os.chown(base, student_uid(), student_uid(), follow_symlinks=False)
    prefix = f"work/{name}/{kind}/"
    only = None
    if notebook:
        only = Path(WORK) / notebook_path(notebook)
        if f"{prefix}{only}" not in members:
            raise Refused(f"the archive holds no {only.relative_to(WORK)} of {name}")
    missed = []  # (path, why) of what the archive holds of theirs and could not be brought back
    with tempfile.TemporaryDirectory(prefix="magic-tictactoe-restore-") as staging:
        with tarfile.open(archive, "r:gz") as tar:
            for member in tar:
                rel = member.name[len(prefix):]
                if not member.name.startswith(prefix) or (only is not None and Path(rel) != only):
                    continue
                # A file stored as a hard link to another of the archive's is that file's content.
                if not (member.isfile() or member.islnk()):
                    continue
                try:
                    unpack(tar, member, Path(staging), rel)
                except (OSError, KeyError, tarfile.TarError) as problem:
                    missed.append((rel, getattr(problem, "strerror", None) or str(problem)))
        try:
            restored, kept = put_back(Path(staging), base, owner_of(name), when, only)
        except OSError as problem:
            raise Refused(f"{name}'s work could not be put back into their home: {problem.strerror or problem}") from None
    what = f"{only.relative_to(WORK)}" if only else f"{len(restored)} files"
    say(f"Brought back {name}'s {what} as in {Path(archive).name}"
        + (f"; kept beside them, the versions they replaced: {', '.join(kept[:5])}{' ...' if len(kept) > 5 else ''}"
           if kept else ""))
    if missed:
        raise Refused(f"{len(missed)} of {name}'s files in the archive were not brought back: "
                      + "; ".join(f"{path[:80]}{'...' if len(path) > 80 else ''} ({why})" for path, why in missed[:3])
                      + (" ..." if len(missed) > 3 else ""))
    return restored, kept


def checked_names(names, known, where):
    """The names, each a login of the class (`known`); else Refused, saying which, with nothing
    done. `where` says where the names came from."""
    wrong = []
    for name in names:
        try:
            homes.member(name, known)
        except homes.NotAMember as problem:
            wrong.append(str(problem))
    if wrong:
        raise Refused(f"{where}: {'; '.join(wrong[:5])}{' ...' if len(wrong) > 5 else ''}; nothing was restored")
    return names


def archived_members(archive):
    """The logins of the hub's users in the archive's own hub database."""
    with tempfile.TemporaryDirectory(prefix="magic-tictactoe-restore-") as staging:
        with tarfile.open(archive, "r:gz") as tar:
            for member in tar:
                if member.name == "hub/jupyterhub.sqlite" and member.isfile():
                    unpack(tar, member, Path(staging), member.name)
        return homes.hub_users(Path(staging) / "hub")


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


def _write_private(path, data):
    """`data` as the file `path` in the hub's folder (root's only), replacing what is there."""
    fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        homes.write_in(fd, path.name, data, (os.geteuid(), os.getegid()))
    finally:
        os.close(fd)


def restore(archive, names, notebook=None, whole=False):
    archive = Path(archive)
    if not archive.is_file():
        raise Refused("give the archive to restore from (class.sh restore ARCHIVE NAME ..., or --class)")
    members = members_of(archive)
    if not any(m == "hub" or m.startswith("hub/") for m in members):
        raise Refused(f"{archive} is not a class backup")
    climbing = [m for m in members if not safe(m)]
    if climbing:
        raise Refused(f"{archive} is not a class backup: it names {climbing[0]!r}, outside its own folders; "
                      "nothing was restored")
    when = stamp()
    if whole:
        if notebook:
            raise Refused("--notebook goes with students' names, not --class")
        archived = sorted({m.split("/")[1] for m in members if m.startswith("work/") and len(m.split("/")) > 2})
        # The archive's names reach root's commands and the machine's folders: only the logins
        # of the class it holds, each of the class's pattern (never root, '..' or a system account).
        checked_names(archived, archived_members(archive), "the archive names people who are not in its class")
        # Nothing of the archive but its files is believed: who is in the class is the hub's
        # as it is now, and the kind of class, its settings and its list (which system account is
        # whose) the running class's own (issue 69: an archive's hub.env and roster made root
        # signal and write into another account's home).
        now = members_now()
        names = [name for name in archived if name in now]
        gone = [name for name in archived if name not in now]
        settings = {part: (HUB / part).read_bytes() for part in CLASS_SETTINGS if (HUB / part).is_file()}
        systemd = stop_hub()
        failed = []
        try:
            for login in sorted(name for name in now if roster.LOGIN.match(name)):
                stop_server(login, None)
            for part in ("hub", "course"):
                if any(m.startswith(part + "/") for m in members):
                    current = CLASS / part
                    if current.exists():
                        os.rename(current, CLASS / f"{part} (before the restore {when})")
            with tarfile.open(archive, "r:gz") as tar:
                for member in tar:
                    if member.isfile() and member.name.split("/")[0] in ("hub", "course") \
                            and member.name not in {f"hub/{part}" for part in CLASS_SETTINGS}:
                        unpack(tar, member, CLASS, member.name)
            HUB.mkdir(mode=0o700, exist_ok=True)
            HUB.chmod(0o700)
            for part, data in settings.items():
                _write_private(HUB / part, data)
            say(f"Brought back the hub's state and the course from {archive.name}, with this class's own settings and "
                f"list; the ones they replaced are kept as 'hub (before the restore {when})' and 'course (before the "
                f"restore {when})' in {CLASS}")
            for name in names:
                try:
                    restore_person(archive, name, members, None, when=when)
                except Refused as problem:
                    failed.append(name)
                    say(f"Not brought back, {name}: {problem}")
        finally:
            if systemd:
                subprocess.run(["systemctl", "start", SERVICE], check=True)
                say("The class hub's service is started again")
            else:
                say("The class hub is stopped: start it again as before (sudo ./scripts/class.sh with the class's "
                    "options, in a terminal that stays open, or tmux)")
        if gone:
            say(f"Left in the archive, being in the class no more: {', '.join(gone[:10])}{' ...' if len(gone) > 10 else ''}")
        if failed:
            raise Refused(f"the class was brought back but for the work of {', '.join(failed)} (said above); "
                          "everyone else's is back")
        return
    if not names:
        raise Refused("name the students to bring back, or --class for the whole class")
    checked_names(names, members_now(), "not in the class now (add them first: class.sh add, the class page, "
                  "or their first login)")
    missing = [name for name in names if not any(m.startswith(f"work/{name}/") for m in members)]
    if missing:
        raise Refused(f"the archive holds no work of {' '.join(missing)}")
    hub = live_hub()
    failed = []
    for name in names:
        try:
            restore_person(archive, name, members, hub, notebook, when)
        except Refused as problem:
            failed.append(f"{name}: {problem}")
            if len(names) > 1:
                say(f"Not brought back, {name}: {problem}")
    if failed:
        raise Refused(failed[0] if len(names) == 1 else
                      f"the work of {len(failed)} of the {len(names)} was not brought back (said above); the others' is back")


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
    os.umask(0o077)  # every file and folder this makes is root's only
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
