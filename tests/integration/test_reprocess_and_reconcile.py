"""Beat jobs run by hand: reconciliation of the bucket, and ``reprocess --stale``.

``reprocess --stale`` re-runs every stale review in the database, so this module runs
last (file order) and waits for all of them."""

from __future__ import annotations

from standardwebhooks import Webhook

from tests.integration.conftest import run_cli
from tests.integration.stack import Receiver, contract_txt, db_rows, put, wait_documents, wait_for
from worker.db.models import Document, Review

FIRING_PLAYBOOK = """checks:
  - id: firm.delivery_place
    category: delivery
    severity: medium
    title: 交货地点须写明具体车间（本所规则）
    statutes: [[中华人民共和国民法典, 603]]
    any: ['运至甲方厂区']
    explanation: 本所要求交货地点具体到车间或仓库，以便确定风险转移时点。
    suggestion: 将交货地点写明为甲方厂区内的具体车间或仓库地址。
"""


def test_reconcile_starts_bucket_objects_that_no_event_announced(stack_env, s3, it_db, worker):
    for i in range(3):
        put(s3, f"reconcile/missed/合同{i}.txt", contract_txt(700 + i))
    first = run_cli(["reconcile", "--tenant", "reconcile"], stack_env)
    assert first.returncode == 0 and "started 3" in first.stdout, first.stdout + first.stderr
    docs = wait_documents(it_db, "reconcile", 3)
    assert [d.status for d in docs] == ["reviewed"] * 3
    again = run_cli(["reconcile", "--tenant", "reconcile"], stack_env)
    assert "listed 3 object(s), started 0" in again.stdout


def test_reprocess_stale_after_a_playbook_change_reruns_exactly_the_stale_reviews(
        stack_env, client_for, it_db, playbook_file):
    # GIVEN a reviewed document whose client listens for review.updated
    receiver = Receiver().start()
    c = client_for("reprocess")
    secret = c.post("/v1/webhook-endpoints", json={"url": receiver.url,
                                                    "events": ["review.completed", "review.updated"]}).json()["secret"]
    doc_id = c.post("/v1/batches", files=[("files", ("设备采购合同.txt", contract_txt(800), "text/plain"))]
                    ).json()["documents"][0]["id"]
    wait_for(lambda: receiver.events("review.completed", doc_id), timeout=60, what="the first review")
    first = c.get(f"/v1/documents/{doc_id}/review").json()
    def unfinished():
        return db_rows(it_db, Document, Document.status.in_(("received", "queued", "processing")))

    try:
        wait_for(lambda: not unfinished(), timeout=240, what="every document of the session to finish")
    except TimeoutError as e:  # say which, so a failure on CI can be diagnosed
        raise TimeoutError(f"{e}: {[(d.tenant_id, d.object_key, d.status) for d in unfinished()]}") from None
    reviewed = db_rows(it_db, Document, Document.status == "reviewed")
    newest = {(d.bucket, d.object_key): d.id for d in sorted(db_rows(it_db, Document), key=lambda d: d.id)}
    # a document whose key was overwritten later (test_event_chain) is superseded, not stale
    stale = {d.id: d.playbook_version for d in reviewed if newest[(d.bucket, d.object_key)] == d.id}
    assert len(stale) < len(reviewed)

    # WHEN the firm playbook gains a check and the nightly job runs
    playbook_file.write_text(FIRING_PLAYBOOK, encoding="utf-8")
    r = run_cli(["reprocess", "--stale"], stack_env)
    assert r.returncode == 0 and f"reprocessing {len(stale)} document(s)" in r.stdout, r.stdout + r.stderr

    # THEN the client hears what changed, and the old review is kept as revision 1
    wait_for(lambda: receiver.events("review.updated", doc_id), timeout=120, what="review.updated")
    payload = Webhook(secret).verify(receiver.events("review.updated", doc_id)[0]["body"],
                                     receiver.events("review.updated", doc_id)[0]["headers"])
    changes = payload["data"]["changes"]
    assert payload["data"]["revision"] == 2 and list(changes["versions"]) == ["playbook"]
    assert [a["title"] for a in changes["risks_added"]] == ["交货地点须写明具体车间（本所规则）"]
    assert changes["risks_removed"] == [] and changes["risks_changed"] == []
    current = c.get(f"/v1/documents/{doc_id}/review").json()
    assert current["revision"] == 2 and len(current["risks"]) == len(first["risks"]) + 1
    assert c.get(f"/v1/documents/{doc_id}/review", params={"revision": 1}).json()["risks"] == first["risks"]

    # every stale review was re-run once, and nothing is stale any more
    def all_rerun():
        docs = {d.id: d for d in db_rows(it_db, Document, Document.id.in_(list(stale)))}
        return all(d.status == "reviewed" and d.playbook_version != stale[i] for i, d in docs.items())

    try:
        wait_for(all_rerun, timeout=180, interval=0.5, what="every stale review re-run")
    except TimeoutError:
        left = [(d.id, d.tenant_id, d.object_key, d.status, d.error_code, d.error_message)
                for d in db_rows(it_db, Document, Document.id.in_(list(stale)))
                if not (d.status == "reviewed" and d.playbook_version != stale[d.id])]
        raise AssertionError(f"not re-run: {left}") from None
    for doc in stale:
        assert len(db_rows(it_db, Review, Review.document_id == doc)) == 2
    assert "reprocessing 0 document(s)" in run_cli(["reprocess", "--stale"], stack_env).stdout
    receiver.stop()
