"""The integration scripts' one way to say what they found, and a free port for a server a test
starts on the loopback address.

    from checks import check, finish, free_port
    check(answer.status_code == 403, "a classmate's notebook is refused")   # "ok   ..." or "FAIL ..."
    finish("class server")   # "class server: 41 passed, 0 failed"; exits 1 if anything failed
"""

import socket
import sys

passed, failed = [], []


def check(ok, what, detail=""):
    """Says `what` with "ok  " or "FAIL" (and `detail`, if given), counts it, and returns whether
    it held."""
    ok = bool(ok)
    (passed if ok else failed).append(what)
    print(f"{'ok  ' if ok else 'FAIL'} {what}" + (f": {detail}" if detail else ""), flush=True)
    return ok


def finish(name, note=""):
    """The tally, as the last line: NAME: N passed, M failed; exits 1 if anything failed."""
    print(f"{name}: {len(passed)} passed, {len(failed)} failed{note}", flush=True)
    sys.exit(1 if failed else 0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
