"""One sentence that breaks two norms of one category is one finding that tells both.

GIVEN a labour contract whose non-compete sentence both runs three years (劳动合同法第二十四条:
at most two) and pays no compensation (第二十三条)
WHEN the playbook screens it
THEN one finding on that sentence: its explanation and statutes name both norms, and its
suggested text mends both — a lawyer who pastes it is not left with the second defect.
"""

from __future__ import annotations

from pipelines.screen import ScreenContext, load_playbook, screen
from pipelines.types import Clause, Stance


def test_a_sentence_breaking_two_labour_norms_gets_one_finding_whose_revision_mends_both():
    head = "劳动合同\n甲方（用人单位）：某某科技有限公司\n乙方（劳动者）：张某"
    body = "第六条 竞业限制\n乙方离职后三年内不得到与甲方有竞争关系的单位任职，甲方不另行支付竞业限制补偿。"
    clauses = [Clause(clause_id="c1", path=(), number="", title="", text=head, char_start=0, char_end=len(head), level=0),
               Clause(clause_id="c2", path=("第六条 竞业限制",), number="第六条", title="竞业限制", text=body,
                      char_start=len(head) + 1, char_end=len(head) + 1 + len(body), level=1)]
    ctx = ScreenContext(contract_type="劳动合同", clauses=clauses, text=f"{head}\n{body}", stance=Stance.neutral,
                        party_roles={"party_a": ("甲方",), "party_b": ("乙方",)})
    found = [f for f in screen(clauses, load_playbook(), ctx) if f.clause_id == "c2" and f.category.value == "labor"]
    assert len(found) == 1, [f.check_id for f in found]
    finding = found[0]
    assert {r[1] for r in finding.statutes} >= {23, 24}, finding.statutes
    assert "二年" in finding.explanation and "经济补偿" in finding.explanation
    assert "不超过二年" in finding.suggestion and "经济补偿" in finding.suggestion


def test_two_rewrites_of_one_provision_are_not_pasted_together():
    """A new user's redline: an unpaid three-year non-compete got both checks' rewrites of the restriction
    joined, so the pasted clause said it twice."""
    from pipelines.screen import _joined_suggestion

    paid = "乙方离职后__个月内（不超过二年），不得到与甲方有竞争关系的其他用人单位任职；甲方按月向乙方支付竞业限制经济补偿。"
    short = "乙方离职后__个月内（自劳动合同解除之日起计算，不超过二年），不得到与甲方有竞争关系的其他用人单位任职。"
    assert _joined_suggestion(paid, short) == paid
    # two different provisions are still both written
    assert _joined_suggestion("甲方应于每月十日前支付工资。", "乙方的工作地点为上海市。") == "甲方应于每月十日前支付工资。乙方的工作地点为上海市。"


def test_two_termination_rewrites_with_different_periods_are_not_pasted_together():
    """A new user's lease redline: the at-will termination and the termination-for-any-breach rewrites of one
    sentence were joined, so the pasted clause gave thirty days' and fifteen days' cure in a row."""
    from pipelines.screen import _joined_suggestion

    at_will = "任何一方严重违反本合同约定，经对方书面催告后三十日内仍未纠正的，对方有权书面通知解除本合同。"
    any_breach = "任何一方违反本合同约定，经对方书面催告后十五日内仍未纠正的，对方有权书面通知解除本合同。"
    assert _joined_suggestion(at_will, any_breach) == at_will
