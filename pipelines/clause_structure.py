"""Read a contract sentence's structure: who is relieved of or keeps a duty, on what
condition, with what consequence — shared by the playbook's structural readers.

A detector written as a list of phrases catches the drafter it was written from; these
helpers read the parts a norm speaks about instead:

* :func:`subject_of` — the party word heading a clause part (a known role such as 出租人,
  保证人, 用人单位, or any noun ending in a party suffix: 本俱乐部, 培训机构, 存储服务提供者);
* :func:`denials` — each place a party refuses a liability (不承担/不负/不予赔偿/概不负责/免除,
  or the loss shifted onto the other side: 由会员自行承担), with the relieved party, the
  text before it (what loss, from what cause) and whether the denial is universal;
* :func:`deeming` — a legal fiction (视为/视同/即为/即表示/推定/即发生…效力) and what it deems;
* :func:`definitions` / :func:`expand_definitions` — terms the clause defines for itself
  (本条所称“重大违约”包括…) and the clause with each later use read with its definition;
* the readers (``READERS``) used by pattern checks through their ``reader`` key
  (:mod:`pipelines.screen`): each takes one sentence and returns the evidence or None.

Every reader names the article its norm comes from.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["ROLE", "PARTY", "READERS", "Denial", "subject_of", "denials", "deeming", "parts", "other_party_named", "right_holder",
           "definitions", "expand_definitions"]

# Known role words of Chinese contracts (both sides of each contract type).
ROLE = (r"(?:甲方|乙方|丙方|丁方|买方|卖方|买受人|出卖人|采购方|采购人|供货方|供应方|供方|需方|供应商|销售方|购买方|"
        r"发包人|发包方|总承包人|承包人|承包方|分包人|分包方|总包方|委托人|委托方|受托人|受托方|定作人|定作方|承揽人|承揽方|"
        r"出租人|出租方|承租人|承租方|服务提供方|服务方|服务商|客户|用户|会员|学员|消费者|开发方|被许可方|许可方|被许可人|许可人|"
        r"被授权方|授权方|托运人|承运人|存货人|保管人|转让方|受让方|被特许人|特许人|加盟商|业主|物业服务人|物业公司|"
        r"借款人|贷款人|出借人|债权人|债务人|保证人|担保人|抵押权人|抵押人|出质人|质权人|用人单位|劳动者|员工|本公司|公司|平台|运营方|广告主|"
        # plain and Hong Kong drafting: 房东/租客, 雇主/雇员, 本公司/贵方/您, 物业 (not 物业费)
        r"房东|租客|租户|雇主|雇员|我司|我方|贵方|贵司|您|物业服务企业|管理公司|物业(?!费|管理费|服务费|使用|所在|服务区域|项目|区域))")
# Any other party noun: a word ending in a party suffix (培训机构, 本俱乐部, 存储服务提供者, 酒店).
_GENERIC = r"(?:本|该|贵)?[\u4e00-\u9fff]{1,8}?(?:方|人|商|者|单位|公司|机构|俱乐部|平台|中心|学校|医院|银行|酒店|门店|企业|客|员|户|园|馆|所|院|店|社|部|局|行)"
PARTY = rf"(?:{ROLE}|{_GENERIC})"
_MUTUAL = re.compile(r"双方|任何一方|任一方|各方|彼此|互相|相互|互不")
_PART = re.compile(r"[，,；;：:]")
_LEAD = r"(?:如|若|如果|倘若|但|且|而|则|并|即使|即便|此外|另外|同时)?"
# a clause's own number before its first word: 9.1 / 第五条 / （二） / 三、 / 2)
_NUMBERING = r"(?:第[一二三四五六七八九十百零〇\d]+条|\d{1,2}(?:\.\d{1,2}){0,3}[、.．)）]?|[（(][一二三四五六七八九十\d]{1,3}[)）]|[一二三四五六七八九十]{1,3}、)?"
# each optional piece carries its own trailing whitespace: three whitespace runs in a row
# made a match cubic in the length of a run of spaces (1,000 spaces took 26 s)
_SUBJECT = re.compile(rf"\s*(?:{_NUMBERING[:-1]}\s*)?(?:{_LEAD[:-1]}\s*)?(?P<p>{ROLE}|{_GENERIC})(?=均|亦|也|概|一律|一概|都|对|就|不|无|有权|可|应|须|需|将|因|基于|出于|由于|为了|仍|自行|保留|在|于|承担|负责|免|确认|同意|放弃|承诺|保证|认定|认为|发现|收到|根据|按|视|如|若|已|未|逾期|违反|存在)")


# 本条所称“重大违约”，是指… / “交付”指… / 本协议所称责任上限适用于…
_DEFINES = r"(?:一词)?\s*(?:[，,]\s*)?(?:是指|系指|指|包括|包含|适用于|即)"  # the words that open a definition
_QUOTED_TERM = r"[“‘\"'「『](?P<q>[^”’\"'」』，。；]{1,12})[”’\"'」』]"
_DEFINITION = re.compile(
    rf"(?:(?:本条|本款|本章|本节|本合同|本协议|本附件)(?:中)?(?:所称|所指|所述)(?:的)?\s*(?:{_QUOTED_TERM}|(?P<t>[^“‘\"'「『，。；]{{1,8}}?))"
    rf"|(?<![\u4e00-\u9fff]){_QUOTED_TERM.replace('?P<q>', '?P<q2>')})"
    rf"{_DEFINES}(?P<d>[^。]{{2,200}})。")
# a term's own definition, right after the term (and its closing quote)
_DEFINING = re.compile(rf"[”’\"'」』]?{_DEFINES}")


def definitions(text: str) -> list[tuple[str, str]]:
    """Terms the text defines for itself, as ``(term, definition)`` pairs in order.

    Shapes: ``本条所称“重大违约”包括…。``, ``本合同所称‘验收合格’，是指…。``, ``“交付”指…。``
    (a quoted term opening a sentence); the definition runs to the sentence's end. A
    drafter often hides the substance of a clause in such a definition (a "material breach"
    that is any breach at all), so checks must read the term's later uses with it.
    """
    out, seen = [], set()
    for m in _DEFINITION.finditer(text.replace("\n", "")):
        term = (m["q"] or m["t"] or m["q2"] or "").strip()
        if len(term) >= 2 and term not in seen:
            seen.add(term)
            out.append((term, m["d"].strip()))
            if len(out) >= 50:
                break  # a glossary: the first fifty terms are read
    return out


def expand_definitions(text: str, defs: list[tuple[str, str]]) -> tuple[str, list[str]]:
    """``text`` with each use of a defined term outside its own definition followed by the
    definition in brackets (``乙方发生重大违约（乙方任何一项履约指标未达标…）的``).

    One pass over ``text`` (a definition that names another term is not expanded again), and
    the insertions stop once they would add more than ``len(text)`` characters, so the result
    is at most twice as long as ``text`` whatever the clause defines.

    Returns:
        ``(expanded text, inserted strings)``: remove every inserted string from a piece of
        evidence found in the expanded text to get the verbatim words of ``text``.
    """
    if not defs:
        return text, []
    meaning = {t: f"（{d}）" for t, d in defs}
    use = re.compile("(" + "|".join(re.escape(t) for t in sorted(meaning, key=len, reverse=True)) + r")[”’\"'」』]?")
    budget = len(text)
    out = []
    for piece in re.split(r"(?<=。)", text):
        pos = 0
        for m in use.finditer(piece):
            ins = meaning[m.group(1)]
            if _DEFINING.match(piece, m.end(1)) or len(ins) > budget:
                continue  # the term's own definition, or the expansion budget is spent
            out.append(piece[pos: m.end()] + ins)
            pos, budget = m.end(), budget - len(ins)
        out.append(piece[pos:])
    return "".join(out), list(meaning.values())


def parts(sentence: str) -> list[tuple[int, str]]:
    """The comma/semicolon-delimited parts of ``sentence``: ``[(start offset, text), ...]``."""
    out, start = [], 0
    for m in _PART.finditer(sentence):
        out.append((start, sentence[start:m.start()]))
        start = m.end()
    out.append((start, sentence[start:]))
    return out


def subject_of(part: str) -> str | None:
    """The party word heading a clause part (``出租人概不承担责任`` → ``出租人``), or None."""
    m = _SUBJECT.match(part)
    if m is None:
        return None
    word = m.group("p")
    known = list(re.finditer(ROLE, word))
    if known and re.search(r"(?:后|时|前|中|内|的|在|期间|以来)$", word[:known[-1].start()]):
        return known[-1].group(0)  # 交付后出租方 → 出租方 (快递公司 stays whole)
    return word


def _part_at(sentence: str, pos: int) -> tuple[int, str]:
    for start, text in reversed(parts(sentence)):
        if start <= pos:
            return start, text
    return 0, sentence


_DENY = re.compile(r"(?:均|亦|也|概|一律|一概|都|皆)?(?:概不负责|不(?:承担|负担|负责|负|予(?:赔偿|承担|负责|理赔)|赔偿)"
                   r"|无(?:需|须)(?:承担|负责|赔偿|补偿)|免(?:除|于|责)"
                   r"|(?:无需|无须|不)(?:对|就|向)[^，。；]{1,16}?(?:承担|负责|负|赔偿)(?=[^，。；]{0,6}(?:责任|赔偿|损失|$|[，。；])))")
_SHIFT = re.compile(rf"由(?P<v>{PARTY})(?:本人|自己|自行|本人自行)(?:承担|负责|解决|处理)")
_UNRELATED = re.compile(rf"(?:均|概|一概|一律|完全)?与(?P<p>{ROLE}|{_GENERIC})(?:均|都|概|完全|毫|并)?无(?:任何)?(?:关|涉)")
_UNIVERSAL = re.compile(r"一切|任何|全部|所有|无论|不论|不管|概不|一概|一律")
# a quantifier over loss or cause in general — not over one kind of defect or duty (任何瑕疵,
# 任何维修责任 are that kind's own checks): 一切损失, 任何后果, 无论何种原因
_UNIVERSAL_LOSS = re.compile(r"(?:一切|任何|全部|所有)[^，。；]{0,6}?(?:损失|损害|损坏|灭失|毁损|短少|丢失|后果|风险|责任|事故|纠纷|原因|情况|情形|事由|事件)"
                             r"|(?:无论|不论|不管)[^，。；]{0,8}(?:原因|情况|情形|如何|何种|何时|是否)")


@dataclass(frozen=True)
class Denial:
    """One refusal of liability in a sentence.

    Attributes:
        party: the relieved party word (None when the loss is shifted onto the other side
            with 由X自行承担 and the relieved party is not named).
        start: offset of the refusal in the sentence.
        head: the sentence text before the refusal (what loss, from what cause).
        phrase: the refusal and up to 12 characters after it (任何责任, 赔偿责任 …).
        shifted_to: the party a 由X自行承担 puts the loss on, else None.
    """

    party: str | None
    start: int
    head: str
    phrase: str
    shifted_to: str | None = None

    @property
    def universal(self) -> bool:
        """The refusal covers every loss or cause (一切损失, 任何原因, 概不负责, 不承担任何责任)."""
        return bool(_UNIVERSAL.search(self.head) or self.universal_refusal)

    @property
    def universal_refusal(self) -> bool:
        """The refusal itself is universal: 概不负责, 一律不承担, 不承担任何(法律)责任 — not
        任何维修责任 (one kind of duty)."""
        return bool(re.match(r"(?:概不|一概不|一律不|(?:均|亦|也|都|皆)?不(?:承担|负)(?:任何|一切|全部)(?:的)?(?:法律)?(?:责任|赔偿))", self.phrase))


def denials(sentence: str) -> list[Denial]:
    """Each refusal of liability in ``sentence`` with its relieved party.

    The relieved party is the subject of the clause part the refusal is in
    (``本俱乐部不予赔偿``), or of the sentence's first part when the refusal's part has none
    (``乙方对…，均不承担责任``), or the party a ``与X无关`` names. A ``由X自行承担`` shifts the loss onto X (the victim).
    """
    out: list[Denial] = []
    first_subject = subject_of(parts(sentence)[0][1])
    for m in _DENY.finditer(sentence):
        _, part = _part_at(sentence, m.start())
        party = subject_of(part) or first_subject
        out.append(Denial(party=party, start=m.start(), head=sentence[:m.start()], phrase=sentence[m.start():m.end() + 12]))
    for m in _UNRELATED.finditer(sentence):  # 与甲方无关: the party named inside the refusal is relieved
        out.append(Denial(party=m.group("p"), start=m.start(), head=sentence[:m.start()], phrase=sentence[m.start():m.end() + 12]))
    for m in _SHIFT.finditer(sentence):
        out.append(Denial(party=None, start=m.start(), head=sentence[:m.start()], phrase=m.group(0), shifted_to=m.group("v")))
    return out


def other_party_named(text: str, party: str | None) -> bool:
    """Whether ``text`` names a party other than ``party`` (or 对方/第三方/他人)."""
    for m in re.finditer(PARTY, text):
        w = m.group(0)
        if party is None or (w not in party and party not in w):
            return True
    return bool(re.search(r"对方|第三方|他人|第三人", text))


# 表示 alone is a fiction (签收即表示…, 付款表示认可); 明确/书面表示拒绝 is a real declaration
_DEEM = re.compile(r"(?<!不)(?:视为|视作|视同|即为|即表示|(?<!明确)(?<!书面)(?<!口头)(?<!明示)表示(?!拒绝|反对|不同意|异议)|代表|意味着|等同于|推定为?|即告|即证明|即确认)|(?:即|便|就)?(?:发生|产生|具有)[^，。；]{0,6}(?:效力|法律效力)|即(?:时)?生效")


def deeming(sentence: str) -> list[re.Match]:
    """Each legal fiction in ``sentence``: 视为/视同/即为/即表示/推定/即发生通知效力/即生效."""
    return list(_DEEM.finditer(sentence))


# ------------------------------------------------------------------------------------------
# Readers: one sentence in, evidence (the sentence) or None out.
# ------------------------------------------------------------------------------------------

_FAULT = r"(?:原因|过错|过失|违约|违反|行为|操作|使用不当|故意|自行|擅自|私自|违规|改装|改动|提供|疏忽)"
_CAUSERS = rf"(?P<p>{PARTY}|自身|本人|自己|其本人|对方|第三方|他人)"
# a cause named as someone's act: 因乙方原因…, 由于承租人过错…, 买受人自行改装…造成的
_CAUSE_OTHER = (re.compile(rf"(?:因|由于|系|属于?)[^，。；]{{0,16}}?{_CAUSERS}[^，。；]{{0,10}}{_FAULT}"),
                re.compile(rf"{_CAUSERS}[^，。；]{{0,10}}{_FAULT}[^，。；]{{0,16}}(?:造成|导致|引起|所致|产生)"),
                # a causal chain that starts with a party, whatever its act: 因甲方指示错误造成的
                re.compile(rf"(?:因|由于)(?:{_CAUSERS})[^，。；]{{1,16}}?(?:造成|导致|引起|所致)"))
_INJURY = re.compile(r"伤|亡|死|残|人身|生命|健康|身体")
_GROSS = re.compile(r"故意|重大过失")
_INDIRECT = re.compile(r"间接|可得利益|预期利益|利润损失|商誉|营业损失|经营损失|机会损失")


def _own_cause_only(d: Denial) -> bool:
    """The loss's cause is named and lies with someone other than the relieved party."""
    for m in (m for rx in _CAUSE_OTHER for m in rx.finditer(d.head)):
        p = m.group("p")
        if p in ("自身", "本人", "自己", "其本人"):
            # a bare 自身 points back at the part's subject: the relieved party when it heads the sentence
            if d.party and re.match(rf"\s*{_LEAD}\s*[\u4e00-\u9fff]{{0,6}}?{re.escape(d.party)}", d.head):
                continue
            return True
        if p in ("对方", "第三方", "他人"):
            return True
        if re.fullmatch(r"(?:本|其)?(?:员工|工作人员|雇员|职员|人员|代理人|雇佣人员)", p):
            continue  # the party's own personnel
        if d.party is None or (p not in d.party and d.party not in p):
            return True
    return False


def read_total_exemption(sentence: str) -> str | None:
    """A party refuses liability for every loss or whatever the cause (民法典第四百九十七条、
    第五百零六条): ``对于承租人遭受的一切损失，出租人概不承担责任``. A refusal for a cause
    named as the other side's or a third party's, force majeure, mutual refusals, and losses
    to the person or indirect losses (their own checks) are not this norm."""
    if _MUTUAL.search(sentence) or re.search(r"不可抗力|意外事件", sentence):
        return None
    for d in denials(sentence):
        if d.party is None or _own_cause_only(d):
            continue
        # every loss or every cause: a quantifier on what is refused (一切损失, 任何原因), or a
        # universal refusal that names no particular loss (甲方对此概不负责 after nothing specific)
        # the loss the refusal covers: the clause parts before it that confer no right (in
        # 有权在任何时候终止，且不负赔偿责任 the quantifier is the ground of the right, not the loss)
        scope = "".join(t for st, t in parts(d.head) if not re.search(r"有权|可以|可(?!能)", t))
        rest = scope.replace(d.party, "", 1) if d.party else scope
        rest = re.sub(rf"^\s*{_NUMBERING}", "", rest)
        if not (_UNIVERSAL_LOSS.search(scope) or (d.universal_refusal and len(re.sub(r"[，,、\s对就此均亦也]", "", rest)) <= 2)):
            continue
        if _INJURY.search(d.head) or _INDIRECT.search(d.head + d.phrase):
            continue
        # 不负责 + a task (不负责数据的导出或返还, 不负责安装): a duty declined, not liability refused —
        # the duty's own norm judges it (e.g. termination.data_not_returned, 民法典第五百五十八条)
        if re.match(r"不(?:再)?负责(?!任|赔|人)[\u4e00-\u9fff]", d.phrase) and not re.search(
                r"^不(?:再)?负责(?:任何|一切|全部|所有|由此|因此|相关|有关)?(?:的)?(?:损失|赔偿|后果|责任|费用)", d.phrase):
            continue
        # a universal refusal after a narrow condition (乙方逾期交货的，甲方不承担任何责任) is not total
        cond = re.search(r"的[，,]|时[，,]|后[，,]", d.head)
        if cond and not _UNIVERSAL_LOSS.search(scope):
            continue
        return sentence.strip()
    return None


def read_injury_or_gross_negligence(sentence: str) -> str | None:
    """Liability refused for harm to the person, or for the relieved party's own wilful
    misconduct or gross negligence (民法典第五百零六条): ``学员发生的意外伤亡事故，培训机构不负任何
    责任`` / ``会员受伤的，由会员自行承担，本俱乐部不予赔偿`` / ``即使系因服务商故意…亦不承担``.
    Harm the victim caused to itself (因其自身过错) and refusals the clause makes subject to
    the law (除外, 仍应承担) are not."""
    if re.search(r"除外|不得免除|仍(?:应|须|需)?(?:当)?承担|不免除|依法承担|不适用", sentence):
        return None
    if re.search(r"工伤", sentence):
        return None  # an employer's 工伤 liability: the labour check (工伤保险条例) reads it
    if re.search(r"(?:第三人|第三方|他人)[^，。；]{0,12}(?:人身|人员|财产)", sentence) and re.search(
            rf"由{PARTY}[^，。；]{{0,8}}?(?:承担|负责|赔偿)", sentence):
        return None  # harm to a third person allocated to the other party: who pays between the parties, not an exemption towards 对方 (民法典第五百零六条; 第七百四十九条)
    for d in denials(sentence):
        self_caused = re.search(r"(?:因|由于)[^，。；]{0,12}(?:自身|本人|自己|其|受害人|对方)(?:的)?(?:原因|过错|过失|故意|违规|操作不当|疏忽)", d.head) \
            or _own_cause_only(d)
        if _INJURY.search(d.head) and not self_caused:
            return sentence.strip()
        if _GROSS.search(d.head) and (re.search(r"即使|即便|包括|无论是否|不论是否|哪怕", d.head) or not _own_cause_only(d)):
            return sentence.strip()
    # even for intent or gross negligence, liability only up to a cap (a partial exemption)
    g = re.search(r"(?:即使|即便|包括|无论是否|不论是否|哪怕)[^，。；]{0,20}(?:故意|重大过失)", sentence)
    if g and re.search(r"不(?:超过|得超过|高于)|为限|最高|上限|封顶", sentence[g.end():]):
        return sentence.strip()
    return None


_FACILITY = re.compile(r"服务器|系统|网络|机房|设备|软件|程序|线路|数据库|平台|升级|维护|故障|宕机|中断|存储")
_EXTERNAL = re.compile(r"不可抗力|黑客|病毒|攻击|电信|运营商|政府|停电|自然灾害|第三方|他人|计划内|预先通知|提前[^。；]{0,6}通知")


def read_own_core_obligation_excluded(sentence: str) -> str | None:
    """A party refuses liability for a failure within its own sphere — its own system,
    service or custody (民法典第五百七十七条: non-performance is a breach; 第四百九十七条):
    ``因平台服务器故障导致交易失败的，平台不承担赔偿责任`` / ``提供者对因其系统升级导致的存储内容灭失
    不承担责任``. External causes (不可抗力, 黑客, 电信运营商, 第三方) or the other side's cause
    are not."""
    if _MUTUAL.search(sentence) or _EXTERNAL.search(sentence):
        return None
    for d in denials(sentence):
        if d.party is None or _own_cause_only(d):
            continue
        cause = (re.search(r"(?:因|由于)(?P<c>[^，。；]{1,30}?)(?:导致|造成|引起|所致|而|的)", d.head)
                 or re.search(r"(?:对于|对|就)?(?P<c>[^，。；]{2,30}?)所?(?:造成|导致|引起)的", d.head)
                 # 不对服务中断、数据丢失承担责任: what is refused stands inside the refusal
                 or re.match(r"(?:均|亦|也|概|一律|一概|都|皆)?(?:无需|无须|不)(?:对|就)(?P<c>[^，。；]{2,20}?)(?:承担|负责|负|赔偿)", d.phrase))
        if cause is None:
            continue
        c = cause.group("c")
        own = re.match(rf"(?:其|自身|本方|我方|{re.escape(d.party)})", c) or re.search(rf"{re.escape(d.party)}(?:的|自身)?", c)
        if own or (_FACILITY.search(c) and not other_party_named(c, d.party)):
            return sentence.strip()
    return None


_CLAIM = r"(?:索赔|追偿|追索|追究|起诉|诉讼|仲裁|投诉|主张[^，。；]{0,8}(?:权利|赔偿|责任|索赔)|要求[^，。；]{0,8}(?:赔偿|退款|退货|退换|补偿|解除|承担|返还|退还)|提出[^，。；]{0,6}(?:索赔|赔偿|主张|请求)|请求[^，。；]{0,4}赔偿)"
_NO_CLAIM = re.compile(rf"(?:不得|不能|无权|不再|放弃|(?:丧失|失去)(?!商业信誉|信誉|信用|[^，。；]{{0,2}}能力|经营|资格|控制|联系)|承诺不|保证不|同意不|不会|(?:均|都|亦|也|永久|概)不(?=向|对|就|追究|索赔|起诉|追偿|追索))(?:再)?[^。；]{{0,24}}?{_CLAIM}")


def read_claims_waived(sentence: str) -> str | None:
    """A party gives up in advance its claims, refunds or right to sue against the other
    (民法典第四百九十七条; 消费者权益保护法第二十六条第二款): ``承租人入住后不得就房屋任何质量问题向
    出租人提出索赔`` / ``客户签署验收单后即不得再主张任何权利``. A time limit for raising a claim
    (an objection period: ``…日内未提出的``), a settlement (和解, 结清, 了结) or a mutual waiver
    is not this norm."""
    if _MUTUAL.search(sentence) or re.search(r"和解|结清|了结|一次性解决|协商一致|法律另有规定|七日无理由|除外|时效", sentence):
        return None
    m = _NO_CLAIM.search(sentence) or re.search(rf"放弃[^，。；]{{0,12}}(?:对|向){PARTY}[^，。；]{{0,12}}(?:权利|请求权|追索权|权)", sentence)
    if m is None:
        return None
    head = sentence[:m.start()]
    if re.search(r"违约|违反|过错|定金|(?:不|未|拒绝|不能)(?:履行|按约履行)(?:本)?(?:合同|协议|约定的?(?:债务|义务))", head) or "定金" in sentence[m.start():m.end() + 6]:
        return None  # a claim lost for the claimant's own breach (定金罚则) is a remedy, not a waiver
    if (re.search(r"因此|就此|由此|对此", sentence[m.start():m.end() + 4]) and re.search(r"有权|可以|可(?!能)|保留", head)) \
            or re.search(r"(?:有权|可以|可(?!能)|保留)[^。；]{0,24}(?:解除|终止|调整|变更|收回)", head):
        return None  # no claim for the other's exercise of a right just given: that right's own check judges it
    if re.search(r"\d+\s*(?:个工作日|日|天|小时|周|个月|年)|[一二三四五六七八九十两]+\s*(?:个工作日|日|天|小时|周|个月|年)|期限|逾期|届满", head):
        return None
    if not (subject_of(parts(sentence)[0][1]) or re.search(PARTY, head)):
        return None
    return sentence.strip()


_NONPAY = re.compile(r"(?:付款|支付|货款|价款|租金|工程款|服务费|结款|回款|账款|款项|费用)[^，。；]{0,4}(?:延迟|逾期|迟延|拖延|延误)|(?:无论|不论|不管|即使|即便)[^，。；]{0,12}是否[^，。；]{0,10}(?:付|支付|付款|结算|交纳|缴纳|缴|交)|(?:逾期|延迟|迟延|拖延|延期|未按(?:期|时|约定)?|未能|未|拖欠|欠付|不)(?:按期|按时|及时)?[^，。；]{0,8}?(?:付款|支付|付清|结算|拨付|缴纳|交纳|缴付|缴清|交清)|拖欠|欠付|欠款")
_KEEP_PERFORMING = re.compile(r"(?:仍|仍然|照常|继续|持续|依然|照样|均|都)(?:应|须|需|要|必须|应当)(?:当)?[^，。；]{0,12}?(?:供货|发货|交货|交付|完成|提供|施工|服务|履行|生产|工作|供应|供电|供水|运输|开发)"
                              r"|(?:仍|仍然|照常|继续|持续|依然|照样)[^，。；]{0,12}?(?:供货|发货|交货|交付|施工|服务|履行|生产|工作|供应|供电|供水|运输|开发)"
                              r"|(?:不得|无权|不能|不可)[^，。；]{0,10}?(?:停|中止|暂停|拒绝|放缓|延缓|拖延|断)[^，。；]{0,4}(?:供货|发货|交货|施工|服务|履行|生产|工作|供应|进度|供)?")


def read_performance_defence_waived(sentence: str) -> str | None:
    """Whatever the other party's non-payment, a party must keep performing and may not
    suspend (民法典第五百二十六条: the later performer may refuse its corresponding performance;
    第八百零六条第二款): ``即便需方延迟付款，供方仍须持续供货`` / ``发包人未按期支付工程款的，承包人仍
    应按计划组织施工``. A suspension allowed after a reminder or a reasonable period, one that
    keeps only a core service going (可暂停非紧急服务，但不得停止一级故障处理), and a mutual term,
    are not."""
    # (双方另行协商 settles the debt; it does not make the duty to keep performing mutual)
    if _MUTUAL.search(re.sub(r"(?:由)?双方(?:另行|友好|再行)?协商[^，。；]*", "", sentence)) or re.search(
            r"合理期限|催告后|书面通知后[^。；]{0,10}(?:日|天)|(?:日|天)后仍", sentence):
        return None
    pay = _NONPAY.search(sentence)
    if pay is None:
        return None
    if re.search(r"(?:不得|无权|不能|不可)(?:因|以)[^，。；]{0,20}(?:而|为由)[^，。；]{0,4}(?:停|中止|暂停|拒绝|放缓|延缓|解除)", sentence[:pay.end() + 12]):
        return sentence.strip()
    keep = _KEEP_PERFORMING.search(sentence, pay.end())
    if keep is None and re.match(r"无论|不论|不管", pay.group(0)):
        # whatever the payment, a duty stands: 不论…是否按时交纳租金，出租人均须保证…
        keep = re.search(r"(?:均|都|仍|亦|也|照常)(?:应|须|需|必须|应当|要)", sentence[pay.end():])
    if keep is None:
        return None
    if re.search(r"(?:可以?|有权|得)[^，。；]{0,12}(?:暂停|中止|停止|拒绝)", sentence[pay.end(): keep.start()]):
        return None  # suspension allowed, only a core service kept (可暂停非紧急服务，但不得停止一级故障处理): the defence stands
    return sentence.strip()


_MAIN = r"(?:主合同|主债权|主债务|基础(?:合同|交易)|被担保(?:的)?(?:合同|债权|债务)|(?:借款|贷款|买卖|租赁|融资租赁|采购|施工|服务|授信)(?:合同|协议))"
_INVALID = r"(?:无效|被撤销|撤销|不成立|未生效|不生效|解除|瑕疵)"
_SURVIVES = re.compile(r"(?:仍|亦|也|继续|照常|依然|照样|同样|均|依旧)[^，。；]{0,36}(?:承担|履行|负责|清偿|有效|担保)|不影响|不因[^，。；]{0,12}而(?:受)?[^，。；]{0,3}(?:影响|免除|减轻|消灭|无效|失效)")


def read_guarantee_independent(sentence: str) -> str | None:
    """The guarantee survives the main contract's invalidity (民法典第六百八十二条: a guarantee
    is accessory; 担保制度解释第二条): ``即使借款合同被认定无效，保证人仍按本合同承担保证责任`` /
    ``如主合同被认定无效，保证人对债务人因此应承担的返还及赔偿责任亦承担连带保证责任``. Liability by
    fault as the law provides (过错, 相应的责任, 三分之一) and 独立保函 are not."""
    if not re.search(r"保证|担保|连带(?:清偿|赔偿)?责任", sentence) or re.search(r"过错|相应的?(?:民事)?责任|三分之一|法律另有规定|独立保函", sentence):
        return None
    if re.search(rf"(?:与|和|同)[^，。；]{{0,6}}?{_MAIN}[^，。；]{{0,8}}(?:效力|是否有效|有效与否|是否无效)[^，。；]{{0,4}}无关|(?:独立|不依附|不从属)[^，。；]{{0,6}}{_MAIN}", sentence):
        return sentence.strip()
    m = re.search(rf"{_MAIN}[^，。；]{{0,14}}{_INVALID}", sentence)
    if m is None:
        return None
    if re.search(rf"不因[^，。；]{{0,6}}{_MAIN}", sentence) and _SURVIVES.search(sentence):
        return sentence.strip()
    if _SURVIVES.search(sentence, m.end()) and re.search(r"保证人|担保人|保证责任|担保责任|保证|担保|连带(?:清偿|赔偿)?责任", sentence[m.end():]):
        return sentence.strip()
    return None


_DEFAULT = re.compile(r"(?:到期|逾期|期满|届满|不能|未能|无法|未|不)[^，。；]{0,10}?(?:清偿|还款|还清|偿还|归还|还本|付息|赎回|付清|履行|支付)|逾期")
_COLLATERAL = r"(?:抵押物|质物|质押物|担保物|担保财产|抵押财产|质押财产|抵押|质押|出质|房产|房屋|商铺|铺面|厂房|车位|不动产|土地使用权|土地经营权|车辆|股权|设备|饰品|权利凭证|仓单)"
_TO_CREDITOR = re.compile(rf"(?:归|转移|过户|转归|转让|移转|变更登记)[^，。；]{{0,6}}?(?:至|给|到|为|于)?[^，。；]{{0,4}}?(?:{ROLE}|其|自己|自身|本人)[^，。；]{{0,4}}(?:所有|名下)"
                          r"|所有权[^，。；]{0,10}(?:归|转移|转归|移转|过户)|(?:折抵|抵偿|抵债|冲抵|充抵|以物抵债|抵顶)[^，。；]{0,10}(?:取得|所有|债务|本息|借款|款项)?"
                          r"|(?:直接|即|自动|当然)(?:取得|拥有)[^，。；]{0,8}(?:所有权|产权)|债权债务[^，。；]{0,4}两清")


def read_forfeiture(sentence: str) -> str | None:
    """Agreed before the debt falls due: on default the collateral passes to the creditor
    (流押、流质 — 民法典第四百零一条、第四百二十八条): ``债务人逾期未清偿的，抵押房产的所有权直接转移至
    抵押权人名下`` / ``出质人未赎回的，质物由质权人以借款本息折抵取得``. A sale, auction or valuation
    with the surplus returned (拍卖, 变卖, 优先受偿, 清算, 多退少补) or a price agreed after
    maturity (协商…折价) is the lawful route."""
    for lawful in re.finditer(r"拍卖|变卖|优先受偿|清算|(?<!签订时)(?<!签约时)(?<!签署时)评估|多退少补|退还差额|返还差额|参照市场|协商|协议折价", sentence):
        if not re.search(r"(?:不|无需|无须|不予|不经|免于|免予|未经)[^，。；]{0,4}$", sentence[:lawful.start()]):
            return None  # the lawful route, unless the clause rules it out (不再进行清算, 无需另行评估)
    d = _DEFAULT.search(sentence)
    if d is None or not re.search(_COLLATERAL, sentence):
        return None
    if re.search(r"征收|征用|拆迁|不可抗力|不可归责|规划调整", sentence[:d.end() + 4]):
        return None  # a contract ended by expropriation sharing out the compensation: no debt in default
    if _TO_CREDITOR.search(sentence, d.end()):
        return sentence.strip()
    return None


_SEND = re.compile(r"发出|发送|寄出|寄送|邮寄|交邮|交寄|付邮|投递|投寄|推送|张贴|公告|公布|发布|上传|公示|传真|群发|发至|发往")
_RECEIVE = re.compile(r"签收|收到|到达|进入|查收|阅读|读取|接收|回执|确认收|送达对方|拒收|退回|无法送达|拒绝签收|无人签收")


def read_notice_deemed_on_dispatch(sentence: str) -> str | None:
    """A notice takes effect (is deemed received, known, served) at the sender's act —
    sending, posting, publishing, pushing — not on arrival (民法典第一百三十七条: a declaration
    not made face to face takes effect when it reaches the other party; a data message when
    it enters the designated system): ``推送成功即视为客户已知悉`` / ``自交邮之日起即视为送达`` /
    ``发送方发出后即发生通知效力``. A receiver-side event (签收, 进入…系统) or a period counted
    after dispatch (发出后第三日) is lawful drafting."""
    if not re.search(r"通知|函|文件|公告|短信|邮件|信息|消息|信件|送达|告知", sentence):
        return None
    if re.search(r"(?:未|没有|怠于|未及时|未能|不及时)[^，。；]{0,6}(?:书面)?(?:通知|告知|告诉|知会)|原(?:有|先)?(?:的)?(?:送达|通讯|通信|联系|收件)?(?:地址|联系方式|号码|邮箱|住所|方式)", sentence):
        return None  # served at the old address because the addressee did not report its change: the addressee's own omission (民事诉讼法解释、最高人民法院关于进一步加强民事送达工作的若干意见第八条)
    # the service time defined as the sender's event: 以传真机显示的发送时间为送达时间
    for m in re.finditer(r"以(?P<t>[^，。；]{0,20}?)(?:时间|日期|之日|当日|时)为(?:送达|收到|到达|通知)", sentence):
        if _SEND.search(m.group("t")) and not _RECEIVE.search(m.group("t")):
            return sentence.strip()
    for m in deeming(sentence):
        obj = sentence[m.start(): m.end() + 10]
        if not re.search(r"送达|收到|知|到达|通知|告|效力|生效|接收|阅", obj):
            continue
        trigger = sentence[max(0, m.start() - 24): m.start()]
        trigger = re.split(r"[；;。]", trigger)[-1]
        if not _SEND.search(trigger) or _RECEIVE.search(trigger):
            continue
        if re.search(r"(?:后|起)(?:第)?\s*(?:\d+|[一二三四五六七八九十两]+)\s*(?:个工作日|日|天|小时)", trigger):
            continue
        if re.search(r"自行|单方|有权|自主", sentence[:m.start()]) and re.search(
                r"(?:调整|上调|变更|提高|确定|制定)[^，。；]{0,12}(?:收费标准|价格|单价|费用|费率|租金|价款|服务费|物业费)"
                r"|(?:收费标准|价格|单价|费率|租金|服务费|物业费)[^，。；]{0,6}(?:调整|上调|变更)|(?:调价|调整)方案",
                sentence[:m.start()]):
            continue  # one side's price change posted to take effect: who sets the price is the risk (price.unilateral_adjustment)
        return sentence.strip()
    return None


_ONE_SIDE_JUDGES = r"(?:满意|认可|认为|判断|认定|决定|同意|意见)"
_VERDICT = r"(?:验收(?:合格|通过)?|通过验收|合格|通过)"


def read_subjective_acceptance(sentence: str) -> str | None:
    """Whether the work passes acceptance is left to one party's satisfaction or judgement
    (民法典第五百一十条、第五百一十一条第一项: quality must be agreed; 第一百五十九条): ``需经甲方
    试用并表示满意，方视为通过验收`` / ``是否通过验收，由客户根据其业务需要最终判断``. Objective
    criteria (标准, 指标, 参数, 测试用例, 附件) or a joint test are not."""
    if not re.search(r"验收|合格|检验", sentence):
        return None
    if re.search(r"标准|指标|参数|规范|测试用例|用例|附件|规格|技术要求|检测报告|双方|共同|联合|客观|合理", sentence):
        return None
    a = re.search(rf"(?P<p>{PARTY})[^。；]{{0,16}}?{_ONE_SIDE_JUDGES}[^。；]{{0,12}}?(?:视为|作为|方为|即为|才为|为|方可|才能)[^。；]{{0,6}}{_VERDICT}", sentence)
    if a and re.search(r"(?:未|没有|不)(?:在[^。；，]{0,10}内)?(?:书面)?(?:提出|发出|反馈)[^。；，]{0,8}(?:意见|异议)", a.group(0)):
        a = None  # silence within a period deemed acceptance (未提出书面修改意见的，视为验收合格): the period checks judge it
    b = re.search(rf"(?:是否|能否|可否)[^，。；]{{0,12}}{_VERDICT}[^。；]{{0,6}}(?:由|以)(?P<p>{PARTY})[^。；]{{0,16}}(?:判断|决定|认定|确定|意见|为准)", sentence)
    m = a or b
    if m is None or _MUTUAL.search(m.group(0)):
        return None
    return sentence.strip()


_EVALUATE = r"(?:考核|评价|评估|考评|测评|评审|评定|评分|打分|评级|满意|认可)"


def read_payment_on_payer_evaluation(sentence: str) -> str | None:
    """A payment conditioned on the payer's own evaluation of the payee (民法典第五百一十条、
    第五百一十一条第四项; 第一百五十九条): ``第二期款项的支付，以发包人对承包人年度履约评价合格为前提`` /
    ``甲方对评估结果满意的，于评估结束后30日内支付``.
    Acceptance against agreed criteria, an evaluation by a third party or a joint one, and
    criteria in an annex are not."""
    if not re.search(r"支付|付款|付清|结算|发放|拨付", sentence):
        return None
    if re.search(r"第三方|附件|指标|双方|共同|客观|检测|量化", sentence):
        return None
    m = (re.search(rf"(?:以|经|待|须经|在)(?P<p>{PARTY})[^，。；]{{0,16}}?{_EVALUATE}[^，。；]{{0,16}}?(?:为(?:付款|支付|结算)?(?:前提|条件|依据|准|基础|标准)|后|之后|方|才)", sentence)
         or re.search(rf"(?P<p>{PARTY})[^，。；]{{0,12}}?{_EVALUATE}[^，。；]{{0,6}}(?:合格|通过|满意|达标|优秀)?(?:后|之后|方可|才)[^。；]{{0,12}}(?:支付|付款|结算|发放|拨付)", sentence)
         # the payer's satisfaction as the day the period starts: 乙方书面确认对调查结果满意之日起十个工作日内支付
         or re.search(rf"(?P<p>{PARTY})[^，。；]{{0,6}}?(?:书面)?(?:确认|表示)?(?:对[^，。；]{{1,14}}?)?(?:满意|认可)(?:之日|之时|当日)(?:起|后)?[^。；]{{0,16}}(?:支付|付款|付清|结算|发放|拨付)", sentence)
         # the evaluation as the condition of a conditional sentence: 甲方对评估结果满意的，于评估结束后30日内支付
         or re.search(rf"(?P<p>{PARTY})(?:对[^，。；]{{1,14}}?)?{_EVALUATE}[^，。；]{{0,6}}(?:合格|通过|满意|达标|优秀)?的[，,][^。；]{{0,24}}(?:支付|付款|付清|结算|发放|拨付)", sentence))
    if m is None or re.match(r"第三方|双方", m.group("p")):
        return None
    return sentence.strip()




# a sum described as paid: 已缴费用, 所交纳的学费, 预存的服务款项 (a pay verb qualifying the money word)
_PAID = r"(?:(?:已|所)(?:经)?[^，。；]{0,2}?(?:缴纳|缴|交纳|支付|付|交|收取|收|充值|预存|预付)[^，。；]{0,12}?|(?:缴纳|交纳|预存|预付|充值|预交|缴)的[^，。；]{0,8}?)(?:款|费|金|价)"
_NO_REFUND = r"(?:不予?|不得要求|不再|概不|一律不|均不|均不予|不作)(?:退|返还|退回|退还)"


def read_paid_sums_kept(sentence: str) -> str | None:
    """Sums already paid kept whatever happens (民法典第五百六十六条: restitution after
    termination; 第五百八十五条: a penalty out of proportion may be reduced; 第四百九十七条):
    ``会员卡一经办理，已缴费用在任何情况下均不予退还``. Kept for the payer's own breach (因…违约),
    the 定金 rule, or with exceptions (除外) is not this norm."""
    if re.search(r"(?:因|由于)[^。，；]{0,10}(?:违约|违反|违规|过错|过失)|定金罚则|适用定金|除外", sentence):
        return None
    paid = re.search(_PAID, sentence)
    if paid is None:
        return None
    refuse = re.search(_NO_REFUND, sentence[paid.start():])
    if refuse is None:
        return None
    regardless = re.search(r"无论|不论|不管|任何(?:原因|情况|情形|理由|时候)", sentence)
    # kept on the payer's own default named as the condition (乙方逾期支付…超过十日的，…已支付的全部款项…不予退还):
    # the forfeiture-on-breach norm (breach.paid_sums_forfeited_on_breach), not this one
    default = re.search(r"(?:逾期|迟延|拖欠|未按[^。；，]{0,6}(?:支付|付款|履行|交付|缴纳)|擅自|无正当理由|违约|违反|提前退租|中途退出|要求退出"
                        r"|(?:坚持|单方|提出|要求)解除|依(?:照|据)?(?:前款|上款|前条|上条|前述|本条|第[^。；，]{0,8}(?:条|款)|本合同|本协议)[^。；，]{0,8}(?:解除|取回|收回))"
                        r"[^。；]{0,30}?(?:的|时)[，,]", sentence[:paid.start()])
    if default and not regardless:
        return None
    if regardless or re.search(r"一律|一概|概不|解除|终止|退出|提前结束|退会|退学|退租", sentence):
        return sentence.strip()
    return None


_LEAVING = r"(?:辞职|离职|解除|终止|辞退|退休|调离)"
_WAGE = r"(?:工资|薪酬|薪资|薪金|劳动报酬|提成|月薪)"


def read_wages_held_on_leaving(sentence: str) -> str | None:
    """Wages of a leaving worker paid only after a further condition or delay (劳动法第五十条:
    wages paid monthly in full, not withheld; 劳动合同法第三十条; 工资支付暂行规定第九条: paid in
    one sum when the contract ends): ``其最后一个月的工资待工作交接完毕且公司审核无误后三个月再行发放``.
    Payment on the leaving day or the regular payday is lawful."""
    if re.search(r"当日|当天|一次(?:性)?(?:付清|结清)|立即|工资发放日|发薪日|正常发放", sentence):
        return None
    leave = re.search(_LEAVING, sentence)
    if leave is None:
        return None
    wage = re.search(_WAGE, sentence[leave.end():])
    if wage is None:
        return None
    rest = sentence[leave.end() + wage.end():]
    later = re.search(r"(?:待|须待|在|于)[^。；]{0,30}(?:后|之后|以后)[^。；]{0,12}(?:发放|支付|结算|结清|发)"
                      r"|(?:暂缓|延后|延期|推迟|押后|暂不)(?:发放|支付|结算)|后[^。；]{0,4}(?:\d+|[一二三四五六七八九十两]+)\s*(?:个月|月|日|天|周)[^。；]{0,6}(?:发放|支付|结算)", rest)
    if later is None:
        return None
    return sentence.strip()


_NO_GUARANTEE = re.compile(r"不(?:对|就)?[^，。；]{0,16}?(?:作|做|提供|承担|给予|负|出具)(?:出)?[^，。；]{0,16}?(?:保证|担保|保修|质保|承诺)|不(?:保证|担保|承诺)")
_QUALITY = r"质量|瑕疵|性能|适销|适用|缺陷|品质|功能|现状"
# (an office or court named after the rights — 国家知识产权局, 知识产权法院 — is no right)
_INFRINGE = r"侵犯|侵权|第三方(?:的)?(?:权利|知识产权|主张)|他人(?:的)?(?:权利|专利|著作权|商标)|专利权|著作权|商标权|知识产权(?!局|法院|法庭|庭|代理)"


# a party warrants that what it supplies infringes no one's rights (民法典第八百七十条): the
# norm of the non-infringement check is met, and the sentence is no quality disclaimer either
_WARRANTS_NONINFRINGEMENT = r"(?<!不)(?:保证|担保|承诺|确保)[^。；]{0,16}不(?:侵犯|侵害|侵权)"


def _guarantee_refused(sentence: str, topic: str) -> str | None:
    if re.search(r"除外|下列情形|以下情形|情形之一|使用不当|人为|保管不善|自然磨损|擅自|修改|超出[^。；]{0,6}范围", sentence):
        return None
    if re.search(_WARRANTS_NONINFRINGEMENT, sentence):
        return None
    if re.search(r"但[^。；]{0,12}(?:应|须|负责|承担)[^。；]{0,10}(?:修复|维修|修理|更换|退货|退款|补救|整改|赔偿)", sentence):
        return None  # the remedy is kept: a limit on what is promised, not an exclusion
    m = _NO_GUARANTEE.search(sentence.replace('"', "").replace("“", "").replace("”", ""))
    if m and re.search(topic, sentence):
        return sentence.strip()
    return None


def read_quality_warranty_excluded(sentence: str) -> str | None:
    """A party refuses any guarantee of quality (民法典第六百一十五条、第六百一十七条): ``本软件按
    "现状"提供，许可方不作任何明示或默示的质量担保``. Exclusions limited to misuse, wear or
    listed cases are lawful."""
    if re.search(_INFRINGE, sentence):
        return None
    if re.search(r"(?:保密|披露|提供)的?(?:信息|资料)|披露方", sentence) and not re.search(r"货物|产品|设备|标的物|工程|软件|成果|服务", sentence):
        return None  # information disclosed for evaluation is not goods sold or work delivered (民法典第六百一十五条 concerns 标的物)
    return _guarantee_refused(sentence, _QUALITY)


def read_noninfringement_refused(sentence: str) -> str | None:
    """A licensor or transferor refuses to guarantee that the technology infringes no one's
    rights (民法典第八百七十四条、第八百七十六条): ``转让方对受让方使用该技术是否侵犯他人专利权不作
    任何保证``. Infringement caused by the licensee's own modification or use beyond the
    licence is lawfully excluded."""
    found = _guarantee_refused(sentence, _INFRINGE)
    if found or not re.search(_INFRINGE, sentence) or re.search(r"除外|擅自|修改|超出[^。；]{0,6}范围|违反约定", sentence):
        return found
    if re.search(_WARRANTS_NONINFRINGEMENT, sentence):
        return None  # a party warrants non-infringement: the norm is met
    m = re.search(rf"由(?P<p>{PARTY})(?P<own>自行|自己|独自)?[^，。；]{{0,6}}?(?:承担|负责|应诉|处理|解决)", sentence)
    if m is None or re.search(r"^(?:许可|授权|转让|让与|出卖|卖|开发|供|服务|受托|承揽)", m.group("p")):
        return None
    if re.search(r"赔偿[^，。；]{0,8}(?:对方|甲方|乙方|许可方|被许可方|用户|客户|买方|委托方)", sentence[m.end():]):
        return None  # the bearer also indemnifies the other side: an indemnity by the party that supplied it
    # 甲方/乙方 say nothing of who licensed what: the loss is shifted only onto a recipient named
    # as such (被许可方, 用户, 买方 …) or onto a party told to bear it on its own (自行承担)
    if m.group("own") or re.search(r"^(?:被许可|被授权|受让|用户|客户|买|买受|采购|需方|使用)", m.group("p")):
        return sentence.strip()
    return None


# 得 as a modal (本公司得解除, 管理公司得暂停供水) in Hong Kong and older drafting, before the act
MODAL_DE = (r"(?<![不取获使记值懂觉晓])得(?=随时|即时|立即|单方|自行|于|视|不经|无需|毋须|解除|终止|暂停|停止|拒绝|查阅|检查|"
            r"要求|收回|调整|变更|扣|进入|处置|豁免|免除|基于|根据|依其|按其|委托|转委托|将)")
_MODAL = rf"(?:有权|可以|可(?!能)|得以|享有[^，。；]{{0,8}}权|保留|{MODAL_DE})"


def right_holder(sentence: str, verb_at: int) -> str | None:
    """The party that holds the power over the act at ``verb_at`` (解除, 调整, 扣除 …), read
    from the sentence's structure rather than one phrasing:

    * ``P有权/可以/可/保留 … <act>`` in the same clause part (``供方保留…调整供货价格的权利``);
    * ``由P … <act>`` (passive: ``租金每年由出租人根据市场水平确定``);
    * a part that starts with the modal and names no subject takes the subject of the
      sentence's first part (``出租人因自身需要收回房屋的，可随时解除本合同`` /
      ``委托方认定受托方违约的，可径行从服务费中扣除``).

    Args:
        sentence: one sentence (no 。；).
        verb_at: offset of the act in ``sentence``.

    Returns:
        The party word, or None when no single party holds the act (双方/任何一方 included:
        the caller decides what a mutual right means) or the right is negated (不得/无权).
    """
    head = sentence[:verb_at]
    start, part = _part_at(sentence, verb_at)
    local = sentence[start:verb_at]
    m = None
    for m in re.finditer(rf"(?P<p>{PARTY})(?P<gap>[^，。；]{{0,24}}?){_MODAL}", local):
        pass
    if m is not None and not re.search(r"不得|无权|不能|不可|不享有|禁止|不应", m.group("gap")):
        return m.group("p")
    m = None
    for m in re.finditer(rf"由(?P<p>{PARTY})", local):
        pass
    if m is not None:
        return m.group("p")
    if re.match(rf"\s*(?:则|即|均|亦|也)?{_MODAL}", part) and start > 0:
        for st, text in reversed([p for p in parts(sentence) if p[0] < start]):
            subj = subject_of(text)
            if subj:
                return None if re.search(r"不得|无权|不能|不可", text[len(subj):len(subj) + 4]) else subj
    return None


READERS: dict[str, Callable[[str], str | None]] = {
    "total_exemption": read_total_exemption,
    "injury_or_gross_negligence": read_injury_or_gross_negligence,
    "own_core_obligation_excluded": read_own_core_obligation_excluded,
    "claims_waived": read_claims_waived,
    "performance_defence_waived": read_performance_defence_waived,
    "guarantee_independent": read_guarantee_independent,
    "forfeiture": read_forfeiture,
    "notice_deemed_on_dispatch": read_notice_deemed_on_dispatch,
    "subjective_acceptance": read_subjective_acceptance,
    "payment_on_payer_evaluation": read_payment_on_payer_evaluation,
    "paid_sums_kept": read_paid_sums_kept,
    "wages_held_on_leaving": read_wages_held_on_leaving,
    "quality_warranty_excluded": read_quality_warranty_excluded,
    "noninfringement_refused": read_noninfringement_refused,
}
