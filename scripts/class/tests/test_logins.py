"""classadmin.logins: who a school's login makes someone on the hub, from an OpenID Connect groups
claim or an LTI 1.3 launch's roles and course (the hub's tests log in through real protocol
servers: scripts/school_test.py).

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classadmin import logins  # noqa: E402

CLASSES = ["7b", "8c"]
M = "http://purl.imsglobal.org/vocab/lis/v2/membership"


def launch(roles, label="7B", title=None):
    context = {"id": "c-1"}
    if label is not None:
        context["label"] = label
    if title:
        context["title"] = title
    return {logins.LTI_ROLES: roles, logins.LTI_CONTEXT: context}


class Claims(unittest.TestCase):
    def test_classes_teachers_and_admins_among_the_classes_set_up_here(self):
        self.assertEqual(logins.from_claim(["7B", "Teachers-of-8C", "class-admins", "staff", "9Z", "teachers-of-9z"],
                                           CLASSES), ["7b", "class-admins", "teachers-of-8c"])
        self.assertEqual(logins.from_claim("7B", CLASSES), ["7b"])
        for nothing in (None, 7, {}, [], ["staff"]):
            self.assertEqual(logins.from_claim(nothing, CLASSES), [])

    def test_a_login_name_from_the_user_info(self):
        self.assertEqual(logins.username({"preferred_username": "Mt-Olive "}), "mt-olive")
        self.assertEqual(logins.username({"email": "olive@school.example"}), "olive")
        self.assertEqual(logins.username({}), "")


class Launches(unittest.TestCase):
    def test_each_role_decided_on_purpose(self):
        self.assertEqual(logins.from_launch(launch([f"{M}#Learner"]), CLASSES), ["7b"])
        self.assertEqual(logins.from_launch(launch([f"{M}#Instructor"]), CLASSES), ["teachers-of-7b"])
        # A teaching assistant (an Instructor sub-role, sent alone by some LMSs) teaches the class.
        self.assertEqual(logins.from_launch(launch([f"{M}/Instructor#TeachingAssistant"]), CLASSES),
                         ["teachers-of-7b"])
        # A teacher who is also enrolled as a learner is a teacher.
        self.assertEqual(logins.from_launch(launch([f"{M}#Learner", f"{M}#Instructor"]), CLASSES), ["teachers-of-7b"])
        # An LMS administrator who is no member of the course is nobody here.
        admin = "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator"
        self.assertEqual(logins.from_launch(launch([admin]), CLASSES), [])
        self.assertEqual(logins.from_launch(launch([f"{M}#Mentor"]), CLASSES), [])

    def test_the_course_is_a_class_set_up_here_by_its_label_or_title(self):
        self.assertEqual(logins.from_launch(launch([f"{M}#Learner"], label="9Z"), CLASSES), [])
        self.assertEqual(logins.from_launch(launch([f"{M}#Learner"], label=None, title="8C"), CLASSES), ["8c"])
        self.assertEqual(logins.from_launch(launch([f"{M}#Learner"], label=None), CLASSES), [])
        self.assertEqual(logins.from_launch({}, CLASSES), [])


if __name__ == "__main__":
    unittest.main()


class LmsServices(unittest.TestCase):
    """What a launch tells of the LMS's services, and the logins of its class list's members."""

    def test_a_launch_keeps_its_own_user_id_and_its_course_services(self):
        import json
        import tempfile
        claims = {**launch([f"{M}#Learner"]), "sub": "u-17", "name": "Olive Oyl", "iss": "https://lms.example",
                  logins.LTI_NRPS: {"context_memberships_url": "https://lms.example/members"},
                  logins.LTI_AGS: {"lineitems": "https://lms.example/items", "scope": ["score"]}}
        with tempfile.TemporaryDirectory() as folder:
            logins.remember_launch(folder, "mt-olive", claims, ["7b"])
            logins.remember_launch(folder, "mt-ivan", {**claims, "sub": "u-2", "name": "Ivan"}, ["teachers-of-7b"])
            path = Path(folder) / logins.LAUNCHES
            kept = json.loads(path.read_text())
            self.assertEqual(path.stat().st_mode & 0o777, 0o600)
        self.assertEqual(kept["people"]["mt-olive"], {"sub": "u-17", "class": "7b", "name": "Olive Oyl"})
        self.assertEqual(kept["people"]["mt-ivan"]["class"], "7b")
        self.assertEqual(kept["courses"]["7b"]["memberships"], "https://lms.example/members")
        self.assertEqual(kept["courses"]["7b"]["lineitems"], "https://lms.example/items")

    def test_a_members_login_by_the_claim_that_names_a_launch(self):
        member = {"user_id": "u17", "email": "Olive@school.example", "name": "Olive",
                  "message": [{logins.LTI_CUSTOM: {"username": "Mt-Olive"}}]}
        self.assertEqual(logins.member_login(member, "custom_username"), "mt-olive")
        self.assertEqual(logins.member_login(member, "sub"), "u17")
        self.assertIsNone(logins.member_login(member, "email"))  # not a login name here
        self.assertIsNone(logins.member_login(member, "preferred_username"))  # a class list has none
        self.assertIsNone(logins.member_login({"message": "junk"}, "custom_username"))

    def test_a_members_groups_by_their_roles(self):
        self.assertEqual(logins.member_groups({"roles": [f"{M}#Learner"]}, "7b"), ["7b"])
        self.assertEqual(logins.member_groups({"roles": [f"{M}/Instructor#TeachingAssistant"]}, "7b"),
                         ["teachers-of-7b"])
        self.assertEqual(logins.member_groups({"roles": ["http://purl.imsglobal.org/vocab/lis/v2/institution/person"
                                                         "#Administrator"]}, "7b"), [])
