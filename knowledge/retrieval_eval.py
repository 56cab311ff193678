"""Retrieval benchmark on STARD-format questions (``contract-review kb eval-retrieval``).

STARD (Su et al., "STARD: A Chinese Statute Retrieval Dataset with Real Queries Issued
by Non-professionals", 2024; MIT licence): lay legal questions with the statute articles a
lawyer judged relevant. A file is a JSON list (or JSONL) of
``{"query_id": 17, "问题": "...", "match_name": ["中华人民共和国民法典第五百六十二条", ...]}``.

Measures, per search mode, over two denominators:

* ``all``: every gold article counts; one absent from the store is a miss;
* ``present``: only gold articles the store holds in a version in force on ``as_of``
  (queries with none are left out).

``recall@k`` is the mean over queries of (gold articles in the top k) / (gold articles);
``mrr`` the mean reciprocal rank of the first gold article (0 when none in the top 100).
``coverage`` is the share of gold articles present. The ``contract_book`` subset holds the
questions whose gold includes an article of the 民法典's contract book (第四百六十三条 to
第九百八十八条).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from knowledge.errors import KnowledgeError
from knowledge.numerals import cn_to_int

__all__ = ["KS", "GoldQuery", "evaluate_retrieval", "load_stard", "parse_gold_name"]

KS = (1, 5, 10, 100)
CIVIL_CODE = "中华人民共和国民法典"
CONTRACT_BOOK = range(463, 989)
_GOLD_RE = re.compile(r"^(?P<law>.+?)第(?P<num>[零〇一二两三四五六七八九十百千0-9]+)条(?P<sub>之[一二三四五六七八九十]+)?$")


class GoldQuery:
    """One question and its gold articles ``(law as written, article number or None)``."""

    __slots__ = ("gold", "query", "query_id")

    def __init__(self, query_id: Any, query: str, gold: list[tuple[str, int | None]]):
        self.query_id, self.query, self.gold = query_id, query, gold


def parse_gold_name(name: str) -> tuple[str, int | None]:
    """``"中华人民共和国民法典第五百六十二条"`` -> ``("中华人民共和国民法典", 562)``.

    An inserted article (``第二百八十七条之二``) cannot be addressed by an integer and gets
    None (it is never present in the store).

    Raises:
        ValueError: when the name has no ``第N条``.
    """
    m = _GOLD_RE.match(name.strip())
    if not m:
        raise ValueError(f"not a statute article name: {name!r}")
    return m.group("law"), (None if m.group("sub") else cn_to_int(m.group("num")))


def load_stard(path: Path) -> list[GoldQuery]:
    """Read STARD-format questions (a JSON list or JSONL).

    Raises:
        KnowledgeError: (code ``source_invalid``) when the file cannot be read as such.
    """
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = json.loads(text) if text.lstrip().startswith("[") else [json.loads(x) for x in text.splitlines() if x.strip()]
        out = []
        for i, row in enumerate(data):
            query = row.get("问题") or row.get("query")
            names = row.get("match_name") or []
            out.append(GoldQuery(row.get("query_id", i), query, [parse_gold_name(n) for n in names]))
    except (ValueError, AttributeError, TypeError) as exc:
        raise KnowledgeError(f"{path}: not STARD-format questions: {exc}", code="source_invalid") from exc
    return [q for q in out if q.query and q.gold]


def evaluate_retrieval(index, queries: Sequence[GoldQuery], *, modes: Sequence[str] = ("bm25",),
                       as_of: str | None = None, progress: Callable[[int, int], None] | None = None) -> dict:
    """Run every query through ``index.search`` in each mode and score it.

    Args:
        index: a :class:`knowledge.index.StatuteIndex`.
        queries: from :func:`load_stard`.
        modes: search modes (``bm25``, ``hybrid``, ``dense``).
        as_of: the date for "present" and for the in-force filter (default today).
        progress: ``progress(done, total)`` over queries x modes.

    Returns:
        ``{"queries": n, "gold": n, "present": n, "coverage": x, "contract_book_queries": n,
        "modes": {mode: {"all": {...}, "present": {...}, "contract_book": {"all": {...},
        "present": {...}}, "seconds_per_query": s}}}``; each inner dict has
        ``recall@1/5/10/100``, ``mrr`` and ``queries``. An index with an embedding model
        adds ``"embedding_model"`` and ``"dense_coverage"`` (``{"embedded", "articles"}``).
    """
    store = index.store
    resolved: list[list[tuple[tuple[str, int] | None, bool]]] = []
    gold_total = present_total = 0
    for q in queries:
        row = []
        for law, number in q.gold:
            canonical = store.resolve_law(law)
            key = (canonical, number) if canonical and number else None
            present = bool(key) and (a := store.get(canonical, number, as_of)) is not None and a.status == "现行有效"
            row.append((key, present))
            gold_total += 1
            present_total += present
        resolved.append(row)
    book = [any(k and k[0] == CIVIL_CODE and k[1] in CONTRACT_BOOK for k, _ in row) for row in resolved]
    result: dict[str, Any] = {"queries": len(queries), "gold": gold_total, "present": present_total,
                              "coverage": round(present_total / gold_total, 4) if gold_total else 0.0,
                              "contract_book_queries": sum(book), "modes": {}}
    if getattr(index, "manifest", None) is not None and index.manifest.embedding:
        result["embedding_model"] = index.manifest.embedding.get("name")
        result["dense_coverage"] = index.dense_coverage
    total, done = len(queries) * len(modes), 0
    for mode in modes:
        per_query = []
        t0 = time.perf_counter()
        for q in queries:
            hits = index.search(q.query, k=max(KS), mode=mode, as_of=as_of)
            per_query.append([(h.article.law, h.article.article) for h in hits])
            done += 1
            if progress:
                progress(done, total)
        seconds = (time.perf_counter() - t0) / max(1, len(queries))
        scored = {"all": _score(per_query, resolved, present_only=False),
                  "present": _score(per_query, resolved, present_only=True),
                  "contract_book": {
                      "all": _score(per_query, resolved, present_only=False, keep=book),
                      "present": _score(per_query, resolved, present_only=True, keep=book)},
                  "seconds_per_query": round(seconds, 4)}
        result["modes"][mode] = scored
    return result


def _score(ranked: list[list[tuple[str, int]]], gold: list[list[tuple[tuple[str, int] | None, bool]]], *,
           present_only: bool, keep: list[bool] | None = None) -> dict[str, float]:
    sums = dict.fromkeys([f"recall@{k}" for k in KS] + ["mrr"], 0.0)
    n = 0
    for i, (hits, row) in enumerate(zip(ranked, gold, strict=True)):
        if keep is not None and not keep[i]:
            continue
        wanted = [key for key, present in row if present or not present_only]
        if not wanted:
            continue
        n += 1
        targets = {k for k in wanted if k}
        position = {h: r for r, h in reversed(list(enumerate(hits, 1)))}
        ranks = sorted(position[t] for t in targets if t in position)
        for k in KS:
            sums[f"recall@{k}"] += sum(1 for r in ranks if r <= k) / len(wanted)
        sums["mrr"] += 1.0 / ranks[0] if ranks else 0.0
    out = {key: round(v / n, 4) if n else 0.0 for key, v in sums.items()}
    out["queries"] = n
    return out
