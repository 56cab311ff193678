"""Citation checks: find statute mentions, verify them against the store (DESIGN §6).

A lawyer must be able to trust every citation: it exists, it is in force, and quoted
text is the stored text. :func:`parse_citations` finds mentions in Chinese and English;
:func:`check_citation` verifies one; :func:`find_repealed_references` flags laws that
the 民法典 repealed (民法典第一千二百六十条, in force 2021-01-01).
"""

from __future__ import annotations

import difflib
import re
import unicodedata

from pydantic import BaseModel, ConfigDict

from knowledge.aliases import english_key, zh_key
from knowledge.numerals import article_label, cn_to_int
from knowledge.sources import IN_FORCE, Article
from knowledge.store import StatuteStore

__all__ = [
    "REPEALED_LAWS",
    "CitationCheck",
    "CitationMention",
    "check_citation",
    "find_repealed_references",
    "normalise_quote",
    "parse_citations",
]

CIVIL_CODE = "中华人民共和国民法典"
_REPEAL_DATE = "2021-01-01"
REPEALED_LAWS: dict[str, tuple[str, str]] = {
    f"中华人民共和国{short}": (_REPEAL_DATE, CIVIL_CODE)
    for short in ("婚姻法", "继承法", "民法通则", "收养法", "担保法", "合同法", "物权法", "侵权责任法", "民法总则")
}
"""Laws repealed by 民法典第一千二百六十条 on 2021-01-01: name -> (date, replacement)."""
_REPEALED_BY_KEY = {zh_key(name.removeprefix("中华人民共和国")): name for name in REPEALED_LAWS}
_REPEALED_EN = {
    "中华人民共和国合同法": r"Contract\s+Law", "中华人民共和国担保法": r"Guarantee\s+Law",
    "中华人民共和国物权法": r"(?:Real\s+Rights|Property(?:\s+Rights)?)\s+Law",
    "中华人民共和国民法通则": r"General\s+Principles\s+of\s+(?:the\s+)?Civil\s+Law",
    "中华人民共和国民法总则": r"General\s+Provisions\s+of\s+(?:the\s+)?Civil\s+Law",
    "中华人民共和国侵权责任法": r"Tort(?:\s+Liability)?\s+Law", "中华人民共和国婚姻法": r"Marriage\s+Law",
    "中华人民共和国继承法": r"(?:Succession|Inheritance)\s+Law", "中华人民共和国收养法": r"Adoption\s+Law",
}


class CitationMention(BaseModel):
    """A statute citation found in text.

    Attributes:
        law: the law name as written (``民法典``, ``中华人民共和国劳动合同法``, ``Civil Code``).
        article: the article number.
        span: ``[start, end)`` character offsets of the mention in the text; the first
            article of a list includes the law name, later ones cover ``第N条`` only.
        paragraph: the 款 (paragraph) number when given, else None.
    """

    model_config = ConfigDict(frozen=True)

    law: str
    article: int
    span: tuple[int, int]
    paragraph: int | None = None


class CitationCheck(BaseModel):
    """The verdict on one citation.

    Attributes:
        ok: True only when the law and article exist, are in force and any quote matches.
        reason: ``ok`` | ``unknown_law`` | ``no_such_article`` | ``not_in_force`` |
            ``quote_mismatch``.
        message: a sentence for a person (Chinese).
        article: the stored article when found.
        canonical_law: the full official name when the law is known.
    """

    model_config = ConfigDict(frozen=True)

    ok: bool
    reason: str
    message: str
    article: Article | None = None
    canonical_law: str | None = None


# ------------------------------------------------------------------------------ parsing

_NUM = r"[0-9０-９]+|[零〇一二两三四五六七八九十百千]+"
_ART_RE = re.compile(rf"第\s*({_NUM})\s*条(?:\s*第\s*({_NUM})\s*款)?")
_SEP_RE = re.compile(r"\s*(?:[、,，和及与或至]|以及|或者)\s*")
_PARA_ONLY_RE = re.compile(rf"第\s*({_NUM})\s*款")
_BOOK = r"(?:[·•]?(?:第[一二三四五六七]编|[\u4e00-\u9fff]{1,4}编)(?:通则|第[一二三]分编)?)?"
_BRACKET_RE = re.compile(rf"《(?P<law>[^《》\n]{{2,80}})》\s*{_BOOK}\s*(?=第)")
_BARE_END_RE = re.compile(rf"(?P<end>法典|法|条例|规定|解释|办法|通则|总则){_BOOK}\s*$")
_LEADS = sorted(
    "依据 根据 依照 按照 参照 遵照 遵守 违反 适用 符合 对照 援引 引用 详见 参见 见 按 依 据 照 即 和 及 与 或 并 且 以及 或者 "
    "应 应当 须 必须 需 的 是 为 由 在 对 于 了 有关 相关 关于 所 同时 亦 也 均 参考 执行 之".split(),
    key=len, reverse=True,
)
_SELF_REFERENCE = ("本", "该", "此", "上述", "前述", "同")
# verbs that end the words before a law name (not 适用/关于/有关, which occur inside names)
_CUT_RE = re.compile("依据|根据|依照|按照|参照|遵照|遵守|违反|符合|对照|援引|引用|详见|参见|以及|或者")
# at most 12 words before Law/Code/Regulation: an unbounded lazy repeat tried every
# later word from every capitalised word (quadratic; 16k capitalised words took 20 s)
_EN_LAW = r"(?:[A-Z][\w'’-]{0,40}\s+)(?:(?:[A-Z][\w'’-]{0,40}|of|on|and|for|the|to)\s+){0,12}?(?:Law|Code|Regulations?)"
_EN_SUFFIX = r"(?:\s+of\s+(?:the\s+)?(?:PRC|People['’]s\s+Republic\s+of\s+China|China))?"
_EN_ARTS = r"Art(?:icle)?s?\.?\s*(?P<arts>\d+(?:\s*\(\d+\))?(?:\s*(?:,|and|&)\s*\d+(?:\s*\(\d+\))?)*)"
_EN_AFTER_RE = re.compile(rf"{_EN_ARTS}\s+of\s+(?:the\s+)?(?P<law>(?:PRC\s+)?{_EN_LAW}{_EN_SUFFIX})")
_EN_BEFORE_RE = re.compile(rf"(?P<law>{_EN_LAW}{_EN_SUFFIX}),?\s+{_EN_ARTS}")
_EN_LEADS = {"under", "pursuant", "to", "according", "in", "accordance", "with", "as", "per", "by", "see", "and",
             "or", "applicable", "of", "the"}


def _articles_at(text: str, pos: int) -> list[tuple[int, int, int, int | None]]:
    """Parse ``第N条(第M款)?`` and lists (、和及至 ...) at ``pos``: (start, end, article, paragraph)."""
    found: list[tuple[int, int, int, int | None]] = []
    while (m := _ART_RE.match(text, pos)) is not None:
        found.append((m.start(), m.end(), cn_to_int(m.group(1)), cn_to_int(m.group(2)) if m.group(2) else None))
        pos = m.end()
        while (sep := _SEP_RE.match(text, pos)) and (p := _PARA_ONLY_RE.match(text, sep.end())) and found[-1][3]:
            found.append((p.start(), p.end(), found[-1][2], cn_to_int(p.group(1))))
            pos = p.end()
        sep = _SEP_RE.match(text, pos)
        if not sep or not _ART_RE.match(text, sep.end()):
            break
        pos = sep.end()
    return found


def _bare_law(run: str, store: StatuteStore | None) -> str | None:
    """The law name at the end of a CJK run (``依据民法典`` -> ``民法典``)."""
    if not _BARE_END_RE.search(run):
        return None
    if store is not None:  # the longest suffix the store knows
        for i in range(len(run) - 1):
            if store.resolve_law(run[i:]):
                return run[i:]
    for anchor in ("中华人民共和国", "最高人民法院"):
        if (i := run.find(anchor)) >= 0:
            return run[i:]
    name = run
    cuts = [m.end() for m in _CUT_RE.finditer(run) if len(run) - m.end() >= 3]
    if cuts:  # "公司应遵守劳动合同法" -> after the last verb: "劳动合同法"
        name = run[cuts[-1]:]
    while name and (lead := next((w for w in _LEADS if name.startswith(w) and len(name) > len(w) + 1), None)):
        name = name[len(lead):]
    if len(name) < 2 or name.startswith(_SELF_REFERENCE):
        return None
    return name


def _parse_english(text: str, mentions: list[CitationMention]) -> None:
    for regex in (_EN_AFTER_RE, _EN_BEFORE_RE):
        for m in regex.finditer(text):
            words = m.group("law").split()
            start = m.start("law")
            while words and words[0].lower() in _EN_LEADS:
                start = text.index(words[0], start) + len(words[0])
                words = words[1:]
            start = text.index(words[0], start) if words else start
            if not words or not english_key(" ".join(words)):
                continue
            law = " ".join(words)
            for a in re.finditer(r"(\d+)(?:\s*\((\d+)\))?", m.group("arts")):
                if a.start() == 0:  # the first article's span covers the whole mention
                    span = (m.start() if regex is _EN_AFTER_RE else start, m.end())
                else:
                    span = (m.start("arts") + a.start(), m.start("arts") + a.end())
                mentions.append(CitationMention(law=law, article=int(a.group(1)), span=span,
                                                paragraph=int(a.group(2)) if a.group(2) else None))


def parse_citations(text: str, *, store: StatuteStore | None = None) -> list[CitationMention]:
    """Find statute citations in text.

    Recognised: ``《法名》第N条``, ``《法名》第N条第M款``, lists ``《法名》第N条、第M条``
    (also 和/及/或/至 and ``第N条第一款、第二款``), ``《民法典》合同编第N条``, bare names
    ``依据民法典第585条`` / ``中华人民共和国劳动合同法第三十九条``, and English
    ``Civil Code Article 585``, ``Article 585 of the Civil Code``, ``Articles 584 and
    585(2) of the PRC Civil Code``. ``本法第N条`` and contract cross-references
    (``本合同第八条``) are not citations of a law and are skipped.

    Bare names are cut from the characters before ``第``: with ``store``, the longest
    ending the store resolves; without, from ``中华人民共和国`` or after stripping
    leading words such as 依据/根据/按照/违反.

    Args:
        text: any text (contract, model output).
        store: optional; sharpens where a bare law name starts.

    Returns:
        Mentions in text order (one per article, a list yields several).
    """
    mentions: list[CitationMention] = []
    taken: list[tuple[int, int]] = []
    for m in _BRACKET_RE.finditer(text):
        arts = _articles_at(text, m.end())
        for i, (s, e, n, p) in enumerate(arts):
            mentions.append(CitationMention(law=m.group("law").strip(), article=n, span=(m.start() if i == 0 else s, e),
                                            paragraph=p))
        if arts:
            taken.append((m.start(), arts[-1][1]))
    for m in _ART_RE.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        before = re.search(r"[\u4e00-\u9fff·•]{1,40}\s*$", text[max(0, m.start() - 41):m.start()])
        if not before:
            continue
        run = before.group(0).rstrip()
        law = _bare_law(run, store)
        if law is None:
            continue
        law_start = m.start() - len(before.group(0)) + run.rfind(law)
        law_name = law[: _BARE_END_RE.search(law).end("end")]  # 民法典合同编 -> 民法典
        arts = _articles_at(text, m.start())
        for i, (s, e, n, p) in enumerate(arts):
            mentions.append(CitationMention(law=law_name, article=n, span=(law_start if i == 0 else s, e), paragraph=p))
        taken.append((law_start, arts[-1][1]))
    _parse_english(text, mentions)
    unique = {(c.span, c.article, c.paragraph): c for c in mentions}
    return sorted(unique.values(), key=lambda c: (c.span[0], c.span[1]))


# ------------------------------------------------------------------------------ checking

_ELLIPSIS_RE = re.compile(r"……|…|\.{3,}|。{3,}|\.\s\.\s\.")


def normalise_quote(text: str) -> str:
    """NFKC, then keep only letters and digits (drops whitespace and all punctuation).

    Args:
        text: a quotation or a stored article text.

    Returns:
        The comparable form (``"约定的违约金，低于 造成的损失的"`` -> ``"约定的违约金低于造成的损失的"``).
    """
    s = unicodedata.normalize("NFKC", text or "")
    return "".join(ch for ch in s if unicodedata.category(ch)[0] in "LN")


def _quote_matches(quote: str, stored: str, min_similarity: float | None) -> tuple[bool, float]:
    body = normalise_quote(stored)
    fragments = [normalise_quote(f) for f in _ELLIPSIS_RE.split(quote)]
    fragments = [f for f in fragments if f]
    if fragments:  # the label may lead the quote: "第五百八十五条 当事人可以..."
        fragments[0] = re.sub(rf"^第(?:{_NUM})条", "", fragments[0]) or fragments[0]
    pos = 0
    for fragment in fragments:
        pos = body.find(fragment, pos)
        if pos < 0:
            break
        pos += len(fragment)
    else:
        return True, 1.0
    joined = "".join(fragments)
    if min_similarity is None or len(joined) <= 30:
        return False, 0.0
    blocks = difflib.SequenceMatcher(None, joined, body, autojunk=False).get_matching_blocks()
    similarity = sum(b.size for b in blocks) / len(joined)
    return similarity >= min_similarity, similarity


def _repealed(law: str) -> str | None:
    key = zh_key(law)
    name = _REPEALED_BY_KEY.get(key) or _REPEALED_BY_KEY.get(key.removeprefix("中华人民共和国"))
    if name is None and (en := english_key(law)):
        name = next((n for n, p in _REPEALED_EN.items() if re.fullmatch(p.replace(r"\s+", " "), en, re.I)), None)
    return name


def check_citation(store: StatuteStore, law: str, article: int, quoted_text: str | None = None, *,
                   min_similarity: float | None = None) -> CitationCheck:
    """Verify that a cited article exists, is in force, and (optionally) is quoted right.

    Checks, in order: the law resolves in the store (else ``not_in_force`` for a law in
    :data:`REPEALED_LAWS`, ``unknown_law`` otherwise); the article exists
    (``no_such_article``); its status is 现行有效 (``not_in_force``); the quote matches.

    Quote rule: both sides are reduced with :func:`normalise_quote` (NFKC, letters and
    digits only, so whitespace, punctuation and full/half-width forms do not matter); an
    ellipsis (…… / ...) splits the quote into fragments that must appear in order; a
    leading ``第N条`` is ignored. The quote must then be a substring of the stored text.
    Fuzzy matching is off by default because one changed character can reverse a rule
    (增加 -> 减少 in 民法典第五百八十五条 still scores 0.95); pass ``min_similarity``
    (e.g. 0.9) to accept quotes over 30 characters whose characters align in order
    (difflib matching blocks / quote length) at least that well.

    Args:
        store: the statute store.
        law: the law as cited (any alias, English allowed).
        article: the article number.
        quoted_text: text the citation claims the article says, or None.
        min_similarity: opt-in fuzzy threshold (0..1) for long quotes.

    Returns:
        The verdict; ``ok`` is True only for reason ``ok``.
    """
    canonical = store.resolve_law(law)
    if canonical is None:
        if repealed := _repealed(law):
            date, replacement = REPEALED_LAWS[repealed]
            return CitationCheck(ok=False, reason="not_in_force", canonical_law=repealed,
                                 message=f"《{repealed}》已于{date}废止（民法典第一千二百六十条），"
                                         f"请改引《{replacement}》的相应条文。")
        return CitationCheck(ok=False, reason="unknown_law", message=f"法规库中没有“{law}”，无法核实该引用。")
    found = store.get(canonical, article)
    label = article_label(article) if isinstance(article, int) and article >= 1 else f"第{article}条"
    if found is None:
        count = store.article_count(canonical)
        extent = f"（该法共{count[0]}条，最后一条为{article_label(count[1])}）" if count else ""
        return CitationCheck(ok=False, reason="no_such_article", canonical_law=canonical,
                             message=f"《{canonical}》没有{label}{extent}。")
    if found.status != IN_FORCE:
        return CitationCheck(ok=False, reason="not_in_force", article=found, canonical_law=canonical,
                             message=f"《{canonical}》{label}的效力状态为“{found.status}”，不是现行有效。")
    if quoted_text and normalise_quote(quoted_text):
        ok, similarity = _quote_matches(quoted_text, found.text, min_similarity)
        if not ok:
            return CitationCheck(ok=False, reason="quote_mismatch", article=found, canonical_law=canonical,
                                 message=f"引文与《{canonical}》{label}的原文不一致；原文为：“{found.text[:120]}”")
        if similarity < 1.0:
            return CitationCheck(ok=True, reason="ok", article=found, canonical_law=canonical,
                                 message=f"《{canonical}》{label}（现行有效）；引文近似一致（相似度{similarity:.2f}）。")
    return CitationCheck(ok=True, reason="ok", article=found, canonical_law=canonical,
                         message=f"《{canonical}》{label}（现行有效）。")


# ------------------------------------------------------------------------------ repealed laws

_NOT_BEFORE = "".join(rf"(?<!{w})" for w in ("劳动", "技术", "经济", "劳务", "保险"))
_NOT_AFTER = r"(?![律规学理定典院官人])"
_BARE_REPEALED_RE = re.compile(
    "(?:中华人民共和国)?(?:" + "|".join(
        (_NOT_BEFORE if k == "合同法" else "") + re.escape(k) for k in sorted(_REPEALED_BY_KEY, key=len, reverse=True)
    ) + ")" + _NOT_AFTER
)
_EN_REPEALED_RE = re.compile(
    r"(?<!Labor )(?<!Labour )(?<!Employment )(?<!Technology )(?<!Intellectual )(?:\bthe\s+)?(?:PRC\s+)?\b(?:"
    + "|".join(f"(?P<l{i}>{p})" for i, p in enumerate(_REPEALED_EN.values())) + r")\b(?:\s+of\s+(?:the\s+)?PRC)?"
)


def find_repealed_references(
    text: str, *, store: StatuteStore | None = None
) -> list[tuple[str, tuple[int, int], str | None]]:
    """Find references to laws the 民法典 repealed (民法典第一千二百六十条, 2021-01-01).

    Detects 《中华人民共和国合同法》, 《合同法》, “合同法”, bare 合同法 / 担保法 / 物权法 ...
    and English names (``PRC Contract Law``, ``Guarantee Law``). Not matched: 劳动合同法
    (and 技术/经济/劳务合同法), 《民法典》合同编, 技术合同, 合同法律关系, 物权法定.
    With ``store``, any 《X》 the store resolves to a law with status 已废止 is also reported.

    Args:
        text: the text to scan.
        store: optional statute store for the status-based check.

    Returns:
        ``(full name of the repealed law, (start, end), replacement or None)`` in text
        order; the replacement is ``中华人民共和国民法典`` for :data:`REPEALED_LAWS`.
    """
    found: list[tuple[str, tuple[int, int], str | None]] = []
    for m in re.finditer(r"《([^《》\n]{2,60})》", text):
        name = _repealed(m.group(1))
        if name is None and store is not None:
            canonical = store.resolve_law(m.group(1))
            if canonical and store.law_status(canonical) == "已废止":
                found.append((canonical, m.span(), None))
            continue
        if name is not None:
            found.append((name, m.span(), REPEALED_LAWS[name][1]))
    taken = [span for _, span, _ in found]
    for regex in (_BARE_REPEALED_RE, _EN_REPEALED_RE):
        for m in regex.finditer(text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            name = _repealed(m.group(0)) if regex is _BARE_REPEALED_RE else list(_REPEALED_EN)[
                int(next(k for k, v in m.groupdict().items() if v)[1:])]
            if name:
                found.append((name, m.span(), REPEALED_LAWS[name][1]))
                taken.append(m.span())
    return sorted(found, key=lambda f: f[1])
