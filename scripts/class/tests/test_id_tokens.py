"""classadmin.id_tokens: a school login's ID token is believed only when it checks out (its
provider's key, an algorithm the provider signs with, the provider as its issuer, this hub as its
audience, its times), and names the person the user info names. The hub's test signs in through
a provider that forges each of these (scripts/school_test.py); here each is tried on its own,
with the provider's keys served on 127.0.0.1 by the test.

    python -m unittest discover -s scripts/class/tests      (the test command runs it)
"""

import http.server
import json
import sys
import threading
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
try:
    import jwt
    from cryptography.hazmat.primitives.asymmetric import rsa

    from classadmin import id_tokens
    from classadmin.identities import Refusal
except ImportError:  # the class's environment has PyJWT (oauthenticator's)
    jwt = None

ISSUER, CLIENT = "https://login.school.example", "magic-tictactoe"


@unittest.skipIf(jwt is None, "needs PyJWT (the class's environment has it)")
class IdTokens(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(cls.key.public_key()))
        body = json.dumps({"keys": [{**public, "kid": "k1", "use": "sig", "alg": "RS256"}]}).encode()

        class Keys(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Keys)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        url = f"http://127.0.0.1:{self.server.server_address[1]}/jwks"
        self.checker = id_tokens.IdTokens(url, ["RS256", "none"], CLIENT, ISSUER)

    def token(self, key=None, algorithm="RS256", **changes):
        now = int(time.time())
        claims = {"iss": ISSUER, "sub": "ada", "aud": CLIENT, "iat": now, "exp": now + 300, **changes}
        claims = {name: value for name, value in claims.items() if value is not None}
        return jwt.encode(claims, key if key is not None else self.key, algorithm=algorithm, headers={"kid": "k1"})

    def test_a_token_of_the_provider_s_for_this_hub_checks_out(self):
        self.assertEqual(self.checker.check(self.token(), {"sub": "ada"})["sub"], "ada")

    def test_each_forgery_is_refused_and_no_refusal_shows_the_token(self):
        other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        forged = {
            "another key's signature": self.token(key=other),
            "no signature (alg none)": jwt.encode({"iss": ISSUER, "sub": "ada", "aud": CLIENT, "iat": 1,
                                                    "exp": int(time.time()) + 300}, None, algorithm="none"),
            "another issuer": self.token(iss="https://evil.example"),
            "another client": self.token(aud="someone-else"),
            "expired": self.token(exp=int(time.time()) - 3600),
            "not valid yet (nbf)": self.token(nbf=int(time.time()) + 3600),
            "no expiry": self.token(exp=None),
            "not a token": "not.a.token",
            "none at all": None,
        }
        for why, token in forged.items():
            with self.assertRaises(Refusal, msg=why) as refused:
                self.checker.check(token, {"sub": "ada"})
            if token:
                self.assertNotIn(token, str(refused.exception), why)

    def test_a_provider_with_one_key_may_name_none(self):
        now = int(time.time())
        token = jwt.encode({"iss": ISSUER, "sub": "ada", "aud": CLIENT, "iat": now, "exp": now + 300}, self.key,
                           algorithm="RS256")
        self.assertEqual(self.checker.check(token, {"sub": "ada"})["sub"], "ada")
        other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        with self.assertRaises(Refusal):
            self.checker.check(jwt.encode({"iss": ISSUER, "sub": "ada", "aud": CLIENT, "iat": now, "exp": now + 300},
                                          other, algorithm="RS256"), {"sub": "ada"})

    def test_the_user_info_must_name_the_id_token_s_person(self):
        with self.assertRaises(Refusal) as refused:
            self.checker.check(self.token(), {"sub": "bruno"})
        self.assertIn("another in its user info", str(refused.exception))

    def test_none_is_never_an_algorithm_the_hub_takes(self):
        self.assertEqual(self.checker.algorithms, ["RS256"])


if __name__ == "__main__":
    unittest.main()
