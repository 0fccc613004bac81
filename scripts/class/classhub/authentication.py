"""Who logs in, and as whom: the class's own passwords (NativeAuthenticator), the school's login
(OpenID Connect, oauthenticator's GenericOAuthenticator), its LMS (LTI 1.3, ltiauthenticator), or
the LMS beside the passwords (jupyterhub-multiauthenticator); and the teachers' roles. Every
school login passes one guard, classadmin.identities.bind, through the hooks of
classadmin/logins.py: a person is their provider's issuer and `sub` (or the LMS's issuer,
deployment and user id), a name claim only names a newcomer, and nobody ever becomes another's
hub user, nor a class list's login.

Each function sets JupyterHub's configuration `c` from the hub's environment `env` (hub.env,
classadmin/config.py's settings) and the class's folder of state `hub`.
"""

from tornado.httputil import url_concat

from classadmin import identities, logins, roster


def passwords(c, people):
    """The class's own accounts: a login with a password in NativeAuthenticator's table gets in
    (classadmin makes, changes and removes them, also while the hub runs); there is no sign-up.
    Each class of the roster is a group of the hub."""
    c.JupyterHub.authenticator_class = "native"
    c.NativeAuthenticator.enable_signup = False
    c.NativeAuthenticator.check_common_password = False
    c.NativeAuthenticator.minimum_password_length = 8
    # A login that keeps failing waits a minute: a classmate cannot guess a password in a lesson.
    c.NativeAuthenticator.allowed_failed_logins = 10
    c.NativeAuthenticator.seconds_before_next_try = 60
    c.Authenticator.allow_all = True
    c.JupyterHub.load_groups = {group: {"users": users} for group, users in roster.hub_groups(people).items()}


def school_login(c, env, hub, classes):
    """The school's own login (class.sh --oidc). A pupil's class and a teacher's classes come from
    the login's groups claim at every login, each exactly as written: "7B" puts a pupil in the
    class 7b, "teachers-of-7B" makes a teacher of it, "class-admins" an admin of the hub. Only the
    classes set up here count; someone in none of them (other staff, another school's pupils) is
    refused at the login, with a sentence. Logging out ends the provider's session too, where it
    offers that (RP-initiated logout), and every login asks for the password again (prompt=login):
    on a shared computer the next pupil meets a login form."""
    names = [n for n in env.get("MAGIC_CLASS_CLASS_NAMES", "").split(",") if n]
    groups_claim = env.get("MAGIC_CLASS_OIDC_GROUPS_CLAIM") or "groups"
    username_claim = env.get("MAGIC_CLASS_OIDC_USERNAME_CLAIM") or "preferred_username"
    public_url = (hub / "public-url").read_text().strip()
    c.JupyterHub.authenticator_class = "generic-oauth"
    oidc = c.GenericOAuthenticator
    oidc.client_id = env["MAGIC_CLASS_OIDC_CLIENT_ID"]
    oidc.client_secret = (hub / "oidc-client-secret").read_text().strip()
    oidc.authorize_url = env["MAGIC_CLASS_OIDC_AUTHORIZE_URL"]
    oidc.token_url = env["MAGIC_CLASS_OIDC_TOKEN_URL"]
    if env.get("MAGIC_CLASS_OIDC_CLAIMS") == "id_token":
        # A provider shaped like Microsoft Entra: the claims (groups among them) in the ID token.
        oidc.userdata_from_id_token = True
    else:
        oidc.userdata_url = env["MAGIC_CLASS_OIDC_USERINFO_URL"]
    oidc.oauth_callback_url = public_url + "/hub/oauth_callback"
    oidc.scope = env.get("MAGIC_CLASS_OIDC_SCOPE", "openid profile email").split()
    # A name the hub accepts for now; the person's own is given by the guard.
    oidc.username_claim = lambda claims: identities.login_name(claims, username_claim) or "unnamed"
    # Every login's ID token checked with the provider's keys (classadmin/id_tokens.py), which
    # oauthenticator does not do, before the guard takes the person from it.
    from classadmin.id_tokens import IdTokens
    if not env.get("MAGIC_CLASS_OIDC_JWKS_URL"):
        raise SystemExit("The hub's settings name no keys of the school login's provider (set up before the hub "
                         "checked ID tokens): run sudo ./scripts/class.sh once more, which reads them")
    id_tokens = IdTokens(env["MAGIC_CLASS_OIDC_JWKS_URL"], env.get("MAGIC_CLASS_OIDC_ALGS", "RS256").split(","),
                         env["MAGIC_CLASS_OIDC_CLIENT_ID"], env["MAGIC_CLASS_OIDC_TOKEN_ISSUER"])
    oidc.post_auth_hook = logins.oidc_hook(hub, env["MAGIC_CLASS_OIDC_ISSUER"], username_claim, id_tokens)
    oidc.login_service = env.get("MAGIC_CLASS_OIDC_NAME", "the school's login")
    oidc.manage_groups = True
    oidc.auth_state_groups_key = (
        lambda auth_state: logins.from_claim((auth_state.get("oauth_user") or {}).get(groups_claim), names))
    oidc.allowed_groups = {*classes, *(roster.TEACHERS_OF + g for g in classes), roster.ADMINS}
    # The hub's admins are the login's class-admins, and nobody else.
    oidc.admin_groups = {roster.ADMINS}
    oidc.custom_403_message = (
        f"Your school login is in none of the classes of this server ({', '.join(names)}), so it opens no lessons "
        "here: ask your teacher which login to use.")
    if env.get("MAGIC_CLASS_OIDC_LOGOUT_URL"):
        # The provider's session ends too, where the pupil says yes to its question (the school
        # registers public_url/hub/login as the client's post-logout redirect URI: docs).
        oidc.logout_redirect_url = url_concat(env["MAGIC_CLASS_OIDC_LOGOUT_URL"], {
            "client_id": env["MAGIC_CLASS_OIDC_CLIENT_ID"], "post_logout_redirect_uri": public_url + "/hub/login"})
    # And every sign-in asks for the password again, whatever the last pupil answered at the
    # provider's logout (or if she walked away from it): on a shared computer the next pupil
    # meets a login form, never the last one's session (issue 69).
    oidc.extra_authorize_params = {"prompt": "login"}
    c.Authenticator.allow_all = False
    # Names that are the students' containers' and volumes' names too (magic-tictactoe-NAME).
    c.Authenticator.username_pattern = roster.LOGIN.pattern
    c.JupyterHub.load_groups = {}


def lms(c, env, hub, classes, people):
    """The school's LMS (class.sh --lti): a lesson's link in Moodle or Canvas logs the pupil or
    teacher in. The course of the launch (its context's label, else its title) is the class, among
    those set up here; its roles decide who is who, on purpose: Learner a pupil of the class;
    Instructor, and a TeachingAssistant (an Instructor sub-role), a teacher of that class only;
    anyone else, an LMS administrator who is no member of the course among them, is refused, as is
    a launch from a course not set up here. A teacher adding a lesson in the LMS's editor (deep
    linking) picks its notebook on the class page (lti/pick, classpage/lms.py); only a teacher of
    the class may. With a class list too (class.sh --lti with --students or --teacher), the class's
    passwords stand beside it, each login on its own pages."""
    lti = "ltiauthenticator.lti13.auth.LTI13Authenticator"
    c.JupyterHub.authenticator_class = lti
    launch = c.LTI13Authenticator
    launch.issuer = env["MAGIC_CLASS_LTI_ISSUER"]
    launch.client_id = {env["MAGIC_CLASS_LTI_CLIENT_ID"]}
    launch.authorize_url = env["MAGIC_CLASS_LTI_AUTHORIZE_URL"]
    launch.jwks_endpoint = env["MAGIC_CLASS_LTI_JWKS_URL"]
    launch.username_key = env.get("MAGIC_CLASS_LTI_USERNAME_KEY") or "preferred_username"
    launch.tool_name = "magic-tictactoe"
    launch.tool_description = "How a computer plays tic-tac-toe: the course's notebooks"
    launch.manage_groups = True
    launch.post_auth_hook = logins.lti_hook(hub, classes)
    c.Authenticator.allow_all = True  # who gets in is decided by the hook, launch by launch
    c.Authenticator.username_pattern = roster.LOGIN.pattern
    c.JupyterHub.load_groups = {}
    if people:
        # The class's passwords (NativeAuthenticator, its /hub/login and change-password pages)
        # and the LMS's launches (/hub/lti13/...), each at the addresses it has alone: no prefix
        # on the pages or on the names. A launch never gets a password's login (identities.bind).
        passwords(c, people)
        c.JupyterHub.authenticator_class = "multiauthenticator"
        c.MultiAuthenticator.username_prefix = ""
        c.MultiAuthenticator.authenticators = [
            {"authenticator_class": "native", "url_prefix": ""}, {"authenticator_class": lti, "url_prefix": ""}]


def teachers(c, people, classes, list_admins):
    """The teachers' roles, none of them the hub's admin (issue 69: a teacher's browser is the
    one a student's page would act through). A teacher of the whole hub (class.sh --teacher
    without --class) holds, through the group teachers-of-every-class, a role over every user;
    a teacher of named classes (--class 7B --teacher ms-ada; or teachers-of-7B in a school
    login's groups), through the group of that class's teachers, a role scoped to the class's
    group: they list, see the activity of, start and stop the servers of their students, and
    reach the class page, which shows them their classes and each student's saved notebooks
    (classpage/view.py); another class's students are not theirs to see. No teacher's role holds
    access:servers: every student's server is on the hub's origin, and a page the student serves
    there would run with the teacher's cookies. The hub's admins are whom the school names
    (its login's group class-admins) and nobody else: where the class's passwords decide
    (`list_admins`), the admin role is held by nobody, so a teacher who was the hub's admin
    (before issue 69, or before a class of their own) stops being it at the next start."""
    scopes = ["list:users", "read:users", "read:groups", "servers", "access:services!service=class"]
    c.JupyterHub.load_roles = [{"name": "admin", "users": []}] if list_admins else []
    if list_admins:  # also before the first such teacher: `class.sh add` may make one while the hub runs
        c.JupyterHub.load_roles.append({
            "name": "teacher-of-every-class",
            "description": "A teacher of the whole hub: every student's server, and the class page",
            "scopes": [*scopes, "list:groups"], "groups": [roster.EVERY_CLASS]})
    for group in sorted({*roster.taught_classes(people), *classes}):
        c.JupyterHub.load_roles.append({
            "name": f"teacher-of-{group}",
            "description": f"A teacher of the class {group}: its students' servers, and the class page",
            "scopes": [f"list:users!group={group}", f"read:users!group={group}", f"read:groups!group={group}",
                       f"servers!group={group}", "access:services!service=class"],
            "groups": [roster.TEACHERS_OF + group],
        })
