"""Code detectors of the rule playbook: checks that need arithmetic or the whole document.

Each detector is ``detector(clause, ctx, params) -> Iterable[Hit]`` and is named from a
playbook check's ``detector`` key (see :mod:`pipelines.screen`). Numbers are parsed with
``cn2an`` (Chinese numerals, including 大写 amounts) and compared in code (DESIGN §7).
The thresholds come from the playbook ``params`` and each names its legal source.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from datetime import date

import cn2an

from pipelines.text import sentences
from pipelines.types import Clause, Severity

__all__ = ["DETECTORS", "Hit", "parse_amount", "parse_rate", "parse_number"]


@dataclass(frozen=True)
class Hit:
    """One detector hit: the exact ``evidence`` text, the ``sentence`` it is in, and
    optionally a severity and explanation that override the check's."""

    evidence: str
    sentence: str
    severity: Severity | None = None
    explanation: str | None = None


_CN_DIGITS = "零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟"
_NUM = rf"(?:\d+(?:,\d{{3}})*(?:\.\d+)?|[{_CN_DIGITS}]+(?:点[{_CN_DIGITS}]+)?)"


def parse_number(s: str) -> float | None:
    """Parse an Arabic or Chinese number (``"120,000.00"``, ``"三十"``, ``"贰拾壹万"``).

    Returns:
        The value, or ``None`` when it is not a number.
    """
    s = s.replace(",", "").replace("，", "").strip()
    if not s or len(s) > 24:  # no amount, rate or article number in a contract is that long
        return None
    try:
        return float(s)
    except ValueError:
        pass
    try:
        return float(cn2an.cn2an(s.replace("两", "二"), "smart"))
    except (ValueError, KeyError, TypeError, OverflowError):
        return None


_RATE = re.compile(
    rf"(?:(?P<pct>{_NUM})\s*[%％])|(?:(?P<base>百分之|千分之|万分之)(?P<n>{_NUM}))"
)


def parse_rate(s: str) -> list[tuple[float, re.Match]]:
    """Find rates (``5%``, ``百分之五``, ``千分之五``, ``万分之五``) in text.

    Returns:
        ``(percent, match)`` pairs; percent is in percent units (千分之五 -> 0.5).
    """
    out = []
    for m in _RATE.finditer(s):
        if m.group("pct"):
            v = parse_number(m.group("pct"))
            if v is not None:
                out.append((v, m))
        else:
            v = parse_number(m.group("n"))
            if v is not None:
                scale = {"百分之": 1.0, "千分之": 0.1, "万分之": 0.01}[m.group("base")]
                out.append((v * scale, m))
    return out


_AMOUNT_WORDS = re.compile(r"(?:人民币)?(?P<w>[零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+)元(?:[零壹贰叁肆伍陆柒捌玖]角)?(?:[零壹贰叁肆伍陆柒捌玖]分)?整?")
# digits right after the words: 贰拾壹万元整（¥210,000.00） / （小写：210000元）
_DIGITS_AFTER = re.compile(r"^\s*[（(]\s*(?:小写[：:]?\s*)?(?:人民币)?\s*[¥￥]?\s*(?P<d>\d[\d,]*(?:\.\d+)?)")
# digits right before the words: ¥210,000.00（大写：贰拾壹万元整）
_DIGITS_BEFORE = re.compile(r"[¥￥]\s*(?P<d>\d[\d,]*(?:\.\d+)?)\s*元?\s*[（(]\s*(?:大写[：:]?\s*)?(?:人民币)?\s*$")


def parse_amount(words: str) -> float | None:
    """Parse a 大写 RMB amount (``"贰拾壹万元整"``) into yuan."""
    return parse_number(re.sub(r"[元整]", "", words))


def _split(text: str) -> list[str]:
    return [s for _, s in sentences(text)]


def amount_words_digits(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Amount in words (大写) differs from the amount in digits next to it.

    Source: practice under 民法典第466条 (interpretation of disputed terms); the
    amount is a core term (民法典第470条).
    """
    for sent in _split(clause.text):
        for w in _AMOUNT_WORDS.finditer(sent):
            d = _DIGITS_AFTER.search(re.sub(r"\s+", "", sent[w.end(): w.end() + 40])) or _DIGITS_BEFORE.search(
                re.sub(r"\s+", "", sent[max(0, w.start() - 40): w.start()]))
            if not d:
                continue
            words_v = parse_amount(w.group("w"))
            digits_v = parse_number(d.group("d"))
            if words_v is None or digits_v is None:
                continue
            if abs(words_v - digits_v) > 0.005:
                yield Hit(
                    evidence=sent.strip(),
                    sentence=sent,
                    explanation=(
                        f"金额大写为{words_v:,.2f}元，小写为{digits_v:,.2f}元，两者不一致；"
                        "价款是合同主要条款，大小写矛盾易引发结算争议。"
                    ),
                )
                return


_DEPOSIT = re.compile(r"定金")


def deposit_ratio(clause: Clause, ctx, params) -> Iterable[Hit]:
    """定金 over 20% of the price of the main contract (民法典第586条第2款)."""
    limit = float(params.get("deposit_max_percent", 20))
    for sent in _split(clause.text):
        if not _DEPOSIT.search(sent) or not re.search(r"总价|总额|价款|合同金额|许可费|租金|费用", sent):
            continue
        for pct, m in parse_rate(sent):
            if pct > limit and abs(m.start() - sent.find("定金")) < 40:
                yield Hit(evidence=sent.strip(), sentence=sent,
                          explanation=f"约定定金为{pct:g}%，超过主合同标的额的{limit:g}%，超过部分不产生定金效力（民法典第五百八十六条）。")
                return


_LD = re.compile(r"违约金|滞纳金")
_DAILY = re.compile(r"每(?:逾期|延误|迟延|延迟|拖延)?[一1]?(?:日|天)|日(?:利)?率|按日")


def ld_rate(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Liquidated damages (违约金) clearly excessive.

    Flags a daily rate above ``ld_daily_max_percent`` (default 0.1%/day, i.e. 36.5% a
    year; courts commonly treat about 0.05%/day as ordinary), a one-off amount of
    ``ld_lump_max_percent`` (default 30%) of the price or more, or the whole remaining
    fee as 违约金. Source: 民法典第585条第2款; 合同编通则解释第65条 (over 30% of the loss
    is 过分高于).
    """
    daily_max = float(params.get("ld_daily_max_percent", 0.1))
    lump_max = float(params.get("ld_lump_max_percent", 30))
    for sent in _split(clause.text):
        if not _LD.search(sent):
            continue
        if ctx.contract_type == "借款合同" and re.search(r"逾期利息|罚息", sent):
            continue  # overdue interest stacked with 违约金: judged together under the loan cap (loan.overdue_charges_stacked)
        if re.search(r"(?:全部|剩余|余下)[^。；，,]{0,20}(?:费用|服务费|租金|价款|报酬)[^。；]{0,6}作为违约金", sent):
            return [Hit(evidence=sent.strip(), sentence=sent)]
        rates = parse_rate(sent)
        daily = _DAILY.search(sent)
        if daily:
            # only the rate that follows the per-day wording (a cap later in the sentence is not a daily rate)
            for pct, m in rates:
                if m.start() < daily.start() or m.start() - daily.end() > 30:
                    continue
                if pct > daily_max:
                    return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.high,
                                explanation=f"违约金按每日{pct:g}%计算，折合年化约{pct * 365:.0f}%，明显高于守约方可能的实际损失，存在被认定为过分高于损失而予以调减的风险（民法典第五百八十五条）。")]
        elif "定金" not in sent:
            for pct, _ in rates:
                if pct >= lump_max:
                    return [Hit(evidence=sent.strip(), sentence=sent, severity=Severity.medium,
                                explanation=f"违约金为合同价款的{pct:g}%，可能过分高于实际损失（民法典第五百八十五条）。")]
    return []


def _years_between(a: date, b: date) -> float:
    """Years from ``a`` to ``b`` with ``b`` inclusive (自2026年7月1日起至2029年6月30日止 = 3 years)."""
    return ((b - a).days + 1) / 365.25


_DATE = re.compile(r"(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*日")


def _dates(text: str) -> list[tuple[date, re.Match]]:
    out = []
    for m in _DATE.finditer(text):
        try:
            out.append((date(int(m["y"]), int(m["m"]), int(m["d"])), m))
        except ValueError:
            continue
    return out


_DURATION = re.compile(rf"(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月|日|天)")


def _duration_months(s: str) -> float | None:
    m = _DURATION.search(s)
    if not m:
        return None
    n = parse_number(m["n"])
    if n is None:
        return None
    return {"年": n * 12, "月": n, "日": n / 30, "天": n / 30}[m["u"]]


def _contract_term_years(text: str) -> float | None:
    m = re.search(r"(?:合同期限|劳动合同期限|本合同期限)[^。]{0,80}", text)
    if not m:
        return None
    seg = m.group(0)
    ds = _dates(seg)
    if len(ds) >= 2:
        return _years_between(ds[0][0], ds[1][0])
    months = _duration_months(seg)
    return months / 12 if months else None


def probation_length(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Probation longer than the law allows for the term (劳动合同法第19条): under 1 year
    at most 1 month, 1 to under 3 years at most 2 months, 3 years or open-ended at most 6."""
    for sent in _split(clause.text):
        if "试用期" not in sent:
            continue
        ds = _dates(sent)
        if len(ds) >= 2:
            months = _years_between(ds[0][0], ds[1][0]) * 12
        elif ds:
            continue  # one date only (a form with blanks): the length cannot be told
        else:
            months = _duration_months(sent.split("试用期", 1)[1][:20])
        if months is None:
            continue
        term = _contract_term_years(ctx.text)
        if term is None:
            allowed = 6.0
        elif term < 1:
            allowed = 1.0
        elif term < 3:
            allowed = 2.0
        else:
            allowed = 6.0
        if months > allowed + 0.2:
            term_s = f"合同期限约{term:.1f}年，" if term else ""
            return [Hit(evidence=sent.strip(), sentence=sent,
                        explanation=f"{term_s}约定试用期约{months:.1f}个月，超过劳动合同法第十九条允许的{allowed:g}个月上限。")]
    return []


_YUAN = re.compile(r"(?P<d>\d[\d,]*(?:\.\d+)?)\s*元|(?:人民币)?(?P<w>[零壹贰叁肆伍陆柒捌玖拾佰仟万]+)元")


def probation_wage(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Probation wage under 80% of the agreed wage (劳动合同法第20条), stated as a share
    (试用期工资为转正工资的70%) or as two amounts (试用期每月2000元，转正后每月5000元)."""
    for sent in _split(clause.text):
        if "试用期" not in sent or not re.search(r"工资|薪|报酬", sent):
            continue
        for pct, _ in parse_rate(sent):
            if pct < 80:
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation=f"试用期工资为正式工资的{pct:g}%，低于劳动合同法第二十条规定的80%下限。")]
        if re.search(r"转正|正式|试用期满", sent):
            amounts = [parse_number(m["d"]) if m["d"] else parse_amount(m["w"]) for m in _YUAN.finditer(sent)]
            amounts = [a for a in amounts if a]
            if len(amounts) >= 2 and amounts[0] < 0.8 * amounts[1]:
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation=f"试用期工资{amounts[0]:,.0f}元为转正工资{amounts[1]:,.0f}元的"
                                        f"{amounts[0] / amounts[1]:.0%}，低于劳动合同法第二十条规定的80%下限。")]
    return []


def lease_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Lease term over 20 years: the excess is void (民法典第705条)."""
    for sent in _split(clause.text):
        if not re.search(r"租赁期限|租期|租赁期", sent):
            continue
        ds = _dates(sent)
        years = _years_between(ds[0][0], ds[1][0]) if len(ds) >= 2 else None
        if years is None:
            mo = _duration_months(sent)
            years = mo / 12 if mo else None
        if years and years > 20.01:
            return [Hit(evidence=sent.strip(), sentence=sent,
                        explanation=f"租赁期限约{years:.0f}年，超过民法典第七百零五条规定的二十年上限，超过部分无效。")]
    return []


def loan_rate(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Loan interest above four times the one-year LPR (民间借贷规定第25条).

    ``lpr_1y_percent`` comes from the playbook params (the LPR at contract formation).
    Monthly and daily rates are annualised (x12, x360).
    """
    lpr = float(params.get("lpr_1y_percent", 3.0))
    cap = 4 * lpr
    for sent in _split(clause.text):
        if not re.search(r"利率|利息|年息|月息|日息", sent) or "逾期" in sent or "违约金" in sent:
            continue
        for pct, m in parse_rate(sent):
            before = sent[max(0, m.start() - 8): m.start()]
            if "月利率" in before or "月息" in before or "月利" in before:
                annual = pct * 12
            elif "日利率" in before:
                annual = pct * 360
            elif "年利率" in before or "年息" in before or "利率" in before:
                annual = pct
            else:
                continue
            if annual > cap:
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation=f"约定年利率约{annual:g}%，超过合同成立时一年期贷款市场报价利率（{lpr:g}%）四倍即{cap:g}%，超过部分不受法律保护。")]
    return []


def noncompete_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Non-compete period over two years (劳动合同法第24条)."""
    for sent in _split(clause.text):
        if "竞业" in sent and re.search(r"期限|期间|年内", sent):
            mo = _duration_months(sent)
            if mo and mo > 24:
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation=f"竞业限制期限约{mo / 12:g}年，超过劳动合同法第二十四条规定的二年上限。")]
    return []


_XREF = re.compile(r"(?:本合同|本协议|本条款|见|按照|依照|根据|按)第(?P<n>[一二三四五六七八九十百零〇两\d]+)条")


@lru_cache(maxsize=8)
def _article_numbers(numbers: tuple[str, ...]) -> frozenset[int]:
    out = set()
    for number in numbers:
        m = re.match(r"第([一二三四五六七八九十百零〇两\d]+)条", number)
        if m and (v := parse_number(m.group(1))) is not None:
            out.add(int(v))
    return frozenset(out)


def dangling_reference(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A cross-reference to an article the contract does not have."""
    numbers = _article_numbers(tuple(c.number for c in ctx.clauses))  # once per document
    if not numbers:
        return []
    for sent in _split(clause.text):
        for m in _XREF.finditer(sent):
            v = parse_number(m["n"])
            if v is not None and int(v) not in numbers:
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation=f"条款引用本合同第{m['n']}条，但合同中没有该条（共{max(numbers)}条），引用指向不明。")]
    return []


def _signing_date(text: str) -> date | None:
    m = re.search(r"(?:签订日期|签署日期|签约日期|签订时间)[：:\s]*", text)
    if m:
        ds = _dates(text[m.end(): m.end() + 20])
        if ds:
            return ds[0][0]
    m = re.search(r"于\s*(\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日)\s*(?:在[^。]{0,20})?签订", text)
    if m:
        ds = _dates(m.group(1))
        return ds[0][0] if ds else None
    return None


def date_before_signing(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A performance deadline earlier than the signing date (a date inconsistency)."""
    signed = _signing_date(ctx.text)
    if signed is None:
        return []
    for sent in _split(clause.text):
        if not re.search(r"前|之前|以前|截止|届满", sent) or re.search(r"签订|签署|签约", sent):
            continue
        if not re.search(r"交付|交货|送达|完成|提交|支付|竣工|到达|履行", sent):
            continue
        for d, _ in _dates(sent):
            if d < signed:
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation=f"履行期限{d.isoformat()}早于合同签订日期{signed.isoformat()}，期限自始无法满足，日期可能有误。")]
    return []


def repealed_law(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The contract relies on a law repealed by 民法典第1260条 (合同法, 担保法 …)."""
    from knowledge.citations import find_repealed_references

    for sent in _split(clause.text):
        refs = find_repealed_references(re.sub(r"\s+", "", sent))  # a PDF line may wrap inside a law's name
        if refs:
            name = refs[0][0]
            return [Hit(evidence=sent.strip(), sentence=sent,
                        explanation=f"合同援引的《{name}》已于2021年1月1日民法典施行时废止（民法典第一千二百六十条），应改为援引现行法律。")]
    return []


def cited_article_invalid(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The contract cites a statute article that does not exist or is not in force."""
    if ctx.citation_checker is None:
        return []
    from knowledge.citations import parse_citations

    for sent in _split(clause.text):
        for mention in parse_citations(sent):
            if not ctx.citation_checker(mention.law, mention.article):
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation=f"合同引用的《{mention.law}》第{mention.article}条在法规库中不存在或已失效，请核对。")]
    return []


_CONF_DUTY = re.compile(r"保密义务|保密责任|负有保密")


def confidentiality_no_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A commercial confidentiality obligation with no duration anywhere in the contract.

    Reported once, on the first clause that imposes the duty. Employment confidentiality
    is exempt: an employee's duty to keep trade secrets lasts while the information is
    secret (反不正当竞争法第9条), so no term is expected there.
    """
    if not _CONF_DUTY.search(clause.text):
        return []
    first = next((c for c in ctx.clauses if _CONF_DUTY.search(c.text)), None)
    if first is not None and first.clause_id != clause.clause_id:
        return []
    if ctx.contract_type == "劳动合同" or re.search(r"用人单位|劳动者|劳动合同|任职期间|在职期间", ctx.text):
        return []
    if re.search(r"保密期限|保密期间|保密义务[^。]{0,30}(?:年|期满|终止后|永久|直至|至[^。]{0,20}公开)", ctx.text):
        return []
    for sent in _split(clause.text):
        if re.search(r"保密义务|保密责任|负有保密", sent):
            return [Hit(evidence=sent.strip(), sentence=sent)]
    return []


def dev_results_unallocated(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A commissioned-development IP clause that never allocates the developed results.

    Absent agreement the patent right belongs to the developer (民法典第859条) and
    technical secrets are shared (民法典第861条), which the commissioning party rarely
    intends.
    """
    text = clause.text
    if not re.search(r"知识产权|著作权|专利", text):
        return []
    if re.search(r"(?:开发成果|研发成果|交付成果|工作成果|委托开发|本项目|定制开发|成果)[^。]{0,40}(?:归|属于)", text):
        return []
    for sent in _split(text):
        if re.search(r"知识产权|著作权|专利", sent):
            return [Hit(evidence=sent.strip(), sentence=sent)]
    return []


_SHARE = re.compile(rf"(?:合同)?总(?:价款?|金额|额)的?\s*(?P<p>{_NUM})\s*[%％]")


def payment_shares(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Instalments expressed as shares of the total price add up to more than 100%.

    Sentences about 定金, 违约金 or late payment are not instalments and are skipped.
    """
    shares: list[tuple[float, str]] = []
    for sent in _split(clause.text):
        if not re.search(r"支付|付款|付清|结清", sent) or re.search(r"定金|违约金|逾期|罚|赔偿", sent):
            continue
        for m in _SHARE.finditer(sent):
            v = parse_number(m["p"])
            if v is not None:
                shares.append((v, sent))
    total = sum(v for v, _ in shares)
    if len(shares) >= 2 and total > 100.5:
        parts = " + ".join(f"{v:g}%" for v, _ in shares)
        return [Hit(evidence=shares[-1][1].strip(), sentence=shares[-1][1],
                    explanation=f"各期付款比例合计为{parts} = {total:g}%，超过合同总价的100%，付款条款自相矛盾。")]
    return []


_ROLES = r"甲方|乙方|丙方|出租人|承租人|出租方|承租方|出卖人|买受人|卖方|买方|发包人|承包人|分包人|委托人|受托人|委托方|受托方|借款人|出借人|用人单位|劳动者|许可方|被许可方|托运人|承运人|采购方|供应方|供货方"
_HEAD_PARTY = re.compile(rf"^\s*(?P<role>{_ROLES})\s*(?:[（(][^）)]{{0,8}}[）)])?\s*[：:]\s*(?P<name>[^\s，,；;（(]{{4,40}})")
_SIGN_PARTY = re.compile(rf"(?P<role>{_ROLES})\s*[（(]\s*(?:盖章|签章|签字|签名|公章|签字或盖章|签字并盖章)\s*[）)]\s*[：:]\s*(?P<name>[^\s，,；;（(_＿]{{4,40}})")


def party_name_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The party named at signature differs from the party named in the preamble."""
    head: dict[str, str] = {}
    for line in ctx.text.splitlines()[:60]:
        m = _HEAD_PARTY.match(line)
        if m and m["role"] not in head:
            head[m["role"]] = m["name"]
    for sent in clause.text.splitlines():
        for m in _SIGN_PARTY.finditer(sent):
            want = head.get(m["role"])
            if want and m["name"] != want and not (m["name"] in want or want in m["name"]):
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation=f"首部{m['role']}为“{want}”，签署处为“{m['name']}”，当事人名称不一致。")]
    return []


_HOURS = re.compile(rf"每(?:日|天)(?:工作)?\s*(?P<h>{_NUM})\s*(?:个)?小时")
_DAYS = re.compile(rf"每周(?:工作)?\s*(?P<d>{_NUM})\s*(?:天|日)")
_WEEK_HOURS = re.compile(rf"每周(?:工作)?\s*(?P<w>{_NUM})\s*(?:个)?小时")


def working_hours(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Standard working hours exceeded: over 8 hours a day or 44 a week (劳动法第36条), or
    no weekly rest day (劳动法第38条). Comprehensive/flexible hour systems are skipped."""
    for sent in _split(clause.text):
        if re.search(r"综合计算工时|不定时工作制|加班|延长工作时间", sent):
            continue
        h = _HOURS.search(sent)
        d = _DAYS.search(sent)
        w = _WEEK_HOURS.search(sent)
        daily = parse_number(h["h"]) if h else None
        days = parse_number(d["d"]) if d else None
        weekly = parse_number(w["w"]) if w else (daily * days if daily and days else None)
        if (daily and daily > 8) or (days and days >= 7) or (weekly and weekly > 44):
            return [Hit(evidence=sent.strip(), sentence=sent,
                        explanation="约定的工作时间超过劳动法规定的每日八小时、每周四十四小时标准，或未保证每周至少休息一日。")]
    return []


DETECTORS: dict[str, Callable[..., Iterable[Hit]]] = {
    "payment_shares": payment_shares,
    "party_name_mismatch": party_name_mismatch,
    "working_hours": working_hours,
    "amount_words_digits": amount_words_digits,
    "deposit_ratio": deposit_ratio,
    "ld_rate": ld_rate,
    "probation_length": probation_length,
    "probation_wage": probation_wage,
    "lease_term": lease_term,
    "loan_rate": loan_rate,
    "noncompete_term": noncompete_term,
    "dangling_reference": dangling_reference,
    "date_before_signing": date_before_signing,
    "repealed_law": repealed_law,
    "cited_article_invalid": cited_article_invalid,
    "confidentiality_no_term": confidentiality_no_term,
    "dev_results_unallocated": dev_results_unallocated,
}
