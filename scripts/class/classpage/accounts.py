"""The class's accounts from the page: students added, a new password, a student taken out of
the class, and the first passwords printed as slips. The same code as class.sh's (classadmin),
acting on the running hub through its API."""

from classadmin import roster
from classadmin.accounts import Accounts, Problem, Slips, slip  # noqa: F401 (Problem: for the handlers)
from classadmin.sheet import sheet

from .settings import HUB, SPAWNER

MAX_TEXT = 20_000  # characters of names pasted at once: a class list, not a book


def public_url():
    try:
        return (HUB / "public-url").read_text().strip()
    except OSError:
        return ""


def waiting(teacher):
    """The first passwords still to hand out that `teacher` (records.Teacher) hands out: every one
    for a teacher of the whole hub, their own students' for a teacher of a class."""
    return [s for s in Slips(HUB).waiting() if teacher.whole or teacher.teaches(s["login"])]


def slips_page(slips, title="Passwords to hand out"):
    return sheet(slips, public_url(), title)


def forget(teacher):
    """The slips `teacher` handed out are forgotten (the students keep their passwords)."""
    Slips(HUB).drop([s["login"] for s in waiting(teacher)])


def opened():
    return Accounts(HUB, system=SPAWNER == "local")


def add(text, klass, teacher):
    """Adds the students named in `text` (a class list, pasted) to the class `klass`; returns
    (what was done or what is wrong, as sentences; the new accounts' slips). A teacher of named
    classes adds to those classes only (to their first when `klass` is empty)."""
    if len(text) > MAX_TEXT:
        raise Problem(f"that is {len(text):,} characters: paste at most {MAX_TEXT:,} at a time (a class list), "
                      "or give the whole list to class.sh --students")
    entries, notes, problems = roster.read_list(text)
    klass = roster.tidy(klass)[:60]
    if not teacher.whole:
        yours = {roster.group_name(c): c for c in teacher.classes}
        wanted = [klass] + [entry.klass for entry in entries if entry.klass]
        others = sorted({k for k in wanted if k and roster.group_name(k) not in yours})
        if others:
            raise Problem(f"you teach {' and '.join(teacher.classes)}, not {' or '.join(others)}: "
                          "students of another class are added by its teacher or by the hub's admin")
        klass = yours.get(roster.group_name(klass), teacher.classes[0]) if klass else teacher.classes[0]
        for entry in entries:
            entry.klass = yours[roster.group_name(entry.klass)] if entry.klass else ""
    accounts = opened()
    try:
        plan = roster.plan(entries, accounts.people, "student", klass, notes=notes, problems=problems)
        if not plan.ok:
            raise Problem(plan.words())
        if not plan.new:
            return ("Nobody new: " + (", ".join(p.name for p in plan.kept) or "the box was empty") + "."), []
        made = accounts.apply(plan)
        return plan.words(), made
    finally:
        accounts.close()


def new_password(login):
    accounts = opened()
    try:
        person = accounts.find(login)
        password = accounts.new_password(login)
        return slip(person, password)
    finally:
        accounts.close()


def remove(login):
    accounts = opened()
    try:
        return accounts.remove(login)
    finally:
        accounts.close()
