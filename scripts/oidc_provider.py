"""A school's OpenID Connect provider on 127.0.0.1 for the tests (school_test.py):
oidc-provider-mock, with two things real providers do that it does not.

- It keeps a session in the browser, as Google, Microsoft Entra and a school's Keycloak do: once
  someone has signed in, the next sign-in from that browser goes straight through, with no form,
  until the session is ended (RP-initiated logout, its end_session endpoint, confirmed). That is
  what a shared school computer meets.
- `--claims id_token` gives a provider shaped like Microsoft Entra: the user info answers with the
  subject alone, and every other claim (names, groups) is in the ID token only.

    python scripts/oidc_provider.py --port N [--claims userinfo|id_token]

Users are set as with oidc-provider-mock: PUT /users/SUB with their claims as JSON.
"""

import argparse
import io
import json
from http.cookies import SimpleCookie
from urllib.parse import unquote_plus, urlencode

import werkzeug.serving
from oidc_provider_mock import app as provider_app

SESSION = "school-session"


def with_sessions(app):
    """The provider, keeping who signed in (a cookie) until their session is ended."""

    def middleware(environ, start_response):
        path, method = environ.get("PATH_INFO", ""), environ.get("REQUEST_METHOD", "GET")
        cookie = SimpleCookie(environ.get("HTTP_COOKIE", ""))
        signed_in = cookie[SESSION].value if SESSION in cookie else ""
        extra = []
        if path == "/oauth2/authorize" and method == "GET" and signed_in:
            # Straight through: the form, answered for the one signed in.
            body = urlencode({"sub": signed_in}).encode()
            environ = dict(environ, REQUEST_METHOD="POST", CONTENT_TYPE="application/x-www-form-urlencoded",
                           CONTENT_LENGTH=str(len(body)))
            environ["wsgi.input"] = io.BytesIO(body)
        elif path == "/oauth2/authorize" and method == "POST":
            form = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
            environ["wsgi.input"] = io.BytesIO(form)
            fields = dict(pair.split("=", 1) for pair in form.decode().split("&") if "=" in pair)
            if fields.get("sub") and fields.get("action") != "deny":
                extra.append(("Set-Cookie", f"{SESSION}={unquote_plus(fields['sub'])}; Path=/; HttpOnly"))
        elif path == "/oauth2/end_session/confirm" and method == "POST":
            extra.append(("Set-Cookie", f"{SESSION}=; Path=/; Max-Age=0"))

        def start(status, headers, exc_info=None):
            return start_response(status, headers + extra, exc_info)

        return app(environ, start)

    return middleware


def subject_only_userinfo(flask_app):
    """User info that names the subject alone: the claims are in the ID token only."""
    view = next(name for name in flask_app.view_functions if name.endswith(".userinfo"))
    full = flask_app.view_functions[view]

    def userinfo():
        answer = full()
        if getattr(answer, "status_code", 200) == 200 and answer.is_json:
            answer.set_data(json.dumps({"sub": answer.get_json()["sub"]}))
        return answer

    flask_app.view_functions[view] = userinfo


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--claims", choices=("userinfo", "id_token"), default="userinfo")
    args = parser.parse_args()
    flask_app = provider_app()
    if args.claims == "id_token":
        subject_only_userinfo(flask_app)
    server = werkzeug.serving.make_server("127.0.0.1", args.port, with_sessions(flask_app), threaded=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
