"""Who a school's login makes someone on the hub: the hub's groups of a login through the school's
identity provider (OpenID Connect) or its LMS (an LTI 1.3 launch), among the classes set up here.
The hub's configuration (jupyterhub_config.py) gives these to oauthenticator and ltiauthenticator;
they are here, on their own and with Python's standard library only, to be tested.

A group named like a class ("7B") is a pupil of it, "teachers-of-7B" a teacher of it (the role
scoped to that class), "class-admins" an admin of the hub. Anything else counts for nothing; a
login left with no group is refused.
"""

import fcntl
import json
import os
from pathlib import Path

from . import roster

LTI_ROLES = "https://purl.imsglobal.org/spec/lti/claim/roles"
LTI_CONTEXT = "https://purl.imsglobal.org/spec/lti/claim/context"
MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership"


def from_claim(claim, classes):
    """The hub's groups from an OpenID Connect groups claim (a list of names, or one name), among
    `classes` (the hub's group names of the classes set up here)."""
    named = claim if isinstance(claim, list) else [claim] if isinstance(claim, str) else []
    found = set()
    for name in (str(n).strip().lower() for n in named):
        if name == roster.ADMINS:
            found.add(roster.ADMINS)
        elif name.startswith(roster.TEACHERS_OF):
            group = roster.group_name(name[len(roster.TEACHERS_OF):])
            if group in classes:
                found.add(roster.TEACHERS_OF + group)
        elif roster.group_name(name) in classes:
            found.add(roster.group_name(name))
    return sorted(found)


def from_launch(claims, classes):
    """The hub's groups from an LTI 1.3 launch's claims: [class] for a Learner of a course set up
    here (its context's label, else its title), [teachers-of-class] for an Instructor or a
    TeachingAssistant (an Instructor sub-role) of it; [] (refused) for anyone else, an LMS
    administrator who is no member of the course among them, and for a course not set up here."""
    context = claims.get(LTI_CONTEXT) or {}
    course = roster.group_name(str(context.get("label") or context.get("title") or ""))
    if course not in classes:
        return []
    roles = {str(r) for r in claims.get(LTI_ROLES) or []}
    if f"{MEMBERSHIP}#Instructor" in roles or any(r.startswith(f"{MEMBERSHIP}/Instructor#") for r in roles):
        return [roster.TEACHERS_OF + course]
    if f"{MEMBERSHIP}#Learner" in roles or any(r.startswith(f"{MEMBERSHIP}/Learner#") for r in roles):
        return [course]
    return []


def username(user_info):
    """A login's name on the hub from OpenID Connect's user info: its preferred_username (or its
    e-mail's part before the @), in lower case. The hub refuses one that is not a login name
    (roster.LOGIN), which also names the person's container and volume."""
    name = user_info.get("preferred_username") or str(user_info.get("email", "")).split("@")[0]
    return str(name).strip().lower()


# ------------------------------------------------------------------------------------------
# What a launch tells the hub about the LMS's services (LTI Advantage), for the class page's
# link to them (classpage/lms.py): where each course's class list (names and roles, NRPS) and
# line items (assignment and grade services, AGS) are, and each login's user id at the LMS.

LTI_NRPS = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
LTI_AGS = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
LTI_CUSTOM = "https://purl.imsglobal.org/spec/lti/claim/custom"
LTI_DEEP_LINKING = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
LTI_MESSAGE_TYPE = "https://purl.imsglobal.org/spec/lti/claim/message_type"
LTI_DEPLOYMENT = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
LAUNCHES = "lms-launches.json"


def is_deep_linking(claims):
    """Whether a launch asks the tool for a link to put in the course (deep linking): a teacher
    adding a lesson, in the LMS's editor."""
    return claims.get(LTI_MESSAGE_TYPE) == "LtiDeepLinkingRequest"


def remember_launch(folder, login, claims, groups):
    """Keeps, in folder/lms-launches.json (root's only), what the signed launch of `login` (its
    verified id_token's `claims`, which made it `groups`) says: the LMS's user id for the login
    (`sub`, the only id a score is ever sent under) and its course's services' URLs. A login is
    only ever given the id of its own launch."""
    with Launches(folder) as known:
        remember(known, login, claims, groups)


class Launches:
    """folder/lms-launches.json, read and written back under a lock (the hub writes it at each
    launch, the class page when a teacher's choice of lessons has gone back)."""

    def __init__(self, folder):
        self.path = Path(folder) / LAUNCHES

    def __enter__(self):
        self.lock = open(self.path.with_suffix(".lock"), "a")
        fcntl.flock(self.lock, fcntl.LOCK_EX)
        try:
            self.known = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.known = {}
        return self.known

    def __exit__(self, kind, *_):
        try:
            if kind is None:
                new = self.path.with_suffix(".new")
                new.write_text(json.dumps(self.known, indent=1, sort_keys=True))
                os.chmod(new, 0o600)
                new.replace(self.path)
        finally:
            self.lock.close()


def remember(known, login, claims, groups):
    courses, people = known.setdefault("courses", {}), known.setdefault("people", {})
    klass = next((g.removeprefix(roster.TEACHERS_OF) for g in groups), "")
    people[login] = {"sub": str(claims.get("sub", "")), "class": klass,
                     "name": str(claims.get("name") or login)[:roster.MAX_NAME]}
    settings = claims.get(LTI_DEEP_LINKING) or {}
    if is_deep_linking(claims) and settings.get("deep_link_return_url"):
        # Where the teacher's choice of lesson goes back to, signed (classpage/lms.py).
        people[login]["deep_link"] = {"return_url": settings["deep_link_return_url"], "data": settings.get("data"),
                                      "issuer": claims.get("iss"), "deployment": claims.get(LTI_DEPLOYMENT),
                                      "multiple": bool(settings.get("accept_multiple"))}
    nrps, ags = claims.get(LTI_NRPS) or {}, claims.get(LTI_AGS) or {}
    course = courses.setdefault(klass, {})
    course.update({k: v for k, v in {
        "issuer": claims.get("iss"), "context": (claims.get(LTI_CONTEXT) or {}).get("id"),
        "label": str((claims.get(LTI_CONTEXT) or {}).get("label") or "")[:60],
        "memberships": nrps.get("context_memberships_url"), "lineitems": ags.get("lineitems"),
        "scopes": ags.get("scope"),
        "link": (claims.get("https://purl.imsglobal.org/spec/lti/claim/resource_link") or {}).get("id"),
    }.items() if v})


def member_login(member, key):
    """The hub's login of a member of the LMS's class list (an NRPS member), by the same claim
    that names a launch's login (class.sh --lti-username): `sub` is the member's user_id,
    custom_NAME the custom parameter NAME of the member's message (a platform gives those when
    asked for one resource link's members), any other claim the member's field of that name.
    None when the member has none, or it is no login name here."""
    if key == "sub":
        name = member.get("user_id")
    elif key.startswith("custom_"):
        name = next((m.get(LTI_CUSTOM, {}).get(key.removeprefix("custom_")) for m in member.get("message") or []
                     if isinstance(m, dict) and isinstance(m.get(LTI_CUSTOM), dict)), None)
    else:
        name = member.get(key)
    name = str(name or "").strip().lower()
    return name if roster.LOGIN.match(name) else None


def member_groups(member, klass):
    """The hub's groups a member of class `klass`'s list belongs in, by their roles there, as a
    launch would give them (from_launch)."""
    claims = {LTI_ROLES: member.get("roles") or [], LTI_CONTEXT: {"label": klass}}
    return from_launch(claims, [klass])
