"""The class's settings, in one place: every key, its default and its check, kept in
$CLASS_HOME/hub/settings.json (as The Littlest JupyterHub keeps config.yaml). A run of class.sh
starts from the last run's settings, changes only those its options name, and says which; the
technician reads and changes them with

    sudo ./scripts/class.sh config                      every setting, and which differ from the default
    sudo ./scripts/class.sh config set memory 3G        one setting (checked), for the next run
    sudo ./scripts/class.sh config unset oidc           back to its default (oidc, lti: the whole login)

and the hub has them the next time class.sh runs (`sudo ./scripts/class.sh`, with no option:
everything as set). Only Python's standard library: class.sh reads its options through this
before anything is installed.
"""

import ipaddress
import json
import os
import re
import shlex
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from . import identities, roster

SCRIPTS = Path(__file__).resolve().parent.parent
LIMITS = dict(line.split("=", 1) for line in (SCRIPTS / "defaults.env").read_text().splitlines()
              if line and not line.startswith("#"))
FILE = "settings.json"


class Refused(Exception):
    """A setting, or a mix of them, the class cannot run with: said in a sentence."""


@dataclass
class Setting:
    key: str
    default: str
    option: str  # class.sh's option that sets it
    words: str  # what it is, for `class.sh config`
    check: object = None  # value -> None, or raises Refused


def pattern(regex, wanted):
    def check(value):
        if not re.fullmatch(regex, value):
            raise Refused(f"takes {wanted}, not '{value}'")
    return check


def whole(low, high, wanted):
    def check(value):
        if not value.isdigit() or not low <= int(value) <= high:
            raise Refused(f"takes {wanted}, not '{value}'")
    return check


def one_of(*values):
    return pattern("|".join(map(re.escape, values)), " or ".join(values))


def address(value):
    try:
        ipaddress.ip_address(value)
    except ValueError:
        raise Refused(f"takes an address of this machine such as 0.0.0.0 (every interface) or 127.0.0.1, not '{value}'") from None


def seconds(value):
    """Seconds in a time such as 60m, 90s or 2h (minutes without a unit); Refused otherwise."""
    found = re.fullmatch(r"([0-9]+)(s|m|h)?", value)
    if not found:
        raise Refused(f"takes a time such as 60m, 90s or 2h, not '{value}'")
    return int(found.group(1)) * {"s": 1, "m": 60, "h": 3600}[found.group(2) or "m"]


def idle(value):
    if seconds(value) < 10:
        raise Refused("must be at least 10s")


def web(value):
    if value and not re.fullmatch(r"https?://[^\s\"'`$\\]+", value):
        raise Refused(f"takes an address such as https://login.school.example, not '{value}'")


def plain(value):
    if re.search(r"[\"'`$\\\n]", value):
        raise Refused(f"cannot hold quotes, backslashes, '$' or new lines ('{value}')")


def classes(value):
    plain(value)
    for name in value.replace(",", " ").split():
        if not roster.plain_words(name):
            raise Refused(f"takes class names such as \"7B, 8C\", not '{name}'")


SETTINGS = [Setting(*fields) for fields in (
    ("ip", "0.0.0.0", "--ip IP", "where the hub listens (default {default}, every interface; 127.0.0.1 for this "
     "machine only)", address),
    ("port", "8000", "--port N", "the hub's port (default {default})", whole(1, 65535, "a port number from 1 to 65535")),
    ("https", "auto", "--https, --plain-http",
     "On any address other machines reach, the hub serves HTTPS (default auto): with no certificate given, "
     "class.sh makes one for this machine (self-signed, kept in $CLASS_HOME/hub/tls and reused) and prints its "
     "fingerprint to check. --https serves HTTPS on 127.0.0.1 too; --plain-http serves plain HTTP on any address "
     "all the same: every password then crosses the school's network in clear text", one_of("auto", "yes", "no")),
    ("ssl_cert", "", "--ssl-cert FILE", "serve HTTPS with this certificate (the school's, or certbot's for the "
     "machine's DNS name), which browsers trust", plain),
    ("ssl_key", "", "--ssl-key FILE", "its key", plain),
    ("containers", "yes", "--containers, --no-containers",
     "each student's server in a container with limits (default); --no-containers runs them as the students' own "
     "system users instead: no limits, and no walls between students (each can reach the others' kernels)",
     one_of("yes", "no")),
    ("memory", LIMITS["STUDENT_MEMORY"], "--memory SIZE", "each student's memory limit (default {default}; a warm "
     "kernel holds ~350 MB)", pattern(r"[0-9]+[kmgKMG]?", "a size such as 2G or 1500M")),
    ("cpus", LIMITS["STUDENT_CPUS"], "--cpus N", "each student's share of the processors (default {default}: cores)",
     pattern(r"(?!0$)[0-9]+(\.[0-9]+)?", "a number of cores such as 1 or 0.5")),
    ("processes", LIMITS["STUDENT_PROCESSES"], "--processes N", "each student's limit on processes and threads "
     "(default {default})", whole(32, 100000, "a whole number of at least 32 (a server and its kernel run about 20)")),
    ("idle_timeout", LIMITS["IDLE_TIMEOUT"], "--idle-timeout T", "stop a server nobody used for T (default {default}; "
     "90s, 2h also work); the student's work stays, and their next login starts it again", idle),
    ("internet", "yes", "--internet yes|no", "whether students' containers reach the internet (default {default}: "
     "crates.io for a learner's own :dep); never this machine's services but the hub, nor the school's network or "
     "any private address, nor one another", one_of("yes", "no")),
    ("base_image", "debian:bookworm-slim", "--base-image IMG", "the base of the students' image (default {default}; "
     "on a machine with no registry, scripts/class/debian-base.sh makes one). All that a class downloads, ahead "
     "of it: sudo ./scripts/class.sh prepare [--base-image IMG]",
     pattern(r"[A-Za-z0-9][A-Za-z0-9._/:@-]*", "an image such as debian:bookworm-slim")),
    ("swarm", "", "--swarm ADDRESS", "a class over several machines: this one (at ADDRESS on the school's network) "
     "becomes a Docker Swarm's manager, and each lab PC that joins runs students' servers too; the students' homes "
     "stay on this machine (docs/class-server.md). A PC joins with the script "
     "`sudo ./scripts/class.sh join-script > join.sh` makes: sudo sh join.sh",
     pattern(r"|[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+",
             "this machine's address on the school's network that the lab's PCs reach, such as 192.168.1.10")),
    ("registry", "", "--registry HOST:PORT", "the registry the PCs take the students' image from (default "
     "ADDRESS:5000: Debian's docker-registry on this machine)",
     pattern(r"|[A-Za-z0-9.-]+:[0-9]+", "a registry's HOST:PORT, such as 192.168.1.10:5000")),
    ("warm_ahead", "10", "--warm-ahead M", "how many minutes before a lesson the timetable warms the class "
     "(default {default}; never more than half the idle timeout)", whole(1, 120, "a number of minutes from 1 to 120")),
    ("classes", "", "--classes \"7B, 8C\"", "the classes taught here, as the school's login names their groups or the "
     "LMS labels its courses (with --oidc or --lti)", classes),
    ("oidc", "", "--oidc ISSUER", "the school's own login (OpenID Connect: Microsoft Entra, Keycloak, any provider "
     "whose login names its groups) instead of the class's passwords: a pupil's class and a teacher's classes come "
     "from the login's groups (\"7B\"; \"teachers-of-7B\"; \"class-admins\" for the hub's admins), among --classes; "
     "with --oidc-client ID and --oidc-secret FILE (a file holding the client's secret, kept root's only); needs "
     "containers", web),
    ("oidc_client", "", "--oidc-client ID", "the client the school's provider registered for this hub", plain),
    ("oidc_username_claim", "", "--oidc-username-claim CLAIM", "the claim that names a newcomer (default "
     "preferred_username; upn for Microsoft Entra; a person is always their provider's sub, and an e-mail names "
     "someone only when the provider verified it)", plain),
    ("oidc_groups_claim", "", "--oidc-groups-claim CLAIM", "the claim that lists a login's groups (default groups)",
     plain),
    ("oidc_claims", "userinfo", "--oidc-claims userinfo|id_token", "where the claims are (default {default}; id_token "
     "for a provider that puts them there only, as Microsoft Entra does)", one_of("userinfo", "id_token")),
    ("lti", "", "--lti ISSUER", "the school's LMS (LTI 1.3: Moodle, Canvas) logs pupils and teachers in from a "
     "lesson's link, with --lti-client ID --lti-authorize URL --lti-jwks URL and --classes: the course (its label) "
     "is the class, Learner a pupil, Instructor or TeachingAssistant its teacher; anyone else is refused", web),
    ("lti_client", "", "--lti-client ID", "the client ID the LMS gave the tool", plain),
    ("lti_authorize", "", "--lti-authorize URL", "the LMS's authorization (login) URL", web),
    ("lti_jwks", "", "--lti-jwks URL", "the LMS's keys' URL", web),
    ("lti_username", "preferred_username", "--lti-username CLAIM", "the launch's claim that names the person "
     "(default {default}; custom_username for a custom parameter username=$User.username)", plain),
    ("lti_token", "", "--lti-token URL", "the LMS's token URL (Moodle's .../mod/lti/token.php, Canvas's "
     ".../login/oauth2/token): the tool then reads each course's class list (names and roles) and sends each "
     "pupil's score per notebook to the course's gradebook", web),
)]
# A run's own options, not kept.
RUN_HELP = (
    ("--students FILE", "the class list (needed the first time): its new students are added"),
    ("--check", "read the class list, say what it would make (or what is wrong in it), and change nothing"),
    ("--class NAME", "the class of the list's students who have none in a class column"),
    ("--teacher NAME", "the teacher (\"Ada Byron\", or a login such as ms-ada): with --class, the teacher of that "
     "class only (run class.sh once a class, for several); with no --class, the hub's admin"),
    ("--timetable LESSONS", "the lessons the class is warmed before, by itself: a day and a time each, such as "
     "\"Mon 09:00, Wed 13:30\" or \"daily 08:50\" (the server's time zone); the teacher can change it on the class page"),
    ("--setup-only", "install and prepare everything, then stop before starting the hub"),
    ("--foreground", "run the hub in this terminal (Ctrl-C stops it) even where systemd could keep it running"),
)
BY_KEY = {setting.key: setting for setting in SETTINGS}
# (--https, --plain-http and --containers, --no-containers are flags: FLAGS.)
BY_OPTION = {setting.option.split()[0]: setting.key for setting in SETTINGS if not setting.option.split()[0].endswith(",")}
FLAGS = {"--https": ("https", "yes"), "--plain-http": ("https", "no"),
         "--containers": ("containers", "yes"), "--no-containers": ("containers", "no")}
# A run's own inputs, not kept: what it adds to the class, and how it runs this time.
RUN_VALUES = {"--students": "students", "--class": "klass", "--teacher": "teacher", "--timetable": "timetable",
              "--oidc-secret": "oidc_secret"}
RUN_FLAGS = {"--check": "check_only", "--setup-only": "setup_only", "--foreground": "foreground"}


def defaults():
    return {setting.key: setting.default for setting in SETTINGS}


def path(hub):
    return Path(hub) / FILE


def load(hub):
    """The class's settings: the file's, over the defaults; for a class set up before the file
    existed, what its hub ran with (hub.env)."""
    settings = defaults()
    file = path(hub)
    try:
        text = file.read_text()
    except FileNotFoundError:
        try:
            settings.update(from_hub_env(Path(hub)))
        except PermissionError:
            pass
        return settings
    except PermissionError:
        return settings  # not root: `class.sh --check` of a list needs no settings
    try:
        kept = json.loads(text)
        settings.update({key: str(value) for key, value in kept.items() if key in BY_KEY})
    except (ValueError, AttributeError) as error:
        raise Refused(f"{file} is not the settings class.sh writes ({error}): mend it, or move it away "
                      "to start from the defaults") from None
    return settings


def hub_env(hub):
    """The environment the hub runs with (hub.env, which class.sh makes from the settings and
    what the set-up found: KEY="value" lines, which systemd and the shell read too), as a dict;
    empty before the hub's first start."""
    env = {}
    file = Path(hub) / "hub.env"
    for line in file.read_text().splitlines() if file.exists() else []:
        key, _, value = line.partition("=")
        env[key] = value.strip('"')
    return env


def from_hub_env(hub):
    """The settings of a class an earlier class.sh set up, read back from its hub.env."""
    env = hub_env(hub)
    if not env:
        return {}
    found = {"ip": env.get("MAGIC_CLASS_IP"), "port": env.get("MAGIC_CLASS_PORT"),
             "memory": env.get("MAGIC_CLASS_MEMORY"), "cpus": env.get("MAGIC_CLASS_CPUS"),
             "processes": env.get("MAGIC_CLASS_PROCESSES"), "internet": env.get("MAGIC_CLASS_INTERNET"),
             "swarm": env.get("MAGIC_CLASS_SWARM_ADDRESS"), "registry": env.get("MAGIC_CLASS_REGISTRY"),
             "warm_ahead": env.get("MAGIC_CLASS_WARM_AHEAD_MINUTES"),
             "containers": "no" if env.get("MAGIC_CLASS_SPAWNER") == "local" else "yes",
             "oidc": env.get("MAGIC_CLASS_OIDC_ISSUER"), "oidc_client": env.get("MAGIC_CLASS_OIDC_CLIENT_ID"),
             "oidc_claims": env.get("MAGIC_CLASS_OIDC_CLAIMS"),
             "oidc_username_claim": env.get("MAGIC_CLASS_OIDC_USERNAME_CLAIM"),
             "oidc_groups_claim": env.get("MAGIC_CLASS_OIDC_GROUPS_CLAIM"),
             "lti": env.get("MAGIC_CLASS_LTI_ISSUER"), "lti_client": env.get("MAGIC_CLASS_LTI_CLIENT_ID"),
             "lti_authorize": env.get("MAGIC_CLASS_LTI_AUTHORIZE_URL"), "lti_jwks": env.get("MAGIC_CLASS_LTI_JWKS_URL"),
             "lti_username": env.get("MAGIC_CLASS_LTI_USERNAME_KEY"), "lti_token": env.get("MAGIC_CLASS_LTI_TOKEN_URL"),
             "classes": ", ".join(n for n in env.get("MAGIC_CLASS_CLASS_NAMES", "").split(",") if n)
             or ", ".join(g for g in env.get("MAGIC_CLASS_CLASSES", "").split(",") if g)}
    if env.get("MAGIC_CLASS_IDLE_SECONDS", "").isdigit():
        found["idle_timeout"] = f"{env['MAGIC_CLASS_IDLE_SECONDS']}s"
    cert = env.get("MAGIC_CLASS_SSL_CERT", "")
    if cert == str(hub / "tls" / "hub.crt"):
        found["https"] = "yes"  # the certificate class.sh made: it makes it again when needed
    elif cert:
        found.update(ssl_cert=cert, ssl_key=env.get("MAGIC_CLASS_SSL_KEY", ""))
    elif not loopback(env.get("MAGIC_CLASS_IP", "")):
        found["https"] = "no"  # it ran with --plain-http
    return {key: value for key, value in found.items() if value}


def loopback(ip):
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def checked(settings):
    """`settings` if the class can run with them; else Refused, saying what is wrong."""
    for setting in SETTINGS:
        if setting.check:
            try:
                setting.check(settings[setting.key])
            except Refused as problem:
                raise Refused(f"{setting.option.split()[0].rstrip(',')} {problem}") from None
    s = settings
    if bool(s["ssl_cert"]) != bool(s["ssl_key"]):
        raise Refused("HTTPS needs both --ssl-cert FILE and --ssl-key FILE")
    if s["https"] == "no" and s["ssl_cert"]:
        raise Refused("--plain-http cannot go with a certificate (--ssl-cert; to serve plain HTTP all the same: "
                      "class.sh config unset ssl_cert)")
    for file in (s["ssl_cert"], s["ssl_key"]):
        if file and not os.access(file, os.R_OK):
            raise Refused(f"cannot read {file}")
    if (s["oidc"] or s["lti"]) and s["containers"] == "no":
        raise Refused("--oidc and --lti need containers: a school login's students have no account of this machine "
                      "for their servers to run as")
    if s["oidc"] and s["lti"]:
        raise Refused("--oidc or --lti, not both: the hub has one login (a school whose pupils come from the LMS "
                      "gives --lti; to change a class's login: class.sh config unset oidc, or unset lti)")
    if s["oidc"] and not s["oidc_client"]:
        raise Refused("--oidc needs --oidc-client ID (the client the school's identity provider registered for this hub)")
    if s["lti"] and not (s["lti_client"] and s["lti_authorize"] and s["lti_jwks"]):
        raise Refused("--lti ISSUER needs --lti-client ID --lti-authorize URL --lti-jwks URL, as the LMS's "
                      "registration of the tool shows them")
    if (s["oidc"] or s["lti"]) and not s["classes"].replace(",", " ").split():
        raise Refused(f"--{'oidc' if s['oidc'] else 'lti'} needs --classes \"7B, 8C\": the classes taught here, as "
                      "the school's login names their groups")
    if s["swarm"] and s["containers"] == "no":
        raise Refused("--swarm needs containers: the lab's PCs run students' servers in them")
    return settings


def merged(hub, args):
    """(the run's own inputs, the settings it runs with, the settings it changed) from class.sh's
    options `args` over the class's kept settings; Refused for an unknown option or a setting the
    class cannot run with."""
    before = load(hub)
    settings = dict(before)
    run = {name: "" for name in RUN_VALUES.values()} | {name: "0" for name in RUN_FLAGS.values()}
    asked = set()
    args = list(args)
    while args:
        option = args.pop(0)
        if option in FLAGS:
            key, value = FLAGS[option]
            if key in asked and settings[key] != value:
                raise Refused(f"{option} cannot go with the option before it that sets {key} otherwise")
            settings[key] = value
            asked.add(key)
        elif option in RUN_FLAGS:
            run[RUN_FLAGS[option]] = "1"
        elif option in BY_OPTION or option in RUN_VALUES:
            if not args:
                raise Refused(f"{option} needs a value (see --help)")
            value = args.pop(0)
            if option in RUN_VALUES:
                run[RUN_VALUES[option]] = value
                run[RUN_VALUES[option] + "_given"] = "1"
            else:
                settings[BY_OPTION[option]] = value
                asked.add(BY_OPTION[option])
        else:
            raise Refused(f"unknown option {option} (see --help)")
    if "ssl_cert" in asked and settings["https"] == "auto":
        settings["https"] = "yes"
    # A class moved from one login to another is asked for in words, not by a flag left out.
    for login, other in (("oidc", "lti"), ("lti", "oidc")):
        if login in asked and before[other] and other not in asked:
            raise Refused(f"this class logs in through {'its LMS' if other == 'lti' else 'the school login'} "
                          f"(--{other} {before[other]}, kept in its settings): to move it to --{login}, first "
                          f"sudo ./scripts/class.sh config unset {other}")
    if run["students"] and not Path(run["students"]).is_file():
        raise Refused(f"no class list at {run['students']}")
    # An issuer written with a trailing slash or without is the same school login: kept as it was.
    if settings["oidc"] and before["oidc"] and identities.issuer_form(settings["oidc"]) == identities.issuer_form(before["oidc"]):
        settings["oidc"] = before["oidc"]
    checked(settings)
    changed = {key: (before[key], settings[key]) for key in BY_KEY if before[key] != settings[key]}
    return run, settings, changed


def what_changes_do(changed):
    """What a change of settings does to the class's people, where it does anything to them: a
    sentence, or ''."""
    if "oidc" in changed and changed["oidc"][0] and changed["oidc"][1]:
        return ("the school login's issuer changed: every pupil and teacher who logs in through it is a new person to "
                "the hub (a person is their issuer and their sub), with a new login and an empty folder; their work "
                "stays under their old login (docs/class-server.md, \"A school login that changes\")")
    return ""


def shell(run, settings):
    """The run's inputs and settings as class.sh's variables, quoted for its `eval`."""
    s = settings
    values = {name: value for name, value in run.items() if not name.endswith("_given")} | {
        "ip": s["ip"], "port": s["port"], "cert": s["ssl_cert"], "key": s["ssl_key"],
        "plain_http": "1" if s["https"] == "no" else "0", "https": "1" if s["https"] == "yes" else "0",
        "containers": "1" if s["containers"] == "yes" else "0", "memory": s["memory"], "cpus": s["cpus"],
        "processes": s["processes"], "idle": s["idle_timeout"], "idle_seconds": str(seconds(s["idle_timeout"])),
        "internet": s["internet"], "base_image": s["base_image"], "swarm": s["swarm"],
        "registry": s["registry"] or (f"{s['swarm']}:5000" if s["swarm"] else ""), "warm_ahead": s["warm_ahead"],
        "classes": s["classes"], "oidc": s["oidc"], "oidc_client": s["oidc_client"],
        "oidc_username_claim": s["oidc_username_claim"], "oidc_groups_claim": s["oidc_groups_claim"],
        "oidc_claims": s["oidc_claims"], "lti": s["lti"], "lti_client": s["lti_client"],
        "lti_authorize": s["lti_authorize"], "lti_jwks": s["lti_jwks"], "lti_username": s["lti_username"],
        "lti_token": s["lti_token"], "loopback": "1" if loopback(s["ip"]) else "0",
        "timetable_given": run.get("timetable_given", "0")}
    return "".join(f"{name}={shlex.quote(value)}\n" for name, value in values.items())


def save(hub, settings):
    """Writes the settings that differ from the defaults, whole or not at all (root's only)."""
    kept = {key: value for key, value in settings.items() if value != BY_KEY[key].default}
    partial = path(hub).with_name(FILE + ".partial")
    with open(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
        json.dump(kept, file, indent=2)
        file.write("\n")
    os.replace(partial, path(hub))


def changes_in_words(changed):
    return ", ".join(f"{key} {old or '(none)'} → {new or '(none)'}" for key, (old, new) in changed.items())


def usage():
    """class.sh's options, from the settings themselves (their defaults said once, here)."""
    def entry(option, words):
        return textwrap.fill(words, 98, initial_indent="      ", subsequent_indent="      ")
    lines = ["Options of a run (not kept):"]
    for option, words in RUN_HELP:
        lines += [f"  {option}", entry(option, words)]
    lines += ["", "Settings (kept in $CLASS_HOME/hub/settings.json; a run changes only those it names):"]
    for setting in SETTINGS:
        lines += [f"  {setting.option}", entry(setting.option, setting.words.format(default=setting.default))]
    return "\n".join(lines) + "\n"


def show(hub):
    settings = load(hub)
    width = max(len(key) for key in BY_KEY)
    lines = []
    for setting in SETTINGS:
        value = settings[setting.key]
        mark = "" if value == setting.default else f"   (default: {setting.default or 'none'})"
        lines.append(f"{setting.key:<{width}}  {value or '(none)'}{mark}   ({setting.option})")
    return "\n".join(lines) + f"\n\nKept in {path(hub)}; a run of class.sh starts from them.\n"


def main(hub, args):
    """`class.sh config [set KEY VALUE | unset KEY]`, and class.sh's own `options ARGS`."""
    hub = Path(hub)
    try:
        if not args:
            sys.stdout.write(show(hub))
            return 0
        if args == ["usage"]:
            sys.stdout.write(usage())
            return 0
        command, rest = args[0], args[1:]
        if command == "options":
            save_now = rest[:1] == ["--save"]
            run, settings, changed = merged(hub, rest[1:] if save_now else rest)
            if save_now:
                save(hub, settings)
            else:
                sys.stdout.write(shell(run, settings))
                if changed and run["check_only"] == "0":
                    print(f"==> Settings changed: {changes_in_words(changed)} (all of them: "
                          "sudo ./scripts/class.sh config)", file=sys.stderr)
                    if what_changes_do(changed):
                        print(f"==> Mind: {what_changes_do(changed)}", file=sys.stderr)
            return 0
        if command in ("set", "unset") and os.geteuid() != 0:
            raise Refused(f"class.sh config {command}: run it as root")
        if command == "set" and len(rest) == 2 and rest[0] in BY_KEY:
            settings = load(hub)
            before = dict(settings)
            settings[rest[0]] = rest[1]
        elif command == "unset" and len(rest) == 1 and rest[0] in BY_KEY:
            settings = load(hub)
            before = dict(settings)
            group = [rest[0]] + [k for k in BY_KEY if rest[0] in ("oidc", "lti") and k.startswith(rest[0] + "_")]
            for key in group:
                settings[key] = BY_KEY[key].default
        elif command in ("set", "unset") and rest and rest[0] not in BY_KEY:
            raise Refused(f"class.sh config: no setting is called '{rest[0]}'; the settings are "
                          + ", ".join(BY_KEY))
        else:
            raise Refused("class.sh config takes no more (every setting), or: set KEY VALUE, or: unset KEY")
        if not Path(hub).is_dir():
            raise Refused(f"no class is set up in {hub.parent} yet")
        checked(settings)
        changed = {key: (before[key], settings[key]) for key in BY_KEY if before[key] != settings[key]}
        save(hub, settings)
        print(f"{changes_in_words(changed) or 'Nothing changed'}. The hub has it when class.sh next runs: "
              "sudo ./scripts/class.sh (with no option: everything as set)")
        return 0
    except Refused as problem:
        print(f"class.sh: {problem}", file=sys.stderr)
        return 2
