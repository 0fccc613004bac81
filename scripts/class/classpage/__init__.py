"""The teacher's class page (scripts/class/class_page.py starts it), one concern a module:

- settings: where the class's files are, from the hub's environment, and a student's home
  (its files are read and written through classadmin.homes, which never follows a link);
- records: the students' checks and the class by exercises (the table and its CSV), and the
  page's log;
- course: the course's notebooks, their exercises, and starting a student's notebook over;
- page: the page's HTML, styles and refresh;
- tasks: the teacher's tasks before a lesson: warm the class, the timetable, updated lessons;
- handlers: the web requests, behind the hub's login, for the teacher only.
"""
