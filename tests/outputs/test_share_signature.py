"""Share-link signatures: a forged, non-ASCII or expired signature is simply invalid.

GIVEN a share link signed for one tenant's document
WHEN it is checked with another signature (including non-ASCII text), document or expiry
THEN it is refused without an exception (an exception was a 500 that told whether the id exists).
"""

from worker.outputs import sign_share, verify_share


def test_a_valid_link_verifies_and_any_change_is_refused():
    secret = b"k" * 32
    expires, sig = sign_share(secret, "t1", 7, 3600, now=1000.0)
    assert verify_share(secret, "t1", 7, expires, sig, now=1000.0)
    assert not verify_share(secret, "t1", 8, expires, sig, now=1000.0)
    assert not verify_share(secret, "t2", 7, expires, sig, now=1000.0)
    assert not verify_share(secret, "t1", 7, expires, sig, now=expires + 1.0)
    for forged in ("é", "\udcff", "", sig[:-1] + "é"):
        assert not verify_share(secret, "t1", 7, expires, forged, now=1000.0)
