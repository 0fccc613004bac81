"""The class server under load: N simulated students log in to the hub at once, start their
servers, open notebook 01 in the Rust kernel and run its cells until the first board shows.

    sudo .venv/bin/python scripts/class_load.py 1 5 10 20          (students in containers)
    sudo .venv/bin/python scripts/class_load.py --no-containers 1 5 (as their own system users)
    sudo .venv/bin/python scripts/class_load.py --warm --window 60 30 (a class warmed by
        `class.sh warm`, arriving over a minute, as at the bell)
    sudo .venv/bin/python scripts/class_load.py --returns 4   (a student in Chromium logs out
        during Run All and logs straight back in, 4 times)
    sudo .venv/bin/python scripts/class_load.py --warm --window 60 --browsers 5 30   (and 5
        school computers in headless Chromium: at each a student's first visit, her return,
        and a classmate's visit, from "Sign in" to the first board)
    sudo .venv/bin/python scripts/class_load.py --shared-computer 3 --mbit 20   (a class of
        two, nothing else running, at 3 school computers one after the other, their network
        held to 20 Mbit/s)
    sudo .venv/bin/python scripts/class_load.py --shared-computer 3 --cpu-slowdown 4   (the
        same at a low-cost laptop: the browser's processor slowed 4 times, DevTools' CPU
        throttling)

For each N it makes N students' accounts (load-01, load-02 ...), starts a hub on 127.0.0.1
with scripts/class.sh (CLASS_HOME, default /srv/magic-tictactoe-load), runs the students, stops
the hub and prints one line: time to the first board (from the login; median and worst), the
time until the student's server answered, failures, the CPU seconds each student cost (all
their processes: server, kernel, cargo and rustc), the memory each holds (their container's
cgroup, or their processes' resident memory: the server alone, then with notebook 01's kernel
at the first board), and what the class took from the machine's available memory with every
kernel open, per student (the honest total: files that students share count once).
Everything listens on the loopback address, each run is bounded in time (LIMIT seconds for a
student), and the students' containers and volumes are removed at the end.

scripts/class_test.py runs a small load with it (drive); the hub it starts and stops is
scripts/class_harness.py's, and the students talk to it through scripts/class/hubclient.py.
"""

import argparse
import contextlib
import math
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from class_harness import ClassServer, available_mb, docker_running, forget, stop_docker, usage

LIMIT = 600  # seconds one student may take to reach the first board
# How many times slower than this machine's the school computers' processors are (--cpu-slowdown:
# DevTools' CPU throttling of each browser page; 1, none, by default).
CPU_SLOWDOWN = 1


STAGES = ("server", "kernel", ":dep", "cells")  # the steps to the first board, in order


def first_board(server, student):
    """Logs in, starts the server, opens notebook 01 and runs it until its first board: the
    timings and the student's use of the machine, with where it went (result["stages"]: wall
    and CPU seconds of each of STAGES: login and the server's start, the kernel's start until
    it answers, the notebook's first cell, the cells after it until the board). The notebook's
    kernel stays open (as in a lesson) until drive() closes it: result["session"]."""

    def cpu():
        spent = usage(server, student.name)[0]
        return 0 if spent != spent else spent  # no container yet (NaN)

    marks = [(time.time(), cpu())]  # a warmed student's warm-up is not the bell's

    def mark():
        marks.append((time.time(), cpu()))

    student.log_in()
    student.start_server(LIMIT)
    mark()
    _, at_rest = usage(server, student.name)
    session, kernel = student.open_notebook(attach=True)
    try:
        # One connection for the whole run, as JupyterLab keeps: marks when the kernel answers,
        # after the first cell, and at the board.
        results = student.run(kernel, student.notebook_cells(), until_html=True, limit=LIMIT,
                              progress=lambda index: index <= 0 and mark())
        mark()
        shown = [text for outputs in results for kind, text in outputs if kind == "html"]
        errors = [text for outputs in results for kind, text in outputs if kind == "error"]
        if errors or not shown or "<table" not in shown[0]:
            raise RuntimeError(f"{student.name}: no board ({errors or 'no HTML output'})")
        _, memory = usage(server, student.name)
    except BaseException:
        student.server("DELETE", f"sessions/{session}")
        raise
    stages = {stage: (marks[i + 1][0] - marks[i][0], marks[i + 1][1] - marks[i][1]) for i, stage in enumerate(STAGES)}
    return {"ready": marks[1][0] - marks[0][0], "board": marks[-1][0] - marks[0][0],
            "cpu": marks[-1][1] - marks[0][1], "memory": memory, "at rest": at_rest,
            "stages": stages, "student": student, "session": session}


def breakdown(results):
    """Where a student's wait and CPU seconds went, on average: one line."""
    results = {name: r for name, r in results.items() if not r.get("browser")}
    if not results:
        return "no student reached the board"
    parts = []
    for stage in STAGES:
        wall = statistics.mean(r["stages"][stage][0] for r in results.values())
        cpu = statistics.mean(r["stages"][stage][1] for r in results.values())
        parts.append(f"{stage} {wall:.1f} s ({cpu:.1f} CPU s)")
    return "per student, " + ", ".join(parts)


# JupyterLab's kernel ready, as the student sees it: the status bar's "Rust | Idle", which it shows
# once the notebook's session has its kernel, connected and idle. Not the toolbar's circle
# (.jp-Notebook-ExecutionIndicator): that can show idle once the notebook is drawn, before the
# session has a kernel, and Run All clicked then leaves every cell unrun ("[ ]") without a word
# (seen in two class-test runs of 2026-11-26, and in one of two tries with
# scripts/class_load.py's return after a warm kernel was shut down).
KERNEL_IDLE = '.jp-StatusBar-TextItem:text-is("Rust | Idle")'


def sign_in(page, student, limit):
    """The hub's login form, "Sign in", and JupyterLab showing notebook 01 with its kernel idle
    within `limit` seconds. Returns the moment of "Sign in"."""
    page.goto(f"{student.base}/hub/login", timeout=LIMIT * 1000)
    page.fill("#username_input", student.name)
    page.fill("#password_input", student.password)
    started = time.time()
    page.click("#login_submit")
    page.locator(KERNEL_IDLE).first.wait_for(timeout=limit * 1000)
    return started


def run_all_until_a_board(page):
    """Run All from the Run menu, until this run draws a board."""
    # The outputs in the page already: mark them, then wait for a new board. Drawn, in the page:
    # Run All may have scrolled on, and JupyterLab leaves cells out of view unpainted, which
    # Playwright counts as hidden.
    page.evaluate("document.querySelectorAll('.jp-OutputArea-output').forEach(e => e.dataset.old = '1')")
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    page.locator(".jp-OutputArea-output:not([data-old]) table").first.wait_for(
        state="attached", timeout=LIMIT * 1000)


# JupyterLab's own files, wherever its page asks for them: its bundles (under the student's
# server, static/lab/, or the class's one URL, /services/lab-static/) and its extensions'.
LAB_FILES = re.compile(r"/static/lab/|/services/lab-static/|/lab/extensions/")


def visit(page, student, mbit=None):
    """One visit of the student in `page`: the seconds from "Sign in" to JupyterLab ready with
    notebook 01 ("lab") and to the first board of Run All ("board"); how many of JupyterLab's
    own files the page loaded over the network ("fetched") and from the browser's cache
    ("cached"), and the megabytes the visit took over the network from the login page to the
    board ("MB"), as Chromium's DevTools report them. `mbit`: the page's network held to that
    many megabits a second each way (DevTools' throttling; what the cache serves is not held),
    as a school's link shared by a class. Then lets the rest of the notebook's run end and logs
    out, as a student leaves a lesson."""
    counts = {"fetched": 0, "cached": 0, "MB": 0.0}

    def response(event):
        answer = event["response"]
        if LAB_FILES.search(answer["url"]):
            counts["cached" if answer.get("fromDiskCache") or answer.get("fromMemoryCache")
                   else "fetched"] += 1

    def finished(event):
        counts["MB"] += event["encodedDataLength"] / 1e6
    devtools = page.context.new_cdp_session(page)
    devtools.send("Network.enable")
    if CPU_SLOWDOWN != 1:
        devtools.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    if mbit:
        devtools.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0,
            "downloadThroughput": mbit * 125_000, "uploadThroughput": mbit * 125_000})
    devtools.on("Network.responseReceived", response)
    devtools.on("Network.loadingFinished", finished)
    started = sign_in(page, student, LIMIT)
    lab = time.time() - started
    run_all_until_a_board(page)
    board = time.time() - started
    took = dict(counts)  # to the board
    # The rest of notebook 01 runs on after the first board: let it end, as it has when the
    # student comes back another day, or her return waits for this run's last cells.
    page.wait_for_function(
        "![...document.querySelectorAll('.jp-InputPrompt')].some(e => e.textContent.includes('*'))",
        timeout=LIMIT * 1000)
    page.goto(f"{student.base}/hub/logout", timeout=LIMIT * 1000)
    return {"lab": lab, "board": board, **took}


VISITS = ("first visit", "returning", "classmate")  # at one school computer, in this order


def school_computer(first, classmate, mbit=None):
    """A school computer: one browser profile (its cache kept between visits, as a school's
    computers keep theirs), new for this call. `first` signs in for the first time on it, runs
    notebook 01 to the first board and logs out; signs in again the same way (a returning
    student); then `classmate` does, at the same computer. Returns each visit's result
    (visit(), `mbit` its network), "kind" among VISITS."""
    from jupyterlab_test import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    results = []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="magic-tictactoe-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 800})
        try:
            for kind, student in zip(VISITS, (first, first, classmate)):
                page = context.new_page()
                results.append({"kind": kind, "student": student.name, **visit(page, student, mbit)})
                page.close()
        finally:
            context.close()
    return results


def visits_summary(visits):
    """Lines: for each kind of visit (VISITS), the first board and JupyterLab ready from "Sign
    in", JupyterLab's files over the network and from the cache, and the megabytes the visit
    took over the network."""
    lines = []
    for kind in VISITS:
        seen = [v for v in visits if v["kind"] == kind]
        if not seen:
            continue
        boards = sorted(v["board"] for v in seen)
        lines.append(
            f"{kind} ({len(seen)}): the first board {statistics.median(boards):.1f} s after 'Sign in' "
            f"(median; {boards[0]:.1f} to {boards[-1]:.1f} s), JupyterLab ready "
            f"{statistics.median(v['lab'] for v in seen):.1f} s; JupyterLab's files "
            f"{statistics.median(v['fetched'] for v in seen):.0f} over the network, "
            f"{statistics.median(v['cached'] for v in seen):.0f} from the cache, "
            f"{statistics.median(v['MB'] for v in seen):.2f} MB over the network (medians)")
    return lines


def shared_computer(first, classmate, rounds, mbit=None):
    """`rounds` school computers one after the other, each with a new profile (school_computer;
    `mbit` its network): prints each visit and the medians."""
    visits = []
    for round_ in range(1, rounds + 1):
        for result in school_computer(first, classmate, mbit):
            visits.append(result)
            print(f"     computer {round_}, {result['kind']} ({result['student']}): JupyterLab ready "
                  f"{result['lab']:.1f} s, the first board {result['board']:.1f} s after 'Sign in'; "
                  f"JupyterLab's files {result['fetched']} over the network, {result['cached']} from "
                  f"the cache; {result['MB']:.2f} MB over the network", flush=True)
    for line in visits_summary(visits):
        print(line, flush=True)


RETURN_LIMIT = int(os.environ.get("RETURN_LIMIT", 120))  # seconds a returning student may wait for the kernel to show idle


def return_in_browser(student):
    """A student who logs out while Run All is still running and logs straight back in, in the
    same browser profile (a school computer; or a classmate at it): JupyterLab must show notebook
    01 with its kernel idle again within RETURN_LIMIT seconds, and Run All must draw a board.
    Returns the seconds from the second "Sign in" to the kernel idle, and to the new board. A
    step that fails raises an error naming the step, with what the student's server says of its
    kernels and the end of its log (RETURN_SCREENSHOT: where to save the page as it was)."""
    from jupyterlab_test import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        step = "opening the browser"
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            console = []  # the page's own messages, for a failure's message
            page.on("console", lambda message: console.append(f"{message.type}: {message.text}"[:300]))

            step = "signing in: JupyterLab with notebook 01's kernel idle"
            sign_in(page, student, LIMIT)
            step = "Run All: the first board"
            run_all_until_a_board(page)
            step = "logging out during Run All"
            page.goto(f"{student.base}/hub/logout", timeout=LIMIT * 1000)  # Run All goes on
            step = f"signing in again: the kernel idle within {RETURN_LIMIT} s"
            started = sign_in(page, student, RETURN_LIMIT)
            idle = time.time() - started
            step = "Run All again: a new board"
            run_all_until_a_board(page)
            board = time.time() - started
        except Exception as error:
            shot = os.environ.get("RETURN_SCREENSHOT")
            if shot:
                page.screenshot(path=shot)
            try:  # what JupyterLab itself shows of the kernel, and what the page logged
                shown = page.evaluate("""() => [
                    ...document.querySelectorAll('.jp-Notebook-ExecutionIndicator')].map(e => e.dataset.status)
                    .concat([...document.querySelectorAll('.jp-KernelStatus, .jp-StatusBar-TextItem')]
                    .map(e => e.textContent.trim()).filter(t => t))""")
            except Exception as reason:
                shown = f"(no answer from the page: {reason})"
            raise RuntimeError(f"{step}: {str(error).splitlines()[0]} (JupyterLab shows {shown}; the page logged "
                               f"{console[-8:]}; {server_state(student)})") from error
        finally:
            browser.close()
    return {"idle": idle, "board": board}


@contextlib.contextmanager
def running(hub):
    """The hub set up and started for its students, new accounts; stopped and the accounts
    (their containers and volumes) removed at the end, also on a failure."""
    hub.set_up()
    forget(hub.students)
    hub.start()
    try:
        yield hub
    finally:
        hub.stop()
        forget(hub.students)


def at_one_computer(hub, rounds, mbit=None):
    """The class of two, warmed by `class.sh warm`, at one school computer (shared_computer)."""
    with running(hub):
        hub.warm(hub.students)
        shared_computer(hub.student(hub.students[0]), hub.student(hub.students[1]), rounds, mbit)


def server_state(student):
    """What the student's server says of its kernels, and the last lines of its container's log
    that speak of kernels: for a failure's message."""
    try:
        states = [(s.get("path"), s.get("kernel", {}).get("execution_state"))
                  for s in student.server("GET", "sessions").json()]
    except Exception as error:  # the server may be what failed
        states = f"no answer: {error}"
    log = subprocess.run(["docker", "logs", "--tail", "400", f"magic-tictactoe-{student.name}"],
                         capture_output=True, text=True)
    lines = [line for line in (log.stdout + log.stderr).splitlines()
             if re.search(r"kernel|Kernel|watch|restart|error|Error", line)][-12:]
    return f"the server says: {states}; its log: " + " | ".join(line.strip()[-200:] for line in lines)


def returns(hub, times):
    """Prints, for each of `times` tries, what a student who logs out during Run All and logs
    straight back in met (return_in_browser)."""
    with running(hub):
        student = hub.student(hub.students[0])
        student.log_in()
        for attempt in range(1, times + 1):
            try:
                result = return_in_browser(student)
                print(f"ok   return {attempt}: the kernel idle {result['idle']:.1f} s after 'Sign in', "
                      f"a new board after {result['board']:.1f} s", flush=True)
            except Exception as error:  # reported, and the next try goes on
                print(f"FAIL return {attempt}: {str(error).splitlines()[0]}", flush=True)


def browser_summary(results):
    """Lines: the visits at the school computers (drive's `browsers`), by kind."""
    visits = [v for r in results.values() if r.get("browser") for v in r["visits"]]
    return [f"in Chromium, {line}" for line in visits_summary(visits)]


def drive(hub, names, window=0, before=None, browsers=0, mbit=None):
    """Runs the students `names`, arriving evenly over `window` seconds (0: all at once);
    returns their results and failures. `before`: the machine's available memory before the
    class came (before a warm-up); by default, now.

    `browsers` (at most half the class): that many school computers, spread evenly over the
    arrivals, each with headless Chromium (school_computer): at her arrival a student signs in
    there for the first time on it, then comes back to it, then the classmate who arrives just
    before her in the list signs in at the same computer (their results say "browser" and hold
    the visits; `mbit`: their network). Each browser takes several CPU seconds of this machine's own, which in a class
    are the student's computer's, so two of them are not made to start at the same moment."""
    results, failures, lock = {}, {}, threading.Lock()
    browsers = min(browsers, len(names) // 2)
    at_computers = {names[round((i + 1) * len(names) / browsers) - 1] for i in range(browsers)}
    classmates = {names[names.index(name) - 1]: name for name in at_computers}

    def one(name):
        time.sleep(window * names.index(name) / len(names))
        try:
            student = hub.student(name)
            if name in at_computers:
                classmate = names[names.index(name) - 1]
                result = {"browser": True, "visits": school_computer(student, hub.student(classmate), mbit)}
                with lock:  # her visits are in the computer's result; she counts as a student reached
                    results[classmate] = {"browser": True, "visits": []}
            else:
                result = first_board(hub, student)
            with lock:
                results[name] = result
        except Exception as error:  # a failure is counted and reported, not raised
            with lock:
                failures[name] = str(error)

    before = available_mb() if before is None else before
    threads = [threading.Thread(target=one, args=(name,)) for name in names if name not in classmates]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(LIMIT + 60)
    for name in names:
        if name not in results and name not in failures and classmates.get(name) not in failures:
            failures[name] = f"did not finish within {LIMIT} s"
    # Everyone at their first board, kernels open: what the class takes from the machine.
    machine = (before - available_mb()) / max(1, len(results))
    for result in results.values():
        result["machine"] = machine
        if "session" in result:
            result["student"].server("DELETE", f"sessions/{result['session']}")
    return results, failures


HEADER = ("| students | first board, median | 95th percentile | worst | server ready, median | failures "
          "| CPU s per student | memory per student: server alone, with notebook 01's kernel "
          "| machine's memory per student |")


def percentile(values, share):
    """The value below which `share` of the sorted `values` lie (nearest rank)."""
    return values[max(0, math.ceil(share * len(values)) - 1)]


def summary(n, results, failures):
    results = {name: r for name, r in results.items() if not r.get("browser")}
    boards = sorted(r["board"] for r in results.values())
    ready = sorted(r["ready"] for r in results.values())
    cpu = [r["cpu"] for r in results.values()]
    memory = [r["memory"] for r in results.values()]
    at_rest = [r["at rest"] for r in results.values()]
    if not boards:
        return f"| {n} | - | - | - | - | {len(failures)} | - | - | - |"
    machine = next(iter(results.values()))["machine"]
    return (f"| {n} | {statistics.median(boards):.1f} s | {percentile(boards, 0.95):.1f} s | {boards[-1]:.1f} s | "
            f"{statistics.median(ready):.1f} s | {len(failures)} | {statistics.mean(cpu):.1f} s | "
            f"{statistics.mean(at_rest):.0f} MB, {statistics.mean(memory):.0f} MB | {machine:.0f} MB |")


def main():
    if os.getuid() != 0:
        sys.exit("class_load.py: run it as root: it makes the students' accounts and starts a hub")
    # Stopped from outside: still stop the hub and remove the students' containers and volumes.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("class_load.py: stopped (SIGTERM)"))
    parser = argparse.ArgumentParser(description="N students at the class server, to the first board.")
    parser.add_argument("sizes", nargs="*", type=int, default=[1, 5, 10, 20], help="class sizes to try")
    parser.add_argument("--no-containers", action="store_true", help="students as their own system users")
    parser.add_argument("--warm", action="store_true", help="run `class.sh warm` before the students come")
    parser.add_argument("--browsers", type=int, default=0,
                        help="how many school computers with headless Chromium, spread over the arrivals (at "
                             "each, a student's first visit, her return, a classmate's visit; at most half "
                             "the class)")
    parser.add_argument("--window", type=float, default=0,
                        help="seconds over which the students arrive, evenly (default 0: all at once)")
    parser.add_argument("--returns", type=int, default=0,
                        help="instead: one student in Chromium logs out during Run All and straight back in, "
                             "this many times (return_in_browser)")
    parser.add_argument("--mbit", type=float, default=None,
                        help="the browsers' network held to this many megabits a second each way (DevTools' "
                             "throttling), as a classroom's shared link; by default, the loopback's speed")
    parser.add_argument("--cpu-slowdown", type=float, default=1, metavar="RATE",
                        help="the browsers' processor slowed this many times (DevTools' CPU throttling), as a "
                             "school's low-cost laptop: 4 is a quarter of this machine's")
    parser.add_argument("--shared-computer", type=int, default=0, metavar="ROUNDS",
                        help="instead: a warm class of two at one school computer, this many rounds: a first "
                             "visit, the same student returning, a classmate (shared_computer)")
    args = parser.parse_args()
    global CPU_SLOWDOWN
    CPU_SLOWDOWN = args.cpu_slowdown
    containers = not args.no_containers
    class_home = Path(os.environ.get("CLASS_HOME", "/srv/magic-tictactoe-load"))
    docker_before = docker_running()
    try:
        if args.returns:
            returns(ClassServer(class_home, ["load-01"], containers=containers), args.returns)
        elif args.shared_computer:
            at_one_computer(ClassServer(class_home, ["load-01", "load-02"], containers=containers),
                            args.shared_computer, args.mbit)
        else:
            load(args, class_home, containers)
    finally:
        # The hub's set-up starts Docker's daemon when it is not running: a run leaves it as it found it.
        if not docker_before:
            stop_docker()


def load(args, class_home, containers):
    names = [f"load-{i:02d}" for i in range(1, max(args.sizes) + 1)]
    hub = ClassServer(class_home, names, containers=containers)
    hub.set_up()
    print(f"Students {'in containers' if containers else 'as their own system users'}, "
          f"{'warmed by class.sh warm' if args.warm else 'cold'}, arriving "
          f"{f'over {args.window:g} s' if args.window else 'at once'}:")
    print(HEADER)
    print("|" + " --- |" * (HEADER.count("|") - 1))
    try:
        for n in args.sizes:
            forget(names[:n])
            hub.start()
            try:
                before = available_mb()
                if args.warm:
                    started = time.time()
                    hub.warm(names[:n])
                    spent = [usage(hub, name)[0] for name in names[:n]]
                    warm_note = (f"    warm-up of {n}: {time.time() - started:.0f} s, "
                                 f"{statistics.mean(spent):.1f} CPU s per student, "
                                 f"{(before - available_mb()) / n:.0f} MB of the machine's memory per warm student")
                results, failures = drive(hub, names[:n], window=args.window, before=before,
                                          browsers=args.browsers, mbit=args.mbit)
            finally:
                hub.stop()
                forget(names[:n])
            print(summary(n, results, failures), flush=True)
            print(f"    {breakdown(results)}", file=sys.stderr, flush=True)
            for line in browser_summary(results):
                print(f"    {line}", file=sys.stderr, flush=True)
            if args.warm:
                print(warm_note, file=sys.stderr, flush=True)
            for name, failure in sorted(failures.items()):
                print(f"    {name}: {failure}", file=sys.stderr)
    finally:
        forget(names)


if __name__ == "__main__":
    main()
