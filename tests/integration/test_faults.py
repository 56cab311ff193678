"""Faults, for real: SIGKILLed workers, a webhook receiver that is down, a Redis that
restarts and forgets every message. Each test runs its own worker on its own queues
(its own Redis key prefix, or its own Redis) and starts documents with
``contract-review reconcile``, so it controls which process does the work."""

from __future__ import annotations

import os
import signal
import time

import pytest
from standardwebhooks import Webhook

from tests.integration.conftest import fresh_database, run_cli
from tests.integration.stack import (BIN, CeleryWorker, Proc, Receiver, RedisServer, TcpProxy, contract_pdf,
                                     contract_txt,
                                     db_rows, put, wait_documents, wait_for)
from worker.db.models import Document, Review, StageRun, WebhookDelivery, WebhookEndpoint


@pytest.fixture(scope="module")
def big_pdf() -> bytes:
    """600 pages: each stage runs for seconds, longer than the reconcile command that
    starts it takes to exit, so the test can catch it running and kill it."""
    return contract_pdf(600)


def _own_queues(stack_env: dict, tag: str, **extra: str) -> dict:
    return {**stack_env, "CR_REDIS_KEY_PREFIX": f"{stack_env['CR_REDIS_KEY_PREFIX']}{tag}:", **extra}


def _start_one(s3, env: dict, it_db: str, key: str, data: bytes) -> Document:
    put(s3, key, data)
    r = run_cli(["reconcile", "--tenant", key.split("/", 1)[0]], env)
    assert r.returncode == 0 and "started 1" in r.stdout, r.stdout + r.stderr
    [doc] = db_rows(it_db, Document, Document.object_key == key)
    return doc


def _running(it_db: str, doc_id: int, stage: str):
    return db_rows(it_db, StageRun, StageRun.document_id == doc_id, StageRun.stage == stage,
                   StageRun.status == "running")


@pytest.fixture(scope="module")
def kill_db(stack_env):
    """The kill tests' own database: their big PDFs run under long time limits, and must
    not be among the reviews ``reprocess --stale`` later re-runs under the stack's short
    ones (test_reprocess_and_reconcile waits for every stale review)."""
    from sqlmodel import Session

    from worker.db import crud
    from worker.db.session import engine_for

    with fresh_database() as url:
        with Session(engine_for(url)) as s:
            crud.ensure_tenant(s, tenant_id="kill")
        yield url


@pytest.fixture(scope="module")
def kill_env(stack_env, kill_db) -> dict:
    # time limits and visibility timeout above the big PDF's stages on a loaded machine
    return _own_queues(stack_env, "kill", CR_TASK_TIME_LIMIT="120", CR_LLM_TASK_TIME_LIMIT="120",
                       CR_VISIBILITY_TIMEOUT="150", CR_DATABASE_URL=kill_db)


@pytest.fixture(scope="module")
def kill_worker(kill_env, it_dir):
    """A worker with one pool process, on queues of its own."""
    w = CeleryWorker(kill_env, it_dir / "kill.log", concurrency=1, name="kill")
    yield w
    w.stop()


@pytest.mark.parametrize("stage", ["extract", "review", "persist"])
def test_a_worker_process_killed_mid_stage_still_reviews_the_document_exactly_once(
        stage, kill_env, kill_worker, s3, kill_db, big_pdf):
    it_db = kill_db
    doc = _start_one(s3, kill_env, it_db, f"kill/{stage}/big.pdf", big_pdf)
    # WHEN the process running the stage is SIGKILLed while the stage runs
    wait_for(lambda: _running(it_db, doc.id, stage), timeout=180, interval=0.005, what=f"{stage} running")
    [child] = kill_worker.pool_children()
    os.kill(child, signal.SIGKILL)
    # THEN the message comes back (acks_late, reject_on_worker_lost) and the chain finishes once
    wait_for(lambda: db_rows(it_db, Document, Document.id == doc.id, Document.status.in_(("reviewed", "failed"))),
             timeout=240, what="the document to finish")
    [done] = db_rows(it_db, Document, Document.id == doc.id)
    assert done.status == "reviewed", (done.error_code, done.error_message)
    assert len(db_rows(it_db, Review, Review.document_id == doc.id)) == 1
    assert f"pid:{child} exited with 'signal 9 (SIGKILL)'" in kill_worker.proc.log_text()
    if stage == "review":  # a second or more: the kill certainly landed inside it
        [run] = db_rows(it_db, StageRun, StageRun.document_id == doc.id, StageRun.stage == "review")
        assert (run.status, run.attempts) == ("done", 2)


def test_a_whole_worker_killed_mid_chain_is_replaced_and_the_document_reviewed_once(
        stack_env, s3, kill_db, it_dir):
    it_db = kill_db
    # a visibility timeout of 30 s (time limits below it) so the lost message comes back soon
    env = _own_queues(stack_env, "kill-whole", CR_VISIBILITY_TIMEOUT="30", CR_TASK_TIME_LIMIT="25",
                      CR_LLM_TASK_TIME_LIMIT="25", CR_DATABASE_URL=kill_db)
    first = CeleryWorker(env, it_dir / "kill-whole-1.log", concurrency=1, name="kill-whole-1")
    doc = _start_one(s3, env, it_db, "kill/whole/big.pdf", contract_pdf(40))
    wait_for(lambda: _running(it_db, doc.id, "review"), timeout=60, interval=0.005, what="review running")
    first.proc.signal_group(signal.SIGKILL)  # the main process and its pool child, no goodbye
    first.stop()
    # a new worker gets the unacknowledged message back once the visibility timeout passes
    second = CeleryWorker(env, it_dir / "kill-whole-2.log", concurrency=1, name="kill-whole-2")
    try:
        wait_for(lambda: db_rows(it_db, Document, Document.id == doc.id, Document.status == "reviewed"),
                 timeout=180, what="the review after the worker was replaced")
        assert len(db_rows(it_db, Review, Review.document_id == doc.id)) == 1
        [run] = db_rows(it_db, StageRun, StageRun.document_id == doc.id, StageRun.stage == "review")
        assert run.attempts == 2
    finally:
        second.stop()


def test_a_webhook_receiver_that_is_down_then_up_gets_the_signed_event_once(client_for, it_db):
    receiver = Receiver()  # its port is chosen, nothing listens yet
    c = client_for("hooks")
    secret = c.post("/v1/webhook-endpoints", json={"url": receiver.url}).json()["secret"]
    doc_id = c.post("/v1/batches", files=[("files", ("回调.txt", contract_txt(500), "text/plain"))]).json()["documents"][0]["id"]

    def refused():
        rows = db_rows(it_db, WebhookDelivery, WebhookDelivery.document_id == doc_id)
        return rows and rows[0].attempts >= 1 and rows[0].last_error and rows[0].status == "pending"

    wait_for(refused, timeout=60, what="a failed first attempt")
    receiver.start()
    wait_for(lambda: receiver.events("review.completed", doc_id), timeout=30, what="the redelivery")
    time.sleep(3)  # a duplicate would come within the retry schedule
    [req] = receiver.events(document_id=doc_id)
    assert Webhook(secret).verify(req["body"], req["headers"])["data"]["document_id"] == doc_id
    [row] = db_rows(it_db, WebhookDelivery, WebhookDelivery.document_id == doc_id)
    assert row.status == "delivered" and row.attempts >= 2 and row.msg_id == req["headers"]["webhook-id"]
    receiver.stop()


def test_a_410_from_the_receiver_disables_the_endpoint(client_for, it_db):
    gone = Receiver(status=410).start()
    c = client_for("hooks")
    endpoint = c.post("/v1/webhook-endpoints", json={"url": gone.url}).json()
    c.post("/v1/batches", files=[("files", ("一.txt", contract_txt(510), "text/plain"))])
    wait_for(lambda: db_rows(it_db, WebhookEndpoint, WebhookEndpoint.id == endpoint["id"],
                             WebhookEndpoint.status == "disabled"), timeout=60, what="the endpoint disabled")
    doc2 = c.post("/v1/batches", files=[("files", ("二.txt", contract_txt(511), "text/plain"))]).json()
    wait_for(lambda: db_rows(it_db, Document, Document.id == doc2["documents"][0]["id"],
                             Document.status == "reviewed"), timeout=60, what="the second review")
    time.sleep(1)
    assert len(gone.requests) == 1
    assert c.get(f"/v1/webhook-endpoints/{endpoint['id']}").json()["status"] == "disabled"
    gone.stop()


def test_a_receiver_failing_with_5xx_exhausts_its_retries_and_webhooks_redeliver_sends_it_again(
        client_for, it_db, stack_env):
    broken = Receiver(status=503).start()
    c = client_for("hooks")
    endpoint = c.post("/v1/webhook-endpoints", json={"url": broken.url, "events": ["review.completed"]}).json()
    doc_id = c.post("/v1/batches", files=[("files", ("五.txt", contract_txt(520), "text/plain"))]).json()["documents"][0]["id"]

    def delivery(status):
        return db_rows(it_db, WebhookDelivery, WebhookDelivery.document_id == doc_id,
                       WebhookDelivery.endpoint_id == endpoint["id"], WebhookDelivery.status == status)

    # the retry schedule here is 1, 1, 1, 1, 1, 2 s: seven attempts, then the delivery fails
    [failed] = wait_for(lambda: delivery("failed"), timeout=60, what="the retries to run out")
    assert failed.attempts == 7 and failed.last_status_code == 503 and len(broken.events(document_id=doc_id)) == 7
    assert len({q["headers"]["webhook-id"] for q in broken.events(document_id=doc_id)}) == 1
    broken.status = 200
    r = run_cli(["webhooks", "redeliver", "--failed"], stack_env)
    assert r.returncode == 0, r.stderr
    wait_for(lambda: delivery("delivered"), timeout=30, what="the redelivery")
    assert len(broken.events(document_id=doc_id)) == 8
    broken.stop()


def test_redis_restarted_mid_batch_without_its_data_loses_no_document(stack_env, s3, it_db, it_dir, tenant_keys):
    # GIVEN a private Redis without persistence, a worker and beat (the relay) on it
    redis = RedisServer(it_dir / "redis")
    env = {**stack_env, "CR_BROKER_URL": redis.url, "CR_REDIS_KEY_PREFIX": "", "CR_STALE_AFTER": "6"}
    worker = CeleryWorker(env, it_dir / "redis-worker.log", concurrency=1, name="redis", cli=True)
    beat = Proc([str(BIN / "contract-review"), "beat"], env={**env, "CR_DATA_DIR": str(it_dir / "beat")},
                log=it_dir / "beat.log")
    try:
        for i in range(12):
            put(s3, f"redis/batch/合同{i:02d}.txt", contract_txt(600 + i))
        assert "started 12" in run_cli(["reconcile", "--tenant", "redis"], env).stdout
        # WHEN Redis dies with queued and unacknowledged messages, and comes back empty
        wait_for(lambda: len(db_rows(it_db, Document, Document.tenant_id == "redis",
                                     Document.status == "reviewed")) >= 2, timeout=60, interval=0.05,
                 what="the batch under way")
        redis.kill()
        time.sleep(2)
        redis.start()
        # THEN every document still ends reviewed, exactly once
        docs = wait_documents(it_db, "redis", 12, timeout=120)
        assert [d.status for d in docs] == ["reviewed"] * 12
        for d in docs:
            assert len(db_rows(it_db, Review, Review.document_id == d.id)) == 1
    finally:
        beat.stop()
        worker.stop()
        redis.stop()


def test_postgresql_and_s3_unreachable_mid_batch_the_documents_finish_when_they_are_back(
        stack_env, s3, it_db, it_dir, tenant_keys):
    # GIVEN a worker that reaches PostgreSQL and S3 through relays we can cut
    from urllib.parse import urlsplit

    pg = urlsplit(it_db.replace("postgresql+psycopg", "postgresql"))
    db_proxy = TcpProxy(pg.hostname, pg.port or 5432)
    s3_host, s3_port = s3.endpoint.split(":")
    s3_proxy = TcpProxy(s3_host, int(s3_port))
    env = _own_queues(stack_env, "outage", CR_DATABASE_URL=it_db.replace(f"{pg.hostname}:{pg.port}",
                                                                         f"127.0.0.1:{db_proxy.port}"),
                      CR_S3_ENDPOINT=f"127.0.0.1:{s3_proxy.port}")
    worker = CeleryWorker(env, it_dir / "outage.log", concurrency=1, name="outage")
    try:
        for i in range(8):
            put(s3, f"redis/outage/合同{i}.txt", contract_txt(650 + i))
        assert "started 8" in run_cli(["reconcile", "--tenant", "redis"], env).stdout

        def reviewed():
            return [d for d in db_rows(it_db, Document, Document.object_key.startswith("redis/outage/"))
                    if d.status == "reviewed"]

        # WHEN both are unreachable for a while in the middle of the batch
        wait_for(lambda: len(reviewed()) >= 1, timeout=60, interval=0.05, what="the batch under way")
        db_proxy.cut()
        s3_proxy.cut()
        time.sleep(6)
        assert len(reviewed()) < 8
        db_proxy.restore()
        s3_proxy.restore()
        # THEN the tasks' retries finish every document, once
        wait_for(lambda: len(reviewed()) == 8, timeout=120, what="all reviewed after the outage")
        for d in reviewed():
            assert len(db_rows(it_db, Review, Review.document_id == d.id)) == 1
        assert "Retry in" in worker.proc.log_text()
    finally:
        worker.stop()
        db_proxy.cut()
        s3_proxy.cut()

