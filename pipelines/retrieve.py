"""Retrieve statute articles for a clause and resolve citations (DESIGN §3.4, §6).

Retrieval is hybrid (FAISS dense + BM25, fused by reciprocal rank in
:class:`knowledge.index.StatuteIndex`), restricted to laws in force, and boosted
towards the laws that govern the clause's category and the contract type.

:func:`make_resolver` is the single gate every citation in a review goes through: it
returns a :class:`~pipelines.types.Citation` only for an article that exists in the
statute store and is in force, carrying the stored text's sha256.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from knowledge.numerals import article_label
from knowledge.pinning import pin
from knowledge.store import as_of_date
from pipelines.generate import Candidate
from pipelines.types import Category, Citation, Clause, Finding

__all__ = ["CATEGORY_LAWS", "category_laws", "clause_query", "make_resolver", "retrieve_for_clause"]

CIVIL_CODE = "中华人民共和国民法典"

# Laws to boost per clause category (the statutes a practitioner opens first).
CATEGORY_LAWS: dict[Category, tuple[str, ...]] = {
    Category.labor: ("中华人民共和国劳动合同法", "中华人民共和国劳动法", "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）"),
    Category.dispute_resolution: ("中华人民共和国仲裁法", "中华人民共和国民事诉讼法", "最高人民法院关于适用《中华人民共和国仲裁法》若干问题的解释", "中华人民共和国劳动争议调解仲裁法"),
    Category.data_protection: ("中华人民共和国个人信息保护法", "中华人民共和国数据安全法", CIVIL_CODE),
    Category.loan: (CIVIL_CODE, "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"),
    Category.guarantee: (CIVIL_CODE, "最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释"),
    Category.ip: (CIVIL_CODE, "中华人民共和国著作权法", "中华人民共和国专利法", "最高人民法院关于审理技术合同纠纷案件适用法律若干问题的解释"),
    Category.confidentiality: ("中华人民共和国反不正当竞争法", "中华人民共和国劳动合同法", CIVIL_CODE),
}


def make_resolver(store, as_of=None) -> Callable[..., Citation | None]:
    """Build the citation gate over a statute store.

    Args:
        store: a :class:`knowledge.store.StatuteStore`.
        as_of: the date whose statute versions apply (ISO string or date; default today).

    Returns:
        ``resolve(law, article, phrase=None) -> Citation | None``. Without a phrase: a
        citation only for an article that exists (law names and aliases resolved by the
        store) in the version in force on ``as_of``. With a phrase: the reference is
        pinned (:func:`knowledge.pinning.pin`): cited where the phrase is (a renumbered
        article moves), refused when no single article of the law holds it. Every move or
        refusal of a phrased reference is kept once in ``resolve.reports`` (a list of
        :class:`knowledge.pinning.PinResult`) so the review can say so.
    """
    day = as_of_date(as_of)
    reports: list = []
    seen: set[tuple[str, int, str | None]] = set()

    @lru_cache(maxsize=4096)
    def _resolve(law: str, article: int, phrase: str | None) -> Citation | None:
        result = pin(store, law, int(article), phrase, day)
        if phrase and result.status != "pinned" and (law, int(article), phrase) not in seen:
            seen.add((law, int(article), phrase))
            reports.append(result)
        if not result.ok or result.article_text is None:
            return None
        a = result.article_text
        return Citation(law=a.law, article=a.article, article_label=a.label or article_label(a.article),
                        status=a.status, text_sha256=a.text_sha256, score=1.0,
                        version_effective_date=result.version_effective_date,
                        phrase=phrase if result.status in ("pinned", "renumbered") else None)

    def resolve(law: str, article: int, phrase: str | None = None) -> Citation | None:
        return _resolve(law, int(article), phrase or None)

    resolve.reports = reports
    resolve.as_of = day
    return resolve


def clause_query(clause: Clause, findings: Sequence[Finding] = ()) -> str:
    """The retrieval query for a clause: its title, its first 400 characters and the
    titles of its rule findings."""
    return f"{clause.title} {clause.text[:400]} " + " ".join(f.title for f in findings)


def category_laws(clause: Clause) -> list[str]:
    """Laws to boost for the clause's category (:data:`CATEGORY_LAWS`; default the Civil Code)."""
    return list(CATEGORY_LAWS.get(clause.category, (CIVIL_CODE,)))


def retrieve_for_clause(
    index,
    clause: Clause,
    findings: Sequence[Finding],
    *,
    k: int = 5,
    as_of=None,
) -> list[Candidate]:
    """Top statute articles for one clause, plus the articles its rule findings rest on.

    Args:
        index: a :class:`knowledge.index.StatuteIndex`.
        clause: the classified clause.
        findings: rule findings on the clause (their statutes come first, score 1.0).
        k: number of retrieved articles (before adding rule statutes).
        as_of: the date whose statute versions apply (default today).

    Returns:
        Candidates (resolved citation + article text), rule statutes first, no duplicates,
        only articles in force.
    """
    resolve = make_resolver(index.store, as_of)
    out: list[Candidate] = []
    seen: set[tuple[str, int]] = set()
    for f in findings:
        for ref in f.statutes:
            cit = resolve(ref.law, ref.article, ref.phrase)
            if cit and (cit.law, cit.article) not in seen:
                seen.add((cit.law, cit.article))
                a = index.store.get(cit.law, cit.article, as_of)
                out.append(Candidate(citation=cit, text=a.text if a else ""))
    for hit in index.search(clause_query(clause, findings), k=k, laws=category_laws(clause), in_force_only=True,
                            as_of=as_of):
        a = hit.article
        if (a.law, a.article) in seen:
            continue
        seen.add((a.law, a.article))
        out.append(Candidate(
            citation=Citation(law=a.law, article=a.article, article_label=a.label, status=a.status,
                              text_sha256=a.text_sha256, score=round(float(hit.score), 4),
                              version_effective_date=a.effective_date),
            text=a.text,
        ))
    return out
