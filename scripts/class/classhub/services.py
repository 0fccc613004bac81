"""The hub's own services, each with the role (the scopes) it needs and no more: the idle culler,
the teacher's class page, JupyterLab's files for the whole class, and the tokens of the class's
accounts and of the warm-up (root's only, in the hub's folder)."""

import sys
from pathlib import Path

from jupyterhub.utils import random_port

CLASS_SCRIPTS = Path(__file__).resolve().parent.parent
LAB_STATIC = "/services/lab-static/"


def service(c, name, scopes, role=None, **settings):
    """Service `name` of the hub's, with a role of its own (named `role`, else as the service)
    holding `scopes`."""
    c.JupyterHub.services.append({"name": name, **settings})
    if scopes:
        c.JupyterHub.load_roles.append({"name": role or name, "scopes": scopes, "services": [name]})


def add_services(c, env, class_home, spawner, idle_seconds):
    """The services, after the teachers' roles (c.JupyterHub.load_roles, which they add to)."""
    hub = Path(class_home) / "hub"
    c.JupyterHub.services = []
    # Servers idle longer than the teacher's time are stopped; the student's files stay.
    # With internal_ssl (a class over a lab's PCs), it calls the hub's API over HTTPS with the
    # hub's certificates, where jupyterhub-idle-culler reads them.
    tls = ["--ssl-enabled=True", f"--internal-certs-location={c.JupyterHub.internal_certs_location}"] \
        if c.JupyterHub.get("internal_ssl") else []
    service(c, "idle-culler", ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            command=[sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={idle_seconds}",
                     f"--cull-every={max(5, min(300, idle_seconds // 4))}", *tls])
    # The teacher's class page (class_page.py): a teacher holds the scope access:services!service=
    # class, so only a teacher gets past its login; it reads the students' progress files and
    # writes into their folders (start over) as the hub's user, root. It learns who teaches whom
    # from the hub's groups (the roster's, or a school login's).
    service(c, "class", ["list:users", "read:users", "list:groups", "read:groups"],
            url=f"http://127.0.0.1:{random_port()}", command=[sys.executable, str(CLASS_SCRIPTS / "class_page.py")],
            oauth_no_confirm=True, display=True,
            role="class-page", environment={
                "MAGIC_CLASS_HOME": str(class_home), "MAGIC_CLASS_SPAWNER": spawner,
                "MAGIC_CLASS_IDLE_SECONDS": str(idle_seconds),
                "MAGIC_CLASS_WARM_AHEAD_MINUTES": env.get("MAGIC_CLASS_WARM_AHEAD_MINUTES") or "10",
                # The LMS's class lists and gradebook (class.sh --lti-token): classpage/lms.py.
                **{name: env.get(name, "") for name in ("MAGIC_CLASS_CLASSES", "MAGIC_CLASS_LTI_TOKEN_URL",
                                                        "MAGIC_CLASS_LTI_CLIENT_ID", "MAGIC_CLASS_LTI_USERNAME_KEY")},
                # The Docker daemon the spawner uses, where the students' volumes are, when it is
                # not the machine's usual one.
                **({"DOCKER_HOST": env["DOCKER_HOST"]} if env.get("DOCKER_HOST") else {})})
    # JupyterLab's own files, once for the whole class (lab_static.py): a browser's cache of them
    # then serves every student on a shared computer, not only the one who filled it. Files for
    # browsers, not a page: the hub's Services menu does not offer it.
    service(c, "lab-static", [], url=f"http://127.0.0.1:{random_port()}", display=False,
            command=[sys.executable, str(CLASS_SCRIPTS / "lab_static.py")],
            environment={"MAGIC_CLASS_HOME": str(class_home)})  # whose it is (class_harness.py's leftovers)
    c.Spawner.args = [f"--LabApp.override_static_url={LAB_STATIC}"]
    # The class's accounts (classadmin): class.sh and the class page add and remove students while
    # the hub runs, through its API, with this token.
    if (hub / "class-accounts.token").exists():
        service(c, "class-accounts", ["admin:users", "admin:groups", "list:users", "read:users", "list:groups",
                                      "read:groups", "servers"],
                api_token=(hub / "class-accounts.token").read_text().strip())
    # `class.sh warm` (warm.py): starts the students' servers and notebook 01's kernels before the
    # bell, through the hub's API and the servers' own (access:servers).
    if (hub / "warm-up.token").exists():
        service(c, "warm-up", ["list:users", "read:users:name", "read:users:groups", "servers", "access:servers"],
                api_token=(hub / "warm-up.token").read_text().strip())
