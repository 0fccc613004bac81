"""classadmin.roster: class lists as schools write them, and the logins made from them.

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classadmin import roster  # noqa: E402
from classadmin.roster import Person  # noqa: E402

# Accounts of a typical Debian machine, and a member of staff's.
MACHINE = {"root", "daemon", "bin", "sys", "sync", "games", "man", "lp", "mail", "news", "nobody", "www-data",
           "ada"}


def planned(data, people=(), role="student", klass=""):
    entries, notes, problems = roster.read_list(data)
    return roster.plan(entries, list(people), role, klass, MACHINE, notes, problems)


def logins(plan):
    return {p.name: p.login for p in plan.new}


class ClassLists(unittest.TestCase):
    def test_first_last_names_that_share_a_first_name_are_told_apart(self):
        plan = planned("wanda lovelace\nwanda byron\nalan turing\n")
        self.assertTrue(plan.ok, plan.problems)
        self.assertEqual(logins(plan), {"wanda lovelace": "wanda-l", "wanda byron": "wanda-b", "alan turing": "alan"})
        self.assertTrue(any("wanda-l" in note and "shared" in note for note in plan.notes), plan.notes)

    def test_shared_first_letters_go_on_until_they_differ(self):
        plan = planned("Wanda Lane\nWanda Lovelace\n")
        self.assertEqual(logins(plan), {"Wanda Lane": "wanda-la", "Wanda Lovelace": "wanda-lo"})

    def test_windows_line_ends_a_byte_order_mark_and_no_final_new_line(self):
        for data in (b"sam\r\nkim\r\nlee", "\ufeffsam\nkim\nlee".encode("utf-8"), b"sam\rkim\rlee\r\n"):
            plan = planned(data)
            self.assertTrue(plan.ok, (data, plan.problems))
            self.assertEqual(sorted(p.login for p in plan.new), ["kim", "lee", "sam"], data)

    def test_utf16_and_windows_1252_text(self):
        plan = planned("José Núñez\nZoë Ødegård\n".encode("utf-16"))
        self.assertEqual(logins(plan), {"José Núñez": "jose", "Zoë Ødegård": "zoe"})
        plan = planned("Jos\xe9 N\xfa\xf1ez\n".encode("cp1252"))
        self.assertEqual(logins(plan), {"José Núñez": "jose"})
        self.assertTrue(any("Windows-1252" in note for note in plan.notes))

    def test_csv_with_columns(self):
        data = b"Name,Login,Class,Email\r\nAda Lovelace,,7A,a@x\r\nAlan Turing,alan-t,7B,b@x\r\n,,,\r\nGrace Hopper,,7A,"
        plan = planned(data)
        self.assertTrue(plan.ok, plan.problems)
        people = {p.name: (p.login, p.klass) for p in plan.new}
        self.assertEqual(people, {"Ada Lovelace": ("ada-l", "7A"), "Alan Turing": ("alan-t", "7B"),
                                  "Grace Hopper": ("grace", "7A")})  # "ada" is a member of staff's account
        self.assertTrue(any("email" in note for note in plan.notes), plan.notes)

    def test_spreadsheet_with_first_and_last_name_columns_and_semicolons(self):
        plan = planned("First name;Surname\nWanda;Lane\nMax;Mustermann\n".encode("cp1252"))
        self.assertEqual(logins(plan), {"Wanda Lane": "wanda", "Max Mustermann": "max"})

    def test_last_comma_first(self):
        plan = planned("Lovelace, Ada\nTuring, Alan\n")
        self.assertEqual(logins(plan), {"Ada Lovelace": "ada-l", "Alan Turing": "alan"})

    def test_comments_blank_lines_and_a_heading_are_skipped(self):
        plan = planned("# class 7A\n\nName\nSam Smith\n   \n# the end\n")
        self.assertEqual(logins(plan), {"Sam Smith": "sam"})

    def test_a_login_alone_on_a_line_is_kept(self):
        plan = planned("mt-alice\nmt-bob\n")
        self.assertEqual(logins(plan), {"mt-alice": "mt-alice", "mt-bob": "mt-bob"})

    def test_columns_without_a_header_are_refused(self):
        plan = planned("Ada,Lovelace,7A\n")
        self.assertFalse(plan.ok)
        self.assertIn("name,login,class", plan.problems[0])


class Refusals(unittest.TestCase):
    def test_an_account_of_the_machine_is_never_taken_over(self):
        for line in ("bin", "nobody", "root", "lp"):
            plan = planned(f"{line}\nsam\n")
            self.assertFalse(plan.ok, line)
            self.assertEqual(plan.new, [], "nothing is made when the list has a problem")
            self.assertIn("account on this machine", plan.problems[0])
            self.assertIn("line 1", plan.problems[0])

    def test_a_made_login_moves_past_an_account_of_the_machine(self):
        plan = planned("Ada Byron\nBin Li\n")
        self.assertEqual(logins(plan), {"Ada Byron": "ada-b", "Bin Li": "bin-l"})
        self.assertTrue(any("account on this machine" in note for note in plan.notes), plan.notes)

    def test_a_given_login_that_is_an_account_of_the_machine(self):
        plan = planned("name,login\nSam Man,man\n")
        self.assertFalse(plan.ok)
        self.assertIn("login column", plan.problems[0])

    def test_every_problem_is_said_with_its_line_and_nothing_is_made(self):
        plan = planned("name,login\nSam,Sam Smith\nKim,bin\n" + "x" * 300 + ",\n")
        self.assertFalse(plan.ok)
        self.assertEqual(len(plan.problems), 3, plan.problems)
        self.assertEqual([p.split(":")[0] for p in plan.problems], ["line 2", "line 3", "line 4"])
        self.assertEqual(plan.new, [])

    def test_a_name_twice(self):
        plan = planned("Sam Smith\nKim\nSam Smith\n")
        self.assertFalse(plan.ok)
        self.assertIn("lines 1 and 3", plan.problems[0])

    def test_a_path_or_markup_is_no_name(self):
        plan = planned("Ada Lovelace\n../etc\n<b>Bo</b>\nJ. R. Tolkien\nMarie-Zoë O'Neil\n")
        self.assertFalse(plan.ok, "'../etc' would have become the login etc")
        self.assertEqual([p.split(":")[0] for p in plan.problems], ["line 2", "line 3"], plan.problems)
        self.assertIn("'/'", plan.problems[0])
        self.assertEqual(plan.new, [])
        self.assertTrue(planned("J. R. Tolkien\nMarie-Zoë O'Neil\n").ok, "initials, hyphens and apostrophes are names")

    def test_a_name_with_no_letters_a_login_can_use(self):
        plan = planned("王伟\n")
        self.assertFalse(plan.ok)
        self.assertIn("login column", plan.problems[0])
        plan = planned("name,login\n王伟,wang-wei\n")
        self.assertEqual(logins(plan), {"王伟": "wang-wei"})


class TheRoster(unittest.TestCase):
    def test_a_name_already_on_the_roster_keeps_its_login(self):
        people = [Person("wanda", "Wanda Lovelace")]
        plan = planned("Wanda Lovelace\nWanda Byron\n", people)
        self.assertEqual(logins(plan), {"Wanda Byron": "wanda-b"})
        self.assertEqual([p.login for p in plan.kept], ["wanda"])
        self.assertTrue(any("Wanda Lovelace's login" in note for note in plan.notes), plan.notes)

    def test_the_same_list_again_makes_nothing(self):
        first = planned("Ada Lovelace\nAlan Turing\n")
        again = planned("Ada Lovelace\nAlan Turing\n", first.new)
        self.assertEqual(again.new, [])
        self.assertEqual(len(again.kept), 2)

    def test_an_account_the_class_made_is_not_refused_as_the_machines(self):
        people = [Person("bin", "bin", system="old")]
        plan = planned("bin\nkim\n", people)
        self.assertTrue(plan.ok, plan.problems)
        self.assertEqual(logins(plan), {"kim": "kim"})

    def test_a_teacher_on_the_list_of_students(self):
        people = [Person("ms-ada", "ms-ada", role="teacher")]
        plan = planned("ms-ada\n", people)
        self.assertFalse(plan.ok)
        self.assertIn("as a teacher", plan.problems[0])

    def test_saved_and_loaded(self):
        with tempfile.TemporaryDirectory() as hub:
            people = [Person("ada-l", "Ada Lovelace, \"the first\"", "7A"), Person("t", "T", role="teacher")]
            roster.save(hub, people)
            self.assertEqual(roster.load(hub), people)
            self.assertEqual(Path(hub, "roster.csv").stat().st_mode & 0o077, 0)

    def test_an_earlier_versions_lists(self):
        with tempfile.TemporaryDirectory() as hub:
            Path(hub, "students.txt").write_text("mt-alice\nmt-bob\n")
            Path(hub, "teacher.txt").write_text("mt-teacher\n")
            people = roster.load(hub)
            self.assertEqual([(p.login, p.role, p.system) for p in people],
                             [("mt-alice", "student", "old"), ("mt-bob", "student", "old"),
                              ("mt-teacher", "teacher", "old")])

    def test_group_names(self):
        self.assertEqual(roster.group_name("7A Computing"), "7a-computing")
        self.assertEqual(roster.group_name("Année 1"), "annee-1")
        self.assertEqual(roster.group_name(""), "class")


class Teachers(unittest.TestCase):
    """Several classes and teachers on one hub: who teaches whom."""

    PEOPLE = [Person("ada", "Ada L", "7B", "student"), Person("bo", "Bo K", "7B", "student"),
              Person("cy", "Cy M", "8C", "student"), Person("ms-t", "Ms T", "7B", "teacher"),
              Person("mr-u", "Mr U", "8C; 7B", "teacher"), Person("head", "Head", roster.DEFAULT_CLASS, "teacher")]

    def test_only_a_teacher_given_no_class_looks_after_the_whole_hub(self):
        self.assertEqual([p.login for p in self.PEOPLE if roster.looks_after_all(p)], ["head"])
        self.assertEqual(roster.classes_of(self.PEOPLE[4]), ["8C", "7B"])
        self.assertEqual(roster.taught_classes(self.PEOPLE), ["7b", "8c"])

    def test_the_hubs_groups_hold_each_class_and_its_teachers(self):
        self.assertEqual(roster.hub_groups(self.PEOPLE), {
            "7b": ["ada", "bo"], "8c": ["cy"], "teachers-of-7b": ["ms-t", "mr-u"], "teachers-of-8c": ["mr-u"],
            "teachers-of-every-class": ["head"]})

    def test_no_class_is_named_like_a_group_of_teachers_or_admins(self):
        self.assertEqual(roster.group_name("Every class"), "every-class-class")
        self.assertEqual(roster.group_name("Class admins"), "class-admins-class")
        self.assertTrue(roster.is_class(roster.group_name("Class admins")))
        self.assertNotEqual(roster.teachers_group("Every class"), roster.EVERY_CLASS)

    def test_a_teacher_named_for_another_class_teaches_it_too(self):
        plan = planned("Ms T\n", self.PEOPLE, role="teacher", klass="8C")
        self.assertTrue(plan.ok, plan.problems)
        self.assertEqual(plan.new, [])
        self.assertEqual([(p.login, k) for p, k in plan.teaching], [("ms-t", "8C")])
        self.assertIn("ms-t (Ms T) teaches 8C too", plan.words())
        again = planned("Ms T\n", self.PEOPLE, role="teacher", klass="7b")
        self.assertEqual((again.teaching, [p.login for p in again.kept]), ([], ["ms-t"]))

    def test_a_new_teacher_is_said_with_their_class(self):
        plan = planned("Ms V\n", self.PEOPLE, role="teacher", klass="9A")
        self.assertIn("ms  Ms V  (teacher of 9A)", plan.words())
        plan = planned("Mx W\n", self.PEOPLE, role="teacher")
        self.assertIn("(teacher of the whole hub)", plan.words())


if __name__ == "__main__":
    unittest.main()
