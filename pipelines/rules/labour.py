"""Labour detectors (checks of ``pipelines/playbook/employment.yaml``; 劳动合同法, 劳动争议解释).

Probation length and wage, working hours, wages and overtime, an employee's 违约金 and service
period, non-compete terms and compensation, unilateral changes, dismissal and resignation,
deposits and property taken from workers, part-time work, social insurance and labour
arbitration. Each reads who holds the right, on what condition, with what consequence; numbers
and periods are compared here, never by the LLM. Examples:
``tests/pipelines/data/playbook_cases_employment.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from pipelines.rules.commercial import (
    _t_value,
    table_blocks,
)
from pipelines.rules.core import (
    _CN_AMOUNT,
    _CN_DIGITS,
    _DURATION,
    _K_NC_ORDINARY_POST,
    _NUM,
    DETECTORS,
    Hit,
    _c_yuan_value,
    _calendar_months,
    _dates,
    _per_doc,
    _split,
    _table_rows,
    _years_between,
    parse_number,
    parse_rate,
    unglossed,
)
from pipelines.types import Clause

_LF_EMPLOYER = "甲方|用人单位|本公司|公司|单位|企业|雇主|用工单位|劳务派遣单位|派遣单位"
_LF_EMPLOYEE = "乙方|劳动者|员工|职工|雇员|被派遣劳动者|派遣员工|受聘人|受聘方|本人"
_LF_NUMW = rf"(?:\d+(?:\.\d+)?|[{_CN_DIGITS}]+)"


def _lf_roles(ctx) -> tuple[str, str]:
    """(employer, employee) role alternations; 甲方/乙方 swapped when the preamble says
    甲方 is the worker (甲方（劳动者）) or 乙方 the employer (乙方（用人单位）)."""
    er, ee = _LF_EMPLOYER, _LF_EMPLOYEE
    head = (getattr(ctx, "text", "") or "")[:3000]
    if re.search(r"甲方\s*[（(：:]\s*(?:劳动者|员工|受聘人|职工|应聘者)", head) or \
            re.search(r"乙方\s*[（(：:]\s*(?:用人单位|聘用单位|公司)", head):
        er = er.replace("甲方", "乙方")
        ee = ee.replace("乙方", "甲方")
    elif _lf_third_party_worker(head):
        ee = ee.replace("乙方", "丙方")  # 乙方 is the client of a three-party service; 丙方 the agency's employee
    return er, ee


def _lf_third_party_worker(head: str) -> bool:
    """A three-party service contract whose 丙方 is one party's employee (家政服务员, 护理员 …:
    ``丙方系甲方招用的员工，已与甲方签订劳动合同``): the labour rules govern the clauses on 丙方."""
    return bool(re.search(r"丙方\s*[（(：:]\s*(?:家政服务员|服务员|服务人员|员工|劳动者|育婴员|护理员|保姆|月嫂|护工|驾驶员|保洁员)", head)
                and re.search(r"丙方[^。；\n]{0,8}(?:系|为|是)[^。；\n]{0,10}(?:招用|聘用|雇用)?的?(?:员工|职工|劳动者)|丙方[^。；\n]{0,12}(?:签订|订立)[^。；\n]{0,4}劳动合同", head))


def _lf_actor(text: str, end: int, er: str, ee: str, span: int = 24) -> str | None:
    """The last party role named in the ``span`` characters before ``end``: ``"er"``,
    ``"ee"`` or ``None``."""
    window = text[max(0, end - span): end]
    last, who = -1, None
    for m in re.finditer(rf"(?P<er>{er})|(?P<ee>{ee})", window):
        if m.start() >= last:
            last, who = m.start(), ("er" if m["er"] else "ee")
    return who


def _lf_days(n: str, unit: str) -> float | None:
    v = parse_number(n)
    if v is None:
        return None
    return v * {"日": 1, "天": 1, "工作日": 1.4, "周": 7, "星期": 7, "个月": 30, "月": 30, "年": 365, "小时": 1 / 24}[unit]


def _lf_employment_doc(ctx) -> bool:
    """A labour relationship: a 劳动合同, or a 保密/竞业 agreement with an employee."""
    if re.search(r"劳动合同|用人单位|劳动者|聘用|雇佣|劳务派遣|被派遣|竞业|试用期|员工保密|职工保密|员工手册|入职", ctx.text[:600]):
        return True  # the title or the parties say so
    if _lf_third_party_worker(ctx.text[:3000]):
        return True  # a three-party service whose 丙方 is a party's employee
    # a contract classified as labour but with none of its vocabulary (a franchise or
    # service agreement that mentions 员工) is not one; a single clause under test is
    if ctx.contract_type == "保密协议" and (
            re.search(r"(?:乙方|受约束方|接收方)[（(：:\s]*(?:员工|职工|雇员)|员工姓名|身份证号|劳动关系|任职期间|在职期间", ctx.text[:800])
            or (len(ctx.text) < 1500 and re.search(r"员工|职工|雇员", ctx.text))):
        return True  # an employee's confidentiality agreement is a labour document (劳动合同法第二十三条), not a mutual NDA
    return ctx.contract_type in ("劳动合同", "劳务派遣协议", "竞业限制协议") and len(ctx.text) < 1500


_LF_NEG_BEFORE = r"(?:不得|不能|不可|无权|不会|禁止|严禁|不应|不允许)"
_LF_NC_DOC = re.compile(r"竞业限制协议|竞业禁止协议|竞业协议|保密与竞业|保密及竞业")


# the worker leaving, in the words contracts use for it
_LF_LEAVES = r"(?:辞职|离职|走人|就走|提前解除|提前离开|擅自离开|不辞而别)"


def labour_employee_penalty(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The worker pays a 违约金 (or a fixed sum for leaving) in a case other than a
    服务期 for paid professional training (劳动合同法第22条) or a 竞业限制 (第23条):
    劳动合同法第25条 forbids it.

    Shapes: ``乙方提前离职的，应向甲方支付违约金``, ``违约金由员工承担``, ``员工违反
    保密/考勤/规章…支付违约金``, ``任何一方违约…违约金`` in a labour contract,
    ``未满三年辞职的，赔偿公司两个月工资/5000元``, the sum taken from the pay instead
    (``没提前说就走的，扣半个月工资作为赔偿``; 第九十条 leaves only the actual loss), and a 违约金 on
    top of the training cost (``除返还培训费用外，还应支付违约金``: beyond 第二十二条). A 违约金 the
    employer pays, or one tied to 服务期/培训/竞业 alone, is not flagged.
    """
    if not _lf_employment_doc(ctx):
        return []
    three_party = ctx.contract_type not in ("劳动合同", "保密协议", "竞业限制协议")
    if three_party and not _lf_third_party_worker((ctx.text or "")[:3000]):
        return []  # a service contract's 违约金 binds a company, not a worker
    er, ee = _lf_roles(ctx)
    # a 服务期 carries a 违约金 only for training the employer paid for (第22条): with no
    # training anywhere in the contract, 未满服务期离职…支付违约金 is the penalty 第25条 forbids
    # (in a three-party service contract 服务期 is the term of the service, not a training bond)
    trained = bool(re.search(r"专项培训|培训费" if three_party else r"培训", ctx.text))
    clause_nc = re.search(r"竞业|专项培训|培训费", clause.text) or (trained and re.search(r"服务期", clause.text))
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        # a 违约金 on top of the training cost (除返还培训费用外，还应支付违约金…) is beyond what 第22条 allows
        on_top = re.search(r"除[^。；]{0,30}(?:培训费|服务期|竞业)[^。；]{0,12}(?:外|之外|以外)[^。；]{0,10}(?:还|另|另行|再|并|亦|同时)", s) \
            or (re.search(r"违约金[^。；]{0,30}(?:同时|并|另|还|此外|以及)[^。；]{0,4}(?:赔偿|返还|承担|支付|偿还)[^。；]{0,20}培训费", s)
                and not re.search(r"服务期|专项培训|专业技术培训|工作满|服务满", s))
        # (a 违约金 for leaving, with the training cost added after it, is no 服务期 违约金: 辞职…支付违约金叁万元，同时赔偿…培训费用)
        if (re.search(r"专项培训|培训费|培训服务|竞业", s) or (trained and "服务期" in s)) and not on_top:
            continue
        conf_only = "保密" in s and "竞业" not in s
        if clause_nc and not conf_only and not on_top and re.search(r"本条|本协议|上述|前款|前述|该项|此项", s):
            continue  # refers back to a 服务期 / 竞业 clause
        if re.search(rf"向(?:{ee})[^。；]{{0,4}}(?:支付|赔付|给付|承担)", s):
            continue  # the employer pays
        if re.search(r"(?:无需|无须|不需|不承担|不支付|不得约定|不得要求)[^。；]{0,10}违约金", s):
            continue
        first = re.search(rf"(?P<er>{er})|(?P<ee>{ee})|(?P<both>任何一方|任一方|违约方|双方)", s)
        if first and first["er"] and not re.search(r"(?:赔偿?|支付给|付给|交给|向|给)$", s[:first.start()]) and not re.search(rf"由(?:{ee})(?:承担|支付)|(?:{ee})(?:应|须|需)?(?:当)?(?:向(?:{er}))?(?:支付|承担|缴纳)[^。；]{{0,10}}违约金", s[first.end():]) \
                and not re.search(rf"向(?:{er})(?:支付|缴纳|交纳|赔付|给付)[^。；]{{0,20}}(?:违约金|违约赔偿金)", s):
            # (not where the worker pays the employer: 甲方招聘、培训投入成本较高，乙方…离职的，还应向甲方支付…违约金
            # names the employer first only as the reason)
            continue  # the employer is the one in breach
        if not conf_only and _LF_NC_DOC.search(ctx.text[:400]) and re.search(r"本协议|本合同", s) and ctx.text.count("竞业") >= 3:
            continue  # a non-compete agreement: its 违约金 is the one 第23条 allows
        penalty = re.search(r"违约金|违约赔偿金", s) and (
            re.search(rf"(?:{ee}|任何一方|任一方|违约方|双方)[^。；]{{0,40}}(?:支付|承担|缴纳|交纳|赔付|给付)[^。；]{{0,20}}(?:违约金|违约赔偿金)", s)
            or re.search(rf"(?:违约金|违约赔偿金)[^。；]{{0,10}}由(?:{ee})(?:承担|支付)", s)
            or re.search(rf"向(?:{er})(?:支付|缴纳|交纳|赔付|给付)[^。；]{{0,20}}(?:违约金|违约赔偿金)", s))
        leave_sum = re.search(
            rf"(?:{_LF_LEAVES}|未满[^。；]{{0,8}}(?:年|期)|不满[^。；]{{0,8}}年)[^。；]{{0,40}}"
            rf"(?:赔偿|赔|支付|承担|缴纳)[^。；]{{0,15}}(?:{_LF_NUMW}\s*(?:万)?(?:元|块)|{_LF_NUMW}\s*个月(?:的)?(?:工资|薪资|薪酬|月薪))", s)
        if not leave_sum:
            # the sum taken out of the pay instead (扣半个月工资作为赔偿): a fixed penalty all the same
            # (劳动合同法第二十五条; 第九十条 leaves only the employer's actual loss)
            leave_sum = re.search(
                rf"(?:{_LF_LEAVES}|未提前[^。；，]{{0,8}}(?:通知|说|告知))[^。；]{{0,40}}"
                rf"(?:扣|扣除|扣发|扣减|罚|不发)[^。；，]{{0,4}}(?:半个?月|{_LF_NUMW}\s*个?月|{_LF_NUMW}\s*(?:天|日))(?:的)?(?:工资|薪资|薪酬|月薪)", s)
        if leave_sum and re.search(r"(?:暂扣|暂缓|扣押|押后)", leave_sum.group(0)) and re.search(
                r"(?:待|之后|以后|后)[^。；]{0,30}(?:支付|发放|结清|返还|退还|结算)", s[leave_sum.end():]):
            leave_sum = None  # held and paid later: withholding (labor.wage_withholding), not a sum forfeited
        if leave_sum:
            pay = re.search(r"赔偿|支付|承担|缴纳", leave_sum.group(0)[leave_sum.group(0).find("，") + 1:] if "，" in leave_sum.group(0) else leave_sum.group(0))
            pos = leave_sum.start() + (leave_sum.group(0).find("，") + 1 if "，" in leave_sum.group(0) else 0) + (pay.start() if pay else 0)
            if _lf_actor(s, pos, er, ee, 30) == "er":
                leave_sum = None
        if penalty or leave_sum:
            return [Hit(evidence=s.strip(), sentence=sent)]
    return []


_LF_CHANGE_OBJ = (r"(?:工作岗位|岗位|职位|职务|工作地点|工作地|工作内容|工作区域|工作部门|工资|薪酬|薪资|薪金|月薪|底薪|基本工资|待遇|劳动报酬|工资标准|"
                  r"(?:其他|任何|各地|全国|外地|异地|境外)[^。；，]{0,6}(?:分支机构|分公司|子公司|门店|项目部?|地区|城市|工地))")
_LF_CHANGE_VERB = r"(?:调整|变更|调动|调换|调岗|降低|降级|降职|降薪|减少|扣减|下调|轮岗|另行安排|重新安排|调配|派往|派驻|外派)"


def _lf_part_time_doc(ctx) -> bool:
    """Part-time work (非全日制用工, 劳动合同法第六十八条): the title or the opening clauses
    say so, or the contract is paid by the hour and names the arrangement anywhere."""
    return _per_doc(ctx, "part_time", lambda: bool(
        re.search(r"非全日制", ctx.text[:800])
        or (re.search(r"非全日制用工", ctx.text) and re.search(r"小时工资|按小时|计时|时薪", ctx.text))))


_PT_TRIAL = re.compile(r"试用期?|试工期?|试岗期?|考察期|适应期|见习期|适岗期|磨合期|观察期|实习期")
_PT_HOURS_DAY = re.compile(rf"(?:每日|每天|日均|单日)[^。；]{{0,12}}?(?:工作(?:时间|时长)?)?[^。；\d{_CN_DIGITS}]{{0,8}}?(?P<a>{_NUM})\s*(?:(?:至|到|-|－|~|～)\s*(?P<b>{_NUM})\s*)?(?:个)?小时")
_PT_HOURS_WEEK = re.compile(rf"(?:每周|每星期|周)[^。；\d{_CN_DIGITS}]{{0,14}}?(?P<a>{_NUM})\s*(?:(?:至|到|-|－|~|～)\s*(?P<b>{_NUM})\s*)?(?:个)?小时")
_PT_HOURLY = re.compile(r"(?P<v>\d+(?:\.\d+)?)\s*元\s*[/／每]\s*(?:小时|时)|每小时\s*(?:人民币)?\s*(?P<w>\d+(?:\.\d+)?)\s*元|时薪[^。；\d]{0,8}(?P<x>\d+(?:\.\d+)?)\s*元")


def labour_part_time(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Terms of part-time work (非全日制用工) below 劳动合同法第六十八条至第七十二条.

    ``params["kind"]``:

    * ``hours`` — more than 24 hours a week, or a day that is never shorter than four hours
      (第六十八条: on average at most four hours a day and 24 a week with one employer);
      a day of 4–5 hours alone is not flagged (the average may still be four).
    * ``trial`` — a probation period by any name (试用期, 考察期, 适岗期 …) during which the
      worker is assessed or paid less (第七十条: no probation may be agreed). A sentence that
      excludes it (不约定试用期, 不设考察期) is lawful.
    * ``pay_cycle`` — pay settled monthly or over more than fifteen days (第七十二条第二款).
    * ``below_minimum`` — an hourly rate (``19.50元/小时``) below the minimum hourly wage the
      contract itself states (第七十二条第一款; 劳动法第四十八条).
    * ``exit_restricted`` — the worker must give notice, or pays for leaving (第七十一条:
      either party may end part-time work at any time by telling the other).

    Only in a part-time contract (:func:`_lf_part_time_doc`). One hit per clause.
    """
    if not _lf_part_time_doc(ctx):
        return []
    kind = params.get("kind")
    er, ee = _lf_roles(ctx)
    for sent in _split(clause.text):
        s = unglossed(sent.replace("\n", ""))
        if kind == "hours":
            if (why := _pt_hours_over(s)):
                return [Hit(evidence=s.strip(), sentence=sent, explanation=why)]
        elif kind == "trial":
            m = _PT_TRIAL.search(s)
            if m and not re.search(r"(?:不|无|不得|不再)(?:约定|设|设置|设立|适用|实行|进行)?[^。；，]{0,4}" + m.group(0)[:2], s) \
                    and re.search(r"考核|考察|评估|合格|录用|聘用|转正|不合格|工资|报酬|时薪|终止|解除|期满|为期|\d|[一二三四五六七八九十]+(?:日|天|个月|周)", s):
                return [Hit(evidence=s.strip(), sentence=sent)]
        elif kind == "pay_cycle":
            if _pt_cycle_over(s):
                return [Hit(evidence=s.strip(), sentence=sent)]
        elif kind == "below_minimum":
            floor = _per_doc(ctx, "part_time_min_wage", lambda: _pt_minimum_hourly(ctx.text))
            pct = re.search(rf"最低(?:小时)?工资(?:标准)?的?\s*(?:(?P<a>{_NUM})\s*[%％]|百分之(?P<b>{_NUM}))", s)
            if pct and (v := parse_number(pct["a"] or pct["b"])) is not None and v < 100:
                return [Hit(evidence=s.strip(), sentence=sent,
                            explanation=f"约定小时工资为最低小时工资标准的{v:g}%，低于最低标准（劳动合同法第七十二条、劳动法第四十八条），差额部分用人单位仍须补足。")]
            if floor is None or re.search(r"最低", s):
                continue
            for v in _pt_hourly_rates(s):
                if 0 < v < floor:
                    return [Hit(evidence=s.strip(), sentence=sent,
                                explanation=f"本合同确认当地非全日制用工小时最低工资标准为每小时{floor:g}元，此处约定的小时工资折合{v:g}元，低于最低标准（劳动合同法第七十二条、劳动法第四十八条），差额部分用人单位仍须补足。")]
        elif kind == "exit_restricted":
            if _pt_exit_restricted(s, er, ee):
                return [Hit(evidence=s.strip(), sentence=sent)]
    return []


_PT_CLOCK = re.compile(r"(?P<h1>\d{1,2})[:：](?P<m1>\d{2})\s*(?:至|到|-|－|~|～|—)\s*(?P<h2>\d{1,2})[:：](?P<m2>\d{2})")
_PT_WEEKDAYS = re.compile(r"(?:每周|周)(?P<a>[一二三四五六日天])\s*(?:至|到|-|～|~)\s*(?:周|星期)?(?P<b>[一二三四五六日天])|每周(?:工作|上班|排班)?\s*(?P<n>[1-7一二三四五六七])\s*(?:天|日)")
_PT_DAYNUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7, "七": 7}


def _pt_hours_over(s: str) -> str | None:
    """Why a part-time sentence's working hours exceed 劳动合同法第六十八条 (24 a week, four a
    day on average), or None. Reads weekly and monthly totals, a daily length that is never
    under four hours, and clock times times the working days of the week; the hours of
    full-time staff named for comparison are not the worker's."""
    if re.search(r"全日制(?:员工|职工|人员|劳动者)", s) and not re.search(r"非全日制", s[:s.find("全日制") + 1] if "全日制" in s else ""):
        s = re.sub(r"(?<!非)全日制(?:员工|职工|人员|劳动者)[^，。；]*", "", s)
    for m in _PT_HOURS_WEEK.finditer(s):
        hi = parse_number(m["b"] or m["a"])
        if hi and hi > 24 and not re.search(r"(?:不得|不能|禁止)[^。；]{0,6}超过", s[max(0, m.start() - 10): m.start() + 4]):
            return f"非全日制用工每周工作时间累计不得超过二十四小时（劳动合同法第六十八条），本条约定每周可达{hi:g}小时，超出法定上限，可能被认定为全日制用工。"
    for m in re.finditer(rf"(?:每月|月均|每个月)[^。；\d{_CN_DIGITS}]{{0,10}}?(?P<a>{_NUM})\s*(?:个)?小时", s):
        v = parse_number(m["a"])
        if v and v / (52 / 12) > 24 and not re.search(r"不得超过|不超过", s[max(0, m.start() - 6): m.end()]):
            return f"约定每月工作{v:g}小时，折合每周约{v / (52 / 12):.1f}小时，超过非全日制用工每周二十四小时的上限（劳动合同法第六十八条），可能被认定为全日制用工。"
    for m in _PT_HOURS_DAY.finditer(s):
        lo = parse_number(m["a"])
        if lo and lo > 4 and not re.search(r"平均|累计", s[m.start(): m.end()]):
            return f"非全日制用工平均每日工作时间不得超过四小时（劳动合同法第六十八条），本条约定每日工作至少{lo:g}小时，超出法定上限，可能被认定为全日制用工。"
    c = _PT_CLOCK.search(s)
    d = _PT_WEEKDAYS.search(s)
    if c and d and not re.search(r"之间|以内|范围内|排班", s):
        daily = (int(c["h2"]) * 60 + int(c["m2"]) - int(c["h1"]) * 60 - int(c["m1"])) / 60
        days = (_PT_DAYNUM.get(d["b"], 0) - _PT_DAYNUM.get(d["a"], 0) + 1) if d["a"] else (parse_number(d["n"]) or 0)
        if 0 < daily <= 12 and 0 < days <= 7 and daily * days > 24:
            return (f"约定每天{c.group(0)}工作（{daily:g}小时）、每周{days:g}天，合计每周{daily * days:g}小时，超过非全日制用工每周二十四小时的上限"
                    "（劳动合同法第六十八条），可能被认定为全日制用工。")
    return None


def _pt_cycle_over(s: str) -> bool:
    """A part-time sentence that settles pay over more than fifteen days (劳动合同法第七十二条
    第二款): monthly (按月, 月结, 次月, 周期为一个月) or every 16–90 days. Twice a month
    (每月1日和16日, 半个月) and every week or two are within the limit, and so is a monthly
    summary beside a shorter pay cycle."""
    if not re.search(r"劳动报酬|工资|薪酬|时薪|报酬|计酬|结算方式|发放", s) or re.search(r"最低工资|社会保险|工伤", s):
        return False
    if re.search(r"半(?:个)?月|每(?:半月|周|星期|两周|二周|十日|十天|十五日|十五天)|[1１]日和[1１]?6日|两次|1日、16日", s):
        return False
    if re.search(r"周期[^。；，]{0,4}(?:为|是)?\s*(?:一个月|1个月|一月|每月|一季度|一个季度)|月结|按月(?:结算|支付|发放|计发)|次月|每月[^。；，]{0,10}(?:结算|支付|发放|发)|每季", s):
        return True
    m = re.search(rf"每\s*(?P<n>{_NUM})\s*(?:日|天)[^。；，]{{0,6}}(?:结算|支付|发放|发)", s)
    return bool(m and (n := parse_number(m["n"])) and n > 15)


def _pt_hourly_rates(s: str) -> list[float]:
    """Hourly rates in yuan a sentence states: ``20元/小时``, ``小时工资为20元``,
    ``每小时人民币壹拾玖元``, ``每工作4小时支付80元`` (20), ``每周二十小时，每周四百元`` (20)."""
    def extra(m: re.Match) -> bool:  # an allowance on top of the wage: 另按每小时2元发放交通补贴
        return bool(re.search(r"补贴|津贴|补助|奖励|奖金|提成", s[m.end(): m.end() + 10]) or re.search(r"另(?:行)?(?:按)?\s*$", s[max(0, m.start() - 3): m.start()]))
    out = []
    for m in _PT_HOURLY.finditer(s):
        if not extra(m):
            out.append(float(m["v"] or m["w"] or m["x"]))
    for m in re.finditer(rf"(?:小时工资|时薪|计时工资|每小时|每个小时)(?:标准)?[^。；，\d{_CN_DIGITS}]{{0,8}}?(?:人民币)?\s*(?P<n>{_NUM})\s*元", s):
        if not extra(m) and (v := parse_number(m["n"])) is not None:
            out.append(v)
    m = re.search(rf"每(?:工作)?\s*(?P<h>{_NUM})\s*(?:个)?小时[^。；]{{0,12}}?(?P<y>{_NUM})\s*元", s)
    if m and (h := parse_number(m["h"])) and (y := parse_number(m["y"])):
        out.append(y / h)
    m = re.search(rf"每周(?:工作)?[^。；，]{{0,4}}?(?P<h>{_NUM})\s*(?:个)?小时[^。；]{{0,16}}?每周[^。；，]{{0,6}}?(?P<y>{_NUM})\s*元", s)
    if m and (h := parse_number(m["h"])) and (y := parse_number(m["y"])):
        out.append(y / h)
    return out


def _pt_exit_restricted(s: str, er: str, ee: str) -> bool:
    """A part-time sentence that restricts ending the work at any time (劳动合同法第七十一条):
    the worker must give notice, ask approval, wait for a replacement or pay for leaving;
    either side must give notice of a day or more; or the worker may not end it at all."""
    lm = re.search(r"离职|辞职|辞工|离岗|终止用工|解除(?:本)?(?:合同|用工|劳动关系)|终止(?:本)?合同|不再(?:到岗|上班)", s)
    if not lm:
        return False
    who = "ee" if re.search(r"离职|辞职|辞工|离岗|不再(?:到岗|上班)", lm.group(0)) else _lf_actor(s, lm.start(), er, ee)
    mutual = re.search(r"任何一方|任一方|双方|一方", s[:lm.start()])
    if who == "er" or (who is None and not mutual):
        return False
    if re.search(rf"(?:{ee})[^。；，]{{0,10}}(?:不得|不能|无权)[^。；，]{{0,6}}(?:提出|单方)?(?:终止|解除|离职|辞职)", s):
        return True
    if re.search(r"不影响[^。；]{0,6}(?:终止|解除|离职)的?(?:效力)?|(?:可以|可|有权)随时(?:通知[^。；，]{0,4})?(?:终止|解除)", s):
        return False  # advice, or the worker's own right to leave at once
    notice = re.search(r"(?<![宜可])提前[^。；，]{0,4}(?:\d+|[一二三四五六七八九十百]+)\s*(?:日|天|个工作日|周|个月|月)[^。；]{0,6}(?:书面)?(?:通知|申请|告知)", s)
    if notice and not re.search(r"宜|建议|尽量|最好", s[max(0, notice.start() - 4): notice.start()]):
        return True
    if mutual and who is None:
        return False
    return bool(re.search(r"违约金|赔偿[^。；]{0,6}(?:损失|费用)|扣(?:除|减|发)[^。；]{0,10}(?:报酬|工资)|(?:须|需|应)?经[^。；]{0,8}(?:批准|同意|审批)|(?:方可|才能|才可)[^。；，]{0,4}(?:离职|辞职|离岗|终止)", s))


def _pt_minimum_hourly(text: str) -> float | None:
    """The minimum hourly wage a part-time contract states (``小时最低工资标准为每小时人民币23元``,
    ``最低小时工资标准……现为每小时二十四元``)."""
    m = re.search(rf"(?:小时最低工资|最低小时工资)(?:标准)?[^。；\d{_CN_DIGITS}]{{0,40}}?(?P<n>{_NUM})\s*元", text)
    return parse_number(m["n"]) if m else None


def labour_unilateral_change(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The employer may change the post, place of work or wage on its own (劳动合同法第35条:
    a change needs agreement in writing).

    Shapes: ``甲方有权根据经营需要调整乙方的岗位/工资``, ``乙方应服从公司的工作调动``,
    ``乙方的薪酬由公司根据考核结果确定和调整``. Not flagged: a change by agreement
    (协商一致, 经乙方同意), a raise, a change the law allows (不能胜任 → 调整岗位 under
    第40条, 医疗期满), or a prohibition (甲方不得单方调整).
    """
    if not _lf_employment_doc(ctx):
        return []
    er, ee = _lf_roles(ctx)
    o, v = _LF_CHANGE_OBJ, _LF_CHANGE_VERB
    shapes = (
        rf"(?:{er})[^。；]{{0,12}}(?:有权|可以|可|将|得|保留)[^。；]{{0,30}}{v}[^。；]{{0,12}}{o}",
        rf"(?:{er})[^。；]{{0,12}}(?:有权|可以|可|将|得|保留)[^。；]{{0,20}}{o}[^。；]{{0,12}}{v}",
        rf"(?:{ee})[^。；]{{0,10}}(?:应|须|必须|需|应当)?(?:无条件)?(?:服从|接受|同意|配合)[^。；]{{0,20}}(?:{v}|安排|调配)",
        rf"{o}[^。；]{{0,30}}由(?:{er})[^。；]{{0,20}}(?:调整|决定|变更|另行确定)",
    )
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if not re.search(o, s):
            continue
        if re.search(rf"协商一致|协商确定|双方协商|(?:与|和|同)(?:{ee})[^。；，]{{0,4}}(?:协商|商定|商量)|经(?:{ee})[^。；]{{0,4}}(?:书面)?同意|征得(?:{ee})|取得(?:{ee})[^。；]{{0,4}}同意|双方(?:书面)?同意|书面变更|不能胜任|不胜任|医疗期满|最低工资|国家(?:规定|政策)|晋升|提高|上调|增加|增长", s):
            continue
        if re.search(rf"{_LF_NEG_BEFORE}[^。；，,]{{0,8}}{v}", s):
            continue
        # the employer is the subject of the prohibition: 甲方不得以营业额未达标等理由扣减乙方的劳动报酬
        if re.search(rf"(?:{er})[^。；，,]{{0,4}}{_LF_NEG_BEFORE}[^。；]{{0,30}}{v}", s):
            continue
        for rx in shapes:
            if re.search(rx, s):
                return [Hit(evidence=s.strip(), sentence=sent)]
    return []


def labour_resignation_restricted(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The worker's right to resign is restricted (劳动合同法第37条: thirty days' written
    notice, three days in probation, no approval needed).

    Shapes: ``乙方辞职须经甲方批准/同意``, ``乙方在合同期内不得辞职``, ``乙方离职应
    提前六十日/三个月书面通知``, ``试用期内离职须提前十五日通知``. Not flagged:
    thirty days (三十日, 一个月) or less, three days in probation, notice the employer gives.
    """
    if not _lf_employment_doc(ctx):
        return []
    er, ee = _lf_roles(ctx)
    leave = r"(?:辞职|辞工|离职|提出解除|解除(?:本|劳动)?(?:合同|劳动关系)|终止(?:本|劳动)?合同|提前解除)"
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        lm = re.search(leave, s)
        if not lm:
            continue
        if not re.search(r"辞职|辞工|离职", s) and _lf_actor(s, lm.start(), er, ee) != "ee":
            continue  # the employer terminates: a different norm
        if re.search(r"(?:无需|无须|不需|不必)[^。；]{0,8}(?:批准|同意|审批)", s):
            continue
        appr = re.search(rf"{leave}(?P<mid>[^。；]{{0,20}})(?:须|需|应|必须|应当)(?:经|得到|取得|征得|报)?[^。；]{{0,8}}(?:批准|同意|审批|许可|核准)", s)
        if appr and not re.search(r"交接|手续|证明|协商一致|双方", appr.group(0)) \
                and not re.search(rf"(?:{er})[^。；]{{0,6}}(?:提出|决定)?解除", s[:lm.start() + 2]):
            return [Hit(evidence=s.strip(), sentence=sent)]
        # the worker must be the subject of 不得: 乙方有权拒绝，甲方不得因此解除本合同 binds the employer
        if re.search(rf"(?:{ee})(?:(?!{er})[^。；，,]){{0,20}}(?:不得|不能|不可|不允许)[^。；]{{0,10}}(?:辞职|辞工|离职|提出解除|提前解除|解除(?:本|劳动)?合同)", s):
            return [Hit(evidence=s.strip(), sentence=sent)]
        for m in re.finditer(rf"提前\s*(?P<n>{_LF_NUMW})\s*(?P<u>个月|日|天|周|星期|月|工作日)", s):
            if _lf_actor(s, m.start(), er, ee, 30) == "er" and not re.search(r"辞职|辞工|离职", s):
                continue
            days = _lf_days(m["n"], m["u"])
            seg = re.split(r"[；;]", s[: m.start()])[-1]
            probation = seg.rfind("试用期")
            limit = 3 if probation != -1 and not re.search(r"转正|试用期满|试用期后|试用期结束", seg[probation:]) else 31
            if days is not None and days > limit:
                return [Hit(evidence=s.strip(), sentence=sent,
                            explanation=f"约定劳动者解除合同须提前约{days:.0f}日通知，超过劳动合同法第三十七条规定的"
                                        f"{'三' if limit == 3 else '三十'}日，限制了劳动者的法定解除权。")]
    return []


def labour_dismissal_unlawful(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The employer may dismiss on a ground the law does not give (劳动合同法第39–40条
    are closed lists; 第48条 unlawful dismissal).

    Shapes: at will (``甲方可随时/根据经营需要解除``), 末位淘汰, incompetence or a missed
    target with immediate dismissal and no training or change of post (第40条第2项),
    any (not 严重) breach of the rules (第39条第2项 needs 严重), illness without 医疗期满
    (第40条第1项, 第42条). Not flagged: the statutory grounds (严重违反, 试用期间被证明
    不符合录用条件 …), dismissal by agreement, a prohibition.
    """
    if not _lf_employment_doc(ctx) or _lf_part_time_doc(ctx):
        return []  # part-time work: either side may end it at any time (劳动合同法第七十一条)
    er, ee = _lf_roles(ctx)
    verb = r"(?:解除|辞退|开除|解聘|除名|终止)"
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        vm = re.search(verb, s)
        if not vm:
            continue
        if re.search(rf"{_LF_NEG_BEFORE}[^。；，,]{{0,10}}{verb}", s):
            continue
        # the employer holds the right: in 甲方有下列情形之一的，乙方可以随时解除 the worker does (第三十八条)
        if not (any(not re.search(rf"(?:{ee})\s*(?:亦|也|均|则)?$", s[: r.start("r")])
                    for r in re.finditer(rf"(?:{er})[^。；]{{0,20}}?(?P<r>有权|可以|可|即可|将|予以|直接|立即)[^。；]{{0,20}}{verb}", s))
                or re.search(rf"(?:{er})[^。；]{{0,6}}{verb}", s)):
            continue
        if re.search(r"严重违反|严重失职|营私舞弊|刑事责任|试用期间?(?:内)?被证明不符合录用条件|第三十九条|第四十条|第四十一条|协商一致|经济性裁员", s):
            continue
        if "不符合录用条件" in s and "试用期" in clause.text:
            continue  # a probation clause: 试用期内…考核不合格、不符合录用条件的 is 第三十九条第一项
        ground = None
        if re.search(r"随时|任何理由|无需(?:任何)?理由|无须(?:说明)?(?:任何)?理由|不需(?:说明)?理由|根据(?:公司|甲方|单位)?(?:的)?(?:经营|生产|工作|业务|管理)(?:需要|情况|安排)|视(?:经营|工作|公司)?(?:需要|情况)|认为(?:必要|有必要|需要|不适合|不合适)", s):
            ground = "不附法定事由即可解除"
        elif re.search(r"末位|排名最后|淘汰", s):
            ground = "末位淘汰"
        elif re.search(r"考核不合格|考核不达标|考核未达标|业绩(?:未|不)达标|未完成[^。；]{0,6}(?:任务|指标|业绩)|不能胜任|不胜任", s) \
                and not re.search(r"培训|调整(?:其)?(?:工作)?岗位|调岗|仍不能胜任|仍不胜任", s):
            ground = "以不能胜任或考核不合格为由直接解除，未经培训或调整岗位"
        elif (m := re.search(r"违反(?:了)?(?:甲方|公司|单位|本单位)?(?:的)?(?:任何|任一|各项)?(?:规章制度|规章|制度|纪律|管理规定|劳动纪律|考勤)|迟到|早退", s)) \
                and "严重" not in s[max(0, m.start() - 6): m.end() + 12]:
            ground = "劳动者一般违纪即可解除，未限于严重违反规章制度"
        elif re.search(r"患病|生病|病假|非因工负伤|受伤|住院", s) and not re.search(r"医疗期满", s):
            ground = "劳动者患病或负伤即可解除，未以医疗期满为条件"
        if ground:
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation=f"约定用人单位可解除劳动合同的情形为“{ground}”，超出劳动合同法第三十九条、第四十条规定的"
                                    "法定解除事由，据此解除属于违法解除，用人单位应支付二倍经济补偿的赔偿金（第四十八条、第八十七条）。")]
    return _dismissal_list_beyond_article_39(clause, er)


# the six grounds of 劳动合同法第三十九条, the only ones for dismissal without notice or compensation
_LF_ART39 = re.compile(r"试用期[^。；]{0,10}不符合录用条件|严重违反|严重失职|营私舞弊|重大损害|同时与其他用人单位|其他用人单位建立劳动关系"
                       r"|欺诈|胁迫|乘人之危|刑事责任|第三十九条")
_LF_LIST_ITEM = re.compile(r"^\s*(?:[（(][一二三四五六七八九十\d]{1,3}[)）]|\d{1,2}[.．、)]|[一二三四五六七八九十]{1,2}[、.．])\s*(?P<body>.+)$")


def _dismissal_list_beyond_article_39(clause: Clause, er: str) -> list[Hit]:
    """A list of grounds for dismissal at once or without compensation, one of whose items is
    none of the six grounds of 劳动合同法第三十九条 (``店里可以马上解除合同，不给经济补偿：…
    （四）一个月内被客人投诉三次以上的``). Dismissal without notice and compensation is lawful
    only on those grounds; any other item makes such a dismissal unlawful (第四十八条、第八十七条).
    A list under a lead-in that keeps notice and compensation (第四十条) is not this."""
    lines = clause.text.splitlines()
    for i, line in enumerate(lines):
        flat = line.strip()
        if not re.search(r"[：:]\s*$", flat) or not re.search(r"(?:解除|辞退|开除|解聘|除名)", flat):
            continue
        if not re.search(rf"(?:{er})[^。；]{{0,24}}(?:有权|可以|可|即可|将|予以|直接|立即|马上|即时|当即|随即)", flat):
            continue
        if not re.search(r"马上|立即|即时|随时|不(?:给|予|支付|发)[^。；，]{0,4}(?:经济)?补偿|无需(?:支付)?(?:经济)?补偿|无须(?:支付)?(?:经济)?补偿|不需(?:要)?(?:提前)?通知|无需(?:提前)?通知|无须(?:提前)?通知", flat):
            continue
        kept = re.sub(r"(?:无需|无须|不需要?|不予|不给予?|不支付|不发)(?:支付|给予|发放)?(?:任何)?(?:经济)?补偿", "", flat)
        if re.search(r"提前三十日|额外支付|多发一个月|支付经济补偿|给予经济补偿|依法(?:支付|给予)", kept):
            continue  # notice and compensation kept: the 第四十条 route
        for item in lines[i + 1:]:
            m = _LF_LIST_ITEM.match(item)
            if m is None:
                break
            body = m["body"].strip()
            if not _LF_ART39.search(body):
                return [Hit(evidence=body, sentence=item, explanation=(
                    f"即时解除且不支付经济补偿的情形中列有“{body.rstrip('；;。')}”，不属于劳动合同法第三十九条规定的情形；"
                    "据此解除属于违法解除，用人单位应支付二倍经济补偿的赔偿金（第四十八条、第八十七条）。"))]
    return []


def _lf_term_months(text: str) -> tuple[float | None, str]:
    """The labour contract's term in months, and its kind: ``fixed``, ``open`` (无固定期限),
    ``task`` (以完成一定工作任务为期限) or ``unknown``."""
    for m in re.finditer(r"(?:劳动合同期限|本合同期限|合同期限|聘用期限|合同有效期|期限为|合同期"
                         r"|(?<!试用)(?<!保密)(?<!限制)(?<!服务)期限\s*(?:自|从|：|:))[^。；]{0,120}", text):
        seg = m.group(0)
        ds = _dates(seg)
        if len(ds) >= 2 and ds[1][0] > ds[0][0]:
            return _calendar_months(ds[0][0], ds[1][0]), "fixed"
        dm = re.search(rf"(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)", seg)
        if dm and "试用期" not in seg[: dm.start()]:
            n = parse_number(dm["n"])
            if n:
                return (n * 12 if dm["u"] == "年" else n), "fixed"
    m = re.search(rf"(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)期(?:的)?(?:固定期限)?(?:劳动)?合同", text)
    if m and (n := parse_number(m["n"])):
        return (n * 12 if m["u"] == "年" else n), "fixed"
    if re.search(r"以完成(?:一定(?:的)?工作任务|[^。；]{1,30}?(?:任务|项目|工程|工作)[’'”」]?)为期限", text):
        return None, "task"
    if re.search(r"无固定期限", text):
        return None, "open"
    return None, "unknown"


def _lf_term_in_sentence(before: str) -> float | None:
    """The labour contract term a sentence states before its probation, in months, at the
    longest the wording allows (so the probation cap it implies is the most generous):
    ``劳动合同期限为一年的，`` → 12; ``合同期限一年以上不满三年的，`` → just under 36;
    ``签订两年期劳动合同的，`` → 24; ``期限三年以上的`` (no upper bound) → None."""
    m = re.search(rf"(?:劳动合同|合同|聘用|聘任)期限?\s*(?:为|是|在)?\s*(?:(?P<lo>{_NUM})\s*(?:个)?(?P<lu>年|月)(?:以上|及以上)\s*)?"
                  rf"(?P<pre>不满|未满|不足|少于)?\s*(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)(?!期)(?P<post>以上|及以上|以下|以内)?", before) \
        or re.search(rf"(?P<n>{_NUM})\s*(?:个)?(?P<u>年|月)期(?:的)?(?:固定期限)?劳动合同", before)
    if not m:
        return None
    n = parse_number(m["n"])
    if not n or n >= 100:
        return None  # a date's year (合同期限为2026年1月1日至…), not a length
    months = n * 12 if m["u"] == "年" else n
    groups = m.groupdict()
    if groups.get("post") in ("以上", "及以上"):
        return None  # no upper bound: any term up to open-ended
    if groups.get("pre"):
        months -= 0.1  # 不满一年: shorter than a year
    return months


def labour_probation_length(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Probation longer than the term allows (劳动合同法第19条): a term under three months
    or a task-based contract has none; three months to under one year at most one month;
    one to under three years at most two; three years or more, or open-ended, at most six.

    The term is read from the contract (dates or a stated length); the probation from
    the clause (``试用期为三个月``, ``试用期自…起至…止``).
    """
    employment = _lf_employment_doc(ctx)
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if "试用期" not in s or re.search(r"不(?:得)?(?:约定|设)试用期|无试用期|不设试用期", s):
            continue
        if re.search(r"(?:以上|不满|以下|无固定期限)[^。；，]{0,16}(?:劳动合同)?(?:的)?[，,]\s*试用期(?:最长)?(?:不得|不应|不能)超过", s):
            continue  # a row of the statutory scale (…三年以上固定期限和无固定期限的劳动合同，试用期不得超过六个月), not the agreed probation
        own_term = _lf_term_in_sentence(s[: s.index("试用期")])
        if not employment and not (own_term is not None and re.search(r"劳动合同|员工|职工|劳动者", s)):
            continue  # outside a labour document only a clause that sets the terms of labour contracts itself
        after = s.split("试用期", 1)[1]
        ds = _dates(after)
        if len(ds) >= 2 and ds[1][0] > ds[0][0]:
            months = _years_between(ds[0][0], ds[1][0]) * 12
        else:
            dm = re.match(rf"[^。；，,]{{0,8}}?(?P<n>{_NUM})\s*(?:个)?(?P<u>月|日|天|周)", after) or re.match(
                # its start first, then its length: 试用期自乙方实际到岗之日起计算，为期一百二十日
                rf"[^。；]{{0,24}}?(?:起|开始)(?:计算|起算)?[，,]\s*(?:为期|期限为|期间为|时长为|共计?|计)\s*(?P<n>{_NUM})\s*(?:个)?(?P<u>月|日|天|周)", after)
            if not dm:
                continue
            n = parse_number(dm["n"])
            if n is None:
                continue
            months = {"月": n, "日": n / 30, "天": n / 30, "周": n * 7 / 30}[dm["u"]]
        term, kind = (own_term, "fixed") if own_term is not None else _lf_term_months(ctx.text)
        if kind == "task":
            allowed = 0.0
        elif term is None:
            allowed = 6.0
        elif term < 3 - 0.02:  # calendar months (_calendar_months): a term of whole years is exactly 12n
            allowed = 0.0
        elif term < 12 - 0.02:
            allowed = 1.0
        elif term < 36 - 0.02:
            allowed = 2.0
        else:
            allowed = 6.0
        if months > allowed + 0.2:
            term_s = f"合同期限约{term:.0f}个月，" if term else ("以完成一定工作任务为期限，" if kind == "task" else "")
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation=f"{term_s}约定试用期约{round(months, 1):g}个月，超过劳动合同法第十九条允许的{allowed:g}个月上限"
                                    "（违法约定的试用期已履行的，用人单位应按试用期满月工资支付赔偿金，第八十三条）。")]
    return []


# the provider's own staff in a service contract (security, cleaning, on-site outsourcing)
_LF_STAFF = re.compile(r"保安员|保洁员|保安人员|保洁人员|派驻人员|驻场人员|派驻员工|作业人员|服务人员|值守人员|安保人员|队员")


def labour_working_hours(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Standard hours exceeded (劳动法第36条: eight hours a day, forty-four a week on
    average; 第38条: at least one rest day a week), read from the shapes a contract uses:
    ``每日工作10小时``, ``每周工作时间为五十小时``, ``每周工作6天`` with the daily hours,
    ``每月休息两天``, ``早8点至晚8点`` (minus a stated break). Comprehensive or flexible
    hour systems approved by the labour authority are not read. Overtime is read for its amount
    per day, week or month, as a figure, a minimum (``每月加班时间不少于60小时``) or a ceiling
    (``每月加班一般不超过90小时``, ``每天加班不超过4小时``): above three hours a day or thirty-six
    a month (a week's figure × 52/12) it exceeds 劳动法第41条.

    ``params.staff``: read a service contract's clause about the provider's own staff (保安员、
    保洁员、派驻人员 …: the provider is their employer and 劳动法 binds it) instead of a labour document.
    """
    if params.get("staff"):
        if not _LF_STAFF.search(clause.text):
            return []
    elif not _lf_employment_doc(ctx):
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if params.get("staff") and (not _LF_STAFF.search(s) or not re.search(
                r"(?:每日|每天|每班|每人)[^。；，]{0,8}(?:\d+|[一二三四五六七八九十]+)\s*(?:个)?小时|(?:每月|每周)[^。；，]{0,4}休息|连续工作", s)):
            continue  # only a sentence that sets each person's hours, not the service's coverage window (工作日7:30至18:30, staff rotating)
        # overtime per month, per week or per day against 第41条's limits (3 hours a day, 36 a
        # month); an agreed ceiling above the limit (每月加班一般不超过90小时) authorises the excess
        # just as a floor does, so a ceiling is read too — only a ceiling within the limit is lawful
        for ot in re.finditer(rf"(?P<per>每月|月|每个月|每周|每日|每天)[^。；，]{{0,4}}(?:加班|延长工作时间)(?:时间|时长|时数)?[^。；，]{{0,8}}?(?P<floor>不少于|不低于|至少|最少|达到?|为|约)?\s*(?P<n>{_NUM})\s*(?:个)?小时", s):
            n = parse_number(ot["n"])
            per, limit, word = {"月": (1, 36, "每月"), "周": (52 / 12, 36, "每周"), "日": (None, 3, "每日"), "天": (None, 3, "每日")}[ot["per"][-1]]
            # more hours than the period has is no working-time term (a typing error or a hostile figure)
            most = {"月": 744, "周": 168, "日": 24, "天": 24}[ot["per"][-1]]
            if not n or n > most or (n * per if per else n) <= limit + 0.01:
                continue
            ceiling = re.search(r"不(?:得)?超过|最多|上限|以内|以下|之内", ot.group(0))
            return [Hit(evidence=s.strip(), sentence=sent, explanation=(
                f"约定{word}加班{'最多可达' if ceiling else ''}{n:g}小时"
                + (f"（折合每月约{n * per:.0f}小时）" if per and per != 1 else "")
                + "，超过劳动法第四十一条延长工作时间每日不超过三小时、每月不超过三十六小时的上限。"))]
        if re.search(r"综合计算工时|综合工时|不定时工作制|不定时工时|加班|延长工作时间|不超过", s):
            continue
        daily = weekly = days = None
        if m := re.search(rf"(?:每日|每天|日)(?:工作)?(?:时间)?(?:为|是)?\s*(?P<h>{_NUM})\s*(?:个)?小时", s):
            daily = parse_number(m["h"])
        if m := re.search(rf"(?:每周|周)(?:工作)?(?:时间)?(?:为|是|累计)?\s*(?P<h>{_NUM})\s*(?:个)?小时", s):
            weekly = parse_number(m["h"])
        if m := re.search(rf"每周(?:工作|上班)\s*(?P<d>{_NUM})\s*(?:天|日)", s):
            days = parse_number(m["d"])
        elif re.search(r"单休|大小周", s):
            days = 6 if "单休" in s else 5.5
        if daily is None and (m := re.search(r"(?:早上?|上午)?\s*(?P<a>\d{1,2}|[一二三四五六七八九十]{1,3})\s*[:：点时](?:\s*(?P<am>\d{2}))?(?:分)?\s*(?:至|到|-|—|~|～)\s*(?P<pm>晚上?|下午|傍晚)?\s*(?P<b>\d{1,2}|[一二三四五六七八九十]{1,3})\s*[:：点时](?:\s*(?P<bm>\d{2}))?", s)):
            a, b = int(parse_number(m["a"]) or 0), int(parse_number(m["b"]) or 0)
            if m["pm"] and b < 12:
                b += 12
            if 0 <= a < b <= 24:
                span = b - a + (int(m["bm"] or 0) - int(m["am"] or 0)) / 60
                rest = re.search(rf"(?:休息|午休|用餐|就餐)[^。；]{{0,6}}(?P<n>{_NUM})\s*(?P<u>小时|分钟)", s)
                if rest and (n := parse_number(rest["n"])):
                    span -= n if rest["u"] == "小时" else n / 60
                elif rb := re.search(r"(?P<a>\d{1,2})\s*[:：点](?P<am>\d{2})?\s*(?:至|到|-|—|~|～)\s*(?P<b>\d{1,2})\s*[:：点](?P<bm>\d{2})?[^。；，\d]{0,4}(?:午休|休息|用餐|就餐|午餐)"
                                     r"|(?:午休|休息|用餐|就餐|午餐)(?:时间)?(?:为|是)?\s*(?P<a2>\d{1,2})\s*[:：点](?P<am2>\d{2})?\s*(?:至|到|-|—|~|～)\s*(?P<b2>\d{1,2})\s*[:：点](?P<bm2>\d{2})?", s[m.end():]):
                    ra, rb_ = int(rb["a"] or rb["a2"]), int(rb["b"] or rb["b2"])
                    if a <= ra < rb_ <= b:  # the break lies inside the working span
                        span -= rb_ - ra + (int(rb["bm"] or rb["bm2"] or 0) - int(rb["am"] or rb["am2"] or 0)) / 60
                daily = span
        if weekly is None and daily and days:
            weekly = daily * days
        rest_days = re.search(rf"每月(?:仅|只)?(?:休息|休假|可休)\s*(?P<n>{_NUM})\s*(?:天|日)|月休\s*(?P<m>{_NUM})\s*(?:天|日)?", s)
        monthly_rest = parse_number(rest_days["n"] or rest_days["m"]) if rest_days else None
        if (daily and daily > 8.01) or (weekly and weekly > 44.01) or (days and days >= 7) or (monthly_rest is not None and monthly_rest < 4):
            parts = []
            if daily:
                parts.append(f"每日约{daily:g}小时")
            if weekly:
                parts.append(f"每周约{weekly:g}小时")
            if days and days >= 7:
                parts.append("每周无休息日")
            if monthly_rest is not None and monthly_rest < 4:
                parts.append(f"每月仅休息{monthly_rest:g}天")
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation="约定" + "、".join(parts) + "，超过劳动法第三十六条每日八小时、平均每周四十四小时的标准或未保证每周至少休息一日（第三十八条）。")]
    return []


def labour_collects_property(clause: Clause, ctx, params) -> Iterable[Hit]:
    """The employer (or, in dispatch, the agency or the user unit) takes a deposit, a
    guarantor, a fee or the worker's identity documents (劳动合同法第9条, 第84条; 第60条
    第3款 for dispatched workers).

    The payer must be the worker: ``乙方入职时缴纳押金``, ``向员工收取服装费``,
    ``派遣员工应交纳管理费``, ``代为保管毕业证原件``, ``入职须提供担保人``. A fee one
    company pays another under a dispatch agreement, a copy of an ID, or checking the
    original and handing it back are not flagged.
    """
    if not _lf_employment_doc(ctx):
        return []
    if ctx.contract_type == "服务合同" and not _lf_third_party_worker((ctx.text or "")[:3000]):
        return []  # a service company's bond is no worker's deposit
    worker = r"(?:劳动者|员工|职工|被派遣劳动者|派遣员工|派遣人员|求职者|应聘者|新员工)"
    if ctx.contract_type == "劳动合同" or not re.search(r"用工单位|派遣单位", ctx.text[:3000]):
        _, ee = _lf_roles(ctx)
        worker = rf"(?:{ee}|新员工|求职者|应聘者)"
    money = r"(?:押金|保证金|风险金|抵押金|风险抵押|质押金|培训押金|服装押金|工装费|服装费|介绍费|中介费|报名费|派遣费|管理费|岗位费|入职费)"
    docs = r"(?:居民身份证|身份证|毕业证|学历证|学位证|资格证|职业资格证|证书原件|证件|护照|户口(?:本|簿)|驾驶证)"
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if re.search(r"(?:不得|禁止|严禁|无需|无须|不)(?:以[^。；，]{0,8}?(?:名义|方式|理由))?(?:向[^。；]{0,10})?(?:收取|扣押|缴纳|要求)", s):
            continue
        # (the worker pays; not 被派遣劳动者劳动报酬、社会保险费…以及乙方管理费, a list of what the user unit pays)
        first = re.search(rf"{worker}[^。；、]{{0,20}}(?:缴纳|交纳|交付|缴付|预交|预缴|支付|承担|提供)[^。；、]{{0,12}}{money}", s)
        if first and re.search(r"[，,]\s*(?:甲方|乙方|用工单位|派遣单位|用人单位|公司)(?:应|须|需|负责|按|将)", first.group(0)):
            first = None  # another party is the subject after the comma (…的，乙方应支付加班费，并计入派遣费用)
        hit = (first
               or re.search(rf"向{worker}[^。；]{{0,6}}(?:收取|扣收)[^。；]{{0,12}}(?:{money}|费用|财物)", s)
               # the worker named first, then "向其" (于被派遣劳动者报到时向其每人收取押金)
               or re.search(rf"{worker}[^。；]{{0,24}}向其[^。；]{{0,6}}(?:收取|扣收)[^。；]{{0,12}}(?:{money}|费用|财物)", s)
               or re.search(rf"(?:入职|上岗|报到|进厂)[^。；，]{{0,6}}(?:须|需|先|应|要)?(?:交|缴|缴纳|交纳|押)[^。；]{{0,24}}?{money}", s)  # 入职时应缴纳工装、工牌及手持终端押金
               or re.search(rf"{money}[^。；]{{0,12}}(?:从{worker}?[^。；]{{0,4}}工资中扣|由{worker}(?:本人|个人)?(?:承担|缴纳|支付))", s)
               # a sum kept back from the wage and returned only later is a deposit whatever it is called (第9条)
               or re.search(r"(?:从|在)[^。；，]{0,10}工资(?:中|里)?[^。；，]{0,4}(?:扣|扣除|扣减|预扣|代扣)[^。；]{0,24}(?:满|届满|期满|离职时|年后|后)[^。；]{0,8}(?:退还|返还|退回|发还)", s)
               or (re.search(rf"(?:扣押|扣留|暂扣|代为保管|收押|押(?:在|于))[^。；]{{0,10}}{docs}", s) and not re.search(r"复印件|查验后|核验后|当场(?:返还|退还)", s))
               or (re.search(rf"{docs}(?:原件)?[^。；]{{0,16}}(?:交|交由|交给|交予|上交|留存|由[^。；，]{{0,6}}(?:统一)?(?:代为)?)[^。；]{{0,12}}(?:保管|保存|存放|收存|留存)", s) and not re.search(r"复印件|查验后|核验后|当场(?:返还|退还)", s))
               or re.search(rf"{worker}[^。；]{{0,12}}(?:提供|找)[^。；]{{0,16}}(?:担保人|保证人|担保)", s)
               # the same money taken out of the wage instead of paid in: part of the wage
               # retained as a deposit to be returned later (以其他名义收取财物, 第9条)
               or re.search(rf"(?:工资|薪酬|薪资|劳动报酬|月薪)[^。；]{{0,10}}(?:留存|预留|扣留|暂扣|扣存|扣下|扣除|提留|预扣)[^。；]{{0,14}}(?:作为|用作|充作|作)[^。；]{{0,4}}(?:{money}|周转金|备用金|押金|风险金)", s)
               or re.search(rf"(?:留存|预留|扣留|暂扣|扣存|提留|预扣)[^。；]{{0,14}}(?:工资|薪酬|薪资)[^。；]{{0,14}}(?:作为|用作|充作|作)[^。；]{{0,4}}(?:{money}|周转金|备用金|押金|风险金)", s))
        if hit:
            return [Hit(evidence=s.strip(), sentence=sent)]
    return []


_LF_MONEY = re.compile(rf"(?P<d>\d[\d,]*(?:\.\d+)?)\s*(?P<wan>万)?元|(?:人民币)?(?P<w>{_CN_AMOUNT})元")


def _lf_monthly_wage(text: str) -> float | None:
    """The agreed monthly wage stated in the contract (月工资/月薪/基本工资 …, or 年薪/12),
    not a probation wage; ``None`` when it is not stated."""
    for sent in _split(text):
        s = sent.replace("\n", "")
        if "试用期" in s and not re.search(r"转正|试用期满|试用期后", s):
            continue
        m = re.search(r"(?:转正后|试用期满后|正式)?(?:的)?(?:月工资|月薪|月基本工资|基本工资|工资标准|月收入|月薪酬|每月工资|工资为每月|每月(?:支付)?(?:工资|薪酬))[^。；]{0,12}?", s)
        if m:
            mm = _LF_MONEY.search(s, m.end() - 1)
            if mm and mm.start() - m.end() < 14 and (v := _c_yuan_value(mm)) and v >= 500:
                return v
        m = re.search(r"年薪[^。；]{0,8}?", s)
        if m:
            mm = _LF_MONEY.search(s, m.end() - 1)
            if mm and mm.start() - m.end() < 10 and (v := _c_yuan_value(mm)) and v >= 6000:
                return v / 12
    return None


_LF_COMPONENT = re.compile(r"(?P<name>基本工资|岗位工资|岗位津贴|绩效工资|职务津贴|技能工资|工龄工资|津贴|补贴|绩效奖金|绩效)\s*(?:为|：|:)?\s*")


def _lf_wage_components(text: str) -> tuple[float | None, dict[str, float]]:
    """A monthly wage stated as the sum of named parts (``月工资由基本工资6000元和岗位津贴2000元
    组成``): ``(total, {part: amount})``, or ``(None, {})`` when no wage is so stated."""
    for sent in _split(text):
        s = sent.replace("\n", "")
        if not re.search(r"(?:工资|薪酬|月薪|报酬)[^。；]{0,24}(?:由|包括|包含|构成|组成|其中)", s):
            continue
        parts = {}
        for m in _LF_COMPONENT.finditer(s):
            mm = _LF_MONEY.match(s, m.end())
            if mm and (v := _c_yuan_value(mm)):
                parts.setdefault(m["name"], v)
        if len(parts) >= 2:
            return sum(parts.values()), parts
    return None, {}


def labour_probation_wage(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Probation wage under 80% of the agreed wage (劳动合同法第20条): stated as a share
    (``试用期工资为转正工资的70%``), as two amounts in one sentence, or as a probation amount
    compared with the monthly wage stated elsewhere in the contract."""
    if not _lf_employment_doc(ctx):
        return []
    if "试用期" in clause.text and re.search(r"[|｜]", clause.text) and (h := _probation_wage_table(clause.text) or _probation_wage_rows(clause.text)):
        return [h]
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if "试用期" not in s or not re.search(r"工资|薪|报酬|发放|(?:每月|月|每个月)(?:发|给|拿)", s):
            continue
        tenths = [(parse_number(m["n"]) * 10, m) for m in re.finditer(r"(?:工资|薪酬|薪资|标准)的?(?P<n>[一二三四五六七八九]|[1-9])(?:成|折)(?!扣)(?:发放|支付|计发|计算|核发)?", s)]
        total, parts = _per_doc(ctx, "wage_components", lambda: _lf_wage_components(ctx.text))
        for pct, m in parse_rate(s):
            # a share of one component of a wage made of several: 仅按基本工资的90%发放 (of 6000 + 2000)
            name = next((n for n in parts if s[max(0, m.start() - len(n) - 2): m.start()].rstrip("的之 ").endswith(n)), None)
            base = parts[name] if name else None
            # …or of a sum of some of them: 基本工资与岗位津贴之和的百分之九十
            if name is None and (summed := re.search(r"(?P<names>[^。；，]{2,30}?)(?:之和|合计|总和|加总|两项合计|合计数)的?\s*$", s[max(0, m.start() - 40): m.start()])):
                named = [n for n in parts if n in summed["names"]]
                if len(named) >= 2:
                    name, base = "与".join(named) + "之和", sum(parts[n] for n in named)
            if name and base and total and pct >= 80 and (eff := pct * base / total) < 80:
                return [Hit(evidence=s.strip(), sentence=sent, explanation=(
                    f"试用期工资为{name}的{pct:g}%，即{pct * base / 100:,.0f}元，为约定月工资{total:,.0f}元的{eff:.0f}%，"
                    "低于劳动合同法第二十条规定的80%下限。"))]
        for pct, m in parse_rate(s) + tenths:
            if pct < 80 and not re.search(r"个人|社会保险|公积金|加班", s[max(0, m.start() - 12): m.start()]):
                return [Hit(evidence=s.strip(), sentence=sent,
                            explanation=f"试用期工资为正式工资的{pct:g}%，低于劳动合同法第二十条规定的80%下限。")]
        amounts = [(m.start(), _c_yuan_value(m)) for m in _LF_MONEY.finditer(s)]
        amounts = [(p, a) for p, a in amounts if a and a >= 300]
        if not amounts:
            continue
        regular = None
        if re.search(r"转正|正式|试用期满", s) and len(amounts) >= 2:
            split = re.search(r"转正|正式|试用期满", s).start()
            before = [a for p, a in amounts if p < split]
            after = [a for p, a in amounts if p > split]
            if before and after:
                probation, regular = before[0], after[0]
        if regular is None:
            at = s.find("试用期")
            after = [a for p, a in amounts if p > at]
            if not after:
                continue
            probation = after[0]
            # the wage stated before the probation in this sentence, else elsewhere in the
            # contract (read once per document: re-reading it per sentence was quadratic)
            regular = _lf_monthly_wage(s[:at]) or _per_doc(ctx, "monthly_wage", lambda: _lf_monthly_wage(ctx.text))
        if regular and probation < 0.8 * regular - 0.5:
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation=f"试用期工资{probation:,.0f}元为约定工资{regular:,.0f}元的{probation / regular:.0%}，"
                                    "低于劳动合同法第二十条规定的80%下限。")]
    return []


def _probation_wage_rows(text: str) -> Hit | None:
    """A wage table with a probation row and a regular row (| 期间 | 基本工资 | 岗位津贴 | 合计 |
    then | 试用期 | 3,600 | 1,200 | 4,800 | and | 试用期满后 | … | 6,500 |): the rows' totals (the
    合计 column, else the sum of the money cells) compared, under 80% flagged (劳动合同法第二十条;
    实施条例第十五条)."""
    for head, rows in table_blocks(text):
        ti = next((i for i in range(len(head) - 1, 0, -1) if re.search(r"合计|小计|总额|月工资|应发", head[i])), None)

        def total(cells: list[str]) -> float | None:
            if ti is not None and ti < len(cells):
                return _t_value(cells[ti], head[ti], True)
            vals = [_t_value(c, h, True) for c, h in zip(cells[1:], head[1:], strict=False)]
            return sum(v for v in vals if v) if any(vals) else None
        prob = next(((cells, line) for cells, line in rows if re.search(r"试用期(?!满|后|届满|结束)", cells[0])), None)
        reg = next(((cells, line) for cells, line in rows if re.search(r"转正|正式|试用期满|试用期后|试用期届满|试用期结束", cells[0])), None)
        if not prob or not reg:
            continue
        p, r = total(prob[0]), total(reg[0])
        if p and r and r > 0 and p / r < 0.8:
            return Hit(evidence=prob[1].strip(), sentence=prob[1], explanation=(
                f"工资表中试用期月工资为{p:,.0f}元，试用期满后为{r:,.0f}元，试用期工资仅为约定工资的{p / r * 100:.1f}%，"
                "低于劳动合同法第二十条规定的80%下限（实施条例第十五条）。"))
    return None


def _probation_wage_table(text: str) -> Hit | None:
    """A wage table with a probation column and a regular column (| 项目 | 试用期 | 转正后 |):
    the probation wage summed over the rows that have both figures (or the 合计 row) under 80%
    of the regular wage (劳动合同法第二十条). The evidence is the row furthest below 80%."""
    table = _table_rows(text)
    cells = [c for c, _ in table]
    rows = [line for _, line in table]
    for hi, head in enumerate(cells):
        p_idx = next((i for i, c in enumerate(head) if "试用期" in c and not re.search(r"满|后|届满", c)), None)
        r_idx = next((i for i, c in enumerate(head) if re.search(r"转正|正式|试用期满|试用期后", c)), None)
        if p_idx is None or r_idx is None:
            continue
        p_sum = r_sum = 0.0
        worst = None
        total = None

        def num(cell: str) -> float | None:
            if re.search(r"[—–~～至-]\s*\d", cell) or not re.fullmatch(r"\s*[¥￥]?\s*\d[\d,]*(?:\.\d+)?\s*(?:元)?\s*", cell):
                return None  # a range (0—2,000) or words: no fixed amount
            return float(re.sub(r"[^\d.]", "", cell))
        for ri, row in enumerate(cells[hi + 1:], start=hi + 1):
            if len(row) <= max(p_idx, r_idx):
                continue
            p, r = num(row[p_idx]), num(row[r_idx])
            if p is None or r is None or r <= 0:
                continue
            if re.search(r"合计|总计|小计|月工资总额|工资合计", "".join(row[:p_idx])):
                total = (p, r, ri)
                continue
            p_sum, r_sum = p_sum + p, r_sum + r
            if worst is None or p / r < worst[0]:
                worst = (p / r, ri)
        if total:
            p_sum, r_sum = total[0], total[1]
            worst = (total[0] / total[1], total[2])
        if r_sum > 0 and worst and p_sum < 0.8 * r_sum - 0.5:
            row = rows[worst[1]]
            return Hit(evidence=row.strip(), sentence=row, explanation=(
                f"薪酬表中试用期工资合计{p_sum:,.0f}元，为转正后{r_sum:,.0f}元的{p_sum / r_sum:.0%}，"
                "低于劳动合同法第二十条规定的80%下限（按表中试用期与转正后两列均有固定金额的项目计算）。"))
    return None


_LF_NC = re.compile(r"竞业限制|竞业禁止|竞业义务|竞业条款|(?:离职|辞职|解除|终止)[^。；]{0,12}(?:不能|不得|不准)(?:去|到|进|入职|从事)[^。；，]{0,4}(?:同行|同类|竞争对手)|不得[^。；]{0,30}(?:与(?:甲方|公司|本公司|用人单位)[^。；]{0,10}(?:有)?竞争(?:关系)?|同类(?:产品|商品|业务|行业|企业)|同行业|竞争对手|竞争性)[^。；]{0,20}(?:任职|就职|工作|兼职|服务|经营|从业|提供服务|生产)"
                    # the act first, the competing business after (劳动合同法第二十四条's own order): 不得自营或为他人经营与公司同类的业务
                    r"|不得[^。；]{0,16}(?:自营|经营|从事|任职|就职|开业|生产|受雇|受聘|入职|加入)[^。；]{0,24}(?:同类(?:的)?(?:产品|商品|业务|行业|企业)|同行业|竞争对手|竞争性|有竞争关系|竞争关系)")


def labour_noncompete_compensation(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A post-employment non-compete without monthly compensation after the contract
    ends (劳动合同法第23条第2款; 劳动争议解释（一）第36条).

    Shapes: ``甲方无需支付竞业限制补偿``, ``竞业限制补偿已包含在工资中``, compensation
    paid only while employed, paid at the employer's discretion, or a post-employment
    non-compete with no compensation anywhere in the contract (one finding, at the
    non-compete clause). Not flagged: monthly compensation after leaving, a non-compete
    left to a separate agreement.
    """
    if not _LF_NC.search(clause.text) or not _lf_employment_doc(ctx):
        return []
    if re.search(r"另行(?:签订|签署|订立|约定)[^。；]{0,15}竞业|竞业[^。；]{0,20}另行(?:签订|签署|订立|约定)", clause.text):
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if re.search(r"(?:不要求|不再要求|无需|无须|不需要?)[^。；，]{0,6}履行|不受[^。；，]{0,8}(?:约束|限制)", s) \
                and not re.search(r"期(?:限)?内|期间|随时|履行[^。；，]{0,6}(?:后|中|期间)", s):
            continue  # the employer not invoking the non-compete on departure: no restriction, so no compensation is owed
        if re.search(r"(?:无需|无须|不需|不|不再|不予|不另行?|无)(?:甲方|公司|用人单位|单位|本公司)?(?:再)?(?:为此|因此|就此|对此)?(?:另行|额外)?(?:向[^。，；]{0,6})?(?:支付|给予|发放|提供|给)[^。；]{0,10}(?:经济)?补偿", s) \
                or re.search(r"(?:竞业[^。；]{0,10})?补偿(?:金|费)?[^。；]{0,15}(?:已包含|包含在|已计入|计入|含在|视为已(?:经)?支付|已在[^。；]{0,10}(?:支付|发放))", s) \
                or re.search(r"(?:工资|薪酬|报酬|薪资|津贴)[^。；]{0,15}(?:已包含|包含|含有|视为包括)[^。；]{0,10}(?:竞业|补偿)", s) \
                or re.search(r"(?:在职期间|工作期间|任职期间|劳动合同期内)[^。；]{0,25}(?:支付|发放)[^。；]{0,10}竞业(?:限制)?(?:补偿|津贴|费)", s) \
                or re.search(r"(?:是否|视情况|酌情)[^。；]{0,10}(?:支付|给予|发放)[^。；]{0,6}(?:经济)?补偿", s) \
                or (re.search(r"补偿", s) and re.search(r"(?:决定|确定|视)[^。；，]{0,4}是否(?:支付|给予|发放)", s)):
            return [Hit(evidence=s.strip(), sentence=sent)]
        # (compensation deferred to the end or paid by the quarter or year: labor.noncompete_compensation_deferred)
        if re.search(r"(?:甲方|公司|用人单位)[^。；]{0,10}(?:有权|可以|可)[^。；]{0,8}(?:随时)?(?:解除|终止|免除|放弃)[^。；]{0,10}竞业", s) \
                and re.search(r"(?:无需|无须|不再|不)(?:另行|额外)?(?:支付|给予)", s):
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation="在竞业限制期限内用人单位解除竞业限制的，劳动者可请求额外支付三个月的竞业限制经济补偿（劳动争议解释（一）第三十九条），约定无需额外支付排除了该权利。")]
        if re.search(r"竞业|补偿", s) and re.search(r"每月|按月|月补偿", s) and not re.search(r"平均工资|月工资的|工资的", s):
            mm = next((m for m in _LF_MONEY.finditer(s) if "补偿" in s[max(0, m.start() - 25): m.start()]), None)
            wage = _per_doc(ctx, "monthly_wage", lambda: _lf_monthly_wage(ctx.text))
            if mm and wage and (v := _c_yuan_value(mm)) and v < 0.3 * wage - 0.5:
                return [Hit(evidence=s.strip(), sentence=sent,
                            explanation=f"竞业限制补偿每月{v:,.0f}元，为合同约定月工资{wage:,.0f}元的{v / wage:.0%}，低于离职前十二个月平均工资30%的司法标准（劳动争议解释（一）第三十六条）。")]
        if re.search(r"补偿", s) and re.search(r"平均工资|月工资|工资", s):
            for pct, m in parse_rate(s):
                if pct < 30 and "补偿" in s[max(0, m.start() - 40): m.start()]:
                    return [Hit(evidence=s.strip(), sentence=sent,
                                explanation=f"竞业限制补偿为工资的{pct:g}%，低于离职前十二个月平均工资30%的司法标准（劳动争议解释（一）第三十六条），约定可能被调整，劳动者也可能以补偿过低主张不受约束。")]
    post = re.search(r"离职|解除|终止|离开|期满", clause.text)
    if post and not _lf_doc_has(r"补偿", ctx.text):
        for sent in _split(clause.text):
            if _LF_NC.search(sent) or "竞业" in sent:
                return [Hit(evidence=sent.strip(), sentence=sent,
                            explanation="合同约定了离职后的竞业限制义务，但全文未约定解除或者终止劳动合同后按月给予经济补偿；"
                                        "劳动者可请求按离职前十二个月平均工资的30%按月支付补偿（劳动争议解释（一）第三十六条）。")]
    return []


# the term of another arrangement named beside a non-compete: the employment contract, a
# probation, a service period (本劳动合同的期限为三年, 试用期为六个月)
_OTHER_TERMS = re.compile(r"(?:(?:劳动合同|聘用合同|本合同|合同|保密)(?:的)?(?:期限|期间|有效期)|试用期|服务期)(?:为|是|共|计)?\s*"
                          r"[一二三四五六七八九十两\d.]+\s*(?:个)?(?:年|月|日|天)")


def labour_noncompete_term(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A non-compete period over two years after the contract ends (劳动合同法第24条).

    Every period in a non-compete sentence is read (``离职后三年内``, ``期限为36个月``);
    the months used to average the wage (``离职前十二个月平均工资``) are not periods.
    """
    if not _lf_employment_doc(ctx):
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        # a period that restarts or grows when the worker breaches it (重新计算, 相应延长): its
        # end is no longer fixed and can pass the two-year limit
        if (re.search(r"(?:期限|期间|限制期)[^。；]{0,24}(?:重新(?:计算|起算|开始计算)|相应(?:延长|顺延)|(?:自动|予以)?顺延|延长)", s)
                and re.search(r"竞业", clause.text)
                and not re.search(r"(?:累计|合计|总计|最长|总共)[^。；]{0,10}不(?:得)?超过|不超过(?:二|两|2)年", clause.text)):
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation="约定竞业限制期限可重新计算或延长，实际限制期限可能超过劳动合同法第二十四条规定的二年上限，超过部分对劳动者没有约束力。")]
        if "竞业" not in s and not _LF_NC.search(s):
            continue
        other = [o.span() for o in _OTHER_TERMS.finditer(s)]
        for m in _DURATION.finditer(s):
            before, after = s[max(0, m.start() - 3): m.start()], s[m.end(): m.end() + 8]
            if re.match(r"(?:内)?(?:的)?(?:平均|月均)?(?:的)?(?:工资|薪|收入|报酬|补偿)", after) or before.endswith("前") or "前" in before[-1:]:
                continue
            if any(a <= m.start() < b for a, b in other):
                continue  # 本劳动合同的期限为三年: the contract's term, not the non-compete's
            n = parse_number(m["n"])
            if n is None:
                continue
            months = {"年": n * 12, "月": n, "日": n / 30, "天": n / 30}[m["u"]]
            if months > 24.01:
                return [Hit(evidence=s.strip(), sentence=sent,
                            explanation=f"竞业限制期限约{months / 12:g}年，超过劳动合同法第二十四条规定的二年上限，超过部分对劳动者没有约束力。")]
        if re.search(r"(?:甲方|公司|用人单位)[^。；]{0,8}(?:有权|可以|可)[^。；]{0,10}(?:延长|顺延|决定延长)[^。；]{0,8}(?:竞业|期限)", s):
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation="约定用人单位可单方延长竞业限制期限，期限可能超过劳动合同法第二十四条规定的二年上限，且期限处于不确定状态。")]
    return []


def labour_service_period_penalty(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A 服务期 penalty beyond what 劳动合同法第22条 allows: more than the training cost,
    not prorated to the unserved part of the period, for training that is not paid
    professional training, or with wages counted as training cost (实施条例第16条).

    Shapes: ``按培训费用的二倍支付违约金``, ``全额返还培训费用``, ``岗前培训…服务期
    三年…违约金``, ``培训费用包括培训期间的工资``, a fixed 违约金 for breaking the 服务期
    with no link to the training cost. Not flagged: ``按服务期尚未履行部分所应分摊的培训费用``.
    """
    if not _lf_employment_doc(ctx):
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        if not re.search(r"服务期|培训", s):
            continue
        if not re.search(r"违约金|赔偿|返还|退还|支付|承担|偿还", s):
            continue
        prorated = next((m for m in re.finditer(r"分摊|按比例|比例|递减|剩余|未履行|尚未|折算|逐年|按月|按年|扣减|扣除已", s)
                         if not re.search(r"(?:不|无需|无须|不再|不予)[^。；，]{0,10}$", s[:m.start()])), None)  # 不按已服务年限分摊: not prorated
        why = None
        if re.search(r"培训(?:费用?|费)[^。；]{0,6}(?:的)?(?:[两二三四五六七八九十\d]+|双)倍", s):
            why = "违约金按培训费用的倍数计算，超过用人单位实际提供的培训费用"
        elif re.search(r"岗前培训|入职培训|新员工培训|上岗培训|入职教育|安全教育|安全培训|企业文化培训|内部培训", s) and re.search(r"服务期|违约金", s):
            why = "岗前、入职等一般性培训不属于用人单位提供专项培训费用的专业技术培训，不能据此约定服务期和违约金"
        elif re.search(r"培训(?:费用|费)[^。；]{0,20}(?:包括|包含|含|计入)[^。；]{0,15}(?:工资|薪酬|社会保险|社保|福利|奖金)", s) or re.search(
                r"(?:返还|退还|偿还|赔偿|支付)[^。；]{0,24}培训期间[^。；]{0,10}(?:工资|薪酬|社会保险|社保|福利)", s):
            why = "培训期间的工资、社会保险等不属于可要求返还的培训费用（劳动合同法实施条例第十六条）"
        elif re.search(r"(?:全部|全额|所有)[^。；]{0,12}(?:培训)?(?:费用|培训费)", s) and re.search(r"服务期|离职|辞职|解除", s) and not prorated:
            why = "要求劳动者全额返还培训费用，未按服务期尚未履行部分分摊"
        elif re.search(r"服务期", s) and re.search(rf"违约金[^。；]{{0,8}}(?:为|人民币|计)?\s*{_LF_NUMW}\s*(?:万)?元", s) and not re.search(r"培训费", s):
            why = "服务期违约金为固定金额，与用人单位实际支付的培训费用及未履行的服务期无关"
        if why:
            return [Hit(evidence=s.strip(), sentence=sent,
                        explanation=f"{why}；劳动合同法第二十二条规定违约金不得超过培训费用，且不得超过服务期尚未履行部分所应分摊的培训费用。")]
    return []


def noncompete_scope_persons(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A non-compete imposed on every employee, or on one whose post is plainly ordinary
    (保洁, 保安, 前台, 流水线操作工, or one the contract itself says touches no secrets).

    Norm: a non-compete binds only senior managers, senior technical staff and others with a
    duty of confidentiality (劳动合同法第二十四条第一款); imposed on others it is void and the
    employer still cannot stop them working (人民法院 practice; 第二十三条 ties the non-compete to
    confidentiality). Read from the clause: all staff (全体员工/所有岗位), or an ordinary post
    named in the same clause as the restriction.
    """
    def finding(c: Clause) -> Hit | None:
        text = c.text.replace("\n", "")
        if not _LF_NC.search(text) and "竞业" not in text:
            return None
        # the restriction itself, not a title that names it (保密与竞业限制协议)
        sent = next((x for x in _split(c.text) if ("竞业" in x or _LF_NC.search(x.replace("\n", "")))
                     and re.search(r"不得|禁止|不应|任职|就职|入职|经营|适用于|竞业限制(?:义务|期限|期间)", x)), None)
        if sent is None:
            return None
        everyone = re.search(r"(?:全体|所有|全部|一切)(?:在职)?(?:员工|职工|人员|雇员|岗位)", text)
        # an ordinary post named in the clause, or as the worker's post at the head of the agreement
        ordinary = _K_NC_ORDINARY_POST.search(text) or _K_NC_ORDINARY_POST.search(ctx.text[:800])
        if not (everyone or ordinary) or re.search(r"(?:高级管理人员|高级技术人员|核心技术|负有保密义务的)[^。；]{0,10}(?:限于|仅|为限)", text):
            return None
        return Hit(evidence=sent.replace("\n", "").strip(), sentence=sent)

    # one finding per document, at the first clause that states the restriction
    first = _per_doc(ctx, "noncompete_scope_persons", lambda: next(
        ((c.clause_id, h) for c in (getattr(ctx, "clauses", None) or [clause]) if (h := finding(c)) is not None), None))
    if first is None and not getattr(ctx, "clauses", None):
        return []
    if first is None:
        h = finding(clause)  # a clause under test that is not among the context's clauses
        return [h] if h else []
    return [first[1]] if first[0] == clause.clause_id else []


@lru_cache(maxsize=64)
def _lf_doc_has(pattern: str, text: str) -> bool:
    """``re.search(pattern, text)``, cached: absence checks ask it once per clause of the
    same document, and re-scanning a long document per clause would be quadratic."""
    return re.search(pattern, text) is not None


_LF_SI = r"(?:社会保险|社保|五险|养老保险|医疗保险|工伤保险|失业保险|参保)"
# a start later than the first month of employment: 转正, 试用期满, 满N个月 (N ≥ 2), 次年
_LF_SI_LATE = (r"(?:转正|试用期满|试用期结束|试用期届满|试用期后|通过试用期|"
               r"(?:入职|工作|用工|签订[^。；]{0,8})满\s*(?:[二两三四五六七八九十]|[2-9]|\d{2,})\s*个?(?:月|年)|"
               r"第二(?:个)?(?:月|年|自然年度|年度|合同年度)|次年|下一年度)")


def labour_social_insurance_delayed(clause: Clause, ctx, params) -> Iterable[Hit]:
    """Social insurance that starts later than the law allows: after 转正 or the end of
    probation, after N months, or from the next year, or not during probation.

    社会保险法第五十八条: the employer registers its workers within 30 days of the start of
    employment; the probation period is part of the contract term (劳动合同法第十九条第四款),
    so a worker on probation is insured like any other. ``自用工之日起三十日内`` is lawful.

    Returns one hit on the sentence that postpones the start, or nothing.
    """
    if not _lf_employment_doc(ctx):
        return []
    for sent in _split(clause.text):
        # supplementary and commercial cover is a benefit, not the statutory insurance
        s = re.sub(r"(?:补充|商业|团体|意外)[^。；，]{0,4}(?:医疗|养老|意外|人身)?保险|企业年金", "", sent.replace("\n", ""))
        if not re.search(_LF_SI, s) and not re.search(r"试用期[^。；]{0,10}(?:不|暂不|无需)(?:缴纳|缴|参保|办理)", s):
            continue
        if re.search(r"(?:不得|禁止)[^。；]{0,10}(?:推迟|延后|拖延)|自用工之日起[^。；]{0,6}(?:三十|30)日内", s):
            continue
        late = (re.search(rf"(?:自|从|于|在|待)[^。；]{{0,16}}{_LF_SI_LATE}[^。；]{{0,24}}(?:起|后|之日|次月|开始|方可|再)", s)
                or re.search(rf"{_LF_SI}[^。；]{{0,24}}(?:自|从|于|待)[^。；]{{0,16}}{_LF_SI_LATE}", s)
                or re.search(rf"{_LF_SI_LATE}[^。；]{{0,14}}(?:后|起|之日起|的次月)[^。；]{{0,24}}(?:缴纳|办理|参加|购买|开始)[^。；]{{0,8}}{_LF_SI}", s)
                or re.search(r"试用期(?:内|间|期间|阶段)?[^。；]{0,10}(?:不|暂不|无需|不予)(?:为[^。；]{0,6})?(?:缴纳|缴|参保|参加|办理|购买)", s))
        if late:
            return [Hit(evidence=s.strip(), sentence=sent)]
    return []


_LF_COMMERCIAL_ARB = re.compile(r"(?P<name>[\u4e00-\u9fa5]{2,16}?)(?:仲裁委员会|国际仲裁院|仲裁院|国际仲裁中心|仲裁中心)")


def labour_commercial_arbitration(clause: Clause, ctx, params) -> Iterable[Hit]:
    """A labour dispute (the employment itself, non-compete, confidentiality of an employee)
    sent to a commercial arbitration commission instead of a 劳动（人事）争议仲裁委员会.

    Labour disputes go to labour dispute arbitration (劳动争议调解仲裁法第二条、第五条);
    the Arbitration Law does not govern them (仲裁法第九十三条), so an agreement to
    arbitrate before a commercial commission is void and a 终局 award there cannot take away
    the worker's right to sue. A clause that also names the labour commission is lawful, and so is
    a 劳务派遣协议's own disputes clause that speaks of the two companies only (a commercial contract).

    Outside a labour document (a platform's "cooperation" with a driver, a service agreement with
    an individual) only a clause that itself names the disputes a labour dispute is made of —
    whether a labour relationship exists, pay, social insurance, work injury (劳动争议调解仲裁法
    第二条) — is read: sending those to a commercial commission still cannot bar labour arbitration.

    Returns one hit on the sentence that names the commercial commission, or nothing.
    """
    if re.search(r"劳动(?:人事)?争议仲裁|劳动仲裁|人事争议仲裁", clause.text):
        return []
    employment = ctx.contract_type in ("劳动合同", "保密协议", "竞业限制协议", "劳务派遣协议") and _lf_employment_doc(ctx)
    labour_disputes = r"劳动合同|劳动关系|用工关系|雇佣关系|(?:双方)?关系(?:的)?性质|劳动报酬|工资|社会保险|社保|工伤"
    # a dispatch agreement is a contract between two companies: its own disputes are commercial and may go to a
    # commercial commission; only a dispute with the dispatched worker is a labour dispute (劳动争议调解仲裁法第二条)
    dispatch_b2b = ctx.contract_type == "劳务派遣协议" and not re.search(r"劳动者|派遣(?:人员|员工)|员工|劳动争议|劳动关系|工伤", clause.text)
    if dispatch_b2b:
        return []
    for sent in _split(clause.text):
        s = sent.replace("\n", "")
        m = _LF_COMMERCIAL_ARB.search(s)
        if not employment and not re.search(labour_disputes, s):
            continue
        if m and not re.search(r"劳动|人事", m.group(0)) and re.search(r"争议|纠纷|仲裁(?:解决|裁决)|提交|提请|申请", s):
            return [Hit(evidence=s.strip(), sentence=sent)]
    return []


DETECTORS.update({
    "labour_collects_property": labour_collects_property,
    "labour_commercial_arbitration": labour_commercial_arbitration,
    "labour_dismissal_unlawful": labour_dismissal_unlawful,
    "labour_employee_penalty": labour_employee_penalty,
    "labour_noncompete_compensation": labour_noncompete_compensation,
    "labour_noncompete_term": labour_noncompete_term,
    "labour_part_time": labour_part_time,
    "labour_probation_length": labour_probation_length,
    "labour_probation_wage": labour_probation_wage,
    "labour_resignation_restricted": labour_resignation_restricted,
    "labour_service_period_penalty": labour_service_period_penalty,
    "labour_social_insurance_delayed": labour_social_insurance_delayed,
    "labour_unilateral_change": labour_unilateral_change,
    "labour_working_hours": labour_working_hours,
    "noncompete_scope_persons": noncompete_scope_persons,
})
