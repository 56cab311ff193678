"""Remedies, forum and term structure (checks of ``pipelines/playbook/remedies.yaml``).

违约金 rates against the price or the loss (:func:`ld_rate`) and their caps, shortfall penalties,
waivers of termination rights and of claims, limitation periods, indirect loss, set-off,
one-sided breach liability, forum and governing law, term dates and periods, guarantee periods
and types, licences and unpaid equity capital, and later whole-contract checks (a consent
annexed unsigned, a period's amount against the total, one contract cited under two numbers,
one work owned by both parties, a party missing from the signature block, effectiveness
conditioned on a later payment). Written from the norm (articles named in each docstring) and
tested on team-written phrasings in ``tests/pipelines/data/playbook_cases_remedies.yaml``.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from datetime import date, timedelta

from pipelines.clause_structure import (
    ROLE as _PARTY_ANY,  # any party word of every contract type
)
from pipelines.rules.commercial import (
    _C_MUTUAL,
    _C_PARTY,
    _C_PERIOD,
    _body_annex_parts,
    _c_days,
    _cell_date,
    _cn_date,
    _doc_search,
    _on_its_clause,
    _t_value,
    table_blocks,
)
from pipelines.rules.core import (
    _C_YUAN,
    _CHARGE_VERB,
    _CN_AMOUNT,
    _DAILY,
    _LATE_CHARGE,
    _LATE_TRIGGER,
    _LD,
    _LD_LUMP_SUGGESTION,
    _LD_REMAINING_SUGGESTION,
    _NUM,
    _T_TOTAL_ROW,
    DETECTORS,
    Hit,
    _c_total_prices,
    _c_yuan_value,
    _daily_late_charge,
    _dates,
    _grid_rows,
    _hourly_excessive,
    _per_doc,
    _periodic_excessive,
    _row_cells,
    _signing_date,
    _split,
    _table_column,
    _table_rows,
    _total_prices_in,
    parse_number,
    parse_rate,
    side_words,
    table_runs,
    unglossed,
)
from pipelines.rules.labour import (
    _LF_LEAVES,
    _LF_MONEY,
    _lf_doc_has,
    _lf_employment_doc,
    labour_employee_penalty,
)
from pipelines.rules.property_finance import (
    _GENERAL_GUARANTEE,
    _lf_lpr,
)
from pipelines.text import is_table_row
from pipelines.types import Clause, Severity

_R_PARTY = (r"(?:甲方|乙方|丙方|买方|卖方|买受人|出卖人|供方|需方|供应商|采购方|承租人|出租人|发包人|承包人|委托方|受托方|委托人|"
            r"受托人|服务方|客户|用户|承揽人|定作人|加盟商|被特许人|特许人|借款人|贷款人|业主|物业服务人|运营方|许可方|被许可方|许可人|被许可人|"
            r"出租方|承租方|发包方|承包方|承揽方|定作方|供货方|销售方|购买方|转让方|受让方|流转方|出让方)")
_R_MUTUAL = re.compile(r"双方|任何一方|各方|彼此|互相|相互|互不")
_R_EXCEPT = re.compile(r"除[^。；]{0,30}(?:外|以外)|但[^。；]{0,30}除外|法律(?:另有|明确)规定|依法|法定(?:解除)?(?:情形|事由|条件)|根据法律")


def termination_right_waived(clause: Clause, ctx, params) -> Iterable[Hit]:
    """One party may not terminate the contract whatever the other party does.

    Norm: 民法典第五百六十三条 gives each party a statutory right to terminate when the other
    party's breach defeats the purpose of the contract, delays a main obligation after a
    reminder, or states it will not perform; a standard term that excludes the other party's
    main rights is void (第四百九十七条). Flagged only where the exclusion is absolute (``以任何
    理由``, ``无论``/``即使`` the other party's conduct, ``放弃…解除权``) and binds one party; a
    mutual restriction or one that reserves the statutory grounds (``但法律另有规定的除外``)
    is lawful drafting. ``不得擅自解除`` alone restates the law and is not flagged.
    """
    verb = r"(?:解除|终止)(?:本|该)?(?:合同|协议|租赁|租约|委托|服务)?"
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        exc = _R_EXCEPT.search(re.sub(r"依法(?:享有|所享有|拥有)的?", "", flat))
        # an exception of one narrow fact (除乙方连续三年未支付流转费外) still bars the statutory grounds of 第五百六十三条;
        # one that keeps the law, the contract's grounds or the other's breach (除乙方严重违约外) does not
        narrow = exc is not None and exc.group(0).startswith("除") and not re.search(
            r"法|约定|规定|第[^。；，]{1,6}条|违约|违反|根本|严重|不可抗力|目的不能实现|下列|以下|本合同", exc.group(0))
        if _R_MUTUAL.search(flat) or (exc and not narrow):
            continue
        m = (re.search(rf"{_R_PARTY}[^。；]{{0,12}}放弃[^。；]{{0,12}}{verb}[^。；]{{0,4}}(?:的)?(?:权利|权)", flat)
             or re.search(rf"{_R_PARTY}[^。；]{{0,24}}(?:均|亦|也|都)?(?:不得|无权|不能|不可)(?:以任何(?:理由|原因|方式)|在任何情况下)[^。；]{{0,6}}{verb}", flat)
             or re.search(rf"(?:无论|不论|不管|即使|即便)[^。；]{{0,30}}{_R_PARTY}[^。；]{{0,12}}(?:均|亦|也|都)(?:不得|无权|不能|不可)[^。；]{{0,8}}{verb}", flat)
             or re.search(rf"{_R_PARTY}[^。；]{{0,6}}(?:在任何情况下|无论如何|不论何种情况)[^。；]{{0,6}}(?:均|都)?(?:不得|无权|不能)[^。；]{{0,8}}{verb}", flat))
        if m:
            return [Hit(evidence=m.group(0), sentence=flat)]
    return []


def termination_without_notice(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A breach ends the contract automatically, without a notice to the other party.

    Norm: a party that terminates must notify the other; the contract ends when the notice
    arrives (民法典第五百六十五条第一款). A clause that ends the contract "automatically" or
    "without notice" on a breach leaves the date and the fact of termination in doubt: the
    breaching party may not know the contract has ended and the other party may lose the
    right it thought it used. Expiry of the term (``期满自动终止``) and a condition that is
    not a breach are not judged.
    """
    breach = re.compile(r"违约|逾期|迟延|延迟|未按|未能|未[^。；，]{0,16}(?:支付|交付|付款|履行|交货|补交|交纳|缴纳|归还|付清|完成)|违反|拖欠|欠(?:租|款|费|缴|交)|擅自|私自|"
                        r"未经[^。；，]{0,8}(?:同意|许可|批准)|(?:出现|发生)[^。；]{0,10}(?:情形|情况)")
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        # (逾期满十日: the length of a delay, not the contract's term)
        if re.search(r"(?<!逾)期满|届满|(?<!立即)(?<!提前)(?<!加速)到期|期限(?:结束|终止)|续(?:期|签|约)", flat) and not re.search(
                r"(?:付款|支付|交付|交货|履行|还款|整改|催告|宽限|纠正)期限?(?:已)?(?:届满|到期|期满)|(?:该|上述|前述|约定)期限(?:已)?(?:届满|到期|期满)", flat):
            continue  # the contract's own term ending is not a termination for breach
        m = (re.search(r"(?:本)?(?:合同|协议)(?:于|自|在)?[^，。；]{0,10}?(?:即|便|则)?(?:自动|自行|当然|即行|立即|即刻|告|随即|即时)(?:解除|终止|失效|终结)", flat)
             or re.search(r"(?:解除|终止)[^。；]{0,16}(?:无需|无须|不需|不必|毋须)(?:另行|事先|再行|书面|提前|任何一方|任一方|对方|守约方)?[^。；，]{0,4}(?:发出|作出|送达)?(?:通知|告知|催告)", flat)
             or re.search(r"(?:无需|无须|不需|不必|毋须)(?:另行|事先|再行|书面|提前)?(?:通知|告知|催告)[^。；，]{0,6}(?:即|即可|便|直接)?(?:解除|终止)", flat))
        if m and breach.search(flat[:m.start()] or flat):
            return [Hit(evidence=m.group(0), sentence=flat)]
    return []


def limitation_period_altered(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The parties agree the limitation period (诉讼时效) themselves.

    Norm: 民法典第一百九十七条 — the length, computation, suspension and interruption of the
    limitation period are fixed by law; an agreement on them is void, and a party's advance
    waiver of the limitation defence is void. A clause that shortens (or lengthens) it gives
    a false sense of when a claim is lost. ``诉讼时效依照法律规定`` is not flagged.
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = re.search(rf"诉讼时效(?:期间|期限)?[^。；]{{0,10}}(?:为|是|缩短|延长|不超过|不得超过|约定)[^。；]{{0,6}}{_NUM}\s*(?:个月|月|年|日|天)"
                      r"|(?:缩短|延长|放弃)[^。；]{0,16}诉讼时效"
                      # an advance waiver of the limitation defence: 不得以超过诉讼时效为由抗辩
                      r"|(?:不得|不以|不会|不再|不提出|放弃)[^。；]{0,16}(?:诉讼)?时效[^。；]{0,10}(?:抗辩|为由|届满为由)", flat)
        m = m or _LIMIT_TO_SUE.search(flat) or _short_claim_window(flat)
        if m and not re.search(r"依(?:照|据)?(?:法律|法)|法律规定", flat):
            return [Hit(evidence=m.group(0), sentence=flat)]
    return []


# a window for claims of any kind (索赔, 主张, 追偿), the right lost or the other side released after it
_CLAIM_WINDOW = re.compile(rf"(?P<n>{_NUM})\s*(?P<u>个月|月|日|天|个工作日|工作日)(?:内|之内|以内)[^。；]{{0,20}}?(?:书面)?(?:主张|索赔|追偿|追索|提出(?:赔偿|索赔|补偿)(?:请求|要求)?|请求赔偿|要求(?:赔偿|补偿|承担)|追究)")
_CLAIM_LOST = re.compile(r"(?:逾期|否则|超过[^。；，]{0,8}(?:期限|期间)|未在[^。；，]{0,10}(?:期限|期间)?内?[^。；，]{0,6}(?:主张|提出|索赔))[^。；]{0,16}"
                         r"(?:视为放弃|放弃|丧失|不再(?:承担|负责|受理|主张)|不予(?:受理|赔偿|承担|支持)|免除|无权|概不负责|不承担)")


def _short_claim_window(flat: str) -> re.Match | None:
    """A window of less than a year for claims of any kind (``乙方应在交割日后六个月内向甲方
    书面主张，逾期甲方不再承担责任``): a limitation period in all but name, which the law fixes
    at three years from knowledge (民法典第一百八十八条) and the parties cannot shorten (第一百
    九十七条). Windows for quality objections and inspection are the buyer's inspection
    period (第六百二十一条, judged by the acceptance checks) and are not read here. A window of a
    year or more (the survival period of warranties negotiated in an equity deal) is left to
    the lawyer: the line at one year is the team's, not the law's."""
    m = _CLAIM_WINDOW.search(flat)
    if m is None or not _CLAIM_LOST.search(flat[m.start():]):
        return None
    if re.search(r"质量|检验|验收|验货|外观|数量|异议|瑕疵|保修|质保|货损|运输|短少|破损", flat):
        return None
    n = parse_number(m["n"])
    return m if n is not None and _c_days(n, m["u"]) < 365 else None


# a period agreed for suing or arbitrating, the right lost after it — a limitation period
# in all but name: 应在交付之日起一年内提起索赔诉讼，逾期即丧失诉权
_LIMIT_TO_SUE = re.compile(rf"{_NUM}\s*(?:个月|月|年|日|天)(?:内|之内|以内)[^。；]{{0,16}}(?:起诉|诉讼|仲裁)[^。；]{{0,20}}(?:逾期|超过|届满|过期)(?:[^。；]{{0,10}}(?:丧失|不得|无权|视为放弃|放弃|不再)[^。；]{{0,8}}"
                           # the right lost, or the other side's liability gone (逾期卖方不再承担任何责任)
                           r"(?:诉权|起诉|诉讼|胜诉权|请求权|仲裁|权利|[^。；]{0,8}(?:承担|负)[^。；]{0,4}(?:任何)?(?:责任|赔偿))"
                           # …or said to end: 逾期未提起的，乙方的赔偿责任即告消灭
                           r"|[^。；]{0,16}(?:责任|请求权|债权|权利|诉权|索赔权)[^。；]{0,4}(?:即告|即行|即|归于|自动|随即|均|一律)?(?:消灭|免除|终止|失效|解除))")


_R_LOSS = r"(?:间接(?:性)?(?:损失|损害)|间接性|间接的[^。；，]{0,12}损失|后果性(?:损失|损害)?|利润损失|可得利益|预期利益|预期利润|预期收益|商誉|营业损失|经营损失|机会损失|后果性损失|附带损失)"


def indirect_loss_excluded(clause: Clause, ctx, params) -> Iterable[Hit]:
    """One party excludes, for itself only, the lost profits and other indirect losses.

    Norm: damages for breach include the benefits the contract would have brought, up to
    what the breaching party foresaw or should have foreseen (民法典第五百八十四条). A
    one-sided exclusion of 可得利益/间接损失 in a standard term reduces the provider's own
    liability (第四百九十六条第二款、第四百九十七条); a mutual exclusion is a negotiated
    allocation and is not flagged.
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if _R_MUTUAL.search(flat):
            continue
        m = (re.search(rf"(?:{_R_PARTY}|{_PARTY_ANY})[^。；]{{0,30}}{_R_LOSS}[^。；]{{0,24}}(?:均|概|一律)?(?:不承担|不负|不予(?:赔偿|承担)|免除|免责|不作赔偿|不赔偿)", flat)
             or re.search(rf"(?:{_R_PARTY}|{_PARTY_ANY})[^。；]{{0,10}}(?:赔偿|责任)[^。；]{{0,8}}(?:不含|不包括|不包含)[^。；]{{0,12}}{_R_LOSS}", flat)
             or re.search(rf"(?:{_R_PARTY}|{_PARTY_ANY})(?:均|概)?(?:不对|不就|不承担|不负责)[^。；]{{0,20}}{_R_LOSS}", flat))
        if m:
            return [Hit(evidence=m.group(0), sentence=flat)]
    return []


_R_PAYER = r"(?:甲方|买方|买受人|需方|采购方|发包人|委托方|委托人|定作人|业主|客户|总包方|总承包人)"


# a consent the clause dispenses with: 无需经乙方确认, 不必征得对方同意, 未经协商
_NEGATED_CONSENT = re.compile(r"(?:(?:无需|无须|不需要?|不必|不用|毋须|免于)(?:再|另行|事先)?(?:经|征得|取得|得到)?|未(?:经|征得|取得))"
                              r"[^。；，]{0,8}(?:确认|同意|认可|核对|协商)")


def payment_setoff_unilateral(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The payer may deduct the penalties, losses or charges it alleges from the price.

    Norm: set-off needs two mature debts of the same kind (民法典第五百六十八条); a claim
    for 违约金 or damages the payee disputes is not mature and fixed, and an excessive
    违约金 is for a court to reduce (第五百八十五条第二款). A clause letting the payer deduct
    what it alone assesses makes the price the payer's judgement. A deduction of sums both
    parties confirmed (``经双方确认``, ``经乙方书面确认``) is lawful, and so is drawing on
    security given for it (repair costs taken from the 质量保证金 or a bank guarantee).
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        consent = _NEGATED_CONSENT.sub("", flat)  # 无需经乙方确认 is no confirmation
        if re.search(r"经[^。；]{0,8}(?:确认|同意|认可|核对)|双方(?:确认|核对|协商)|协商一致|无异议|生效(?:判决|裁决)|判决|裁决", consent):
            continue
        # the holder of security taking whatever it alone believes is owed, to anyone (甲方认为乙方存在违约或应向甲方、供应商、
        # 消费者支付任何款项的，可直接从履约保证金中扣划): no matured debt of the same kind (第五百六十八条)
        held = re.search(rf"{_R_PAYER}(?:认为|认定|主张|判断)[^。；]{{0,40}}(?:可|有权|将)?[^。；]{{0,6}}(?:直接|径行)?(?:从|在)[^。；]{{0,10}}(?:保证金|押金|质保金|担保金)[^。；]{{0,4}}(?:中)?(?:扣除|扣减|扣划|划扣|抵扣|冲抵|扣收)", flat)
        if held:
            return [Hit(evidence=flat.strip(), sentence=flat)]
        if not re.search(r"违约金|罚款|罚金|赔偿|损失|费用|扣款|滞纳金|处罚|索赔", flat):
            continue
        if re.search(r"(?:从|在)[^。；]{0,10}(?:保证金|质保金|保修金|押金|保函|担保金)", flat):
            continue  # drawing on security given for exactly this (质量保证金, 履约保函) is its purpose
        if re.search(r"(?:先行|代为|代其|垫付|代付)(?:支付|垫付|赔付|偿付|缴纳)?[^。；]{0,20}(?:追偿|扣除|扣减|抵扣)", flat):
            continue  # a sum the payer actually advanced for the other is a matured debt of the same kind (民法典第五百六十八条)
        if re.search(r"(?:逾期|未|不|拒不|未能)(?:及时)?(?:履行)?[^。；，]{0,4}(?:修复|维修|修理)[^。；]{0,12}(?:自行|代为)(?:维修|修复|修理)[^。；]{0,30}(?:抵扣|扣除|冲抵|抵销)", flat):
            continue  # repairs the tenant made when the landlord would not, set against the rent: 民法典第七百一十三条
        m = re.search(rf"{_R_PAYER}[^。；]{{0,8}}(?:有权|可以|可|将|直接)[^。；]{{0,10}}(?:从|在|于)[^。；]{{0,16}}"
                      r"(?:应付|未付|应支付|待付|待支付|应结|尚未支付|后续|任何|当期|剩余)?[^。；]{0,8}"
                      r"(?:款|费|价款|货款|租金|工程款|服务费|报酬)[^。；]{0,6}(?:中)?[^。；]{0,4}(?:直接)?(?:扣除|扣减|抵扣|冲抵|扣回|抵销|抵消|扣留)", flat)
        if m is None:
            # the payer assesses the loss itself, then takes it from the price: 采购方可自行确定…损失金额，并在支付货款时扣减
            m = re.search(rf"{_R_PAYER}[^。；，]{{0,6}}(?:自行|单方面?|单独|独自)(?:确定|认定|核定|评估|计算|判断|决定)[^。；]{{0,30}}"
                          r"(?:损失|违约金|罚款|罚金|赔偿|费用|扣款)[^。；]{0,30}(?:扣除|扣减|抵扣|冲抵|扣回|抵销|抵消|扣留)", flat)
        if m is None:
            # whoever pays, deducting when it pays: 乙方支付分成款时，有权直接扣减乙方认为应由甲方承担的…费用
            from pipelines.clause_structure import ROLE

            m = re.search(rf"{ROLE}[^。；，]{{0,8}}(?:支付|结算|划付|划转|返还)[^。；，]{{0,12}}(?:时|前)[，,]?[^。；]{{0,8}}(?:有权|可以|可)(?:直接|径行|自行)?(?:扣除|扣减|抵扣|冲抵|扣留)"
                          r"[^。；]{0,12}(?:认为|认定|主张|判断|自行确定|核定)", flat)
        if m is None:
            d = re.search(r"(?<!存)(?<!各)(?:从|在|自)[^。；，]{0,16}(?:应付|未付|应支付|待付|待支付|应结|尚未支付|后续|任何|当期|剩余)[^。；]{0,8}(?:款|费|价款|租金|报酬)[^。；，]{0,6}(?:中)?[，,]?[^。；，]{0,4}(?:直接|径行|径直)?(?:扣除|扣减|抵扣|冲抵|扣回|抵销|抵消|扣留)", flat)
            if d is not None:
                from pipelines.clause_structure import right_holder

                holder = right_holder(flat, d.start())
                if holder and not _R_MUTUAL.search(holder):
                    m = d
        if m:
            return [Hit(evidence=m.group(0), sentence=flat)]
    return []


def forum_unclear(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A forum agreement that names no identifiable court, or lets one party pick it.

    Norm: parties may choose the court of a place actually connected with the dispute — the
    defendant's or plaintiff's domicile, the place of performance or of signing, where the
    subject matter is (民事诉讼法第三十五条); a choice from which the court cannot be told
    when the action is filed falls back to the statutory rules (民事诉讼法解释第三十条).
    ``当地法院`` with no place, or ``甲方指定的法院``, is such a choice.
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"法院|仲裁|管辖|诉讼", flat):
            continue
        m = re.search(r"(?<![所在签订履行住])(?:当地|本地|有关)(?:的)?(?:有管辖权的?)?(?:人民)?法院", flat)
        if m and re.search(r"(?:所在地|签订地|履行地|住所地|注册地)(?:的)?$", flat[max(0, m.start() - 6): m.start()]):
            m = None
        m = m or re.search(rf"{_R_PARTY}[^。；，、]{{0,8}}?(?:指定|选定|选择)的?(?:其他|任一|任何|其他任何)?"
                           # a place described, not named (甲方届时指定的其他与本合同有关联的地点的人民法院)
                           r"(?:(?!住所地|所在地|签订地|履行地)[^。；，向]){0,16}?(?:有管辖权的?)?(?:人民)?(?:法院|仲裁(?:机构|委员会))", flat)
        if m:
            return [Hit(evidence=m.group(0), sentence=flat)]
    return []


def _end_dates(text: str, ends: str = r"止|为止|届满") -> list[tuple[date, re.Match]]:
    """The dates in ``text`` that end a period: followed by one of ``ends`` (``至2026年4月17日止``)."""
    return [(d, m) for d, m in _dates(text) if re.match(rf"\s*(?:{ends})", text[m.end():])]


# the contract's own term: 本合同有效期至… / 服务期限自…起至…止 / 租赁期限为…至…
_T_OWN_TERM = re.compile(r"(?:本合同|本协议|合同|协议|服务|委托|租赁|合作|聘用|劳动合同|借款|贷款|许可使用|许可|特许经营|经销|代理|加盟)(?:的)?(?:有效期|期限|服务期限|服务期|租赁期限|租赁期|委托期限|合作期限)|租期|(?<=[，,])有效期(?=至|到|截至)"
                         # a warehousing or custody contract's term is its storage period (储存期限自…至…)
                         r"|(?:储存|仓储|保管|存储)期限"
                         # in a loan, the secured main debt's term is the loan's own (抵押条款: 债务履行期限为…至…)
                         r"|(?:主)?债务(?:的)?履行期限")
_T_NOT_OWN_TERM = re.compile(r"续(?:签|订|租|期)|延长|顺延|展期|届满后|保修|质保|保证期间|保证期限|试用|保密|竞业|缴存|处理期限|免租|装修期|宽限期"
                             # another contract's term (a sublessor's head lease: 甲方与业主签订的《房屋租赁合同》约定的租赁期限至…)
                             r"|原[^。；，]{0,4}(?:合同|租约|协议)|(?:与|同)[^。；，]{1,20}(?:签订|订立|签署)的")


def _own_term_ends(ctx) -> list[tuple[date, str, str]]:
    """(end date, clause id, sentence) for each sentence that states when the contract's own
    term ends (``本合同有效期至2027年6月30日止``); renewals, extensions, warranty, probation,
    confidentiality and guarantee periods are other terms and left out."""
    out = []
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            t = _T_OWN_TERM.search(flat)
            if not t or _T_NOT_OWN_TERM.search(flat):
                continue
            rest = flat[t.end():]
            # the end date closes the sentence's period (…至2026年3月14日止, or …至2026年3月14日。)
            ends = _end_dates(rest, r"止|为止|届满|终止") or [
                (d, m) for d, m in _dates(rest) if re.search(r"至\s*$", rest[:m.start()]) and re.match(r"\s*(?:[。；;，,]|$)", rest[m.end():])] or [
                # the end named where the term is said to run out: 储存期限届满（即2027年3月31日） / 期满日为2027年3月31日
                (d, m) for d, m in _dates(rest) if re.search(r"(?:届满|期满|到期)(?:日|之日)?\s*(?:为|是|即)?\s*[（(]?\s*即?\s*$", rest[:m.start()])]
            if ends:
                out.append((ends[-1][0], c.clause_id, flat))
    if ctx.contract_type == "借款合同":
        # a loan's term ends when its principal falls due (民法典第六百七十五条): 乙方应于2027年10月9日前一次性归还全部借款本金
        for c in ctx.clauses:
            for sent in _split(c.text):
                flat = sent.replace("\n", "")
                ds = _dates(flat)
                if len(ds) != 1 or _T_NOT_OWN_TERM.search(flat) or re.search(r"提前|分[一二两三四五六七八九十\d]*期|每[月期季年]|逾期|剩余本金", flat):
                    continue  # instalments (分两期偿还…) end the term only with the last one
                for d, m in ds:
                    if re.match(r"\s*(?:前|之前|以前|当日|止)?[^。；，]{0,10}(?:归还|偿还|返还|还清|清偿)[^。；，]{0,6}(?:全部|所有|全额)(?:的)?(?:借款)?本金", flat[m.end():]) \
                            or re.match(r"\s*(?:前|之前|以前|当日|止)?[^。；，]{0,6}一次性(?:归还|偿还|返还|还清|清偿)", flat[m.end():]):
                        out.append((d, c.clause_id, flat))
                        break
    return out


# a sublessor's own (head) lease, stated in the contract: 甲方与所有权人签订的《房屋租赁合同》约定的租赁期限至2026年8月31日届满
_HEAD_LEASE = re.compile(r"原[^。；，]{0,4}(?:租赁)?(?:合同|租约)|(?:与|同)[^。；，]{1,20}(?:签订|订立|签署)的[^。；]{0,12}租赁|(?:承租|租赁)期(?:限)?[^。；]{0,6}(?:届满|至)[^。；]{0,30}(?:转租|二房东)")
_HEAD_CONSENT = re.compile(r"(?:出租人|所有权人|产权人|房东|业主|原出租人)[^。；]{0,12}(?:书面)?同意[^。；]{0,24}(?:超过|超出|长于|晚于)|超过[^。；]{0,12}剩余(?:租赁)?期限[^。；]{0,12}(?:已|经)[^。；]{0,8}同意")


def sublease_beyond_head_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A sublease whose term ends after the sublessor's own lease (the head lease) ends.

    Norm: 民法典第七百一十七条 — where the term of a sublease exceeds the lessee's remaining
    term, the excess does not bind the lessor unless the lessor and lessee agree otherwise:
    the subtenant can be told to leave when the head lease ends. Read from the document's own
    words: a sentence naming the head lease (原租赁合同, 甲方与所有权人签订的…租赁) with its
    end date (``至2026年8月31日届满``), and the contract's own term ending later. The owner's
    written consent to the longer term (出租人书面同意转租期限超过…) is the exception.
    Reported at the sentence ending the contract's own term.
    """
    if ctx.contract_type not in ("房屋租赁合同", "其他"):
        return []
    flat_doc = ctx.text.replace("\n", "")
    if not re.search(r"转租|二房东|次承租|原租赁合同|原租约", flat_doc) or _HEAD_CONSENT.search(flat_doc):
        return []
    head = _per_doc(ctx, "head_lease_end", lambda: next((
        (ends[-1][0], sent.replace("\n", "")) for c in ctx.clauses for sent in _split(c.text)
        if _HEAD_LEASE.search(sent.replace("\n", "")) and (ends := _end_dates(sent.replace("\n", ""), r"止|为止|届满|到期|终止"))), None))
    if head is None:
        return []
    for end, cid, flat in _per_doc(ctx, "own_term_ends", lambda: _own_term_ends(ctx)):
        if cid != clause.clause_id or (end - head[0]).days <= 1:
            continue
        months = round((end - head[0]).days / (365.25 / 12))
        return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
            f"本合同租期至{_cn_date(end)}，而出租方自身的租赁（{head[1][:40]}…）至"
            f"{_cn_date(head[0])}届满，转租期限超出约{months}个月；超出部分对房屋出租人"
            "不具有法律约束力，承租人可能在原租期届满后被要求腾退，只能向转租方追偿。"))]
    return []


# the contract's own term stated as a length (本合同特许经营期限为三年 / 附件：特许经营期限 | 2年)
_T_OWN_LENGTH = re.compile(rf"(?:本合同|本协议|合同|协议|服务|委托|租赁|合作|特许经营|许可使用|许可|经销|代理|加盟)(?:的)?(?:有效期限?|期限|服务期限|租赁期限|委托期限|合作期限)"
                           rf"\s*(?:为|是|共|计|：|:|\|)?\s*(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)(?![\d〇零一二三四五六七八九十])")


# the length written before the term (本合同约定的二十四个月服务期内 / 五年许可期)
_T_OWN_LENGTH_BEFORE = re.compile(rf"(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)(?:的)?(?:服务期|租期|租赁期|合同期|有效期|许可期|合作期|借款期|经营期|特许经营期)(?!满|届满)")


def _own_term_lengths(ctx) -> list[tuple[float, str, str]]:
    """(months, clause id, sentence) for each sentence or table row that states the length of
    the contract's own term — in words (期限为三年, 二十四个月服务期) or as its start and end
    dates (服务期限自2026年4月1日起至2027年3月31日止: 12 months); renewals, warranty, probation
    and the like are other terms."""
    out = []
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            m = _T_OWN_LENGTH.search(flat) or _T_OWN_LENGTH_BEFORE.search(flat)
            if m and not _T_NOT_OWN_TERM.search(flat[max(0, m.start() - 12): m.end()]):
                n = parse_number(m["n"])
                if n and n <= 100:
                    out.append((n * 12 if m["u"] == "年" else n, c.clause_id, flat))
                    continue
            t = _T_OWN_TERM.search(flat)
            if t and not _T_NOT_OWN_TERM.search(flat):
                ds = _dates(flat[t.end():])
                if len(ds) >= 2 and re.search(r"至|到|截至", flat[t.end() + ds[0][1].end(): t.end() + ds[1][1].start()]):
                    (a, _), (b, _) = ds[0], ds[1]
                    if b > a:
                        out.append((round(((b - a).days + 1) / (365.25 / 12), 1), c.clause_id, flat))
    return out


def _effective_date(ctx) -> date | None:
    """The date the contract says it takes effect (本合同生效日期为2026年7月1日 / 本合同自2026年7月1日起生效), or None."""
    flat = (ctx.text or "").replace("\n", "")
    m = re.search(r"(?:本合同|本协议)?生效(?:日期|日|时间)(?:为|是|：|:)\s*", flat)
    if m and (ds := _dates(flat[m.end(): m.end() + 16])) and ds[0][1].start() == 0:
        return ds[0][0]
    for d, dm in _dates(flat):
        if re.match(r"\s*(?:起)?(?:正式)?生效", flat[dm.end():]) and re.search(r"(?:本合同|本协议)[^。；，]{0,6}(?:自|于)\s*$", flat[max(0, dm.start() - 12): dm.start()]):
            return d
    return None


def _months_later(d: date, months: float) -> date:
    """``d`` plus whole ``months``, less a day (a term of 12 months from 2026-04-01 ends 2027-03-31)."""
    whole = int(round(months))
    y, mo = divmod(d.month - 1 + whole, 12)
    day = min(d.day, calendar.monthrange(d.year + y, mo + 1)[1])
    return date(d.year + y, mo + 1, day) - timedelta(days=1)


def term_dates_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A stated term (``期限为三年``) that the start and end dates of the same sentence do not
    span (``自2024年1月1日起至2025年12月31日止`` is two years).

    Norm: where terms of one contract conflict, their meaning is found by interpretation
    (民法典第一百四十二条、第四百六十六条) — a dispute over when rent, service or an
    employment term ends. Counted in months with the end date inclusive; a difference of
    under half a month (a day's convention) is not flagged.

    Also across clauses: two sentences that end the contract's own term on different dates
    (第四条 …至2028年6月30日止, 第二十八条 本合同有效期至2027年6月30日止) — reported at the
    later one (see :func:`_own_term_ends`).
    """
    ends = _per_doc(ctx, "own_term_ends", lambda: _own_term_ends(ctx))
    for i, (d, cid, flat) in enumerate(ends):
        if cid != clause.clause_id:
            continue
        earlier = next((e for e in ends[:i] if e[1] != cid and abs((e[0] - d).days) > 1), None)
        if earlier is not None:
            return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"本条约定合同期限至{_cn_date(d)}，而前文（{earlier[2][:40]}…）约定至"
                f"{_cn_date(earlier[0])}，两处期限不一致，合同何时届满、费用计算至何时将发生争议。"))]
    # two lengths of the contract's own term (正文：期限为三年；附件：特许经营期限 | 2年)
    lengths = _per_doc(ctx, "own_term_lengths", lambda: _own_term_lengths(ctx))
    for i, (n, cid, flat) in enumerate(lengths):
        if cid != clause.clause_id:
            continue
        earlier = next((e for e in lengths[:i] if e[1] != cid and abs(e[0] - n) >= 1), None)
        if earlier is not None:
            return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"本条约定合同期限为{n:g}个月，而前文（{earlier[2][:40]}…）约定为{earlier[0]:g}个月，两处期限不一致，"
                "合同何时届满、费用计算至何时将发生争议（民法典第一百四十二条、第四百六十六条）。"))]
    # a length counted from the contract's effective date, stated elsewhere, against the end date this clause names
    # (许可期限为五年，自本合同生效之日起计算 … 许可期限届满（即2028年6月30日）… 本合同生效日期为2026年7月1日)
    for d, cid, flat in ends:
        if cid != clause.clause_id:
            continue
        start = _per_doc(ctx, "effective_date", lambda: _effective_date(ctx))
        counted = next((e for e in lengths if re.search(r"自(?:本合同|本协议|合同|协议)?生效之日起", e[2])), None)
        if start and counted and not _dates(counted[2]):
            expected = _months_later(start, counted[0])
            if abs((expected - d).days) > 31:
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"合同期限为{counted[0]:g}个月、自生效之日（{_cn_date(start)}）起算，应至{_cn_date(expected)}届满，"
                    f"而本条写明至{_cn_date(d)}，两处期限不一致，合同何时届满、费用计算至何时将发生争议"
                    "（民法典第一百四十二条、第四百六十六条）。"))]
    # a works period in days against the planned start and completion dates of the same clause
    # (计划开工日期：2025年9月1日 / 计划竣工日期：2025年11月15日 / 总工期为60日历天: 76 days, not 60)
    flat_clause = clause.text.replace("\n", "")
    start = re.search(r"开工日期(?:为|是|：|:)?\s*", flat_clause)
    finish = re.search(r"(?:竣工|完工)日期(?:为|是|：|:)?\s*", flat_clause)
    days = re.search(rf"(?:总)?工期(?:总)?(?:日历)?(?:天数)?(?:为|是|共|计|：|:)?\s*(?P<n>{_NUM})\s*(?:个)?(?P<u>日历天|天|日|个月)", flat_clause)
    if start and finish and days:
        d1 = next((x for x, m in _dates(flat_clause[start.end(): start.end() + 20]) if m.start() == 0), None)
        d2 = next((x for x, m in _dates(flat_clause[finish.end(): finish.end() + 20]) if m.start() == 0), None)
        n = parse_number(days["n"])
        if d1 and d2 and n and d2 > d1:
            spanned = (d2 - d1).days + 1
            stated = n * 30 if days["u"] == "个月" else n
            if spanned <= 3660 and abs(spanned - stated) > (15 if days["u"] == "个月" else 2):  # a works period over ten years is no plan
                sent = next((x.replace("\n", "").strip() for x in _split(clause.text) if days.group(0) in x.replace("\n", "")), days.group(0))
                return [Hit(evidence=sent, sentence=sent, explanation=(
                    f"本条约定工期为{days['n']}{days['u']}，而计划开工日期{_cn_date(d1)}至计划竣工日期"
                    f"{_cn_date(d2)}共{spanned}天，二者不一致，竣工期限和逾期违约金的起算将发生争议。"))]
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        ds = _dates(flat)
        # a works period in days and its start and completion dates in one sentence
        # (总工期为90日历天，自2025年8月1日开工，至2025年10月15日竣工: 76 days)
        w = re.search(rf"工期(?:总)?(?:为|是|共|计|：|:)?\s*(?P<n>{_NUM})\s*(?:个)?(?P<u>日历天|天|日)", flat)
        if w and len(ds) >= 2 and re.search(r"开工|进场|施工", flat[w.end():]) and re.search(r"竣工|完工|完成", flat[ds[0][1].end():]):
            n, (a, _), (b, _) = parse_number(w["n"]), ds[0], ds[1]
            if n and b > a and abs((b - a).days + 1 - n) > 2:
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"本条约定工期为{w['n']}{w['u']}，而所列开工日期{_cn_date(a)}至竣工日期{_cn_date(b)}共{(b - a).days + 1}天，"
                    "二者不一致，竣工期限和逾期违约金的起算将发生争议（民法典第一百四十二条、第四百六十六条）。"))]
        d = re.search(rf"(?:期限|期间|租期|有效期|服务期)(?:为|是|共|计|：|:)?\s*(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)", flat) or (
            # the length right after the dates it sums up (有效期自2026年7月1日起至2027年6月30日止，共计十八个月)
            re.search(r"期限|期间|租期|有效期|服务期", flat)
            and re.search(rf"(?:止|为止)[，,]\s*(?:共计|共|合计|总计|为期)\s*(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)", flat))
        if not d or len(ds) < 2:
            continue
        n = parse_number(d["n"])
        if n is None or n > 100:
            continue  # a year of a date (发布期限：2025年11月1日至…), not a length of time
        stated = n * 12 if d["u"] == "年" else n
        (a, _), (b, _) = ds[0], ds[1]
        if b <= a:
            continue
        spanned = ((b - a).days + 1) / (365.25 / 12)
        if abs(spanned - stated) >= 0.5:
            return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"条款约定期限为{d['n']}{'年' if d['u'] == '年' else '个月'}，而所列起止日期实际约为{spanned:.1f}个月，"
                "二者不一致，期限届满日、租金或费用的计算可能发生争议。"))]
    return []


def probation_only_contract(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A separate probation contract, or the labour contract signed only after probation.

    Norm: probation is part of the labour contract's term; a contract that agrees only a
    probation period has no probation — that period is the contract's term (劳动合同法第十九条
    第四款); a written labour contract is due from the start of employment (第十条), and a
    month without one costs double wages (第八十二条).
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = (re.search(r"试用(?:期)?(?:合同|协议)", flat)
             # during probation no written contract at all (劳动合同法第十条: due from the first day)
             or re.search(r"试用期(?:内|间|期间)[^。；，]{0,8}(?:暂不|暂时不|先不|不)(?:签订|订立|签署)[^。；，]{0,4}(?:书面)?劳动合同", flat)
             or re.search(r"试用期(?:满|结束|届满)[^。；]{0,16}(?:后|合格后|通过后|合格的[，,]?|通过的[，,]?)[^。；]{0,8}(?:再|另行|方|才|正式)[^。；]{0,4}(?:签订|订立|签署)[^。；]{0,4}(?:正式|书面)?(?:的)?(?:劳动)?合同", flat)
             # the same, the other way round: no contract yet during probation, one after 转正
             or re.search(r"(?:暂不|暂时不|先不|不)(?:签订|订立|签署)[^。；，]{0,4}(?:书面)?劳动合同[^。；]{0,40}(?:转正|试用期满|试用期结束|试用合格)[^。；]{0,12}(?:签订|订立|签署)", flat))
        if m and not re.search(r"不(?:另行)?签订试用|不得(?:单独|另行)?(?:签订|约定)[^。；]{0,4}试用", flat):
            return [Hit(evidence=m.group(0), sentence=flat)]
    return []


_OBJ_NEXT = re.compile(r"\s*(?:\d+(?:\.\d+)+\s*|[（(][一二三四五六七八九十\d]{1,3}[)）]\s*)?"
                      # (the buyer may be named first: 甲方逾期未提出异议的)
                      r"(?:(?:[甲乙丙]方|买方|买受人|需方|采购方|定作人|定作方|委托方)?(?:如|若)?(?:当日|当天|即日|当场)?(?:逾期|否则|超过|如未|未(?:在|按|于|提出|提)|届期)"
                      r"|[^。；，]{0,8}(?:前款|上款|上述|前述|该)(?:约定)?(?:的)?(?:期限|期间|时限|检验期))")


def objection_period_short(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A quality objection period too short to inspect, after which the seller is released.

    Norm: a period too short for the buyer to inspect the goods fully, given their nature and
    trade usage, counts only as the period for objections to visible defects (民法典第六百
    二十二条第一款); the buyer keeps the reasonable period of 第六百二十一条 for latent
    defects. Flagged when a quality objection must be raised within fewer than
    ``params["min_days"]`` (default 7) days and lateness releases the seller or deems the goods
    conforming; a period for quantity and appearance only is lawful (第六百二十三条).
    """
    min_days = float(params.get("min_days", 7))
    sents = [x.replace("\n", "") for x in _split(clause.text)]
    for i, flat in enumerate(sents):
        # the consequence often follows in the next sentence: …24小时内提出；逾期视为…
        # or in the next numbered item that points back at the period: 5.2 甲方在前款期限内未书面提出异议的，视为…
        nxt = sents[i + 1] if i + 1 < len(sents) and _OBJ_NEXT.match(sents[i + 1]) else ""
        # (the quality the period covers may be named only in that consequence: 两日内完成验收；逾期…视为质量符合约定)
        # (a cold chain's temperature is the goods' quality in transit: 视为运输全程温度符合要求)
        if not re.search(r"质量|内在|隐蔽|潜在|品质|性能|全程温度|温控|冷链", flat + nxt) or not re.search(r"异议|索赔|检验|验收|验货|查验|检查|提出|核对|核验", flat):
            continue
        if re.search(r"鲜活|生鲜|易腐|海鲜|水产|活禽|鲜花|蔬菜|水果|冷鲜", ctx.text[:2000] + flat):
            continue  # goods whose nature needs inspection at once (民法典第六百二十二条: 标的物的性质)
        if not re.search(r"质量|内在|隐蔽|潜在|品质|性能", flat) and re.search(r"数量|件数|清点|点数", flat):
            continue  # a count on arrival; the quality named only in the consequence is not its subject
        # (a list that goes on to quality itself — 数量、外观及质量检验 — is no period for quantity and appearance only)
        if re.search(r"(?:仅|只)[^。；]{0,6}(?:外观|数量)|(?:外观|数量)(?:和|及|、|或)(?:外观|数量)(?!以外)(?![^。；，]{0,3}(?:及|和|、|以及|与)(?:其)?(?:质量|品质|性能))", flat + nxt) and not re.search(r"内在|隐蔽|潜在|内部缺陷|内部质量", flat + nxt) \
                and not re.search(r"性能|等级|成分|含量|指标|功能|材质", flat):
            continue
        # a bar that names latent defects itself (此后发现的任何质量问题（包括发动机、液压系统等内部缺陷）由买方承担):
        # a week cannot reveal what only use reveals, so the period is judged against a month
        latent = r"(?:内部缺陷|内在(?:质量|缺陷|瑕疵)|隐蔽(?:瑕疵|缺陷|质量)|潜在(?:瑕疵|缺陷)|内部质量)"
        kept = re.search(rf"{latent}[^。；]{{0,20}}(?:仍可|仍有权|仍应|不受|不影响|另行|保修|质量保证期)|(?:仍可|仍有权|不影响|不包括|除外)[^。；]{{0,20}}{latent}", flat + nxt)
        need = max(min_days, 30.0) if re.search(latent, flat + nxt) and not kept else min_days
        if not re.search(r"质量|内在|隐蔽|潜在|品质|性能", flat + nxt):
            need = 1.0  # a temperature record is read in a day: only an objection on the spot is too short
        periods = [(p, (n / 24 if "小时" in p["u"] else _c_days(n, p["u"])))
                   for p in _C_PERIOD.finditer(flat) if (n := parse_number(p["n"])) is not None]
        # inspection on the spot is a period of none: 提货时应当场验收，提货后…不再负责
        periods += [(p, 0.0) for p in re.finditer(r"(?:未(?:能)?)?(?:当场|当即|当面|即时)(?:[^。；，]{0,10}?)(?:验收|检验|验货|查验|提出)", flat)]
        # the day of delivery: 货物送达当日…进行验收, 到货当天提出
        periods += [(p, 0.5) for p in re.finditer(r"(?:送达|到货|收货|交货|交付|签收|到达|运抵|安装完毕|安装完成|完工)(?:[^。；，]{0,8}?(?:之日|的))?(?:当日|当天)|即日|(?:未在|未于|未能在)(?:当日|当天)", flat)]
        for p, days in periods:
            # what the period covers runs to the end of the sentence part: 数量、外观、尺寸以及阻燃等级、耐热性能
            covers = re.match(r"[^。；，]*", flat[p.end():]).group(0)
            if days >= need or re.match(r"[^。；，]{0,10}(?:数量|外观|包装|规格型号)", covers) \
                    and not re.search(r"质量|内在|隐蔽|性能|等级|成分|含量|指标|功能|品质", covers):
                continue  # a short period for quantity and appearance is lawful (民法典第六百二十三条)
            tail = flat[p.end():] + "。" + nxt
            if p.group(0).startswith("未") and re.match(r"[^。；]{0,16}?[，,]\s*(?:即)?视为", tail):
                return [Hit(evidence=flat.strip(), sentence=flat)]  # 未在当日提出书面异议的，视为…符合约定
            if re.search(r"(?:逾期|否则|超过[^。；]{0,6}|未(?:向[^。；，]{1,10}?)?(?:书面|以书面(?:形式|方式))?(?:提出|通知)|未在[^。；]{0,8}提出|(?:提货|收货|交付|验收)后)[^。；]{0,20}(?:视为|不再|不予|丧失|放弃|免除|免责|不承担|不负责|概不负责)", tail):
                return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


def wages_in_kind(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Wages paid in goods, vouchers or shares instead of money.

    Norm: wages are paid in money, monthly (劳动法第五十条); they may not be replaced by goods
    or securities (工资支付暂行规定第五条: 工资应当以法定货币支付，不得以实物及有价证券替代货币支付).
    Benefits in kind given on top of the wage are not flagged.
    """
    kind = r"(?:实物|产品|商品|购物卡|消费卡|代金券|提货券|有价证券|股票|股份|期权|积分|礼品|货物)"
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = (re.search(rf"{kind}[^。；]{{0,10}}(?<![不未])(?:折抵|抵顶|抵扣|代替|替代|冲抵|折算为|充抵|抵作)[^。；]{{0,8}}(?:工资|薪酬|劳动报酬|薪资|月薪)", flat)
             or re.search(rf"(?:工资|薪酬|劳动报酬|薪资|月薪)[^。；]{{0,14}}(?<![不未])(?:以|用|按)[^。；]{{0,4}}{kind}(?:[、和及或][^。；，]{{0,6}})?(?:的)?(?:形式|方式)?[^。；，]{{0,4}}(?:发放|支付|折抵|抵付|结算)", flat))
        if m and not re.search(r"(?:另行|额外|此外|福利)[^。；]{0,10}" + kind + r"|" + kind + r"[^。；]{0,6}(?:属于|系|为)福利", flat):
            return [Hit(evidence=m.group(0), sentence=flat)]
    return []


def price_to_be_agreed(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The price (unit price, fee, rent) is left to a later agreement with no fallback.

    Norm: price is a main term of the contract (民法典第四百七十条); where it is not agreed
    and no supplementary agreement is reached, the market price at the place of performance
    applies (第五百一十条、第五百一十一条第二项) — a dispute the parties did not price. A
    clause that names a fallback (``协商不成的按市场价``, a government-guided price, a
    formula) or is about an optional extra or a cost a contingency causes (``由此产生的二次倒运
    费用由双方协商分担``) is not flagged.
    """
    sents = [x.replace("\n", "") for x in _split(clause.text)]
    for i, flat in enumerate(sents):
        # the fallback often follows after a semicolon: …协商确定；协商不成的，按…均价结算
        nxt = sents[i + 1] if i + 1 < len(sents) and re.match(r"\s*(?:协商不成|协商未果|未能(?:协商|达成)|不能(?:协商|达成)|达不成)", sents[i + 1]) else ""
        m = re.search(r"(?:价格|单价|价款|总价|合同金额|合同价|(?:具体|实际|结算)金额|费用|报酬|服务费|租金|货款|工程款|酬金|许可费|使用费|加工费|运费|佣金|代理费|设计费|咨询费|技术服务费|开发费)"
                      r"[^。；，]{0,10}(?:[，,][^。；，]{0,10})?(?:由双方|双方|另行|届时|今后|以后|再行|根据[^。；，]{0,8}(?:情况|需要))[^。；，]{0,4}"
                      r"(?:另行|再行)?(?:协商|商定|商议|商谈|磋商|确定|约定|议定|洽谈)(?!一致后[^。；]{0,10}(?:签订|补充))", flat) or re.search(
            # a price-list cell left open: 单价：另议 / 价格 | 面议
            r"(?:价格|单价|价款|总价|合同金额|合同价|报酬|服务费|租金|加工费|佣金)\s*[：:|｜]\s*(?:另议|再议|面议|待定|另定|双方另议)", flat) or re.search(
            # left to an agreement yet to be signed: 服务费用以双方后续签订的补充协议为准
            r"(?:价格|单价|价款|总价|合同金额|合同价|费用|报酬|服务费|租金|货款|加工费|佣金)[^。；，]{0,4}[：:|｜\s]*(?:以|按|依)[^。；，]{0,10}"
            r"(?:后续|今后|日后|届时|另行)[^。；，]{0,6}(?:签订|签署|订立|达成)[^。；，]{0,6}(?:补充协议|协议|合同|确认书)[^。；，]{0,4}为准", flat) or re.search(
            # 以届时双方确认的金额为准 / 双方另签补充协议确定 / 价格条款待定
            r"(?:价格|单价|价款|总价|费用|报酬|服务费|收费标准|租金|金额)[^。；，]{0,8}(?:以|按)[^。；，]{0,4}(?:届时|今后|日后|后续|另行)[^。；，]{0,8}(?:确认|确定|商定)的?[^。；，]{0,4}(?:金额|价格|单价|标准)为准"
            r"|(?:价格|单价|价款|总价|费用|报酬|服务费|收费标准|租金)[^。；，]{0,8}(?:双方)?(?:另签|另行签订|另行签署)[^。；，]{0,8}(?:补充协议|协议|确认书)[^。；，]{0,4}(?:确定|约定|为准)"
            r"|(?:价格|单价|价款|总价|报酬|服务费|收费标准)(?:条款)?[^。；，]{0,4}(?:待定|未定|暂不约定|不作约定|另行约定)", flat)
        if not m or "另有约定" in m.group(0):
            continue  # 除双方另有约定外，由乙方承担: an exception to a default rule, not a price left open
        if re.match(r"(?:具体|实际|结算)金额", m.group(0)) and re.search(r"违约金|赔偿|损失|罚|补偿", flat[:m.start()]):
            continue  # the amount of damages or a penalty, not the price
        if re.search(r"(?:未|不能|无法|没有)(?:能)?(?:协商|达成)(?:一致)?(?:前|之前|的)[^。；]{0,12}(?:仍|继续|暂)?(?:按|执行|适用)", flat + "。" + nxt):
            continue  # a fallback to the price in force until a change is agreed
        if re.search(r"期限|时间|日期|交货期|工期|周期|方式|地点|账户|不高于|不超过|不得高于", m.group(0)) or re.match(r"\s*(?:如下|为)?\s*[：:]", flat[m.end():]):
            continue  # when or how it is paid, or a form's lead-in (租金具体支付期限双方可以约定如下：)
        if re.search(r"(?:协商不成|协商未果|未能(?:协商|达成)[^。；]{0,6}|不能(?:协商|达成)[^。；]{0,6}|达不成[^。；]{0,6})[^。；]{0,12}(?:按|以|参照|依照)|(?:参照|按照|依照)[^。；]{0,12}(?:市场价|政府(?:指导|定)价|标准|公式|报价单|附件)|"
                     r"额外|另行委托|(?:由此|因此|为此)(?:而)?(?:产生|发生|增加|支出)|增加(?:的)?(?:工作|服务|项目|人工|工作量)|增加[^。；，]{0,8}(?:频次|次数|批次)|新增|变更|超出[^。；]{0,12}(?:范围|配置|约定|标准|数量|人数)|临时性|(?<!后)续(?:租|期|签)"
                     # an adjustment of the price agreed (最低工资上调的，双方可就服务费调整另行协商): the price stands until then
                     r"|(?:调整|调价|上调|下调|涨价|降价)[^。；，]{0,4}(?:另行|再行)?(?:协商|商定)|(?:协商|商定)(?:一致)?(?:后)?(?:予以)?(?:调整|变更|调价)"
                     # a fixed price the buyer may renegotiate if the market falls (市场价格下降的，双方可协商按下降后的价格结算)
                     r"|(?:下降|下跌|上涨|上升|波动|变动)的[，,]?[^。；，]{0,6}(?:双方)?(?:可|可以)?(?:协商|商定)"
                     # a cost index moving past a threshold reopens the price (燃油价格浮动超过10%的，任何一方可提出调整运费，双方另行协商)
                     r"|(?:下降|下跌|上涨|上升|波动|变动|浮动)(?:幅度)?(?:超过|达到|逾)[^。；，]{0,10}的[，,][^。；]{0,20}(?:调整|调价)"
                     # services after the warranty, outside this contract's price (质保期满后…维修服务…具体价格另行协商)
                     r"|(?:质保期|保修期|保质期|维保期|免费服务期)(?:满|届满|结束|到期)后"
                     # repair of what the warranty does not cover (甲方违规操作造成的损坏，不属于保修范围…费用另行协商)
                     r"|不(?:属于|在)[^。；，]{0,6}(?:保修|质保|免费|维保)(?:服务)?范围|(?:保修|质保|免费|维保)(?:服务)?范围(?:以)?外"
                     # the fee of a new contract the parties may sign when this one ends: 运维期届满后，双方可另行签订运维合同，费用另行协商
                     r"|(?:届满|期满|到期|终止|结束)(?:之)?后[^。；]{0,20}(?:签订|签署|订立)[^。；]{0,10}(?:合同|协议)", flat + "。" + nxt):
            continue
        return [Hit(evidence=m.group(0), sentence=flat)]
    return []


def commercial_bill_payment(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The price is paid (or may be paid) by commercial bill instead of money.

    Norm: a money debt is paid in legal tender (民法典第五百一十四条); 机关、事业单位和大型企业
    may not force a small or medium enterprise to accept commercial bills or use them to
    lengthen the payment period (保障中小企业款项支付条例第十一条, not in the statute store).
    A bill postpones cash by its term and leaves the payee the acceptor's credit risk.
    Payment by bank transfer, or a bill only at the payee's choice, is not flagged.
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = re.search(r"(?:以|用|采用|通过|开具|支付|付款方式[：:|｜\s]*|结算方式[：:|｜\s]*)[^。；]{0,10}(?:商业承兑汇票|商业汇票|电子商业汇票|商票|承兑汇票|银行承兑汇票|电子汇票|汇票|供应链票据|数字债权凭证)"
                      r"|(?:商业承兑汇票|商业汇票|电子商业汇票|商票|承兑汇票|电子汇票)(?:方式|形式)?[^。；]{0,4}(?:支付|付款|结算)", flat)
        if not m or not re.search(r"支付|付款|结算|款", flat):
            continue
        if re.search(r"(?:乙方|收款方|卖方|承包人|供方)[^。；]{0,6}(?:同意|选择|要求)[^。；]{0,4}(?:的|后)|经(?:乙方|收款方|卖方|承包人|供方)[^。；，]{0,6}同意|不得以[^。；]{0,10}汇票|不接受[^。；]{0,6}汇票", flat):
            continue
        return [Hit(evidence=m.group(0), sentence=flat)]
    return []


_R_BREACH_VERB = (r"(?:违约|逾期|迟延|延迟|拖延|未按|未能|未(?:及时|按时|按期)?(?:交付|交货|付款|支付|完成|履行|提供)|违反|不履行|拒(?:不|绝)|"
                  r"不合格|不符合(?:约定|要求|标准)|(?:存在)?(?:质量)?瑕疵|质量问题)")
# fault as the ground of liability (a bailee's 保管不善, 民法典第九百一十七条): shows that a side answers
# for its conduct, but is no priced breach of its own
_R_FAULT_VERB = r"(?:保管不善|管理不善|(?:原因|过错|过失)(?:造成|导致|致使))"
_R_BREACH_COST = r"(?:违约金|赔偿|滞纳金|罚息|利息|损失|罚款|违约责任|(?:承担|负担)[^。；，]{0,12}费用)"
# the usual pairs of role words, first party (pays, accepts) then second (performs); used when
# the roles read from the contract's head do not occur in its text (a clause quoted alone,
# a head the reader did not find)
_R_ROLE_PAIRS = (("甲方", "乙方"), ("发包人|发包方", "承包人|承包方"), ("买方|买受人|需方|采购方", "卖方|出卖人|供方|供应商|供货方"),
                 ("委托人|委托方", "受托人|受托方"), ("定作人|定作方", "承揽人|承揽方"), ("出租人|出租方", "承租人|承租方"),
                 ("贷款人|出借人", "借款人"), ("用人单位", "劳动者"))


def _breach_sides(ctx) -> dict:
    """Which party's breach has a stated consequence, over the whole document."""
    roles = getattr(ctx, "party_roles", {}) or {}
    out = {"party_a": [], "party_b": [], "mutual": False, "fault": {"party_a": False, "party_b": False},
           "exempt": {"party_a": None, "party_b": None}}
    if not roles.get("party_a") or not roles.get("party_b"):
        return out
    alt = {p: "|".join(sorted(map(re.escape, rs), key=len, reverse=True)) for p, rs in roles.items() if rs}
    text = ctx.text or "".join(c.text for c in ctx.clauses)
    if not (re.search(alt["party_a"], text) and re.search(alt["party_b"], text)):
        for a, b in _R_ROLE_PAIRS:
            if re.search(a, text) and re.search(b, text):
                alt = {"party_a": a, "party_b": b}
                break
    for clause in ctx.clauses:
        for sent in _split(clause.text):
            flat = sent.replace("\n", "")
            # one party expressly free of any liability for its own breach (本合同项下发包方不承担违约责任)
            exempt_here = set()
            for p in ("party_a", "party_b"):
                ex = re.search(
                    rf"(?<![向给对为非])(?:{alt[p]})[^。；，]{{0,6}}(?:均|概|一律)?不(?:承担|负)(?:任何)?违约责任(?![^。；，]{{0,6}}(?:但|除外))", flat)
                # a general excuse, not one for a named cause (因仓储物本身的自然性质…造成…的，甲方不承担赔偿责任)
                if ex and not re.search(r"因|由于|如|若|不可抗力|非因|(?:对方|另一方)(?:原因|过错)", flat[:ex.start()]) \
                        and not re.search(r"不可抗力", flat):
                    exempt_here.add(p)
                    out["exempt"][p] = out["exempt"][p] or (clause.clause_id, flat)
            if not re.search(_R_BREACH_COST, flat):
                continue
            if re.search(rf"(?:任何一方|一方|双方|各方|守约方|违约方)[^。；]{{0,12}}{_R_BREACH_VERB}|{_R_BREACH_VERB}[^。；]{{0,6}}的一方", flat):
                out["mutual"] = True
                continue
            for p in ("party_a", "party_b"):
                if p in exempt_here:
                    continue  # its breach named only to excuse it
                # the party in breach is the subject, not the payee (向乙方支付逾期利息) nor a cause denied (非乙方原因)
                if re.search(rf"(?<![向给对为非])(?:{alt[p]})[^。；，]{{0,8}}{_R_BREACH_VERB}[^。；]{{0,80}}{_R_BREACH_COST}", flat):
                    out[p].append((clause.clause_id, flat))
                elif re.search(rf"(?<![向给对为非])(?:{alt[p]})[^。；，]{{0,8}}{_R_FAULT_VERB}[^。；]{{0,80}}{_R_BREACH_COST}", flat):
                    out["fault"][p] = True
    return out


def breach_liability_one_sided(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Only one party's breach has a consequence in the whole contract.

    Norm: either party that fails to perform bears liability for breach (民法典第五百七十七条);
    a contract that prices only one side's breach (its late delivery, its defects) and says
    nothing of the other side's main obligation (paying, accepting, providing conditions)
    leaves that side's breach to the statutory minimum and, in a standard term, unreasonably
    increases the other party's liability (第四百九十七条). Flagged once per document, at the
    first clause that states the burdened party's consequences, when that party has at least
    ``params["min_one_side"]`` (default 2) such sentences, the other none and there is no
    mutual breach clause (``任何一方违约的…``).
    """
    if ctx.contract_type == "借款合同":
        return []  # the lender's one duty is to lend, its breach priced by the Code itself (民法典第六百七十一条): a loan's terms bind the borrower
    if ctx.contract_type in ("劳动合同", "劳务派遣协议", "竞业限制协议"):
        return []  # an employer's breaches have statutory consequences (劳动合同法第三十八条、第四十六条、第八十五条) and a worker's are limited by 第二十五条: the labour checks judge them
    if ctx.contract_type == "保密协议" and re.search(r"用人单位|劳动者|劳动合同|离职|在职|竞业", ctx.text or ""):
        return []  # an employee's confidentiality and non-compete undertaking: only the employee can breach it (劳动合同法第二十三条)
    sides = _per_doc(ctx, "breach_sides", lambda: _breach_sides(ctx))
    if sides["mutual"]:
        return []
    need = int(params.get("min_one_side", 2))
    for burdened, free in (("party_a", "party_b"), ("party_b", "party_a")):
        # one side's breach priced and the other's expressly excused: reported where the excuse is written
        if sides[burdened] and not sides[free] and (ex := sides["exempt"][free]) is not None:
            if clause.clause_id == ex[0]:
                return [Hit(evidence=ex[1].strip(), sentence=ex[1])]
            continue
        if len(sides[burdened]) >= need and not sides[free] and not sides["fault"][free]:
            first_id, sent = sides[burdened][0]
            if clause.clause_id == first_id:
                return [Hit(evidence=sent.strip(), sentence=sent)]
    return []


_R_INSTALMENT = re.compile(r"(?:预付款|订金|首付款|首(?:期|笔)款?|末(?:期|笔)款?|最后一(?:期|笔)款?|定金|进度款|到货款|验收款|尾款|余款|质保金|质量保证金|第[一二三四五六七八九十\d]+(?:期|笔|次)(?:款|付款)?)")


def _rent_totals(text: str) -> list[tuple[float, str]]:
    """(yuan, sentence) for each stated total of the rent (租金总额为人民币…元), not of what is
    unpaid or left (未付租金总额, 剩余租金总额)."""
    out = []
    for sent in _split(text):
        flat = sent.replace("\n", " ")
        for m in re.finditer(r"(?<!未付)(?<!剩余)(?<!应付)租金总(?:额|计)(?:为|是|：|:)?", flat):
            a = _C_YUAN.search(flat[m.end(): m.end() + 40])
            if a and (v := _c_yuan_value(a)) and v >= 100:
                out.append((v, sent.strip()))
    return out


def instalments_exceed_total(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Instalments stated as amounts add up to more than the contract's total price.

    Norm: where terms of one contract conflict their meaning is found by interpretation
    (民法典第一百四十二条、第四百六十六条): a payment schedule that adds up to more (or, when
    it lists every instalment including the balance, less) than the total price leaves the
    sum actually owed in dispute. Compared in yuan; a difference under 1 yuan is ignored.
    Shares given as percentages are judged by ``payment_shares``.
    """
    totals = _per_doc(ctx, "total_prices", lambda: [t for c in ctx.clauses for t in _c_total_prices(c)])
    if not totals and not re.search(r"租金", clause.text):
        return []
    amounts: list[tuple[float, str]] = []
    for sent in _split(clause.text):
        flat = sent.replace("\n", " ")
        if not _R_INSTALMENT.search(flat) or re.search(r"违约金|逾期|罚|赔偿|利息", flat):
            continue
        # a 定金 credited against the price (定金在支付第一期价款时抵作价款) is inside the instalments, not on top of them
        credited = re.search(r"定金[^。；]{0,30}(?:抵作|冲抵|抵充|折抵|转为|转作|充抵|抵扣)", flat)
        prev = 0
        for m in _C_YUAN.finditer(flat):
            label = flat[max(prev, m.start() - 20): m.start()]
            # the item's own label at its head: （1）第一期：本协议签署后五个工作日内支付人民币360万元
            head = flat[:16] if prev == 0 else ""
            prev = m.end()
            if not (_R_INSTALMENT.search(label) or _R_INSTALMENT.search(head)) \
                    or re.search(r"总价|总额|合计|总计|共计|总金额|合同金额|合同价款|大写", label):
                continue
            if credited and re.search(r"定金", label):
                continue
            if v := _c_yuan_value(m):
                amounts.append((v, flat))
    if len(amounts) < 2 and re.search(r"付款|支付|期次|租金|分期", clause.text):
        # a schedule drawn as a table: 期次 | 支付日 | 应付租金（元）; a rent table is compared
        # with the stated rent total (租金总额), which in a finance lease exceeds the price
        rows = _table_rows(clause.text)
        rent = _table_column(rows, r"租金", r"(?:人民币)?[¥￥]?(?P<v>\d[\d,]*(?:\.\d+)?)(?:元)?")
        if rent:
            amounts = rent
            totals = [(v, t) for v, t in _per_doc(ctx, "rent_totals", lambda: _rent_totals(ctx.text or ""))] or totals
        else:
            amounts = _table_column(rows, r"金额|应付|价款|款项|费用|（元）|\(元\)",
                                    r"(?:人民币)?[¥￥]?(?P<v>\d[\d,]*(?:\.\d+)?)(?:元)?(?:[（(]含税[）)])?")
    if len(amounts) < 2 or not totals:
        return []
    total = totals[0][0]
    paid = sum(v for v, _ in amounts)
    if paid > total + 1:
        return [Hit(evidence=amounts[-1][1].strip(), sentence=amounts[-1][1], explanation=(
            f"各期付款金额合计{paid:,.2f}元，超过合同总价{total:,.2f}元，付款条款与总价自相矛盾，实际应付金额将发生争议。"))]
    # a schedule that says how many instalments there are (分三期支付) and lists that many sums, all of
    # them amounts, yet stops short of the price: the rest has no time or condition of payment
    n = re.search(r"分\s*(?P<n>[两二三四五六七八九十\d]{1,3})\s*(?:期|笔|次)", clause.text)
    count = (2 if n["n"] == "两" else parse_number(n["n"])) if n else None
    if count and len(amounts) == count and paid < total - 1 and not parse_rate(clause.text):
        gap = total - paid
        # the gap paid elsewhere (a 定金, 预付款 or 保证金 stated outside the schedule) is no gap
        others = [v for x in _C_YUAN.finditer((ctx.text or "").replace(clause.text, "")) if (v := _c_yuan_value(x))]
        if not any(abs(v - gap) <= 1 for v in others):
            return [Hit(evidence=amounts[-1][1].strip(), sentence=amounts[-1][1], explanation=(
                f"约定分{count}期付款，各期金额合计{paid:,.2f}元，比合同总价{total:,.2f}元少{gap:,.2f}元；差额何时、以何条件支付没有约定，"
                "付款条款与总价条款相互矛盾，应付金额和付款期限将发生争议（民法典第一百四十二条、第四百六十六条、第五百一十条）。"))]
    return []


_G_PERIOD = re.compile(r"保证期间|保证期限|保证责任期间|担保期间|担保期限")
_G_DEBT_TERM = re.compile(r"借款期限|贷款期限|还款期限|履行期限|债务(?:的)?期限|到期日|届满日|还款日|租赁期限|授信期限|主债务")


def _debt_due_dates(ctx) -> list[date]:
    """The main debt's due dates the document states: the end of a loan (or other debt) term
    given as dates (借款期限…自2025年4月18日起至2026年4月17日止) or a due date
    (还款日为…); sentences about the guarantee period itself are not read."""
    out = []
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            if _G_PERIOD.search(flat) or not _G_DEBT_TERM.search(flat):
                continue
            ds = _dates(flat)
            ends = [d for d, _ in _end_dates(flat, r"止|为止|届满|到期")]
            due = [d for d, m in ds if re.search(r"(?:到期日|届满日|还款日)(?:为|是|：|:)?\s*$", flat[:m.start()])]
            out += ends + due
    return out


def guarantee_period_by_dates(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A guarantee period, given as dates, that ends on or before the main debt falls due.

    Norm: a guarantee period agreed to end before, or together with, the main debt's
    performance period is treated as not agreed, and the period becomes six months from the
    debt's due date (民法典第六百九十二条第二款). Read from the dates: the guarantee period's
    end (保证期间自…起至2026年4月17日止) against the debt's due date stated elsewhere in the
    contract (借款期限…至2026年4月17日止); the wording check ``guarantee.period_same_as_debt``
    reads the same norm when it is said in words.
    """
    dues = _per_doc(ctx, "debt_due_dates", lambda: _debt_due_dates(ctx))
    if not dues:
        return []
    due = max(dues)
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        g = _G_PERIOD.search(flat)
        if not g:
            continue
        ends = _end_dates(flat[g.end():])
        if ends and ends[-1][0] <= due:
            end = ends[-1][0]
            return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"保证期间约定至{_cn_date(end)}，不晚于主债务履行期限届满日"
                f"{_cn_date(due)}，依民法典第六百九十二条第二款视为没有约定，保证期间为主债务履行期限届满之日起六个月。"))]
    return []


def term_absent(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A term the contract type needs is agreed nowhere in the document.

    One finding per document (the check has ``scope: document``), located at the first
    sentence where the term belongs. Params (regular expressions, from the playbook):

    * ``where`` — the sentence the term belongs to (``股权…转让``);
    * ``absent`` — any wording that agrees the term; found anywhere in the document, the
      check does not fire;
    * ``requires`` (optional) — the document must contain it for the norm to apply
      (``有限责任公司`` for the shareholders' pre-emption right).

    * ``waived`` (optional) — wording that dispenses with the term (``无需另行取得其他股东的
      书面意见``): the term is then as good as absent, and the finding goes to that sentence
      unless the sentence itself says the term was met (``已…同意``/``已…放弃``).
    * ``exempt`` (optional) — wording that puts the document outside the norm altogether
      (a transfer between the company's own shareholders): neither absence nor waiver is a risk.

    The legal source of each absence is the check's ``norm`` in the playbook.
    """
    text = ctx.text or ""
    if params.get("exempt") and _lf_doc_has(params["exempt"], text):
        return []
    if params.get("waived"):
        waived = _per_doc(ctx, "waived:" + params["waived"], lambda: next(
            (c.clause_id for c in ctx.clauses for x in _split(c.text)
             if re.search(params["waived"], x.replace("\n", "")) and not re.search(r"(?:已|业已|已经)[^。；]{0,20}(?:同意|放弃|声明|确认)", x)), None))
        if waived is not None:
            if waived != clause.clause_id:
                return []
            for sent in _split(clause.text):
                flat = sent.replace("\n", "")
                if re.search(params["waived"], flat):
                    return [Hit(evidence=flat.strip(), sentence=flat)]
    if _lf_doc_has(params["absent"], text):
        return []
    if params.get("requires") and not _lf_doc_has(params["requires"], text):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if re.search(params["where"], flat):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


# one side changes the work: 发包人有权变更设计、增减工程量 / 委托方可随时增加或变更功能需求
_V_CHANGES_WORK = re.compile(
    r"(?:有权|可以|可|得|随时|单方)[^。；]{0,16}?(?:变更|调整|修改|增减|增加|新增|改变)[^。；]{0,4}"
    r"(?:设计|图纸|工程量|工作量|做法|施工做法|工作内容|工作范围|服务内容|服务范围|需求|功能|规格|方案|要求|外观|内容)"
    r"|(?:设计|图纸|工程量|工作量|做法|工作内容|工作范围|服务内容|服务范围|需求|功能|规格|方案)[^。；，]{0,12}(?:变更|调整|修改|增减|变化)")
# and the price stays as it was: 合同总价不因此调整 / 仍按固定总价执行 / 已包含全部变更的费用 / 报酬不作增加
_V_PRICE_FIXED = re.compile(
    r"(?:价款|价格|总价|费用|报酬|开发费|服务费|工程款|造价)[^。；，]{0,8}(?:均|一律|亦)?(?:不因此|不因[^。；，]{0,6}|不作|不予|均不|不)(?:调整|增加|变动|变化|追加)"
    r"|不(?:予|作)?调整[^。；，]{0,6}(?:价款|价格|总价|报酬)"
    r"|仍按[^。；，]{0,16}(?:固定总价|原(?:合同)?(?:价|价款|总价)|约定(?:的)?(?:价款|总价|价格))[^。；，]{0,4}(?:执行|结算|支付|计算)"
    r"|(?:已包含|包含|已含)[^。；，]{0,12}(?:变更|调整|新增|增加)[^。；，]{0,6}(?:费用|价款|成本)"
    r"|不得(?:另行|据此|因此|就此)?(?:要求|主张|请求)[^。；，]{0,8}(?:增加|追加|另行|另计)?[^。；，]{0,6}(?:费用|价款|报酬|开发费|服务费|工程款)"
    # the price written as unchanged: 合同价款固定不变 / 视为已包含在合同总价范围内
    r"|(?:价款|价格|总价|报酬|开发费|服务费)[^。；，]{0,4}(?:固定不变|维持不变|保持不变|不变)"
    r"|(?:视为)?(?:已)?(?:包含|包括|涵盖)在[^。；，]{0,8}(?:合同)?(?:总价|价款|价格|报酬|固定总价)[^。；，]{0,4}(?:内|之内|范围内|中)"
    r"|不另行?(?:计价|计费|支付|结算|收费)|不构成合同变更")
_V_PRICED = re.compile(r"(?:不超过|以内|范围内)[^。；]{0,6}(?:[%％]|百分之)|[%％](?:以内|以下|范围内)|(?:乙方|承包人|卖方|服务方|承揽人|受托方)(?:的)?(?:原因|自身|自行)|"
                       # the price adjusted with the work (价款相应调整), not the plan (相应调整开发计划); billed separately,
                       # not "not billed separately" (不另行计费)
                       r"双方(?:协商|确认|书面)|另行协商|协商确定|按[^。；]{0,16}(?:单价|计价|据实)|(?:价款|价格|总价|费用|报酬|工程款)[^。；，]{0,6}相应调整|"
                       r"相应调整[^。；，]{0,4}(?:价款|价格|总价|费用|报酬)|据实(?:结算|调整)|予以调整|(?<!不)另行计(?:价|费)|"
                       r"未超过|超过[^。；]{0,8}(?:[%％]|百分之)|按实际|签证|计入结算|除[^。；]{0,12}变更外")


def variation_without_adjustment(clause: Clause, ctx, params) -> Iterable[Hit]:
    """One party may change the work (design, quantities, features) while the price stays
    fixed whatever the change.

    Norm: a contract is varied by agreement (民法典第五百四十三条); where the employer of work
    changes its requirements midway it compensates the contractor's loss (第七百七十七条), and
    a construction change is priced by the agreed rates or by agreement (建设工程解释一第十九条).
    Read across the clause's sentences: (1) a right to change the work, or a change of it, and
    (2) the price held fixed (不因此调整, 仍按固定总价执行, 已包含全部变更的费用, 不得要求增加
    开发费, 不构成合同变更). A change priced by unit rates or by agreement, a change capped at a
    share, or one caused by the contractor is lawful.

    Returns:
        One hit on the sentence that holds the price fixed, or nothing.
    """
    text = clause.text.replace("\n", "")
    if not _V_CHANGES_WORK.search(text) or _V_PRICED.search(text):
        return []
    for sent in _split(clause.text):  # a sentence ends at "；" too (pipelines.text.sentences)
        flat = sent.replace("\n", "")
        if _V_PRICE_FIXED.search(flat) and re.search(r"变更|调整|修改|增减|增加|新增|变化|固定总价|包干", flat):
            return [Hit(evidence=flat.strip(), sentence=sent)]
    return []


_R_EVAL = r"(?:考核|考评|评定|评价|评估|满意度|满意程度|打分|评分|认定|评级)"
_R_AMOUNT_SET = re.compile(
    r"(?:[\u4e00-\u9fff]{0,4}费|价款|报酬|金额|款项|工程款|酬金|奖金|货款|价格)[^。；]{0,40}?(?:确定|决定|扣减|调减|核减|计算|计发|发放|折算|核定|核算|浮动)"
    r"|(?:确定|决定|扣减|调减|核减)[^。；，]{0,12}(?:服务费|价款|费用|报酬|支付金额|付款金额|款项|工程款|酬金|奖金|货款)"
    r"|[=＝×xX＊*]|乘以|系数")


def _payer_evaluation_sets_amount(flat: str, clause_text: str, ctx) -> re.Match | None:
    """The payer's own evaluation (its 考核/评定/满意度/打分, with its name or ``其`` right before
    the evaluation word) that fixes, scales or cuts the amount in the same sentence; the match
    of the evaluation, or None. Pay in a labour contract (绩效考核 by the employer's published
    rules) is left to the labour checks."""
    if ctx.contract_type in ("劳动合同", "劳务派遣协议"):
        return None
    ev = re.search(rf"(?:{_R_PAYER}|其)(?:的|自行|单方|内部|月度|年度|季度|综合|对[^。；，]{{0,12}}的){{0,3}}(?:综合)?{_R_EVAL}", flat)
    if ev is None or not _R_AMOUNT_SET.search(flat):
        return None
    if ev.group(0).startswith("其") and not re.search(rf"{_R_PAYER}[^。；，]{{0,30}}$", flat[:ev.start()]):
        return None  # 其 must point back to the payer
    return ev


_REWARD_AMOUNT = re.compile(r"(?:返利|返点|奖励|提成|奖金|分成|佣金|销售补贴|激励)(?:比例|金额|标准|系数|费率|率|政策|额度)")


def price_set_by_payer_assessment(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The amount payable is fixed by the payer's own assessment, by rules the payer writes.

    Norm: the price is a main term (民法典第四百七十条); where one party alone decides it by
    an assessment it designs, the price is not agreed but left to that party — in a
    standard term an unreasonable increase of the other party's burden (第四百九十七条); a
    price not agreed falls back to the market price (第五百一十条、第五百一十一条第二项).
    An assessment by agreed, objective standards, jointly or by a third party, or with the
    payee's right to object, is not flagged.
    """
    # read across the clause: the scoring rules are the payer's to write and change (评分细则及检查频次由甲方根据经营需要
    # 制定并随时调整), and the score cuts the fee (月度得分每低于95分1分，扣减当月服务费的3%)
    flat_clause = clause.text.replace("\n", "")
    rules_by_payer = re.search(rf"(?:评分|考核|评价|评估|检查)(?:的)?(?:细则|标准|办法|规则|方式|指标)[^。；]{{0,16}}由{_R_PAYER}[^。；，]{{0,16}}(?:制定|确定|修改|调整|决定)", flat_clause)
    if rules_by_payer and not re.search(r"双方(?:共同|协商|确认)|协商一致|经乙方(?:书面)?(?:确认|同意)", flat_clause):
        for sent in _split(clause.text):
            cut = sent.replace("\n", "")
            if re.search(r"(?:得分|分数|评分|考核结果|考核分)[^。；]{0,24}(?:扣减|扣除|核减|扣发|减少)[^。；]{0,12}(?:服务费|费用|报酬|价款|款项)", cut):
                return [Hit(evidence=cut.strip(), sentence=cut, explanation=(
                    f"扣减服务费所依据的评分规则由付款方单方制定并可随时调整（{rules_by_payer.group(0)}），应付金额实际取决于付款方，"
                    "价款作为合同主要条款未经协商确定（民法典第四百七十条、第五百一十条、第五百一十一条第二项）。"))]
    # what the whole clause names, read once (a clause of many thousand table rows would otherwise be read once per row)
    fee_named = bool(re.search(r"佣金|报酬|提成|服务费|代理费|奖励|返利", clause.text))
    reward_named = bool(_REWARD_AMOUNT.search(clause.text))
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = re.search(rf"(?:服务费|价款|费用|报酬|结算(?:金额|价)|(?:付款|支付)金额|应付(?:金额|款项)|工程款|绩效费|酬金)[^。；]{{0,16}}(?:根据|依据|依|按照?|以|视)"
                      rf"(?:{_R_PAYER}|本公司|我司|我方)[^。；]{{0,12}}(?:考核|考评|评定|评估|满意度|满意程度|认可|决定|单方|评分|打分)", flat)
        m = m or re.search(rf"{_R_PAYER}[^。；]{{0,6}}(?:有权)?(?:视|根据|依据)[^。；]{{0,16}}(?:扣减|调减|降低|核减)[^。；]{{0,12}}(?:服务费|价款|费用|报酬|款项)[^。；]{{0,16}}(?:由{_R_PAYER}(?:决定|确定)|比例由{_R_PAYER})", flat)
        m = m or re.search(rf"(?:扣减|调减|核减|扣发|扣除)(?:比例|金额|幅度)(?:由|以){_R_PAYER}(?:单方|自行)?(?:决定|确定|认定)", flat)
        # the sum payable is whatever the payer's own review concludes (报酬以甲方内部评审结论为准; 结算金额以甲方审计部门
        # 审定的金额为准，乙方不得提出异议)
        m = m or re.search(rf"(?:报酬|服务费|价款|费用|结算(?:金额|价款|价)|应付(?:金额|款项)|(?:付款|支付)金额|酬金)[^。；]{{0,10}}以{_R_PAYER}(?:的)?(?:内部)?[^。；，]{{0,8}}"
                           r"(?:评审|审定|认定|核定|评定|考核|验收)(?:部门)?[^。；，]{0,6}(?:结论|结果|意见|金额|数额)?为准", flat)
        # the payer cuts the fee as it sees fit (甲方有权视乙方表现酌情核减服务费; 甲方可以酌情扣发当季服务费)
        m = m or re.search(rf"{_R_PAYER}[^。；，]{{0,6}}(?:有权|可以|可)?(?:视|根据)?[^。；，]{{0,12}}(?:酌情|自行|单方面?|视情况)(?:核减|扣减|扣发|减少|降低|扣除|减发)[^。；，]{{0,8}}(?:服务费|报酬|费用|价款|款项|酬金)", flat)
        # the score that sets the fee given by the payer alone, beyond objection (考核得分由甲方单方面打分，乙方不得提出异议)
        if not m and re.search(r"不得(?:对此)?(?:提出)?(?:任何)?异议|不得申请复核|为最终(?:结果|结论)", flat):
            m = re.search(rf"(?:考核|评分|打分|评定|得分)[^。；，]{{0,8}}由{_R_PAYER}(?:单方面?|自行|单独)(?:打分|评定|考核|确定|评分|决定)", flat)
        # whether the fee is owed at all decided by the payer, finally and beyond objection (“有效订单”由甲方综合判断后认定，
        # 甲方的认定为最终结论，乙方不得提出异议；未被认定为有效订单的，乙方不享有佣金)
        if not m and re.search(r"不得(?:对[^。；，]{0,8})?(?:提出)?(?:任何)?异议|为最终(?:结论|结果|认定|决定)", flat) \
                and fee_named:
            m = re.search(rf"由{_R_PAYER}[^。；]{{0,30}}?(?:认定|判断|确定|核定|决定)|{_R_PAYER}(?:的)?(?:认定|判断|决定)(?:结果)?为最终", flat)
        # the structure, whatever the words: an amount fixed, scaled or cut (确定/扣减/×/=) by an
        # evaluation that is the payer's own (委托方评定的满意度系数, 其对…的综合评定, 甲方月度考核得分)
        m = m or _payer_evaluation_sets_amount(flat, clause.text, ctx)
        # a rebate, bonus or commission the paying side fixes at its discretion (返利比例 | 由甲方根据市场秩序及
        # 乙方配合情况酌定): the consideration promised is not agreed (第四百七十条、第五百一十一条第二项)
        if not m and reward_named and not re.search(r"时间|日期|期限|时点|方式", flat):
            m = re.search(rf"由(?!双方|各方)(?:{_C_PARTY})[^。；，|]{{0,24}}(?:酌定|酌情(?:确定|决定)|自行(?:决定|确定)|单方(?:决定|确定)|视情况(?:确定|决定)|全权决定)", flat)
        if not m:
            continue
        # an objection the payee may raise keeps the price from being the payer's alone; one it may not
        # raise (乙方不得提出异议) is the opposite
        open_flat = re.sub(r"(?:不得|无权|不能|不可|不再)(?:(?:对|就)[^。；，]{0,10})?(?:提出|提起|申请)?(?:任何)?(?:异议|复核|申诉)", "", flat)
        if re.search(r"双方(?:共同|协商|确认)|共同(?:制定|确定|考核)|第三方|附件[^。；]{0,6}(?:标准|指标)|异议|复核|申诉|客观|量化", open_flat):
            continue
        return [Hit(evidence=m.group(0), sentence=flat)]
    return []


def payment_withheld_at_will(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The payer may stop or withhold all payment at its discretion or for any breach.

    Norm: a party may refuse only the performance that corresponds to the other party's
    non-performance (民法典第五百二十六条: 有权拒绝其相应的履行请求), and may suspend for the other
    party's deteriorating situation only on proof and with notice (第五百二十七条、第五百二十八条).
    Withholding all unpaid sums for any breach, or as the payer sees fit, goes beyond that.
    Withholding the part that corresponds to a defect, or payment until a cured defect, is
    not flagged.
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = re.search(rf"(?:{_R_PAYER}|{_PARTY_ANY})[^。；]{{0,8}}(?:有权|可以|可(?!能)|得(?=视|随时|暂停|暂缓|拒绝|停止|扣|中止|延迟))[^。；]{{0,20}}(?:暂停|暂缓|暂扣|中止|停止|拒绝|拒付|延迟|推迟|扣留|冻结)[^。；，]{{0,10}}(?:支付|付款|拨付|结算|全部|所有|任何)[^。；]{{0,8}}(?:款|费|价款|货款|工程款|服务费|报酬)?", flat)
        if not m:
            continue
        verb = re.search(r"暂停|暂缓|暂扣|中止|停止|拒绝|拒付|延迟|推迟|扣留|冻结", m.group(0))
        if re.match(r"(?:履行)?(?:全部|所有|部分|或者|或|的|本合同项下)*(?:服务|供货|供应|交货|发货|工作|施工|履行|生产|开发)",
                    flat[m.start() + verb.end():]):
            continue  # what is suspended is the payee's own performance (乙方可以暂停全部或者部分服务), not a payment
        discretion = re.search(r"视[^。；，]{0,8}(?:情况|需要|进展|安排)|根据[^。；]{0,10}(?:情况|需要|进展|安排)|认为|自行决定|任何理由|无需理由|随时", flat)
        everything = re.search(r"(?:全部|所有|一切|任何)[^。；，]{0,8}(?:未付|应付|款|费|价|金|报酬|酬)|直至[^。；]{0,10}(?:争议|纠纷)", flat) \
            and re.search(r"违约|违反|争议|纠纷|未履行|不履行|未完成|义务", flat)
        if not (discretion or everything):
            continue
        if re.search(r"相应(?:部分|的)?|对应(?:部分|的)|与[^。；]{0,10}相当|(?:不合格|瑕疵|缺陷)(?:部分|产品)(?:的)?(?:价款|货款|款项)", flat):
            continue
        return [Hit(evidence=m.group(0), sentence=flat)]
    return []


_NC_EMPLOYER = r"(?:甲方|用人单位|公司|单位|雇主)"
_NC_RELEASE = re.compile(rf"{_NC_EMPLOYER}[^。；]{{0,24}}(?:有权|可以|可|得)[^。；]{{0,40}}(?:解除|终止|豁免|免除|取消|缩短)[^。；]{{0,6}}"
                         r"(?:本协议|本合同|竞业|该(?:协议|约定|义务))")
# the release told from the non-compete's side (竞业限制义务经公司书面通知解除的)
_NC_RELEASED_BY = re.compile(rf"竞业(?:限制|禁止)?(?:协议|义务|约定|期限)?[^。；，]{{0,10}}(?:经|被|由){_NC_EMPLOYER}[^。；]{{0,10}}(?:解除|终止|豁免|免除|取消|缩短)")
_NC_NOTHING_MORE = re.compile(r"(?:停止|不再|无需再?|无须再?|毋须再?|毋需再?|不予|不必再?)(?:向[^。；，]{1,6})?(?:支付|发放|给付|给予)|互不承担|(?:不|无需|无须)(?:再)?承担任何"
                              r"|(?:不|无需|无须)(?:另行)?(?:支付|给予)(?:任何)?(?:补偿|费用|赔偿)"
                              # the employee barred from claiming it (乙方不得因此要求任何额外补偿)
                              r"|(?:不得|无权|不能|不可)(?:因此|据此|以此|就此|对此)?(?:向[^。；，]{1,6})?(?:要求|主张|请求|索要|索取|提出)[^。；，]{0,6}(?:补偿|费用|赔偿|款项)")


def noncompete_release_without_extra_pay(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The employer may release the employee from a non-compete during its term and owe
    nothing more.

    Norm: 最高人民法院关于审理劳动争议案件适用法律问题的解释（一）第三十九条 — during the
    non-compete term the employer may ask to terminate the agreement, and the employee may
    then claim three more months of non-compete compensation. A clause that lets the
    employer end it at will and stop paying with "no other liability" takes that away.
    Shapes: the employer may release or shorten it (at any time, before or after the employee
    leaves; also told from the non-compete's side: 竞业限制义务经公司书面通知解除) and then
    pays nothing more, bears no liability, or the employee may not claim more (乙方不得因此
    要求任何额外补偿). Lawful near-misses: termination by agreement (协商一致), a release
    before the employee leaves, a release for the employee's own breach, or one that pays
    the three months (额外支付三个月).
    """
    if not _per_doc(ctx, "mentions_noncompete", lambda: "竞业" in ctx.text):
        return []
    if re.search(r"(?:额外|另行|另外)[^。；]{0,10}(?:三|3|叁)\s*个月|(?:三|3|叁)\s*个月(?:的)?(?:竞业限制)?(?:经济)?补偿", clause.text):
        return []  # the three months' extra compensation is agreed
    sents = [s.replace("\n", "") for s in _split(clause.text)]
    for i, flat in enumerate(sents):
        if re.search(r"在职期间|离职前|入职前|(?:乙方|员工|劳动者)[^。；，]{0,8}(?:违反|违约)", flat) and not re.search(
                r"离职后|离职以后|竞业限制期(?:限|间)?内|任何时[间候]|随时", flat):
            continue  # a release before the term starts, or for the employee's own breach, is not 第三十九条's
        m = _NC_RELEASE.search(flat) or _NC_RELEASED_BY.search(flat)
        if not m or re.search(r"协商一致|双方(?:均|都)?(?:有权|可以)", flat[:m.end()]):
            continue
        window = flat + (sents[i + 1] if i + 1 < len(sents) else "")
        if "竞业" not in window and "竞业" not in clause.text and ctx.contract_type != "竞业限制协议":
            continue
        if _NC_NOTHING_MORE.search(window[m.start():]):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_ADJUST = r"(?:调整|调减|调低|减少|降低|酌减|变更)"
_LD_ADJUST_WAIVED = re.compile(
    rf"(?:放弃|不得|不会|不再|无权|不可|不能)[^。；]{{0,16}}(?:请求|主张|要求|申请|提出|以[^。；]{{0,10}}为由)[^。；]{{0,14}}{_ADJUST}"
    rf"|不以[^。；]{{0,16}}为由[^。；]{{0,10}}{_ADJUST}"
    rf"|(?:放弃|不得|不会|不再|无权|不可|不能)[^。；]{{0,16}}{_ADJUST}[^。；]{{0,4}}(?:的)?(?:主张|请求|要求|申请|权利|抗辩)"
    rf"|(?:不(?:得|可|予|作|再)?|无须|无需)(?:进行|作任何|作出)?(?:任何)?(?:调整|调减|酌减)")


def ld_adjustment_waived(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The parties agree that the 违约金 cannot be adjusted.

    Norm: a party may ask the court or arbitral body to increase a 违约金 below the loss or
    reduce one excessively above it (民法典第五百八十五条第二款); an agreement that it shall not
    be adjusted does not stop the court (合同编通则解释第六十四条第三款: "当事人仅以合同约定
    不得对违约金进行调整为由主张不予调整违约金的，人民法院不予支持"). The clause misleads the
    party that signs it into thinking an excessive sum is certain. The sentence must name the
    违约金 or point back at its amount (该金额), in a clause about 违约金.
    """
    if "违约金" not in clause.text:
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = _LD_ADJUST_WAIVED.search(flat)
        if not m or not re.search(r"违约金|(?:该|上述|前述|此)(?:金额|数额|款项|标准|比例)", flat[max(0, m.start() - 30): m.end() + 10]):
            continue
        if re.search(r"价格|单价|价款|总价|费用标准", flat[max(0, m.start() - 12): m.start()]) and "违约金" not in flat[max(0, m.start() - 12): m.start()]:
            continue  # 价格不作调整: the price, not the 违约金
        if re.search(r"(?:支付|扣减|抵扣|减少支付|少付)[^。；]{0,4}$", flat[:m.start()]) or re.search(r"法律|法院|仲裁机构依法", flat[:m.start()][-12:]):
            continue
        return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_SPLIT_PARTY = r"(?:甲方|乙方|丙方|丁方|双方以外|出资方|运营方|合作方|平台|商户)"
# (the sum named between: 甲方享有净收益的70%)
_SPLIT_OF = r"(?:(?:净|税后|实际)?(?:收益|收入|利润|分成|款项|所得|营收)(?:总额)?的)?"
_SPLIT_PAIR = re.compile(rf"(?P<a>{_SPLIT_PARTY})\s*(?:分得|享有|占|取得|获得|得)?\s*{_SPLIT_OF}\s*(?P<x>\d+(?:\.\d+)?)\s*[%％]\s*[/、，,；;和及与]\s*"
                         rf"(?P<b>{_SPLIT_PARTY})\s*(?:分得|享有|占|取得|获得|得)?\s*{_SPLIT_OF}\s*(?P<y>\d+(?:\.\d+)?)\s*[%％]")


# three or more holders in a row, each with its share (乙方55%；乙方下属门店35%；甲方区域办15%)
_SPLIT_ITEM = re.compile(r"(?P<h>[\u4e00-\u9fff]{2,10}?)\s*(?P<v>\d+(?:\.\d+)?)\s*[%％]")
_SPLIT_LIST = re.compile(r"(?:[\u4e00-\u9fff]{2,10}?\s*\d+(?:\.\d+)?\s*[%％]\s*[；;、，,]\s*){2,}[\u4e00-\u9fff]{2,10}?\s*\d+(?:\.\d+)?\s*[%％]")
_SPLIT_HOLDER = r"甲方|乙方|丙方|丁方|合作方|平台|商户|门店|公司|办事处|区域办|股东|出资人|合伙人"
_SPLIT_HOLDER_MORE = r"全体业主|业主|物业服务人|物业公司|出租人|承租人|委托人|受托人|代理人|特许人|加盟商|被许可人|许可人|转让方|受让方"
_SPLIT_SHARE = re.compile(rf"{_SPLIT_PARTY}\s*(?:分得|享有|占|取得|获得|得)?\s*{_SPLIT_OF}\s*(?P<v>\d+(?:\.\d+)?)\s*[%％]")


def revenue_split_not_100(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The parties' shares of one sum (revenue, profit, proceeds) do not add up to 100%.

    ``甲方65% / 乙方40%`` in a revenue-sharing table, ``甲方分得60%，乙方分得30%`` in prose.
    Norm: where terms conflict their meaning is found by interpretation (民法典第一百四十二条、
    第四百六十六条); a split that is more (or less) than the whole leaves each party's share
    in dispute. Only a pair of distinct parties in one sentence or table row, in a clause
    about sharing (分成, 分配, 比例, 收益, 利润, 收入).
    """
    if not re.search(r"分成|分配|分账|比例|收益|利润|收入|结算", clause.text):
        return []
    # a list of holders each with a share, in one line or table cell (乙方55%；乙方下属门店35%；甲方区域办15%)
    for line in clause.text.splitlines():
        for run in _SPLIT_LIST.finditer(line):
            items = list(_SPLIT_ITEM.finditer(run.group(0)))
            if len(items) >= 3 and all(re.search(_SPLIT_HOLDER, i["h"]) for i in items) and re.search(r"分成|分配|分账|比例", line):
                total = sum(float(i["v"]) for i in items)
                if abs(total - 100) > 0.5 and total > 50:
                    ev = line.strip(" |")
                    return [Hit(evidence=ev, sentence=line, explanation=(
                        f"{'、'.join(i['h'] + i['v'] + '%' for i in items)}合计{total:g}%，不等于100%，分配比例自相矛盾，"
                        "各方应得份额存在争议（民法典第一百四十二条、第四百六十六条）。"))]
    # the share first, its holder after, across the line's sentences (其中百分之七十归全体业主所有…；百分之四十作为乙方的经营管理酬金)
    for line in clause.text.splitlines():
        if not re.search(r"收益|收入|利润|分成|分配|酬金|所得|盈余|净额", line) or re.search(r"不低于|不超过|不少于|最高|最低|以上|以下|至少", line):
            continue
        held = []
        for pct, m in parse_rate(line):
            verb = re.match(rf"\s*(?:的部分)?\s*(?:归|由|作为|属于|分配给|支付给|分给|划归|划入)(?:于)?[^。；，,%％]{{0,6}}?(?P<h>{_SPLIT_HOLDER}|{_SPLIT_HOLDER_MORE})", line[m.end(): m.end() + 16])
            if verb:
                held.append((pct, verb["h"]))
        if len(held) >= 2 and len({h for _, h in held}) == len(held) and len(held) == len(parse_rate(line)):
            total = sum(p for p, _ in held)
            if abs(total - 100) > 0.5 and total > 50:
                return [Hit(evidence=line.strip(), sentence=line, explanation=(
                    f"{'、'.join(f'{h}{p:g}%' for p, h in held)}合计{total:g}%，不等于100%，分配比例自相矛盾，"
                    "各方应得份额存在争议（民法典第一百四十二条、第四百六十六条）。"))]
    for line in clause.text.splitlines():
        for sent in _split(line):
            shares = list(_SPLIT_SHARE.finditer(sent))
            if len(shares) != len(re.findall(r"\d+(?:\.\d+)?\s*[%％]", sent)):
                continue  # a share that is no party's (20%提取为发展基金) or a rate: not a split of the whole
            for m in _SPLIT_PAIR.finditer(sent):
                if m["a"] == m["b"]:
                    continue
                x, y = (sum(float(s["v"]) for s in shares), 0.0) if len(shares) > 2 else (float(m["x"]), float(m["y"]))
                if abs(x + y - 100) > 0.5 and x + y > 50:
                    return [Hit(evidence=sent.strip(), sentence=sent, explanation=(
                        f"{m['a']}{x:g}%与{m['b']}{y:g}%合计{x + y:g}%，不等于100%，分成比例自相矛盾，各方应得份额存在争议（民法典第一百四十二条、第四百六十六条）。"))]
    return []


def rate_conversion_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """An interest rate stated twice in one sentence, per year and per month or day, that
    do not convert into each other (``年利率为3.6%，按月计息，即月利率千分之五``: 0.5% a month
    is 6% a year).

    Norm: where the parties dispute a term its meaning is found by interpretation (民法典
    第一百四十二条、第四百六十六条); interest not clearly agreed between natural persons is
    not payable, and otherwise is fixed by the market rate (第六百八十条第二款、第三款) — the
    lender cannot count on the higher of the two. Monthly rates are converted ×12; daily
    rates ×360 or ×365 (either convention accepted). A difference over 5% of the annual
    rate is reported.
    """
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"年利率|年化|年息", flat) or not re.search(r"月利率|月息|日利率|日息", flat):
            continue
        rates: dict[str, float] = {}
        for pct, m in parse_rate(flat):
            before = flat[max(0, m.start() - 8): m.start()]
            kind = "year" if re.search(r"(?:年利率|年化(?:利率)?|年息)(?:为|是|：|:)?\s*$", before) else \
                "month" if re.search(r"(?:月利率|月息)(?:为|是|：|:)?\s*$", before) else \
                "day" if re.search(r"(?:日利率|日息)(?:为|是|：|:)?\s*$", before) else None
            if kind and kind not in rates:
                rates[kind] = pct
        year = rates.get("year")
        if not year:
            continue
        if "month" in rates and abs(rates["month"] * 12 - year) > 0.05 * year:
            other = f"月利率{rates['month']:g}%（折合年利率{rates['month'] * 12:g}%）"
        elif "day" in rates and min(abs(rates["day"] * 360 - year), abs(rates["day"] * 365 - year)) > 0.05 * year:
            other = f"日利率{rates['day']:g}%（折合年利率约{rates['day'] * 360:g}%）"
        else:
            continue
        return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
            f"条款约定年利率{year:g}%，同时写明{other}，两者不能相互换算，实际适用的利率不明，"
            "利息计算将发生争议（民法典第一百四十二条、第四百六十六条、第六百八十条）。"))]
    return []


_JOINT_GUARANTEE = re.compile(r"(?<!非)连带(?:责任)?保证|(?:承担|负)连带(?:清偿)?责任")


def guarantee_type_conflict(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A guarantee called joint and several in one place and made to wait for the debtor's
    inability to pay in another.

    Norm: a guarantee that applies only when the debtor cannot perform is a general guarantee
    (一般保证, 民法典第六百八十七条, with the guarantor's 先诉抗辩权); one under which guarantor
    and debtor answer jointly is a joint and several guarantee (第六百八十八条); a contract whose
    terms say both leaves the kind unclear, and an unclear kind is a general guarantee (第六百八十六条
    第二款) — the creditor who thought it held a joint guarantee must first pursue the debtor.
    """
    if not _per_doc(ctx, "joint_guarantee", lambda: bool(_JOINT_GUARANTEE.search(ctx.text.replace("\n", "")))):
        return []  # (searched once per document: the detector runs once per clause)
    for sent in _split(clause.text):
        # the clause's heading line (第七条 连带责任保证) names the kind the body may contradict
        flat = re.sub(r"^\s*[^\n。；，,]{0,30}\n", "", sent).replace("\n", "")
        # (the guarantor named by its party word in a clause about the guarantee: 第六条 保证 … 经依法强制执行仍无法
        # 清偿的部分，由丙方承担偿还责任)
        in_guarantee = re.search(r"保证(?!金)|担保责任", clause.text) and re.search(r"保证人|提供(?:连带(?:责任)?)?保证|连带责任保证", clause.text)
        if not (re.search(r"保证(?!金)|担保责任", flat) or in_guarantee) or not re.search(
                r"保证人|担保人|保证责任|担保责任|提供(?:连带(?:责任)?)?保证|(?:代为|代其)(?:偿还|清偿|履行|还款)"
                + (r"|承担(?:偿还|清偿|还款|代偿|补充)(?:的)?责任" if in_guarantee else ""), flat):
            continue  # a lease deposit (保证金) returned when the purpose cannot be achieved is no guarantee
        m = _GENERAL_GUARANTEE.search(flat)
        if not m or _JOINT_GUARANTEE.search(flat) or re.search(r"先诉抗辩|放弃[^。；]{0,6}抗辩|无论[^。；]{0,20}(?:是否|能否)", flat):
            continue
        if re.search(r"(?:不|不再|无需|免除|亦免除)(?:其|相应的)?(?:承担)?(?:保证|担保)责任|不可抗力", flat):
            continue  # when the guarantor is released (因债权人违约致债务人不能履行), not when it must pay
        if re.search(r"(?:追偿|代偿后|承担保证责任后)", flat[:m.start()]):
            continue  # the guarantor's recourse against the debtor after paying (民法典第七百条)
        return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


_INDIRECT_LOSS_DEFINED = re.compile(r"间接(?:经济)?(?:损失|损害)[”\"]?\s*[，,]?\s*(?:[:：]\s*(?:指|是指)?|是指|系指|指|包括|包含|含)[^。；]{0,120}?"
                                    r"(?:人身(?:伤害|损害|伤亡)|人员(?:伤害|伤亡|死亡|受伤)|伤亡|死亡|(?:生命|健康)(?:损害|权))")
_INDIRECT_LOSS_EXCLUDED = re.compile(r"(?:不|无需|无须|免于|不予|概不|均不)(?:承担|负责|赔偿|负担)[^。；]{0,24}间接(?:经济)?(?:损失|损害)"
                                     r"|间接(?:经济)?(?:损失|损害)[^。；]{0,24}(?:不予|不|概不|均不|无需|无须)(?:赔偿|承担|负责)"
                                     r"|(?:不|无需|无须|概不|均不)(?:对|就|为)[^。；]{0,16}间接(?:经济)?(?:损失|损害)[^。；]{0,6}(?:承担|负责|赔偿)"
                                     r"|(?:不包括|不含|排除|除外)[^。；]{0,12}间接(?:经济)?(?:损失|损害)")


def indirect_loss_includes_injury(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A definition of 间接损失 that takes in personal injury, in a contract that excludes
    liability for 间接损失: the exclusion then reaches the other side's injuries.

    Norm: a term that excludes liability for personal injury caused to the other party is
    void (民法典第五百零六条第一项); a definition can carry the exclusion there without the
    exclusion clause naming it. Shape: ``间接损失：指停产、…以及因设备运行引发的人员伤害赔偿等``
    with ``任何一方均不承担间接损失`` elsewhere. The definition is the evidence.
    """
    if not _per_doc(ctx, "indirect_loss_excluded", lambda: bool(_INDIRECT_LOSS_EXCLUDED.search((ctx.text or "").replace("\n", "")))):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = _INDIRECT_LOSS_DEFINED.search(flat)
        if m and not re.search(r"(?:不包括|不含|除外|不属于)[^。；]{0,16}(?:人身|人员|伤亡|死亡)", flat[m.start():]):
            return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


def _previous_clause_text(ctx, clause: Clause) -> str:
    """The text of the clause before ``clause`` in the document (``ctx.clauses``), or ""."""
    clauses = getattr(ctx, "clauses", None) or []
    for i, c in enumerate(clauses):
        if c.clause_id == clause.clause_id:
            return clauses[i - 1].text if i else ""
    return ""


# a demand the clause dispenses with is no demand: 不经催告即解除, 无需事先催告
_DEMAND_WAIVED = re.compile(r"(?:不经|无需|无须|不需|不必|免于|无需另行|无须另行|不再|未经)(?:事先|事前|另行|任何)?(?:书面)?(?:催告|催缴|宽限)")


def lease_terminated_for_late_rent(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The creditor may end the contract (or call the whole debt due) for a payment a few
    days late, without a demand.

    Norm: where the lessee fails to pay or pays rent late without good reason, the lessor
    may ask for payment within a reasonable period and terminate only if it is still not
    paid (民法典第七百二十二条; 第五百六十三条第一款第三项). An agreed ground (第五百六十二条第二款)
    that lets the lessor terminate at once when rent is a few days late, with no demand and
    no period to pay, takes that protection away. Flagged when no 催告/宽限 is agreed and the
    delay is under ``params["min_days"]`` (default 15) days or not stated; a demand the
    clause itself dispenses with (``不经催告即解除``) is none, and is flagged whatever the delay.

    The same reading serves other debts whose statute requires the demand (``params``):
    ``money`` (what is late; default rent), ``creditor`` (the party words holding the right),
    ``accelerate: true`` (calling the whole remaining debt due counts as the right: a finance
    lease's rent, 民法典第七百五十二条; an instalment price, 第六百三十四条) and ``require``
    (a pattern the clause must contain: 分期|一期 for an instalment sale).
    """
    min_days = float(params.get("min_days", 15))
    money = params.get("money", r"租金|房租|租费|欠租")
    creditor = side_words(ctx, params.get("creditor", r"出租人|出租方|甲方|房东"))
    if (req := params.get("require")) and not (re.search(req, clause.text) or _doc_search(ctx, req)):
        return []
    right = (rf"(?:{creditor})[^。；]{{0,12}}(?:有权|可以|可)(?:选择)?[^。；，]{{0,4}}(?:立即|随时|直接|单方|径行)?(?:书面通知)?"
             r"(?:解除|收回(?:房屋|租赁物|该房|出租房)|终止(?:本|该)?(?:合同|协议|租约|租赁))")
    if params.get("accelerate"):
        right += (rf"|(?:{creditor})[^。；]{{0,12}}(?:有权|可以|可)[^。；]{{0,12}}(?:要求|请求|宣布)[^。；]{{0,10}}(?:立即|一次性|提前)?(?:支付|付清|清偿|收取)?[^。；]{{0,6}}(?:全部|剩余|所有)"
                  rf"|(?:全部|剩余|所有)[^。；]{{0,10}}(?:{money}|余款|租金)[^。；]{{0,6}}(?:立即|提前|即行|视为|即告)(?:全部)?(?:到期|加速到期)")
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        waived = bool(_DEMAND_WAIVED.search(flat))
        plain = _DEMAND_WAIVED.sub("", flat)
        if re.search(r"催告|催缴|宽限|书面通知[^。；]{0,8}(?:限期|在[^。；]{0,6}内)|限期", plain) or not (
                re.search(money, flat) or (waived and re.search(r"前款|上款|上述|前述|以上|前条", flat))):
            continue
        late_rx = (rf"(?:逾期|拖欠|迟延|延迟|未能?按(?:时|期|约定)|未能如期|欠付|未付|未支付|欠缴)[^。；]{{0,12}}(?:支付|交付|缴纳|交纳)?[^。；]{{0,6}}(?:{money})"
                   rf"|(?:{money})[^。；]{{0,10}}(?:逾期|拖欠|迟延|未按(?:时|期)|晚交|迟交)|欠租")
        late = re.search(late_rx, plain)
        term = re.search(rf"{right}|(?:本合同|合同|租赁关系)(?:即|自动|立即)(?:解除|终止)", plain)
        if waived and term and not late and re.search(r"(?:前款|上款|上述|前述|以上|前条)[^。；，]{0,6}(?:情形|事项|违约|情况)", flat[: term.start() + 8]):
            # 发生前款情形的，甲方有权不经催告即解除本合同: the late payment is among the grounds listed before
            before = _previous_clause_text(ctx, clause) + clause.text
            if re.search(late_rx, before.replace("\n", "")):
                return [Hit(evidence=flat.strip(), sentence=flat)]
        if not late or not term:
            continue
        if term.start() < late.start() and "：" not in plain[term.end(): late.start()] \
                and ":" not in plain[term.end(): late.start()]:
            continue  # the right comes first only in a lead-in (…有权解除合同：（1）逾期支付租金三日的)
        span = plain[min(late.start(), term.end()): max(late.end() + 40, term.start())]
        if re.search(r"[_＿]{2,}|\s{3,}|（\s*）", span):
            continue  # a model form's blank: the parties set the period
        days = [(_c_days(n, p["u"]), p) for p in _C_PERIOD.finditer(span)
                if (n := parse_number(p["n"])) is not None]
        if not waived and days and min(d for d, _ in days) >= min_days:
            continue
        return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


# a cap on the 违约金 one side owes: a sum or a share of the contract price
_C_LD_CAP = re.compile(r"违约金[^。；，]{0,8}(?:总额|累计|合计|总计|最高|上限)[^。；，]{0,6}?(?:以|不超过|不得超过|不高于|最高为?|上限为|为)\s*(?:人民币)?\s*"
                       rf"(?:(?P<amt>\d[\d,]*(?:\.\d+)?\s*(?:万)?\s*元|[¥￥]\s*\d[\d,]*(?:\.\d+)?|(?:{_CN_AMOUNT})元)"
                       r"|(?:合同|工程|总|本合同)?(?:总)?(?:价款|金额|造价|总价|价)(?:总额)?的?\s*(?P<pct>百分之[零一二三四五六七八九十点\d.]+|\d+(?:\.\d+)?\s*[%％]))")
# the contract's whole value, where the price-total reader does not name it: 本工程造价（暂定）为人民币…元
_C_WORKS_VALUE = re.compile(r"(?:工程|合同|装修|装饰)(?:总)?(?:造价|总价|价款|总额|金额)(?:（[^）]{0,6}）|\([^)]{0,6}\))?(?:为|是|：|:)?\s*(?:人民币)?")


def _amounts_after(label: re.Pattern, text: str) -> list[float]:
    """The sums in yuan that ``text`` states right after each match of ``label`` (the sum
    beginning within 16 characters of it: ``借款金额：人民币伍佰万元整`` → 5,000,000)."""
    flat = text.replace("\n", "")
    return [v for m in label.finditer(flat)
            if (a := _C_YUAN.search(flat[m.end(): m.end() + 30])) and a.start() <= 16 and (v := _c_yuan_value(a))]


def _contract_value(ctx) -> float | None:
    """The contract's whole price in yuan: the largest total the price-total reader finds,
    else the largest sum stated as the works' or contract's 造价/总价/价款; None when the
    contract states none."""
    def compute():
        values = [v for v, _ in _total_prices_in(ctx.text)] + _amounts_after(_C_WORKS_VALUE, ctx.text)
        return max(values) if values else None
    return _per_doc(ctx, "contract_value", compute)


def ld_cap_derisory(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The 违约金 one side owes is capped at a sum so small against the contract's price that
    the breach costs it almost nothing.

    Norm: 民法典第五百八十五条第二款 — a 违约金 lower than the loss may be raised by a court
    on request, and the loss beyond it must be proved; a cap under ``max_share`` (default
    2%) of the contract price (逾期违约金总额以1,000元为限 on a 168,000-yuan renovation) leaves
    the other side, in practice, with no remedy for delay. Not flagged: no contract price to
    compare with, a cap of a share at or above ``max_share`` (违约金累计不超过合同价款的10%),
    a cap on a 违约金 the other side pays as well (双方/任何一方), and a damages top-up (不足部分).
    """
    share = float(params.get("max_share", 0.02))
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = _C_LD_CAP.search(flat)
        if not m or re.search(r"不足(?:以)?(?:弥补|赔偿)|差额|超过部分[^。；，]{0,6}(?:赔偿|承担)|另行赔偿", flat):
            continue
        if m["pct"]:
            v = parse_number(m["pct"].replace("百分之", "").rstrip("%％").strip())
            ratio = v / 100 if v is not None else None
        else:
            a = _C_YUAN.search(m["amt"])
            total = _contract_value(ctx)
            ratio = (_c_yuan_value(a) or 0) / total if a and total else None
        if ratio is not None and 0 < ratio < share:
            return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"违约金累计上限约为合同价款的{ratio:.1%}，" if ratio >= 0.001 else "违约金累计上限不到合同价款的0.1%，") + (
                "违约方几乎不承担代价；约定的违约金低于造成的损失的，"
                "守约方须另行请求法院或仲裁机构增加并证明损失（民法典第五百八十五条第二款）。"))]
    return []


# a line that states the total of the items listed above it: 合计金额（含税）：…, 3.5 上述款项合计…
_LT_TOTAL_LINE = re.compile(r"^[\s\d.．、（()）一二三四五六七八九十]*(?:上述|以上|前述|前列)?(?:各项)?(?:款项|费用|金额|价款)?(?:合计|总计|共计|总额)")
# an instalment of the principal: （1）2025年11月14日前归还本金人民币1,500,000元
_LT_INSTALMENT = re.compile(r"(?:归还|偿还|返还|还款|支付)(?:借款)?本金")
# the longest line read as a list item or total, in characters: the money reader is quadratic
# in a run of digits, and list lines are short
_LT_MAX_LINE = 400
_LT_PRINCIPAL = re.compile(r"(?:借款金额|借款本金|借款总额|借款数额|本金金额|贷款金额)(?:为|是|：|:)?\s*(?:人民币)?")


def _line_amount(line: str) -> float | None:
    """The one sum of money a list line states: the value after 金额/总价/合价/小计 when the
    line states several, else the line's only distinct value (大写 and 小写 of one sum count
    once); None when the line states none or several unlabelled ones."""
    flat = unglossed(line)
    labelled = [v for m in re.finditer(r"(?:金额|总价|合价|小计|价款)(?:为|：|:)?\s*(?:人民币)?", flat)
                if (a := _C_YUAN.match(flat, m.end())) and (v := _c_yuan_value(a))]
    if labelled:
        return labelled[-1]
    values = {round(v, 2) for a in _C_YUAN.finditer(line) if (v := _c_yuan_value(a))}
    return values.pop() if len(values) == 1 else None


def _listed_amounts_total(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first list of sums whose stated total they do not make,
    or None. Two shapes: item lines each stating one sum, then a line that states their total
    (合计金额：…, 上述款项合计…); and a repayment schedule of two or more instalments of the
    principal against the principal the contract lends (借款金额：…). Lists with a rate, a
    per-period sum or an excluded item (不含, 除…外, 剩余/其余 for the schedule) are not read."""
    for c in ctx.clauses:
        items: list[float] = []
        readable = True  # every money line of the list read as one sum
        headed = False   # the list follows a line of its clause that states no sum (a heading): a list split
        # across clauses (each item its own clause) is not read from its tail
        for line in (x.strip() for x in c.text.splitlines()):
            if not line:
                continue
            if len(line) > _LT_MAX_LINE:
                items, readable = [], False  # a list line is short; a long one (a hostile run of digits) is not read
                continue
            if _LT_TOTAL_LINE.match(line):
                total = _line_amount(line)
                if total and readable and headed and len(items) >= 2 and not re.search(r"不含|除[^。；]{0,20}外|另计|之外", line):
                    s = sum(items)
                    if abs(s - total) > max(1.0, 0.001 * total):
                        expl = (f"所列各项金额之和为{s:,.2f}元，本行载明的合计为{total:,.2f}元，相差{abs(s - total):,.2f}元；"
                                "分项与合计相互矛盾，应付数额不明确（民法典第四百六十六条、第五百一十条）。")
                        return c.clause_id, Hit(evidence=line, sentence=line, explanation=expl)
                items, readable = [], True
                continue
            if not _C_YUAN.search(line):
                if not items:
                    headed = True
                continue
            v = _line_amount(line)
            # a line with several unlabelled sums (单价1,000元×30张=30,000元), a rate or periodic sum, or a
            # deduction (-5,000元, 折让, 扣除) cannot be added as it stands: the list is then not read
            if v is None or re.search(r"每月|每年|每季|每日|每逾期|/月|/年|[%％]|百分之|万分之|千分之|(?<![A-Za-z0-9])[-－−]\s*[¥￥]?\s*\d|折让|折扣|优惠|减免|扣除|抵扣|冲抵", line):
                readable = False
                continue
            # an item priced per unit (数量贰台，单价人民币壹佰肆拾伍万元) adds its quantity times the price
            if "单价" in line and not re.search(r"金额|总价|合价|小计", line):
                q = re.search(rf"(?:数量|共|计)(?:为|：|:)?\s*(?P<n>{_NUM})\s*(?:台|套|件|个|辆|把|张|组|批|只|块|吨|部|樘|项|株|箱)", line)
                if not q or not (qty := parse_number(q["n"])):
                    readable = False
                    continue
                v *= qty
            items.append(v)
        # a repayment schedule against the principal lent
        lines = [x.strip() for x in c.text.splitlines() if len(x) <= _LT_MAX_LINE and _LT_INSTALMENT.search(x) and _C_YUAN.search(x)]
        if len(lines) >= 2 and not re.search(r"剩余|其余|余额|尚欠|未还", c.text):
            vals = [_line_amount(x) for x in lines]
            principal = _per_doc(ctx, "loan_principal", lambda: next(iter(_amounts_after(_LT_PRINCIPAL, ctx.text)), None))
            if principal and all(vals) and abs(sum(vals) - principal) > max(1.0, 0.001 * principal):
                s = sum(vals)
                expl = (f"还款计划各期本金之和为{s:,.2f}元，借款本金为{principal:,.2f}元，相差{abs(s - principal):,.2f}元；"
                        "还款计划与借款金额不符，到期应还的本金不明确（民法典第六百七十五条、第五百一十条）。")
                return c.clause_id, Hit(evidence=lines[-1], sentence=lines[-1], explanation=expl)
    return None


# the main debt a guarantee or security secures, stated as a sum: 丙方保证的主债权本金为人民币贰拾伍万元整
_LT_SECURED = re.compile(r"(?:保证|担保|抵押|质押)的?(?:主债权|主债务|债权)(?:的)?(?:本金|数额|金额)?(?:数额|金额)?(?:为|是|：|:)?\s*(?:人民币)?")


def secured_principal_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The principal a guarantee or security says it secures differs from the principal lent.

    Norm: a guarantee is accessory to the main debt (民法典第六百八十二条); where two terms of
    one contract state the debt differently their meaning is found by interpretation
    (第一百四十二条、第四百六十六条) — the guarantor may dispute the scope, the creditor may find
    part of the loan unsecured. Read: the loan principal (``借款本金为…``) and a sum stated as
    the secured main debt (``保证的主债权本金为…``); a maximum-sum guarantee (最高额) or one
    expressly for part of the debt (其中, 部分, 为限) is not compared. A difference over 0.1%
    and 1 yuan is reported at the secured sum's sentence.
    """
    principal = _per_doc(ctx, "loan_principal", lambda: next(iter(_amounts_after(_LT_PRINCIPAL, ctx.text)), None))
    if not principal or "最高额" in ctx.text:
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if re.search(r"其中|部分|以内|为限|最高|不超过", flat):
            continue
        for v in _amounts_after(_LT_SECURED, flat):
            if abs(v - principal) > max(1.0, 0.001 * principal):
                return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                    f"本条载明担保的主债权本金为{v:,.2f}元，而借款本金为{principal:,.2f}元，两处数额不一致；担保从属于主债务，"
                    "担保范围与借款数额的矛盾易引发担保人责任范围的争议，应更正为与借款本金一致的数额。"))]
    return []


# a patent's filing date and kind, as a licence recites them: 发明专利“…”（专利号：…，申请日：2012年5月16日）
_PATENT_KIND = re.compile(r"发明专利|实用新型|外观设计")
_LICENCE_TERM = re.compile(r"(?:许可|授权|实施许可|使用许可)(?:使用|实施)?(?:的)?(?:期限|期间|有效期)|本合同(?:的)?有效期")
_LICENCE_ENDS_WITH_PATENT = re.compile(r"专利(?:权)?[^。；]{0,12}(?:届满|终止|失效|被宣告无效|无效)[^。；]{0,24}(?:本合同|许可|授权)[^。；]{0,8}(?:终止|失效|自动|随之|同时)")


def _patent_expiry(text: str) -> tuple[date, str] | None:
    """(last day of protection, kind) of the first patent whose kind and filing date the text
    states. Terms from the filing date (专利法第四十二条第一款): invention 20 years, utility
    model 10, design 15 (10 for applications filed before 2021-06-01, when the 2020 amendment
    took effect). None when no kind with a filing date is stated."""
    flat = text.replace("\n", "")
    for m in re.finditer(r"申请日(?:期)?(?:为|是|：|:)?\s*", flat):
        d = next((x for x, dm in _dates(flat[m.end(): m.end() + 20]) if dm.start() == 0), None)
        kind = _PATENT_KIND.findall(flat[max(0, m.start() - 120): m.start()])
        if d is None or not kind:
            continue
        k = kind[-1]
        years = 20 if k == "发明专利" else 10 if k == "实用新型" else (15 if d >= date(2021, 6, 1) else 10)
        try:
            end = date(d.year + years, d.month, d.day) - timedelta(days=1)
        except ValueError:  # 29 February
            end = date(d.year + years, 2, 28)
        return end, k
    return None


def licence_beyond_patent_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A patent licence whose term runs past the day the patent's protection ends.

    Norm: 民法典第八百六十五条 — a patent licence is valid only while the patent subsists; after
    it expires the patentee may not license it (or charge for it). 专利法第四十二条 sets the
    terms from the filing date (invention 20 years, utility model 10, design 15). The
    licensee who pays to the end of the agreed term pays for years of a public technique.
    Read from the contract: the patent's kind and filing date, and the licence term's end
    date. A licence that ends with the patent (专利权届满或被宣告无效的，本合同自动终止) is
    lawful drafting.
    """
    exp = _per_doc(ctx, "patent_expiry", lambda: _patent_expiry(ctx.text))
    if exp is None or _LICENCE_ENDS_WITH_PATENT.search(ctx.text.replace("\n", "")):
        return []
    expiry, kind = exp
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        t = _LICENCE_TERM.search(flat)
        if not t:
            continue
        ends = _end_dates(flat[t.end():], r"止|为止|届满|终止") or [
            (d, m) for d, m in _dates(flat[t.end():]) if re.search(r"至\s*$", flat[t.end():][:m.start()])]
        if not ends and (span := re.search(rf"(?:{_LICENCE_TERM.pattern})\s*(?:为|是|：|:)?\s*(?P<n>{_NUM})\s*年", flat)) \
                and (n := parse_number(span["n"])) and n == int(n) and 1 <= n <= 50:
            # a term in years from signing or effectiveness (许可期限为十五年，自本合同生效之日起计算): counted from the
            # start date the sentence names, else the date the contract is signed
            start = next((d for d, m in _dates(flat[span.end():]) if re.search(r"自\s*$", flat[span.end():][:m.start()])), None)
            if start is None and re.search(r"自[^。；，]{0,8}(?:生效|签订|签署|签字|盖章)之日", flat):
                start = _per_doc(ctx, "signing_date", lambda: _signing_date(ctx.text))
            if start is not None:
                try:
                    ends = [(start.replace(year=start.year + int(n)), span)]
                except ValueError:  # 29 February
                    ends = [(start.replace(year=start.year + int(n), day=28), span)]
        if ends and ends[-1][0] > expiry + timedelta(days=1):
            end = ends[-1][0]
            months = round((end - expiry).days / (365.25 / 12))
            return [Hit(evidence=flat.strip(), sentence=flat, explanation=(
                f"许可期限至{_cn_date(end)}，而该{kind}按申请日计算的保护期至{expiry.year}年{expiry.month}月"
                f"{expiry.day}日届满，许可期限超出约{months}个月；专利权届满后许可合同不再有效，被许可方无须为已进入公有领域的技术继续付费。"))]
    return []


# a calculation written out: 1,200㎡ × 1.10元/㎡/日 × 30日 | 月仓储费43,560.00
_PM_NUM = r"\d[\d,，]*(?:\.\d+)?"
_PM_TIMES = r"(?:×|✕|＊|\*|乘以|(?<=[\d㎡米元日天月年个件台套吨)）])\s*[xX]\s*(?=\d))"
_PM_EXPR = re.compile(rf"(?P<expr>{_PM_NUM}\s*[%％]?[^\d×✕＊*÷=＝|｜。；，,+＋\-－()（）]{{0,10}}?(?:\s*{_PM_TIMES}\s*[^\d×✕＊*÷=＝|｜。；，,+＋\-－()（）]{{0,6}}?{_PM_NUM}\s*[%％]?[^\d×✕＊*÷=＝|｜。；，,+＋\-－()（）]{{0,10}}?)+)"
                      rf"\s*(?:=|＝|\||｜|[，,]?\s*(?:合计|共计|总计|计|即|为))[^\d。；|｜]{{0,12}}?(?P<result>{_PM_NUM})\s*(?P<unit>万)?")


def _pm_value(text: str) -> float | None:
    try:
        return float(text.replace(",", "").replace("，", ""))
    except ValueError:
        return None


def stated_product_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A calculation written out in the contract whose stated result is not the product of
    its factors: ``1,200㎡ × 1.10元/㎡/日 × 30日 | 月仓储费43,560.00`` (39,600).

    Norm: the price is a main term (民法典第四百七十条); where the formula and the figure the
    contract states for it differ, the two terms conflict and the sum owed is found by
    interpretation (第一百四十二条、第四百六十六条) or is not agreed (第五百一十条). A
    difference over 0.5% and 1 unit is reported. Expressions with addition, subtraction or
    brackets are not read.
    """
    for sent in _split(clause.text):
        for line in sent.splitlines() or [sent]:
            if len(line) > 400:
                continue
            for m in _PM_EXPR.finditer(line):
                if re.search(r"[×✕＊*÷/+＋\-－]\s*$", line[max(0, m.start() - 3): m.start()]) or re.match(
                        r"\s*(?:万|元)?\s*[+＋\-－×✕＊*÷/]", line[m.end():]):
                    continue  # one step of a longer formula (8,000,000元×4.5%÷360×82, 30万×1.0%＋50万×1.5%)
                gap = line[m.end("expr"): m.start("result")]
                if not re.search(r"元|费|租金|价|款|金额|报酬|工资", m.group("expr") + gap + line[m.end(): m.end() + 3]):
                    continue  # a size or a pack (600×240×200, 25g×30袋/箱), not a sum of money
                if re.search(r"[|｜]", gap) and not re.search(r"元|费|租金|价|款|金额", gap + line[m.end(): m.end() + 3]):
                    continue  # the next table cell holds another column (数量, 单价), not the product
                factors = []
                for f in re.finditer(rf"({_PM_NUM})\s*(万)?\s*([%％])?", m.group("expr")):
                    v = _pm_value(f.group(1))
                    if v is None:
                        break
                    v = v * 10_000 if f.group(2) else v
                    factors.append(v / 100 if f.group(3) else v)
                result = _pm_value(m.group("result"))
                if len(factors) < 2 or result is None:
                    continue
                if m.group("unit"):
                    result *= 10_000
                product = 1.0
                for v in factors:
                    product *= v
                if product <= 0 or result <= 0:
                    continue
                if abs(product - result) > max(1.0, 0.005 * max(product, result)):
                    ev = line.strip()
                    return [Hit(evidence=ev, sentence=ev, explanation=(
                        f"本条列明的计算式{m.group('expr').strip()}得数为{product:,.2f}，而所载结果为{result:,.2f}，相差"
                        f"{abs(product - result):,.2f}；计算依据与金额相互矛盾，应付数额不明确，按计算式结算与按所载金额结算的结果不同。"))]
    return []


# an exclusive licence (独占实施许可) under which the licensor keeps the right to work the patent itself
_EXCLUSIVE_LICENCE = re.compile(r"(?<!非)(?<!不是)独占(?:性)?(?:的)?(?:实施|使用)?许可")
_LICENSOR_KEEPS_USE = re.compile(r"(?P<p>甲方|许可方|许可人|让与人|专利权人|商标权人|权利人)[^。；，]{0,8}(?:保留[^。；，]{0,6}?|仍(?:然)?(?:有权|可以|可)|有权|可以|亦可|也可)"
                                r"(?:在[^。；，]{0,16}?(?:内|范围))?(?:自行|自己|自身|直接)?(?:实施|使用|生产|制造|销售|经营|开设)(?!场所|地点|情况)")


def exclusive_licence_licensor_works(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A licence called exclusive (独占) in one term while another lets the licensor work the
    patent itself in the licensed territory.

    Norm: in an exclusive licence only the licensee may work the patent — the licensor may
    not; a licence under which the licensor keeps its own use is a sole (排他) licence
    (最高人民法院关于审理技术合同纠纷案件适用法律若干问题的解释第二十五条, not in the statute
    store). The two terms conflict (民法典第四百六十六条、第一百四十二条): the licensee's price,
    its market exclusivity and its standing to sue infringers alone depend on which it is.
    """
    if not _per_doc(ctx, "exclusive_licence", lambda: bool(_EXCLUSIVE_LICENCE.search(ctx.text.replace("\n", "")))):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = _LICENSOR_KEEPS_USE.search(flat)
        if not m or re.search(r"不得|不能|无权|不再|放弃", flat[max(0, m.start() - 6): m.end()]):
            continue
        if _EXCLUSIVE_LICENCE.search(flat) and re.search(r"排他|普通", flat):
            continue  # the sentence itself sets the kinds apart
        if re.search(r"(?:许可|授权)(?:期限|期间)?(?:届满|终止|解除)(?:后|之后)|(?:许可|约定)(?:地域|领域|范围)(?:以外|之外)", flat):
            continue  # the licensor's own use after the licence, or outside its territory or field
        if re.search(r"改进|改良|衍生|后续开发|二次开发", flat):
            continue  # the licensor's use of an improvement is the grant-back question (ip.improvements_to_licensor)
        return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


def listed_amounts_total(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Listed sums that do not make their stated total: item lines each with one sum followed
    by a total line (``序号1…金额2,760,000元 / 序号2…金额465,000元 / 合计金额：3,350,000元``,
    ``3.1 加盟费…3.4 培训费… / 3.5 上述款项合计…``), or a repayment schedule whose instalments of
    principal do not add up to the principal lent. A difference over 0.1% and 1 yuan is
    reported, once per document, on the total line (or the schedule's last instalment). The
    price is a main term (民法典第四百七十条); an itemised price that does not add up leaves
    it undetermined (第四百六十六条、第五百一十条); a borrower repays the principal lent
    (第六百七十五条).
    """
    return _on_its_clause(clause, ctx, "listed_amounts_total", lambda: _listed_amounts_total(ctx))


# a purchase or sales target missed (未完成年度提车目标, 低于最低采购量, 采购额不足) and the charge laid on
# the shortfall (差额部分, 不足部分, 未完成部分)
_SF_TARGET = re.compile(r"(?:未(?:能)?(?:完成|达到)|低于|不足|少于|未满|达不到)[^。；]{0,24}(?:目标|任务|计划|承诺|保底|(?:采购|订货|提货|进货|销售|提车)(?:量|额|数量|金额|总额)|最低[^。；，]{0,4}(?:量|额|数量))")
_SF_BASE = re.compile(r"差额|不足部分|未完成部分|短少部分|未达(?:到)?部分|缺口")


def shortfall_penalty(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A missed purchase or sales target charged at a share of the price of the goods not
    bought (``就差额部分按每台车辆平均批发价的30%支付违约金``), at ``params["min_percent"]``
    (default 20) percent or more.

    Norm: the seller's loss from goods the buyer did not take is the margin it would have
    earned on them (民法典第五百八十四条: the benefit performance would have brought), which in
    distribution and supply rarely reaches a fifth of the price; a 违约金 more than 30% above
    the loss is 过分高于 and may be reduced (第五百八十五条第二款; 合同编通则解释第六十五条).
    A charge capped below the threshold, a per-day rate and a lost rebate are not read here.
    """
    min_pct = float(params.get("min_percent", 20))
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not (_SF_TARGET.search(flat) and _SF_BASE.search(flat) and re.search(r"违约金|补偿|赔偿|罚款|支付|承担", flat)):
            continue
        if _DAILY.search(flat) or re.search(r"返利|奖励|折扣", flat):
            continue  # a late-payment rate, or the incentive lost, is judged elsewhere or is no penalty
        for pct, m in parse_rate(flat):
            before = flat[max(0, m.start() - 24): m.start()]
            if pct < min_pct or pct > 100 or re.search(r"不超过|不得超过|最高|上限|封顶|累计", before):
                continue
            if re.search(r"价|价款|货款|金额|采购额|销售额|订货额", before):
                return [Hit(evidence=flat.strip(), sentence=flat,
                            explanation=f"未完成目标的差额部分按价款的{pct:g}%计付违约金；卖方因买方少采购而损失的通常只是该部分货物的"
                                        f"利润，很少达到价款的{pct:g}%，违约金可能过分高于实际损失而被调减（民法典第五百八十四条、"
                                        "第五百八十五条第二款；合同编通则解释第六十五条）。")]
    return []


# the transferor's own line in the preamble: 甲方（转让方）：陈立峰 / 转让方：某某有限公司
_EQ_TRANSFEROR = re.compile(r"^\s*(?:甲方)?[（(]?(?:转让方|出让方|转让人)[)）]?(?:[（(]甲方[)）])?\s*[：:]\s*(?P<n>[^\s，,（(：:]{2,30})", re.M)
_EQ_FULLY_PAID = re.compile(r"(?:已|均已)?(?:按照?[^。；，]{0,12})?(?:足额|全部|全额|如期)(?:缴纳|实缴|缴足|出资|到位)|(?:已|均已)(?:实缴|缴足|缴清)|出资(?:已|均已)?(?:全部)?(?:实缴|到位|缴足)")


def _eq_dealt(text: str) -> bool:
    """Whether a sentence of ``text`` says who pays the unpaid capital (either side: the
    contract deals with it): it names the capital, its unpaid part, a party and the paying."""
    return any(re.search(r"出资|注册资本", x) and re.search(r"未(?:实)?缴|尚未缴纳|未缴足|剩余|其余|未到期", x)
               and re.search(r"乙方|受让方|受让人|甲方|转让方|转让人", x) and re.search(r"缴纳|缴足|承担|履行|负责|承继|承接", x)
               for x in _split(text))


def _eq_unpaid_rows(text: str, who: str | None) -> list[tuple[float, float, str]]:
    """``(subscribed, paid, row line)`` for each shareholder row of a table with a 认缴 and a
    实缴 column whose paid amount is below the subscribed one; only ``who``'s row when given."""
    out = []
    for head, rows in table_blocks(text):
        si = next((i for i, h in enumerate(head) if "认缴" in h and "期限" not in h and "日期" not in h), None)
        pi = next((i for i, h in enumerate(head) if "实缴" in h and "期限" not in h and "日期" not in h), None)
        if si is None or pi is None:
            continue
        for cells, line in rows:
            if _T_TOTAL_ROW.match(cells[0]) or (who and who not in line):
                continue
            sub, paid = _t_value(cells[si], head[si], True), _t_value(cells[pi], head[pi], True)
            if sub and paid is not None and paid < sub - 0.5:
                out.append((sub, paid, line))
    return out


def equity_unpaid_capital(clause: Clause, ctx, params) -> Iterable[Hit]:
    """An equity transfer whose transferor has not paid in all the capital it subscribed (the
    shareholding table shows 实缴 below 认缴) while the contract says the capital is fully paid
    (``甲方已按照公司章程的规定足额缴纳其认缴的出资``), or says nothing of who pays the rest.

    Norm: the transferee of equity whose subscribed capital is not yet due bears the duty to
    pay it in, the transferor answering for what the transferee fails to pay (公司法第八十八条
    第一款); capital overdue makes both liable jointly unless the transferee neither knew nor
    should have known (第二款); the shareholder pays in full what it subscribed (第四十七条,
    第四十九条). A price computed as if the capital were paid leaves the buyer to pay it twice.
    Flagged at the sentence that calls the capital paid, or at the transferor's table row when
    the contract is silent on the unpaid part; never when it says who pays the rest.
    """
    if ctx.contract_type != "股权转让协议" or _per_doc(ctx, "eq_dealt", lambda: _eq_dealt(ctx.text or "")):
        return []
    m = _EQ_TRANSFEROR.search(ctx.text or "")
    unpaid = _per_doc(ctx, "eq_unpaid", lambda: _eq_unpaid_rows(ctx.text or "", m["n"] if m else None))
    if not unpaid:
        return []
    sub, paid, row = unpaid[0]
    claims = _per_doc(ctx, "eq_claims", lambda: [(c.clause_id, s) for c in ctx.clauses for s in _split(c.text)
                                                 if re.search(r"出资|注册资本", s) and _EQ_FULLY_PAID.search(s.replace("\n", ""))
                                                 and not re.search(r"(?:不|未|尚未)(?:足额|全部|全额)?(?:缴纳|实缴|缴足)", s)])
    gap = f"认缴{sub / 10000:,.10g}万元、实缴{paid / 10000:,.10g}万元，尚有{(sub - paid) / 10000:,.10g}万元未缴"
    if claims:
        cid, sent = claims[0]
        if clause.clause_id == cid:
            flat = sent.replace("\n", "")
            return [Hit(evidence=flat.strip(), sentence=sent,
                        explanation=f"条款称转让方已足额缴纳认缴出资，但股权结构表载明其{gap}；股权转让后，未缴出资由受让方承担缴纳义务，"
                                    "转让方仅承担补充责任，逾期未缴的二者连带（公司法第八十八条），受让方可能在支付转让价款后再缴一次出资。")]
        return []
    if row in clause.text:
        return [Hit(evidence=row.strip(), sentence=row,
                    explanation=f"股权结构表载明转让方{gap}，合同未约定该部分出资由谁缴纳、是否已在转让价款中扣除；依公司法第八十八条，"
                                "未届期的出资义务随股权转由受让方承担，逾期未缴的转让方与受让方连带承担。")]
    return []


# ------------------------------------------------------------------ a rent-free period charged in the payment schedule
_RF_FREE = re.compile(r"免租|免收(?:房屋|场地)?租金|免交租金|免付租金|(?:无需|无须|不需|不必|不用)(?:再)?(?:支付|缴纳|交纳|交付)(?:房屋|场地)?租金")
_RF_SPAN = re.compile(r"^\s*(?:起)?\s*(?:至|到|—|－|-|–|~|～|——)\s*$")
_RF_OTHER_FEE = re.compile(r"物业|水电|电费|水费|押金|保证金|停车|能耗|空调|管理费|服务费|税")


def _date_spans(text: str) -> list[tuple[date, date]]:
    """Date ranges written ``2025年7月1日至2025年9月30日`` (or with a dash), as (first, last)."""
    ds = _dates(text)
    return [(a, b) for (a, ma), (b, mb) in zip(ds, ds[1:]) if a <= b and _RF_SPAN.match(text[ma.end():mb.start()])]


def _rent_free_charged(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first table row that charges rent for days inside a
    rent-free period the contract grants with dates; None when there is none."""
    free = []
    for c in ctx.clauses:
        for s in _split(c.text):
            flat = s.replace("\n", "")
            if _RF_FREE.search(flat) and not re.search(r"不(?:享有|给予|适用)免租|无免租", flat) and not is_table_row(flat):
                free += _date_spans(flat)
    if not free:
        return None
    for c in ctx.clauses:
        lines = c.text.splitlines()
        for head, rows in table_runs(c.text):
            for cells, line in rows:
                if _RF_FREE.search(line) or "免收" in line:
                    continue  # the schedule itself marks the period free
                spans = _date_spans(line)
                inside = [(a, min(b, fb), fa, fb) for a, b in spans for fa, fb in free if fa <= a <= fb]  # a row that starts inside the free period charges for it
                if not inside:
                    continue
                i = lines.index(line) if line in lines else 0
                context = " ".join(head or []) + "".join(lines[max(0, i - 3): i])
                charged = None
                for k, cell in enumerate(cells):
                    if _dates(cell):
                        continue
                    label = head[k] if head and len(head) == len(cells) else context
                    if not re.search(r"租金|应付|金额|租费", label) or (head and len(head) == len(cells) and _RF_OTHER_FEE.search(label)):
                        continue
                    v = _t_value(cell, label, True)
                    if v and v > 0:
                        charged = (label, cell, v)
                        if re.search(r"应付|当期|本期|合计|金额", label):
                            break
                if charged:
                    a, b, fa, fb = inside[0]
                    return c.clause_id, Hit(evidence=line.strip(), sentence=line, explanation=(
                        f"合同约定{_cn_date(fa)}至{_cn_date(fb)}为免租期，免租期内无需支付租金；"
                        f"付款计划表却对{_cn_date(a)}至{_cn_date(b)}列明{charged[1].strip()}元。"
                        "正文与附件相互矛盾，该期间是否应付租金将发生争议（民法典第一百四十二条、第四百六十六条）。"))
    return None


def rent_free_period_charged(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A payment schedule that charges rent for a period the contract declares rent-free.

    Reads every sentence granting a rent-free period with dates (``免租期为2025年7月1日至2025年9月30日``,
    ``该期间乙方无需支付租金``) and every table row whose own date range lies inside it; a row
    with an amount above zero in a rent or amount column (``租金``, ``应付``, ``金额``; not 物业费,
    水电费, 押金 columns) contradicts the grant. Rows marked 免租 or with 0 are lawful.
    Two terms of one contract that contradict each other are read by 民法典第一百四十二条、
    第四百六十六条; the rent owed for the period is then disputed. Reported once per document,
    on the row.
    """
    return _on_its_clause(clause, ctx, "rent_free_charged", lambda: _rent_free_charged(ctx))


# ------------------------------------------------------------------ interest on advance funding of construction works
def advance_funding_interest(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Interest on a builder's advance funding (垫资) agreed above the loan-market rate.

    Norm: 建设工程施工合同解释（一）第二十五条 — interest agreed on advance funding is
    supported only up to the rate of a loan of the same kind at the time, or the LPR of the
    same period; the part above it is not. Flagged when a sentence about 垫资 states a
    monthly, daily or annual rate whose annual figure exceeds ``params["lpr_multiple"]``
    (default 1.5) times the one-year LPR at formation (:func:`_lf_lpr`), so a rate "按同期
    LPR" or a little above it (the lending bank's own rate) is not flagged. Monthly rates are
    ×12, daily ×360.
    """
    lpr, when = _lf_lpr(ctx, params)
    limit = lpr * float(params.get("lpr_multiple", 1.5))
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"垫资|垫付|垫款", flat) or not re.search(r"利息|利率|资金占用费|资金成本", flat) or re.search(r"不(?:计|支付|计取|收取)(?:任何)?(?:利息|资金占用费)", flat):
            continue
        for pct, m in parse_rate(flat):
            # the rate's own label decides (按月利率1.5% is monthly; 按月支付垫资利息，年利率12% is 12% a year),
            # else the period word nearest the rate
            before = flat[max(0, m.start() - 8): m.start()]
            label = re.search(r"([月日年])?(?:利率|息|利|化)\s*(?:为|是|按|：|:)?\s*$", before)
            period = [w.group(0) for w in re.finditer(r"每月|按月|每日|按日|每年|按年", before)]
            if label:
                unit = label.group(1) or "年"
            elif period:
                unit = period[-1][-1]
            else:
                continue
            annual = pct * {"月": 12, "日": 360, "年": 1}[unit]
            if annual > limit:
                return [Hit(evidence=flat.strip(), sentence=sent, explanation=(
                    f"约定垫资利息折合年利率约{annual:g}%，明显高于{when}一年期贷款市场报价利率（{lpr:g}%）；依建设工程施工合同解释（一）"
                    "第二十五条，垫资利息高于垫资时同类贷款利率或同期贷款市场报价利率的部分，人民法院不予支持，约定的大部分利息无法主张。"))]
    return []


# ------------------------------------------------------------------ a consent the contract relies on, annexed but not yet signed
_PENDING = re.compile(r"(?:待|尚待|尚未|暂未|还未|未)[^。；，)）]{0,10}(?:补签|签署|签字|签章|盖章|出具|提供|补充|补齐|取得)|后补|另行(?:提供|补交|补签)|补交|（空）|\(空\)")


def _annex_consent_pending(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first sentence that says other shareholders have waived
    their pre-emption right (or consented) and points to an annex for it, where that annex
    is marked as not yet signed or supplied; None otherwise."""
    lines = (ctx.text or "").splitlines()
    for c in ctx.clauses:
        for s in _split(c.text):
            flat = s.replace("\n", "")
            if not re.search(r"优先购买|其他股东|股东会决议|股东决定", flat) or not re.search(r"放弃|同意|决议|确认|声明", flat):
                continue
            ref = re.search(r"(?:见|详见|参见|如|附于|载于|作为)\s*(?P<a>附件\s*[一二三四五六七八九十\d]+)", flat)
            if not ref:
                continue
            name = re.sub(r"\s", "", ref["a"])
            for line in lines:
                t = re.sub(r"\s", "", line)
                if t.startswith(name) and not t.startswith(name + "的") and _PENDING.search(t[len(name):]):
                    return c.clause_id, Hit(evidence=flat.strip(), sentence=s, explanation=(
                        f"条款称其他股东已放弃优先购买权（或已同意转让），以{name}为证，但{name}标注为“{line.strip()[:40]}”，声明尚未签署；"
                        "向股东以外的人转让股权，应书面通知其他股东，其他股东在同等条件下有优先购买权（公司法第八十四条），"
                        "放弃声明未签署前，其他股东仍可主张优先购买，受让方付款后可能无法取得股权。"))
    return None


def annex_consent_pending(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Other shareholders' waiver of pre-emption (or their consent) asserted by reference to an
    annex that the document itself marks as not yet signed (``附件三：其他股东放弃优先购买权声明
    （待补签）``). Norm: 公司法第八十四条 — a transfer to an outsider is notified to the other
    shareholders in writing, who have a right of first refusal on equal terms; until they waive
    it in writing the transferee's title is at risk. Reported once per document, at the sentence
    that relies on the annex."""
    return _on_its_clause(clause, ctx, "annex_consent_pending", lambda: _annex_consent_pending(ctx))


# ------------------------------------------------------------------ an amount per period times the periods against the stated total
_PP_EACH = re.compile(r"每(?:期|月|季度?|年)(?:应付|应还|支付|还款|付款)?(?:额|金额)?(?:的)?(?:租金|还款额|付款额|服务费|费用|本息|金额|价款|款项)?(?:为|：|:)?\s*(?:人民币)?\s*")
_PP_COUNT = re.compile(rf"(?:共计|共|合计|总计|分)\s*(?P<n>{_NUM})\s*(?:期|个月|次)")
# the periods as a range of a schedule: 第1期至第12期
_PP_RANGE = re.compile(rf"第\s*(?:1|一|壹)\s*期\s*(?:至|到|—|–|-|～|~)\s*第\s*(?P<n>{_NUM})\s*期")
_PP_NOUNS = ("租金", "服务费", "本息", "还款额", "管理费")
_PP_TOTAL = re.compile(r"(?:租金|还款|付款|服务费|费用|本息|价款)?(?:总额|合计|总计|共计|总金额)(?:为|：|:)?\s*(?:人民币)?\s*")


def per_period_total_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A sentence stating an equal amount per period, the number of periods and the total,
    where the amount times the periods is not the total (``每期租金19,860元，共三十六期，租金
    总额为704,960元``: 714,960). Differences up to 1 yuan (rounding) are ignored; a sentence
    with a second per-period amount (a first or last period that differs, 首期/末期) is
    skipped. Two statements of the consideration that disagree are read by 民法典第一百
    四十二条、第四百六十六条 and leave it undetermined (第五百一十条)."""
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if re.search(r"首期|末期|最后一期|第一期|尾款|除外|调整|递增|浮动|不含|另计", flat):
            continue
        each = [(m, a) for m in _PP_EACH.finditer(flat) if (a := _C_YUAN.match(flat, m.end()))]
        count = _PP_COUNT.search(flat)
        total = [(m, a) for m in _PP_TOTAL.finditer(flat) if (a := _C_YUAN.match(flat, m.end()))]
        if len(each) != 1 or not count or len(total) != 1:
            continue
        x, n, y = _c_yuan_value(each[0][1]), parse_number(count["n"]), _c_yuan_value(total[0][1])
        if not x or not n or not y or n != int(n) or n < 2:
            continue
        if abs(x * n - y) > max(1.0, 0.0005 * y):
            return [Hit(evidence=flat.strip(), sentence=sent, explanation=(
                f"条款约定每期{x:,.2f}元、共{n:g}期，相乘为{x * n:,.2f}元，所载总额却为{y:,.2f}元，相差{abs(x * n - y):,.2f}元；"
                "两种表述相互矛盾，总额、提前到期时应付金额及以总额为基数的计算将发生争议（民法典第一百四十二条、第四百六十六条、第五百一十条）。"))]
    found = _per_doc(ctx, "per_period_total_doc", lambda: _per_period_total_doc(ctx))
    if found and found[0] == clause.clause_id:
        return [found[1]]
    return []


def _per_period_total_doc(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` where the contract states, in different places, one amount per
    period of a fee (``每期租金人民币贰拾玖万陆仟元`` in a schedule), the number of periods
    (``共计拾贰期``, ``第1期至第12期``) and that fee's total (``租金总额为人民币叁佰伍拾贰万元``),
    and the amount times the periods is not the total; reported at the total's sentence.
    Read only when each of the three is stated once (one distinct value), for the same fee
    (:data:`_PP_NOUNS`), and no sentence stating them names a first or last period that
    differs, an escalation or an adjustment."""
    for noun in _PP_NOUNS:
        each_rx = re.compile(rf"每期(?:应付|应还|支付)?(?:的)?{noun}(?:金额|额)?(?:为|：|:)?\s*(?:人民币)?\s*")
        total_rx = re.compile(rf"{noun}(?:总额|合计|总计|共计|总金额)(?:为|：|:)?\s*(?:人民币)?\s*")
        each, counts, totals = set(), set(), []
        for c in ctx.clauses:
            for sent in _split(c.text):
                flat = sent.replace("\n", "")
                if re.search(r"首期|末期|最后一期|尾款|除外|递增|浮动|不含|另计", flat):
                    continue
                each |= {round(v, 2) for m in each_rx.finditer(flat) if (a := _C_YUAN.match(flat, m.end())) and (v := _c_yuan_value(a))}
                counts |= {n for m in (*_PP_COUNT.finditer(flat), *_PP_RANGE.finditer(flat))
                           if m.group(0).endswith("期") and (n := parse_number(m["n"]))}
                totals += [(c.clause_id, flat, sent, v) for m in total_rx.finditer(flat)
                           if (a := _C_YUAN.match(flat, m.end())) and (v := _c_yuan_value(a))]
        if len(each) != 1 or len(counts) != 1 or len({round(t[3], 2) for t in totals}) != 1:
            continue
        x, n, (cid, flat, sent, y) = next(iter(each)), next(iter(counts)), totals[0]
        if n != int(n) or n < 2 or abs(x * n - y) <= max(1.0, 0.0005 * y):
            continue
        return cid, Hit(evidence=flat.strip(), sentence=sent, explanation=(
            f"合同约定每期{noun}{x:,.2f}元、共{n:g}期，相乘为{x * n:,.2f}元，本条所载{noun}总额却为{y:,.2f}元，相差{abs(x * n - y):,.2f}元；"
            "正文与付款计划相互矛盾，总额、提前到期时应付金额及以总额为基数的计算将发生争议（民法典第一百四十二条、第四百六十六条、第五百一十条）。"))
    return None


# ------------------------------------------------------------------ a foreign law chosen for a purely domestic contract
_GL_FOREIGN = (r"新加坡|香港|澳门|台湾|美国|美利坚|英国|英格兰|纽约州?|加利福尼亚州?|特拉华州?|日本|德国|法国|瑞士|荷兰|爱尔兰|卢森堡|开曼|"
               r"英属维尔京|百慕大|澳大利亚|加拿大|韩国|马来西亚|境外|外国")
_GL_FOREIGN_PARTY = re.compile(r"\b(?:Ltd|Limited|Inc|LLC|Pte|GmbH|Corp|Corporation|S\.A\.|B\.V\.|K\.K\.)\b|外商独资|中外合资|中外合作|港澳台|境外|"
                               r"(?:住所|地址|注册地|注册地址)[：:][^\n]{0,12}(?:" + _GL_FOREIGN + ")")


def foreign_law_domestic_contract(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A foreign law chosen to govern a contract with no foreign element.

    Parties may choose the law of a 涉外 civil relation only (涉外民事关系法律适用法第三条、
    第四十一条; 法律适用法解释（一）第一条 lists the foreign elements: a foreign party, habitual
    residence abroad, the object abroad, the facts abroad). A contract between parties
    established in China, performed in China, is governed by PRC law (民法典第十二条), and a
    choice of another law is void — and cannot displace the mandatory PRC rules in any event
    (第四条). Flagged when a sentence makes another jurisdiction's law govern the contract and
    the preamble names no foreign party, foreign address or foreign-invested enterprise.
    """
    head = (ctx.text or "")[:1500]
    if _GL_FOREIGN_PARTY.search(head):
        return []
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        m = re.search(rf"(?:适用|受|依据|依照|按照)[^。；，]{{0,6}}(?P<j>{_GL_FOREIGN})[^。；，]{{0,12}}法律", flat)
        if not m or re.search(r"中华人民共和国法律|中国法律", flat[:m.start()] + flat[m.end():]) and re.search(r"管辖|仲裁地|仲裁规则", flat):
            continue
        if re.search(r"(?:不|并非|而非)适用", flat[max(0, m.start() - 4): m.start() + 2]) or re.search(r"仲裁地|开庭地", flat[:m.start()]):
            continue
        return [Hit(evidence=flat.strip(), sentence=sent, explanation=(
            f"合同双方均为境内主体、在境内履行，不具有涉外因素，却约定适用{m['j']}法律；当事人只能为涉外民事关系选择适用的法律"
            "（涉外民事关系法律适用法第三条、第四十一条），该选择无效，合同仍适用中华人民共和国法律（民法典第十二条），"
            "依约定准备的权利义务安排可能落空。"))]
    return []


# ------------------------------------------------------------------ one contract cited under two numbers
_REF_CODE = r"[A-Z]{1,8}(?:[-－—_/][A-Z0-9]{1,12}){1,6}"
_REF_AFTER = re.compile(rf"编号(?:为|是|：|:)?\s*(?P<code>{_REF_CODE})\s*(?:号)?\s*的?\s*《(?P<t>[^》]{{2,24}})》")
_REF_BEFORE = re.compile(rf"《(?P<t>[^》]{{2,24}})》\s*[（(]?\s*(?:合同)?编号(?:为|是|：|:)?\s*(?P<code>{_REF_CODE})")


def _reference_mismatch(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` at the second citation of one titled agreement (``《借款合同》``)
    under the same number with the characters of its last part transposed (RF-JK-2025-017 /
    RF-JK-2025-071); None otherwise."""
    seen: dict[str, str] = {}
    for c in ctx.clauses:
        for s in _split(c.text):
            flat = s.replace("\n", "")
            for m in [*_REF_AFTER.finditer(flat), *_REF_BEFORE.finditer(flat)]:
                t, code = m["t"], m["code"].replace("－", "-").replace("—", "-")
                first = seen.setdefault(t, code)
                a, b = re.split(r"[-_/]", first), re.split(r"[-_/]", code)
                # the same number with its digits transposed (017 / 071): one agreement miscopied, not a series
                if first != code and a[:-1] == b[:-1] and sorted(a[-1]) == sorted(b[-1]):
                    return c.clause_id, Hit(evidence=flat.strip(), sentence=s, explanation=(
                        f"合同先称《{t}》的编号为{first}，此处又称编号为{code}，同一合同的编号前后不一；所指合同不明确，"
                        "担保或结算的范围可能被主张不及于实际签订的那份合同（民法典第一百四十二条、第四百六十六条）。"))
    return None


def reference_number_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """One agreement cited by two different numbers of the same form (``编号为RF-JK-2025-017的
    《借款合同》`` in the recitals, ``编号为RF-JK-2025-071的《借款合同》`` in the secured-debt
    clause). Which agreement is meant is then a matter of interpretation (民法典第一百四十二条、
    第四百六十六条); for a guarantee the secured debt is in dispute. Only a transposition of the
    last part's characters is read as one number miscopied: numbers of a series (001 / 002) may be
    two agreements. Reported once per
    document, at the second number."""
    return _on_its_clause(clause, ctx, "reference_mismatch", lambda: _reference_mismatch(ctx))


# ------------------------------------------------------------------ one work's ownership given to both parties
_OWN_PARTY = r"甲方|乙方|丙方|委托方|委托人|受托方|受托人|开发方|研发方|许可方|被许可方|买方|卖方|定作人|定作方|承揽人|承揽方|发包人|承包人|客户|服务商|供应商"
# intellectual property only: title to goods, discs or hardware (所有权) passes on other rules (retention of title, delivery)
_OWNED = re.compile(rf"(?P<obj>[^。；：:]{{2,50}}?)(?:的)?(?:著作权|知识产权|专利申请权|专利权|软件著作权)(?:及(?:其他|其它|相关)?(?:知识产权|权利|权益))?"
                    rf"[^。；，]{{0,8}}?(?:均|全部|完全)?(?:归|属于|归属于?)(?P<p>{_OWN_PARTY})(?:单独|独家|独自)?(?:所有|享有)?")
# what a clause of ownership is about: the thing, not the words around it
_OWN_OBJECT = re.compile(r"源代码|源程序|目标代码|技术文档|设计文档|开发成果|技术成果|工作成果|交付物|交付成果|软件|系统|程序|图纸|设计方案|作品|数据库|算法|模型")
_OWN_NOT_SAME = re.compile(r"原有|既有|背景|自有|第三方|开源|签约前|签订[^。；，]{0,8}(?:之前|以前|前)|此前|之前(?:已)?拥有|已有|改进|衍生|后续|许可使用|使用权|载体|介质|复制件|纸质")


def _ownership_conflict(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the first statement that gives a work (源代码, 技术文档,
    开发成果 …) to one party when an earlier statement of the contract gives the same work to
    the other, or None. A party's pre-existing, background, third-party or open-source
    material, improvements, a licence to use and the physical copies are other things and are
    not compared; title to goods (所有权) is not intellectual property and is not read."""
    seen: dict[str, tuple[str, str]] = {}
    for c in ctx.clauses:
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            for m in _OWNED.finditer(flat):
                obj = m.group("obj")
                if _OWN_NOT_SAME.search(obj) or re.search(r"不(?:归|属于)|并非|不得|除[^。；，]{0,20}外", flat[max(0, m.start() - 6): m.end()]):
                    continue
                party = m.group("p")
                for noun in set(_OWN_OBJECT.findall(obj)):
                    prev = seen.get(noun)
                    if prev is None:
                        seen[noun] = (party, flat)
                    elif prev[0] != party and not (_C_MUTUAL.search(party) or _C_MUTUAL.search(prev[0])):
                        return c.clause_id, Hit(evidence=flat.strip(), sentence=flat, explanation=(
                            f"合同一处约定{noun}的权利归{prev[0]}（“{prev[1].strip()[:40]}”），此处又约定归{party}；"
                            "同一成果的权利归属前后矛盾，权属将发生争议，须按合同用语、相关条款和目的解释"
                            "（民法典第一百四十二条、第四百六十六条；委托开发成果的归属另见第八百五十九条）。"))
    return None


def ownership_conflict(clause: Clause, ctx, params) -> Iterable[Hit]:
    """One work's copyright or other rights given to one party in one place and to the
    other in another (:func:`_ownership_conflict`). Contradicting clauses are interpreted by
    their words, the related clauses and the purpose (民法典第一百四十二条、第四百六十六条);
    ownership of a commissioned development is what the parties agree, else the developer's
    (第八百五十九条), so the contradiction decides who owns the result. Reported once per
    document, at the second statement."""
    return _on_its_clause(clause, ctx, "ownership_conflict", lambda: _ownership_conflict(ctx))


# ------------------------------------------------------------------ delay excused on grounds wider than force majeure
_EXCUSE_LEAD = re.compile(r"(?:延期|顺延|延迟|推迟|迟延|延后)(?:交付|交房|交货|履行|竣工|完工|开业|供货|发货)?[^。]{0,80}?(?:不(?:承担|负)[^。；，]{0,6}(?:违约|逾期|延期|迟延)?(?:责任|赔偿)|免(?:除|于)[^。；，]{0,6}(?:违约)?责任|不(?:视为|构成|属于)[^。；，]{0,4}违约)")
_EXCUSE_CATCHALL = re.compile(
    r"其他(?:非因?|不可归责于|不能归责于)[^。；，]{0,10}(?:所能|可以|能够)?(?:控制|预见|避免)?的?(?:原因|情形|事由|情况)"
    r"|(?:施工|配套|供应商|供货商|分包|承包|协作|合作)(?:单位|方|商)?(?:的)?原因"
    r"|(?:重大)?技术(?:问题|难题|障碍)|(?:异常|恶劣|不利)天气")


def _delay_excused_beyond_fm(clause: Clause) -> Hit | None:
    """The hit when a clause lets a party put off its own performance with no liability on
    grounds wider than force majeure; None otherwise."""
    flat = clause.text.replace("\n", "")
    lead = _EXCUSE_LEAD.search(flat)
    if not lead:
        return None
    grounds = [m for m in _EXCUSE_CATCHALL.finditer(flat)]
    if not grounds or re.search(r"(?:书面)?(?:同意|确认)[^。；，]{0,8}(?:后|的)[^。；，]{0,6}(?:方可|可以)?(?:顺延|延期)", flat):
        return None
    # a ground that is the other side's own doing (甲方原因) is a lawful excuse (民法典第五百九十二条)
    # …and a ground the clause itself qualifies as unforeseeable, unavoidable and insurmountable is force majeure (第一百八十条)
    own = [m for m in grounds if not re.search(r"(?:对方|甲方|乙方|买受人|承租人|发包人|委托方)$", flat[max(0, m.start() - 6): m.start()])
           and not re.search(r"不能预见[^。；]{0,8}不能避免[^。；]{0,8}不能克服", flat[m.start(): m.end() + 40])]
    if not own:
        return None
    m = own[-1]
    start = max(flat.rfind("；", 0, m.start()), flat.rfind("。", 0, m.start()), flat.rfind("：", 0, m.start())) + 1
    end = min([i for i in (flat.find("；", m.end()), flat.find("。", m.end())) if i != -1] or [len(flat)])
    evidence = flat[start:end + 1].strip()
    return Hit(evidence=evidence, sentence=evidence, explanation=(
        f"条款在不可抗力之外，把“{m.group(0)}”等事由也列为可延期履行且不承担违约责任的情形；依法只有不可抗力可以免责（民法典第五百九十条），"
        "因第三人（包括自己的施工、配套或供货单位）的原因违约的，仍应向对方承担违约责任（第五百九十三条），兜底的“其他原因”更使履行期限实际上不受约束。"))


def delay_excused_beyond_force_majeure(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A party may postpone its own performance (delivery of a flat, goods, works) without
    liability on grounds wider than force majeure: its own contractors' or suppliers' causes,
    technical problems, weather short of force majeure, or a catch-all "其他非…所能控制的原因".

    Norm: only force majeure excuses non-performance (民法典第五百九十条); a breach caused by a
    third party — the party's own builders, utilities or suppliers included — is still the
    party's breach (第五百九十三条); a standard term that so lightens the supplier's liability
    may be void (第四百九十七条; 消费者权益保护法第二十六条). Delay caused by the other side
    (甲方原因) is a lawful ground (第五百九十二条) and is not read. One hit per clause, on the
    widest ground listed.
    """
    hit = _delay_excused_beyond_fm(clause)
    return [hit] if hit else []


# ------------------------------------------------------------------ a party named at the head but given no place to sign
_SIG_ROLE = (r"(?:甲方|乙方|丙方|丁方|戊方|保证人|担保人|共同借款人|共同还款人|出借人|借款人|抵押人|出质人|转让方|受让方"
             r"|出租人|承租人|出租方|承租方|委托人|受托人|委托方|受托方|买受人|出卖人|买方|卖方)(?:[一二三四五六七八九十]|\d{1,2})?")
# (one run of spaces on each side of the optional bracket, not two in a row: `\s*(…)?\s*` is quadratic on a line of spaces)
_SIG_HEAD_LINE = re.compile(rf"^\s*(?P<r>{_SIG_ROLE})\s*(?:[（(](?P<alias>[^）)]{{1,20}})[）)]\s*)?[：:]\s*(?P<name>\S[^，,；;]{{1,40}})")
_SIG_LINE = re.compile(rf"^\s*(?P<r>{_SIG_ROLE})\s*(?:[（(][^）)]{{0,20}}[）)]\s*)?[：:]")
_SIG_MARK = re.compile(r"签字|签章|盖章|签名|指印|公章|手印")
_GUARANTOR_ROLE = re.compile(r"^(?:保证人|担保人|抵押人|出质人)")


def _party_unsigned(ctx) -> tuple[str, Hit, bool] | None:
    """``(clause id, hit, is a guarantor)`` for the first party the contract's head names
    (``保证人二：许婉清``) that has no place in its signature block while at least two other
    parties do; None otherwise (no signature block yet, every party in it)."""
    lines = (ctx.text or "").splitlines()
    if len(lines) < 10:
        return None
    body_start = next((i for i, ln in enumerate(lines) if re.match(r"\s*(?:第[一二三四五六七八九十]+条|鉴于|[一二三四五六七八九十]+、|1\s*[.、．]\s*\S)", ln)), None)
    if body_start is None:
        return None
    head = [(m, ln) for ln in lines[:body_start] if (m := _SIG_HEAD_LINE.match(ln))]
    if len({m["r"] for m, _ in head}) < 2:
        return None
    # the signature block: from the first signing line in the second half of the text to the annexes
    start = next((i for i in range(max(body_start + 1, len(lines) // 2), len(lines))
                  if _SIG_LINE.match(lines[i]) and (_SIG_MARK.search(lines[i]) or any(_SIG_MARK.search(x) or "日期" in x for x in lines[i + 1: i + 3]))), None)
    if start is None:
        return None
    end = next((j for j in range(start + 1, len(lines)) if re.match(r"\s*附(?:件|表)\s*[一二三四五六七八九十\d]*\s*[：:、．.]?", lines[j])), len(lines))
    block = "\n".join(lines[start:end])
    # each party's line in the block, and whether it (or the lines under it, up to the next party) gives a place to sign or seal
    slots: dict[str, tuple[str, bool]] = {}
    for i in range(start, end):
        if (m := _SIG_LINE.match(lines[i])) and m["r"] not in slots:
            nxt = next((k for k in range(i + 1, end) if _SIG_LINE.match(lines[k]) or not lines[k].strip()), end)
            slots[m["r"]] = (lines[i], any(_SIG_MARK.search(x) for x in lines[i:nxt]))
    signed = {r for r, (_, marked) in slots.items() if marked}
    if len(signed) < 2:
        return None
    for m, line in head:
        if re.search(r"不作为[^。；]{0,8}当事人|非本(?:合同|协议)当事人|不是本(?:合同|协议)(?:的)?当事人|仅为[^。；]{0,8}(?:见证|参考)", line):
            continue  # named for reference only (the seller in a finance lease: 不作为本合同当事人)
        role, alias, name = m["r"], (m["alias"] or ""), m["name"].strip()
        # 出借人（以下简称甲方） signs as 甲方; 甲方（出租方） as 出租方
        aliases = [re.sub(r"^(?:以下)?(?:简称|称)?[为：:]?[“\"「]?|[”\"」]$", "", a.strip()) for a in re.split(r"[、/，,]", alias)]
        aliases = [a for a in aliases if len(a) >= 2]
        slot = slots.get(role) or next((slots[a] for a in aliases if a in slots), None)
        if slot is not None and slot[1]:
            continue
        if slot is None and any(n and n in block for n in [role, name[:12], *aliases]):
            continue  # named in the block in some other way (a table of seals, the company's name over its seal)
        guarantor = bool(_GUARANTOR_ROLE.match(role))
        # a line with the party's name but no place for its seal or signature: the finding is on that line
        where = slot[0] if slot is not None else line
        if guarantor and slot is None:  # the clause that gives the guarantee, else the head line
            where = next((s for c in ctx.clauses for s in _split(c.text)
                          if role in s and re.search(r"保证|担保|抵押|质押", s) and s.strip() != line.strip() and not _SIG_HEAD_LINE.match(s)), line)
        cid = next((c.clause_id for c in ctx.clauses if where.strip() and where.strip() in c.text), None)
        if cid is None:
            return None
        return cid, Hit(evidence=where.strip(), sentence=where, explanation=(
            f"合同首部列明{role}（{name[:24]}）为当事人，但签署部分只有{('、'.join(sorted(signed)))}设有签字或盖章的位置，"
            f"{role}{'一栏只列名称，既无盖章也无签字之处' if slot is not None else '没有签署栏'}；"
            "合同书自当事人均签名、盖章或者按指印时成立（民法典第四百九十条），"
            + ("保证应以书面形式作出，该保证人未签署的，保证合同对其不成立（第六百八十五条），债权人预期的担保落空。" if guarantor
               else "未签署的一方不受合同约束，以其履行为前提的安排可能落空。")), severity=Severity.high if guarantor else None), guarantor
    return None


def party_not_in_signature_block(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A party the contract's head names (甲方一, 保证人二) has no signing line in the signature
    block, while at least two other parties do.

    Norm: a contract in writing is formed when every party signs, seals or puts its
    fingerprint on it (民法典第四百九十条); a guarantee must be made in writing by the guarantor
    (第六百八十五条). A party left out of the signature block is not bound, and a guarantor
    left out gives no guarantee. ``params["guarantor"]``: true for the guarantee check (the
    missing party is a 保证人/担保人/抵押人/出质人), false for the others. A party named in the
    block by its name or by the alias the head gives it (甲方（出租方） signing as 出租方) is
    present. One finding per document: for a guarantor on the clause that gives the guarantee,
    else on the head line.
    """
    want = bool(params.get("guarantor", False))
    found = _per_doc(ctx, "party_unsigned", lambda: _party_unsigned(ctx))
    if found is None or found[2] != want or found[0] != clause.clause_id:
        return []
    return [found[1]]


# ------------------------------------------------------------------ effectiveness conditioned on a payment due only after it
_EFFECTIVE_ON_PAYMENT = re.compile(r"(?:自|以|于|在)[^。；]{0,12}?(?:支付|缴纳|交纳|付清|付讫|到账|收到|收讫)(?:完毕)?(?:[甲乙丙]方|对方)?(?:支付的)?(?:全部|首期|首笔|第一期)?(?P<fee>[\u4e00-\u9fff]{1,8}?(?:费|款项|款|金|价款|租金|保证金|定金))(?:全部|全额)?(?:之日|之时|后|时|当日)[^。；]{0,4}(?:起)?(?:生效|成立)")


def _circular_effectiveness(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for a contract that takes effect on a payment another clause makes
    due only after the contract takes effect; None otherwise."""
    found = None
    for c in ctx.clauses:
        for s in _split(c.text):
            flat = s.replace("\n", "")
            if (m := _EFFECTIVE_ON_PAYMENT.search(flat)) and not re.search(r"(?:本合同|本协议)?签订(?:之日|后)[^。；]{0,10}(?:支付|缴纳)", flat):
                found = (c, flat, re.sub(r"^(?:全部|首期|首笔)", "", m["fee"]))
                break
        if found:
            break
    if not found:
        return None
    c, sent, fee = found
    if "定金" in fee:
        return None  # a 定金 contract is made by handing the 定金 over (民法典第五百八十六条): not this contract's own duty
    # the sum due only after the contract takes effect (a sum due "after signing" is a condition the payer may
    # meet at once: lawful, 民法典第一百五十八条)
    due = re.compile(rf"{re.escape(fee)}[^。；]{{0,30}}(?:本合同|本协议|合同|协议)生效(?:之日|后)[^。；]{{0,12}}(?:支付|缴纳|交纳|付清)"
                     rf"|(?:本合同|本协议|合同|协议)生效(?:之日起|后)[^。；|]{{0,12}}(?:内)?[^。；]{{0,6}}(?:支付|缴纳|交纳|付清)[^。；]{{0,6}}{re.escape(fee)}"
                     rf"|(?:^|\|)\s*(?:第一期|首期|首笔)[^|]{{0,8}}\|[^|]{{0,12}}\|\s*(?:合同|本合同|协议)?生效(?:之日起|后)")
    for other in ctx.clauses:
        for s in _split(other.text):
            flat = s.replace("\n", "")
            if flat != sent and due.search(flat):
                return c.clause_id, Hit(evidence=sent.strip(), sentence=sent, explanation=(
                    f"本条以支付{fee}作为合同生效的条件，而另一条款（“{flat.strip()[:40]}”）约定{fee}在合同生效后才支付：生效以付款为前提，"
                    "付款义务又以生效为前提，条件与义务互为前提，合同何时生效、付款义务何时发生都无法确定（民法典第一百五十八条、第五百一十条）。"))
    return None


def circular_effectiveness(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The contract takes effect when a sum is paid (``自乙方支付全部入门费之日起生效``) while
    another clause makes that sum due only after the contract takes effect (``入门费…乙方应于
    本合同生效之日起十日内一次性支付``): the condition and the duty wait on each other.

    Norm: a contract may be made subject to a condition of effectiveness (民法典第一百五十八条);
    a condition that can only be met by performing a duty that arises after it is met never
    comes about on its own terms, so neither the effective date nor the payment date can be
    fixed (第五百一十条 for terms left unclear). One finding per document, on the clause
    that states the condition.
    """
    return _on_its_clause(clause, ctx, "circular_effectiveness", lambda: _circular_effectiveness(ctx))


_ESTABLISHED = re.compile(r"(?:成立|设立|注册成立|登记成立)(?:于|日期为|时间为|之日为|日期：|日期:)?\s*(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月(?:\s*(?P<d>\d{1,2})\s*日)?"
                          # the date first: 于2024年9月1日登记成立
                          r"|于\s*(?P<y2>\d{4})\s*年\s*(?P<m2>\d{1,2})\s*月(?:\s*(?P<d2>\d{1,2})\s*日)?\s*(?:在[^。；，]{1,12})?(?:登记|注册|依法)?(?:成立|设立)")
_CAPITAL_DUE = re.compile(r"(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*日\s*(?:之)?前[^。；，]{0,10}(?:缴足|实缴|缴纳完毕|全部缴纳|缴付完毕|足额缴纳|缴清)")
_CAPITAL_YEARS = re.compile(r"(?:成立|设立)之日起\s*(?P<n>[一二三四五六七八九十\d]{1,3})\s*年(?:内|之内)[^。；，]{0,8}(?:缴足|实缴|缴纳完毕|全部缴纳|足额缴纳|缴清)")


def _match_date(m: re.Match, y: str = "y", mo: str = "m", d: str = "d") -> date | None:
    """The calendar date a match names in its year, month and day groups (a missing day is the
    1st), or None when the groups do not make a valid date."""
    try:
        return date(int(m[y]), int(m[mo]), int(m[d] or 1))
    except (TypeError, ValueError):
        return None


def capital_deadline_beyond_five_years(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A limited company's subscribed capital due later than five years after the company was
    established (公司法第四十七条, in force 2024-07-01: 自公司成立之日起五年内缴足).

    Reads the establishment date the contract states (``成立于2025年3月18日``) and a
    contribution deadline in the sentence (``于2037年12月31日前缴足``), or a period from
    establishment (``自公司成立之日起十年内缴足``). A company established before 2024-07-01
    has until 2032-06-30 (国务院关于实施《中华人民共和国公司法》注册资本登记管理制度的规定第二条,
    not in the statute store). Not read: a contract about no 有限责任公司, a deadline with no
    establishment date to count from."""
    text = ctx.text or ""
    if not re.search(r"有限责任公司|有限公司", text):
        return []
    est_m = _per_doc(ctx, "established", lambda: _ESTABLISHED.search(text))
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if not re.search(r"认缴|出资|注册资本", s):
            continue
        if (y := _CAPITAL_YEARS.search(s)) and (n := parse_number(y["n"])) and n > 5:
            return [Hit(evidence=s.strip(), sentence=sent, explanation=(
                f"条款约定自公司成立之日起{y['n']}年内缴足出资，超过公司法第四十七条规定的五年；股东将按法定期限承担出资责任，"
                "逾期未缴的可被催缴、失权并对公司债务承担责任（公司法第五十一条、第五十二条、第五十四条）。"))]
        due_m = _CAPITAL_DUE.search(s)
        if not due_m or not est_m:
            continue
        due = _match_date(due_m)
        est = _match_date(est_m) if est_m["y"] else _match_date(est_m, "y2", "m2", "d2")
        if due is None or est is None:
            continue
        limit = date(est.year + 5, est.month, min(est.day, 28) if est.month == 2 else est.day)
        if est < date(2024, 7, 1):
            limit = max(limit, date(2032, 6, 30))
        if due > limit:
            return [Hit(evidence=s.strip(), sentence=sent, explanation=(
                f"公司成立于{est.year}年{est.month}月{est.day}日，认缴出资依法应于{limit.year}年{limit.month}月{limit.day}日前缴足"
                f"（公司法第四十七条），条款约定{due.year}年{due.month}月{due.day}日前缴足，超过法定期限；股东将按法定期限承担出资责任，"
                "逾期未缴的可被催缴、失权并对公司债务承担责任。"))]
    return []


_TEMP_APPROVED_UNTIL = re.compile(r"临时建筑[^。；]{0,40}?(?:批准|核准|许可)(?:的)?(?:使用)?期限(?:为|至|截至|到)\s*(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*日")
_TERM_ENDS = re.compile(r"(?:租赁|承包|经营|合同|使用|租用)?(?:期限|期间|租期)[^。；]{0,20}?(?:自|从)\s*\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日\s*(?:起)?\s*(?:至|到|—|-)\s*"
                        r"(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*日")


def temporary_building_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A lease (or an operating contract) of a temporary building running past the period its
    approval allows (``该立体停车库系…批准建设的临时建筑，批准使用期限至2029年6月30日`` against
    ``承包期限…自2026年9月1日起至2034年8月31日止``). A temporary building is to be removed when its
    approved period ends (城乡规划法第四十四条); the part of a lease beyond that period is void
    (城镇房屋租赁合同解释第三条, not in the statute store). Reported on the term's sentence."""
    approved = _per_doc(ctx, "temporary_until", lambda: _TEMP_APPROVED_UNTIL.search(unglossed(ctx.text or "")))
    if not approved:
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if not (m := _TERM_ENDS.search(s)):
            continue
        until, end = _match_date(approved), _match_date(m)
        if until is not None and end is not None and end > until:
            return [Hit(evidence=s.strip(), sentence=sent, explanation=(
                f"合同期限至{end.year}年{end.month}月{end.day}日，而租赁物是临时建筑，批准使用期限至{until.year}年{until.month}月{until.day}日；"
                "临时建筑应在批准的使用期限内拆除（城乡规划法第四十四条），超过批准期限部分的租赁约定无效（城镇房屋租赁合同解释第三条，"
                "不在本系统的法规库中，引用未经核对），承租方对此后的经营和投入没有保障。"))]
    return []


_MANAGER_LESSOR = re.compile(r"(?:出租方|出租人)[^\n：:]{0,12}[：:]\s*[^\n]{0,30}物业(?:服务|管理)(?:有限)?(?:责任)?公司"
                             r"|(?:甲方|出租方|出租人)(?:系|是|作为|为)[^。；\n]{0,20}(?:小区|住宅|大厦|楼盘)[^。；\n]{0,10}物业(?:服务|管理)(?:企业|人|公司)")
_COMMON_PART = r"公共(?:部位|区域|场地|空间|通道|绿地)|共有部分|共用部位|共用设施|外墙|楼顶|屋面|楼顶平台|地下车库"
_OWNERS_DECIDED = re.compile(r"业主大会|业主共同决定|业主(?:委员会)?[^。；，]{0,10}(?:表决|决议|授权|书面同意)|三分之二以上|四分之三以上")


def manager_leases_common_parts(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A property-management company that leases out the owners' common parts (a façade for
    billboards, the garage's common area for chargers) in its own name, with no owners'
    decision in the contract.

    Norm: using the common parts for business is for the owners to decide jointly (民法典第二百
    七十八条第一款第八项, with the majorities of its second paragraph); income a manager earns
    from them belongs, after reasonable costs, to the owners (第二百八十二条). The lessor is
    read from the head (``出租方（甲方）：…物业服务有限公司``) or a recital (``甲方系…小区的物业服务
    企业``). Reported once per document, at the first sentence that lets the common part.
    Not reported where the contract names an owners' decision or authorisation."""
    text = ctx.text or ""
    if not _per_doc(ctx, "manager_lessor", lambda: bool(_MANAGER_LESSOR.search(text[:3000]))):
        return []
    if _per_doc(ctx, "owners_decided", lambda: bool(_OWNERS_DECIDED.search(text))) or not re.search(r"小区|业主|住宅", text):
        return []

    def _lets(s: str) -> bool:
        # the common part, then the letting of it: 同意将3号楼东侧外墙上部…出租予乙方 / 有权就小区地下车库公共区域对外出租
        return bool(re.search(rf"(?:{_COMMON_PART})[^。；]{{0,30}}?(?:出租(?:予|给)|租予|租给|对外出租|出租并|提供给乙方|交由乙方)"
                              rf"|(?:出租|租赁)(?:标的|场地|范围)?(?:为|是|系)[^。；]{{0,20}}(?:{_COMMON_PART})", s))

    first = _per_doc(ctx, "common_part_let", lambda: next(
        ((c.clause_id, x) for c in ctx.clauses for x in _split(c.text) if _lets(x.replace("\n", ""))), None))
    if first is None or first[0] != clause.clause_id:
        return []
    s = first[1].replace("\n", "")
    return [Hit(evidence=s.strip(), sentence=first[1])]


# ------------------------------------------------------------------ an escalation rate against the schedule it governs
# the rate: 每年租金在上一年度基础上递增百分之五, 服务费每年上浮3%
_ESC_RATE = re.compile(r"每(?P<k>一|二|两|三|2|3)?(?:个)?(?:租赁|服务|合同|计费)?(?:年|年度)[^。；]{0,20}?(?:递增|上浮|上涨|增长|上调|增加)(?:幅度)?(?:为)?\s*")
# the first year that rises: 自第三个租赁年度起
_ESC_FROM = re.compile(r"(?:自|从)第(?P<s>[一二三四五六七八九十\d]{1,3})(?:个)?(?:租赁|服务|合同|计租)?(?:年度|年)(?:起|开始)")
# a schedule row's year cell (| 第3年度 | 2027.09.01—2028.08.31 | 41,895 |) and an amount cell
_ESC_YEAR_CELL = re.compile(r"^第(?P<y>[一二三四五六七八九十\d]{1,3})(?:个)?(?:租赁|服务|合同|计租)?(?:年度|年)(?:[（(][^）)]{0,40}[）)])?$")
_ESC_AMOUNT_CELL = re.compile(r"^(?:人民币)?\s*(?P<a>\d[\d,]*(?:\.\d+)?)\s*(?:元)?$")
# a schedule line for one year: 第三租赁年度（2028年5月1日至2029年4月30日）：69,120 / | 第3年 | 69,120 |
_ESC_ROW = re.compile(r"^\s*第(?P<y>[一二三四五六七八九十\d]{1,3})(?:个)?(?:租赁|服务|合同|计租)?(?:年度|年)(?![起后以])"
                      r"(?:[（(][^）)]{0,40}[）)])?\s*[：:|｜│\s]\s*(?:人民币)?\s*(?P<a>\d[\d,]*(?:\.\d+)?)\s*(?:元)?[^\d]{0,12}$")


def _escalation_schedule_mismatch(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the sentence that fixes a yearly escalation rate when a
    schedule of amounts by year (``第三租赁年度…：69,120``) rises by another rate, or None.

    Read: one escalation rate in the contract (``每年租金在上一年度基础上递增百分之五``) and the
    schedule's lines for consecutive years; every year-on-year rise in the schedule (a year
    equal to the one before — a rent-free or fixed first period — is skipped) is compared
    with the rate; a difference over half a percentage point is reported. Two statements of
    the price that disagree are read by 民法典第一百四十二条、第四百六十六条 and leave it
    undetermined (第五百一十条)."""
    rates: list[tuple[float, str, str, int, int | None]] = []
    rows: dict[int, float] = {}
    partial: set[int] = set()  # years whose amount covers a rent-free or shortened year (含两个月免租期，计租10个月)
    for c in ctx.clauses:
        money_col = None
        for line in c.text.splitlines():
            # a table row (| 第3年 | 69,120 |) read by the shared table reader, or a row aligned with spaces
            cells = _row_cells(line) or (re.split(r"\s{2,}|\t", line.strip()) if re.search(r"\S(?:\s{2,}|\t)\S", line) else None)
            if cells and len(cells) >= 2 and not _ESC_YEAR_CELL.match(cells[0].strip()) and \
                    (mc := next((i for i, x in enumerate(cells) if re.search(r"租金|金额|费用|价款|总价|服务费|[（(]\s*(?:万)?元", x)), None)) is not None:
                money_col = mc  # a header row: the amount is read in its money column (not 计租面积（㎡）)
                continue
            if cells and len(cells) >= 2 and (yc := _ESC_YEAR_CELL.match(cells[0].strip())):
                # the year's amount: the money column's cell, else the first cell that is only an amount (a period column
                # may stand between)
                col = [cells[money_col]] if money_col is not None and money_col < len(cells) else cells[1:]
                a = next((parse_number(x["a"].replace(",", "")) for cell in col if (x := _ESC_AMOUNT_CELL.match(cell.strip()))), None)
                if (y := parse_number(yc["y"])) and a:
                    rows[int(y)] = a
                    if re.search(r"免租|减免|计租\s*\d+\s*个?月|按\s*\d+\s*个?月|不足一年|折算", line):
                        partial.add(int(y))
                continue
            r = _ESC_ROW.match("：".join(cells[:2]) if cells else line.strip())
            if r and (y := parse_number(r["y"])) and (a := parse_number(r["a"].replace(",", ""))):
                rows[int(y)] = a
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            for m in _ESC_RATE.finditer(flat):
                pr = parse_rate(flat[m.end(): m.end() + 12])
                if pr and pr[0][1].start() == 0 and not re.search(r"不超过|不高于|最高|上限|以内|CPI|物价指数|协商", flat):
                    step = int(parse_number(m["k"].replace("两", "二")) or 1) if m["k"] else 1
                    f = _ESC_FROM.search(flat[:m.start()])
                    rates.append((pr[0][0], c.clause_id, sent, step, int(parse_number(f["s"]) or 0) or None if f else None))
    # the body's statement decides what the schedule is checked against (an annex note, 以此类推每年递增5%, may restate it otherwise)
    body_ids = {c.clause_id for c, body, _ in _body_annex_parts(ctx) if body}
    rates = [r for r in rates if r[1] in body_ids] or rates
    if len({(r, k, s) for r, _, _, k, s in rates}) != 1 or len(rows) < 3:
        return None
    rate, cid, sent, step, start = rates[0]
    years = sorted(rows)
    pairs = [(y, (rows[y] / rows[y - 1] - 1) * 100) for y in years if y - 1 in rows and not {y, y - 1} & partial]
    if step == 1 and start is None:
        # one rise a year from an unstated year: a year equal to the one before (a rent-free or fixed first period) is skipped
        off = [(y, g) for y, g in pairs if rows[y] != rows[y - 1] and abs(g - rate) > 0.5]
        if not any(rows[y] != rows[y - 1] for y, _ in pairs):
            return None
    else:
        # the body says which years rise (自第三个租赁年度起每两个租赁年度递增): every other year stays level
        first = start or 1 + step  # 每三年上调 with no first year: the first rise ends the first three years
        off = [(y, g) for y, g in pairs
               if abs(g - (rate if y >= first and (y - first) % step == 0 else 0.0)) > 0.5]
    if not off:
        return None
    y, g = off[0]
    said = (f"自第{start}年起" if start else "") + (f"每{step}年" if step > 1 else "每年") + f"递增{rate:g}%"
    return cid, Hit(evidence=sent.strip(), sentence=sent, explanation=(
        f"本条约定{said}，而附表第{y}年的金额{rows[y]:,.2f}元较上一年{rows[y - 1]:,.2f}元增长约{g:.1f}%；"
        "正文的递增约定与附表金额相互矛盾，各年度应付金额将发生争议（民法典第一百四十二条、第四百六十六条、第五百一十条）。"))


def escalation_schedule_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A yearly escalation rate the schedule of yearly amounts does not follow; see
    :func:`_escalation_schedule_mismatch`. Reported once per document, at the rate's sentence."""
    return _on_its_clause(clause, ctx, "escalation_schedule_mismatch", lambda: _escalation_schedule_mismatch(ctx))


# principal repaid in one sum when the term ends (借款到期时乙方一次性归还全部本金)
_LUMP_SUM = re.compile(r"(?:到期|届满|期满)[^。；]{0,12}(?:一次性|一次)(?:归还|偿还|清偿|还清|返还)(?:全部|所有)?(?:借款)?本金"
                       r"|本金[^。；]{0,8}(?:于|在)?(?:到期|届满|期满)[^。；]{0,6}一次性(?:归还|偿还|还清|清偿)")
_LOAN_TERM = re.compile(r"(?:借款|贷款)(?:期限|期间)|(?:借款|贷款)?到期日")


def _loan_term_end(flat: str) -> date | None:
    """The last day of a loan term a sentence states: the date after 至/到 or named 到期日/届满日
    (``自2024年9月14日起至2025年9月13日止``, ``到期日为2025年6月30日``), else a start date and a length in
    months or years (``借款期限为24个月，自2025年7月1日起计算`` → 2027年6月30日); None when it states neither."""
    ds = _dates(flat)
    for d, m in reversed(ds):
        if re.search(r"(?:至|到|止于|到期日(?:为|是)?|届满日(?:为|是)?)\s*$", flat[max(0, m.start() - 8): m.start()]):
            return d
    n = re.search(rf"(?P<n>{_NUM})\s*个?(?P<u>月|年)", flat)
    start = next((d for d, m in ds if re.match(r"\s*(?:起|开始)", flat[m.end(): m.end() + 3])), None)
    if n and start and (k := parse_number(n["n"])):
        months = int(k * (12 if n["u"] == "年" else 1))
        y, mo = divmod(start.month - 1 + months, 12)
        first_after = date(start.year + y, mo + 1, min(start.day, calendar.monthrange(start.year + y, mo + 1)[1]))
        return first_after - timedelta(days=1)
    return None


def _repayment_schedule_conflict(ctx) -> tuple[str, Hit] | None:
    """``(clause id, hit)`` for the body sentence a repayment schedule contradicts, or None.

    Read: the body's loan term (the last date of the sentence naming 借款期限 or 到期日, before
    the annexes) and whether it repays the principal in one sum at the end (:data:`_LUMP_SUM`);
    the schedule's rows (:func:`_grid_rows`: pipe or space-aligned) under a header with a date
    column (日期, 还款日) and a principal column (本金). A schedule that repays principal
    before the end of a term the body repays in one sum, or after the end of the term,
    contradicts it: the parties' words are read together (民法典第一百四十二条、第四百六十六条)
    and the time of repayment is then unclear (第六百七十五条, 第五百一十一条). Reported on
    the body's lump-sum sentence, or on its term.
    """
    lump, term, end = None, None, None
    for c, body, _ in _body_annex_parts(ctx):
        for sent in _split(body):
            flat = sent.replace("\n", "")
            if lump is None and _LUMP_SUM.search(flat):
                lump = (c.clause_id, sent)
            if end is None and _LOAN_TERM.search(flat) and (e := _loan_term_end(flat)):
                end, term = e, (c.clause_id, sent)
    if end is None:
        return None
    rows = []
    for c, _, tail in _body_annex_parts(ctx):
        if not tail:
            continue
        head = None
        for cells, _ in _grid_rows(tail)[:400]:
            if head is None:
                di = next((i for i, x in enumerate(cells) if re.search(r"日期|还款日|到期日|时间", x)), None)
                # the principal repaid, not the principal interest runs on or what is left (计息本金, 剩余本金, 本金余额)
                pi = next((i for i, x in enumerate(cells) if "本金" in x and not re.search(r"利息|计息|剩余|余额|期初|期末|结欠|未还", x)), None)
                if di is not None and pi is not None:
                    head = (len(cells), di, pi)
                continue
            n, di, pi = head
            if not max(di, pi) < len(cells) <= n or _T_TOTAL_ROW.match(cells[0]):  # (an empty last column may be left out)
                continue
            d = _cell_date(cells[di])
            p = parse_number(re.sub(r"[,，元\s]", "", cells[pi]))
            if d and p:
                rows.append((d, p))
    if not rows:
        return None
    late = [d for d, _ in rows if d > end]
    early = [d for d, _ in rows if d < end] if lump else []
    if not late and not early:
        return None
    cid, sent = lump or term
    what = (f"附件还款计划在{_cn_date(min(early))}起即分期归还本金" if early else "") + \
           ("，且" if early and late else "") + (f"最后一期本金于{_cn_date(max(late))}归还，晚于借款期限届满日{_cn_date(end)}" if late else "")
    said = "正文约定借款到期时一次性归还全部本金" if lump else f"正文约定借款期限至{_cn_date(end)}届满"
    return cid, Hit(evidence=sent.strip(), sentence=sent, explanation=(
        f"{said}，{what}；正文与附件对还款时间的约定相互矛盾，何时构成逾期、逾期利息从何时起算将发生争议"
        "（民法典第一百四十二条、第四百六十六条、第六百七十五条）。"))


def repayment_schedule_conflict(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A repayment schedule that contradicts the loan term or the body's one-sum repayment;
    see :func:`_repayment_schedule_conflict`. Reported once per document."""
    return _on_its_clause(clause, ctx, "repayment_schedule_conflict", lambda: _repayment_schedule_conflict(ctx))


def ld_rate(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Liquidated damages (违约金) clearly excessive.

    Flags a daily rate above ``ld_daily_max_percent`` (default 0.1%/day, i.e. 36.5% a
    year; courts commonly treat about 0.05%/day as ordinary) for late money, and above
    ``ld_daily_max_percent_performance`` (default 0.3%/day, over a year more than the whole
    base) for late performance (delivery, completion, a report), whose loss is not the
    interest a sum of money earns; a one-off amount of
    ``ld_lump_max_percent`` (default 30%) of the price or more, or the whole remaining
    fee as 违约金. Source: 民法典第585条第2款; 合同编通则解释第65条 (over 30% of the loss
    is 过分高于).
    """
    daily_max = float(params.get("ld_daily_max_percent", 0.1))
    perf_max = float(params.get("ld_daily_max_percent_performance", 0.3))
    lump_max = float(params.get("ld_lump_max_percent", 30))
    for sent in _split(clause.text):
        # a "compensation" for ending the contract early worth all the remaining term's fees is a 违约金 in substance
        if not _LD.search(sent) and re.search(r"提前解除|提前终止|单方解除", sent) and re.search(r"补偿金|赔偿金|解约金|补偿款", sent) and (
                re.search(r"剩余[^。；，,]{0,16}(?:月数|年数|天数|期数|期限|期间)[^。；]{0,4}(?:乘以|×|\*)[^。；]{0,30}(?:费|租金|价款|报酬)", sent)
                or re.search(r"(?:费|租金|价款|报酬)[^。；]{0,12}(?:之和|合计|总额)?(?:乘以|×|\*)[^。；，]{0,4}剩余[^。；，,]{0,8}(?:年限|月数|年数|天数|期数|期限|期间)", sent)):
            return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium, explanation=(
                "提前解除须支付的补偿按剩余期限的全部费用计算，相当于对方在剩余期限内可得的全部收入，而未扣除其因不再履行而节省的成本；"
                "其实质是违约金，损失赔偿以可得利益为限（民法典第五百八十四条），超过损失百分之三十的部分可请求减少"
                "（第五百八十五条第二款、合同编通则解释第六十五条）。"), suggestion=_LD_REMAINING_SUGGESTION)]
        if not _LD.search(sent):
            if (_LATE_CHARGE.search(sent) or (_LATE_TRIGGER.search(sent) and _CHARGE_VERB.search(sent))) and (
                    h := _daily_late_charge(sent, daily_max, ctx)):
                return [h]
            # damages fixed at a multiple of the thing's value (按该面料市场价的五倍赔偿): the loss is the value once,
            # the rest a penalty under another name (民法典第五百八十四条、第五百八十五条第二款)
            mult = re.search(rf"(?:按|以)[^。；，]{{0,10}}(?:市场价|市价|单价|采购价|进货价|零售价|价格|价值|货值)(?:格)?的?\s*(?P<n>{_NUM})\s*倍[^。；，]{{0,10}}(?:赔偿|赔付|支付|承担)", sent)
            if mult and (parse_number(mult["n"]) or 0) >= 2 and not re.search(r"不(?:得)?超过[^。；]{0,10}(?:实际)?损失|惩罚性|食品安全|消费者", sent):
                return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium, explanation=(
                    f"条款按标的价值的{mult['n']}倍计算赔偿，守约方的损失通常以该价值为限，超出部分实为违约金，"
                    "超过损失百分之三十的可请求减少（民法典第五百八十四条、第五百八十五条第二款，合同编通则解释第六十五条）。"),
                    suggestion=_LD_LUMP_SUGGESTION)]
            continue
        if re.search(_LF_LEAVES, sent) and _lf_employment_doc(ctx) and labour_employee_penalty(
                clause.model_copy(update={"text": sent}), ctx, params):
            continue  # a worker's 违约金 for leaving: unlawful in itself (劳动合同法第二十五条), the labour check reports it
        if ctx.contract_type == "借款合同" and re.search(r"逾期利息|罚息", sent):
            continue  # overdue interest stacked with 违约金: judged together under the loan cap (loan.overdue_charges_stacked)
        if re.search(r"(?:全部|剩余|余下)[^。；，,]{0,20}(?:费用|[\u4e00-\u9fff]{0,3}费|租金|价款|报酬)[^。；]{0,6}作为违约金", sent):
            return [Hit(evidence=sent.strip(), sentence=sent, suggestion=_LD_REMAINING_SUGGESTION)]
        # the remaining term times a periodic fee (剩余合同期限月数乘以月均管理费的三倍): all the fees the other side
        # would have earned, or a multiple of them, with none of the costs it saves by not performing (第五百八十四条)
        rem = re.search(r"剩余[^。；，,]{0,16}(?:月数|年数|天数|期数|期限|期间)[^。；]{0,4}(?:乘以|×|\*)[^。；]{0,30}(?:费|租金|价款|报酬)", sent) or re.search(
            r"(?:费|租金|价款|报酬)[^。；]{0,12}(?:之和|合计|总额)?(?:乘以|×|\*)[^。；，]{0,4}剩余[^。；，,]{0,8}(?:年限|月数|年数|天数|期数|期限|期间)", sent)
        share = [pct for pct, m in parse_rate(sent) if rem and m.start() >= rem.start()]
        # (the training cost shared out over the months of service left is the 服务期 违约金 劳动合同法第二十二条 allows)
        if rem and not (share and max(share) <= lump_max) and not re.search(r"不(?:得)?超过[^。；]{0,10}(?:实际)?损失|培训费", sent):
            return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium, explanation=(
                "违约金按剩余期限乘以每期费用（或其倍数）计算，相当于对方在剩余期限内可得的全部收入，而未扣除其因不再履行而节省的成本；"
                "损失赔偿以可得利益为限（民法典第五百八十四条），超过损失百分之三十的违约金一般可认定为过分高于损失而请求减少"
                "（第五百八十五条第二款、合同编通则解释第六十五条）。"), suggestion=_LD_REMAINING_SUGGESTION)]
        # all the fees of the remaining term paid at once, and a 违约金 on top (应一次性支付剩余运维期内的全部运维服务费，
        # 并另行支付合同总金额30%的违约金): the fees already give the other side what performance would have, with
        # none of the costs it saves (第五百八十四条); the 违约金 is then wholly beyond the loss (第五百八十五条第二款)
        rest = re.search(r"(?:支付|结清|付清|付足|赔偿)[^。；，]{0,6}(?:剩余|未履行|尚未履行|余下)[^。；，]{0,16}?(?:的)?(?:全部)?[^。；，]{0,8}(?:费用|服务费|租金|价款|报酬)", sent)
        if rest and re.search(r"(?:并|且|同时|此外|另)(?:另行|还应|应当?|再|须)?[^。；，]{0,12}(?:支付|承担)[^。；，]{0,24}违约金", sent[rest.end():]) \
                and not re.search(r"扣除|折抵|抵扣|节省|冲抵|(?:二者|两者)(?:择一|选择)", sent):
            return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium, explanation=(
                "条款要求一次付清剩余期限内的全部费用，另外再支付违约金：剩余费用已相当于对方继续履行可得的全部收入，且未扣除其因不再履行而节省的成本，"
                "损失赔偿以可得利益为限（民法典第五百八十四条），叠加的违约金超出损失，可请求减少（第五百八十五条第二款、合同编通则解释第六十五条）。"), suggestion=_LD_REMAINING_SUGGESTION)]
        rates = parse_rate(sent)
        daily = _DAILY.search(sent)
        # a total capped at no more than ld_lump_max of the base (累计不超过该批次货款的20%) keeps
        # the whole 违约金 within the 30% the court uses (合同编通则解释第六十五条): a lawful near-miss
        caps = [pct for pct, m in rates
                if re.search(r"(?:累计|总额|合计|总计|最高|最多|上限|但)[^。；]{0,6}(?:不(?:得)?超过|不高于|为|以)", sent[max(0, m.start() - 24): m.start()])]
        capped = any(pct <= lump_max for pct in caps)
        # a cap above 30% but within the whole base bounds the exposure: still possibly excessive against the
        # loss, but a known share of the price, not a sum that grows with every day — medium, not high
        bounded = min((pct for pct in caps if pct <= 100), default=None)
        if daily and not capped:
            # only the rate that follows the per-day wording (a cap later in the sentence is not a daily rate)
            for pct, m in rates:
                # the rate follows the per-day wording, or stands just before it (货值的千分之五按日计收)
                if (m.start() < daily.start() and daily.start() - m.end() > 3) or m.start() - daily.end() > 30:
                    continue
                if re.search(r"不(?:得)?超过|不高于|最高|上限|封顶|(?:总额|累计|合计)[^。；，]{0,4}(?:不|以|为|最高|最多)|^[^。；，]{0,4}累计",
                             sent[max(0, m.start() - 14): m.start()]):
                    continue  # the cap on the total, not the daily rate (转让价款总额的百分之一 is a base, not a cap)
                if re.search(r"年(?:化|利率|息|率)|年\s*$|LPR|报价利率", sent[max(0, m.start() - 8): m.start()]):
                    continue  # an annual rate counted per day of delay (按未放款金额的年利率4.5%) is not 4.5% a day
                # late performance (交货, 竣工, 提交) is not late money: its loss is not the interest a debt earns,
                # so the daily rate that marks excess is higher (``ld_daily_max_percent_performance``)
                money_late = re.search(r"(?:逾期|迟延|延迟|拖延|拖欠|未按[^。；，]{0,8}|未能[^。；，]{0,6})(?:支付|付款|缴纳|交纳|缴付|付清|还款|归还|清偿|退还|返还|放款)|欠付|未付|欠费|欠款|欠缴|应付未付", sent[:m.start()])
                limit = daily_max if money_late else max(daily_max, perf_max)
                if pct > limit:
                    # the base the rate is of (逾期金额, 年租金, 合同总价): a year of delay is 365 times the rate of that base
                    b = re.search(r"(?:按|以|为|计)(?:照)?([^。；，按以为]{1,14}?)(?:的)?\s*$", sent[max(0, m.start() - 20): m.start()])
                    base = b.group(1).strip() if b else ""
                    # a day's fee (日服务费的20%) is a daily base already: a share of it per day is a share of what the day costs
                    per = 1 if re.search(r"(?<![月年])日(?:服务费|租金|费用|管理费|工资|薪|劳务费|报酬)|每日(?:服务费|租金|费用)", base) else \
                        30 if re.search(r"月(?:租金|服务费|费用|管理费|物业费|使用费|仓储费|保管费|仓租)|每月", base) else \
                        365 if re.search(r"年(?:租金|服务费|费用|管理费|物业费|使用费|仓储费|保管费|仓租)|每年", base) else None
                    if per and pct <= 100 / per:
                        continue  # a day's delay costs at most a day's worth of the monthly (yearly) sum: the use withheld, not excessive
                    # a custody or carriage fee is no measure of the loss when the keeper or carrier delays releasing the
                    # goods (迟延出库, 拖延发货): the owner's loss is its goods withheld, worth many times the fee; a few days'
                    # fee a day is not clearly excessive (合同编通则解释第六十五条: the loss is the yardstick). Rent is the
                    # value of the use withheld, so a landlord's delay stays measured by it.
                    if per and pct <= 500 / per and re.search(r"仓储费|保管费|仓租|运费|运输费", base) and not re.search(r"(?:逾期|迟延|延迟|拖欠|未按[^。；，]{0,6})(?:支付|付款|缴纳|交纳|缴付|付清)|欠付|未付|应付", sent):
                        continue
                    of = f"{base}的" if base and not re.search(r"逾期|欠付|未付|迟延|延迟|应付|拖欠", base) else "逾期金额的"
                    if bounded is not None:
                        return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium,
                                    explanation=f"违约金按每日{of}{pct:g}%计算，约{bounded / pct:.0f}日即达到约定的累计上限（{of}{bounded:g}%）；"
                                                "上限使总额可预期，但仍可能过分高于守约方的实际损失（超过损失百分之三十的一般可请求减少，民法典第五百八十五条第二款、合同编通则解释第六十五条）。")]
                    return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.high,
                                explanation=f"违约金按每日{of}{pct:g}%计算，迟延一年累计约为{of}{pct * 365:.0f}%，明显高于守约方可能的实际损失，存在被认定为过分高于损失而予以调减的风险（民法典第五百八十五条）。")]
        if not capped and (h := _periodic_excessive(sent, daily_max)):
            return [h]
        if not capped and (h := _hourly_excessive(sent)):
            return [h]
        if not (daily and not capped) and not capped and "定金" not in sent:
            # a multiple of the price (合同总金额三倍的违约金); a total capped within 30% of the price is lawful
            times = [(parse_number(m["n"]) * 100 if parse_number(m["n"]) else 0, m) for m in re.finditer(
                rf"(?:总价|价款|金额|货款|总额|标的额?|费用|报酬|租金|[\u4e00-\u9fff]{{0,4}}?费|工程款|合同价|收益|收入|分成)(?:的)?\s*(?P<n>{_NUM})\s*倍", sent)
                # a multiple of the price or of a fee the contract charges (入门费三倍, 加盟费两倍), not of a wage, a
                # compensation or a training cost (竞业限制违约金 as a multiple of the compensation paid is judged by the
                # labour checks), nor of a day's or a month's fee (月租金的2倍 is two months of use)
                if not re.search(r"补偿|工资|薪|奖金|培训|津贴", sent[max(0, m.start() - 8): m.start() + 2])
                and not re.search(r"[日月](?:度)?[\u4e00-\u9fff]{0,3}?(?:费|租金)|每(?:日|月|期|次)", sent[max(0, m.start() - 6): m.end()])
                # nor of one order's or one trip's fee (每单按该单配送费的两倍): a multiple of the fee for a unit of the
                # service, not of the goods' price (该笔订单金额的三倍 is three times what was bought)
                and not (re.search(r"(?:每|该|单|当)(?:单|次|件|批|车|箱|票|趟|笔)", sent[max(0, m.start() - 8): m.start()])
                         and re.search(r"费\s*(?:的)?\s*\S{0,3}倍$", m.group(0)))
                and not re.search(r"^[日月]", m.group(0))]
            rates = rates + [(pct, m) for pct, m in times if pct]
            for pct, m in rates:
                before = sent[max(0, m.start() - 14): m.start()] if not m.group(0).endswith("倍") else "合同价"
                # a share of the price (not an interest rate such as LPR上浮50%, nor a cap)
                if re.search(r"LPR|利率|报价利率|上浮|倍|年化|不超过|不得超过|最高|上限", before) or not re.search(
                        r"总价|价款|金额|货款|总额|标的|费用|报酬|租金|服务费|工程款|合同价", before):
                    continue
                if pct > lump_max:
                    return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium,
                                explanation=f"违约金为合同价款的{pct:g}%，可能过分高于实际损失（民法典第五百八十五条）。",
                                suggestion=_LD_LUMP_SUGGESTION)]
        # a fixed sum (违约金人民币五百万元) against the contract's price stated anywhere in it
        if not _DAILY.search(sent):
            ld = re.search(r"违约金[^。；，]{0,6}?(?:为|计|人民币|：|:)*\s*", sent)
            money = _LF_MONEY.match(sent, ld.end()) if ld else None
            amount = _c_yuan_value(money) if money else None
            totals = _per_doc(ctx, "total_prices_all", lambda: [v for c in ctx.clauses for v, _ in _c_total_prices(c)])
            if amount and totals and amount > max(totals) * lump_max / 100 + 0.5:
                return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium,
                            explanation=f"违约金{amount:,.0f}元，为合同价款{max(totals):,.0f}元的{amount / max(totals) * 100:.0f}%，"
                                        "可能过分高于实际损失（民法典第五百八十五条；合同编通则解释第六十五条）。",
                            suggestion=_LD_LUMP_SUGGESTION)]
            # no total price (a licence paid by royalty, a franchise): one sum for a breach of any term, several
            # times every sum the contract itself puts on the performance (fees, minimums, deposits)
            if amount and not totals and re.search(r"违反本(?:合同|协议)(?:的)?(?:任何|任一|任意)|(?:任何|任一|任意)(?:一项|一条|一款|一处|一个)?(?:条款|约定|义务|规定)", sent[:ld.start()]):
                others = max((v for x in _LF_MONEY.finditer((ctx.text or "").replace(sent, "")) if (v := _c_yuan_value(x))),
                             default=0.0)
                if others and amount >= 3 * others:
                    return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium,
                                explanation=f"任何一项违约均须支付违约金{amount:,.0f}元，为合同所载最高一笔费用{others:,.0f}元的"
                                            f"{amount / others:.1f}倍；轻微违约造成的损失远不及此，可能被认定为过分高于损失而调减"
                                            "（民法典第五百八十五条；合同编通则解释第六十五条）。",
                                suggestion=_LD_LUMP_SUGGESTION)]
    return []


DETECTORS.update({
    "repayment_schedule_conflict": repayment_schedule_conflict,
    "advance_funding_interest": advance_funding_interest,
    "annex_consent_pending": annex_consent_pending,
    "breach_liability_one_sided": breach_liability_one_sided,
    "capital_deadline_beyond_five_years": capital_deadline_beyond_five_years,
    "circular_effectiveness": circular_effectiveness,
    "commercial_bill_payment": commercial_bill_payment,
    "delay_excused_beyond_force_majeure": delay_excused_beyond_force_majeure,
    "equity_unpaid_capital": equity_unpaid_capital,
    "escalation_schedule_mismatch": escalation_schedule_mismatch,
    "exclusive_licence_licensor_works": exclusive_licence_licensor_works,
    "foreign_law_domestic_contract": foreign_law_domestic_contract,
    "forum_unclear": forum_unclear,
    "guarantee_period_by_dates": guarantee_period_by_dates,
    "guarantee_type_conflict": guarantee_type_conflict,
    "indirect_loss_excluded": indirect_loss_excluded,
    "indirect_loss_includes_injury": indirect_loss_includes_injury,
    "instalments_exceed_total": instalments_exceed_total,
    "ld_adjustment_waived": ld_adjustment_waived,
    "ld_cap_derisory": ld_cap_derisory,
    "ld_rate": ld_rate,
    "lease_terminated_for_late_rent": lease_terminated_for_late_rent,
    "licence_beyond_patent_term": licence_beyond_patent_term,
    "limitation_period_altered": limitation_period_altered,
    "listed_amounts_total": listed_amounts_total,
    "manager_leases_common_parts": manager_leases_common_parts,
    "noncompete_release_without_extra_pay": noncompete_release_without_extra_pay,
    "objection_period_short": objection_period_short,
    "ownership_conflict": ownership_conflict,
    "party_not_in_signature_block": party_not_in_signature_block,
    "payment_setoff_unilateral": payment_setoff_unilateral,
    "payment_withheld_at_will": payment_withheld_at_will,
    "per_period_total_mismatch": per_period_total_mismatch,
    "price_set_by_payer_assessment": price_set_by_payer_assessment,
    "price_to_be_agreed": price_to_be_agreed,
    "probation_only_contract": probation_only_contract,
    "rate_conversion_mismatch": rate_conversion_mismatch,
    "reference_number_mismatch": reference_number_mismatch,
    "rent_free_period_charged": rent_free_period_charged,
    "revenue_split_not_100": revenue_split_not_100,
    "secured_principal_mismatch": secured_principal_mismatch,
    "shortfall_penalty": shortfall_penalty,
    "stated_product_mismatch": stated_product_mismatch,
    "sublease_beyond_head_term": sublease_beyond_head_term,
    "temporary_building_term": temporary_building_term,
    "term_absent": term_absent,
    "term_dates_mismatch": term_dates_mismatch,
    "termination_right_waived": termination_right_waived,
    "termination_without_notice": termination_without_notice,
    "variation_without_adjustment": variation_without_adjustment,
    "wages_in_kind": wages_in_kind,
})
