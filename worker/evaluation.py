"""Run ``contract-review eval``: review every labelled case and score it.

The scoring rules are in :mod:`pipelines.evaluate`; this module finds the cases, loads
the resources once, times each review and adds run-level figures (seconds per case,
LLM units passed/regenerated/dropped).
"""

from __future__ import annotations

import fnmatch
import json
import time
from pathlib import Path

from rich.console import Console

from pipelines.errors import PipelineError
from pipelines.evaluate import RETRIEVAL_MODES, aggregate, classification_scores, retrieval_scores, score_case
from pipelines.review import run_review
from pipelines.types import Citation, Stance
from worker.runtime import load_generator, load_index, load_playbook_for, review_options
from worker.settings import get_settings

__all__ = ["find_cases", "run_eval"]



def _check_gold(gold) -> None:
    """Refuse a label file the scorer cannot read as the dev set's README describes: an
    object whose ``risks`` is a list of objects, each with a ``category`` of the taxonomy,
    a non-empty ``anchor`` string, an optional ``severity`` (high/medium/low) and optional
    ``statutes`` ([{"law": str, "article": int}]).

    Raises:
        ValueError: naming the first field that is wrong.
    """
    from pipelines.types import Category

    if not isinstance(gold, dict) or not isinstance(gold.get("risks", []), list):
        raise ValueError("expected an object with a list of risks")
    categories = {c.value for c in Category}
    for n, r in enumerate(gold.get("risks", []), 1):
        if not isinstance(r, dict):
            raise ValueError(f"risk {n} is not an object")
        if not isinstance(r.get("category"), str) or r["category"] not in categories:
            raise ValueError(f"risk {n}: category {r.get('category')!r} is not one of the taxonomy's ({', '.join(sorted(categories))})")
        if not isinstance(r.get("anchor"), str) or not r["anchor"].strip():
            raise ValueError(f"risk {n}: anchor must be a non-empty string of text from the contract")
        if "severity" in r and r["severity"] not in ("high", "medium", "low"):
            raise ValueError(f"risk {n}: severity {r['severity']!r} is not high, medium or low")
        for st in r.get("statutes", []) or []:
            if not (isinstance(st, dict) and isinstance(st.get("law"), str) and isinstance(st.get("article"), int)):
                raise ValueError(f"risk {n}: a statute is {{\"law\": str, \"article\": int}}, not {st!r}")

def find_cases(directory: Path) -> list[tuple[str, Path, dict]]:
    """Cases under ``directory``: ``(case_id, contract path, gold)`` for every
    ``DIR/<case>/contract.*`` with a ``gold.json`` beside it, sorted by case id."""
    cases = []
    for gold_path in sorted(Path(directory).glob("*/gold.json")):
        contracts = sorted(p for p in gold_path.parent.glob("contract.*") if p.is_file())
        if not contracts:
            continue
        try:
            gold = json.loads(gold_path.read_text(encoding="utf-8"))
            _check_gold(gold)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ValueError(f"{gold_path}: not a valid gold file ({exc})") from exc
        cases.append((gold_path.parent.name, contracts[0], gold))
    return cases


def run_eval(directory: Path, *, use_llm: bool, stance: Stance = Stance.neutral, console: Console | None = None,
             only: str | None = None) -> dict:
    """Review and score every case (or those whose id matches the glob ``only``, e.g. ``n*``).

    Returns:
        :func:`pipelines.evaluate.aggregate`'s dict plus ``mode``, ``cases_run``,
        ``failed`` (case -> error), ``seconds`` (case -> s), ``llm`` unit totals and
        the versions used.
    """
    settings = get_settings()
    index = load_index(settings)
    playbook = load_playbook_for(settings)
    generator = load_generator(settings) if use_llm else None
    store = index.store

    def citation_ok(c: Citation) -> bool:
        a = store.get(c.law, c.article)
        return a is not None and a.status == "现行有效" and a.text_sha256 == c.text_sha256

    scores, failed, seconds = [], {}, {}
    llm = {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "passed_first": 0,
           "passed_after_regeneration": 0, "dropped": 0}
    cls = {"anchors": 0, "category_correct": 0, "contract_types": 0, "contract_type_correct": 0}
    retr = {m: [0, 0] for m in RETRIEVAL_MODES}
    cases = find_cases(directory)
    if only:
        cases = [c for c in cases if fnmatch.fnmatch(c[0], only)]
    for case_id, path, gold in cases:
        t0 = time.perf_counter()
        try:
            result = run_review(path.read_bytes(), filename=path.name, index=index, playbook=playbook,
                                generator=generator, options=review_options(settings, stance=stance, use_llm=use_llm))
        except PipelineError as exc:
            failed[case_id] = f"{exc.code}: {exc.message}"
            if console is not None:
                console.print(f"{case_id}: FAILED {failed[case_id]}", highlight=False)
            continue
        seconds[case_id] = round(time.perf_counter() - t0, 2)
        m = result.review.metrics
        llm["calls"] += m.llm_calls
        llm["prompt_tokens"] += m.prompt_tokens
        llm["completion_tokens"] += m.completion_tokens
        llm["passed_first"] += m.units_passed_first
        llm["passed_after_regeneration"] += m.units_passed_after_regeneration
        llm["dropped"] += m.units_dropped
        llm["clauses_read"] = llm.get("clauses_read", 0) + m.clauses_read_by_llm
        llm["seconds"] = round(llm.get("seconds", 0.0) + seconds[case_id], 2)
        s = score_case(case_id, gold, result, citation_ok)
        scores.append(s)
        c = classification_scores(gold, result)
        cls["anchors"] += c["anchors"]
        cls["category_correct"] += c["category_correct"]
        cls["contract_types"] += 1
        cls["contract_type_correct"] += c["contract_type_correct"]
        for mode, (n, h) in retrieval_scores(index, gold, result).items():
            retr[mode][0] += n
            retr[mode][1] += h
        if console is not None:
            llm_part = (f"; LLM {m.llm_calls} calls, {m.prompt_tokens}+{m.completion_tokens} tokens, units "
                        f"{m.units_passed_first}/{m.units_passed_after_regeneration}/{m.units_dropped} "
                        "(first/after regeneration/dropped)") if use_llm else ""
            console.print(f"{case_id}: {s.matched}/{s.gold} gold matched, {s.predicted} predicted, "
                          f"{seconds[case_id]} s{llm_part}", highlight=False)
    metrics = aggregate(scores)
    metrics.update({
        "mode": "llm" if use_llm else "rules",
        "cases_run": len(scores),
        "failed": failed,
        "seconds": seconds,
        "llm": llm if use_llm else None,
        "classification": {
            "clause_category_accuracy": round(cls["category_correct"] / cls["anchors"], 4) if cls["anchors"] else None,
            "contract_type_accuracy": round(cls["contract_type_correct"] / cls["contract_types"], 4)
            if cls["contract_types"] else None,
            **cls,
        },
        "retrieval_recall_at_5": {m: {"eligible": n, "hits": h, "recall": round(h / n, 4) if n else None}
                                  for m, (n, h) in retr.items()},
        "embedding_model": index.manifest.embedding.get("name") if index.manifest.embedding else None,
        "versions": {"kb": index.version, "playbook": playbook.version,
                     "model": generator.name if generator else "none"},
    })
    return metrics
