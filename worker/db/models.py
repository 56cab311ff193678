"""Database tables (DESIGN §4). Every row that belongs to a client carries ``tenant_id``.

The embedded mode uses one tenant, ``local``. Timestamps are timezone-aware UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, Boolean, Column, DateTime, Index, Text, UniqueConstraint, false
from sqlmodel import Field, SQLModel

__all__ = ["ApiKey", "AuditEvent", "Batch", "Clause", "Document", "LlmUnit", "Review", "Risk", "StageRun", "Tenant",
           "WebhookDelivery", "WebhookEndpoint", "utcnow"]


def utcnow() -> datetime:
    """Now, timezone-aware UTC."""
    return datetime.now(UTC)


def _ts() -> Column:
    return Column(DateTime(timezone=True), nullable=False, default=utcnow)


class Tenant(SQLModel, table=True):
    """A client organisation; ``local`` in the embedded mode."""

    id: str = Field(primary_key=True, max_length=64)
    name: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    # webhook callbacks to loopback/private/link-local addresses are refused unless set (DESIGN §9)
    allow_private_webhooks: bool = Field(default=False, sa_column=Column(Boolean, nullable=False,
                                                                         server_default=false()))


class Document(SQLModel, table=True):
    """One uploaded file and where it is in the pipeline.

    ``status``: ``received`` -> ``processing`` -> ``reviewed`` | ``failed`` (with
    ``error_code`` and ``error_message``). Unique on tenant + bucket + key + etag, so
    intake is idempotent.
    """

    __table_args__ = (UniqueConstraint("tenant_id", "bucket", "object_key", "etag", name="uq_document_object"),)

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    bucket: str = Field(max_length=255)
    object_key: str = Field(max_length=1024)
    etag: str = Field(max_length=128)
    filename: str = Field(max_length=512)
    size_bytes: int = 0
    sha256: str | None = Field(default=None, max_length=64, index=True)
    format: str | None = Field(default=None, max_length=8)
    status: str = Field(default="received", max_length=16, index=True)
    attempts: int = 0
    error_code: str | None = Field(default=None, max_length=64)
    error_message: str | None = Field(default=None, sa_column=Column(Text))
    pipeline_version: str | None = Field(default=None, max_length=32)
    kb_version: str | None = Field(default=None, max_length=32)
    model_version: str | None = Field(default=None, max_length=128)
    playbook_version: str | None = Field(default=None, max_length=32)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    batch_id: int | None = Field(default=None, foreign_key="batch.id", index=True)


class Clause(SQLModel, table=True):
    """A clause of a document as segmented and classified (for search and re-runs)."""

    __table_args__ = (UniqueConstraint("document_id", "pipeline_version", "clause_id", name="uq_clause"),)

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    document_id: int = Field(foreign_key="document.id", index=True)
    pipeline_version: str = Field(max_length=32)
    clause_id: str = Field(max_length=16)
    path: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    number: str = Field(default="", max_length=64)
    title: str = Field(default="", max_length=200)
    category: str = Field(max_length=32)
    char_start: int
    char_end: int
    pages: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    text: str = Field(sa_column=Column(Text, nullable=False))


class Review(SQLModel, table=True):
    """A review of a document. Versioned: the highest ``revision`` is current; older
    ones are kept. ``body`` is the review JSON (DESIGN §5)."""

    __table_args__ = (UniqueConstraint("document_id", "revision", name="uq_review_revision"),)

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    document_id: int = Field(foreign_key="document.id", index=True)
    revision: int = 1
    contract_type: str = Field(max_length=32)
    stance: str = Field(max_length=16)
    summary: str = Field(sa_column=Column(Text, nullable=False))
    high: int = 0
    medium: int = 0
    low: int = 0
    pipeline_version: str = Field(max_length=32)
    kb_version: str = Field(max_length=32)
    model_version: str = Field(max_length=128)
    playbook_version: str = Field(max_length=32)
    body: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class Risk(SQLModel, table=True):
    """One risk of a review (denormalised from ``review.body`` for queries)."""

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    review_id: int = Field(foreign_key="review.id", index=True)
    risk_id: str = Field(max_length=16)
    category: str = Field(max_length=32, index=True)
    severity: str = Field(max_length=8, index=True)
    title: str = Field(max_length=200)
    clause_id: str = Field(max_length=16)
    source: str = Field(max_length=8)
    confidence: float = 0.0
    citations: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))


def _ts_null() -> Column:
    return Column(DateTime(timezone=True), nullable=True)


class ApiKey(SQLModel, table=True):
    """A tenant's API key. Only ``sha256(key)`` is stored; ``key_id`` is the public
    part of the key (``cr_<key_id>_<secret>``) used to find the row."""

    __tablename__ = "api_key"

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    key_id: str = Field(max_length=32, unique=True)
    key_hash: str = Field(max_length=64)
    name: str = Field(default="", max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    revoked_at: datetime | None = Field(default=None, sa_column=_ts_null())


class Batch(SQLModel, table=True):
    """A set of documents submitted together (``POST /v1/batches``)."""

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    name: str = Field(default="", max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class StageRun(SQLModel, table=True):
    """One stage of the chain for one document (DESIGN §3): idempotency key, timings and
    the stage's output (extracted document, review result) so the next stage and re-runs
    read it from here, never from a message.

    Unique on (document, stage, pipeline version); ``fingerprint`` names the inputs the
    output was made from (object etag; index, model and playbook versions), so a re-run
    with the same inputs reuses the output and one with new inputs replaces it.
    """

    __tablename__ = "stage_run"
    __table_args__ = (UniqueConstraint("document_id", "stage", "pipeline_version", name="uq_stage_run"),)

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    document_id: int = Field(foreign_key="document.id", index=True)
    stage: str = Field(max_length=32)
    pipeline_version: str = Field(max_length=32)
    fingerprint: str = Field(default="", max_length=64)
    status: str = Field(default="running", max_length=16)
    attempts: int = 0
    task_id: str | None = Field(default=None, max_length=64)
    queue_wait_seconds: float | None = None
    seconds: float | None = None
    started_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    finished_at: datetime | None = Field(default=None, sa_column=_ts_null())
    output: dict | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class LlmUnit(SQLModel, table=True):
    """One unit of model work of one document, fanned out on ``llm.<model>`` (DESIGN §3, §6):
    phase ``find`` is one clause batch read by :func:`pipelines.finder.read_batch`; phase
    ``analyse`` is one clause's written analysis (:func:`pipelines.generate.analyse_clause`).

    ``request`` holds the unit's inputs (clause ids, category, call budget; for
    ``analyse`` the clause's findings, candidate articles and neighbours), written by the
    cpu stage before the unit's message (which carries only ``id``) is sent; ``output``
    its result, written once. Unique on (document, phase, unit key, pipeline version);
    ``fingerprint`` names the inputs and versions (etag, kb, playbook, model), so a
    redelivered message reuses a done unit and a re-run with new versions replaces it.
    ``attempts`` counts deliveries of the same task whose worker died.
    """

    __tablename__ = "llm_unit"
    __table_args__ = (UniqueConstraint("document_id", "phase", "unit_key", "pipeline_version", name="uq_llm_unit"),)

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    document_id: int = Field(foreign_key="document.id", index=True)
    phase: str = Field(max_length=16)
    unit_key: str = Field(max_length=64)
    seq: int = 0
    pipeline_version: str = Field(max_length=32)
    fingerprint: str = Field(default="", max_length=64)
    status: str = Field(default="pending", max_length=16)
    attempts: int = 0
    executions: int = 0
    task_id: str | None = Field(default=None, max_length=64)
    worker: str | None = Field(default=None, max_length=200)
    request: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    output: dict | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int | None = None
    llm_seconds: float | None = None
    seconds: float | None = None
    queue_wait_seconds: float | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    started_at: datetime | None = Field(default=None, sa_column=_ts_null())
    finished_at: datetime | None = Field(default=None, sa_column=_ts_null())


class WebhookEndpoint(SQLModel, table=True):
    """A tenant's callback URL, its ``whsec_`` secret and the events it wants.

    ``status``: ``active``; ``disabled`` (the receiver answered 410 Gone); ``deleted``.
    """

    __tablename__ = "webhook_endpoint"

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    url: str = Field(sa_column=Column(Text, nullable=False))
    secret: str = Field(max_length=128)
    events: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    status: str = Field(default="active", max_length=16)
    disabled_reason: str | None = Field(default=None, max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())


class WebhookDelivery(SQLModel, table=True):
    """One event for one endpoint (the outbox row, written with the review).

    ``msg_id`` is the Standard Webhooks ``webhook-id``, the same on every attempt.
    ``status``: ``pending`` -> ``delivered`` | ``failed`` (attempts exhausted) |
    ``cancelled`` (endpoint disabled or deleted).
    """

    __tablename__ = "webhook_delivery"
    __table_args__ = (Index("ix_webhook_delivery_due", "status", "next_attempt_at"),)

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(foreign_key="tenant.id", index=True, max_length=64)
    endpoint_id: int = Field(foreign_key="webhook_endpoint.id", index=True)
    document_id: int | None = Field(default=None, foreign_key="document.id", index=True)
    event_type: str = Field(max_length=32)
    msg_id: str = Field(max_length=64, unique=True)
    body: str = Field(sa_column=Column(Text, nullable=False))
    status: str = Field(default="pending", max_length=16)
    attempts: int = 0
    next_attempt_at: datetime | None = Field(default_factory=utcnow, sa_column=_ts_null())
    last_status_code: int | None = None
    last_error: str | None = Field(default=None, sa_column=Column(Text))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
    delivered_at: datetime | None = Field(default=None, sa_column=_ts_null())


class AuditEvent(SQLModel, table=True):
    """Who did what: keys created, endpoints added and removed, documents re-queued."""

    __tablename__ = "audit_event"

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str | None = Field(default=None, foreign_key="tenant.id", index=True, max_length=64)
    actor: str = Field(max_length=64)
    action: str = Field(max_length=64)
    subject: str = Field(default="", max_length=128)
    detail: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_ts())
