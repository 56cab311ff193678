"""Word redline of a review: tracked changes and comments in the original DOCX.

:func:`redline_docx` takes the DOCX a review was made from and returns a copy in which

* each risk's ``suggested_text`` replaces its evidence (``risk.original_text``) as a
  tracked change — the evidence in ``w:del`` (its ``w:t`` become ``w:delText``), the
  suggestion in a ``w:ins`` right after it, both by author ``contract-review`` and dated
  (ECMA-376 Part 1 §17.13.5.14 del, §17.13.5.18 ins);
* each risk has a Word comment (``word/comments.xml``, §17.13.4) anchored on its clause,
  from the clause's first paragraph to its last: category, severity, title,
  explanation, suggestion, the reasoning chain's conclusions with each validator
  result, and the citations with their article labels and status.

Only three parts change: ``word/document.xml`` (and in it only the paragraphs that carry
a change or a comment anchor), ``[Content_Types].xml`` and ``word/_rels/document.xml.rels``
(the comments part is declared), plus ``word/comments.xml`` (new, or the original's with
comments appended). Every other ZIP member — styles, numbering, headers, footers,
settings, media — is copied byte for byte with its original compression.

Why direct OOXML (lxml + zipfile) and not a library: python-docx (1.2 writes comments)
re-serialises every XML part it loaded when it saves (styles, numbering, headers,
settings), so the rest of the document would no longer be the original's bytes, and it has
no tracked-change API; ``docx-revisions`` (0.1.5) builds on python-docx and saves the same
way; ``python-redlines`` compares two whole documents with a bundled .NET binary (it needs
the .NET runtime and cannot anchor a change on a given sentence). python-docx is used only to
render PDF and TXT inputs as a fresh DOCX (:func:`render_text_docx`), which then gets the
same changes and comments.

The change covers the whole sentences the evidence touches (a quote may be part of one).
Limits: an evidence sentence is changed only where it lies within one paragraph (after
ignoring whitespace and the auto-numbering label Word draws but the XML lacks); otherwise
the risk gets its comment (with the suggestion in it) and no tracked change, and the
report lists it under ``not_located``.
"""

from __future__ import annotations

import copy
import io
import re
import zipfile
from dataclasses import dataclass, field
from datetime import UTC, datetime

from lxml import etree

from pipelines.text import SENTENCE_END
from pipelines.types import CATEGORY_NAMES_ZH, Review, Risk

__all__ = ["AUTHOR", "RedlineResult", "comment_text", "redline_docx", "redline_review", "render_text_docx"]

AUTHOR = "contract-review"
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
W = "{%s}" % W_NS
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_MC_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"
_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
COMMENTS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
COMMENTS_CT = "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"
_SEVERITY_ZH = {"high": "高", "medium": "中", "low": "低"}
_LABEL = re.compile(r"^\s*(?:第[一二三四五六七八九十百千零〇两\d]+[条章节款项]|[（(][一二三四五六七八九十\d]+[)）]"
                    r"|[一二三四五六七八九十]+[、.．]|\d+(?:[.．]\d+)*[.、．](?!\d)|\d+(?:[.．]\d+)+(?=\s))\s*")


def _parser() -> etree.XMLParser:
    # no DTDs, entities or network: the DOCX came from a user
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                           remove_blank_text=False)


@dataclass
class RedlineResult:
    """What :func:`redline_docx` did.

    Attributes:
        data: the redlined DOCX bytes.
        changed: risk ids whose evidence carries a tracked change.
        commented: risk ids with a comment.
        not_located: risk ids whose evidence was not found within one paragraph (comment
            only; the suggestion is in the comment).
        comment_ids: risk id -> ``w:id`` of its comment.
    """

    data: bytes
    changed: list[str] = field(default_factory=list)
    commented: list[str] = field(default_factory=list)
    not_located: list[str] = field(default_factory=list)
    comment_ids: dict[str, int] = field(default_factory=dict)


# ---------------------------------------------------------------- text of paragraphs

def _in_other_story(el, p) -> bool:
    """Whether ``el`` (a descendant of paragraph ``p``) belongs to another story: a text
    box, a compatibility fallback, or a deletion (deleted text is not read)."""
    for a in el.iterancestors():
        if a is p:
            return False
        if a.tag in (W + "txbxContent", _MC_FALLBACK, W + "del", W + "moveFrom"):
            return True
    return False


def _atom_len(el) -> int:
    tag = el.tag
    if tag == W + "t":
        return len(el.text or "")
    if tag in (W + "tab", W + "br", W + "cr", W + "noBreakHyphen"):
        return 1
    return 0


def _runs(p) -> list:
    """The runs whose text a reader sees in paragraph ``p``, in order."""
    return [r for r in p.iter(W + "r") if not _in_other_story(r, p)]


def _run_text(r) -> str:
    out = []
    for el in r:
        if el.tag == W + "t":
            out.append(el.text or "")
        elif el.tag == W + "tab":
            out.append("\t")
        elif el.tag == W + "noBreakHyphen":
            out.append("-")
        elif el.tag in (W + "br", W + "cr"):
            out.append("\n")
    return "".join(out)


def _para_text(p) -> str:
    return "".join(_run_text(r) for r in _runs(p))


def _squash(text: str) -> tuple[str, list[int]]:
    """``text`` without whitespace, and for each kept character its offset in ``text``."""
    kept, where = [], []
    for i, ch in enumerate(text):
        if not ch.isspace():
            kept.append(ch)
            where.append(i)
    return "".join(kept), where


def _find_span(para: str, evidence: str) -> tuple[int, int] | None:
    """``[start, end)`` of ``evidence`` in ``para``: exactly, else ignoring whitespace,
    else without a leading numbering label (Word draws auto-numbers the XML lacks)."""
    if not evidence.strip():
        return None
    i = para.find(evidence)
    if i >= 0:
        return i, i + len(evidence)
    sq, where = _squash(para)
    for cand in (evidence, _LABEL.sub("", evidence, count=1)):
        needle, _ = _squash(cand)
        if len(needle) < 4:
            continue
        j = sq.find(needle)
        if j >= 0:
            return where[j], where[j + len(needle) - 1] + 1
    return None


# ---------------------------------------------------------------- run surgery



def _whole_sentences(para: str, span: tuple[int, int]) -> tuple[int, int]:
    """``span`` widened to the whole sentences of ``para`` it touches: from just after the
    previous sentence end (。；！？) to its own sentence's end, inclusive. A finding may quote
    part of a sentence (``甲方可以随时解除本合同……乙方已支付的``); replacing only that part would
    leave the rest of the sentence — often the very term the suggestion removes — standing
    after a lawyer accepts the change."""
    start, end = span
    while start > 0 and para[start - 1] not in SENTENCE_END:
        start -= 1
    while start < span[0] and para[start].isspace():
        start += 1
    if end > start and para[end - 1] in SENTENCE_END:
        return start, end
    while end < len(para) and para[end] not in SENTENCE_END:
        end += 1
    return start, min(len(para), end + 1)


def _split_run(r, k: int):
    """Split run ``r`` at character ``k`` of its text into two runs with the same
    properties; returns ``(left, right)`` (``r`` is replaced in its parent)."""
    left, right = copy.deepcopy(r), copy.deepcopy(r)
    _keep_chars(left, 0, k)
    _keep_chars(right, k, None)
    parent = r.getparent()
    i = parent.index(r)
    parent.remove(r)
    parent.insert(i, right)
    parent.insert(i, left)
    return left, right


def _keep_chars(r, start: int, end: int | None) -> None:
    """Trim run ``r`` to the characters ``[start, end)`` of its text (other content such
    as drawings and field characters stays with the part where it sits)."""
    pos = 0
    for el in list(r):
        if el.tag == W + "rPr":
            continue
        n = _atom_len(el)
        a, b = pos, pos + n
        pos = b
        lo, hi = max(a, start), b if end is None else min(b, end)
        if n == 0:
            if a < start or (end is not None and a >= end):
                r.remove(el)  # zero-width content goes with the side it starts on
            continue
        if hi <= lo:
            r.remove(el)
        elif el.tag == W + "t" and (lo > a or hi < b):
            el.text = (el.text or "")[lo - a:hi - a]
            el.set(XML_SPACE, "preserve")


def _isolate(p, start: int, end: int) -> list:
    """Split runs of ``p`` so that ``[start, end)`` of its text is exactly a sequence of
    whole runs; returns those runs in order."""
    for boundary in (start, end):
        pos = 0
        for r in _runs(p):
            n = len(_run_text(r))
            if pos < boundary < pos + n:
                _split_run(r, boundary - pos)
                break
            pos += n
    inside, pos = [], 0
    for r in _runs(p):
        n = len(_run_text(r))
        if n and start <= pos and pos + n <= end:
            inside.append(r)
        pos += n
    return inside


def _mark(tag: str, rev_id: int, date: str):
    el = etree.Element(W + tag)
    el.set(W + "id", str(rev_id))
    el.set(W + "author", AUTHOR)
    el.set(W + "date", date)
    return el


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold (section 2.2, ``Char``): a stored review made before the
extractor removed them, or a model's text, must not make the Word file fail."""


def _xml_safe(text: str) -> str:
    return _NOT_XML.sub("", text)


def _text_run(text: str, rpr) -> etree._Element:
    """A run holding ``text`` (line breaks as ``w:br``) with a copy of ``rpr``."""
    r = etree.Element(W + "r")
    if rpr is not None:
        props = copy.deepcopy(rpr)
        for stale in props.findall(W + "rPrChange"):
            props.remove(stale)
        r.append(props)
    for i, part in enumerate(_xml_safe(text).split("\n")):
        if i:
            etree.SubElement(r, W + "br")
        t = etree.SubElement(r, W + "t")
        t.text = part
        t.set(XML_SPACE, "preserve")
    return r


def _track_replace(p, start: int, end: int, new_text: str, ids, date: str) -> bool:
    """Make ``[start, end)`` of paragraph ``p`` a tracked deletion followed by a tracked
    insertion of ``new_text``. Returns False (and changes nothing visible) when the span
    holds no whole runs."""
    runs = _isolate(p, start, end)
    if not runs:
        return False
    groups: list[list] = []
    for r in runs:  # maximal groups of adjacent siblings: one w:del each
        if groups and groups[-1][-1].getnext() is r:
            groups[-1].append(r)
        else:
            groups.append([r])
    last_del = None
    for group in groups:
        d = _mark("del", next(ids), date)
        parent = group[0].getparent()
        parent.insert(parent.index(group[0]), d)
        for r in group:
            d.append(r)  # moves it
            for t in r.iter(W + "t"):
                t.tag = W + "delText"
                t.set(XML_SPACE, "preserve")
            for t in r.iter(W + "instrText"):
                t.tag = W + "delInstrText"
        last_del = d
    if new_text:
        ins = _mark("ins", next(ids), date)
        ins.append(_text_run(new_text, runs[0].find(W + "rPr")))
        last_del.addnext(ins)
    return True


# ---------------------------------------------------------------- comments

def comment_text(risk: Risk) -> list[str]:
    """The paragraphs of a risk's Word comment: severity, category and title; the
    explanation; the suggestion; each reasoning step's conclusion with its validator
    results; the citations with article label and status; source and confidence."""
    cat = CATEGORY_NAMES_ZH.get(risk.category, risk.category)
    lines = [f"[{_SEVERITY_ZH.get(risk.severity, risk.severity)}风险 {risk.severity}] {cat}（{risk.category}）"
             f" {risk.risk_id}：{risk.title}",
             f"说明：{risk.explanation}"]
    if risk.suggested_text:
        lines.append(f"建议修改为：{risk.suggested_text}")
    for step in risk.reasoning_chain:
        checks = "；".join(f"{c.name}{'通过' if c.passed else '未通过'}" + (f"（{c.message}）" if c.message and not c.passed else "")
                          for c in step.checks)
        lines.append(f"推理{step.step}（{step.action}）：{step.conclusion}" + (f" 〔校验：{checks}〕" if checks else ""))
    if risk.citations:
        lines.append("依据：" + "；".join(f"《{c.law}》{c.article_label}（{c.status}）" for c in risk.citations))
    lines.append(f"来源：{risk.source}；置信度 {risk.confidence:.2f}")
    return lines


def _comment_el(cid: int, risk: Risk, date: str):
    c = etree.Element(W + "comment")
    c.set(W + "id", str(cid))
    c.set(W + "author", AUTHOR)
    c.set(W + "date", date)
    c.set(W + "initials", "CR")
    for i, line in enumerate(comment_text(risk)):
        p = etree.SubElement(c, W + "p")
        if i == 0:
            ref = etree.SubElement(p, W + "r")
            etree.SubElement(ref, W + "annotationRef")
        r = etree.SubElement(p, W + "r")
        t = etree.SubElement(r, W + "t")
        t.text = _xml_safe(line)
        t.set(XML_SPACE, "preserve")
    return c


def _anchor_comment(first_p, last_p, cid: int) -> None:
    start = etree.Element(W + "commentRangeStart")
    start.set(W + "id", str(cid))
    ppr = first_p.find(W + "pPr")
    first_p.insert(first_p.index(ppr) + 1 if ppr is not None else 0, start)
    end = etree.SubElement(last_p, W + "commentRangeEnd")
    end.set(W + "id", str(cid))
    ref_run = etree.SubElement(last_p, W + "r")
    ref = etree.SubElement(ref_run, W + "commentReference")
    ref.set(W + "id", str(cid))


# ---------------------------------------------------------------- paragraphs of a clause

def _body_paragraphs(body) -> list:
    """Paragraphs of the body in reading order, table cells included, text boxes not."""
    return [p for p in body.iter(W + "p")
            if not any(a.tag in (W + "txbxContent", _MC_FALLBACK) for a in p.iterancestors())]


def _key(text: str) -> str:
    return _squash(_LABEL.sub("", text.replace("|", ""), count=1))[0]


def _clause_paragraphs(paras: list, keys: list[str], clause_text: str, cursor: int) -> tuple[int, int] | None:
    """Indices ``(first, last)`` of the paragraphs holding ``clause_text``: the first
    paragraph at or after ``cursor`` whose text begins the clause, through the last one
    whose text the clause still contains."""
    lines = [ln for ln in clause_text.split("\n") if _key(ln)]
    if not lines:
        return None
    head = _key(lines[0])
    whole = _squash(clause_text.replace("|", ""))[0]
    for order in (range(cursor, len(paras)), range(0, cursor)):
        for i in order:
            k = keys[i]
            if k and (k in head or head in k) and min(len(k), len(head)) >= 2:
                last = i
                for j in range(i + 1, len(paras)):
                    if not keys[j]:
                        continue
                    if keys[j] in whole and len(keys[j]) >= 2:
                        last = j
                    else:
                        break
                return i, last
    return None


# ---------------------------------------------------------------- the package

def _next_id(start: int):
    n = start
    while True:
        yield n
        n += 1


def redline_docx(data: bytes, review: Review, *, date: datetime | None = None) -> RedlineResult:
    """Return the DOCX ``data`` with the review's revisions tracked and its risks commented.

    Args:
        data: the DOCX bytes the review was made from (its text must be the review's
            ``document_text``; checked loosely: evidence not found is reported, not fatal).
        review: the review; risks are applied in order; a risk whose evidence overlaps an
            earlier risk's change gets its comment only.
        date: the revision and comment date (default now, UTC, whole seconds).

    Returns:
        A :class:`RedlineResult` with the new bytes and what was changed and commented.

    Raises:
        ValueError: ``data`` is not a DOCX (no ``word/document.xml``) or its XML is not
            well-formed.
    """
    stamp = (date or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0, tzinfo=None).isoformat() + "Z"
    try:
        zin = zipfile.ZipFile(io.BytesIO(data))
        names = zin.namelist()
        if len(names) != len(set(names)):
            raise ValueError("the DOCX has two ZIP members with the same name; readers disagree on which one is the document")
        doc_xml = zin.read("word/document.xml")
    except (zipfile.BadZipFile, KeyError) as exc:
        raise ValueError(f"not a DOCX: {exc}") from exc
    try:
        root = etree.fromstring(doc_xml, _parser())
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"word/document.xml is not well-formed: {exc}") from exc
    rels_name = "word/_rels/document.xml.rels"
    rels = etree.fromstring(zin.read(rels_name), _parser()) if rels_name in names else etree.Element(
        "{%s}Relationships" % _REL_NS, nsmap={None: _REL_NS})
    # a comments relationship that points outside the package (External, a URL, ../) is
    # not a part we can write: drop it and add our own comments part
    for r in [r for r in rels if r.get("Type") == COMMENTS_REL]:
        target = r.get("Target") or ""
        if r.get("TargetMode") == "External" or "://" in target or ".." in target or not target.strip("/"):
            rels.remove(r)
    comments_target = next((r.get("Target") for r in rels if r.get("Type") == COMMENTS_REL), None)
    comments_name = ("word/" + comments_target.lstrip("/").removeprefix("word/")) if comments_target else "word/comments.xml"
    if comments_name in names:
        comments = etree.fromstring(zin.read(comments_name), _parser())
    else:
        comments = etree.Element(W + "comments", nsmap={"w": W_NS})
    used = [int(v) for el in list(root.iter()) + list(comments.iter())
            if (v := el.get(W + "id")) is not None and v.lstrip("-").isdigit()]
    ids = _next_id(max(used, default=0) + 1)

    body = root.find(W + "body")
    if body is None:
        raise ValueError("word/document.xml has no w:body")
    paras = _body_paragraphs(body)
    keys = [_key(_para_text(p)) for p in paras]
    result = RedlineResult(data=b"")
    changed_spans: dict[int, list[tuple[int, int]]] = {}
    cursor = 0
    for risk in sorted(review.risks, key=lambda r: r.clause.char_start):
        span = _clause_paragraphs(paras, keys, risk.clause.text, cursor)
        first, last = span if span else (None, None)
        if first is not None:
            cursor = first
        # the evidence: in the clause's paragraphs first, then anywhere
        order = list(range(first, last + 1)) if first is not None else []
        order += [i for i in range(len(paras)) if i not in order]
        located = False
        evidence = [risk.original_text]
        if first is not None:  # evidence read across the heading line: "第四条 社会保险乙方自愿…"
            squashed = _squash(risk.original_text)[0]
            for i in range(first, last + 1):
                head = _squash(_para_text(paras[i]))[0]
                if head and squashed.startswith(head) and len(squashed) > len(head) + 3:
                    evidence.append(squashed[len(head):])
                    break
        for i in order:
            p = paras[i]
            where = next((w for e in evidence if (w := _find_span(_para_text(p), e)) is not None), None)
            if where is None:
                continue
            text = _para_text(p)
            where = _whole_sentences(text, where)
            if any(a < where[1] and where[0] < b for a, b in changed_spans.get(id(p), ())):
                break  # overlaps an earlier risk's change: comment only
            label = _LABEL.match(text[where[0]:where[1]])
            if label and label.end() < where[1] - where[0] and not _LABEL.match(risk.suggested_text):
                where = (where[0] + label.end(), where[1])  # keep the clause's own number ("2. ")
            if risk.suggested_text.strip() and risk.suggested_text.strip() != risk.original_text.strip():
                located = _track_replace(p, where[0], where[1], risk.suggested_text.strip(), ids, stamp)
                if located:
                    # the paragraph's text (read without deletions) shifted: record the span as it
                    # now reads so a later overlapping risk is still recognised
                    changed_spans.setdefault(id(p), []).append((where[0], where[0] + len(risk.suggested_text.strip())))
                    result.changed.append(risk.risk_id)
            if first is None:
                first = last = i
            break
        if not located:
            result.not_located.append(risk.risk_id)
        if first is None:
            continue
        cid = next(ids)
        _anchor_comment(paras[first], paras[last], cid)
        comments.append(_comment_el(cid, risk, stamp))
        result.commented.append(risk.risk_id)
        result.comment_ids[risk.risk_id] = cid

    replaced: dict[str, bytes] = {"word/document.xml": _xml_bytes(root)}
    if result.commented:
        replaced[comments_name] = _xml_bytes(comments)
        if comments_target is None:
            comments_name = "word/comments.xml"
            taken = {r.get("Id") for r in rels}
            rid = next(f"rId{n}" for n in range(1, 10_000) if f"rId{n}" not in taken)
            rel = etree.SubElement(rels, "{%s}Relationship" % _REL_NS)
            rel.set("Id", rid)
            rel.set("Type", COMMENTS_REL)
            rel.set("Target", "comments.xml")
            replaced[rels_name] = _xml_bytes(rels)
        ct = etree.fromstring(zin.read("[Content_Types].xml"), _parser())
        part = "/" + comments_name
        if not any(o.get("PartName") == part for o in ct):
            o = etree.SubElement(ct, "{%s}Override" % _CT_NS)
            o.set("PartName", part)
            o.set("ContentType", COMMENTS_CT)
            replaced["[Content_Types].xml"] = _xml_bytes(ct)
    result.data = _rezip(zin, replaced)
    return result


def _xml_bytes(root) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _rezip(zin: zipfile.ZipFile, replaced: dict[str, bytes]) -> bytes:
    """The package with ``replaced`` parts swapped in (new ones appended); every other
    member copied with its original bytes, name, date and compression."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zout:
        for info in zin.infolist():
            payload = replaced.pop(info.filename, None)
            zout.writestr(info, payload if payload is not None else zin.read(info.filename),
                          compress_type=info.compress_type)
        for name, payload in replaced.items():
            zout.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), payload,
                          compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def render_text_docx(review: Review) -> bytes:
    """A plain DOCX of the review's ``document_text``: one paragraph per line, East Asian
    font SimSun (a reader substitutes a CJK font it has). For PDF and TXT inputs, which
    have no Word original to mark up."""
    import docx
    from docx.oxml.ns import qn
    from docx.shared import Pt

    d = docx.Document()
    style = d.styles["Normal"]
    style.font.size = Pt(11)
    rfonts = style.element.get_or_add_rPr().get_or_add_rFonts()
    rfonts.set(qn("w:eastAsia"), "SimSun")
    title = _xml_safe(str(review.document.get("filename") or ""))
    d.core_properties.title = title
    d.core_properties.author = AUTHOR
    for line in _xml_safe(review.document_text).split("\n"):
        d.add_paragraph(line)
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def redline_review(data: bytes | None, review: Review, *, date: datetime | None = None) -> RedlineResult:
    """Redline of a review whatever its input format: the original DOCX marked up, or for
    a PDF/TXT input (or ``data`` None) a DOCX rendering of its text with the same tracked
    changes and comments."""
    if review.document.get("format") == "docx" and data is not None:
        return redline_docx(data, review, date=date)
    return redline_docx(render_text_docx(review), review, date=date)
