"""Tests for pipelines.segment: the contract's own numbering decides the clauses.

The contracts here are short team-written texts, passed through the TXT extractor.
"""

from __future__ import annotations

import pytest

from pipelines.extract import extract
from pipelines.segment import SPLIT_CHARS, segment
from pipelines.types import BBox, ExtractedDocument, Line


def seg(text: str):
    doc = extract(text.encode("utf-8"))
    clauses = segment(doc)
    check_invariants(doc, clauses)
    return clauses


def check_invariants(doc, clauses):
    assert [c.clause_id for c in clauses] == [f"c{i:04d}" for i in range(1, len(clauses) + 1)]
    last_end = 0
    for c in clauses:
        assert doc.text[c.char_start:c.char_end] == c.text
        assert c.text == c.text.strip() and c.text
        assert c.char_start >= last_end
        last_end = c.char_end
        assert len(c.title) <= 30


def numbers(clauses):
    return [c.number for c in clauses]


PREAMBLE = "房屋租赁合同\n出租人（甲方）：星河置业有限公司\n承租人（乙方）：青岚餐饮管理有限公司\n"


def test_chapters_become_path_prefixes_and_articles_are_clauses():
    clauses = seg(
        PREAMBLE + "第一章 总则\n第一条 租赁物\n甲方将位于杭州市西湖区文三路88号的房屋出租给乙方。\n"
        "第二条 租赁期限\n租赁期限为三年。\n第二章 租金\n第三条 租金标准\n月租金为人民币伍仟元整。\n"
        "1. 租金按季度支付。\n2. 逾期支付的，按日万分之五支付违约金。\n第四条 押金\n押金为两个月租金。\n"
    )

    assert numbers(clauses) == ["", "第一条", "第二条", "第三条", "第四条"]
    preamble, first, _, third, _ = clauses
    assert preamble.text == PREAMBLE.strip() and preamble.path == () and preamble.title == ""
    assert first.path == ("第一章 总则", "第一条 租赁物") and first.title == "租赁物" and first.level == 2
    assert third.path == ("第二章 租金", "第三条 租金标准")
    assert third.text.endswith("2. 逾期支付的，按日万分之五支付违约金。")  # numbered items stay inside
    assert all("第二章" not in c.text for c in clauses)  # a bare chapter heading is only a path


def test_chinese_enumeration_with_parenthesised_items():
    clauses = seg(
        "设备采购合同\n一、采购标的\n（一）核心交换机两台。\n（二）服务器四台。\n二、价款\n"
        "（一）合同总价为人民币叁拾万元整。\n（二）价款含税。\n三、交付\n乙方应于2025年6月5日前交货。\n"
    )

    assert numbers(clauses) == ["", "一", "二", "三"]
    assert clauses[1].title == "采购标的" and clauses[1].path == ("一、采购标的",)
    assert "（二）服务器四台。" in clauses[1].text
    assert clauses[2].text.startswith("二、价款")


def test_parenthesised_chinese_numbers_at_top_level():
    clauses = seg("保密承诺书\n（一）保密信息的范围\n技术资料和客户名单。\n（二）保密期限\n离职后两年。\n")
    assert numbers(clauses) == ["", "（一）", "（二）"]
    assert clauses[2].title == "保密期限"


def test_decimal_levels_stay_inside_their_top_level_item():
    clauses = seg(
        "软件许可协议\n1. 定义\n1.1 “软件”指许可方开发的合同管理系统。\n1.2 “用户”指被许可方员工。\n"
        "1.2.1 用户数不超过五十人。\n2. 许可费\n2.1 许可费为每年人民币贰万元。\n2.2 许可费于每年一月支付。\n"
    )

    assert numbers(clauses) == ["", "1", "2"]
    assert clauses[1].title == "定义" and clauses[1].path == ("1. 定义",)
    assert "1.2.1 用户数不超过五十人。" in clauses[1].text


def test_item_numbers_that_do_not_fit_are_not_headings():
    clauses = seg(
        "服务合同\n1. 服务内容\n乙方提供系统运维服务。\n2. 服务费用\n费用按月结算：\n5. 日历日内付清。\n"
        "3. 违约责任\n逾期付款按日万分之五计付违约金。\n"
    )
    assert numbers(clauses) == ["", "1", "2", "3"]
    assert "5. 日历日内付清。" in clauses[2].text


@pytest.mark.parametrize("slip", ["第二条 付款方式", "第一条 付款方式", "第九条 付款方式"])
def test_a_titled_article_heading_out_of_sequence_still_starts_its_own_clause(slip):
    # GIVEN a contract whose drafter repeated, reversed or skipped an article number
    clauses = seg(f"买卖合同\n第一条 标的\n乙方交付设备一台。\n第二条 价款\n价款为十万元。\n{slip}\n"
                  "验收后十日内付清。\n第三条 违约责任\n违约方应赔偿损失。\n")
    # THEN every 第N条 heading with a title starts a clause: the anchor is found on its own
    assert numbers(clauses) == ["", "第一条", "第二条", slip.split()[0], "第三条"]
    assert clauses[3].text.startswith(slip) and "验收后十日内付清" in clauses[3].text


def test_a_cross_reference_at_the_start_of_a_line_is_not_an_out_of_sequence_heading():
    clauses = seg("买卖合同\n第一条 标的\n乙方交付设备一台。\n第二条 价款\n价款为十万元，按\n第一条 约定交付后支付。\n"
                  "第三条 违约责任\n违约方应赔偿损失。\n")
    assert numbers(clauses) == ["", "第一条", "第二条", "第三条"]


def test_a_list_inside_an_article_is_not_top_level():
    clauses = seg(
        "买卖合同\n第六条 验收\n1. 到货后三日内验收。\n2. 验收不合格的，乙方应更换。\n第七条 质量保证\n"
        "3. 质保期为十二个月。\n1. 质保期内免费维修。\n第八条 违约责任\n违约方应赔偿损失。\n"
    )
    assert numbers(clauses) == ["", "第六条", "第七条", "第八条"]
    assert "3. 质保期为十二个月。" in clauses[2].text and "1. 质保期内免费维修。" in clauses[2].text


def test_english_article_and_section_headings():
    clauses = seg(
        "SUPPLY AGREEMENT\nThis Agreement is made between Alpha Ltd. and Beta Co.\nARTICLE I\nDEFINITIONS\n"
        "Section 1.1 Products means the goods listed in Exhibit A.\nSection 1.2 Territory means China.\n"
        "ARTICLE II\nTERM\nSection 2.1 This Agreement runs for three years.\n"
    )

    assert numbers(clauses) == ["", "ARTICLE I", "ARTICLE II"]
    assert clauses[1].title == "DEFINITIONS" and clauses[1].path == ("ARTICLE I DEFINITIONS",)
    assert "Section 1.2 Territory means China." in clauses[1].text


def test_english_numbered_clauses():
    clauses = seg("HOSTING AGREEMENT\n1. Definitions\n1.1 Services means hosting.\n2. Fees\n2.1 Fees are monthly.\n")
    assert numbers(clauses) == ["", "1", "2"]
    assert clauses[1].title == "Definitions"


def test_mixed_styles_in_one_contract():
    clauses = seg(
        "技术开发合同\n第一条 开发内容\n一、开发移动应用一套。\n二、交付源代码。\n第二条 费用\n"
        "（一）开发费为人民币拾万元。\n1. 首付款30%。\n2. 验收后付70%。\n（二）费用含税。\n"
        "第三条 知识产权\n① 开发成果归甲方所有。\n② 乙方保留通用模块的权利。\n"
    )
    assert numbers(clauses) == ["", "第一条", "第二条", "第三条"]
    assert clauses[2].text.endswith("（二）费用含税。")


def test_groups_numbered_on_by_articles_are_path_prefixes():
    clauses = seg(
        "劳动合同\n一、劳动合同期限\n第一条 本合同为固定期限劳动合同。\n二、工作内容\n第二条 乙方担任销售岗位。\n"
        "第三条 工作地点为广州市。\n三、劳动报酬\n第四条 月工资为人民币陆仟元。\n"
    )
    assert numbers(clauses) == ["", "第一条", "第二条", "第三条", "第四条"]
    assert clauses[3].path == ("二、工作内容", "第三条 工作地点为广州市")
    assert clauses[1].title == "本合同为固定期限劳动合同"


def test_cross_references_never_start_a_clause():
    clauses = seg(
        "借款合同\n第三条 还款\n乙方应按期还款，逾期的按第八条处理。\n第八条约定的违约金不足以弥补损失的，甲方可以另行主张。\n"
        "第5.2条约定的利息按日计算。\n依照第八条的约定执行。\n第四条 担保\n丙方提供连带责任保证。\n"
    )
    assert numbers(clauses) == ["", "第三条", "第四条"]
    assert "第八条约定的违约金" in clauses[1].text


def test_heading_with_body_on_the_same_line():
    clauses = seg("租赁合同\n第七条违约责任：乙方逾期支付租金的，应支付违约金。\n第八条 争议解决：提交仲裁委员会仲裁。\n")
    assert numbers(clauses) == ["", "第七条", "第八条"]
    assert clauses[1].title == "违约责任"
    assert clauses[1].text == "第七条违约责任：乙方逾期支付租金的，应支付违约金。"
    assert clauses[2].title == "争议解决"


def test_amounts_and_table_rows_are_not_headings():
    clauses = seg(
        "采购合同\n1. 货物\n名称 | 数量\n2. 服务器 | 4台\n3.5万元为运费，由乙方承担。\n2. 付款\n验收后付款。\n"
    )
    assert numbers(clauses) == ["", "1", "2"]
    assert "3.5万元为运费" in clauses[1].text


def test_signature_block_is_its_own_clause():
    clauses = seg(
        "委托合同\n第一条 委托事项\n代为办理商标注册。\n第二条 其他\n本合同一式两份。\n\n"
        "甲方（盖章）：星河科技有限公司\n乙方（签字）：\n签订日期：2025年3月1日\n"
    )
    assert numbers(clauses) == ["", "第一条", "第二条", ""]
    assert clauses[-1].title == "签署" and clauses[-1].text.startswith("甲方（盖章）")
    assert clauses[2].text == "第二条 其他\n本合同一式两份。"


def test_text_without_numbering_is_one_preamble_clause():
    clauses = seg("补充协议\n双方同意将付款期限延长三十日。\n其他条款不变。\n")
    assert len(clauses) == 1 and clauses[0].number == "" and clauses[0].pages == ()


def test_table_of_contents_is_skipped():
    clauses = seg(
        "建设工程施工合同\n目 录\n第一条 工程概况\n第二条 合同工期\n第一条 工程概况\n工程名称：云境花园。\n"
        "第二条 合同工期\n计划工期四百天。\n"
    )
    assert numbers(clauses) == ["", "第一条", "第二条"]
    assert "目 录" in clauses[0].text and clauses[1].text == "第一条 工程概况\n工程名称：云境花园。"


def test_long_articles_are_split_at_their_items():
    items = "".join(f"{i}. " + "乙方应按照甲方要求提供驻场运维服务并提交月度报告。" * 22 + "\n" for i in range(1, 4))
    clauses = seg(f"运维服务合同\n第一条 服务内容\n{items}第二条 费用\n每月人民币贰万元。\n")

    assert sum(len(line) for line in items.splitlines()) > SPLIT_CHARS
    assert numbers(clauses) == ["", "1", "2", "3", "第二条"]
    assert clauses[1].path == ("第一条 服务内容", "1. 乙方应按照甲方要求提供驻场运维服务并提交月度报告")
    assert clauses[1].level == 2 and clauses[4].level == 1


def test_long_article_with_a_lead_in_keeps_it_as_a_clause():
    body = "乙方应保证数据安全。" * 10
    items = "".join(f"（{n}）" + "乙方不得向第三方披露甲方数据。" * 60 + "\n" for n in "一二")
    clauses = seg(f"数据处理协议\n第一条 数据安全\n{body}\n{items}")
    assert numbers(clauses) == ["", "第一条", "（一）", "（二）"]
    assert clauses[1].text == f"第一条 数据安全\n{body}"


def test_arabic_article_numbers_and_spaces_inside_numbers():
    clauses = seg("合同\n第 1 条 标的\n内容。\n第2条 价款\n内容。\n")
    assert numbers(clauses) == ["", "第1条", "第2条"]


def _pdf_doc(rows):
    """An ExtractedDocument of one PDF page: (text, x0, x1) per line, 18 pt apart."""
    text = "\n".join(t for t, _, _ in rows)
    lines, pos, y = [], 0, 100.0
    for t, x0, x1 in rows:
        box = BBox(page=1, x0=x0, y0=y, x1=x1, y1=y + 12)
        lines.append(Line(char_start=pos, char_end=pos + len(t), page=1, bbox=box))
        pos, y = pos + len(t) + 1, y + 18
    return ExtractedDocument(format="pdf", sha256="0" * 64, text=text, lines=tuple(lines), page_count=1)


def test_pdf_continuation_lines_do_not_start_clauses():
    doc = _pdf_doc([
        ("1. 定义", 60, 110),
        ("本合同所称服务费，是指乙方完成全部服务后，甲方依照本合同第五条及附件", 60, 520),
        ("2. 项下的义务由乙方承担的费用。", 60, 300),  # a wrapped line, not item 2
        ("2. 价款", 60, 110),
        ("合同总价为人民币拾万元。", 60, 250),
    ])

    clauses = segment(doc)

    check_invariants(doc, clauses)
    assert numbers(clauses) == ["1", "2"]
    assert clauses[0].pages == (1,) and len(clauses[0].bboxes) == 3
    assert clauses[1].text == "2. 价款\n合同总价为人民币拾万元。"
    assert clauses[1].bboxes[0].y0 == pytest.approx(154.0)


def test_pdf_article_heading_after_a_blank_form_line_is_kept():
    doc = _pdf_doc([
        ("第九条 签订地点", 60, 150),
        ("本合同签订地点：____________________________________________", 60, 520),
        ("第十条 其他", 60, 130),
        ("本合同一式两份。", 60, 200),
    ])
    assert numbers(segment(doc)) == ["第九条", "第十条"]


def test_a_glossary_item_opening_with_a_unit_word_and_a_restarted_title_split_where_a_reader_sees_them():
    # GIVEN a model contract: a glossary whose third term opens with 套 (a unit after a bare number: 3 套),
    # then the contract's title again and its recital before the first chapter
    clauses = seg("房屋买卖合同\n专业术语解释\n1. 商品房：是指开发企业出售的房屋。\n2. 法定代理人：是指依法取得代理权的人。\n"
                  "3. 套内建筑面积：是指成套房屋的套内面积。\n4. 不可抗力：是指不能预见的客观情况。\n"
                  "房屋买卖合同\n出卖人向买受人出售房屋，双方根据有关法律签订本合同。\n"
                  "第一章 合同当事人\n出卖人：某公司\n第一条 价款\n总价为人民币一百万元。")
    paths = [c.path for c in clauses]
    # THEN each term is its own clause, and the recital is an unnumbered clause under its title
    assert ("3. 套内建筑面积",) in paths and ("4. 不可抗力",) in paths
    recital = next(c for c in clauses if "双方根据有关法律" in c.text)
    assert recital.path == () and recital.text.startswith("房屋买卖合同")
    assert "双方根据" not in next(c for c in clauses if c.path == ("4. 不可抗力",)).text
    # AND a number followed by a unit is still no heading
    assert all(c.path != ("3 套",) for c in seg("第一条 标的\n甲方购买空调\n3 套，单价五千元。"))
