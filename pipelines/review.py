"""Compose the stages into one review (DESIGN §3).

``run_review`` is the function both the CLI (embedded mode) and the Celery tasks call:
extract -> segment -> classify -> screen -> retrieve -> generate + validate -> report.
It has no side effects beyond calling the injected index and generator. A failure on
one clause is recorded in ``Review.errors`` and the review goes on; an unusable input
raises :class:`pipelines.errors.InputError`.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

from pipelines import PIPELINE_VERSION
from pipelines.classify import classify_clauses, classify_contract_type, party_roles
from pipelines.errors import DocumentTooLarge, GenerationError
from pipelines.extract import extract
from pipelines.generate import ClauseAnalysis, Generator, analyse_clause, severity_of
from pipelines.retrieve import make_resolver, retrieve_for_clause
from pipelines.screen import Playbook, ScreenContext, screen
from pipelines.segment import segment
from pipelines.types import (
    SEVERITY_RANK,
    Citation,
    Clause,
    ExtractedDocument,
    Finding,
    Review,
    ReviewMetrics,
    Risk,
    RiskClause,
    Severity,
    StageError,
    Stance,
    Versions,
)

__all__ = ["ReviewOptions", "ReviewResult", "run_review"]


@dataclass(frozen=True)
class ReviewOptions:
    """Options of one review.

    Attributes:
        stance: whose side to take.
        use_llm: False for rules only (``--no-llm``).
        max_llm_clauses: at most this many flagged clauses go to the LLM (highest
            severity first); bounds the cost per contract (OWASP LLM10).
        retrieve_k: retrieved articles per clause.
        max_tokens: generation cap per LLM call (tokens).
        max_bytes, max_pages, max_chars: input limits (``too_large`` above them; 2,000,000
            characters is about a thousand pages of Chinese text).
    """

    stance: Stance = Stance.neutral
    use_llm: bool = True
    max_llm_clauses: int = 12
    retrieve_k: int = 5
    max_tokens: int = 512
    max_bytes: int = 50 * 1024 * 1024
    max_pages: int = 1000
    max_chars: int = 2_000_000


@dataclass(frozen=True)
class ReviewResult:
    """A review plus the intermediate artefacts (for storage and the annotated PDF)."""

    review: Review
    document: ExtractedDocument
    clauses: list[Clause]
    findings: list[Finding]


ProgressFn = Callable[[str, int, int], None]


def _noop(stage: str, done: int, total: int) -> None:
    return None


def _group_findings(findings: Sequence[Finding]) -> dict[tuple[str, str, str], list[Finding]]:
    """One risk per clause, category and offending sentence: findings of several checks
    on the same sentence merge; distinct problems in one clause stay distinct."""
    groups: dict[tuple[str, str, str], list[Finding]] = defaultdict(list)
    for f in findings:
        groups[(f.clause_id, f.category, f.evidence)].append(f)
    return groups


def _risk_clause(c: Clause) -> RiskClause:
    return RiskClause(clause_id=c.clause_id, path=c.path, text=c.text, char_start=c.char_start,
                      char_end=c.char_end, pages=c.pages, bboxes=c.bboxes)


def _dedupe(cites: Sequence[Citation]) -> tuple[Citation, ...]:
    seen, out = set(), []
    for c in cites:
        if (c.law, c.article) not in seen:
            seen.add((c.law, c.article))
            out.append(c)
    return tuple(out)


def _build_risks(
    clauses: Sequence[Clause],
    findings: Sequence[Finding],
    analyses: dict[str, ClauseAnalysis],
    resolve: Callable[[str, int], Citation | None],
) -> list[Risk]:
    by_id = {c.clause_id: c for c in clauses}
    risks: list[Risk] = []
    for (clause_id, category, _), group in _group_findings(findings).items():
        clause = by_id[clause_id]
        group = sorted(group, key=lambda f: -SEVERITY_RANK[f.severity])
        top = group[0]
        cites = [cit for f in group for law, art in f.statutes if (cit := resolve(law, art))]
        analysis = analyses.get(clause_id)
        chain, suggested, source, confidence = (), top.suggestion, "rule", 0.8
        if analysis is not None and analysis.steps:
            # the model's validated citations stay in its reasoning chain; the risk's own
            # citations are the articles its rules rest on (a small model cites loosely)
            chain = tuple(analysis.steps)
            suggested = analysis.suggested_text or top.suggestion
            source = "both"
            confidence = round(min(1.0, 0.6 + 0.4 * analysis.confidence), 2)
        risks.append(Risk(
            risk_id="",
            category=category,
            severity=top.severity,
            title=top.title,
            clause=_risk_clause(clause),
            original_text=top.evidence or clause.text[:300],
            suggested_text=suggested,
            explanation="".join(dict.fromkeys(f.explanation for f in group)),
            citations=_dedupe(cites),
            reasoning_chain=chain,
            source=source,
            confidence=confidence,
            check_ids=tuple(f.check_id for f in group),
        ))
    order = {c.clause_id: i for i, c in enumerate(clauses)}
    risks.sort(key=lambda r: (order[r.clause.clause_id], -SEVERITY_RANK[r.severity]))
    return [r.model_copy(update={"risk_id": f"R{i:03d}"}) for i, r in enumerate(risks, start=1)]


def _summary(contract_type: str, risks: Sequence[Risk]) -> tuple[str, dict[str, int]]:
    counts = {s.value: sum(r.severity == s for r in risks) for s in Severity}
    if not risks:
        return f"{contract_type}：未发现需要提示的风险。", counts
    tops = "；".join(dict.fromkeys(r.title for r in risks if r.severity == Severity.high)) or risks[0].title
    return (f"{contract_type}：共发现{len(risks)}项风险（高{counts['high']}、中{counts['medium']}、"
            f"低{counts['low']}）。重点：{tops}。"), counts


def run_review(
    data: bytes,
    *,
    filename: str | None,
    index,
    playbook: Playbook,
    generator: Generator | None,
    options: ReviewOptions = ReviewOptions(),
    progress: ProgressFn = _noop,
) -> ReviewResult:
    """Review one contract end to end.

    Args:
        data: the file's bytes (PDF, DOCX or TXT; detected by content).
        filename: for messages and the review's ``document`` block only.
        index: a loaded :class:`knowledge.index.StatuteIndex` (store + FAISS + BM25).
        playbook: the rule playbook.
        generator: the LLM, or ``None`` (then ``options.use_llm`` must be False).
        options: see :class:`ReviewOptions`.
        progress: ``progress(stage, done, total)`` callback for a progress display.

    Returns:
        A :class:`ReviewResult`.

    Raises:
        pipelines.errors.InputError: the input is unusable (its ``code`` says why).
        ValueError: ``use_llm`` is set but no generator was given.
    """
    if options.use_llm and generator is None:
        raise ValueError("use_llm is set but no generator was given")
    seconds: dict[str, float] = {}

    @contextmanager
    def stage(name: str):
        progress(name, 0, 1)
        t0 = time.perf_counter()
        yield
        seconds[name] = round(seconds.get(name, 0.0) + time.perf_counter() - t0, 4)

    errors: list[StageError] = []
    with stage("extract"):
        doc = extract(data, filename=filename, max_bytes=options.max_bytes, max_pages=options.max_pages)
        if len(doc.text) > options.max_chars:
            raise DocumentTooLarge(f"{filename or 'the document'} has {len(doc.text):,} characters of text, over the "
                                   f"limit of {options.max_chars:,}; split it into separate contracts.")
    with stage("segment"):
        clauses = segment(doc)
    with stage("classify"):
        contract_type = classify_contract_type(doc)
        clauses = classify_clauses(clauses, contract_type)
    resolve = make_resolver(index.store)
    with stage("screen"):
        ctx = ScreenContext(contract_type=contract_type, clauses=clauses, text=doc.text,
                            stance=options.stance, party_roles=party_roles(doc.text),
                            citation_checker=lambda law, art: resolve(law, art) is not None)
        findings = screen(clauses, playbook, ctx, errors=errors)

    analyses: dict[str, ClauseAnalysis] = {}
    totals = defaultdict(int)
    if options.use_llm:
        by_clause: dict[str, list[Finding]] = defaultdict(list)
        for f in findings:
            by_clause[f.clause_id].append(f)
        ranked = sorted(by_clause, key=lambda cid: -max(SEVERITY_RANK[f.severity] for f in by_clause[cid]))
        targets = [c for c in clauses if c.clause_id in set(ranked[: options.max_llm_clauses])]
        pos = {c.clause_id: i for i, c in enumerate(clauses)}
        seconds.setdefault("retrieve", 0.0)
        seconds.setdefault("generate", 0.0)
        # retrieval for clause n+1 runs in a worker thread while clause n is generating
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="retrieve") as pool:
            futures = [pool.submit(_timed, retrieve_for_clause, index, c, by_clause[c.clause_id],
                                   k=options.retrieve_k) for c in targets]
            for n, (clause, fut) in enumerate(zip(targets, futures, strict=True)):
                progress("generate", n, len(targets))
                candidates, spent = fut.result()
                seconds["retrieve"] = round(seconds["retrieve"] + spent, 4)
                i = pos[clause.clause_id]
                neighbours = [clauses[j].number + clauses[j].title for j in (i - 1, i + 1) if 0 <= j < len(clauses)]
                t0 = time.perf_counter()
                try:
                    a = analyse_clause(generator, clause, by_clause[clause.clause_id], candidates,
                                       resolve=resolve, neighbours=neighbours, max_tokens=options.max_tokens)
                except GenerationError as exc:
                    errors.append(StageError(stage="generate", clause_id=clause.clause_id,
                                             code=str(exc.code), message=exc.message))
                    continue
                finally:
                    seconds["generate"] = round(seconds["generate"] + time.perf_counter() - t0, 4)
                analyses[clause.clause_id] = a
                for key in ("calls", "prompt_tokens", "completion_tokens", "passed_first",
                            "passed_after_regen", "dropped"):
                    totals[key] += getattr(a, key)
            progress("generate", len(targets), len(targets))

    with stage("report"):
        risks = _build_risks(clauses, findings, analyses, resolve)
        summary, counts = _summary(contract_type, risks)
        review = Review(
            document={"filename": filename, "sha256": doc.sha256, "format": doc.format,
                      "page_count": doc.page_count},
            contract_type=contract_type,
            stance=options.stance,
            summary=summary,
            counts=counts,
            risks=tuple(risks),
            versions=Versions(pipeline=PIPELINE_VERSION, kb=index.version, playbook=playbook.version,
                              model=generator.name if (options.use_llm and generator) else "none"),
            document_text=doc.text,
            warnings=doc.warnings,
            metrics=ReviewMetrics(
                stage_seconds=seconds,
                llm_calls=totals["calls"],
                prompt_tokens=totals["prompt_tokens"],
                completion_tokens=totals["completion_tokens"],
                units_passed_first=totals["passed_first"],
                units_passed_after_regeneration=totals["passed_after_regen"],
                units_dropped=totals["dropped"],
                clauses=len(clauses),
                clauses_analysed_by_llm=len(analyses),
            ),
            errors=tuple(errors),
        )
    return ReviewResult(review=review, document=doc, clauses=clauses, findings=findings)


def _timed(fn, *args, **kwargs):
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t0
