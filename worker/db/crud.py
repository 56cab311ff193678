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


# --- distributed deployment (issue #3): intake, keys, endpoints, audit -----------------

def intake_document(
    session: Session, *, tenant_id: str, bucket: str, object_key: str, etag: str, filename: str,
    size_bytes: int, batch_id: int | None = None,
) -> tuple[Document, bool]:
    """Record a document idempotently and say whether this call created it.

    Safe under concurrency: two intakes of the same object (an S3 event and a batch
    naming the key, or one event delivered twice) race on the unique constraint
    tenant + bucket + key + etag; the loser rolls back and reads the winner's row.
    Commits.

    Returns:
        ``(document, created)``. An existing document joins ``batch_id`` when it has none.
    """
    from sqlalchemy.exc import IntegrityError

    def existing() -> Document | None:
        return session.exec(select(Document).where(
            Document.tenant_id == tenant_id, Document.bucket == bucket,
            Document.object_key == object_key, Document.etag == etag)).first()

    doc = existing()
    if doc is None:
        doc = Document(tenant_id=tenant_id, bucket=bucket, object_key=object_key, etag=etag,
                       filename=filename[:512], size_bytes=size_bytes, batch_id=batch_id)
        session.add(doc)
        try:
            session.commit()
            session.refresh(doc)
            return doc, True
        except IntegrityError:
            session.rollback()
            doc = existing()
            if doc is None:  # pragma: no cover - the row that won the race is gone again
                raise
    if batch_id is not None and doc.batch_id is None:
        doc.batch_id = batch_id
        session.add(doc)
        session.commit()
        session.refresh(doc)
    return doc, False


def get_document(session: Session, *, tenant_id: str, document_id: int) -> Document | None:
    """A document of ``tenant_id`` (None when it does not exist or is another tenant's)."""
    doc = session.get(Document, document_id)
    return doc if doc is not None and doc.tenant_id == tenant_id else None


def latest_review(session: Session, *, tenant_id: str, document_id: int, revision: int | None = None) -> Review | None:
    """The current review of a document (highest revision), or the given revision."""
    stmt = select(Review).where(Review.tenant_id == tenant_id, Review.document_id == document_id)
    if revision is not None:
        stmt = stmt.where(Review.revision == revision)
    return session.exec(stmt.order_by(Review.revision.desc())).first()


def create_api_key(session: Session, *, tenant_id: str, name: str = "") -> str:
    """Create an API key for a tenant; only its sha256 is stored. Commits.

    Returns:
        The key, ``cr_<key_id>_<secret>`` (shown once; it cannot be recovered).
    """
    import hashlib
    import secrets

    from worker.db.models import ApiKey

    key_id, secret = secrets.token_hex(6), secrets.token_urlsafe(32)
    key = f"cr_{key_id}_{secret}"
    session.add(ApiKey(tenant_id=tenant_id, key_id=key_id, key_hash=hashlib.sha256(key.encode()).hexdigest(),
                       name=name[:200]))
    add_audit(session, tenant_id=tenant_id, actor="cli", action="api_key.created", subject=key_id)
    session.commit()
    return key


def tenant_for_api_key(session: Session, *, key: str) -> str | None:
    """The tenant an API key belongs to, or None (unknown, malformed or revoked key).
    The hash comparison is constant-time."""
    import hashlib
    import hmac

    from worker.db.models import ApiKey

    parts = key.split("_", 2)
    if len(parts) != 3 or parts[0] != "cr":
        return None
    row = session.exec(select(ApiKey).where(ApiKey.key_id == parts[1])).first()
    if row is None or row.revoked_at is not None:
        return None
    if not hmac.compare_digest(row.key_hash, hashlib.sha256(key.encode()).hexdigest()):
        return None
    return row.tenant_id


def add_audit(session: Session, *, tenant_id: str | None, actor: str, action: str, subject: str = "",
              detail: dict | None = None) -> None:
    """Add an audit event to the session (committed with the caller's transaction)."""
    from worker.db.models import AuditEvent

    session.add(AuditEvent(tenant_id=tenant_id, actor=actor[:64], action=action[:64], subject=subject[:128],
                           detail=detail or {}))


__all__ += ["add_audit", "create_api_key", "get_document", "intake_document", "latest_review",
            "tenant_for_api_key"]
