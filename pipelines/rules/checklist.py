"""Practitioner's checklist (checks of ``pipelines/playbook/checklist.yaml``).

The items of a practitioner's review checklist by contract type that the other modules lack:
payment periods and settlement by audit, retention money, provisional prices, one-sided
termination grounds, risk passing before delivery, open acceptance dates, maximum-amount and
company guarantees, the terms a data-processing entrustment or a partnership must state, a
spouse bound without signing, special working-hour systems. Each detector reads the structure
(a trigger, a period and a payment verb; a ground and who judges it; what the whole document
says or omits) and compares numbers here. Examples:
``tests/pipelines/data/playbook_cases_checklist.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from functools import lru_cache

from pipelines.rules.commercial import (
    _C_LABOUR,
    _C_MUTUAL,
    _C_PARTY,
    _C_PAY,
    _C_TERMINATE,
    _c_holder,
    _cn_date,
)
from pipelines.rules.core import (
    _C_YUAN,
    _NUM,
    DETECTORS,
    Hit,
    _c_yuan_value,
    _dates,
    _per_doc,
    _signing_date,
    _split,
    parse_number,
    parse_rate,
    side_words,
    table_row_sentences,
    table_runs,
    unglossed,
)
from pipelines.rules.data_processing import (
    _lf_is_dpa,
    _lf_locate,
)
from pipelines.rules.labour import (
    _lf_doc_has,
    _lf_employment_doc,
)
from pipelines.text import is_table_row
from pipelines.types import Clause

_K_PERIOD = re.compile(rf"(?P<n>{_NUM})\s*(?P<u>个工作日|工作日|个自然日|自然日|日历日|日|天|个月|月|周|年)")
_K_UNIT_DAYS = {"个工作日": 1.4, "工作日": 1.4, "个自然日": 1, "自然日": 1, "日历日": 1, "日": 1, "天": 1,
                "个月": 30, "月": 30, "周": 7, "年": 365}
_K_PAY_TRIGGER = re.compile(r"验收|交付|交货|到货|收货|货到|收到|发票|开票|票到|结算|竣工|完工|对账|确认|服务完成|提交|完成|上线|安装|账单|请款")
_K_NOT_PAYMENT_TERM = re.compile(r"质保|保修|稳定运行|试运行|质量保证金|保证金|保留金|缺陷责任|租金|借款|还款|利息|本金|工资|薪酬|退还|返还|退款|补偿金|违约金|赔偿")
_K_NON_COMMERCIAL = ("劳动合同", "劳务派遣协议", "竞业限制协议", "借款合同", "保证合同", "抵押合同", "房屋租赁合同",
                     "融资租赁合同", "保密协议")


def _k_days(m: re.Match) -> float | None:
    n = parse_number(m["n"])
    return None if n is None else n * _K_UNIT_DAYS[m["u"]]


def payment_period_long(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A price payable more than ``params["max_days"]`` (default 60) days after the
    payee has performed (delivery, acceptance, invoice, settlement): ``验收合格后90日内支付``,
    ``收到发票之日起四个月内付款``, ``货到后120天付款``, ``账期90天``, ``月结60天`` (counted from
    the month's end: 30 days added).

    Norm: 保障中小企业款项支付条例第九条 — a large enterprise pays a small or medium one
    within 60 days of delivery (acceptance); 机关、事业单位 within 30 days (第八条). The
    条例 is not in the statute store; the check cites 民法典第五百零九条、第五百一十一条 and
    says so. Working days count 1.4 calendar days. Not a price term (rent, loans, wages,
    refunds, retention money or a warranty-period balance) is not judged.
    """
    if ctx.contract_type in _K_NON_COMMERCIAL:
        return []
    max_days = float(params.get("max_days", 60))
    for sent in _split(clause.text):
        flat = unglossed(sent.replace("\n", ""))
        if not _C_PAY.search(flat) or _K_NOT_PAYMENT_TERM.search(flat):
            continue
        if re.search(r"(?:尾款|余款|剩余)[^。；]{0,20}(?:[1-9]|10)\s*[%％]|(?:尾款|余款|剩余)[^。；]{0,20}百分之(?:[一二三四五六七八九]|十)(?![一二三四五六七八九十])", flat):
            continue  # a small balance held back after acceptance works as retention money
        # …or a small share paid when a period after acceptance has run (验收合格满十二个月后十日内支付10%): the
        # warranty period's retention, not a slow payment term
        if re.search(r"(?:验收|交付|竣工|上线)[^。；，]{0,8}满[^。；，]{1,8}(?:个月|年)[^。；]{0,16}(?:支付|付清|退还|返还)[^。；，]{0,12}"
                     r"(?:(?<!\d)(?:[1-9]|10)\s*[%％]|百分之(?:[一二三四五六七八九]|十)(?![一二三四五六七八九十]))", flat):
            continue
        for m in _K_PERIOD.finditer(flat):
            days = _k_days(m)
            if days is None or days <= max_days:
                continue
            before = flat[max(0, m.start() - 30): m.start()]
            after = flat[m.end(): m.end() + 14]
            monthly = re.search(r"(?:账期|月结|票到|货到|到票)\s*$", before)
            triggered = _K_PAY_TRIGGER.search(before) and re.search(r"之日起|后|起|满|之日|时起", before)
            labelled = re.search(r"(?:付款|支付|结算)(?:期限|时间|账期|条件|节点)\s*[：:|]", flat[:m.start()])  # 付款期限：货到验收合格后120天
            pays = re.search(r"^\s*(?:个工作日|工作日)?(?:内|之内|以内|后)?[^。；]{0,10}(?:支付|付款|付清|结清|付|结算|支付[^。；]{0,4}款)", after) \
                or re.search(r"^\s*后的?(?:次月|下月|当月|次季度)[^。；]{0,16}(?:支付|付款|付清|结清)", flat[m.end(): m.end() + 30])  # 满三个月后的次月最后一个工作日前支付
            if not (monthly or triggered) or not (labelled or pays) and not monthly:
                continue
            if re.search(r"(?:不得|不能|不应)[^。；]{0,6}(?:超过|晚于)$", before):
                continue
            if monthly and before.rstrip().endswith("月结"):
                days += 30
            return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"约定{m.group(0)}付款，付款期限约{int(days)}日，超过60日。收款方为中小企业的，大型企业应自交付（验收合格）之日起60日内付款、"
                "机关事业单位应在30日内付款（保障中小企业款项支付条例第八条、第九条；该条例不在本系统的法规库中，引用未经核对）；"
                "过长的账期使收款方长期承担付款方的信用风险。"))]
    return []


_K_AUDIT = re.compile(r"(?:结算|决算|最终(?:价款|价格|金额|造价|结算)|工程款|工程价款|合同价款|总价|结算价|造价|价款|费用|服务费|货款|款项|进度款)[^。；]{0,30}"
                      r"(?:审计|审核|审定|评审|核定|审价)[^。；]{0,20}(?:为准|为依据|作为|确定|后[^。；]{0,10}(?:支付|付款|拨付|结算)|结果|结论|金额)")
_K_AUDIT_LIMIT = re.compile(rf"(?:审计|审核|审定|评审|审价)[^。；]{{0,30}}{_NUM}\s*(?:个工作日|工作日|日|天|个月|月)(?:内|之内|以内)|"
                            rf"{_NUM}\s*(?:个工作日|工作日|日|天|个月|月)(?:内|之内|以内)[^。；]{{0,12}}(?:完成|出具)[^。；]{{0,8}}(?:审计|审核|审定|评审)|"
                            r"(?:逾期|超过[^。；]{0,10})[^。；]{0,12}(?:未(?:完成|出具)|未审)[^。；]{0,20}(?:视为|以[^。；]{0,10}送审)|最迟|不晚于|最长不超过")


_K_AFTER_AUDIT_RESULT = re.compile(rf"(?:出具|完成|作出|审定|确认)(?:后|之日起|之日后)\s*{_NUM}\s*(?:个工作日|工作日|日|天|个月|月)(?:内|之内|以内)$")


def _audit_limited(text: str) -> bool:
    """Whether ``text`` limits the audit itself in time. A period counted from the audit's
    result (``审计结论出具后三十日内付款``) or from money received limits the payment, not the audit."""
    for m in _K_AUDIT_LIMIT.finditer(text):
        if _K_AFTER_AUDIT_RESULT.search(m.group(0)):
            continue
        if re.search(r"(?:收到|到账|拨付|回款)[^。；]{0,16}后", m.group(0)):
            continue  # a period counted from money received (审核确认后，在收到业主拨款后十四日内支付) limits the payment
        return True
    return False


def settlement_audit_no_deadline(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The price (or the final settlement) is whatever an audit or review fixes — ``工程
    结算价款以审计部门审定的金额为准``, ``经甲方审核确认后支付``, ``最终价款以财政评审结果为
    准`` — with no time limit for the audit anywhere in the contract and no fallback
    (``逾期未完成审核的，视为认可送审金额``).

    Norm: the time of payment and the final price are then not agreed (民法典第五百一十条、
    第五百一十一条第二项、第四项); a condition the payer controls and does not let happen is
    deemed fulfilled (第一百五十九条). Whether an audit binds a contractor who is not a party
    to it is decided by the contract (建设工程解释一第十九条, not in this check's citations).
    """
    if ctx.contract_type in _K_NON_COMMERCIAL:
        return []
    if _per_doc(ctx, "audit_limit", lambda: _audit_limited(ctx.text)):
        return []
    found = []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = _K_AUDIT.search(flat)
        if m and not re.search(r"不(?:以|因|受)[^。；]{0,20}(?:审计|审核)|(?:审计|审核)[^。；]{0,10}不影响|内部审计", flat):
            found.append(flat)
    # a clause often reviews each progress payment and audits the final settlement (4.1 经甲方审核确认后…支付进度款；
    # 4.2 结算价款以审计结论为准): the settlement, the price the audit fixes, is the sentence this norm is about
    best = next((f for f in found if re.search(r"结算|决算|最终|造价|审计", f)), found[0] if found else None)
    return [Hit(evidence=best.strip(), sentence=best)] if best else []


_K_RETENTION = re.compile(r"质量保证金|质保金|保修金|保留金|质量保修金|工程质量保证金|缺陷责任保证金")


def _stated_retention(text: str) -> float | None:
    """The retention share the contract states (质量保证金为结算总价的百分之三 / 结算总价的3%（质量保证金）),
    in percent, or ``None`` where it states none."""
    flat = text.replace("\n", "")
    for m in _K_RETENTION.finditer(flat):
        for pct, r in parse_rate(flat[max(0, m.start() - 24): m.end() + 24]):
            if 0 < pct <= 30:
                return pct
    return None


def retention_ratio(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Construction retention money (质量保证金) above ``params["max_percent"]`` (3%) of the
    settled price: ``按结算总价的5%预留质量保证金``, ``扣留工程款的百分之十作为保修金``.

    Norm: 建设工程质量保证金管理办法第七条 — the retention may not exceed 3% of the total
    settled price (not in the statute store; the check cites 民法典第七百八十八条 and
    建筑法第六十二条 and says so). Construction contracts only: a home decoration contract
    is not governed by the 办法, and a sale's 5–10% 质保金 is a commercial term, not this cap.
    """
    if ctx.contract_type != "建设工程施工合同":
        return []  # a home decoration contract is not under the 办法; a sale's 质保金 is a commercial term
    cap = float(params.get("max_percent", 3))
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        # the settlement payment stops short (结算后累计付至结算总价的95%): what is left is retained
        paid_to = re.search(r"(?:累计)?(?:支付|付|拨付)至(?:工程)?(?:审定的?)?结算(?:总价|价款|总额|金额|造价|总造价)的\s*(?P<p>\d+(?:\.\d+)?)\s*[%％]", flat)
        if paid_to and not re.search(r"(?:余款|剩余|其余)[^。；]{0,20}(?:结清|付清|支付)", flat[paid_to.end():]):
            paid = float(paid_to["p"])
            stated = _per_doc(ctx, "retention_stated", lambda: _stated_retention(ctx.text))
            if stated is None and 100 - paid > cap + 1e-9:
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"结算后累计只付至结算总价的{paid:g}%，其余{100 - paid:g}%实际作为质量保证金留存，超过工程价款结算总额的3%"
                    "（建设工程质量保证金管理办法第七条；该办法不在本系统的法规库中，引用未经核对）。"))]
            if stated is not None and paid + stated < 100 - 0.5:
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"结算后累计只付至结算总价的{paid:g}%，加上约定的质量保证金{stated:g}%，仍有{100 - paid - stated:g}%的工程款没有约定支付时间，"
                    "实际被多扣留（民法典第五百一十条、第五百一十一条；建设工程质量保证金管理办法第七条，不在法规库中）。"))]
        r = _K_RETENTION.search(flat)
        if r is None:
            continue
        for pct, m in parse_rate(flat):
            near = flat[max(0, m.start() - 40): m.end() + 40]
            if re.search(r"(?:付至|支付至|拨付至|付到|支付到)[^。；，]{0,14}$", flat[:m.start()]):
                continue  # the share paid so far (累计付至结算总价的97%), not the share retained
            if pct > cap and _K_RETENTION.search(near) and not re.search(r"违约金|利息|利率|每日|每逾期", near):
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"约定的工程质量保证金比例为{pct:g}%，超过工程价款结算总额的3%（建设工程质量保证金管理办法第七条；该办法不在本系统的法规库中，引用未经核对），"
                    "发包人多扣留的款项承包人可以要求返还。"))]
    return []


_K_PROVISIONAL = re.compile(r"(?:暂定|暂估)价|(?:暂定|暂估|暂列|暂按)[^。；，]{0,8}(?:总价|价格|价款|单价|金额|合同价|造价|费用|总额)|(?:总价|价格|价款|单价|金额|合同价|造价|费用|总额)[^。；，]{0,6}(?:暂定|暂估|暂列|暂按)(?:为)?")
_K_SETTLE_RULE = re.compile(r"据实结算|按实(?:际)?结算|按实际(?:完成|发生|工程量|数量|供货|交付|工作量)|以[^。；]{0,20}(?:结算|审计|决算|计量)[^。；]{0,8}为准|"
                            r"结算(?:方式|办法|依据|原则)|工程量清单|计价(?:规范|办法|依据|方式)|调整(?:方式|办法|公式)|多退少补|"
                            r"按[^。；]{0,12}(?:单价|费率|综合单价|定额)[^。；]{0,12}(?:计算|结算|确定)|(?:最终|实际)(?:价款|价格|金额|结算价)[^。；]{0,10}(?:按|以|根据)|"
                            # quantities actually done times the agreed rates: 最终以…实际完成工程量乘以附件一综合单价结算
                            r"(?:乘以|×|\*)[^。；]{0,16}(?:单价|综合单价|费率|定额)|最终(?:以|按|根据)[^。；]{0,40}(?:结算|确定)")


def provisional_price(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A provisional price (暂定价, 暂估价, 合同价暂定为…) with no rule anywhere in the
    contract for fixing the final price (据实结算, 按实际工程量 × 单价, 以审计为准, 多退少补 …).

    Norm: the price is then not agreed; it is fixed by supplementary agreement, the
    contract's other terms or trade usage, else the market price at the place of
    performance (民法典第五百一十条、第五百一十一条第二项).
    """
    if _per_doc(ctx, "settle_rule", lambda: bool(_K_SETTLE_RULE.search(ctx.text))):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if _K_PROVISIONAL.search(flat):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_K_GENERIC_BREACH = re.compile(r"(?:违反|违背|未(?:履行|遵守)|不履行)[^。；，]{0,10}(?:本合同|本协议|合同|协议)?(?:的|中|项下)?(?:任何|任一|任意|其他|任何一项|任一项|一项)[^，。；]{0,6}?(?:条款|约定|义务|规定|承诺|制度|要求)|"
                               r"(?:任何|任一|任意|一切|轻微|一般)(?:的)?(?:违约|违反)(?:行为|情形)?|有违约(?:行为|情形)(?:的|之一)|"
                               # any single shortfall: 任何一次迟延, 任何一项指标未达标, 任何一份文件不符合要求
                               r"任何一(?:次|项|份|处|笔)[^，。；、]{0,10}(?:迟延|延迟|逾期|未达标|不达标|不符合|不合格|瑕疵|违约|未履行|不履行|未完成)")
_K_CURE = re.compile(r"催告|书面通知[^。；]{0,14}(?:日|天)内|限期|宽限|纠正|整改|改正|补救|合理期限|严重|重大|根本|致使[^。；]{0,10}(?:目的|不能)|不能实现")
_K_SUBJECTIVE = re.compile(r"不满意|不认可|认为[^。；，]{0,20}(?:不符合|不能|不再适合|不适合|不合格|无法|不胜任|不满足|未能?达到|未能满足|达不到|不适宜|不再需要)|"
                           # the holder's suspicion: 乙方认为甲方的使用存在异常或可能违反本协议的
                           r"(?:认为|怀疑)[^。；，]{0,20}(?:存在异常|异常|可能(?:违反|违约|存在|影响|危及|损害|威胁)|涉嫌|存在(?:风险|隐患)|有风险|可疑)|"
                           # measured against the holder's own expectation: 未达到特许人的期望, 低于预期
                           # measured against a target the holder sets itself: 未达到甲方设定的经营目标 (the target is its to move)
                           r"(?:(?:未能?|没有|不能|无法)(?:达到|完成|满足)|达不到|低于)[^。；，]{0,6}(?:甲方|乙方|特许人|出租人|委托方|供货方|供应商|供方|卖方|品牌方|平台|公司|总部|其|本方)[^。；，]{0,4}(?:单方|自行|另行|不时|随时)?(?:设定|制定|确定|下达|规定|调整|公布)(?:的)?[^。；，]{0,6}(?:目标|指标|标准|任务|要求|考核)|"
                           r"(?:未能?|没有|不能|无法)(?:达到|满足)[^。；，]{0,10}(?:期望|预期|期待)|(?:低于|不如|未达)(?:其|甲方|本方)?(?:的)?(?:预期|期望)|"
                           r"(?:认定|判断|评估|考核|评价)[^。；，]{0,12}(?:不合格|不符合|不达标|不满意|不称职)|(?:单方|自行|主观)(?:认定|判断|评价)|"
                           # a forecast only the holder makes: 甲方认为乙方的财务状况可能发生不利变化的
                           r"(?:认为|判断|预计|预见)[^。；，]{0,30}(?:可能|将会|或将|有可能)[^。；，]{0,12}(?:不利|恶化|下降|下滑|减弱|影响[^。；，]{0,6}(?:履行|偿还|清偿|付款|还款))")
# acceleration: the creditor calls the whole debt due at once (宣布保理融资提前到期, 要求乙方立即支付全部回购价款)
_K_ACCELERATE = re.compile(r"(?:宣布|视为|认定)[^。；，]{0,12}(?:提前|立即|全部)到期|提前收回[^。；，]{0,6}(?:借款|贷款|融资|款项)|"
                           r"要求[^。；，]{0,8}(?:立即|提前|一次性)(?:支付|清偿|偿还|归还)[^。；，]{0,6}全部")


def termination_one_sided_ground(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A termination right held by one party only, on a ground that the law does not
    accept as it stands.

    ``params["kind"]``:

    * ``any_breach`` — ``乙方违反本合同任何条款的，甲方有权立即解除合同``: any breach, however
      slight, with no notice and cure period. 民法典第五百六十三条 lets a party terminate for
      breach only where the purpose of the contract is defeated or after a reminder and a
      reasonable period; an agreed ground (第五百六十二条第二款) this broad, for one side
      only, lets it end the contract for a trivial breach.
    * ``subjective`` — ``甲方对乙方服务不满意的，有权解除``, ``甲方认为乙方不能胜任的，可终止合作``:
      a ground only the holder can judge, i.e. an at-will right in disguise (民法典第一百五十九条,
      第四百九十七条 for standard terms).
    * ``subjective_acceleration`` — the same ground for calling the whole debt due at once
      (``甲方认为乙方财务状况可能发生不利变化的，甲方有权宣布融资提前到期``: even suspending
      performance needs 确切证据 of the other's decline, 第五百二十七条).

    Mutual rights (双方/任何一方), labour contracts (the dismissal checks) and a ground with a
    notice and cure period are not flagged.
    """
    kind = params.get("kind", "any_breach")
    if ctx.contract_type in ("劳动合同", "保密协议", "竞业限制协议", "劳务派遣协议") or _C_LABOUR.search(clause.text):
        return []
    # a ground only the creditor judges is as bad for acceleration as for termination (民法典第五百二十七条
    # asks 确切证据 even to suspend): kind subjective_acceleration; acceleration on any breach is ordinary
    # loan practice and is not read here
    rights = _K_ACCELERATE if kind == "subjective_acceleration" else _C_TERMINATE
    sents = _split(clause.text)
    for i, sent in enumerate(sents):
        flat = sent.replace("\n", "")
        for m in rights.finditer(flat):
            if re.search(r"(?:不得|不能|无权|不可)[^，。；]{0,10}$", flat[:m.start()]):
                continue
            holder = _c_holder(flat, m.start())
            if holder is None and re.search(r"[，,]\s*(?:则)?(?:有权|可以|可)(?:随时|立即|单方面?|即)?[^，。；]{0,12}$", flat[:m.start()]):
                holder = re.search(rf"^[^。；，]{{0,8}}?(?P<p>{_C_PARTY})", flat)  # 甲方对…不满意的，有权解除: the subject holds it
            if holder is None or _C_MUTUAL.search(flat[:m.end()]) or re.search(r"双方均?可|任何一方|任一方", flat):
                continue
            ground_text = flat[:m.start()]
            if kind != "any_breach" and re.search(r"(?:下列|以下|如下)(?:情形|情况|事项|事由)", flat):
                # the grounds listed under the right (发生下列情形之一的，甲方有权宣布…提前到期：（1）…；（4）甲方认为…)
                ground_text += "".join(x.replace("\n", "") for x in sents[i + 1:])
            if re.search(r"只要|只需|凡是?|一旦|不论|无论|不管", flat[m.end():]):
                ground_text += flat[m.end():]  # the ground after the right: 甲方有权随即解除，只要乙方有任何违约
            if kind == "any_breach":
                # a "material breach" label defined (or glossed in brackets) as any breach is read by its definition
                unlabelled = re.sub(r"(?:严重|重大|根本)(?=违约[”’\"'」]?（)", "", flat)
                if not _K_GENERIC_BREACH.search(ground_text) or _K_CURE.search(
                        re.sub(r"(?:无需|无须|不需|不必|不再|不予|不)(?:给予|给|提供|另行|经)?[^。；，]{0,6}(?:催告|纠正期|整改期|宽限期|补救期|改正期|整改|纠正)", "", unlabelled)):
                    continue
            else:
                g = _K_SUBJECTIVE.search(ground_text)
                if g is None or re.search(r"合理|客观|依据[^。；]{0,10}标准|按照?[^。；]{0,10}(?:标准|附件)", ground_text):
                    continue
                if re.match(r"(?:认定|判断|评估|考核|评价)", g.group(0)) and not re.search(
                        rf"{re.escape(holder.group('p'))}|其|自行|单方|主观", ground_text[max(0, g.start() - 12): g.start()]):
                    continue  # 乙方连续两个季度考核不达标: an assessment, not the holder's own verdict
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_K_RISK_BUYERS = "买方|买受人|需方|甲方|采购方|定作人|定作方|客户|收货方|承租人"


@lru_cache(maxsize=32)
def _k_risk(buyers: str) -> re.Pattern:
    """The risk passing to the buyer, named by ``buyers`` (an alternation of its words)."""
    return re.compile(rf"(?:毁损|灭失|损毁|损失)?(?:的)?风险[^。；]{{0,20}}(?:转移(?:至|给|到)?|转由|即由|由)(?:{buyers})")


_K_EARLY = re.compile(r"签订|签署|签约|订单确认|合同生效|出厂|离厂|出库|离库|出仓|生产完成|备货完成|制造完成|下单|发货|发运|装车|装船|装运|装上|装入|装载|交(?:付)?(?:给)?(?:第一)?承运人|交运|提单")
_K_SHIPMENT = re.compile(r"发货|发运|装车|装船|装运|装上|装入|装载|承运人|交运|提单")
# the seller carries the goods to the buyer itself: its own vehicles are no carrier (民法典第六百零七条
# needs one), and a place of delivery at the buyer's site makes delivery happen there
_K_DELIVERS_TO_BUYER = re.compile(
    r"送货上门|送货至|送至|运至|运抵|送达[^。；]{0,10}(?:买方|需方|甲方|指定)|(?:买方|需方|甲方|采购方)指定(?:的)?(?:地点|仓库|场所)|"
    r"交货地点[^。；]{0,6}(?:为|：|:)[^。；]{0,6}(?:买方|需方|甲方|采购方)|"
    r"交货地点[^。；]{0,4}(?:为|：|:|在)[^。；]{0,20}(?:施工现场|工地|项目现场|门店|厂区|仓库)|"
    r"(?:以|用|使用|派)(?:其|本方|自己的?)?(?:自有|自备)(?:的)?(?:车辆|运输工具|货车)|(?:负责|分批|按[^。；]{0,12})送货")


def risk_passes_early(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The risk of loss passes to the buyer before delivery: on signing, ordering, payment,
    completion at the factory, or on shipment where the seller delivers at the buyer's site
    (``货物自出厂之日起风险由买方承担``, ``合同签订后货物的风险即转移至需方``,
    ``卖方负责送货上门，货物装车后的一切风险由买方承担``).

    Norm: risk passes on delivery unless the law or the contract says otherwise (民法典第
    六百零四条); where carriage is needed and no place of delivery is agreed, delivery to
    the first carrier is delivery (第六百零七条第二款) — so shipment is flagged only when the
    seller delivers to the buyer's place (送货, 运至, 指定地点).
    """
    delivers_to_buyer = _per_doc(ctx, "delivers_to_buyer", lambda: _K_DELIVERS_TO_BUYER.search(ctx.text))
    # the buyer by its letter where the preamble names the roles (买受人（乙方）): risk "由乙方承担" is then the buyer's
    risk_rx = _k_risk(side_words(ctx, _K_RISK_BUYERS))
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = risk_rx.search(flat)
        if m is None:
            continue
        # the event may stand before 风险 (货物出厂后的风险由买方承担) or inside the match
        # (风险自乙方将货物交付第一承运人之时起转移至甲方)
        before = flat[max(0, m.start() - 30): m.end()]
        e = _K_EARLY.search(before)
        if e is None or re.search(r"交付(?:后|时|之时|之日|完成)|签收|验收|送达|到达|运抵|卸货|交货(?:后|时|之日)|(?<!不)转移占有|"
                                  r"交接(?:后|时|之时|之日|完成)|移交(?:后|时|之时|之日)|交房|交付使用|交钥匙", before):
            continue
        if _K_SHIPMENT.search(e.group(0)) and not delivers_to_buyer:
            continue  # delivery to the first carrier (民法典第六百零七条第二款)
        return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_K_ACCEPT_OPEN = re.compile(r"验收(?:的)?(?:具体)?(?:时间|日期|时限|期限)[^。；]{0,8}(?:由|以|待)(?P<p>甲方|买方|需方|委托方|委托人|发包人|定作人|定作方|采购方|客户|用户)[^。；]{0,8}(?:确定|安排|决定|另行通知|通知为准|而定|通知)|"
                            r"(?P<q>甲方|买方|需方|委托方|委托人|发包人|定作人|采购方|客户)[^。；]{0,10}(?:视|根据|按照?)[^。；]{0,10}(?:情况|需要|安排|进度|计划)[^。；]{0,8}(?:组织|安排|进行|决定)[^。；]{0,8}验收|"
                            r"(?:待|在|于)(?:甲方|买方|需方|委托方|发包人|定作人|采购方|客户)[^。；]{0,10}(?:方便|具备条件|认为(?:合适|必要|具备条件)|有空|安排)(?:时|后)[^。；]{0,8}(?:组织|进行|安排)?验收")
# the acceptor picks the time by its own judgement: 买受人将在其认为适当的时间组织验收
_K_ACCEPT_WHEN_IT_CHOOSES = re.compile(r"验收[^。；]{0,10}(?:在|于|待)(?:其|自身|自己|本方)?(?:认为|觉得|方便|需要|决定|确定|选择|指定|自行)[^。；，]{0,8}(?:时间|时候|时机|日期|之时|时)(?:进行|组织|开展|实施|安排)?|(?:何时|什么时间|何日)[^。；]{0,6}验收[^。；]{0,6}(?:由|以)(?:甲方|买方|买受人|需方|委托方|委托人|发包人|定作人|定作方|采购方|采购人|客户|用户)[^。；]{0,12}(?:确定|安排|决定|通知)|(?:在|于|待|择)(?:其|自身|自己|本方)?(?:认为|觉得|方便|需要|决定|确定|选择|指定|自行)[^。；，]{0,8}(?:时间|时候|时机|日期|之时|时)[^。；，]{0,6}(?:组织|进行|安排|开展|实施)?验收")
_K_ACCEPT_LIMIT = re.compile(rf"{_NUM}\s*(?:个工作日|工作日|日|天|周|个月)(?:内|之内|以内)|最迟|不晚于|逾期[^。；]{{0,16}}(?:视为|即视为)|未[^。；]{{0,10}}(?:组织|进行)验收[^。；]{{0,10}}(?:视为|即视为)")


def acceptance_time_open(clause: Clause, ctx, params) -> Iterable[Hit]:
    """When acceptance happens is left to the accepting party (``验收时间由甲方另行通知``,
    ``甲方根据项目进度安排验收``, ``待甲方认为具备条件时组织验收``) with no outer limit and no
    deemed acceptance in the sentence.

    Norm: the inspection period is not agreed (民法典第五百一十条), so payment, warranty and
    risk that hang on acceptance wait on the acceptor; a condition the acceptor prevents is
    deemed fulfilled (第一百五十九条), but only after a dispute.
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = _K_ACCEPT_OPEN.search(flat) or _K_ACCEPT_WHEN_IT_CHOOSES.search(flat)
        # an outer limit counts only in the part that sets the acceptance time, not a payment period later on
        if m is None:
            continue
        scope = flat[:m.start()]
        for part in re.split(r"(?<=[，,；;])", flat[m.start():]):
            if scope[m.start():] and re.search(r"支付|付款|付清|质保期|保修期|价款", part):
                break
            scope += part
        if not _K_ACCEPT_LIMIT.search(scope):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


# the guarantor is the debtor's own company: its subsidiary, or the debtor its shareholder or controller
_G_GUARANTOR = "丙方|保证人|担保人|保证方|担保方|抵押人|出质人"


@lru_cache(maxsize=8)
def _g_for_own_shareholder(guarantor: str) -> re.Pattern:
    """The contract's statement that the guarantor (``guarantor``: its words, a regex alternation) is the
    debtor's subsidiary or that the debtor holds its shares."""
    return re.compile(
        rf"(?:{guarantor})[^。；，]{{0,4}}(?:系|是|为)(?:乙方|借款人|债务人|甲方)[^。；，）)]{{0,12}}(?:子公司|控股子公司|全资子公司|下属公司)"
        rf"|(?:乙方|借款人|债务人)[^。；，]{{0,4}}(?:系|是|为)(?:{guarantor})[^。；，]{{0,6}}(?:的)?(?:股东|控股股东|实际控制人|母公司)"
        rf"|(?:乙方|借款人|债务人)[^。；，]{{0,4}}持有(?:{guarantor})[^。；，]{{0,6}}(?:\d+(?:\.\d+)?\s*[%％]|百分之[^。；，]{{1,6}})(?:的)?(?:股权|股份)")


def _guarantor_words(ctx) -> str:
    """The guarantor's words, with the party label (甲方/乙方) the preamble gives a 保证人, 抵押人 or 出质人
    (a mortgage contract's ``抵押人（乙方）：`` or ``乙方（出质人）：``)."""
    head = (ctx.text or "")[:1500]
    m = re.search(rf"^\s*(?:(?:{_G_GUARANTOR})\s*[（(]\s*(?P<a>[甲乙丁]方)\s*[)）]|(?P<b>[甲乙丁]方)\s*[（(]\s*(?:{_G_GUARANTOR})\s*[)）])\s*[：:]",
                  head, re.M)
    return _G_GUARANTOR + ("|" + (m["a"] or m["b"]) if m else "")


# what the guarantor's approval was: a board or a single director, not the shareholders' meeting
_G_BOARD_ONLY = re.compile(r"执行董事(?:的)?(?:决定|同意|签署)|董事会(?:的)?(?:决议|决定|同意)|总经理(?:的)?(?:决定|批准|同意)|董事长(?:的)?(?:决定|批准|同意)")


def guarantee_for_shareholder_without_meeting(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A company guarantees the debt of its own shareholder or actual controller (the
    contract says the guarantor is the debtor's subsidiary, or the debtor holds its shares)
    on a board's or a single director's decision, with no shareholders' meeting of the
    guarantor mentioned.

    Norm: 公司法第十五条第二款 — a company's guarantee for its shareholder or actual
    controller must be resolved by the shareholders' meeting, the interested shareholder not
    voting; a guarantee signed beyond that authority does not bind the company where the
    creditor did not in good faith review the resolution (担保制度解释第七条). Reported at the
    sentence naming the approval it was given.
    """
    text = ctx.text or ""
    guarantor = _guarantor_words(ctx)
    if not _g_for_own_shareholder(guarantor).search(text.replace("\n", "")):
        return []
    # the guarantor's own shareholders' meeting resolved it (丙方股东会决议同意提供本保证)
    for sent in _split(text):
        flat = sent.replace("\n", "")
        if re.search(r"股东(?:会|大会)|全体股东", flat) and re.search(rf"{guarantor}|提供(?:本)?(?:保证|担保)|本保证|本(?:抵押|质押)", flat):
            return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if _G_BOARD_ONLY.search(flat) and re.search(r"保证|担保|抵押|质押|出质", flat + clause.text):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


# a natural person's birth date, written out or inside an 18-digit resident ID number (GB 11643: digits 7–14)
_P_BIRTH = re.compile(r"出生(?:日期|年月日|年月)?\s*[：:为]?\s*")
_P_ID18 = re.compile(r"(?<![\dA-Za-z])\d{6}(?P<y>(?:19|20)\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])")
# a signature block's own date line (日期：2026年3月20日), when the contract states no signing date (_signing_date)
_P_SIGNED = re.compile(r"(?<![出生有效])日期\s*[：:]\s*")


def _birth_dates(text: str) -> list[tuple[date, int, int]]:
    """(birth date, start, end) of each natural person's birth date the text states."""
    out = []
    for m in _P_BIRTH.finditer(text):
        d = next((x for x, dm in _dates(text[m.end(): m.end() + 20]) if dm.start() == 0), None)
        if d is not None:
            out.append((d, m.start(), m.end() + 20))
    for m in _P_ID18.finditer(text):
        if not re.search(r"身份证|证件号|公民身份号码|身份号码", text[max(0, m.start() - 12): m.start()]):
            continue  # an 18-digit permit or account number is no birth date
        try:
            out.append((date(int(m["y"]), int(m["m"]), int(m["d"])), m.start(), m.end()))
        except ValueError:
            continue
    return out


def party_minor_without_guardian(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A party who is a minor on the day of signing (a birth date or ID number the contract
    states), with no guardian (法定代理人/监护人) signing, consenting or acting for them.

    Norm: a minor of eight or more has limited capacity; acts beyond those suited to their
    age need the legal representative's consent or ratification (民法典第十九条、第一百四十五条),
    and the other side may only demand ratification within 30 days. A worker of 16 or 17 may
    sign their own labour contract (劳动法第十五条), and one of 16 or 17 who lives on their own
    earnings counts as having full capacity (民法典第十八条第二款): neither is flagged. Signing
    date: the contract's own (签订日期 / 日期：…), else the review date. Reported at the sentence
    stating the birth date or ID."""
    text = ctx.text or ""
    # the parties are named before the first article (a child the service is for, named in 第一条, is no party)
    first = re.search(r"^\s*(?:第[一1]条|一[、.．]|1[.．、]\s*\S)", text, flags=re.M)
    births = _per_doc(ctx, "birth_dates", lambda: _birth_dates(text[: first.start() if first else 1500]))
    if not births or re.search(r"监护人|法定代理人|父母|父亲|母亲|家长", text):
        return []
    signed = [d for m in _P_SIGNED.finditer(text) for d, dm in _dates(text[m.end(): m.end() + 20]) if dm.start() == 0]
    on = _per_doc(ctx, "signing_date", lambda: _signing_date(text)) or (max(signed) if signed else date.today())
    for born, a, b in births:
        age = on.year - born.year - ((on.month, on.day) < (born.month, born.day))
        if age >= 18 or age < 8:  # (under eight: no capacity at all, and never a party who signs; 民法典第二十条)
            continue
        if age >= 16 and (ctx.contract_type in ("劳动合同", "劳务合同") or re.search(r"以自己的劳动收入为主要生活来源", text)):
            continue
        if clause.text.find(text[a:b].strip()[:12]) < 0:
            return []  # reported at the clause that states the birth date
        # the line that states it (a party block is lines without full stops)
        flat = next((x for x in clause.text.splitlines() if text[a:b].strip()[:12] in x), clause.text).strip()
        return [Hit(evidence=flat, sentence=flat, explanation=(
            f"合同所载一方生于{_cn_date(born)}，签约时（{_cn_date(on)}）未满十八周岁，为限制民事行为能力人；除与其年龄、智力相适应的行为外，"
            "其订立的合同须经法定代理人同意或追认后才有效（民法典第十九条、第一百四十五条），合同中没有监护人同意或代理签署的内容，"
            "对方可被拒绝追认，合同效力待定。"))]
    return []


_FL_PRICE = re.compile(r"(?:转让价款|购买价款|转让价格|购买价格|融资(?:金额|本金|款)|租赁本金)[^。；，]{0,12}?(?:为|是|：|:)?\s*(?:人民币)?\s*")
_FL_VALUE = re.compile(r"(?:账面净值|账面价值|资产净值|净值|评估价值|评估值|评估价|市场价值|公允价值|实际价值)[^。；，]{0,8}?(?:为|是|：|:)?\s*(?:人民币)?\s*")
_FL_ASSET_OPEN = re.compile(r"租赁物[^。；]{0,24}(?:以|按)[^。；，]{0,12}(?:另行|事后|日后|届时)(?:提供|确定|补充|交付)的[^。；，]{0,8}(?:清单|明细|目录)为准"
                            r"|(?:租赁物|设备)(?:清单|明细)[^。；\n]{0,16}(?:待补充|待定|另行提供|后补|暂缺)")


def finlease_asset_not_genuine(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A finance lease (sale and leaseback above all) whose leased assets are not a real
    measure of the money advanced: the price paid for them is more than twice the value the
    contract itself states (账面净值 360万, 转让价款 1200万), or the assets are left to a list
    to be supplied later.

    Norm: a finance lease concluded over a fictitious leased thing is void (民法典第七百三十七条);
    where the thing does not support the financing the court treats the contract by the
    relationship it really is — usually a loan (融资租赁解释第一条, not in the statute store),
    and the lessor's ownership gives it no security. Reported at the sentence stating the
    value, or the sentence leaving the list open."""
    text = ctx.text or ""
    if ctx.contract_type != "融资租赁合同" and not re.search(r"融资租赁|售后回租", text[:3000]):
        return []
    target = _per_doc(ctx, "finlease_asset_not_genuine", lambda: _finlease_asset_target(ctx))
    if target is None or target[0] != clause.clause_id:
        return []
    return [target[1]]


def _finlease_asset_target(ctx) -> tuple[str, Hit] | None:
    """(clause id, hit) for :func:`finlease_asset_not_genuine`: the value far below the price
    first (the stronger sign), else the asset list left open."""
    text = ctx.text or ""
    # the first sum within the words after the name (购买价款（即融资额）为人民币壹仟捌佰陆拾万元整)
    prices = [p for x in _split(text) for m in _FL_PRICE.finditer(x.replace("\n", ""))
              if (y := _C_YUAN.search(x.replace("\n", ""), m.end(), m.end() + 30)) and (p := _c_yuan_value(y))]
    open_list = None
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            v = _FL_VALUE.search(flat)
            value = _c_yuan_value(y) if v and (y := _C_YUAN.search(flat, v.end(), v.end() + 30)) else None
            if value and prices and max(prices) > 2 * value:
                return c.clause_id, Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"租赁物价值约{value:,.0f}元，而出租人支付的价款为{max(prices):,.0f}元，是其{max(prices) / value:.1f}倍；租赁物不足以对应融资金额，"
                    "合同可能被认定名为融资租赁、实为借款（融资租赁解释第一条），出租人的所有权也起不到担保作用（民法典第七百三十七条）。"))
            if open_list is None and _FL_ASSET_OPEN.search(flat):
                open_list = (c.clause_id, Hit(evidence=flat.strip(), sentence=flat))
        # the asset schedule's total value (| 合计 | … | 4,200,000 | under a 评估价值（元） column)
        for head, rows in table_runs(c.text):
            col = next((i for i, h in enumerate(head or ()) if _FL_VALUE.match(h) or re.search(r"评估|净值|价值", h)), None)
            if col is None:
                continue
            scale = 10000 if "万元" in head[col] else 1
            for cells, line in rows:
                if col < len(cells) and re.search(r"合计|总计|小计", cells[0] + (cells[1] if len(cells) > 1 else "")):
                    value = parse_number(cells[col].replace(",", "").strip())
                    if value and prices and max(prices) > 2 * value * scale:
                        value *= scale
                        return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=(
                            f"租赁物清单所列价值合计约{value:,.0f}元，而出租人支付的价款为{max(prices):,.0f}元，是其{max(prices) / value:.1f}倍；租赁物不足以对应融资金额，"
                            "合同可能被认定名为融资租赁、实为借款（融资租赁解释第一条），出租人的所有权也起不到担保作用（民法典第七百三十七条）。"))
    return open_list


def guarantee_max_no_ceiling(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A maximum-amount guarantee or mortgage (最高额保证/最高额抵押) with no ceiling amount
    anywhere in the contract, or one that says there is none (不设上限). One finding per
    document, at the first clause that names it.

    Norm: a maximum-amount guarantee secures claims arising over a period within the
    maximum claim amount agreed (民法典第六百九十条, 第四百二十条); without a ceiling the
    guarantor's exposure and the secured scope are undetermined.
    """
    # 最高额 by name, or in substance: a guarantee of the debts arising over a period (第六百九十条)
    creates = (r"最高额(?:连带责任|一般)?(?:保证|担保|抵押|质押)|(?:期间|期限内|年至|月至|日至)[^。；]{0,20}(?:发生|产生|形成|签订)的[^。；]{0,10}(?:全部|所有|一切)?"
               r"(?:债务|债权|借款|欠款|贷款|合同项下)[^。；]{0,24}(?:保证责任|担保责任|提供(?:连带)?(?:责任)?保证|提供担保)")
    if not re.search(creates, clause.text):
        return []
    first = next((c for c in ctx.clauses if re.search(creates, c.text)), None)
    if first is not None and first.clause_id != clause.clause_id:
        return []
    unlimited = re.search(r"(?:不设|没有|无)(?:最高)?(?:上限|限额)|不受[^。；]{0,8}限额", ctx.text)
    ceiling = re.search(rf"(?:最高(?:债权)?(?:额|限额|余额|本金)?|限额|担保(?:的)?(?:最高)?(?:债权)?(?:额|金额))(?:度)?[^。；]{{0,16}}(?:人民币|¥|￥)?\s*{_NUM}\s*(?:万|亿)?元", ctx.text)
    if ceiling and not unlimited:
        return []
    for sent in _split(clause.text):
        if re.search(creates, sent):
            flat = sent.replace("\n", "")
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_K_GUARANTOR_CO = re.compile(r"(?:保证人|担保人|保证方|担保方|丙方(?=[^。；]{0,40}(?:为|就)[^。；]{0,30}(?<!不得)(?<!不)提供[^。；]{0,6}(?:连带)?(?:责任)?(?:保证|担保)|[（(](?:保证人|担保人|保证方|担保方)))(?:[（(][^）)]{0,8}[）)])?\s*[：:]?\s*[^\n。；，,]{2,40}(?:有限公司|有限责任公司|股份公司|集团|公司)|"
                             r"(?:有限公司|有限责任公司|股份公司|集团|公司)[^。；\n]{0,8}(?:作为|为)[^。；\n]{0,6}(?:保证人|担保人)")


_K_RESOLUTION = re.compile(r"决议|董事会|股东会|股东大会|股东决定")
# a resolution named only to say it is not needed or need not be checked (无需出具股东会决议,
# 债权人无需审查…决议, 不得以未经决议为由…): that is no resolution, and says so
_K_RESOLUTION_WAIVED = re.compile(r"(?:无需|无须|不需要?|不必|免于|不再|未经|没有)(?:另行)?[^。；，]{0,16}(?:决议|董事会|股东会|股东大会|股东决定)")


def _resolution_recited(text: str) -> bool:
    """True when a sentence of ``text`` names a board or shareholders' resolution other
    than to waive it (see :data:`_K_RESOLUTION_WAIVED`)."""
    return any(_K_RESOLUTION.search(s) and not _K_RESOLUTION_WAIVED.search(s) for s in _split(text))


def company_guarantee_no_resolution(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A company guarantees another's debt and the contract neither recites nor requires a
    board or shareholders' resolution (决议, 董事会, 股东会 appear nowhere). One finding per
    document, at the first sentence that waives the resolution or its review (无需审查…决议),
    else at the first clause that creates the guarantee.

    Norm: a company's guarantee for others is decided by the board or the shareholders'
    meeting as its articles provide; a guarantee for a shareholder or controller needs the
    shareholders' meeting (公司法第十五条). A creditor who did not check the resolution
    may find the guarantee does not bind the company (担保制度解释第七条, not cited here).
    """
    if _per_doc(ctx, "company_guarantor_unresolved",
                lambda: not _K_GUARANTOR_CO.search(ctx.text) or _resolution_recited(ctx.text)):
        return []
    creates = r"保证人(?!数)|担保人|连带责任保证|提供[^。；]{0,4}(?:连带)?(?:责任)?保证(?!金|书)|提供担保"
    # a covenant not to guarantee (未经乙方同意不得为任何第三方提供担保) creates none
    creating = [(c.clause_id, s) for c in ctx.clauses if not re.search(r"^\s*(?:保证人|担保人|丙方)[^\n]{0,4}[：:]", c.text)
                for s in _split(c.text) if re.search(creates, s) and not re.search(rf"(?:不得|不会|禁止|严禁|不再)[^。；，]{{0,12}}(?:{creates})", s)]
    # a sentence that waives the resolution or its review (债权人无需审查…决议) is where a lawyer acts: report there
    waived = [(c.clause_id, s) for c in ctx.clauses for s in _split(c.text) if _K_RESOLUTION_WAIVED.search(s)]
    at = waived[0] if waived else (creating[0] if creating else None)
    if at is None or at[0] != clause.clause_id:
        return []
    flat = at[1].replace("\n", "")
    return [Hit(evidence=flat.strip(), sentence=flat)]


_K_DPA_ITEMS = {
    "处理目的": r"处理目的|委托目的|(?:使用|处理)[^。；]{0,10}目的|目的[^。；，]{0,4}处理|仅(?:可|能)?(?:为|用于)|仅限于?[^。；]{0,20}(?:目的|用途|用于)|用途",
    "处理期限": r"处理期限|委托期限|保存期限|存储期限|存续期|处理[^。；]{0,10}(?:期间|期限)|有效期|合同期限|服务期限|期限为|期限自|至[^。；]{0,12}(?:终止|届满)(?:之日)?止",
    "个人信息的种类": r"个人信息(?:的)?(?:种类|类型|类别|范围)|(?:姓名|手机号|电话号码|身份证|地址|账号)[^。；]{0,20}(?:等|、)|个人信息\s*[（(]\s*(?:包括|含|如)[^）)]{1,30}[）)]",
}


_K_DPA_LEFT_OPEN = re.compile(r"(?:视|根据|按照?)[^。；，]{0,8}(?:业务|项目|经营)?需要[^。；，]{0,4}(?:随时|不时|自行)?(?:确定|决定|调整)|随时(?:确定|决定|调整)|"
                              r"以[^。；]{0,16}(?:届时|不时|另行)[^。；]{0,12}(?:指令|通知|要求|安排)为准|(?:本协议|本合同)(?:对此)?不作(?:具体)?约定|"
                              r"另行(?:沟通|协商|商定|约定)(?:确定)?|届时(?:另行)?(?:确定|商定)")


def dpa_required_terms(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A personal-information entrustment that does not state what 个人信息保护法第二十一条
    requires it to: the purpose, the period, the kinds of personal information (and the
    processing method and protection measures, judged by the other data checks). One
    finding per document, at the clause about the scope or purpose of processing.

    ``params["items"]`` narrows the items checked (default: all three above).
    """
    if not _lf_is_dpa(ctx):
        return []
    items = params.get("items") or list(_K_DPA_ITEMS)
    # an item named only to be left open (处理目的、期限及种类由本公司视业务需要随时确定; 以甲方届时下达的指令为准，
    # 本协议不作具体约定; 具体事宜双方另行沟通确定) is not agreed: 第二十一条 asks for it in the agreement
    open_text = "".join(x for x in _split(ctx.text) if _K_DPA_LEFT_OPEN.search(x))
    missing = [k for k in items if not _lf_doc_has(_K_DPA_ITEMS[k], ctx.text.replace(open_text, "") if open_text else ctx.text)]
    if not missing or not _lf_locate(ctx, clause, r"目的|范围|内容|委托事项"):
        return []
    sents = [s for s in _split(clause.text) if re.search(r"个人信息|数据|信息", s)] or _split(clause.text)
    flat = sents[0].replace("\n", "")
    return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
        f"委托处理协议未约定{'、'.join(missing)}。个人信息处理者委托处理个人信息的，应当与受托人约定委托处理的目的、期限、处理方式、"
        "个人信息的种类、保护措施以及双方的权利和义务（个人信息保护法第二十一条）；缺少这些约定，受托人是否超范围处理无从判断。"))]


def dpa_rights_assistance(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A personal-information entrustment that never obliges the processor to help the
    controller answer individuals exercising their rights (查阅、复制、更正、删除, 撤回同意).
    One finding per document, at the clause on the processor's duties.

    Norm: the processor shall assist the controller in fulfilling its duties under the law
    (个人信息保护法第五十九条); the controller must have a convenient mechanism for requests
    by individuals and answer them (第五十条, 第四十四条至第四十七条).
    """
    if not _lf_is_dpa(ctx):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        # said outright: the requests are the controller's alone, or the processor answers them at will
        if re.search(r"(?:请求|申请)[^。；]{0,30}(?:由(?:委托方|甲方|委托人)自行(?:处理|负责|响应|答复)|属于(?:委托方|甲方|委托人)的?(?:义务|责任))"
                     r"|(?:受托方|乙方|受托人|处理方)[^。；]{0,16}(?:无义务|不负责|不承担|不予)[^。；]{0,10}(?:协助|配合|响应|处理)[^。；]{0,10}(?:请求|申请)"
                     r"|(?:请求|申请)的?[^。；]{0,6}(?:受托方|乙方|受托人)?[^。；]{0,6}可?根据(?:其|自身)[^。；]{0,8}决定是否(?:处理|响应|协助)", flat):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    if _lf_doc_has(r"(?:个人|信息主体|数据主体|用户|主体)[^。；]{0,20}(?:行使|请求|申请|要求)[^。；]{0,20}(?:权利|查阅|复制|更正|删除|撤回)|"
                   r"查阅、复制|更正、补充|(?:响应|处理|答复)[^。；]{0,10}(?:个人|主体|用户)[^。；]{0,10}(?:请求|申请)|权利请求", ctx.text):
        return []
    if not _lf_locate(ctx, clause, r"乙方(?:的)?(?:义务|责任)|受托(?:方|人)(?:的)?(?:义务|责任)|协助|配合"):
        return []
    sents = [s for s in _split(clause.text) if re.search(r"个人信息|数据|信息", s)] or _split(clause.text)
    flat = sents[0].replace("\n", "")
    return [Hit(evidence=flat.strip(), sentence=flat)]


def labour_special_hours(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A 综合计算工时 or 不定时 working-hour system with no approval by the labour
    administration recited anywhere in the contract (批准, 审批, 备案 …).

    Norm: an employer that cannot apply the standard hours because of the nature of its
    production may adopt other systems only with the labour administration's approval
    (劳动法第三十九条); without it, standard hours apply and hours beyond them are overtime
    (第四十一条、第四十四条).
    """
    if not _lf_employment_doc(ctx):
        return []
    if re.search(r"批准|批复|审批|核准|许可决定|备案|行政许可", ctx.text):
        return []
    if re.search(r"以下第|下列第|选择|勾选|[□☐]", clause.text):
        return []  # a template that offers the systems as options: not an agreement yet
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if re.search(r"综合(?:计算)?工时|不定时(?:工作|工时)?制?|不定时工作", flat):
            if re.search(r"不(?:实行|适用|采用)[^。；]{0,6}(?:综合|不定时)|(?:经|报)[^。；]{0,10}(?:批准|审批)后|依法(?:实行|执行|适用)", flat):
                continue
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


def _partnership_doc(ctx) -> bool:
    """A partnership agreement (合伙合同, 民法典第九百六十七条): its title or opening says 合伙,
    and it is not an agreement about a limited partnership's fund units alone."""
    return _per_doc(ctx, "partnership", lambda: bool(
        re.search(r"合伙(?:协议|合同|经营协议|人协议)", ctx.text[:400])
        and len(re.findall(r"合伙人", ctx.text)) >= 3))


_PS_PARTNER = r"(?:各方|各合伙人|合伙人|全体合伙人|任何一方|任一合伙人|[甲乙丙丁戊]方)"


def partnership_terms(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Terms of a partnership agreement (合伙合同) against the Civil Code's partnership
    chapter and the Partnership Enterprise Law.

    ``params["kind"]``:

    * ``liability_limited`` — partners answer to the partnership's creditors only up to
      their contribution or by their share (民法典第九百七十三条: joint and several
      liability; 合伙企业法第二条 for a general partnership). Sharing between the
      partners (内部, 相互之间, 追偿) and a limited partner (有限合伙人) are lawful.
    * ``profit_guaranteed`` — a partner takes a fixed return whatever the result or bears
      no loss (合伙企业法第三十三条第二款; 民法典第九百六十七条: 共享利益、共担风险). An
      agreed fee for the managing partner (民法典第九百七十一条) is lawful.
    * ``exit_barred`` — no partner may leave or terminate, or a leaver forfeits the share
      (民法典第九百七十六条第三款: an indefinite partnership may be ended at any time on
      reasonable notice; 合伙企业法第四十五条、第四十六条、第五十一条: withdrawal and the
      return of the share).
    * ``supervision_excluded`` — partners who do not manage may not inspect the books or
      supervise (民法典第九百七十条第二款; 合伙企业法第二十八条第二款).

    Only in a partnership agreement (:func:`_partnership_doc`). One hit per clause.
    """
    if not _partnership_doc(ctx):
        return []
    kind = params.get("kind")
    rows = table_row_sentences(clause.text)
    for sent in _split(clause.text):
        s = rows.get(sent.strip(), sent).replace("\n", "")
        if is_table_row(sent.strip()) and not re.search(r"债务|责任|利润|亏损|收益|分红|退伙|退出|查账|查阅|监督|知情|账簿", s):
            continue
        if kind == "liability_limited":
            if re.search(r"有限合伙人|内部|相互之间|彼此之间|追偿|超过[^。；]{0,10}份额", s):
                continue
            if re.search(r"(?:对外|合伙(?:企业)?(?:的)?债务|债权人|第三人|外部债务)", s) and re.search(
                    r"以[^。；，]{0,12}为(?:限|上限)|仅按[^。；，]{0,8}(?:比例|份额)|按(?:其|各自)?(?:的)?(?:出资|投资|持有)?(?:比例|份额)[^。；，]{0,6}(?:对外)?(?:承担|清偿|偿还)"
                    r"|按份(?:承担|负责|清偿)|有限责任|(?:不|无须|无需)(?:承担)?(?:连带|无限)|(?:不承担|不负)(?:任何)?(?:清偿)?责任"
                    r"|仅(?:得|能|可)?就合伙(?:企业)?财产(?:受偿|求偿|清偿)|不得向[^。；，]{0,6}合伙人(?:个人)?(?:追索|追偿|主张|求偿)|无须就其他合伙人", s):
                return [Hit(evidence=s.strip(), sentence=sent)]
        elif kind == "profit_guaranteed":
            if re.search(r"执行(?:合伙)?事务(?:的)?(?:报酬|管理费)|劳务报酬|工资", s):
                continue
            if re.search(r"固定(?:回报|收益|分红|利润|利息|年化)|保底|(?:无论|不论|不管)[^。；，]{0,8}(?:盈亏|盈利与否|是否盈利|经营(?:状况|结果|情况))|不(?:承担|分担|负担)[^。；，]{0,4}(?:任何)?(?:经营)?亏损|亏损[^。；，]{0,10}由[^。；，]{0,8}(?:单独|全部|独自)?承担"
                         r"|保证[^。；]{0,10}(?:收回|获得|取得)[^。；]{0,16}(?:出资|本金|收益|回报|分红)|利润(?:全部|均|一律)归(?![^。；，]{0,4}(?:合伙|全体))[^。；，]{1,6}所有"
                         r"|(?:分红|收益|回报|利润)[^。；]{0,24}(?:差额|不足部分)[^。；，]{0,6}由[^。；，]{0,8}补足", s) \
                    and not re.search(r"(?:按|依)(?:照)?(?:出资|实缴)?比例(?:分配|分担)(?:利润|亏损)?[^。；]{0,6}$", s):
                if re.search(r"亏损[^。；，]{0,10}由[^。；，]{0,8}承担", s) and re.search(r"共同|按(?:出资)?比例|各方", s):
                    continue
                return [Hit(evidence=s.strip(), sentence=sent)]
        elif kind == "exit_barred":
            bar = re.search(rf"{_PS_PARTNER}?[^。；]{{0,8}}(?:不得|不能|无权|不可)[^。；，]{{0,8}}(?:单方|单独|自行|擅自)?(?:解除|终止|退出|退伙|撤资|抽回)", s)
            forfeit = re.search(r"(?:退伙|退出|离开|撤出)[^。；]{0,30}(?:出资|份额|投资|财产)[^。；]{0,10}(?:不予|不再|一律不|概不)(?:退还|返还|退回)|(?:退伙|退出)[^。；]{0,20}(?:视为放弃|丧失)[^。；]{0,10}(?:出资|份额|投资|权益|财产)"
                                r"|(?:退伙|退出)[^。；]{0,30}(?:按|以)[^。；，]{0,10}(?:\d+(?:\.\d+)?\s*[%％]|百分之|[一二三四五六七八九]成)[^。；，]{0,6}(?:退还|返还)|其余(?:部分)?归(?:其他|剩余|其余)合伙人"
                                r"|(?:退伙|退出)[^。；]{0,20}(?:不进行|不予|不作|无需|无须)结算|退伙[^。；]{0,10}(?:不允许|不被允许|禁止|不可)", s)
            long_notice = re.search(rf"(?:退伙|退出)[^。；]{{0,12}}提前\s*(?P<n>{_NUM})\s*(?P<u>个月|月|日|天)", s)
            if long_notice and (n := parse_number(long_notice["n"])) and (n * 30 if "月" in long_notice["u"] else n) > 90:
                forfeit = forfeit or long_notice
            short_notice = re.search(r"提前[^。；，]{0,6}(?:日|天|个月|月)[^。；，]{0,4}通知", s) and not (long_notice and forfeit is long_notice)
            # the law's own rules (合伙企业法第二十一条: no division before liquidation) and a set-off against what the leaver owes
            if re.search(r"清算前", s) or (forfeit and re.search(r"抵扣|抵销|抵偿|扣除[^。；，]{0,6}(?:欠款|债务|欠付)", s)):
                continue
            if bar and not re.search(r"退伙|退出|撤资|抽回|合伙(?:协议|合同|企业|关系)?|本协议|本合同", bar.group(0)):
                continue  # another contract's termination (不得擅自解除与托管银行签订的资金托管协议)
            if (bar or forfeit) and not re.search(r"(?:经|征得)[^。；，]{0,8}(?:全体|其他)?合伙人[^。；，]{0,4}(?:一致)?同意|(?:给|对)[^。；]{0,10}造成(?:不利影响|损失)", s) \
                    and not (short_notice and bar and not forfeit):
                return [Hit(evidence=s.strip(), sentence=sent)]
        elif kind == "supervision_excluded":
            if re.search(r"(?:无权|不得|不能|不享有|不可)[^。；]{0,10}(?:查阅|查看|调阅|复制|审阅|检查|监督|过问|了解|知悉|知晓)[^。；]{0,20}(?:账簿|账册|账目|财务|流水|凭证|经营(?:状况|情况)|执行情况)?"
                         r"|不(?:对|就)[^。；]{0,24}(?:进行|实施|行使)?监督|查阅[^。；]{0,20}(?:须|需|应)[^。；]{0,6}(?:经|取得|征得)[^。；]{0,12}(?:执行事务合伙人|管理合伙人|甲方)[^。；]{0,6}同意"
                         r"|(?:执行事务合伙人|管理合伙人)[^。；]{0,6}(?:无须|无需|不必|不需|不负责|没有义务)[^。；]{0,10}(?:报告|披露|告知)"
                         r"|(?:查账|查阅|知情|监督)权?[：:]\s*(?:无|不享有|否|不可)", s) \
                    and re.search(r"账簿|账册|账目|查账|财务|流水|凭证|经营|事务|执行", s) \
                    and not re.search(r"(?:执行事务合伙人|管理合伙人)[^。；]{0,6}(?:不得|无权)[^。；]{0,6}(?:拒绝|阻挠|妨碍)|商业秘密[^。；]{0,6}(?:外泄|泄露)|向第三(?:人|方)", s):
                return [Hit(evidence=s.strip(), sentence=sent)]
    return []


_SPOUSE_SIGNS = re.compile(r"配偶[^。；\n]{0,8}[（(]?\s*(?:签字|签名|签章|签署|盖章|手印)\s*[)）]?\s*[:：]|(?:丙方|丁方|共同借款人|共同还款人|保证人)[（(：:\s]*(?:[^。；\n]{0,10})?配偶")


def spouse_bound_without_signing(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A party's spouse made liable for the party's debts when the spouse does not sign.

    A contract binds its parties (民法典第四百六十五条); a debt one spouse incurs in their
    own name is a joint debt only when both sign or the other ratifies, or when it serves
    the family's daily needs (第一千零六十四条). A clause that makes the spouse answer
    (``之配偶…承担共同清偿责任``) with no signature of the spouse in the contract (no
    ``配偶（签字）：`` line, the spouse not named as a party) binds no one and leaves the
    creditor without the security it counts on. A spouse released from liability, or
    one who signs, is not flagged.
    """
    if _per_doc(ctx, "spouse_signs", lambda: bool(_SPOUSE_SIGNS.search(ctx.text))):
        return []
    rows = table_row_sentences(clause.text)
    sp = r"(?:配偶|妻子|丈夫|之妻|之夫)"
    for sent in _split(clause.text):
        s = rows.get(sent.strip(), sent).replace("\n", "")
        if not re.search(sp, s) or re.search(rf"与[^。；，]{{0,10}}{sp}无关|(?:不得|不能|无权|不应)(?:要求|向)?[^。；，]{{0,6}}{sp}", s):
            continue
        m = re.search(rf"{sp}[^。；]{{0,40}}?(?<![不无免])(?:承担|负)[^。；，]{{0,12}}(?:连带|共同|无限)?[^。；，]{{0,4}}(?:清偿|偿还|还款|赔偿|保证)?(?:责任|义务)", s)
        if m and (re.search(r"(?:不|无须|无需|免于|免除)[^。；，]{0,4}(?:承担|负)", m.group(0)) or re.search(r"个人财产|离婚|婚前|夫妻共同财产(?:范围内)?(?:以外)", s)):
            m = None
        m = m or re.search(
            rf"向[^。；，]{{0,8}}{sp}(?:追偿|追索|主张|求偿|追讨)"
            rf"|{sp}[^。；，]{{0,8}}(?:自动)?(?:成为|作为|列为)[^。；，]{{0,6}}(?:共同(?:还款人|债务人|借款人|还款责任人)|保证人|担保人)"
            rf"|(?:共同还款|共同债务|连带(?:责任)?|还款责任)(?:责任)?人[：:\s]*[^。；，]{{0,6}}{sp}"
            rf"|不论[^。；，]{{0,8}}{sp}[^。；，]{{0,8}}(?:是否|有无)[^。；，]{{0,8}}(?:知情|签字|同意|签署)"
            rf"|即(?:代表|视为|表示)[^。；，]{{0,6}}{sp}[^。；，]{{0,6}}(?:同意|认可|确认)"
            rf"|{sp}[^。；]{{0,30}}(?:应|须|应当)(?:与[^。；，]{{0,8}})?(?:共同|连带)(?:偿还|清偿|还款|承担)", s)
        if m:
            return [Hit(evidence=sent.strip(), sentence=sent)]
    return []


DETECTORS.update({
    "acceptance_time_open": acceptance_time_open,
    "company_guarantee_no_resolution": company_guarantee_no_resolution,
    "dpa_required_terms": dpa_required_terms,
    "dpa_rights_assistance": dpa_rights_assistance,
    "finlease_asset_not_genuine": finlease_asset_not_genuine,
    "guarantee_for_shareholder_without_meeting": guarantee_for_shareholder_without_meeting,
    "guarantee_max_no_ceiling": guarantee_max_no_ceiling,
    "labour_special_hours": labour_special_hours,
    "partnership_terms": partnership_terms,
    "party_minor_without_guardian": party_minor_without_guardian,
    "payment_period_long": payment_period_long,
    "provisional_price": provisional_price,
    "retention_ratio": retention_ratio,
    "risk_passes_early": risk_passes_early,
    "settlement_audit_no_deadline": settlement_audit_no_deadline,
    "spouse_bound_without_signing": spouse_bound_without_signing,
    "termination_one_sided_ground": termination_one_sided_ground,
})
