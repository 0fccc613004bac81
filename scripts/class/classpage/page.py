"""The page's HTML: inline styles for the light and the dark theme, the table that refreshes
itself, and the forms."""

import html
import json
import time
from urllib.parse import quote

from classadmin import roster

from . import accounts, lms, tasks
from .collect import COLLECTED
from .course import course_notebooks, exercises
from .records import ago, logged, people, plural, short
from .settings import LOG, REFRESH_SECONDS

# Light and dark, both WCAG AA (4.5:1 for text): ink on paper, and the marks' colours on both.
STYLE = """
:root { color-scheme: light dark; --paper: #ffffff; --ink: #1b1b1b; --soft: #4a4a4a; --line: #8a8a8a;
  --right: #0b6b2b; --right-bg: #e3f4e8; --wrong: #a3161d; --wrong-bg: #fbe6e6; --link: #0b57b0; --head: #eef1f5; }
@media (prefers-color-scheme: dark) {
  :root { --paper: #121417; --ink: #f0f0f0; --soft: #c4c4c4; --line: #7a7a7a;
    --right: #7fe0a0; --right-bg: #123321; --wrong: #ff9a9a; --wrong-bg: #3d1518; --link: #8cc2ff; --head: #20242a; }
}
body { background: var(--paper); color: var(--ink); font: 20px/1.45 system-ui, sans-serif; margin: 24px; }
h1 { font-size: 32px; margin: 0 0 4px; } h2 { font-size: 24px; margin: 28px 0 8px; }
a { color: var(--link); }
.soft { color: var(--soft); }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin-top: 12px; }
tbody th, thead th:first-child { position: sticky; left: 0; background: var(--paper); }
th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; }
thead th { background: var(--head); }
td.mark { text-align: center; font-weight: 700; min-width: 3.2em; }
td.right { color: var(--right); background: var(--right-bg); }
td.wrong { color: var(--wrong); background: var(--wrong-bg); }
.stuck { color: var(--wrong); font-weight: 700; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
form { margin-top: 8px; } select, button, input { font: inherit; padding: 4px 8px; max-width: 100%; }
.message { border: 2px solid var(--line); padding: 8px 12px; max-width: 60em; white-space: pre-line; }
form.inline { display: inline; margin: 0; }
"""

# Swaps in the new table every few seconds, without reloading the page (a reload would lose
# the teacher's scroll position and the form's choices).
SCRIPT = """
async function refresh() {
  try {
    const answer = await fetch('table', {credentials: 'same-origin'});
    if (answer.ok) { document.getElementById('table').innerHTML = await answer.text(); }
  } catch (error) { /* the next refresh tries again */ }
}
setInterval(refresh, %d);
""" % (REFRESH_SECONDS * 1000)


def e(value):
    return html.escape(str(value), quote=True)


def table_html(table):
    if not table.students:
        return "<p>No students yet.</p>"
    parts = [f'<p class="soft">Updated {e(time.strftime("%H:%M:%S"))}; refreshes every {REFRESH_SECONDS} s. '
             f'&#x2714; right (on the attempt shown), &#x2718; not yet (attempts so far). "See" shows the student\'s '
             'notebook as they last saved it, in a new tab, at its exercises: a copy to read, in which nothing runs.</p>',
             '<div class="scroll" tabindex="0" role="region" aria-label="The class by exercises">'
             '<table><caption class="visually-hidden">The class by exercises</caption><thead><tr>'
             '<th scope="col">Student</th><th scope="col">Last check</th><th scope="col">Help</th>']
    for column in table.columns:
        parts.append(f'<th scope="col"><abbr title="{e(short(column[0]))}: {e(table.question(column))}">'
                     f'{e(table.labels[column])}</abbr></th>')
    parts.append("</tr></thead><tbody>")
    for student in table.students:
        last = table.last(student)
        stuck = ' <span class="stuck">(stuck?)</span>' if table.stuck(student) else ""
        name = table.names.get(student, student)
        shown = e(student) if name == student else f'{e(name)} <span class="soft">({e(student)})</span>'
        parts.append(f'<tr data-login="{e(student)}"><th scope="row">{shown}{stuck}</th>')
        if last:
            parts.append(f'<td>{e(ago(last["time"]))}, {e(short(last["notebook"]))}</td>')
            parts.append(f'<td><a href="help/{quote(student)}" target="_blank" rel="noopener">See {e(student)}\'s '
                         f'{e(short(last["notebook"]))}</a></td>')
        else:
            parts.append('<td class="soft">no check yet</td>'
                         f'<td><a href="help/{quote(student)}" target="_blank" rel="noopener">See {e(student)}\'s notebook</a></td>')
        for column in table.columns:
            attempts, right = table.state(student, column)
            if not attempts:
                parts.append('<td class="mark"><span class="visually-hidden">not tried</span></td>')
            elif right:
                parts.append(f'<td class="mark right">&#x2714; {attempts}'
                             f'<span class="visually-hidden"> right on attempt {attempts}</span></td>')
            else:
                parts.append(f'<td class="mark wrong">&#x2718; {attempts}'
                             f'<span class="visually-hidden"> not yet right after {plural(attempts, "attempt")}</span></td>')
        parts.append("</tr>")
    parts.append("</tbody></table></div>")
    if table.columns:
        parts.append('<h2>The exercises</h2><dl>')
        for column in table.columns:
            parts.append(f"<dt>{e(table.labels[column])} ({e(short(column[0]))})</dt><dd>{e(table.question(column))}</dd>")
        parts.append("</dl>")
    return "".join(parts)


def start_over_choices():
    """The form's choices: each course notebook whole, then each of its exercises."""
    choices = []
    for path in course_notebooks():
        name = f"notebooks/{path.name}"
        choices.append(f'<option value="{e(name)}|">{e(path.stem)}: the whole notebook</option>')
        try:
            for number, words, _ in exercises(json.loads(path.read_text())):
                choices.append(f'<option value="{e(name)}|{number}">{e(path.stem)}: exercise {number} '
                               f'({e(words)})</option>')
        except ValueError:
            continue
    return "".join(choices)


def collect_choices():
    return "".join(f'<option value="notebooks/{e(path.name)}">{e(path.stem)}</option>' for path in course_notebooks())


def done_in_words(who, action, student, what):
    """One line of the page's log in words: "mt-teacher opened ada's notebooks/01-...",
    "the timetable warmed the class for Mon 09:00"."""
    said = LOGGED.get(action, "{who} {action} {student}'s {what}")
    return said.format(who=who, action=action, student=student, what=what)


# How the page's log says each action (any other: "WHO ACTION STUDENT's WHAT").
LOGGED = {
    "set the timetable": "{who} set the timetable: {what}",
    "warmed": "{who} warmed {student} {what}",
    "brought in": "{who} brought in {what}",
    "added": "{who} added {student} to {what}",
    "gave a new password to": "{who} gave {student} a new password",
    "took out of the class": "{who} took {student} ({what}) out of the class",
    "handed out": "{who} handed out the first passwords",
}


def students_html(xsrf, waiting, me):
    """`me`'s students: each with a new password and taking them out of the class; adding
    students; the first passwords waiting to be printed."""
    form = f'<input type="hidden" name="_xsrf" value="{e(xsrf)}">'
    rows = []
    for person in people():
        if person.role != "student" or not me.teaches(person.login):
            continue
        rows.append(
            f'<tr><th scope="row">{e(person.name)}</th><td>{e(person.login)}</td><td>{e(person.klass)}</td><td>'
            f'<form method="post" action="students/password" class="inline">{form}'
            f'<input type="hidden" name="login" value="{e(person.login)}">'
            f'<button type="submit">New password for {e(person.name)}</button></form> '
            f'<form method="post" action="students/remove" class="inline">{form}'
            f'<input type="hidden" name="login" value="{e(person.login)}">'
            f'<label><input type="checkbox" name="sure" value="yes" required> sure</label> '
            f'<button type="submit">Take {e(person.name)} out of the class</button></form></td></tr>')
    table = ('<div class="scroll" tabindex="0" role="region" aria-label="The students"><table>'
             '<caption class="visually-hidden">The students</caption><thead><tr><th scope="col">Name</th>'
             '<th scope="col">Login</th><th scope="col">Class</th><th scope="col">Account</th></tr></thead>'
             f'<tbody>{"".join(rows)}</tbody></table></div>') if rows else "<p>No students yet.</p>"
    slips = ""
    if waiting:
        slips = (f'<p><strong>{plural(len(waiting), "first password")} to hand out:</strong> '
                 '<a href="slips" target="_blank" rel="noopener">print the slips</a>, cut them and give each student '
                 f'theirs; then <form method="post" action="slips/forget" class="inline">{form}'
                 '<button type="submit">forget these passwords</button></form> (the students keep them).</p>')
    return f"""<h2>Students</h2>
{slips}
<p>A student who forgot their password gets a new one here (the old one stops working); a student taken out
of the class can no longer log in, and their work is kept on the server.</p>
{table}
<form method="post" action="students/add">
{form}
<label for="names">Add students: their names, one a line (or rows of a spreadsheet with a heading row such as
name,login,class)</label><br>
<textarea id="names" name="names" rows="3" cols="40" maxlength="20000"></textarea><br>
{class_field(me)}
<button type="submit">Add them</button>
</form>"""


def class_field(me):
    """The class new students join: typed by a teacher of the whole hub, chosen among their own
    by a teacher of named classes."""
    if me.whole:
        return '<label for="klass">Class</label> <input id="klass" name="klass" size="12" maxlength="60">'
    options = "".join(f'<option value="{e(klass)}">{e(klass)}</option>' for klass in me.classes)
    return f'<label for="klass">Class</label> <select id="klass" name="klass">{options}</select>'


def timetable_html(xsrf, lessons, klass=""):
    """The timetable's form: the whole hub's, or the class `klass`'s."""
    field = f"lessons-{roster.group_name(klass)}" if klass else "lessons"
    whose = klass or "the class"
    return f"""<form method="post" action="timetable">
<input type="hidden" name="_xsrf" value="{e(xsrf)}">
{f'<input type="hidden" name="klass" value="{e(klass)}">' if klass else ''}
<label for="{e(field)}">{e(klass) + "'s lessons" if klass else "Lessons"}, a day and a time each (such as Mon 09:00,
Wed 13:30), in the server's time zone ({e(tasks.time_zone())}); {e(whose)} is warmed {tasks.ahead().seconds // 60}
minutes before each:</label><br>
<input id="{e(field)}" name="lessons" size="32" maxlength="{tasks.MAX_TIMETABLE}" value="{e(lessons[:tasks.MAX_TIMETABLE])}">
<button type="submit">Save {e(klass) + "'s" if klass else "the"} timetable</button>
</form>"""


def saved_lessons(group=""):
    return ", ".join(tasks.lesson_words(lesson) for lesson in tasks.timetable(group))


def whole_hub_html(xsrf, lessons):
    """The timetable and the updated lessons: they act on every class of the hub, so only a
    teacher of the whole hub sees them."""
    return f"""{timetable_html(xsrf, lessons)}
<form method="post" action="update">
<input type="hidden" name="_xsrf" value="{e(xsrf)}">
<button type="submit">Bring in updated lessons</button>
<span class="soft">the crate's notebooks as they are on the server now; each student gets them when their server
next starts, their own work kept</span>
</form>"""


def lms_html(me):
    """What went to the LMS's gradebook for the teacher's students, and what waits to go."""
    rows = "".join(f"<tr><th scope=\"row\">{e(student)}</th><td>{e(notebook)}</td><td>{e(words)}</td></tr>"
                   for student, notebook, words in lms.sent_rows(me)[:200])
    return f"""<h2>Scores in the LMS</h2>
<p>Each notebook is a line item of the course in the LMS; a pupil's score is how many of its exercises they have got
right, sent when it changes. A score the LMS did not take waits here and goes again within a minute.</p>
{f'<div class="scroll"><table id="lms"><thead><tr><th scope="col">Student</th><th scope="col">Notebook</th>'
 f'<th scope="col">Score</th></tr></thead><tbody>{rows}</tbody></table></div>' if rows
 else '<p class="soft" id="lms">None sent yet.</p>'}"""


def page_html(me, xsrf, message, table, lessons=None, typed_for=""):
    """The whole page for the teacher `me` (records.Teacher): the table of their students, the
    start-over and collect forms (with the request's xsrf token) and the log; `message` says what
    the last action did. `lessons`: the timetable's field as the teacher typed it, when it was
    refused (else the saved timetable), for the class `typed_for` (else the whole hub's)."""
    hubs = lessons if lessons is not None and not typed_for else saved_lessons()
    classes = "".join(timetable_html(xsrf, lessons if lessons is not None and typed_for == klass
                                     else saved_lessons(roster.group_name(klass)), klass)
                      for klass in ([] if me.whole else me.classes))
    people = "".join(f'<option value="{e(s)}">{e(s)}</option>' for s in table.students)
    openings = "".join(f"<li>{e(row[0])}: {e(done_in_words(*row[1:]))}</li>"
                       for row in logged(me.sees)) or '<li class="soft">none yet</li>'
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The class: magic-tictactoe</title><style>{STYLE}</style></head>
<body><main>
<h1>{"The class" if me.whole else e(", ".join(me.classes))}</h1>
<p class="soft">Signed in as {e(me.login)}. Only you see this page. <a href="progress.csv">Download the table (CSV)</a></p>
{f'<p class="message" role="status">{e(message)}</p>' if message else ''}
<div id="table">{table_html(table)}</div>
{students_html(xsrf, accounts.waiting(me), me)}
<h2>Start over</h2>
<p>Brings back the course's original of a notebook, or of one exercise's cells; the rest of the student's work
stays, and their version is kept. Ask them to reload the notebook (File, Reload Notebook from Disk).</p>
<form method="post" action="start-over">
<input type="hidden" name="_xsrf" value="{e(xsrf)}">
<label for="student">Student</label> <select id="student" name="student">{people}</select>
<label for="what">What</label> <select id="what" name="what">{start_over_choices()}</select>
<button type="submit">Start over</button>
</form>
<h2>Collect</h2>
<p>Every student's copy of one notebook, as they last saved it, in one zip named by student (also kept on the
server, in {e(COLLECTED)}); their servers need not be running.</p>
<form method="post" action="collect">
<input type="hidden" name="_xsrf" value="{e(xsrf)}">
<label for="notebook">Notebook</label> <select id="notebook" name="notebook">{collect_choices()}</select>
<button type="submit">Collect (zip)</button>
</form>
<h2>Before the lesson</h2>
<p>A warm class has every student's server started and notebook 01's kernel ready, so that the first board comes
as soon as they log in. Last warm-up: {e(tasks.last_warm_up(tasks.warm_key(me)))}</p>
<form method="post" action="warm">
<input type="hidden" name="_xsrf" value="{e(xsrf)}">
<button type="submit">Warm {"the class" if me.whole else e(", ".join(me.classes))} now</button>
</form>
{classes}
{whole_hub_html(xsrf, hubs) if me.whole else ""}
{lms_html(me) if lms.enabled() else ""}
<h2>Done from this page</h2>
<ul>{openings}</ul>
<p class="soft">The log is {e(LOG)} on the server.</p>
</main><script>{SCRIPT}</script></body></html>"""


def pick_html(me, xsrf, message=""):
    """The teacher's choice of lessons for the LMS (deep linking): each course notebook, with
    how many exercises its line item counts."""
    choices = []
    for path in course_notebooks():
        count = len(exercises(json.loads(path.read_text())))
        choices.append(f'<li><label><input type="checkbox" name="notebook" value="{e(path.stem)}"> {e(path.stem)}'
                       f' <span class="soft">({e(plural(count, "exercise"))} in the gradebook)</span></label></li>'
                       if count else f'<li><label><input type="checkbox" name="notebook" value="{e(path.stem)}"> '
                       f'{e(path.stem)} <span class="soft">(no exercises: no gradebook column)</span></label></li>')
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lessons for the LMS: magic-tictactoe</title><style>{STYLE}</style></head>
<body><main>
<h1>Lessons for the LMS</h1>
<p class="soft">Signed in as {e(me.login)}. Each notebook you choose becomes a link in your course that opens it,
and a column of the course's gradebook: a pupil's score is how many of its exercises they have got right.</p>
{f'<p class="message" role="alert">{e(message)}</p>' if message else ''}
<form method="post" action="pick">
<input type="hidden" name="_xsrf" value="{e(xsrf)}">
<fieldset><legend>Notebooks</legend><ul style="list-style: none; padding-left: 0">{"".join(choices)}</ul></fieldset>
<button type="submit">Add to the course</button>
</form>
</main></body></html>"""


def back_to_lms_html(url, signed):
    """Sends the signed choice back to the LMS (a form the browser posts by itself)."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Back to the LMS</title><style>{STYLE}</style></head>
<body onload="document.forms[0].submit()"><main>
<form method="post" action="{e(url)}"><input type="hidden" name="JWT" value="{e(signed)}">
<p>Taking your lessons back to the LMS...</p><button type="submit">Back to the LMS</button></form>
</main></body></html>"""
