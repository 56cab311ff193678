"""The HTTP API application: :func:`create_app` and its routes (FastAPI; OpenAPI at
``/openapi.json``).

Clients authenticate with a tenant API key as a bearer token (``cr_<id>_<secret>``;
only its sha256 is stored). Every query is scoped to the caller's tenant: another
tenant's batch, document or endpoint is answered ``404``, exactly like one that does
not exist. MinIO's webhook target authenticates ``POST /v1/events/s3`` with the token
configured on it (``CR_S3_EVENTS_TOKEN``).

Limits: a request body is limited while it streams (``CR_MAX_REQUEST_BYTES``; 413
above it, before it is spooled), a batch carries at most ``CR_MAX_BATCH_FILES`` files
and keys, ids are 31-bit (the database's integers), and object keys are checked
(:func:`worker.intake.key_problem`) before anything is recorded: a bad request is a
4xx with a message and leaves no row behind.

Run it with ``contract-review api`` (uvicorn).
"""

import hmac
import uuid
from functools import lru_cache
from urllib.parse import quote
from collections import Counter
from datetime import UTC, datetime
from typing import Annotated

from fastapi import Body, Depends, FastAPI, HTTPException, Path, Query, Request, Response
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field
from sqlalchemy import func, text
from sqlmodel import Session, select
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from worker import intake, webhooks
from worker.api.limits import BodyLimit
from worker.api.schemas import BatchKeys, BatchOut, DocumentOut, EndpointCreated, EndpointIn, EndpointOut
from worker.db import crud
from worker.db.models import Batch, Document, Tenant, WebhookDelivery, WebhookEndpoint, utcnow
from worker.db.models import Review as ReviewRow
from worker.db.session import engine_for
from worker.metrics import DatabaseCollector, render
from worker.settings import Settings, get_settings
from worker.storage import Storage, StorageUnavailable

__all__ = ["MAX_ID", "create_app"]


@lru_cache(maxsize=1)
def _statute_index():
    """The current statute index for the review page's article texts, loaded once per
    process; None when there is none (the page then says the store was not consulted)."""
    from knowledge.errors import KnowledgeError
    from worker.runtime import load_index

    try:
        return load_index(get_settings(), build_if_missing=False)
    except KnowledgeError:
        return None

MAX_ID = 2**31 - 1  # ids are PostgreSQL integers: a larger one names nothing
Id = Annotated[int, Path(ge=1, le=MAX_ID, description="a positive 31-bit id")]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The API application for ``settings`` (default: the process settings)."""
    settings = settings or get_settings()
    app = FastAPI(title="contract-review", version="1", openapi_url="/openapi.json",
                  description="Chinese contract review: uploads, S3 events, reviews, signed webhooks.")
    tenants = intake.TenantMap(settings.tenant_prefixes)
    storage = Storage(settings)
    bearer = HTTPBearer(auto_error=False)
    app.add_middleware(BodyLimit, limit=settings.max_request_bytes)

    @app.exception_handler(intake.BadRequest)
    async def _bad_request(request: Request, exc: intake.BadRequest):
        return JSONResponse({"detail": str(exc)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(request: Request, exc: RequestValidationError):
        # 422 with where and why, not the offending input: FastAPI's default echoes it, and an
        # input such as a bare JSON Infinity cannot be written back as JSON (a 500 instead)
        errors = [{k: e[k] for k in ("loc", "msg", "type") if k in e} for e in exc.errors()]
        return JSONResponse({"detail": jsonable_encoder(errors)}, status_code=422)

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
    def s3_events(payload: Annotated[dict, Body()], session: SessionDep,
                  cred: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> dict:
        """Record a document for each created object and start its review. Idempotent:
        duplicate and out-of-order deliveries, and events for objects that are gone or
        were overwritten since, are answered 200 and change nothing. 503 when S3 does
        not answer, so MinIO delivers the event again from its queue. 400 (nothing
        recorded) when ``Records`` is not a list or a record of an accepted event is
        malformed or names an impossible key."""
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
        most = settings.max_batch_files
        if request.headers.get("content-type", "").startswith("multipart/form-data"):
            try:
                form = await request.form(max_files=most, max_fields=most + 10)
            except HTTPException as exc:
                if exc.status_code == 413:
                    raise
                raise HTTPException(422, f"the form could not be read: {exc.detail} (at most {most} files and "
                                         "keys per request)") from None
            for f in form.getlist("files"):
                if isinstance(f, UploadFile):
                    data = await f.read(settings.max_document_bytes + 1)
                    if len(data) > settings.max_document_bytes:
                        raise HTTPException(413, f"{intake.clean_filename(f.filename)} is over "
                                                 f"{settings.max_document_bytes} bytes")
                    files.append((intake.clean_filename(f.filename), data))
            keys = [k for k in form.getlist("keys") if isinstance(k, str)]
            name = intake.clean_filename(form.get("name"), "") if isinstance(form.get("name"), str) else ""
        else:
            try:
                body = BatchKeys.model_validate(await request.json())
            except RecursionError:  # json.loads of [[[[… nested past the interpreter's limit
                raise HTTPException(400, "the JSON body is nested too deeply") from None
            except ValueError as exc:
                raise HTTPException(422, f"expected multipart files or JSON {{keys: [...]}}: {exc}") from None
            keys, name = body.keys, intake.clean_filename(body.name, "")
        if not files and not keys:
            raise HTTPException(422, "give files or keys")
        if len(files) + len(keys) > most:
            raise HTTPException(422, f"at most {most} files and keys per batch (CR_MAX_BATCH_FILES); split it")
        return await run_in_threadpool(_create_batch, session, tenant, files, keys, name)

    def _create_batch(session: Session, tenant: Tenant, files, keys, name) -> BatchOut:
        places = tenants.locations(tenant.id)
        if not places:
            raise HTTPException(409, "no bucket/prefix is configured for this tenant (CR_TENANT_PREFIXES)")
        bucket, prefix, _ = places[-1]  # the shortest prefix: the tenant's root
        named = []
        for k in keys:  # every key is checked before anything is recorded
            b, key = k.removeprefix("s3://").partition("/")[::2] if k.startswith("s3://") else (bucket, k)
            problem = intake.bucket_problem(b) or intake.key_problem(key)
            if problem:
                raise HTTPException(422, f"{k[:200]!r}: {problem}")
            if tenants.tenant_for(b, key) != tenant.id:
                raise HTTPException(403, f"{k[:200]} is outside this tenant's bucket/prefix")
            named.append((b, key))
        batch = Batch(tenant_id=tenant.id, name=name[:200])
        session.add(batch)
        session.commit()
        session.refresh(batch)
        try:
            return _fill_batch(session, batch, bucket, prefix, files, named)
        except BaseException:
            _drop_empty_batch(session, batch.id)
            raise

    def _drop_empty_batch(session: Session, batch_id: int) -> None:
        """Delete a batch that holds no document (a request that failed half-way)."""
        session.rollback()
        if session.exec(select(func.count()).select_from(Document).where(Document.batch_id == batch_id)).one() == 0:
            batch = session.get(Batch, batch_id)
            if batch is not None:
                session.delete(batch)
                session.commit()

    def _fill_batch(session: Session, batch: Batch, bucket: str, prefix: str, files, named) -> BatchOut:
        results, skipped = [], []
        for filename, data in files:
            info = storage.put(bucket, intake.upload_key(prefix, batch.id, filename), data)
            results.append(intake.intake_object(session, None, tenant_id=batch.tenant_id, bucket=bucket, key=info.key,
                                                etag=info.etag, size=info.size, batch_id=batch.id, source="batch",
                                                filename=filename))
        for b, key in named:
            r = intake.intake_object(session, storage, tenant_id=batch.tenant_id, bucket=b, key=key, etag=None,
                                     batch_id=batch.id, source="batch")
            (results if r.document_id else skipped).append(r)
        if not results:  # every key was missing: leave no empty batch behind
            _drop_empty_batch(session, batch.id)
            raise HTTPException(422, {"message": "none of the keys names an object in the bucket",
                                      "skipped": [{"key": r.key, "reason": r.outcome} for r in skipped]})
        intake.dispatch(session, [r.document_id for r in results])
        out = batch_out(session, batch)
        out.skipped = [{"key": r.key, "reason": r.outcome} for r in skipped]
        return out

    def batch_out(session: Session, batch: Batch) -> BatchOut:
        docs = session.exec(select(Document).where(Document.tenant_id == batch.tenant_id,
                                                   Document.batch_id == batch.id).order_by(Document.id)).all()
        bodies = current_bodies(session, batch.tenant_id, [d.id for d in docs])
        return BatchOut(id=batch.id, name=batch.name, created_at=batch.created_at,
                        counts=dict(Counter(d.status for d in docs)),
                        documents=[DocumentOut.of(d, bodies.get(d.id)) for d in docs])

    def current_bodies(session: Session, tenant_id: str, document_ids: list[int]) -> dict[int, dict]:
        """``{document id: {status, not_run}}`` of each document's current review."""
        if not document_ids:
            return {}
        latest = (select(ReviewRow.document_id, func.max(ReviewRow.revision).label("rev"))
                  .where(ReviewRow.tenant_id == tenant_id, ReviewRow.document_id.in_(document_ids))
                  .group_by(ReviewRow.document_id).subquery())
        rows = session.exec(select(ReviewRow.document_id, ReviewRow.body).join(
            latest, (ReviewRow.document_id == latest.c.document_id) & (ReviewRow.revision == latest.c.rev))).all()
        return {doc_id: {k: body[k] for k in ("status", "not_run") if k in body} for doc_id, body in rows}

    @app.get("/v1/batches/{batch_id}", response_model=BatchOut, tags=["batches"])
    def get_batch(batch_id: Id, tenant: TenantDep, session: SessionDep) -> BatchOut:
        """A batch with its documents and counts by status."""
        batch = session.get(Batch, batch_id)
        if batch is None or batch.tenant_id != tenant.id:
            raise HTTPException(404, "no such batch")
        return batch_out(session, batch)

    @app.get("/v1/documents/{document_id}", response_model=DocumentOut, tags=["documents"])
    def get_document(document_id: Id, tenant: TenantDep, session: SessionDep) -> DocumentOut:
        """A document's status, error (code and message), versions, and whether its
        current review is complete (``review_status``, ``not_run``)."""
        doc = own_document(session, tenant, document_id)
        return DocumentOut.of(doc, current_bodies(session, tenant.id, [doc.id]).get(doc.id))

    @app.get("/v1/documents/{document_id}/review", tags=["documents"])
    def get_review(document_id: Id, tenant: TenantDep, session: SessionDep,
                   revision: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None) -> dict:
        """The current review (or ``?revision=N``): the review JSON of DESIGN §5 plus
        ``revision`` and ``created_at``."""
        doc = own_document(session, tenant, document_id)
        row = crud.latest_review(session, tenant_id=tenant.id, document_id=doc.id, revision=revision)
        if row is None:
            raise HTTPException(404, f"no review (document status: {doc.status})")
        return {"revision": row.revision, "created_at": row.created_at.isoformat(), **row.body}

    @app.get("/v1/documents/{document_id}/annotated.pdf", tags=["documents"],
             responses={200: {"content": {"application/pdf": {}}}})
    def get_annotated(document_id: Id, tenant: TenantDep, session: SessionDep) -> Response:
        """The uploaded PDF with each flagged clause highlighted and annotated. Made once
        per review revision in a limited child process (``CR_PARSE_*``), then served from
        a cache under ``CR_DATA_DIR``; a file that cannot be annotated within the limits
        is 422 with its code."""
        from pipelines.errors import InputError
        from pipelines.sandbox import annotate_bounded
        from pipelines.types import Review

        doc = own_document(session, tenant, document_id)
        row = crud.latest_review(session, tenant_id=tenant.id, document_id=doc.id)
        if row is None:
            raise HTTPException(404, f"no review (document status: {doc.status})")
        if doc.format != "pdf":
            raise HTTPException(409, f"the document is {doc.format}, not a PDF")
        cached = settings.data_dir / "annotated" / tenant.id / f"{doc.id}-{row.id}.pdf"
        if not cached.exists():
            data, _ = storage.get(doc.bucket, doc.object_key, max_bytes=settings.max_document_bytes)
            try:
                pdf = annotate_bounded(data, Review.model_validate(row.body), limits=settings.parse_limits)
            except InputError as exc:
                raise HTTPException(422, {"code": str(exc.code), "message": exc.message}) from None
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{uuid.uuid4().hex}.tmp")
            tmp.write_bytes(pdf)
            tmp.replace(cached)  # atomic: a concurrent request reads a whole file or makes its own
        return FileResponse(cached, media_type="application/pdf")

    # ---------------------------------------------------------------- lawyer-facing outputs (issue 11)

    def current_review(session: Session, tenant_id: str, doc: Document):
        from pipelines.types import Review

        row = crud.latest_review(session, tenant_id=tenant_id, document_id=doc.id)
        if row is None:
            raise HTTPException(404, f"no review (document status: {doc.status})")
        return row, Review.model_validate(row.body)

    def cached_output(tenant_id: str, doc: Document, row, suffix: str, make) -> bytes:
        """Made once per review revision, then served from ``CR_DATA_DIR/outputs``."""
        cached = settings.data_dir / "outputs" / tenant_id / f"{doc.id}-{row.id}.{suffix}"
        if not cached.exists():
            payload = make()
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{uuid.uuid4().hex}.tmp")
            tmp.write_bytes(payload)
            tmp.replace(cached)
        return cached.read_bytes()

    @app.get("/v1/documents/{document_id}/redline.docx", tags=["documents"], responses={200: {"content": {
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {}}}})
    def get_redline(document_id: Id, tenant: TenantDep, session: SessionDep) -> Response:
        """The Word redline of the current review: the uploaded DOCX with each suggested
        revision as a tracked change and a comment per risk (a PDF or TXT upload: a DOCX
        of its text with the same changes and comments)."""
        from pipelines.redline import redline_review

        doc = own_document(session, tenant, document_id)
        row, review = current_review(session, tenant.id, doc)

        def make() -> bytes:
            data = None
            if doc.format == "docx":
                data, _ = storage.get(doc.bucket, doc.object_key, max_bytes=settings.max_document_bytes)
            try:
                return redline_review(data, review).data
            except ValueError as exc:
                raise HTTPException(422, {"code": "corrupt", "message": str(exc)}) from None

        name = (doc.filename.rsplit(".", 1)[0] or "review") + "-redline.docx"
        return Response(cached_output(tenant.id, doc, row, "redline.docx", make),
                        media_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                        headers={"Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}"})

    optional_bearer = HTTPBearer(auto_error=False)

    @app.get("/review/{document_id}", tags=["documents"], response_class=Response,
             responses={200: {"content": {"text/html": {}}}})
    def review_page_route(document_id: Id, session: SessionDep,
                          cred: Annotated[HTTPAuthorizationCredentials | None, Depends(optional_bearer)],
                          expires: Annotated[int | None, Query(ge=0, le=2**40)] = None,
                          sig: Annotated[str | None, Query(max_length=100)] = None) -> Response:
        """The review page (HTML) of a document's current review: with the tenant's API
        key, or with a signed link from ``POST /v1/documents/{id}/share`` until it
        expires. Anything else is 404, as for a document that does not exist."""
        from worker.outputs import review_page, share_secret, verify_share

        doc = session.get(Document, document_id)
        tenant_id = crud.tenant_for_api_key(session, key=cred.credentials) if cred else None
        allowed = doc is not None and (
            (tenant_id is not None and doc.tenant_id == tenant_id)
            or (expires is not None and sig is not None
                and verify_share(share_secret(settings), doc.tenant_id, doc.id, expires, sig)))
        if not allowed:
            if cred is None and sig is None:
                raise HTTPException(401, "a valid API key or a signed share link is required",
                                    headers={"WWW-Authenticate": "Bearer"})
            raise HTTPException(404, "no such document")
        row, review = current_review(session, doc.tenant_id, doc)

        def make() -> bytes:
            data = None
            if doc.format == "pdf":
                data, _ = storage.get(doc.bucket, doc.object_key, max_bytes=settings.max_document_bytes)
            return review_page(review, data=data, index=_statute_index()).encode("utf-8")

        from pipelines.html_report import CSP

        return Response(cached_output(doc.tenant_id, doc, row, "html", make), media_type="text/html; charset=utf-8",
                        headers={"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
                                 "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store"})

    class ShareIn(BaseModel):
        ttl_seconds: int = Field(86400, ge=60, le=7 * 24 * 3600, description="how long the link works (60 s to 7 days)")

    @app.post("/v1/documents/{document_id}/share", tags=["documents"])
    def share_review(document_id: Id, tenant: TenantDep, session: SessionDep,
                     body: Annotated[ShareIn | None, Body()] = None) -> dict:
        """A short-lived signed link to the document's review page (no API key needed to
        open it): ``{"url": "/review/{id}?expires=…&sig=…", "expires_at": ISO time}``.
        Signed with HMAC-SHA256 (``CR_SHARE_SECRET`` or ``CR_DATA_DIR/share.key``)."""
        from worker.outputs import share_secret, sign_share

        doc = own_document(session, tenant, document_id)
        expires, sig = sign_share(share_secret(settings), tenant.id, doc.id, (body or ShareIn()).ttl_seconds)
        crud.add_audit(session, tenant_id=tenant.id, actor="api", action="review.shared", subject=f"document:{doc.id}")
        session.commit()
        return {"url": f"/review/{doc.id}?expires={expires}&sig={sig}",
                "expires_at": datetime.fromtimestamp(expires, UTC).isoformat()}

    @app.get("/v1/batches/{batch_id}/export.xlsx", tags=["batches"], responses={200: {"content": {
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {}}}})
    def export_batch(batch_id: Id, tenant: TenantDep, session: SessionDep) -> Response:
        """The batch as a workbook: one row per risk of each document's current review,
        and a summary row per document (failed and pending ones with their state)."""
        from pipelines.xlsx_export import reviews_xlsx
        from worker.outputs import export_rows_for_batch

        try:
            rows = export_rows_for_batch(session, batch_id, tenant_id=tenant.id)
        except LookupError:
            raise HTTPException(404, "no such batch") from None
        return Response(reviews_xlsx(rows), media_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                        headers={"Content-Disposition": f'attachment; filename="batch-{batch_id}.xlsx"'})

    @app.get("/v1/compare", tags=["documents"])
    def compare_documents(tenant: TenantDep, session: SessionDep, old: Annotated[int, Query(ge=1, le=MAX_ID)],
                          new: Annotated[int, Query(ge=1, le=MAX_ID)],
                          format: Annotated[str, Query(pattern="^(json|html|docx)$")] = "json") -> Response:
        """Compare two reviewed documents of the tenant (``old`` and ``new`` ids): clause
        alignment with kinds and text diffs, and the risks added, removed and changed
        between their current reviews. ``format`` json (default), html or docx
        (differences as tracked changes). The drafts are re-read (in a limited child
        process) and segmented; the risks are those of the stored reviews."""
        from pipelines.compare import (align_clauses, compare_html, compare_redline_docx, compare_reviews,
                                       comparison_json)
        from pipelines.errors import InputError
        from pipelines.sandbox import extract_bounded
        from pipelines.segment import segment

        docs, reviews, clauses = [], [], []
        for document_id in (old, new):
            doc = own_document(session, tenant, document_id)
            _, review = current_review(session, tenant.id, doc)
            data, _ = storage.get(doc.bucket, doc.object_key, max_bytes=settings.max_document_bytes)
            try:
                extracted = extract_bounded(data, filename=doc.filename, max_bytes=settings.max_document_bytes,
                                            max_pages=settings.max_pages, limits=settings.parse_limits)
            except InputError as exc:
                raise HTTPException(422, {"code": str(exc.code), "message": exc.message}) from None
            docs.append(doc)
            reviews.append(review)
            clauses.append(segment(extracted))
        changes = align_clauses(clauses[0], clauses[1])
        result = comparison_json(changes, old_doc={"document_id": docs[0].id, **reviews[0].document},
                                 new_doc={"document_id": docs[1].id, **reviews[1].document},
                                 risks=compare_reviews(reviews[0], reviews[1], changes))
        if format == "html":
            from pipelines.html_report import CSP

            return Response(compare_html(result), media_type="text/html; charset=utf-8",
                            headers={"Content-Security-Policy": CSP})
        if format == "docx":
            return Response(compare_redline_docx(changes, title=f"{docs[0].filename} → {docs[1].filename}"),
                            media_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        return JSONResponse(result)

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
    def get_endpoint(endpoint_id: Id, tenant: TenantDep, session: SessionDep) -> EndpointOut:
        return EndpointOut(**own_endpoint(session, tenant, endpoint_id).model_dump())

    @app.delete("/v1/webhook-endpoints/{endpoint_id}", status_code=204, tags=["webhooks"])
    def delete_endpoint(endpoint_id: Id, tenant: TenantDep, session: SessionDep) -> Response:
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
