"""The teacher's tasks before a lesson, from the page instead of a root shell: warm the class
(`class.sh warm`, which is scripts/class/warm.py), warm it by itself before each lesson of a
timetable, and bring in updated lessons (`class.sh update`). Each runs the same script the
technician would, as the hub's user; what it printed is kept in the hub's folder.

A timetable is a list of lessons, a day and a time each: "Mon 09:00, Wed 13:30" (or "daily
08:50"), in the server's time zone. The class is warmed WARM_AHEAD minutes before each lesson
(less when the idle timeout is shorter, so that the culler does not stop the servers before the
bell), once a lesson. On a hub of several classes each class has its own timetable, which its
teachers keep and which warms that class only (timetable-7b.txt); the hub's own (timetable.txt,
its admin's) warms every student.
"""

import datetime
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from classadmin import roster

from .settings import CLASS, HUB, IDLE_SECONDS, WARM_AHEAD_MINUTES

SCRIPTS = Path(__file__).resolve().parent.parent
# The whole hub's warm-ups' log and timetable (a class's: warm-7b.log, timetable-7b.txt), and the
# last lesson each timetable warmed for (timetable-warmed, timetable-warmed-7b), so that a restart
# of the page does not warm it again.
WARM_LOG = HUB / "warm.log"
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
# A day by its name or its first three letters (Monday, Mon, Tues, Thurs ...), or daily; an hour.
LESSON = re.compile(r"^(mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?"
                    r"|sun(?:day)?|daily)\s+([01]?\d|2[0-3]):([0-5]\d)$")
# A timetable is a few lessons a week: a longer text is not one.
MAX_TIMETABLE = 500
# A warm-up due longer ago than this (the page was down, say) is not started late.
LATE = datetime.timedelta(minutes=5)

_running = {}  # the warm-ups started from here, while they run: {whose (a class's group, or ""): process}


def whose_file(base, group, suffix=""):
    """The hub's file `base` (the whole hub's) or a class's own (base-7b)."""
    return HUB / (f"{base}-{roster.group_name(group)}{suffix}" if group else f"{base}{suffix}")


def parse_timetable(text):
    """The lessons of `text` ("Mon 09:00, Wed 13:30"; commas or new lines between them) as
    (day, hour, minute), day 0 for Monday and None for every day. Raises ValueError with the
    part it cannot read."""
    if len(text) > MAX_TIMETABLE:
        raise ValueError(f"that is {len(text):,} characters, more than a timetable's {MAX_TIMETABLE}: a few lessons "
                         "such as 'Mon 09:00, Wed 13:30'")
    lessons = []
    for part in re.split(r"[,\n;]+", text):
        part = " ".join(part.split())
        if not part:
            continue
        match = LESSON.match(part.lower())
        if not match:
            shown = part if len(part) <= 40 else part[:37] + "..."
            raise ValueError(f"'{shown}' is not a day and a time such as 'Mon 09:00' or 'daily 08:50'")
        day = None if match.group(1) == "daily" else DAYS.index(match.group(1)[:3])
        lessons.append((day, int(match.group(2)), int(match.group(3))))
    return lessons


def time_zone():
    """The server's time zone, in which the timetable's times are: "CET, UTC+01:00"."""
    now = datetime.datetime.now().astimezone()
    offset = now.strftime("%z")
    return f"{now.tzname()}, UTC{offset[:3]}:{offset[3:]}"


def lesson_words(lesson):
    day, hour, minute = lesson
    return f"{'daily' if day is None else DAYS[day].capitalize()} {hour:02d}:{minute:02d}"


def timetable(group=""):
    """The lessons of the whole hub's timetable, or of the class `group`'s."""
    try:
        return parse_timetable(whose_file("timetable", group, ".txt").read_text())
    except (OSError, ValueError):
        return []


def save_timetable(text, group=""):
    """Keeps the timetable `text` (checked first) of the whole hub, or of the class `group`;
    returns its lessons."""
    lessons = parse_timetable(text)
    whose_file("timetable", group, ".txt").write_text("".join(f"{lesson_words(lesson)}\n" for lesson in lessons))
    return lessons


def timetables():
    """Every timetable kept: {"" (the whole hub's) or a class's group: its lessons}."""
    found = {"": timetable()}
    for path in HUB.glob("timetable-*.txt"):
        group = path.name[len("timetable-"):-len(".txt")]
        if roster.is_class(group):
            found[group] = timetable(group)
    return found


def ahead():
    """How long before a lesson the class is warmed: WARM_AHEAD minutes, but no more than half
    the idle timeout."""
    return datetime.timedelta(seconds=min(WARM_AHEAD_MINUTES * 60, IDLE_SECONDS // 2))


def due(lessons, now, warmed_for):
    """The lesson whose warm-up is due at `now` (its moment passed less than LATE ago) and was
    not done yet, as (lesson, the lesson's start); None when none is."""
    for lesson in lessons:
        day, hour, minute = lesson
        # Today's lesson, or tomorrow's when its warm-up falls before midnight.
        for ahead_days in (0, 1):
            date = now.date() + datetime.timedelta(days=ahead_days)
            if day is not None and date.weekday() != day:
                continue
            start = datetime.datetime.combine(date, datetime.time(hour, minute))
            moment = start - ahead()
            if moment <= now < moment + LATE and start.isoformat() != warmed_for:
                return lesson, start
    return None


def warm_key(me):
    """Whose warm-ups and timetable a teacher's page shows (records.Teacher `me`): the whole
    hub's (""), or their classes' ("7b", "7b-8c")."""
    return "" if me.whole else "-".join(sorted(roster.group_name(c) for c in me.classes))


def warming(whose=""):
    """Whether a warm-up started from here for `whose` (a class's group, or "") still runs."""
    return whose in _running and _running[whose].poll() is None


def warm(why, logins=(), whose=""):
    """Starts `class.sh warm` in the background for the students `logins` (the whole hub when
    none are given), its output appended to warm.log (a class's, warm-7b.log, for `whose`, its
    group) under a line saying `why`; False when that one is running already."""
    if warming(whose):
        return False
    with open(whose_file("warm", whose, ".log"), "a", encoding="utf-8") as out:
        out.write(f"== {time.strftime('%Y-%m-%d %H:%M:%S')} warm-up: {why}\n")
        out.flush()
        _running[whose] = subprocess.Popen([sys.executable, str(SCRIPTS / "warm.py"), str(CLASS), *logins],
                                           stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                           start_new_session=True)
    return True


def last_warm_up(whose=""):
    """The last warm-up (of the whole hub, or of a class's group) in words: when, why, and how
    it ended (or that it is running)."""
    log_file = whose_file("warm", whose, ".log")
    if not log_file.exists():
        return "No warm-up yet."
    lines = log_file.read_text(encoding="utf-8", errors="replace").splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("== ")]
    if not starts:
        return "No warm-up yet."
    header = lines[starts[-1]][3:]
    ends = [line[4:] for line in lines[starts[-1] + 1:] if line.startswith("==> ") and " warm in " in line]
    if warming(whose):
        return f"{header}: running now."
    return f"{header}: {ends[-1]}." if ends else f"{header}: it stopped without a summary (see {log_file})."


def timetable_tick(log, members):
    """Called every few seconds by the page: warms the whole hub, or a class, when a lesson of
    its timetable is due, and logs it with `log(who, action, student, what)`; `members(group)`:
    a class's students."""
    for whose, lessons in timetables().items():
        done = whose_file("timetable-warmed", whose)
        try:
            warmed_for = done.read_text().strip()
        except OSError:
            warmed_for = ""
        found = due(lessons, datetime.datetime.now(), warmed_for)
        if found is None:
            continue
        lesson, start = found
        try:
            logins = members(whose) if whose else ()
        except OSError:  # the hub's API did not answer (requests' errors are OSErrors): next tick
            continue
        if whose and not logins:
            continue
        if warm(f"the timetable{' of ' + whose if whose else ''}, for {lesson_words(lesson)}", logins, whose):
            done.write_text(start.isoformat())
            log("the timetable", "warmed", whose or "the class", f"for {lesson_words(lesson)}")


def update():
    """Runs `class.sh update`: the course gets the crate's notebooks as they are now. Returns
    what it said, in one line."""
    try:
        done = subprocess.run([str(SCRIPTS.parent / "class.sh"), "update"], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=300, env={**os.environ, "CLASS_HOME": str(CLASS),
                                                                          "HOME": os.environ.get("HOME", "/root")})
    except subprocess.TimeoutExpired:
        raise OSError("class.sh update took more than 5 minutes and was stopped") from None
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in (done.stderr + done.stdout).splitlines()]
    said = [re.sub(r"^==> \[\d+:\d+\] ", "", line).strip() for line in plain if line.strip()]
    if done.returncode != 0:
        raise OSError(said[-1] if said else f"class.sh update failed ({done.returncode})")
    return " ".join(said)
