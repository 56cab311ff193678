"""The LLM path through the distributed chain, fanned out per clause batch (issue 10):
a cpu worker and an LLM worker (``contract-review worker llm``) with the real default
model — once in process (llama-cpp-python), once against a real OpenAI-compatible server
(``python -m llama_cpp.server``) with an LLM worker killed mid-fan-out. With
``CR_LLM_TEMPERATURE=0`` both give the same review.

Each test works in a database and a broker prefix of its own: its LLM worker stops when
the test ends, so its document must not be among those ``reprocess --stale`` re-runs
later in the session (test_reprocess_and_reconcile waits for every stale review).
Budgets are small (two finder calls, one written analysis): this machine has two cores.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.integration.conftest import fresh_database, run_cli
from tests.integration.stack import BIN, CeleryWorker, LlamaServer, Proc, contract_txt, db_rows, put, wait_for
from tests.installed import installed_gguf
from worker.db.models import Document, LlmUnit, Review, StageRun

REPO = Path(__file__).resolve().parents[2]
MODEL = "qwen2.5-coder-0.5b"
GGUF = installed_gguf("qwen2.5-coder-0.5b-instruct-q4_k_m.gguf")
# the model scripts/install.sh assembled; never assembled here (it would go into the user's data directory)
pytestmark = pytest.mark.skipif(not GGUF.is_file(), reason="the default model is not installed "
                                "(contract-review models install)")
REVIEWS: dict[str, dict] = {}  # backend -> review body, compared by the second test


def _env(stack_env: dict, db_url: str, tag: str, **extra: str) -> dict:
    return {**stack_env, "CR_DATABASE_URL": db_url, "CR_REDIS_KEY_PREFIX": f"{stack_env['CR_REDIS_KEY_PREFIX']}{tag}:",
            "CR_USE_LLM": "true", "CR_MODEL": MODEL, "CR_MODELS_DIR": str(GGUF.parent),
            "CR_MAX_LLM_CLAUSES": "1", "CR_MAX_FINDER_CALLS": "2", "CR_LLM_TEMPERATURE": "0",
            "CR_TASK_TIME_LIMIT": "1500", "CR_LLM_TASK_TIME_LIMIT": "1500", "CR_VISIBILITY_TIMEOUT": "1600", **extra}


def _tenant_db():
    from sqlmodel import Session

    from worker.db import crud
    from worker.db.session import engine_for

    ctx = fresh_database()
    url = ctx.__enter__()
    with Session(engine_for(url)) as s:
        crud.ensure_tenant(s, tenant_id="llm")
        s.commit()
    return ctx, url


def _only(s3, key: str) -> None:
    """Leave ``key`` the only object under the tenant's prefix (both tests reconcile ``llm/``)."""
    from tests.integration.stack import BUCKET

    client = s3.client()
    for obj in client.list_objects(BUCKET, prefix="llm/", recursive=True):
        if obj.object_name != key:
            client.remove_object(BUCKET, obj.object_name)


def _comparable(body: dict) -> dict:
    """What must agree between backends: the risks and the review's model counts."""
    m = body["metrics"]
    return {"risks": body["risks"], "counts": body["counts"], "errors": body["errors"],
            "llm": {k: m[k] for k in ("llm_calls", "prompt_tokens", "completion_tokens", "clauses_read_by_llm",
                                      "clauses_analysed_by_llm")}}


def _finish(db_url: str, key: str) -> Document:
    [doc] = wait_for(lambda: db_rows(db_url, Document, Document.object_key == key,
                                     Document.status.in_(("reviewed", "failed"))), timeout=1500, interval=2,
                     what="the LLM review")
    assert doc.status == "reviewed", (doc.error_code, doc.error_message)
    assert doc.model_version == MODEL
    return doc


def _check_chain(db_url: str, doc: Document) -> dict:
    [row] = db_rows(db_url, Review, Review.document_id == doc.id)
    m = row.body["metrics"]
    assert m["llm_calls"] > 0 and m["completion_tokens"] > 0 and m["clauses_read_by_llm"] > 0
    for stage in ("prepare", "retrieve", "merge", "persist"):
        assert db_rows(db_url, StageRun, StageRun.document_id == doc.id, StageRun.stage == stage,
                       StageRun.status == "done"), stage
    assert not db_rows(db_url, StageRun, StageRun.document_id == doc.id, StageRun.stage.in_(("review", "generate")))
    units = db_rows(db_url, LlmUnit, LlmUnit.document_id == doc.id)
    finds = [u for u in units if u.phase == "find"]
    analyses = [u for u in units if u.phase == "analyse"]
    assert finds and all(u.status == "done" and u.output for u in units)
    assert sum(u.calls for u in finds) <= 2  # CR_MAX_FINDER_CALLS, shared out over the batches
    assert len(analyses) == m["clauses_analysed_by_llm"] + sum("error" in u.output for u in analyses) <= 1
    assert sum(u.calls for u in units) == m["llm_calls"]
    assert sum(u.prompt_tokens for u in units) == m["prompt_tokens"]
    return row.body


@pytest.mark.llm
@pytest.mark.slow
def test_the_fanned_out_chain_reviews_with_the_model_in_process(stack_env, s3, it_dir):
    ctx, db_url = _tenant_db()
    env = _env(stack_env, db_url, "llm-inproc", CR_LLM_BACKEND="llamacpp")
    cpu = CeleryWorker(env, it_dir / "llm-cpu.log", concurrency=1, name="llm-cpu")
    llm = Proc([str(BIN / "contract-review"), "worker", "llm", "--model", MODEL, "--gpu", "0"], env=env,
               log=it_dir / "llm-worker.log")
    try:
        wait_for(lambda: " ready." in llm.log_text(), timeout=300, what="the LLM worker")
        assert f"llm.{MODEL}" in llm.log_text()
        put(s3, "llm/inproc/设备采购合同.txt", contract_txt(900))
        _only(s3, "llm/inproc/设备采购合同.txt")
        assert "started 1" in run_cli(["reconcile", "--tenant", "llm"], env).stdout
        doc = _finish(db_url, "llm/inproc/设备采购合同.txt")
        body = _check_chain(db_url, doc)
        units = db_rows(db_url, LlmUnit, LlmUnit.document_id == doc.id)
        assert all(u.executions == 1 and u.attempts == 1 for u in units)  # nothing killed, nothing ran twice
        assert all((u.worker or "").startswith(f"llm-{MODEL}-gpu0@") for u in units)  # the LLM worker generated
        REVIEWS["llamacpp"] = _comparable(body)
    finally:
        llm.stop()
        cpu.stop()
        ctx.__exit__(None, None, None)


@pytest.mark.llm
@pytest.mark.slow
def test_the_chain_through_an_openai_compatible_server_survives_a_killed_llm_worker_with_the_same_review(
        stack_env, s3, it_dir):
    server = LlamaServer(GGUF, name=MODEL, log=it_dir / "llama-server.log", n_threads=2)
    ctx, db_url = _tenant_db()
    env = _env(stack_env, db_url, "llm-server", CR_LLM_BACKEND="openai", CR_LLM_BASE_URL=server.base_url)
    cpu = CeleryWorker(env, it_dir / "llm-server-cpu.log", concurrency=1, name="llm-server-cpu")
    llm = CeleryWorker(env, it_dir / "llm-server-worker.log", name="llm-server", cli=False,
                       queues=f"llm.{MODEL}", concurrency=2)
    try:
        key = "llm/server/设备采购合同.txt"
        put(s3, key, contract_txt(900))
        _only(s3, key)
        assert "started 1" in run_cli(["reconcile", "--tenant", "llm"], env).stdout
        # WHEN the LLM worker's processes are SIGKILLed while units are in flight to the server
        running = wait_for(lambda: db_rows(db_url, LlmUnit, LlmUnit.status == "running"), timeout=600,
                           interval=0.05, what="a unit running")
        for child in llm.pool_children():
            os.kill(child, signal.SIGKILL)
        # THEN their messages come back, run again, and the review is written once
        doc = _finish(db_url, key)
        body = _check_chain(db_url, doc)
        assert len(db_rows(db_url, Review, Review.document_id == doc.id)) == 1
        killed = {u.id for u in running}
        units = db_rows(db_url, LlmUnit, LlmUnit.document_id == doc.id)
        for u in units:
            # every second run of a unit is its own message back after its worker died, never a duplicate
            assert u.executions == u.attempts <= 2, (u.phase, u.unit_key, u.executions, u.attempts)
            if u.id in killed:
                assert u.attempts == 2, (u.phase, u.unit_key)
        assert "exited with 'signal 9 (SIGKILL)'" in llm.proc.log_text()
        # the server backend reviews as the in-process one does (greedy decoding, same model and seed)
        if "llamacpp" in REVIEWS:
            assert _comparable(body) == REVIEWS["llamacpp"]
    finally:
        llm.stop()
        cpu.stop()
        server.stop()
        ctx.__exit__(None, None, None)
