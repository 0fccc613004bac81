"""classadmin.config: the class's settings kept from one run of class.sh to the next. A run
changes only what its options name; a mix the class cannot run with is refused in a sentence and
changes nothing; a class an earlier class.sh set up keeps what its hub ran with.

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import contextlib
import io
import json
import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from classadmin import config  # noqa: E402

HTTPS_OIDC = ["--ip", "127.0.0.1", "--port", "9001", "--https", "--idle-timeout", "45m",
              "--oidc", "https://login.school.example", "--oidc-client", "hub", "--classes", "7B, 8C"]


class Settings(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.hub = Path(self.folder.name) / "hub"
        self.hub.mkdir()

    def tearDown(self):
        self.folder.cleanup()

    def run_with(self, *args):
        """class.sh's run with these options: (its inputs, settings, changes); kept as class.sh
        keeps them once the hub starts."""
        run, settings, changed = config.merged(self.hub, args)
        config.save(self.hub, settings)
        return run, settings, changed

    def test_a_longer_list_alone_keeps_https_the_login_and_the_idle_time(self):
        self.run_with(*HTTPS_OIDC)
        listing = Path(self.folder.name) / "9d.txt"
        listing.write_text("Ada Lovelace\n")
        run, settings, changed = self.run_with("--students", str(listing), "--class", "9D")
        self.assertEqual(changed, {}, "nothing the run did not name")
        self.assertEqual((settings["https"], settings["oidc"], settings["idle_timeout"], settings["port"]),
                         ("yes", "https://login.school.example", "45m", "9001"))
        self.assertEqual((run["students"], run["klass"]), (str(listing), "9D"), "the run's own inputs")
        self.assertNotIn("students", json.loads(config.path(self.hub).read_text()), "a run's input is not kept")

    def test_a_run_says_what_it_changes_and_changes_only_that(self):
        self.run_with(*HTTPS_OIDC)
        _, settings, changed = self.run_with("--classes", "7B, 8C, 9D", "--memory", "3G")
        self.assertEqual(changed, {"classes": ("7B, 8C", "7B, 8C, 9D"), "memory": ("2G", "3G")})
        self.assertEqual(settings["oidc_client"], "hub")
        shell = config.shell(*config.merged(self.hub, [])[:2])
        self.assertIn("https=1\n", shell)
        self.assertIn("idle_seconds=2700\n", shell)
        self.assertIn("classes='7B, 8C, 9D'\n", shell, "quoted for the shell")

    def test_the_defaults_come_back_only_when_asked(self):
        self.run_with("--no-containers", "--plain-http")
        self.assertEqual(config.merged(self.hub, [])[1]["containers"], "no")
        _, settings, changed = self.run_with("--containers", "--https")
        self.assertEqual(changed, {"containers": ("no", "yes"), "https": ("no", "yes")})
        self.assertNotIn("containers", json.loads(config.path(self.hub).read_text()), "a default is not written")

    def test_what_the_class_cannot_run_with_is_refused_in_a_sentence(self):
        for args, words in (
                (["--memory", "lots"], "--memory takes a size such as 2G"),
                (["--idle-timeout", "5s"], "--idle-timeout must be at least 10s"),
                (["--port", "70000"], "--port takes a port number"),
                (["--ip", "everywhere"], "--ip takes an address"),
                (["--cpus", "0"], "--cpus takes a number of cores"),
                (["--ssl-cert", "/nonexistent.crt"], "HTTPS needs both --ssl-cert FILE and --ssl-key FILE"),
                (["--oidc", "https://login.example", "--oidc-client", "hub"], "--oidc needs --classes"),
                (["--oidc", "https://login.example", "--classes", "7B"], "--oidc needs --oidc-client"),
                (["--lti", "https://lms.example", "--lti-client", "c", "--classes", "7B"],
                 "--lti ISSUER needs --lti-client ID --lti-authorize URL --lti-jwks URL"),
                (["--no-containers", "--swarm", "10.0.0.1"], "--swarm needs containers"),
                (["--swarm", "hub.school"], "--swarm takes this machine's address"),
                (["--https", "--plain-http"], "--plain-http cannot go with the option before it"),
                (["--teleport"], "unknown option --teleport"),
                (["--memory"], "--memory needs a value"),
                (["--classes", "7B; rm -rf $HOME"], "--classes cannot hold quotes, backslashes, '$'"),
                (["--students", "/nonexistent/class.txt"], "no class list at /nonexistent/class.txt")):
            with self.subTest(args=args):
                with self.assertRaises(config.Refused) as refused:
                    config.merged(self.hub, args)
                self.assertIn(words, str(refused.exception))
        self.assertFalse(config.path(self.hub).exists(), "nothing kept")

    def test_an_issuer_with_a_trailing_slash_is_the_same_school_login(self):
        """Issue 69, 10: a re-run naming the issuer with a trailing slash said "Settings changed"
        and made every person a new, empty hub user."""
        self.run_with(*HTTPS_OIDC)
        _, settings, changed = self.run_with("--oidc", "https://login.school.example/")
        self.assertEqual(changed, {})
        self.assertEqual(settings["oidc"], "https://login.school.example")
        _, _, changed = config.merged(self.hub, ["--oidc", "https://other.school.example"])
        self.assertIn("a new person to the hub", config.what_changes_do(changed),
                      "a real change of issuer says what it does to every pupil")

    def test_a_class_moves_to_another_login_only_when_asked_in_words(self):
        self.run_with(*HTTPS_OIDC)
        lms = ["--lti", "https://lms.example", "--lti-client", "c", "--lti-authorize", "https://lms.example/auth",
               "--lti-jwks", "https://lms.example/jwks"]
        with self.assertRaises(config.Refused) as refused:
            config.merged(self.hub, lms)
        self.assertIn("config unset oidc", str(refused.exception))
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(config.main(self.hub, ["unset", "oidc"]), 0)
        settings = config.load(self.hub)
        self.assertEqual((settings["oidc"], settings["oidc_client"], settings["classes"]),
                         ("", "", "7B, 8C"), "the whole login goes; the classes stay")
        _, settings, _ = config.merged(self.hub, lms)
        self.assertEqual(settings["lti"], "https://lms.example")

    def test_config_set_checks_and_keeps_the_others(self):
        self.run_with(*HTTPS_OIDC)
        said, problem = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(problem):
            self.assertEqual(config.main(self.hub, ["set", "memory", "lots"]), 2)
            self.assertEqual(config.main(self.hub, ["set", "colour", "blue"]), 2)
            self.assertEqual(config.main(self.hub, ["set", "memory", "3G"]), 0)
            self.assertEqual(config.main(self.hub, []), 0)
        self.assertIn("--memory takes a size", problem.getvalue())
        self.assertIn("no setting is called 'colour'", problem.getvalue())
        self.assertIn("memory 2G → 3G", said.getvalue())
        self.assertRegex(said.getvalue(), r"memory +3G +\(default: 2G\)")
        self.assertEqual(config.load(self.hub)["https"], "yes")

    def test_the_help_names_every_option_the_run_takes_with_its_default(self):
        said = config.usage()
        for setting in config.SETTINGS:
            for option in setting.option.replace(",", " ").split():
                if option.startswith("--"):
                    self.assertIn(option, config.BY_OPTION.keys() | config.FLAGS.keys(), "the option a run takes")
            if setting.default and "{default}" in setting.words:
                self.assertIn(f"(default {setting.default}", " ".join(said.split()))
        for option, _ in config.RUN_HELP:
            self.assertIn(option.split()[0], config.RUN_VALUES.keys() | config.RUN_FLAGS.keys())
        script = (Path(__file__).resolve().parents[2] / "class.sh").read_text()
        self.assertNotIn("default 2G", script, "class.sh states no default of its own: --help reads them here")

    def test_a_class_set_up_before_the_settings_file_keeps_what_its_hub_ran_with(self):
        (self.hub / "hub.env").write_text("\n".join([
            'MAGIC_CLASS_IP="0.0.0.0"', 'MAGIC_CLASS_PORT="443"', 'MAGIC_CLASS_SPAWNER="docker"',
            'MAGIC_CLASS_MEMORY="3G"', 'MAGIC_CLASS_IDLE_SECONDS="2700"',
            f'MAGIC_CLASS_SSL_CERT="{self.hub}/tls/hub.crt"', f'MAGIC_CLASS_SSL_KEY="{self.hub}/tls/hub.key"',
            'MAGIC_CLASS_OIDC_ISSUER="https://login.school.example"', 'MAGIC_CLASS_OIDC_CLIENT_ID="hub"',
            'MAGIC_CLASS_CLASS_NAMES="7B,8C"', 'PATH="/usr/bin"']) + "\n")
        _, settings, changed = config.merged(self.hub, [])
        self.assertEqual(changed, {})
        self.assertEqual({k: settings[k] for k in ("port", "memory", "idle_timeout", "https", "ssl_cert", "oidc", "classes")},
                         {"port": "443", "memory": "3G", "idle_timeout": "2700s", "https": "yes", "ssl_cert": "",
                          "oidc": "https://login.school.example", "classes": "7B, 8C"})

    def test_not_root_a_list_is_checked_without_the_settings(self):
        if os.geteuid() != 0:
            self.skipTest("needs root, to make a folder only root reads")
        self.run_with("--memory", "3G")
        self.hub.chmod(0o700)
        pid = os.fork()
        if pid == 0:  # a teacher's account, checking a list before the technician runs it
            os.setuid(65534)
            try:
                os._exit(0 if config.merged(self.hub, ["--check"])[0]["check_only"] == "1" else 1)
            except BaseException:
                os._exit(1)
        self.assertEqual(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), 0)


if __name__ == "__main__":
    unittest.main()
