"""The teacher's class page: a JupyterHub service, behind the hub's login, for the teacher only.

    https://<the hub>/services/class/

- Where is everyone: the class (its roster, hub/roster.csv) by the exercises they have checked, filled as they
  work: right (with the attempt it took), not yet (with the attempts so far), or not tried; each
  student's last check and notebook. The table refreshes itself every few seconds; a CSV of it
  downloads from the page.
- Help: one click opens a student's notebook at its exercises, through the hub (its spawn page
  starts a stopped server; the hub's own rules decide who may open it). Every opening is logged
  (class-page.log in the hub's folder, root only) and listed on the page.
- Start over: the original of one notebook, or of one exercise's cells, from the course
  (class.sh's course repository), without touching the rest of the student's work; the
  student's version of the notebook is kept beside it.
- Collect: one notebook from every student, without opening their servers, as one zip named
  by student (and kept on the server in the hub's folder, collected/); logged like the rest.
- Students: a new password for one who forgot theirs, shown once as a slip to print; students
  added (a class list pasted) and taken out of the class (their work kept), while the class runs;
  the first passwords of new accounts as slips to print and cut (classpage/accounts.py, the same
  code as class.sh's: scripts/class/classadmin).
- The school's LMS (class.sh --lti with --lti-token): the courses' class lists come in and each
  pupil's score per notebook goes to the course's gradebook (classpage/lms.py); the page shows
  what was sent, and what waits for the LMS.
- Before the lesson: warm the class now, keep a timetable the class is warmed before by itself,
  bring in updated lessons (classpage/tasks.py: the same scripts as `class.sh warm` and
  `class.sh update`, without a root shell); logged like the rest.

Where the records come from: each student's kernel appends a line per check to
~/.magic-tictactoe/progress.jsonl in the student's own home (src/teach/classroom.rs): a file on
the student's volume (containers) or in their home (no containers), which this service (the
hub's, root) reads. Whose record a line is comes from whose home it is in, never from the line.

The hub starts this service (scripts/class/jupyterhub_config.py); only users with the scope
access:services!service=class (the teacher, the hub's admin) get past its login.
"""

import os
import signal
import sys
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler
from jupyterhub.utils import url_path_join
from tornado import ioloop, web

from classpage import lms, tasks
from classpage.handlers import (AddStudentsHandler, CollectHandler, CsvHandler, ForgetSlipsHandler, HelpHandler,
                                 JwksHandler, PageHandler, PasswordHandler, PickHandler, RemoveHandler, SlipsHandler,
                                 StartOverHandler, TableHandler, TimetableHandler, UpdateHandler, ViewHandler, WarmHandler)
from classpage.records import class_members, log
from classpage.settings import PREFIX

TICK_SECONDS = 15
LMS_SECONDS = 10


def main():
    port = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"]).port
    app = web.Application([
        (PREFIX, PageHandler),
        (url_path_join(PREFIX, "table"), TableHandler),
        (url_path_join(PREFIX, "progress.csv"), CsvHandler),
        (url_path_join(PREFIX, r"help/([a-z][a-z0-9-]*)"), HelpHandler),
        (url_path_join(PREFIX, r"help/([a-z][a-z0-9-]*)/(notebooks/[\w.-]+\.ipynb)"), ViewHandler),
        (url_path_join(PREFIX, "start-over"), StartOverHandler),
        (url_path_join(PREFIX, "collect"), CollectHandler),
        (url_path_join(PREFIX, "warm"), WarmHandler),
        (url_path_join(PREFIX, "timetable"), TimetableHandler),
        (url_path_join(PREFIX, "update"), UpdateHandler),
        (url_path_join(PREFIX, "students/add"), AddStudentsHandler),
        (url_path_join(PREFIX, "students/password"), PasswordHandler),
        (url_path_join(PREFIX, "students/remove"), RemoveHandler),
        (url_path_join(PREFIX, "slips"), SlipsHandler),
        (url_path_join(PREFIX, "slips/forget"), ForgetSlipsHandler),
        (url_path_join(PREFIX, "lti/jwks"), JwksHandler),
        (url_path_join(PREFIX, "lti/pick"), PickHandler),
        (url_path_join(PREFIX, "oauth_callback"), HubOAuthCallbackHandler),
    ], cookie_secret=os.urandom(32))
    app.listen(port, "127.0.0.1")
    print(f"class page on 127.0.0.1:{port}{PREFIX}", file=sys.stderr, flush=True)
    # The hub stops its services with SIGINT, then SIGTERM; a hub started in the background by a
    # shell hands its children SIGINT ignored, so both are caught here, to stop at once.
    # The timetable: a lesson's warm-up starts within TICK_SECONDS of its moment.
    ioloop.PeriodicCallback(lambda: tasks.timetable_tick(log, class_members), TICK_SECONDS * 1000).start()
    # The school's LMS (class.sh --lti-token): class lists in, scores out, in a thread of their
    # own every LMS_SECONDS (a round never blocks the page; a slow LMS only delays the next).
    ioloop.PeriodicCallback(lms.rounds.start, LMS_SECONDS * 1000).start()
    loop = ioloop.IOLoop.current()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.asyncio_loop.add_signal_handler(number, loop.stop)
    loop.start()


if __name__ == "__main__":
    main()
