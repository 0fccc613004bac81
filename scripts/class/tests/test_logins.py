"""classadmin.logins: who a school's login makes someone on the hub, from an OpenID Connect groups
claim or an LTI 1.3 launch's roles and course (the hub's tests log in through real protocol
servers: scripts/school_test.py).

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classadmin import identities, logins  # noqa: E402

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
    def test_classes_teachers_and_admins_exactly_as_written_among_the_classes_set_up_here(self):
        names = ["7B", "8C"]
        self.assertEqual(logins.from_claim(["7B", "teachers-of-8C", "class-admins", "staff", "9Z", "teachers-of-9Z"],
                                           names), ["7b", "class-admins", "teachers-of-8c"])
        self.assertEqual(logins.from_claim("7B", names), ["7b"])
        # Another group of the school's, not the one the technician named.
        for other in (" CLASS-ADMINS ", "Class-Admins", "7b", " 7B", "Teachers-of-8C", "teachers-of-8c"):
            self.assertEqual(logins.from_claim([other], names), [], other)
        for nothing in (None, 7, {}, [], ["staff"], [7, None]):
            self.assertEqual(logins.from_claim(nothing, names), [])

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

    def test_a_class_is_the_course_that_launched_first_for_good(self):
        import tempfile
        first = {**launch([f"{M}#Learner"]), "iss": "https://lms.example", logins.LTI_DEPLOYMENT: "d-1"}
        other = {**first, logins.LTI_CONTEXT: {"id": "c-2", "label": "7B"}}
        with tempfile.TemporaryDirectory() as folder:
            self.assertIsNone(logins.same_course(folder, "7b", first))
            self.assertIsNone(logins.same_course(folder, "7b", first), "the same course, again")
            self.assertEqual(logins.same_course(folder, "7b", other), "7b", "another course labelled 7B")
            self.assertEqual(logins.same_course(folder, "7b", {**first, logins.LTI_DEPLOYMENT: "d-2"}), "7b",
                             "the same course id in another deployment")
            self.assertIsNone(logins.same_course(folder, "8c", other), "8C is not 7B")

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


class Identities(unittest.TestCase):
    """A person is their provider's issuer and subject, for good: the impersonations a school's
    login allowed (issue 54) tried on the guard every login passes."""

    def setUp(self):
        import tempfile
        self.folder = tempfile.TemporaryDirectory()
        self.hub = Path(self.folder.name)

    def tearDown(self):
        self.folder.cleanup()

    def login(self, sub, claims, taken=(), issuer="https://idp.school.example", claim="preferred_username"):
        person = identities.identity("oidc", issuer, sub)
        return identities.bind(self.hub, person, identities.login_name(claims, claim), taken)

    def test_a_name_claim_names_a_newcomer_and_never_reaches_someone_else(self):
        pupil = self.login("sub-ada-pupil", {"preferred_username": "ada", "email": "ada@school.example"})
        self.assertEqual(pupil, "ada")
        # The same local part on another domain, another sub: a login of their own.
        staff = self.login("sub-ada-staff", {"email": "ada@staff.school.example", "email_verified": True})
        self.assertEqual(staff, "ada-2")
        # A pupil who set preferred_username to the teacher's name does not become the teacher.
        self.assertEqual(self.login("sub-ms-tee", {"preferred_username": "ms-tee"}), "ms-tee")
        self.assertEqual(self.login("sub-pupil", {"preferred_username": "ms-tee"}), "ms-tee-2")
        # Nor does a pupil whose claims change later.
        self.assertEqual(self.login("sub-ada-pupil", {"preferred_username": "ms-tee"}), "ada")
        # The same subject from another issuer is another person.
        self.assertEqual(self.login("sub-ada-pupil", {"preferred_username": "ada"}, issuer="https://other"), "ada-3")
        self.assertEqual(oct((self.hub / identities.IDENTITIES).stat().st_mode & 0o777), "0o600")

    def test_one_issuer_however_it_is_written(self):
        """Issue 69, 10: `http://127.0.0.1:9080/` on a re-run made every person a new hub user."""
        hook = logins.oidc_hook(self.hub, "https://idp.school.example/", "preferred_username")
        model = {"name": "x", "auth_state": {"oauth_user": {"sub": "sub-1", "preferred_username": "ada"}}}
        self.assertEqual(hook(None, None, dict(model))["name"], "ada")
        for written in ("https://idp.school.example", "https://idp.school.example/"):
            again = logins.oidc_hook(self.hub, written, "preferred_username")
            self.assertEqual(again(None, None, dict(model))["name"], "ada", written)
        self.assertEqual(identities.issuer_form("https://idp.school.example/"), "https://idp.school.example")

    def test_an_unverified_email_names_nobody(self):
        for claims in ({"email": "ms-tee@mail.example"}, {"email": "ms-tee@mail.example", "email_verified": False},
                       {"email": "ms-tee@mail.example", "email_verified": "true"}):
            self.assertEqual(identities.login_name(claims), "", claims)
            self.assertEqual(identities.login_name(claims, "email"), "", claims)
            with self.assertRaises(identities.Refusal):
                self.login("sub-x", claims)
        self.assertEqual(identities.login_name({"email": "ms-tee@mail.example", "email_verified": True}), "ms-tee")

    def test_a_class_list_account_is_never_a_school_login_s(self):
        self.assertEqual(self.login("sub-olive", {"preferred_username": "mt-olive"}, taken={"mt-olive"}), "mt-olive-2")

    def test_names_as_schools_write_them(self):
        self.assertEqual(identities.login_name({"upn": "Anne-Marie.O'Neil@school.example"}, "upn"), "anne-marie-oneil")
        self.assertEqual(identities.login_name({"preferred_username": "first.last"}), "first-last")
        self.assertEqual(identities.login_name({"preferred_username": "José Núñez"}), "jose-nunez")
        self.assertEqual(identities.login_name({"preferred_username": "2024-smith"}), "s-2024-smith")
        self.assertEqual(identities.login_name({"preferred_username": "!!!"}), "")
        with self.assertRaises(identities.Refusal):
            identities.identity("oidc", "https://idp", None)
