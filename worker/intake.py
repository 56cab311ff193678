"""Intake: S3 events, batch keys and reconciliation become documents (DESIGN §3.1, §9).

A document is recorded idempotently (unique on tenant + bucket + key + etag) and
committed with status ``received`` *before* its chain is sent; :func:`dispatch` then
sends the chain and moves it to ``queued``. A document left ``received`` (the broker
was down, the process died between commit and send) is sent by the beat relay
(:func:`sweep`), so nothing recorded is lost.

Which tenant an object belongs to comes from ``CR_TENANT_PREFIXES``:
``{"bucket/prefix/": "tenant"}``; the longest matching prefix wins, and an object no
prefix covers is ignored. API uploads of a tenant go under its first prefix.

S3 event rules (MinIO bucket notifications; AWS S3 event message structure 2.x):
only ``s3:ObjectCreated:Put`` and ``s3:ObjectCreated:CompleteMultipartUpload`` start a
review (the ``ObjectCreated:*`` wildcard also matches tagging events); keys arrive
URL-encoded (``unquote_plus``); delivery is at-least-once and unordered, so an event is
checked against the object as it is now: gone -> ``missing``, a different ETag (the
key was overwritten since; the newer upload has its own event) -> ``stale``.
"""

from __future__ import annotations

import logging
import posixpath
import re
import uuid
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import unquote_plus

from sqlalchemy import exists, or_, update
from sqlalchemy.orm import aliased
from sqlmodel import Session, select

from worker.db import crud
from worker.db.models import Document, utcnow
from worker.metrics import INTAKE
from worker.settings import Settings
from worker.storage import ObjectMissing, Storage, normalise_etag

__all__ = ["ACCEPTED_EVENTS", "BadRequest", "IntakeResult", "ObjectRef", "TenantMap", "clean_filename", "dispatch",
           "intake_object", "key_problem", "parse_s3_event", "reconcile", "requeue", "reprocess_stale", "sweep",
           "upload_key"]

log = logging.getLogger(__name__)

ACCEPTED_EVENTS = frozenset({"s3:ObjectCreated:Put", "s3:ObjectCreated:CompleteMultipartUpload"})
ACTIVE = ("received", "queued", "processing")


class TenantMap:
    """The bucket/prefix -> tenant mapping of ``CR_TENANT_PREFIXES``."""

    def __init__(self, mapping: dict[str, str]):
        self._rules = sorted(((k.split("/", 1)[0], k.split("/", 1)[1] if "/" in k else "", t)
                              for k, t in mapping.items()), key=lambda r: -len(r[1]))

    def tenant_for(self, bucket: str, key: str) -> str | None:
        """The tenant owning ``s3://bucket/key``, or None when no prefix covers it."""
        for b, prefix, tenant in self._rules:
            if b == bucket and key.startswith(prefix):
                return tenant
        return None

    def locations(self, tenant: str | None = None) -> list[tuple[str, str, str]]:
        """``(bucket, prefix, tenant)`` of every rule (of one tenant), longest prefix first."""
        return [r for r in self._rules if tenant is None or r[2] == tenant]


class BadRequest(ValueError):
    """Raised when an S3 event or a batch names objects in a form that cannot be taken
    (the API answers 400/422 with the message and records nothing)."""


_BUCKET_RE = re.compile(r"[a-z0-9][a-z0-9.\-]{1,61}[a-z0-9]")
_CONTROL_RE = re.compile("[\x00-\x1f\x7f\u0080-\u009f\u2028\u2029\ud800-\udfff]")


def key_problem(key: object) -> str | None:
    """Why ``key`` cannot be an object key of a document, or None when it can.

    A key is a non-empty string of at most 1,024 UTF-8 bytes, without control
    characters (NUL, newlines), without ``.``/``..`` segments or a leading ``/`` (a
    path that climbs out of a tenant's prefix on a filesystem-backed store), and
    without a URL scheme inside it.
    """
    if not isinstance(key, str):
        return f"an object key must be a string, not {type(key).__name__}"
    if not key.strip():
        return "an object key must not be empty"
    if _CONTROL_RE.search(key):
        return "an object key must not contain control characters (NUL, newlines) or unpaired surrogates"
    if len(key.encode("utf-8")) > 1024:
        return "an object key must be at most 1024 bytes of UTF-8"
    if key.startswith("/") or any(part in (".", "..") for part in key.split("/")):
        return "an object key must not start with / or contain . or .. segments"
    if "://" in key:
        return "an object key must not contain a URL (give bucket/key, or s3://bucket/key as the whole value)"
    return None


def bucket_problem(bucket: object) -> str | None:
    """Why ``bucket`` is not a valid S3 bucket name (3-63 of a-z 0-9 . -), or None."""
    if not isinstance(bucket, str):
        return f"a bucket name must be a string, not {type(bucket).__name__}"
    return None if _BUCKET_RE.fullmatch(bucket) else f"{bucket[:80]!r} is not a valid bucket name"


def clean_filename(name: object, default: str = "upload") -> str:
    """A client's file name fit to store and show: control and bidi-override characters
    removed, at most 255 characters; ``default`` when nothing is left."""
    text = re.sub("[\x00-\x1f\x7f\u0080-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]", "",
                  str(name or ""))
    return text.strip()[:255] or default


def upload_key(prefix: str, batch_id: int, filename: str) -> str:
    """Where an API upload goes: ``<prefix>batches/<batch>/<random>-<safe name>``."""
    name = re.sub(r"[^\w.\-\u3400-\u9fff]+", "_", posixpath.basename(filename or "upload"))[:120] or "upload"
    return f"{prefix}batches/{batch_id}/{uuid.uuid4().hex[:8]}-{name}"


@dataclass(frozen=True)
class ObjectRef:
    """One object named by an S3 event record."""

    event: str
    bucket: str
    key: str
    etag: str
    size: int


def parse_s3_event(payload: object) -> tuple[list[ObjectRef], int]:
    """The created objects of an S3/MinIO event notification.

    A payload without ``Records`` (an S3 test event) names no object. Records of other
    event names are ignored whatever they hold; a record of an accepted event must be
    well formed, or the whole event is refused (nothing of it is recorded).

    Returns:
        ``(objects, ignored)``: the records for accepted event names, and how many
        records were ignored (other event names).

    Raises:
        BadRequest: the payload is not an object, ``Records`` is not a list, or a
            record of an accepted event lacks its bucket or key, or names a key or
            bucket that cannot be (see :func:`key_problem`), an ETag that is not a
            string, or a size that is not a non-negative integer.
    """
    if not isinstance(payload, dict):
        raise BadRequest("an S3 event must be a JSON object with Records")
    records = payload.get("Records")
    if records is None:
        return [], 0
    if not isinstance(records, list):
        raise BadRequest(f"Records must be a list, not {type(records).__name__}")
    objects, ignored = [], 0
    for i, rec in enumerate(records):
        name = rec.get("eventName") if isinstance(rec, dict) else None
        if not isinstance(name, str):
            raise BadRequest(f"Records[{i}] must be an object with an eventName string")
        name = name if name.startswith("s3:") else f"s3:{name}"
        if name not in ACCEPTED_EVENTS:
            ignored += 1
            continue
        try:
            s3 = rec["s3"]
            bucket, obj = s3["bucket"]["name"], s3["object"]
            raw_key, etag, size = obj["key"], obj.get("eTag"), obj.get("size", 0)
        except (KeyError, TypeError) as exc:
            raise BadRequest(f"Records[{i}] lacks s3.bucket.name or s3.object.key ({exc})") from None
        key = unquote_plus(raw_key) if isinstance(raw_key, str) else raw_key
        problem = bucket_problem(bucket) or key_problem(key)
        if problem is None and etag is not None and (not isinstance(etag, str) or len(etag) > 128
                                                     or _CONTROL_RE.search(etag)):
            problem = "s3.object.eTag must be a string of at most 128 printable characters"
        if problem is None and (isinstance(size, bool) or not isinstance(size, int) or not 0 <= size < 2**62):
            problem = "s3.object.size must be a non-negative integer"
        if problem:
            raise BadRequest(f"Records[{i}]: {problem}")
        objects.append(ObjectRef(event=name, bucket=bucket, key=key, etag=normalise_etag(etag), size=size))
    return objects, ignored


@dataclass(frozen=True)
class IntakeResult:
    """``outcome``: ``created``, ``duplicate``, ``missing``, ``stale`` or ``unmapped``."""

    outcome: str
    key: str
    document_id: int | None = None


def intake_object(
    session: Session, storage: Storage | None, *, tenant_id: str, bucket: str, key: str, etag: str | None,
    size: int = 0, batch_id: int | None = None, source: str = "event", filename: str | None = None,
) -> IntakeResult:
    """Record the document for one object (idempotent). Commits; does not dispatch.

    Args:
        storage: when given, the object is checked now (exists, same ETag); None when
            the caller has just written or listed it.
        etag: the ETag named by the event, or None to take the current one.
        source: ``event``, ``batch`` or ``reconcile`` (for metrics).
        filename: the client's file name (default: the last part of the key).

    Raises:
        worker.storage.StorageUnavailable: the S3 server does not answer (retry later).
    """
    if storage is not None:
        try:
            info = storage.stat(bucket, key)
        except ObjectMissing:
            INTAKE.labels(source, "missing").inc()
            return IntakeResult("missing", key)
        if etag and info.etag != etag:
            INTAKE.labels(source, "stale").inc()
            return IntakeResult("stale", key)
        etag, size = info.etag, info.size
    doc, created = crud.intake_document(session, tenant_id=tenant_id, bucket=bucket, object_key=key,
                                        etag=etag or "", filename=filename or posixpath.basename(key), size_bytes=size,
                                        batch_id=batch_id)
    INTAKE.labels(source, "created" if created else "duplicate").inc()
    return IntakeResult("created" if created else "duplicate", key, doc.id)


def dispatch(session: Session, document_ids: list[int]) -> int:
    """Send the chain of each document still ``received`` and mark it ``queued``.

    Call after the rows are committed. A send that fails (broker down) leaves the
    document ``received`` for :func:`sweep`. Returns how many were sent.
    """
    from kombu.exceptions import OperationalError

    from worker.chain.dispatch import send_chain

    sent = 0
    for doc_id in dict.fromkeys(document_ids):
        doc = session.get(Document, doc_id)
        if doc is None or doc.status != "received":
            continue
        try:
            send_chain(doc_id)
        except OperationalError as exc:
            log.warning("document=%s not sent, the broker is unavailable (%s); the relay retries", doc_id, exc)
            continue
        session.exec(update(Document).where(Document.id == doc_id, Document.status == "received")
                     .values(status="queued", updated_at=utcnow()))
        session.commit()
        sent += 1
    return sent


def _reset(session: Session, docs: list[Document]) -> list[int]:
    ids = []
    for d in docs:
        d.status, d.error_code, d.error_message, d.updated_at = "received", None, None, utcnow()
        session.add(d)
        ids.append(d.id)
    session.commit()
    return ids


def requeue(session: Session, *, status: str, tenant_id: str | None = None) -> list[int]:
    """Send the documents with ``status`` (e.g. ``failed``) through the chain again."""
    stmt = select(Document).where(Document.status == status)
    if tenant_id:
        stmt = stmt.where(Document.tenant_id == tenant_id)
    ids = _reset(session, list(session.exec(stmt)))
    crud.add_audit(session, tenant_id=tenant_id, actor="ops", action="documents.requeued",
                   detail={"status": status, "count": len(ids)})
    session.commit()
    dispatch(session, ids)
    return ids


def reprocess_stale(session: Session, *, current: dict[str, str], limit: int | None = None) -> list[int]:
    """Re-run exactly the reviewed documents whose pipeline, statute index, model or
    playbook version differs from ``current``. Their reviews are kept (the new one is
    the next revision) and ``review.updated`` tells what changed. A document whose key
    was overwritten since (a newer document has the same key) is left as it is: its
    bytes are gone, and the newer upload is reviewed in its own right.

    Args:
        current: ``{"pipeline", "kb", "model", "playbook"}`` as the workers now run.
    """
    newer = aliased(Document)
    superseded = exists().where(newer.tenant_id == Document.tenant_id, newer.bucket == Document.bucket,
                                newer.object_key == Document.object_key, newer.id > Document.id)
    stmt = select(Document).where(Document.status == "reviewed", ~superseded, or_(
        Document.pipeline_version != current["pipeline"], Document.kb_version != current["kb"],
        Document.model_version != current["model"], Document.playbook_version != current["playbook"],
    )).order_by(Document.id)
    if limit:
        stmt = stmt.limit(limit)
    ids = _reset(session, list(session.exec(stmt)))
    dispatch(session, ids)
    return ids


def reconcile(session: Session, storage: Storage, tenants: TenantMap, *, tenant_id: str | None = None) -> dict[str, int]:
    """List every mapped bucket/prefix (of one tenant, or all) and start the objects
    that have no document (events MinIO dropped, or that came while the API was down).

    Returns:
        ``{"listed": n, "started": n}``.
    """
    listed, new_ids = 0, []
    for bucket, prefix, tenant in tenants.locations(tenant_id):
        known = {(d.object_key, d.etag) for d in session.exec(select(Document).where(
            Document.tenant_id == tenant, Document.bucket == bucket, Document.object_key.startswith(prefix, autoescape=True)))}
        for obj in storage.list(bucket, prefix):
            listed += 1
            if tenants.tenant_for(bucket, obj.key) != tenant or (obj.key, obj.etag) in known:
                continue
            res = intake_object(session, None, tenant_id=tenant, bucket=bucket, key=obj.key, etag=obj.etag,
                                size=obj.size, source="reconcile")
            if res.outcome == "created":
                new_ids.append(res.document_id)
    dispatch(session, new_ids)
    return {"listed": listed, "started": len(new_ids)}


def sweep(session: Session, settings: Settings, *, grace: int = 60) -> dict[str, int]:
    """The relay's document half: send what was recorded but never sent (``received``
    for more than ``grace`` s), and re-send what stopped moving (``queued`` or
    ``processing`` with no stage started for ``CR_STALE_AFTER`` s: its message was lost,
    e.g. Redis restarted without persistence). Stages are idempotent, so a re-send of
    a document that is in fact still moving costs time, not correctness.
    """
    now = utcnow()
    unsent = [d.id for d in session.exec(select(Document).where(
        Document.status == "received", Document.updated_at < now - timedelta(seconds=grace)))]
    stuck = list(session.exec(select(Document).where(
        Document.status.in_(("queued", "processing")),
        Document.updated_at < now - timedelta(seconds=settings.stale_after))))
    resent = _reset(session, stuck)
    sent = dispatch(session, unsent + resent)
    return {"unsent": len(unsent), "stuck": len(resent), "sent": sent}
