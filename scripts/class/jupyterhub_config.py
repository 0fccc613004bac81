"""JupyterHub for a class: scripts/class.sh starts the hub with this file.

- Students log in with the accounts the teacher made from a class list (system accounts,
  checked by PAM): each student's server runs as that student's own system user, so the
  operating system keeps students apart. Homes are private (mode 700).
- On a student's first start, their own copy of the notebooks goes into ~/magic-tictactoe; it is
  never overwritten, so their work stays.
- The teacher is the hub's admin.

Settings come from the environment class.sh sets: MAGIC_CLASS_HOME (the shared folder),
MAGIC_CLASS_IP and MAGIC_CLASS_PORT (where the hub listens).
"""

import os
import pwd
import shutil
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides it)

CLASS = Path(os.environ["MAGIC_CLASS_HOME"])
HUB = CLASS / "hub"


def names(path):
    if not path.exists():
        return set()
    return {line.split()[0] for line in path.read_text().splitlines() if line.strip()}


c.JupyterHub.ip = os.environ.get("MAGIC_CLASS_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("MAGIC_CLASS_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{HUB / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(HUB / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(HUB / "jupyterhub.pid")
c.ConfigurableHTTPProxy.command = [str(CLASS / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(HUB / "proxy.pid")

c.JupyterHub.authenticator_class = "pam"
c.PAMAuthenticator.open_sessions = False
c.Authenticator.allowed_users = names(HUB / "students.txt")
c.Authenticator.admin_users = names(HUB / "teacher.txt")

c.Spawner.cmd = [str(CLASS / "venv" / "bin" / "jupyterhub-singleuser")]
c.Spawner.environment = {
    "JUPYTER_PATH": str(CLASS / "share" / "jupyter"),
    "PATH": f"{CLASS / 'venv' / 'bin'}:/usr/local/bin:/usr/bin:/bin",
}
c.Spawner.notebook_dir = "~/magic-tictactoe"
c.Spawner.default_url = "/lab/tree/notebooks/01-magic-square.ipynb"
# A class's servers start together on a small machine: give them time.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 120


def copy_notebooks(spawner):
    """The student's own copy of the notebooks, made once, never overwritten."""
    user = pwd.getpwnam(spawner.user.name)
    home = Path(user.pw_dir)
    home.chmod(0o700)
    mine = home / "magic-tictactoe"
    if mine.exists():
        return
    shutil.copytree(CLASS / "template", mine)
    for path in [mine, *mine.rglob("*")]:
        os.chown(path, user.pw_uid, user.pw_gid)


c.Spawner.pre_spawn_hook = copy_notebooks
