"""Persistence functions; keyword-only, each takes a session; commits happen here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlmodel import Session, func, select

from worker.db.models import Clause, Document, Review, Risk, Tenant, utcnow

if TYPE_CHECKING:
    from pipelines.review import ReviewResult

__all__ = ["ensure_tenant", "mark_failed", "record_document", "save_review"]


def ensure_tenant(session: Session, *, tenant_id: str, name: str | None = None) -> Tenant:
    """Get or create a tenant."""
    tenant = session.get(Tenant, tenant_id)
    if tenant is None:
        tenant = Tenant(id=tenant_id, name=name or tenant_id)
        session.add(tenant)
        session.commit()
    return tenant


def record_document(
    session: Session, *, tenant_id: str, bucket: str, object_key: str, etag: str, filename: str, size_bytes: int
) -> Document:
    """Record a document idempotently (unique on tenant + bucket + key + etag).

    Returns:
        The existing row when the same object was recorded before, else a new one.
    """
    stmt = select(Document).where(
        Document.tenant_id == tenant_id, Document.bucket == bucket,
        Document.object_key == object_key, Document.etag == etag,
    )
    doc = session.exec(stmt).first()
    if doc is None:
        doc = Document(tenant_id=tenant_id, bucket=bucket, object_key=object_key, etag=etag,
                       filename=filename, size_bytes=size_bytes)
        session.add(doc)
        session.commit()
        session.refresh(doc)
    return doc


def mark_failed(session: Session, *, document: Document, code: str, message: str) -> None:
    """Set a document ``failed`` with an error code and a message a person can act on."""
    document.status = "failed"
    document.error_code = code
    document.error_message = message
    document.attempts += 1
    document.updated_at = utcnow()
    session.add(document)
    session.commit()


def save_review(session: Session, *, document: Document, result: "ReviewResult") -> Review:
    """Write the review, its risks and clauses, and the document's new status and
    versions in one transaction. Earlier reviews are kept (``revision`` increases);
    clauses are replaced for the same pipeline version (idempotent).

    Returns:
        The new review row.
    """
    r = result.review
    v = r.versions
    revision = (session.exec(select(func.max(Review.revision)).where(Review.document_id == document.id)).one() or 0) + 1
    for old in session.exec(select(Clause).where(Clause.document_id == document.id,
                                                 Clause.pipeline_version == v.pipeline)):
        session.delete(old)
    session.flush()
    for c in result.clauses:
        session.add(Clause(tenant_id=document.tenant_id, document_id=document.id, pipeline_version=v.pipeline,
                           clause_id=c.clause_id, path=list(c.path), number=c.number[:64], title=c.title[:200],
                           category=c.category.value, char_start=c.char_start, char_end=c.char_end,
                           pages=list(c.pages), text=c.text))
    row = Review(tenant_id=document.tenant_id, document_id=document.id, revision=revision,
                 contract_type=r.contract_type, stance=r.stance.value, summary=r.summary,
                 high=r.counts["high"], medium=r.counts["medium"], low=r.counts["low"],
                 pipeline_version=v.pipeline, kb_version=v.kb, model_version=v.model,
                 playbook_version=v.playbook, body=r.model_dump(mode="json"))
    session.add(row)
    session.flush()
    for risk in r.risks:
        session.add(Risk(tenant_id=document.tenant_id, review_id=row.id, risk_id=risk.risk_id,
                         category=risk.category.value, severity=risk.severity.value, title=risk.title[:200],
                         clause_id=risk.clause.clause_id, source=risk.source, confidence=risk.confidence,
                         citations=[c.model_dump(mode="json") for c in risk.citations]))
    document.status = "reviewed"
    document.sha256 = r.document["sha256"]
    document.format = r.document["format"]
    document.error_code = None
    document.error_message = None
    document.attempts += 1
    document.pipeline_version, document.kb_version = v.pipeline, v.kb
    document.model_version, document.playbook_version = v.model, v.playbook
    document.updated_at = utcnow()
    session.add(document)
    session.commit()
    session.refresh(row)
    return row
