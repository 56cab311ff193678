"""Citation parsing, checking, and the repealed-law detector."""

from __future__ import annotations

import pytest

from knowledge.citations import REPEALED_LAWS, check_citation, find_repealed_references, parse_citations
from knowledge.store import StatuteStore


def _found(text, **kw):
    return [(c.law, c.article, c.paragraph, text[c.span[0]:c.span[1]]) for c in parse_citations(text, **kw)]


def test_bracketed_citation_with_paragraph_and_list():
    text = "根据《中华人民共和国民法典》第五百八十五条第二款、第五百八十六条的规定"
    assert _found(text) == [
        ("中华人民共和国民法典", 585, 2, "《中华人民共和国民法典》第五百八十五条第二款"),
        ("中华人民共和国民法典", 586, None, "第五百八十六条"),
    ]


def test_bare_names_arabic_numbers_and_book_names():
    text = "依据民法典第585条，以及公司应遵守劳动合同法第三十九条、第四十条；《民法典》合同编第五百七十七条"
    assert [(law, n) for law, n, _, _ in _found(text)] == [
        ("民法典", 585), ("劳动合同法", 39), ("劳动合同法", 40), ("民法典", 577)]


def test_cross_references_and_self_references_are_not_citations():
    assert parse_citations("详见本合同第八条。本法第十条另有规定，该条例第三条除外。") == []


def test_english_citations():
    text = "Under the PRC Civil Code Article 585, and Articles 584 and 585(2) of the Civil Code."
    assert [(law, n, p) for law, n, p, _ in _found(text)] == [
        ("PRC Civil Code", 585, None), ("Civil Code", 584, None), ("Civil Code", 585, 2)]


def test_parse_with_store_finds_where_the_law_name_starts(store):
    assert _found("甲方应当按照劳动合同法第十九条约定试用期", store=store)[0][:2] == ("劳动合同法", 19)


def test_check_accepts_a_real_article_in_force(store):
    check = check_citation(store, "Civil Code", 585)
    assert (check.ok, check.reason, check.canonical_law) == (True, "ok", "中华人民共和国民法典")
    assert check.article.label == "第五百八十五条"


def test_check_refuses_a_fabricated_article(store):
    check = check_citation(store, "民法典", 1300)
    assert (check.ok, check.reason, check.article) == (False, "no_such_article", None)
    assert "第一千三百条" in check.message


def test_check_refuses_a_repealed_law_in_the_store(store):
    check = check_citation(store, "《合同法》", 114)
    assert (check.ok, check.reason) == (False, "not_in_force")
    assert "已废止" in check.message


def test_check_refuses_a_repealed_law_missing_from_the_store(tmp_path, sample_articles):
    store = StatuteStore.create(tmp_path / "s.sqlite", [a for a in sample_articles if "合同法" not in a.law[-3:]])
    assert store.resolve_law("合同法") is None
    for name in ("合同法", "中华人民共和国合同法", "Contract Law"):
        check = check_citation(store, name, 114)
        assert (check.ok, check.reason, check.canonical_law) == (False, "not_in_force", "中华人民共和国合同法")
        assert "民法典" in check.message


def test_check_unknown_law(store):
    assert check_citation(store, "中华人民共和国虚构法", 1).reason == "unknown_law"


def test_quote_must_match_the_stored_text(store):
    exact = "约定的违约金低于造成的损失的, 人民法院或者仲裁机构可以根据当事人的请求予以增加"  # punctuation differs
    assert check_citation(store, "民法典", 585, exact).ok
    elided = "当事人可以约定……也可以约定因违约产生的损失赔偿额的计算方法"
    assert check_citation(store, "民法典", 585, elided).ok
    altered = "约定的违约金低于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以减少"
    check = check_citation(store, "民法典", 585, altered)
    assert (check.ok, check.reason) == (False, "quote_mismatch")
    assert check.article is not None and "原文" in check.message


def test_fuzzy_quotes_are_opt_in(store):
    typo = "约定的违约金低于造成的损失的，人民法院或者仲栽机构可以根据当事人的请求予以增加"  # 裁 -> 栽
    assert not check_citation(store, "民法典", 585, typo).ok
    assert check_citation(store, "民法典", 585, typo, min_similarity=0.9).ok


def test_repealed_laws_follow_civil_code_article_1260():
    assert len(REPEALED_LAWS) == 9
    assert REPEALED_LAWS["中华人民共和国合同法"] == ("2021-01-01", "中华人民共和国民法典")


@pytest.mark.parametrize(("text", "names"), [
    ("本合同依据《中华人民共和国合同法》订立", ["中华人民共和国合同法"]),
    ("依照《合同法》及《担保法》的规定", ["中华人民共和国合同法", "中华人民共和国担保法"]),
    ("双方同意适用“物权法”和民法通则", ["中华人民共和国物权法", "中华人民共和国民法通则"]),
    ("This Agreement is governed by the PRC Contract Law.", ["中华人民共和国合同法"]),
])
def test_repealed_references_are_found(text, names):
    found = find_repealed_references(text)
    assert [name for name, _, _ in found] == names
    assert all(replacement == "中华人民共和国民法典" for _, _, replacement in found)
    name, (start, end), _ = found[0]
    assert "法" in text[start:end] or "Law" in text[start:end]


@pytest.mark.parametrize("text", [
    "依据《中华人民共和国劳动合同法》和劳动合同法第十九条",
    "根据《民法典》合同编的规定",
    "本技术合同的订立",
    "双方之间的合同法律关系",
    "物权法定原则",
    "governed by the Labor Contract Law and the Intellectual Property Law",
])
def test_laws_in_force_are_not_reported_as_repealed(text):
    assert find_repealed_references(text) == []


def test_store_status_extends_the_repealed_detector(tmp_path, sample_articles):
    from knowledge.sources import Article

    gone = Article(law="中华人民共和国某某法", status="已废止", article=1, text="内容")
    store = StatuteStore.create(tmp_path / "s.sqlite", [*sample_articles[:2], gone])
    assert find_repealed_references("依据《某某法》") == []
    assert find_repealed_references("依据《某某法》", store=store) == [("中华人民共和国某某法", (2, 7), None)]
