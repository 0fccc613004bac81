"""classadmin.accounts with the hub stopped: passwords kept hashed in the hub's own database,
a new password, a student taken out of the class, the slips, and a class of an earlier version
brought over. (With the hub running, the class test walks the same through its REST API.)

Needs JupyterHub and NativeAuthenticator: the class's Python environment has them.

    $CLASS_HOME/venv/bin/python -m unittest discover -s scripts/class/tests
"""

import os
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classadmin import roster  # noqa: E402

try:
    import jupyterhub  # noqa: F401
    import nativeauthenticator  # noqa: F401
    from classadmin.accounts import Accounts, Problem  # noqa: E402
    HUB = True
except ImportError:
    HUB = False

MACHINE = {"root", "bin", "nobody"}


class TheHubOnThisMachine(unittest.TestCase):
    def test_no_insecure_request_warning_in_the_technician_s_terminal(self):
        """Issue 69, 11: every restore of an HTTPS class printed urllib3's InsecureRequestWarning
        (the hub's own certificate, made by class.sh, is vouched for by no authority)."""
        import warnings
        from unittest import mock

        import urllib3
        from classadmin.accounts import LiveHub

        def request(*args, **kwargs):
            warnings.warn("Unverified HTTPS request", urllib3.exceptions.InsecureRequestWarning)
            return "answer"

        hub = LiveHub("https://127.0.0.1:8443", "token")
        with warnings.catch_warnings(record=True) as shown, mock.patch.object(hub.requests, "request", request):
            warnings.simplefilter("always")
            self.assertEqual(hub.api("GET", "/users"), "answer")
        self.assertEqual([str(w.message) for w in shown], [])


@unittest.skipUnless(HUB, "JupyterHub and NativeAuthenticator are not installed here (the class's environment has them)")
class Accounts_(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.hub = Path(self.folder.name) / "hub"
        self.hub.mkdir()
        self.accounts = Accounts(self.hub)

    def tearDown(self):
        self.accounts.close()
        self.folder.cleanup()

    def plan(self, text, role="student", klass="7A"):
        entries, notes, problems = roster.read_list(text)
        return roster.plan(entries, self.accounts.people, role, klass, MACHINE, notes, problems)

    def test_teachers_join_their_teachers_groups_and_none_is_an_admin(self):
        self.accounts.apply(self.plan("Wanda Lovelace\n"))
        self.accounts.apply(self.plan("Ms Tee\n", "teacher"))
        self.accounts.apply(self.plan("Ms Tee\n", "teacher", "8C"))
        self.accounts.apply(self.plan("Head Teacher\n", "teacher", ""))
        self.assertEqual([(p.login, p.klass) for p in roster.load(self.hub)],
                         [("wanda", "7A"), ("ms", "7A; 8C"), ("head", roster.DEFAULT_CLASS)])
        with sqlite3.connect(self.hub / "jupyterhub.sqlite") as db:
            admins = {row[0] for row in db.execute("select name from users where admin")}
            members = set(db.execute("select users.name, groups.name from users join user_group_map on "
                                      "users.id = user_group_map.user_id join groups on groups.id = user_group_map.group_id"))
        self.assertEqual(admins, set(), "no teacher is the hub's admin (issue 69)")
        self.assertEqual(members, {("wanda", "7a"), ("ms", "teachers-of-7a"), ("ms", "teachers-of-8c"),
                                   ("head", "teachers-of-every-class")})

    def test_new_accounts_get_hashed_passwords_and_slips(self):
        made = self.accounts.apply(self.plan("Wanda Lovelace\nWanda Byron\n"))
        self.assertEqual(sorted(s["login"] for s in made), ["wanda-b", "wanda-l"])
        for s in made:
            self.assertTrue(self.accounts.passwords.check(s["login"], s["password"]))
            self.assertFalse(self.accounts.passwords.check(s["login"], s["password"] + "x"))
        self.assertEqual([p.login for p in roster.load(self.hub)], ["wanda-l", "wanda-b"])
        self.assertEqual(sorted(s["login"] for s in self.accounts.slips.waiting()), ["wanda-b", "wanda-l"])
        # The hub's database holds hashes only, and the hub's users and group.
        with sqlite3.connect(self.hub / "jupyterhub.sqlite") as db:
            stored = b"".join(row[0] for row in db.execute("select password from users_info"))
            users = {row[0] for row in db.execute("select name from users")}
            groups = {row[0] for row in db.execute("select name from groups")}
        self.assertTrue(all(s["password"].encode() not in stored for s in made))
        self.assertTrue(stored.startswith(b"$2"), "bcrypt hashes")
        self.assertEqual(users, {"wanda-l", "wanda-b"})
        self.assertEqual(groups, {"7a"})

    def test_a_list_with_a_problem_makes_nothing(self):
        with self.assertRaises(Problem):
            self.accounts.apply(self.plan("Sam\nbin\n"))
        self.assertEqual(roster.load(self.hub), [])
        self.assertEqual(self.accounts.passwords.logins(), set())

    def test_a_new_password_replaces_the_old(self):
        made = self.accounts.apply(self.plan("Kim Lee\n"))
        old = made[0]["password"]
        new = self.accounts.new_password("kim")
        self.assertNotEqual(old, new)
        self.assertFalse(self.accounts.passwords.check("kim", old))
        self.assertTrue(self.accounts.passwords.check("kim", new))
        self.assertEqual(self.accounts.slips.waiting(), [], "the first password's slip is no use any more")
        with self.assertRaises(Problem):
            self.accounts.new_password("nobody-here")

    def test_removed_from_the_class(self):
        self.accounts.apply(self.plan("Kim Lee\nSam Smith\n"))
        self.accounts.remove("kim")
        self.assertEqual([p.login for p in roster.load(self.hub)], ["sam"])
        self.assertEqual(self.accounts.passwords.logins(), {"sam"})
        with sqlite3.connect(self.hub / "jupyterhub.sqlite") as db:
            self.assertEqual({row[0] for row in db.execute("select name from users")}, {"sam"})

    def test_slips_are_root_s_only_and_no_teacher_s_password_waits(self):
        made = self.accounts.apply(self.plan("Kim Lee\n")) + self.accounts.apply(self.plan("Ms Tee\n", "teacher"))
        self.assertEqual([m["login"] for m in made], ["kim", "ms"])
        self.assertEqual([s["login"] for s in self.accounts.slips.waiting()], ["kim"],
                         "the teacher's first password is handed over by the technician, on no slip")
        self.assertEqual(os.stat(self.hub / "first-passwords.json").st_mode & 0o777, 0o600)
        home = self.hub.parent
        written = home / "slips.html"
        written.write_text("")
        os.chmod(written, 0o644)
        scripts = Path(__file__).resolve().parent.parent
        run = [sys.executable, "-m", "classadmin", "--class-home", str(home), "slips"]
        environment = dict(os.environ, PYTHONPATH=str(scripts))
        subprocess.run([*run, str(written)], check=True, env=environment)
        self.assertEqual(os.stat(written).st_mode & 0o777, 0o600, "class.sh slips FILE")
        redirected = home / "redirected.html"
        with open(redirected, "w") as out:  # the shell's `> redirected.html`, with its umask 022
            os.chmod(redirected, 0o644)
            subprocess.run(run, check=True, env=environment, stdout=out)
        self.assertEqual(os.stat(redirected).st_mode & 0o777, 0o600, "class.sh slips > FILE")
        self.assertIn("kim", redirected.read_text())

    def test_an_earlier_versions_class_comes_over(self):
        self.accounts.close()
        (self.hub / "students.txt").write_text("mt-alice\nmt-bob\n")
        (self.hub / "teacher.txt").write_text("mt-teacher\n")
        # A re-made account left two lines, the stale one first.
        (self.hub / "passwords.txt").write_text("mt-alice stale1234\nmt-bob bobpass123\nmt-alice fresh5678\n")
        self.accounts = Accounts(self.hub)
        said = self.accounts.sync()
        self.assertTrue(self.accounts.passwords.check("mt-alice", "fresh5678"), said)
        self.assertFalse(self.accounts.passwords.check("mt-alice", "stale1234"))
        self.assertTrue(self.accounts.passwords.check("mt-bob", "bobpass123"))
        self.assertFalse((self.hub / "passwords.txt").exists(), "the clear-text file is gone")
        self.assertEqual(self.accounts.slips.waiting(), [], "a teacher's password waits on no slip")
        told = [line for line in said if line.startswith("mt-teacher's first password")]
        self.assertEqual(len(told), 1, f"the teacher had no password noted: a new one, told once ({said})")
        self.assertTrue(self.accounts.passwords.check("mt-teacher", told[0].rsplit(": ", 1)[1]))
        self.assertTrue((self.hub / "roster.csv").exists())
        self.assertEqual(self.accounts.sync(), [], "a second sync has nothing to do")


if __name__ == "__main__":
    unittest.main()
