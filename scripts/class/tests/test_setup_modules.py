"""scripts/class/setup/*.sh, class.sh's set-up one concern a file: each sources on its own after
scripts/setup.sh, and the pure steps do what they say (the systemd units from their templates,
the hub's settings file, the address students type).

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import os
import re
import subprocess
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULES = ROOT / "scripts" / "class" / "setup"


def bash(script, **env):
    done = subprocess.run(["bash", "-c", f'set -euo pipefail; source "{ROOT}/scripts/setup.sh"; ' + script],
                          capture_output=True, text=True, env={**os.environ, **env})
    return done.returncode, done.stdout, done.stderr


class Modules(unittest.TestCase):
    def test_each_module_sources_alone(self):
        for module in sorted(MODULES.glob("*.sh")):
            code, _, err = bash(f'source "{module}"')
            self.assertEqual(code, 0, f"{module.name}: {err}")

    def test_the_join_script_is_filled_in(self):
        with tempfile.TemporaryDirectory() as home:
            (Path(home) / "hub" / "swarm").mkdir(parents=True)
            (Path(home) / "hub" / "hub.env").write_text(
                'MAGIC_CLASS_SWARM_ADDRESS="192.168.1.10"\nMAGIC_CLASS_REGISTRY="192.168.1.10:5000"\n'
                'MAGIC_CLASS_IMAGE="192.168.1.10:5000/magic-tictactoe-student:0.1.0"\n')
            (Path(home) / "hub" / "swarm" / "pc-key").write_text("PRIVATE KEY\n")
            (Path(home) / "host.pub").write_text("ssh-ed25519 AAAAC3 root@hub\n")
            code, out, err = bash(f'HUB_STATE="{home}/hub"; source "{MODULES}/swarm.sh"; '
                                  'docker() { echo SWMTKN-1-token; }; join_script',
                                  CLASS_HOME=home, MAGIC_CLASS_SSH_HOST_KEY=f"{home}/host.pub")
            self.assertEqual(code, 0, err)
            self.assertIsNone(re.search(r"@[A-Z_]+@", out), "every @NAME@ is filled in")
            for part in ('HUB_ADDRESS="192.168.1.10"', 'REGISTRY="192.168.1.10:5000"', "SWMTKN-1-token",
                         "192.168.1.10 ssh-ed25519 AAAAC3", "PRIVATE KEY", f'CLASS_HOME="{home}"'):
                self.assertIn(part, out)
            self.assertEqual(subprocess.run(["sh", "-n"], input=out, text=True).returncode, 0)

    def test_units_from_their_templates(self):
        with tempfile.TemporaryDirectory() as home:
            where = f"{home}/a class|with & odd/chars"
            code, out, err = bash(f'source "{MODULES}/hub.sh"; source "{MODULES}/service.sh"; '
                                  f'render_unit "$UNIT_TEMPLATES/magic-tictactoe-class.service" " docker.service" '
                                  f'"$(hardening docker)"', CLASS_HOME=where)
            self.assertEqual(code, 0, err)
            self.assertIn(f"EnvironmentFile={where}/hub/hub.env", out)
            # The class's installed code, root's only: never the checkout class.sh ran from.
            self.assertIn(f'ExecStart="{where}/venv/bin/jupyterhub" -f "{where}/code/scripts/class/jupyterhub_config.py"',
                          out)
            self.assertNotIn(str(ROOT), out)
            for line in ("PrivateTmp=yes", "PrivateDevices=yes", "ProtectKernelTunables=yes", "ProtectKernelModules=yes",
                         "ProtectHome=tmpfs", "ProtectSystem=full"):
                self.assertIn(line, out.splitlines())
            code, local, err = bash(f'source "{MODULES}/service.sh"; hardening local')
            self.assertIn("PrivateTmp=yes", local.splitlines())
            self.assertNotIn("ProtectHome=tmpfs", local, "without containers, students' servers run in their homes")
            self.assertIn("After=network-online.target docker.service", out)
            self.assertNotIn("@", out.replace("@localhost", ""), "every @NAME@ is filled in")
            for unit in ("magic-tictactoe-backup.service", "magic-tictactoe-backup.timer"):
                code, out, err = bash(f'source "{MODULES}/hub.sh"; source "{MODULES}/service.sh"; render_unit "$UNIT_TEMPLATES/{unit}"',
                                      CLASS_HOME=where)
                self.assertEqual(code, 0, err)
                self.assertNotIn("@CLASS_HOME@", out)

    @unittest.skipUnless(os.geteuid() == 0, "another account's folder needs root to make")
    def test_the_hubs_path_leaves_out_a_folder_another_account_can_change(self):
        """Issue 69, 5: class.sh run as `sudo env PATH="$PATH"` with a folder of another account's on
        PATH wrote that PATH into the hub's settings and the backup's unit; the hub then ran her
        `iptables-restore` as root when a pupil's server started."""
        with tempfile.TemporaryDirectory() as scratch:
            os.chmod(scratch, 0o755)
            hers, shared = Path(scratch) / "hers", Path(scratch) / "shared"
            mine = Path(scratch) / "root-only"
            for folder in (hers, shared, mine):
                folder.mkdir()
                os.chmod(folder, 0o755)
            os.chown(hers, 1999, 1999)
            os.chmod(shared, 0o777)
            for folder in (hers, shared):
                fake = folder / "iptables-restore"
                fake.write_text("#!/bin/sh\ntouch /tmp/owned\n")
                fake.chmod(0o755)
            link = Path(scratch) / "looks-like-root-s"
            link.symlink_to(hers)
            path = f"{hers}:{shared}:{link}:{mine}:/usr/bin:/bin"
            code, out, err = bash(f'source "{MODULES}/hub.sh"; PATH="{path}" hub_env', MAGIC_CLASS_HOME="/srv/x")
            self.assertEqual(code, 0, err)
            line = next(l for l in out.splitlines() if l.startswith("PATH="))
            folders = line[len('PATH="'):-1].split(":")
            self.assertEqual(folders[:6], ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"])
            for theirs in (hers, shared, link):
                self.assertNotIn(str(theirs), folders)
                self.assertIn(f"leaves out {theirs}", err)
            self.assertIn(str(mine), folders, "a folder root alone can change stays (root's cargo, node)")
            code, unit, err = bash(f'source "{MODULES}/hub.sh"; source "{MODULES}/service.sh"; PATH="{path}" '
                                   'render_unit "$UNIT_TEMPLATES/magic-tictactoe-backup.service"', CLASS_HOME="/srv/x")
            self.assertEqual(code, 0, err)
            self.assertNotIn(str(hers), unit)
            self.assertNotIn(str(shared), unit)

    def test_the_no_base_image_hint_names_the_class_list_again(self):
        """Issue 69, 11: the hint's command dropped the class list (a run's input, not kept), so the
        technician ran class.sh a third time."""
        code, out, err = bash(f'source "{MODULES}/docker.sh"; docker() {{ return 1; }}; '
                              'ensure_base_image img:1 --students "/srv/lists/class 7b.txt" --teacher "Ms Tee"')
        self.assertEqual(code, 1)
        self.assertIn(r"sudo ./scripts/class.sh --students /srv/lists/class\ 7b.txt --teacher Ms\ Tee --base-image", err)

    def test_a_debian_base_no_registry_gives_is_made_from_the_archive(self):
        """Issue 70: the README's class command stopped on a fresh machine with no registry, for a
        step the installer can take itself: the base is made from Debian's archive, said as it goes,
        and the students' image is built on it; a maker that fails leaves the sentence on what to do."""
        release = Path("/etc/os-release").read_text() if Path("/etc/os-release").exists() else ""
        codename = re.search(r"^VERSION_CODENAME=(\w+)", release, re.M)
        if not Path("/etc/debian_version").exists() or not codename:
            self.skipTest("not a Debian machine")
        base = f"debian:{codename.group(1)}-slim"
        with tempfile.TemporaryDirectory() as folder:
            maker = Path(folder) / "maker"
            maker.write_text("#!/bin/sh\necho \"$1\" >> \"$(dirname \"$0\")/calls\"\necho magic-tictactoe-base:test\n")
            maker.chmod(0o755)
            code, out, err = bash(f'source "{MODULES}/docker.sh"; docker() {{ return 1; }}; MAKE_BASE_IMAGE="{maker}"; '
                                  f'ensure_base_image {base} --students class.txt; echo "base: $base_image"')
            self.assertEqual(code, 0, err)
            self.assertIn("base: magic-tictactoe-base:test", out)
            self.assertIn(f"No base image {base} here, and no registry gave it: making", err)
            self.assertEqual((Path(folder) / "calls").read_text(), f"magic-tictactoe-base:{codename.group(1)}\n")
            maker.write_text("#!/bin/sh\nexit 1\n")
            code, out, err = bash(f'source "{MODULES}/docker.sh"; docker() {{ return 1; }}; MAKE_BASE_IMAGE="{maker}"; '
                                  f'ensure_base_image {base} --students class.txt')
            self.assertEqual(code, 1)
            self.assertIn("sudo ./scripts/class.sh --students class.txt --base-image", err)
            # Another system's base, or another Debian release, is never replaced by this machine's.
            for other in ("ubuntu:24.04", "debian:an-other-release-slim"):
                code, out, err = bash(f'source "{MODULES}/docker.sh"; docker() {{ return 1; }}; '
                                      f'MAKE_BASE_IMAGE="{maker}"; ensure_base_image {other}')
                self.assertEqual(code, 1)
                self.assertNotIn("making", err)

    def test_a_class_list_on_a_school_login_class_is_refused_in_a_sentence(self):
        """Issue 69, 10: a class list given to a school-login class made password accounts no pupil
        could use, printed first passwords, and pushed the real pupil to quinn-2."""
        with tempfile.TemporaryDirectory() as folder:
            listing = Path(folder) / "7b.txt"
            listing.write_text("quinn\nada\n")
            for login, said in (("oidc", "school's login (--oidc)"), ("lti", "school's LMS (--lti)")):
                code, out, err = bash(f'source "{MODULES}/install.sh"; students="{listing}"; klass=""; teacher=""; '
                                      f'check_only=0; oidc=""; lti=""; {login}=https://school.example; '
                                      'ensure_list_is_right; echo went on')
                self.assertEqual(code, 2, err)
                self.assertIn(said, err)
                self.assertIn("leave --students out", err)
                self.assertNotIn("went on", out)
            listing.write_text("\n  \n")  # an empty list names no one: the class goes on
            code, out, err = bash(f'source "{MODULES}/install.sh"; students="{listing}"; klass=""; teacher=""; '
                                  'check_only=0; oidc=https://school.example; lti=""; id() { echo 0; }; '
                                  'classadmin() { return 0; }; ensure_list_is_right; echo went on')
            self.assertIn("went on", out, err)

    def test_the_hubs_settings_file(self):
        code, out, err = bash(f'source "{MODULES}/hub.sh"; MAGIC_CLASS_HOME=/srv/x MAGIC_CLASS_PORT=8000 hub_env')
        self.assertEqual(code, 0, err)
        self.assertIn('MAGIC_CLASS_HOME="/srv/x"', out.splitlines())
        self.assertIn('MAGIC_CLASS_PORT="8000"', out.splitlines())
        code, out, err = bash(f'source "{MODULES}/hub.sh"; MAGIC_CLASS_HOME=\'/srv/$x\' hub_env')
        self.assertEqual(code, 2)
        self.assertIn("cannot hold quotes", err)

    def test_the_address_students_type(self):
        code, out, _ = bash(f'source "{MODULES}/hub.sh"; public_url https 0.0.0.0 8000; public_url http 10.1.2.3 80; '
                            'public_url https ::1 8443')
        host = subprocess.run(["bash", "-c", "hostname -f 2>/dev/null || hostname"], capture_output=True,
                              text=True).stdout.strip()
        self.assertEqual(out.splitlines(), [f"https://{host}:8000", "http://10.1.2.3:80", "https://[::1]:8443"])


if __name__ == "__main__":
    unittest.main()
