"""classpage: the class by exercises, as the teacher's page and its CSV show it, from the
students' checks (records) and the course's notebooks.

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import os
import shutil
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[3]
CLASS_HOME = tempfile.TemporaryDirectory()
os.environ["MAGIC_CLASS_HOME"] = CLASS_HOME.name
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classadmin import roster  # noqa: E402
from classpage import accounts, page, records  # noqa: E402

NOTEBOOK = "notebooks/01-magic-square.ipynb"
PICK = "notebooks/03-pick-15.ipynb"


def check(notebook, exercise, right, when):
    return {"notebook": notebook, "exercise": exercise, "question": "", "right": right, "time": when}


class Table(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        course = Path(CLASS_HOME.name) / "course" / "notebooks"
        course.mkdir(parents=True)
        for notebook in (NOTEBOOK, PICK):
            shutil.copy(ROOT / notebook, course)

    def table(self, checks):
        with mock.patch.object(records, "students", lambda: list(checks)), \
             mock.patch.object(records, "names", lambda: {"mt-alice": "Alice Lovelace"}), \
             mock.patch.object(records, "records", lambda student: checks[student]):
            return records.Table()

    def test_checks_under_their_exercises_in_the_page_and_the_csv(self):
        table = self.table({
            "mt-alice": [check(NOTEBOOK, "2", False, 1.0), check(NOTEBOOK, "2", True, 2.0),
                         check(PICK, "check_win_test", True, 3.0)],
            "mt-bob": [check(PICK, "check_win_test", False, 4.0), check(PICK, "check_win_test", False, 5.0),
                       check(PICK, "check_win_test", False, 6.0)],
        })
        self.assertEqual([table.labels[c] for c in table.columns][0], "01 · 2")
        self.assertEqual(table.state("mt-alice", (NOTEBOOK, "2")), (2, True))
        self.assertEqual(table.state("mt-bob", (PICK, "check_win_test")), (3, False))
        self.assertTrue(table.stuck("mt-bob"))
        self.assertFalse(table.stuck("mt-alice"))
        rows = table.csv().splitlines()
        self.assertIn("Alice Lovelace,mt-alice", rows[1])
        self.assertIn("right on attempt 2", rows[1])
        self.assertIn("not yet (3 attempts)", rows[2])
        shown = page.table_html(table)
        self.assertIn("01 · 2", shown)
        self.assertIn("(stuck?)", shown)

    def test_a_class_with_no_checks_yet(self):
        table = self.table({"mt-alice": []})
        self.assertEqual(table.columns, [])
        self.assertEqual(table.csv().splitlines()[1], "Alice Lovelace,mt-alice,,")
        self.assertIn("mt-alice", page.table_html(table))


class ClassTeachers(unittest.TestCase):
    """The page of a teacher of one class holds that class only; the hub's admin sees all. Who
    teaches whom comes from the hub's groups, as the hub answers the page."""

    MEMBERS = {"7b": ["ada"], "8c": ["cy"], "teachers-of-7b": ["ms-t"], "class-admins": ["boss"]}

    def setUp(self):
        hub = Path(CLASS_HOME.name) / "hub"
        hub.mkdir(exist_ok=True)
        roster.save(hub, [roster.Person("ada", "Ada L", "7B"), roster.Person("cy", "Cy M", "8C"),
                          roster.Person("ms-t", "Ms T", "7B", "teacher"),
                          roster.Person("head", "Head", roster.DEFAULT_CLASS, "teacher")])

    def teacher(self, login, admin=False):
        groups = [g for g, users in self.MEMBERS.items() if login in users]
        return records.Teacher(login, admin, groups, self.MEMBERS)

    def page(self, me):
        with mock.patch.object(records, "records", lambda student: []):
            return page.page_html(me, "xsrf", "", records.Table(me.students))

    def test_a_teacher_of_a_class_sees_that_class_only(self):
        me = self.teacher("ms-t")
        self.assertEqual((me.whole, me.students, me.classes), (False, ["ada"], ["7B"]))
        shown = self.page(me)
        self.assertIn("Ada L", shown)
        self.assertNotIn("Cy M", shown)
        self.assertNotIn('value="cy"', shown)
        # What acts on the whole hub is not offered; their class's own timetable is.
        self.assertNotIn('<input id="lessons" ', shown)
        self.assertIn('<input type="hidden" name="klass" value="7B">', shown)
        self.assertEqual(shown.count('action="timetable"'), 1)
        self.assertNotIn('action="update"', shown)
        self.assertIn("Warm 7B now", shown)
        self.assertFalse(me.sees(["t", "head", "started over", "cy", "x"]))
        self.assertTrue(me.sees(["t", "head", "started over", "ada", "x"]))

    def test_the_hubs_admin_sees_every_class_and_no_teacher_or_admin_as_a_student(self):
        for me in (self.teacher("head", admin=True), self.teacher("boss", admin=True)):
            self.assertEqual((me.whole, sorted(me.students)), (True, ["ada", "cy"]))
            shown = self.page(me)
            self.assertIn("Cy M", shown)
            self.assertIn('action="timetable"', shown)

    def test_a_student_or_a_stranger_teaches_nobody(self):
        for login in ("ada", "stranger"):
            me = self.teacher(login)
            self.assertEqual((me.whole, me.students, me.classes), (False, [], []))

    def test_who_teaches_whom_from_the_groups_the_roster_makes(self):
        people = [roster.Person("ada", "Ada L", "7B"), roster.Person("bo", "Bo K", "7B"),
                  roster.Person("cy", "Cy M", "8C"), roster.Person("ms-t", "Ms T", "7B", "teacher"),
                  roster.Person("mr-u", "Mr U", "8C; 7B", "teacher"),
                  roster.Person("head", "Head", roster.DEFAULT_CLASS, "teacher")]
        members = roster.hub_groups(people)

        def taught(login, admin=False):
            groups = [g for g, users in members.items() if login in users]
            with mock.patch.object(records, "students", lambda: [p.login for p in roster.students(people)]):
                return records.Teacher(login, admin, groups, members).students

        self.assertEqual(taught("ms-t"), ["ada", "bo"])
        self.assertEqual(sorted(taught("mr-u")), ["ada", "bo", "cy"])
        self.assertEqual(sorted(taught("head")), ["ada", "bo", "cy"],
                         "the whole hub's teacher, through the group teachers-of-every-class, not as its admin")
        self.assertEqual(sorted(taught("boss", admin=True)), ["ada", "bo", "cy"])
        # A student, or someone the roster does not have, teaches nobody.
        self.assertEqual(taught("ada"), [])
        self.assertEqual(taught("stranger"), [])

    def test_a_teacher_adds_students_to_their_own_class_only(self):
        me = self.teacher("ms-t")
        with self.assertRaises(accounts.Problem) as refused:
            accounts.add("Dee N\n", "8C", me)
        self.assertIn("you teach 7B, not 8C", str(refused.exception))
        with self.assertRaises(accounts.Problem):
            accounts.add("name,class\nDee N,8C\n", "", me)

if __name__ == "__main__":
    unittest.main()
