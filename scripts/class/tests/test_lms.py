"""classpage.lms: scores to the school's LMS (what goes, under whose id, and what waits), with
an LMS of the test's own in place of the platform's services (the hub's test sends them to a
real LTI 1.3 platform: scripts/school_test.py).

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import os
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

CLASS_HOME = tempfile.TemporaryDirectory(prefix="lms-test-")  # removed when the tests end
os.environ.setdefault("MAGIC_CLASS_HOME", CLASS_HOME.name)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
try:
    from classpage import lms  # noqa: E402
except ImportError:  # the class's environment has jupyterhub; the project's may not
    lms = None

LAUNCHES = {"people": {"mt-lena": {"sub": "u-17", "class": "7b"}, "mt-noor": {"sub": "", "class": "7b"},
                       "mt-paul": {"sub": "u-40", "class": "9z"}},
            "courses": {"7b": {"lineitems": "https://lms.example/7b/items"},
                        "9z": {"lineitems": "https://lms.example/9z/items"}}}


class Answer:
    def __init__(self, body):
        self.body = body

    def json(self):
        return self.body


class FakeLms:
    """The LMS's line items and scores; `down` makes every call fail as a down LMS's does."""

    def __init__(self):
        self.down, self.items, self.scores = False, [], []

    def call(self, method, url, scope, accept, **kwargs):
        if self.down:
            raise lms.LmsError("the LMS gave no token (HTTP 503 from https://lms.example/token)")
        if url.endswith("/items") and method == "GET":
            return Answer([i for i in self.items if i["resourceId"] == kwargs["params"]["resource_id"]])
        if url.endswith("/items") and method == "POST":
            self.items.append({**kwargs["json"], "id": f"{url}/{len(self.items) + 1}"})
            return Answer(self.items[-1])
        if url.endswith("/scores"):
            self.scores.append((url, kwargs["json"]))
            return Answer(None)
        raise AssertionError(f"unexpected {method} {url}")


@unittest.skipIf(lms is None, "needs the class's environment (jupyterhub)")
class Scores(unittest.TestCase):
    def send(self, fake, sent, right=1):
        scores = {"mt-lena": {"01-magic-square": (right, 3, 1000.0)},
                  "mt-noor": {"01-magic-square": (3, 3, 1000.0)},
                  "mt-paul": {"01-magic-square": (3, 3, 1000.0)}}
        with mock.patch.dict(os.environ, {"MAGIC_CLASS_CLASSES": "7b"}), \
             mock.patch.object(lms, "course_exercises", lambda: {}), \
             mock.patch.object(lms, "scores_of", lambda login, numbers: scores[login]), \
             mock.patch.object(lms, "log", lambda *args: None):
            lms.send_scores(fake, LAUNCHES, sent)

    def test_a_score_waits_while_the_lms_is_down_then_goes_once_under_the_pupils_own_id(self):
        fake, sent = FakeLms(), {}
        fake.down = True
        self.send(fake, sent)
        self.assertEqual(fake.scores, [])
        self.assertIn("no token", sent["mt-lena/01-magic-square"]["waiting"])
        self.assertIsNone(sent["mt-lena/01-magic-square"]["acknowledged"])
        fake.down = False
        self.send(fake, sent)
        # mt-noor never launched (no LMS id): nothing goes for her; mt-paul's class is not set up here.
        self.assertEqual([(url, s["userId"], s["scoreGiven"], s["scoreMaximum"]) for url, s in fake.scores],
                         [("https://lms.example/7b/items/1/scores", "u-17", 1, 3)])
        self.assertEqual(fake.items[0]["resourceId"], "01-magic-square")
        self.assertNotIn("waiting", sent["mt-lena/01-magic-square"])
        self.assertEqual(set(sent), {"mt-lena/01-magic-square"})
        self.send(fake, sent)
        self.assertEqual(len(fake.scores), 1, "the same score is not sent again")
        self.send(fake, sent, right=2)
        self.assertEqual([s["scoreGiven"] for _, s in fake.scores], [1, 2], "a changed score goes")
        self.assertEqual(len(fake.items), 1, "the notebook's line item is found again, not made twice")


@unittest.skipIf(lms is None, "needs the class's environment (jupyterhub)")
class ScoreOfANotebook(unittest.TestCase):
    def test_each_exercise_counts_once_and_only_the_notebooks_own(self):
        from classpage import records
        notebook = "notebooks/01-magic-square.ipynb"
        checks = [{"notebook": notebook, "exercise": exercise, "question": "", "right": right, "time": when}
                  for exercise, right, when in (("2", False, 10.0), ("2", True, 11.0), ("02", True, 12.0),
                                                ("99", True, 13.0), ("forged", True, 14.0))]
        with mock.patch.object(records, "records", lambda student: checks), \
             mock.patch.object(records, "names", lambda: {}), \
             mock.patch.object(lms, "exercise_number", lambda nb, exercise: int(exercise) if exercise.isdigit() else None):
            self.assertEqual(lms.scores_of("mt-lena", {"01-magic-square": {1, 2, 3}}), {"01-magic-square": (1, 3, 14.0)})
