"""The class's accounts from the command line: class.sh runs these (as root), and a technician
may too.

    python -m classadmin check LIST [--class NAME] [--teacher NAME]
        what the class list LIST would make, or every problem in it; changes nothing
    python -m classadmin apply LIST [--class NAME] [--teacher NAME]
        makes the new accounts of LIST (all of them, or none if the list has a problem)
    python -m classadmin add NAME [--login LOGIN] [--class NAME] [--teacher]
    python -m classadmin remove LOGIN
    python -m classadmin password LOGIN       a new password (the old one stops working)
    python -m classadmin list                 the class, one person a line
    python -m classadmin teaching             the classes with teachers of their own (each a role of the hub's)
    python -m classadmin slips [FILE]         the first passwords as slips to print (HTML; FILE is root's only)
    python -m classadmin sync                 the hub's passwords in line with the roster
    python -m classadmin config [set KEY VALUE | unset KEY]
        the class's settings (classadmin/config.py): class.sh config
    python -m classadmin firewall BRIDGE HUB PORT [--internet yes|no]
        the shell script that sets the class's firewall for the students' containers on BRIDGE,
        the hub's API at HUB:PORT (classadmin/network.py; join.sh carries it to a lab PC)

The class is the one in $MAGIC_CLASS_HOME (default /srv/magic-tictactoe); --system-accounts
gives students system accounts (a class without containers). `check` needs nothing but Python's
standard library, so class.sh runs it before it installs anything.
"""

import argparse
import os
import stat
import sys
from pathlib import Path

from . import roster


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["config"]:
        # Its own words: class.sh's options pass through it as they were typed.
        from . import config
        return config.main(Path(os.environ.get("MAGIC_CLASS_HOME", "/srv/magic-tictactoe")) / "hub", argv[1:])
    parser = argparse.ArgumentParser(prog="classadmin", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--class-home", default=os.environ.get("MAGIC_CLASS_HOME", "/srv/magic-tictactoe"))
    parser.add_argument("--system-accounts", action="store_true")
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("check", "apply"):
        command = commands.add_parser(name)
        command.add_argument("list", nargs="?")
        command.add_argument("--class", dest="klass", default="")
        command.add_argument("--teacher", default="")
    add = commands.add_parser("add")
    add.add_argument("name")
    add.add_argument("--login", default="")
    add.add_argument("--class", dest="klass", default="")
    add.add_argument("--teacher", action="store_true")
    for name in ("remove", "password"):
        commands.add_parser(name).add_argument("login")
    commands.add_parser("list")
    commands.add_parser("teaching")
    commands.add_parser("slips").add_argument("file", nargs="?")
    commands.add_parser("sync")
    firewall = commands.add_parser("firewall")
    firewall.add_argument("bridge")
    firewall.add_argument("hub")
    firewall.add_argument("port", type=int)
    firewall.add_argument("--internet", choices=("yes", "no"), default="yes")
    firewall.add_argument("--subnet", default=None)
    args = parser.parse_args(argv)
    if args.command == "firewall":
        from . import network
        try:
            sys.stdout.write(network.script(args.bridge, args.hub, args.port, args.internet == "yes", args.subnet))
        except (ValueError, network.NetworkProblem) as problem:
            print(f"classadmin firewall: {problem}", file=sys.stderr)
            return 2
        return 0
    hub = Path(args.class_home) / "hub"

    if args.command in ("check", "apply"):
        people = roster.load(hub)
        plans = []
        if args.list:
            plans.append(roster.plan_file(args.list, people, "student", args.klass))
            people = people + plans[-1].new  # the teacher's login is chosen after theirs
        if args.teacher:
            entries, notes, problems = roster.read_list(args.teacher)
            for entry in entries:
                entry.line = 0
            plans.append(roster.plan(entries, people, "teacher", args.klass, notes=notes, problems=problems))
        for plan in plans:
            plan.problems = [p.replace("line 0: ", "--teacher: ") for p in plan.problems]
        problems = [p for plan in plans for p in plan.problems]
        if problems:
            print(roster.Plan(problems=problems).words(), file=sys.stderr)
            return 2
        for plan in plans:
            print(plan.words())
        if args.command == "check":
            return 0
        from .accounts import Accounts, Problem, teachers_password
        accounts = Accounts(hub, system=args.system_accounts)
        try:
            made = []
            for plan in plans:
                made += accounts.apply(plan)
        except Problem as problem:
            print(f"classadmin: {problem}", file=sys.stderr)
            return 2
        finally:
            accounts.close()
        students = [m for m in made if m["role"] != "teacher"]
        if students:
            print(f"Made {roster.plural(len(students), 'account')}; their first passwords wait on the class page "
                  "(Students: slips to print), or: class.sh slips slips.html")
        for teacher in (m for m in made if m["role"] == "teacher"):
            print(teachers_password(teacher))
        return 0

    if args.command == "slips":
        from .accounts import Slips, write_private
        from .sheet import sheet
        text = sheet(Slips(hub).waiting(), url_of(hub))
        if args.file:
            write_private(args.file, text)  # passwords: root's only, whole or not at all
        else:
            if stat.S_ISREG(os.fstat(sys.stdout.fileno()).st_mode):
                # `class.sh slips > slips.html`: the shell made the file with its own mode; the
                # passwords go in only once it is root's alone.
                os.fchmod(sys.stdout.fileno(), 0o600)
            sys.stdout.write(text)
        return 0

    if args.command == "teaching":
        print(" ".join(roster.taught_classes(roster.load(hub))))
        return 0

    if args.command == "list":
        sys.stdout.write("".join(f"{person.login}\t{person.name}\t{person.klass}\t{person.role}\n"
                                 for person in roster.load(hub)))
        return 0

    from .accounts import Accounts, Problem, teachers_password
    accounts = Accounts(hub, system=args.system_accounts)
    try:
        if args.command == "add":
            entry = roster.Entry(0, roster.tidy(args.name), args.login.lower(), args.klass, column=bool(args.login))
            plan = roster.plan([entry], accounts.people, "teacher" if args.teacher else "student", args.klass)
            plan.problems = [p.replace("line 0: ", "") for p in plan.problems]
            if plan.ok and not plan.new and not plan.teaching:
                print(f"{plan.kept[0].login} is in the class already")
                return 0
            taught = roster.taught_classes(accounts.people)
            made = accounts.apply(plan)
            print(plan.words())
            if made:
                print(teachers_password(made[0]) if made[0]["role"] == "teacher"
                      else f"{made[0]['login']}'s first password: {made[0]['password']}")
            new = sorted(set(roster.taught_classes(accounts.people)) - set(taught))
            if new:
                print(f"A running hub gives the teacher of {', '.join(new)} their class when it starts again: "
                      "run class.sh again, with no option (a hub run by systemd restarts by itself, and nobody's "
                      "server stops)")
        elif args.command == "remove":
            person = accounts.remove(args.login)
            print(f"{person.login} ({person.name}) is no longer in the class: their login is gone; their work is kept")
        elif args.command == "password":
            print(f"{args.login}'s new password: {accounts.new_password(args.login)} (the old one no longer works)")
        elif args.command == "sync":
            for line in accounts.sync():
                print(line)
    except Problem as problem:
        print(f"classadmin: {problem}", file=sys.stderr)
        return 2
    finally:
        accounts.close()
    return 0


def url_of(hub):
    try:
        return (hub / "public-url").read_text().strip()
    except OSError:
        return ""


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # Whoever read the output stopped early (head, grep -q): nothing more to say, and no
        # traceback for it.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
