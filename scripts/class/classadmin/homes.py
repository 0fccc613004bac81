"""The people of a class, their homes, and the files in a home that root reads and writes.

Root works in homes whose every file the student owns and can change from a cell: a link where a
folder was (`notebooks` -> /etc), a pipe where a notebook was. So every path in a home is walked
one folder at a time from the home down, through directory descriptors, never following a link
(O_NOFOLLOW), and only regular files are read or replaced. Every root operation in a home goes
through here: class.sh's backup, restore and warm-up, and the class page's collect, start over
and records.

Names come from outside too (an archive's members, a class list, a form, a school's login), so a
name reaches a home only through `member`: a login of the hub's users that matches the class's
login pattern, never the machine's own accounts.
"""

import os
import pwd
import shutil
import sqlite3
import stat
import subprocess
from pathlib import Path

from . import roster

WORK = "magic-tictactoe"  # the student's folder of notebooks, in their home
PROGRESS = Path(".magic-tictactoe") / "progress.jsonl"
FIRST_ACCOUNT_UID = 1000  # below it, the machine's own accounts (Debian's UID_MIN)


class NotAMember(ValueError):
    """A name that is no login of the class's, as a sentence."""


def volume_name(login):
    """The Docker volume (and container, and on a swarm service) of `login`'s server; with
    "{raw_username}", DockerSpawner's template of them (jupyterhub_config.py)."""
    return f"magic-tictactoe-{login}"


def stop_container(login):
    """Stops `login`'s server where the hub cannot (it is down, or they are no longer its user):
    their container, given 20 s to save, or on a swarm their service. Their volume, or their
    folder of the homes, is kept."""
    if not shutil.which("docker"):
        return
    for command in (["stop", "--time", "20"], ["rm", "--force"], ["service", "rm"]):
        subprocess.run(["docker", *command, volume_name(login)], capture_output=True, check=False)


def hub_users(hub):
    """The logins of the hub's users (read from its database, also while the hub runs): everyone
    the class has, whichever way they log in (a class list, a school's login, its LMS)."""
    database = Path(hub) / "jupyterhub.sqlite"
    if not database.exists():
        return set()
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
    try:
        return {name for (name,) in connection.execute("SELECT name FROM users")}
    except sqlite3.Error:
        return set()
    finally:
        connection.close()


def member(name, members):
    """`name` if it is a login among `members` and of the class's pattern; else NotAMember."""
    if not isinstance(name, str) or not roster.LOGIN.match(name):
        raise NotAMember(f"{name!r} is not a login of the class ({roster.LOGIN_RULE})")
    if name not in members:
        raise NotAMember(f"{name} is not in the class")
    return name


def system_account(login, people):
    """The system account of `login` without containers, when the class made it (the roster says
    so) and it is no account of the machine's own; else None."""
    if not any(p.login == login and p.system for p in people):
        return None
    try:
        entry = pwd.getpwnam(login)
    except KeyError:
        return None
    return entry if entry.pw_uid >= FIRST_ACCOUNT_UID else None


def home(login, spawner, class_home, people=()):
    """The folder that is `login`'s home, or None: their Docker volume's, their folder of a
    swarm's homes, or (without containers) the home of the system account the class made."""
    if spawner == "swarm":
        folder = Path(class_home) / "homes" / login
        return folder if folder.is_dir() and not folder.is_symlink() else None
    if spawner != "docker":
        account = system_account(login, people)
        return Path(account.pw_dir) if account else None
    if login not in _volumes:
        found = subprocess.run(["docker", "volume", "inspect", "--format", "{{.Mountpoint}}", volume_name(login)],
                               capture_output=True, text=True)
        if found.returncode != 0 or not found.stdout.strip():
            return None  # no volume yet: the student never started a server
        _volumes[login] = Path(found.stdout.strip())
    return _volumes[login]


_volumes = {}  # login -> their volume's folder (Docker keeps it where it made it)


# ------------------------------------------------------------------------------------------
# Files in a home, never through a link.

def folder_in(home, parts, make=False, owner=None):
    """A descriptor of the folder home/parts..., every step a real folder, not a link. With
    `make`, missing folders are made (mode 700) and given to `owner` ((uid, gid); default: the
    home's owner)."""
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        if owner is None:
            found = os.fstat(fd)
            owner = (found.st_uid, found.st_gid)
        for part in parts:
            if part in ("", ".", "..") or "/" in part:
                raise OSError(f"{part!r} is no folder's name")
            if make:
                try:
                    os.mkdir(part, 0o700, dir_fd=fd)
                    os.chown(part, *owner, dir_fd=fd, follow_symlinks=False)
                except FileExistsError:
                    pass
            inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_at(folder, name, limit):
    """Up to `limit` bytes of the regular file `name` in the folder (a descriptor); None if there
    is none; OSError for a link, a pipe or anything else that is not a file."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{name} is not a file")
        return file.read(limit)


def read_in(home, relative, limit):
    """Up to `limit` bytes of the regular file home/relative; OSError for anything else (none
    there, a link on the way, not a file)."""
    *folders, name = Path(relative).parts
    folder = folder_in(home, folders)
    try:
        data = read_at(folder, name, limit)
    finally:
        os.close(folder)
    if data is None:
        raise FileNotFoundError(f"no {relative}")
    return data


def write_in(folder, name, data, owner, mode=0o600, mtime=None):
    """Writes `data` (text or bytes) to the file `name` in the folder (a descriptor) as the
    owner's ((uid, gid), or a stat result), whole or not at all: a new file, renamed over the
    old one."""
    if hasattr(owner, "st_uid"):
        owner = (owner.st_uid, owner.st_gid)
    partial = name + ".partial"
    try:
        os.unlink(partial, dir_fd=folder)
    except FileNotFoundError:
        pass
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=folder)
    with os.fdopen(fd, "wb") as file:
        os.fchown(fd, *owner)
        file.write(data.encode("utf-8") if isinstance(data, str) else data)
        file.flush()
        os.fchmod(fd, mode)
        if mtime is not None:
            os.utime(fd, (mtime, mtime))
    os.rename(partial, name, src_dir_fd=folder, dst_dir_fd=folder)


def exists_in(folder, name):
    try:
        os.stat(name, dir_fd=folder, follow_symlinks=False)
        return True
    except FileNotFoundError:
        return False


def is_folder_in(home, parts):
    """Whether home/parts... is a real folder all the way (no link on the way)."""
    try:
        os.close(folder_in(home, parts))
        return True
    except OSError:
        return False
