"""jupyterhub_config.py and the classhub modules it puts together: the hub's configuration for
every kind of class (containers, a swarm, system accounts; the class's passwords, the school's
login, its LMS beside a class list), and the spawners' own code, without a hub running. The class
test, the school test and the swarm test run these hubs for real.

    python -m unittest discover -s scripts/class/tests      (in the class's environment)
"""

import asyncio
import os
import sys
import tempfile
import types
import unittest
from pathlib import Path
from unittest import mock

SCRIPTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SCRIPTS))
try:
    from traitlets.config.loader import PyFileConfigLoader

    from classhub import spawners
except ImportError:  # the checkout's environment has no JupyterHub; the class's has
    spawners = None

BASE = {"MAGIC_CLASS_IP": "0.0.0.0", "MAGIC_CLASS_PORT": "8443", "MAGIC_CLASS_IMAGE": "magic-tictactoe-student:0.1.0",
        "MAGIC_CLASS_STUDENT_HOME": "/home/student", "MAGIC_CLASS_STUDENT_CLASS_HOME": "/srv/magic-tictactoe",
        "MAGIC_CLASS_MEMORY": "2G", "MAGIC_CLASS_CPUS": "1", "MAGIC_CLASS_PROCESSES": "256",
        "MAGIC_CLASS_IDLE_SECONDS": "2700", "MAGIC_CLASS_NETWORK": "magic-tictactoe", "MAGIC_CLASS_BRIDGE": "mt-class",
        "MAGIC_CLASS_HUB_IP": "172.30.0.1", "MAGIC_CLASS_INTERNET": "no", "MAGIC_CLASS_STUDENT_UID": "1000",
        "MAGIC_CLASS_SWARM_ADDRESS": "10.0.0.1", "MAGIC_CLASS_SSL_CERT": "/srv/hub.crt", "MAGIC_CLASS_SSL_KEY": "/srv/hub.key"}
OIDC = {"MAGIC_CLASS_OIDC_ISSUER": "https://login.school.example", "MAGIC_CLASS_OIDC_CLIENT_ID": "hub",
        "MAGIC_CLASS_OIDC_AUTHORIZE_URL": "https://login.school.example/authorize",
        "MAGIC_CLASS_OIDC_TOKEN_URL": "https://login.school.example/token",
        "MAGIC_CLASS_OIDC_USERINFO_URL": "https://login.school.example/userinfo",
        "MAGIC_CLASS_OIDC_JWKS_URL": "https://login.school.example/jwks", "MAGIC_CLASS_OIDC_ALGS": "RS256,none",
        "MAGIC_CLASS_OIDC_TOKEN_ISSUER": "https://login.school.example",
        "MAGIC_CLASS_CLASSES": "7b,8c", "MAGIC_CLASS_CLASS_NAMES": "7B,8C"}
LTI = {"MAGIC_CLASS_LTI_ISSUER": "https://lms.school.example", "MAGIC_CLASS_LTI_CLIENT_ID": "tool",
       "MAGIC_CLASS_LTI_AUTHORIZE_URL": "https://lms.school.example/auth",
       "MAGIC_CLASS_LTI_JWKS_URL": "https://lms.school.example/jwks", "MAGIC_CLASS_CLASSES": "7b,8c"}
ROSTER = "login,name,class,role,system\nada,Ada Lovelace,7B,student,\nms-tee,Ms Tee,7B,teacher,\nhead,Head,,teacher,\n"


@unittest.skipIf(spawners is None, "needs the class's environment (jupyterhub, dockerspawner)")
class Config(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.home = Path(self.folder.name)
        hub = self.home / "hub"
        hub.mkdir()
        for name, text in (("public-url", "https://hub.school.example:8443"), ("oidc-client-secret", "secret"),
                           ("warm-up.token", "w"), ("class-accounts.token", "a")):
            (hub / name).write_text(text + "\n")

    def tearDown(self):
        self.folder.cleanup()

    def load(self, roster="", **env):
        (self.home / "hub" / "roster.csv").write_text(roster or "login,name,class,role,system\n")
        with mock.patch.dict(os.environ, {**BASE, "MAGIC_CLASS_HOME": str(self.home), **env}):
            return PyFileConfigLoader("jupyterhub_config.py", path=str(SCRIPTS)).load_config()

    def roles(self, c):
        return {role["name"]: role for role in c.JupyterHub.load_roles}

    def test_a_class_list_in_containers(self):
        c = self.load(ROSTER, MAGIC_CLASS_SPAWNER="docker")
        self.assertEqual(c.JupyterHub.authenticator_class, "native")
        self.assertIs(c.JupyterHub.spawner_class, spawners.ClassNetworkSpawner)
        self.assertEqual((c.JupyterHub.hub_ip, c.ClassFirewall.class_hub_ip, c.ClassFirewall.class_internet),
                         ("172.30.0.1", "172.30.0.1", False), "the hub's API on the class network's gateway only")
        self.assertEqual((c.DockerSpawner.mem_limit, c.DockerSpawner.extra_host_config["pids_limit"]), ("2G", 256))
        self.assertEqual(self.roles(c)["admin"]["users"], [], "no teacher is the hub's admin, nor stays it")
        self.assertEqual(self.roles(c)["teacher-of-every-class"]["groups"], ["teachers-of-every-class"],
                         "the teacher of no class reaches every class through a role of teachers")
        self.assertIn("servers!group=7b", self.roles(c)["teacher-of-7b"]["scopes"])
        self.assertTrue(c.Spawner.disable_user_config, "a student's ~/.jupyter is not her server's config")
        self.assertEqual(c.JupyterHub.load_groups["7b"]["users"], ["ada"])
        culler = next(s for s in c.JupyterHub.services if s["name"] == "idle-culler")
        self.assertIn("--timeout=2700", culler["command"])
        self.assertEqual({s["name"] for s in c.JupyterHub.services},
                         {"idle-culler", "class", "lab-static", "class-accounts", "warm-up"})
        self.assertEqual(c.ConfigurableHTTPProxy.command[-1], "--redirect-port=8443", "http:// sent to https://")

    def test_without_the_internet_no_name_of_it(self):
        """Issue 69, 9: with --internet no, Docker's resolver in her container asked the machine's
        resolver on its loopback from the machine's network, past the firewall. Her container's
        resolver now asks the class network's gateway, where the firewall answers nothing but the
        hub's API (the class test resolves from her kernel)."""
        closed = self.load(ROSTER, MAGIC_CLASS_SPAWNER="docker").DockerSpawner.extra_host_config
        self.assertEqual((closed["dns"], closed["dns_opt"]), (["172.30.0.1"], ["timeout:1", "attempts:1"]))
        self.assertIn("no-new-privileges", closed["security_opt"], "added to the walls, none taken away")
        open_ = self.load(ROSTER, MAGIC_CLASS_SPAWNER="docker", MAGIC_CLASS_INTERNET="yes").DockerSpawner
        self.assertNotIn("dns", open_.extra_host_config, "with the internet, the machine's resolver")

    def test_no_teacher_opens_a_student_s_server(self):
        """Issue 69: every student's server is on the hub's origin, and what it serves is hers to
        choose; a teacher's browser that loaded it acted as the teacher. No teacher's role holds
        access:servers (nor the admin's), whatever the login."""
        for env in ({}, OIDC, LTI):
            c = self.load(ROSTER, MAGIC_CLASS_SPAWNER="docker", **env)
            for role in c.JupyterHub.load_roles:
                if role["name"] == "admin" or role["name"].startswith("teacher-of-"):
                    self.assertFalse(role.get("users") and role["name"] == "admin", role)
                    self.assertFalse([s for s in role.get("scopes", []) if s.startswith("access:servers")], role)

    def test_a_swarm(self):
        c = self.load(ROSTER, MAGIC_CLASS_SPAWNER="swarm")
        self.assertIs(c.JupyterHub.spawner_class, spawners.LabSwarmSpawner)
        self.assertEqual((c.JupyterHub.hub_ip, c.LabSwarmSpawner.pids_limit), ("10.0.0.1", 256))
        self.assertEqual(c.SwarmSpawner.extra_container_spec, {"user": "1000:1000"})
        self.assertIn(str(self.home / "homes" / "{raw_username}"), c.DockerSpawner.volumes)
        # Its traffic with the PCs crosses the school's network: encrypted, the hub named by its address.
        self.assertTrue(c.JupyterHub.internal_ssl)
        self.assertEqual(c.JupyterHub.trusted_alt_names, ["IP:10.0.0.1"])
        self.assertEqual(c.JupyterHub.internal_certs_location, str(self.home / "hub" / "internal-ssl-10.0.0.1"))
        culler = next(s for s in c.JupyterHub.services if s["name"] == "idle-culler")["command"]
        self.assertIn(f"--internal-certs-location={self.home}/hub/internal-ssl-10.0.0.1", culler)
        self.assertIn("--ssl-enabled=True", culler)
        import jupyterhub_idle_culler  # the culler reads its command line as said
        read = jupyterhub_idle_culler.IdleCuller()
        read.parse_command_line(culler[3:])
        self.assertEqual((read.ssl_enabled, read.internal_certs_location, read.timeout),
                         (True, f"{self.home}/hub/internal-ssl-10.0.0.1", 2700))

    def test_one_machine_s_traffic_stays_on_it_in_plain_http(self):
        c = self.load(ROSTER, MAGIC_CLASS_SPAWNER="docker")
        self.assertNotIn("internal_ssl", c.JupyterHub)
        culler = next(s for s in c.JupyterHub.services if s["name"] == "idle-culler")["command"]
        self.assertNotIn("--ssl-enabled", culler)

    def test_system_accounts(self):
        c = self.load(ROSTER, MAGIC_CLASS_SPAWNER="local")
        self.assertIs(c.Spawner.pre_spawn_hook, spawners.private_home)
        self.assertNotIn("spawner_class", c.JupyterHub)

    def test_the_school_login_names_its_admins_and_nobody_else(self):
        c = self.load(ROSTER, MAGIC_CLASS_SPAWNER="docker", **OIDC)
        self.assertEqual(c.JupyterHub.authenticator_class, "generic-oauth")
        self.assertNotIn("admin", self.roles(c), "no class list's teacher is an admin of a school-login hub")
        self.assertEqual(c.GenericOAuthenticator.admin_groups, {"class-admins"})
        self.assertEqual(c.GenericOAuthenticator.allowed_groups,
                         {"7b", "8c", "teachers-of-7b", "teachers-of-8c", "class-admins"})
        self.assertEqual(c.GenericOAuthenticator.extra_authorize_params, {"prompt": "login"},
                         "a provider with no logout asks for the password again")
        self.assertEqual(c.JupyterHub.load_groups, {})

    def test_the_lms_beside_a_class_list_and_alone(self):
        c = self.load(ROSTER, MAGIC_CLASS_SPAWNER="docker", **LTI)
        self.assertEqual(c.JupyterHub.authenticator_class, "multiauthenticator")
        self.assertEqual(self.roles(c)["admin"]["users"], [])
        self.assertEqual(c.JupyterHub.load_groups["7b"]["users"], ["ada"])
        c = self.load("", MAGIC_CLASS_SPAWNER="docker", **LTI)
        self.assertEqual(c.JupyterHub.authenticator_class, "ltiauthenticator.lti13.auth.LTI13Authenticator")
        self.assertNotIn("admin", self.roles(c))
        self.assertEqual(sorted(self.roles(c)), ["class-accounts", "class-page", "idle-culler", "teacher-of-7b",
                                                 "teacher-of-8c", "warm-up"])


@unittest.skipIf(spawners is None, "needs the class's environment (jupyterhub, dockerspawner)")
class Spawners(unittest.TestCase):
    def spawner(self, name="ada", groups=("7b",)):
        user = types.SimpleNamespace(name=name, groups=[types.SimpleNamespace(name=g) for g in groups])
        return types.SimpleNamespace(user=user, name="", oauth_access_scopes=[])

    def test_a_student_s_server_opens_to_her_classes_teachers(self):
        spawner = self.spawner()
        spawners.class_access(spawner)
        self.assertEqual(spawner.oauth_access_scopes, ["access:servers!server=ada/", "access:servers!user=ada",
                                                       "access:servers!group=7b"])

    def test_a_swarm_student_s_home_is_made_hers_before_her_server(self):
        with tempfile.TemporaryDirectory() as folder, mock.patch("os.chown") as chown:
            spawners.own_home(folder, 1234)(self.spawner("bo"))
            self.assertEqual(oct((Path(folder) / "bo").stat().st_mode & 0o777), "0o700")
            chown.assert_called_once_with(Path(folder) / "bo", 1234, 1234)

    def test_a_swarm_service_gets_the_process_limit(self):
        spawner = spawners.LabSwarmSpawner.__new__(spawners.LabSwarmSpawner)
        spawners.LabSwarmSpawner.pids_limit.set(spawner, 99)
        task = {"Resources": {}}
        with mock.patch.object(spawners.SwarmSpawner, "docker", mock.AsyncMock(return_value="made")) as docker:
            self.assertEqual(asyncio.run(spawner.docker("create_service", task_template=task)), "made")
        self.assertEqual(task["Resources"]["Limits"]["Pids"], 99)
        docker.assert_awaited_once()

    def test_a_swarm_server_s_certificate_names_every_machine(self):
        spawner = spawners.LabSwarmSpawner.__new__(spawners.LabSwarmSpawner)
        nodes = [{"Status": {"Addr": a}} for a in ("10.0.0.2", "10.0.0.1", "0.0.0.0", "10.0.0.2")]
        with mock.patch.object(spawners.SwarmSpawner, "docker", mock.AsyncMock(return_value=nodes)), \
                mock.patch.object(spawners.SwarmSpawner, "create_certs", mock.AsyncMock(return_value="made")):
            self.assertEqual(asyncio.run(spawner.create_certs()), "made")
        self.assertEqual(spawner.ssl_alt_names, ["IP:10.0.0.1", "IP:10.0.0.2"])

    def test_the_swarm_s_servers_get_their_certificates_as_secrets(self):
        """dockerspawner 14.0.0 as the class patches it (patches/python: docs/upstream/
        dockerspawner-swarm-internal-ssl.md): internal_ssl's files reach the task as swarm
        secrets, not on a volume of the hub's machine, and go with its service."""
        user = types.SimpleNamespace(name="ada", id=1, url="/user/ada/", escaped_name="ada")
        spawner = spawners.SwarmSpawner(user=user, internal_ssl=True, image="img", network_name="",
                                        use_internal_ip=True)
        made, calls = {}, []

        async def docker(method, *args, **kwargs):
            calls.append((method, args, kwargs))
            if method == "create_secret":
                made[kwargs["name"]] = kwargs["data"]
                return {"ID": f"id-{len(made)}"}
            if method == "secrets":
                return [{"ID": "old"}]
            if method == "inspect_service":
                return {"Spec": {"TaskTemplate": {"ContainerSpec": {"Secrets": [{"SecretID": "id-1"}]}}}}
            if method == "tasks":
                return [{}]
            return {}
        with tempfile.TemporaryDirectory() as folder, mock.patch.object(spawner, "docker", docker), \
                mock.patch.object(spawner, "get_env", return_value={}), \
                mock.patch.object(spawner, "get_command", mock.AsyncMock(return_value=[])):
            paths = {}
            for key, name in (("keyfile", "user-ada.key"), ("certfile", "user-ada.crt"), ("cafile", "ca_trust.crt")):
                paths[key] = os.path.join(folder, name)
                Path(paths[key]).write_text(name)
            inside = asyncio.run(spawner.move_certs(paths))
            self.assertEqual(inside, {"keyfile": "/run/secrets/user-ada.key", "certfile": "/run/secrets/user-ada.crt",
                                      "cafile": "/run/secrets/ca_trust.crt"})
            self.assertEqual(sorted(made.values()), [b"ca_trust.crt", b"user-ada.crt", b"user-ada.key"])
            self.assertNotIn("/certs", [bind["bind"] for bind in spawner.volume_binds.values()])
            asyncio.run(spawner.create_object())
            spec = next(kw for method, _, kw in calls if method == "create_service")["task_template"]["ContainerSpec"]
            self.assertEqual(sorted(secret["File"]["Name"] for secret in spec["Secrets"]),
                             ["ca_trust.crt", "user-ada.crt", "user-ada.key"])
            spawner.object_id = "service-id"
            asyncio.run(spawner.remove_object())
        removed = [args[0] for method, args, _ in calls if method == "remove_secret"]
        self.assertEqual(removed, ["old", "id-1"], "an earlier start's secrets, then the removed service's")

    def test_a_server_whose_pc_went_away_counts_as_stopped(self):
        spawner = spawners.LabSwarmSpawner.__new__(spawners.LabSwarmSpawner)
        spawner.server = types.SimpleNamespace(ip="10.0.0.2")
        for state, address, said in (("down", "10.0.0.2", "its machine, pc-2, is down"),
                                     ("ready", "10.0.0.3", "moved by the swarm from 10.0.0.2 to 10.0.0.3"),
                                     ("ready", "10.0.0.2", None)):
            node = {"Status": {"State": state, "Addr": address}, "Description": {"Hostname": "pc-2"}}
            with mock.patch.object(spawners.SwarmSpawner, "poll", mock.AsyncMock(return_value=None)), \
                    mock.patch.object(spawners.LabSwarmSpawner, "node", mock.AsyncMock(return_value=node)):
                self.assertEqual(asyncio.run(spawner.poll()), said)


if __name__ == "__main__":
    unittest.main()
