"""The chain's stages, as functions of a session and a document id (DESIGN §3).

Each Celery task in :mod:`worker.chain.tasks` is a thin wrapper around one function here.
The review itself is :func:`pipelines.review.run_review`, the same function the
embedded CLI calls; these functions only fetch, store and account:

``start``     the object still exists with the ETag recorded -> ``processing``
``extract``   fetch bytes, :func:`pipelines.extract.extract` in a limited child process
              (:mod:`pipelines.sandbox`): an unusable or hostile file fails here with a code
``review``    rules only (``CR_USE_LLM=false``): ``run_review(use_llm=False)`` on the bytes
(with the model, ``prepare``, ``generate`` per unit, ``retrieve`` and ``merge`` are in
:mod:`worker.chain.fanout`; ``review_stage(use_llm=True)`` still runs a whole review in
one task, and nothing in the chain sends it)
``persist``   one transaction: the review (next revision), its risks and clauses, the
              document's status and versions, and the webhook deliveries

Idempotency: a stage's output is keyed on (document, stage, pipeline version) with a
fingerprint of its inputs, so a redelivered task reuses it; a document that is no
longer active (``reviewed``/``failed``) is left alone; ``persist`` writes nothing when a
review with the same versions exists. A message delivered again with the same task id
and retry count means its worker died mid-stage; after ``CR_MAX_WORKER_LOSSES`` such
deaths the document fails (``worker_lost``) instead of looping.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path

from celery.utils.log import get_task_logger
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from knowledge.errors import IndexMissing, KnowledgeError
from knowledge.index import current_version
from pipelines import PIPELINE_VERSION
from pipelines.errors import PipelineError
from pipelines.sandbox import extract_bounded
from pipelines.review import ReviewResult, run_review
from pipelines.screen import DEFAULT_PLAYBOOK_DIR
from pipelines.types import Clause, ExtractedDocument, Finding, Review
from worker.db import crud
from worker.db.models import Document, StageRun, utcnow
from worker.db.models import Review as ReviewRow
from worker.metrics import DOCUMENTS, LLM_TOKENS, STAGE_SECONDS, UNITS
from worker.runtime import review_options
from worker.settings import Settings
from worker.storage import ObjectMissing, Storage
from worker.webhooks import enqueue_event, risk_changes

__all__ = ["ACTIVE", "Resources", "StageContext", "StageRetry", "WorkerLost", "current_versions", "extract_stage",
           "fail_document", "persist_stage", "review_stage", "start_stage"]

log = get_task_logger(__name__)  # lines carry the task name and id
ACTIVE = ("received", "queued", "processing")


class WorkerLost(Exception):
    """Raised when a stage's message came back after its worker died too many times."""


class StageRetry(Exception):
    """Raised when a stage hit a fault worth retrying: the statute index is not built on
    this worker yet, or a pipeline error marked ``retryable``."""


@dataclass(frozen=True)
class StageContext:
    """Who runs a stage: ``token`` is ``<task id>:<retry count>``; ``queue_wait`` is
    the seconds its message waited on the queue (None when unknown); ``worker`` the
    worker's node name."""

    token: str
    queue_wait: float | None = None
    worker: str | None = None


class Resources:
    """The heavy resources of one worker process, loaded on first use (never at import:
    a model loaded in the prefork parent would be shared across forks).

    The statute index and the playbook are reloaded when a new index version becomes
    current or a playbook file changes, so ``reprocess --stale`` after such a change
    re-runs with what changed without restarting workers.
    """

    def __init__(self, settings: Settings):
        self.settings = settings
        self._index = None
        self._playbook: tuple[tuple, object] | None = None
        self._generator = None

    def index(self):
        from worker.runtime import load_index

        if self._index is None or current_version(self.settings.index_root) != self._index.version:
            self._index = load_index(self.settings, build_if_missing=False)
        return self._index

    def playbook(self):
        from worker.runtime import load_playbook_for

        files = [*sorted(DEFAULT_PLAYBOOK_DIR.glob("*.yaml")), *map(Path, self.settings.playbook)]
        signature = tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files if f.exists())
        if self._playbook is None or self._playbook[0] != signature:
            self._playbook = (signature, load_playbook_for(self.settings))
        return self._playbook[1]

    def generator(self):
        from worker.runtime import load_generator

        if self._generator is None:
            self._generator = load_generator(self.settings)
        return self._generator


def current_versions(settings: Settings, resources: Resources | None = None) -> dict[str, str]:
    """The versions a review made now would carry: pipeline, kb, model, playbook."""
    res = resources or Resources(settings)
    return {"pipeline": PIPELINE_VERSION, "kb": current_version(settings.index_root) or "none",
            "model": settings.model if settings.use_llm else "none", "playbook": res.playbook().version}


def _active(session: Session, document_id: int) -> Document | None:
    doc = session.get(Document, document_id)
    return doc if doc is not None and doc.status in ACTIVE else None


def _event_data(doc: Document, **extra) -> dict:
    return {"document_id": doc.id, "batch_id": doc.batch_id, "filename": doc.filename,
            "object": {"bucket": doc.bucket, "key": doc.object_key, "etag": doc.etag}, "status": doc.status,
            "links": {"document": f"/v1/documents/{doc.id}", "review": f"/v1/documents/{doc.id}/review"}, **extra}


def fail_document(session: Session, *, document_id: int, code: str, message: str,
                  stage: str | None = None) -> list[int]:
    """Set an active document ``failed`` and write its ``review.failed`` deliveries in
    the same transaction. Returns the delivery ids to send (after this commit)."""
    doc = _active(session, document_id)
    if doc is None:
        return []
    if stage:
        run = _run(session, doc.id, stage)
        if run is not None:
            run.status, run.finished_at = "failed", utcnow()
            session.add(run)
    doc.status = "failed"
    rows = enqueue_event(session, tenant_id=doc.tenant_id, document_id=doc.id, event_type="review.failed",
                         data=_event_data(doc, error={"code": code, "message": message, "stage": stage}))
    crud.mark_failed(session, document=doc, code=code, message=message)  # commits the deliveries too
    DOCUMENTS.labels("failed", code).inc()
    log.info("document=%s failed stage=%s code=%s", document_id, stage, code)
    return [r.id for r in rows]


def _run(session: Session, document_id: int, stage: str) -> StageRun | None:
    return session.exec(select(StageRun).where(StageRun.document_id == document_id, StageRun.stage == stage,
                                               StageRun.pipeline_version == PIPELINE_VERSION)).first()


def _begin(session: Session, doc: Document, stage: str, fingerprint: str, ctx: StageContext,
           settings: Settings, *, reusable: bool = True) -> tuple[StageRun, bool]:
    """Claim a stage; returns ``(run, reuse)`` where ``reuse`` means its stored output is
    for the same inputs. Commits (the document's ``updated_at`` is the relay's heartbeat).

    Raises:
        WorkerLost: this exact message was started more than ``max_worker_losses`` times.
    """
    for _ in range(2):
        run = _run(session, doc.id, stage)
        if run is not None and reusable and run.status == "done" and run.fingerprint == fingerprint:
            return run, True
        run = run or StageRun(tenant_id=doc.tenant_id, document_id=doc.id, stage=stage,
                              pipeline_version=PIPELINE_VERSION)
        run.attempts = run.attempts + 1 if (run.status == "running" and run.task_id == ctx.token) else 1
        if run.attempts > settings.max_worker_losses:
            raise WorkerLost(f"the worker running stage {stage} died {run.attempts - 1} times on this document")
        run.fingerprint, run.status, run.task_id, run.output = fingerprint, "running", ctx.token, None
        run.started_at, run.finished_at, run.seconds, run.queue_wait_seconds = utcnow(), None, None, ctx.queue_wait
        doc.status, doc.updated_at = "processing", utcnow()
        session.add_all([run, doc])
        try:
            session.commit()
            return run, False
        except IntegrityError:  # a duplicate of this chain inserted the row first
            session.rollback()
    raise RuntimeError(f"could not claim stage {stage} of document {doc.id}")  # pragma: no cover


def _finish(session: Session, run: StageRun, t0: float, output: dict | None = None, *, commit: bool = True) -> None:
    run.status, run.finished_at, run.output = "done", utcnow(), output
    run.seconds = round(time.perf_counter() - t0, 4)
    session.add(run)
    if commit:
        session.commit()
    STAGE_SECONDS.labels(run.stage, "done").observe(run.seconds)


def _guarded(stage: str):
    """Turn permanent faults of a stage into a failed document; transient ones propagate
    (a missing index or a ``retryable`` error as :class:`StageRetry`) for the task to retry."""
    def wrap(fn):
        def inner(session: Session, document_id: int, *args, **kwargs) -> list[int]:
            name = "generate" if kwargs.get("use_llm") else stage
            try:
                return fn(session, document_id, *args, **kwargs)
            except IndexMissing as exc:  # a deployment still building its index: not the document's fault
                session.rollback()
                raise StageRetry(exc.message) from exc
            except (PipelineError, KnowledgeError) as exc:
                session.rollback()
                if getattr(exc, "retryable", False):
                    raise StageRetry(exc.message) from exc
                return fail_document(session, document_id=document_id, code=str(exc.code), message=exc.message,
                                     stage=name)
            except ObjectMissing:
                session.rollback()
                return fail_document(session, document_id=document_id, code="object_missing", stage=name,
                                     message="The object no longer exists in the bucket; upload it again.")
            except WorkerLost as exc:
                session.rollback()
                return fail_document(session, document_id=document_id, code="worker_lost", stage=name,
                                     message=f"{exc}; the file may crash the extractor. Check it and re-queue.")
        inner.__name__, inner.__doc__ = fn.__name__, fn.__doc__
        return inner
    return wrap


def _replaced(session: Session, doc: Document, stage: str) -> list[int]:
    return fail_document(session, document_id=doc.id, code="object_replaced", stage=stage,
                         message="The object was overwritten after this upload; the new upload is reviewed "
                                 "as its own document.")


@_guarded("start")
def start_stage(session: Session, document_id: int, *, storage: Storage, settings: Settings,
                ctx: StageContext) -> list[int]:
    """Check the object still exists as recorded; mark the document ``processing``.

    Returns:
        Webhook delivery ids to send (when the document failed here).
    """
    doc = _active(session, document_id)
    if doc is None:
        return []
    t0 = time.perf_counter()
    run, _ = _begin(session, doc, "start", doc.etag, ctx, settings, reusable=False)
    if storage.stat(doc.bucket, doc.object_key).etag != doc.etag:
        return _replaced(session, doc, "start")
    _finish(session, run, t0)
    return []


@_guarded("extract")
def extract_stage(session: Session, document_id: int, *, storage: Storage, settings: Settings,
                  ctx: StageContext) -> list[int]:
    """Fetch the object and check it can be reviewed (:func:`pipelines.extract.extract`,
    as the CLI does before loading anything heavy), so an unusable file fails here, in
    a second, before it reaches an LLM worker. Stores the format, page count and sha256.

    Returns:
        Webhook delivery ids to send (when the document failed here).
    """
    doc = _active(session, document_id)
    if doc is None:
        return []
    run, reuse = _begin(session, doc, "extract", doc.etag, ctx, settings)
    if reuse:
        return []
    t0 = time.perf_counter()
    data = _fetch(storage, doc, settings)
    if data is None:
        return _replaced(session, doc, "extract")
    extracted = extract_bounded(data, filename=doc.filename, max_bytes=settings.max_document_bytes,
                                max_pages=settings.max_pages, limits=settings.parse_limits)
    doc.sha256, doc.format = extracted.sha256, extracted.format
    session.add(doc)
    _finish(session, run, t0, {"sha256": extracted.sha256, "format": extracted.format,
                               "page_count": extracted.page_count, "characters": len(extracted.text)})
    return []


def _fetch(storage: Storage, doc: Document, settings: Settings) -> bytes | None:
    """The object's bytes, or None when the key now holds other bytes than recorded."""
    data, etag = storage.get(doc.bucket, doc.object_key, max_bytes=settings.max_document_bytes)
    return None if etag and etag != doc.etag else data


def _fingerprint(values: dict) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()[:32]


@_guarded("review")
def review_stage(session: Session, document_id: int, *, storage: Storage, resources: Resources,
                 settings: Settings, ctx: StageContext, use_llm: bool) -> list[int]:
    """Run :func:`pipelines.review.run_review` on the object's bytes (rules only, or with
    this worker's model) and store the result for ``persist``.

    Returns:
        Webhook delivery ids to send (when the document failed here).
    """
    doc = _active(session, document_id)
    if doc is None:
        return []
    stage = "generate" if use_llm else "review"
    index, playbook = resources.index(), resources.playbook()
    generator = resources.generator() if use_llm else None
    fp = _fingerprint({"kb": index.version, "playbook": playbook.version, "llm": use_llm,
                       "model": generator.name if generator else "none", "etag": doc.etag})
    run, reuse = _begin(session, doc, stage, fp, ctx, settings)
    if reuse:
        return []
    t0 = time.perf_counter()
    data = _fetch(storage, doc, settings)
    if data is None:
        return _replaced(session, doc, stage)
    # parsed in a limited child process; run_review reuses the result instead of parsing again
    extract_bounded(data, filename=doc.filename, max_bytes=settings.max_document_bytes, max_pages=settings.max_pages,
                    limits=settings.parse_limits)
    result = run_review(data, filename=doc.filename, index=index, playbook=playbook, generator=generator,
                        options=review_options(settings, use_llm=use_llm))
    m = result.review.metrics
    if use_llm:
        LLM_TOKENS.labels(generator.name, "prompt").inc(m.prompt_tokens)
        LLM_TOKENS.labels(generator.name, "completion").inc(m.completion_tokens)
        for name, n in (("passed_first", m.units_passed_first), ("dropped", m.units_dropped),
                        ("passed_after_regeneration", m.units_passed_after_regeneration)):
            UNITS.labels(name).inc(n)
    _finish(session, run, t0, {"review": result.review.model_dump(mode="json"),
                               "document": result.document.model_dump(mode="json"),
                               "clauses": [c.model_dump(mode="json") for c in result.clauses],
                               "findings": [f.model_dump(mode="json") for f in result.findings]})
    return []


@_guarded("persist")
def persist_stage(session: Session, document_id: int, *, settings: Settings, ctx: StageContext) -> list[int]:
    """Write the review, its risks, the document's versions and status, and the
    ``review.completed`` (first review) or ``review.updated`` (a re-run; with what
    changed) deliveries in one transaction.

    Returns:
        Webhook delivery ids to send once this has committed.
    """
    doc = _active(session, document_id)
    if doc is None:
        return []
    source = _run(session, doc.id, "merge" if settings.use_llm else "review")
    if source is None or source.status != "done" or source.output is None:
        raise PipelineError("the review stage has no output for this document; re-queue it")
    out = source.output
    review = Review.model_validate(out["review"])
    v = review.versions
    same = session.exec(select(ReviewRow).where(
        ReviewRow.document_id == doc.id, ReviewRow.pipeline_version == v.pipeline, ReviewRow.kb_version == v.kb,
        ReviewRow.model_version == v.model, ReviewRow.playbook_version == v.playbook)).first()
    if same is not None:  # this message is a duplicate of a persist that committed
        doc.status, doc.updated_at = "reviewed", utcnow()
        session.add(doc)
        session.commit()
        return []
    t0 = time.perf_counter()
    run, _ = _begin(session, doc, "persist", source.fingerprint, ctx, settings, reusable=False)
    prev = crud.latest_review(session, tenant_id=doc.tenant_id, document_id=doc.id)
    # review.completed only for a complete review: one with checks that did not run, or in a
    # language the playbook does not cover, is announced as review.partial and says what did not run
    event = "review.updated" if prev else "review.completed" if review.status == "complete" else "review.partial"
    doc.status = "reviewed"
    data = _event_data(doc, revision=(prev.revision + 1) if prev else 1, versions=v.model_dump(),
                       counts=review.counts, contract_type=review.contract_type, review_status=review.status.value,
                       language=review.language, not_run=list(review.not_run),
                       errors=[e.model_dump() for e in review.errors],
                       changes=risk_changes(prev.body, out["review"]) if prev else None)
    rows = enqueue_event(session, tenant_id=doc.tenant_id, document_id=doc.id, event_type=event, data=data)
    result = ReviewResult(review=review, document=ExtractedDocument.model_validate(out["document"]),
                          clauses=[Clause.model_validate(c) for c in out["clauses"]],
                          findings=[Finding.model_validate(f) for f in out["findings"]])
    try:
        crud.save_review(session, document=doc, result=result)  # one commit: review, risks, status, deliveries
    except IntegrityError:  # a duplicate of this message committed the same revision first
        session.rollback()
        return []
    _finish(session, run, t0)
    DOCUMENTS.labels("reviewed", "").inc()
    log.info("document=%s reviewed revision=%s event=%s", doc.id, data["revision"], event)
    return [r.id for r in rows]
