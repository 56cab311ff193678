"""Typed clause elements and the norms code judges them by (DESIGN §8, issue 7).

The LLM is the *finder*: it reads every substantive clause and fills a small typed
record for the clause's category — who holds a right, on what condition, with what
consequence, which period — quoting the words it relied on. It does not judge. Code
compares the record with the norms below; each norm names a risk kind of the playbook's
catalogue (a check id, which carries the statutes, severity, explanation and
suggestion). Small models fill fields well and judge poorly (DESIGN §8), so the yes/no
decision is never the model's.

A :class:`Template` per clause category gives the fields (each an enum of plain-Chinese
answers, or a number) and the prompt text that explains them. A :class:`Norm` is a
condition over one record, e.g. "who may terminate is one party only and the ground is
'at will'" → ``termination.unilateral_at_will`` (民法典第五百六十二条、第五百六十三条:
termination needs agreement, an agreed ground or a statutory ground).

Every norm is written from the rule of law it applies, not from any contract's wording;
the answers are the legal categories a lawyer would sort the clause into.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from pipelines.types import Category

__all__ = ["Field", "Norm", "Template", "TEMPLATES", "NORMS", "judge", "record_schema", "template_prompt"]

UNKNOWN = "未明确"


@dataclass(frozen=True)
class Field:
    """One element of a clause record.

    Attributes:
        name: JSON key.
        question: the question put to the model (plain Chinese).
        choices: the allowed answers (an enum); empty for a number.
        number: the answer is a number (days, percent …); -1 means "not stated".
        percent: the number is a rate in percent (checked against the clause's rates).
    """

    name: str
    question: str
    choices: tuple[str, ...] = ()
    number: bool = False
    percent: bool = False


@dataclass(frozen=True)
class Template:
    """The element record of one clause category: its fields, in the order asked."""

    category: Category
    fields: tuple[Field, ...]


@dataclass(frozen=True)
class Norm:
    """A condition over one element record that makes the clause a risk.

    Attributes:
        check_id: the playbook catalogue entry the norm reports (title, statutes,
            severity, explanation, suggestion come from it).
        category: the record's category.
        test: ``test(record, contract_type) -> bool``; a record's fields are strings
            from the field's choices, or numbers (-1 when not stated).
        because: the comparison, stated for the reasoning chain (plain Chinese).
        requires: a regular expression of the legal concept's own vocabulary that the
            clause must contain for the norm to apply (a termination norm needs 解除/终止,
            a cap needs an upper bound …). It is not a detector — the record decides —
            but a guard against a record about a topic the clause does not touch.
    """

    check_id: str
    category: Category
    test: Callable[[Mapping[str, object], str], bool]
    because: str
    requires: str = ""


def _f(name: str, question: str, *choices: str) -> Field:
    return Field(name=name, question=question, choices=(*choices, UNKNOWN) if UNKNOWN not in choices else choices)


def _n(name: str, question: str, *, percent: bool = False) -> Field:
    return Field(name=name, question=question, number=True, percent=percent)


ONE_PARTY = ("甲方", "乙方")

TEMPLATES: dict[Category, Template] = {t.category: t for t in (
    Template(Category.termination, (
        _f("holder", "谁有权解除或终止合同", "甲方", "乙方", "双方均可", "协商一致"),
        _f("ground", "解除需要什么理由", "无需理由随时可解除", "对方违约或法定事由", "约定的具体事由", "协商一致"),
        _n("notice_days", "提前通知天数，未写为-1"),
        _f("other_breach", "对方违约时，受约束的一方能否解除", "可以解除", "无论对方是否违约都不得解除", "不涉及"),
        _f("how", "解除如何生效", "通知对方后生效", "违约即自动解除，无需通知", "不涉及"),
    )),
    Template(Category.price_payment, (
        _f("trigger", "付款以什么为条件", "约定的日期或期限", "交付或验收合格", "收到发票或结算单",
           "第三方(业主/最终客户/上游)付款", "付款方审核、认可或自行决定"),
        _n("period_days", "满足条件后多少日内付款，未写为-1"),
        _f("price", "价格能否变动", "固定价格", "一方可单方调整价格", "双方协商调整", "价格留待以后另行协商确定"),
        _f("means", "用什么支付", "银行转账或现金", "商业汇票、承兑汇票等票据"),
        _f("deduction", "付款方能否从应付款中扣除违约金、罚款或损失", "可自行认定并直接扣除", "须经双方确认后扣除", "不涉及扣款"),
    )),
    Template(Category.acceptance, (
        _f("deemed", "什么情况下视为验收合格", "签收即视为合格", "使用或上线即视为合格",
           "期限内未提异议即视为合格", "以第三方验收为准", "没有视为合格的约定"),
        _n("objection_days", "提出质量异议或验收的期限天数，未写为-1"),
    )),
    Template(Category.liability_limitation, (
        _f("kind", "责任如何被限制", "一方不承担任何责任", "赔偿设有上限", "排除间接损失等部分损失", "没有限制"),
        _f("carve_out", "限制是否排除了故意或重大过失、人身伤害", "已排除(故意重大过失或人身伤害不受限制)", "未排除"),
        _f("who", "责任限制保护谁", "只保护一方", "双方对等"),
    )),
    Template(Category.breach_liability, (
        _f("penalty_period", "违约金按什么计算", "每日", "每周或每月", "一次性按总价比例", "固定金额", "按实际损失"),
        _n("rate_percent", "违约金比例的百分数(如千分之五写0.5，10%写10)，未写为-1", percent=True),
        _f("deposit_and_penalty", "定金与违约金能否同时主张", "可以同时主张", "只能选择其一", "不涉及定金"),
    )),
    Template(Category.dispute_resolution, (
        _f("forum", "争议由谁解决", "仲裁", "法院诉讼", "既可仲裁也可诉讼", "先仲裁，不服再诉讼"),
        _f("institution", "仲裁机构", "写明了唯一的仲裁委员会", "未写明或写了多个", "不涉及仲裁"),
        _f("final", "仲裁裁决是否终局", "终局", "可以上诉或起诉", "不涉及仲裁"),
        _f("court", "约定的法院", "写明了具体地点的法院(如被告住所地、签订地)", "当地法院、有关法院或由一方指定", "不涉及法院"),
    )),
    Template(Category.labor, (
        _f("penalty_payer", "约定由谁向谁支付违约金或罚款", "劳动者向用人单位", "用人单位向劳动者", "没有违约金"),
        _f("penalty_ground", "劳动者违约金的事由", "服务期(专项培训)", "竞业限制", "其他事由(如提前离职、违纪)", "没有违约金"),
        _f("unilateral_change", "用人单位能否单方调整", "可单方调整岗位、地点或工资", "须协商一致", "没有约定"),
        _f("social_insurance", "社会保险", "依法缴纳", "劳动者放弃或折现发放", "没有约定"),
        _f("noncompete_pay", "竞业限制补偿", "按月支付经济补偿", "不支付或已包含在工资中", "不涉及竞业限制"),
        _f("wage_form", "工资以什么形式支付", "货币", "实物、购物卡、股份等折抵", "不涉及工资"),
        _f("probation", "试用期与劳动合同", "试用期包含在劳动合同期限内", "单独签试用期合同或试用期满后才签劳动合同", "不涉及试用期"),
    )),
    Template(Category.data_protection, (
        _f("purpose", "处理个人信息的目的与范围", "限于约定目的和范围", "受托方可用于其他目的", "没有约定"),
        _f("subprocessing", "能否转委托第三方处理", "须经委托方同意", "受托方可自行转委托", "没有约定"),
        _f("after_end", "合同结束后个人信息", "删除或返还", "受托方可继续保留或使用", "没有约定"),
        _f("cross_border", "是否向境外提供", "不向境外提供", "可向境外提供且无条件", "须符合法定条件", "没有约定"),
    )),
    Template(Category.guarantee, (
        _f("kind", "保证方式", "一般保证", "连带责任保证", "没有约定"),
        _f("period", "保证期间", "约定了具体期间", "与主债务同时届满或直至还清", "没有约定"),
    )),
    Template(Category.lease, (
        _f("sublease", "承租人转租", "须经出租人同意", "承租人可自行转租", "没有约定"),
        _f("repairs", "房屋主体结构和设施的维修由谁负责", "出租人", "承租人", "没有约定"),
        _f("deposit", "押金在承租人违约时", "按实际损失扣除", "全部不予退还", "没有约定"),
    )),
    Template(Category.loan, (
        _f("deducted", "利息是否在本金中预先扣除", "预先扣除", "不预先扣除"),
        _f("compound", "是否计算复利(利息计入本金再计息)", "计算复利", "不计复利"),
        _n("annual_rate_percent", "年利率百分数，未写为-1", percent=True),
    )),
    Template(Category.delivery, (
        _f("time", "交付或履行时间", "确定的日期或期限", "由一方通知或自行决定", "没有约定"),
    )),
    Template(Category.force_majeure, (
        _f("scope", "不可抗力范围", "法定不可抗力(不能预见、不能避免、不能克服)",
           "包括一方自身原因(资金、人员、供应商、设备故障等)", "没有约定"),
    )),
    Template(Category.warranty, (
        _f("warranty", "质量保证", "提供质量保证", "排除一切质量保证或瑕疵责任", "没有约定"),
    )),
    Template(Category.ip, (
        _f("improvements", "被许可方或受托方的改进成果归属", "归改进方", "无偿归许可方或委托方", "双方共有", "没有约定"),
    )),
)}


def _is(field_name: str, *values: str) -> Callable[[Mapping[str, object], str], bool]:
    return lambda r, _t: r.get(field_name) in values


def _num(value: object) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return -1.0


_NORMS: tuple[Norm, ...] = (
    Norm("termination.unilateral_at_will", Category.termination,
         lambda r, _t: r.get("holder") in ONE_PARTY and r.get("ground") == "无需理由随时可解除",
         "只有一方可以不附理由随时解除，对方没有对等权利（民法典第五百六十二条、第五百六十三条：解除须协商一致、约定事由或法定事由）"),
    Norm("payment.back_to_back", Category.price_payment, _is("trigger", "第三方(业主/最终客户/上游)付款"),
         "付款取决于合同外第三方是否付款，付款期限不确定（民法典第五百一十条、第五百一十一条）"),
    Norm("payment.time_at_payer_discretion", Category.price_payment, _is("trigger", "付款方审核、认可或自行决定"),
         "付款条件由付款方自行判断是否成就，付款期限实际由付款方单方决定（民法典第五百一十一条、第一百五十九条）"),
    Norm("price.unilateral_adjustment", Category.price_payment, _is("price", "一方可单方调整价格"),
         "价格可由一方单方调整，价款这一合同主要条款处于不确定状态（民法典第五百一十条、第五百一十三条）"),
    Norm("acceptance.deemed_on_signing", Category.acceptance, _is("deemed", "签收即视为合格"),
         "以签收推定质量合格，买受人丧失合理检验期间（民法典第六百二十条、第六百二十三条）"),
    Norm("acceptance.deemed_by_use_or_silence", Category.acceptance,
         lambda r, _t: r.get("deemed") == "使用或上线即视为合格"
         or (r.get("deemed") == "期限内未提异议即视为合格" and 0 <= _num(r.get("objection_days")) <= 7),
         "以使用或极短期限内未提异议推定验收合格，检验期限不合理（民法典第六百二十条、第六百二十二条）"),
    Norm("acceptance.third_party_dependent", Category.acceptance, _is("deemed", "以第三方验收为准"),
         "验收以合同外第三方为准，验收时间不确定（民法典第五百一十条、第六百二十条）"),
    Norm("liability.total_exemption", Category.liability_limitation, _is("kind", "一方不承担任何责任"),
         "一方免除自身全部责任，可能排除对方主要权利（民法典第四百九十七条、第五百零六条）"),
    Norm("liability.cap_any_cause", Category.liability_limitation,
         lambda r, _t: r.get("kind") in ("赔偿设有上限", "排除间接损失等部分损失") and r.get("carve_out") == "未排除",
         "责任限制未排除故意、重大过失和人身伤害，该部分免责条款无效（民法典第五百零六条）"),
    Norm("breach.ld_excessive", Category.breach_liability,
         lambda r, _t: (r.get("penalty_period") == "每日" and _num(r.get("rate_percent")) > 0.1)
         or (r.get("penalty_period") == "一次性按总价比例" and _num(r.get("rate_percent")) > 30),
         "违约金日比例超过0.1%或一次性超过总价30%，可能被认定过分高于损失而调减（民法典第五百八十五条）"),
    Norm("breach.deposit_and_ld", Category.breach_liability, _is("deposit_and_penalty", "可以同时主张"),
         "定金与违约金同时主张，与择一适用的规定不符（民法典第五百八十八条）"),
    Norm("dispute.arbitration_or_litigation", Category.dispute_resolution, _is("forum", "既可仲裁也可诉讼"),
         "既约定仲裁又约定诉讼，仲裁协议无效（仲裁法第二十七条、第二十九条）"),
    Norm("dispute.arbitration_body_unclear", Category.dispute_resolution,
         lambda r, _t: r.get("forum") == "仲裁" and r.get("institution") == "未写明或写了多个",
         "仲裁机构未约定或不唯一，仲裁协议可能无效（仲裁法第二十七条、第二十九条）"),
    Norm("dispute.award_appealable", Category.dispute_resolution,
         lambda r, _t: r.get("forum") == "先仲裁，不服再诉讼" or r.get("final") == "可以上诉或起诉",
         "约定仲裁后仍可起诉，与一裁终局不符（仲裁法第十条）"),
    Norm("dispute.labor_direct_litigation", Category.dispute_resolution,
         lambda r, t: t == "劳动合同" and r.get("forum") == "法院诉讼",
         "劳动争议须先经劳动争议仲裁，不能直接起诉（劳动争议调解仲裁法第五条、第四十七条）"),
    Norm("labor.employee_penalty", Category.labor,
         lambda r, _t: r.get("penalty_payer") == "劳动者向用人单位" and r.get("penalty_ground") == "其他事由(如提前离职、违纪)",
         "除服务期和竞业限制外，用人单位不得约定由劳动者承担违约金（劳动合同法第二十五条）"),
    Norm("labor.unilateral_change", Category.labor, _is("unilateral_change", "可单方调整岗位、地点或工资"),
         "变更劳动合同约定的内容须协商一致并采用书面形式（劳动合同法第三十五条）"),
    Norm("labor.social_insurance_waiver", Category.labor, _is("social_insurance", "劳动者放弃或折现发放"),
         "缴纳社会保险是法定义务，不能约定放弃（劳动法第七十二条、社会保险法第五十八条）"),
    Norm("labor.noncompete_no_compensation", Category.labor, _is("noncompete_pay", "不支付或已包含在工资中"),
         "竞业限制须在解除或终止后按月给予经济补偿（劳动合同法第二十三条）"),
    Norm("data.use_without_basis", Category.data_protection, _is("purpose", "受托方可用于其他目的"),
         "受托人应按约定的目的和方式处理个人信息，不得超出（个人信息保护法第二十一条）"),
    Norm("data.subprocessing_without_consent", Category.data_protection, _is("subprocessing", "受托方可自行转委托"),
         "受托人未经个人信息处理者同意，不得转委托他人处理（个人信息保护法第二十一条）"),
    Norm("data.retention_after_end", Category.data_protection, _is("after_end", "受托方可继续保留或使用"),
         "委托关系解除后受托人应返还或删除个人信息，不得保留（个人信息保护法第二十一条）"),
    Norm("data.cross_border_transfer", Category.data_protection, _is("cross_border", "可向境外提供且无条件"),
         "向境外提供个人信息须满足法定条件并取得单独同意（个人信息保护法第三十八条、第三十九条）"),
    Norm("guarantee.period_same_as_debt", Category.guarantee,
         _is("period", "与主债务同时届满或直至还清", "没有约定"),
         "保证期间约定与主债务同时届满或不明的，视为没有约定，保证期间为主债务履行期限届满之日起六个月（民法典第六百九十二条）"),
    Norm("lease.sublease_without_consent", Category.lease, _is("sublease", "承租人可自行转租"),
         "承租人转租须经出租人同意（民法典第七百一十六条）"),
    Norm("lease.structural_repairs_on_tenant", Category.lease, _is("repairs", "承租人"),
         "出租人应当履行租赁物的维修义务（民法典第七百一十二条）"),
    Norm("lease.deposit_forfeited", Category.lease, _is("deposit", "全部不予退还"),
         "押金在任何违约时全部不予退还，超出实际损失，具有惩罚性（民法典第五百八十五条）"),
    Norm("loan.interest_deducted_in_advance", Category.loan, _is("deducted", "预先扣除"),
         "利息不得预先在本金中扣除，预扣的按实际借款数额返还本金并计算利息（民法典第六百七十条）"),
    Norm("loan.compound_interest", Category.loan, _is("compound", "计算复利"),
         "利息计入本金再计息，总额可能超过法定上限（民间借贷规定第二十七条、民法典第六百八十条）"),
    Norm("delivery.unilateral_time", Category.delivery, _is("time", "由一方通知或自行决定"),
         "履行期限由一方决定，期限不明确（民法典第五百一十条、第五百一十一条）"),
    Norm("fm.overbroad", Category.force_majeure, _is("scope", "包括一方自身原因(资金、人员、供应商、设备故障等)"),
         "把一方自身经营风险列为不可抗力，超出不能预见、不能避免且不能克服的法定范围（民法典第一百八十条、第五百九十条）"),
    Norm("warranty.excluded", Category.warranty, _is("warranty", "排除一切质量保证或瑕疵责任"),
         "出卖人应按约定或法定质量标准交付，排除全部瑕疵责任可能无效或显失公平（民法典第六百一十五条、第六百一十七条）"),
    Norm("ip.improvements_to_licensor", Category.ip, _is("improvements", "无偿归许可方或委托方"),
         "后续改进成果无偿归对方，属于非法垄断技术的限制性条款（民法典第八百五十条、第八百七十五条）"),
    Norm("termination.statutory_right_waived", Category.termination, _is("other_breach", "无论对方是否违约都不得解除"),
         "对方根本违约时当事人依法可以解除合同，约定一律不得解除排除了法定解除权（民法典第五百六十三条、第四百九十七条）"),
    Norm("termination.without_notice", Category.termination, _is("how", "违约即自动解除，无需通知"),
         "依法解除合同应当通知对方，合同自通知到达时解除（民法典第五百六十五条）"),
    Norm("price.to_be_agreed", Category.price_payment, _is("price", "价格留待以后另行协商确定"),
         "价款是合同主要条款，留待以后协商而无确定方法的，只能按市场价格确定（民法典第五百一十条、第五百一十一条）"),
    Norm("payment.commercial_bill", Category.price_payment, _is("means", "商业汇票、承兑汇票等票据"),
         "金钱之债以法定货币履行，以票据支付推迟收款并转移信用风险（民法典第五百一十四条；保障中小企业款项支付条例第十一条）"),
    Norm("payment.setoff_unilateral", Category.price_payment, _is("deduction", "可自行认定并直接扣除"),
         "抵销须为双方互负的到期债务，付款方单方认定的违约金或损失尚未确定（民法典第五百六十八条、第五百八十五条）"),
    Norm("liability.indirect_loss_one_sided", Category.liability_limitation,
         lambda r, _t: r.get("kind") == "排除间接损失等部分损失" and r.get("who") == "只保护一方",
         "违约赔偿包括可以预见的可得利益，只免除一方的间接损失赔偿减轻了其责任（民法典第五百八十四条、第四百九十七条）"),
    Norm("dispute.forum_unidentifiable", Category.dispute_resolution, _is("court", "当地法院、有关法院或由一方指定"),
         "协议管辖须选择与争议有实际联系的地点的法院，起诉时无法确定的适用法定管辖（民事诉讼法第三十五条）"),
    Norm("labor.wages_in_kind", Category.labor, _is("wage_form", "实物、购物卡、股份等折抵"),
         "工资应当以货币形式按月支付，不得以实物或有价证券替代（劳动法第五十条）"),
    Norm("labor.probation_only_contract", Category.labor, _is("probation", "单独签试用期合同或试用期满后才签劳动合同"),
         "试用期包含在劳动合同期限内，仅约定试用期的试用期不成立（劳动合同法第十九条）"),
)


# The vocabulary each norm's legal concept cannot be expressed without (see Norm.requires).
_ACCEPT = r"验收|检验|检测|签收|异议|合格"
_FORUM = r"仲裁|诉讼|法院|起诉"
_DATA = r"个人信息|数据|信息"
_REQUIRES = {
    "termination.unilateral_at_will": r"解除|终止|退出",
    # a payment that waits on a third party names that party or its money; one at the payer's
    # discretion names the payer's act or means (审核, 资金, 视情况): "按季度平均支付" is neither
    "payment.back_to_back": r"业主|第三方|客户|用户|到账|回款|审计|财政|拨付|拨款|总包|发包|上游|下游|收到[^。；]{0,8}款",
    "payment.time_at_payer_discretion": r"审核|审批|批准|认可|确认|满意|决定|视|酌情|资金|预算|安排|考核|评估|同意|通知|决策",
    "price.unilateral_adjustment": r"价|费|金额",
    "acceptance.deemed_on_signing": r"签收|收货|送货单|交接", "acceptance.deemed_by_use_or_silence": _ACCEPT,
    "acceptance.third_party_dependent": _ACCEPT,
    "liability.total_exemption": r"责任|赔偿|免除|免责",
    "liability.cap_any_cause": r"不超过|上限|为限|最高|封顶|总额",
    "breach.ld_excessive": r"违约金|滞纳金|罚金|赔偿金", "breach.deposit_and_ld": r"定金",
    "dispute.arbitration_or_litigation": _FORUM, "dispute.arbitration_body_unclear": r"仲裁",
    "dispute.award_appealable": r"仲裁", "dispute.labor_direct_litigation": _FORUM,
    "labor.employee_penalty": r"违约金|罚款|罚金|赔偿|扣", "labor.unilateral_change": r"调整|变更|调动|调岗|安排",
    "labor.social_insurance_waiver": r"社会保险|社保|五险", "labor.noncompete_no_compensation": r"竞业",
    "data.use_without_basis": _DATA, "data.subprocessing_without_consent": _DATA,
    "data.retention_after_end": _DATA, "data.cross_border_transfer": r"境外|出境|跨境|海外|国外",
    "guarantee.period_same_as_debt": r"保证",
    "lease.sublease_without_consent": r"转租|分租", "lease.structural_repairs_on_tenant": r"维修|修缮|维护",
    "lease.deposit_forfeited": r"押金|保证金",
    "loan.interest_deducted_in_advance": r"利息|本金", "loan.compound_interest": r"复利|计入本金|并入本金|利滚利",
    "delivery.unilateral_time": r"交付|交货|履行|提供|完成|发货",
    "fm.overbroad": r"不可抗力", "warranty.excluded": r"质量|保证|瑕疵|保修",
    "ip.improvements_to_licensor": r"改进|改良|衍生|后续",
    "termination.statutory_right_waived": r"解除|终止", "termination.without_notice": r"自动|无需|无须|即行|当然",
    "price.to_be_agreed": r"协商|商定|另行|届时", "payment.commercial_bill": r"汇票|票据|商票",
    "payment.setoff_unilateral": r"扣除|扣减|抵扣|冲抵|扣回|抵销",
    "liability.indirect_loss_one_sided": r"间接|利润|可得利益|预期|商誉",
    "dispute.forum_unidentifiable": r"法院", "labor.wages_in_kind": r"实物|购物卡|产品|股份|代金券|商品|有价证券",
    "labor.probation_only_contract": r"试用",
}
NORMS: tuple[Norm, ...] = tuple(dataclasses.replace(n, requires=_REQUIRES.get(n.check_id, "")) for n in _NORMS)


def record_schema(template: Template, batch: Sequence[tuple[str, int]]) -> dict:
    """The JSON schema of one call's answer: one record per clause of the batch.

    Args:
        template: the category template.
        batch: ``(clause id, number of its sentences)`` per clause of the call.

    Returns:
        ``{"type": "object", "properties": {"records": {"type": "array", ...}}}`` with
        exactly ``len(batch)`` records, in the batch's order. Each record names its
        ``clause`` (a constant), the ``sentence`` it relied on (its number in the fenced clause: the
        evidence is that sentence, verbatim by construction — a small model cannot copy
        text reliably) and the template's fields; every value is an enum or a bounded
        number (a small model rambles to max_tokens otherwise; DESIGN §12).
    """
    def record(cid: str, n: int) -> dict:
        props: dict[str, dict] = {"clause": {"const": cid}, "sentence": {"enum": list(range(1, max(n, 1) + 1))}}
        for f in template.fields:
            if f.number:
                props[f.name] = {"type": "number" if f.percent else "integer", "minimum": -1, "maximum": 100000}
            else:
                props[f.name] = {"type": "string", "enum": list(f.choices)}
        return {"type": "object", "properties": props, "required": list(props)}

    return {
        "type": "object",
        "properties": {"records": {
            "type": "array", "minItems": len(batch), "maxItems": len(batch),
            # one record per clause, in order: a tuple, so each record's sentence numbers
            # are those of its own clause
            "prefixItems": [record(cid, n) for cid, n in batch],
        }},
        "required": ["records"],
    }


def template_prompt(template: Template) -> str:
    """The category's questions, as put to the model (part of the stable prompt prefix)."""
    lines = []
    for f in template.fields:
        answer = "数字" if f.number else "/".join(f.choices)
        lines.append(f"- {f.name}：{f.question}（{answer}）")
    return "\n".join(lines)


@dataclass(frozen=True)
class Judgement:
    """A norm met by a record: the check id and the comparison stated for the chain."""

    check_id: str
    because: str


def judge(category: Category, record: Mapping[str, object], contract_type: str,
          known_checks: Sequence[str] | None = None, clause_text: str | None = None) -> list[Judgement]:
    """Compare one element record with the norms of its category.

    Args:
        category: the record's clause category.
        record: field name -> answer (strings from the field's choices, numbers; -1 = not stated).
        contract_type: the document's contract type (some norms apply to one type only).
        known_checks: check ids present in the playbook; norms naming others are skipped
            (a firm's playbook may omit a kind).
        clause_text: the clause; when given, a norm whose ``requires`` vocabulary is absent
            from it does not apply.

    Returns:
        The norms the record meets, in :data:`NORMS` order.
    """
    out = []
    for norm in NORMS:
        if norm.category != category or (known_checks is not None and norm.check_id not in known_checks):
            continue
        if norm.requires and clause_text is not None and not re.search(norm.requires, clause_text):
            continue
        if norm.test(record, contract_type):
            out.append(Judgement(check_id=norm.check_id, because=norm.because))
    return out


@dataclass
class ElementRecord:
    """A validated record of one clause: its fields, the evidence quote and its checks."""

    clause_id: str
    category: Category
    fields: dict[str, object] = field(default_factory=dict)
    evidence: str = ""


__all__ += ["ElementRecord", "Judgement", "UNKNOWN"]
