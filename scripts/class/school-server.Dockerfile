# A school's server, for testing the class hub's systemd service (scripts/class_service_test.py):
# the project's Debian base with systemd as PID 1, and what a plain Debian server has that a
# minimal one lacks. class.sh itself installs the rest, as on a real server. Docker's command
# line and the Rust toolchain come from the machine running the test (bind mounts), and the
# students' containers run on its Docker daemon.
ARG BASE
FROM ${BASE}
LABEL org.magic-tictactoe.image=school-server
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        systemd systemd-sysv dbus passwd python3 python3-venv nodejs npm git openssl \
        ca-certificates procps patch iptables >/dev/null \
    && rm -rf /var/lib/apt/lists/* \
    # A container has no consoles and no hardware to wait for.
    && systemctl mask getty.target console-getty.service systemd-udevd.service \
        systemd-networkd-wait-online.service systemd-logind.service >/dev/null 2>&1
# systemd shuts down cleanly on this signal (`docker stop`, `docker restart`: a reboot).
STOPSIGNAL SIGRTMIN+3
CMD ["/sbin/init"]
