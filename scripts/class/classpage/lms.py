"""The school's LMS's services (LTI Advantage), for a hub whose pupils and teachers come from it
(class.sh --lti with --lti-token): the class list from the LMS, and scores back to it.

- **The class list** (names and roles, NRPS): each course's members become the hub's users in
  its class's group (a Learner) or its teachers' group (an Instructor, a TeachingAssistant), so
  the teacher sees the whole class on the class page, and warms and collects it, before any pupil
  has launched. Where a course's list is comes in a launch (the teacher's link to the class page
  is enough); it is read again every few minutes.
- **Scores** (assignment and grade services, AGS): each course notebook is a line item of the
  course ("01-magic-square: exercises", made once, found again by its resource id); a pupil's
  score on it is how many of its exercises they have got right (from their checks, as the class
  page's table counts them) out of how many it has. A score goes when it changes, under the LMS
  user id of the pupil's own signed launch, never another's (a pupil who has not launched yet
  has none, and gets none). What the LMS has acknowledged is kept (lms-sent.json); a score it
  did not take (the LMS down, an error) waits, shown on the page, and goes at the next round.
  Nothing is lost: the checks stay in the pupil's own file, and every round sends what differs
  from what the LMS acknowledged.
- **Lessons linked from the LMS** (deep linking): a teacher adding the tool to a course in the
  LMS's editor lands on the class page's lti/pick, chooses notebooks, and each goes back to the
  LMS (signed) as a link that opens that notebook, with its line item (its exercises' count as
  its maximum), which the scores then go to.

The tool signs its requests for a token (the client-credentials grant with a signed JWT, as the
LTI security framework says) with its own key (lti-tool-key.pem, made by class.sh, root's only);
the LMS reads its public half from the page's public address lti/jwks.
"""

import hashlib
import json
import os
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import quote, urlsplit

import jwt
import requests
from cryptography.hazmat.primitives import serialization
from jwt.algorithms import RSAAlgorithm

from classadmin import accounts, identities, logins, roster

from .course import course_notebooks, exercise_number, exercises
from .records import Table, log, names, short, stamp
from .settings import HUB

TOKEN_URL = os.environ.get("MAGIC_CLASS_LTI_TOKEN_URL", "")
CLIENT_ID = os.environ.get("MAGIC_CLASS_LTI_CLIENT_ID", "")
USERNAME_KEY = os.environ.get("MAGIC_CLASS_LTI_USERNAME_KEY", "preferred_username")
KEY = HUB / "lti-tool-key.pem"
SENT = HUB / "lms-sent.json"
NAMES = HUB / "lms-names.json"
LIST_EVERY_SECONDS = 300
SCOPES = {"members": "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
          "lineitem": "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
          "score": "https://purl.imsglobal.org/spec/lti-ags/scope/score"}
TAG = "magic-tictactoe"


def enabled():
    return bool(TOKEN_URL and CLIENT_ID and KEY.exists())


def read_json(path, empty):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return empty


def write_json(path, value):
    new = Path(path).with_suffix(".new")
    new.write_text(json.dumps(value, indent=1, sort_keys=True))
    os.chmod(new, 0o600)
    new.replace(path)


# ------------------------------------------------------------------------------------------
# The tool's key and its token from the LMS.

def private_key():
    return serialization.load_pem_private_key(KEY.read_bytes(), password=None)


def key_id():
    """The key's id: the first 16 hex digits of the SHA-256 of its public half (DER)."""
    der = private_key().public_key().public_bytes(serialization.Encoding.DER,
                                                  serialization.PublicFormat.SubjectPublicKeyInfo)
    return hashlib.sha256(der).hexdigest()[:16]


def jwks():
    """The tool's public key set, as the LMS reads it to check the tool's signature."""
    if not KEY.exists():
        return {"keys": []}
    key = json.loads(RSAAlgorithm.to_jwk(private_key().public_key()))
    key.update({"kid": key_id(), "alg": "RS256", "use": "sig"})
    return {"keys": [key]}


class Lms:
    """The LMS's services with an access token of the tool's (one per set of scopes, renewed a
    minute before it ends)."""

    def __init__(self):
        self.http = requests.Session()
        self.tokens = {}

    def token(self, scopes):
        held = self.tokens.get(scopes)
        if held and held[1] > time.time() + 60:
            return held[0]
        now = int(time.time())
        assertion = jwt.encode({"iss": CLIENT_ID, "sub": CLIENT_ID, "aud": TOKEN_URL, "iat": now, "exp": now + 300,
                                "jti": uuid.uuid4().hex}, private_key(), algorithm="RS256",
                               headers={"kid": key_id()})
        answer = self.http.post(TOKEN_URL, timeout=30, data={
            "grant_type": "client_credentials",
            "client_assertion_type": "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
            "client_assertion": assertion, "scope": scopes})
        if answer.status_code != 200:
            raise LmsError(f"the LMS gave no token (HTTP {answer.status_code} from {TOKEN_URL})")
        got = answer.json()
        self.tokens[scopes] = (got["access_token"], time.time() + float(got.get("expires_in", 3600)))
        return got["access_token"]

    def call(self, method, url, scope, accept, **kwargs):
        headers = {"Authorization": f"Bearer {self.token(scope)}", "Accept": accept}
        headers.update(kwargs.pop("headers", {}))
        answer = self.http.request(method, url, headers=headers, timeout=30, **kwargs)
        if answer.status_code == 401:
            self.tokens.clear()  # revoked or expired early: the next call asks for a new one
        if answer.status_code >= 300:
            raise LmsError(f"the LMS answered HTTP {answer.status_code} to {method} {url}")
        return answer


class LmsError(Exception):
    """What went wrong with the LMS, as a sentence for the page."""


# ------------------------------------------------------------------------------------------
# The class list.

def members(lms, course):
    """Every member of a course (following the list's pages), as NRPS gives them; a course's
    resource link is named, so a platform gives each member's custom parameters too."""
    url = course["memberships"] + (("&" if "?" in course["memberships"] else "?") + f"rlid={quote(course['link'])}"
                                   if course.get("link") and USERNAME_KEY.startswith("custom_") else "")
    found = []
    for _ in range(100):  # pages
        answer = lms.call("GET", url, SCOPES["members"], "application/vnd.ims.lti-nrps.v2.membershipcontainer+json")
        found += answer.json().get("members", [])
        url = answer.links.get("next", {}).get("url") or answer.json().get("next")
        # The next page is the LMS's own: the tool's token goes nowhere else.
        if not url or urlsplit(url).netloc != urlsplit(course["memberships"]).netloc:
            break
    return found


def bring_in_members(lms, klass, course, hub):
    """The course's members on the hub, each in the groups their roles give (a new one added),
    and their names as the LMS gives them (lms-names.json, for the page); returns (added,
    members the LMS names no login for)."""
    added, nameless = [], 0
    known = {u["name"] for u in hub.api("GET", "/users").json()}
    names = read_json(NAMES, {})
    for member in members(lms, course):
        groups = logins.member_groups(member, klass)
        if member.get("status", "Active") != "Active" or not groups:
            continue
        # The member is who their launch would be (the LMS's issuer, the deployment and their
        # user id), with the hub name that person has, or gets now (classadmin.identities).
        try:
            person = identities.identity("lti", course.get("issuer"), course.get("deployment"), member.get("user_id"))
            login = identities.bind(HUB, person, logins.member_login(member, USERNAME_KEY) or "")
        except identities.Refusal:
            nameless += 1
            continue
        if login not in known:
            answer = hub.api("POST", f"/users/{login}")
            if answer.status_code not in (201, 409):
                raise LmsError(f"the hub did not add {login}: HTTP {answer.status_code}")
            added.append(login)
        for group in groups:
            hub.join(login, group)
        if member.get("name"):
            names[login] = str(member["name"])[:roster.MAX_NAME]
    write_json(NAMES, names)
    return added, nameless


# ------------------------------------------------------------------------------------------
# Scores.

def course_exercises():
    """{notebook stem: the numbers of its exercises} of the course's notebooks (read once a
    round, not once a pupil)."""
    return {path.stem: {n for n, _, _ in exercises(json.loads(path.read_text()))} for path in course_notebooks()}


def scores_of(student, numbers):
    """{notebook stem: (right, exercises, time of the last check)} for each course notebook the
    student has checked an exercise of; `numbers`: course_exercises(). Right counts each of the
    notebook's own exercises once, whatever its records call it ("2", "02", its checking call),
    and a record naming no exercise of the notebook counts for nothing."""
    table = Table([student])
    right, last = {}, {}
    for column in table.columns:
        stem = short(column[0])
        if not numbers.get(stem):
            continue
        times = [r["time"] for r in table.records[student] if (r["notebook"], r["exercise"]) == column]
        last[stem] = max([last.get(stem, 0), *times])
        number = exercise_number(column[0], column[1])
        if table.state(student, column)[1] and number in numbers[stem]:
            right.setdefault(stem, set()).add(number)
    return {stem: (len(right.get(stem, ())), len(numbers[stem]), when) for stem, when in last.items()}


def line_item(lms, course, stem, maximum, items):
    """The line item of a notebook in the course: found by its resource id, else made (`items`:
    those found this round, by the course's gradebook and the notebook)."""
    if (course["lineitems"], stem) in items:
        return items[(course["lineitems"], stem)]
    answer = lms.call("GET", course["lineitems"], SCOPES["lineitem"],
                      "application/vnd.ims.lis.v2.lineitemcontainer+json",
                      params={"resource_id": stem, "tag": TAG})
    body = answer.json()
    found = [i for i in (body if isinstance(body, list) else body.get("content", body.get("lineitems", [])))
             if i.get("resourceId") == stem]
    if not found:
        answer = lms.call("POST", course["lineitems"], SCOPES["lineitem"], "application/vnd.ims.lis.v2.lineitem+json",
                          json={"label": f"{stem}: exercises", "scoreMaximum": maximum, "resourceId": stem, "tag": TAG},
                          headers={"Content-Type": "application/vnd.ims.lis.v2.lineitem+json"})
        found = [answer.json()]
    items[(course["lineitems"], stem)] = found[0]["id"]
    return found[0]["id"]


def send_scores(lms, launches, sent):
    """Sends each score that differs from what the LMS acknowledged; records each acknowledged
    one in `sent`, and each one not taken as waiting, with why (once the LMS is found down, the
    rest of the round waits too, without asking it again)."""
    items, down, numbers = {}, None, course_exercises()
    for login, person in sorted(launches.get("people", {}).items()):
        course = launches.get("courses", {}).get(person.get("class"), {})
        if not person.get("sub") or not course.get("lineitems") or person.get("class") not in roster_classes():
            continue
        for stem, (right, maximum, when) in scores_of(login, numbers).items():
            key = f"{login}/{stem}"
            was = sent.get(key, {})
            # Sent again when anything differs: the score, or where it goes (the pupil's id at the
            # LMS, the course's gradebook: a hub moved to another LMS or course sends afresh).
            entry = {"right": right, "of": maximum, "class": person["class"], "login": login, "notebook": stem,
                     "sub": person["sub"], "gradebook": course["lineitems"]}
            if was.get("acknowledged") and not was.get("waiting") and all(was.get(k) == v for k, v in entry.items()):
                continue
            entry["acknowledged"] = was.get("acknowledged")
            try:
                if down:
                    raise LmsError(down)
                item = line_item(lms, course, stem, maximum, items)
                path, _, query = item.partition("?")
                lms.call("POST", path.rstrip("/") + "/scores" + (f"?{query}" if query else ""), SCOPES["score"],
                         "application/json", headers={"Content-Type": "application/vnd.ims.lis.v1.score+json"}, json={
                             "userId": person["sub"], "scoreGiven": right, "scoreMaximum": maximum,
                             "activityProgress": "Completed" if right == maximum else "InProgress",
                             "gradingProgress": "FullyGraded",
                             "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(when))})
                entry["acknowledged"] = time.time()
                log("lms", "score", login, f"{stem}: {right} of {maximum} sent to the LMS")
            except Exception as error:  # noqa: BLE001 (the LMS down, a timeout, a refusal: all wait)
                why = str(error) if isinstance(error, LmsError) else f"the LMS did not answer ({type(error).__name__})"
                if not isinstance(error, LmsError) or "no token" in why:
                    down = why
                entry.update({"waiting": why, "tried": time.time()})
            sent[key] = entry


def roster_classes():
    return {g for g in os.environ.get("MAGIC_CLASS_CLASSES", "").split(",") if g}


# ------------------------------------------------------------------------------------------
# One round: the class lists when due, then the scores; in a thread of its own, one at a time.

class Rounds:
    def __init__(self):
        self.lock = threading.Lock()
        self.listed = {}  # class -> when its list was last read
        self.said = {}  # class -> why its list was last not read
        self.lms = None

    def start(self):
        """Starts a round in the background, unless one runs."""
        if enabled() and self.lock.acquire(blocking=False):
            threading.Thread(target=self.round, daemon=True).start()

    def round(self):
        try:
            self.lms = self.lms or Lms()
            launches = read_json(HUB / logins.LAUNCHES, {})
            for klass, course in sorted(launches.get("courses", {}).items()):
                if course.get("memberships") and klass in roster_classes() and (
                        time.time() - self.listed.get(klass, 0) > LIST_EVERY_SECONDS
                        or course.get("memberships") != self.listed.get((klass, "url"))):
                    try:
                        hub = accounts.hub_for(HUB, None)
                        added, nameless = bring_in_members(self.lms, klass, course, hub)
                        self.listed[klass], self.listed[(klass, "url")] = time.time(), course["memberships"]
                        self.said.pop(klass, None)
                        if added or nameless:
                            log("lms", "class list", klass, f"{len(added)} added from the LMS"
                                + (f"; {nameless} with no login the LMS gives (they come at their first launch)"
                                   if nameless else ""))
                    except Exception as error:  # noqa: BLE001 (tried again in a minute)
                        why = str(error) if isinstance(error, LmsError) else f"the LMS did not answer ({type(error).__name__})"
                        if self.said.get(klass) != why:  # logged once, not every minute
                            log("lms", "class list", klass, f"not read: {why}")
                        self.said[klass] = why
                        self.listed[klass] = time.time() - LIST_EVERY_SECONDS + 60
                        self.listed[(klass, "url")] = course["memberships"]
            sent = read_json(SENT, {})
            send_scores(self.lms, launches, sent)
            write_json(SENT, sent)
        finally:
            self.lock.release()


rounds = Rounds()


def sent_rows(teacher):
    """What went to the LMS for the teacher's students: (student's name, notebook, words),
    newest first."""
    known = names()
    rows = []
    for entry in read_json(SENT, {}).values():
        if not teacher.teaches(entry.get("login")) and not teacher.whole:
            continue
        if entry.get("waiting"):
            words = (f"{entry['right']} of {entry['of']} waiting to go: {entry['waiting']}; tried "
                     f"{stamp(entry['tried'])}, again within a minute")
        else:
            words = f"{entry['right']} of {entry['of']} sent {stamp(entry['acknowledged'])}"
        rows.append((entry.get("tried") or entry.get("acknowledged") or 0, known.get(entry["login"], entry["login"]),
                     entry["notebook"], words))
    return [row[1:] for row in sorted(rows, reverse=True)]


# ------------------------------------------------------------------------------------------
# Deep linking: the teacher's choice of lessons, back to the LMS.

def pending_link(login):
    """The deep linking request `login`'s last launch made, not yet answered, or None."""
    return read_json(HUB / logins.LAUNCHES, {}).get("people", {}).get(login, {}).get("deep_link")


def lesson_links(login, notebooks, hub_url):
    """(the LMS's return URL, the signed LtiDeepLinkingResponse) for `login`'s pending request:
    a link to each of `notebooks` (course notebook stems), with its line item. Forgets the
    request: a choice goes back once."""
    asked = pending_link(login)
    if not asked:
        raise LmsError("there is no lesson to link: add the tool to the course in the LMS first")
    known = {path.stem: path for path in course_notebooks()}
    items = []
    for stem in notebooks:
        if stem not in known:
            raise LmsError(f"{stem} is no notebook of the course")
        count = len(exercises(json.loads(known[stem].read_text())))
        item = {"type": "ltiResourceLink", "title": f"{stem}",
                "url": f"{hub_url}/hub/user-redirect/lab/tree/notebooks/{stem}.ipynb"}
        if count:
            item["lineItem"] = {"scoreMaximum": count, "label": f"{stem}: exercises", "resourceId": stem, "tag": TAG}
        items.append(item)
    if not items:
        raise LmsError("choose a notebook")
    now = int(time.time())
    claims = {"iss": CLIENT_ID, "aud": asked["issuer"], "iat": now, "exp": now + 600, "nonce": uuid.uuid4().hex,
              logins.LTI_MESSAGE_TYPE: "LtiDeepLinkingResponse",
              "https://purl.imsglobal.org/spec/lti/claim/version": "1.3.0",
              logins.LTI_DEPLOYMENT: asked.get("deployment"),
              "https://purl.imsglobal.org/spec/lti-dl/claim/content_items": items[:None if asked["multiple"] else 1]}
    if asked.get("data") is not None:
        claims["https://purl.imsglobal.org/spec/lti-dl/claim/data"] = asked["data"]
    signed = jwt.encode(claims, private_key(), algorithm="RS256", headers={"kid": key_id()})
    with logins.launches(HUB) as known:
        known.get("people", {}).get(login, {}).pop("deep_link", None)
    return asked["return_url"], signed
