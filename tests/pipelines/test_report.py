"""The published JSON Schema and the annotated PDF."""

from __future__ import annotations

import json

import jsonschema
import pymupdf

from pipelines.report import REVIEW_SCHEMA_PATH, annotate_pdf, review_json_schema, review_to_json, risk_rows
from pipelines.types import (BBox, Category, Citation, Review, ReviewMetrics, Risk, RiskClause, Severity, Stance,
                             Versions)


def test_published_schema_matches_the_model():
    published = json.loads(REVIEW_SCHEMA_PATH.read_text(encoding="utf-8"))
    assert published == review_json_schema(), "regenerate pipelines/schema/review.schema.json and add a CHANGELOG entry"


def _pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "第六条 违约责任", fontname="china-s", fontsize=12)
    page.insert_text((72, 120), "每逾期一日按总价3%支付违约金。", fontname="china-s", fontsize=12)
    data = doc.tobytes()
    doc.close()
    return data


def _review() -> Review:
    cite = Citation(law="中华人民共和国民法典", article=585, article_label="第五百八十五条", status="现行有效", text_sha256="a" * 64)
    risk = Risk(risk_id="R001", category=Category.breach_liability, severity=Severity.high, title="违约金标准明显过高",
                clause=RiskClause(clause_id="c0001", path=("第六条 违约责任",), text="x", char_start=0, char_end=1, pages=(1,),
                                  bboxes=(BBox(page=1, x0=72, y0=88, x1=200, y1=104), BBox(page=1, x0=72, y0=108, x1=300, y1=124))),
                original_text="每逾期一日按总价3%", suggested_text="改为万分之五", explanation="过高", citations=(cite,),
                source="rule", confidence=0.8)
    return Review(document={"filename": "a.pdf"}, contract_type="买卖合同", stance=Stance.neutral, summary="s",
                  counts={"high": 1, "medium": 0, "low": 0}, risks=(risk,),
                  versions=Versions(pipeline="p", kb="k", model="none", playbook="b"), document_text="x",
                  metrics=ReviewMetrics(stage_seconds={"extract": 0.1}))


def test_review_json_validates_against_the_published_schema():
    body = json.loads(review_to_json(_review()))
    jsonschema.validate(body, json.loads(REVIEW_SCHEMA_PATH.read_text(encoding="utf-8")))


def test_annotated_pdf_highlights_the_evidence_outlines_the_clause_and_adds_a_note():
    out = pymupdf.open(stream=annotate_pdf(_pdf(), _review()), filetype="pdf")
    page = out[0]
    annots = [(a.type[1], a.info["content"]) for a in page.annots()]
    assert sorted(kind for kind, _ in annots) == ["Highlight", "Square", "Text"]
    [highlight] = [a for a in page.annots() if a.type[1] == "Highlight"]
    # the evidence only: inside the second line, narrower than it, not the heading line
    line = pymupdf.Rect(72, 108, 300, 124)
    assert line.contains(highlight.rect) or highlight.rect.intersect(line).get_area() > 0.8 * highlight.rect.get_area()
    assert highlight.rect.y0 > 104 and highlight.rect.width < line.width
    [outline] = [a for a in page.annots() if a.type[1] == "Square"]
    assert outline.rect.contains(pymupdf.Rect(72, 88, 300, 124))  # the whole clause
    note = next(content for kind, content in annots if kind == "Text")
    assert "违约金标准明显过高" in note and "第五百八十五条" in note and "改为万分之五" in note


def test_annotated_pdf_highlights_the_clause_when_the_evidence_is_not_on_the_page():
    review = _review()
    risk = review.risks[0].model_copy(update={"original_text": "不在此页的文字"})
    out = pymupdf.open(stream=annotate_pdf(_pdf(), review.model_copy(update={"risks": (risk,)})), filetype="pdf")
    page = out[0]
    [highlight] = [a for a in page.annots() if a.type[1] == "Highlight"]
    assert len(highlight.vertices) == 2 * 4  # one quad (4 points) per line of the clause


def test_table_rows_show_clause_page_and_short_citation():
    [row] = risk_rows(_review())
    assert row["where"] == "第六条 违约责任 (p.1)" and row["citations"] == "《民法典》第五百八十五条"


def test_annotated_pdf_drops_the_originals_javascript_and_embedded_files():
    # GIVEN a PDF that runs JavaScript when opened and carries an embedded file
    doc = pymupdf.open(stream=_pdf(), filetype="pdf")
    doc.embfile_add("payload.exe", b"MZ not really", filename="payload.exe")
    doc.xref_set_key(doc.pdf_catalog(), "OpenAction", "<</S/JavaScript/JS(app.alert\\('opened'\\))>>")
    hostile = doc.tobytes()
    doc.close()
    assert b"JavaScript" in hostile
    # WHEN the review tool returns its annotated copy
    out_bytes = annotate_pdf(hostile, _review())
    out = pymupdf.open(stream=out_bytes, filetype="pdf")
    # THEN neither survives, and the notes are still there
    assert out.embfile_count() == 0 and b"app.alert" not in out_bytes
    assert len(list(out[0].annots())) == 3  # the evidence highlight, the clause outline and the note


def test_a_clause_without_a_heading_is_named_by_its_first_line_not_its_id():
    from pipelines.types import RiskClause

    head = RiskClause(clause_id="c0013", path=(), text="商品房买卖合同\n（现 售）\n出卖人向买受人出售…", char_start=0, char_end=5)
    assert head.label == "商品房买卖合同（首部）"
    assert RiskClause(clause_id="c0002", path=("第三章 价款", "第八条 付款"), text="x", char_start=0, char_end=1).label == "第三章 价款 > 第八条 付款"


def test_every_repealed_law_a_recital_relies_on_is_named():
    from pipelines.screen import ScreenContext, load_playbook, screen
    from pipelines.types import Clause

    text = "出卖人向买受人出售房屋，双方根据《中华人民共和国合同法》、《中华人民共和国物权法》等法律签订本合同。"
    clause = Clause(clause_id="c0001", path=(), number="", title="", text=text, char_start=0, char_end=len(text), level=1)
    [f] = [f for f in screen([clause], load_playbook(), ScreenContext(contract_type="其他", clauses=[clause], text=text))
           if f.check_id == "legal_reference.repealed_law"]
    assert "《中华人民共和国合同法》《中华人民共和国物权法》" in f.explanation
