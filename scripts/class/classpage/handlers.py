"""The page's web requests, behind the hub's login: only users with the scope
access:services!service=class (the teacher, the hub's admin) get past it."""

import time
from urllib.parse import quote, urlencode

from tornado.ioloop import IOLoop

from jupyterhub.services.auth import HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import web

from classadmin import roster
from hubclient import NOTEBOOK

from . import accounts, lms, tasks, view
from .collect import collect
from .course import exercises_heading, start_over
from .page import back_to_lms_html, page_html, pick_html, table_html
from .records import Table, Teacher, log
from .settings import PREFIX

class Handler(HubOAuthenticated, web.RequestHandler):
    def teacher(self):
        return self.get_current_user()["name"]

    def me(self):
        """The signed-in teacher and the students they may see (records.Teacher): a teacher of a
        class reaches their class's students only, on every page and action."""
        user = self.get_current_user()
        me = Teacher.signed_in(user["name"])
        if not me.whole and not me.classes:
            raise web.HTTPError(403, f"{user['name']} teaches no class on this hub")
        return me

    def student_of(self, me, login):
        """`login`, when it is one of `me`'s students; else a 404 that says nothing of other classes."""
        if not me.teaches(login):
            raise web.HTTPError(404, f"{login} is not in your class")
        return login

    def whole_hub(self, me, what):
        """Acts on every class of the hub: for its admin only."""
        if not me.whole:
            raise web.HTTPError(403, f"{what} acts on every class of the hub: the hub's admin does it")


class PageHandler(Handler):
    @web.authenticated
    def get(self):
        xsrf = self.xsrf_token.decode() if isinstance(self.xsrf_token, bytes) else self.xsrf_token
        me = self.me()
        self.write(page_html(me, xsrf, self.get_argument("done", ""), Table(me.students)))


class TableHandler(Handler):
    @web.authenticated
    def get(self):
        self.set_header("Cache-Control", "no-store")
        self.write(table_html(Table(self.me().students)))


class CsvHandler(Handler):
    @web.authenticated
    def get(self):
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-{time.strftime("%Y-%m-%d")}.csv"')
        self.write(Table(self.me().students).csv())


class HelpHandler(Handler):
    """"See": the student's notebook that she checked an exercise in last, at its exercises, as
    the view renders it (classpage/view.py); never her live server."""

    @web.authenticated
    def get(self, student):
        self.student_of(self.me(), student)
        last = Table([student]).last(student)
        notebook = last["notebook"] if last else NOTEBOOK
        anchor = exercises_heading(notebook, last["exercise"]) if last else ""
        where = url_path_join(PREFIX, "help", student, *notebook.split("/"))
        self.redirect(where + ("#" + quote(anchor, safe="-:") if anchor else ""))


class ViewHandler(Handler):
    @web.authenticated
    async def get(self, student, notebook):
        self.student_of(self.me(), student)
        try:
            page = await IOLoop.current().run_in_executor(None, view.notebook_html, student, notebook)
        except (OSError, ValueError) as problem:
            raise web.HTTPError(404, str(problem)) from None
        log(self.teacher(), "opened", student, notebook)
        for name, value in view.HEADERS.items():
            self.set_header(name, value)
        self.write(page)


class StartOverHandler(Handler):
    @web.authenticated
    def post(self):
        student = self.get_argument("student")
        notebook, _, number = self.get_argument("what").partition("|")
        self.student_of(self.me(), student)
        try:
            done = start_over(student, notebook, int(number) if number else None)
            log(self.teacher(), "started over", student, f"{notebook}{' exercise ' + number if number else ''}")
        except (ValueError, OSError) as problem:
            done = f"Nothing changed: {problem}."
        self.redirect("./?" + urlencode({"done": done}))


class CollectHandler(Handler):
    """One notebook from every student, as a zip to download (and kept on the server)."""

    @web.authenticated
    def post(self):
        notebook = self.get_argument("notebook")
        try:
            data, name, said = collect(notebook, self.me().students)
        except (ValueError, OSError) as problem:
            self.redirect("./?" + urlencode({"done": f"Nothing collected: {problem}."}))
            return
        log(self.teacher(), "collected", "the class", notebook)
        self.set_header("Content-Type", "application/zip")
        self.set_header("Content-Disposition", f'attachment; filename="{name}"')
        self.set_header("X-Collected", said)
        self.write(data)


class WarmHandler(Handler):
    """`class.sh warm` for the whole class, now, in the background."""

    @web.authenticated
    def post(self):
        me = self.me()
        if tasks.warm(f"from the page, by {me.login}", () if me.whole else me.students, tasks.warm_key(me)):
            log(me.login, "warmed", "the class" if me.whole else ", ".join(me.classes), "now")
            done = ("Warming the class: every student's server starts with notebook 01's kernel ready. "
                    "It takes about a minute for a few students, a few minutes for thirty; this page says when it is done.")
        else:
            done = "A warm-up is running already; this page says when it is done."
        self.redirect("./?" + urlencode({"done": done}))


class TimetableHandler(Handler):
    """The lessons a class (a teacher's own, `klass`) or the whole hub (its admin's) is warmed
    before, by itself."""

    @web.authenticated
    def post(self):
        me = self.me()
        klass = self.get_argument("klass", "")
        if not klass:
            self.whole_hub(me, "The hub's timetable")
        elif not me.whole and roster.group_name(klass) not in {roster.group_name(c) for c in me.classes}:
            raise web.HTTPError(404, f"{klass} is not your class")
        typed = self.get_argument("lessons", "")
        try:
            lessons = tasks.save_timetable(typed, klass)
        except ValueError as problem:
            # The page again, with the field as the teacher typed it, to mend rather than retype.
            xsrf = self.xsrf_token.decode() if isinstance(self.xsrf_token, bytes) else self.xsrf_token
            self.set_status(400)
            self.write(page_html(me, xsrf, f"The timetable is unchanged: {problem}.", Table(me.students), typed, klass))
            return
        said = ", ".join(tasks.lesson_words(lesson) for lesson in lessons) or "no lessons"
        log(self.teacher(), "set the timetable", klass or "the class", said)
        minutes = tasks.ahead().seconds // 60
        whose = klass or "The class"
        done = (f"Timetable{' of ' + klass if klass else ''}: {said}. {whose} is warmed {minutes} minutes before each "
                "lesson." if lessons else f"The timetable is empty: {whose.lower() if not klass else klass} is warmed "
                "only when you ask.")
        self.redirect("./?" + urlencode({"done": done}))


class UpdateHandler(Handler):
    """`class.sh update`: the course gets the crate's notebooks as they are now."""

    @web.authenticated
    async def post(self):
        self.whole_hub(self.me(), "Bringing in updated lessons")
        try:
            said = await IOLoop.current().run_in_executor(None, tasks.update)
            log(self.teacher(), "brought in", "the class", "updated lessons")
            done = f"Updated lessons: {said}"
        except (OSError, ValueError) as problem:
            done = f"Nothing changed: {problem}."
        self.redirect("./?" + urlencode({"done": done}))


class AddStudentsHandler(Handler):
    """Students added to the class: their accounts at once, and their slips to print."""

    @web.authenticated
    async def post(self):
        text = self.get_argument("names", "")
        klass = self.get_argument("klass", "")
        try:
            said, made = await IOLoop.current().run_in_executor(None, accounts.add, text, klass, self.me())
        except accounts.Problem as problem:
            self.redirect("./?" + urlencode({"done": f"Nobody was added. {problem}"}))
            return
        if not made:
            self.redirect("./?" + urlencode({"done": said}))
            return
        log(self.teacher(), "added", ", ".join(s["login"] for s in made), klass or "the class")
        self.write(accounts.slips_page(made, "New students: their passwords"))


class PasswordHandler(Handler):
    """A new password for a student who forgot theirs: set at once, shown once, as a slip."""

    @web.authenticated
    async def post(self):
        login = self.student_of(self.me(), self.get_argument("login", ""))
        try:
            made = await IOLoop.current().run_in_executor(None, accounts.new_password, login)
        except accounts.Problem as problem:
            self.redirect("./?" + urlencode({"done": f"The password is unchanged: {problem}."}))
            return
        log(self.teacher(), "gave a new password to", login, "")
        self.set_header("Cache-Control", "no-store")
        self.write(accounts.slips_page([made], f"A new password for {made['name']}"))


class RemoveHandler(Handler):
    """A student taken out of the class: no login, no server; their work kept."""

    @web.authenticated
    async def post(self):
        login = self.student_of(self.me(), self.get_argument("login", ""))
        if self.get_argument("sure", "") != "yes":
            self.redirect("./?" + urlencode({"done": f"{login} is still in the class: tick 'sure' to take them out."}))
            return
        try:
            person = await IOLoop.current().run_in_executor(None, accounts.remove, login)
        except accounts.Problem as problem:
            self.redirect("./?" + urlencode({"done": f"{login} is still in the class: {problem}."}))
            return
        log(self.teacher(), "took out of the class", login, person.name)
        self.redirect("./?" + urlencode({"done": f"{person.name} ({login}) is no longer in the class: they cannot "
                                                  "log in, and their work is kept on the server."}))


class SlipsHandler(Handler):
    """The first passwords still to hand out, as slips to print."""

    @web.authenticated
    def get(self):
        self.set_header("Cache-Control", "no-store")
        self.write(accounts.slips_page(accounts.waiting(self.me())))


class ForgetSlipsHandler(Handler):
    @web.authenticated
    def post(self):
        accounts.forget(self.me())
        log(self.teacher(), "handed out", "the class", "first passwords")
        self.redirect("./?" + urlencode({"done": "The first passwords are forgotten here; the students keep theirs."}))


class JwksHandler(web.RequestHandler):
    """The tool's public key set, for the school's LMS to check the tool's signed requests
    (classpage/lms.py): public, as a key set is; nothing else is without the hub's login."""

    def get(self):
        self.set_header("Content-Type", "application/json")
        self.write(lms.jwks())


class PickHandler(Handler):
    """Deep linking: the teacher, come from the LMS's editor, picks lessons (classpage/lms.py)."""

    @web.authenticated
    def get(self):
        me = self.me()
        if not lms.pending_link(me.login):
            raise web.HTTPError(404, "no lesson is waiting to be linked: add the tool to a course in the LMS first")
        xsrf = self.xsrf_token.decode() if isinstance(self.xsrf_token, bytes) else self.xsrf_token
        self.write(pick_html(me, xsrf))

    @web.authenticated
    def post(self):
        me = self.me()
        try:
            url, signed = lms.lesson_links(me.login, self.get_arguments("notebook"), accounts.public_url())
        except lms.LmsError as problem:
            xsrf = self.xsrf_token.decode() if isinstance(self.xsrf_token, bytes) else self.xsrf_token
            self.set_status(400)
            self.write(pick_html(me, xsrf, f"Nothing linked: {problem}."))
            return
        log(me.login, "linked lessons", "the class", ", ".join(self.get_arguments("notebook")))
        self.write(back_to_lms_html(url, signed))
