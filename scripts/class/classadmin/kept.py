"""A JSON file of the hub's folder, read and written back under a lock, root's only: what the
hub's logins keep from one login to the next (hub/identities.json, hub/lms-launches.json), which
the hub and the class page both read and write.

    with Kept(hub / "identities.json") as known:
        known["..."] = ...      # written back, whole, when the block ends without an error
"""

import fcntl
import json
import os
from pathlib import Path


class Kept:
    def __init__(self, path):
        self.path = Path(path)

    def __enter__(self):
        self.lock = open(self.path.with_suffix(".lock"), "a")
        os.chmod(self.lock.name, 0o600)
        fcntl.flock(self.lock, fcntl.LOCK_EX)
        try:
            self.known = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.known = {}
        return self.known

    def __exit__(self, kind, *_):
        try:
            if kind is None:
                new = self.path.with_suffix(".new")
                new.write_text(json.dumps(self.known, indent=1, sort_keys=True))
                os.chmod(new, 0o600)
                new.replace(self.path)
        finally:
            self.lock.close()
