"""The class page's timetable (scripts/class/classpage/tasks.py), without a hub: the lessons a
teacher writes are read or refused in a sentence, and each lesson's warm-up is due once, at its
moment before the lesson, also across midnight, and not when the page comes back too late.

    .venv/bin/python scripts/timetable_test.py
"""

import datetime
import os
import re
import sys
import tempfile
from pathlib import Path

os.environ["MAGIC_CLASS_HOME"] = tempfile.mkdtemp(prefix="timetable-test-")
os.environ["MAGIC_CLASS_IDLE_SECONDS"] = "3600"
os.environ["MAGIC_CLASS_WARM_AHEAD_MINUTES"] = "10"
sys.path.insert(0, str(Path(__file__).resolve().parent / "class"))
(Path(os.environ["MAGIC_CLASS_HOME"]) / "hub").mkdir()

from classpage import tasks  # noqa: E402 (after the environment it reads)

failed = 0


def check(ok, what):
    global failed
    print(f"{'ok  ' if ok else 'FAIL'} {what}")
    failed += not ok


def refused(text):
    try:
        tasks.parse_timetable(text)
    except ValueError as problem:
        return str(problem)
    return None


MONDAY = datetime.datetime(2026, 11, 23)  # a Monday
lessons = tasks.parse_timetable("Mon 09:00, wednesday 13:30\n daily 8:05 ;")
check(lessons == [(0, 9, 0), (2, 13, 30), (None, 8, 5)], f"a timetable is read: days, times, commas and lines ({lessons})")
check([tasks.lesson_words(lesson) for lesson in lessons] == ["Mon 09:00", "Wed 13:30", "daily 08:05"],
      "... and said back the same way")
check(tasks.parse_timetable("  ") == [], "an empty timetable has no lessons")
for text in ["Mon 9", "Mon 24:00", "Funday 09:00", "09:00 Mon", "Mon 09:60", "Monkey 09:00", "Sunny 10:00"]:
    said = refused(text)
    check(said is not None and "is not a day and a time" in said, f"{text!r} is refused in a sentence ({said!r})")
check(tasks.parse_timetable("Thurs 09:00, Tuesday 10:00, sat 11:00") == [(3, 9, 0), (1, 10, 0), (5, 11, 0)],
      "days by their names and their usual short forms")
said = refused("Mon 09:00, " + "x" * 20_000)
check(said is not None and "20,011 characters" in said and len(said) < 200,
      f"a 20 KB timetable is refused in a short sentence that does not repeat it ({said[:120]!r})")
said = refused("Mon 09:00, " + "y" * 300)
check(said is not None and len(said) < 140, f"... and a long wrong lesson is quoted in part ({said!r})")
zone = tasks.time_zone()
check(re.fullmatch(r".+, UTC[+-]\d\d:\d\d", zone) is not None, f"the server's time zone in words ({zone!r})")

due = tasks.due(lessons, MONDAY.replace(hour=8, minute=50), "")
check(due == ((0, 9, 0), MONDAY.replace(hour=9)), f"Monday 08:50: the 09:00 lesson's warm-up is due ({due})")
check(tasks.due(lessons, MONDAY.replace(hour=8, minute=49, second=59), "") is None, "... not a second before")
check(tasks.due(lessons, MONDAY.replace(hour=8, minute=54), "") is not None, "... and still four minutes after")
check(tasks.due(lessons, MONDAY.replace(hour=8, minute=56), "") is None,
      "... but not six minutes after (the page was down: no late warm-up)")
check(tasks.due(lessons, MONDAY.replace(hour=8, minute=51), MONDAY.replace(hour=9).isoformat()) is None,
      "... once: not again when it was done for that lesson")
check(tasks.due(lessons, (MONDAY + datetime.timedelta(days=1)).replace(hour=8, minute=50), "") is None,
      "Tuesday 08:50: no Monday lesson")
daily = tasks.due(lessons, MONDAY.replace(hour=7, minute=56), "")
check(daily == ((None, 8, 5), MONDAY.replace(hour=8, minute=5)), f"the daily 08:05 lesson is warmed at 07:55 ({daily})")
midnight = tasks.due([(1, 0, 5)], MONDAY.replace(hour=23, minute=55), "")
check(midnight == ((1, 0, 5), MONDAY.replace(hour=0, minute=5) + datetime.timedelta(days=1)),
      f"a lesson at 00:05 on Tuesday is warmed at 23:55 on Monday ({midnight})")
os.environ["MAGIC_CLASS_IDLE_SECONDS"] = "600"
tasks.IDLE_SECONDS = 600
check(tasks.ahead() == datetime.timedelta(minutes=5),
      "with a 10-minute idle timeout the class is warmed 5 minutes ahead, not 10 (the culler would stop it)")
saved = tasks.save_timetable("tue 10:00")
check(saved == [(1, 10, 0)] and (tasks.HUB / "timetable.txt").read_text() == "Tue 10:00\n" and tasks.timetable() == saved,
      "a saved timetable is read back")
mine = tasks.save_timetable("Wed 11:15", "7B")
check(mine == [(2, 11, 15)] and (tasks.HUB / "timetable-7b.txt").read_text() == "Wed 11:15\n"
      and tasks.timetables() == {"": saved, "7b": mine} and tasks.timetable() == saved,
      "a class's own timetable is kept beside the hub's, and each reads back its own")
check(tasks.last_warm_up() == "No warm-up yet.", "before any warm-up, the page says so")
tasks.WARM_LOG.write_text("== 2026-11-23 08:50:00 warm-up: the timetable, for Mon 09:00\nok   ada: warm in 3.0 s\n"
                          "==> 1 of 1 students warm in 3 s\n")
check(tasks.last_warm_up() == "2026-11-23 08:50:00 warm-up: the timetable, for Mon 09:00: 1 of 1 students warm in 3 s.",
      f"the last warm-up in words ({tasks.last_warm_up()!r})")
print(f"timetable: {'all passed' if not failed else f'{failed} failed'}")
sys.exit(1 if failed else 0)
