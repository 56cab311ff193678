"""Issue 9 against the real stack (PostgreSQL, Redis, SeaweedFS S3, API and Celery
worker processes): hostile requests are 4xx with a message and leave no row behind;
request bodies are limited while they stream; a review that is not complete is said so
in the API and the webhook; and a fuzz test of the S3-event and batch endpoints."""

from __future__ import annotations

import http.client
import json

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from standardwebhooks import Webhook

from tests.integration.stack import BUCKET, Receiver, db_rows, minio_event, put, wait_for
from worker.db.models import Batch, Document

TOKEN = {"Authorization": "Bearer events-token-for-tests"}
ENGLISH = ("SALES CONTRACT\nArticle 1 Price. The Buyer shall pay the Seller USD 100,000 within thirty days.\n"
           "Article 2 Liability. The Buyer shall pay 5% of the price for each day of delay.\n").encode()


def _rows(it_db: str, tenant: str) -> tuple[int, int]:
    return (len(db_rows(it_db, Document, Document.tenant_id == tenant)),
            len(db_rows(it_db, Batch, Batch.tenant_id == tenant)))


def _event(key, **obj) -> dict:
    event = minio_event(BUCKET, "hostile/x.txt", "abc", 10)
    event["Records"][0]["s3"]["object"].update({"key": key, **obj})
    return event


@pytest.mark.parametrize("path", ["/v1/documents/{}", "/v1/documents/{}/review", "/v1/documents/{}/annotated.pdf",
                                  "/v1/batches/{}", "/v1/webhook-endpoints/{}"])
@pytest.mark.parametrize("ident", [2**31, 2**63, 10**30, -1, 0])
def test_ids_out_of_range_are_a_4xx_not_a_500(client_for, path, ident):
    r = client_for("hostile").get(path.format(ident))
    assert 400 <= r.status_code < 500 and r.json()["detail"], (r.status_code, r.text)
    assert client_for("hostile").get("/v1/documents/1/review", params={"revision": 2**40}).status_code == 422


@pytest.mark.parametrize("payload", [
    {"Records": 5}, {"Records": "x"}, {"Records": [5]}, {"Records": [{"eventName": 7}]},
    _event("hostile%2F..%2F..%2Fbeta%2Fx.txt"), _event("hostile/%00evil.txt"), _event("s3://contracts/hostile/x"),
    _event(12345), _event("hostile/x.txt", size="big"), _event("hostile/x.txt", eTag=["x"]), _event(""),
    _event("hostile/" + "a" * 2000),
])
def test_malformed_s3_events_are_400_with_a_message_and_record_nothing(api_url, it_db, payload):
    before = _rows(it_db, "hostile")
    r = httpx.post(f"{api_url}/v1/events/s3", json=payload, headers=TOKEN, timeout=30)
    assert r.status_code == 400 and r.json()["detail"], r.text
    assert _rows(it_db, "hostile") == before


@pytest.mark.parametrize("keys", [["../beta/x.txt"], ["hostile/../beta/x.txt"], ["hostile/\x00.txt"],
                                  ["s3://contracts"], ["s3://"], ["s3://contracts/hostile/a/../../beta/x"],
                                  [12], ["hostile/ok.txt", None], ["hostile/does-not-exist.txt"]])
def test_bad_batch_keys_are_4xx_with_a_message_and_leave_no_empty_batch(client_for, it_db, keys):
    before = _rows(it_db, "hostile")
    r = client_for("hostile").post("/v1/batches", json={"keys": keys})
    assert 400 <= r.status_code < 500 and r.json()["detail"], r.text
    assert _rows(it_db, "hostile") == before


def test_request_bodies_are_limited_while_streaming_and_files_per_batch_are_limited(client_for, it_db, stack_env):
    c = client_for("hostile")
    before = _rows(it_db, "hostile")
    limit = 64 * 1024 * 1024

    def chunks():  # chunked transfer: no Content-Length to refuse up front; one huge file part
        yield b'--b\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\n\r\n'
        for _ in range(limit // (1 << 20) + 2):
            yield b"x" * (1 << 20)
        yield b"\r\n--b--\r\n"

    r = c.post("/v1/batches", content=chunks(), headers={"content-type": "multipart/form-data; boundary=b"})
    assert r.status_code == 413, r.text
    # a declared Content-Length over the limit is refused before a byte of the body is read
    conn = http.client.HTTPConnection(httpx.URL(str(c.base_url)).host, httpx.URL(str(c.base_url)).port, timeout=30)
    conn.putrequest("POST", "/v1/batches")
    for k, v in {**c.headers, "content-type": "application/json", "content-length": str(limit + 1)}.items():
        if k.lower() not in ("host", "accept-encoding", "connection", "user-agent", "accept"):
            conn.putheader(k, v)
    conn.endheaders()
    assert conn.getresponse().status == 413
    conn.close()
    files = [("files", (f"f{i}.txt", b"x", "text/plain")) for i in range(101)]
    r = c.post("/v1/batches", files=files)
    assert r.status_code in (400, 422) and "100" in r.text, r.text
    assert _rows(it_db, "hostile") == before


def test_an_english_contract_is_announced_as_partial_and_the_api_says_not_reviewed(client_for, it_db):
    receiver = Receiver().start()
    c = client_for("hostile")
    secret = c.post("/v1/webhook-endpoints", json={"url": receiver.url}).json()["secret"]
    r = c.post("/v1/batches", files=[("files", ("contract.txt", ENGLISH, "text/plain"))])
    assert r.status_code == 202, r.text
    doc_id = r.json()["documents"][0]["id"]
    wait_for(lambda: receiver.events(document_id=doc_id), timeout=90, what="the webhook")
    [req] = receiver.events(document_id=doc_id)
    event = Webhook(secret).verify(req["body"], req["headers"])
    assert event["type"] == "review.partial"  # never review.completed for a review that did not run
    assert event["data"]["review_status"] == "not_reviewed" and event["data"]["not_run"]
    doc = c.get(f"/v1/documents/{doc_id}").json()
    assert (doc["status"], doc["review_status"]) == ("reviewed", "not_reviewed")
    review = c.get(f"/v1/documents/{doc_id}/review").json()
    assert review["status"] == "not_reviewed" and review["errors"][0]["code"] == "unsupported_language"
    receiver.stop()


# --- fuzz ----------------------------------------------------------------------------------

_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=12)
_keys = st.one_of(st.text(max_size=60), st.builds(lambda s: "fuzz/" + s, st.text(max_size=40)),
                  st.sampled_from(["fuzz/../alpha/x", "fuzz/\x00", "s3://contracts/fuzz/x", "s3://", "fuzz/%2e%2e/x",
                                   "fuzz/" + "é" * 600, "fuzz/./x", "/fuzz/x"]),
                  st.integers(), st.none())
_record = st.fixed_dictionaries({
    "eventName": st.one_of(st.sampled_from(["s3:ObjectCreated:Put", "ObjectCreated:CompleteMultipartUpload",
                                            "s3:ObjectRemoved:Delete"]), _json),
    "s3": st.one_of(_json, st.fixed_dictionaries({
        "bucket": st.one_of(st.fixed_dictionaries({"name": st.one_of(st.just(BUCKET), _json)}), _json),
        "object": st.one_of(st.fixed_dictionaries({"key": _keys}, optional={"eTag": _json, "size": _json}), _json)})),
})
_event_payloads = st.one_of(_json, st.fixed_dictionaries({"Records": st.one_of(st.lists(_record, max_size=3), _json)}))
_fuzz = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@pytest.fixture(scope="module")
def fuzz_client(client_for):
    return client_for("fuzz")


def test_fuzzed_s3_events_never_5xx_and_leave_no_rows(api_url, it_db):
    @_fuzz
    @given(_event_payloads)
    def check(payload):
        r = httpx.post(f"{api_url}/v1/events/s3", content=json.dumps(payload), headers={**TOKEN,
                       "content-type": "application/json"}, timeout=30)
        assert r.status_code < 500, (payload, r.status_code, r.text)
        assert _rows(it_db, "fuzz") == (0, 0), payload

    check()


def test_fuzzed_batches_never_5xx_and_leave_no_rows(fuzz_client, it_db):
    @_fuzz
    @given(st.one_of(_json, st.fixed_dictionaries({"keys": st.one_of(st.lists(_keys, max_size=4), _json)},
                                                  optional={"name": _json})))
    def check(body):
        r = fuzz_client.post("/v1/batches", content=json.dumps(body), headers={"content-type": "application/json"})
        assert r.status_code < 500, (body, r.status_code, r.text)
        assert _rows(it_db, "fuzz") == (0, 0), body

    check()


@pytest.mark.parametrize("body", ["Infinity", "-Infinity", "NaN", "[Infinity]"])
def test_a_body_that_json_cannot_echo_is_a_422_not_a_500(api_url, body):
    # GIVEN an S3 event body Python's json reads but JSON cannot write back (found by the fuzz
    # test above: FastAPI's default 422 echoed the input and failed to serialise it)
    r = httpx.post(f"{api_url}/v1/events/s3", content=body, headers={**TOKEN, "content-type": "application/json"},
                   timeout=30)
    # THEN it is refused as invalid, saying where, without echoing the input
    assert r.status_code == 422, r.text
    assert r.json()["detail"][0]["loc"] == ["body"] and "input" not in r.json()["detail"][0]


def test_a_json_body_nested_past_the_parsers_limit_is_a_400_not_a_500(client_for, it_db):
    # GIVEN an attack helper's body of 100,000 "[" (json.loads raises RecursionError, not ValueError)
    before = _rows(it_db, "hostile")
    r = client_for("hostile").post("/v1/batches", content="[" * 100_000, headers={"content-type": "application/json"})
    # THEN it is refused with a message, and no batch is recorded
    assert r.status_code == 400 and "nested" in r.json()["detail"], r.text
    assert _rows(it_db, "hostile") == before
