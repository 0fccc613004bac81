"""A student's home, and files in it read and written as root without following a link."""

import os
import pwd
import stat
import subprocess
from pathlib import Path

from .settings import CLASS, SPAWNER

_volumes = {}


def home(student):
    """The folder that is the student's home: their volume, their folder of the swarm's homes,
    or their system home."""
    if SPAWNER == "swarm":
        folder = CLASS / "homes" / student
        return folder if folder.is_dir() else None
    if SPAWNER != "docker":
        try:
            return Path(pwd.getpwnam(student).pw_dir)
        except KeyError:
            return None
    if student not in _volumes:
        found = subprocess.run(["docker", "volume", "inspect", "--format", "{{.Mountpoint}}",
                                f"magic-tictactoe-{student}"], capture_output=True, text=True)
        if found.returncode != 0:
            return None  # no volume yet: the student never started a server
        _volumes[student] = Path(found.stdout.strip())
    return _volumes[student]


# ------------------------------------------------------------------------------------------
# Files in a student's home. This service runs as root and the student owns everything in
# their home: a symbolic link there (made in their container or at their prompt) must not lead
# root to read or write a file elsewhere, and a pipe must not make the page wait. So every
# path is walked one folder at a time from the home, refusing links, and only regular files
# are read.


def folder_in(home, parts, make=False):
    """A descriptor of the folder home/parts..., every step a real folder, not a link. With
    `make`, missing folders are made and given to the home's owner."""
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY)
    try:
        owner = os.fstat(fd)
        for part in parts:
            if make:
                try:
                    os.mkdir(part, 0o700, dir_fd=fd)
                    os.chown(part, owner.st_uid, owner.st_gid, dir_fd=fd, follow_symlinks=False)
                except FileExistsError:
                    pass
            inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_in(home, relative, limit):
    """Up to `limit` bytes of the regular file home/relative; OSError for anything else."""
    *folders, name = Path(relative).parts
    folder = folder_in(home, folders)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    finally:
        os.close(folder)
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{relative} is not a file")
        return file.read(limit)


def write_in(folder, name, text, owner):
    """Writes `text` to the file `name` in the folder (a descriptor) as the owner's, whole or not
    at all: a new file, renamed over the old one."""
    partial = name + ".partial"
    try:
        os.unlink(partial, dir_fd=folder)
    except FileNotFoundError:
        pass
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        os.fchown(fd, owner.st_uid, owner.st_gid)
        file.write(text)
    os.rename(partial, name, src_dir_fd=folder, dst_dir_fd=folder)


def exists_in(folder, name):
    try:
        os.stat(name, dir_fd=folder, follow_symlinks=False)
        return True
    except FileNotFoundError:
        return False
