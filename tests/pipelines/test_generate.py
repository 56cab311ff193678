"""The validator of LLM units refuses fabricated, repealed and misquoted citations.

GIVEN a hand-written fake generator that returns fixed units
WHEN a clause is analysed
THEN units citing an article that does not exist, a repealed law, or an altered
quotation fail validation, are regenerated with the validator's message at most twice,
and never reach the output.
"""

from __future__ import annotations

import json

import pytest

from knowledge.sources import Article
from knowledge.store import StatuteStore
from pipelines.generate import CONCLUSION_MAX, CONTENT_MAX, MAX_REGENERATIONS, GenerationOutput, analyse_clause
from pipelines.retrieve import make_resolver
from pipelines.generate import Candidate
from pipelines.types import Category, Clause, Finding, Severity

ART_585 = ("当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金，也可以约定因违约产生的损失赔偿额的计算方法。"
           "约定的违约金低于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以增加；约定的违约金过分高于造成的损失的，"
           "人民法院或者仲裁机构可以根据当事人的请求予以适当减少。")


class FakeGenerator:
    """Returns the queued outputs in order and records the prompts it was given."""

    name = "fake"

    def __init__(self, outputs: list[dict | str]):
        self.outputs = list(outputs)
        self.prompts: list[list[dict]] = []

    def complete(self, messages, *, schema, max_tokens):
        self.prompts.append(messages)
        out = self.outputs.pop(0)
        text = out if isinstance(out, str) else json.dumps(out, ensure_ascii=False)
        return GenerationOutput(text=text, prompt_tokens=100, completion_tokens=50)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    path = tmp_path_factory.mktemp("kb") / "statutes.sqlite"
    arts = [
        Article(law="中华人民共和国民法典", law_id="civil", level="法律", status="现行有效", effective_date="2021-01-01",
                chapter="第三编 合同", article=585, label="第五百八十五条", text=ART_585),
        Article(law="中华人民共和国合同法", law_id="contract", level="法律", status="已废止", effective_date="1999-10-01",
                chapter="第七章 违约责任", article=114, label="第一百一十四条", text="当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。"),
    ]
    return StatuteStore.create(path, arts)


CLAUSE = Clause(clause_id="c0007", path=("第六条 违约责任",), number="第六条", title="违约责任",
                text="第六条 违约责任\n甲方逾期付款的，每逾期一日，应按合同总价款的3%向乙方支付违约金。",
                char_start=0, char_end=40, level=1, category=Category.breach_liability)
FINDING = Finding(check_id="breach.ld_excessive", category=Category.breach_liability, severity=Severity.high,
                  clause_id="c0007", title="违约金标准明显过高", explanation="违约金按每日3%计算，明显过高。",
                  suggestion="调低", statutes=(("中华人民共和国民法典", 585),), evidence="每逾期一日，应按合同总价款的3%")


def _unit(action, content, conclusion, citations=()):
    return {"action": action, "content": content, "conclusion": conclusion,
            "citations": [f"《{law}》第{a}条" for law, a in citations]}


def _output(units, risk="high"):
    return {"units": units, "risk": risk, "suggested_text": "按每日万分之五计算违约金，累计不超过合同总价款的5%。"}


GOOD = _output([
    _unit("提取要素", "逾期付款违约金按合同总价款每日3%计算。", "日违约金3%"),
    _unit("检索法条", "约定的违约金过分高于造成的损失的可以请求适当减少。", "适用民法典第585条", [("中华人民共和国民法典", 585)]),
    _unit("判断风险", "年化远超实际损失。", "违约金过高，风险高"),
])


def _candidates(resolve):
    return [Candidate(citation=resolve("中华人民共和国民法典", 585), text=ART_585)]


def _analyse(store, outputs):
    resolve = make_resolver(store)
    gen = FakeGenerator(outputs)
    result = analyse_clause(gen, CLAUSE, [FINDING], _candidates(resolve), resolve=resolve)
    return result, gen


def _all_citations(result):
    return {(c.law, c.article) for s in result.steps for c in s.citations} | {(c.law, c.article) for c in result.citations}


def test_valid_output_passes_first_time(store):
    result, gen = _analyse(store, [GOOD])
    assert result.calls == 1 and result.passed_first == 3 and result.dropped == 0
    assert _all_citations(result) == {("中华人民共和国民法典", 585)}
    assert result.citations[0].status == "现行有效" and len(result.citations[0].text_sha256) == 64


@pytest.mark.parametrize("bad_unit, message", [
    (_unit("检索法条", "依据民法典第1300条。", "适用第1300条", [("中华人民共和国民法典", 1300)]), "不存在或已失效"),
    (_unit("检索法条", "依据合同法第114条。", "适用合同法", [("中华人民共和国合同法", 114)]), "不存在或已失效"),
    (_unit("检索法条", "法条原文：“约定的违约金过分高于造成的损失的，人民法院应当予以免除”。", "可以免除", [("中华人民共和国民法典", 585)]), "引文"),
])
def test_fabricated_repealed_and_misquoted_citations_are_refused_then_regenerated(store, bad_unit, message):
    bad = _output([GOOD["units"][0], bad_unit, GOOD["units"][2]])
    result, gen = _analyse(store, [bad, GOOD])
    assert result.calls == 2
    assert message in gen.prompts[1][1]["content"]  # the validator's message goes back to the model
    assert result.passed_after_regen == 3 and result.dropped == 0
    assert _all_citations(result) == {("中华人民共和国民法典", 585)}


def test_units_still_failing_after_two_regenerations_are_dropped(store):
    fabricated = _unit("检索法条", "依据民法典第1300条。", "适用", [("中华人民共和国民法典", 1300)])
    bad = _output([GOOD["units"][0], fabricated, GOOD["units"][2]])
    result, _ = _analyse(store, [bad] * (MAX_REGENERATIONS + 1))
    assert result.calls == MAX_REGENERATIONS + 1
    assert result.dropped == 1 and len(result.steps) == 2
    assert ("中华人民共和国民法典", 1300) not in _all_citations(result)
    assert result.confidence < 0.7


def test_no_risk_conclusion_contradicting_a_rule_finding_is_refused(store):
    contradicting = _output([GOOD["units"][0], _unit("判断风险", "该约定合理，双方可以接受。", "无风险")], risk="none")
    result, gen = _analyse(store, [contradicting, GOOD])
    assert result.calls == 2 and "矛盾" in gen.prompts[1][1]["content"]


def test_a_final_level_below_the_rule_finding_keeps_the_rule_level_and_lowers_confidence(store):
    lower = dict(GOOD, risk="low")
    result, _ = _analyse(store, [lower])
    assert result.calls == 1 and result.risk is None
    assert any("低于规则检查" in e for e in result.errors)
    assert result.confidence <= 0.8


def test_numbers_not_in_the_clause_are_refused(store):
    invented = _output([_unit("提取要素", "违约金按每日8%计算。", "日违约金8%"), GOOD["units"][2]])
    result, gen = _analyse(store, [invented, GOOD])
    assert result.calls == 2 and "8%" in gen.prompts[1][1]["content"]


def test_a_unit_cut_at_the_grammar_cap_is_regenerated_not_shown(store):
    # the grammar ends a string at its cap wherever the model is: "…以工作交接等理"; with no
    # clause boundary in its second half the unit cannot be shortened, so it is regenerated
    long = "违约金约定明显过高，可能被法院或仲裁机构依法调减乙方应当以工作交接未完成客户资料未返还等理由主张减少违约金"
    assert len(long) > CONCLUSION_MAX
    cut = _output([GOOD["units"][0], _unit("判断风险", "年化远超实际损失。", long[:CONCLUSION_MAX])])
    result, gen = _analyse(store, [cut, GOOD])
    assert result.calls == 2 and "截断" in gen.prompts[1][1]["content"]
    assert all(len(s.conclusion) < CONCLUSION_MAX for s in result.steps)


def test_a_unit_cut_after_a_complete_clause_is_kept_up_to_that_clause(store):
    long = "违约金约定明显过高，可能被法院或仲裁机构依法调减，乙方应当以工作交接未完成、客户资料未返还等理由主张"
    cut = _output([GOOD["units"][0], _unit("判断风险", "年化远超实际损失。", long[:CONCLUSION_MAX]), GOOD["units"][2]])
    result, _ = _analyse(store, [cut])
    assert result.calls == 1 and result.dropped == 0
    assert result.steps[1].conclusion == "违约金约定明显过高，可能被法院或仲裁机构依法调减。"
    assert any(c.name == "complete" and c.passed and "截断" in c.message for c in result.steps[1].checks)


@pytest.mark.parametrize(("text", "kept"), [
    ("甲方可随时解除合同，乙方无权要求赔偿，且应当以工作交接等理", "甲方可随时解除合同，乙方无权要求赔偿。"),
    ("甲方可随时解除合同且不承担任何责任。乙方无权要求", "甲方可随时解除合同且不承担任何责任。"),
    ("违约金过高，可能被依法调减且乙方应当以工作交接等理由主张减少违约金数额", None),  # boundary in the first half
    ("没有任何标点的一段很长的文字被截断在这里的理", None),
])
def test_trim_at_boundary_keeps_whole_clauses_only(text, kept):
    from pipelines.generate import trim_at_boundary

    assert trim_at_boundary(text) == kept


def test_a_unit_cut_in_every_attempt_is_dropped(store):
    long_content = "逾期付款违约金按合同总价款每日百分之三计算并且没有任何上限约定同时守约方还可以另行主张全部实际损失和可得利益损失以及律师费诉讼费保全费公证费差旅费和为实现债权而支出的其他一切合理费用"
    cut = _output([GOOD["units"][0], _unit("提取要素", long_content[:CONTENT_MAX], "日违约金3%"), GOOD["units"][2]])
    assert len(long_content) > CONTENT_MAX
    result, _ = _analyse(store, [cut] * (MAX_REGENERATIONS + 1))
    assert result.dropped == 1 and all(len(s.content) < CONTENT_MAX for s in result.steps)


def test_output_that_is_not_json_is_regenerated(store):
    result, _ = _analyse(store, ["这不是JSON", GOOD])
    assert result.calls == 2 and result.passed_after_regen == 3


def test_citation_to_an_article_not_offered_is_refused(store):
    resolve = make_resolver(store)
    gen = FakeGenerator([GOOD] * (MAX_REGENERATIONS + 1))
    result = analyse_clause(gen, CLAUSE, [FINDING], [], resolve=resolve)  # nothing offered
    assert ("中华人民共和国民法典", 585) not in _all_citations(result)
    assert "不在给定法条列表中" in gen.prompts[1][1]["content"]


def test_the_schema_restricts_citations_to_the_offered_articles(store):
    from pipelines.generate import unit_schema

    resolve = make_resolver(store)
    schema = unit_schema(_candidates(resolve))
    assert schema["properties"]["units"]["items"]["properties"]["citations"]["items"]["enum"] == ["《中华人民共和国民法典》第585条"]
    assert unit_schema([])["properties"]["units"]["items"]["properties"]["citations"]["maxItems"] == 0


def test_clause_text_is_fenced_as_data_in_the_prompt(store):
    _, gen = _analyse(store, [GOOD])
    system, user = gen.prompts[0]
    assert "不得执行" in system["content"]
    assert "<clause>" in user["content"] and CLAUSE.text in user["content"]


@pytest.mark.parametrize("conclusion", ["‹条款>第6条 违约责任‹/条款>", "依据<articles>第", "当事人就迟延履行约定违约金的，违约方<"])
def test_a_unit_that_copies_the_prompt_markup_is_regenerated(store, conclusion):
    # GIVEN a first output whose second unit ends in the prompt's own tags (seen with the 0.5B model)
    bad = _output([GOOD["units"][0], _unit("判断风险", "年化远超实际损失。", conclusion), GOOD["units"][2]])
    result, gen = _analyse(store, [bad, GOOD])
    # THEN it fails validation with a message the model can act on, and the regenerated output is kept
    assert result.calls == 2 and "标记" in gen.prompts[1][1]["content"]
    assert all("<" not in s.conclusion and "‹" not in s.conclusion for s in result.steps)


@pytest.mark.parametrize("unit", [
    _unit("修改建议", "条款中涉及的专业术语和法律要求已经明确，可以不用进行修改。", "维持原条款"),
    _unit("比对", "本条款约定的违约金符合民法典的相关规定。", "条款可以接受"),
    _unit("提取要素", "本条款属于付款范畴，没有涉及合同审查的内容。", "无需分析"),
])
def test_a_unit_that_denies_the_rule_finding_anywhere_is_regenerated(store, unit):
    """A new user's redline carried "可以不用进行修改" and "符合…的要求" under findings of a clear risk."""
    bad = _output([GOOD["units"][0], unit, GOOD["units"][2]])
    result, gen = _analyse(store, [bad, GOOD])
    assert result.calls == 2 and "矛盾" in gen.prompts[1][1]["content"]


def test_a_unit_about_another_clause_is_regenerated(store):
    """The analysis of 第六条 must not describe 第三条 (seen: every step of a non-compete finding described the confidentiality clause)."""
    other = _unit("提取要素", "第三条交货约定卖方应于签约后十日内交货。", "交货期限明确")
    result, gen = _analyse(store, [_output([other, *GOOD["units"][1:]]), GOOD])
    assert result.calls == 2 and "不是本条款" in gen.prompts[1][1]["content"]


@pytest.mark.parametrize("content", [
    "第六条约定逾期付款按合同总价款每日3%计算违约金。",
    "第6条约定逾期付款按每日3%计算违约金，不符合民法典第585条的要求。",
    "该条约定的违约金是否符合法律规定，需要结合实际损失判断，每日3%明显过高。",
])
def test_a_unit_naming_its_own_clause_or_a_statute_passes(store, content):
    unit = _unit("提取要素", content, "日违约金3%")
    result, _ = _analyse(store, [_output([unit, *GOOD["units"][1:]])])
    assert result.calls == 1 and result.passed_first == 3


@pytest.mark.parametrize("action", ["修改建议", "判断风险", "比对"])
def test_a_unit_that_copies_an_offered_article_as_its_analysis_is_regenerated(store, action):
    """A lawyer's read found a 修改建议 step that was the text of 民法典第506条 word for word."""
    copied = _unit(action, "约定的违约金过分高于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。", "应减少")
    result, gen = _analyse(store, [_output([GOOD["units"][0], copied, GOOD["units"][2]]), GOOD])
    assert result.calls == 2 and "照抄了法条原文" in gen.prompts[1][1]["content"]


def test_the_retrieval_step_may_quote_the_article_and_analysis_may_name_its_words(store):
    quoting = _unit("检索法条", "约定的违约金过分高于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。",
                    "适用民法典第585条", [("中华人民共和国民法典", 585)])
    naming = _unit("判断风险", "每日3%过分高于造成的损失，可请求减少。", "违约金过高，风险高")
    result, _ = _analyse(store, [_output([GOOD["units"][0], quoting, naming])])
    assert result.calls == 1 and result.passed_first == 3


@pytest.mark.parametrize("unit, message", [
    # a new user's quickstart: steps that passed every check and still said nothing a lawyer can use
    (_unit("判断风险", "这属于法律知识范畴，因此没有实际的风险评估。", "风险待定"), "矛盾"),
    (_unit("比对", "该争议解决 clause 约定了仲裁和诉讼两种方式。", "约定不明"), "英文"),
    (_unit("修改建议", "建议修改条款以明确约定每日3%作为违约金标准。", "明确违约金"), "保留了被提示的"),
])
def test_a_step_that_declines_mixes_english_or_keeps_the_flagged_figure_is_regenerated(store, unit, message):
    result, gen = _analyse(store, [_output([GOOD["units"][0], unit, GOOD["units"][2]]), GOOD])
    assert result.calls == 2 and message in gen.prompts[1][1]["content"]


def test_a_revision_step_that_changes_the_flagged_figure_passes(store):
    unit = _unit("修改建议", "将每日3%改为每日万分之五，累计不超过合同总价款的5%。", "降低违约金")
    result, _ = _analyse(store, [_output([GOOD["units"][0], unit, GOOD["units"][2]])])
    assert result.calls == 1
