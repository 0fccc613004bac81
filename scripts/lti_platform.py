"""An LTI 1.3 platform (the LMS's side: Moodle's, Canvas's) on 127.0.0.1, for the class server's
tests: lti1p3platform's platform code (registration, login initiation, the launch's signed
id_token) served by a small Flask app, so that the hub's LTI login (ltiauthenticator) is tested
against the protocol as an LMS speaks it, not a mock of our own.

    with Platform(hub_url) as lms:
        lms.launch_url("olive", ["...membership#Learner"], "7B")   # where a browser starts a launch

A launch goes as in an LMS: the browser opens the platform's /launch (a student clicking a
lesson's link), which sends it to the hub's login initiation URL; the hub sends it back to the
platform's /authorize with a state and a nonce; the platform answers with a form that posts the
signed id_token to the hub. The platform's LTI Advantage services are lti1p3platform's too: its
token endpoint (the tool's signed client-credentials grant, checked against the tool's key set
at the hub), each course's names and roles (`members`) and its line items and scores
(`lineitems`, `scores`: what reached the gradebook); `down` makes them answer 503, as an LMS
being restarted does. `fault` makes the platform send what an attacker or a broken LMS
would: an id_token signed with another key (under that key's id, or forged under the platform's),
expired, or for another client (audience); and the last launch's form is kept to be posted again
(`last_post`, a replay).
"""

import logging
import threading
import uuid
import zlib
from html import escape

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from flask import Flask, jsonify, redirect, request
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.membership import Context
from lti1p3platform.oidc_login import OIDCLoginAbstract
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request
from lti1p3platform.score import UpdateScoreStatus
from lti1p3platform.service_connector import AssignmentsGradesService, NamesRoleProvisioningService
from werkzeug.serving import make_server

CLIENT_ID = "magic-tictactoe"
DEPLOYMENT_ID = "school-1"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
TEACHING_ASSISTANT = "http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"
ADMINISTRATOR = "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator"


def key_pair():
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo).decode()
    return private, public


class FlaskRequest(Request):
    def build_metadata(self, flask_request):
        return {"method": flask_request.method, "form_data": dict(flask_request.form),
                "get_data": dict(flask_request.args), "headers": dict(flask_request.headers),
                "content_type": flask_request.content_type, "path": flask_request.path,
                "json": flask_request.get_json(force=True, silent=True)}


def user_id(login):
    """The platform's own id of a user: not their login (as in Moodle, a number; in Canvas, a
    UUID), so that a score under the wrong id shows."""
    return f"u{zlib.crc32(login.encode()):010d}"


def answer(response):
    """A Flask answer from lti1p3platform's Response."""
    import json
    body = json.dumps(response.result) if response.result is not None else response.message
    return body, response.code, {"Content-Type": response.media_type}


class Platform:
    """The platform, listening on 127.0.0.1 while the `with` block runs."""

    def __init__(self, tool_url):
        self.tool_url = tool_url.rstrip("/")
        self.launches = {}  # lti_message_hint -> who is launching, as what, in which course
        self.fault = None  # "signature", "expired", "audience"
        self.last_post = None  # (the hub's URL, the form) of the last launch, for a replay
        self.members = {}  # course -> [(login, name, roles)]: its class list (names and roles)
        self.lineitems = {}  # course -> [line item]
        self.scores = []  # (course, line item id, score): every score the gradebook took
        self.down = False  # the services answer 503
        self.links = []  # (course, content item): the lessons teachers linked (deep linking)
        logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request in the test's log
        self.server = make_server("127.0.0.1", 0, self.app(), threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        private, public = key_pair()
        self.other_private, _ = key_pair()
        self.registration = (Registration().set_iss(self.url).set_client_id(CLIENT_ID)
                             .set_deployment_id(DEPLOYMENT_ID)
                             .set_oidc_login_url(f"{self.tool_url}/hub/lti13/oauth_login")
                             # The lesson's link: the launch opens notebook 01.
                             .set_launch_url(f"{self.tool_url}/hub/user-redirect/lab/tree/notebooks/01-magic-square.ipynb")
                             .set_platform_public_key(public).set_platform_private_key(private)
                             .set_tool_key_set_url(f"{self.tool_url}/services/class/lti/jwks")
                             .set_deeplink_launch_url(f"{self.tool_url}/services/class/lti/pick"))
        self.private = private

    def __enter__(self):
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.server.shutdown()
        self.thread.join(timeout=10)

    # What the hub is told about the platform (ltiauthenticator's settings).
    @property
    def authorize_url(self):
        return f"{self.url}/authorize"

    @property
    def jwks_url(self):
        return f"{self.url}/jwks"

    @property
    def token_url(self):
        return f"{self.url}/token"

    def launch_url(self, user, roles, course, name=None, target=None, deep=False, label=None):
        """Where a browser starts a launch of the course's lesson as `user` with `roles`; `target`:
        the link's own target on the hub (a path, or a whole URL), else the registration's
        (notebook 01); `deep`: a deep linking request instead (a teacher adding a lesson in the
        LMS's editor), to the registration's deep linking URL; `label`: the course's label, when it
        is not its name (another course labelled like one of the class's)."""
        hint = uuid.uuid4().hex
        self.launches[hint] = {"user": user, "roles": list(roles), "course": course, "name": name or user,
                               "label": label or course,
                               "target": (target if "://" in target else f"{self.tool_url}{target}") if target else None,
                               "deep": deep}
        return f"{self.url}/launch?hint={hint}"

    def app(self):
        app = Flask("lti-platform")
        platform = self

        class Conf(LTI1P3PlatformConfAbstract):
            def init_platform_config(self, **kwargs):
                pass

            def get_registration_by_params(self, **kwargs):
                return platform.registration

        class Login(OIDCLoginAbstract):
            def set_lti_message_hint(self, **kwargs):
                self._lti_message_hint = kwargs["hint"]

            def get_redirect(self, url):
                return redirect(url)

        class Launch(LTIAdvantageMessageLaunchAbstract):
            def render_launch_form(self, launch_data, **kwargs):
                platform.last_post = (launch_data["launch_url"], {"id_token": launch_data["id_token"],
                                                                  "state": launch_data["state"]})
                fields = "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">'
                                 for k, v in platform.last_post[1].items())
                return (f'<!DOCTYPE html><html><body onload="document.forms[0].submit()">'
                        f'<form method="post" action="{escape(launch_data["launch_url"])}">{fields}'
                        '<button type="submit">Continue</button></form></body></html>')

            def get_launch_message(self, include_extra_claims=True):
                message = super().get_launch_message(include_extra_claims)
                if platform.fault == "audience":
                    message["aud"] = message["azp"] = "another-tool"
                return message

        def course_of(course):
            if course not in platform.members:
                return None
            return Context(id=f"course-{course}", label=course, title=f"Computing {course}")

        class Members(NamesRoleProvisioningService):
            def __init__(self, asked, course):
                super().__init__(asked, Conf(), f"{platform.url}/courses/{course}/members")
                self.platform_config.get_registration()
                self.course = course

            def get_context_by_id(self):
                return course_of(self.course)

            def is_resource_link_valid(self, context_id, resource_link_id):
                return resource_link_id == "lesson-01"

            def get_member_data_page(self, **asked):
                found = []
                for login, name, roles in platform.members[self.course]:
                    member = {"user_id": user_id(login), "name": name, "email": f"{login}@school.example",
                              "roles": list(roles), "status": "Active"}
                    if asked.get("rlid"):  # one link's members: with the custom parameters it gives
                        member["message"] = [{"https://purl.imsglobal.org/spec/lti/claim/custom": {"username": login}}]
                    found.append(member)
                return {"content": found, "has_next": False}

        class Grades(AssignmentsGradesService):
            def __init__(self, asked, course):
                super().__init__(asked, Conf(), f"{platform.url}/courses/{course}/lineitems")
                self.platform_config.get_registration()
                self.course = course

            def find_lineitems(self, **asked):
                items = [i for i in platform.lineitems.setdefault(self.course, [])
                         if asked.get("resource_id") in (None, i["resourceId"])]
                return {"content": items, "has_next": False}

            def create_lineitem(self, creation_data):
                items = platform.lineitems.setdefault(self.course, [])
                item = {**creation_data, "id": f"{platform.url}/courses/{self.course}/lineitems/{len(items) + 1}"}
                items.append(item)
                return item

            def update_score(self, line_item_id, score):
                platform.scores.append((self.course, line_item_id, score))
                return UpdateScoreStatus.SUCCESS

            find_lineitem = update_lineitem = delete_lineitem = get_results = None

        def service(handle):
            if platform.down:
                return "the LMS is being restarted", 503
            return answer(handle())

        @app.post("/token")
        def token():
            if platform.down:
                return "the LMS is being restarted", 503
            conf = Conf()
            conf.get_registration()
            try:
                return jsonify(conf.get_access_token(dict(request.form)))
            except Exception as error:  # noqa: BLE001 (a refused grant)
                return jsonify({"error": "invalid_client", "error_description": str(error)}), 400

        @app.get("/courses/<course>/members")
        def members(course):
            return service(lambda: Members(FlaskRequest(request), course).handle_get_members())

        @app.route("/courses/<course>/lineitems", methods=["GET", "POST"])
        def lineitems(course):
            grades = Grades(FlaskRequest(request), course)
            return service(grades.handle_create_lineitem if request.method == "POST" else grades.handle_get_lineitems)

        @app.post("/courses/<course>/lineitems/<item>/scores")
        def scores(course, item):
            return service(lambda: Grades(FlaskRequest(request), course).handle_update_score(
                f"{platform.url}/courses/{course}/lineitems/{item}"))

        @app.post("/deep-link-return")
        def deep_link_return():
            """The tool's answer to a deep linking request: its signed choice of links, each
            kept as the course's link, with its line item made in the gradebook."""
            import jwt
            conf = Conf()
            conf.get_registration()
            try:
                items = conf.validate_deeplinking_resp(dict(request.form))
                said = jwt.decode(request.form["JWT"], options={"verify_signature": False})
            except Exception as error:  # noqa: BLE001 (refused)
                return f"refused: {escape(str(error))}", 400
            if said.get("aud") != platform.url or said.get("iss") != CLIENT_ID:
                return "refused: not for this platform", 400
            course = (said.get("https://purl.imsglobal.org/spec/lti-dl/claim/data") or {}).get("course")
            for item in items:
                platform.links.append((course, item))
                if item.get("lineItem"):
                    items_ = platform.lineitems.setdefault(course, [])
                    items_.append({**item["lineItem"], "id": f"{platform.url}/courses/{course}/lineitems/{len(items_) + 1}"})
            return f"<!DOCTYPE html><html><body><p>{len(items)} linked</p></body></html>"

        @app.get("/jwks")
        def jwks():
            conf = Conf()
            conf.get_registration()
            return jsonify(conf.get_jwks())

        @app.get("/launch")
        def launch():
            hint = request.args["hint"]
            login = Login(FlaskRequest(request), Conf())
            login.set_lti_message_hint(hint=hint)
            if platform.launches[hint]["deep"]:
                login.set_deeplinking_launch_url()
            elif platform.launches[hint]["target"]:
                login.set_launch_url(platform.launches[hint]["target"])
            return login.initiate_login(platform.launches[hint]["user"])

        @app.route("/authorize", methods=["GET", "POST"])
        def authorize():
            asked = FlaskRequest(request)
            hint = asked.get_data.get("lti_message_hint") or asked.form_data.get("lti_message_hint")
            who = platform.launches.get(hint)
            if who is None:
                return "unknown launch", 400
            conf = Conf()
            conf.get_registration()
            message = Launch(asked, conf)
            message.set_user_data(user_id(who["user"]), who["roles"], full_name=who["name"],
                                  email_address=f"{who['user']}@school.example", preferred_username=who["user"])
            message.set_custom_parameters_claim({"username": who["user"]})  # Moodle's username=$User.username
            course = who["course"]
            message.set_nrps(f"{platform.url}/courses/{course}/members")
            message.set_ags(f"{platform.url}/courses/{course}/lineitems", allow_creating_lineitems=True)
            message.set_launch_context_claim(f"course-{who['course']}", context_title=f"Computing {who['course']}",
                                             context_label=who["label"])
            message.set_resource_link_claim("lesson-01", title="01: the magic square")
            if who["target"]:
                message.set_launch_url(who["target"])
            if who["deep"]:
                message.set_dl(f"{platform.url}/deep-link-return", title="Add a lesson", extra_data={"course": course})
            if platform.fault == "expired":
                message.set_id_token_expiration(-600)  # expired ten minutes ago
            key, kid = platform.registration.get_platform_private_key(), platform.registration.get_kid()
            if platform.fault in ("signature", "forged"):
                # Another key signs: under its own key id, or (forged) under the platform's.
                platform.registration.set_platform_private_key(platform.other_private)
                if platform.fault == "forged":
                    platform.registration.get_kid = lambda: kid
            try:
                return message.lti_launch()
            finally:
                platform.registration.set_platform_private_key(key)
                platform.registration.__dict__.pop("get_kid", None)

        return app
