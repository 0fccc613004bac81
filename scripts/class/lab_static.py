"""JupyterLab's own files (its JavaScript, styles and fonts, 17 MB), served once for the whole
class at /services/lab-static/ on the hub, a service of the hub's that jupyterhub_config.py
starts.

Each student's JupyterLab serves the same files under /user/NAME/static/lab/, so a browser's
cache of them, kept for a year, serves only the student who filled it: on a shared school
computer the next student loads them all again. With every student's JupyterLab pointed here
(LabApp.override_static_url), one URL holds them for everyone, and a returning student's or a
classmate's browser takes them from its cache (only the extensions' few entry points still come
from each student's server). The files are the class environment's JupyterLab, the same version as
the students' image (both from scripts/requirements.txt). Nothing here is private: the files
are JupyterLab's published ones, so the service asks for no login.

tornado's StaticFileHandler gives a file asked for with its version (`?v=`, as JupyterLab asks
for each of its hashed files) a cache of ten years, and checks the rest with ETags.
"""

import os
from pathlib import Path
from urllib.parse import urlparse

import jupyterlab
from tornado import ioloop, web

FILES = Path(jupyterlab.__file__).parent / "static"


def main():
    prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]  # /services/lab-static/
    address = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    app = web.Application([(rf"{prefix}(.*)", web.StaticFileHandler, {"path": str(FILES)})])
    app.listen(address.port, address.hostname)
    ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
