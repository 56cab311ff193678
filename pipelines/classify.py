"""Classify the contract type and each clause's category (DESIGN §3.3, §14).

The classifier is a transparent weighted lexicon, not a trained model: a clause's
category is scored from its **title** (strong evidence: drafters name clauses after
their subject), its **body** (weaker, capped per term), and its **neighbours** (a clause
with no clear signal inherits the category of the article it belongs to, i.e. the
enclosing path heading). Lexicon entries are the standard Chinese contract vocabulary
of each category (民法典合同编 chapter and section names, 示范文本 clause titles).

The contract type is scored from the document title (first lines) and the body,
with the parties' role names (出租人/承租人, 用人单位/劳动者, 借款人/出借人 …) as strong
evidence.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from pipelines.types import Category, Clause, ExtractedDocument

__all__ = ["classify_clauses", "classify_contract_type", "party_roles", "score_categories"]

# Each term: weight. Title matches count 3x; body matches count once per distinct term.
_CATEGORY_LEXICON: dict[Category, dict[str, float]] = {
    Category.parties: {"甲方：": 1, "乙方：": 1, "法定代表人": 1.5, "统一社会信用代码": 2, "身份证号": 1.5, "住所": 0.5, "当事人": 0.5},
    Category.subject_quality: {"标的": 1.5, "名称、型号": 2, "规格": 1.5, "型号": 1, "技术参数": 1.5, "质量标准": 2, "技术标准": 1.5, "数量": 0.5, "工作内容": 1.5, "服务内容": 1.5, "服务范围": 1.5, "开发内容": 1.5, "工程概况": 2, "承包范围": 2, "分包范围": 2, "运输货物": 1.5, "货物名称": 1.5},
    Category.price_payment: {"价款": 2, "价格": 1.5, "付款": 2, "支付": 1, "结算": 1.5, "发票": 1, "费用": 1, "预付款": 2, "进度款": 2, "工程款": 1.5, "租金": 1, "运费": 1.5, "服务费": 1.5, "许可费": 1.5, "报酬": 1.5, "总价": 1},
    Category.delivery: {"交货": 2, "交付": 1.5, "履行期限": 1.5, "运输": 1, "送达收货人": 2, "包装": 1, "工期": 1.5, "开工": 1, "竣工": 1, "到达时间": 2, "履行地点": 1.5, "交货地点": 1.5},
    Category.acceptance: {"验收": 3, "检验": 2.5, "异议": 1, "视为验收合格": 3, "测试": 0.5, "签收": 1},
    Category.warranty: {"质量保证": 3, "质保": 3, "保修": 2.5, "瑕疵担保": 3, "权利担保": 3, "保证": 0.5, "不侵犯": 1.5, "陈述与保证": 2},
    Category.breach_liability: {"违约责任": 4, "违约金": 3, "赔偿": 1, "逾期": 1, "定金": 2, "罚款": 1.5, "损失": 0.5},
    Category.termination: {"解除": 3, "终止": 2.5, "期满": 1, "续期": 1, "续签": 1},
    Category.force_majeure: {"不可抗力": 4, "情势变更": 2.5},
    Category.ip: {"知识产权": 4, "工作成果": 3, "技术文档": 1.5, "著作权": 3, "专利": 2.5, "商标": 2, "技术成果": 3, "开发成果": 3, "改进": 1, "源代码": 1.5, "许可使用": 1.5, "授权": 0.5},
    Category.confidentiality: {"保密": 3.5, "商业秘密": 3, "保密信息": 3, "泄露": 1.5, "披露": 1},
    Category.dispute_resolution: {"争议解决": 4, "争议": 1.5, "仲裁": 3, "诉讼": 2.5, "人民法院": 2, "管辖": 2, "协商解决": 1.5},
    Category.governing_law: {"法律适用": 4, "适用法律": 3, "适用中华人民共和国": 2, "依照": 0.3},
    Category.liability_limitation: {"免责": 3, "责任限制": 4, "不承担任何责任": 3, "赔偿限额": 3, "以…为限": 1, "为限": 1.5, "免除": 2, "承担全部责任": 1.5},
    Category.data_protection: {"个人信息": 4, "数据安全": 3, "隐私": 3, "业务数据": 2, "数据": 1, "日志": 1, "个人手机": 2, "电子邮箱": 1},
    Category.labor: {"试用期": 3, "劳动报酬": 3, "工资": 2, "社会保险": 3, "工作时间": 2.5, "休息休假": 3, "劳动保护": 3, "工作岗位": 2.5, "工作地点": 2, "竞业限制": 3.5, "经济补偿": 2, "劳动纪律": 2.5, "辞职": 2, "加班": 2, "劳动者": 1, "用人单位": 1, "培训": 1, "服务期": 2},
    Category.lease: {"租赁期限": 3.5, "租赁期": 2.5, "租赁房屋": 2, "转租": 3, "房屋用途": 2.5, "租赁物": 2, "承租": 1.5, "出租": 1.5, "押金": 1.5, "维修": 1, "装修": 1.5, "优先购买": 2.5, "所有权转移": 1.5},
    Category.loan: {"借款": 3, "利息": 3, "利率": 3, "还款": 2.5, "本金": 2, "计息": 2.5, "逾期利息": 2, "放款": 2},
    Category.guarantee: {"保证": 1.5, "担保": 2, "保证人": 3, "保证期间": 3.5, "抵押": 3, "质押": 3, "连带责任保证": 3, "保证方式": 3},
    Category.notice: {"通知": 2, "送达地址": 3, "送达": 1, "联系方式": 2, "地址": 1, "电子邮件": 1},
    Category.effectiveness: {"生效": 3, "签字": 1.5, "盖章": 1.5, "份数": 2, "一式": 2, "附件": 1, "具有同等法律效力": 2, "未尽事宜": 1.5, "补充协议": 1},
    Category.consistency: {},
    Category.legal_reference: {},
    Category.document_integrity: {},
    Category.other: {},
}

_CONTRACT_TYPE_LEXICON: dict[str, dict[str, float]] = {
    "买卖合同": {"买卖合同": 6, "卖方": 3, "买方": 3, "出卖人": 3, "买受人": 3, "设备": 1, "货物": 1},
    "采购合同": {"采购合同": 6, "采购方": 3, "供货方": 3, "供应商": 2, "采购": 1.5, "货物": 1},
    "服务合同": {"服务合同": 6, "服务协议": 5, "服务方": 2, "运维": 2, "服务费": 1.5, "服务内容": 1.5, "服务期限": 1.5},
    "技术开发合同": {"技术开发": 6, "开发合同": 5, "委托开发": 4, "研究开发": 3, "开发成果": 2, "开发方": 2},
    "软件许可合同": {"软件许可": 6, "许可": 6, "许可合同": 4, "许可使用": 3, "许可费": 3, "被许可方": 3, "许可方": 2},
    "房屋租赁合同": {"租赁合同": 6, "房屋租赁": 6, "出租人": 3, "承租人": 3, "租金": 2, "租赁房屋": 2, "出租方": 3, "承租方": 3},
    "劳动合同": {"劳动合同": 6, "用人单位": 3, "劳动者": 3, "试用期": 2, "社会保险": 1.5, "工资": 1},
    "借款合同": {"借款合同": 6, "借款协议": 6, "借款人": 3, "出借人": 3, "贷款人": 2, "借款": 2, "利息": 1.5},
    "保密协议": {"保密协议": 7, "保密与竞业": 7, "竞业限制协议": 7, "保密合同": 6, "竞业限制": 2, "保密信息": 2, "商业秘密": 1.5},
    "委托合同": {"委托合同": 6, "委托人": 3, "受托人": 3, "委托事务": 3},
    "建设工程施工合同": {"施工合同": 6, "建设工程": 4, "发包人": 3, "承包人": 3, "分包人": 3, "工程款": 2, "工期": 1.5, "竣工": 1.5},
    "运输合同": {"运输合同": 6, "承运人": 3, "托运人": 3, "货运": 3, "运费": 2, "收货人": 1.5},
}

_WS = re.compile(r"\s+")


def score_categories(title: str, body: str) -> Counter[Category]:
    """Score every category for one clause.

    Args:
        title: the clause heading text (without its number), may be empty.
        body: the clause text.

    Returns:
        A Counter of category -> score (higher is stronger; 0 when absent).
    """
    title = _WS.sub("", title)
    body = _WS.sub("", body)
    scores: Counter[Category] = Counter()
    for cat, terms in _CATEGORY_LEXICON.items():
        for term, weight in terms.items():
            if title and term in title:
                scores[cat] += 3 * weight
            if term in body:
                # distinct-term presence plus a damped count, so one long list of a
                # single word does not dominate
                n = body.count(term)
                scores[cat] += weight * (1 + min(n - 1, 3) * 0.25)
    return scores


def _best(scores: Counter[Category], minimum: float) -> Category | None:
    if not scores:
        return None
    cat, score = scores.most_common(1)[0]
    return cat if score >= minimum else None


# The home category of a contract type gets a prior: in a 劳动合同 a clause about 工作地点
# is a labour clause, in a 房屋租赁合同 a clause about 转让 is a lease clause.
_TYPE_PRIOR: dict[str, Category] = {
    "劳动合同": Category.labor,
    "房屋租赁合同": Category.lease,
    "借款合同": Category.loan,
}
_PRIOR_WEIGHT = 4.0


def classify_clauses(clauses: Sequence[Clause], contract_type: str | None = None) -> list[Clause]:
    """Assign a category to every clause (DESIGN §14 ids).

    A clause whose title names its subject takes that category; otherwise its body
    decides; a clause with no clear signal takes the category of the enclosing heading
    (its path) or of the previous clause under the same heading. The preamble (number
    ``""`` and first) is ``parties``.

    Args:
        clauses: clauses in reading order, as returned by :func:`pipelines.segment.segment`.
        contract_type: when given, the type's home category (劳动合同 -> labor, 房屋租赁合同
            -> lease, 借款合同 -> loan) gets a prior of 4 on clauses that already score
            for it.

    Returns:
        New clause objects (same order) with ``category`` set.
    """
    home = _TYPE_PRIOR.get(contract_type or "")
    out: list[Clause] = []
    prev_by_parent: dict[tuple[str, ...], Category] = {}
    for i, clause in enumerate(clauses):
        if i == 0 and not clause.number:
            out.append(clause.model_copy(update={"category": Category.parties}))
            continue
        scores = score_categories(clause.title, clause.text)
        if home is not None and scores.get(home):
            scores[home] += _PRIOR_WEIGHT
        cat = _best(scores, minimum=2.5)
        parent = clause.path[:-1]
        if cat is None and parent:
            parent_scores = score_categories(" ".join(parent), "")
            cat = _best(parent_scores, minimum=3.0) or prev_by_parent.get(parent)
        cat = cat or Category.other
        prev_by_parent[parent] = cat
        out.append(clause.model_copy(update={"category": cat}))
    return out


def classify_contract_type(doc: ExtractedDocument) -> str:
    """Classify the contract type (one of :data:`pipelines.types.CONTRACT_TYPES`).

    The title (the first five non-empty lines) counts four times as much as the body.

    Args:
        doc: the extracted document.

    Returns:
        The contract type name, ``"其他"`` when nothing scores.
    """
    lines = [ln for ln in doc.text.splitlines() if ln.strip()]
    head = _WS.sub("", "".join(lines[:5]))
    body = _WS.sub("", doc.text[:20000])
    best, best_score = "其他", 0.0
    for ctype, terms in _CONTRACT_TYPE_LEXICON.items():
        score = 0.0
        for term, weight in terms.items():
            if term in head:
                score += 4 * weight
            n = body.count(term)
            if n:
                score += weight * min(1 + 0.1 * (n - 1), 2.0)
        if score > best_score:
            best, best_score = ctype, score
    return best if best_score >= 6 else "其他"


_ROLE_WORDS = (
    "甲方", "乙方", "丙方", "出租人", "承租人", "出租方", "承租方", "出卖人", "买受人", "卖方", "买方",
    "发包人", "承包人", "分包人", "委托人", "受托人", "委托方", "受托方", "借款人", "出借人",
    "贷款人", "用人单位", "劳动者", "许可方", "被许可方", "托运人", "承运人", "采购方", "供应方",
    "供货方", "服务方", "开发方", "披露方", "接收方", "转让方", "受让方",
)
_ROLE_LINE = re.compile(
    rf"^\s*(?P<r1>{'|'.join(_ROLE_WORDS)})\s*(?:[（(]\s*(?P<r2>{'|'.join(_ROLE_WORDS)})\s*[)）])?\s*[：:]"
)


def party_roles(text: str) -> dict[str, tuple[str, ...]]:
    """Read the parties' role words from the preamble.

    The first party line (``甲方（出租人）：…``, ``承包人：…``) is ``party_a``, the second
    ``party_b``; both the role and its parenthesised alias are kept. ``甲方``/``乙方``
    are always mapped to ``party_a``/``party_b``.

    Args:
        text: the document text.

    Returns:
        ``{"party_a": (roles…), "party_b": (roles…)}``.
    """
    found: list[tuple[str, ...]] = []
    for line in text.splitlines()[:60]:
        m = _ROLE_LINE.match(line)
        if not m:
            continue
        roles = tuple(r for r in (m["r1"], m["r2"]) if r)
        if any(set(roles) & set(f) for f in found):
            continue
        found.append(roles)
        if len(found) == 2:
            break
    a = set(found[0]) if found else set()
    b = set(found[1]) if len(found) > 1 else set()
    a.add("甲方")
    b.add("乙方")
    a -= {"乙方"}
    b -= {"甲方"}
    return {"party_a": tuple(sorted(a)), "party_b": tuple(sorted(b))}
