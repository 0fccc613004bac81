"""classadmin.backup: backups rotated wherever they are kept, and a restore that never loses
newer work (a file it replaces is kept beside it, progress records are merged, the course's
repository in the student's folder is left as it is, one notebook alone can come back).

And the restore as a student would attack it, with what she has: her own home, whose every file
and folder she can replace from a cell. A link planted at the file or at any folder on the way,
before the backup or after it, never leads root to write or read outside her home; an archive
that names root or '..' is refused before anything is done; a backup leaves a folder it did not
make as it was, keeps no first passwords, and is root's only; a class whose pupils log in through
the school (no class list) is backed up and restored like any other.

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import contextlib
import importlib
import io
import os
import shutil
import sqlite3
import stat
import sys
import tarfile
import tempfile
import unittest
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def load(class_home):
    os.environ["MAGIC_CLASS_HOME"] = str(class_home)
    from classadmin import backup
    return importlib.reload(backup)


def tree(base, files):
    for rel, text in files.items():
        path = Path(base) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def hub_of(class_home, users, spawner="swarm"):
    """A class's hub folder with these users in its database (as JupyterHub keeps them), its
    students' servers on a swarm (whose homes are folders here: no Docker needed)."""
    hub = Path(class_home) / "hub"
    hub.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(hub / "jupyterhub.sqlite")) as db:
        db.execute("CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        db.executemany("INSERT OR IGNORE INTO users (name) VALUES (?)", [(u,) for u in users])
        db.commit()
    (hub / "hub.env").write_text(f'MAGIC_CLASS_SPAWNER="{spawner}"\nMAGIC_CLASS_STUDENT_UID="{os.getuid()}"\n')
    return hub


def quietly(call, *args, **kwargs):
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        return call(*args, **kwargs)


def read(base):
    return {str(p.relative_to(base)): p.read_text() for p in Path(base).rglob("*")
            if p.is_file() and not p.is_symlink()}


class Restore(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = Path(self.folder.name)
        self.backup = load(self.root / "class")
        self.me = (os.getuid(), os.getgid())

    def tearDown(self):
        self.folder.cleanup()

    def test_newer_work_is_kept_beside_what_comes_back(self):
        staged, base = self.root / "staged", self.root / "home"
        tree(staged, {"magic-tictactoe/notebooks/01-a.ipynb": "backed up",
                      "magic-tictactoe/notebooks/02-b.ipynb": "same",
                      "magic-tictactoe/.git/HEAD": "old head",
                      ".magic-tictactoe/progress.jsonl": "one\ntwo\n"})
        tree(base, {"magic-tictactoe/notebooks/01-a.ipynb": "newer work",
                    "magic-tictactoe/notebooks/02-b.ipynb": "same",
                    "magic-tictactoe/notebooks/03-made-since.ipynb": "made since",
                    "magic-tictactoe/.git/HEAD": "new head",
                    ".magic-tictactoe/progress.jsonl": "two\nthree\n"})
        restored, kept = self.backup.put_back(staged, base, self.me, "2026-11-26 10.00.00")
        now = read(base)
        self.assertEqual(now["magic-tictactoe/notebooks/01-a.ipynb"], "backed up")
        self.assertEqual(now["magic-tictactoe/notebooks/01-a (before the restore 2026-11-26 10.00.00).ipynb"],
                         "newer work")
        self.assertEqual(now["magic-tictactoe/notebooks/03-made-since.ipynb"], "made since")
        self.assertEqual(now["magic-tictactoe/.git/HEAD"], "new head", "the repository is left as it is")
        self.assertEqual(now[".magic-tictactoe/progress.jsonl"].splitlines(), ["one", "two", "three"])
        self.assertEqual(kept, ["magic-tictactoe/notebooks/01-a (before the restore 2026-11-26 10.00.00).ipynb"])
        self.assertNotIn("magic-tictactoe/notebooks/02-b.ipynb", restored, "an identical file is left alone")

    def test_one_notebook_alone(self):
        staged, base = self.root / "staged", self.root / "home"
        tree(staged, {"magic-tictactoe/notebooks/01-a.ipynb": "old a", "magic-tictactoe/notebooks/02-b.ipynb": "old b"})
        tree(base, {"magic-tictactoe/notebooks/02-b.ipynb": "new b"})
        only = Path("magic-tictactoe") / self.backup.notebook_path("01-a.ipynb")
        self.backup.put_back(staged, base, self.me, "x", only)
        self.assertEqual(read(base), {"magic-tictactoe/notebooks/01-a.ipynb": "old a",
                                      "magic-tictactoe/notebooks/02-b.ipynb": "new b"})
        with self.assertRaises(self.backup.Refused):
            self.backup.notebook_path("../../etc/passwd")

    def test_a_lost_folder_comes_back_whole(self):
        staged, base = self.root / "staged", self.root / "home"
        tree(staged, {"magic-tictactoe/.git/HEAD": "head", "magic-tictactoe/notebooks/01-a.ipynb": "a"})
        base.mkdir()
        self.backup.put_back(staged, base, self.me, "x")
        self.assertEqual(read(base), read(staged))

    def test_nothing_climbs_out_of_the_folder(self):
        archive = self.root / "evil.tar.gz"
        source = self.root / "x"
        source.write_text("evil")
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(source, "work/ada/home/../../../escaped")
            tar.add(source, "/absolute")
        target = self.root / "unpacked"
        with tarfile.open(archive, "r:gz") as tar:
            for member in tar:
                self.backup.unpack(tar, member, target, member.name[len("work/ada/home/"):])
        self.assertFalse((self.root / "escaped").exists())
        self.assertFalse(target.exists() and any(target.rglob("*")))


class AStudentsLinks(unittest.TestCase):
    """Links a student plants in her home: root follows none of them."""

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = Path(self.folder.name)
        self.backup = load(self.root / "class")
        self.me = (os.getuid(), os.getgid())
        self.outside = self.root / "etc"
        tree(self.outside, {"notebooks/01-a.ipynb": "root's own", "passwd": "root's own"})
        os.chmod(self.outside, 0o700)
        self.before = read(self.outside)
        self.staged = self.root / "staged"
        tree(self.staged, {"magic-tictactoe/notebooks/01-a.ipynb": "her text",
                           "magic-tictactoe/notebooks/passwd": "her text",
                           ".magic-tictactoe/progress.jsonl": "one\n"})

    def tearDown(self):
        self.folder.cleanup()

    def attack(self, links, only=None):
        """Her home with these links (path in the home -> target), then a restore into it."""
        base = self.root / "home"
        tree(base, {"magic-tictactoe/notebooks/02-b.ipynb": "hers"})
        for rel, target in links.items():
            path = base / rel
            if path.is_dir() and not path.is_symlink():
                os.rename(path, path.with_name(path.name + " moved"))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.unlink(missing_ok=True)
            path.symlink_to(target)
        with self.assertRaises(self.backup.Refused) as refused:
            self.backup.put_back(self.staged, base, self.me, "x", only)
        self.assertEqual(read(self.outside), self.before, f"nothing outside her home changed ({links})")
        self.assertEqual(os.stat(self.outside).st_mode & 0o777, 0o700)
        self.assertEqual(os.stat(self.outside / "passwd").st_uid, os.getuid())
        return str(refused.exception)

    def test_a_link_at_every_folder_on_the_way(self):
        for links in ({"magic-tictactoe": self.outside}, {"magic-tictactoe/notebooks": self.outside / "notebooks"},
                      {"magic-tictactoe/notebooks": self.outside}, {".magic-tictactoe": self.outside}):
            said = self.attack(links)
            self.assertIn("not a folder", said)
            self.tearDown()
            self.setUp()

    def test_a_link_at_the_file(self):
        for rel in ("magic-tictactoe/notebooks/01-a.ipynb", "magic-tictactoe/notebooks/passwd"):
            said = self.attack({rel: self.outside / "passwd"})
            self.assertIn("not a file", said)
            self.tearDown()
            self.setUp()

    def test_one_notebook_through_a_link(self):
        only = Path("magic-tictactoe") / self.backup.notebook_path("01-a.ipynb")
        self.attack({"magic-tictactoe/notebooks": self.outside / "notebooks"}, only)

    def test_progress_records_are_never_read_through_a_link(self):
        base = self.root / "home"
        (base / ".magic-tictactoe").mkdir(parents=True)
        (base / ".magic-tictactoe" / "progress.jsonl").symlink_to(self.outside / "passwd")
        with self.assertRaises(self.backup.Refused):
            self.backup.put_back(self.staged, base, self.me, "x")
        self.assertTrue((base / ".magic-tictactoe" / "progress.jsonl").is_symlink())
        self.assertNotIn("root's own", "".join(read(base).values()), "root's file was not copied into her home")

    def test_links_in_the_archive_are_never_made(self):
        """Planted before the backup: the archive holds the links (tar keeps a link as a link),
        and the restore makes none of them."""
        class_home = self.root / "class"
        hub_of(class_home, ["ada"])
        home = class_home / "homes" / "ada"
        tree(home, {"magic-tictactoe/notebooks/02-b.ipynb": "hers"})
        (home / "magic-tictactoe" / "etc").symlink_to(self.outside)
        (home / "magic-tictactoe" / "notebooks" / "01-a.ipynb").symlink_to(self.outside / "passwd")
        archive = quietly(self.backup.backup, self.root / "backups")
        with tarfile.open(archive) as tar:
            self.assertTrue(tar.getmember("work/ada/volume/magic-tictactoe/etc").issym())
        for path in ((home / "magic-tictactoe" / "etc"), (home / "magic-tictactoe" / "notebooks" / "01-a.ipynb")):
            path.unlink()
        with mock.patch.object(self.backup, "docker", lambda *args: None):
            quietly(self.backup.restore, archive, ["ada"])
        self.assertFalse((home / "magic-tictactoe" / "etc").exists() or (home / "magic-tictactoe" / "etc").is_symlink())
        self.assertFalse((home / "magic-tictactoe" / "notebooks" / "01-a.ipynb").is_symlink())
        self.assertEqual(read(self.outside), self.before)


class NamesFromOutside(unittest.TestCase):
    """Names reach root's commands only when they are logins of the class."""

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = Path(self.folder.name)
        self.class_home = self.root / "class"
        hub_of(self.class_home, ["ada"])
        self.backup = load(self.class_home)

    def tearDown(self):
        self.folder.cleanup()

    def archive(self, names):
        archive = self.root / "evil.tar.gz"
        source = self.root / "x"
        source.write_text("evil")
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(self.class_home / "hub", "hub")
            for name in names:
                tar.add(source, f"work/{name}/home/magic-tictactoe/x")
        return archive

    def test_an_archive_naming_root_or_dot_dot_is_refused_before_anything_is_done(self):
        for names in (["root"], [".."], ["ada", "root"], ["ada", ".."], ["Ada"], ["ada/../root"]):
            stopped = []
            with mock.patch.object(self.backup, "stop_hub", lambda: stopped.append("hub")), \
                    mock.patch.object(self.backup, "stop_server", lambda *args: stopped.append(args)), \
                    mock.patch.object(self.backup.subprocess, "run", lambda *args, **kw: stopped.append(args)):
                with self.assertRaises(self.backup.Refused) as refused:
                    quietly(self.backup.restore, self.archive(names), [], whole=True)
            self.assertRegex(str(refused.exception), "not in its class|not a class backup")
            self.assertEqual(stopped, [], f"nothing stopped, nothing run for {names}")
            self.assertTrue((self.class_home / "hub" / "hub.env").exists(), "the hub's state is as it was")

    def test_a_name_on_the_command_line_must_be_in_the_class(self):
        archive = self.archive(["ada", "root"])
        for name in ("root", "..", "daemon", "bob"):
            with mock.patch.object(self.backup, "stop_server", lambda *args: self.fail("stopped something")):
                with self.assertRaises(self.backup.Refused):
                    quietly(self.backup.restore, archive, [name])

    def test_no_processes_are_stopped_by_name_with_containers(self):
        ran = []
        with mock.patch.object(self.backup.subprocess, "run", lambda args, **kw: ran.append(args)), \
                mock.patch.object(self.backup, "docker", lambda *args: ran.append(["docker", *args])):
            self.backup.stop_server("root", None)
        self.assertFalse([args for args in ran if args[0] == "pkill"], ran)

    def test_without_containers_only_an_account_the_class_made(self):
        (self.class_home / "hub" / "hub.env").write_text('MAGIC_CLASS_SPAWNER="local"\n')
        (self.class_home / "hub" / "roster.csv").write_text("login,name,class,role,system\nroot,Root,7b,student,\n")
        ran = []
        with mock.patch.object(self.backup.subprocess, "run", lambda args, **kw: ran.append(args)):
            self.backup.stop_server("root", None)
            self.backup.stop_server("daemon", None)
        self.assertEqual(ran, [], "root and daemon are the machine's, not the class's")
        self.assertIsNone(self.backup.home_of("root"))


class Backups(unittest.TestCase):
    def test_the_newest_are_kept_in_a_folder_whose_name_has_a_space(self):
        with tempfile.TemporaryDirectory() as folder:
            class_home = Path(folder) / "class"
            (class_home / "hub").mkdir(parents=True)
            (class_home / "hub" / "roster.csv").write_text("login,name,class,role,system\n")
            backup = load(class_home)
            kept = Path(folder) / "class backups"
            made = []
            for second in range(4):
                with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
                    made.append(backup.backup(kept, kept=2))
                os.rename(made[-1], made[-1].with_name(f"magic-tictactoe-2026-11-2{second}-120000.tar.gz"))
            names = sorted(p.name for p in kept.iterdir())
            self.assertEqual(names, ["magic-tictactoe-2026-11-22-120000.tar.gz",
                                     "magic-tictactoe-2026-11-23-120000.tar.gz"])


class WhatABackupTouches(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = Path(self.folder.name)
        self.class_home = self.root / "class"
        self.hub = hub_of(self.class_home, ["ada", "ms-tee"])
        (self.hub / "first-passwords.json").write_text('[{"login": "bob", "password": "secret-first"}]')
        tree(self.class_home / "homes" / "ada", {"magic-tictactoe/notebooks/01-a.ipynb": "ada's work"})
        self.backup = load(self.class_home)

    def tearDown(self):
        self.folder.cleanup()

    def test_a_shared_folder_keeps_its_mode_and_the_archive_is_root_s_only(self):
        shared = self.root / "shared"
        shared.mkdir()
        os.chmod(shared, 0o1777)
        archive = quietly(self.backup.main, ["backup", str(shared)])
        self.assertEqual(archive, 0)
        self.assertEqual(stat.S_IMODE(os.stat(shared).st_mode), 0o1777, "backup /tmp breaks nobody's programs")
        made = list(shared.glob("magic-tictactoe-*.tar.gz"))
        self.assertEqual(len(made), 1)
        self.assertEqual(stat.S_IMODE(os.stat(made[0]).st_mode), 0o600)
        new = self.root / "new" / "backups"
        quietly(self.backup.main, ["backup", str(new)])
        self.assertEqual(stat.S_IMODE(os.stat(new).st_mode), 0o700, "a folder it makes is root's only")

    def test_no_first_passwords_in_a_backup(self):
        archive = quietly(self.backup.backup, self.root / "backups")
        with tarfile.open(archive) as tar:
            names = tar.getnames()
            self.assertNotIn("hub/first-passwords.json", names)
            self.assertIn("hub/jupyterhub.sqlite", names)
            for member in tar:
                if member.isfile():
                    self.assertNotIn(b"secret-first", tar.extractfile(member).read())

    def test_a_school_login_class_is_backed_up_and_restored(self):
        """Pupils who log in through the school are the hub's users only: no class list."""
        self.assertFalse((self.hub / "roster.csv").exists())
        archive = quietly(self.backup.backup, self.root / "backups")
        with tarfile.open(archive) as tar:
            self.assertIn("work/ada/volume/magic-tictactoe/notebooks/01-a.ipynb", tar.getnames())
        (self.class_home / "homes" / "ada" / "magic-tictactoe" / "notebooks" / "01-a.ipynb").write_text("changed")
        with mock.patch.object(self.backup, "docker", lambda *args: None):
            quietly(self.backup.restore, archive, ["ada"], "01-a.ipynb")
        now = read(self.class_home / "homes" / "ada")
        self.assertEqual(now.pop("magic-tictactoe/notebooks/01-a.ipynb"), "ada's work")
        self.assertEqual(list(now.values()), ["changed"], "the newer version is kept beside it")


class BackupIntoAFolderOthersWrite(unittest.TestCase):
    """Issue 69: `class.sh backup FOLDER` into a folder another account can write. She sees the
    names the backup writes while tar runs, and plants links at every name it may write next,
    to a file of hers (to receive the class) or to a file of root's (to have it overwritten)."""

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = Path(self.folder.name)
        self.class_home = self.root / "class"
        self.hub = hub_of(self.class_home, ["ada"])
        (self.hub / "jupyterhub_cookie_secret").write_text("the-cookie-secret")
        tree(self.class_home / "homes" / "ada", {"magic-tictactoe/notebooks/01-a.ipynb": "ada's work"})
        self.backup = load(self.class_home)
        self.shared = self.root / "shared"
        self.shared.mkdir()
        os.chmod(self.shared, 0o777)
        self.hers = self.root / "hers"
        self.hers.write_text("")
        os.chmod(self.hers, 0o666)
        self.planted = []

    def tearDown(self):
        self.folder.cleanup()

    def plant(self):
        """Every name in the folder now, and every name the backup could write next beside it."""
        for seen in list(self.shared.iterdir()):
            stem = seen.name.lstrip(".").split(".tar")[0]
            for name in (f"{stem}.tar.gz.partial", f"{stem}.tar.partial.gz", f"{stem}.tar.gz"):
                target = self.shared / name
                if not target.exists() and not target.is_symlink():
                    target.symlink_to(self.hers)
                    self.planted.append(name)

    def test_links_planted_while_tar_runs_receive_nothing(self):
        real = self.backup.tar_changing

        def tar_then_plant(*args, **kwargs):
            real(*args, **kwargs)
            self.plant()

        with mock.patch.object(self.backup, "tar_changing", tar_then_plant):
            archive = quietly(self.backup.backup, self.shared)
        self.assertTrue(self.planted, "the attacker saw names to plant links beside")
        self.assertEqual(self.hers.read_bytes(), b"", "nothing of the class reached a file through a planted link")
        self.assertFalse(archive.is_symlink())
        self.assertEqual(stat.S_IMODE(archive.lstat().st_mode), 0o600)
        with tarfile.open(archive) as tar:
            self.assertIn("hub/jupyterhub_cookie_secret", tar.getnames())
        left = sorted(p.name for p in self.shared.iterdir() if not p.is_symlink())
        self.assertEqual(left, [archive.name], "no partial file is left in the folder")

    def test_a_failed_backup_leaves_no_partial(self):
        def failing(*args, **kwargs):
            if "--append" in args:
                raise self.backup.Refused("tar failed: No space left on device")
            return real(*args, **kwargs)

        real = self.backup.tar_changing
        with mock.patch.object(self.backup, "tar_changing", failing), self.assertRaises(self.backup.Refused):
            quietly(self.backup.backup, self.shared)
        self.assertEqual(list(self.shared.iterdir()), [], "the partial files went with the failure")

    def test_free_space_is_checked_before_anything_is_written(self):
        little = os.statvfs(self.shared)
        full = os.statvfs_result((little.f_bsize, little.f_frsize, little.f_blocks, 0, 0, *little[5:]))
        with mock.patch.object(self.backup.os, "fstatvfs", lambda fd: full), \
                self.assertRaises(self.backup.Refused) as refused:
            quietly(self.backup.backup, self.shared)
        self.assertIn("MB free", str(refused.exception))
        self.assertIn("nothing was written", str(refused.exception))
        self.assertEqual(list(self.shared.iterdir()), [])

    def test_a_sparse_file_is_stored_as_sparse(self):
        empty = self.class_home / "homes" / "ada" / "nothing.bin"
        with open(empty, "wb") as nothing:
            nothing.truncate(256 << 20)  # 256 MB of nothing, taking no disk
        archive = quietly(self.backup.backup, self.shared)
        with tarfile.open(archive) as tar:
            member = tar.getmember("work/ada/volume/nothing.bin")
            self.assertTrue(member.issparse(), "tar --sparse keeps a sparse file's holes as holes")
            self.assertEqual(member.size, 256 << 20)


class ARestoreBelievesOnlyTheArchivesFiles(unittest.TestCase):
    """Issue 69, 3 and 6: a whole-class restore took the kind of class and its people from the
    archive's own hub.env and roster (a crafted one made root signal a local account of uid 1999
    and write into its home); one pupil's refusal ended the loop and left the hub stopped; a
    long path ended in a traceback; a file stored as a hard link was "Brought back" and was not
    there."""

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = Path(self.folder.name)
        self.class_home = self.root / "class"
        self.hub = hub_of(self.class_home, ["ada", "bo"])  # a class over a swarm: homes are folders here
        (self.hub / "roster.csv").write_text("login,name,class,role,system\nada,Ada,7b,student,\nbo,Bo,7b,student,\n")
        for name in ("ada", "bo"):
            tree(self.class_home / "homes" / name, {"magic-tictactoe/notebooks/01-a.ipynb": f"{name}'s work"})
        self.backup = load(self.class_home)
        self.theirs = self.root / "another-account"  # the home of a local account of uid 1999
        self.theirs.mkdir()

    def tearDown(self):
        self.folder.cleanup()

    def crafted(self, hub_env, roster_csv, extra=()):
        """A whole-class archive made from a real backup, with the hub's settings and list of the
        attacker's choosing, and `extra` (TarInfo, bytes or None) members added."""
        real = quietly(self.backup.backup, self.root / "backups")
        crafted = self.root / "crafted.tar.gz"
        with tarfile.open(real) as source, tarfile.open(crafted, "w:gz") as out:
            for member in source:
                data = source.extractfile(member).read() if member.isfile() else None
                if member.name == "hub/hub.env":
                    data = hub_env.encode()
                elif member.name == "hub/roster.csv":
                    data = roster_csv.encode()
                if data is not None:
                    member.size = len(data)
                out.addfile(member, io.BytesIO(data) if data is not None else None)
            for member, data in extra:
                out.addfile(member, io.BytesIO(data) if data is not None else None)
        return crafted

    def restore_whole(self, archive, ran):
        account = mock.Mock(pw_uid=1999, pw_gid=1999, pw_dir=str(self.theirs), pw_name="ada")
        with mock.patch.object(self.backup, "stop_hub", lambda: True), \
                mock.patch.object(self.backup.subprocess, "run", lambda args, **kw: ran.append(list(args))), \
                mock.patch.object(self.backup.homes.pwd, "getpwnam", lambda name: account):
            return quietly(self.backup.restore, archive, [], whole=True)

    def test_the_kind_of_class_and_its_people_are_the_running_class_s(self):
        archive = self.crafted('MAGIC_CLASS_SPAWNER="local"\nPATH="/tmp/evil:/usr/bin"\n',
                               "login,name,class,role,system\nada,Ada,7b,student,yes\n")
        ran = []
        self.restore_whole(archive, ran)
        self.assertFalse([args for args in ran if args[0] == "pkill"], f"no account's processes signalled: {ran}")
        self.assertEqual(list(self.theirs.iterdir()), [], "nothing written into another account's home")
        self.assertEqual(read(self.class_home / "homes" / "ada")["magic-tictactoe/notebooks/01-a.ipynb"], "ada's work")
        self.assertNotIn("evil", (self.hub / "hub.env").read_text(), "the class's own settings stay")
        self.assertIn("bo,Bo", (self.hub / "roster.csv").read_text(), "the class's own list stays")
        self.assertIn(["systemctl", "start", self.backup.SERVICE], ran, "the hub is started again")

    def test_one_pupil_s_refusal_is_said_by_name_and_the_others_come_back(self):
        archive = self.crafted((self.hub / "hub.env").read_text(), (self.hub / "roster.csv").read_text())
        ada = self.class_home / "homes" / "ada" / "magic-tictactoe"
        shutil.rmtree(ada / "notebooks")
        (ada / "notebooks").symlink_to(self.theirs)  # planted by ada after the backup
        (self.class_home / "homes" / "bo" / "magic-tictactoe" / "notebooks" / "01-a.ipynb").write_text("lost")
        ran = []
        with self.assertRaises(self.backup.Refused) as refused:
            self.restore_whole(archive, ran)
        self.assertIn("ada", str(refused.exception))
        self.assertNotRegex(str(refused.exception), r"\bbo\b")
        self.assertEqual(read(self.class_home / "homes" / "bo")["magic-tictactoe/notebooks/01-a.ipynb"], "bo's work",
                         "the pupil after her is brought back")
        self.assertIn(["systemctl", "start", self.backup.SERVICE], ran, "the hub is started again")
        self.assertEqual(list(self.theirs.iterdir()), [])

    def test_a_long_path_and_a_hard_link_are_brought_back_or_said(self):
        long = "/".join(["d" * 251] * 17) + "/deep.txt"  # each name allowed, the whole path past PATH_MAX
        deep = tarfile.TarInfo(f"work/ada/volume/{long}")
        deep.size = 4
        linked = tarfile.TarInfo("work/ada/volume/magic-tictactoe/notebooks/02-b.ipynb")
        linked.type, linked.linkname = tarfile.LNKTYPE, "work/ada/volume/magic-tictactoe/notebooks/01-a.ipynb"
        archive = self.crafted((self.hub / "hub.env").read_text(), (self.hub / "roster.csv").read_text(),
                               [(deep, b"deep"), (linked, None)])
        with mock.patch.object(self.backup, "docker", lambda *args: None), \
                self.assertRaises(self.backup.Refused) as refused:
            quietly(self.backup.restore, archive, ["ada"])
        self.assertIn("ada", str(refused.exception))
        self.assertIn("not brought back", str(refused.exception))
        self.assertIn("name too long", str(refused.exception).lower())
        now = read(self.class_home / "homes" / "ada")
        self.assertEqual(now.get("magic-tictactoe/notebooks/02-b.ipynb"), "ada's work",
                         "a file stored as a hard link comes back with its content")


class Swarm(unittest.TestCase):
    def test_a_swarm_s_homes_are_the_folders_every_pc_mounts(self):
        with tempfile.TemporaryDirectory() as folder:
            class_home = Path(folder) / "class"
            (class_home / "hub").mkdir(parents=True)
            (class_home / "homes" / "ada").mkdir(parents=True)
            backup = load(class_home)
            self.assertEqual(backup.student_uid(), backup.STUDENT_UID)
            (class_home / "hub" / "hub.env").write_text('MAGIC_CLASS_SPAWNER="swarm"\nMAGIC_CLASS_STUDENT_UID="997"\n')
            self.assertEqual(backup.volume_of("ada"), class_home / "homes" / "ada")
            self.assertIsNone(backup.volume_of("grace"), "no folder yet: no server ever started")
            self.assertEqual(backup.student_uid(), 997)
            (class_home / "hub" / "hub.env").write_text('MAGIC_CLASS_SPAWNER="docker"\n')
            self.assertFalse(backup.swarm())


if __name__ == "__main__":
    unittest.main()
