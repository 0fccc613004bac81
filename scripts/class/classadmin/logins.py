"""Who a school's login makes someone on the hub: the hub's groups of a login through the school's
identity provider (OpenID Connect) or its LMS (an LTI 1.3 launch), among the classes set up here.
The hub's configuration (jupyterhub_config.py) gives these to oauthenticator and ltiauthenticator;
they are here, on their own and with Python's standard library only, to be tested.

A group named like a class ("7B") is a pupil of it, "teachers-of-7B" a teacher of it (the role
scoped to that class), "class-admins" an admin of the hub, each exactly as written. Anything
else counts for nothing; a login left with no group is refused. Who the login is (its hub name)
is classadmin.identities'.
"""

from pathlib import Path

from . import identities, roster
from .kept import Kept

LTI_ROLES = "https://purl.imsglobal.org/spec/lti/claim/roles"
LTI_CONTEXT = "https://purl.imsglobal.org/spec/lti/claim/context"
MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership"


def from_claim(claim, classes):
    """The hub's groups from an OpenID Connect groups claim (a list of names, or one name), among
    `classes` (the classes set up here, as the technician wrote them: "7B"). A group counts only
    when it is written exactly so: "7B", "teachers-of-7B" or "class-admins"; " CLASS-ADMINS " or
    "7b" is some other group of the school's."""
    named = claim if isinstance(claim, list) else [claim] if isinstance(claim, str) else []
    named = {n for n in named if isinstance(n, str)}
    found = set()
    if roster.ADMINS in named:
        found.add(roster.ADMINS)
    for klass in classes:
        if klass in named:
            found.add(roster.group_name(klass))
        if roster.TEACHERS_OF + klass in named:
            found.add(roster.teachers_group(klass))
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


# ------------------------------------------------------------------------------------------
# The hub's login hooks: every school login passes one guard (identities.bind), after the
# authenticator has checked the login and its groups, and before the hub makes or finds its user.

def refused(why):
    """The hub's answer to a login refused: a page that says why."""
    from tornado import web
    return web.HTTPError(403, why)


def oidc_hook(hub, issuer, username_claim, id_tokens=None):
    """oauthenticator's post_auth_hook for the school's OpenID Connect login: the ID token checked
    (`id_tokens`, an id_tokens.IdTokens: its signature, issuer, audience and times, and the same
    person as the user info's), then the person is the issuer and their `sub`, and their hub
    name the one they were first given (identities)."""
    def hook(authenticator, handler, auth_model):
        state = auth_model.get("auth_state") or {}
        claims = state.get("oauth_user") or {}
        try:
            if id_tokens is not None:
                id_tokens.check(state.get("id_token"), claims)
            # One issuer however it was written (a trailing slash or not, before and after a re-run).
            person = identities.identity("oidc", identities.issuer_form(issuer), claims.get("sub"))
            written = [identities.identity("oidc", form, claims.get("sub")) for form in {issuer, issuer.rstrip("/") + "/"}]
            auth_model["name"] = identities.bind(hub, person, identities.login_name(claims, username_claim),
                                                 aliases=written)
        except identities.Refusal as why:
            raise refused(str(why)) from None
        return auth_model
    return hook


def lti_hook(hub, classes):
    """ltiauthenticator's post_auth_hook for the school's LMS: a launch that makes nobody of a
    class here is refused, with a sentence; else the person (the LMS's issuer, the deployment and
    their user id) gets the hub name they were first given, and the launch's groups. A login of
    the class's own passwords, beside the LMS, is never a launch's (identities.bind)."""
    def hook(authenticator, handler, auth_model):
        claims = auth_model.get("auth_state") or {}
        groups = from_launch(claims, classes)
        if is_deep_linking(claims) and not any(g.startswith(roster.TEACHERS_OF) for g in groups):
            raise refused("adding a lesson from the LMS is for a teacher of a class set up here")
        if not groups:
            raise refused("this launch names no Learner or Instructor of a course set up here: ask your teacher")
        course = same_course(hub, groups[0].removeprefix(roster.TEACHERS_OF), claims)
        if course is not None:
            raise refused(f"the class {course} here is another course of the LMS's (one with the same label was "
                          "launched first): ask the school's technician")
        try:
            person = identities.identity("lti", claims.get("iss"), claims.get(LTI_DEPLOYMENT), claims.get("sub"))
            auth_model["name"] = identities.bind(hub, person, identities.login_name({"name": auth_model["name"]}, "name"))
        except identities.Refusal as why:
            raise refused(str(why)) from None
        auth_model["groups"] = groups
        # Where its course's class list and gradebook are, and the login's user id at the LMS
        # (the one its scores go under): for the class page (classpage/lms.py).
        remember_launch(hub, auth_model["name"], claims, groups)
        return auth_model
    return hook


def same_course(hub, klass, claims):
    """None when the launch is from the LMS's course that is the class `klass` here: the one
    (issuer, deployment, context id) whose launch first named it, kept for good; else the class's
    name. A course is matched to a class by its label, which any teacher of the LMS can give any
    course: the first launch sets which course the class is, and its class list and gradebook
    are never another's."""
    key = [claims.get("iss"), claims.get(LTI_DEPLOYMENT), (claims.get(LTI_CONTEXT) or {}).get("id")]
    with launches(hub) as known:
        course = known.setdefault("courses", {}).setdefault(klass, {})
        if course.get("key") not in (None, key):
            return klass
        course["key"] = key
    return None


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
    with launches(folder) as known:
        remember(known, login, claims, groups)


def launches(folder):
    """folder/lms-launches.json, read and written back under a lock (the hub writes it at each
    launch, the class page when a teacher's choice of lessons has gone back)."""
    return Kept(Path(folder) / LAUNCHES)


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
        "issuer": claims.get("iss"), "deployment": claims.get(LTI_DEPLOYMENT),
        "context": (claims.get(LTI_CONTEXT) or {}).get("id"),
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
