"""classadmin.backup: backups rotated wherever they are kept, and a restore that never loses
newer work (a file it replaces is kept beside it, progress records are merged, the course's
repository in the student's folder is left as it is, one notebook alone can come back).

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import contextlib
import importlib
import io
import os
import sys
import tarfile
import tempfile
import unittest
from pathlib import Path

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


def read(base):
    return {str(p.relative_to(base)): p.read_text() for p in Path(base).rglob("*") if p.is_file()}


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
