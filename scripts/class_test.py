"""Tests the class server that scripts/class.sh starts, on 127.0.0.1 only, first with every
student in a container from the students' image (the default), then without containers:
nobody gets in where they don't belong, nothing a student saves is lost, and a few students at
once reach their first board (a small run of scripts/class_load.py). With containers it also
checks the walls between students and what survives a fault:

- a cell that allocates past the memory limit ends that student's kernel with a message, and a
  classmate's kernel (with a variable set before), the hub and the classmate's files carry on;
- a cell that starts many processes is stopped by the process limit, and one that starts many
  looping threads by the CPU limit: a classmate's ordinary cell stays within 2 times its time
  alone (both figures printed, measured once the test command's steps beside this test have
  ended: MAGIC_TEST_BESIDE_PID);
- a container killed from outside, Docker's daemon restarted, the hub stopped and class.sh run
  again with one more student: the hub carries on and nobody's saved work is lost;
- the idle culler stops a server left idle, and the work is there when it starts again;
- a student in Chromium who logs out during Run All and logs straight back in finds the kernel
  idle and draws a board;
- the Zero to JupyterHub settings in docs/class-server.md name the same image, limits, home and
  culling as the Docker set-up.

    sudo .venv/bin/python scripts/class_test.py     (the test command runs it)

Each concern is a module of classtest/: arrival (the lesson's start), teacher (the class page),
people (lists, students added while the class runs, culling, HTTPS and kept settings), walls
(logins, the network, the limits, faults), work (nothing lost, backups); this file runs them in
order on one hub, as a lesson goes.

It uses its own CLASS_HOME (/srv/magic-tictactoe-test), accounts (mt-alice, mt-bob, mt-carol,
mt-dave, the teacher mt-teacher), containers and volumes (magic-tictactoe-mt-*), so a real class
on the machine is left alone; it removes its containers and volumes at the end, and stops
Docker's daemon if it started it.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from checks import check, finish  # noqa: E402
from class_harness import (DEFAULTS, ClassServer, IsolatedDocker, forget, fresh_hub, machine_docker,  # noqa: E402
                           remove_accounts, stop_docker, student_images)
from class_load import HEADER, drive, summary  # noqa: E402 (a small load run)
from classtest.arrival import comes_straight_back, lab_files_from_one_url, light_lab, own_notebook, warm_class  # noqa: E402
from classtest.common import CLASS_HOME, EVERYONE, LATECOMER, ROOT, STUDENTS, TEACHER, save_work  # noqa: E402
from classtest.people import class_changes_while_it_runs, class_lists, culling, https_by_default  # noqa: E402
from classtest.teacher import (class_page_accessible, collects_a_notebook, progress_and_help,  # noqa: E402
                               start_over_follows_no_link, teacher_tasks_from_the_page, teachers_browser_acts_for_nobody,
                               updates_and_start_over)
from classtest.walls import faults, nobody_gets_in, walls  # noqa: E402
from classtest.work import backed_up_and_restored, nothing_is_lost  # noqa: E402
from hubclient import NOTEBOOK  # noqa: E402 (class_harness put scripts/class on the path)
from kubernetes_config_test import docs_config  # noqa: E402


def kubernetes_matches():
    """docs/class-server.md's Zero to JupyterHub config.yaml against the Docker set-up."""
    config = docs_config()
    single = config.get("singleuser", {})
    idle = DEFAULTS["IDLE_TIMEOUT"]
    idle_seconds = int(idle[:-1]) * {"s": 1, "m": 60, "h": 3600}[idle[-1]]
    home = DEFAULTS["STUDENT_HOME"]
    wanted = {
        "image": (single.get("image", {}).get("name", "").rsplit("/", 1)[-1], DEFAULTS["STUDENT_IMAGE"]),
        "tag": (str(single.get("image", {}).get("tag")), DEFAULTS["STUDENT_IMAGE_TAG"]),
        "uid": (str(single.get("uid")), DEFAULTS["STUDENT_UID"]),
        "memory limit": (str(single.get("memory", {}).get("limit")), DEFAULTS["STUDENT_MEMORY"]),
        "cpu limit": (str(single.get("cpu", {}).get("limit")), DEFAULTS["STUDENT_CPUS"]),
        "home": (single.get("storage", {}).get("homeMountPath"), home),
        "command": (single.get("cmd"), f"{DEFAULTS['STUDENT_CLASS_HOME']}/bin/start-student"),
        "notebook folder": (config.get("hub", {}).get("config", {}).get("Spawner", {}).get("notebook_dir"),
                            f"{home}/magic-tictactoe"),
        "default URL": (single.get("defaultUrl"), f"/lab/tree/{NOTEBOOK}"),
        "culling": ((config.get("cull", {}).get("enabled"), config.get("cull", {}).get("timeout")), (True, idle_seconds)),
    }
    wrong = {key: pair for key, pair in wanted.items() if pair[0] != pair[1]}
    check(not wrong, f"the Zero to JupyterHub config.yaml names the tested image, limits, home and culling {wrong or ''}")
    config_py = (ROOT / "scripts" / "class" / "jupyterhub_config.py").read_text()
    check('c.Spawner.default_url = f"/lab/tree/{NOTEBOOK}"' in config_py,
          "... and the hub's default URL is the one config.yaml names")


def clean_up():
    forget(STUDENTS + [LATECOMER])
    remove_accounts(EVERYONE)


def fresh_course():
    """A run starts from the crate's notebooks as a new class does: no course repository left by
    an earlier run (whose teacher's commits this run's would repeat), no class-page or warm-up log
    (whose lines would pass for this run's), and no timetable (which would warm the class by
    itself)."""
    shutil.rmtree(CLASS_HOME / "course", ignore_errors=True)
    fresh_hub(CLASS_HOME)  # the accounts too: a run starts with a class list no earlier run has seen
    remove_accounts(EVERYONE)


def with_containers(docker):
    print("Students in containers (DockerSpawner), the class's Docker in a network namespace of the test's own:")
    hub = ClassServer(CLASS_HOME, STUDENTS, teacher=TEACHER, containers=True)
    hub.docker = docker
    started = time.time()
    fresh_course()
    hub.set_up()
    print(f"ok   class.sh set up the class with the students' image in {CLASS_HOME} ({time.time() - started:.0f} s)")
    units = subprocess.run([str(CLASS_HOME / "venv" / "bin" / "python"), "-m", "unittest", "discover", "-s",
                            str(ROOT / "scripts" / "class" / "tests")], capture_output=True, text=True)
    ran = re.findall(r"Ran (\d+) tests?", units.stderr)
    check(units.returncode == 0 and "skipped" not in units.stderr.splitlines()[-1],
          f"the class's accounts, lists, course and backups pass their unit tests in the class's own environment "
          f"({ran[-1] if ran else 0} tests) {units.stderr[-600:] if units.returncode else ''}")
    forget(STUDENTS + [LATECOMER])
    class_lists(hub)
    hub.start()
    try:
        results, failures = drive(hub, STUDENTS)
        check(not failures, f"{len(STUDENTS)} students at once, each in a container, reach notebook 01's first board {failures or ''}")
        print("     " + HEADER)
        print("     " + summary(len(STUDENTS), results, failures))
        warm_class(hub)
        alice, bob, teacher = (hub.student(name) for name in ["mt-alice", "mt-bob", TEACHER])
        for person in (alice, bob, teacher):
            person.log_in()
        alice.start_server()
        bob.start_server()
        own_notebook(hub, alice)
        light_lab(alice)
        lab_files_from_one_url(alice)
        progress_and_help(hub, alice, bob, teacher)
        teachers_browser_acts_for_nobody(hub, alice, bob, teacher)
        updates_and_start_over(hub, alice, teacher)
        collects_a_notebook(hub, alice, bob, teacher)
        class_page_accessible(hub, teacher)
        start_over_follows_no_link(hub, alice, teacher)
        if os.environ.get("CLASS_TEST_ONLY") == "teacher":  # while working on the teacher's view
            return
        # After the teacher's view: Run All in notebook 01 records mt-carol's exercise checks.
        comes_straight_back(hub)
        nobody_gets_in(hub, alice, bob, teacher)
        nothing_is_lost(hub, alice)
        bob.start_server()
        class_changes_while_it_runs(hub, alice, bob, teacher)
        backed_up_and_restored(hub, alice, bob)
        for person in (alice, bob, teacher):
            person.log_in()
        save_work(bob)
        bobs = walls(hub, alice, bob)
        faults(hub, alice, bob, teacher, bobs)
        teacher_tasks_from_the_page(hub, alice, teacher)
        culling(hub, alice, teacher)
    finally:
        hub.stop()
        clean_up()


def without_containers():
    print("Students as their own system users (--no-containers):")
    hub = ClassServer(CLASS_HOME, STUDENTS, teacher=TEACHER, containers=False)
    started = time.time()
    fresh_course()
    hub.set_up()
    print(f"ok   class.sh set up the class without containers in {CLASS_HOME} ({time.time() - started:.0f} s)")
    forget(STUDENTS)
    (CLASS_HOME / "hub-test.log").unlink(missing_ok=True)
    hub.start()
    try:
        log = (CLASS_HOME / "hub-test.log").read_text()
        check("Limits are off" in log, "class.sh says plainly that limits are off")
        locked = [name for name in STUDENTS
                  if subprocess.run(["passwd", "--status", name], capture_output=True, text=True).stdout.split()[1:2]
                  == ["L"]]
        check(locked == STUDENTS, f"each student has a system account for their server, with no password of its own "
                                  f"(locked: {locked})")
        subprocess.run(["useradd", "--no-create-home", "mt-zed"], capture_output=True)
        listing = CLASS_HOME / "zed.txt"
        listing.write_text("mt-zed\n")
        try:
            refused = subprocess.run([str(ROOT / "scripts" / "class.sh"), "--students", str(listing), "--no-containers",
                                      "--check"], env=hub.env(), capture_output=True, text=True)
        finally:
            subprocess.run(["userdel", "mt-zed"], capture_output=True)
            listing.unlink()
        check(refused.returncode == 2 and "mt-zed is the name of an account on this machine" in refused.stderr,
              f"an account the machine has already is refused in a sentence ({refused.stderr.strip()[-120:]!r})")
        results, failures = drive(hub, STUDENTS)
        check(not failures, f"{len(STUDENTS)} students at once reach notebook 01's first board {failures or ''}")
        print("     " + HEADER)
        print("     " + summary(len(STUDENTS), results, failures))
        alice, bob, teacher = (hub.student(name) for name in ["mt-alice", "mt-bob", TEACHER])
        for person in (alice, bob, teacher):
            person.log_in()
        alice.start_server()
        own_notebook(hub, alice)
        nobody_gets_in(hub, alice, bob, teacher)
        nothing_is_lost(hub, alice)
        https_by_default(hub, alice)
    finally:
        hub.stop()
        clean_up()


def main():
    if os.getuid() != 0:
        sys.exit("class_test.py: run it as root: it makes accounts and starts a hub")
    # Stopped from outside (a CI timeout, kill): still stop the hub, the containers and Docker.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("class_test.py: stopped (SIGTERM)"))
    kubernetes_matches()
    # The images are built on the machine's Docker (their RUN steps reach Debian's archive);
    # the class then runs on a Docker of the test's own, in a network namespace of its own.
    machine_started = machine_docker()
    try:
        images = student_images(CLASS_HOME)
        with IsolatedDocker("mt-class-test", images) as docker:
            if machine_started:
                stop_docker()
            with_containers(docker)
        if os.environ.get("CLASS_TEST_ONLY") != "teacher":
            without_containers()
    finally:
        if machine_started:
            stop_docker()
    finish("class server")


if __name__ == "__main__":
    main()
