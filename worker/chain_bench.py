"""``contract-review bench-chain``: throughput of the running deployment (DESIGN §12).

Puts ``count`` distinct copies of one contract in the bucket under a tenant's prefix,
records them all at once through intake, and waits until every one is reviewed or
failed. Reports documents per minute through the chain (first dispatch to last
commit), and from ``stage_run``: per stage, mean / p50 / p95 of the stage's seconds and
of the time its message waited on the queue. Whatever workers are running do the
work, so run it once per worker layout.
"""

from __future__ import annotations

import statistics
import time
import uuid
from datetime import UTC
from pathlib import Path

from sqlmodel import Session, select

from worker.db import crud
from worker.db.models import Document, StageRun
from worker.db.session import engine_for
from worker.intake import TenantMap, dispatch, intake_object
from worker.settings import get_settings
from worker.storage import Storage

__all__ = ["run_chain_bench"]

STAGES = ("start", "extract", "review", "generate", "persist")


def _copy(data: bytes, tag: str) -> bytes:
    """Distinct bytes with the same content: PDFs ignore bytes after %%EOF; text gets a comment line."""
    return data + (f"\n% {tag}\n" if data.startswith(b"%PDF") else f"\n附注：{tag}\n").encode()


def _summary(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    values = sorted(values)
    return {"mean": round(statistics.fmean(values), 4), "p50": round(values[len(values) // 2], 4),
            "p95": round(values[min(len(values) - 1, int(0.95 * len(values)))], 4), "n": len(values)}


def run_chain_bench(file: Path, *, count: int, tenant_id: str, timeout: float = 1800) -> dict:
    """Push ``count`` copies of ``file`` through the chain and measure it.

    Returns:
        ``{"documents", "reviewed", "failed", "seconds", "documents_per_minute",
        "stage_seconds": {stage: {mean, p50, p95, n}}, "queue_wait_seconds": {...}}``.

    Raises:
        ValueError: ``tenant_id`` has no bucket/prefix in ``CR_TENANT_PREFIXES``.
        TimeoutError: not every document finished within ``timeout`` seconds.
    """
    settings = get_settings()
    places = TenantMap(settings.tenant_prefixes).locations(tenant_id)
    if not places:
        raise ValueError(f"tenant {tenant_id!r} has no bucket/prefix in CR_TENANT_PREFIXES")
    bucket, prefix, _ = places[-1]
    storage, data, run = Storage(settings), Path(file).read_bytes(), uuid.uuid4().hex[:8]
    objects = [storage.put(bucket, f"{prefix}bench/{run}/{i:05d}-{Path(file).name}", _copy(data, f"{run}-{i}"))
               for i in range(count)]
    with Session(engine_for(settings.db_url)) as s:
        crud.ensure_tenant(s, tenant_id=tenant_id)
        t0 = time.time()
        ids = [intake_object(s, None, tenant_id=tenant_id, bucket=bucket, key=o.key, etag=o.etag, size=o.size,
                             source="bench").document_id for o in objects]
        dispatch(s, ids)
    deadline = time.monotonic() + timeout
    while True:
        with Session(engine_for(settings.db_url)) as s:
            docs = list(s.exec(select(Document).where(Document.id.in_(ids))))
            if all(d.status in ("reviewed", "failed") for d in docs):
                runs = list(s.exec(select(StageRun).where(StageRun.document_id.in_(ids))))
                break
        if time.monotonic() > deadline:
            raise TimeoutError(f"{sum(d.status in ('reviewed', 'failed') for d in docs)} of {count} finished "
                               f"within {timeout} s")
        time.sleep(0.2)
    elapsed = max((d.updated_at if d.updated_at.tzinfo else d.updated_at.replace(tzinfo=UTC)).timestamp()
                  for d in docs) - t0
    return {
        "documents": count,
        "reviewed": sum(d.status == "reviewed" for d in docs),
        "failed": sum(d.status == "failed" for d in docs),
        "seconds": round(elapsed, 2),
        "documents_per_minute": round(60 * count / elapsed, 1),
        "stage_seconds": {st: _summary([r.seconds for r in runs if r.stage == st and r.seconds is not None])
                          for st in STAGES if any(r.stage == st for r in runs)},
        "queue_wait_seconds": {st: _summary([r.queue_wait_seconds for r in runs
                                             if r.stage == st and r.queue_wait_seconds is not None])
                               for st in STAGES if any(r.stage == st for r in runs)},
    }
