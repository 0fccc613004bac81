"""The school login's ID token, checked as OpenID Connect Core (3.1.3.7) asks, before the hub
believes anything of a login: its signature with one of the provider's keys (its jwks_uri), by
an algorithm the provider says it signs with (never `none`), its issuer exactly the provider's,
its audience this hub's client, and its times (`exp`, and `nbf` where it has one). The person
the user info names must be the ID token's (`sub`, OpenID Connect Core 5.3.2).

oauthenticator 17.4 reads the ID token without checking it (a provider shaped like Microsoft
Entra, `--oidc-claims id_token`, is believed whatever the token says), and with the user info
never reads it; the hub's login hook (logins.oidc_hook) calls this for every login. The
provider's keys are fetched when a token names one not seen yet, and kept five minutes.
"""

import jwt

from .identities import Refusal

# A token's clock may be this many seconds off the hub's.
LEEWAY = 60


class IdTokens:
    def __init__(self, jwks_url, algorithms, client_id, issuer):
        self.algorithms = [a for a in algorithms if a and a.lower() != "none"] or ["RS256"]
        self.client_id, self.issuer = client_id, issuer
        self.keys = jwt.PyJWKClient(jwks_url, cache_keys=True, lifespan=300, timeout=10)

    def claims(self, token):
        """The ID token's claims, when it checks out; else Refusal, saying why (never the token)."""
        if not isinstance(token, str) or not token:
            raise Refusal("the school's login sent no ID token with this sign-in, so the hub cannot tell who it "
                          "is: ask the school's technician (the hub's client needs the openid scope)")
        try:
            header = jwt.get_unverified_header(token)
            alg = header.get("alg")
            if alg not in self.algorithms:
                raise jwt.InvalidAlgorithmError(f"signed with {alg!r}, not one of {', '.join(self.algorithms)}")
            # The key the token names; a provider with one key may name none: then each of its
            # signing keys is tried.
            keys = [self.keys.get_signing_key(header["kid"])] if header.get("kid") else self.keys.get_signing_keys()
            for number, key in enumerate(keys, 1):
                try:
                    return jwt.decode(token, key.key, algorithms=self.algorithms, audience=self.client_id,
                                      issuer=self.issuer, leeway=LEEWAY,
                                      options={"require": ["iss", "sub", "aud", "exp", "iat"]})
                except jwt.InvalidSignatureError:
                    if number == len(keys):
                        raise
            raise jwt.InvalidSignatureError("the provider has no key to check it with")
        except (jwt.PyJWTError, ValueError) as problem:
            raise Refusal(f"the school's login sent an ID token that does not check out ({problem}), so nobody is "
                          "signed in: try again, and if it goes on, ask the school's technician") from None

    def check(self, token, userinfo):
        """The ID token's claims, when it checks out and names the person `userinfo` names."""
        claims = self.claims(token)
        if userinfo.get("sub") != claims.get("sub"):
            raise Refusal("the school's login named one person in its ID token and another in its user info, so "
                          "nobody is signed in: ask the school's technician")
        return claims
