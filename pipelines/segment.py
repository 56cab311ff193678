"""Split a contract into clauses following its own numbering (DESIGN §3 step 3).

Headings are recognised only at the start of a line: 第X编/部分/章/节, 第X条, 一、,
（一）, 1. / 1.1 / 1.1.1, （1） / 1）, ①, Article N / Section N.M / Chapter N, 附件N.
A line is accepted as a heading only when its number fits the document's numbering: the
successor of an open heading of the same style, the first item of a new list under the
current heading, or the continuation of a numbering that runs across higher headings
(第五条 after 第二章). A titled 第X条 heading set apart by a space starts a clause even
when its number repeats, goes back or skips (a drafting slip must not hide an article).
In-sentence references (见第八条, 第5.2条约定, a wrapped "第一条 约定的…") and PDF lines
that continue a wrapped line never start a clause.

The unit of review is the outermost numbered level that is not a mere grouping:
chapters, parts and any level whose children's numbering runs on across it (一、 above
第X条) become path prefixes. Deeper items stay inside their article unless the article
is longer than :data:`SPLIT_CHARS`, in which case it is split at its sub-items.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache

from pipelines.types import Clause, ExtractedDocument

__all__ = ["SPLIT_CHARS", "segment"]

SPLIT_CHARS = 1500  # articles longer than this (characters) are split at their sub-items
TITLE_CHARS = 30
_MAX_DEPTH = 10  # deeper "headings" are read as text (bounds hostile input)

_CN = "零〇一二三四五六七八九十百千两"
_D = "0-9０-９"
_HEAD = re.compile(
    rf"(?P<grp>第\s*(?P<gn>[{_CN}{_D}]+)\s*(?P<gk>编|部分|章|节|条))"
    rf"|(?P<en>(?P<ek>ARTICLE|Article|CHAPTER|Chapter|PART|Part|SECTION|Section)\s+"
    rf"(?P<en_n>[IVXLC]+\b|[{_D}]+(?:\.[{_D}]+)*)\.?)"
    rf"|(?P<annex>(?P<ak>附件|附录|附表|SCHEDULE|Schedule|EXHIBIT|Exhibit|APPENDIX|Appendix|ANNEX|Annex)"
    rf"\s*(?P<an>[{_CN}{_D}A-Z]{{0,3}})(?=\s*(?:[：:]|$|\s|《)))"
    rf"|(?P<cn>(?P<cn_n>[{_CN}]+)\s*[、．.](?![{_D}]))"
    rf"|(?P<cnp>[（(]\s*(?P<cnp_n>[{_CN}]+)\s*[）)])"
    rf"|(?P<dec>(?P<dec_n>[{_D}]{{1,3}}(?:\s*[.．]\s*[{_D}]{{1,3}}){{0,5}})(?P<dec_sep>[.．、](?![{_D}])|(?=[\s　])))"
    rf"|(?P<np>[（(]\s*(?P<np_n>[{_D}]{{1,3}})\s*[）)]|(?P<np2>[⑴-⒇]))"
    rf"|(?P<nr>(?P<nr_n>[{_D}]{{1,3}})\s*[）)])"
    rf"|(?P<circ>[①-⑳])"
    rf"|(?P<alpha>[（(](?P<al_n>[a-zA-Z]{{1,4}})[）)])"
)
_XREF_NEXT = re.compile(r"^(?:[的之第款项所中至到和或及与、，,；;。）)]|约定|规定|项下|以及)")
_XREF_AFTER_SPACE = re.compile(r"^(?:的|之[^一二三四五六七八九十]|约定|规定|所述|项下|以及)")  # "第一条 约定的…" wrapped
_UNIT_NEXT = re.compile(r"^\s*[%％‰万千亿元角倍年月日天时分秒号楼层室米吨件台套个次期级条款项]")
_GRP_AGAIN = re.compile(rf"第\s*[{_CN}{_D}]+\s*(?:编|部分|章|节)")
_TOC_PAGE = re.compile(r"[0-9]+$")


def _is_toc_entry(rest: str) -> bool:
    r"""Whether a numbered line's rest ends as a table-of-contents entry: dot leaders (...,
    …, ···, ___) and a page number (``违约责任……………12``). Read from the line's end, so a
    hostile run of 100,000 dots costs linear time (a search for ``(?:\.{3,}|…+)\s*[0-9]+\s*$``
    retried from every dot was quadratic: 2 minutes for a 100 KB line)."""
    tail = rest.rstrip()
    m = _TOC_PAGE.search(tail[-12:]) if tail else None
    if m is None:
        return False
    lead = tail[: len(tail) - (12 - m.start()) if len(tail) >= 12 else m.start()].rstrip()
    return lead.endswith(("...", "…", "···", "___"))
_TOC_TITLE = re.compile(r"^(?:目录|目次|contents|tableofcontents)$", re.IGNORECASE)
_SEPARATORS = " \t　:：.、．"
_TERMINAL = tuple("。；;：:！!？?._＿…")
_TITLE_STOP = re.compile(r"[。；;：:，,！!？?]|\.\s|\s{2,}|\t")
_SIGNATURE = re.compile(
    r"^\s*(?:[（(]?(?:以下|本页)无正文|签署页|签字页|IN WITNESS WHEREOF|In Witness Whereof"
    r"|(?:签订|签约|签署)(?:日期|时间|地点)\s*[:：]"
    r"|[^。；\n]{0,24}[（(]\s*(?:盖章|签章|签字|签名|公章|章|签字\s*/\s*盖章|签字或盖章|签字并盖章)\s*[）)])"
)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}

# nesting order of numbering styles, outermost first; _NESTS lists the accepted exceptions
_RANK = {"part": 0, "annex": 0, "chapter": 1, "section": 2, "art": 3, "cn": 4, "cnp": 5, "dec": 5,
         "np": 6, "nr": 6, "circ": 7, "alpha": 8}
_NESTS = {("cn", "art"), ("cnp", "dec"), ("dec", "cnp"), ("np", "nr"), ("nr", "np")}
_STRONG = {"part", "chapter", "section", "art", "annex"}
_GROUPING = {"part", "chapter", "section", "annex"}


@dataclass(eq=False)
class _Node:
    kind: str
    key: tuple
    value: tuple[int, ...]
    number: str
    label: str
    title: str
    line: int
    start: int
    parent: _Node | None = None
    children: list[_Node] = field(default_factory=list)
    end: int = 0
    head_end: int = 0
    bare: bool = False  # the line holds only the number and a short title
    spaced: bool = False  # nothing or a space follows the number

    @property
    def heading(self) -> str:
        if not self.title:
            return self.label
        return self.label + ("" if self.label[-1] in "、．）)" else " ") + self.title


def segment(doc: ExtractedDocument) -> list[Clause]:
    """Split an extracted document into clauses in reading order.

    Args:
        doc: the output of :func:`pipelines.extract.extract`.

    Returns:
        Clauses ``c0001``… covering the preamble, each article-level clause (its heading
        kept with its body; sub-items inside it, or split out when it exceeds
        :data:`SPLIT_CHARS` characters) and a trailing signature block. Chapter headings
        appear only in ``path``. ``text == doc.text[char_start:char_end]``; ``pages`` and
        ``bboxes`` come from the lines the clause overlaps.
    """
    text = doc.text
    nodes = _parse(doc)
    roots = [n for n in nodes if n.parent is None]
    for i, node in enumerate(nodes):
        node.end = _subtree_end(node, nodes, i, len(text))
    grouping = _grouping_keys(nodes)
    spans: list[tuple[int, int, tuple[str, ...], str, str, int]] = []
    first = nodes[0].start if nodes else len(text)
    spans.append((0, first, (), "", "", 1))

    def emit(node: _Node, path: tuple[str, ...], split: bool) -> None:
        here = path + (node.heading,)
        groups = (node.key, _pkey(node)) in grouping
        if (split or groups) and node.children:
            body_end = node.children[0].start
            if _has_body(text, node, body_end):
                spans.append((node.start, body_end, here, node.number, node.title, len(here)))
            for child in node.children:
                emit(child, here, len(text[child.start:child.end].rstrip()) > SPLIT_CHARS and bool(child.children))
        elif not groups or _has_body(text, node, node.end):  # a bare chapter heading is only a path
            spans.append((node.start, node.end, here, node.number, node.title, len(here)))

    for root in roots:
        emit(root, (), len(text[root.start:root.end].rstrip()) > SPLIT_CHARS and bool(root.children))
    spans = _split_signature(text, spans, nodes)
    spans = _split_titles(text, spans)
    return _clauses(doc, spans)


# ---------------------------------------------------------------------- parsing

def _parse(doc: ExtractedDocument) -> list[_Node]:
    """Accepted headings in reading order, linked into a tree."""
    text = doc.text
    cont = _continuations(doc)
    toc = _toc_lines(doc)
    stack: list[_Node] = []
    last: dict[tuple, _Node] = {}
    nodes: list[_Node] = []
    body_seen = False
    for i, line in enumerate(doc.lines):
        raw = text[line.char_start:line.char_end]
        if i in toc or " | " in raw:
            continue
        cand = _candidate(raw, i, line.char_start)
        if cand is None or cand.kind == "annex" and not body_seen:  # "Exhibit 10.3" cover lines
            continue
        if cont[i] and not (cand.kind in _STRONG and cand.spaced):  # "第五条 违约责任" survives a blank line above
            continue
        body_seen = body_seen or cand.kind != "annex"
        parent = _place(cand, stack, last)
        if parent is False or parent is not None and stack.index(parent) + 1 >= _MAX_DEPTH:
            continue
        cand.parent = parent if isinstance(parent, _Node) else None
        cand.head_end = line.char_end
        nxt = text[doc.lines[i + 1].char_start:doc.lines[i + 1].char_end].strip() if i + 1 < len(doc.lines) else ""
        if not cand.title and cand.kind in _STRONG and nxt and not _HEAD.match(nxt) and (
            len(nxt) <= TITLE_CHARS and not _TITLE_STOP.search(nxt) or len(nxt) <= 80 and nxt.isupper()
        ):  # ARTICLE 1 / DEFINITIONS on two lines
            cand.title, cand.head_end = nxt[:TITLE_CHARS].strip(), doc.lines[i + 1].char_end
        while stack and stack[-1] is not cand.parent:
            stack.pop()
        if cand.parent:
            cand.parent.children.append(cand)
        stack.append(cand)
        last[cand.key] = cand
        nodes.append(cand)
    return nodes


def _place(c: _Node, stack: list[_Node], last: dict[tuple, _Node]) -> _Node | None | bool:
    """Parent for a candidate heading (None = top level), or False when it is not a heading."""
    first = c.value[-1] == 1 and _prefix_ok(c, stack)
    for n in reversed(stack):
        if n.key == c.key:
            if _follows(n, c) or first:  # next item of an open list, or the list restarts
                return n.parent
        elif first and _may_contain(n, c):  # a new list under the deepest heading that can hold it
            return n
    prev = last.get(c.key)
    if prev is not None and _follows(prev, c):  # numbering running on across a higher heading
        return _sibling_parent(prev, c, stack)
    if first or prev is None and c.kind in ("art", "chapter", "part", "annex"):
        return _fit(c, stack)
    if prev is not None and c.kind == "art" and c.spaced and c.title:
        # "第五条 违约责任" repeated, out of order or after a gap: a numbering slip of the
        # contract, still an article of its own (the sibling of the last one)
        return _sibling_parent(prev, c, stack)
    return False


def _sibling_parent(prev: _Node, c: _Node, stack: list[_Node]) -> _Node | None:
    """Parent for ``c`` as the next sibling of ``prev`` (the last heading of its style):
    top level, the open heading of ``prev``'s parent's style (第二章 after 第一章), or the
    deepest open heading that may hold it."""
    if prev.parent is None:
        return None
    for n in reversed(stack):
        if n.key == prev.parent.key:
            return n
    return _fit(c, stack)


def _may_contain(n: _Node, c: _Node) -> bool:
    """Whether a new list of ``c``'s style may start under heading ``n``."""
    if n.key == c.key or c.kind in ("part", "annex"):
        return False
    if (n.kind, c.kind) in _NESTS or n.kind == c.kind == "dec":  # 一、劳动合同期限 / 第一条 … only at once
        return not n.children if _RANK[n.kind] > _RANK[c.kind] else True
    return _RANK[n.kind] < _RANK[c.kind]


def _fit(c: _Node, stack: list[_Node]) -> _Node | None:
    """The deepest open heading a heading of this kind may sit under."""
    return next((n for n in reversed(stack) if _may_contain(n, c)), None)


def _follows(prev: _Node, c: _Node) -> bool:
    if len(prev.value) != len(c.value) or prev.value[:-1] != c.value[:-1]:
        return False
    step = c.value[-1] - prev.value[-1]  # one number may be missing (a typo, or lines run together)
    return step == 1 or (step == 2 and (c.kind in _STRONG or c.bare)) or (step > 0 and c.kind == "annex")


def _prefix_ok(c: _Node, stack: list[_Node]) -> bool:
    """Whether a first item (1, 一, 5.1, 5.1.1) fits the open headings: 5.1 needs 5 or 第五条."""
    if len(c.value) == 1:
        return True
    for n in reversed(stack):
        if n.kind == "dec" and len(n.value) == len(c.value) - 1:
            return n.value == c.value[:-1]
        if len(c.value) == 2 and len(n.value) == 1 and n.kind in ("art", "cn", "chapter", "dec"):
            return n.value[0] == c.value[0]
    return all(v == 1 for v in c.value)


def _candidate(raw: str, line: int, offset: int) -> _Node | None:
    """A possible heading at the start of a line, or None."""
    s = raw.lstrip()
    m = _HEAD.match(s)
    if not m:
        return None
    rest = s[m.end():]
    label = m.group(0)
    if _is_toc_entry(rest):
        return None
    if m.group("grp"):
        if (_XREF_NEXT.match(rest) or _XREF_AFTER_SPACE.match(rest.lstrip(" \t　"))
                or m.group("gk") != "条" and _GRP_AGAIN.search(rest)):
            return None  # a cross-reference, or table-of-contents lines run together
        kind = {"编": "part", "部分": "part", "章": "chapter", "节": "section", "条": "art"}[m.group("gk")]
        value = (_int(m.group("gn")),)
        number = re.sub(r"\s+", "", label)
    elif m.group("en"):
        kind = {"a": "art", "c": "chapter", "p": "part", "s": "dec"}[m.group("ek")[0].lower()]
        n = m.group("en_n")
        value = tuple(_int(p) for p in n.split(".")) if kind == "dec" else (_int(n),)
        number = f"{m.group('ek')} {n}"
        if kind != "dec" and not _title_like(rest):
            return None
    elif m.group("annex"):
        if len(s) > 60 or re.search(r"[。；，,]", rest) or re.match(r"\s*[.\d]", rest) or _XREF_NEXT.match(
            rest.lstrip("：: ")
        ):
            return None  # a sentence about an annex, or "Exhibit 10.3"
        kind, value, number = "annex", (_int(m.group("an")) if m.group("an") else 1,), label.strip()
    elif m.group("cn"):
        kind, value, number = "cn", (_int(m.group("cn_n")),), m.group("cn_n")
    elif m.group("cnp"):
        kind, value, number = "cnp", (_int(m.group("cnp_n")),), re.sub(r"\s+", "", label)
    elif m.group("dec"):
        parts = re.split(r"\s*[.．]\s*", m.group("dec_n"))
        # a unit right after the number is a quantity (3 套, 5年), not after a list separator (3. 套内建筑面积)
        if any(len(p) > 1 and p[0] in "0０" for p in parts) or (_UNIT_NEXT.match(rest) and not m.group("dec_sep")):
            return None
        if not m.group("dec_sep") and len(parts) == 1 and not (rest.strip() and _title_like(rest, 20)):
            return None  # "3 年" is not a heading; "1 总则" is
        kind, value, number = "dec", tuple(int(p) for p in parts), ".".join(parts)
    elif m.group("np"):
        n = m.group("np_n")
        kind, value = "np", (int(n) if n else ord(m.group("np2")) - 0x2473,)
        number = re.sub(r"\s+", "", label)
    elif m.group("nr"):
        if _UNIT_NEXT.match(rest):
            return None
        kind, value, number = "nr", (int(m.group("nr_n")),), re.sub(r"\s+", "", label)
    elif m.group("circ"):
        kind, value, number = "circ", (ord(label) - 0x245F,), label
    else:
        letters = m.group("al_n")
        value = (_roman(letters) if len(letters) > 1 or letters in "iI" else ord(letters.lower()) - 96,)
        kind, number = "alpha", label
    if None in value:
        return None
    key: tuple = (kind,)
    if kind == "dec":  # 1. and 1、 lists are different lists; 1.1 is one level below 1.
        key = (kind, len(value), "、" if len(value) == 1 and m.group("dec_sep") == "、" else "")
    title = _title(rest)
    return _Node(kind=kind, key=key, value=value, number=number, label=" ".join(label.split()), title=title,
                 line=line, start=offset + len(raw) - len(s), bare=bool(title) and title == rest.strip(_SEPARATORS),
                 spaced=not rest[:1].strip())


def _title_like(rest: str, limit: int = 60) -> bool:
    """A heading's rest of line: empty or a short title, not running text."""
    rest = rest.strip()
    return len(rest) <= limit and not _UNIT_NEXT.match(rest)


def _title(rest: str) -> str:
    """The heading text after the number, up to the first sentence punctuation (≤ TITLE_CHARS)."""
    rest = rest.lstrip(_SEPARATORS)
    if _HEAD.match(rest):  # 第六条 1. 甲方… has no title
        return ""
    m = _TITLE_STOP.search(rest)
    return (rest[: m.start()] if m else rest).strip()[:TITLE_CHARS].strip()


@lru_cache(maxsize=512)
def _int(s: str) -> int | None:
    s = s.strip()
    if not s:
        return None
    if s.isdigit():
        return int(s)
    if all(ch in _ROMAN for ch in s):
        return _roman(s)
    if len(s) == 1 and "A" <= s <= "Z":
        return ord(s) - 64
    try:
        import cn2an

        return int(cn2an.cn2an(s, "normal"))
    except Exception:  # noqa: BLE001 - cn2an raises assorted errors on odd strings
        return None


def _roman(s: str) -> int | None:
    total, prev = 0, 0
    for ch in reversed(s.upper()):
        v = _ROMAN.get(ch)
        if v is None:
            return None
        total, prev = (total - v, prev) if v < prev else (total + v, v)
    return total


def _toc_lines(doc: ExtractedDocument) -> set[int]:
    """Indexes of table-of-contents lines: after a 目录 line up to where its first entry recurs."""
    # a table-of-contents line is short; the dot-leader strip is quadratic in a long run of digits
    keys = [re.sub(r"[.…·_\d]+$", "", key) if len(key) <= 200 else key
            for key in ("".join(doc.text[ln.char_start:ln.char_end].split()) for ln in doc.lines)]
    for i, key in enumerate(keys):
        if _TOC_TITLE.match(key):
            entries = [j for j in range(i + 1, len(keys)) if len(keys[j]) >= 3 and keys[j].lower() != "page"]
            if not entries:
                break
            first, head = entries[0], keys[entries[0]]
            again = next((j for j in entries[1:] if len(keys[j]) >= 3 and (
                keys[j] == head or head.startswith(keys[j]) and len(keys[j]) >= 6)), None)
            if again is None:
                again = next((j for j in entries if len(keys[j]) > 40), len(keys))
            return set(range(first, again))
    return set()


def _continuations(doc: ExtractedDocument) -> list[bool]:
    """For PDF lines: True when the previous line runs to the right margin unfinished."""
    flags = [False] * len(doc.lines)
    edges: dict[int, list[float]] = {}
    for ln in doc.lines:
        if ln.bbox is not None:
            edges.setdefault(ln.bbox.page, []).append(ln.bbox.x1)
    right = {page: sorted(xs)[-min(3, len(xs))] for page, xs in edges.items()}  # the margin, ignoring 2 outliers
    for i in range(1, len(doc.lines)):
        prev = doc.lines[i - 1]
        if prev.bbox is None:
            continue
        ptext = doc.text[prev.char_start:prev.char_end].rstrip()
        height = prev.bbox.y1 - prev.bbox.y0
        full = prev.bbox.x1 >= right[prev.bbox.page] - max(1.5 * height, 6.0)
        flags[i] = full and not ptext.endswith(_TERMINAL)
    return flags


# ---------------------------------------------------------------- structure

def _pkey(node: _Node) -> tuple | None:
    return node.parent.key if node.parent else None


def _subtree_end(node: _Node, nodes: list[_Node], index: int, default: int) -> int:
    for later in nodes[index + 1:]:
        p = later.parent
        while p is not None and p is not node:
            p = p.parent
        if p is None:
            return later.start
    return default


def _grouping_keys(nodes: list[_Node]) -> set[tuple]:
    """(key, parent key) of headings that only group: chapters, parts, annexes, and levels
    whose children's numbering runs on across them (一、… 第一条 第二条; 二、… 第三条)."""
    out = {(n.key, _pkey(n)) for n in nodes if n.kind in _GROUPING}
    tally: dict[tuple, list[int]] = {}  # (parent key, its parent key, child key) -> [runs on, restarts]
    for p in nodes:
        seen: set[tuple] = set()
        for ch in p.children:
            if ch.key not in seen and len(ch.value) == 1:
                seen.add(ch.key)
                counts = tally.setdefault((p.key, _pkey(p), ch.key), [0, -1])  # the first list always starts at 1
                counts[ch.value[0] == 1] += 1
    for (pk, ppk, ck), (runs_on, restarts) in tally.items():
        # articles numbered on across 一、 headings make them groups; a lone sub-list running on does not
        if runs_on > restarts and (runs_on >= 2 or ck[0] == "art" or _RANK[ck[0]] <= _RANK[pk[0]]):
            out.add((pk, ppk))
    return out


def _has_body(text: str, node: _Node, body_end: int) -> bool:
    """Whether a heading has text of its own before ``body_end`` (beyond number and title)."""
    if text[node.head_end:body_end].strip():
        return True
    first = text[node.start:min(node.head_end, body_end)].split("\n")[0].strip()
    return len(first) > len(node.label) + len(node.title) + 4


def _split_signature(text: str, spans: list, nodes: list[_Node]) -> list:
    """Move a signature block (甲方（盖章）：…) out of the last clause before the annexes
    and out of the last clause of the document."""
    annexes = [n.start for n in nodes if n.kind == "annex"]
    limit = annexes[0] if annexes else len(text) + 1
    body = [i for i, sp in enumerate(spans) if sp[0] < limit]
    for i in sorted({len(spans) - 1, body[-1] if body else -1}, reverse=True):
        if i < 0:
            continue
        start, end = spans[i][:2]
        lines = text[start:end].split("\n")
        pos = start + len(lines[0]) + 1
        for k, line in enumerate(lines[1:], 1):
            if _SIGNATURE.match(line):
                if all(len(t.strip()) <= 80 for t in lines[k + 1:]):
                    spans = spans[:i] + [(start, pos) + spans[i][2:], (pos, end, (), "", "签署", 1)] + spans[i + 1:]
                break
            pos += len(line) + 1
    return spans


# a contract's title on a line of its own (商品房买卖合同, 技术服务协议书), with an optional note line
# after it such as （现 售）: where a model contract restarts after its instructions and glossary
_TITLE_LINE = re.compile(r"^[^\s，。；;：:、,（）()\d]{2,24}(?:合同|协议|协议书|合同书|契约)$")


def _split_titles(text: str, spans: list) -> list:
    """Split a clause at a line that is a contract title (``商品房买卖合同``) after its
    first line: what follows (the preamble of a model contract that restarts after its
    instructions and glossary) is not part of the last glossary item, so it becomes an
    unnumbered clause of its own, up to the next heading."""
    out = []
    for sp in spans:
        start, end = sp[:2]
        lines = text[start:end].split("\n")
        pos = start + len(lines[0]) + 1
        cut = None
        for line in lines[1:]:
            if _TITLE_LINE.match(line.strip()):
                cut = pos
                break
            pos += len(line) + 1
        if cut is None or not text[start:cut].strip():
            out.append(sp)
        else:
            out += [(start, cut) + tuple(sp[2:]), (cut, end, (), "", "", 1)]
    return out


def _clauses(doc: ExtractedDocument, spans: list) -> list[Clause]:
    """Clauses from (start, end, path, number, title, level) spans, trimmed of surrounding blanks."""
    text = doc.text
    line_starts = [ln.char_start for ln in doc.lines]
    out: list[Clause] = []
    for start, end, path, number, title, level in spans:
        chunk = text[start:end]
        start += len(chunk) - len(chunk.lstrip())
        end = start + len(chunk.strip())
        if end <= start:
            continue
        first = max(bisect.bisect_right(line_starts, start) - 1, 0)
        last = bisect.bisect_left(line_starts, end)
        boxes = tuple(ln.bbox for ln in doc.lines[first:last] if ln.bbox is not None and ln.char_end > ln.char_start)
        out.append(Clause(
            clause_id=f"c{len(out) + 1:04d}", path=path, number=number, title=title, text=text[start:end],
            char_start=start, char_end=end, level=level, pages=tuple(sorted({b.page for b in boxes})), bboxes=boxes,
        ))
    return out
