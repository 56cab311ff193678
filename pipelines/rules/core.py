"""Shared parts of the code detectors, and the first of them.

The :class:`Hit` a detector returns; number, rate and amount parsing (``cn2an`` reads Chinese
numerals, including 大写 amounts); :func:`_per_doc`, which runs a document-wide search once per
document; :func:`side_words`; the :data:`DETECTORS` registry every module of this package adds
to; and the detectors that need arithmetic or the whole document: amounts in words against
figures, the 定金 ratio, probation, lease and non-compete terms, dates before signing, dangling
references, cited articles and repealed laws, payment shares, party names, working hours,
dispatch posts and the forum of immovable property.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

import cn2an

from pipelines.text import is_table_row, sentences
from pipelines.types import Clause, Severity

__all__ = ["DETECTORS", "Hit", "parse_amount", "parse_rate", "parse_number"]


@dataclass(frozen=True)
class Hit:
    """One detector hit: the exact ``evidence`` text, the ``sentence`` it is in, and
    optionally a severity, explanation and suggestion (replacement clause text) that
    override the check's — e.g. a one-off 违约金 gets a one-off revision, not the check's
    per-day one."""

    evidence: str
    sentence: str
    severity: Severity | None = None
    explanation: str | None = None
    suggestion: str | None = None


_CN_DIGITS = "零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟"
# a number starts where no digit precedes it: unanchored, a search restarts at every digit of
# a long run and re-reads the rest (50,000 digits took 108 s of CPU in one check)
# (not inside a number's thousands groups either: a start after every "000," of a hostile run 000,000,000,… made each
# pattern that begins with a number quadratic — 2.5 minutes for 200 KB)
_NUM = rf"(?<![\d{_CN_DIGITS}])(?<!\d,)(?:\d+(?:,\d{{3}})*(?:\.\d+)?|[{_CN_DIGITS}]+(?:点[{_CN_DIGITS}]+)?)"


_NUM_GLOSS = re.compile(rf"(?<=[{_CN_DIGITS}])\s*[（(]\s*\d+(?:\.\d+)?\s*[)）]|(?<=\d)\s*[（(]\s*[{_CN_DIGITS}]+\s*[)）]")


def unglossed(s: str) -> str:
    """A number written twice, in words and in digits (``九十（90）日``, ``30（三十）天``), as one:
    formal contracts gloss every number; the detectors read the first."""
    return _NUM_GLOSS.sub("", s)


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


_AMOUNT_WORDS = re.compile(r"(?:人民币)?(?P<w>[零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+)元零?(?:(?P<jiao>[零壹贰叁肆伍陆柒捌玖])角)?零?(?:(?P<fen>[零壹贰叁肆伍陆柒捌玖])分)?整?")
_JIAO_FEN = dict(zip("零壹贰叁肆伍陆柒捌玖", range(10)))
# digits right after the words: 贰拾壹万元整（¥210,000.00） / （小写：210000元）
_DIGITS_AFTER = re.compile(r"^\s*[（(]\s*(?:小写[：:]?\s*)?(?:人民币)?\s*[¥￥]?\s*(?P<d>\d[\d,]*(?:\.\d+)?)")
# digits right before the words: ¥210,000.00（大写：贰拾壹万元整）
# (or after 人民币 with no sign: 人民币486,000元（大写：…）, 人民币350万元（大写：…）)
_DIGITS_BEFORE = re.compile(r"(?:[¥￥]|人民币|RMB)\s*(?P<d>\d[\d,]*(?:\.\d+)?)\s*(?P<wan>万)?元?\s*[（(]\s*(?:大写[：:]?\s*)?(?:人民币)?\s*$")


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
            # 角 and 分 are part of the amount: 壹角贰分 is 0.12 yuan
            words_v += _JIAO_FEN.get(w.group("jiao") or "零", 0) / 10 + _JIAO_FEN.get(w.group("fen") or "零", 0) / 100
            if d.groupdict().get("wan"):
                digits_v *= 10000
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


_K_NAMED_PRICE = re.compile(r"(?:转让|买卖|采购|购买|成交|交易|房屋|房产|工程|项目|货物|设备|股权)?(?:总价款|总价|总金额|总额|价款|成交价|价格|标的额|标的金额)(?:为|是|共计|合计|：|:)?\s*(?:人民币|¥|￥)?\s*")


def _monthly_total(text: str) -> list[float]:
    """The price of a contract stated as a monthly amount and a term in months
    (``报酬为每月人民币8万元，合同期限为12个月`` → [960000.0]); [] when either is missing."""
    m = re.search(r"(?:每月|月)(?:报酬|租金|服务费|费用|价款)?(?:为|是)?\s*(?:人民币)?\s*", text)
    while m:
        a = _C_YUAN.match(text, m.end())
        if a and (v := _c_yuan_value(a)):
            t = re.search(rf"(?:期限|期间|租期|服务期)(?:为|是|共)?\s*(?P<n>{_NUM})\s*个月", text)
            n = parse_number(t["n"]) if t else None
            return [v * n] if n else []
        m = re.compile(r"(?:每月|月)(?:报酬|租金|服务费|费用|价款)?(?:为|是)?\s*(?:人民币)?\s*").search(text, m.end())
    return []


def _named_prices_in(sentence: str) -> list[float]:
    """Amounts in yuan that a sentence names as a price (``房屋转让总价为人民币280万元``):
    a looser reading than :func:`_total_prices_in`, for comparing one sentence's own
    figures (a 定金 against the price it secures)."""
    out = []
    for m in _K_NAMED_PRICE.finditer(sentence):
        a = _C_YUAN.match(sentence, m.end())
        v = _c_yuan_value(a) if a else None
        if v and v >= 100:
            out.append(v)
    return out


_ONE_OFF_FEE = re.compile(r"(?:一次性)?(?:加盟费|特许经营费|入门费|许可使用费总额|转让费)(?:总额|合计)?(?:为|是|：|:)\s*(?:人民币)?\s*")
_PROVISIONAL_PRICE = re.compile(r"(?:暂定|暂估)(?:合同)?(?:总价款|总价|价款|合同价|金额|造价)(?:为|是|：|:)?\s*(?:人民币)?\s*")
_T_SUM_CELL = re.compile(r"(?:含税)?(?:合计|总计|总价)(?:金额)?[（(]?(?:元|含税)?[)）]?[:：]?\s*(?:(?:人民币|¥|￥)\s*)?(?P<v>\d[\d,]*(?:\.\d+)?)")


def _price_bases(text: str) -> list[float]:
    """Prices in yuan a contract states other than a fixed total (for a 定金's 20% test,
    民法典第586条: the 标的额 of the main contract): a provisional price (暂定总价为人民币
    …元) and the total row of a price table (``| 合计 | | 1,200,000 |``, ``含税合计：…``).
    Only larger bases can come of this, so the 定金 test stays conservative."""
    out = []
    for m in _PROVISIONAL_PRICE.finditer(text):
        a = _C_YUAN.match(text, m.end())
        if a and (v := _c_yuan_value(a)) and v >= 100:
            out.append(v)
    # a franchise's or licence's one-off fee is the consideration the 定金 secures (一次性加盟费为人民币380,000元)
    for m in _ONE_OFF_FEE.finditer(text):
        a = _C_YUAN.match(text, m.end())
        if a and (v := _c_yuan_value(a)) and v >= 100:
            out.append(v)
    rows = _table_rows(text)
    money_table = bool(rows) and bool(re.search(r"金额|价款|总价|价格|小计|元|￥|¥", "|".join(rows[0][0])))
    for cells, _ in rows:
        joined = "|".join(cells)
        if not money_table and not re.search(r"元|￥|¥", joined):
            continue  # a 合计 of pieces or tonnes is no price
        if not re.search(r"合计|总计|总价", joined) or re.search(r"不含税|税额|小计", joined):
            continue
        m = _T_SUM_CELL.search(joined)
        nums = [m["v"]] if m else [c for c in cells if re.fullmatch(r"\d[\d,]*(?:\.\d+)?", c.replace(" ", ""))]
        vals = [v for n in nums if (v := parse_number(n.replace(",", "").replace(" ", ""))) is not None and v >= 100]
        out.extend(vals[-1:])
    return out


_DEPOSIT_AMOUNT = re.compile(r"定金[：:\s]*(?:为|金额为|数额为)?\s*(?:人民币|¥|￥)?")
"""A 定金 followed by its amount (``定金人民币30万元``, ``定金：20万元``); the amount is the
:data:`_C_YUAN` match at the end of this one."""


def _deposits_paid(ctx) -> list[tuple[float, str]]:
    """``(yuan, sentence)`` for each distinct payment of 定金 the contract agrees (``乙方向甲方
    支付定金人民币叁拾万元``, ``再支付追加定金…``), in order. Sentences about returning, doubling,
    converting or forfeiting a 定金 are not payments; an amount already counted (the same
    定金 restated in an annex) is counted once."""
    out: list[tuple[float, str]] = []
    for c in ctx.clauses:
        rows = table_row_sentences(c.text)
        for sent in _split(c.text):
            flat = sent.replace("\n", "")
            if re.search(r"返还|退还|双倍|转为|抵作|冲抵|抵扣|没收|不予|无权|含定金|定金外|违约", flat):
                continue
            row = rows.get(sent.strip())
            for dm in _DEPOSIT_AMOUNT.finditer(row or flat):
                a = _C_YUAN.match(row or flat, dm.end())
                if not a or not (row or re.search(r"支付|交付|缴纳|给付|交纳|付", flat[:dm.start()])):
                    continue
                v = _c_yuan_value(a)
                if v and v >= 100 and all(abs(v - w) > 0.5 for w, _ in out):
                    out.append((v, flat.strip()))
    return out


def deposit_ratio(clause: Clause, ctx, params) -> Iterable[Hit]:
    """定金 over 20% of the price of the main contract (民法典第586条第2款)."""
    limit = float(params.get("deposit_max_percent", 20))
    rows = table_row_sentences(clause.text)
    for sent in _split(clause.text):
        if not _DEPOSIT.search(sent):
            continue
        src = rows.get(sent.strip(), sent)  # | 定金 | 20万元 | reads 定金：20万元
        # a rate is the 定金's share of the price when the sentence names the price, or when
        # the rate qualifies the 定金 itself (支付30%定金, 百分之三十的定金: of the price it secures)
        priced = bool(re.search(r"总价|总额|总金额|价款|合同金额|订单金额|订单总价|货款总额|许可费|租金|费用", sent))
        for pct, m in (r for r in parse_rate(sent) if priced or (re.match(r"\s*(?:的|作为)?定金", sent[r[1].end():])
                                                                   and not re.search(r"(?:货款|款项|金额|首期|预付款|首付款|进度款)的?\s*$", sent[:r[1].start()]))):
            d = sent.find("定金")
            between = sent[min(m.end(), d): max(m.start(), d)]
            # the rate must be the 定金's own: no clause break or other payment between them
            # 定金，金额为…: the part after the comma restates the 定金's amount
            between = re.sub(r"^[^，,；;]*[，,]\s*(?:其|该|定金)?(?:金额|数额|比例|标准)(?:为|是|按)", "", between)
            if pct > limit and abs(m.start() - d) < 40 and not re.search(r"[，,；;]|预付款|首付款|进度款|工程款|尾款|违约金|含|包括|已付|已支付|扣除|抵作|抵扣", between):
                yield Hit(evidence=sent.strip(), sentence=sent,
                          explanation=f"约定定金为{pct:g}%，超过主合同标的额的{limit:g}%，超过部分不产生定金效力（民法典第五百八十六条）。")
                return
        back = re.search(r"第[^。；，]{1,8}(?:条|款)(?:所)?约定的定金|(?:上述|前述|该笔?)定金", src)
        if back and back.end() - 2 == src.find("定金"):
            continue  # the 定金 stated before, referred back to (本合同第四条约定的定金…抵作购房款): reported where it is agreed
        # amounts: 定金人民币30万元 against the total price in the same sentence or the contract's
        # the first mention followed by an amount (a heading 第三条 定金 may come first)
        amount = next((a for dm in [*_DEPOSIT_AMOUNT.finditer(src), *re.finditer(r"定金[^。；，,]{0,8}?(?:人民币|¥|￥)?", src)]
                       if (a := _C_YUAN.match(src, dm.end()))), None)
        deposit = _c_yuan_value(amount) if amount else None
        if deposit:
            totals = ([v for v, _ in _total_prices_in(sent)] or _named_prices_in(sent)
                      or _per_doc(ctx, "total_prices_all", lambda: [v for c in ctx.clauses for v, _ in _c_total_prices(c)])
                      or _per_doc(ctx, "monthly_total", lambda: _monthly_total(ctx.text))
                      or _per_doc(ctx, "price_bases", lambda: _price_bases(ctx.text)))
            total = max(totals) if totals else None
            if total and total < deposit:
                total = None  # a "price" below the 定金 itself is a misread base (a fee, a unit price), not the contract's price
            if total and deposit > total * limit / 100 + 0.5:
                yield Hit(evidence=sent.strip(), sentence=sent,
                          explanation=f"约定定金{deposit:,.0f}元，为合同总价{total:,.0f}元的{deposit / total * 100:.0f}%，超过主合同标的额的{limit:g}%，"
                                      "超过部分不产生定金效力（民法典第五百八十六条）。")
                return
            # several payments of 定金 (定金 on signing, 追加定金 later): the 20% limit is on all of them
            paid = _per_doc(ctx, "deposits_paid", lambda: _deposits_paid(ctx))
            if total and (len(paid) > 1 or (len(paid) == 1 and paid[0][0] != deposit)) and paid[-1][1] == sent.replace("\n", "").strip():
                whole = sum(v for v, _ in paid)
                if whole > total * limit / 100 + 0.5:
                    parts = "、".join(f"{v:,.0f}元" for v, _ in paid)
                    yield Hit(evidence=sent.strip(), sentence=sent,
                              explanation=f"合同分次约定定金{parts}，合计{whole:,.0f}元，为合同总价{total:,.0f}元的{whole / total * 100:.1f}%，"
                                          f"超过主合同标的额的{limit:g}%，超过部分不产生定金效力（民法典第五百八十六条）。")
                    return


_LD = re.compile(r"违约金|滞纳金")
# a charge for late payment under another name is 违约金 in substance (民法典第585条 judges what
# it does, not what it is called): 资金占用费, 逾期管理费, 逾期利息 at a per-day rate
_LATE_CHARGE = re.compile(r"违约金|滞纳金|资金占用费|占用费|逾期(?:付款|还款|交付)?(?:管理费|手续费|服务费|费用|利息|罚息)|延期(?:付款)?费|迟延(?:付款)?费|罚款|罚金")
_DAILY = re.compile(r"每(?:逾期|延误|迟延|延迟|拖延|拖欠|拖)?(?:工期|交货|交付|付款|履行)?[一1壹]?(?:个)?(?:工作)?(?:日|天)|日(?:利)?率|按日|日息|(?<![每当次])日(?=百分之|千分之|万分之|\d)|[/／](?:日|天)")
# a rate with its unit after it: 0.3%/日, 千分之三/天
_RATE_PER_DAY_AFTER = re.compile(r"\s*[/／每]\s*(?:日|天)|\s*的?日息")
# a rate per week or per month (按月5%, 每周百分之二): 违约金 is judged by what it comes to over a
# year, whatever the period it is stated in (民法典第585条第2款)
_WEEKLY = re.compile(r"每(?:逾期|迟延|延迟)?[一1]?(?:周|星期)|按(?:周|星期)|周(?:利)?率")
_MONTHLY = re.compile(r"每(?:逾期|迟延|延迟|拖欠)?[一1壹]?个?月|按月|(?<![每按个])月(?:利)?率|月息|月利息")
_QUARTERLY = re.compile(r"每(?:逾期|迟延|延迟|拖欠)?[一1壹]?个?季度?|按季(?:度)?")
_N_DAYS = re.compile(r"每(?:逾期|迟延|延迟|延误|拖延|拖欠|拖)?(?P<n>[\d一二两三四五六七八九十]+)\s*(?:个)?(?:工作)?(?:日|天)")
# the sentence is about late performance, whatever the charge is called (滞纳费, 延付金, 迟付补偿 …)
_LATE_TRIGGER = re.compile(r"逾期|迟延|延迟|延期|延误|拖欠|拖延|迟付|延付|迟交|晚交|晚付|欠付|欠缴|滞纳|超期|"
                           r"未(?:能)?按(?:期|时|约定)|未在[^。；，]{0,12}(?:内|前)(?:支付|付清|交付|缴纳)|超过[^。；，]{0,8}(?:期限|期间|日期)")
# lateness, or a charge that names itself as one (违约金, 滞纳金, 罚息, 资金占用费)
_LATE_OR_CHARGE = re.compile(rf"{_LATE_TRIGGER.pattern}|违约金|滞纳|罚息|占用费")
# ... or one named right after a rate, in the same clause part (5%的滞纳金)
_LATE_OR_CHARGE_NEXT = re.compile(rf"[^，。；,]{{0,12}}(?:{_LATE_OR_CHARGE.pattern})")
_CHARGE_VERB = re.compile(r"支付|计付|加收|收取|计收|缴纳|交纳|承担|赔偿|扣(?:除|减|收)|计算|按[^。；，]{0,6}计")


def _per_period_rates(sent: str):
    """Rates tied to a period other than one day, as ``(percent per period, days per period,
    match)``: per week, per month (按月, 月利率, 月息), per quarter, or every N days (每逾期十日).
    Each rate takes the nearest period word before it (or one right after it); a cap on the
    total (累计不超过…), an annual or LPR rate, a share of a monthly price (每月租金的5%), or a
    share paid on a schedule (每月按结算金额的95%支付货款，逾期…) is not one."""
    periods = []
    for rx, days in ((_WEEKLY, 7), (_MONTHLY, 30), (_QUARTERLY, 90), (_DAILY, 1)):
        for per in rx.finditer(sent):
            # 每月5日前 / 按月支付 / 每月租金: a date or a payment schedule, not a rate's period
            if days > 1 and re.match(r"\s*(?:的)?(?:[\d一二三四五六七八九十]+\s*[日号]|支付|付|结算|缴|交|租金|工资|薪|费|末|初|底|第|对账|提交|核付|申请)", sent[per.end():]):
                continue
            periods.append((per, days))
    for per in _N_DAYS.finditer(sent):
        n = parse_number(per["n"])
        if n and n > 1:
            periods.append((per, n))
    late = [m.start() for m in _LATE_OR_CHARGE.finditer(sent)]
    for pct, m in parse_rate(sent):
        before_periods = [(per, d) for per, d in periods if per.end() <= m.start() and m.start() - per.end() <= 30]
        after_periods = [(per, d) for per, d in periods if per.start() >= m.end() and per.start() - m.end() <= 3]
        if before_periods:
            per, days = max(before_periods, key=lambda x: x[0].end())
        elif after_periods:
            per, days = min(after_periods, key=lambda x: x[0].start())
        else:
            continue
        if days == 1:
            continue  # per day: read by the daily path
        if _RATE_PER_DAY_AFTER.match(sent, m.end()):
            continue
        before = sent[max(0, m.start() - 14): m.start()]
        if re.search(r"不(?:得)?超过|不高于|最高|上限|封顶|累计|总额|(?<![月周])(?:年|LPR|报价|上浮|倍|同期)|(?<![月日周])利率", before) or re.search(
                r"[月周](?:租金|费用|单价|价格|标准|工资|薪|报酬)的?\s*$|(?:单价|价格|标准|工资|薪|报酬)的?\s*$", before):
            continue
        # the charge follows lateness (逾期…按月5%) or names itself right after the rate (5%的滞纳金)
        if not (any(p < m.start() for p in late) or _LATE_OR_CHARGE_NEXT.match(sent, m.end())):
            continue
        yield pct, days, m


# revisions for a one-off 违约金 (the check's own suggestion is for a per-day rate): a share of the
# price within the 30% of 合同编通则解释第六十五条, with the loss beyond it still recoverable (第五百八十四条)
_LD_LUMP_SUGGESTION = ("一方违约的，应向对方支付相当于合同总价款百分之十的违约金；违约金不足以弥补对方实际损失的，"
                       "违约方应赔偿差额部分；违约金过分高于实际损失的，违约方可请求予以适当减少。")
_LD_REMAINING_SUGGESTION = ("因一方违约导致本合同提前解除的，违约方应赔偿对方因此遭受的实际损失，包括合同履行后可以获得的利益，"
                            "但应扣除对方因不再履行而节省的费用；违约金不超过剩余期限应付费用总额的百分之二十，"
                            "违约金不足以弥补实际损失的，违约方应赔偿差额部分。")


def _daily_late_charge(sent: str, daily_max: float, ctx) -> Hit | None:
    """A late-payment charge not called 违约金 (资金占用费, 逾期管理费, 逾期利息) at a daily
    rate above ``daily_max`` percent, uncapped. Loans are left to the loan checks, whose cap
    is LPR×4 for all overdue charges together (民间借贷规定第二十九条)."""
    if ctx.contract_type == "借款合同":
        return None
    if re.search(r"(?:累计|总额|合计|总计|最高|最多|上限)[^。；]{0,6}(?:不(?:得)?超过|不高于|为|以)", sent):
        return None
    if h := _periodic_excessive(sent, daily_max, named=False):
        return h
    if not (daily := _DAILY.search(sent)):
        return None
    # deductions from a service fee whose total another clause caps (每季度扣减总额以当季报酬的百分之十为限)
    if re.search(r"扣(?:减|除|款)", sent) and _per_doc(ctx, "deductions_capped", lambda: bool(re.search(
            r"扣(?:减|除|款)[^。；]{0,10}(?:总额|累计|合计|总计)[^。；]{0,16}(?:以|不(?:得)?超过|不高于|最高|上限|封顶)", ctx.text))):
        return None
    # late performance (a report, a delivery) is not late money: its loss is not a debt's interest, so the mark of
    # excess is higher (the 0.3% a day of ld_rate's ``ld_daily_max_percent_performance``)
    money_late = re.search(r"(?:逾期|迟延|延迟|拖延|拖欠|未按[^。；，]{0,8}|未能[^。；，]{0,6})(?:支付|付款|缴纳|交纳|缴付|付清|还款|归还(?=[^。；，]{0,6}(?:款|金|费|租|本))|清偿|(?:退还|返还)(?=[^。；，]{0,6}(?:款|金|费|租)))"
                           r"|欠付|未付|欠费|欠款|欠缴|应付未付|(?:逾期|迟延|延迟|拖欠)(?:交付|交纳|缴纳|缴付)?(?:款项|金额|费用|租金|货款|价款|服务费)", sent)
    if money_late and re.search(r"(?:逾期|迟延|延迟)(?:交货|发货|供货|到货|完工|竣工|(?:交付|提交)(?![^。；，]{0,2}(?:租金|款|费|价)))", sent[:money_late.start()] or sent):
        money_late = None  # a delivery delay charged on the goods' price (逾期交货的，按逾期交付货物价款的0.2%计收迟延费用)
    if not money_late:
        daily_max = max(daily_max, 0.3)
    for pct, m in parse_rate(sent):
        if (m.start() < daily.start() and daily.start() - m.end() > 3) or m.start() - daily.end() > 30 or pct <= daily_max or pct > 100:
            continue
        before = sent[max(0, m.start() - 12): m.start()]
        if not money_late and any(re.search(rf"{w}(?:度)?[\u4e00-\u9fff]{{0,3}}(?:报酬|费|费用|租金)(?:总额|金额)?的?\s*$", before) and pct <= 100 / days
                                  for w, days in (("季", 91), ("月", 30), ("周", 7))):
            continue  # late performance: a day's delay costs at most a day's worth of the quarter's (month's) fee
        if re.search(r"年|LPR|利率|报价|上浮|倍|同期", before) or (
                re.search(r"(?:租金|费用|单价|价格|标准)的?\s*$", before) and not re.search(r"[月季](?:度)?(?:租金|费用)的?\s*$", before)):
            continue  # an annual rate, an LPR multiple or a multiple of a daily amount is not a daily share of the debt
            # (a share of the monthly rent charged per day — 每日按月租金的5% — is)
        fee = re.search(r"([\u4e00-\u9fff]{0,3}费)的?\s*$", before)
        if fee and re.search(rf"(?:扣减|扣除|减收|核减|抵扣|扣)[^。；，]{{0,6}}{fee.group(1)[-2:]}", sent[m.end():]):
            continue  # taken off the very fee of that service (按该票运费的10%扣减运费): bounded by the fee itself
        return Hit(evidence=sent.strip(), sentence=sent, severity=Severity.high,
                   explanation=f"逾期付款按每日{pct:g}%另计费用，名称虽非违约金，实为逾期付款的违约责任，折合年化约{pct * 365:.0f}%，"
                               "明显高于可能的实际损失，存在被调减的风险（民法典第五百八十五条）。")
    return None


# a rate per hour (or half hour, or N minutes) of delay: 每迟延半小时按货值的3%, 每超时一小时按运费的5%
_HOURLY = re.compile(rf"每(?:逾期|迟延|延迟|延误|超时|超过|迟到|晚到)?(?P<n>半|{_NUM})?(?:个)?(?P<u>小时|钟头|分钟)")


def _hourly_excessive(sent: str) -> Hit | None:
    """A 违约金 per hour (half hour, N minutes) of delay that would pass the whole of its
    base within one day's delay, uncapped: 每迟延半小时按当日货值的3% is 6% an hour, 144% of
    the day's goods in a day. The base of such a rate is one delivery or one service, whose
    loss a day's delay does not exceed; a 违约金 over 30% above the loss is 过分高于
    (民法典第五百八十五条第二款; 合同编通则解释第六十五条), so more than the whole base in a
    day is clearly so. Slower rates (1% per half hour: 48% in 24 hours) are left alone."""
    h = _HOURLY.search(sent)
    if h is None:
        return None
    n = 0.5 if h["n"] == "半" else (parse_number(h["n"]) if h["n"] else 1)
    if not n:
        return None
    hours = n / 60 if h["u"] == "分钟" else n
    if h["u"] == "分钟" and h["n"] == "半":
        return None
    if re.search(r"(?:累计|总额|合计|总计|最高|最多|上限|以)[^。；]{0,16}(?:不(?:得)?超过|不高于|为限|封顶)", sent):
        return None  # capped: the total stays within what the clause says, whatever the hourly rate
    for pct, m in parse_rate(sent):
        if m.start() < h.end() or m.start() - h.end() > 30:
            continue
        if re.search(r"运费|运输费|仓储费|保管费|仓租", sent[h.end(): m.start()]):
            break  # a carrier's or keeper's delay costs the goods, which a share of the fee does not measure
        per_day = pct / hours * 24
        if per_day > 100 and pct <= 100:
            unit = "半小时" if hours == 0.5 else f"{n:g}{h['u']}"
            return Hit(evidence=sent.strip(), sentence=sent, severity=Severity.high,
                       explanation=f"违约金按每{unit}{pct:g}%计算，即每小时约{pct / hours:g}%，迟延一日累计达基数的"
                                   f"{per_day:.0f}%，超过基数本身且无上限；其基数通常是一次交付或一次服务的价值，迟延的损失不会超过它，"
                                   "存在被认定为过分高于损失而予以调减的风险（民法典第五百八十五条；合同编通则解释第六十五条）。")
        break
    return None


def _periodic_excessive(sent: str, daily_max: float, named: bool = True) -> Hit | None:
    """A late charge stated per week or per month whose daily equivalent exceeds ``daily_max``
    percent (按月5% ≈ 0.17% a day, 60% a year). ``named`` says whether the sentence calls it
    违约金/滞纳金. Source: 民法典第585条第2款; 合同编通则解释第65条."""
    for pct, days, m in _per_period_rates(sent):
        if pct / days > daily_max and pct <= 100:
            unit = {7: "每周", 30: "每月", 90: "每季度"}.get(days, f"每{days:g}日")
            name = "违约金" if named else "逾期费用（名称虽非违约金，实为逾期履行的违约责任）"
            return Hit(evidence=sent.strip(), sentence=sent, severity=Severity.high,
                       explanation=f"{name}按{unit}{pct:g}%计算，折合年化约{pct * 365 / days:.0f}%，明显高于守约方可能的实际损失，"
                                   "存在被认定为过分高于损失而予以调减的风险（民法典第五百八十五条）。")
    return None


def _calendar_months(a: date, b: date) -> float:
    """Calendar months from ``a`` to ``b`` with ``b`` inclusive: whole months to the day after
    ``b`` plus the rest as a fraction of a month (自2026年3月2日起至2029年3月1日止 = 36.0;
    至2029年2月28日止 = 35.97, two days short of three years). Periods run by the calendar
    (民法典第二百条、第二百零二条)."""
    from datetime import timedelta
    b1 = b + timedelta(days=1)
    return (b1.year - a.year) * 12 + (b1.month - a.month) + (b1.day - a.day) / 31


def _years_between(a: date, b: date) -> float:
    """Years from ``a`` to ``b`` with ``b`` inclusive (自2026年7月1日起至2029年6月30日止 = 3 years)."""
    return ((b - a).days + 1) / 365.25


# 2024年9月10日 or, as official forms write it, 二〇二四年九月十日
_DATE = re.compile(r"(?P<y>\d{4}|[〇零一二三四五六七八九]{4})\s*年\s*(?P<m>\d{1,2}|十[一二]?|[一二三四五六七八九])\s*月"
                   r"\s*(?P<d>\d{1,2}|[二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*日")
_CN_YEAR_DIGITS = str.maketrans("〇零一二三四五六七八九", "00123456789")


def _dates(text: str) -> list[tuple[date, re.Match]]:
    """Calendar dates written in digits or Chinese numerals, with their matches."""
    out = []
    for m in _DATE.finditer(text):
        month, day = parse_number(m["m"]), parse_number(m["d"])
        try:
            out.append((date(int(m["y"].translate(_CN_YEAR_DIGITS)), int(month or 0), int(day or 0)), m))
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
                        explanation=f"{term_s}约定试用期约{round(months, 1):g}个月，超过劳动合同法第十九条允许的{allowed:g}个月上限。")]
    return []


_LEASE_PHASE = re.compile(rf"(?:第[一二三四五\d]期|首期|续租期?|续期|延长期|租赁期限?|租期|期限)[^。；，]{{0,8}}?(?P<n>{_NUM})\s*年")


def lease_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Lease term over 20 years: the excess is void (民法典第705条). Phases that follow one
    another without a new agreement (第一期十五年，第二期十年，自动起算 / 期满自动续租十年)
    are one term and are added up; a renewal the parties must still agree is not."""
    flat = clause.text.replace("\n", "")
    if re.search(r"租赁期|租期", flat) and re.search(r"自动(?:续|延|起算|开始)|无需(?:另行)?(?:申请|续签|签订|同意)|不得拒绝", flat) \
            and not re.search(r"另行(?:签订|协商|约定)|重新签订|须经双方|协商一致", flat):
        phases = [(parse_number(m["n"]) or 0) for m in _LEASE_PHASE.finditer(flat)]
        if len(phases) >= 2 and sum(phases) > 20.01:
            sent = next((x for x in _split(clause.text) if _LEASE_PHASE.search(x.replace("\n", ""))), clause.text)
            return [Hit(evidence=sent.strip(), sentence=sent, explanation=(
                f"各期租赁期限（{' + '.join(f'{p:g}' for p in phases)}年）无需另行续订即连续计算，合计{sum(phases):g}年，"
                "超过民法典第七百零五条规定的二十年上限，超过部分无效。"))]
    for sent in _split(clause.text):
        if not re.search(r"租赁期限|租期|租赁期", sent):
            continue
        ds = _dates(sent)
        years = _years_between(ds[0][0], ds[1][0]) if len(ds) >= 2 else None
        # the term runs from an event the contract dates elsewhere (自交付日起至2048年6月30日止; “交付日”…预定为2026年5月1日)
        start = re.search(r"自(?P<e>交付日|交付之日|交房之日|起租日|计租日|签订之日|签署之日|生效之日|本合同生效之日)起?[^。；，]{0,4}至", sent)
        if years is None and start and len(ds) == 1:
            ev = start["e"].replace("之日", "日").replace("本合同", "")
            began = _per_doc(ctx, f"lease_start:{ev}", lambda: next(
                (d for x in _split(ctx.text or "") if ev[:2] in x and x is not sent and (got := _dates(x)) for d, _ in got[:1]), None)
                if ev[:2] not in ("签订", "签署", "生效") else _signing_date(ctx.text or ""))
            if began and ds[0][0] > began:
                years = _years_between(began, ds[0][0])
        if years is None:
            # the length said of the term itself (租赁期限为十年), not a year of a date
            # (自2024年1月1日起) or another period in the sentence (土地使用权剩余40年)
            m = re.search(rf"(?:租赁期限|租赁期|租期|(?:出租给|租给|租用|承租)[^。；，]{{0,10}}?(?:使用(?!权)|期限为?))(?:为|是|：|:|共|共计|计)?[^。；，]{{0,6}}?"
                          rf"(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)(?!\s*(?:\d{{1,2}}|[一二三四五六七八九十〇]{{1,3}})\s*月)(?!度)", sent)
            n = parse_number(m["n"]) if m else None
            years = (n if m["u"] == "年" else n / 12) if n and n < 1000 else None
        if years and years > 20.01:
            return [Hit(evidence=sent.strip(), sentence=sent,
                        explanation=f"租赁期限约{years:.0f}年，超过民法典第七百零五条规定的二十年上限，超过部分无效。")]
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
    numbers = _per_doc(ctx, "article_numbers", lambda: _article_numbers(tuple(c.number for c in ctx.clauses)))
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
    """The date the contract says it was signed (``签订日期：2025年7月8日``, ``于2025年7月8日在杭州签订``), or None."""
    m = re.search(r"(?:签订日期|签署日期|签约日期|签订时间)[：:\s]*", text)
    if m:
        ds = _dates(text[m.end(): m.end() + 20])
        if ds:
            return ds[0][0]
    m = re.search(rf"于\s*({_DATE.pattern})\s*(?:在[^。]{{0,20}})?签订", text)
    if m:
        ds = _dates(m.group(1))
        return ds[0][0] if ds else None
    return None


def date_before_signing(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A performance deadline earlier than the signing date (a date inconsistency)."""
    signed = _per_doc(ctx, "signing_date", lambda: _signing_date(ctx.text))
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


_INSTRUCTIONS_HEADING = re.compile(r"^\s*(?:[一二三四五六七八九十\d]+[、.．]\s*)?(?:使用|填写|签约|合同)?说\s*明\s*$|^\s*(?:使用|填写)(?:指南|须知)\s*$")


def _is_instructions(clause: Clause) -> bool:
    """A model form's explanatory note (``说明``, ``使用说明``, ``填写须知``), by its heading:
    the issuing authority's words about the form, not terms the parties agree."""
    heads = [*clause.path, clause.title, (clause.text.splitlines() or [""])[0]]
    return any(_INSTRUCTIONS_HEADING.search(re.sub(r"\s+", "", h or "")) for h in heads) or bool(
        re.search(r"^\s*说\s*明\s*$", "\n".join(clause.text.splitlines()[:8]), re.M)
        and re.search(r"示范文本|本合同文本|本文本|制定", clause.text[:600]))


_CONTRACT_PART = re.compile(r"第[一二三四五六七八九十\d]+(?:部分|章|条)|协议书|合同条款|通用条款|专用条款|合同正文")


def _first_repealed(ctx) -> dict[str, str]:
    """Repealed law name -> clause id of the first clause (not a form's explanatory note)
    that relies on it. A note starts at a ``说明`` heading and runs until the contract's
    own parts begin (``第一部分 合同协议书``, ``第一章``, ``第一条``)."""
    from knowledge.citations import find_repealed_references

    first: dict[str, str] = {}
    in_note = False
    for c in ctx.clauses:
        if _CONTRACT_PART.search(re.sub(r"\s+", "", " ".join([*c.path[:1], c.number or ""]))):
            in_note = False
        if _is_instructions(c):
            in_note = True
            continue
        if in_note:
            continue
        for ref in find_repealed_references(re.sub(r"\s+", "", c.text)):
            first.setdefault(ref[0], c.clause_id)
    return first


def repealed_law(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The contract relies on a law repealed by 民法典第1260条 (合同法, 担保法 …).

    Reported once per repealed law, at the first clause that relies on it; a model form's
    explanatory note (``说明``: the issuing authority describing the form) is not the
    parties' text and is not judged.
    """
    from knowledge.citations import find_repealed_references

    first = _per_doc(ctx, "first_repealed", lambda: _first_repealed(ctx))
    # every repealed law first relied on in this clause is named in the one finding (合同法 and 物权法
    # in one recital: both repealed by 民法典第一千二百六十条); the evidence is the first sentence naming one
    names: list[str] = []
    evidence = None
    for sent in _split(clause.text):
        for name, *_ in find_repealed_references(re.sub(r"\s+", "", sent)):  # a PDF line may wrap inside a law's name
            if first.get(name) == clause.clause_id and name not in names:
                names.append(name)
                evidence = evidence or sent
    if not names:
        return []
    laws = "".join(f"《{n}》" for n in names)
    return [Hit(evidence=evidence.strip(), sentence=evidence,
                explanation=f"合同援引的{laws}已于2021年1月1日民法典施行时废止（民法典第一千二百六十条），应改为援引现行法律。")]


def cited_article_invalid(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The contract cites a statute article that does not exist or is not in force.

    ``ctx.citation_checker`` answers in three states (:class:`knowledge.pinning.CitationVerdict`
    or a plain ``bool | None``): False -> a finding, with the checker's message (a law the
    store holds whose text has no such article, or a repealed / not yet effective law,
    naming the successor article when known); None (the law or its version is not in the
    store) -> no finding: "cannot verify" is not "does not exist" (issue 8).
    """
    if ctx.citation_checker is None:
        return []
    from knowledge.citations import parse_citations

    for sent in _split(clause.text):
        for mention in parse_citations(sent):
            verdict = ctx.citation_checker(mention.law, mention.article)
            valid = getattr(verdict, "valid", verdict)
            if valid is False:
                message = getattr(verdict, "message", "") or (
                    f"合同引用的《{mention.law}》第{mention.article}条在法规库中不存在或已失效，请核对。")
                return [Hit(evidence=sent.strip(), sentence=sent, explanation=f"合同引用的条文有误：{message}")]
    return []


# a term the contract leaves open (验收期限：待定, 保密期限由双方日后另议): not agreed
_K_UNDECIDED = re.compile(r"待定|另议|再议|日后|另行(?:协商|商定|约定|确定)|届时(?:协商|商定)")
_CONF_DUTY = re.compile(r"保密义务|保密责任|负有保密|保守(?:商业)?秘密|予以保密")


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
    text = ctx.text.replace("\n", "")
    if any(not _K_UNDECIDED.search(text[m.start(): m.end() + 16])
           for m in re.finditer(r"保密期限|保密期间|(?:保密义务|保密责任|该义务|上述义务|本条义务)[^。]{0,30}(?:年|期满|终止后|永久|直至|至[^。]{0,20}公开|不设期限)", text)):
        return []  # a term is agreed; one left 待定/另议 is none
    if re.search(r"(?:在|于|自)[^。；]{0,24}(?:之前|以前|为止)[，,]?[^。；]{0,30}(?:负有|承担|履行|应当?)?(?:保密义务|保密责任|保守秘密|保密)", text):
        return []  # the duty runs until an event (在甲方公开发布新品之前): a term, set by the event
    for sent in _split(clause.text):
        if re.search(r"保密义务|保密责任|负有保密|保守秘密|保密", sent):
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


# a share of the whole price: 合同总价的30% / 合同价款的百分之三十 / 结算总价的20% (not of one
# month's work or one statement: 当月完成工程量价款的70%, 结算单金额的70%)
_SHARE = re.compile(rf"(?:(?:合同|结算)总?(?:价款?|金额|总额|价格)|(?<![月期次单》])总(?:价款?|金额|额|价格)|(?:预估|应付|全部)?(?:佣金|报酬|服务费))\s*(?:的|之)?\s*"
                    rf"(?:(?P<p>{_NUM})\s*[%％]|百分之(?P<cn>{_NUM}))")


_BARE_SHARE = re.compile(rf"(?:支付|付清|付款)(?:剩余|其余|余下|剩下)?(?:的)?\s*(?:(?P<p>{_NUM})\s*[%％]|百分之(?P<cn>{_NUM}))")


def _row_cells(line: str) -> list[str] | None:
    """The stripped cells of a table row line, or None for a line that is no row or a
    Markdown rule line (``|---|``)."""
    if not is_table_row(line):
        return None
    # one outer bar each side (a trailing empty cell, ｜53,400｜｜, is still a cell)
    cells = [c.strip() for c in re.split(r"[|｜│]", re.sub(r"^[|｜│]|[|｜│]$", "", line.strip()))]
    return None if all(re.fullmatch(r":?-{2,}:?|", c) for c in cells) else cells


def _grid_rows(text: str) -> list[tuple[list[str], str]]:
    """The rows of the tables in ``text`` as (cells, line): pipe rows (:func:`_row_cells`) and
    rows aligned with runs of two or more spaces or a tab into three or more cells (how a
    plain-text or PDF-extracted schedule is laid out: ``4       2024-12-13      0.00``)."""
    out = []
    for line in text.splitlines():
        cells = _row_cells(line)
        if cells is None and re.search(r"\S(?:[ \u3000]{2,}|\t)\S", line):
            cells = re.split(r"[ \u3000]{2,}|\t", line.strip())
            if len(cells) < 3:
                cells = None
        if cells is not None:
            out.append((cells, line))
    return out


def _table_rows(text: str) -> list[tuple[list[str], str]]:
    """The rows of the tables in ``text`` (lines :func:`pipelines.text.is_table_row` accepts)
    as (cells, line); Markdown rule lines (``|---|``) are skipped."""
    return [(cells, line) for line in text.splitlines() if (cells := _row_cells(line)) is not None]


_BOX_RULE = re.compile(r"[┌┬┐├┼┤└┴┘─━═╪╤╧╞╡╔╦╗╠╬╣╚╩╝\s]*[┬┼┴├┤][┌┬┐├┼┤└┴┘─━═╪╤╧╞╡╔╦╗╠╬╣╚╩╝\s]*")


def table_runs(text: str) -> list[tuple[list[str] | None, list[tuple[list[str], str]]]]:
    """The tables of ``text``: each run of consecutive row lines (:func:`pipelines.text.is_table_row`)
    as ``(header cells or None, [(row cells, row line), ...])``. The first row of a run is its
    header when it has two cells or more and none holds a digit other than a period's number
    (``第1期``, ``3月``, ``2026年``); the header is not among the
    rows. Markdown rule lines (``|---|``) and box-drawing rule lines (``├──┼──┤``) are skipped; a
    line that is no row ends the run.
    The one table reader: :func:`table_row_sentences` and :func:`table_blocks` are views of it."""
    out: list[tuple[list[str] | None, list[tuple[list[str], str]]]] = []
    head: list[str] | None = None
    rows: list[tuple[list[str], str]] = []
    in_table = False
    for line in text.splitlines() + [""]:
        if in_table and _BOX_RULE.fullmatch(line.strip()):
            continue  # a box-drawing rule line (├──┼──┤, └──┴──┘) inside a framed table
        if not is_table_row(line):
            if in_table:
                out.append((head, rows))
            head, rows, in_table = None, [], False
            continue
        if (cells := _row_cells(line)) is None:
            continue  # a rule line between the header and the rows
        if not in_table:
            in_table = True
            # digits that name a period (第1期, 3月, 2026年, Q2) do not make a header row a data row
            if len(cells) >= 2 and not any(re.search(r"\d", re.sub(r"第\d{1,3}(?=期|季度|年|个?月|阶段|批|周)|\d{1,2}(?=月)|\d{4}(?=\s*年)|Q[1-4]", "", c))
                                           for c in cells):
                head = cells
                continue
        rows.append((cells, line))
    return out


def table_row_sentences(text: str) -> dict[str, str]:
    """Each table row of ``text`` written as a sentence a detector can read, keyed by the
    row's own line: ``| 乙方 | 无 |`` under ``| 合伙人 | 查账权 |`` reads ``合伙人：乙方，查账权：无``;
    a row of a table without a header row (or with another cell count than its header:
    ``| 定金 | 20万元 |``) reads ``定金：20万元``. Tables as :func:`table_runs` reads them."""
    out: dict[str, str] = {}
    for head, rows in table_runs(text):
        for cells, line in rows:
            if head and len(head) == len(cells):
                out[line] = "，".join(f"{h}：{c}" for h, c in zip(head, cells) if c)
            else:
                out[line] = cells[0] + "：" + "，".join(c for c in cells[1:] if c)
    return out


_T_TOTAL_ROW = re.compile(r"^\s*(?:合计|总计|小计|总额|共计|总价)")
# a total row labelled for its period (月合计, 年度合计, 季度预缴合计)
_T_PERIOD_TOTAL = re.compile(r"^\s*(?:月|月度|年|年度|季|季度|全年|每月|本月|当月)[^\d|]{0,4}(?:合计|总计|共计)\s*$")
# a total row named for what it adds up (八年承包费合计（未扣除改造期）, 五年租金合计)
_T_NAMED_TOTAL = re.compile(r"^[^\d|，,；;。]{1,12}(?:合计|总计|共计)\s*(?:[（(][^）)]{0,20}[）)])?\s*$")


def _t_total_label(cells: list[str]) -> str | None:
    """The label of a total row (合计, 总计, 月合计 …) in its first non-empty cell among the
    first two (``| | 合计 | 1,960,000 |`` under ``| 序号 | 分部工程 | 金额 |``), else None."""
    for c in cells[:2]:
        if c.strip():
            return c if _T_TOTAL_ROW.match(c) or _T_PERIOD_TOTAL.match(c) or _T_NAMED_TOTAL.match(c) else None
    return None


def _table_column(rows: list[tuple[list[str], str]], header: str, cell: str) -> list[tuple[float, str]]:
    """(value, row line) for each body row of the first column whose header matches
    ``header`` and whose cells match ``cell`` (a regex with a group ``v``); the header row is
    the first row, and total rows (合计/总计/小计) are left out."""
    if len(rows) < 3:
        return []
    head = rows[0][0]
    for i, h in enumerate(head):
        if not re.search(header, h):
            continue
        out = []
        for cells, line in rows[1:]:
            if len(cells) != len(head) or _T_TOTAL_ROW.match(cells[0]):
                continue
            if (m := re.fullmatch(cell, cells[i].replace(" ", ""))) and (v := parse_number(m["v"].replace(",", ""))) is not None:
                out.append((v, line))
        if len(out) >= 2:
            return out
    return []


def payment_shares(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Instalments expressed as shares of the total price add up to more than 100%.

    Shares are read as ``合同总价的30%``, ``合同价款的百分之三十`` or ``结算总价的20%``, one
    list item or sentence each; once one is, a later bare ``货到后支付60%`` counts too. Not instalments, and skipped: sentences about 定金, 违约金,
    late payment or a security paid by the other side (履约保证金, 保函, 押金); cumulative
    shares (``支付至合同价款的80%``, ``累计达到…``), which restate the running total; and a
    share inside brackets, which glosses an amount already counted. A clause whose shares
    sum to more than 100.5% cannot be performed as written (民法典第四百六十六条: terms are
    then construed against each other, and the price actually owed is in dispute).
    """
    shares: list[tuple[float, str]] = []
    bases: set[str] = set()
    lead_in = False
    for sent in _split(clause.text):
        if not re.search(r"支付|付款|付清|结清|付至", sent) or re.search(
                r"定金|违约金|逾期|罚|赔偿|履约保证金|履约担保|投标保证金|保函|押金", sent):
            continue
        flat = sent.replace("\n", "")
        if (shares or lead_in) and not _SHARE.search(flat):
            # once the clause counts in shares of the total, a bare 支付60% is one more
            shares += [(v, sent) for b in _BARE_SHARE.finditer(flat) if (v := parse_number(b["p"] or b["cn"])) is not None]
            continue
        if re.search(r"[：:]\s*$", flat):
            # a lead-in's share is the sum of the items under it (合同总价的100%按下列节点支付：), not one more
            lead_in = lead_in or bool(_SHARE.search(flat))
            continue
        for m in _SHARE.finditer(flat):
            before = flat[:m.start()]
            if re.match(r"\s*的?\s*(?:增值税|发票|专用发票|普通发票|税)", flat[m.end():]) or re.search(r"开具[^，。；]{0,6}$", before):
                continue  # an invoice or a tax on the total is not an instalment
            if re.search(r"(?:(?:支付|付款?|达)(?:至|到)(?:本合同|合同|暂定|暂估|结算|签约)*|累计[^，。；]{0,6}|共计|已(?:经)?(?:支付|付))\s*$", before) or before.count("（") + before.count("(") > before.count("）") + before.count(")"):
                continue
            v = parse_number(m["p"] or m["cn"])
            if v is not None:
                shares.append((v, sent))
                bases.add(flat[max(0, m.start() - 4): m.start()] + re.sub(r"[的之\s\d%％.百分之]+$", "", m.group(0))
                          if re.search(r"佣金|报酬|服务费", m.group(0)) else "price")
    if len(bases) > 1 and bases != {"price"}:
        return []  # shares of different sums (首期佣金 and 二期佣金, a rush fee on top) are not one schedule
    if not shares and re.search(r"付款|支付|期次|节点|分期", clause.text):
        # a payment schedule drawn as a table: 期次 | 付款条件 | 付款比例 | 金额
        # (a cell may name its base: 合同总价的30%)
        shares = _table_column(_table_rows(clause.text), r"比例|百分比|[%％]",
                               r"(?:(?:合同|结算)?(?:总价款?|价款|总额|总金额)的?)?(?P<v>\d+(?:\.\d+)?)[%％]")
        values = [v for v, _ in shares]
        if values and values == sorted(values) and abs(values[-1] - 100) < 0.5:
            shares = []  # a cumulative column (30% / 80% / 100%) restates the running total
    total = sum(v for v, _ in shares)
    if len(shares) >= 2 and total > 100.5:
        parts = " + ".join(f"{v:g}%" for v, _ in shares)
        return [Hit(evidence=shares[-1][1].strip(), sentence=shares[-1][1],
                    explanation=f"各期付款比例合计为{parts} = {total:g}%，超过合同总价的100%，付款条款自相矛盾。")]
    # a schedule of three or more shares whose last instalment is the balance (尾款/余款) and that still leaves part
    # of the price unscheduled (30% + 40% + 尾款20%): the balance is not the balance; a retention or a remainder
    # stated without a share elsewhere in the clause may be the missing part, and is left alone
    if len(shares) >= 3 and 50 < total < 99.5 and re.search(r"尾款|余款|最后一期|末期", shares[-1][1]) \
            and not re.search(r"质保金|质量保证金|保证金|保留金|预留|剩余|其余|余额|差额", clause.text) \
            and len({x for _, x in shares}) == len(shares):  # one share per instalment sentence
        parts = " + ".join(f"{v:g}%" for v, _ in shares)
        return [Hit(evidence=shares[-1][1].strip(), sentence=shares[-1][1],
                    explanation=f"各期付款比例合计为{parts} = {total:g}%，不足合同总价的100%，其余{100 - total:g}%没有付款安排，"
                                "尾款与总价不符，付款条款自相矛盾（民法典第一百四十二条、第四百六十六条）。")]
    return []


_ROLES = r"甲方|乙方|丙方|出租人|承租人|出租方|承租方|出卖人|买受人|卖方|买方|发包人|承包人|分包人|委托人|受托人|委托方|受托方|借款人|出借人|用人单位|劳动者|许可方|被许可方|托运人|承运人|采购方|供应方|供货方"
_HEAD_PARTY = re.compile(rf"^\s*(?P<role>{_ROLES})\s*(?:[（(][^）)]{{0,8}}[）)]\s*)?[：:]\s*(?P<name>[^\s，,；;（(]{{4,40}})")
_SIGN_PARTY = re.compile(rf"(?P<role>{_ROLES})\s*[（(]\s*(?:盖章|签章|签字|签名|公章|签字或盖章|签字并盖章)\s*[）)]\s*[：:]\s*(?P<name>[^\s，,；;（(_＿]{{4,40}})")


@lru_cache(maxsize=4)
def _head_parties(text: str) -> dict[str, str]:
    """Role -> name of the parties in the first 60 lines of ``text``. Cached: the check
    runs once per clause, and re-reading the whole text each time was quadratic (a
    DOCX of 100,000 short paragraphs spent 159 s here). Only the first 60 lines are split."""
    head: dict[str, str] = {}
    for line in text[:200_000].splitlines()[:60]:
        m = _HEAD_PARTY.match(line)
        if m and m["role"] not in head:
            head[m["role"]] = m["name"]
    return head


def party_name_mismatch(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The party named at signature differs from the party named in the preamble."""
    head = _head_parties(ctx.text)
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


_K_DISPATCH_CORE = re.compile(r"(?<!非)(?:主营业务|核心业务|主要业务|主业|核心生产|主要生产|核心岗位|关键岗位|骨干岗位|研发岗位|研发工程师|核心工序|主营产品|主要产品(?:的)?(?:生产|组装|制造)|主生产线|生产线(?:的)?(?:操作|作业)(?:岗位|工)|生产一线|一线生产)")
_K_DISPATCH_AUX = re.compile(r"辅助性|替代性|非主营|顶岗|替代[^。；]{0,8}(?:休假|产假|脱产|学习|病假)")  # auxiliary or substitute posts
_K_DISPATCH_ALLOWED = re.compile("临时性|" + _K_DISPATCH_AUX.pattern)
_K_DISPATCH_TERM = re.compile(rf"(?:派遣(?:期限|期间|期)|使用(?:被)?派遣(?:人员|员工|劳动者)的?(?:期限|期间))[^。；]{{0,6}}?(?:为|是|：|:)?\s*(?:(?P<n>{_NUM})\s*(?P<u>年|个月)|"
                              r"(?P<y1>\d{4})\s*年\s*(?P<m1>\d{1,2})\s*月[^。；至到]{0,6}(?:至|到|—|-)\s*(?P<y2>\d{4})\s*年\s*(?P<m2>\d{1,2})\s*月)")


def _dispatch_core_post(flat: str) -> bool:
    """A sentence that puts dispatched workers on a main-business or core post (``从事其核心生产线的
    操作岗位``), not named 临时性/辅助性/替代性 and not a prohibition."""
    return bool(_K_DISPATCH_CORE.search(flat) and re.search(r"岗位|从事|工作|使用|安排", flat)
                and not _K_DISPATCH_ALLOWED.search(flat) and not re.search(r"不得|禁止|严禁", flat))


def dispatch_post_scope(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Dispatched workers put on the user's main-business or core posts, or dispatched for
    longer than a temporary post lasts with no auxiliary or substitute post named.

    Norm: dispatch is only for temporary (at most six months), auxiliary or substitute
    posts (劳动合同法第六十六条; the six months and "auxiliary = not the main business" are
    劳务派遣暂行规定第三条, not in the statute store). Shapes: ``从事其核心生产线的操作岗位``,
    ``软件研发工程师（用工单位主营业务岗位）``, ``派遣期限为三年`` with no 辅助性/替代性 post
    anywhere in the contract. A post named 辅助性/替代性/临时性, or a term of six months or
    less, is not flagged.
    """
    if ctx.contract_type != "劳务派遣协议" and not re.search(r"劳务派遣|被派遣劳动者|派遣员工|派遣人员", ctx.text):
        return []
    allowed = _per_doc(ctx, "dispatch_allowed_post", lambda: bool(_K_DISPATCH_ALLOWED.search(ctx.text)))
    main = _per_doc(ctx, "main_business", lambda: (m.group(1) if (m := re.search(r"主营业务(?:为|是|系|：|:)([^。；，\n]{2,30})", ctx.text or "")) else ""))
    if (row := _dispatch_table_row(clause.text, main, ctx.text)) is not None:
        return [Hit(evidence=row, sentence=row)]
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if not re.search(r"派遣|岗位", flat):
            continue
        if _dispatch_core_post(flat) or _dispatch_main_business_post(flat, main):
            return [Hit(evidence=flat.strip(), sentence=flat)]
        t = _K_DISPATCH_TERM.search(flat)
        if t and not allowed and not _per_doc(ctx, "dispatch_core_post", lambda: any(
                _dispatch_core_post(f := x.replace("\n", "")) or _dispatch_main_business_post(f, main)
                for c in ctx.clauses for x in _split(c.text))):
            # (a main-business post named elsewhere is the finding; the long term is then the same norm, said once)
            if t.group("n"):
                months = parse_number(t.group("n")) * (12 if t.group("u") == "年" else 1)
            else:
                months = (int(t.group("y2")) - int(t.group("y1"))) * 12 + int(t.group("m2")) - int(t.group("m1"))
            if months > 6:
                return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


def _dispatch_main_business_post(flat: str, main: str) -> bool:
    """A sentence naming the post dispatched workers are put on (``派遣岗位为干线运输驾驶员``,
    ``长期使用乙方派遣人员担任分拣员、干线司机等岗位``) that shares the main business the contract
    states (``main``, :func:`_shares_main_business`), the post not named 临时性/辅助性/替代性."""
    post = re.search(r"派遣岗位(?:为|是|：|:)(?P<a>[^。；]{2,30})|派遣(?:的)?(?:人员|员工|劳动者|工)[^。；，]{0,4}(?:担任|从事)(?P<b>[^。；，]{2,30})", flat)
    return bool(post and main and not _K_DISPATCH_ALLOWED.search(flat) and _shares_main_business(post.group("a") or post.group("b"), main))


def _shares_main_business(post: str, main: str) -> bool:
    """The post's text shares a two-character word of the main business the contract states
    (``干线货物运输`` and ``道路货物运输``), generic words (业务, 服务, 公司 …) aside."""
    return any(main[i:i + 2] in post for i in range(len(main) - 1)
               if not re.search(r"业务|公司|经营|服务|及|等|和|的|其|为|、|\s", main[i:i + 2]))


def _dispatch_table_row(text: str, main: str, doc_text: str) -> str | None:
    """The first row of a dispatch schedule (a table whose header names the 岗位 and a
    派遣/用工 period) that puts workers on a post for more than six months when the post is
    not temporary (劳动合同法第六十六条第二款: at most six months) and either shares the main
    business the contract states (not auxiliary) or the contract names no auxiliary or
    substitute post at all. A contract calling every post 辅助性或临时性 does not make a
    36-month trunk-driver post of a road-freight company either."""
    substitute_or_aux = _K_DISPATCH_AUX.search(doc_text)
    for head, rows in table_runs(text):
        if not head or not any("岗位" in h for h in head):
            continue
        term_col = next((i for i, h in enumerate(head) if re.search(r"期限|期间|时长|用工期", h)), None)
        if term_col is None:
            continue
        for cells, line in rows:
            if term_col >= len(cells) or re.search(r"合计|总计|小计", cells[0]):
                continue
            span = [d for d, _ in _dates(cells[term_col])]
            if len(span) >= 2:  # a period given by its dates (2026年5月1日至2029年4月30日)
                months = (span[-1].year - span[0].year) * 12 + span[-1].month - span[0].month
            else:
                m = re.search(rf"(?P<n>{_NUM})\s*(?P<u>年|个月)", cells[term_col])
                if not m or (n := parse_number(m.group("n"))) is None:
                    continue
                months = n * (12 if m.group("u") == "年" else 1)
            post = "".join(c for i, c in enumerate(cells) if i != term_col)
            if months <= 6 or _K_DISPATCH_ALLOWED.search(post):
                continue
            # the row itself calls the post core or the main product's (核心工序岗位, 主营产品组装岗位)
            if (main and _shares_main_business(post, main)) or not substitute_or_aux or _K_DISPATCH_CORE.search(post):
                return line.strip()
    return None


_K_NC_ORDINARY_POST = re.compile(r"保洁|保安|前台|门卫|清洁工?|操作工|流水线|普工|杂工|司机|厨师|服务员|收银员?|搬运工?|仓管员|店员|营业员|学徒|实习生|"
                                 r"不(?:接触|掌握|知悉|涉及)[^。；，]{0,8}(?:技术|商业秘密|经营信息|核心信息|保密信息)")


# where the immovable lies: 本工程（位于江苏省苏州市吴中区）, 租赁房屋坐落于成都市武侯区, 工程地点：…
_K_PROPERTY_PLACE = re.compile(r"(?:房屋|房产|物业|工程|项目|租赁物|标的物|不动产|场地|厂房|商铺|写字楼|房地产)[^。；，\n]{0,8}?"
                               r"(?:位于|坐落于?|座落于?|地处|地址|地点|坐落位置)(?:在|为|是|：|:)?\s*(?P<loc>[\u4e00-\u9fff]{2,30})")
# the place first: 就位于杭州市西湖区文三路某号的房屋发生的纠纷
_K_PROPERTY_PLACE_FIRST = re.compile(r"(?:位于|坐落于?|座落于?)(?P<loc>[^，。；\n]{2,30}?)的(?:房屋|房产|物业|工程|项目|租赁物|不动产|场地|厂房|商铺|写字楼|房地产)")
# an agreed forum by its own place: 由甲方住所地人民法院 / 提交北京市海淀区人民法院
_K_FORUM = re.compile(r"(?P<c>[^，。；]{0,24}?)(?:中级|基层|高级)?人民法院")
_K_FORUM_BY_PARTY = re.compile(r"(?:住所地|所在地|注册地|经营地|签订地|签约地)(?:的)?(?:即)?[^，。；]{0,16}?(?:人民)?法院")
_K_FORUM_LAWFUL = re.compile(r"(?:工程|项目|不动产|房屋|租赁物|标的物|房产|物业|工程项目|租赁房屋|仓库|厂房|商铺|店铺|门面|场地|写字楼|办公楼|车位|停车场|车库|泊位|广告位|外墙|场馆|食堂|土地|建筑物|租赁场所)(?:的)?(?:所在地|坐落地)")


def _admin_names(text: str) -> set[str]:
    """The two characters before each 省/市/区/县 in ``text`` (``江苏省苏州市吴中区`` ->
    {江苏, 苏州, 吴中}): enough to tell two places apart without a gazetteer."""
    return set(re.findall(r"([\u4e00-\u9fff]{2})(?:省|市|区|县)", text))


def _property_place(text: str) -> re.Match | None:
    """Where the property lies, written after the word (房屋位于…) or before it (位于…的房屋);
    the match's ``loc`` group holds the place."""
    return _K_PROPERTY_PLACE.search(text) or _K_PROPERTY_PLACE_FIRST.search(text)


_MOVABLE_TITLE = re.compile(r"设备|机械|机器|车辆|汽车|租车|船舶|船只|飞机|航空器|仪器|器材|工具|集装箱|叉车|起重机|挖掘机")
_IMMOVABLE = re.compile(r"房屋|房产|商铺|铺面|门面|店面|厂房|写字楼|办公楼|住宅|公寓|车位|土地|场地|建筑物|不动产|楼宇")


def _leases_immovable(text: str) -> bool:
    """Whether a lease (typed 房屋租赁合同) is of an immovable: False only when its title names
    a movable (设备, 车辆, 船舶 …) and no building, land or floor area (设备及厂房租赁合同 is
    both). The exclusive forum of 民事诉讼法第三十四条第一项 is for disputes over immovables
    only."""
    title = text.lstrip()[:60].split("\n", 1)[0]
    return not _MOVABLE_TITLE.search(title) or bool(_IMMOVABLE.search(title))


def immovable_forum(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A court chosen for a dispute over an immovable that is not the court where the
    immovable lies: a party's domicile or the place of signing (``由出租人住所地人民法院管辖``),
    or a named court of another place than the property's (``本工程位于苏州市吴中区`` …
    ``提交北京市海淀区人民法院``).

    Norm: disputes over immovables, construction contracts and leases of buildings included,
    are for the court where the immovable lies alone (民事诉讼法第三十四条第一项; 民诉法解释
    第二十八条); a choice of another court is void. Arbitration is not a court and is not
    judged here; a named court of the same city or district as the property is not flagged,
    nor is one whose place cannot be told from the contract's text.
    """
    if ctx.contract_type == "装饰装修合同" and "施工合同" not in ctx.text[:300]:
        return []  # a decoration contract titled as a construction (施工) contract is one; a household one may be 承揽
    if ctx.contract_type == "房屋租赁合同" and not _per_doc(ctx, "leases_immovable", lambda: _leases_immovable(ctx.text)):
        return []  # a lease of equipment or vehicles is no dispute over an immovable
    where = _property_place(clause.text) or _per_doc(ctx, "property_place", lambda: _property_place(ctx.text))
    place = _admin_names(where.group("loc")) if where else set()
    for sent in _split(clause.text):
        flat = sent.replace("\n", "")
        if "仲裁" in flat or "法院" not in flat or _K_FORUM_LAWFUL.search(flat):
            continue
        if _K_FORUM_BY_PARTY.search(flat):
            return [Hit(evidence=flat.strip(), sentence=flat)]
        for m in _K_FORUM.finditer(flat):
            court = _admin_names(m.group("c"))
            if place and court and not court & place:
                return [Hit(evidence=flat.strip(), sentence=flat)]
    return []


# Detectors whose finding rests on figures code computed from the clause (a rate per day or
# year, a ratio to the price, a period in days, a count of months): the review does not let
# a small model's disagreeing record lower their confidence (pipelines.review._build_risks).
COMPUTED_DETECTORS = frozenset({
    "ld_rate", "deposit_ratio", "loan_rate", "loan_rate_cap", "loan_upfront_deduction", "retention_ratio",
    "payment_period_long", "payment_shares", "instalments_exceed_total", "amount_words_digits",
    "labour_probation_wage", "labour_probation_length", "probation_length",
    "labour_noncompete_term", "noncompete_term", "labour_working_hours", "working_hours",
    "lease_term", "construction_warranty_short", "objection_period_short", "date_before_signing",
    "capital_deadline_beyond_five_years",
})


_DOC_MEMO: dict[tuple[int, str], tuple[object, object]] = {}


def _per_doc(ctx, key: str, compute):
    """``compute()`` once per screened document (``ctx``) and ``key``: a detector is called
    once per clause, and a whole-document search on every call makes the screen quadratic
    in the number of clauses (a hostile DOCX of thousands of short paragraphs)."""
    k = (id(ctx), key)
    hit = _DOC_MEMO.get(k)
    if hit is None or hit[0] is not ctx:
        if len(_DOC_MEMO) > 512:
            _DOC_MEMO.clear()
        hit = _DOC_MEMO[k] = (ctx, compute())
    return hit[1]


_C_TOTAL_LABEL = re.compile(r"(?:本合同|合同|协议)(?:项下)?(?:的)?(?:货款|价款|服务费用|技术服务费|服务费|工程款|费用|报酬|服务套餐|套餐|课程|培训|项目)?(?:总价款|总价|总金额|总额|价款总额|价款|金额|标的额|标的金额|标的总额|总计|合计)|(?:^|[\s|：:，。；])(?:合计|总计|总价)(?:金额)?"
                            # the whole consideration summed in a price list: 服务费合计（含税）：…
                            r"|(?:^|[\s|：:，。；的])(?:服务费|价款|货款|报价|总报价|合同价款|(?:服务|培训|课程|护理|项目)?套餐(?:费用|费|价格|价款)|服务费用|(?:课程|培训)(?:费用|费))(?:合计|总计|总额)(?:金额)?"
                            # the consideration of a transfer (股权转让价款, 交易对价, 收购总价)
                            r"|(?:转让|交易|收购)(?:总)?(?:价款|价格|对价)(?:总额|合计)?"
                            # the whole fee of one engagement: 本次演出费用总额为…, 活动费用总计
                            r"|(?:本次|全部|演出|活动|会议|项目|委托)(?:的)?(?:费用|服务费|报酬|酬金)(?:总额|合计|总计)"
                            # the whole price of the works or goods: 本工程总价, 装修工程总造价, 设备总价款
                            r"|(?:工程|项目|装修|装饰|货物|设备|房屋|房产|车辆|成交)(?:的)?(?:成交)?(?:总价款|总价|总造价|总金额|价款总额)")
_C_TOTAL_SKIP = re.compile(r"不含税|税前|税额|暂定|暂估|结算价|单价|每月|每年|每期|首期|第[一二三四五六七八九十\d]{1,3}期|预付|定金|违约金|保证金|的\s*$")
# an amount in Chinese numerals, capital (壹万元) or lowercase of two characters or more (二十万元)
_CN_AMOUNT = r"[零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+|[零〇一二两三四五六七八九十百千万亿]{2,}"
_C_YUAN = re.compile(rf"(?P<d>\d[\d,]*(?:\.\d+)?)\s*(?P<wan>万)?\s*元|[¥￥]\s*(?P<d2>\d[\d,]*(?:\.\d+)?)|(?P<w>{_CN_AMOUNT})元")


def _c_yuan_value(m: re.Match) -> float | None:
    """The amount in yuan of a :data:`_C_YUAN` or :data:`_LF_MONEY` match (``30万元`` →
    300000, ``¥1,000``, ``壹万元``)."""
    g = m.groupdict()
    if g.get("d"):
        v = parse_number(g["d"])
        return v * 10000 if v is not None and g.get("wan") else v
    return parse_number(g["d2"]) if g.get("d2") else parse_amount(g["w"])


def _c_total_prices(clause: Clause) -> list[tuple[float, str]]:
    """(amount in yuan, sentence) for each total price the clause states (合同总价为…元)."""
    return _total_prices_in(clause.text)


def _total_prices_in(text: str) -> list[tuple[float, str]]:
    out = []
    for sent in _split(text):
        flat = sent.replace("\n", " ")
        for m in _C_TOTAL_LABEL.finditer(flat):
            tail = flat[m.end(): m.end() + 30]
            a = _C_YUAN.search(tail)
            # the total restated as the base of a share (预付款为合同总价款350万元的百分之十)
            base = a is not None and re.match(r"\s*(?:的|之|×|\*)\s*(?:百分之|\d)", tail[a.end():])
            skip = _C_TOTAL_SKIP.search(flat[max(0, m.start() - 6): m.start()])
            # a transfer's consideration is named after its object (标的股权的转让价款为…): "的" there is no part of a whole
            if skip and skip.group(0).startswith("的") and re.match(r"(?:转让|交易|收购)", m.group(0).lstrip(" |：:，。；的")):
                skip = None
            if not base and skip:
                continue
            if re.search(r"网签|备案|申报|报税|纳税|(?:过户|登记)(?:价|价格|价款)", flat[max(0, m.start() - 12): m.start()]):
                continue  # the price declared for filing (网签合同价款按…填报): a 阴阳合同 (price.declared_price_understated), not a second total
            if re.match(r"\s*(?:的|之)?\s*(?:百分之|\d+(?:\.\d+)?\s*[%％])", tail) or _C_TOTAL_SKIP.search(tail[:6]):
                continue
            if a is None or a.start() > 16:
                continue
            # a share of the total stated before its amount (合同总价剩余30%，计人民币385,920元) is an instalment
            if re.search(r"[%％]|百分之|剩余|余款|尾款|其余", tail[:a.start()]):
                continue
            # the total as the base of another amount: 余款按合同总价计算为166,480元
            if re.match(r"\s*(?:计算|折算|核算)", tail):
                continue
            v = _c_yuan_value(a)
            if v and v >= 100:
                out.append((v, sent.strip()))
                break
    return out


def side_words(ctx, words: str) -> str:
    """The role words of one side of the contract, with the party label it goes by.

    A check names a side by its role (``出卖人|卖方|供方``); contracts call it 甲方 or 乙方
    as their preamble decides (``卖方（乙方）：…``). Where the preamble gives one party a role
    among ``words``, that party's label is added and the other party's label removed, so
    ``乙方有权要求甲方立即支付全部剩余货款`` is the seller's right whichever letter the
    seller has.

    Args:
        ctx: the screen context (``party_roles`` as :func:`pipelines.classify.party_roles`).
        words: a regex alternation of role words (``|``-separated, no groups).

    Returns:
        The alternation, longest word first; ``words`` unchanged when the preamble names
        neither party by one of them.
    """
    roles = getattr(ctx, "party_roles", {}) or {}
    ws = set(words.split("|"))
    for party, label, other in (("party_a", "甲方", "乙方"), ("party_b", "乙方", "甲方")):
        if set(roles.get(party, ())) & (ws - {"甲方", "乙方"}):
            ws.add(label)
            ws.discard(other)
            break
    return "|".join(sorted(ws, key=len, reverse=True))


DETECTORS: dict[str, Callable[..., Iterable[Hit]]] = {}

DETECTORS.update({
    "amount_words_digits": amount_words_digits,
    "cited_article_invalid": cited_article_invalid,
    "confidentiality_no_term": confidentiality_no_term,
    "dangling_reference": dangling_reference,
    "date_before_signing": date_before_signing,
    "deposit_ratio": deposit_ratio,
    "dev_results_unallocated": dev_results_unallocated,
    "dispatch_post_scope": dispatch_post_scope,
    "immovable_forum": immovable_forum,
    "lease_term": lease_term,
    "noncompete_term": noncompete_term,
    "party_name_mismatch": party_name_mismatch,
    "payment_shares": payment_shares,
    "probation_length": probation_length,
    "repealed_law": repealed_law,
    "working_hours": working_hours,
})
