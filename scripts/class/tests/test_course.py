"""classadmin.course: bringing in the crate's newer notebooks keeps the teacher's own edits.

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classadmin import course  # noqa: E402

TEACHER = ["-c", "user.name=Ms Ada", "-c", "user.email=ada@school"]


class Updates(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        root = Path(self.folder.name)
        self.repo, self.crate = root / "course", root / "crate"
        self.crate.mkdir()
        self.ship({"01-a.ipynb": "a1", "02-b.ipynb": "b1", "03-c.ipynb": "c1", "evcxr.toml": "x"})
        course.create(self.repo, self.crate, "day 1")

    def tearDown(self):
        self.folder.cleanup()

    def ship(self, files):
        for name, text in files.items():
            (self.crate / name).write_text(text)

    def teacher_commits(self, files, message="my edit"):
        for name, text in files.items():
            (self.repo / "notebooks" / name).write_text(text)
        subprocess.run(["git", "-C", str(self.repo), *TEACHER, "commit", "-qam", message], check=True)

    def lessons(self):
        return {p.name: p.read_text() for p in (self.repo / "notebooks").iterdir()}

    def test_nothing_new_from_the_crate_leaves_the_teachers_edit(self):
        self.teacher_commits({"03-c.ipynb": "c1 and a note of mine"})
        said, both = course.update(self.repo, self.crate, "day 2")
        self.assertIn("nothing to update", said)
        self.assertEqual(self.lessons()["03-c.ipynb"], "c1 and a note of mine")

    def test_the_crates_changes_come_in_and_the_teachers_stay(self):
        self.teacher_commits({"03-c.ipynb": "c1 and a note of mine", "01-a.ipynb": "a1 mine"})
        self.ship({"01-a.ipynb": "a2", "02-b.ipynb": "b2", "04-d.ipynb": "d2"})
        said, both = course.update(self.repo, self.crate, "day 2")
        self.assertEqual(self.lessons(), {"01-a.ipynb": "a1 mine", "02-b.ipynb": "b2", "03-c.ipynb": "c1 and a note of mine",
                                          "04-d.ipynb": "d2", "evcxr.toml": "x"})
        self.assertEqual(both, ["notebooks/01-a.ipynb"])
        self.assertIn("01-a", said)
        # The next update brings in only what the crate changed since.
        self.ship({"02-b.ipynb": "b3"})
        said, both = course.update(self.repo, self.crate, "day 3")
        self.assertEqual(self.lessons()["02-b.ipynb"], "b3")
        self.assertEqual(self.lessons()["01-a.ipynb"], "a1 mine")
        self.assertEqual(both, [])
        status = subprocess.run(["git", "-C", str(self.repo), "status", "--porcelain"], capture_output=True, text=True)
        self.assertEqual(status.stdout, "", "the course's work tree is its main branch, committed")

    def test_a_notebook_the_crate_removed(self):
        self.teacher_commits({"03-c.ipynb": "c1 mine"})
        (self.crate / "02-b.ipynb").unlink()
        (self.crate / "03-c.ipynb").unlink()
        course.update(self.repo, self.crate, "day 2")
        self.assertNotIn("02-b.ipynb", self.lessons())
        self.assertEqual(self.lessons()["03-c.ipynb"], "c1 mine", "the teacher changed it: it stays")

    def test_a_course_of_an_earlier_version(self):
        # No crate branch: the crate's last version is class.sh's last commit on main.
        subprocess.run(["git", "-C", str(self.repo), "branch", "-D", "crate"], check=True, capture_output=True)
        self.teacher_commits({"03-c.ipynb": "c1 and a note of mine"})
        course.update(self.repo, self.crate, "day 2")
        self.assertEqual(self.lessons()["03-c.ipynb"], "c1 and a note of mine")
        self.ship({"02-b.ipynb": "b2"})
        course.update(self.repo, self.crate, "day 3")
        self.assertEqual(self.lessons()["02-b.ipynb"], "b2")
        self.assertEqual(self.lessons()["03-c.ipynb"], "c1 and a note of mine")

    def test_the_crates_new_home(self):
        self.teacher_commits({"01-a.ipynb": ':dep magic-tictactoe = { path = \\"/srv/x/crate\\" }'})
        changed = course.retarget(self.repo, "/srv/x", "/srv/y", "day 2")
        self.assertEqual(changed, ["notebooks/01-a.ipynb"])
        self.assertIn('\\"/srv/y/crate\\"', self.lessons()["01-a.ipynb"])


if __name__ == "__main__":
    unittest.main()
