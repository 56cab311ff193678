"""Upload -> S3 event -> Celery chain -> review in PostgreSQL -> signed webhook; and
the intake rules for duplicate, late and dangling events."""

from __future__ import annotations

import httpx
from standardwebhooks import Webhook

from tests.integration.stack import (BUCKET, Receiver, contract_pdf, contract_txt, db_rows, minio_event, put,
                                     wait_documents, wait_for)
from worker.db.models import Document, Review

TOKEN = {"Authorization": "Bearer events-token-for-tests"}


def _post_event(api_url: str, event: dict, headers=TOKEN) -> httpx.Response:
    return httpx.post(f"{api_url}/v1/events/s3", json=event, headers=headers, timeout=30)


def test_an_uploaded_pdf_is_reviewed_through_the_chain_and_a_signed_webhook_reports_it(
        api_url, client_for, s3, it_db):
    # GIVEN a tenant with a webhook endpoint and a receiver that checks signatures
    receiver = Receiver().start()
    c = client_for("events")
    created = c.post("/v1/webhook-endpoints", json={"url": receiver.url, "events": ["review.completed"]})
    assert created.status_code == 201, created.text
    secret = created.json()["secret"]
    assert secret.startswith("whsec_")
    assert "secret" not in c.get("/v1/webhook-endpoints").json()[0]

    # WHEN a PDF lands in the bucket under a key with spaces, '+' and Chinese, and MinIO posts the event
    key = "events/收件箱/设备 采购+合同.pdf"
    data = contract_pdf(2)
    etag = put(s3, key, data)
    r = _post_event(api_url, minio_event(BUCKET, key, etag, len(data)))
    assert r.status_code == 200, r.text
    [result] = r.json()["results"]
    assert (result["key"], result["outcome"]) == (key, "created")
    doc_id = result["document_id"]

    # THEN a signed review.completed arrives, and the review is in the database and the API
    wait_for(lambda: receiver.events("review.completed", doc_id), timeout=60, what="the webhook")
    [req] = receiver.events("review.completed", doc_id)
    payload = Webhook(secret).verify(req["body"], req["headers"])
    assert req["headers"]["webhook-id"].startswith("msg_")
    data_ = payload["data"]
    assert (data_["document_id"], data_["status"], data_["revision"]) == (doc_id, "reviewed", 1)
    assert data_["object"] == {"bucket": BUCKET, "key": key, "etag": etag}
    assert {"pipeline", "kb", "model", "playbook"} <= set(data_["versions"]) and data_["versions"]["model"] == "none"
    doc = c.get(f"/v1/documents/{doc_id}").json()
    assert (doc["status"], doc["format"], doc["error_code"]) == ("reviewed", "pdf", None)
    review = c.get(f"/v1/documents/{doc_id}/review").json()
    assert review["revision"] == 1 and review["risks"] and review["counts"] == data_["counts"]
    assert all(p >= 1 for risk in review["risks"] for p in risk["clause"]["pages"])
    pdf = c.get(f"/v1/documents/{doc_id}/annotated.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert len(db_rows(it_db, Review, Review.document_id == doc_id)) == 1
    receiver.stop()


def test_events_need_the_configured_token(api_url, s3):
    event = minio_event(BUCKET, "events/x.txt", "0" * 32, 1)
    assert _post_event(api_url, event, headers={}).status_code == 401
    assert _post_event(api_url, event, headers={"Authorization": "Bearer wrong"}).status_code == 401


def test_duplicate_late_and_dangling_events_give_one_document_per_object_version(api_url, client_for, s3, it_db):
    c = client_for("events")
    key = "events/dup/采购合同 v1.txt"
    v1 = contract_txt(1)
    etag1 = put(s3, key, v1)
    event1 = minio_event(BUCKET, key, etag1, len(v1))

    # the same event twice, then a batch naming the same object: one document
    first = _post_event(api_url, event1).json()["results"][0]
    again = _post_event(api_url, event1).json()["results"][0]
    assert (first["outcome"], again["outcome"]) == ("created", "duplicate")
    assert again["document_id"] == first["document_id"]
    batch = c.post("/v1/batches", json={"keys": [key]})
    assert batch.status_code == 202, batch.text
    assert [d["id"] for d in batch.json()["documents"]] == [first["document_id"]]
    wait_for(lambda: db_rows(it_db, Document, Document.id == first["document_id"],
                             Document.status == "reviewed"), timeout=60, what="v1 reviewed")

    # the key is overwritten: the new version is a new document; v1's event arriving late changes nothing
    v2 = contract_txt(2)
    etag2 = put(s3, key, v2)
    second = _post_event(api_url, minio_event(BUCKET, key, etag2, len(v2))).json()["results"][0]
    late = _post_event(api_url, event1).json()["results"][0]
    assert second["outcome"] == "created" and second["document_id"] != first["document_id"]
    assert late["outcome"] == "stale" and late["document_id"] is None

    # an event for an object deleted before the event came, and a tagging event: no document
    gone = "events/dup/deleted.txt"
    etag_gone = put(s3, gone, contract_txt(3))
    s3.client().remove_object(BUCKET, gone)
    assert _post_event(api_url, minio_event(BUCKET, gone, etag_gone, 10)).json()["results"][0]["outcome"] == "missing"
    tagging = _post_event(api_url, minio_event(BUCKET, key, etag2, len(v2), name="s3:ObjectCreated:PutTagging"))
    assert tagging.json() == {"results": [], "ignored": 1}

    docs = [d for d in wait_documents(it_db, "events", 3) if d.object_key.startswith("events/dup/")]
    assert sorted((d.etag, d.status) for d in docs) == sorted([(etag1, "reviewed"), (etag2, "reviewed")])
    for d in docs:
        assert len(db_rows(it_db, Review, Review.document_id == d.id)) == 1


def test_objects_outside_every_mapped_prefix_are_ignored(api_url, s3, it_db):
    data = contract_txt(4)
    etag = put(s3, "unmapped/x.txt", data)
    res = _post_event(api_url, minio_event(BUCKET, "unmapped/x.txt", etag, len(data))).json()
    assert res["results"] == [{"key": "unmapped/x.txt", "outcome": "unmapped", "document_id": None}]
    assert not db_rows(it_db, Document, Document.object_key == "unmapped/x.txt")
