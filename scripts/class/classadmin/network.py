"""The class's network: what a student's container may reach.

Each student's server runs in a container of its own on the class's Docker network (class.sh
makes it: scripts/class/setup/docker.sh, `ensure_class_network`), so each has a network namespace
of its own: its kernels' ports are on its own loopback, out of every classmate's reach. Docker
keeps the containers from one another (the network is made with inter-container traffic off);
the rules here, on this machine's firewall, keep them from everything else:

- to this machine, only the hub's API (at the network's gateway, where the hub listens); not
  the proxy, not the school server's other services (SSH, a database), not the loopback's;
- through this machine, no private or reserved address (the school's network, its printers
  and servers, a cloud's metadata address), and no classmate;
- the internet (crates.io for a learner's own `:dep`) only where the class allows it
  (class.sh --internet yes|no; yes by default, as Zero to JupyterHub's network policy).

They live in two chains of their own, jumped to from INPUT and from Docker's DOCKER-USER (the
chain Docker keeps for rules of one's own, before its own) for the class's bridge only, and are
put back as they should be before each server starts (the spawner calls `ensure`): after a
reboot, or a firewall's reload, they come back with the first student. Zero to JupyterHub's `singleuser.networkPolicy` is the model.
"""

import ipaddress
import subprocess

INPUT_CHAIN = "MAGIC-TICTACTOE-IN"
FORWARD_CHAIN = "MAGIC-TICTACTOE-OUT"
# Addresses no student's container is sent to: private networks (RFC 1918), shared address space
# (carrier-grade NAT), link-local (a cloud's metadata at 169.254.169.254), benchmarking (which
# the tests use as a school's network), loopback, "this network", multicast and reserved.
NOT_THE_INTERNET = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16",
                    "198.18.0.0/15", "127.0.0.0/8", "0.0.0.0/8", "192.0.0.0/24", "224.0.0.0/3"]


class NetworkProblem(RuntimeError):
    """The firewall could not be set, as a sentence."""


def wanted(bridge, gateway, hub_port, internet):
    """The two chains' rules, each as iptables' arguments after `-A CHAIN`."""
    ipaddress.ip_address(gateway)  # a plain address, nothing for iptables to read as an option
    into = [
        ["-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"],
        ["-p", "tcp", "-d", gateway, "--dport", str(int(hub_port)), "-j", "ACCEPT"],
        ["-j", "DROP"],
    ]
    out = [["-o", bridge, "-j", "DROP"]]
    out += [["-d", block, "-j", "DROP"] for block in NOT_THE_INTERNET]
    out.append(["-j", "RETURN" if internet else "DROP"])
    return {INPUT_CHAIN: into, FORWARD_CHAIN: out}


def iptables(*args):
    return subprocess.run(["iptables", "-w", "10", *args], capture_output=True, text=True)


def ensure(bridge, gateway, hub_port, internet):
    """Puts the class's rules in place for the bridge, in one step of the firewall's (iptables-
    restore: a chain declared is emptied and filled in the same commit, so there is no moment
    without them)."""
    if not bridge or not all(c.isalnum() or c in "-_." for c in bridge):
        raise NetworkProblem(f"{bridge!r} is no bridge's name")
    lines = ["*filter"] + [f":{chain} - [0:0]" for chain in (INPUT_CHAIN, FORWARD_CHAIN)]
    if iptables("-S", "DOCKER-USER").returncode != 0:
        # Docker 20.10 makes its chain for rules of one's own only as it makes a network, not when
        # it starts with the networks it had (after a reboot): made here as Docker makes it.
        lines += [":DOCKER-USER - [0:0]", "-A DOCKER-USER -j RETURN", "-I FORWARD 1 -j DOCKER-USER"]
    for chain, rules in wanted(bridge, gateway, hub_port, internet).items():
        lines += [f"-A {chain} " + " ".join(rule) for rule in rules]
    for parent, chain in (("INPUT", INPUT_CHAIN), ("DOCKER-USER", FORWARD_CHAIN)):
        if iptables("-C", parent, "-i", bridge, "-j", chain).returncode != 0:
            lines.append(f"-I {parent} 1 -i {bridge} -j {chain}")
    lines.append("COMMIT")
    done = subprocess.run(["iptables-restore", "--noflush"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise NetworkProblem(f"the class's firewall rules were not set: {done.stderr.strip()[:300]}")
