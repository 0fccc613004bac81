"""Who a school's login makes someone on the hub: the hub's groups of a login through the school's
identity provider (OpenID Connect) or its LMS (an LTI 1.3 launch), among the classes set up here.
The hub's configuration (jupyterhub_config.py) gives these to oauthenticator and ltiauthenticator;
they are here, on their own and with Python's standard library only, to be tested.

A group named like a class ("7B") is a pupil of it, "teachers-of-7B" a teacher of it (the role
scoped to that class), "class-admins" an admin of the hub. Anything else counts for nothing; a
login left with no group is refused.
"""

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
