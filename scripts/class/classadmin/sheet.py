"""Password slips: one page of slips to print and cut, one a student, each with where to log in,
the name, the login and the password. The class page serves it to the teacher; `class.sh slips`
writes it for the technician."""

import html


def e(value):
    return html.escape(str(value), quote=True)


STYLE = """
body { font: 16px/1.4 system-ui, sans-serif; margin: 16px; color: #111; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; }
.note { margin: 0 0 14px; color: #333; }
.slips { display: flex; flex-wrap: wrap; gap: 0; }
.slip { box-sizing: border-box; width: 50%; padding: 12px 16px; border: 1px dashed #555;
  break-inside: avoid; page-break-inside: avoid; }
.slip .who { font-size: 18px; font-weight: 700; }
.slip dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 6px 0 0; }
.slip dt { color: #333; } .slip dd { margin: 0; font-family: ui-monospace, monospace; font-size: 18px; }
.slip .then { font-size: 14px; color: #333; margin-top: 6px; }
@media print { .noprint { display: none; } body { margin: 0; } }
"""


def sheet(slips, url="", title="Passwords to hand out"):
    """The HTML page of `slips` (dicts with login, name, class, password)."""
    where = e(url) if url else "the class's address"
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{e(title)}</title>"
             f"<style>{STYLE}</style></head><body>",
             f"<h1>{e(title)}</h1>",
             f'<p class="note noprint">{len(slips)} slip{"" if len(slips) == 1 else "s"}: print this page '
             "(Ctrl+P), cut along the dashed lines and give each student theirs. A student can choose a "
             "password of their own after logging in: Change password, on the hub's menu.</p>"]
    if not slips:
        parts.append("<p>No passwords wait to be handed out.</p>")
    parts.append('<div class="slips">')
    for s in sorted(slips, key=lambda s: (s.get("class", ""), s.get("name", "").casefold())):
        parts.append(
            '<div class="slip">'
            f'<div class="who">{e(s["name"])}</div>'
            f'<div>{e(s.get("class", ""))}{" (teacher)" if s.get("role") == "teacher" else ""}</div>'
            f"<dl><dt>Log in at</dt><dd>{where}</dd>"
            f"<dt>Login</dt><dd>{e(s['login'])}</dd>"
            f"<dt>Password</dt><dd>{e(s['password'])}</dd></dl>"
            '<div class="then">Keep it to yourself. Forgotten? Your teacher can give you a new one.</div>'
            "</div>")
    parts.append("</div></body></html>")
    return "".join(parts)
