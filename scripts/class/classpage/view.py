"""A student's notebook as the teacher sees it from the class page: read from the student's home
(no link followed, regular files only, as the page reads the progress records), turned into one
page by nbconvert, and sent with a policy under which nothing of the student's runs.

Why not her live server: everything a student's server serves is on the hub's own origin, and a
student can make it serve any page she likes (her own Jupyter config, a lab extension, or a
program of hers listening at her server's port). Opened under the teacher's login, such a page
ran with the teacher's cookies, read the hub's XSRF token and acted as the teacher (issue 69:
the teacher's click made the student the hub's admin). So the class page never sends a teacher
to a student's server; it shows her saved notebook here, and the teachers' roles hold no
access:servers on students' servers.

The page's Content-Security-Policy starts with `sandbox`, without allow-scripts: the browser runs
no script in it (nbconvert's own included), gives it an opaque origin of its own (no cookie of
the hub's is readable from it, nothing it sends carries the teacher's session as same-origin),
and lets it submit no form; `default-src 'none'` loads nothing from anywhere, so the styles and
the pictures (inline styles, data: images) are all it shows. The boards keep their colours: the
pictures are HTML with inline styles, as the notebooks make them for a reopened notebook.
"""

import html
import re

from classadmin.homes import read_in

from .collect import MOST_BYTES, NOTEBOOK
from .settings import WORK, home

# Policy of the view's responses (see above).
POLICY = ("sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; "
          "form-action 'none'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def notebook_html(student, notebook):
    """The page that shows `student`'s saved copy of `notebook` (a path in her folder, such as
    notebooks/03-pick-15.ipynb). OSError when she has none; ValueError when it is no notebook
    or too large to show."""
    if not NOTEBOOK.fullmatch(notebook):
        raise ValueError(f"{notebook} is not one of the course's notebooks")
    folder = home(student)
    if folder is None:
        raise FileNotFoundError(f"{student} has no folder yet (their server has never started)")
    data = read_in(folder, f"{WORK}/{notebook}", MOST_BYTES + 1)
    if len(data) > MOST_BYTES:
        raise ValueError(f"{student}'s {notebook} is over {MOST_BYTES >> 20} MB, too large to show here: "
                         "collect it from the class page instead")
    import nbformat
    from nbconvert import HTMLExporter
    try:
        parsed = nbformat.reads(data.decode("utf-8"), as_version=4)
    except (UnicodeDecodeError, ValueError, nbformat.reader.NotJSONError) as problem:
        raise ValueError(f"{student}'s {notebook} is not a notebook JupyterLab can open ({problem})") from None
    exporter = HTMLExporter(template_name="lab")
    page, _ = exporter.from_notebook_node(parsed, resources={"metadata": {"name": f"{student}: {notebook}"}})
    banner = ('<div role="note" style="margin:0 0 1em 0;padding:0.6em 1em;border:2px solid #1a5fb4;'
              'border-radius:6px;background:#e8f0fb;color:#111;font:16px/1.4 sans-serif">'
              f'<strong>{html.escape(student)}</strong>\'s {html.escape(notebook)} as last saved: a copy to read. '
              'Nothing in it runs here; to run a cell with them, ask them to show you their screen.</div>')
    return re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + banner, page, count=1)
