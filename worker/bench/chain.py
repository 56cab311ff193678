"""``contract-review bench-chain``: throughput of the running deployment (DESIGN §12).

Puts ``count`` distinct copies of one contract in the bucket under a tenant's prefix,
records them all at once through intake, and waits until every one is reviewed or
failed. Reports, for whatever workers are running (run it once per worker layout;
``contract-review bench chain`` starts the layouts itself, :mod:`worker.bench.fleet`):

* documents per hour through the chain (first dispatch to last commit) and the latency
  per document (its intake to its review's commit): p50 / p95;
* per stage (``stage_run``, and each ``generate`` unit): mean / p50 / p95 of its
  seconds and of the time its message waited on the queue;
* the model's work (``llm_unit``): busy fraction of the LLM capacity (the units'
  seconds over ``llm_slots`` — LLM worker processes × tasks each — × the run's wall time) and of the engine (the union of the
  units' model intervals over the wall time); the engine's generated tokens/s while busy;
  prompt, completion and cached prompt tokens per contract, and the cache hit rate where
  the backend reports cached tokens.
"""

from __future__ import annotations

import statistics
import time
import uuid
from datetime import UTC
from pathlib import Path

from sqlmodel import Session, select

from worker.db import crud
from worker.db.models import Document, LlmUnit, StageRun
from worker.db.session import engine_for
from worker.intake import TenantMap, dispatch, intake_object
from worker.settings import get_settings
from worker.storage import Storage

__all__ = ["run_chain_bench"]

STAGES = ("start", "extract", "review", "prepare", "retrieve", "merge", "persist")


def _copy(data: bytes, tag: str) -> bytes:
    """Distinct bytes with the same content: PDFs ignore bytes after %%EOF; text gets a comment line."""
    return data + (f"\n% {tag}\n" if data.startswith(b"%PDF") else f"\n附注：{tag}\n").encode()


def _summary(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    values = sorted(values)
    return {"mean": round(statistics.fmean(values), 4), "p50": round(values[len(values) // 2], 4),
            "p95": round(values[min(len(values) - 1, int(0.95 * len(values)))], 4), "n": len(values)}


def _ts(dt) -> float:
    return (dt if dt.tzinfo else dt.replace(tzinfo=UTC)).timestamp()


def _union_seconds(intervals: list[tuple[float, float]]) -> float:
    """Length of the union of ``[start, end]`` intervals (seconds)."""
    total, end = 0.0, float("-inf")
    for a, b in sorted(intervals):
        if a > end:
            total += b - a
            end = b
        elif b > end:
            total += b - end
            end = b
    return total


def llm_figures(units: list[LlmUnit], *, documents: int, wall: float, llm_slots: int | None) -> dict:
    """The model's share of a run, from its units (see the module docstring).

    Returns:
        ``{"units", "calls", "prompt_tokens_per_contract", "completion_tokens_per_contract",
        "cached_tokens_per_contract" (None when not reported), "cache_hit_rate",
        "engine_busy_fraction", "llm_busy_fraction" (None without ``llm_slots``),
        "engine_tokens_per_second", "unit_seconds": {phase: summary},
        "unit_queue_wait_seconds": {phase: summary}}``.
    """
    done = [u for u in units if u.status == "done" and u.started_at and u.finished_at]
    busy = _union_seconds([(_ts(u.started_at), _ts(u.finished_at)) for u in done])
    unit_seconds = sum(u.seconds or 0.0 for u in done)
    prompt = sum(u.prompt_tokens for u in done)
    completion = sum(u.completion_tokens for u in done)
    cached = [u.cached_tokens for u in done if u.cached_tokens is not None]
    return {
        "units": len(done),
        "calls": sum(u.calls for u in done),
        "prompt_tokens_per_contract": round(prompt / documents, 1) if documents else None,
        "completion_tokens_per_contract": round(completion / documents, 1) if documents else None,
        "cached_tokens_per_contract": round(sum(cached) / documents, 1) if cached and documents else None,
        "cache_hit_rate": round(sum(cached) / prompt, 3) if cached and prompt else None,
        "engine_busy_fraction": round(busy / wall, 3) if wall else None,
        "llm_busy_fraction": round(unit_seconds / (llm_slots * wall), 3) if (llm_slots and wall) else None,
        "engine_tokens_per_second": round(completion / busy, 2) if busy else None,
        "unit_seconds": {ph: _summary([u.seconds for u in done if u.phase == ph and u.seconds is not None])
                         for ph in ("find", "analyse")},
        "unit_queue_wait_seconds": {ph: _summary([u.queue_wait_seconds for u in done
                                                  if u.phase == ph and u.queue_wait_seconds is not None])
                                    for ph in ("find", "analyse")},
    }


def run_chain_bench(file: Path, *, count: int, tenant_id: str, timeout: float = 1800,
                    llm_slots: int | None = None) -> dict:
    """Push ``count`` copies of ``file`` through the chain and measure it.

    Args:
        file: the contract.
        count: documents.
        tenant_id: whose prefix the copies go under (``CR_TENANT_PREFIXES``).
        timeout: seconds to wait for every document.
        llm_slots: LLM task slots running (worker processes × concurrency; for the LLM busy fraction).

    Returns:
        ``{"documents", "reviewed", "failed", "seconds", "documents_per_minute",
        "documents_per_hour", "latency_seconds": {mean, p50, p95, n},
        "stage_seconds": {stage: {mean, p50, p95, n}}, "queue_wait_seconds": {...},
        "llm": {...} | None}`` (``llm``: :func:`llm_figures`, when the chain used the model).

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
                units = list(s.exec(select(LlmUnit).where(LlmUnit.document_id.in_(ids))))
                break
        if time.monotonic() > deadline:
            raise TimeoutError(f"{sum(d.status in ('reviewed', 'failed') for d in docs)} of {count} finished "
                               f"within {timeout} s")
        time.sleep(0.2)
    elapsed = max(_ts(d.updated_at) for d in docs) - t0
    stages = [st for st in STAGES if any(r.stage == st for r in runs)]
    return {
        "documents": count,
        "reviewed": sum(d.status == "reviewed" for d in docs),
        "failed": sum(d.status == "failed" for d in docs),
        "seconds": round(elapsed, 2),
        "documents_per_minute": round(60 * count / elapsed, 2),
        "documents_per_hour": round(3600 * count / elapsed, 1),
        "latency_seconds": _summary([_ts(d.updated_at) - _ts(d.created_at) for d in docs]),
        "stage_seconds": {st: _summary([r.seconds for r in runs if r.stage == st and r.seconds is not None])
                          for st in stages},
        "queue_wait_seconds": {st: _summary([r.queue_wait_seconds for r in runs
                                             if r.stage == st and r.queue_wait_seconds is not None])
                               for st in stages},
        "llm": llm_figures(units, documents=count, wall=elapsed, llm_slots=llm_slots) if units else None,
    }
