"""The class list: reading one as schools write them, the login names made from it, and the
class's roster that the hub, the class page and the warm-up read.

A class list is what a teacher has: names, one per line (a list typed in an editor), or a
spreadsheet saved as CSV with a header naming its columns. Both may come from Windows (CRLF line
ends, a byte-order mark, no new line after the last name, Windows-1252 or UTF-16 text).

- One name per line: "Ada Lovelace", or "Lovelace, Ada" (read as Ada Lovelace), or a login name
  alone ("ada-l"), which is kept as it is. Blank lines and lines starting with # are skipped.
- CSV (a comma, semicolon or tab between columns) whose first row names them: a name column
  ("name", "full name", "student", or "first name" and "last name"), and optionally "login"
  ("username") and "class" ("group", "form", "section"). Other columns are ignored, and said.

Every student gets a login name made from their name: the first name, lower-case and in plain
letters ("José" is jose), or, where two students share it, the first name and as many letters
of the last name as tell them apart (wanda-l and wanda-b). A login given in the list is kept. A
name already on the roster keeps the login it has, whatever the list says now. A login that is
the name of an account on this machine (root, bin, lp, a member of staff) is never made: a made
one moves on to the next choice, a given one is refused.

Nothing here changes anything: `plan` says what a list would make, or every problem in it as a
sentence with its line number, and only a list with no problem is applied (classadmin.accounts).
This module uses Python's standard library only, so that class.sh can check a list before it
installs anything.
"""

import csv
import io
import os
import pwd
import re
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

LOGIN = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
LOGIN_RULE = "lower-case letters, digits and '-', starting with a letter, at most 32 characters"
# A name longer than this is not a name (a pasted paragraph): refused.
MAX_NAME = 100
MAX_STUDENTS = 2000
DEFAULT_CLASS = "class"
ROLES = ("student", "teacher")
# Letters that Unicode does not decompose into a plain letter and a mark.
FOLDS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i",
         "ħ": "h", "ŀ": "l", "ŧ": "t"}

COLUMNS = {
    "name": ("name", "full name", "fullname", "student", "student name", "pupil", "pupil name", "display name",
             "learner", "learner name"),
    "first": ("first name", "firstname", "first", "given name", "forename", "forenames", "preferred name"),
    "last": ("last name", "lastname", "last", "surname", "family name"),
    "login": ("login", "login name", "username", "user name", "user", "account", "userid", "user id"),
    "class": ("class", "group", "form", "section", "course", "set", "tutor group", "class name"),
}


@dataclass
class Person:
    """One person of the class: their login name, the name the teacher knows them by, their
    class, whether they teach it, and whether the class made them a system account of this
    machine (without containers: 'yes'; by a version before passwords moved into the hub: 'old';
    else '')."""
    login: str
    name: str
    klass: str = DEFAULT_CLASS
    role: str = "student"
    system: str = ""
    line: int = 0  # the class list's line it came from, while planning


@dataclass
class Entry:
    """A line of a class list, as read."""
    line: int
    name: str
    login: str = ""  # given in the list; '' to make one
    klass: str = ""
    note: str = ""  # how the line was read, when not as written
    column: bool = False  # the login came from a login column (else a line holding a login alone)


@dataclass
class Plan:
    """What a class list would change: the people it adds (with the logins made for them), the
    ones already on the roster, what was noted while reading, and every problem found."""
    new: list = field(default_factory=list)  # [Person]
    kept: list = field(default_factory=list)  # [Person], already on the roster
    teaching: list = field(default_factory=list)  # [(Person, class)]: a teacher on the roster, a class more
    notes: list = field(default_factory=list)
    problems: list = field(default_factory=list)

    @property
    def ok(self):
        return not self.problems

    def words(self):
        """The plan as the technician reads it."""
        lines = []
        if self.problems:
            lines.append(f"The class list has {plural(len(self.problems), 'problem')}; nothing was changed:")
            lines += [f"  - {problem}" for problem in self.problems]
            return "\n".join(lines)
        if self.new:
            lines.append(f"{plural(len(self.new), 'new account')}:")
            width = max(len(p.login) for p in self.new)
            lines += [f"  {p.login:<{width}}  {p.name}{what_of(p)}" for p in self.new]
        for person, klass in self.teaching:
            lines.append(f"{person.login} ({person.name}) teaches {klass} too")
        if self.kept:
            lines.append(f"{plural(len(self.kept), 'name')} already in the class, unchanged: "
                         + ", ".join(p.login for p in self.kept[:20]) + (" ..." if len(self.kept) > 20 else ""))
        if not self.new and not self.kept and not self.teaching:
            lines.append("The list names nobody.")
        lines += [f"Note: {note}" for note in self.notes]
        return "\n".join(lines)


def what_of(person):
    """'  (teacher of 7B)', '  (7B)': who a new account is, after their name."""
    if person.role == "teacher":
        return "  (teacher of the whole hub)" if looks_after_all(person) else f"  (teacher of {person.klass})"
    return f"  ({person.klass})" if person.klass != DEFAULT_CLASS else ""


def plural(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------------------------------
# Reading a list.

def decode(data):
    """The text of a list file's bytes, and a note when it was not UTF-8: a byte-order mark
    (UTF-8's, a spreadsheet's 'CSV UTF-8'; or UTF-16's, 'Unicode text') is taken off, and text
    that is not UTF-8 is read as Windows-1252, as older spreadsheets write it."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16"), "read as UTF-16 text"
    try:
        return data.decode("utf-8-sig"), ""
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), "not UTF-8: read as Windows-1252 text"


def tidy(text):
    """A name with its spaces tidied: no control characters, runs of spaces made one."""
    text = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text)
    return " ".join(text.split())


def read_list(data):
    """The entries of a class list (bytes, or text), the notes on how it was read, and the
    problems found in it (sentences with line numbers)."""
    notes, problems = [], []
    if isinstance(data, bytes):
        text, note = decode(data)
        if note:
            notes.append(f"the list was {note}")
    else:
        text = data
    lines = text.splitlines()  # CRLF, CR and a last line without a new line all end lines here
    numbered = [(n, line) for n, line in enumerate(lines, 1)
                if line.strip() and not line.lstrip().startswith("#")]
    if not numbered:
        return [], notes, problems
    first = numbered[0][1]
    delimiter = sniff(first)
    if delimiter:
        header = [tidy(cell).lower() for cell in next(csv.reader([first], delimiter=delimiter))]
        columns = {}
        for kind, names in COLUMNS.items():
            for index, cell in enumerate(header):
                if cell in names and kind not in columns:
                    columns[kind] = index
        if columns:
            return read_csv(numbered, delimiter, header, columns, notes, problems)
        if delimiter != "," or first.count(",") > 1:
            problems.append(f"line {numbered[0][0]}: this looks like a spreadsheet's columns, but its first row "
                            "names none of them: start the list with a row such as name,login,class")
            return [], notes, problems
    if tidy(first).lower() in {n for names in COLUMNS.values() for n in names}:
        notes.append(f"line {numbered[0][0]}: '{tidy(first)}' is a column's heading, not a student: skipped")
        numbered = numbered[1:]
    entries = []
    for number, line in numbered:
        raw = tidy(line.strip().strip('"'))
        entry = Entry(number, raw)
        if raw.count(",") == 1:
            last, given = (tidy(part) for part in raw.split(","))
            if last and given:
                entry.name = f"{given} {last}"
                entry.note = f"read '{raw}' as {entry.name}"
        if LOGIN.match(entry.name):
            entry.login = entry.name  # a login name alone, as older lists were
        entries.append(entry)
    return entries, notes, problems


def sniff(line):
    """The column separator a list's first line uses (a tab, semicolon or comma), or None."""
    counts = {d: line.count(d) for d in ("\t", ";", ",")}
    best = max(counts, key=counts.get)
    return best if counts[best] else None


def read_csv(numbered, delimiter, header, columns, notes, problems):
    ignored = [name for index, name in enumerate(header) if index not in columns.values() and name]
    if ignored:
        notes.append("ignored the column" + ("s " if len(ignored) > 1 else " ") + ", ".join(ignored))
    if "name" not in columns and not ({"first", "last"} & columns.keys()) and "login" not in columns:
        problems.append(f"line {numbered[0][0]}: the first row names no column of names: "
                        "call one 'name' (or 'first name' and 'last name', or 'login')")
        return [], notes, problems
    entries = []
    rows = csv.reader([line for _, line in numbered[1:]], delimiter=delimiter)
    for (number, _), row in zip(numbered[1:], rows):
        def cell(kind):
            index = columns.get(kind)
            return tidy(row[index]) if index is not None and index < len(row) else ""
        name = cell("name") or " ".join(part for part in (cell("first"), cell("last")) if part)
        login = cell("login")
        if not name and not login:
            continue  # an empty row of a spreadsheet
        entries.append(Entry(number, name or login, login.lower() if login else "", cell("class"), column=bool(login)))
    return entries, notes, problems


# ------------------------------------------------------------------------------------------
# Login names.

def plain_words(name):
    """The name's words in plain lower-case letters and digits: 'José Núñez-Ødegård' gives
    ['jose', 'nunez', 'odegard']."""
    folded = "".join(FOLDS.get(c, c) for c in name.lower())
    decomposed = unicodedata.normalize("NFKD", folded)
    ascii_text = "".join(c for c in decomposed if not unicodedata.combining(c)).encode("ascii", "ignore").decode()
    return [word for word in re.split(r"[^a-z0-9]+", ascii_text.replace("'", "")) if word]


def candidates(name):
    """The login names a name may get, in the order they are tried: the first name, then the
    first name and one, two, ... letters of the rest, then numbers."""
    words = plain_words(name)
    if not words:
        return
    first = words[0] if words[0][0].isalpha() else "s" + words[0]
    first = first[:24]
    rest = "".join(words[1:])
    yield first
    for length in range(1, len(rest) + 1):
        yield f"{first}-{rest[:length]}"[:32]
    stem = f"{first}-{rest}"[:28] if rest else first
    for n in range(2, 1000):
        yield f"{stem}{n}"


def system_accounts():
    """The names of this machine's accounts."""
    return {entry.pw_name for entry in pwd.getpwall()}


def choose_logins(wanted, taken):
    """Logins for `wanted` (a list of names), none in the set `taken` and no two alike. A name
    whose first choice (the first name) no other name in the list shares takes the first free
    choice; names that share a first choice take the first free one of theirs that none of the
    others could take (wanda-l and wanda-b, wanda-lo and wanda-la), and names alike in every
    letter the first free one. Returns {index: login}; a name with no letters to make one from
    gets none."""
    options = [list_of(candidates(name)) for name in wanted]
    sharers = {}
    for index, choices in enumerate(options):
        if choices:
            sharers.setdefault(choices[0], []).append(index)
    chosen, used = {}, set(taken)
    for index, choices in enumerate(options):
        if not choices:
            continue
        twins = [other for other in sharers[choices[0]] if other != index]
        free = [option for option in (choices[1:] if twins else choices) if option not in used]
        apart = [option for option in free if not any(option in options[other] for other in twins)]
        if apart or free:
            chosen[index] = (apart or free)[0]
            used.add(chosen[index])
    return chosen


def list_of(options, limit=60):
    """The first `limit` choices a generator gives."""
    out = []
    for option in options:
        out.append(option)
        if len(out) >= limit:
            break
    return out


# ------------------------------------------------------------------------------------------
# The roster.

ROSTER_FIELDS = ["login", "name", "class", "role", "system"]


def load(hub):
    """The class's roster, from HUB/roster.csv; a class set up by an earlier version (its
    students.txt and teacher.txt, one login a line, with system accounts) is read from those."""
    hub = Path(hub)
    path = hub / "roster.csv"
    if path.exists():
        with open(path, newline="", encoding="utf-8") as f:
            return [Person(row["login"], row["name"], row.get("class") or DEFAULT_CLASS,
                           row.get("role") or "student", row.get("system") or "")
                    for row in csv.DictReader(f) if row.get("login")]
    people = []
    for role, file in (("student", "students.txt"), ("teacher", "teacher.txt")):
        listed = hub / file
        if listed.exists():
            for line in listed.read_text(encoding="utf-8", errors="replace").splitlines():
                if line.split():
                    login = line.split()[0]
                    if not any(p.login == login for p in people):
                        people.append(Person(login, login, DEFAULT_CLASS, role, "old"))
    return people


def save(hub, people):
    """Writes the roster to HUB/roster.csv in one step (a reader never sees half of it)."""
    hub = Path(hub)
    hub.mkdir(parents=True, exist_ok=True)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ROSTER_FIELDS)
    for p in people:
        writer.writerow([p.login, p.name, p.klass, p.role, p.system])
    handle, partial = tempfile.mkstemp(dir=hub, prefix=".roster.", suffix=".partial")
    with os.fdopen(handle, "w", encoding="utf-8") as f:
        f.write(out.getvalue())
    os.chmod(partial, 0o600)
    os.replace(partial, hub / "roster.csv")


def students(people):
    return [p for p in people if p.role == "student"]


def teachers(people):
    return [p for p in people if p.role == "teacher"]


def group_name(klass):
    """The hub's group for a class: its name in plain letters, digits and '-' (never one of the
    groups that are no class's, nor the name after teachers-of- of the whole hub's teachers)."""
    name = "-".join(plain_words(klass))[:60] or DEFAULT_CLASS
    return f"{name}-class" if name in (ADMINS, EVERY_CLASS.removeprefix(TEACHERS_OF)) else name


# ------------------------------------------------------------------------------------------
# Who teaches whom. A teacher's class column holds the classes they teach, separated by ';'
# ("7B; 8C"). A teacher of the class with no name (class.sh --teacher without --class, as a
# hub of one class always had) looks after the whole hub: every class, through the group
# EVERY_CLASS and its role, which is no admin's (issue 69). A teacher of named
# classes sees, opens, starts and collects the students of those classes only: a role of the
# hub's scoped to each class's group (jupyterhub_config.py), held through the class's group of
# teachers (hub_groups); the class page reads who teaches whom from those groups.

CLASS_SEPARATOR = ";"
TEACHERS_OF = "teachers-of-"
# The whole hub's teachers (a class list's teachers given no class): a group of teachers, no class.
EVERY_CLASS = TEACHERS_OF + "every-class"
# A school's login (OpenID Connect) names the hub's admins by this group; it is no class.
ADMINS = "class-admins"


def is_class(group):
    """Whether a group of the hub's is a class (not a class's teachers, not the admins)."""
    return not group.startswith(TEACHERS_OF) and group != ADMINS


def classes_of(person):
    """The classes a person is in: a student's one, a teacher's every one."""
    if person.role != "teacher":
        return [person.klass]
    return [c for c in (tidy(part) for part in person.klass.split(CLASS_SEPARATOR)) if c] or [DEFAULT_CLASS]


def looks_after_all(person):
    """Whether `person` is a teacher of the whole hub (every class), not of named classes only."""
    return person.role == "teacher" and DEFAULT_CLASS in (group_name(c) for c in classes_of(person))


def teachers_group(klass):
    """The hub's group of a class's teachers, which holds the role scoped to the class's group."""
    return TEACHERS_OF + group_name(klass)


def taught_classes(people):
    """The groups of the classes that have a teacher of their own (not of the whole hub), sorted:
    each gets a role of the hub's scoped to it."""
    return sorted({group_name(c) for p in teachers(people) if not looks_after_all(p) for c in classes_of(p)})


def hub_groups(people):
    """The hub's groups as the roster makes them: each class's students, and each taught class's
    teachers. {group: [login]}"""
    groups = {}
    for person in students(people):
        groups.setdefault(group_name(person.klass), []).append(person.login)
    for person in teachers(people):
        if looks_after_all(person):
            groups.setdefault(EVERY_CLASS, []).append(person.login)
        else:
            for klass in classes_of(person):
                groups.setdefault(teachers_group(klass), []).append(person.login)
    return groups


# ------------------------------------------------------------------------------------------
# Planning.

# Characters of paths, addresses and markup, which no person's name has: a line holding them
# ("../etc", "<b>") is some other text, and would become a login (etc) without a word.
NOT_IN_NAMES = set('/\\<>|:;*?"{}[]=@#$%^&~`')


def plan(entries, roster, role="student", klass="", accounts=None, notes=(), problems=()):
    """What adding `entries` (read_list's) to `roster` would do: a Plan. `klass` is the class for
    entries whose list names none; `accounts` the machine's account names (system_accounts())."""
    result = Plan(notes=list(notes), problems=list(problems))
    if accounts is None:
        accounts = system_accounts()
    ours = {p.login for p in roster if p.system}  # accounts the class made itself
    reserved = (accounts - ours) | {"root"}
    by_login = {p.login: p for p in roster}
    by_name = {}
    for p in roster:
        by_name.setdefault((p.name.casefold(), p.klass.casefold()), p)
    if len(entries) > MAX_STUDENTS:
        result.problems.append(f"the list has {len(entries)} names, more than the {MAX_STUDENTS} a class may have")
        return result
    default_class = tidy(klass) or DEFAULT_CLASS
    seen = {}
    making = []  # entries that need a new account, and their names
    for entry in entries:
        if entry.note:
            result.notes.append(f"line {entry.line}: {entry.note}")
        name = entry.name
        klass_of = entry.klass or default_class
        if len(name) > MAX_NAME:
            result.problems.append(f"line {entry.line}: a name of {len(name)} characters is not a name "
                                   f"(at most {MAX_NAME}): '{name[:40]}...'")
            continue
        odd = sorted({c for c in name if c in NOT_IN_NAMES or not c.isprintable()})
        if odd:
            shown = " ".join(repr(c) for c in odd)
            result.problems.append(f"line {entry.line}: '{name[:40]}' has {shown}, which no name has: write the "
                                   "student's name (such as Ada Lovelace), or their login in a login column")
            continue
        if entry.login and not LOGIN.match(entry.login):
            result.problems.append(f"line {entry.line}: '{entry.login}' cannot be a login name: use {LOGIN_RULE}")
            continue
        key = (name.casefold(), klass_of.casefold(), entry.login)
        if key in seen:
            result.problems.append(
                f"line {entry.line}: {name} is listed twice (lines {seen[key]} and {entry.line}): if they are two "
                "students, tell them apart (a login column, or 'Sam Smith 2'); if one, remove a line")
            continue
        seen[key] = entry.line
        # A login the roster has is that person (the login is who they are); else a name the
        # roster has in the same class.
        existing = by_login.get(entry.login) if entry.login else by_name.get((name.casefold(), klass_of.casefold()))
        if existing is None and role == "teacher" and not entry.login:
            # A teacher is one person whatever class they are named for.
            existing = next((p for p in roster if p.role == "teacher" and p.name.casefold() == name.casefold()), None)
        if existing is not None:
            if existing.role != role:
                result.problems.append(f"line {entry.line}: {existing.login} is already in the class as a "
                                       f"{existing.role}, not a {role}")
            elif role == "teacher" and group_name(klass_of) not in {group_name(c) for c in classes_of(existing)}:
                result.teaching.append((existing, klass_of))
            else:
                result.kept.append(existing)
            continue
        if entry.login:
            if entry.login in reserved:
                how = ("give them another login in the login column" if entry.column else
                       "write the student's whole name on the line instead (the class then makes a login from it), "
                       "or give a login in a list with a login column")
                result.problems.append(
                    f"line {entry.line}: {entry.login} is the name of an account on this machine, which the class "
                    f"never takes over: {how}")
                continue
            if any(entry.login == p.login for p in making if p is not None):
                result.problems.append(f"line {entry.line}: the login {entry.login} is given to two names")
                continue
        making.append(Person(entry.login, name, klass_of, role, line=entry.line))
    taken = set(by_login) | reserved | {p.login for p in making if p.login}
    unnamed = [p for p in making if not p.login]
    chosen = choose_logins([p.name for p in unnamed], taken)
    for index, person in enumerate(unnamed):
        if index not in chosen:
            result.problems.append(f"line {person.line}: no login name can be made from '{person.name}' (it has no "
                                   "letters a login can use): add a login column (name,login) and choose one")
            continue
        person.login = chosen[index]
        first = next(candidates(person.name))
        if person.login != first:
            why = ("an account on this machine" if first in reserved else
                   f"{by_login[first].name}'s login" if first in by_login else
                   "shared with " + ", ".join(p.name for p in unnamed if p is not person and
                                              next(candidates(p.name)) == first))
            result.notes.append(f"{person.name} gets the login {person.login} ({first} is {why})")
    if not result.problems:
        result.new = [p for p in making if p.login]
    return result


def plan_file(path, roster, role="student", klass="", accounts=None):
    """plan() for the class list in the file at `path`."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        return Plan(problems=[f"the class list {path} cannot be read: {error.strerror or error}"])
    entries, notes, problems = read_list(data)
    return plan(entries, roster, role, klass, accounts, notes, problems)
