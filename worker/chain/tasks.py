"""Celery tasks: thin wrappers over :mod:`worker.chain.stages`, :mod:`worker.intake` and
:mod:`worker.webhooks` (DESIGN §3, §10).

The chain of one document is ``start (ingest) -> extract (cpu) -> review (cpu) -> persist
(cpu)`` rules only, and with the model ``start -> extract -> prepare (cpu) -> generate ×
clause batches (llm.<model>, a group) -> retrieve (cpu) -> generate × analysed clauses
(llm.<model>, a group) -> merge (cpu) -> persist (cpu)`` (:mod:`worker.chain.fanout`): immutable
signatures carrying a document id, or a unit id for ``generate``; ``persist`` and failures
send ``notify (webhooks)`` per delivery after their transaction commits. Transient faults (S3, database, broker unreachable) retry with
exponential backoff and jitter (and, past the last retry, the relay re-sends the
document later); permanent ones fail the document at once with a code; a time limit or
an unexpected error fails it in ``on_failure``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

import kombu.exceptions
import redis.exceptions
import sqlalchemy.exc
from celery import Task, group
from billiard.exceptions import Terminated, WorkerLostError
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded, WorkerShutdown, WorkerTerminate
from celery.utils.log import get_task_logger
from sqlmodel import Session

from pipelines.errors import register_fatal
from worker import intake, webhooks
from worker.chain import fanout, stages
from worker.chain.app import app
from worker.db.session import engine_for
from worker.metrics import QUEUE_WAIT, WEBHOOKS
from worker.settings import get_settings
from worker.storage import Storage, StorageUnavailable

__all__ = ["TRANSIENT"]

log = get_task_logger(__name__)  # lines carry the task name and id
# a time limit or a shutdown must end the task, never be recorded as one stage's error
# (SoftTimeLimitExceeded derives from Exception; pipelines cannot import Celery)
register_fatal(SoftTimeLimitExceeded, TimeLimitExceeded, WorkerShutdown, WorkerTerminate, Terminated, WorkerLostError)
S = get_settings()
TRANSIENT = (StorageUnavailable, stages.StageRetry, sqlalchemy.exc.OperationalError, sqlalchemy.exc.InterfaceError,
             redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, kombu.exceptions.OperationalError)


@cache
def _storage() -> Storage:
    return Storage(S)


@cache
def _resources() -> stages.Resources:
    return stages.Resources(S)


@contextmanager
def _session() -> Iterator[Session]:
    with Session(engine_for(S.db_url)) as session:
        yield session


def _ctx(task: Task) -> stages.StageContext:
    published = (task.request.headers or {}).get("cr_published_at") or getattr(task.request, "cr_published_at", None)
    wait = round(max(0.0, time.time() - float(published)), 4) if published and not task.request.retries else None
    if wait is not None:
        QUEUE_WAIT.labels((task.request.delivery_info or {}).get("routing_key") or "?").observe(wait)
    return stages.StageContext(token=f"{task.request.id}:{task.request.retries}", queue_wait=wait,
                               worker=task.request.hostname)


def _notify(delivery_ids: list[int]) -> None:
    for delivery_id in delivery_ids:
        notify.delay(delivery_id, 0)


class StageTask(Task):
    """A stage of the chain: late ack, requeue on worker loss, retry transient faults."""

    autoretry_for = TRANSIENT
    retry_backoff = 2
    retry_backoff_max = S.task_retry_backoff_max
    retry_jitter = True
    max_retries = S.task_max_retries
    acks_late = True
    reject_on_worker_lost = True

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        """Fail the document on a time limit or an unexpected error (its class only;
        details are in the worker log). A service still unavailable after every retry
        fails nothing: the document stays active and the relay sends it again after
        ``CR_STALE_AFTER``, so it finishes when the service is back."""
        if not args:
            return
        if isinstance(exc, TRANSIENT):
            log.warning("document=%s %s: %s still unavailable after retries; the relay re-sends it later",
                        args[0], self.name, exc.__class__.__name__)
            return
        code = "timeout" if isinstance(exc, (SoftTimeLimitExceeded, TimeLimitExceeded)) else "internal_error"
        message = (f"The {self.name.removeprefix('cr.')} stage exceeded its time limit." if code == "timeout"
                   else f"Unexpected {exc.__class__.__name__} in {self.name}; see the worker log.")
        try:
            with _session() as s:
                _notify(stages.fail_document(s, document_id=args[0], code=code, message=message,
                                             stage=self.name.removeprefix("cr.")))
        except Exception:  # noqa: BLE001 - the database itself may be what failed; the relay re-sends later
            log.exception("document=%s could not be marked failed", args[0])


@app.task(base=StageTask, bind=True, name="cr.start")
def start(self, document_id: int) -> None:
    """Check the object and mark the document ``processing`` (queue ``ingest``)."""
    with _session() as s:
        _notify(stages.start_stage(s, document_id, storage=_storage(), settings=S, ctx=_ctx(self)))


@app.task(base=StageTask, bind=True, name="cr.extract")
def extract(self, document_id: int) -> None:
    """Fetch and extract the document (queue ``cpu``)."""
    with _session() as s:
        _notify(stages.extract_stage(s, document_id, storage=_storage(), settings=S, ctx=_ctx(self)))


@app.task(base=StageTask, bind=True, name="cr.review")
def review(self, document_id: int) -> None:
    """Segment, classify and screen with rules only (queue ``cpu``; ``CR_USE_LLM=false``)."""
    with _session() as s:
        _notify(stages.review_stage(s, document_id, storage=_storage(), resources=_resources(), settings=S,
                                    ctx=_ctx(self), use_llm=False))


@app.task(base=StageTask, bind=True, name="cr.prepare")
def prepare(self, document_id: int) -> None:
    """Segment, classify, screen and plan the clause batches; fan them out (queue ``cpu``)."""
    with _session() as s:
        _fan(stages_out=fanout.prepare_stage(s, document_id, storage=_storage(), resources=_resources(), settings=S,
                                             ctx=_ctx(self)), document_id=document_id)


class UnitTask(StageTask):
    """A ``generate`` unit: its argument is a unit id, so a failure is recorded against
    the unit's document."""

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        if not args:
            return
        try:
            with _session() as s:
                from worker.db.models import LlmUnit

                unit = s.get(LlmUnit, args[0])
                doc_id = unit.document_id if unit is not None else None
        except Exception:  # noqa: BLE001 - the database may be what failed; the relay re-sends later
            log.exception("unit=%s: its document could not be looked up", args[0])
            return
        if doc_id is not None:
            super().on_failure(exc, task_id, (doc_id,), kwargs, einfo)


@app.task(base=UnitTask, bind=True, name="cr.generate", time_limit=S.llm_task_time_limit,
          soft_time_limit=int(S.llm_task_time_limit * 0.9))
def generate(self, unit_id: int) -> None:
    """One unit of model work: a clause batch or a clause's analysis (queue
    ``llm.<model>``; the model loads lazily, or the server backend is used)."""
    with _session() as s:
        out = fanout.generate_stage(s, unit_id, resources=_resources(), settings=S, ctx=_ctx(self))
    _fan(stages_out=out)


@app.task(base=StageTask, bind=True, name="cr.retrieve")
def retrieve(self, document_id: int) -> None:
    """Merge the batches, retrieve articles for the clauses to analyse; fan them out (``cpu``)."""
    with _session() as s:
        _fan(stages_out=fanout.retrieve_stage(s, document_id, resources=_resources(), settings=S, ctx=_ctx(self)),
             document_id=document_id)


@app.task(base=StageTask, bind=True, name="cr.merge")
def merge(self, document_id: int) -> None:
    """Build the review from rule findings, batches and analyses (queue ``cpu``)."""
    with _session() as s:
        _fan(stages_out=fanout.merge_stage(s, document_id, resources=_resources(), settings=S, ctx=_ctx(self)),
             document_id=document_id)


def _fan(*, stages_out, document_id: int | None = None) -> None:
    """Send what a fan-out stage asked for after its commit: deliveries, a group of
    ``generate`` units, or the next stage (a unit's document is in its ``next``)."""
    if isinstance(stages_out, list):  # a guarded stage failed the document
        _notify(stages_out)
        return
    _notify(stages_out.deliveries)
    if stages_out.units:
        group(generate.si(uid) for uid in stages_out.units).apply_async()
    if stages_out.next:
        doc = document_id if document_id is not None else stages_out.document_id
        {"retrieve": retrieve, "merge": merge, "persist": persist}[stages_out.next].delay(doc)


@app.task(base=StageTask, bind=True, name="cr.persist")
def persist(self, document_id: int) -> None:
    """Write the review and its deliveries in one transaction, then send them."""
    with _session() as s:
        _notify(stages.persist_stage(s, document_id, settings=S, ctx=_ctx(self)))


@app.task(bind=True, name="cr.notify", acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT,
          retry_backoff=2, retry_backoff_max=S.task_retry_backoff_max, retry_jitter=True,
          max_retries=S.task_max_retries)
def notify(self, delivery_id: int, attempt: int) -> str:
    """Make attempt ``attempt`` of one webhook delivery (queue ``webhooks``); a retry
    due within ``CR_WEBHOOK_INLINE_DELAY_MAX`` is queued now, a later one by the relay."""
    with _session() as s:
        out = webhooks.attempt_delivery(s, delivery_id=delivery_id, attempt=attempt,
                                        schedule=S.webhook_retry_schedule, timeout=S.webhook_timeout)
    WEBHOOKS.labels(out.status).inc()
    if out.retry_in is not None and out.retry_in <= S.webhook_inline_delay_max:
        notify.apply_async((delivery_id, attempt + 1), countdown=out.retry_in)
    return out.status


@app.task(name="cr.relay", autoretry_for=TRANSIENT, retry_backoff=True, max_retries=3)
def relay() -> dict:
    """Beat, every ``CR_RELAY_INTERVAL`` s: send unsent and stuck documents and
    overdue webhook deliveries (the outbox relay)."""
    with _session() as s:
        docs = intake.sweep(s, S)
        due = webhooks.due_deliveries(s, grace=S.webhook_inline_delay_max + 2 * S.relay_interval,
                                      lease=S.webhook_inline_delay_max + 600)
    for delivery_id, attempt in due:
        notify.delay(delivery_id, attempt)
    return {**docs, "deliveries": len(due)}


@app.task(name="cr.reprocess_stale", autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def reprocess_stale() -> int:
    """Beat, nightly: re-run reviews made with older versions (see :func:`intake.reprocess_stale`)."""
    with _session() as s:
        return len(intake.reprocess_stale(s, current=stages.current_versions(S, _resources())))


@app.task(name="cr.reconcile", autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def reconcile() -> dict:
    """Beat, hourly: start bucket objects that have no document."""
    with _session() as s:
        return intake.reconcile(s, _storage(), intake.TenantMap(S.tenant_prefixes))
