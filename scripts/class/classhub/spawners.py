"""Where each student's server runs: DockerSpawner on the class's network, its SwarmSpawner over
the lab's PCs, or (no containers) the student's own system account; and the hooks each start
passes through. jupyterhub_config.py names them and sets their traits."""

import os
import pwd
from pathlib import Path

from dockerspawner import DockerSpawner, SwarmSpawner
from jupyterhub.utils import random_port
from traitlets import Bool, Int, Unicode
from traitlets.config import Configurable

from classadmin import network


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


def private_home(spawner):
    """Without containers: the student's home stays private (mode 700), whatever changed it since
    set-up; then class_access."""
    Path(pwd.getpwnam(spawner.user.name).pw_dir).chmod(0o700)
    class_access(spawner)


def own_home(homes, uid):
    """On a swarm: the hook that makes the student's home folder here (HOMES/NAME, the servers'
    account's, uid `uid`) before the PC that runs the server bind-mounts it; then class_access."""
    def hook(spawner):
        folder = Path(homes) / spawner.user.name
        if not folder.exists():
            folder.mkdir(mode=0o700, parents=True)
            os.chown(folder, uid, uid)
        class_access(spawner)
    return hook


class ClassFirewall(Configurable):
    """The class's firewall rules on this machine (classadmin/network.py), put in place
    before each server starts: after a reboot they come back with the first student."""

    class_bridge = Unicode(help="the class network's bridge on this machine").tag(config=True)
    class_hub_ip = Unicode(help="where the students' servers reach the hub's API").tag(config=True)
    class_hub_port = Int(8081, help="the hub's API port").tag(config=True)
    class_internet = Bool(True, help="whether students' servers reach the internet").tag(config=True)
    class_subnet = Unicode("", help="a swarm's class network, refused on a machine without its bridge").tag(config=True)

    def ensure_firewall(self):
        network.ensure(self.class_bridge, self.class_hub_ip, self.class_hub_port, self.class_internet,
                       self.class_subnet or None)


class ClassNetworkSpawner(ClassFirewall, DockerSpawner):
    """DockerSpawner on the class's network (class.sh makes it): each student's server
    alone in a network namespace of its own, reached by the proxy at its address there."""

    async def start(self):
        self.ensure_firewall()
        return await super().start()


class LabSwarmSpawner(ClassFirewall, SwarmSpawner):
    """SwarmSpawner with each server a service on the class's swarm network (a bridge on each
    machine, swarm.sh makes it), alone in a network namespace of its own on the machine (the
    swarm's node, a PC) it runs on, as on one machine. The hub's proxy reaches it through that
    machine's address, at a port the hub picks, which Docker publishes there for the task
    alone (mode host: no routing mesh, whose virtual IPs need IPVS, a kernel module a PC may
    lack). Each PC keeps its own firewall (join.sh sets it); this machine's is set here. A
    server the swarm moved to another machine (its PC drained or switched off) counts as
    stopped: its student's next visit starts it again, and the proxy learns the new address."""

    pids_limit = Int(256, help="each server's processes and threads (Docker's API can say it, "
                               "docker-py's Resources cannot)").tag(config=True)

    async def node(self):
        """The swarm's node (a PC) the server's task is on, or None."""
        task = await self.get_task()
        if not task or not task.get("NodeID"):
            return None
        return await self.docker("inspect_node", task["NodeID"])

    async def start(self):
        self.ensure_firewall()
        # Each start at a port of its own on the PC, picked then (also when an earlier
        # server's service is still there, which the start removes).
        self.published = random_port()
        self.extra_endpoint_spec = {"ports": {self.published: (self.port, "tcp", "host")}}
        return await super().start()

    async def create_certs(self):
        """internal_ssl (jupyterhub_config.py): the server's certificate names the address of
        every machine of the swarm, for the swarm places the task after it is made, and the
        proxy reaches the server at its machine's address."""
        nodes = await self.docker("nodes")
        self.ssl_alt_names = sorted({f"IP:{node['Status']['Addr']}" for node in nodes
                                     if node["Status"].get("Addr") not in (None, "", "0.0.0.0")})
        return await super().create_certs()

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
            limits = kwargs["task_template"]["Resources"].setdefault("Limits", {})
            limits["Pids"] = self.pids_limit
        return await super().docker(method, *args, **kwargs)
