"""The class's network: what a student's container may reach.

Each student's server runs in a container of its own on the class's Docker network (class.sh
makes it: scripts/class/setup/docker.sh, `ensure_class_network`; on a swarm, every machine's
bridge of the swarm's network, scripts/class/setup/swarm.sh), so each has a network namespace of
its own: its kernels' ports are on its own loopback, out of every classmate's reach. Docker keeps
the containers from one another (the network is made with inter-container traffic off); the
rules here, on each machine's firewall, keep them from everything else:

- to the machine they run on, nothing: only the hub's API where the hub runs there (on one
  machine the hub listens at the network's gateway; on a swarm, the manager's address); not the
  proxy, not the server's other services (SSH, a registry, a database), not the loopback's;
- through the machine, no private or reserved address (the school's network, its printers and
  servers, the lab's other PCs and their students' servers, a cloud's metadata address, the
  documentation ranges), no address of the networks the machine itself is on (whatever their
  range: a school's network may be a public one, or a documentation one), and no classmate; but
  the hub's API (on a lab PC, at the manager's address) and the answers to the
  hub's proxy (which reaches a PC's servers through the PC's address);
- the internet (crates.io for a learner's own `:dep`) only where the class allows it
  (class.sh --internet yes|no; yes by default, as Zero to JupyterHub's network policy).

They live in two chains of their own, jumped to from INPUT and from Docker's DOCKER-USER (the
chain Docker keeps for rules of one's own, before its own) for the class's bridge only. One
script (`script`) puts them in place: the hub runs it before each server starts (`ensure`), so
after a reboot or a firewall's reload they come back with the first student; a lab PC gets the
same script in join.sh (`class.sh join-script`), run as it joins and, with systemd, at each boot.
Zero to JupyterHub's `singleuser.networkPolicy` is the model.
"""

import ipaddress
import subprocess

INPUT_CHAIN = "MAGIC-TICTACTOE-IN"
FORWARD_CHAIN = "MAGIC-TICTACTOE-OUT"
# Addresses no student's container is sent to: every range of IANA's special-purpose registry that
# is not the internet: private networks (RFC 1918), shared address space (carrier-grade NAT),
# link-local (a cloud's metadata at 169.254.169.254), benchmarking (which the tests use as a
# school's network), the three documentation ranges (RFC 5737: a machine's own network can be
# one), the old 6to4 relays, loopback, "this network", IETF protocol assignments, multicast and
# reserved (224.0.0.0/3 is both, and the broadcast address). The networks the machine is on are
# added where the rules are set (`script`): they are each machine's own.
NOT_THE_INTERNET = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16",
                    "198.18.0.0/15", "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "192.88.99.0/24",
                    "127.0.0.0/8", "0.0.0.0/8", "192.0.0.0/24", "224.0.0.0/3"]


# The refusing route's metric: any the bridge's own route (metric 0) comes before.
REFUSED_METRIC = 4242


class NetworkProblem(RuntimeError):
    """The firewall could not be set, as a sentence."""


def wanted(bridge, hub, hub_port, internet):
    """The two chains' rules, each as iptables' arguments after `-A CHAIN`. `hub` is the address the
    hub's API listens at, `hub_port` its port."""
    ipaddress.ip_address(hub)  # a plain address, nothing for iptables to read as an option
    api = ["-p", "tcp", "-d", hub, "--dport", str(int(hub_port))]
    answers = ["-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED"]
    into = [[*answers, "-j", "ACCEPT"], [*api, "-j", "ACCEPT"], ["-j", "DROP"]]
    out = [[*answers, "-j", "RETURN"], [*api, "-j", "RETURN"], ["-o", bridge, "-j", "DROP"]]
    out += [["-d", block, "-j", "DROP"] for block in NOT_THE_INTERNET]
    out.append(["-j", "RETURN" if internet else "DROP"])
    return {INPUT_CHAIN: into, FORWARD_CHAIN: out}


def script(bridge, hub, hub_port, internet, subnet=None):
    """A POSIX shell script that puts the class's rules in place for `bridge`, in one step of the
    firewall's (iptables-restore: a chain declared is emptied and filled in the same commit, so
    there is no moment without them), however often it runs.

    With `subnet` (a swarm's: the class network's addresses, the same on every machine), a route
    that refuses them too, under the bridge's own: a swarm takes the bridge away from a machine
    that has no student's server left (a PC drained, or whose servers all stopped), and a packet
    still meant for a server that has left (the hub's proxy, on a connection the machine had
    redirected to it) is then refused on the machine, where it would otherwise follow the
    default route to the school's router."""
    if not bridge or len(bridge) > 15 or not all(c.isalnum() or c in "-_." for c in bridge):
        raise NetworkProblem(f"{bridge!r} is no bridge's name")
    refused = ""
    if subnet:
        try:
            network = ipaddress.ip_network(subnet)
        except ValueError as problem:
            raise NetworkProblem(f"{subnet!r} is no network's address: {problem}") from None
        refused = (f"# The class network's addresses, refused here when {bridge} is gone (its own route comes first).\n"
                   f"ip route replace prohibit {network} metric {REFUSED_METRIC}\n")
    rules = [f":{chain} - [0:0]" for chain in (INPUT_CHAIN, FORWARD_CHAIN)]
    for chain, lines in wanted(bridge, hub, hub_port, internet).items():
        rules += [f"-A {chain} " + " ".join(rule) for rule in lines]
    # The forward chain's last rule (the internet, or not) comes after the machine's own networks.
    last = rules.pop()
    jumps = "\n".join(
        f"iptables -w 10 -C {parent} -i {bridge} -j {chain} 2>/dev/null || iptables -w 10 -I {parent} 1 -i {bridge} -j {chain}"
        for parent, chain in (("INPUT", INPUT_CHAIN), ("DOCKER-USER", FORWARD_CHAIN)))
    return (
        "#!/bin/sh\n"
        f"# The class's firewall for its students' containers on {bridge} (scripts/class/classadmin/network.py).\n"
        "set -e\n"
        "# Docker makes its chain for rules of one's own only as it makes a network, not when it\n"
        "# starts with the networks it had (after a reboot): made here as Docker makes it.\n"
        "if ! iptables -w 10 -S DOCKER-USER >/dev/null 2>&1; then\n"
        "    iptables -w 10 -N DOCKER-USER && iptables -w 10 -A DOCKER-USER -j RETURN && iptables -w 10 -I FORWARD 1 -j DOCKER-USER\n"
        "fi\n"
        "# The networks this machine is on (each of its global addresses with its prefix), whatever\n"
        "# their range: no student's container reaches them through it.\n"
        "own=\"$(ip -o -4 addr show scope global 2>/dev/null | awk '{print $4}')\" || own=\"\"\n"
        "{\n"
        "cat <<'RULES'\n*filter\n" + "\n".join(rules) + "\nRULES\n"
        f"for net in $own; do echo \"-A {FORWARD_CHAIN} -d $net -j DROP\"; done\n"
        f"cat <<'RULES'\n{last}\nCOMMIT\nRULES\n"
        "} | iptables-restore --noflush\n"
        + jumps + "\n" + refused)


def ensure(bridge, hub, hub_port, internet, subnet=None):
    """Puts the class's rules in place for the bridge on this machine (`script`)."""
    done = subprocess.run(["sh", "-c", script(bridge, hub, hub_port, internet, subnet)], capture_output=True, text=True)
    if done.returncode != 0:
        raise NetworkProblem(f"the class's firewall rules were not set: {done.stderr.strip()[:300]}")
