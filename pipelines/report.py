"""Report a review: JSON (DESIGN §5), table rows, and an annotated copy of a PDF.

The JSON Schema of the review is generated from :class:`pipelines.types.Review` and
published at ``pipelines/schema/review.schema.json`` (a test keeps the file in sync).
"""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf

from pipelines.types import CATEGORY_NAMES_ZH, Review

__all__ = ["REVIEW_SCHEMA_PATH", "annotate_pdf", "review_json_schema", "review_to_json", "risk_rows"]

REVIEW_SCHEMA_PATH = Path(__file__).parent / "schema" / "review.schema.json"

_COLOURS = {"high": (1.0, 0.35, 0.35), "medium": (1.0, 0.75, 0.2), "low": (0.55, 0.8, 1.0)}


def review_json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a review, generated from the Pydantic model."""
    schema = Review.model_json_schema(mode="serialization")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://contract-review.invalid/schema/review-1.json"
    return schema


def review_to_json(review: Review) -> str:
    """Serialise a review as indented UTF-8 JSON (Chinese kept readable)."""
    return json.dumps(review.model_dump(mode="json"), ensure_ascii=False, indent=2)


def risk_rows(review: Review) -> list[dict[str, str]]:
    """One row per risk for a table: severity, category, where, title, citations.

    ``where`` is the clause path plus ``p.N`` pages for paged inputs.
    """
    rows = []
    for r in review.risks:
        where = r.clause.label
        if r.clause.pages:
            where += " (p." + ",".join(map(str, r.clause.pages)) + ")"
        rows.append({
            "id": r.risk_id,
            "severity": r.severity.value,
            "category": f"{CATEGORY_NAMES_ZH.get(r.category, r.category)} ({r.category})",
            "where": where,
            "title": r.title,
            "citations": "；".join(f"《{c.law.removeprefix('中华人民共和国')}》{c.article_label}" for c in r.citations),
            "source": r.source,
        })
    return rows


_ACTIVE_ACTIONS = frozenset({"/JavaScript", "/Launch", "/SubmitForm", "/ImportData", "/ResetForm", "/GoToR", "/GoToE",
                             "/Rendition", "/Sound", "/Movie", "/Hide", "/SetOCGState", "/RichMediaExecute",
                             "/GoTo3DView"})
_SAFE_URI = ("http://", "https://", "mailto:")


def _drop_actions(doc: pymupdf.Document) -> None:
    """Remove what ``scrub`` leaves (ISO 32000-1 §12.6): the catalog's open action; every
    additional-actions dictionary (/AA) of the document, pages, fields and annotations;
    and every action other than a jump in the document or to an http(s)/mailto URI —
    /Launch, /JavaScript, /SubmitForm, /ImportData, /ResetForm, /GoToR, … — wherever it
    sits: an indirect action object, or the /A (or /PA, /Next) entry of a link or widget
    annotation."""
    cat = doc.pdf_catalog()
    for key in ("OpenAction", "AA"):
        doc.xref_set_key(cat, key, "null")
    for x in range(1, doc.xref_length()):
        if doc.xref_is_stream(x) or not doc.xref_object(x, compressed=True).startswith("<<"):
            continue
        if doc.xref_get_key(x, "AA")[0] != "null":
            doc.xref_set_key(x, "AA", "null")
        for key in ("A", "PA", "Next"):
            if doc.xref_get_key(x, key)[0] == "dict" and _active(doc, x, f"{key}/"):
                doc.xref_set_key(x, key, "null")
        if _active(doc, x, "") or doc.xref_get_key(x, "JS")[0] != "null":
            doc.update_object(x, "<<>>")


def _active(doc: pymupdf.Document, xref: int, prefix: str) -> bool:
    """Whether the action dictionary at ``xref`` (or at its entry ``prefix``) runs
    something: an active action type, JavaScript, a non-web URI, or a /Next chain."""
    kind, subtype = doc.xref_get_key(xref, prefix + "S")
    if kind != "name":
        return False
    if subtype in _ACTIVE_ACTIONS or doc.xref_get_key(xref, prefix + "JS")[0] != "null":
        return True
    if subtype == "/URI":
        uri = doc.xref_get_key(xref, prefix + "URI")[1].strip("()").strip().lower()
        return not uri.startswith(_SAFE_URI)
    return bool(prefix) and doc.xref_get_key(xref, prefix + "Next")[0] != "null"


def _evidence_quads(page: pymupdf.Page, risk, rects: list[pymupdf.Rect]) -> list:
    """Quads of the risk's evidence on ``page`` within the clause's line ``rects``.

    The evidence is searched in the clause area; when the PDF's text does not match it
    as one string (it runs over lines), each clause line it overlaps is searched for its
    part of the evidence, and a line whose part is not found is taken whole. ``[]`` when
    the evidence is not on this page."""
    ev = risk.original_text.strip()
    if not ev or not rects:
        return []
    clip = pymupdf.Rect(rects[0])
    for r in rects[1:]:
        clip |= r
    hits = page.search_for(ev, clip=clip + (-1, -1, 1, 1), quads=True)
    if hits:
        return hits
    lines = [ln for ln in risk.clause.text.split("\n") if ln.strip()]
    page_boxes = [b for b in risk.clause.bboxes]
    if len(lines) != len(page_boxes):
        return []
    text = risk.clause.text
    start = text.find(ev)
    end = start + len(ev)
    if start < 0:  # the evidence as the finder quotes it may join lines: match without whitespace
        kept = [i for i, ch in enumerate(text) if not ch.isspace()]
        squashed, needle = "".join(text[i] for i in kept), "".join(ev.split())
        at = squashed.find(needle) if needle else -1
        if at < 0:
            return []
        start, end = kept[at], kept[at + len(needle) - 1] + 1
    pos, quads = 0, []
    for line, box in zip(lines, page_boxes, strict=True):
        at = risk.clause.text.find(line, pos)
        pos = at + len(line)
        if box.page != page.number + 1 or at >= end or pos <= start:
            continue
        part = line[max(start - at, 0):min(end - at, len(line))].strip()
        rect = pymupdf.Rect(box.x0, box.y0, box.x1, box.y1)
        found = page.search_for(part, clip=rect + (-1, -1, 1, 1), quads=True) if part else []
        quads += found or [rect.quad]
    return quads


def annotate_pdf(data: bytes, review: Review) -> bytes:
    """Return a copy of the PDF with every risk's evidence highlighted, its clause
    outlined, and a note.

    Each risk highlights its evidence (``original_text``; colour by severity), found in the
    clause's lines; when the evidence cannot be found on the page the whole clause is
    highlighted as before. The clause is outlined with a rectangle per page (the union of
    its line rectangles), and a note at its first line carries category, severity,
    explanation, suggestion and citations.

    Args:
        data: the original PDF bytes (the same file the review was made from).
        review: its review; risks without bboxes are skipped.

    Returns:
        The annotated PDF bytes. Active content of the original (JavaScript, embedded
        and attached files) is removed first: the copy is opened by lawyers who trust
        it because it came from the review tool (PyMuPDF ``Document.scrub``).

    Raises:
        ValueError: when ``data`` is not a PDF, or its active content cannot be removed.
    """
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - PyMuPDF raises several types
        raise ValueError(f"not a PDF: {exc}") from exc
    try:
        doc.scrub(attached_files=True, embedded_files=True, javascript=True, clean_pages=False, hidden_text=False,
                  metadata=False, redactions=False, remove_links=False, reset_fields=False, reset_responses=False,
                  thumbnails=False, xml_metadata=False)
        _drop_actions(doc)
    except Exception as exc:  # noqa: BLE001 - PyMuPDF raises several types
        doc.close()
        raise ValueError(f"could not remove the PDF's active content: {exc}") from exc
    pages: dict[int, pymupdf.Page] = {}

    def page_of(n: int) -> pymupdf.Page:
        # keep one Page object per page: an annotation is unbound when its Page is collected
        if n not in pages:
            pages[n] = doc[n - 1]
        return pages[n]

    try:
        for r in review.risks:
            if not r.clause.bboxes:
                continue
            colour = _COLOURS[r.severity.value]
            by_page: dict[int, list[pymupdf.Rect]] = {}
            for box in r.clause.bboxes:
                if 1 <= box.page <= doc.page_count:
                    by_page.setdefault(box.page, []).append(pymupdf.Rect(box.x0, box.y0, box.x1, box.y1))
            evidence = {n: _evidence_quads(page_of(n), r, rects) for n, rects in by_page.items()}
            if not any(evidence.values()):  # evidence not found: highlight the clause, as before
                evidence = {n: [rect.quad for rect in rects] for n, rects in by_page.items()}
            for n, rects in by_page.items():
                outline = pymupdf.Rect(rects[0])
                for rect in rects[1:]:
                    outline |= rect
                box = page_of(n).add_rect_annot(outline + (-2, -2, 2, 2))
                box.set_colors(stroke=colour)
                box.set_border(width=1)
                box.set_info(title=f"{r.risk_id} {r.severity.value}", content=f"条款：{r.clause.label}")
                box.update()
                if not evidence.get(n):
                    continue
                annot = page_of(n).add_highlight_annot(quads=evidence[n])  # one highlight per page
                if annot is None:
                    continue
                annot.set_colors(stroke=colour)
                annot.set_info(title=f"{r.risk_id} {r.severity.value}", content=r.title)
                annot.update()
            first = r.clause.bboxes[0]
            cites = "；".join(f"《{c.law}》{c.article_label}" for c in r.citations) or "无"
            note = (f"[{r.severity.value}] {CATEGORY_NAMES_ZH.get(r.category, r.category)}：{r.title}\n"
                    f"说明：{r.explanation}\n建议：{r.suggested_text}\n依据：{cites}")
            if not 1 <= first.page <= doc.page_count:
                continue
            text_annot = page_of(first.page).add_text_annot(pymupdf.Point(max(first.x0 - 18, 2), first.y0), note, icon="Comment")
            text_annot.set_info(title=f"contract-review {r.risk_id}")
            text_annot.set_colors(stroke=colour)
            text_annot.update()
        return doc.tobytes(garbage=1, deflate=True)
    finally:
        doc.close()
