"""The eval matching rules (issue #2) on hand-made reviews."""

from __future__ import annotations

from pipelines.evaluate import aggregate, score_case
from pipelines.review import ReviewResult
from pipelines.types import (BBox, Category, Citation, ExtractedDocument, Line, Review, ReviewMetrics, Risk,
                             RiskClause, Severity, Stance, Versions)

TEXT = "第一条 价款\n总价为壹万元（¥10,000）。\n第二条 违约\n每逾期一日按总价 5% 支付违约金。"
LINES = (Line(char_start=0, char_end=6, page=1), Line(char_start=7, char_end=23, page=1),
         Line(char_start=24, char_end=30, page=2), Line(char_start=31, char_end=len(TEXT), page=2))
GOOD = Citation(law="中华人民共和国民法典", article=585, article_label="第五百八十五条", status="现行有效", text_sha256="a" * 64)
FAKE = Citation(law="中华人民共和国民法典", article=1300, article_label="第一千三百条", status="现行有效", text_sha256="b" * 64)


def _risk(i, cat, start, end, pages, cites=()):
    return Risk(risk_id=f"R{i}", category=cat, severity=Severity.high, title="t",
                clause=RiskClause(clause_id=f"c{i}", path=(), text=TEXT[start:end], char_start=start, char_end=end,
                                  pages=pages, bboxes=tuple(BBox(page=p, x0=0, y0=0, x1=1, y1=1) for p in pages)),
                original_text="", suggested_text="", explanation="", citations=cites, source="rule", confidence=0.8)


def _result(risks, fmt="pdf"):
    doc = ExtractedDocument(format=fmt, sha256="0" * 64, text=TEXT, lines=LINES, page_count=2)
    review = Review(document={}, contract_type="买卖合同", stance=Stance.neutral, summary="", counts={},
                    risks=tuple(risks), versions=Versions(pipeline="p", kb="k", model="m", playbook="b"),
                    document_text=TEXT, metrics=ReviewMetrics(stage_seconds={}))
    return ReviewResult(review=review, document=doc, clauses=[], findings=[])


GOLD = {"risks": [
    {"category": "breach_liability", "anchor": "每逾期一日按总价5%", "severity": "high",
     "statutes": [{"law": "中华人民共和国民法典", "article": 585}]},
    {"category": "consistency", "anchor": "总价为壹万元", "severity": "high", "statutes": []},
]}


def test_matching_ignores_whitespace_and_requires_the_same_category():
    preds = [_risk(1, Category.breach_liability, 24, len(TEXT), (2,), (GOOD,)),
             _risk(2, Category.price_payment, 7, 23, (1,))]  # right clause, wrong category
    s = score_case("x", GOLD, _result(preds), lambda c: c.article != 1300)
    m = aggregate([s])["overall"]
    assert (s.matched, m["recall"], m["precision"]) == (1, 0.5, 0.5)
    assert m["statute_hit_rate"] == 1.0 and m["location_accuracy"] == 1.0


def test_each_gold_risk_and_prediction_match_at_most_once():
    preds = [_risk(1, Category.breach_liability, 24, len(TEXT), (2,)),
             _risk(2, Category.breach_liability, 24, len(TEXT), (2,))]
    s = score_case("x", GOLD, _result(preds), lambda c: True)
    assert s.matched == 1 and s.predicted == 2


def test_citation_validity_counts_every_citation():
    preds = [_risk(1, Category.breach_liability, 24, len(TEXT), (2,), (GOOD, FAKE))]
    m = aggregate([score_case("x", GOLD, _result(preds), lambda c: c.article != 1300)])["overall"]
    assert m["citation_validity"] == 0.5


def test_location_is_wrong_when_the_reported_page_lacks_the_anchor():
    preds = [_risk(1, Category.breach_liability, 24, len(TEXT), (1,))]
    m = aggregate([score_case("x", GOLD, _result(preds), lambda c: True)])["overall"]
    assert m["location_accuracy"] == 0.0


def test_high_findings_on_a_clean_contract_are_counted():
    preds = [_risk(1, Category.breach_liability, 24, len(TEXT), (2,))]
    m = aggregate([score_case("clean", {"risks": []}, _result(preds, "txt"), lambda c: True)])["overall"]
    assert m["clean_high_findings"] == 1 and m["recall"] is None and m["location_accuracy"] is None
