"""The one end-to-end test of the LLM path through the distributed chain: a cpu worker
and an LLM worker (``contract-review worker llm``) holding the real default model.

It works in a database and a broker prefix of its own: its LLM worker stops when the
test ends, so its document must not be among those ``reprocess --stale`` re-runs later
in the session (test_reprocess_and_reconcile waits for every stale review)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.integration.conftest import fresh_database, run_cli
from tests.integration.stack import CeleryWorker, Proc, BIN, contract_txt, db_rows, put, wait_for
from worker.db.models import Document, Review, StageRun

REPO = Path(__file__).resolve().parents[2]
MODEL = "qwen2.5-coder-0.5b"


@pytest.mark.llm
@pytest.mark.slow
def test_the_chain_reviews_with_the_model_on_its_llm_queue(stack_env, s3, it_dir):
    from sqlmodel import Session

    from worker.db import crud
    from worker.db.session import engine_for

    with fresh_database() as db_url:
        with Session(engine_for(db_url)) as s:
            crud.ensure_tenant(s, tenant_id="llm")
            s.commit()
        _review_with_the_model(stack_env, s3, db_url, it_dir)


def _review_with_the_model(stack_env, s3, it_db, it_dir):
    env = {**stack_env, "CR_DATABASE_URL": it_db, "CR_REDIS_KEY_PREFIX": f"{stack_env['CR_REDIS_KEY_PREFIX']}llm:", "CR_USE_LLM": "true",
           "CR_MODEL": MODEL, "CR_MODELS_DIR": str(REPO / ".contract-review" / "models"),
           "CR_MAX_LLM_CLAUSES": "1", "CR_TASK_TIME_LIMIT": "1500", "CR_LLM_TASK_TIME_LIMIT": "1500",
           "CR_VISIBILITY_TIMEOUT": "1600"}
    cpu = CeleryWorker(env, it_dir / "llm-cpu.log", concurrency=1, name="llm-cpu")
    llm = Proc([str(BIN / "contract-review"), "worker", "llm", "--model", MODEL, "--gpu", "0"], env=env,
               log=it_dir / "llm-worker.log")
    try:
        wait_for(lambda: " ready." in llm.log_text(), timeout=300, what="the LLM worker")
        assert f"llm.{MODEL}" in llm.log_text()
        put(s3, "llm/inbox/设备采购合同.txt", contract_txt(900))
        assert "started 1" in run_cli(["reconcile", "--tenant", "llm"], env).stdout
        [doc] = wait_for(lambda: db_rows(it_db, Document, Document.tenant_id == "llm",
                                         Document.status.in_(("reviewed", "failed"))), timeout=1500,
                         interval=2, what="the LLM review")
        assert doc.status == "reviewed", (doc.error_code, doc.error_message)
        assert doc.model_version == MODEL
        [row] = db_rows(it_db, Review, Review.document_id == doc.id)
        m = row.body["metrics"]
        assert m["llm_calls"] >= m["clauses_analysed_by_llm"] > 0 and m["completion_tokens"] > 0
        assert db_rows(it_db, StageRun, StageRun.document_id == doc.id, StageRun.stage == "generate",
                       StageRun.status == "done")
        assert not db_rows(it_db, StageRun, StageRun.document_id == doc.id, StageRun.stage == "review")
    finally:
        llm.stop()
        cpu.stop()
