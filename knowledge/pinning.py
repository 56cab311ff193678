"""Citations pinned to text, successors of repealed articles, tri-state verification (DESIGN §6).

Exists + in force + hash is necessary, not sufficient: the article must say what the
finding relies on. A statute reference carries a *phrase*, a short verbatim fragment of
the article in the version in force; :func:`pin` checks it:

* the article of that number (version in force on ``as_of``) holds the phrase → ``pinned``;
* otherwise the law's version in force is searched for the phrase: exactly one article
  holds it → ``renumbered`` (the citation moves there and the move is reported; the
  仲裁法 of 2026 renumbered 第十六条 仲裁协议的内容 to 第二十七条);
* none or several → ``phrase_not_found`` / ``ambiguous``: refused, never cited silently.

:func:`verify_citation` answers "does this article exist" in three states: ``True``
(exists, in force), ``False`` (only when the store *knows* it is wrong: a law it holds
whose version in force has no such article, or a law repealed / not yet in force) and
``None`` (cannot verify: a law the store lacks, or a version it lacks). Phrases are
compared in :func:`knowledge.citations.normalise_quote` form (NFKC, letters and digits).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict

from knowledge.aliases import zh_key
from knowledge.numerals import article_label
from knowledge.sources import IN_FORCE, Article
from knowledge.store import REPEAL_DATES, StatuteStore, as_of_date

__all__ = ["CONTRACT_LAW_SUCCESSORS", "CitationVerdict", "PinResult", "Successor", "pin", "successor",
           "verify_citation"]

CIVIL_CODE = "中华人民共和国民法典"
CONTRACT_LAW = "中华人民共和国合同法"
# 《合同法》(repealed 2021-01-01 by 民法典第一千二百六十条) -> the 民法典 article(s) carrying the same rule.
# Compiled from the two texts article by article; only one-to-one or one-to-two correspondences.
CONTRACT_LAW_SUCCESSORS: dict[int, tuple[int, ...]] = {
    8: (465,), 39: (496,), 40: (497,), 41: (498,), 44: (502,), 53: (506,), 60: (509,), 61: (510,), 62: (511,),
    66: (525,), 67: (526,), 68: (527,), 73: (535,), 77: (543,), 79: (545,), 84: (551,), 93: (562,), 94: (563,),
    95: (564,), 96: (565,), 97: (566,), 107: (577,), 108: (578,), 113: (584,), 114: (585,), 115: (586, 587),
    116: (588,), 117: (590,), 118: (590,), 119: (591,), 120: (592,), 121: (593,), 125: (466,), 130: (595,),
    196: (667,), 212: (703,), 214: (705,), 251: (770,), 269: (788,), 286: (807,),
}
"""合同法 article -> 民法典 article(s)."""
_TABLES = {CONTRACT_LAW: (CIVIL_CODE, CONTRACT_LAW_SUCCESSORS)}
_ELLIPSIS_RE = re.compile(r"……|…|\.{3,}|。{3,}")

PinStatus = Literal["pinned", "renumbered", "unpinned", "phrase_not_found", "ambiguous", "no_such_article",
                    "not_in_force", "version_missing", "unknown_law"]


def _norm(text: str) -> str:
    s = unicodedata.normalize("NFKC", text or "")
    return "".join(ch for ch in s if unicodedata.category(ch)[0] in "LN")


def _holds(text: str, phrase: str) -> bool:
    """Every ellipsis-separated fragment of ``phrase`` occurs in ``text``, in order."""
    body, pos = _norm(text), 0
    for fragment in (f for f in map(_norm, _ELLIPSIS_RE.split(phrase)) if f):
        pos = body.find(fragment, pos)
        if pos < 0:
            return False
        pos += len(fragment)
    return True


class PinResult(BaseModel):
    """The outcome of pinning one statute reference to its phrase.

    Attributes:
        status: ``pinned`` (the article holds the phrase), ``renumbered`` (another article
            of the same law holds it; ``resolved_article`` says which), ``unpinned`` (no
            phrase given; existence and force checked only), ``phrase_not_found``,
            ``ambiguous`` (several articles hold it), ``no_such_article``,
            ``not_in_force`` (repealed or not yet in effect on ``as_of``),
            ``version_missing`` (the store lacks the text in force then), ``unknown_law``.
        ok: True for ``pinned``, ``renumbered`` and ``unpinned``: the reference may be cited
            (at ``resolved_article``).
        law: the canonical name (or the name as given when unknown).
        article: the article number asked for.
        resolved_article: the article to cite, or None when refused.
        phrase: the phrase as given (None when none).
        as_of: the ISO date of the check.
        version_effective_date: ``valid_from`` of the version checked against.
        article_text: the stored article (at ``resolved_article``), when found.
        message: a sentence for a person (Chinese).
    """

    model_config = ConfigDict(frozen=True)

    status: PinStatus
    ok: bool
    law: str
    article: int
    resolved_article: int | None = None
    phrase: str | None = None
    as_of: str
    version_effective_date: str | None = None
    article_text: Article | None = None
    message: str


def pin(store: StatuteStore, law: str, article: int, phrase: str | None, as_of: date | str | None = None) -> PinResult:
    """Check that ``law`` ``article`` (version in force on ``as_of``) says ``phrase``.

    Args:
        store: the statute store.
        law: the law as written (any alias).
        article: the article number cited.
        phrase: a verbatim fragment of the article relied on (``……`` may separate
            fragments that must occur in order), or None.
        as_of: the date whose version counts (default today, UTC).

    Returns:
        The :class:`PinResult`; rules in the module docstring.
    """
    day = as_of_date(as_of)
    article = int(article)
    label = article_label(article) if article >= 1 else f"第{article}条"
    lookup = store.version_on(law, day)
    canonical = lookup.law or law
    base = {"law": canonical, "article": article, "phrase": phrase, "as_of": day}
    if lookup.state == "unknown_law":
        return PinResult(status="unknown_law", ok=False, **base, message=f"法规库没有《{law}》，无法核实{label}。")
    if lookup.state == "missing":
        return PinResult(status="version_missing", ok=False, **base, message=lookup.message)
    version = lookup.version
    base["version_effective_date"] = version.valid_from
    if lookup.state != "in_force":
        return PinResult(status="not_in_force", ok=False, **base, message=lookup.message)
    found = store.get_in_version(version.version_id, article, IN_FORCE) if 1 <= article <= version.max_article else None
    if not phrase or not _norm(phrase):
        if found is None:
            return PinResult(status="no_such_article", ok=False, **base,
                             message=f"《{canonical}》（{day}施行的文本，共{version.articles}条）没有{label}。")
        return PinResult(status="unpinned", ok=True, resolved_article=article, article_text=found, **base,
                         message=f"《{canonical}》{label}存在且有效，但引用未附所依据的原文短语，未核对内容。")
    if found is not None and _holds(found.text, phrase):
        return PinResult(status="pinned", ok=True, resolved_article=article, article_text=found, **base,
                         message=f"《{canonical}》{label}含“{phrase}”。")
    fragments = sorted((f for f in map(_norm, _ELLIPSIS_RE.split(phrase)) if f), key=len, reverse=True)
    numbers = [n for n in store.find_phrase(canonical, fragments[0], day)
               if (t := store.get_in_version(version.version_id, n)) and _holds(t.text, phrase)] if fragments else []
    where = "没有这一条" if found is None else "不含该短语"
    if len(numbers) == 1:
        moved = store.get_in_version(version.version_id, numbers[0], IN_FORCE)
        return PinResult(status="renumbered", ok=True, resolved_article=numbers[0], article_text=moved, **base,
                         message=f"《{canonical}》（自{version.valid_from}起施行的文本）{label}{where}；"
                                 f"“{phrase}”见于{article_label(numbers[0])}，引用已改为该条。")
    if numbers:
        listed = "、".join(article_label(n) for n in numbers[:6])
        return PinResult(status="ambiguous", ok=False, **base,
                         message=f"《{canonical}》{label}{where}；“{phrase}”见于{listed}等多条，无法确定所指，未引用。")
    return PinResult(status="phrase_not_found", ok=False, **base,
                     message=f"《{canonical}》（自{version.valid_from}起施行的文本）{label}{where}，"
                             f"全法也没有“{phrase}”，未引用。")


class Successor(BaseModel):
    """Where the rule of a repealed or superseded article now lives.

    Attributes:
        law, articles: the successor law and article number(s).
        basis: ``table`` (a correspondence compiled from both texts, e.g. 合同法 -> 民法典)
            or ``text`` (the most similar article of the version in force, by character
            bigram overlap, at least :data:`MIN_SIMILARITY`).
        similarity: the Dice coefficient for ``text`` (None for ``table``).
    """

    model_config = ConfigDict(frozen=True)

    law: str
    articles: tuple[int, ...]
    basis: Literal["table", "text"]
    similarity: float | None = None


MIN_SIMILARITY = 0.6


def _bigrams(text: str) -> set[str]:
    s = _norm(text)
    return {s[i:i + 2] for i in range(len(s) - 1)}


def successor(store: StatuteStore, law: str, article: int, *, text: str | None = None,
              as_of: date | str | None = None) -> Successor | None:
    """The article that carries on the rule of a repealed law's article or of an article
    in a superseded version.

    Args:
        store: the statute store.
        law: the law as written (a repealed law need not be in the store).
        article: the article number in the old text.
        text: the old article's text when known (else looked up in the store's versions).
        as_of: the date whose version in force is searched (default today).

    Returns:
        The successor, or None when none is known or found.
    """
    key = zh_key(law)
    for old, (new, table) in _TABLES.items():
        if key in (zh_key(old), zh_key(old.removeprefix("中华人民共和国"))) and article in table:
            if store.resolve_law(new):
                return Successor(law=new, articles=table[article], basis="table")
    canonical = store.resolve_law(law)
    if canonical is None:
        return None
    lookup = store.version_on(canonical, as_of)
    if lookup.state != "in_force":
        return None
    if text is None:
        older = [v for v in store.versions(canonical) if v.version_id != lookup.version.version_id]
        for v in reversed(older):
            if (a := store.get_in_version(v.version_id, article)) is not None:
                text = a.text
                break
    if not text:
        return None
    want = _bigrams(text)
    best, score = None, 0.0
    for n, t in store.articles_of(lookup.version.version_id):
        have = _bigrams(t)
        if want and have:
            dice = 2 * len(want & have) / (len(want) + len(have))
            if dice > score:
                best, score = n, dice
    if best is None or score < MIN_SIMILARITY:
        return None
    return Successor(law=canonical, articles=(best,), basis="text", similarity=round(score, 3))


class CitationVerdict(BaseModel):
    """Tri-state answer to "is this citation valid on ``as_of``".

    Attributes:
        valid: True (exists, in force), False (the store knows it is wrong: no such
            article in a law it holds, or the law repealed / not yet in force), None
            (cannot verify: the law or the applicable version is not in the store).
        reason: ``ok`` | ``no_such_article`` | ``not_in_force`` | ``unknown_law`` |
            ``version_missing``.
        message: a sentence for a person (Chinese), naming a successor when known.
    """

    model_config = ConfigDict(frozen=True)

    valid: bool | None
    reason: str
    message: str
    successor: Successor | None = None

    def __bool__(self) -> bool:  # a verdict used as a bool means "valid"
        return self.valid is True


def verify_citation(store: StatuteStore, law: str, article: int, as_of: date | str | None = None) -> CitationVerdict:
    """Does ``law`` ``article`` exist and apply on ``as_of``? (see :class:`CitationVerdict`).

    "Does not exist" is said only for a law the store holds whose version in force has
    no such article; a law the store lacks is "cannot verify", even if it exists.
    """
    article = int(article)
    label = article_label(article) if article >= 1 else f"第{article}条"
    lookup = store.version_on(law, as_of)
    if lookup.state == "unknown_law":
        repealed = next((n for n in REPEAL_DATES if zh_key(law) in (zh_key(n), zh_key(n.removeprefix("中华人民共和国")))),
                        None)
        if repealed and as_of_date(as_of) < REPEAL_DATES[repealed]:  # ISO dates compare as strings
            # in force on that date, but the store holds none of its text: cannot verify, never "repealed"
            return CitationVerdict(valid=None, reason="version_missing",
                                   message=f"《{repealed}》在{as_of_date(as_of)}仍然有效（{REPEAL_DATES[repealed]}废止），"
                                           f"但法规库未收录其文本，无法核实{label}。")
        if repealed:
            succ = successor(store, repealed, article, as_of=as_of)
            return CitationVerdict(valid=False, reason="not_in_force", successor=succ,
                                   message=f"《{repealed}》已于{REPEAL_DATES[repealed]}废止（民法典第一千二百六十条）"
                                           + _successor_text(succ) + "。")
        return CitationVerdict(valid=None, reason="unknown_law",
                               message=f"法规库未收录《{law}》，无法核实{label}（不代表该条不存在）。")
    if lookup.state == "missing":
        return CitationVerdict(valid=None, reason="version_missing", message=lookup.message)
    version = lookup.version
    exists = store.get_in_version(version.version_id, article) is not None
    if lookup.state != "in_force":
        succ = successor(store, lookup.law, article, as_of=as_of) if lookup.state == "repealed" else None
        return CitationVerdict(valid=False, reason="not_in_force", successor=succ,
                               message=lookup.message + _successor_text(succ))
    if not exists:
        return CitationVerdict(valid=False, reason="no_such_article",
                               message=f"《{lookup.law}》（自{version.valid_from}起施行的文本）共{version.articles}条，"
                                       f"没有{label}。")
    return CitationVerdict(valid=True, reason="ok", message=f"《{lookup.law}》{label}现行有效。")


def _successor_text(succ: Successor | None) -> str:
    if succ is None:
        return ""
    arts = "、".join(article_label(n) for n in succ.articles)
    how = "（条文对照）" if succ.basis == "table" else f"（按条文内容比对，相似度{succ.similarity:.2f}）"
    return f"；相应规定见《{succ.law}》{arts}{how}"
