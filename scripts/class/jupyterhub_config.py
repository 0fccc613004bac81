"""JupyterHub for a class: scripts/class.sh starts the hub with this file, its settings in the
environment (MAGIC_CLASS_*: hub/hub.env, which class.sh makes from the class's settings,
classadmin/config.py, and the hub's systemd service reads too). What each part does, and why, is
said where it is done: classhub/authentication.py (who logs in, as whom, and the teachers' roles),
classhub/spawners.py (where each student's server runs), classhub/services.py (the culler, the
class page, the tokens). In short:

- Students log in with the class's passwords (the roster, classadmin), the school's login
  (OpenID Connect) or its LMS (LTI 1.3); each class is a group of the hub, and a teacher reaches
  their own classes only.
- With Docker, DockerSpawner starts each student's server in a container from the students'
  image, with the limits the technician set, alone on the class's network (classadmin/network.py),
  the home on a volume that outlives it; over a lab's PCs, its SwarmSpawner; without Docker, the
  student's own system account, with no limits.
- The lessons come into ~/magic-tictactoe from the class's course repository through nbgitpuller
  (start-student, course-pull), every change the student made kept.
- jupyterhub-idle-culler stops idle servers; stopping the hub leaves students' containers running,
  and the hub finds them again when it starts.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classadmin import homes, roster  # noqa: E402 (the class list, the students' homes)
from classhub import authentication, services, spawners  # noqa: E402
from hubclient import NOTEBOOK  # noqa: E402 (the notebook students land on, named once)

c = get_config()  # noqa: F821 (JupyterHub provides it)
env = os.environ

CLASS = Path(env["MAGIC_CLASS_HOME"])
HUB = CLASS / "hub"
SPAWNER = env.get("MAGIC_CLASS_SPAWNER", "local")
IDLE_SECONDS = int(env.get("MAGIC_CLASS_IDLE_SECONDS", "3600"))
PEOPLE = roster.load(HUB)
CLASSES = [g for g in env.get("MAGIC_CLASS_CLASSES", "").split(",") if g]
OIDC, LTI = env.get("MAGIC_CLASS_OIDC_ISSUER"), env.get("MAGIC_CLASS_LTI_ISSUER")

c.JupyterHub.ip = env.get("MAGIC_CLASS_IP", "127.0.0.1")
c.JupyterHub.port = int(env.get("MAGIC_CLASS_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{HUB / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(HUB / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(HUB / "jupyterhub.pid")
c.ConfigurableHTTPProxy.command = [str(CLASS / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(HUB / "proxy.pid")
# HTTPS: the certificate class.sh made for this machine, or the school's (--ssl-cert, --ssl-key).
if env.get("MAGIC_CLASS_SSL_CERT"):
    c.JupyterHub.ssl_cert = env["MAGIC_CLASS_SSL_CERT"]
    c.JupyterHub.ssl_key = env["MAGIC_CLASS_SSL_KEY"]
    # http:// typed on the hub's port gets a redirect to https://, on that same port (the proxy is
    # patched for it: scripts/class/patches/npm), instead of a connection closed without a word.
    c.ConfigurableHTTPProxy.command.append(f"--redirect-port={c.JupyterHub.port}")

# Who logs in: one login of the three, or the LMS beside the class's passwords.
if OIDC:
    authentication.school_login(c, env, HUB, CLASSES)
elif LTI:
    authentication.lms(c, env, HUB, CLASSES, PEOPLE)
else:
    authentication.passwords(c, PEOPLE)
authentication.teachers(c, PEOPLE, CLASSES, list_admins=not OIDC and (not LTI or bool(PEOPLE)))

c.Spawner.default_url = f"/lab/tree/{NOTEBOOK}"
# A student's server reads no Jupyter config and no lab extension from her home (~/.jupyter,
# ~/.local/share/jupyter): the class's settings are the image's. (Not the wall between her
# pages and the teacher: her server's port is hers to serve anything from, which is why no
# teacher is sent there: classpage/view.py.)
c.Spawner.disable_user_config = True
# A class's servers start together on a small machine: give them time.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 120
# How often the hub checks that each server still runs: a container killed from outside (or lost
# with Docker's daemon) shows as stopped within seconds, and the student's next visit starts it.
c.Spawner.poll_interval = 10
c.Spawner.pre_spawn_hook = spawners.class_access

if SPAWNER in ("docker", "swarm"):
    home = env["MAGIC_CLASS_STUDENT_HOME"]
    c.DockerSpawner.image = env["MAGIC_CLASS_IMAGE"]
    # Login names are plain (class.sh allows a-z, 0-9 and -), so they name containers as they are.
    c.DockerSpawner.name_template = homes.volume_name("{raw_username}")
    # The course repository, read-only: nbgitpuller pulls the lessons from it.
    course = {str(CLASS / "course"): {"bind": f"{env['MAGIC_CLASS_STUDENT_CLASS_HOME']}/course", "mode": "ro"}}
    c.DockerSpawner.volumes = {homes.volume_name("{raw_username}"): home, **course}
    c.DockerSpawner.notebook_dir = f"{home}/magic-tictactoe"
    c.DockerSpawner.remove = True  # a stopped server's container goes; its volume stays
    c.DockerSpawner.mem_limit = env["MAGIC_CLASS_MEMORY"]
    c.DockerSpawner.cpu_limit = float(env["MAGIC_CLASS_CPUS"])
    c.DockerSpawner.extra_host_config = {
        "pids_limit": int(env["MAGIC_CLASS_PROCESSES"]),
        "memswap_limit": env["MAGIC_CLASS_MEMORY"],  # no swap beyond the memory limit
        # No process of the student's gains privileges (the image has no setuid program either).
        "security_opt": ["no-new-privileges"],
    }
    # Stopping the hub leaves the containers running; the hub takes them back when it starts.
    c.JupyterHub.cleanup_servers = False
    c.JupyterHub.hub_port = 8081
    c.DockerSpawner.network_name = env["MAGIC_CLASS_NETWORK"]
    c.DockerSpawner.use_internal_ip = True  # the proxy reaches each server on the class's network
    c.ClassFirewall.class_bridge = env["MAGIC_CLASS_BRIDGE"]
    c.ClassFirewall.class_hub_ip = env["MAGIC_CLASS_HUB_IP"]
    c.ClassFirewall.class_hub_port = c.JupyterHub.hub_port
    c.ClassFirewall.class_internet = env.get("MAGIC_CLASS_INTERNET", "yes") == "yes"
    if SPAWNER == "docker" and not c.ClassFirewall.class_internet:
        # Without the internet, no name of it either. Docker's resolver in each container sends
        # what it cannot answer to the machine's resolver, and where that is on the machine's
        # loopback (systemd-resolved's 127.0.0.53, a dnsmasq's 127.0.1.1) it asks from the
        # machine's own network, past the class's firewall: a pupil resolved any name. Sent to
        # the gateway instead, the question meets the firewall (nothing but the hub's API is
        # open there) and fails within a second, not a lesson's minutes.
        c.DockerSpawner.extra_host_config.update(dns=[env["MAGIC_CLASS_HUB_IP"]], dns_opt=["timeout:1", "attempts:1"])
    c.ClassFirewall.class_subnet = env.get("MAGIC_CLASS_SUBNET", "")
    if SPAWNER == "docker":
        c.JupyterHub.spawner_class = spawners.ClassNetworkSpawner
        c.DockerSpawner.pull_policy = "never"  # the image is built on this machine
        # The hub's API listens at the class network's gateway only: the proxy and the students'
        # servers reach it there, and the school's network does not.
        c.JupyterHub.hub_ip = env["MAGIC_CLASS_HUB_IP"]
    else:
        # A class over the lab's PCs (class.sh --swarm ADDRESS): this machine is the swarm's
        # manager, and every PC that joined runs students' servers. They reach the hub, the
        # image's registry and the students' homes at ADDRESS. A student's home is a folder
        # here, $CLASS_HOME/homes/NAME, which every PC mounts at the same path (sshfs), so a
        # student's server may run on any of them and their work stays on this machine.
        c.JupyterHub.spawner_class = spawners.LabSwarmSpawner
        address = env["MAGIC_CLASS_SWARM_ADDRESS"]
        c.JupyterHub.hub_ip = c.JupyterHub.hub_connect_ip = address
        # The hub's traffic with the PCs crosses the school's network: JupyterHub's internal_ssl
        # encrypts it. Each server serves HTTPS to the proxy and calls the hub's API over HTTPS,
        # each side showing a certificate of the hub's own authorities and checking the other's
        # (a server's names every machine's address: LabSwarmSpawner; the hub's, ADDRESS). The
        # certificates name the address, so a class moved to another one gets new ones.
        c.JupyterHub.internal_ssl = True
        c.JupyterHub.internal_certs_location = str(HUB / f"internal-ssl-{address}")
        c.JupyterHub.trusted_alt_names = [f"IP:{address}"]
        c.DockerSpawner.volumes = {str(CLASS / "homes" / "{raw_username}"): home, **course}
        c.LabSwarmSpawner.pids_limit = int(env["MAGIC_CLASS_PROCESSES"])
        # A student's server moved off a PC is started again by the student's next visit.
        c.SwarmSpawner.extra_task_spec = {"restart_policy": {"Condition": "none"}}
        # Servers run as the account the PCs mount the homes as (its uid owns every home here).
        uid = int(env["MAGIC_CLASS_STUDENT_UID"])
        c.SwarmSpawner.extra_container_spec = {"user": f"{uid}:{uid}"}
        # Each server's builds and compile cache stay on its PC, not on the homes' network mount.
        c.Spawner.environment = {"HOME": home, "MAGIC_CLASS_BUILDS": "/tmp/notebook-builds",
                                 "XDG_CACHE_HOME": "/tmp/cache"}
        c.Spawner.pre_spawn_hook = spawners.own_home(CLASS / "homes", uid)
else:
    c.Spawner.cmd = [str(CLASS / "bin" / "start-student")]
    c.Spawner.notebook_dir = "~/magic-tictactoe"
    c.Spawner.pre_spawn_hook = spawners.private_home

services.add_services(c, env, CLASS, SPAWNER, IDLE_SECONDS)
