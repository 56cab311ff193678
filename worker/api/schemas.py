"""The API's request and response bodies (pydantic; they make ``/openapi.json``)."""

from datetime import datetime

from pydantic import BaseModel, Field, HttpUrl

from worker import webhooks
from worker.db.models import Document

__all__ = ["BatchKeys", "BatchOut", "DocumentOut", "EndpointCreated", "EndpointIn", "EndpointOut"]


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
    review_status: str | None = Field(None, description="of the current review: complete | partial (some checks "
                                                        "did not run) | not_reviewed (language not covered)")
    not_run: list[str] = Field([], description="checks or stages of the current review that did not run")
    error_code: str | None
    error_message: str | None
    versions: dict[str, str | None]
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, d: Document, review_body: dict | None = None) -> "DocumentOut":
        body = review_body or {}
        return cls(**d.model_dump(include=set(cls.model_fields) - {"versions", "review_status", "not_run"}),
                   versions={"pipeline": d.pipeline_version, "kb": d.kb_version, "model": d.model_version,
                             "playbook": d.playbook_version},
                   review_status=body.get("status", "complete" if body else None), not_run=body.get("not_run", []))


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
    model_config = {"strict": True}
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
