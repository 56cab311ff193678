"""Score reviews against labelled gold risks (the figures of ``contract-review eval``).

Matching (issue #2): a predicted risk matches a gold risk when the categories are equal
and the predicted clause text, with all whitespace removed, contains the gold
``anchor`` with all whitespace removed; each gold risk and each prediction matches at
most once (greedy, in gold order, first unmatched prediction); every prediction on
every case counts toward precision.

* ``recall`` = matched gold / gold; ``precision`` = matched predictions / predictions;
* ``citation_validity`` = citations that resolve to an article in the store, in force,
  with the stored text hash / all citations;
* ``statute_hit_rate`` = matched gold risks with non-empty ``statutes`` where some
  predicted citation equals a gold (law, article) / those matched gold risks;
* ``location_accuracy`` = matched predictions on PDF inputs whose reported page(s)
  contain the anchor / those predictions;
* ``clean_high_findings`` = high-severity predictions on cases with no gold risks.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pipelines.review import ReviewResult
from pipelines.types import Citation, Risk

__all__ = ["CaseScore", "aggregate", "classification_scores", "retrieval_scores", "score_case"]

RETRIEVAL_MODES = ("bm25", "dense", "hybrid")

_WS = re.compile(r"\s+")


def _nows(s: str) -> str:
    return _WS.sub("", s)


@dataclass
class CaseScore:
    """Per-case counts; summed by :func:`aggregate`."""

    case_id: str
    gold: int = 0
    predicted: int = 0
    matched: int = 0
    citations: int = 0
    valid_citations: int = 0
    statute_eligible: int = 0
    statute_hits: int = 0
    pdf_matched: int = 0
    pdf_located: int = 0
    clean_high: int = 0
    llm_only_predicted: int = 0
    llm_only_matched: int = 0
    by_category: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    missed: list[str] = field(default_factory=list)
    false_alarms: list[str] = field(default_factory=list)


def _page_text(result: ReviewResult, pages: Sequence[int]) -> str:
    text = result.document.text
    return "".join(text[ln.char_start: ln.char_end] for ln in result.document.lines if ln.page in set(pages))


def score_case(
    case_id: str,
    gold: dict,
    result: ReviewResult,
    citation_ok: Callable[[Citation], bool],
) -> CaseScore:
    """Score one case.

    Args:
        case_id: the case folder name.
        gold: the parsed ``gold.json``.
        result: the review of the case's contract.
        citation_ok: ``True`` when a citation resolves in the store, in force, with the
            stored text hash.

    Returns:
        The case's counts. ``by_category[cat] = [gold, predicted, matched]``.
    """
    s = CaseScore(case_id=case_id)
    preds: list[Risk] = list(result.review.risks)
    s.predicted = len(preds)
    s.llm_only_predicted = sum(r.source == "llm" for r in preds)
    for r in preds:
        s.by_category[r.category.value][1] += 1
        for c in r.citations:
            s.citations += 1
            s.valid_citations += bool(citation_ok(c))
    used: set[int] = set()
    is_pdf = result.document.format == "pdf"
    for g in gold.get("risks", []):
        s.gold += 1
        s.by_category[g["category"]][0] += 1
        anchor = _nows(g["anchor"])
        hit = next((i for i, r in enumerate(preds) if i not in used and r.category.value == g["category"]
                    and anchor in _nows(r.clause.text)), None)
        if hit is None:
            s.missed.append(f"{g['category']}: {g['anchor'][:40]}")
            continue
        used.add(hit)
        s.matched += 1
        s.llm_only_matched += preds[hit].source == "llm"
        s.by_category[g["category"]][2] += 1
        r = preds[hit]
        gold_statutes = {(x["law"], int(x["article"])) for x in g.get("statutes", [])}
        if gold_statutes:
            s.statute_eligible += 1
            s.statute_hits += any((c.law, c.article) in gold_statutes for c in r.citations)
        if is_pdf:
            s.pdf_matched += 1
            s.pdf_located += bool(r.clause.pages) and anchor in _nows(_page_text(result, r.clause.pages))
    for i, r in enumerate(preds):
        if i not in used:
            s.false_alarms.append(f"{r.category.value}/{r.severity.value}: {r.title} @ {r.clause.clause_id}")
    if not gold.get("risks"):
        s.clean_high = sum(r.severity.value == "high" for r in preds)
    return s


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def aggregate(scores: Sequence[CaseScore]) -> dict:
    """Overall and per-category figures from case scores (see the module docstring).

    Returns:
        ``{"overall": {...}, "per_category": {cat: {gold, predicted, matched, recall,
        precision}}, "per_group": {"c*": {...}, "n*": {...}}, "cases": {case_id: {...}}}``
        (a group is the cases whose id starts with the same letter); a ratio with a zero
        denominator is ``None``. ``overall.llm_only_predicted``/``llm_only_matched`` count
        the risks no rule found and how many of them matched a gold risk.
    """
    tot = defaultdict(int)
    groups: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    cats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for s in scores:
        for k in ("gold", "predicted", "matched", "citations", "valid_citations", "statute_eligible",
                  "statute_hits", "pdf_matched", "pdf_located", "clean_high", "llm_only_predicted",
                  "llm_only_matched"):
            tot[k] += getattr(s, k)
        grp = groups[s.case_id[:1]]
        for k in ("gold", "predicted", "matched"):
            grp[k] += getattr(s, k)
        for c, v in s.by_category.items():
            for i in range(3):
                cats[c][i] += v[i]
    overall = {
        "recall": _ratio(tot["matched"], tot["gold"]),
        "precision": _ratio(tot["matched"], tot["predicted"]),
        "citation_validity": _ratio(tot["valid_citations"], tot["citations"]),
        "statute_hit_rate": _ratio(tot["statute_hits"], tot["statute_eligible"]),
        "location_accuracy": _ratio(tot["pdf_located"], tot["pdf_matched"]),
        "clean_high_findings": tot["clean_high"],
        **{k: tot[k] for k in ("gold", "predicted", "matched", "citations", "llm_only_predicted",
                                "llm_only_matched")},
    }
    per_cat = {c: {"gold": v[0], "predicted": v[1], "matched": v[2], "recall": _ratio(v[2], v[0]),
                   "precision": _ratio(v[2], v[1])} for c, v in sorted(cats.items())}
    cases = {s.case_id: {"gold": s.gold, "predicted": s.predicted, "matched": s.matched, "clean_high": s.clean_high,
                         "missed": s.missed, "false_alarms": s.false_alarms} for s in scores}
    per_group = {f"{g}*": {**v, "recall": _ratio(v["matched"], v["gold"]), "precision": _ratio(v["matched"], v["predicted"])}
                 for g, v in sorted(groups.items())}
    return {"overall": overall, "per_category": per_cat, "per_group": per_group, "cases": cases}


def _anchor_clause(result: ReviewResult, anchor: str):
    a = _nows(anchor)
    return next((c for c in result.clauses if a in _nows(c.text)), None)


def classification_scores(gold: dict, result: ReviewResult) -> dict:
    """Clause-category accuracy on the gold anchors and contract-type correctness.

    Returns:
        ``{"anchors": n, "category_correct": m, "contract_type_correct": bool}``: an
        anchor counts as correct when the clause containing it was classified in the gold
        risk's category.
    """
    n = m = 0
    for g in gold.get("risks", []):
        clause = _anchor_clause(result, g["anchor"])
        n += 1
        m += bool(clause is not None and clause.category.value == g["category"])
    return {"anchors": n, "category_correct": m,
            "contract_type_correct": result.review.contract_type == gold.get("contract_type")}


def retrieval_scores(index, gold: dict, result: ReviewResult, *, k: int = 5) -> dict[str, list[int]]:
    """Retrieval measured on its own: for each gold risk with statutes, is a gold article
    among the top ``k`` retrieved for its clause (query and law boost as in review)?

    Args:
        index: a :class:`knowledge.index.StatuteIndex`.

    Returns:
        ``{mode: [eligible, hits]}`` for bm25, dense and hybrid (dense stays ``[0, 0]``
        on an index built without a dense ranker).
    """
    from pipelines.retrieve import category_laws, clause_query

    out = {m: [0, 0] for m in RETRIEVAL_MODES}
    modes = [m for m in RETRIEVAL_MODES if m != "dense" or getattr(index, "dense", None) is not None]
    for g in gold.get("risks", []):
        wanted = {(x["law"], int(x["article"])) for x in g.get("statutes", [])}
        clause = _anchor_clause(result, g["anchor"])
        if not wanted or clause is None:
            continue
        for mode in modes:
            hits = index.search(clause_query(clause), k=k, laws=category_laws(clause), mode=mode)
            out[mode][0] += 1
            out[mode][1] += any((h.article.law, h.article.article) in wanted for h in hits)
    return out
