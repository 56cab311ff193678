"""Database tables (DESIGN §4). Every row that belongs to a client carries ``tenant_id``.

The embedded mode uses one tenant, ``local``. Timestamps are timezone-aware UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, Column, DateTime, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

__all__ = ["Clause", "Document", "Review", "Risk", "Tenant", "utcnow"]


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
