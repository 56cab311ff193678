"""Law-name aliases: short Chinese names, English names and name normalisation.

The store (:mod:`knowledge.store`) resolves any of these to the full official name it
holds: ``民法典`` / ``《中华人民共和国民法典》`` / ``Civil Code`` / ``the PRC Civil Code``
-> ``中华人民共和国民法典``. An alias only resolves when its target law is in the store.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["ENGLISH_NAMES", "SHORT_NAMES", "english_key", "generated_aliases", "zh_key"]

_PRC = "中华人民共和国"

# English name (as :func:`english_key` normalises it) -> full official Chinese name.
ENGLISH_NAMES: dict[str, str] = {
    **{k: f"{_PRC}{v}" for k, v in {
        "civil code": "民法典",
        "labor contract law": "劳动合同法",
        "employment contract law": "劳动合同法",
        "labor law": "劳动法",
        "company law": "公司法",
        "contract law": "合同法",
        "guarantee law": "担保法",
        "property law": "物权法",
        "real rights law": "物权法",
        "property rights law": "物权法",
        "general principles of civil law": "民法通则",
        "general provisions of civil law": "民法总则",
        "tort law": "侵权责任法",
        "tort liability law": "侵权责任法",
        "marriage law": "婚姻法",
        "succession law": "继承法",
        "inheritance law": "继承法",
        "adoption law": "收养法",
        "civil procedure law": "民事诉讼法",
        "arbitration law": "仲裁法",
        "electronic signature law": "电子签名法",
        "e commerce law": "电子商务法",
        "electronic commerce law": "电子商务法",
        "consumer rights protection law": "消费者权益保护法",
        "consumer protection law": "消费者权益保护法",
        "law on protection of consumer rights and interests": "消费者权益保护法",
        "personal information protection law": "个人信息保护法",
        "pipl": "个人信息保护法",
        "data security law": "数据安全法",
        "cybersecurity law": "网络安全法",
        "anti unfair competition law": "反不正当竞争法",
        "anti monopoly law": "反垄断法",
        "product quality law": "产品质量法",
        "construction law": "建筑法",
        "tendering and bidding law": "招标投标法",
        "bidding law": "招标投标法",
        "law on tenders and bids": "招标投标法",
        "government procurement law": "政府采购法",
        "price law": "价格法",
        "urban real estate administration law": "城市房地产管理法",
        "law on administration of urban real estate": "城市房地产管理法",
        "law on application of laws to foreign related civil relations": "涉外民事关系法律适用法",
        "law on choice of law for foreign related civil relationships": "涉外民事关系法律适用法",
        "labor dispute mediation and arbitration law": "劳动争议调解仲裁法",
        "foreign investment law": "外商投资法",
        "partnership enterprise law": "合伙企业法",
        "trademark law": "商标法",
        "patent law": "专利法",
        "copyright law": "著作权法",
        "insurance law": "保险法",
        "securities law": "证券法",
        "negotiable instruments law": "票据法",
        "enterprise bankruptcy law": "企业破产法",
        "bankruptcy law": "企业破产法",
        "advertising law": "广告法",
        "foreign trade law": "对外贸易法",
        "social insurance law": "社会保险法",
        "employment promotion law": "就业促进法",
        "work safety law": "安全生产法",
        "maritime code": "海商法",
        "constitution": "宪法",
        "regulations on implementation of labor contract law": "劳动合同法实施条例",
        "labor contract law implementing regulations": "劳动合同法实施条例",
    }.items()},
}

_SPC = "最高人民法院"
_CC = f"《{_PRC}民法典》"
# Common short names of the judicial interpretations -> full official name.
SHORT_NAMES: dict[str, str] = {
    **dict.fromkeys(("合同编通则解释", "民法典合同编通则解释", "合同编通则司法解释"),
                    f"{_SPC}关于适用{_CC}合同编通则若干问题的解释"),
    **dict.fromkeys(("担保制度解释", "民法典担保制度解释", "担保制度司法解释"),
                    f"{_SPC}关于适用{_CC}有关担保制度的解释"),
    **dict.fromkeys(("总则编解释", "民法典总则编解释"), f"{_SPC}关于适用{_CC}总则编若干问题的解释"),
    **dict.fromkeys(("时间效力规定", "民法典时间效力规定"), f"{_SPC}关于适用{_CC}时间效力的若干规定"),
    **dict.fromkeys(("民诉法解释", "民事诉讼法解释"), f"{_SPC}关于适用《{_PRC}民事诉讼法》的解释"),
    **dict.fromkeys(("仲裁法解释", "仲裁法司法解释"), f"{_SPC}关于适用《{_PRC}仲裁法》若干问题的解释"),
    **dict.fromkeys(("买卖合同解释", "买卖合同司法解释"), f"{_SPC}关于审理买卖合同纠纷案件适用法律问题的解释"),
    "商品房买卖合同解释": f"{_SPC}关于审理商品房买卖合同纠纷案件适用法律若干问题的解释",
    **dict.fromkeys(("房屋租赁合同解释", "城镇房屋租赁合同解释"),
                    f"{_SPC}关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释"),
    **dict.fromkeys(("建设工程施工合同解释（一）", "建设工程施工合同解释", "建工解释（一）", "建工解释"),
                    f"{_SPC}关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）"),
    "技术合同解释": f"{_SPC}关于审理技术合同纠纷案件适用法律若干问题的解释",
    **dict.fromkeys(("民间借贷规定", "民间借贷司法解释", "民间借贷解释"),
                    f"{_SPC}关于审理民间借贷案件适用法律若干问题的规定"),
    "融资租赁合同解释": f"{_SPC}关于审理融资租赁合同纠纷案件适用法律问题的解释",
    "诉讼时效规定": f"{_SPC}关于审理民事案件适用诉讼时效制度若干问题的规定",
    **dict.fromkeys(("劳动争议解释（一）", "劳动争议司法解释（一）", "劳动争议解释"),
                    f"{_SPC}关于审理劳动争议案件适用法律问题的解释（一）"),
    **dict.fromkeys(("网络消费规定（一）", "网络消费纠纷规定"),
                    f"{_SPC}关于审理网络消费纠纷案件适用法律若干问题的规定（一）"),
    "预付式消费解释": f"{_SPC}关于审理预付式消费民事纠纷案件适用法律若干问题的解释",
    "涉外管辖规定": f"{_SPC}关于涉外民商事案件管辖若干问题的规定",
}

_QUOTES = dict.fromkeys(map(ord, "《》〈〉<>“”\"'‘’「」 \t\r\n\u3000"))
_VERSION_NOTE_RE = re.compile(r"\((?:\d{4}年?)?[^()]*(?:修正|修订|修改|版)\)$")


def zh_key(name: str) -> str:
    """Normalise a Chinese law name for alias lookup.

    NFKC (full-width brackets become ASCII), quotes/《》/whitespace removed, and a
    trailing version note such as ``（2018年修正）`` dropped.

    Args:
        name: a law name as written.

    Returns:
        The lookup key (may be empty).
    """
    key = unicodedata.normalize("NFKC", name or "").translate(_QUOTES)
    return _VERSION_NOTE_RE.sub("", key)


_EN_DROP_RE = re.compile(
    r"\b(of the people s republic of china|people s republic of china|of the prc|of china|prc|china s|chinese|the)\b"
)


def english_key(name: str) -> str:
    """Normalise an English law name for alias lookup.

    Lower-cased, ``labour`` -> ``labor``, punctuation -> spaces, and ``the``, ``PRC``,
    ``of the People's Republic of China``, ``Chinese`` dropped: ``"the PRC Civil Code"``
    and ``"Civil Code of the People's Republic of China"`` both give ``"civil code"``.

    Args:
        name: a law name as written.

    Returns:
        The lookup key (may be empty).
    """
    s = re.sub(r"[^a-z0-9]+", " ", (name or "").lower().replace("labour", "labor"))
    s = _EN_DROP_RE.sub(" ", s)
    return " ".join(s.split())


def generated_aliases(law: str) -> set[str]:
    """Aliases derived from a full official name (as :func:`zh_key` keys).

    ``中华人民共和国民法典`` -> ``民法典``; ``最高人民法院关于适用《中华人民共和国民法典》
    合同编通则若干问题的解释`` -> the same with ``中华人民共和国`` dropped, with and
    without 《》.

    Args:
        law: the full official name.

    Returns:
        The set of keys, including the name's own key.
    """
    keys = {zh_key(law)}
    if _PRC in law:
        keys.add(zh_key(law.replace(_PRC, "")))
    return {k for k in keys if len(k) >= 2}
