"""A school's OpenID Connect provider on 127.0.0.1 for the tests (school_test.py):
oidc-provider-mock, with two things real providers do that it does not.

- It keeps a session in the browser, as Google, Microsoft Entra and a school's Keycloak do: once
  someone has signed in, the next sign-in from that browser goes straight through, with no form,
  until the session is ended (RP-initiated logout, its end_session endpoint, confirmed). That is
  what a shared school computer meets.
- `--claims id_token` gives a provider shaped like Microsoft Entra: the user info answers with the
  subject alone, and every other claim (names, groups) is in the ID token only.

And as a certified provider (panva's oidc-provider) does: a sign-in asked with `prompt=login`
shows the form even to a browser with a session, and with `--post-logout-uri URI` a logout that
names any other post_logout_redirect_uri is refused ("post_logout_redirect_uri not registered")
and ends no session (the URI is registered with `PUT /logout-uri` {"uri": URI}, as a school's
technician registers it with the client).

For the tests of the hub's checks, `PUT /forge` with {"kind": K} makes the next token response's
ID token a forged one: `wrong-iss`, `future-nbf` and `other-sub` signed with the provider's own
key, `other-key` signed with a key of nobody's, `alg-none` unsigned (and naming class-admins).

    python scripts/oidc_provider.py --port N [--claims userinfo|id_token]

Users are set as with oidc-provider-mock: PUT /users/SUB with their claims as JSON.
"""

import argparse
import io
import json
import time
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, unquote_plus, urlencode

import werkzeug.serving
from oidc_provider_mock import app as provider_app

SESSION = "school-session"


def with_sessions(app):
    """The provider, keeping who signed in (a cookie) until their session is ended."""
    registered = []  # the client's post-logout redirect URI, once registered

    def middleware(environ, start_response):
        path, method = environ.get("PATH_INFO", ""), environ.get("REQUEST_METHOD", "GET")
        cookie = SimpleCookie(environ.get("HTTP_COOKIE", ""))
        signed_in = cookie[SESSION].value if SESSION in cookie else ""
        query = parse_qs(environ.get("QUERY_STRING", ""))
        extra = []
        if path == "/logout-uri" and method == "PUT":
            registered[:] = [json.loads(environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0)))["uri"]]
            start_response("204 No Content", [])
            return [b""]
        if path == "/oauth2/end_session" and query.get("post_logout_redirect_uri", registered)[:1] != registered[:1]:
            start_response("400 Bad Request", [("Content-Type", "text/plain")])
            return [b"post_logout_redirect_uri not registered"]
        if path == "/oauth2/authorize" and method == "GET" and signed_in and query.get("prompt") != ["login"]:
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


def forging(flask_app):
    """PUT /forge {"kind": K}: the next token response carries a forged ID token (see above)."""
    import flask
    import jwt
    from cryptography.hazmat.primitives.asymmetric import rsa
    from oidc_provider_mock._storage import storage

    asked = []

    @flask_app.put("/forge")
    def forge():
        asked[:] = [flask.request.get_json()["kind"]]
        return "", 204

    @flask_app.after_request
    def forged(response):
        if flask.request.path != "/oauth2/token" or not asked or response.status_code != 200:
            return response
        kind = asked.pop()
        body = response.get_json()
        header = jwt.get_unverified_header(body["id_token"])
        claims = jwt.decode(body["id_token"], options={"verify_signature": False})
        key = jwt.algorithms.RSAAlgorithm.from_jwk(json.dumps(storage.jwk.as_dict(is_private=True)))
        if kind == "wrong-iss":
            claims["iss"] = "http://127.0.0.1:9"
        elif kind == "future-nbf":
            claims["nbf"] = int(time.time()) + 3600
        elif kind == "other-sub":
            claims["sub"] = "someone-else@school.example"
        elif kind == "other-key":
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        claims["groups"] = ["class-admins"]  # what a forger would ask for
        named = {"kid": header["kid"]} if header.get("kid") else None  # the key it names, as the real token does
        if kind == "alg-none":
            body["id_token"] = jwt.encode(claims, None, algorithm="none", headers=named)
        else:
            body["id_token"] = jwt.encode(claims, key, algorithm="RS256", headers=named)
        response.set_data(json.dumps(body))
        return response


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--claims", choices=("userinfo", "id_token"), default="userinfo")
    args = parser.parse_args()
    flask_app = provider_app()
    if args.claims == "id_token":
        subject_only_userinfo(flask_app)
    forging(flask_app)
    server = werkzeug.serving.make_server("127.0.0.1", args.port, with_sessions(flask_app), threaded=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
