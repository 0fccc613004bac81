# class.sh's set-up: a school's own login (OpenID Connect) instead of the class's passwords.
# oauthenticator's GenericOAuthenticator does the login; this reads the provider's discovery
# document once, at set-up, so that the hub starts without asking it, and keeps the client's
# secret root's only. Sourced by class.sh after scripts/setup.sh.

# Sets MAGIC_CLASS_OIDC_* from the issuer's discovery document, the client and its secret's
# file, and MAGIC_CLASS_CLASSES (the classes taught here, as the hub's groups): the hub's
# settings (hub_env) then hold them.
school_login() {
    local issuer="$1" client="$2" secret_file="$3" classes="$4" username_claim="${5:-}" groups_claim="${6:-}" claims="${7:-userinfo}" found
    # (classadmin/config.py checked the settings; the secret is kept root's only in the hub's
    # folder, and a run without --oidc-secret goes on with the kept one.)
    if [ -n "$secret_file" ]; then
        [ -r "$secret_file" ] || { echo "class.sh: --oidc-secret FILE must be a file holding the client's secret (cannot read '$secret_file')" >&2; exit 2; }
    elif [ ! -s "$HUB_STATE/oidc-client-secret" ]; then
        echo "class.sh: --oidc needs --oidc-secret FILE, a file holding the client's secret" >&2; exit 2
    fi
    found="$(MAGIC_CLASS_HOME="$CLASS_HOME" PYTHONPATH="$ROOT/scripts/class" "$CLASS_HOME/venv/bin/python" - "$issuer" "$classes" <<'PYTHON'
import json, sys, urllib.request
from classadmin import roster
issuer, classes = sys.argv[1].rstrip("/"), sys.argv[2]
url = issuer + "/.well-known/openid-configuration"
try:
    with urllib.request.urlopen(url, timeout=30) as answer:
        found = json.load(answer)
except (OSError, ValueError) as error:
    sys.exit(f"class.sh: the school's identity provider did not answer at {url} ({error}): check --oidc")
missing = [k for k in ("authorization_endpoint", "token_endpoint", "userinfo_endpoint") if not found.get(k)]
if missing:
    sys.exit(f"class.sh: {url} names no {', '.join(missing)}: is --oidc the issuer's address?")
if not found.get("jwks_uri"):
    sys.exit(f"class.sh: {url} names no jwks_uri, so the hub cannot check the provider's ID tokens")
names = classes.replace(",", " ").split()
algs = [a for a in found.get("id_token_signing_alg_values_supported") or ["RS256"] if a != "none"]
print(found["authorization_endpoint"], found["token_endpoint"], found["userinfo_endpoint"],
      found.get("end_session_endpoint") or "-", ",".join(roster.group_name(c) for c in names), found["jwks_uri"],
      ",".join(algs) or "RS256", found.get("issuer") or issuer, ",".join(names))
PYTHON
)" || exit 2
    # (The class names last: the rest of the line, spaces and all.)
    read -r MAGIC_CLASS_OIDC_AUTHORIZE_URL MAGIC_CLASS_OIDC_TOKEN_URL MAGIC_CLASS_OIDC_USERINFO_URL \
        MAGIC_CLASS_OIDC_LOGOUT_URL MAGIC_CLASS_CLASSES MAGIC_CLASS_OIDC_JWKS_URL MAGIC_CLASS_OIDC_ALGS \
        MAGIC_CLASS_OIDC_TOKEN_ISSUER MAGIC_CLASS_CLASS_NAMES <<<"$found"
    [ "$MAGIC_CLASS_OIDC_LOGOUT_URL" = "-" ] && MAGIC_CLASS_OIDC_LOGOUT_URL=""
    [ -z "$secret_file" ] || install -m 600 "$secret_file" "$HUB_STATE/oidc-client-secret"
    MAGIC_CLASS_OIDC_ISSUER="$issuer" MAGIC_CLASS_OIDC_CLIENT_ID="$client" MAGIC_CLASS_OIDC_CLAIMS="$claims"
    MAGIC_CLASS_OIDC_USERNAME_CLAIM="$username_claim" MAGIC_CLASS_OIDC_GROUPS_CLAIM="$groups_claim"
    export MAGIC_CLASS_OIDC_ISSUER MAGIC_CLASS_OIDC_CLIENT_ID MAGIC_CLASS_OIDC_AUTHORIZE_URL MAGIC_CLASS_OIDC_TOKEN_URL \
        MAGIC_CLASS_OIDC_USERINFO_URL MAGIC_CLASS_OIDC_LOGOUT_URL MAGIC_CLASS_CLASSES MAGIC_CLASS_CLASS_NAMES \
        MAGIC_CLASS_OIDC_CLAIMS MAGIC_CLASS_OIDC_USERNAME_CLAIM MAGIC_CLASS_OIDC_GROUPS_CLAIM \
        MAGIC_CLASS_OIDC_JWKS_URL MAGIC_CLASS_OIDC_ALGS MAGIC_CLASS_OIDC_TOKEN_ISSUER
}

# Sets MAGIC_CLASS_LTI_* and MAGIC_CLASS_CLASSES for a school's LMS (LTI 1.3): the platform's
# issuer, the client ID it gave the tool, its authorization (login) URL and its keys' URL, as the
# LMS's tool registration shows them; with its token URL, the tool also reads the courses' class
# lists and sends scores (LTI Advantage: classpage/lms.py). The tool signs those requests, and the
# lessons a teacher links by deep linking, with a key of its own that this makes once
# ($HUB_STATE/lti-tool-key.pem, root's only; its public half is the class page's lti/jwks, which
# the LMS's registration names).
school_lms() {
    local issuer="$1" client="$2" authorize="$3" jwks="$4" classes="$5" username="${6:-preferred_username}" token="${7:-}"
    MAGIC_CLASS_CLASSES="$(MAGIC_CLASS_HOME="$CLASS_HOME" PYTHONPATH="$ROOT/scripts/class" "$CLASS_HOME/venv/bin/python" -c '
import sys
from classadmin import roster
print(",".join(roster.group_name(c) for c in sys.argv[1].replace(",", " ").split()))' "$classes")"
    MAGIC_CLASS_LTI_ISSUER="$issuer" MAGIC_CLASS_LTI_CLIENT_ID="$client"
    MAGIC_CLASS_LTI_AUTHORIZE_URL="$authorize" MAGIC_CLASS_LTI_JWKS_URL="$jwks" MAGIC_CLASS_LTI_USERNAME_KEY="$username"
    MAGIC_CLASS_LTI_TOKEN_URL="$token"
    if [ ! -s "$HUB_STATE/lti-tool-key.pem" ]; then
        (umask 077 && "$CLASS_HOME/venv/bin/python" -c '
import sys
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
sys.stdout.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                   serialization.NoEncryption()).decode())' > "$HUB_STATE/lti-tool-key.pem.new") \
            && mv "$HUB_STATE/lti-tool-key.pem.new" "$HUB_STATE/lti-tool-key.pem"
    fi
    export MAGIC_CLASS_LTI_TOKEN_URL MAGIC_CLASS_LTI_USERNAME_KEY MAGIC_CLASS_CLASSES MAGIC_CLASS_LTI_ISSUER MAGIC_CLASS_LTI_CLIENT_ID MAGIC_CLASS_LTI_AUTHORIZE_URL MAGIC_CLASS_LTI_JWKS_URL
}
