"""Batches through the API; tenant isolation; SSRF rules for callback URLs."""

from __future__ import annotations

from standardwebhooks import Webhook

from tests.integration.conftest import run_cli
from tests.integration.stack import (BUCKET, Receiver, contract_pdf, contract_txt, db_rows, wait_documents, wait_for)
from worker.db.models import Review, WebhookDelivery

CORRUPT = {
    "truncated.pdf": (b"%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage", "corrupt"),
    "photo.png": (b"\x89PNG\r\n\x1a\n" + b"\0" * 64, "unsupported_format"),
    "empty.txt": (b"", "empty_document"),
}


def test_a_batch_of_20_with_3_corrupt_files_ends_17_reviewed_and_3_failed_with_codes(client_for, it_db, stack_env):
    # GIVEN 17 good contracts (TXT and PDF) and 3 unusable files, and a webhook receiver
    receiver = Receiver().start()
    c = client_for("batch")
    secret = c.post("/v1/webhook-endpoints", json={"url": receiver.url}).json()["secret"]
    files = [("files", (f"合同{i:02d}.txt", contract_txt(100 + i), "text/plain")) for i in range(14)]
    files += [("files", (f"合同{i:02d}.pdf", contract_pdf(1, tag=str(i)), "application/pdf")) for i in range(3)]
    files += [("files", (name, data, "application/octet-stream")) for name, (data, _) in CORRUPT.items()]

    # WHEN they are uploaded as one batch
    r = c.post("/v1/batches", files=files, data={"name": "二十份"})
    assert r.status_code == 202, r.text
    batch = r.json()
    assert len(batch["documents"]) == 20 and batch["name"] == "二十份"

    # THEN 17 are reviewed and 3 failed, each with its code and a message, and each is announced once
    docs = wait_documents(it_db, "batch", 20)
    assert sum(d.status == "reviewed" for d in docs) == 17
    failed = {d.filename: (d.error_code, d.error_message) for d in docs if d.status == "failed"}
    assert {name: code for name, (code, _) in failed.items()} == {n: code for n, (_, code) in CORRUPT.items()}
    assert all(msg for _, msg in failed.values())
    got = c.get(f"/v1/batches/{batch['id']}").json()
    assert got["counts"] == {"reviewed": 17, "failed": 3}
    for d in docs:
        assert len(db_rows(it_db, Review, Review.document_id == d.id)) == (d.status == "reviewed")
    wait_for(lambda: len(receiver.requests) >= 20, timeout=60, what="20 webhooks")
    kinds = sorted(Webhook(secret).verify(q["body"], q["headers"])["type"] for q in receiver.requests)
    assert kinds == ["review.completed"] * 17 + ["review.failed"] * 3
    failed_event = receiver.events("review.failed")[0]["json"]["data"]
    assert failed_event["error"]["code"] in {"corrupt", "unsupported_format", "empty_document"}

    # AND re-queueing the failed ones runs them again: still unusable, still failed with the same codes
    r = run_cli(["documents", "requeue", "--status", "failed", "--tenant", "batch"], stack_env)
    assert "re-queued 3 document(s)" in r.stdout, r.stdout + r.stderr
    wait_for(lambda: all(d.attempts == 2 for d in wait_documents(it_db, "batch", 20) if d.status == "failed"),
             timeout=60, what="the re-queued documents to fail again")
    again = {d.filename: d.error_code for d in wait_documents(it_db, "batch", 20) if d.status == "failed"}
    assert again == {n: code for n, (_, code) in CORRUPT.items()}
    receiver.stop()


def test_a_tenant_can_never_read_list_or_be_notified_about_another_tenants_documents(client_for, s3, it_db, api_url):
    alpha, beta = client_for("alpha"), client_for("beta")
    beta_receiver = Receiver().start()
    assert beta.post("/v1/webhook-endpoints", json={"url": beta_receiver.url}).status_code == 201
    alpha_receiver = Receiver().start()
    assert alpha.post("/v1/webhook-endpoints", json={"url": alpha_receiver.url}).status_code == 201
    batch = alpha.post("/v1/batches", files=[("files", ("甲方合同.txt", contract_txt(300), "text/plain"))]).json()
    doc_id = batch["documents"][0]["id"]
    [doc] = wait_documents(it_db, "alpha", 1)
    wait_for(lambda: alpha_receiver.events(document_id=doc_id), timeout=30, what="alpha's webhook")

    # beta sees none of it: not the document, its review, its PDF, its batch, nor alpha's endpoints
    for path in (f"/v1/documents/{doc_id}", f"/v1/documents/{doc_id}/review", f"/v1/documents/{doc_id}/annotated.pdf",
                 f"/v1/batches/{batch['id']}"):
        assert beta.get(path).status_code == 404, path
    assert [e["url"] for e in beta.get("/v1/webhook-endpoints").json()] == [beta_receiver.url]
    alpha_endpoint = alpha.get("/v1/webhook-endpoints").json()[0]["id"]
    assert beta.get(f"/v1/webhook-endpoints/{alpha_endpoint}").status_code == 404
    assert beta.delete(f"/v1/webhook-endpoints/{alpha_endpoint}").status_code == 404
    # beta may not start a review of alpha's object by naming its key, nor by an event mapped to alpha
    assert beta.post("/v1/batches", json={"keys": [doc.object_key]}).status_code == 403
    assert beta.post("/v1/batches", json={"keys": [f"s3://{BUCKET}/{doc.object_key}"]}).status_code == 403
    assert beta_receiver.requests == []
    assert not db_rows(it_db, WebhookDelivery, WebhookDelivery.tenant_id == "beta")
    # without a key, nothing at all
    assert alpha.get(f"/v1/documents/{doc_id}", headers={"Authorization": "Bearer cr_x_y"}).status_code == 401
    beta_receiver.stop()
    alpha_receiver.stop()


def test_callback_urls_to_private_addresses_are_refused_unless_the_tenant_is_allowed(client_for):
    strict, allowed = client_for("nopriv"), client_for("alpha")
    for url in ("http://127.0.0.1:9/hook", "http://localhost/hook", "http://10.1.2.3/hook",
                "http://169.254.169.254/latest/meta-data", "http://[::1]/hook", "http://[::ffff:127.0.0.1]/hook",
                "http://100.64.0.1/hook", "ftp://example.com/hook"):
        r = strict.post("/v1/webhook-endpoints", json={"url": url})
        assert r.status_code == 422, (url, r.text)
    assert "non-public" in strict.post("/v1/webhook-endpoints", json={"url": "http://127.0.0.1:9/"}).json()["detail"]
    assert strict.get("/v1/webhook-endpoints").json() == []
    assert allowed.post("/v1/webhook-endpoints", json={"url": "http://127.0.0.1:9/hook"}).status_code == 201


def test_openapi_metrics_and_health_are_served(api_url, client_for):
    import httpx

    spec = httpx.get(f"{api_url}/openapi.json").json()
    for path in ("/v1/events/s3", "/v1/batches", "/v1/batches/{batch_id}", "/v1/documents/{document_id}",
                 "/v1/documents/{document_id}/review", "/v1/documents/{document_id}/annotated.pdf",
                 "/v1/webhook-endpoints", "/metrics", "/healthz"):
        assert path in spec["paths"], path
    assert httpx.get(f"{api_url}/healthz").json() == {"status": "ok"}
    text = httpx.get(f"{api_url}/metrics").text
    assert "cr_documents{" in text and "cr_webhook_deliveries_pending" in text and "cr_intake_total" in text
