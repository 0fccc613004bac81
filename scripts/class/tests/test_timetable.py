"""The class page's timetable (classpage/tasks.py), without a hub: the lessons a teacher writes are
read or refused in a sentence, and each lesson's warm-up is due once, at its moment before the
lesson, also across midnight, and not when the page comes back too late.

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import datetime
import os
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

CLASS_HOME = tempfile.TemporaryDirectory(prefix="timetable-test-")  # removed when the tests end
os.environ.setdefault("MAGIC_CLASS_HOME", CLASS_HOME.name)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classpage import tasks  # noqa: E402 (after the environment it reads)

MONDAY = datetime.datetime(2026, 11, 23)  # a Monday
LESSONS = [(0, 9, 0), (2, 13, 30), (None, 8, 5)]


def refused(text):
    try:
        tasks.parse_timetable(text)
    except ValueError as problem:
        return str(problem)
    return None


class Reading(unittest.TestCase):
    def test_a_timetable_is_read_and_said_back(self):
        lessons = tasks.parse_timetable("Mon 09:00, wednesday 13:30\n daily 8:05 ;")
        self.assertEqual(lessons, LESSONS, "days, times, commas and lines")
        self.assertEqual([tasks.lesson_words(lesson) for lesson in lessons], ["Mon 09:00", "Wed 13:30", "daily 08:05"])
        self.assertEqual(tasks.parse_timetable("  "), [], "an empty timetable has no lessons")
        self.assertEqual(tasks.parse_timetable("Thurs 09:00, Tuesday 10:00, sat 11:00"), [(3, 9, 0), (1, 10, 0), (5, 11, 0)],
                         "days by their names and their usual short forms")

    def test_what_is_no_lesson_is_refused_in_a_short_sentence(self):
        for text in ["Mon 9", "Mon 24:00", "Funday 09:00", "09:00 Mon", "Mon 09:60", "Monkey 09:00", "Sunny 10:00"]:
            with self.subTest(text=text):
                self.assertIn("is not a day and a time", refused(text) or "")
        said = refused("Mon 09:00, " + "x" * 20_000)
        self.assertIn("20,011 characters", said)
        self.assertLess(len(said), 200, "a 20 KB timetable is not repeated")
        self.assertLess(len(refused("Mon 09:00, " + "y" * 300)), 140, "a long wrong lesson is quoted in part")

    def test_the_server_s_time_zone_in_words(self):
        self.assertRegex(tasks.time_zone(), r".+, UTC[+-]\d\d:\d\d")


@mock.patch.object(tasks, "WARM_AHEAD_MINUTES", 10)
@mock.patch.object(tasks, "IDLE_SECONDS", 3600)
class Due(unittest.TestCase):
    def test_a_lesson_s_warm_up_is_due_once_at_its_moment(self):
        self.assertEqual(tasks.due(LESSONS, MONDAY.replace(hour=8, minute=50), ""), ((0, 9, 0), MONDAY.replace(hour=9)))
        self.assertIsNone(tasks.due(LESSONS, MONDAY.replace(hour=8, minute=49, second=59), ""), "not a second before")
        self.assertIsNotNone(tasks.due(LESSONS, MONDAY.replace(hour=8, minute=54), ""), "still four minutes after")
        self.assertIsNone(tasks.due(LESSONS, MONDAY.replace(hour=8, minute=56), ""),
                          "not six minutes after (the page was down: no late warm-up)")
        self.assertIsNone(tasks.due(LESSONS, MONDAY.replace(hour=8, minute=51), MONDAY.replace(hour=9).isoformat()),
                          "once: not again when it was done for that lesson")
        self.assertIsNone(tasks.due(LESSONS, (MONDAY + datetime.timedelta(days=1)).replace(hour=8, minute=50), ""),
                          "Tuesday 08:50: no Monday lesson")

    def test_daily_lessons_and_midnight(self):
        self.assertEqual(tasks.due(LESSONS, MONDAY.replace(hour=7, minute=56), ""),
                         ((None, 8, 5), MONDAY.replace(hour=8, minute=5)))
        self.assertEqual(tasks.due([(1, 0, 5)], MONDAY.replace(hour=23, minute=55), ""),
                         ((1, 0, 5), MONDAY.replace(hour=0, minute=5) + datetime.timedelta(days=1)),
                         "a lesson at 00:05 on Tuesday is warmed at 23:55 on Monday")

    def test_never_warmed_so_early_that_the_culler_stops_it(self):
        with mock.patch.object(tasks, "IDLE_SECONDS", 600):
            self.assertEqual(tasks.ahead(), datetime.timedelta(minutes=5))


class Kept(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        hub = Path(self.folder.name)
        patches = [mock.patch.object(tasks, "HUB", hub), mock.patch.object(tasks, "WARM_LOG", hub / "warm.log")]
        for patch in patches:
            patch.start()
            self.addCleanup(patch.stop)
        self.addCleanup(self.folder.cleanup)

    def test_the_hub_s_and_a_class_s_timetables_are_kept_apart(self):
        saved = tasks.save_timetable("tue 10:00")
        self.assertEqual((saved, (tasks.HUB / "timetable.txt").read_text(), tasks.timetable()),
                         ([(1, 10, 0)], "Tue 10:00\n", saved))
        mine = tasks.save_timetable("Wed 11:15", "7B")
        self.assertEqual((mine, (tasks.HUB / "timetable-7b.txt").read_text()), ([(2, 11, 15)], "Wed 11:15\n"))
        self.assertEqual((tasks.timetables(), tasks.timetable()), ({"": saved, "7b": mine}, saved))

    def test_the_last_warm_up_in_words(self):
        self.assertEqual(tasks.last_warm_up(), "No warm-up yet.")
        tasks.WARM_LOG.write_text("== 2026-11-23 08:50:00 warm-up: the timetable, for Mon 09:00\nok   ada: warm in 3.0 s\n"
                                  "==> 1 of 1 students warm in 3 s\n")
        self.assertEqual(tasks.last_warm_up(),
                         "2026-11-23 08:50:00 warm-up: the timetable, for Mon 09:00: 1 of 1 students warm in 3 s.")


if __name__ == "__main__":
    unittest.main()
