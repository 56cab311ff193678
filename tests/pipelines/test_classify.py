"""Contract type, clause categories and party roles on team-written text."""

from __future__ import annotations

import hashlib

import pytest

from pipelines.classify import (
    CONTRACT_TYPE_NAMES,
    classify_clauses,
    classify_contract_type,
    contract_title,
    party_roles,
)
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


# --- contract type: the DESIGN §14 taxonomy ---------------------------------------------
# Team-written: a title line and a few body lines per type, in the drafting of ordinary
# Chinese contracts (示范文本 covers, 编号 lines, 版本 suffixes, English titles).

_TAXONOMY = (
    "买卖合同", "采购合同", "供货/经销合同", "承揽合同", "服务合同", "物业服务合同", "技术开发合同", "技术服务合同",
    "软件许可合同", "房屋租赁合同", "劳动合同", "劳务派遣协议", "竞业限制协议", "借款合同", "保证合同", "抵押合同", "质押合同",
    "融资租赁合同", "股权转让协议", "合作协议", "特许经营合同", "仓储合同", "保密协议", "个人信息委托处理协议",
    "委托合同", "建设工程施工合同", "装饰装修合同", "运输合同", "广告发布合同", "其他",
)

_EVERY_TYPE = [
    ("工业品买卖合同", "出卖人：某机械厂\n买受人：某贸易公司\n标的物为数控车床两台，货到验收后付款。", "买卖合同"),
    ("合同编号：CG-2025-017\n办公设备采购合同", "采购方：某区教育局\n供应商：某科技公司\n采购打印机二十台。", "采购合同"),
    ("区域经销协议", "供方：某食品公司\n经销商：某商贸行\n经销区域为江苏省，年度销售目标五百万元。", "供货/经销合同"),
    ("服装定作合同（承揽）", "定作人：某酒店\n承揽人：某服装厂\n承揽人按定作人提供的样式制作工作服。", "承揽合同"),
    ("会议活动服务合同", "甲方：某协会\n乙方：某会展公司\n乙方负责年会的场地布置与现场服务，服务费八万元。", "服务合同"),
    ("前期物业服务合同（2024版）", "建设单位：某置业公司\n物业服务人：某物业公司\n物业服务费按建筑面积每月每平方米二元。", "物业服务合同"),
    ("移动应用软件开发合同", "委托方：某连锁药房\n开发方：某软件公司\n开发方按需求说明书开发会员小程序，开发成果归委托方。", "技术开发合同"),
    ("技术服务合同", "委托方：某化工厂\n受托方：某研究院\n受托方为委托方解决废水处理的技术问题。", "技术服务合同"),
    ("软件许可使用协议", "许可方：某软件公司\n被许可方：某医院\n许可方授予被许可方非独占的使用许可，许可费每年十万元。", "软件许可合同"),
    ("房屋租赁合同", "出租人：王某\n承租人：李某\n租赁房屋位于某市某路，月租金四千元。", "房屋租赁合同"),
    ("劳动合同书", "用人单位：某物流公司\n劳动者：赵某\n试用期两个月，月工资六千元。", "劳动合同"),
    ("劳务派遣协议", "派遣单位：某人力资源公司\n用工单位：某电子厂\n派遣单位向用工单位派遣被派遣劳动者三十名。", "劳务派遣协议"),
    ("竞业限制协议", "甲方：某芯片公司\n乙方：钱某\n乙方离职后一年内不得到竞争单位任职，甲方按月支付竞业限制补偿。", "竞业限制协议"),
    ("个人借款合同", "出借人：孙某\n借款人：周某\n借款金额五万元，年利率百分之六，一年后还本付息。", "借款合同"),
    ("最高额保证合同", "债权人：某银行\n保证人：某投资公司\n保证人为主债权提供连带责任保证，保证期间三年。", "保证合同"),
    ("抵押合同", "抵押权人：某小额贷款公司\n抵押人：吴某\n抵押人以其自有房产设定抵押，并办理抵押登记。", "抵押合同"),
    ("动产质押合同", "质权人：某银行\n出质人：某贸易公司\n出质人将其库存钢材交付质权人指定的监管人占有。", "质押合同"),
    ("融资租赁合同（回租）", "出租人：某金融租赁公司\n承租人：某制药公司\n租赁物为生产线一条，租赁期满承租人以名义价款留购。", "融资租赁合同"),
    ("关于某某餐饮管理有限公司之\n股权转让协议", "转让方：郑某\n受让方：某投资合伙企业\n转让方将其持有的目标公司百分之三十股权转让给受让方。", "股权转让协议"),
    ("战略合作协议", "甲方：某银行\n乙方：某电商平台\n双方在联合营销方面开展合作，合作期限三年。", "合作协议"),
    ("商业特许经营合同", "特许人：某茶饮品牌公司\n被特许人：冯某\n被特许人支付加盟费，在指定区域使用特许人的注册商标经营。", "特许经营合同"),
    ("仓储合同", "存货人：某家电公司\n保管人：某仓储公司\n仓储物为冰箱五百台，仓储费按月结算。", "仓储合同"),
    ("保密协议", "披露方：某基金公司\n接收方：某咨询公司\n接收方对保密信息承担保密义务。", "保密协议"),
    ("个人信息委托处理协议", "委托方：某保险公司\n受托方：某外呼服务公司\n受托方仅为委托方指定的目的处理客户个人信息。", "个人信息委托处理协议"),
    ("委托合同", "委托人：陈某\n受托人：某咨询公司\n受托人代委托人办理商标注册申请事务。", "委托合同"),
    # 行纪 (民法典第二十五章) is reviewed as a 委托合同 (第九百六十条), not as the sale the agent makes
    ("茶叶行纪合同", "委托人：某茶业公司\n行纪人：某贸易公司\n行纪人以自己的名义为委托人销售委托物，按指定售价对外销售。", "委托合同"),
    ("艺术品寄售协议", "寄售人：某画廊\n受托方：某拍卖公司\n受托方以自己名义出售寄售作品，成交后扣除佣金。", "委托合同"),
    ("GF—2017—0201\n建设工程施工合同\n（示范文本）", "发包人：某开发公司\n承包人：某建工集团\n工期三百六十日，工程款按月进度支付。", "建设工程施工合同"),
    ("住宅装饰装修工程施工合同", "发包人：褚某\n承包人：某装饰公司\n承包人负责住宅的装饰装修，工期六十日。", "装饰装修合同"),
    ("公路货物运输合同", "托运人：某钢铁公司\n承运人：某运输公司\n运费按吨公里计算，货物送达收货人。", "运输合同"),
    ("户外广告发布合同", "广告主：某汽车公司\n广告发布者：某传媒公司\n在某路口广告位发布广告三个月。", "广告发布合同"),
    ("会议纪要", "今天开会讨论了年会的日程安排。", "其他"),
]


@pytest.mark.parametrize("title, body, expected", _EVERY_TYPE)
def test_every_taxonomy_type_is_recognised(title, body, expected):
    assert classify_contract_type(_doc(f"{title}\n\n{body}")) == expected


def test_the_examples_cover_the_taxonomy_and_the_names_match_design_14():
    assert CONTRACT_TYPE_NAMES == _TAXONOMY
    assert {e for _, _, e in _EVERY_TYPE} == set(_TAXONOMY)


@pytest.mark.parametrize("text, expected", [
    # 示范文本 covers, 编号 and 版本 noise, prefixes and suffixes
    ("GF—2025—2614\n城镇房屋租赁合同\n（示范文本）\n国家市场监督管理总局 制定", "房屋租赁合同"),
    ("合同编号：HT2025-88\n签订地点：杭州\n设备采购合同（2025版）\n采购方：甲", "采购合同"),
    ("合同名称：办公家具采购合同\n采购方：甲", "采购合同"),
    ("劳动合同\n（通用）\n甲方（用人单位）：\n乙方（劳动者）：", "劳动合同"),
    ("房 屋 租 赁 合 同\n出租方（甲方）：某人", "房屋租赁合同"),
    ("商品房买卖合同（现售）\n出卖人：\n买受人：", "买卖合同"),
    # English titles
    ("EQUITY TRANSFER AGREEMENT\nTransferor: A\nTransferee: B", "股权转让协议"),
    ("Mutual Non-Disclosure Agreement\nThis Agreement is made between A and B.", "保密协议"),
    ("Distributorship agreement\nThe Distributor shall purchase the Products.", "供货/经销合同"),
    # the more specific type named in the title wins
    ("设备买卖（采购）合同\n卖方：甲\n买方：乙", "采购合同"),
    ("软件开发服务合同\n甲方：某公司\n乙方：某工作室", "技术开发合同"),
    ("借款抵押合同\n抵押人：甲\n抵押权人：乙", "抵押合同"),
    ("抵押借款合同\n借款人：甲\n出借人：乙", "借款合同"),
    ("法律服务委托合同\n委托人：甲\n受托人：某律师事务所", "委托合同"),
    ("劳务派遣服务协议\n甲方：某人力公司\n乙方：某工厂", "劳务派遣协议"),
    ("保密与竞业限制协议\n甲方：某公司\n乙方：某员工", "保密协议"),  # the non-compete checks list 保密协议 too
    ("委托加工合同\n甲方：某品牌\n乙方：某工厂", "承揽合同"),
    ("产品质量保证协议\n甲方：某车企\n乙方：某零部件厂", "其他"),  # a warranty, not a 保证合同
    ("房屋租赁居间合同\n委托人：甲\n居间人：乙", "其他"),  # 中介合同 is not in the taxonomy
    ("有追索权保理合同\n保理商：甲\n债权人：乙\n保证人：丙", "其他"),  # 保理合同 is not a 保证合同 (民法典第七百六十一条)
    ("建设工程监理合同\n委托人：甲\n监理人：乙", "委托合同"),  # 民法典第七百九十六条: supervision is governed by the rules of 委托合同
    ("国内旅游组团合同\n旅游者：甲\n旅行社：乙", "服务合同"),
    # party roles make a generic title specific
    ("租赁合同\n出租人（甲方）：某租赁公司\n承租人（乙方）：某印刷厂\n出卖人：某设备公司\n"
     "甲方根据乙方对出卖人、租赁物的选择，向出卖人购买租赁物，出租给乙方使用。", "融资租赁合同"),
    ("合作协议\n特许人（甲方）：某烘焙品牌公司\n被特许人（乙方）：某个体户\n乙方在约定区域开设门店。", "特许经营合同"),
    ("人力资源服务协议\n派遣单位（甲方）：某人力公司\n用工单位（乙方）：某工厂", "劳务派遣协议"),
    ("委托协议\n委托方：某电商公司\n受托方：某客服公司\n受托方受托处理委托方用户的个人信息，"
     "个人信息仅用于售后回访，合同终止后删除全部个人信息。", "个人信息委托处理协议"),
    # no typed title: role lines and body decide
    ("补充协议\n出租人：甲\n承租人：乙\n租金自下月起调整为每月一万元。", "房屋租赁合同"),
    ("协议书\n转让方：甲\n受让方：乙\n甲方将其持有的目标公司百分之二十股权转让给乙方，股权转让款二百万元。", "股权转让协议"),
    ("目录\n第一部分 合同协议书\n发包人：甲\n承包人：乙\n建设工程的工程款按月支付。", "建设工程施工合同"),
])
def test_titles_prefixes_english_and_competing_types(text, expected):
    assert classify_contract_type(_doc(text)) == expected


@pytest.mark.parametrize("text, expected", [
    # a 保密协议 that mentions 竞业 once is still a 保密协议
    ("保密协议\n披露方：某公司\n接收方：某供应商\n接收方对保密信息承担保密义务，本协议不涉及竞业限制。\n"
     "保密期限为五年。", "保密协议"),
    # a 服务合同 that mentions 租赁 in passing is not a lease
    ("物流园区运营服务合同\n甲方：某园区公司\n乙方：某运营公司\n乙方提供招商与运营服务，协助甲方办理场地租赁手续，"
     "租金由甲方自行收取。服务费每年五十万元。", "服务合同"),
    # a 劳动合同 that mentions 保密 and 竞业限制 stays a 劳动合同
    ("劳动合同\n用人单位：某公司\n劳动者：某人\n劳动者应遵守保密义务；竞业限制另行约定。", "劳动合同"),
    # a 采购合同 of leased-in equipment is not a 融资租赁
    ("设备采购合同\n采购方：某医院\n供应商：某公司\n设备交付后采购方不得出租。", "采购合同"),
    # a house lease with a 出卖人 mentioned (买卖不破租赁) is not a 融资租赁
    ("房屋租赁合同\n出租人：甲\n承租人：乙\n租赁期间出卖人出售房屋的，不影响本租赁合同效力。", "房屋租赁合同"),
])
def test_near_misses_keep_their_type(text, expected):
    assert classify_contract_type(_doc(text)) == expected


def test_contract_title_skips_number_lines_and_instructions():
    assert contract_title("GF—2025—1001\n委托合同\n（示范文本）\n使用说明\n一、本合同文本为示范文本。") == "委托合同"
    assert contract_title("合同编号：A-1\n签订日期：2025年1月1日\n仓储合同（2025版）") == "仓储合同"
    assert contract_title("Exhibit 10.16\nSUPPLY CONTRACT\nContract No:") == "SUPPLY CONTRACT"
    assert contract_title("第一条 合同标的\n甲方：") == ""


def test_every_playbook_contract_type_is_one_the_classifier_outputs():
    """A check gated on a type the classifier never outputs never fires."""
    import pathlib

    import yaml

    unknown: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "contract_types":
                    unknown.update(t for t in v if t not in CONTRACT_TYPE_NAMES)
                else:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for path in (pathlib.Path(__file__).parents[2] / "pipelines" / "playbook").glob("*.yaml"):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert not unknown


# --- clause categories -----------------------------------------------------------------

def _one(title: str, text: str, contract_type: str | None = None) -> Category:
    [c] = classify_clauses([_clause(5, title, f"第五条 {title}\n{text}")], contract_type)
    return c.category


@pytest.mark.parametrize("title, text, expected", [
    # a 违约责任/赔偿 clause that only caps or excludes liability is liability_limitation
    ("违约责任", "乙方因本合同承担的赔偿责任总额以本合同总价款的10%为限。", Category.liability_limitation),
    ("违约责任", "任何一方对间接损失、利润损失不承担责任，累计赔偿责任不超过合同金额。", Category.liability_limitation),
    ("赔偿", "乙方的最高赔偿额不超过其已收取的服务费。", Category.liability_limitation),
    ("责任限制", "甲方对因使用本软件造成的任何损失不承担任何责任。", Category.liability_limitation),
    ("免责条款", "因第三方原因导致服务中断的，乙方免于承担责任。", Category.liability_limitation),
    # …but a clause that imposes a penalty or damages stays breach_liability, capped or not
    ("违约责任", "逾期交货的，每日按合同总价的千分之一支付违约金，违约金总额以合同总价的10%为限。",
     Category.breach_liability),
    ("违约责任", "乙方应赔偿甲方的直接损失，但赔偿总额不超过合同总价的30%。", Category.breach_liability),
    ("违约责任", "一方违约的，应赔偿对方因此遭受的全部损失，包括律师费。", Category.breach_liability),
    # guarantee
    ("保证", "丙方为乙方的债务提供连带责任保证，保证期间为主债务履行期限届满之日起三年。", Category.guarantee),
    ("担保", "本合同项下乙方的付款义务由丙方承担连带保证责任。", Category.guarantee),
    ("", "保证人承担保证责任的范围包括本金、利息、违约金和实现债权的费用。", Category.guarantee),
    ("质押", "出质人将其持有的股权出质给质权人并办理出质登记。", Category.guarantee),
    ("保证金", "乙方应于签约后五日内向甲方缴纳履约保证金五万元。", Category.price_payment),  # money, not a 保证
    ("质量保证", "乙方保证所供货物符合国家标准，质保期为十二个月。", Category.warranty),
    ("权利瑕疵", "乙方保证交付的软件不侵犯任何第三方的知识产权。", Category.warranty),
    # data protection
    ("数据处理", "受托方应按照委托方的指示处理数据，不得转委托第三方处理。", Category.data_protection),
    ("数据出境", "未经甲方书面同意，乙方不得将数据传输至中华人民共和国境外。", Category.data_protection),
    ("保密与数据", "乙方收集的用户个人信息应存储于境内服务器，未经同意不得向境外提供。", Category.data_protection),
    ("", "合同终止后，受托方应删除或返还全部个人信息，不得保留副本。", Category.data_protection),
    ("保密", "保密信息包括客户名单及客户个人信息，双方负有保密义务。", Category.confidentiality),
    # labour
    ("竞业限制", "乙方离职后二年内不得到有竞争关系的单位任职，甲方按月支付竞业补偿。", Category.labor),
    ("服务期", "甲方出资为乙方提供专项培训，乙方服务期为三年。", Category.labor),
    ("劳动报酬", "乙方月工资为八千元，于每月十五日前发放。", Category.labor),
    ("合同的解除", "乙方提前三十日以书面形式通知甲方，可以解除劳动合同。", Category.termination),
    # lease and loan
    ("转租", "未经出租人书面同意，承租人不得转租。", Category.lease),
    ("押金", "承租人签约时支付押金两个月租金，租赁期满无违约的，押金无息退还。", Category.lease),
    ("逾期还款", "借款人逾期还款的，按借款利率上浮50%计收罚息并计收复利。", Category.loan),
    ("其他约定", "出借人在出借时预先扣除利息。", Category.loan),
    # ip, acceptance, termination, price
    ("成果归属", "乙方在履行本合同中形成的技术成果及专利申请权归甲方。", Category.ip),
    ("知识产权", "乙方保证成果不侵犯第三方知识产权；成果的著作权归甲方所有。", Category.ip),
    ("质量异议", "甲方对质量有异议的，应在收货后十五日内书面提出。", Category.acceptance),
    ("", "系统上线运行即视为验收合格。", Category.acceptance),
    ("提前解约", "任何一方提前三十日书面通知对方可以解约。", Category.termination),
    ("合同解除", "甲方有权随时解除本合同而无需承担任何责任。", Category.termination),
    ("不可抗力", "因不可抗力不能履行合同的，部分或者全部免除责任。", Category.force_majeure),
    ("", "甲方收到业主支付的工程款后十日内向乙方支付相应款项。", Category.price_payment),
    ("价格调整", "原材料价格上涨超过5%的，乙方有权调整单价。", Category.price_payment),
])
def test_clause_categories_in_several_phrasings(title, text, expected):
    assert _one(title, text) == expected


def test_a_guarantee_contract_pulls_its_ambiguous_clauses_to_guarantee():
    text = "保证人在债权人要求时承担责任，范围包括主债务及利息。"
    assert _one("责任范围", text, "保证合同") == Category.guarantee


def test_the_published_contract_types_are_the_ones_the_classifier_outputs():
    from pipelines.types import CONTRACT_TYPES

    assert CONTRACT_TYPES == CONTRACT_TYPE_NAMES


def test_a_playbook_suggestion_reads_in_the_contracts_own_party_names():
    from pipelines.classify import in_party_names, party_roles

    suggestion = "买方应在收到卖方开具的合法发票后三十日内付款；买受人逾期的，应向出卖人支付违约金。"
    # GIVEN a contract that names the buyer 采购方 and calls the parties 甲方/乙方 throughout
    doc = "甲方（采购方）：宁波某公司\n乙方（供货方）：杭州某厂\n第一条 甲方应向乙方支付货款。乙方应按期交货。"
    # THEN the suggestion speaks of 甲方 and 乙方, the words a lawyer pastes into this contract
    assert in_party_names(suggestion, party_roles(doc), doc) == (
        "甲方应在收到乙方开具的合法发票后三十日内付款；甲方逾期的，应向乙方支付违约金。")
    # AND a contract that itself speaks of 买方/卖方 keeps them, and one with other sides (a lease) is left alone
    own = "甲方（买方）：X\n乙方（卖方）：Y\n买方应付款，卖方应交货。"
    assert in_party_names(suggestion, party_roles(own), own).startswith("买方应在收到卖方")
    lease = "出租人：张三\n承租人：李四\n第一条 租金"
    assert in_party_names(suggestion, party_roles(lease), lease) == suggestion
    # AND a contract whose 甲方 is the seller gets the seller's duties on 甲方, not reversed
    reversed_roles = "甲方（卖方）：杭州某厂\n乙方（买方）：宁波某公司\n甲方应按期交货，乙方应付款。"
    assert in_party_names(suggestion, party_roles(reversed_roles), reversed_roles) == (
        "乙方应在收到甲方开具的合法发票后三十日内付款；乙方逾期的，应向甲方支付违约金。")
    # AND the letter on each line decides its side, even when 乙方 is listed first
    b_first = "乙方（买方）：宁波某公司\n甲方（卖方）：杭州某厂\n甲方应按期交货，乙方应付款。"
    roles = party_roles(b_first)
    assert (set(roles["party_a"]), set(roles["party_b"])) == ({"卖方", "甲方"}, {"买方", "乙方"})
    assert in_party_names(suggestion, party_roles(b_first), b_first).startswith("乙方应在收到甲方开具")
    freight = "甲方（托运人）：某厂\n乙方（承运人）：某物流公司\n乙方应按期运达。"
    assert in_party_names("承运人迟延的，应向托运人支付违约金。", party_roles(freight), freight) == "乙方迟延的，应向甲方支付违约金。"


def test_a_suggestion_for_either_side_is_addressed_to_the_sides_the_sentence_names():
    from pipelines.classify import for_the_paying_side, party_roles

    suggestion = "一方逾期履行的，每逾期一日，应按逾期部分金额的万分之五向对方支付违约金；违约金不足以弥补实际损失的，违约方应赔偿差额部分。"
    doc = "出租方（甲方）：王某\n承租方（乙方）：李某\n第三条 租金"
    roles = party_roles(doc)
    # GIVEN a lease whose late-rent sentence has 乙方 pay 甲方
    evidence = "3.3 逾期支付租金的，每逾期一日，乙方应按月租金的10%向甲方支付违约金。"
    # THEN the revision a lawyer pastes speaks of 乙方 paying 甲方
    assert for_the_paying_side(suggestion, evidence, roles) == (
        "乙方逾期履行的，每逾期一日，应按逾期部分金额的万分之五向甲方支付违约金；违约金不足以弥补实际损失的，乙方应赔偿差额部分。")
    # AND a sentence that binds both sides, or names no payee, keeps the suggestion for either side
    assert for_the_paying_side(suggestion, "任何一方逾期的，应向对方支付违约金。", roles) == suggestion
    assert for_the_paying_side(suggestion, "逾期的，每日按10%计付违约金。", roles) == suggestion
    # AND a suggestion not written for either side is left alone
    assert for_the_paying_side("乙方应按期支付租金。", evidence, roles) == "乙方应按期支付租金。"


@pytest.mark.parametrize("title, expected", [
    # an agency named beside 服务 is a 委托合同 (民法典第九百一十九条); a plain service stays a service
    ("商标注册代理及品牌监测服务合同", "委托合同"), ("品牌营销代理服务合同", "委托合同"), ("信息技术运维服务合同", "服务合同"),
    # a venue operated for a fee to its owner is a lease, not construction
    ("停车场整体承包经营合同", "房屋租赁合同"), ("食堂承包经营合同", "房屋租赁合同"), ("建设工程施工承包合同", "建设工程施工合同"),
    # the loan listed first with its securities after a conjunction is the loan (第三百八十八条: they are accessory);
    # a mortgage for a loan without a conjunction stays a mortgage
    ("借款、质押及保证合同", "借款合同"), ("借款及抵押担保合同", "借款合同"), ("借款抵押合同", "抵押合同"), ("借款及股权质押合同", "借款合同"), ("借款质押合同", "质押合同"),
    ("借款及设备抵押合同", "借款合同"), ("最高额保证合同", "保证合同"),
])
def test_the_title_names_the_nominate_contract_behind_generic_words(title, expected):
    from pipelines.classify import title_contract_type
    assert title_contract_type(title) == expected


def test_rural_land_contracting_is_not_read_as_a_lease():
    from pipelines.classify import title_contract_type
    assert title_contract_type("土地承包经营权流转合同") != "房屋租赁合同"
