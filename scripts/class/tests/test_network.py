"""classadmin.network: the firewall rules that keep each student's container to the hub's API and
the internet. The rules as written, and (as root, where iptables is installed) set in a network
namespace of the test's own: twice, and with the internet closed, as the hub sets them before
each server starts. The class test tries them from a student's kernel (scripts/class_test.py).

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import os
import shutil
import subprocess
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classadmin import network  # noqa: E402

SCRIPTS = Path(__file__).resolve().parent.parent


class Rules(unittest.TestCase):
    def test_to_this_machine_only_the_hub_s_api(self):
        into = network.wanted("mt-class", "172.18.0.1", 8081, True)[network.INPUT_CHAIN]
        self.assertEqual(into[1], ["-p", "tcp", "-d", "172.18.0.1", "--dport", "8081", "-j", "ACCEPT"])
        self.assertEqual(into[-1], ["-j", "DROP"], "anything else of this machine's is dropped")

    def test_through_this_machine_no_classmate_no_private_address_and_the_internet_as_asked(self):
        out = network.wanted("mt-class", "172.18.0.1", 8081, True)[network.FORWARD_CHAIN]
        self.assertEqual(out[2], ["-o", "mt-class", "-j", "DROP"], "no classmate")
        dropped = {rule[1] for rule in out if rule[0] == "-d"}
        for private in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "100.64.0.0/10"):
            self.assertIn(private, dropped)
        self.assertEqual(out[-1], ["-j", "RETURN"])
        closed = network.wanted("mt-class", "172.18.0.1", 8081, False)[network.FORWARD_CHAIN]
        self.assertEqual(closed[-1], ["-j", "DROP"])

    def test_every_range_that_is_not_the_internet_is_dropped(self):
        """Issue 69, 9: the documentation ranges were open (and a machine's own network can be
        one). Every range Python's ipaddress counts as not global (IANA's special-purpose
        registry) lies within a dropped one, but the few that are global on purpose."""
        import ipaddress
        dropped = [ipaddress.ip_network(block) for block in network.NOT_THE_INTERNET]
        special = ipaddress._IPv4Constants._private_networks + [ipaddress.ip_network("100.64.0.0/10")]
        for block in special:
            self.assertTrue(any(block.subnet_of(d) for d in dropped), f"{block} is left open")
        for address in ("192.0.2.1", "198.51.100.7", "203.0.113.9", "224.0.0.251", "255.255.255.255"):
            self.assertTrue(any(ipaddress.ip_address(address) in d for d in dropped), address)
        for address in ("1.1.1.1", "151.101.2.137"):  # the internet (crates.io's CDN among it)
            self.assertFalse(any(ipaddress.ip_address(address) in d for d in dropped), address)

    def test_on_a_lab_pc_the_hub_s_api_and_the_proxy_s_answers_before_any_drop(self):
        # On a swarm's PC the hub is another machine of the school's network (a private address),
        # and the hub's proxy reaches the PC's servers through the PC: both pass before the drops.
        out = network.wanted("mt-swarm", "192.168.1.10", 8081, False)[network.FORWARD_CHAIN]
        self.assertEqual(out[0], ["-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "RETURN"])
        self.assertEqual(out[1], ["-p", "tcp", "-d", "192.168.1.10", "--dport", "8081", "-j", "RETURN"])
        self.assertIn(["-d", "192.168.0.0/16", "-j", "DROP"], out[2:])

    def test_nothing_but_an_address_and_a_bridge_s_name(self):
        with self.assertRaises(ValueError):
            network.wanted("mt-class", "-j ACCEPT", 8081, True)
        for bridge in ("mt class; rm", "", "a-bridge-name-too-long"):
            with self.assertRaises(network.NetworkProblem):
                network.script(bridge, "172.18.0.1", 8081, True)


@unittest.skipUnless(os.geteuid() == 0 and shutil.which("iptables") and shutil.which("unshare"),
                     "needs root and iptables (the class's machine has them)")
class Set(unittest.TestCase):
    def inside(self, code):
        """Python `code` in a network namespace of its own (its firewall is its own)."""
        return subprocess.run(["unshare", "--net", sys.executable, "-c",
                               f"import sys; sys.path.insert(0, {str(SCRIPTS)!r})\n"
                               "from classadmin import network\nimport subprocess\n" + code],
                              capture_output=True, text=True)

    def test_set_once_however_often_asked_also_where_docker_made_no_chain_for_them(self):
        done = self.inside(
            "for internet in (True, True, False):\n    network.ensure('mt-class', '172.18.0.1', 8081, internet)\n"
            "print(subprocess.run(['iptables', '-S'], capture_output=True, text=True).stdout)")
        self.assertEqual(done.returncode, 0, done.stderr)
        rules = done.stdout.splitlines()
        self.assertEqual(rules.count("-A FORWARD -j DOCKER-USER"), 1, "Docker's chain, made as Docker makes it")
        self.assertIn("-A DOCKER-USER -j RETURN", rules)
        self.assertEqual(rules.count("-A INPUT -i mt-class -j MAGIC-TICTACTOE-IN"), 1)
        self.assertEqual(rules.count("-A DOCKER-USER -i mt-class -j MAGIC-TICTACTOE-OUT"), 1)
        self.assertIn("-A MAGIC-TICTACTOE-IN -d 172.18.0.1/32 -p tcp -m tcp --dport 8081 -j ACCEPT", rules)
        self.assertEqual([r for r in rules if r.startswith("-A MAGIC-TICTACTOE-OUT")][-1],
                         "-A MAGIC-TICTACTOE-OUT -j DROP", "the internet closed, as last asked")

    def test_the_networks_the_machine_is_on_are_dropped_whatever_their_range(self):
        """Issue 69, 9: a server whose own network is a public (or documentation) range left its
        neighbours open to the class. Here the namespace's own network is 11.22.33.0/24 (no packet
        is sent: the rules are only read back)."""
        done = self.inside(
            "for step in (['ip', 'link', 'add', 'mt-lan', 'type', 'veth', 'peer', 'name', 'mt-lan-peer'],\n"
            "             ['ip', 'addr', 'add', '11.22.33.44/24', 'dev', 'mt-lan'], ['ip', 'link', 'set', 'mt-lan', 'up']):\n"
            "    subprocess.run(step, check=True)\n"
            "network.ensure('mt-class', '172.18.0.1', 8081, True)\n"
            "print(subprocess.run(['iptables', '-S'], capture_output=True, text=True).stdout)")
        self.assertEqual(done.returncode, 0, done.stderr)
        out = [r for r in done.stdout.splitlines() if r.startswith("-A MAGIC-TICTACTOE-OUT")]
        self.assertIn("-A MAGIC-TICTACTOE-OUT -d 11.22.33.0/24 -j DROP", out)
        self.assertIn("-A MAGIC-TICTACTOE-OUT -d 203.0.113.0/24 -j DROP", out)
        self.assertEqual(out[-1], "-A MAGIC-TICTACTOE-OUT -j RETURN", "the internet after every drop")

    def test_a_lab_pc_s_script_from_the_command_line_sets_the_same(self):
        made = subprocess.run([sys.executable, "-m", "classadmin", "firewall", "mt-swarm", "198.18.213.1", "8081",
                               "--internet", "no"], cwd=SCRIPTS, capture_output=True, text=True)
        self.assertEqual(made.returncode, 0, made.stderr)
        done = subprocess.run(["unshare", "--net", "sh", "-c", f"{made.stdout}\n{made.stdout}\niptables -S"],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        rules = done.stdout.splitlines()
        self.assertEqual(rules.count("-A DOCKER-USER -i mt-swarm -j MAGIC-TICTACTOE-OUT"), 1, "once, however often run")
        self.assertIn("-A MAGIC-TICTACTOE-OUT -d 198.18.213.1/32 -p tcp -m tcp --dport 8081 -j RETURN", rules)
        refused = subprocess.run([sys.executable, "-m", "classadmin", "firewall", "mt-swarm", "-j ACCEPT", "8081"],
                                 cwd=SCRIPTS, capture_output=True, text=True)
        self.assertEqual((refused.returncode, refused.stdout), (2, ""), "no script for what is no address")

    def test_a_swarm_s_class_addresses_go_to_its_bridge_or_nowhere(self):
        # A PC's namespace with a default route (the school's router, here one end of a veth pair): the
        # class network's addresses follow it once the swarm has taken the bridge away, unless
        # the script refuses them; with the bridge there, they go to it.
        made = subprocess.run([sys.executable, "-m", "classadmin", "firewall", "mt-swarm", "198.18.213.1", "8081",
                               "--subnet", "172.29.213.0/24"], cwd=SCRIPTS, capture_output=True, text=True)
        self.assertEqual(made.returncode, 0, made.stderr)
        lab = ("ip link add router type veth peer name far-end && ip link set router up && ip link set far-end up && ip route add default dev router\n"
               "{script}\n{script}\n(ip route get 172.29.213.77 2>&1 || echo refused) && echo then\n"
               "ip link add mt-swarm type bridge && ip addr add 172.29.213.1/24 dev mt-swarm && ip link set mt-swarm up\n"
               "ip route get 172.29.213.77\n")
        done = subprocess.run(["unshare", "--net", "sh", "-c", lab.format(script=made.stdout)],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        without, _, bridged = done.stdout.partition("then\n")
        self.assertNotIn("dev router", without, "no class address sent to the school's router")
        self.assertIn("refused", without, done.stdout)
        self.assertIn("dev mt-swarm", bridged, done.stdout)
        # Without the subnet (one machine: its class bridge stays), no route is added.
        alone = subprocess.run([sys.executable, "-m", "classadmin", "firewall", "mt-class", "172.18.0.1", "8081"],
                               cwd=SCRIPTS, capture_output=True, text=True)
        self.assertNotIn("ip route", alone.stdout)
        with self.assertRaises(network.NetworkProblem):
            network.script("mt-swarm", "198.18.213.1", 8081, True, "172.29.213.0/24; reboot")


if __name__ == "__main__":
    unittest.main()
