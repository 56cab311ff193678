"""The LLM path of the chain, fanned out per clause batch (DESIGN §3, issue 10).

``start (ingest) -> extract (cpu) -> prepare (cpu) -> generate × find units (llm.<model>)
-> retrieve (cpu) -> generate × analyse units (llm.<model>) -> merge (cpu) -> persist (cpu)
-> notify (webhooks)``

``prepare``   segment, classify, screen (:func:`pipelines.review.prepare`); plan the
              clause batches (:func:`pipelines.finder.batch_clauses`) with their share of
              the call budget; one ``llm_unit`` row per batch (phase ``find``), then a
              Celery group of ``cr.generate`` messages carrying the unit ids.
``generate``  on ``llm.<model>``, many at once: one unit —
              :func:`pipelines.finder.read_batch` for a batch, or
              :func:`pipelines.generate.analyse_clause` for a clause (validation needs the
              statute store only). GPU workers do nothing else.
``retrieve``  merge the batches' results, apply the stance, choose the clauses for a
              written analysis, retrieve their candidate articles (BM25/FAISS on the cpu
              worker) and store each as an ``analyse`` unit (clause, findings, candidates,
              neighbours), then fan those out.
``merge``     the analyses, rule and model findings into the review
              (:func:`pipelines.review.report`), stored for ``persist``.

Fan-in: every unit commits its output, then counts its phase's units not yet done; the
one that sees none sends the next stage. Counting committed rows (not deliveries, as a
Celery chord's counter does) means a redelivered or duplicated unit can neither fire the
next stage early nor twice with different inputs; the next stages are idempotent on
(document, stage, pipeline version, fingerprint), so a duplicate send is harmless. A unit
whose worker dies is redelivered (``acks_late``, ``reject_on_worker_lost``) and runs
again: its row is written once. If a sender dies between commit and send, the relay
re-sends the chain after ``CR_STALE_AFTER``; ``prepare`` and ``retrieve`` then reuse their
output and re-send only the units not done.

Call budget (``CR_MAX_FINDER_CALLS``): batches run at once, so each gets a fixed share
planned up front (round-robin, one call at a time, up to 3 + 2 × its clauses) instead of
what the batches before it left over; the total never exceeds the budget. When the budget
does not bind, the chain reads exactly what :func:`pipelines.review.run_review` reads;
when it binds, batches that get no share are reported as not read, as ``find_risks`` does.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from celery.utils.log import get_task_logger
from sqlmodel import Session, select

from pipelines import PIPELINE_VERSION
from pipelines.elements import TEMPLATES, ElementRecord
from pipelines.errors import GenerationError
from pipelines.finder import MAX_REGENERATIONS, FinderResult, batch_clauses, read_batch
from pipelines.generate import Candidate, ClauseAnalysis, analyse_clause
from pipelines.retrieve import make_resolver, retrieve_for_clause
from pipelines.review import (Prepared, add_totals, analysis_targets, finder_findings, model_reads, neighbours_of,
                              prepare, report, screen_context)
from pipelines.sandbox import extract_bounded
from pipelines.types import (Category, Citation, Clause, ExtractedDocument, Finding, ReasoningStep, StageError)
from worker.db.models import Document, LlmUnit, utcnow
from worker.metrics import LLM_TOKENS, UNITS
from worker.runtime import review_options
from worker.settings import Settings
from worker.chain.stages import (Resources, StageContext, StageRetry, WorkerLost, _active, _begin, _fetch, _finish,
                           _fingerprint, _guarded, _replaced, _run, fail_document)
from worker.storage import Storage

__all__ = ["Fanout", "generate_stage", "merge_stage", "plan_budget", "prepare_stage", "retrieve_stage"]

log = get_task_logger(__name__)


@dataclass
class Fanout:
    """What a stage asks its task to send after it committed: webhook deliveries, unit ids
    (a Celery group on ``llm.<model>``) and the next stage (``retrieve``, ``merge``, or
    ``None``)."""

    deliveries: list[int] = field(default_factory=list)
    units: list[int] = field(default_factory=list)
    next: str | None = None
    document_id: int | None = None


def plan_budget(sizes: list[int], budget: int | None) -> list[int]:
    """Each batch's share of the call budget.

    Args:
        sizes: clauses per batch, in batch order.
        budget: calls for the document (``None``: no limit).

    Returns:
        Calls allowed per batch: round-robin one call at a time in batch order, each
        batch up to ``MAX_REGENERATIONS + 1 + 2 × clauses`` (its reads and regenerations
        and two second reads per clause); 0 means the batch is not read. With no budget,
        ``-1`` for every batch (no limit).
    """
    if budget is None:
        return [-1] * len(sizes)
    caps = [MAX_REGENERATIONS + 1 + 2 * n for n in sizes]
    alloc, remaining = [0] * len(sizes), budget
    while remaining > 0 and any(a < c for a, c in zip(alloc, caps)):
        for i, cap in enumerate(caps):
            if remaining > 0 and alloc[i] < cap:
                alloc[i] += 1
                remaining -= 1
    return alloc


# --- (de)serialisation of the pipelines' results (stored as JSON in llm_unit / stage_run) ---

def _prepared_json(p: Prepared) -> dict:
    return {"document": p.document.model_dump(mode="json"), "clauses": [c.model_dump(mode="json") for c in p.clauses],
            "contract_type": p.contract_type, "findings": [f.model_dump(mode="json") for f in p.findings],
            "errors": [e.model_dump(mode="json") for e in p.errors], "seconds": p.seconds, "filename": p.filename}


def _prepared_from(d: dict) -> Prepared:
    return Prepared(document=ExtractedDocument.model_validate(d["document"]),
                    clauses=[Clause.model_validate(c) for c in d["clauses"]], contract_type=d["contract_type"],
                    findings=[Finding.model_validate(f) for f in d["findings"]],
                    errors=[StageError.model_validate(e) for e in d["errors"]], seconds=dict(d["seconds"]),
                    filename=d.get("filename"))


def finder_json(r: FinderResult) -> dict:
    """A :class:`FinderResult` as JSON (chains keyed ``clause|check``)."""
    return {"findings": [f.model_dump(mode="json") for f in r.findings],
            "records": {k: {"clause_id": v.clause_id, "category": v.category.value, "fields": v.fields,
                            "evidence": v.evidence} for k, v in r.records.items()},
            "chains": {f"{c}|{k}": [s.model_dump(mode="json") for s in steps] for (c, k), steps in r.chains.items()},
            **{k: getattr(r, k) for k in ("calls", "prompt_tokens", "completion_tokens", "passed_first",
                                          "passed_after_regen", "dropped", "clauses_read", "unconfirmed")},
            "regenerations": r.regenerations, "errors": r.errors}


def finder_from(d: dict) -> FinderResult:
    """Inverse of :func:`finder_json`."""
    r = FinderResult(findings=[Finding.model_validate(f) for f in d["findings"]],
                     records={k: ElementRecord(clause_id=v["clause_id"], category=Category(v["category"]),
                                               fields=v["fields"], evidence=v["evidence"])
                              for k, v in d["records"].items()},
                     chains={tuple(k.split("|", 1)): [ReasoningStep.model_validate(s) for s in steps]
                             for k, steps in d["chains"].items()},
                     regenerations=dict(d["regenerations"]), errors=list(d["errors"]))
    for k in ("calls", "prompt_tokens", "completion_tokens", "passed_first", "passed_after_regen", "dropped",
              "clauses_read", "unconfirmed"):
        setattr(r, k, d[k])
    return r


def _analysis_json(a: ClauseAnalysis) -> dict:
    return {"steps": [s.model_dump(mode="json") for s in a.steps], "risk": a.risk, "suggested_text": a.suggested_text,
            "citations": [c.model_dump(mode="json") for c in a.citations],
            **{k: getattr(a, k) for k in ("calls", "prompt_tokens", "completion_tokens", "passed_first",
                                          "passed_after_regen", "dropped", "confidence")},
            "errors": a.errors}


def _analysis_from(d: dict) -> ClauseAnalysis:
    return ClauseAnalysis(steps=[ReasoningStep.model_validate(s) for s in d["steps"]], risk=d["risk"],
                          suggested_text=d["suggested_text"],
                          citations=[Citation.model_validate(c) for c in d["citations"]],
                          **{k: d[k] for k in ("calls", "prompt_tokens", "completion_tokens", "passed_first",
                                               "passed_after_regen", "dropped", "confidence")},
                          errors=list(d["errors"]))


# --- helpers ---

def _versions_fp(doc: Document, resources: Resources, settings: Settings) -> dict:
    opts = review_options(settings)
    return {"etag": doc.etag, "kb": resources.index().version, "playbook": resources.playbook().version,
            "model": settings.model, "max_llm_clauses": opts.max_llm_clauses,
            "max_finder_calls": opts.max_finder_calls, "stance": opts.stance.value}


def _units(session: Session, doc_id: int, phase: str) -> list[LlmUnit]:
    return list(session.exec(select(LlmUnit).where(LlmUnit.document_id == doc_id, LlmUnit.phase == phase,
                                                   LlmUnit.pipeline_version == PIPELINE_VERSION)
                             .order_by(LlmUnit.seq)))


def _store_units(session: Session, doc: Document, phase: str, requests: list[tuple[str, dict]],
                 versions: dict) -> list[int]:
    """Write the units of a phase (one per ``(key, request)``), replacing units of the same
    key made from other inputs and removing keys no longer planned. Commits.

    Returns:
        The ids of the units not done (to send).
    """
    existing = {u.unit_key: u for u in _units(session, doc.id, phase)}
    planned = {key for key, _ in requests}
    for key, u in existing.items():
        if key not in planned:
            session.delete(u)
    rows = []
    for seq, (key, request) in enumerate(requests):
        fp = _fingerprint({**versions, "request": request})
        u = existing.get(key)
        if u is None:
            u = LlmUnit(tenant_id=doc.tenant_id, document_id=doc.id, phase=phase, unit_key=key,
                        pipeline_version=PIPELINE_VERSION)
        if u.fingerprint != fp:
            u.fingerprint, u.status, u.output, u.request, u.attempts = fp, "pending", None, request, 0
            u.calls, u.prompt_tokens, u.completion_tokens, u.cached_tokens = 0, 0, 0, None
        u.seq = seq
        session.add(u)
        rows.append(u)
    session.commit()
    return [u.id for u in rows if u.status != "done"]


def _pending_or_next(session: Session, doc_id: int, phase: str, after: str, *, resend: bool = True) -> Fanout:
    """The units of ``phase`` not done (to re-send, when ``resend``), or the next stage
    when there are none."""
    not_done = [u.id for u in _units(session, doc_id, phase) if u.status != "done"]
    if not_done:
        return Fanout(units=not_done if resend else [], document_id=doc_id)
    return Fanout(next=after, document_id=doc_id)


# --- stages ---

@_guarded("prepare")
def prepare_stage(session: Session, document_id: int, *, storage: Storage, resources: Resources,
                  settings: Settings, ctx: StageContext) -> Fanout:
    """Segment, classify and screen the document; plan its clause batches as ``find`` units.

    Returns:
        A :class:`Fanout`: the units to send, or ``next="retrieve"`` when every unit is
        done (or there is none), or the deliveries of a failure.
    """
    doc = _active(session, document_id)
    if doc is None:
        return Fanout()
    versions = _versions_fp(doc, resources, settings)
    run, reuse = _begin(session, doc, "prepare", _fingerprint(versions), ctx, settings)
    if reuse:  # a redelivery, or the relay re-sending the chain: re-send what is not done
        return _pending_or_next(session, doc.id, "find", "retrieve")
    t0 = time.perf_counter()
    data = _fetch(storage, doc, settings)
    if data is None:
        return Fanout(deliveries=_replaced(session, doc, "prepare"))
    extract_bounded(data, filename=doc.filename, max_bytes=settings.max_document_bytes, max_pages=settings.max_pages,
                    limits=settings.parse_limits)
    options = review_options(settings)
    prepared = prepare(data, filename=doc.filename, index=resources.index(), playbook=resources.playbook(),
                       options=options)
    # a contract in a language the prompts do not cover: the model reads nothing (not reviewed)
    batches = batch_clauses(prepared.clauses) if model_reads(prepared) else []
    shares = plan_budget([len(b) for _, b in batches], options.max_finder_calls)
    confirmed = {(f.clause_id, f.check_id) for f in prepared.findings}
    requests, skipped = [], 0
    for i, ((template, batch), share) in enumerate(zip(batches, shares, strict=True)):
        if share == 0:
            skipped += len(batch)
            continue
        ids = [c.clause_id for c in batch]
        requests.append((f"b{i:03d}", {"category": template.category.value, "clause_ids": ids,
                                       "max_calls": None if share < 0 else share,
                                       "confirmed": sorted([c, k] for c, k in confirmed if c in ids)}))
    budget_note = (f"model call budget ({options.max_finder_calls}) reached: {skipped} clauses not read by the model"
                   if skipped else None)
    _finish(session, run, t0, {"prepared": _prepared_json(prepared), "batches": len(batches),
                               "budget_note": budget_note})
    units = _store_units(session, doc, "find", requests, versions)
    return Fanout(units=units) if units else Fanout(next="retrieve")


def generate_stage(session: Session, unit_id: int, *, resources: Resources, settings: Settings,
                   ctx: StageContext) -> Fanout:
    """Run one unit with this worker's model and store its output; when it was the last
    of its phase, name the next stage.

    Returns:
        A :class:`Fanout` with ``next`` set when this unit completed its phase, or the
        deliveries of a failure.

    Raises:
        StageRetry: the model server is unreachable or overloaded (retried with backoff).
    """
    unit = session.get(LlmUnit, unit_id)
    if unit is None:  # a re-plan removed it
        return Fanout()
    doc = _active(session, unit.document_id)
    after = "retrieve" if unit.phase == "find" else "merge"
    if doc is None:
        return Fanout()
    if unit.status == "done":  # a redelivered or duplicated message
        return _pending_or_next(session, doc.id, unit.phase, after, resend=False)
    try:
        unit.attempts = unit.attempts + 1 if (unit.status == "running" and unit.task_id == ctx.token) else 1
        if unit.attempts > settings.max_worker_losses:
            raise WorkerLost(f"the worker running unit {unit.phase}/{unit.unit_key} died {unit.attempts - 1} times")
    except WorkerLost as exc:
        session.rollback()
        return Fanout(deliveries=fail_document(session, document_id=doc.id, code="worker_lost", stage="generate",
                                               message=f"{exc}; check the LLM worker and re-queue."))
    fp = unit.fingerprint
    unit.status, unit.task_id, unit.worker = "running", ctx.token, ctx.worker
    unit.executions += 1
    unit.started_at, unit.queue_wait_seconds = utcnow(), ctx.queue_wait
    doc.updated_at = utcnow()
    session.add_all([unit, doc])
    session.commit()
    t0 = time.perf_counter()
    from knowledge.errors import IndexMissing
    from worker.llm import Metered

    try:
        generator = Metered(resources.generator())
    except GenerationError as exc:  # the model cannot load here (a server down is retryable)
        session.rollback()
        if exc.retryable:
            raise StageRetry(exc.message) from exc
        return Fanout(deliveries=fail_document(session, document_id=doc.id, code=str(exc.code), message=exc.message,
                                               stage="generate"))
    source = _run(session, doc.id, "prepare")
    prepared = _prepared_from(source.output["prepared"])
    by_id = {c.clause_id: c for c in prepared.clauses}
    req = unit.request
    try:
        if unit.phase == "find":
            result = read_batch(generator, TEMPLATES[Category(req["category"])], [by_id[c] for c in req["clause_ids"]],
                                contract_type=prepared.contract_type,
                                catalogue={c.id: c for c in resources.playbook().checks},
                                confirmed={tuple(x) for x in req["confirmed"]}, max_calls=req["max_calls"])
            output = {"finder": finder_json(result)}
            units = (("passed_first", result.passed_first), ("dropped", result.dropped),
                     ("passed_after_regeneration", result.passed_after_regen))
        else:
            try:
                store = resources.index().store
            except IndexMissing as exc:
                raise StageRetry(exc.message) from exc
            resolve = make_resolver(store)
            candidates = [Candidate(citation=Citation.model_validate(c["citation"]), text=c["text"])
                          for c in req["candidates"]]
            try:
                a = analyse_clause(generator, by_id[req["clause_id"]],
                                   [Finding.model_validate(f) for f in req["findings"]], candidates,
                                   resolve=resolve, neighbours=req["neighbours"], max_tokens=req["max_tokens"])
                output = {"analysis": _analysis_json(a), "warnings": [r.message for r in resolve.reports]}
                units = (("passed_first", a.passed_first), ("dropped", a.dropped),
                         ("passed_after_regeneration", a.passed_after_regen))
            except GenerationError as exc:
                if exc.retryable:
                    raise
                output = {"error": {"code": str(exc.code), "message": exc.message}}
                units = ()
    except GenerationError as exc:
        session.rollback()
        if exc.retryable:
            raise StageRetry(exc.message) from exc
        return Fanout(deliveries=fail_document(session, document_id=doc.id, code=str(exc.code), message=exc.message,
                                               stage="generate"))
    session.refresh(unit)
    if unit.fingerprint != fp:  # re-planned with other inputs while this ran: its output is not for them
        return Fanout()
    u = generator.usage
    unit.output, unit.status, unit.finished_at = output, "done", utcnow()
    unit.calls, unit.prompt_tokens, unit.completion_tokens = u.calls, u.prompt_tokens, u.completion_tokens
    unit.cached_tokens, unit.llm_seconds = u.cached_tokens, round(u.seconds, 4)
    unit.seconds = round(time.perf_counter() - t0, 4)
    session.add(unit)
    session.commit()
    LLM_TOKENS.labels(generator.name, "prompt").inc(u.prompt_tokens)
    LLM_TOKENS.labels(generator.name, "completion").inc(u.completion_tokens)
    for name, n in units:
        UNITS.labels(name).inc(n)
    return _pending_or_next(session, doc.id, unit.phase, after, resend=False)


@_guarded("retrieve")
def retrieve_stage(session: Session, document_id: int, *, resources: Resources, settings: Settings,
                   ctx: StageContext) -> Fanout:
    """Merge the ``find`` units, choose the clauses for a written analysis and store each,
    with its candidate articles, as an ``analyse`` unit.

    Returns:
        A :class:`Fanout`: the ``analyse`` units to send, or ``next="merge"``.
    """
    doc = _active(session, document_id)
    if doc is None:
        return Fanout()
    finds = _units(session, doc.id, "find")
    if any(u.status != "done" for u in finds):  # sent early by a duplicate: the last unit sends it again
        return Fanout()
    source = _run(session, doc.id, "prepare")
    versions = _versions_fp(doc, resources, settings)
    fp = _fingerprint({"prepare": source.fingerprint, "units": [u.fingerprint for u in finds]})
    run, reuse = _begin(session, doc, "retrieve", fp, ctx, settings)
    if reuse:
        return _pending_or_next(session, doc.id, "analyse", "merge")
    t0 = time.perf_counter()
    prepared = _prepared_from(source.output["prepared"])
    index, playbook, options = resources.index(), resources.playbook(), review_options(settings)
    finder = FinderResult()
    for u in finds:
        finder.merge(finder_from(u.output["finder"]))
    if source.output.get("budget_note"):
        finder.errors.append(source.output["budget_note"])
    resolve = make_resolver(index.store)
    llm_findings, _ = finder_findings(finder, prepared, playbook, screen_context(prepared, index, options.stance,
                                                                                  resolve), options.model_findings)
    targets, by_clause = (analysis_targets(prepared, llm_findings, options.max_llm_clauses) if model_reads(prepared)
                          else ([], {}))
    requests = []
    for clause in targets:
        candidates = retrieve_for_clause(index, clause, by_clause[clause.clause_id], k=options.retrieve_k)
        requests.append((clause.clause_id, {
            "clause_id": clause.clause_id, "findings": [f.model_dump(mode="json") for f in by_clause[clause.clause_id]],
            "candidates": [{"citation": c.citation.model_dump(mode="json"), "text": c.text} for c in candidates],
            "neighbours": neighbours_of(prepared.clauses, clause), "max_tokens": options.max_tokens}))
    _finish(session, run, t0, {"finder": finder_json(finder), "targets": [c.clause_id for c in targets]})
    units = _store_units(session, doc, "analyse", requests, versions)
    return Fanout(units=units) if units else Fanout(next="merge")


@_guarded("merge")
def merge_stage(session: Session, document_id: int, *, resources: Resources, settings: Settings,
                ctx: StageContext) -> Fanout:
    """Build the review from the stored stages and units and store it for ``persist``.

    Returns:
        A :class:`Fanout` with ``next="persist"``, or nothing when a unit is not done.
    """
    doc = _active(session, document_id)
    if doc is None:
        return Fanout()
    analyses_rows = _units(session, doc.id, "analyse")
    if any(u.status != "done" for u in analyses_rows):
        return Fanout()
    source, retrieved = _run(session, doc.id, "prepare"), _run(session, doc.id, "retrieve")
    fp = _fingerprint({"retrieve": retrieved.fingerprint, "units": [u.fingerprint for u in analyses_rows]})
    run, reuse = _begin(session, doc, "merge", fp, ctx, settings)
    if reuse:
        return Fanout(next="persist")
    t0 = time.perf_counter()
    prepared = _prepared_from(source.output["prepared"])
    index, playbook, options = resources.index(), resources.playbook(), review_options(settings)
    finder = finder_from(retrieved.output["finder"])
    resolve = make_resolver(index.store)
    llm_findings, budget = finder_findings(finder, prepared, playbook,
                                           screen_context(prepared, index, options.stance, resolve),
                                           options.model_findings)
    errors = [*prepared.errors, *budget]
    totals: dict[str, int] = {}
    add_totals(totals, finder)
    analyses, article_texts, warnings = {}, {}, []
    finds = _units(session, doc.id, "find")
    seconds = {**prepared.seconds, "find": round(sum(u.llm_seconds or 0 for u in finds), 4),
               "retrieve": retrieved.seconds or 0.0,
               "generate": round(sum(u.llm_seconds or 0 for u in analyses_rows), 4)}
    for u in analyses_rows:
        cid = u.request["clause_id"]
        article_texts[cid] = [c["text"] for c in u.request["candidates"]]
        if "error" in u.output:
            errors.append(StageError(stage="generate", clause_id=cid, code=u.output["error"]["code"],
                                     message=u.output["error"]["message"]))
            continue
        analyses[cid] = a = _analysis_from(u.output["analysis"])
        add_totals(totals, a)
        warnings.extend(w for w in u.output.get("warnings", ()) if w not in warnings)
    result = report(prepared, index=index, playbook=playbook, options=options, model=settings.model,
                    analyses=analyses, finder=finder, llm_findings=llm_findings, article_texts=article_texts,
                    errors=errors, totals=totals, seconds=seconds, resolve=resolve, extra_warnings=warnings)
    _finish(session, run, t0, {"review": result.review.model_dump(mode="json"),
                               "document": result.document.model_dump(mode="json"),
                               "clauses": [c.model_dump(mode="json") for c in result.clauses],
                               "findings": [f.model_dump(mode="json") for f in result.findings]})
    return Fanout(next="persist")


def cost_of(session: Session, document_id: int) -> dict:
    """The model cost of one document from its units: calls, prompt / completion / cached
    tokens, model seconds, per phase and in total."""
    out: dict = {}
    for phase in ("find", "analyse"):
        us = _units(session, document_id, phase)
        cached = [u.cached_tokens for u in us if u.cached_tokens is not None]
        out[phase] = {"units": len(us), "calls": sum(u.calls for u in us),
                      "prompt_tokens": sum(u.prompt_tokens for u in us),
                      "completion_tokens": sum(u.completion_tokens for u in us),
                      "cached_tokens": sum(cached) if cached else None,
                      "llm_seconds": round(sum(u.llm_seconds or 0 for u in us), 3)}
    return out
