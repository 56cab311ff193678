"""Property and finance detectors (checks of ``pipelines/playbook/property_finance.yaml``).

Loan interest caps and interest deducted in advance (民间借贷规定), sub-leases, the terms a
guarantee must state, and finance leases (ownership of the leased asset, the lessee's choice of
supplier). Examples: ``tests/pipelines/data/playbook_cases_property_finance.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date

from pipelines.rules.core import (
    _C_YUAN,
    _K_UNDECIDED,
    _NUM,
    DETECTORS,
    Hit,
    _c_yuan_value,
    _per_doc,
    _signing_date,
    _split,
    parse_number,
    parse_rate,
)
from pipelines.types import Clause

# 一年期 LPR (中国人民银行授权全国银行间同业拆借中心公布), effective dates; the cap of
# 民间借贷规定第25条 is four times the LPR at contract formation.
_LF_LPR = (
    (date(2019, 8, 20), 4.25), (date(2019, 9, 20), 4.20), (date(2019, 11, 20), 4.15),
    (date(2020, 2, 20), 4.05), (date(2020, 4, 20), 3.85), (date(2021, 12, 20), 3.80),
    (date(2022, 1, 20), 3.70), (date(2022, 8, 22), 3.65), (date(2023, 6, 20), 3.55),
    (date(2023, 8, 21), 3.45), (date(2024, 7, 22), 3.35), (date(2024, 10, 21), 3.10),
    (date(2025, 5, 20), 3.00),
)


def _lf_lpr(ctx, params) -> tuple[float, str]:
    signed = _per_doc(ctx, "signing_date", lambda: _signing_date(ctx.text)) if ctx.text else None
    if signed and signed >= _LF_LPR[0][0]:
        rate = [r for d, r in _LF_LPR if d <= signed][-1]
        return rate, f"合同成立时（{signed.isoformat()}）"
    return float(params.get("lpr_1y_percent", 3.0)), "合同成立时"


_LF_FEN = re.compile(rf"(?P<k>月息|月利|年息|年利)\s*(?P<n>{_NUM})\s*分(?!之)")


_LF_FEE = r"(?:账户管理费|管理费|服务费|咨询费|手续费|顾问费|平台费|居间费|中介费|担保费|审核费|风控费)"
_LF_PERIOD_TIMES = {"月": 12, "季": 4, "季度": 4, "半年": 2, "年": 1}


# interest as a sum per sum lent and per period: 每万元每日捌元 / 每百元月息2元 / 每千元每月利息15元
_LF_PER_SUM = re.compile(rf"每\s*(?P<b>{_NUM})?\s*(?P<bu>万|千|百)?元(?:借款|本金|款项)?[^。；，\d]{{0,3}}?(?:每|按)?(?P<per>日|天|月|年)(?:息|利息|计息)?[^。；，\d]{{0,6}}?(?P<n>{_NUM})\s*(?:元|块)")


def _lf_annual_rates(s: str) -> list[float]:
    """Annual interest rates, in percent, stated in one sentence (年利率, 月息 … annualised;
    a sum per sum lent and period, ``每万元每日捌元``, is 8 / 10,000 × 365 = 29.2%)."""
    found: list[float] = []
    unit = {"万": 10_000, "千": 1_000, "百": 100}
    for m in _LF_PER_SUM.finditer(s):
        b, bu = m["b"] or "", m["bu"] or ""
        if b in unit and not bu:
            b, bu = "", b  # 每万元: the unit alone, read as a number
        base = ((parse_number(b) if b else 1.0) or 0.0) * unit.get(bu, 1)
        n = parse_number(m["n"])
        if base >= 100 and n is not None:
            found.append(n / base * 100 * {"日": 365, "天": 365, "月": 12, "年": 1}[m["per"]])
    for m in _LF_FEN.finditer(s):
        n = parse_number(m["n"])
        if n is not None:
            found.append(n * 12 if m["k"].startswith("月") else n * 10)
    for pct, m in parse_rate(s):
        before = s[max(0, m.start() - 12): m.start()]
        if re.search(r"(?:偿还|归还|还款|返还|清偿)[^。；，]{0,6}(?:本金|借款|贷款)(?:总额|金额)?的?\s*$", before):
            continue  # a share of the principal repaid (每月偿还本金的3%) is an instalment, not a rate
        if re.search(r"(?:上浮|上调|提高|增加|加收|浮动)\s*$", before):
            # a markup on a rate (在约定利率基础上上浮30%): relative, not a rate of its own
            if found:
                found.append(max(found) * (1 + pct / 100))
            continue
        if re.search(r"月利率|月息|月利|每月|按月[^。；]{0,4}(?:利率|计息)", before):
            found.append(pct * 12)
        elif re.search(r"日利率|日息|每日|按日|每天|日利", before):
            found.append(pct * 365)
        elif re.search(r"年利率|年息|年化|利率|每年|按年|年利", before):
            found.append(pct)
    return found


def _lf_principal(text: str) -> float | None:
    """The loan principal in yuan: the first amount after 借款本金/借款金额/借款总额."""
    m = re.search(r"(?:借款本金|借款金额|借款总额|本金|借款)(?:金额)?(?:为|是|：|:)?\s*(?:人民币)?", text)
    while m:
        a = _C_YUAN.match(text, m.end()) or _C_YUAN.match(text.replace(" ", ""), m.end())
        if a and (v := _c_yuan_value(a)):
            return v
        m = re.compile(r"(?:借款本金|借款金额|借款总额|本金)(?:金额)?(?:为|是|：|:)?\s*(?:人民币)?").search(text, m.end())
    return None


def _lf_fee_rate(s: str, principal: float | None, fee: str = _LF_FEE) -> float | None:
    """A periodic fee the borrower pays the lender during the loan, as an annual percentage
    of the principal: ``每月支付本金1%的管理费`` (12%), ``每季度支付咨询服务费5000元`` on a
    100,000 principal (20%). None when the sentence has no such fee, or it is a default charge.
    With ``fee=r"利息"`` the same reading gives the rate of interest agreed as a fixed sum
    per period (``每月10日前支付利息人民币陆仟元`` on 400,000: 18%)."""
    if not re.search(fee, s) or re.search(r"逾期|违约|罚息|滞纳|催收|不收取|不得收取|无需支付|免收", s):
        return None
    per = re.search(r"(?:每|按)(?P<u>月|季度|季|半年|年)", s)
    if not per:
        return None
    times = _LF_PERIOD_TIMES[per["u"]]
    pct = re.search(rf"(?:本金|借款金额|借款本金)[^。；\d.．]{{0,4}}的?\s*(?P<n>{_NUM})\s*[%％]", s)
    if pct and (n := parse_number(pct["n"])) is not None:
        return n * times
    # the sum of that period: the first amount after the period word (每季度利息为4,500元, not 全年利息18,000元 before it)
    for a in sorted(_C_YUAN.finditer(s), key=lambda a: (a.start() < per.start(), abs(a.start() - per.end()))):
        v = _c_yuan_value(a)
        if v and principal and v < principal and re.search(fee, s[max(0, a.start() - 16): a.end() + 16]):
            return v * times / principal * 100
    return None


def loan_rate_cap(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Loan interest above four times the one-year LPR at formation (民间借贷规定第25条;
    overdue interest: 第28条).

    Reads annual, monthly and daily rates (``年利率15%``, ``月利率2%``, ``月息2分``,
    ``日利率万分之五``, ``每日千分之一``) and annualises them (×12, ×365); the LPR is the
    one in force on the signing date when the contract states it, else the playbook's
    ``lpr_1y_percent``. A 违约金 rate is judged by the 违约金 check, not here.

    A periodic fee the borrower pays the lender while the loan runs (管理费, 服务费, 咨询费
    ``每月…本金的1%`` or ``每季度…5000元``) is the price of the money under another name: it
    is annualised against the principal and added to the highest interest rate the
    contract states (民法典第六百八十条; 民间借贷规定第二十五条 caps the whole cost).
    """
    if ctx.contract_type not in ("借款合同", "保证合同", "抵押合同") and not _per_doc(
            ctx, "has_loan", lambda: bool(re.search(r"借款(?:本金|金额|合同|本息|期限)|借款[年月日]?(?:利率|利息|息)|出借人|借款人", ctx.text or ""))):
        return []  # a sale's own price terms are no loan; a lender's loan written into a sale (三方) is
    lpr, when = _lf_lpr(ctx, params)
    cap = 4 * lpr
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        fee = _lf_fee_rate(s, _per_doc(ctx, "loan_principal", lambda: _lf_principal(ctx.text or clause.text))) \
            if re.search(_LF_FEE, s) else None
        if fee is None and re.search(_LF_FEE, s) and re.search(r"本金|借款(?:金额|额)", s) and not re.search(r"违约金|逾期|罚息", s):
            # a fee stated as a rate of the principal (资金服务费，费率为借款本金的每月百分之零点五)
            fee = max(_lf_annual_rates(s) or [0.0]) or None
        if fee:
            rates = _per_doc(ctx, "loan_rates", lambda: [r for c in ctx.clauses for t in _split(c.text)
                                                         if not re.search(r"违约金|逾期|罚息", t) and not re.search(_LF_FEE, t)
                                                         for r in _lf_annual_rates(t.replace("\n", ""))])
            interest = max([r for r in rates if r <= 100] or [0.0])
            if interest + fee > cap + 1e-6:
                return [Hit(evidence=s.strip(), sentence=sent,
                            explanation=f"借期内另收的费用折合年化约{fee:.3g}%，与约定利率{interest:g}%合计约{interest + fee:.3g}%，"
                                        f"超过{when}一年期贷款市场报价利率{lpr:g}%的四倍即{cap:g}%；以管理费、服务费等名义收取的费用实为利息，"
                                        "超过部分不受法律保护（民法典第六百八十条，民间借贷规定第二十五条）。")]
        if not re.search(r"利率|利息|年息|月息|日息|计息|罚息", s) or "违约金" in s:
            continue
        found = _lf_annual_rates(s)
        if not found and (fixed := _lf_fee_rate(s, _per_doc(ctx, "loan_principal", lambda: _lf_principal(ctx.text or clause.text)), r"利息")):
            if fixed > cap + 1e-6:
                return [Hit(evidence=s.strip(), sentence=sent,
                            explanation=f"约定按期支付固定数额的利息，按借款本金折合年利率约{fixed:.3g}%，超过{when}一年期贷款市场报价利率{lpr:g}%的四倍即{cap:g}%，"
                                        "超过部分不受法律保护（民法典第六百八十条，民间借贷规定第二十五条）。")]
        if found and max(found) > cap + 1e-6:
            annual = max(found)
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation=f"约定利率折合年利率约{annual:g}%，超过{when}一年期贷款市场报价利率{lpr:g}%的四倍即{cap:g}%，"
                                    "超过部分不受法律保护（民间借贷规定第二十五条、第二十八条）。")]
    return []


def _lf_upfront(text: str) -> list[tuple[str, str, str | None]]:
    """(kind, sentence, explanation) for each sentence of ``text`` that deducts interest
    or fees from the principal: kind ``explicit`` (it says so) or ``amount`` (the sum
    actually paid is less than the stated principal)."""
    out: list[tuple[str, str, str | None]] = []
    for sent in _split(text):
        s = sent.replace("\n", "")
        if not re.search(r"借款|本金|放款|贷款|出借|融资款", s):
            continue
        if re.search(r"(?:不得|不会|禁止|严禁|不)(?:预先|提前)?(?:在|从)?[^。；，]{0,6}(?:本金中)?(?:扣除|扣收|扣减|扣留)", s):
            continue
        if re.search(r"(?:预先|提前|事先|先行)[^。；]{0,10}(?:扣除|扣收|扣减|扣留|扣)[^。；]{0,20}(?:利息|手续费|服务费|咨询费|管理费|保证金|砍头息|中介费|居间费)", s) \
                or re.search(r"(?:利息|手续费|服务费|咨询费|管理费|中介费|居间费)[^。；]{0,15}(?:在|从)[^。；]{0,4}(?:借款本金|本金|借款金额|借款款项|出借款|放款金额|融资款|贷款)[^。；]{0,6}中[^。；]{0,6}(?:预先|提前|直接|一次性)?(?:扣除|扣收|扣减|扣)", s) \
                or re.search(r"(?:在|从)(?:借款)?本金中扣除", s) \
                or (re.search(r"(?:在|从)[^。；，]{0,4}(?:借款本金|本金|借款金额|借款款项|出借款项?|放款金额|借款)中[^。；，]{0,4}(?:扣除|扣收|扣减|扣留|扣划|划扣|先扣)", s)
                    and re.search(r"利息|手续费|服务费|咨询费|管理费|保证金|中介费|居间费|砍头息", s)) \
                or re.search(r"从[^。；，]{0,6}(?:放款资金|借款资金|借款款项|借款|贷款资金|贷款)中[^。；]{0,4}(?:直接)?(?:划扣|扣除|扣收|扣划)", s) \
                or re.search(r"(?:交付|出借|放款|发放|支付|转账|划付|划款)(?:借款|款项|本金|资金)?(?:时|之时|当日|同时|前)[^。；]{0,10}(?:一次性|直接|先)?(?:扣除|扣收|扣减|扣留|收取|扣)[^。；]{0,10}(?:利息|手续费|服务费|咨询费|管理费|保证金|砍头息|中介费|居间费)", s) \
                or re.search(r"(?:利息|手续费|服务费|咨询费|管理费|保证金|中介费|居间费)[^。；]{0,20}(?:在|于)(?:交付|出借|放款|发放|转账|划款)(?:借款|款项|本金|资金)?(?:时|之时|当日|同时)[^。；，]{0,6}(?:一并|一次性|直接|先行?)?(?:扣除|扣收|扣减|扣留|扣)", s):
            # the charge named first: 其余肆万元系乙方应付的前三个月利息及服务费，由甲方在放款时一并扣收
            out.append(("explicit", sent, None))
            continue
        amounts = [(m.start(), _c_yuan_value(m)) for m in _C_YUAN.finditer(s)]
        paid = re.search(r"实际(?:支付|交付|出借|到账|放款|发放|收到|汇付|汇出|汇款|转账|划付|划款|打款|转付)", s)
        if paid and re.search(r"借款(?:本金|金额)|借款总额|本金", s) and len(amounts) >= 2:
            stated = [a for p, a in amounts if p < paid.start() and a]
            actual = [a for p, a in amounts if p > paid.start() and a]
            if stated and actual and actual[0] < stated[0]:
                out.append(("amount", sent, f"借款金额为{stated[0]:,.0f}元而实际交付{actual[0]:,.0f}元，差额实为预扣的利息或费用；"
                                            "本金应按实际出借的金额认定（民法典第六百七十条）。"))
    return out


def loan_upfront_deduction(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Interest or fees taken out of the principal when the loan is made (民法典第670条;
    民间借贷规定第26条: the amount actually lent is the principal).

    Shapes: ``出借人在交付借款时预先扣除首月利息``, ``手续费/服务费从借款本金中直接
    扣除``, ``借款金额10万元，实际支付9万元``. One finding per document (the check is
    document-scoped): at the first clause that says so, else at the first clause whose
    amounts show it. Not flagged: a prohibition, interest paid periodically, a deduction
    from the borrower's account on a due date.
    """
    hits = _lf_upfront(clause.text)
    if not hits:
        return []
    if hits[0][0] == "amount" and any(k == "explicit" for c in ctx.clauses if c.clause_id != clause.clause_id
                                       for k, _, _ in _lf_upfront(c.text)):
        return []  # another clause states the deduction: report it there
    kind, sent, expl = next((h for h in hits if h[0] == "explicit"), hits[0])
    return [Hit(evidence=sent.strip(), sentence=sent, explanation=expl)]


def _lf_consent_required(s: str, party: str) -> bool:
    """Whether ``s`` requires ``party``'s consent (``经甲方书面同意``, ``须征得出租人同意``),
    a requirement not negated by 无需/不必 … in the eight characters before it."""
    for m in re.finditer(rf"(?:经|征得|取得|获得)(?:过)?[^。；，,]{{0,10}}(?:{party})[^。；]{{0,6}}(?:书面)?(?:同意|许可|批准)", s):
        if not re.search(r"无需|无须|不需|不必|不用|免于|免除", s[max(0, m.start() - 8): m.start()]):
            return True
    return False


def lease_sublease(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The tenant may sublet without the landlord's consent (民法典第716条: 承租人经出租人
    同意，可以将租赁物转租给第三人; 第717条).

    Shapes: ``承租人可自行转租，无需征得出租人同意``, ``乙方有权将房屋分租给第三方``,
    ``转租不受限制``. Not flagged: sub-letting that needs the landlord's (written) consent,
    anywhere in the clause, a prohibition, the landlord's remedy for unauthorised sub-letting.
    """
    landlord = r"出租[人方]|甲方|业主"
    if _lf_consent_required(clause.text, landlord):
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        m = re.search(r"转租|分租|转借|转让(?:承租权|租赁权)", s)
        if not m or re.search(r"不得(?:擅自)?(?:转租|分租|转借)|擅自|未经", s):
            continue
        if re.search(r"(?:有权|可以|可|自行|自由)(?:决定|选择)?(?:将[^。；，]{0,15})?(?:转租|分租|转借)", s) \
                or re.search(r"(?:转租|分租|转借)[^。；]{0,15}(?:无需|无须|不需|不必|不受限制|不得干涉|自行决定)", s):
            return [Hit(evidence=s.strip(), sentence=sent)]
    return []


_CONSENT_LIST = re.compile(r"(?:(?:须|需|应当?|必须)(?:经|由|取得|征得)|由)[^。；：:]{0,16}(?:同意|决议|批准|表决|决定)[^。；：:]{0,10}[：:][^。]*")


def guarantee_missing_terms(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A personal guarantee that never states its period (民法典第692条: then six months
    from the debt's due date) or its type (第686条: then 一般保证, with the 先诉抗辩权 of
    第687条). ``params.missing`` is ``period`` or ``type``. One finding per document,
    at the first clause that creates the guarantee.
    """
    which = params.get("missing", "period")
    creates = r"保证人(?!数)|担保人|连带责任保证|连带保证|保证担保|一般保证|(?:提供|承担)[^。；]{0,4}(?:连带)?(?:责任)?保证(?!金|书)"
    if not _per_doc(ctx, "has_collateral", lambda: bool(re.search(r"抵押|质押|质权|留置|担保物|保证金|定金", ctx.text))):
        # a person's undertaking to answer for the debt with no collateral anywhere: 提供担保 is a guarantee (保证)
        creates += r"|(?:提供|承担)[^。；]{0,4}担保(?:责任)?(?!金|物|函|财产)"

    def _creates(text: str) -> bool:
        # the items listed after "下列事项须经全体合伙人一致同意：" are powers that need consent, not guarantees given
        text = _CONSENT_LIST.sub("", text)
        return any(re.search(creates, s) and re.search(r"债务|借款|欠款|本金|利息|租金|款项|主合同|债权|还款|偿还|清偿|付款义务", s)
                   and not re.search(r"质量保证|保证金|保证书|保修", s)
                   # 为他人提供担保 listed among matters that need everyone's consent is a power, not a guarantee given
                   and not re.search(r"(?:须|需|应当?)(?:经|由)[^。；]{0,10}(?:一致)?(?:同意|决议|批准|表决)|一致同意|表决通过", s)
                   # a promise not to guarantee (借款人承诺不为任何第三方的债务提供担保) gives none
                   and not re.search(r"不(?:得|为|向|对)[^。；，]{0,16}提供[^。；，]{0,4}(?:担保|保证)|不提供(?:任何)?(?:担保|保证)", s) for s in _split(text))

    if which == "type":
        # the kind written as a condition — the guarantor pays when the debtor cannot — is a general
        # guarantee (担保制度解释第二十五条第一款): reported at that sentence, where the kind is set
        gen = _per_doc(ctx, "general_guarantee_sentence", lambda: next(
            ((c, x) for c in ctx.clauses for x in _split(c.text)
             if re.search(r"保证责任|担保责任|代为(?:清偿|偿还|履行|还款)|承担[^。；，]{0,6}(?:保证|担保)(?!金)", x)
             and _GENERAL_GUARANTEE.search(x) and not re.search(r"不(?:再)?承担(?:保证|担保)责任|免除", x)), None))
        if gen is not None:
            if gen[0].clause_id != clause.clause_id or re.search(
                    r"连带(?:责任)?保证|连带(?:清偿|偿还|担保|保证)?责任|共同(?:承担|偿还)|连带", ctx.text):
                return []
            return [Hit(evidence=gen[1].strip(), sentence=gen[1], explanation=(
                "条款约定保证人在债务人不能清偿时才承担保证责任，依法为一般保证（担保制度解释第二十五条第一款；民法典第六百八十七条）："
                "保证人在主合同纠纷未经审判或仲裁、并就债务人财产依法强制执行仍不能履行前，有权拒绝承担保证责任，债权人须先向债务人追索。"))]
    if not _creates(clause.text):
        return []
    # the guarantee article itself (第十条 保证条款) rather than a recital that announces it (鉴于…愿意提供保证担保)
    first = _per_doc(ctx, "first_guarantee_clause", lambda: next(
        (c for c in ctx.clauses if _creates(c.text) and re.search(r"保证|担保", (c.title or "") + " ".join(c.path or ()))),
        next((c for c in ctx.clauses if _creates(c.text)), None)))
    if first is not None and first.clause_id != clause.clause_id:
        return []
    if which == "period":
        if re.search(r"保证期间|保证期限|保证责任期间|担保期间|担保期限|保证责任的期间|届满之日起[^。；]{0,8}(?:年|个月|日)|(?:年|个月)内[^。；]{0,10}(?:要求|请求)[^。；]{0,6}保证人"
                     # 丙方的保证责任自主债务到期之日起持续两年
                     r"|(?:保证|担保)责任[^。；]{0,20}(?:到期|届满)[^。；，]{0,6}(?:之日)?起[^。；，]{0,4}(?:持续|为期|为|计)?\s*(?:\d{1,2}|[一二两三四五六七八九十]{1,3})\s*(?:年|个月)"
                     # a period "until paid in full" is agreed but unclear (担保制度解释第三十二条): its own check reports it
                     r"|(?:保证|担保)责任[^。；，]{0,6}(?:持续|存续|延续)?至[^。；]{0,30}(?:清偿|偿还|还清|履行完毕|付清)", ctx.text):
            return []
        expl = "合同约定了保证但未约定保证期间，保证期间为主债务履行期限届满之日起六个月，债权人须在该期间内向保证人主张（民法典第六百九十二条）。"
    else:
        if re.search(r"连带(?:责任)?保证|连带(?:清偿|偿还|担保|保证)?责任|一般保证|共同(?:承担|偿还)|连带", ctx.text):
            return []
        expl = "合同未约定保证方式，按照一般保证承担保证责任，保证人在主合同纠纷未经审判或仲裁并就债务人财产依法强制执行前可拒绝承担责任（民法典第六百八十六条、第六百八十七条）。"
    for sent in _split(clause.text):
        if re.search(creates, sent):
            return [Hit(evidence=sent.strip(), sentence=sent, explanation=expl)]
    return []


def finlease_ownership_unclear(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A finance lease that never says who owns the asset when the term ends
    (民法典第757条: then, failing 第510条, the lessor). One finding per document, at the
    first clause about the leased asset's ownership or the term. A disposal left to a later
    agreement (届时另行协商) or to options nobody ticked (□留购 □续租) is not agreed."""
    if not re.search(r"融资租赁|售后回租", ctx.text[:3000]) and ctx.contract_type != "融资租赁合同":
        return []
    for m in re.finditer(r"(?:届满|期满|到期|结束)[^。]{0,40}(?:归(?:承租人|出租人|甲方|乙方)|所有权(?:转移|归)|留购|名义(?:价款|货价)|续租|返还租赁物|退还租赁物)|留购价|名义价款|名义货价", ctx.text):
        sent = ctx.text[m.start(): ctx.text.find("。", m.end()) % (len(ctx.text) + 1)]
        # a choice left open is no agreement: 由双方届时另行协商 / □留购 □续租（未勾选）
        if not (_K_UNDECIDED.search(sent) or ("□" in sent and not re.search(r"[☑☒■√✓✔]", sent)) or "未勾选" in sent):
            return []
    if not re.search(r"租赁物|租赁设备|设备|车辆", clause.text):
        return []
    target = next((c for c in ctx.clauses if re.search(r"所有权", c.text) and re.search(r"租赁物|租赁设备", c.text)), None) \
        or next((c for c in ctx.clauses if re.search(r"租赁期|租期", c.text)), None)
    if target is not None and target.clause_id != clause.clause_id:
        return []
    sent = next((s for s in _split(clause.text) if re.search(r"所有权|租赁期|租期|租赁物", s)), clause.text)
    return [Hit(evidence=sent.strip(), sentence=sent)]


# the lessor picks the asset or the seller: 由出租人指定 / 出租人为承租人选定 / 依赖出租人的推荐
_FL_LESSOR_PICKS = re.compile(
    r"(?:出租人|甲方)(?:(?!(?<!为)承租人|乙方)[^。；，]){0,16}?(?:指定|推荐|选定|选择|选用|确定了?)"
    r"|(?:依赖|根据|按照|依据|基于|采纳)(?:出租人|甲方)[^。；，]{0,12}(?:推荐|建议|技能|判断|意见|选择|评估)"
    r"|(?:承租人|乙方)依赖[^。；，]{0,8}(?:推荐|建议|意见)")
# the lessor disclaims the asset's quality: 出租人不承担任何责任 / 与出租人无关 / 风险由承租人承担
_FL_DISCLAIMS = re.compile(
    r"(?:出租人|甲方)[^。；，]{0,12}(?:不承担|不负|概不负责|均不负责|不予负责|免责|免除)"
    r"|与(?:出租人|甲方)无关|(?:风险|损失|责任)[^。；，]{0,6}(?:均|全部|一概)?由(?:承租人|乙方)(?:自行)?承担"
    r"|由(?:承租人|乙方)(?:自行)?(?:向出卖人|向供应商|向供货商|与出卖人|与供应商|与供货商)")
_FL_QUALITY = re.compile(r"质量|瑕疵|缺陷|性能|不符合|不能满足|不满足|无法满足|达不到|不适合|适用性|使用目的|损坏|故障|规格")


def finlease_selection_liability(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A finance lease in which the lessor picked or recommended the asset or the seller,
    yet disclaims the asset's quality.

    Norm: the lessor is not liable when the asset does not conform, unless the lessee relied
    on the lessor's skill to choose it or the lessor interfered in the choice (民法典第七百四十
    七条). Read from the clause as a whole, across sentences: (1) who chose — the lessor
    (``由出租人指定``, ``出租人为承租人选定``, ``依赖出租人的推荐``), a choice the clause
    negates (``出租人未干预选择``) does not count; and (2) a disclaimer of quality
    (``出租人概不负责``, ``与出租人无关``, ``风险由承租人承担``). A clause that recites the
    statutory exception (``…干预选择租赁物的除外``) is lawful.

    Returns:
        One hit, on the disclaimer sentence, or nothing.
    """
    if ctx.contract_type != "融资租赁合同" and not re.search(r"融资租赁|售后回租|租赁物|租赁设备|出租人", (ctx.text or "")[:3000]):
        return []  # a plain purchase's 甲方 is a buyer, not a lessor (a school buying printers)
    text = clause.text.replace("\n", "")
    if not re.search(r"出租人|甲方", text) or not re.search(r"租赁物|租赁设备|设备|出卖人|供应商|供货商", text):
        return []
    if re.search(r"干预选择[^。；]{0,12}除外|依赖出租人的技能[^。；]{0,40}除外", text):
        return []

    def lessor_picked(t: str) -> bool:
        return any(not re.search(r"未|不|无|没有", m.group(0))
                   and re.search(r"租赁物|设备|出卖人|供应商|供货商|型号|卖方|厂家|品牌", t[max(0, m.start() - 12): m.end() + 12])
                   for m in _FL_LESSOR_PICKS.finditer(t))

    lessee_chose = r"(?:由)?(?:承租人|乙方)[^。；，]{0,4}(?:自行|自主|独立)(?:选定|选择|确定)"
    if not lessor_picked(text):
        # who chose is often told in another clause (1.2 租赁物及出卖人由甲方推荐并最终确定; 2.2 甲方不承担任何责任)
        doc = (getattr(ctx, "text", "") or "").replace("\n", "")
        if not (_FL_QUALITY.search(text) and _FL_DISCLAIMS.search(text)) or not lessor_picked(doc) \
                or re.search(lessee_chose, doc) or re.search(r"干预选择[^。；]{0,12}除外", doc):
            return []
    elif re.search(lessee_chose, text):
        return []  # the lessor picked something else (a bank account, a schedule), or the lessee chose
    for sent in _split(clause.text):  # a sentence ends at "；" too (pipelines.text.sentences)
        flat = sent.replace("\n", "")
        if _FL_QUALITY.search(flat) and _FL_DISCLAIMS.search(flat) and not re.search(r"但[^。；]{0,30}除外", flat):
            return [Hit(evidence=flat.strip(), sentence=sent)]
    return []


# 担保制度解释第二十五条第一款: 不能履行债务或者无力偿还债务时才承担保证责任 is a general guarantee
_GENERAL_GUARANTEE = re.compile(r"(?:不能|无法|仍不能|仍未能|未能)(?:足额)?(?:履行|清偿|受偿|偿还|实现)|无(?:能)?力(?:偿还|清偿|还款|履行)|(?:无|没有|丧失|不具备)(?:偿还|清偿|还款|偿债)能力|强制执行(?:后)?(?:仍)?(?:不能|无法)|先(?:行)?(?:向|就)(?:债务人|借款人|主债务人)[^。；，]{0,10}(?:追索|主张|起诉|求偿|执行)")

DETECTORS.update({
    "finlease_ownership_unclear": finlease_ownership_unclear,
    "finlease_selection_liability": finlease_selection_liability,
    "guarantee_missing_terms": guarantee_missing_terms,
    "lease_sublease": lease_sublease,
    "loan_rate_cap": loan_rate_cap,
    "loan_upfront_deduction": loan_upfront_deduction,
})
