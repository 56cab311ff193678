"""Contract type, clause categories and party roles on team-written text."""

from __future__ import annotations

import hashlib

import pytest

from pipelines.classify import classify_clauses, classify_contract_type, party_roles
from pipelines.types import Category, Clause, ExtractedDocument, Line


def _doc(text: str) -> ExtractedDocument:
    lines, pos = [], 0
    for ln in text.split("\n"):
        lines.append(Line(char_start=pos, char_end=pos + len(ln)))
        pos += len(ln) + 1
    return ExtractedDocument(format="txt", sha256=hashlib.sha256(text.encode()).hexdigest(), text=text, lines=tuple(lines))


@pytest.mark.parametrize("title, body, expected", [
    ("房屋租赁合同", "出租人：某公司\n承租人：某人\n租金每月五千元。", "房屋租赁合同"),
    ("劳动合同书", "用人单位：某公司\n劳动者：某人\n试用期一个月。", "劳动合同"),
    ("借款协议", "出借人：甲\n借款人：乙\n借款金额十万元，利息按年计算。", "借款合同"),
    ("保密协议", "披露方与接收方就保密信息达成如下约定。", "保密协议"),
    ("建设工程施工专业分包合同", "承包人：甲\n分包人：乙\n工程款按月支付。", "建设工程施工合同"),
    ("道路货物运输合同", "托运人：甲\n承运人：乙\n运费按吨计算。", "运输合同"),
    ("会议纪要", "今天开会讨论了天气。", "其他"),
])
def test_contract_type_comes_from_title_and_roles(title, body, expected):
    assert classify_contract_type(_doc(f"{title}\n\n{body}")) == expected


def _clause(i: int, title: str, text: str, path=None) -> Clause:
    return Clause(clause_id=f"c{i:04d}", path=path or (f"第{i}条 {title}",), number=f"第{i}条", title=title,
                  text=text, char_start=0, char_end=len(text), level=1)


def test_clause_title_decides_the_category():
    clauses = classify_clauses([
        _clause(1, "违约责任", "第一条 违约责任\n逾期付款的，按日万分之五支付违约金。"),
        _clause(2, "争议解决", "第二条 争议解决\n提交上海仲裁委员会仲裁。"),
        _clause(3, "不可抗力", "第三条 不可抗力\n受影响一方应及时通知。"),
        _clause(4, "保密", "第四条 保密\n双方对商业秘密负有保密义务。"),
        _clause(5, "验收", "第五条 验收\n到货后十日内检验。"),
    ])
    assert [c.category for c in clauses] == [Category.breach_liability, Category.dispute_resolution,
                                             Category.force_majeure, Category.confidentiality, Category.acceptance]


def test_body_decides_when_the_title_is_silent():
    [c] = classify_clauses([_clause(9, "其他约定", "第九条 其他约定\n借款年利率为6%，按季付息，到期还本。")])
    assert c.category == Category.loan


def test_a_sub_clause_without_signal_inherits_from_its_article_heading():
    parent = ("第八条 知识产权",)
    clauses = classify_clauses([
        _clause(1, "", "1. 本项目成果的著作权归委托方所有。", path=parent + ("1.",)),
        _clause(2, "", "2. 乙方应配合办理相关手续。", path=parent + ("2.",)),
    ])
    assert [c.category for c in clauses] == [Category.ip, Category.ip]


def test_party_roles_read_from_the_preamble():
    roles = party_roles("租赁合同\n出租人（甲方）：某公司\n承租人（乙方）：某人\n")
    assert set(roles["party_a"]) == {"甲方", "出租人"} and set(roles["party_b"]) == {"乙方", "承租人"}
    roles = party_roles("分包合同\n承包人：某建设公司\n分包人：某劳务公司\n")
    assert "承包人" in roles["party_a"] and "分包人" in roles["party_b"]


def test_the_contract_type_prior_pulls_ambiguous_clauses_to_its_home_category():
    clause = _clause(2, "工作内容", "第二条 工作内容\n乙方从事销售工作，工作岗位为销售代表。")
    [without] = classify_clauses([clause])
    [with_prior] = classify_clauses([clause], "劳动合同")
    assert without.category == Category.subject_quality
    assert with_prior.category == Category.labor
