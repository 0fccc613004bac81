"""Where the class's files are and how the page behaves: from the environment the hub gives its
service (scripts/class/jupyterhub_config.py)."""

import os
from pathlib import Path

from classadmin import homes, roster

CLASS = Path(os.environ["MAGIC_CLASS_HOME"])
HUB = CLASS / "hub"
COURSE = CLASS / "course"
LOG = HUB / "class-page.log"
SPAWNER = os.environ.get("MAGIC_CLASS_SPAWNER", "local")
PREFIX = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/class/")
BASE = os.environ.get("JUPYTERHUB_BASE_URL", "/")
PROGRESS = homes.PROGRESS
WORK = homes.WORK  # the student's folder of notebooks, in their home
REFRESH_SECONDS = 5
STUCK_AFTER = 3  # wrong attempts at the same exercise, not yet right: the page marks the student
IDLE_SECONDS = int(os.environ.get("MAGIC_CLASS_IDLE_SECONDS", "3600"))
WARM_AHEAD_MINUTES = int(os.environ.get("MAGIC_CLASS_WARM_AHEAD_MINUTES", "10"))


def home(student):
    """The folder that is the student's home (classadmin.homes), or None."""
    return homes.home(student, SPAWNER, CLASS, roster.load(HUB) if SPAWNER == "local" else ())
