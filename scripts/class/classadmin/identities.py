"""Who a school's login is on the hub: one person, one hub user, for good.

A person who logs in through the school is the provider's issuer and subject: for OpenID
Connect its `iss` and `sub`, for an LMS (LTI 1.3) its issuer, the deployment and the user id
(`sub`). Never a name: a preferred_username is whatever the person (or a provider's admin) set,
an e-mail's local part is the same on two domains, and an e-mail nobody verified is anyone's.
So the first time a person logs in, a hub name is made for them from a name claim, and kept
beside their issuer and subject in hub/identities.json (root's only); from then on that person
is that hub user whatever their claims say, and nobody else ever is. A name claim only names a
new person: a name that is already someone's (another school login's, an account of the class
list's, any user of the hub) gives the newcomer a name of their own ("ada-2"), never the other
person's server, files or role.

`bind` is the one guard every school login passes (the hub's login hooks, jupyterhub_config.py);
`login_name` makes the name, from claims as the technician says to read them.
"""

import json
from pathlib import Path

from . import homes, roster
from .kept import Kept

IDENTITIES = "identities.json"


class Refusal(ValueError):
    """Why a login is refused, as a sentence the person reads on the hub's page."""


def identity(kind, *parts):
    """The key of a person: their kind of login and the provider's ids for them."""
    if not all(isinstance(part, str) and part for part in parts):
        raise Refusal("the school's login sent no id for this person (no issuer or subject): ask the school's "
                      "technician")
    return json.dumps([kind, *parts])


def login_name(claims, claim="preferred_username"):
    """A login name for a new person, from their claims: the claim the technician named
    (preferred_username by default), else their e-mail's local part when the provider says it
    verified it; in plain lower-case letters, digits and '-' ("Anne-Marie.O'Neil@school" gives
    anne-marie-oneil). '' when the claims name nobody."""
    value = claims.get(claim) if claim else None
    if claim == "email" and claims.get("email_verified") is not True:
        value = None
    if not value and claims.get("email_verified") is True:
        value = claims.get("email")
    words = roster.plain_words(str(value or "").split("@")[0])
    if not words:
        return ""
    name = "-".join(words)
    if not name[0].isalpha():
        name = "s-" + name
    return name[:32].rstrip("-")


def issuer_form(issuer):
    """An issuer in its normal form: `https://login.school.example/` and
    `https://login.school.example` are one issuer (the trailing slash is how it was written)."""
    return issuer.rstrip("/") if isinstance(issuer, str) and issuer.rstrip("/") else issuer


def bind(hub, person, wanted, taken=None, aliases=()):
    """The hub name of `person` (identity()): the one they were given at their first login, or,
    for a newcomer, `wanted` (login_name()) if nobody has it yet, else the first of wanted-2,
    wanted-3, ... that nobody has. `taken` are the names already in use besides the ones bound
    here (default: the hub's users). `aliases` are other keys the same person was kept under
    (their issuer as written before its normal form): such a person is moved to `person`.
    Refusal when a newcomer's claims give no name."""
    with Kept(Path(hub) / IDENTITIES) as known:
        if person in known:
            return known[person]
        for alias in aliases:
            if alias != person and alias in known:
                known[person] = known.pop(alias)
                return known[person]
        if not wanted or not roster.LOGIN.match(wanted):
            raise Refusal("the school's login gave no name to make a login from (the provider sent no "
                          "preferred_username, nor an e-mail it verified): ask the school's technician")
        in_use = set(known.values()) | set(homes.hub_users(hub) if taken is None else taken)
        name, more = wanted, 2
        while name in in_use:
            name = f"{wanted[:28].rstrip('-')}-{more}"
            more += 1
        known[person] = name
        return name


def person_of(hub, login):
    """The identity a hub name was given to, or None (a class list's account, or nobody)."""
    with Kept(Path(hub) / IDENTITIES) as known:
        return next((person for person, name in known.items() if name == login), None)
