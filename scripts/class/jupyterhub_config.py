"""JupyterHub for a class: scripts/class.sh starts the hub with this file.

- Students log in with the accounts made from the teacher's class list (classadmin: the
  roster, hub/roster.csv). Their passwords live in this hub's database, hashed, in
  NativeAuthenticator's table; nobody signs up. Each class of the roster is a group of the hub.
  A teacher of the whole hub is its admin; a teacher of named classes reaches those classes only.
- With Docker (the default when it can be had), DockerSpawner starts each student's server in a
  container from the students' image, with the CPU, memory and process limits the teacher set,
  alone on the class's network (classadmin/network.py says what it reaches: the hub's API, and
  never a classmate, this machine's other services or the school's network), with the student's
  home on a named volume that outlives the container. Without Docker, each server runs as the
  student's own system user, with no limits.
- The course's notebooks come into each student's ~/magic-tictactoe from the class's course
  repository through nbgitpuller as their server starts (start-student, course-pull): new
  notebooks and the teacher's changes come in, and every change the student made stays.
- The teacher's class page (class_page.py, a service of the hub's, for the teacher only): the
  class's progress live, a student's notebook opened in one click, a notebook started over.
- jupyterhub-idle-culler stops servers idle longer than the time the teacher set; the work
  stays. Stopping the hub leaves students' containers running: the hub finds them again when it
  starts, so a restart in the middle of a lesson costs nobody their kernel.

Settings come from the environment class.sh sets (MAGIC_CLASS_*, kept in $CLASS_HOME/hub/hub.env,
which the hub's systemd service reads too).
"""

import os
import sys
from pathlib import Path

from jupyterhub.utils import random_port
from tornado.httputil import url_concat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classadmin import identities, logins, network, roster  # noqa: E402 (the class list; school logins; the network)
from hubclient import NOTEBOOK  # noqa: E402 (the notebook students land on, named once)

c = get_config()  # noqa: F821 (JupyterHub provides it)

CLASS = Path(os.environ["MAGIC_CLASS_HOME"])
HUB = CLASS / "hub"
SPAWNER = os.environ.get("MAGIC_CLASS_SPAWNER", "local")
IDLE_SECONDS = int(os.environ.get("MAGIC_CLASS_IDLE_SECONDS", "3600"))


PEOPLE = roster.load(HUB)


c.JupyterHub.ip = os.environ.get("MAGIC_CLASS_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("MAGIC_CLASS_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{HUB / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(HUB / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(HUB / "jupyterhub.pid")
# HTTPS: the certificate class.sh made for this machine, or the school's (--ssl-cert, --ssl-key).
if os.environ.get("MAGIC_CLASS_SSL_CERT"):
    c.JupyterHub.ssl_cert = os.environ["MAGIC_CLASS_SSL_CERT"]
    c.JupyterHub.ssl_key = os.environ["MAGIC_CLASS_SSL_KEY"]
c.ConfigurableHTTPProxy.command = [str(CLASS / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy")]
if os.environ.get("MAGIC_CLASS_SSL_CERT"):
    # http:// typed on the hub's port gets a redirect to https://, on that same port (the proxy is
    # patched for it: scripts/class/patches/npm), instead of a connection closed without a word.
    c.ConfigurableHTTPProxy.command.append(f"--redirect-port={c.JupyterHub.port}")
c.ConfigurableHTTPProxy.pid_file = str(HUB / "proxy.pid")

# The class's own accounts: a login with a password in NativeAuthenticator's table gets in
# (classadmin makes, changes and removes them, also while the hub runs); there is no sign-up.
c.JupyterHub.authenticator_class = "native"
c.NativeAuthenticator.enable_signup = False
c.NativeAuthenticator.check_common_password = False
c.NativeAuthenticator.minimum_password_length = 8
# A login that keeps failing waits a minute: a classmate cannot guess a password in a lesson.
c.NativeAuthenticator.allowed_failed_logins = 10
c.NativeAuthenticator.seconds_before_next_try = 60
c.Authenticator.allow_all = True
c.JupyterHub.load_groups = {group: {"users": users} for group, users in roster.hub_groups(PEOPLE).items()}
# Or the school's own login (class.sh --oidc): OpenID Connect through oauthenticator's
# GenericOAuthenticator. A person is the provider's issuer and `sub`, and keeps the hub name
# they were first given (classadmin.identities: a name claim only names a newcomer, an unverified
# e-mail names nobody, and nobody ever becomes another's hub user). A pupil's class and a
# teacher's classes come from the login's groups claim at every login, each exactly as written:
# "7B" puts a pupil in the class 7b, "teachers-of-7B" makes a teacher of it, "class-admins" an
# admin of the hub. Only the classes set up here (--classes) count; someone in none of them
# (other staff, another school's pupils) is refused at the login, with a sentence. Logging out
# ends the provider's session too, where it offers that (RP-initiated logout), else the next
# login asks for the password again: on a shared computer the next pupil meets a login form.
OIDC = os.environ.get("MAGIC_CLASS_OIDC_ISSUER", "")
LTI = os.environ.get("MAGIC_CLASS_LTI_ISSUER", "")
CLASSES = [g for g in os.environ.get("MAGIC_CLASS_CLASSES", "").split(",") if g]
if OIDC:
    from oauthenticator.generic import GenericOAuthenticator  # noqa: F401 (named below)

    NAMES = [n for n in os.environ.get("MAGIC_CLASS_CLASS_NAMES", "").split(",") if n]
    GROUPS_CLAIM = os.environ.get("MAGIC_CLASS_OIDC_GROUPS_CLAIM") or "groups"
    USERNAME_CLAIM = os.environ.get("MAGIC_CLASS_OIDC_USERNAME_CLAIM") or "preferred_username"
    PUBLIC_URL = (HUB / "public-url").read_text().strip()
    c.JupyterHub.authenticator_class = "generic-oauth"
    c.GenericOAuthenticator.client_id = os.environ["MAGIC_CLASS_OIDC_CLIENT_ID"]
    c.GenericOAuthenticator.client_secret = (HUB / "oidc-client-secret").read_text().strip()
    c.GenericOAuthenticator.authorize_url = os.environ["MAGIC_CLASS_OIDC_AUTHORIZE_URL"]
    c.GenericOAuthenticator.token_url = os.environ["MAGIC_CLASS_OIDC_TOKEN_URL"]
    if os.environ.get("MAGIC_CLASS_OIDC_CLAIMS") == "id_token":
        # A provider shaped like Microsoft Entra: the claims (groups among them) in the ID token.
        c.GenericOAuthenticator.userdata_from_id_token = True
    else:
        c.GenericOAuthenticator.userdata_url = os.environ["MAGIC_CLASS_OIDC_USERINFO_URL"]
    c.GenericOAuthenticator.oauth_callback_url = PUBLIC_URL + "/hub/oauth_callback"
    c.GenericOAuthenticator.scope = os.environ.get("MAGIC_CLASS_OIDC_SCOPE", "openid profile email").split()
    # A name the hub accepts for now; the person's own is given by the guard below.
    c.GenericOAuthenticator.username_claim = lambda claims: identities.login_name(claims, USERNAME_CLAIM) or "unnamed"
    c.GenericOAuthenticator.post_auth_hook = logins.oidc_hook(HUB, OIDC, USERNAME_CLAIM)
    c.GenericOAuthenticator.login_service = os.environ.get("MAGIC_CLASS_OIDC_NAME", "the school's login")
    c.GenericOAuthenticator.manage_groups = True
    c.GenericOAuthenticator.auth_state_groups_key = (
        lambda auth_state: logins.from_claim((auth_state.get("oauth_user") or {}).get(GROUPS_CLAIM), NAMES))
    c.GenericOAuthenticator.allowed_groups = {*CLASSES, *(roster.TEACHERS_OF + g for g in CLASSES), roster.ADMINS}
    c.GenericOAuthenticator.admin_groups = {roster.ADMINS}
    c.GenericOAuthenticator.custom_403_message = (
        f"Your school login is in none of the classes of this server ({', '.join(NAMES)}), so it opens no lessons "
        "here: ask your teacher which login to use.")
    if os.environ.get("MAGIC_CLASS_OIDC_LOGOUT_URL"):
        c.GenericOAuthenticator.logout_redirect_url = url_concat(os.environ["MAGIC_CLASS_OIDC_LOGOUT_URL"], {
            "client_id": os.environ["MAGIC_CLASS_OIDC_CLIENT_ID"], "post_logout_redirect_uri": PUBLIC_URL + "/hub/login"})
    else:
        c.GenericOAuthenticator.extra_authorize_params = {"prompt": "login"}
    c.Authenticator.allow_all = False
    # Names that are the students' containers' and volumes' names too (magic-tictactoe-NAME).
    c.Authenticator.username_pattern = roster.LOGIN.pattern
    c.JupyterHub.load_groups = {}
# Teachers. A teacher of the whole hub (class.sh --teacher without --class) is its admin. A
# teacher of named classes (--class 7B --teacher ms-ada) holds, through the group of that class's
# teachers, a role scoped to the class's group: they list, see the activity of, start, stop and
# open the servers of that class's students, and reach the class page, which shows them that
# class; another class's students are not theirs to see. Admin membership is exact: a teacher
# given a class of their own stops being the hub's admin at the next start.
# With a school's login its groups name the admins (class-admins), or nobody (an LMS).
# The LMS beside the class's own passwords (class.sh --lti with --students or --teacher): both
# logins, each on its own pages, through jupyterhub-multiauthenticator (below).
BOTH = bool(LTI and PEOPLE)
c.JupyterHub.load_roles = [] if OIDC or (LTI and not BOTH) else [{"name": "admin", "users": sorted(
    p.login for p in roster.teachers(PEOPLE) if roster.looks_after_all(p))}]
# Or the school's LMS (class.sh --lti): LTI 1.3 through ltiauthenticator's LTI13Authenticator; a
# lesson's link in Moodle or Canvas logs the pupil or teacher in. The course of the launch (its
# context's label, else its title) is the class, among those set up here; its roles decide who
# is who, on purpose: Learner a pupil of the class; Instructor, and a TeachingAssistant (an
# Instructor sub-role), a teacher of that class only; anyone else, an LMS administrator who is
# no member of the course among them, is refused, as is a launch from a course not set up here.
# A teacher adding a lesson in the LMS's editor (deep linking) picks its notebook on the class
# page (lti/pick, classpage/lms.py); only a teacher of the class may.
if LTI:
    from ltiauthenticator.lti13.auth import LTI13Authenticator  # noqa: F401 (named below)

    c.JupyterHub.authenticator_class = "ltiauthenticator.lti13.auth.LTI13Authenticator"
    c.LTI13Authenticator.issuer = LTI
    c.LTI13Authenticator.client_id = {os.environ["MAGIC_CLASS_LTI_CLIENT_ID"]}
    c.LTI13Authenticator.authorize_url = os.environ["MAGIC_CLASS_LTI_AUTHORIZE_URL"]
    c.LTI13Authenticator.jwks_endpoint = os.environ["MAGIC_CLASS_LTI_JWKS_URL"]
    c.LTI13Authenticator.username_key = os.environ.get("MAGIC_CLASS_LTI_USERNAME_KEY") or "preferred_username"
    c.LTI13Authenticator.tool_name = "magic-tictactoe"
    c.LTI13Authenticator.tool_description = "How a computer plays tic-tac-toe: the course's notebooks"
    c.LTI13Authenticator.manage_groups = True
    c.LTI13Authenticator.post_auth_hook = logins.lti_hook(HUB, CLASSES)
    c.Authenticator.allow_all = True  # who gets in is decided by the hook, launch by launch
    c.Authenticator.username_pattern = roster.LOGIN.pattern
    c.JupyterHub.load_groups = {}
    if BOTH:
        # The class's passwords (NativeAuthenticator, its /hub/login and change-password pages)
        # and the LMS's launches (/hub/lti13/...), each at the addresses it has alone: no prefix
        # on the pages or on the names. A launch never gets a password's login (identities.bind).
        c.JupyterHub.authenticator_class = "multiauthenticator"
        c.MultiAuthenticator.username_prefix = ""
        c.MultiAuthenticator.authenticators = [
            {"authenticator_class": "native", "url_prefix": ""},
            {"authenticator_class": "ltiauthenticator.lti13.auth.LTI13Authenticator", "url_prefix": ""}]
        c.JupyterHub.load_groups = {group: {"users": users} for group, users in roster.hub_groups(PEOPLE).items()}
for group in sorted({*roster.taught_classes(PEOPLE), *CLASSES}):
    c.JupyterHub.load_roles.append({
        "name": f"teacher-of-{group}",
        "description": f"A teacher of the class {group}: its students' servers, and the class page",
        "scopes": [f"list:users!group={group}", f"read:users!group={group}", f"read:groups!group={group}",
                   f"servers!group={group}", f"access:servers!group={group}", "access:services!service=class"],
        "groups": [roster.TEACHERS_OF + group],
    })


def class_access(spawner):
    """A teacher's token opens their students' servers. Their role grants access:servers!group=7b;
    the hub resolves that for a browser's login, but a student's server checks a token's scopes
    against its own access scopes (the server and the user), and JupyterHub cannot match a group's
    filter to a user there (jupyterhub.services.auth.check_scopes says so). The student's server
    also takes the scope of each group its student is in, as it starts
    (docs/upstream/jupyterhub-group-access-scopes.md): a student moved to another class keeps the
    old class's until their server next starts."""
    user = spawner.user.name
    spawner.oauth_access_scopes = [f"access:servers!server={user}/{spawner.name}", f"access:servers!user={user}",
                                   *(f"access:servers!group={group.name}" for group in spawner.user.groups)]


c.Spawner.default_url = f"/lab/tree/{NOTEBOOK}"
# A class's servers start together on a small machine: give them time.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 120
# How often the hub checks that each server still runs: a container killed from outside (or lost
# with Docker's daemon) shows as stopped within seconds, and the student's next visit starts it.
c.Spawner.poll_interval = 10

if SPAWNER in ("docker", "swarm"):
    from dockerspawner import DockerSpawner, SwarmSpawner

    def class_firewall():
        """The class's firewall rules on this machine (classadmin/network.py), put in place before
        each server starts: after a reboot they come back with the first student."""
        network.ensure(os.environ["MAGIC_CLASS_BRIDGE"], os.environ["MAGIC_CLASS_HUB_IP"],
                       c.JupyterHub.hub_port, os.environ.get("MAGIC_CLASS_INTERNET", "yes") == "yes")

    class ClassNetworkSpawner(DockerSpawner):
        """DockerSpawner on the class's network (class.sh makes it): each student's server
        alone in a network namespace of its own, reached by the proxy at its address there."""

        async def start(self):
            class_firewall()
            return await super().start()

    class LabSwarmSpawner(SwarmSpawner):
        """SwarmSpawner with each server a service on the class's swarm network (a bridge on each
        machine, swarm.sh makes it), alone in a network namespace of its own on the machine (the
        swarm's node, a PC) it runs on, as on one machine. The hub's proxy reaches it through that
        machine's address, at a port the hub picks, which Docker publishes there for the task
        alone (mode host: no routing mesh, whose virtual IPs need IPVS, a kernel module a PC may
        lack). Each PC keeps its own firewall (join.sh sets it); this machine's is set here. A
        server the swarm moved to another machine (its PC drained or switched off) counts as
        stopped: its student's next visit starts it again, and the proxy learns the new address."""

        async def node(self):
            """The swarm's node (a PC) the server's task is on, or None."""
            task = await self.get_task()
            if not task or not task.get("NodeID"):
                return None
            return await self.docker("inspect_node", task["NodeID"])

        async def start(self):
            class_firewall()
            # Each start at a port of its own on the PC, picked then (also when an earlier
            # server's service is still there, which the start removes).
            self.published = random_port()
            self.extra_endpoint_spec = {"ports": {self.published: (self.port, "tcp", "host")}}
            return await super().start()

        async def get_ip_and_port(self):
            return (await self.node())["Status"]["Addr"], self.published

        async def poll(self):
            status = await super().poll()
            node = await self.node() if status is None and self.server else None
            if node and node["Status"]["State"] != "ready":
                return f"its machine, {node['Description']['Hostname']}, is {node['Status']['State']}"
            if node and node["Status"]["Addr"] != self.server.ip:
                return f"moved by the swarm from {self.server.ip} to {node['Status']['Addr']}"
            return status

        async def docker(self, method, *args, **kwargs):
            if method == "create_service":
                # The process limit, which docker-py's Resources cannot say (Docker 20.10's API can).
                limits = kwargs["task_template"]["Resources"].setdefault("Limits", {})
                limits["Pids"] = int(os.environ["MAGIC_CLASS_PROCESSES"])
            return await super().docker(method, *args, **kwargs)

    home = os.environ["MAGIC_CLASS_STUDENT_HOME"]
    c.DockerSpawner.image = os.environ["MAGIC_CLASS_IMAGE"]
    # Login names are plain (class.sh allows a-z, 0-9 and -), so they name containers as they are.
    c.DockerSpawner.name_template = "magic-tictactoe-{raw_username}"
    # The course repository, read-only: nbgitpuller pulls the lessons from it.
    course = {str(CLASS / "course"): {"bind": f"{os.environ['MAGIC_CLASS_STUDENT_CLASS_HOME']}/course", "mode": "ro"}}
    c.DockerSpawner.volumes = {"magic-tictactoe-{raw_username}": home, **course}
    c.DockerSpawner.notebook_dir = f"{home}/magic-tictactoe"
    c.DockerSpawner.remove = True  # a stopped server's container goes; its volume stays
    c.DockerSpawner.mem_limit = os.environ["MAGIC_CLASS_MEMORY"]
    c.DockerSpawner.cpu_limit = float(os.environ["MAGIC_CLASS_CPUS"])
    c.DockerSpawner.extra_host_config = {
        "pids_limit": int(os.environ["MAGIC_CLASS_PROCESSES"]),
        "memswap_limit": os.environ["MAGIC_CLASS_MEMORY"],  # no swap beyond the memory limit
    }
    # Stopping the hub leaves the containers running; the hub takes them back when it starts.
    c.JupyterHub.cleanup_servers = False
    c.Spawner.pre_spawn_hook = class_access
    if SPAWNER == "docker":
        c.JupyterHub.spawner_class = ClassNetworkSpawner
        c.DockerSpawner.pull_policy = "never"  # the image is built on this machine
        c.DockerSpawner.network_name = os.environ["MAGIC_CLASS_NETWORK"]
        c.DockerSpawner.use_internal_ip = True  # the proxy reaches each server on the network
        # The hub's API listens at the class network's gateway only: the proxy and the students'
        # servers reach it there, and the school's network does not.
        c.JupyterHub.hub_ip = os.environ["MAGIC_CLASS_HUB_IP"]
        c.JupyterHub.hub_port = 8081
    else:
        # A class over the lab's PCs (class.sh --swarm ADDRESS): this machine is the swarm's
        # manager, and every PC that joined runs students' servers. They reach the hub, the
        # image's registry and the students' homes at ADDRESS. A student's home is a folder
        # here, $CLASS_HOME/homes/NAME, which every PC mounts at the same path (sshfs), so a
        # student's server may run on any of them and their work stays on this machine.
        c.JupyterHub.spawner_class = LabSwarmSpawner
        c.JupyterHub.hub_ip = c.JupyterHub.hub_connect_ip = os.environ["MAGIC_CLASS_SWARM_ADDRESS"]
        c.JupyterHub.hub_port = 8081
        c.DockerSpawner.network_name = os.environ["MAGIC_CLASS_NETWORK"]
        c.DockerSpawner.use_internal_ip = True  # no port of the routing mesh's: LabSwarmSpawner publishes its own
        c.DockerSpawner.volumes = {str(CLASS / "homes" / "{raw_username}"): home, **course}
        # A student's server moved off a PC is started again by the student's next visit.
        c.SwarmSpawner.extra_task_spec = {"restart_policy": {"Condition": "none"}}
        # Servers run as the account the PCs mount the homes as (its uid owns every home here).
        uid = os.environ["MAGIC_CLASS_STUDENT_UID"]
        c.SwarmSpawner.extra_container_spec = {"user": f"{uid}:{uid}"}
        # Each server's builds and compile cache stay on its PC, not on the homes' network mount.
        c.Spawner.environment = {"HOME": home, "MAGIC_CLASS_BUILDS": "/tmp/notebook-builds",
                                 "XDG_CACHE_HOME": "/tmp/cache"}

        def own_home(spawner):
            """The student's home folder here, made (the servers' account's) before the PC that
            runs the server bind-mounts it."""
            folder = CLASS / "homes" / spawner.user.name
            if not folder.exists():
                folder.mkdir(mode=0o700, parents=True)
                os.chown(folder, int(uid), int(uid))
            class_access(spawner)

        c.Spawner.pre_spawn_hook = own_home
else:
    import pwd

    c.Spawner.cmd = [str(CLASS / "bin" / "start-student")]
    c.Spawner.notebook_dir = "~/magic-tictactoe"

    def private_home(spawner):
        """Homes stay private (mode 700), whatever changed them since set-up."""
        Path(pwd.getpwnam(spawner.user.name).pw_dir).chmod(0o700)

    c.Spawner.pre_spawn_hook = lambda spawner: (private_home(spawner), class_access(spawner))

# Servers idle longer than the teacher's time are stopped; the student's files stay.
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={IDLE_SECONDS}",
                f"--cull-every={max(5, min(300, IDLE_SECONDS // 4))}"],
}]
c.JupyterHub.load_roles.append({
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
})
# The teacher's class page (scripts/class/class_page.py): the hub's admin (the teacher) has the
# scope access:services, so only the teacher gets past its login; it reads the students' progress
# files and writes into their folders (start over) as the hub's user, root.
c.JupyterHub.services.append({
    "name": "class",
    "url": f"http://127.0.0.1:{random_port()}",
    "command": [sys.executable, str(Path(__file__).resolve().parent / "class_page.py")],
    "oauth_no_confirm": True,
    "environment": {"MAGIC_CLASS_HOME": str(CLASS), "MAGIC_CLASS_SPAWNER": SPAWNER,
                    "MAGIC_CLASS_IDLE_SECONDS": str(IDLE_SECONDS),
                    "MAGIC_CLASS_WARM_AHEAD_MINUTES": os.environ.get("MAGIC_CLASS_WARM_AHEAD_MINUTES", "10"),
                    # The LMS's class lists and gradebook (class.sh --lti-token): classpage/lms.py.
                    **{name: os.environ.get(name, "") for name in (
                        "MAGIC_CLASS_CLASSES", "MAGIC_CLASS_LTI_TOKEN_URL", "MAGIC_CLASS_LTI_CLIENT_ID",
                        "MAGIC_CLASS_LTI_USERNAME_KEY")},
                    # The Docker daemon the spawner uses, where the students' volumes are, when it
                    # is not the machine's usual one.
                    **({"DOCKER_HOST": os.environ["DOCKER_HOST"]} if os.environ.get("DOCKER_HOST") else {})},
    "display": True,
})
# The page learns who teaches whom from the hub's groups (the roster's, or a school login's).
c.JupyterHub.load_roles.append({"name": "class-page", "services": ["class"],
                                "scopes": ["list:users", "read:users", "list:groups", "read:groups"]})
# JupyterLab's own files, once for the whole class (scripts/class/lab_static.py): a browser's
# cache of them then serves every student on a shared computer, not only the one who filled it.
LAB_STATIC = "/services/lab-static/"
c.JupyterHub.services.append({
    "name": "lab-static",
    "url": f"http://127.0.0.1:{random_port()}",
    "command": [sys.executable, str(Path(__file__).resolve().parent / "lab_static.py")],
    "environment": {"MAGIC_CLASS_HOME": str(CLASS)},  # whose it is (class_harness.py's leftovers)
    # Files for browsers, not a page: the hub's Services menu does not offer it.
    "display": False,
})
c.Spawner.args = [f"--LabApp.override_static_url={LAB_STATIC}"]
# The class's accounts (classadmin): class.sh and the class page add and remove students while
# the hub runs, through its API, with this token (root's only).
ACCOUNTS_TOKEN = HUB / "class-accounts.token"
if ACCOUNTS_TOKEN.exists():
    c.JupyterHub.services.append({"name": "class-accounts", "api_token": ACCOUNTS_TOKEN.read_text().strip()})
    c.JupyterHub.load_roles.append({
        "name": "class-accounts",
        "scopes": ["admin:users", "admin:groups", "list:users", "read:users", "list:groups", "read:groups",
                   "servers"],
        "services": ["class-accounts"],
    })
# `class.sh warm` (scripts/class/warm.py): starts the students' servers and notebook 01's kernels
# before the bell, through the hub's API and the servers' own (access:servers).
WARM_TOKEN = HUB / "warm-up.token"
if WARM_TOKEN.exists():
    c.JupyterHub.services.append({"name": "warm-up", "api_token": WARM_TOKEN.read_text().strip()})
    c.JupyterHub.load_roles.append({
        "name": "warm-up",
        "scopes": ["list:users", "read:users:name", "read:users:groups", "servers", "access:servers"],
        "services": ["warm-up"],
    })
