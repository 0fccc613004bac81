"""A student's server replaces a kernel that has stopped answering, so that the student is not the
one to find out: a Jupyter Server extension, loaded by the class's servers
(scripts/class/jupyter/jupyter_server_config.json).

Every PERIOD seconds it asks each idle kernel of the server for `kernel_info`, on a shell
connection of its own, as Jupyter Server's own nudge does; and each kernel that has not answered
since its process started, whatever state Jupyter Server gives it ("starting" for good, or the
"busy" of the kernel it replaced), for a kernel can stay silent from its start or restart. Jupyter Server counts neither the
question nor its answer as activity (`untracked_message_types`), so the idle culler is not fooled.
A kernel that says nothing at all within ANSWER seconds (no reply, and not a message on IOPub
since the question), after it has answered once or has had SETTLE seconds to start, has stopped
reading its socket: the extension kills its process, and Jupyter Server's own restarter starts a
new one, as for a kernel that died. JupyterLab then tells the student in its usual one line ("The
kernel ... appears to have died. It will restart automatically."), and the server's log says
why. A busy kernel is left alone: its questions wait behind the cell that runs. A new one gets
SETTLE seconds to answer first, and is never replaced while it runs a cell: a kernel whose state is
"busy" with activity on IOPub since its process started is running one (a learner's first cell,
its `:dep` compiling for minutes, keeps the watch's first question waiting behind it), unless that
"busy" may be the kernel's it replaced (Jupyter Server keeps the state across a restart): then
only once the watch has seen the new process otherwise.

The project's kernel is built with the fix for the deadlock that made kernels deaf
(kernel/README.md); this is the guard for whatever remains. MAGIC_KERNEL_WATCH_PERIOD and
MAGIC_KERNEL_WATCH_ANSWER and MAGIC_KERNEL_WATCH_SETTLE (seconds) change the defaults, for tests.
"""

import asyncio
import dataclasses
import datetime
import os
import queue
import signal
import time

from tornado.ioloop import IOLoop

PERIOD = float(os.environ.get("MAGIC_KERNEL_WATCH_PERIOD", 30))
ANSWER = float(os.environ.get("MAGIC_KERNEL_WATCH_ANSWER", 30))
# A kernel that has not yet answered the watch since its process started is starting, not deaf,
# until it is this old: on a machine busy with a class's first cells a new kernel can take a
# minute to answer at all (Jupyter Server waits 60 s for it).
SETTLE = float(os.environ.get("MAGIC_KERNEL_WATCH_SETTLE", 120))


def _jupyter_server_extension_points():
    return [{"module": "kernel_watch"}]


async def _answers(kernel, limit):
    """Whether the kernel replies to kernel_info on a shell connection of its own within limit s."""
    client = kernel.client()
    client.start_channels(shell=True, iopub=False, stdin=False, hb=False, control=False)
    try:
        msg_id = client.kernel_info()
        end = time.monotonic() + limit
        while (left := end - time.monotonic()) > 0:
            try:
                reply = await client.get_shell_msg(timeout=left)
            except queue.Empty:
                return False
            if reply.get("parent_header", {}).get("msg_id") == msg_id:
                return True
        return False
    finally:
        client.stop_channels()


def _started_at(pid):
    """When the process `pid` started, as an aware UTC datetime (to compare with Jupyter Server's
    last_activity), or None if it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            after_name = stat.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime") as uptime:
            up = float(uptime.read().split()[0])
    except (OSError, ValueError, IndexError, TypeError):
        return None
    age = up - int(after_name[19]) / os.sysconf("SC_CLK_TCK")  # field 22 of stat: its start, in ticks since boot
    return datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=age)


def _running_a_cell(kernel, started, busy_is_its_own):
    """Whether the kernel is running a cell of its current process: busy, with IOPub activity
    since that process started."""
    return (busy_is_its_own and started is not None and getattr(kernel, "execution_state", None) == "busy"
            and kernel.last_activity is not None and kernel.last_activity > started)


@dataclasses.dataclass
class _Seen:
    """What the watch knows of a kernel's current process."""

    pid: int | None
    first_seen: float  # time.monotonic() when the watch first saw this process
    started: datetime.datetime | None  # when the process started (_started_at)
    busy_is_its_own: bool  # whether a "busy" state can be this process's (not the one's it replaced)
    spoken: bool = False  # it has answered the watch, or shown that it runs a cell
    killed: bool = False  # the watch killed it, and the restarter has not started the next one yet


async def _watch(serverapp):
    manager, log = serverapp.kernel_manager, serverapp.log
    seen = {}  # kernel id -> _Seen
    while True:
        await asyncio.sleep(PERIOD)
        running = list(manager.list_kernel_ids())
        for kernel_id in set(seen) - set(running):
            del seen[kernel_id]
        for kernel_id in running:
            try:
                kernel = manager.get_kernel(kernel_id)
                pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
                if kernel_id not in seen or seen[kernel_id].pid != pid:  # new, or restarted
                    # A kernel new to the watch starts "starting"; a restarted one keeps the
                    # state of the one before until it says otherwise.
                    seen[kernel_id] = _Seen(pid, time.monotonic(), _started_at(pid), kernel_id not in seen)
                this = seen[kernel_id]
                if this.killed:
                    continue  # the restarter has not started the new one yet
                state = getattr(kernel, "execution_state", None)
                if state != "busy":
                    this.busy_is_its_own = True
                if not this.spoken and _running_a_cell(kernel, this.started, this.busy_is_its_own):
                    this.spoken = True  # from now on asked when idle only
                    continue
                if this.spoken and state != "idle":
                    continue  # busy with a cell (a kernel that never answered is asked whatever it says)
                asked = kernel.last_activity
                if await _answers(kernel, ANSWER):
                    this.spoken = True
                    continue
                if kernel.execution_state != state or kernel.last_activity != asked:
                    continue  # it took up a cell meanwhile: alive, and busy
                if not this.spoken and time.monotonic() - this.first_seen < SETTLE:
                    continue  # still starting
                if getattr(kernel.provisioner, "pid", None) != pid:
                    continue  # restarted while it was being asked: the new one gets its own time
                log.warning("kernel_watch: kernel %s did not answer kernel_info within %.0f s: "
                            "stopping it, and Jupyter Server starts a new one", kernel_id, ANSWER)
                this.killed = True
                await kernel.signal_kernel(signal.SIGKILL)
            except KeyError:
                continue  # shut down meanwhile
            except Exception:  # the guard must never take the server down
                log.exception("kernel_watch: checking kernel %s failed", kernel_id)


def _load_jupyter_server_extension(serverapp):
    def start():
        serverapp._magic_kernel_watch = asyncio.ensure_future(_watch(serverapp))

    IOLoop.current().add_callback(start)
    serverapp.log.info("kernel_watch: asking idle kernels every %.0f s, replacing any silent for %.0f s",
                       PERIOD, ANSWER)
