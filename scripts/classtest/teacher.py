"""The teacher's class page: progress and a student's notebook, updated lessons and starting over, collecting a notebook, the page's tasks, and its accessibility."""

import csv
import io
import json
import re
import shutil
import subprocess
import time
import zipfile
from pathlib import Path

import requests

from checks import check
from class_harness import until_ready
from hubclient import NOTEBOOK
from classtest.common import (CLASS_HOME, PAGE, STUDENTS, TEACHER, browse, cells_of, put_cells, rust,
                              server_running, table_rows, text)


def progress_and_help(hub, alice, bob, teacher):
    """Issue 22: each check a student runs reaches the teacher's class page (and its CSV) within
    seconds, and only the teacher's; the teacher opens a student's notebook through the hub, and
    the opening is logged; nobody else gets in."""
    prelude = alice.notebook_cells()[0]
    # Exercise 2 of notebook 01 as Run All leaves it (the notebook's 0, no try of hers), answered
    # wrong, then exercise 3 made (as Run All does), then exercise 2 answered right: each check is
    # filed under the exercise its cell names, and the 0 is not counted.
    said = text(alice.run_cells([prelude, 'let exercise_2 = Exercise::triples_containing(5).numbered(2);',
                                 'exercise_2.check(0).is_right()',
                                 'exercise_2.check(3).is_right()',
                                 'let exercise_3 = Exercise::triples_containing(8).numbered(3);',
                                 'exercise_2.check(4).is_right()']))
    check(said == "false false true", f"{alice.name} checks exercise 2 of notebook 01 as set (0), wrong, then right "
                                      f"after exercise 3 was made ({said!r})")
    said = text(bob.run_cells([prelude, 'check_win_test(|_: &[u8]| false).is_right()'],
                              notebook="notebooks/03-pick-15.ipynb"))
    check(said == "false", f"{bob.name} checks a wrong win test in notebook 03 ({said!r})")
    forged = ('{"student":"' + bob.name + '","notebook":"' + NOTEBOOK + '",'
              '"exercise":"forged","right":true,"attempt":1,"time":1}')
    theirs = ("/var/lib/docker/volumes/magic-tictactoe-{0}/_data/.magic-tictactoe/progress.jsonl" if hub.containers
              else "/home/{0}/.magic-tictactoe/progress.jsonl").format(bob.name)
    code = (
        '{\nuse std::io::Write;\n'
        'let mine = std::env::var("MAGIC_TICTACTOE_PROGRESS").unwrap_or_default();\n'
        'let line = r#"' + forged + '"#;\n'
        'let written = std::fs::OpenOptions::new().append(true).open(&mine)'
        '.and_then(|mut f| writeln!(f, "{}", line)).is_ok();\n'
        'let theirs = std::fs::OpenOptions::new().append(true).create(true).open("' + theirs + '").is_err();\n'
        'println!("{} {}", written, theirs);\n}'
    )
    said = text(alice.run_cells([code]))
    # (The kernel shows the block's own value, (), after what it printed.)
    check(said.split()[:2] == ["true", "true"],
          f"{alice.name}'s own code writes a line naming {bob.name} into her own file, and cannot reach his ({said!r})")

    # Columns: notebook 01's exercise 2, 01's forged line (no number: after the numbered ones),
    # 03's check of a win test (filed under the exercise whose cell calls it).
    expected = {alice.name: ["✔ 2", "✔ 1", ""], bob.name: ["", "", "✘ 1"]}

    def shown():
        rows, titles = table_rows(teacher)
        return rows.get(alice.name) == expected[alice.name] and rows.get(bob.name) == expected[bob.name]

    started = time.time()  # the last check has been written: the page reads the files as it answers
    seen = until_ready("the class page to show the checks", shown, 30)
    rows, titles = table_rows(teacher)
    labels = re.findall(r'<abbr title="[^"]*">([^<]*)</abbr>', teacher.api("GET", f"{PAGE}/table").text)
    check(labels[:1] == ["01 · 2"] and len(labels) == 3 and labels[2].startswith("03 · "),
          f"... each under its exercise's number in its notebook ({labels})")
    check(seen, f"the teacher's page shows exactly those results, {time.time() - started:.1f} s after the last "
                f"check; the forged line is {alice.name}'s ({rows}, columns {titles})")
    table = list(csv.reader(io.StringIO(teacher.api("GET", f"{PAGE}/progress.csv").text)))
    by_name = {row[1]: row[4:] for row in table[1:]}
    check(table and table[0][4:] and by_name.get(alice.name) == ["right on attempt 2", "right on attempt 1", ""]
          and by_name.get(bob.name) == ["", "", "not yet (1 attempt)"],
          f"... and the CSV matches ({table[:1]} {by_name.get(alice.name)} {by_name.get(bob.name)})")
    for path in ("/", "/table", "/progress.csv", f"/help/{bob.name}"):
        refused = alice.api("GET", PAGE + path, allow_redirects=False)
        if refused.status_code != 403:
            break
    check(refused.status_code == 403, f"a student's token gets 403 from every page of the class page (HTTP {refused.status_code} for {path})")
    anonymous = requests.get(f"{hub.url}{PAGE}/table", timeout=30, allow_redirects=False)
    check(anonymous.status_code in (302, 403) and "table" not in anonymous.text,
          f"without a login, the class page shows nothing (HTTP {anonymous.status_code})")

    # Help: the teacher sees Bob's notebook from the page, as he last saved it, at its exercises:
    # a copy the class page renders, never his live server (issue 69).
    bob.stop_server()
    browse(teacher, f"{PAGE}/")
    opened = teacher.session.get(f"{hub.url}{PAGE}/help/{bob.name}", allow_redirects=False, timeout=60)
    where = opened.headers.get("Location", "")
    check(opened.status_code == 302 and where == f"{PAGE}/help/{bob.name}/notebooks/03-pick-15.ipynb#Exercises",
          f"the page's See link goes to the view of the student's notebook, at its exercises ({where})")
    view = teacher.session.get(f"{hub.url}{where.split('#')[0]}", timeout=60)
    policy = view.headers.get("Content-Security-Policy", "")
    check(view.status_code == 200 and policy.startswith("sandbox;") and "allow-scripts" not in policy
          and "default-src 'none'" in policy and "Pick 15" in view.text and bob.name in view.text,
          f"... which shows his saved notebook while his server is stopped, under a policy that runs nothing "
          f"(HTTP {view.status_code}, {policy[:60]!r})")
    log = (CLASS_HOME / "hub" / "class-page.log").read_text() if (CLASS_HOME / "hub" / "class-page.log").exists() else ""
    check(f"{TEACHER}\topened\t{bob.name}\tnotebooks/03-pick-15.ipynb" in log,
          f"... and the opening is logged ({log.strip().splitlines()[-1:] if log else 'no log'})")
    check(not server_running(teacher, bob.name), "... and his server stays stopped")
    bob.start_server()
    lab = browse(teacher, f"/user/{bob.name}/lab")
    check(lab.status_code == 403, f"the teacher's browser cannot open the student's live server (HTTP {lab.status_code})")
    into_teacher = browse(alice, f"/user/{TEACHER}/lab")
    spawn_other = browse(alice, f"/hub/spawn/{bob.name}")
    check(into_teacher.status_code in (403, 404) and spawn_other.status_code in (403, 404),
          f"a student cannot open the teacher's server nor start a classmate's (HTTP {into_teacher.status_code}, "
          f"{spawn_other.status_code})")


# What a pupil's page does when it runs in her teacher's browser on the hub's origin: reads the
# hub's XSRF token from /hub/home with the teacher's cookies, makes her the hub's admin, and gives
# a classmate a new password through the class page; it says how far it got in the page's title.
ATTACK_PAGE = """<!doctype html><html><head><title>nothing yet</title></head><body><p>A pupil's page</p>
<script>
(async () => {
  const said = [];
  try {
    const home = await (await fetch('/hub/home', {credentials: 'include'})).text();
    const token = (home.match(/xsrf_token: "([^"]+)"/) || [])[1] || '';
    const made = await fetch('/hub/api/users/@PUPIL@', {method: 'PATCH', credentials: 'include',
      headers: {'X-XSRFToken': token, 'Content-Type': 'application/json'}, body: JSON.stringify({admin: true})});
    said.push('admin ' + made.status);
    const page = await (await fetch('@PAGE@/', {credentials: 'include'})).text();
    const xsrf = (page.match(/name="_xsrf" value="([^"]+)"/) || [])[1] || '';
    const form = new URLSearchParams({_xsrf: xsrf, login: '@CLASSMATE@'});
    const reset = await fetch('@PAGE@/students/password', {method: 'POST', credentials: 'include', body: form});
    said.push('password ' + reset.status);
  } catch (e) { said.push('failed ' + e); }
  document.title = 'attacked: ' + said.join(', ');
})();
</script></body></html>"""

# A Jupyter Server extension of the pupil's own, in her home, that serves ATTACK_PAGE at every
# address of her server's JupyterLab (her notebook's among them), and her server's config that
# loads it: what a cell of hers can write.
ATTACK_EXTENSION = """from tornado import web

PAGE = open(__file__.rsplit("/", 1)[0] + "/page.html").read()


class Page(web.RequestHandler):
    def get(self, *args):
        self.set_header("Content-Type", "text/html")
        self.write(PAGE)


def _jupyter_server_extension_points():
    return [{"module": "pupil_page"}]


def _load_jupyter_server_extension(app):
    # Before every other extension's handlers (JupyterLab's among them): tornado puts each
    # add_handlers just before its catch-all rule; this one goes first.
    app.web_app.add_handlers(".*$", [(app.base_url.rstrip("/") + "/lab/.*", Page)])
    rules = app.web_app.default_router.rules
    rules.insert(0, rules.pop(-2))
"""
ATTACK_CONFIG = """import os, sys
sys.path.insert(0, os.path.expanduser("~/.pupil-page"))
c.ServerApp.jpserver_extensions.update({"pupil_page": True})
"""
# The class's own config names jpserver_extensions in full, and comes first on the config path,
# so the update above alone is overridden; Jupyter Server also enables each extension that a
# jupyter_server_config.d file on the path names, which her home's is (as b2fe58a ran it).
ATTACK_ENABLE = '{"ServerApp": {"jpserver_extensions": {"pupil_page": true}}}'


def rust_writes(files):
    """A Rust cell that writes each (path under $HOME, text) and prints "written"."""
    lines = ['{', 'let home = std::env::var("HOME").unwrap();']
    for path, content in files:
        folder = path.rsplit("/", 1)[0]
        lines.append(f'std::fs::create_dir_all(format!("{{home}}/{folder}")).unwrap();')
        lines.append(f'std::fs::write(format!("{{home}}/{path}"), r####"{content}"####).unwrap();')
    lines += ['println!("written");', '}']
    return "\n".join(lines)


def teachers_browser_acts_for_nobody(hub, alice, bob, teacher):
    """Issue 69, 1: a pupil who serves a page of her own from her server became the hub's admin
    when her teacher opened her notebook from the class page. Bob, with what a pupil has (cells
    in his own kernel, his own login): a server extension and config in his home that serve his
    page at his notebook's address, the same page as an output in his saved notebook, and his
    server restarted. The teacher, in Chromium, clicks "See" on the class page and reads the
    notebook. Afterwards Bob is no admin, Alice's password still opens her account, and the page
    ran nothing."""
    from jupyterlab_test import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    page_html = (ATTACK_PAGE.replace("@PUPIL@", bob.name).replace("@CLASSMATE@", alice.name)
                 .replace("@PAGE@", PAGE))
    said = rust(bob, rust_writes([(".pupil-page/page.html", page_html), (".pupil-page/pupil_page.py", ATTACK_EXTENSION),
                                  (".jupyter/jupyter_server_config.py", ATTACK_CONFIG),
                                  (".jupyter/jupyter_server_config.d/pupil_page.json", ATTACK_ENABLE)]))
    cells = cells_of(bob, "notebooks/03-pick-15.ipynb")
    his = [dict(cell) for cell in cells]
    cells.append({"cell_type": "code", "execution_count": 1, "id": "pupil-page", "metadata": {}, "source": "page()",
                  "outputs": [{"output_type": "display_data", "metadata": {},
                               "data": {"text/html": page_html.split("<body>", 1)[1].split("</body>")[0],
                                        "text/plain": "page"}}]})
    saved = put_cells(bob, "notebooks/03-pick-15.ipynb", cells)
    bob.stop_server()
    bob.start_server()
    served = bob.api("GET", f"/user/{bob.name}/lab/tree/notebooks/03-pick-15.ipynb")
    check(said.split()[:1] == ["written"] and saved == 200 and "A pupil's page" not in served.text,
          f"a pupil's own Jupyter config and server extension in her home are not loaded by her server "
          f"({said!r}, saved: HTTP {saved}, her notebook's address: {'her page' if 'A pupil' in served.text else 'JupyterLab'})")
    admin_before = teacher.api("GET", f"/hub/api/users/{bob.name}").json().get("admin")
    title, url = "", ""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(ignore_https_errors=True)
            # Chromium says when a page's policy stops its script: the event that ends the wait
            # below where the page runs nothing (its title says it where the page runs).
            blocked = []
            context.on("console", lambda message: blocked.append(message.text)
                       if "script" in message.text and ("Blocked" in message.text or "Refused" in message.text)
                       else None)
            page = context.new_page()
            page.goto(f"{hub.url}/hub/login?next={PAGE}/", timeout=120_000)
            page.fill("#username_input", teacher.name)
            page.fill("#password_input", teacher.password)
            page.click("#login_submit")
            page.wait_for_selector("#table table", timeout=120_000)
            with context.expect_page(timeout=60_000) as opened:
                page.click(f'tr[data-login="{bob.name}"] a[href^="help/"]')
            shown = opened.value
            shown.wait_for_load_state("load", timeout=120_000)
            # The teacher says yes where the hub asks (as b2fe58a's Open made them).
            if "/hub/api/oauth2/authorize" in shown.url and shown.locator("form [type=submit]").count():
                shown.locator("form [type=submit]").first.click()
                shown.wait_for_load_state("load", timeout=120_000)
            deadline = time.time() + 20
            while time.time() < deadline and not shown.title().startswith("attacked") and not blocked:
                shown.wait_for_timeout(250)
            title, url = shown.title(), shown.url
            shown.screenshot(path=str(CLASS_HOME / "teacher-sees-a-notebook.png"))
        finally:
            browser.close()
    admin_after = teacher.api("GET", f"/hub/api/users/{bob.name}").json().get("admin")
    try:
        hub.student(alice.name).log_in()  # with the password the class gave her
        alice_logs_in = True
    except Exception:  # noqa: BLE001 (any failure to log in is the finding)
        alice_logs_in = False
    check(not title.startswith("attacked") and "/help/" in url and admin_before is False and admin_after is False
          and alice_logs_in,
          f"the teacher reading a pupil's notebook in Chromium runs nothing of hers: she is no admin "
          f"({admin_before} -> {admin_after}), her classmate's password still opens his account ({alice_logs_in}), "
          f"the page did nothing ({title!r} at {url.replace(hub.url, '')[:70]})")
    # Bob's notebook and home as they were, for the tests after this one.
    put_cells(bob, "notebooks/03-pick-15.ipynb", his)
    rust(bob, '{ let home = std::env::var("HOME").unwrap(); '
              'let _ = std::fs::remove_dir_all(format!("{home}/.pupil-page")); '
              'let _ = std::fs::remove_file(format!("{home}/.jupyter/jupyter_server_config.py")); '
              'let _ = std::fs::remove_dir_all(format!("{home}/.jupyter/jupyter_server_config.d")); }')


def updates_and_start_over(hub, alice, teacher):
    """Issue 22: the teacher changes a lesson and adds a notebook in the course; a student who
    edited a cell of that lesson gets both at their next start, with their own edit kept, and
    every merged notebook valid and running; then the page starts an exercise and a notebook
    over without losing the rest."""
    notebook = NOTEBOOK
    mine = cells_of(alice, notebook)
    code = [i for i, cell in enumerate(mine) if cell["cell_type"] == "code"]
    mine[code[1]]["source"] = "// Alice was here\nBoard::new()"
    put_cells(alice, notebook, mine)
    course = CLASS_HOME / "course"
    lesson = json.loads((course / notebook).read_text())
    markdown = [i for i, cell in enumerate(lesson["cells"]) if cell["cell_type"] == "markdown"]
    lesson["cells"][markdown[2]]["source"] = "## The Lo Shu magic square (changed by the teacher)\n"
    (course / notebook).write_text(json.dumps(lesson, indent=1, ensure_ascii=False) + "\n")
    new = json.loads((course / "notebooks/03-pick-15.ipynb").read_text())
    new["cells"] = new["cells"][:3]
    (course / "notebooks/11-new-lesson.ipynb").write_text(json.dumps(new, indent=1) + "\n")
    git = ["git", "-C", str(course), "-c", "user.name=Teacher", "-c", "user.email=teacher@school"]
    subprocess.run(git + ["add", "--all"], check=True)
    subprocess.run(git + ["commit", "--quiet", "-m", "A changed lesson and a new one"], check=True)
    alice.stop_server()
    alice.start_server()
    merged = cells_of(alice, notebook)
    sources = ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"] for cell in merged]
    added = alice.server("GET", "contents/notebooks/11-new-lesson.ipynb").status_code
    check(added == 200 and any("changed by the teacher" in s for s in sources)
          and "// Alice was here\nBoard::new()" in sources,
          f"after the teacher's commit, the student's next start brings the new notebook (HTTP {added}), the changed "
          f"heading, and keeps her own edit")
    import nbformat
    invalid = []
    for entry in alice.server("GET", "contents/notebooks").json()["content"]:
        if entry["name"].endswith(".ipynb"):
            try:
                nbformat.validate(nbformat.from_dict(alice.server("GET", f"contents/{entry['path']}").json()["content"]))
            except Exception as problem:
                invalid.append(f"{entry['name']}: {problem}")
    check(not invalid, f"every notebook in her folder is a valid notebook after the merge {invalid or ''}")
    outputs = alice.run_cells(["".join(c["source"]) for c in merged if c["cell_type"] == "code"])
    errors = [t for cells in outputs for kind, t in cells if kind == "error"]
    check(not errors and len(outputs) == len([c for c in merged if c["cell_type"] == "code"]),
          f"... and the merged notebook 01 runs through her kernel, every cell, without an error {errors[:1] or ''}")

    # Start over: exercise 2 of notebook 01, then the whole notebook.
    cells = cells_of(alice, notebook)
    ids = {cell.get("id"): i for i, cell in enumerate(cells)}
    exercise_two = [c for c in cells if c["cell_type"] == "code" and "triples_containing(5)" in "".join(c["source"])][0]
    exercise_two["source"] = "// my wrong try"
    put_cells(alice, notebook, cells)
    token = teacher.api("POST", f"{PAGE}/start-over", data={"student": alice.name, "what": f"{notebook}|2"},
                        allow_redirects=False)
    after = cells_of(alice, notebook)
    sources = ["".join(c["source"]) for c in after]
    check(token.status_code == 302 and "// my wrong try" not in sources
          and any("triples_containing(5)" in s for s in sources) and "// Alice was here\nBoard::new()" in sources
          and len(after) == len(ids),
          f"the page starts exercise 2 over: its cells are the course's again, her other edit stays (HTTP {token.status_code})")
    whole = teacher.api("POST", f"{PAGE}/start-over", data={"student": alice.name, "what": f"{notebook}|"},
                        allow_redirects=False)
    listing = [e["name"] for e in alice.server("GET", "contents/notebooks").json()["content"]]
    kept = [name for name in listing if name.startswith(f"{Path(NOTEBOOK).stem} (my work")]
    fresh = ["".join(c["source"]) for c in cells_of(alice, notebook)]
    kept_cells = ["".join(c["source"]) for c in cells_of(alice, f"notebooks/{kept[0]}")] if kept else []
    check(whole.status_code == 302 and "// Alice was here\nBoard::new()" not in fresh
          and "// Alice was here\nBoard::new()" in kept_cells,
          f"... and the whole notebook: the course's original is back, hers kept beside it ({kept})")
    log = (CLASS_HOME / "hub" / "class-page.log").read_text()
    check(f"started over\t{alice.name}\t{notebook} exercise 2" in log, "... both logged")

    # From the notebook itself: start_over() in a cell of notebook 01.
    cells = cells_of(alice, notebook)
    cells[-1]["source"] = "// my last notes"
    put_cells(alice, notebook, cells)
    prelude = alice.notebook_cells()[0]
    said = text(alice.run_cells([prelude, "let done = start_over();", 'println!("{} {}", done.is_done(), done.text());']))
    restored = ["".join(c["source"]) for c in cells_of(alice, notebook)]
    listing = [e["name"] for e in alice.server("GET", "contents/notebooks").json()["content"]]
    check(said.startswith("true The notebook is back as the course has it") and "// my last notes" not in restored
          and len([n for n in listing if n.startswith(f"{Path(NOTEBOOK).stem} (my work")]) == 2,
          f"start_over() in the notebook brings the course's original back and keeps hers beside it ({said[:90]!r})")


def collects_a_notebook(hub, alice, bob, teacher):
    """Issue 33: the teacher collects notebook 03 from every student, from the class page,
    without opening their servers: one zip named by student, each copy the student's own, the
    same files kept on the server, the collection logged; a student cannot collect."""
    notebook = "notebooks/03-pick-15.ipynb"
    for person in (alice, bob):
        cells = cells_of(person, notebook)
        first = next(cell for cell in cells if cell["cell_type"] == "code")
        first["source"] = f"// {person.name}'s own work"
        put_cells(person, notebook, cells)
    answer = teacher.api("POST", f"{PAGE}/collect", data={"notebook": notebook}, allow_redirects=False)
    copies = {}
    if answer.status_code == 200 and answer.headers.get("Content-Type") == "application/zip":
        with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
            copies = {name: archive.read(name).decode() for name in archive.namelist()}
    mine = {person.name: copies.get(f"03-pick-15/{person.name}.ipynb", "") for person in (alice, bob)}
    own = all(f"// {name}'s own work" in text_ and all(f"// {other}'s own work" not in text_ for other in mine if other != name)
              for name, text_ in mine.items())
    carol = copies.get(f"03-pick-15/{STUDENTS[2]}.ipynb", "")
    check(own and "own work" not in carol and json.loads(carol or "{}").get("cells"),
          f"the class page collects notebook 03 from every student, each copy their own ({sorted(copies)}, HTTP {answer.status_code})")
    kept = sorted((CLASS_HOME / "hub" / "collected").glob("03-pick-15 *"))
    on_server = sorted(p.name for p in kept[-1].iterdir()) if kept else []
    zipped = sorted(name.split("/", 1)[1] for name in copies)
    check(on_server == zipped and all(f"{name}.ipynb" in on_server for name in STUDENTS),
          f"... keeps the same copies on the server ({on_server})")
    log = (CLASS_HOME / "hub" / "class-page.log").read_text()
    check(f"{teacher.name}\tcollected\tthe class\t{notebook}" in log, "... and logs the collection")
    refused = alice.api("POST", f"{PAGE}/collect", data={"notebook": notebook}, allow_redirects=False)
    check(refused.status_code in (302, 403) and refused.headers.get("Content-Type") != "application/zip",
          f"a student cannot collect the class's notebooks (HTTP {refused.status_code})")


def teacher_tasks_from_the_page(hub, alice, teacher):
    """Issue 33: what the teacher did as root before a lesson, from the class page instead: warm
    the class now, a timetable that warms it by itself before a lesson, updated lessons brought
    in; each logged; a student may do none of it."""
    hub_state = CLASS_HOME / "hub"
    warm_log, page_log = hub_state / "warm.log", hub_state / "class-page.log"

    def warm_ups():
        text = warm_log.read_text() if warm_log.exists() else ""
        return re.split(r"(?m)^== ", text)[1:]

    def finished(before):
        runs = warm_ups()
        return len(runs) > before and re.search(r"(?m)^==> \d+ of \d+ students warm in", runs[-1])

    everyone = [line.split(",")[0] for line in (hub_state / "roster.csv").read_text().splitlines()[1:]
                if line.endswith(",student,") or ",student," in line]
    for name in everyone:  # nobody's server runs: the warm-up starts them
        teacher.api("DELETE", f"/hub/api/users/{name}/server")
    until_ready("the servers to stop", lambda: not any(server_running(teacher, name) for name in everyone), 120)
    before = len(warm_ups())
    answer = teacher.api("POST", f"{PAGE}/warm", allow_redirects=False)
    said = answer.headers.get("Location", "")
    done = until_ready("the class page's warm-up", lambda: finished(before), 600)
    summary_line = re.findall(r"(?m)^==> (.*)$", warm_ups()[-1]) if done else []
    check(answer.status_code == 302 and "Warming+the+class" in said and done
          and f"{len(everyone)} of {len(everyone)} students warm" in summary_line[-1],
          f"the class page warms the class (HTTP {answer.status_code}; {summary_line[-1:] or 'no summary'})")
    running = [name for name in everyone if server_running(teacher, name)]
    sessions = alice.server("GET", "sessions").json() if alice.name in running else []
    check(running == everyone and any(s.get("path", "").endswith(NOTEBOOK) for s in sessions),
          f"... every student's server runs, with notebook 01's kernel ({running})")
    page = teacher.api("GET", f"{PAGE}/")
    check(f"{len(everyone)} of {len(everyone)} students warm" in page.text,
          "... and the page says how the last warm-up went")
    check(f"{teacher.name}\twarmed\tthe class\tnow" in page_log.read_text(), "... logged")

    # A lesson ten minutes from now: its warm-up is due now, and the page starts it by itself.
    lesson = time.localtime(time.time() + 10 * 60)
    day = time.strftime("%a", lesson)
    refused = teacher.api("POST", f"{PAGE}/timetable", data={"lessons": f"{day} 9"}, allow_redirects=False)
    check(refused.status_code == 400 and "is not a day and a time" in refused.text
          and f'value="{day} 9"' in refused.text,
          f"a timetable the page cannot read is refused in a sentence, the field kept as typed (HTTP {refused.status_code})")
    huge = teacher.api("POST", f"{PAGE}/timetable", data={"lessons": f"{day} 09:00, " + "x" * 20_000},
                       allow_redirects=False)
    check(huge.status_code == 400 and "characters, more than a timetable" in huge.text,
          f"a 20 KB timetable is refused in a sentence, not with the proxy's 503 (HTTP {huge.status_code})")
    before = len(warm_ups())
    # The other lesson is half a day away, whatever the time of the run (a fixed "daily 03:00" was
    # due too in a run at 02:53, and warmed the class twice).
    later = time.strftime("%H:%M", time.localtime(time.time() + 12 * 3600))
    lessons = f"{day} {time.strftime('%H:%M', lesson)}, daily {later}"
    saved = teacher.api("POST", f"{PAGE}/timetable", data={"lessons": lessons}, allow_redirects=False)
    started = time.time()
    warmed = until_ready("the timetable's warm-up", lambda: finished(before), 300)
    check(saved.status_code == 302 and warmed and "the timetable, for" in warm_ups()[-1],
          f"a timetable with a lesson in 10 minutes warms the class by itself, "
          f"{time.time() - started:.0f} s after it was saved ({lessons})")
    check(f"the timetable\twarmed\tthe class\tfor {day} " in page_log.read_text()
          and (hub_state / "timetable.txt").read_text().startswith(f"{day} "),
          "... logged, and the timetable kept in the hub's folder")
    time.sleep(20)
    check(len(warm_ups()) == before + 1, "... once for that lesson")

    answer = teacher.api("POST", f"{PAGE}/update", allow_redirects=False)
    said = answer.headers.get("Location", "")
    check(answer.status_code == 302 and "Updated+lessons" in said and "git-pull" in requests.utils.unquote(said),
          f"the class page brings in updated lessons (`class.sh update`), with the link for students "
          f"({requests.utils.unquote(said)[:160]})")
    check(f"{teacher.name}\tbrought in\tthe class\tupdated lessons" in page_log.read_text(), "... logged")
    lesson = (CLASS_HOME / "course" / NOTEBOOK).read_text()
    check("changed by the teacher" in lesson,
          "... and the teacher's own committed change to notebook 01 is still in the course after it")
    for task in ("warm", "timetable", "update"):
        tried = alice.api("POST", f"{PAGE}/{task}", data={"lessons": "daily 01:00"}, allow_redirects=False)
        check(tried.status_code in (302, 403) and "done=" not in tried.headers.get("Location", ""),
              f"a student cannot {task} from the class page (HTTP {tried.status_code})")


def start_over_follows_no_link(hub, alice, teacher):
    """The class page runs as root and writes in a student's home: a symbolic link the student
    makes there must not lead it to write outside, and a pipe in place of the progress file must
    not stall the page."""
    canary = CLASS_HOME / "hub" / "canary.txt"
    canary.write_text("the hub's own file\n")
    def notebooks_in_hub():
        return sorted(p.name for p in (CLASS_HOME / "hub").iterdir() if p.name.endswith((".ipynb", ".partial")))

    before = notebooks_in_hub()
    second = sorted(p.name for p in (CLASS_HOME / "course" / "notebooks").glob("02-*.ipynb"))[0]
    code = (
        '{\nlet home = std::env::var("HOME").unwrap_or_default();\n'
        f'let partial = format!("{{home}}/magic-tictactoe/notebooks/{second}.partial");\n'
        'let _ = std::fs::remove_file(&partial);\n'
        f'let a = std::os::unix::fs::symlink("{canary}", &partial).is_ok();\n'
        'let backups = format!("{home}/.magic-tictactoe/before-start-over");\n'
        'let _ = std::fs::remove_dir_all(&backups);\n'
        f'let b = std::os::unix::fs::symlink("{CLASS_HOME / "hub"}", &backups).is_ok();\n'
        'println!("{} {}", a, b);\n}'
    )
    said = text(alice.run_cells([code]))
    check(said.split()[:2] == ["true", "true"], f"{alice.name}'s code plants links to the hub's folder in her home ({said!r})")
    whole = teacher.api("POST", f"{PAGE}/start-over", data={"student": alice.name, "what": f"notebooks/{second}|"},
                        allow_redirects=False)
    one = teacher.api("POST", f"{PAGE}/start-over",
                      data={"student": alice.name, "what": f"{NOTEBOOK}|2"}, allow_redirects=False)
    after = notebooks_in_hub()
    restored = alice.server("GET", f"contents/notebooks/{second}").status_code
    check(canary.read_text() == "the hub's own file\n" and after == before and restored == 200
          and whole.status_code == 302 and "Nothing+changed" in one.headers.get("Location", ""),
          f"starting over follows no link: the hub's files are untouched, {second} is back, and the exercise "
          f"whose backup folder is a link is refused ({one.headers.get('Location', '')[:90]})")
    fifo = ('{\nlet home = std::env::var("HOME").unwrap_or_default();\n'
            'let file = format!("{home}/.magic-tictactoe/progress.jsonl");\n'
            'let _ = std::fs::remove_file(&file);\n'
            'let made = std::process::Command::new("mkfifo").arg(&file).status().is_ok_and(|s| s.success());\n'
            'println!("{}", made);\n}')
    said = text(alice.run_cells([fifo]))
    started = time.time()
    table = teacher.api("GET", f"{PAGE}/table", timeout=30)
    check(said.split()[:1] == ["true"] and table.status_code == 200 and time.time() - started < 10,
          f"a pipe in place of her progress file does not stall the page (HTTP {table.status_code} in "
          f"{time.time() - started:.1f} s)")
    canary.unlink()


def class_page_accessible(hub, teacher):
    """The class page passes axe-core (WCAG 2 A/AA) in the light and the dark theme, in headless
    Chromium, at projector size; the screenshots are kept in CLASS_HOME for the docs."""
    from accessibility_test import AXE
    from jupyterlab_test import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    run = """async () => {
        const result = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
                                                resultTypes: ['violations', 'incomplete']});
        return result.violations.map(v => v.id + ' (' + v.nodes.length + ')').concat(
            result.incomplete.filter(v => v.id === 'color-contrast').map(v => 'contrast not checked (' + v.nodes.length + ')'));
    }"""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        try:
            for scheme in ("light", "dark"):
                # A 1280-pixel projector at 1.5x: 853 CSS pixels across.
                page = browser.new_page(viewport={"width": 853, "height": 600}, device_scale_factor=1.5,
                                        color_scheme=scheme)
                page.goto(f"{hub.url}/hub/login?next={PAGE}/", timeout=120_000)
                page.fill("#username_input", teacher.name)
                page.fill("#password_input", teacher.password)
                page.click("#login_submit")
                page.wait_for_selector("#table table", timeout=120_000)
                page.add_script_tag(path=str(AXE))
                problems = page.evaluate(run)
                wide = page.evaluate("document.documentElement.scrollWidth")
                page.screenshot(path=str(CLASS_HOME / f"class-page-{scheme}.png"), full_page=True)
                check(not problems, f"the class page passes axe-core (WCAG 2 A/AA) in the {scheme} theme {problems or ''}")
                check(wide <= 853, f"... and fits a 1280-pixel projector at 1.5x ({wide} of 853 px; the table scrolls in its box)")
                page.close()
        finally:
            browser.close()
