"""The class's accounts: who may log in to the hub, with which password, and in which class.

- **Passwords live in the hub**, hashed (bcrypt), in NativeAuthenticator's table of the hub's
  own database: JupyterHub's authenticator for a hub that keeps its users' passwords, used here
  through its own code (its create_user, change_password and delete_user, on a session of
  JupyterHub's own ORM). Nobody's password is kept in clear text, but for the first ones, which
  wait for the teacher to print them as slips (`Slips`) and are forgotten when the teacher says
  they have been handed out.
- **Students in containers need no account of this machine**; without containers (class.sh
  --no-containers) each gets a system account with no password of its own (nobody can log in to
  the machine with it), which their server runs as. An account of this machine the class did not
  make is never taken over (classadmin.roster refuses its name).
- **The class can change while it runs.** When the hub runs, its users and groups change
  through its REST API (with the class's own service token), so the hub's view and its
  database never disagree; when it does not, its database is changed with JupyterHub's ORM, as
  the hub would at its next start. Either way nothing is restarted.

Everything is in the hub's folder (HUB): roster.csv (classadmin.roster), jupyterhub.sqlite, the
slips waiting to be printed (first-passwords.json), the hub's address (url) and the token of the
class's accounts service (class-accounts.token). All of it is root's only.
"""

import datetime
import json
import os
import secrets
import subprocess
import tempfile
import time
from pathlib import Path

from . import homes, roster

# Ten letters and digits from 31 that are never mistaken for each other on a slip of paper (no
# 0/o, 1/l/i): about 50 bits, far more than a login form lets anyone guess.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_LENGTH = 10
SLIPS = "first-passwords.json"
TOKEN = "class-accounts.token"


def new_password():
    return "".join(secrets.choice(ALPHABET) for _ in range(PASSWORD_LENGTH))


class Problem(Exception):
    """Something the accounts cannot do, as a sentence for the teacher or the technician."""


# ------------------------------------------------------------------------------------------
# The hub's password store.

class Passwords:
    """NativeAuthenticator's table of logins and password hashes in the hub's database, through
    its own code. Safe while the hub runs: the hub reads a login's row afresh at every login."""

    def __init__(self, hub):
        # Imported here: the class's Python environment has them, the system's Python (which
        # checks a class list before anything is installed) need not.
        from jupyterhub import orm
        from nativeauthenticator import NativeAuthenticator

        self.db = orm.new_session_factory(f"sqlite:///{Path(hub) / 'jupyterhub.sqlite'}")()
        # enable_signup lets create_user make rows; the hub itself never offers a sign-up page.
        self.native = NativeAuthenticator(db=self.db, enable_signup=True, minimum_password_length=1,
                                          check_common_password=False)

    def logins(self):
        from nativeauthenticator.orm import UserInfo
        return {row.username for row in UserInfo.all_users(self.db)}

    def set(self, login, password):
        """Gives `login` the password `password`, making its row if it has none."""
        if self.native.user_exists(login):
            done = self.native.change_password(login, password)
        else:
            done = self.native.create_user(login, password, is_authorized=True)
        if not done:
            raise Problem(f"the hub would not take a password for {login}")

    def check(self, login, password):
        row = self.native.get_user(login)
        return row is not None and row.is_authorized and row.is_valid_password(password)

    def remove(self, login):
        row = self.native.get_user(login)
        if row is not None:
            self.db.delete(row)
            self.db.commit()

    def close(self):
        self.db.close()


# ------------------------------------------------------------------------------------------
# System accounts, without containers.

def make_system_account(login):
    """A system account for `login` with a private home and no password of its own (locked: it
    logs in to the hub only, never to the machine)."""
    subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", login], check=True,
                   capture_output=True)
    subprocess.run(["passwd", "--lock", login], check=False, capture_output=True)
    home = Path(os.path.expanduser(f"~{login}"))
    if home.is_dir():
        home.chmod(0o700)


def remove_system_account(login):
    """Takes the login away (the home, and the work in it, stay: userdel without --remove)."""
    subprocess.run(["userdel", login], check=False, capture_output=True)


# ------------------------------------------------------------------------------------------
# The hub: running (its REST API) or not (its database).

def hub_pid(hub):
    try:
        pid = int((Path(hub) / "jupyterhub.pid").read_text().strip())
        os.kill(pid, 0)
        return pid
    except (OSError, ValueError):
        return None


class LiveHub:
    """The running hub, through its REST API with the class's accounts service's token."""

    def __init__(self, url, token):
        import requests
        self.requests, self.url, self.token = requests, url.rstrip("/"), token

    def api(self, method, path, **kwargs):
        # The hub is this machine's own (hub/url: its loopback or its own address), often with the
        # certificate class.sh made for it, which no authority vouches for: not checked, and not
        # warned about in the technician's terminal at every call (urllib3's InsecureRequestWarning).
        import warnings
        from urllib3.exceptions import InsecureRequestWarning
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", InsecureRequestWarning)
            return self.requests.request(method, f"{self.url}/hub/api{path}", timeout=120, verify=False,
                                         headers={"Authorization": f"token {self.token}"}, **kwargs)

    def add(self, person):
        answer = self.api("POST", f"/users/{person.login}")
        if answer.status_code not in (201, 409):
            raise Problem(f"the hub did not add {person.login}: HTTP {answer.status_code} {answer.text[:200]}")
        for group in groups_of(person):
            self.join(person.login, group)

    def join(self, login, group):
        if self.api("GET", f"/groups/{group}").status_code == 404:
            self.api("POST", f"/groups/{group}")
        answer = self.api("POST", f"/groups/{group}/users", json={"users": [login]})
        if answer.status_code != 200:
            raise Problem(f"the hub did not put {login} in {group}: HTTP {answer.status_code} {answer.text[:200]}")

    def remove(self, login):
        """Deletes the hub's user (stopping their server first, as the hub does); their work
        stays on their volume or in their home."""
        answer = self.api("DELETE", f"/users/{login}")
        if answer.status_code == 400 and "pending" in answer.text:
            time.sleep(2)
            answer = self.api("DELETE", f"/users/{login}")
        if answer.status_code not in (204, 404):
            raise Problem(f"the hub did not remove {login}: HTTP {answer.status_code} {answer.text[:200]}")


class StoppedHub:
    """The hub's database while the hub is not running, through JupyterHub's ORM: what the hub
    would do at its next start, done now."""

    def __init__(self, passwords):
        self.db = passwords.db

    def add(self, person):
        from jupyterhub import orm
        user = orm.User.find(self.db, person.login)
        if user is None:
            user = orm.User(name=person.login)
            self.db.add(user)
        for name in groups_of(person):
            group = orm.Group.find(self.db, name)
            if group is None:
                group = orm.Group(name=name)
                self.db.add(group)
            if group not in user.groups:
                group.users.append(user)
        self.db.commit()

    def remove(self, login):
        from jupyterhub import orm
        user = orm.User.find(self.db, login)
        if user is not None:
            self.db.delete(user)
            self.db.commit()
        # A server left running by the hub that stopped (its container keeps running): stopped,
        # its volume kept (on a swarm, a service: its folder of the homes kept).
        homes.stop_container(login)


def groups_of(person):
    """The hub's groups `person` belongs in: a student's class; a teacher of named classes, the
    group of each one's teachers (which holds the role scoped to the class); a teacher of the
    whole hub, the group of every class's teachers (which holds a role over every user, and no
    admin's)."""
    if person.role != "teacher":
        return [roster.group_name(person.klass)]
    if roster.looks_after_all(person):
        return [roster.EVERY_CLASS]
    return [roster.teachers_group(klass) for klass in roster.classes_of(person)]


def hub_for(hub, passwords):
    """The running hub (LiveHub) or its database (StoppedHub). Refuses, with a sentence, while
    the hub is starting or stopping, or runs without answering."""
    hub = Path(hub)
    pid = hub_pid(hub)
    url_file, token_file = hub / "url", hub / TOKEN
    if pid is None:
        return StoppedHub(passwords)
    if not (url_file.exists() and token_file.exists()):
        raise Problem(f"the class's hub runs (pid {pid}) but this class has no accounts token yet: "
                      "run class.sh again (sudo ./scripts/class.sh) to finish its set-up")
    live = LiveHub(url_file.read_text().strip(), token_file.read_text().strip())
    try:
        answer = live.api("GET", "/")
    except live.requests.RequestException as error:
        raise Problem(f"the class's hub runs (pid {pid}) but does not answer at {live.url} ({type(error).__name__}): "
                      "wait until it has started (or stopped), then try again") from None
    if answer.status_code != 200:
        raise Problem(f"the class's hub answers HTTP {answer.status_code} at {live.url}: try again in a minute")
    return live


# ------------------------------------------------------------------------------------------
# Slips: first passwords, until the teacher has handed them out.

class Slips:
    """The first passwords of new students' accounts, kept (root's only) until the teacher prints
    them from the class page and says they have been handed out. A teacher's first password is
    never kept: the technician hands it over (class.sh prints it once), so that no other teacher,
    and no backup, ever holds it."""

    def __init__(self, hub):
        self.path = Path(hub) / SLIPS

    def waiting(self):
        try:
            return json.loads(self.path.read_text())
        except (OSError, ValueError):
            return []

    def add(self, slips):
        slips = [s for s in slips if s.get("role") != "teacher"]
        if not slips:
            return
        kept = [s for s in self.waiting() if s["login"] not in {n["login"] for n in slips}] + slips
        write_private(self.path, json.dumps(kept, indent=1))

    def drop(self, logins):
        kept = [s for s in self.waiting() if s["login"] not in set(logins)]
        if kept:
            write_private(self.path, json.dumps(kept, indent=1))
        else:
            self.path.unlink(missing_ok=True)

    def forget(self):
        self.path.unlink(missing_ok=True)


def write_private(path, text):
    """Writes `text` to `path` in one step, readable by root only."""
    handle, partial = tempfile.mkstemp(dir=Path(path).parent, prefix=".partial.")
    with os.fdopen(handle, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(partial, 0o600)
    os.replace(partial, path)


def teachers_password(made):
    """A teacher's first password, as the technician reads it: to hand over in person."""
    return (f"{made['login']}'s first password (the teacher's; kept nowhere: hand it to them yourself): "
            f"{made['password']}")


def slip(person, password):
    return {"login": person.login, "name": person.name, "class": person.klass, "role": person.role,
            "password": password, "made": datetime.datetime.now().strftime("%Y-%m-%d %H:%M")}


# ------------------------------------------------------------------------------------------
# The class's accounts, as one.

class Accounts:
    """The roster, the hub's passwords and users, and (without containers) the system accounts,
    changed together. `system` says whether students get system accounts (no containers)."""

    def __init__(self, hub, system=False):
        self.hub = Path(hub)
        self.system = system
        self.people = roster.load(self.hub)
        self.passwords = Passwords(self.hub)
        self.slips = Slips(self.hub)

    def close(self):
        self.passwords.close()

    def find(self, login):
        return next((p for p in self.people if p.login == login), None)

    def apply(self, plan):
        """Makes the plan's new accounts (a plan with problems makes none); returns their slips.
        The roster is written after each, so a stop midway loses nobody who was made."""
        if not plan.ok:
            raise Problem(plan.words())
        target = hub_for(self.hub, self.passwords) if plan.new or plan.teaching else None
        for teacher, klass in plan.teaching:
            person = self.find(teacher.login)
            person.klass = f"{roster.CLASS_SEPARATOR} ".join([*roster.classes_of(person), klass])
            target.add(person)
            roster.save(self.hub, self.people)
        made = []
        for person in plan.new:
            password = new_password()
            if self.system:
                make_system_account(person.login)
                person.system = "yes"
            self.passwords.set(person.login, password)
            target.add(person)
            self.people.append(roster.Person(person.login, person.name, person.klass, person.role, person.system))
            roster.save(self.hub, self.people)
            made.append(slip(person, password))
        if made:
            self.slips.add(made)
        return made

    def new_password(self, login):
        """A new password for `login`, set at once (the old one stops working); returns it, for
        a slip to hand over."""
        if self.find(login) is None:
            raise Problem(f"{login} is not in the class")
        password = new_password()
        self.passwords.set(login, password)
        self.slips.drop([login])
        return password

    def remove(self, login):
        """Takes `login` out of the class: no login any more, no server; their work is kept (the
        volume magic-tictactoe-LOGIN, or their home), for a backup or to bring them back."""
        person = self.find(login)
        if person is None:
            raise Problem(f"{login} is not in the class")
        hub_for(self.hub, self.passwords).remove(login)
        self.passwords.remove(login)
        if person.system == "yes":
            remove_system_account(login)
        self.people = [p for p in self.people if p.login != login]
        roster.save(self.hub, self.people)
        self.slips.drop([login])
        return person

    def sync(self):
        """Brings the hub's users and groups and the password store in line with the roster,
        for a class set up by an earlier version (students.txt; passwords.txt, whose clear-text
        passwords move into the hub, hashed, the last line a login has winning) and after a
        restore. Returns what it did, as sentences."""
        said = []
        if not (self.hub / "roster.csv").exists() and self.people:
            roster.save(self.hub, self.people)
            said.append(f"the class list of an earlier version ({len(self.people)} people) is now the roster, "
                        "hub/roster.csv")
        old = self.hub / "passwords.txt"
        if old.exists():
            last = {}
            for line in old.read_text(encoding="utf-8", errors="replace").splitlines():
                parts = line.split()
                if len(parts) >= 2:
                    last[parts[0]] = parts[1]
            moved = 0
            for login, password in last.items():
                if self.find(login) is not None:
                    self.passwords.set(login, password)
                    moved += 1
            old.unlink()
            said.append(f"{moved} passwords of hub/passwords.txt now live in the hub, hashed; the clear-text "
                        "file is gone")
        if self.system:
            # Without containers everyone's server runs as their own system account: made for
            # a class that had containers before; an account of the machine's own is refused.
            accounts = roster.system_accounts()
            made = []
            for person in self.people:
                if person.system in ("yes", "old"):
                    continue
                if person.login in accounts:
                    raise Problem(f"{person.login} ({person.name}) is the name of an account of this machine that the "
                                  "class did not make: without containers the class would take it over. Take "
                                  f"{person.login} out of the class (class.sh remove {person.login}) and add them "
                                  "again with another login, or keep containers")
                make_system_account(person.login)
                person.system = "yes"
                made.append(person.login)
            if made:
                roster.save(self.hub, self.people)
                said.append(f"{len(made)} system accounts made for the class without containers: {', '.join(made[:10])}"
                            f"{' ...' if len(made) > 10 else ''}")
        known = self.passwords.logins()
        missing = [p for p in self.people if p.login not in known]
        if missing:
            made = []
            for person in missing:
                password = new_password()
                self.passwords.set(person.login, password)
                made.append(slip(person, password))
            self.slips.add(made)
            said.append(f"{len(missing)} people had no password in the hub ({', '.join(p.login for p in missing[:10])}"
                        f"{' ...' if len(missing) > 10 else ''}): each has a new one, on the slips to print")
            said += [teachers_password(s) for s in made if s["role"] == "teacher"]
        return said
