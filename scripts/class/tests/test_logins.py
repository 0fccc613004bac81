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
