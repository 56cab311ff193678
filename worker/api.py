"""The HTTP API (FastAPI; OpenAPI at ``/openapi.json``).

Clients authenticate with a tenant API key as a bearer token (``cr_<id>_<secret>``;
only its sha256 is stored). Every query is scoped to the caller's tenant: another
tenant's batch, document or endpoint is answered ``404``, exactly like one that does
not exist. MinIO's webhook target authenticates ``POST /v1/events/s3`` with the token
configured on it (``CR_S3_EVENTS_TOKEN``).

Run it with ``contract-review api`` (uvicorn).
"""

import hmac
from collections import Counter
from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, FastAPI, HTTPException, Request, Response
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field, HttpUrl
from sqlalchemy import func, text
from sqlmodel import Session, select
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from worker import intake, webhooks
from worker.db import crud
from worker.db.models import Batch, Document, Tenant, WebhookDelivery, WebhookEndpoint, utcnow
from worker.db.session import engine_for
from worker.metrics import DatabaseCollector, render
from worker.settings import Settings, get_settings
from worker.storage import Storage, StorageUnavailable

__all__ = ["create_app"]


class DocumentOut(BaseModel):
    """A document and where it is in the pipeline."""

    id: int
    batch_id: int | None
    filename: str
    bucket: str
    object_key: str
    etag: str
    size_bytes: int
    sha256: str | None
    format: str | None
    status: str = Field(description="received | queued | processing | reviewed | failed")
    error_code: str | None
    error_message: str | None
    versions: dict[str, str | None]
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, d: Document) -> "DocumentOut":
        return cls(**d.model_dump(include=set(cls.model_fields) - {"versions"}),
                   versions={"pipeline": d.pipeline_version, "kb": d.kb_version, "model": d.model_version,
                             "playbook": d.playbook_version})


class BatchOut(BaseModel):
    """A batch, its documents and the keys that could not be taken."""

    id: int
    name: str
    created_at: datetime
    counts: dict[str, int]
    documents: list[DocumentOut]
    skipped: list[dict[str, str]] = []


class BatchKeys(BaseModel):
    """``POST /v1/batches`` as JSON: existing object keys of the caller's bucket/prefix."""

    keys: list[str] = Field(min_length=1, max_length=1000, description="object keys, or s3://bucket/key")
    name: str = ""


class EndpointIn(BaseModel):
    url: HttpUrl
    events: list[str] = Field(default=list(webhooks.EVENTS), description=f"subset of {list(webhooks.EVENTS)}")


class EndpointOut(BaseModel):
    id: int
    url: str
    events: list[str]
    status: str
    disabled_reason: str | None
    created_at: datetime


class EndpointCreated(EndpointOut):
    secret: str = Field(description="whsec_ signing secret; shown only in this response")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The API application for ``settings`` (default: the process settings)."""
    settings = settings or get_settings()
    app = FastAPI(title="contract-review", version="1", openapi_url="/openapi.json",
                  description="Chinese contract review: uploads, S3 events, reviews, signed webhooks.")
    tenants = intake.TenantMap(settings.tenant_prefixes)
    storage = Storage(settings)
    bearer = HTTPBearer(auto_error=False)

    def get_session():
        with Session(engine_for(settings.db_url)) as session:
            yield session

    SessionDep = Annotated[Session, Depends(get_session)]

    def current_tenant(session: SessionDep, cred: Annotated[HTTPAuthorizationCredentials | None,
                                                             Depends(bearer)]) -> Tenant:
        tenant_id = crud.tenant_for_api_key(session, key=cred.credentials) if cred else None
        tenant = session.get(Tenant, tenant_id) if tenant_id else None
        if tenant is None:
            raise HTTPException(401, "a valid API key is required (Authorization: Bearer cr_...)",
                                headers={"WWW-Authenticate": "Bearer"})
        return tenant

    TenantDep = Annotated[Tenant, Depends(current_tenant)]

    def own_document(session: Session, tenant: Tenant, document_id: int) -> Document:
        doc = crud.get_document(session, tenant_id=tenant.id, document_id=document_id)
        if doc is None:
            raise HTTPException(404, "no such document")
        return doc

    @app.exception_handler(StorageUnavailable)
    async def _storage_down(request: Request, exc: StorageUnavailable):
        return JSONResponse({"detail": "object storage is unavailable; retry later"}, status_code=503,
                            headers={"Retry-After": "5"})

    @app.post("/v1/events/s3", tags=["intake"], summary="S3/MinIO event notification (Records[])")
    def s3_events(payload: dict, session: SessionDep,
                  cred: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> dict:
        """Record a document for each created object and start its review. Idempotent:
        duplicate and out-of-order deliveries, and events for objects that are gone or
        were overwritten since, are answered 200 and change nothing. 503 when S3 does
        not answer, so MinIO delivers the event again from its queue."""
        token = settings.s3_events_token
        if not token or cred is None or not hmac.compare_digest(cred.credentials.encode(), token.encode()):
            raise HTTPException(401, "bad or missing events token", headers={"WWW-Authenticate": "Bearer"})
        objects, ignored = intake.parse_s3_event(payload)
        results = []
        for ref in objects:
            tenant_id = tenants.tenant_for(ref.bucket, ref.key)
            if tenant_id is None:
                results.append(intake.IntakeResult("unmapped", ref.key))
                continue
            results.append(intake.intake_object(session, storage, tenant_id=tenant_id, bucket=ref.bucket,
                                                key=ref.key, etag=ref.etag or None, size=ref.size))
        intake.dispatch(session, [r.document_id for r in results if r.document_id])
        return {"results": [{"key": r.key, "outcome": r.outcome, "document_id": r.document_id} for r in results],
                "ignored": ignored}

    @app.post("/v1/batches", status_code=202, response_model=BatchOut, tags=["batches"], openapi_extra={
        "requestBody": {"required": True, "content": {
            "multipart/form-data": {"schema": {"type": "object", "properties": {
                "files": {"type": "array", "items": {"type": "string", "format": "binary"}},
                "keys": {"type": "array", "items": {"type": "string"}}, "name": {"type": "string"}}}},
            "application/json": {"schema": BatchKeys.model_json_schema()}}}})
    async def create_batch(request: Request, tenant: TenantDep, session: SessionDep) -> BatchOut:
        """Upload files (multipart ``files``) and/or name existing object keys; each becomes a
        document (the same object twice is one document) and its review starts."""
        files: list[tuple[str, bytes]] = []
        if request.headers.get("content-type", "").startswith("multipart/form-data"):
            form = await request.form(max_files=1000)
            for f in form.getlist("files"):
                if isinstance(f, UploadFile):
                    data = await f.read(settings.max_document_bytes + 1)
                    if len(data) > settings.max_document_bytes:
                        raise HTTPException(413, f"{f.filename} is over {settings.max_document_bytes} bytes")
                    files.append((f.filename or "upload", data))
            keys = [k for k in form.getlist("keys") if isinstance(k, str)]
            name = str(form.get("name") or "")
        else:
            try:
                body = BatchKeys.model_validate(await request.json())
            except ValueError as exc:
                raise HTTPException(422, f"expected multipart files or JSON {{keys: [...]}}: {exc}") from None
            keys, name = body.keys, body.name
        if not files and not keys:
            raise HTTPException(422, "give files or keys")
        return await run_in_threadpool(_create_batch, session, tenant, files, keys, name)

    def _create_batch(session: Session, tenant: Tenant, files, keys, name) -> BatchOut:
        places = tenants.locations(tenant.id)
        if not places:
            raise HTTPException(409, "no bucket/prefix is configured for this tenant (CR_TENANT_PREFIXES)")
        bucket, prefix, _ = places[-1]  # the shortest prefix: the tenant's root
        named = []
        for k in keys:
            b, key = k.removeprefix("s3://").split("/", 1) if k.startswith("s3://") else (bucket, k)
            if tenants.tenant_for(b, key) != tenant.id:
                raise HTTPException(403, f"{k} is outside this tenant's bucket/prefix")
            named.append((b, key))
        batch = Batch(tenant_id=tenant.id, name=name[:200])
        session.add(batch)
        session.commit()
        session.refresh(batch)
        results, skipped = [], []
        for filename, data in files:
            info = storage.put(bucket, intake.upload_key(prefix, batch.id, filename), data)
            results.append(intake.intake_object(session, None, tenant_id=tenant.id, bucket=bucket, key=info.key,
                                                etag=info.etag, size=info.size, batch_id=batch.id, source="batch",
                                                filename=filename))
        for b, key in named:
            r = intake.intake_object(session, storage, tenant_id=tenant.id, bucket=b, key=key, etag=None,
                                     batch_id=batch.id, source="batch")
            (results if r.document_id else skipped).append(r)
        intake.dispatch(session, [r.document_id for r in results])
        out = batch_out(session, batch)
        out.skipped = [{"key": r.key, "reason": r.outcome} for r in skipped]
        return out

    def batch_out(session: Session, batch: Batch) -> BatchOut:
        docs = session.exec(select(Document).where(Document.tenant_id == batch.tenant_id,
                                                   Document.batch_id == batch.id).order_by(Document.id)).all()
        return BatchOut(id=batch.id, name=batch.name, created_at=batch.created_at,
                        counts=dict(Counter(d.status for d in docs)), documents=[DocumentOut.of(d) for d in docs])

    @app.get("/v1/batches/{batch_id}", response_model=BatchOut, tags=["batches"])
    def get_batch(batch_id: int, tenant: TenantDep, session: SessionDep) -> BatchOut:
        """A batch with its documents and counts by status."""
        batch = session.get(Batch, batch_id)
        if batch is None or batch.tenant_id != tenant.id:
            raise HTTPException(404, "no such batch")
        return batch_out(session, batch)

    @app.get("/v1/documents/{document_id}", response_model=DocumentOut, tags=["documents"])
    def get_document(document_id: int, tenant: TenantDep, session: SessionDep) -> DocumentOut:
        """A document's status, error (code and message) and versions."""
        return DocumentOut.of(own_document(session, tenant, document_id))

    @app.get("/v1/documents/{document_id}/review", tags=["documents"])
    def get_review(document_id: int, tenant: TenantDep, session: SessionDep, revision: int | None = None) -> dict:
        """The current review (or ``?revision=N``): the review JSON of DESIGN §5 plus
        ``revision`` and ``created_at``."""
        doc = own_document(session, tenant, document_id)
        row = crud.latest_review(session, tenant_id=tenant.id, document_id=doc.id, revision=revision)
        if row is None:
            raise HTTPException(404, f"no review (document status: {doc.status})")
        return {"revision": row.revision, "created_at": row.created_at.isoformat(), **row.body}

    @app.get("/v1/documents/{document_id}/annotated.pdf", tags=["documents"],
             responses={200: {"content": {"application/pdf": {}}}})
    def get_annotated(document_id: int, tenant: TenantDep, session: SessionDep) -> Response:
        """The uploaded PDF with each flagged clause highlighted and annotated."""
        from pipelines.report import annotate_pdf
        from pipelines.types import Review

        doc = own_document(session, tenant, document_id)
        row = crud.latest_review(session, tenant_id=tenant.id, document_id=doc.id)
        if row is None:
            raise HTTPException(404, f"no review (document status: {doc.status})")
        if doc.format != "pdf":
            raise HTTPException(409, f"the document is {doc.format}, not a PDF")
        data, _ = storage.get(doc.bucket, doc.object_key, max_bytes=settings.max_document_bytes)
        return Response(annotate_pdf(data, Review.model_validate(row.body)), media_type="application/pdf")

    @app.post("/v1/webhook-endpoints", status_code=201, response_model=EndpointCreated, tags=["webhooks"])
    def create_endpoint(body: EndpointIn, tenant: TenantDep, session: SessionDep) -> EndpointCreated:
        """Register a callback URL. The ``whsec_`` secret is returned only here. URLs that
        resolve to loopback, private or link-local addresses are refused (422) unless the
        tenant is allowed them."""
        try:
            ep = webhooks.create_endpoint(session, tenant=tenant, url=str(body.url), events=body.events)
        except ValueError as exc:  # UnsafeCallbackUrl is a ValueError
            raise HTTPException(422, str(exc)) from None
        return EndpointCreated(**ep.model_dump())

    def own_endpoint(session: Session, tenant: Tenant, endpoint_id: int) -> WebhookEndpoint:
        ep = session.get(WebhookEndpoint, endpoint_id)
        if ep is None or ep.tenant_id != tenant.id or ep.status == "deleted":
            raise HTTPException(404, "no such webhook endpoint")
        return ep

    @app.get("/v1/webhook-endpoints", response_model=list[EndpointOut], tags=["webhooks"])
    def list_endpoints(tenant: TenantDep, session: SessionDep) -> list[EndpointOut]:
        """The tenant's endpoints (without secrets)."""
        rows = session.exec(select(WebhookEndpoint).where(WebhookEndpoint.tenant_id == tenant.id,
                                                          WebhookEndpoint.status != "deleted"))
        return [EndpointOut(**ep.model_dump()) for ep in rows]

    @app.get("/v1/webhook-endpoints/{endpoint_id}", response_model=EndpointOut, tags=["webhooks"])
    def get_endpoint(endpoint_id: int, tenant: TenantDep, session: SessionDep) -> EndpointOut:
        return EndpointOut(**own_endpoint(session, tenant, endpoint_id).model_dump())

    @app.delete("/v1/webhook-endpoints/{endpoint_id}", status_code=204, tags=["webhooks"])
    def delete_endpoint(endpoint_id: int, tenant: TenantDep, session: SessionDep) -> Response:
        """Delete an endpoint; its pending deliveries are cancelled."""
        webhooks.delete_endpoint(session, own_endpoint(session, tenant, endpoint_id))
        return Response(status_code=204)

    def db_gauges() -> tuple[dict[str, int], int, float]:
        with Session(engine_for(settings.db_url)) as s:
            by_status = dict(s.exec(select(Document.status, func.count()).group_by(Document.status)).all())
            pending = s.exec(select(func.count(), func.min(WebhookDelivery.created_at))
                             .where(WebhookDelivery.status == "pending")).one()
        first = pending[1]
        if first is not None and first.tzinfo is None:  # SQLite returns naive UTC
            first = first.replace(tzinfo=UTC)
        oldest = (utcnow() - first).total_seconds() if first else 0.0
        return by_status, int(pending[0]), oldest

    collector = DatabaseCollector(db_gauges)

    @app.get("/metrics", tags=["ops"], response_class=Response)
    def metrics() -> Response:
        """Prometheus metrics: intake counters and database gauges."""
        return Response(render(collector), media_type="text/plain; version=0.0.4")

    @app.get("/healthz", tags=["ops"])
    def healthz(session: SessionDep) -> dict:
        """200 when the API can reach its database, else 503."""
        try:
            session.execute(text("SELECT 1"))
        except Exception as exc:  # noqa: BLE001 - any failure means unhealthy
            raise HTTPException(503, f"database unavailable: {exc.__class__.__name__}") from None
        return {"status": "ok"}

    return app
