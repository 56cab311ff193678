"""Classify the contract type and each clause's category (DESIGN §3.3, §14).

The classifier is a transparent weighted lexicon, not a trained model: a clause's
category is scored from its **title** (strong evidence: drafters name clauses after
their subject), its **body** (weaker, capped per term), and its **neighbours** (a clause
with no clear signal inherits the category of the article it belongs to, i.e. the
enclosing path heading). Lexicon entries are the standard Chinese contract vocabulary
of each category (民法典合同编 chapter and section names, 示范文本 clause titles).

A few sentence-level rules refine the words (:data:`_PATTERN_RULES`): a clause titled
违约责任 that only caps or excludes liability is ``liability_limitation``; a promise of
non-infringement is a ``warranty`` (权利瑕疵担保); payment after a third party pays is
``price_payment``.

The contract type (:data:`CONTRACT_TYPE_NAMES`, the DESIGN §14 taxonomy) is read from the
contract's own title line first (:func:`contract_title`, :data:`_TITLE_PATTERNS`), then
from the parties' role words (出租人/承租人 with 租赁物 and 出卖人, 特许人/被特许人,
派遣单位/用工单位 …), then from the body vocabulary.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from pipelines.types import Category, Clause, ExtractedDocument

__all__ = [
    "CONTRACT_TYPE_NAMES", "classify_clauses", "classify_contract_type", "contract_title", "in_party_names", "party_roles",
    "preamble_roles", "score_categories", "title_contract_type",
]

# Each term: weight. Title matches count 3x; body matches count once per distinct term.
_CATEGORY_LEXICON: dict[Category, dict[str, float]] = {
    Category.parties: {"甲方：": 1, "乙方：": 1, "法定代表人": 1.5, "统一社会信用代码": 2, "身份证号": 1.5, "住所": 0.5, "当事人": 0.5},
    Category.subject_quality: {"标的": 1.5, "名称、型号": 2, "规格": 1.5, "型号": 1, "技术参数": 1.5, "质量标准": 2, "技术标准": 1.5, "数量": 0.5, "工作内容": 1.5, "服务内容": 1.5, "服务范围": 1.5, "开发内容": 1.5, "工程概况": 2, "承包范围": 2, "分包范围": 2, "运输货物": 1.5, "货物名称": 1.5},
    Category.price_payment: {"价款": 2, "价格": 1.5, "付款": 2, "支付": 1, "结算": 1.5, "发票": 1, "费用": 1, "预付款": 2, "进度款": 2, "工程款": 1.5, "租金": 1, "运费": 1.5, "服务费": 1.5, "许可费": 1.5, "报酬": 1.5, "总价": 1,
                             "货款": 2, "款项": 1, "保证金": 2.5, "单价": 1.5, "调价": 2, "价格调整": 2, "账期": 2, "含税": 1.5, "付清": 1.5,
                             "对账": 1.5},
    Category.delivery: {"交货": 2, "交付": 1.5, "履行期限": 1.5, "运输": 1, "送达收货人": 2, "包装": 1, "工期": 1.5, "开工": 1, "竣工": 1, "到达时间": 2, "履行地点": 1.5, "交货地点": 1.5},
    Category.acceptance: {"验收": 3, "检验": 2.5, "异议": 1, "视为验收合格": 3, "测试": 0.5, "签收": 1,
                          "验收标准": 2, "试运行": 1.5, "质量异议": 2.5, "复检": 2, "检测": 1.5, "视为合格": 3, "视为已验收": 3},
    Category.warranty: {"质量保证": 3, "质保": 3, "保证金": -0.5, "保修": 2.5, "瑕疵担保": 3, "权利担保": 3, "权利瑕疵": 3, "保证": 0.5, "不侵犯": 1.5, "陈述与保证": 2},
    Category.breach_liability: {"违约责任": 4, "违约金": 3, "赔偿": 1, "逾期": 1, "定金": 2, "罚款": 1.5, "损失": 0.5},
    Category.termination: {"解除": 3, "终止": 2.5, "期满": 1, "续期": 1, "续签": 1, "解约": 3},
    Category.force_majeure: {"不可抗力": 4, "情势变更": 2.5},
    Category.ip: {"知识产权": 4, "工作成果": 3, "技术文档": 1.5, "著作权": 3, "专利": 2.5, "商标": 2, "技术成果": 3, "开发成果": 3, "改进": 1, "源代码": 1.5, "许可使用": 1.5, "授权": 0.5,
                  "权属": 1.5, "署名": 1.5, "技术秘密": 2, "专利申请权": 3},
    Category.confidentiality: {"保密": 3.5, "商业秘密": 3, "保密信息": 3, "泄露": 1.5, "披露": 1},
    Category.dispute_resolution: {"争议解决": 4, "争议": 1.5, "仲裁": 3, "诉讼": 2.5, "人民法院": 2, "管辖": 2, "协商解决": 1.5},
    Category.governing_law: {"法律适用": 4, "适用法律": 3, "适用中华人民共和国": 2, "依照": 0.3},
    Category.liability_limitation: {"免责": 3, "责任限制": 4, "不承担任何责任": 3, "赔偿限额": 3, "为限": 1.5, "免除": 2, "承担全部责任": 1.5,
                                   "间接损失": 2, "最高赔偿": 3, "赔偿上限": 4, "责任上限": 4, "累计赔偿": 3, "赔偿总额": 2.5,
                                   "免于承担": 2},
    Category.data_protection: {"个人信息": 4, "数据安全": 3, "隐私": 3, "业务数据": 2, "数据": 1, "日志": 1, "个人手机": 2, "电子邮箱": 1,
                               "个人数据": 3, "数据处理": 3, "处理个人信息": 2, "敏感个人信息": 2, "用户信息": 2, "出境": 3,
                               "向境外提供": 3, "境外": 1.5, "跨境": 2, "境内存储": 2, "去标识化": 2, "匿名化": 2,
                               "网络安全": 1.5},
    Category.labor: {"试用期": 3, "劳动报酬": 3, "工资": 2, "社会保险": 3, "工作时间": 2.5, "休息休假": 3, "劳动保护": 3, "工作岗位": 2.5, "工作地点": 2, "竞业限制": 3.5, "经济补偿": 2, "劳动纪律": 2.5, "辞职": 2, "加班": 2, "劳动者": 1, "用人单位": 1, "培训": 1, "服务期": 2,
                     "竞业补偿": 3, "社保": 3, "公积金": 2, "考勤": 2, "规章制度": 1.5, "年休假": 2, "离职": 1.5,
                     "被派遣劳动者": 3, "派遣": 1.5},
    Category.lease: {"租赁期限": 3.5, "租赁期": 2.5, "租赁房屋": 2, "转租": 3, "房屋用途": 2.5, "租赁物": 2, "承租": 1.5, "出租": 1.5, "押金": 1.5, "维修": 1, "装修": 1.5, "优先购买": 2.5, "所有权转移": 1.5,
                     "续租": 2.5, "退租": 2.5, "租赁用途": 2.5, "返还房屋": 2},
    Category.loan: {"借款": 3, "利息": 3, "利率": 3, "还款": 2.5, "本金": 2, "计息": 2.5, "逾期利息": 2, "放款": 2,
                    "罚息": 2.5, "复利": 3, "借款期限": 3, "还本付息": 2, "预先扣除": 1.5},
    Category.guarantee: {"保证": 1.5, "担保": 2, "保证人": 3, "保证期间": 3.5, "抵押": 3, "质押": 3, "连带责任保证": 3, "保证方式": 3,
                         "保证金": -1.5,  # 履约/投标保证金 is money paid as security, not a 保证 (民法典第十三章)
                         "连带保证责任": 3, "保证责任": 2, "担保责任": 2, "反担保": 3, "出质": 2.5, "质权": 2.5, "抵押权": 2.5,
                         "抵押登记": 2, "主债权": 2, "保证范围": 2.5, "担保范围": 2.5, "一般保证": 3},
    Category.notice: {"通知": 2, "送达地址": 3, "送达": 1, "联系方式": 2, "地址": 1, "电子邮件": 1},
    Category.effectiveness: {"生效": 3, "签字": 1.5, "盖章": 1.5, "份数": 2, "一式": 2, "附件": 1, "具有同等法律效力": 2, "未尽事宜": 1.5, "补充协议": 1},
    Category.consistency: {},
    Category.legal_reference: {},
    Category.document_integrity: {},
    Category.other: {},
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
    sentences = [y for y in (_WS.sub("", x) for x in _SENTENCE.split(body)) if y]
    body = _WS.sub("", body)
    scores: Counter[Category] = Counter()
    # a title that joins two subjects (保密与数据安全, 交付和验收) names neither alone: its
    # words count 1.5x instead of 3x and the body decides between them
    in_title = {cat for cat, terms in _CATEGORY_LEXICON.items() if title and any(t in title for t in terms)}
    title_x = 1.5 if len(in_title) > 1 and re.search(r"与|和|及|、|暨|/", title) else 3.0
    for cat, terms in _CATEGORY_LEXICON.items():
        for term, weight in terms.items():
            if title and term in title:
                scores[cat] += title_x * weight
            if term in body:
                # distinct-term presence plus a damped count, so one long list of a
                # single word does not dominate
                n = body.count(term)
                scores[cat] += weight * (1 + min(n - 1, 3) * 0.25)
    for cat, rx, weight in _PATTERN_RULES:
        if any(rx.search(x) for x in sentences):
            scores[cat] += weight
    if _limits_only(title, sentences):
        scores[Category.liability_limitation] = max(scores[Category.liability_limitation],
                                                    scores[Category.breach_liability] + 1)
    return scores


_SENTENCE = re.compile(r"[。；;！!？?\n]")
_CAP = re.compile(r"(?s)\A(?=.*(?:赔偿|责任|损失))(?=.*(?:为限|不超过|不得超过|不高于|最高|上限|封顶|累计))")  # anchored: linear
_EXCLUDES_LOSS = re.compile(
    r"(?:间接|附带|后果性|衍生|利润|利益|商誉|预期|营业)[^。；，]{0,10}损失[^。；]{0,20}(?:不承担|不负|除外|不予赔偿|不包括|不赔偿|免责)|"
    r"(?:不承担|不负责|不予赔偿|不赔偿|不包括)[^。；]{0,12}(?:间接|附带|后果性|利润|商誉|预期|营业)[^。；]{0,6}损失")
_NO_LIABILITY = re.compile(r"(?:不承担|不负|免于承担|免除|无需承担|无须承担)[^。；，]{0,6}(?:任何)?(?:赔偿|违约)?责任|概不负责")
# Rules that read a sentence rather than a word (each fires once per clause):
#   a cap on damages or an exclusion of indirect loss is a limitation of liability
#   (民法典第五百零六条 voids exclusions of personal injury and of intentional or grossly
#   negligent property loss, so a cap is read with the liability_limitation template);
#   a promise that the object infringes no one's rights is the seller's 权利瑕疵担保
#   (民法典第六百一十二条), a warranty, not an IP ownership clause;
#   payment conditioned on a third party paying first is a payment term (保障中小企业款项
#   支付条例第六条).
_PATTERN_RULES: tuple[tuple[Category, re.Pattern[str], float], ...] = (
    (Category.liability_limitation, _CAP, 4.0),
    (Category.liability_limitation, _EXCLUDES_LOSS, 4.0),
    (Category.warranty, re.compile(r"保证[^。；]{0,30}不(?:侵犯|侵害|存在)[^。；]{0,20}(?:知识产权|权利|权益|权利瑕疵)|"
                                   r"不侵犯[^。；]{0,20}第三(?:方|人)[^。；]{0,10}(?:知识产权|权利|合法权益)"), 3.0),
    (Category.price_payment, re.compile(r"收到[^。；]{0,12}(?:业主|发包人|建设单位|最终客户|终端客户|第三方|上游)[^。；]{0,8}"
                                        r"(?:付款|支付|款项|拨付)"), 3.0),
)
# what makes a clause impose liability (not only limit it): a 违约金, a 定金, an
# obligation to compensate loss, 继续履行 or 补救措施 (民法典第五百七十七条、第五百八十五条、
# 第五百八十六条), unless negated (不承担…赔偿, 免于…)
_OPERATIVE_BREACH = re.compile(r"违约金|定金|滞纳金|赔偿[^。；，,]{0,12}损失|承担[^。；，,]{0,6}赔偿责任|继续履行|补救措施")
_CAP_WORD = re.compile(r"为限|不超过|不得超过|不高于|最高|上限|封顶|累计")
_OPERATIVE_PENALTY = re.compile(r"违约金|定金|滞纳金")
_NEGATION = re.compile(r"(?:不|不予|无需|无须|免于|免除|不再)$")
_GENERIC_LIABILITY_TITLE = re.compile(r"违约|赔偿|责任")


def _limits_only(title: str, sentences: Sequence[str]) -> bool:
    """A clause titled 违约责任/赔偿/责任 whose sentences only cap or exclude liability."""
    if not _GENERIC_LIABILITY_TITLE.search(title or "") or re.search(r"免责|限制|上限", title or ""):
        return False
    limits = any(_CAP.search(x) or _EXCLUDES_LOSS.search(x) or _NO_LIABILITY.search(x) for x in sentences)
    if not limits:
        return False
    for x in sentences:
        for seg in re.split(r"[，,]", x):
            # a phrase that caps (``承担的赔偿责任总额以…为限``) is the cap itself: only a
            # 违约金 or 定金 there imposes liability
            rx = _OPERATIVE_PENALTY if _CAP_WORD.search(seg) or _EXCLUDES_LOSS.search(x) else _OPERATIVE_BREACH
            for m in rx.finditer(seg):
                if not _NEGATION.search(seg[max(0, m.start() - 4):m.start()]):
                    return False
    return True


def _best(scores: Counter[Category], minimum: float) -> Category | None:
    if not scores:
        return None
    cat, score = scores.most_common(1)[0]
    return cat if score >= minimum else None


# The home category of a contract type gets a prior: in a 劳动合同 a clause about 工作地点
# is a labour clause, in a 房屋租赁合同 a clause about 转让 is a lease clause.
_TYPE_PRIOR: dict[str, Category] = {
    "劳动合同": Category.labor,
    "劳务派遣协议": Category.labor,  # 劳动合同法第五章第二节 劳务派遣
    "竞业限制协议": Category.labor,  # 劳动合同法第二十三条、第二十四条
    "房屋租赁合同": Category.lease,
    "融资租赁合同": Category.lease,  # 民法典第十五章: 租赁物, 租金, 维修 (第七百五十条)
    "借款合同": Category.loan,
    "保证合同": Category.guarantee,  # 民法典第十三章 保证合同
    "抵押合同": Category.guarantee,  # 民法典物权编第十七章 抵押权
    "质押合同": Category.guarantee,  # 民法典物权编第十八章 质权
    "个人信息委托处理协议": Category.data_protection,  # 个人信息保护法第二十一条
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
        contract_type: when given, the type's home category (:data:`_TYPE_PRIOR`: 劳动合同
            -> labor, 房屋租赁合同 -> lease, 借款合同 -> loan, 保证合同 -> guarantee …) gets a
            prior of 4 on clauses that already score for it.

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


# ---------------------------------------------------------------------------------------
# Contract type (DESIGN §14)
# ---------------------------------------------------------------------------------------

#: The types :func:`classify_contract_type` outputs: the DESIGN §14 taxonomy, in its order.
#: ``供货/经销合同`` is spelled as the taxonomy spells it (one type: a supply or
#: distribution framework under which orders are placed, 民法典第九章 买卖合同 applies).
CONTRACT_TYPE_NAMES: tuple[str, ...] = (
    "买卖合同", "采购合同", "供货/经销合同", "承揽合同", "服务合同", "物业服务合同", "技术开发合同",
    "技术服务合同", "软件许可合同", "房屋租赁合同", "劳动合同", "劳务派遣协议", "竞业限制协议", "借款合同",
    "保证合同", "抵押合同", "质押合同", "融资租赁合同", "股权转让协议", "合作协议", "特许经营合同", "仓储合同",
    "保密协议", "个人信息委托处理协议", "委托合同", "建设工程施工合同", "装饰装修合同", "运输合同",
    "广告发布合同", "其他",
)

# Title patterns: (pattern, type, tier). The contract's own title names its type; the
# pattern vocabulary is that of 民法典合同编 chapter names (第九章 买卖合同, 第十二章 借款合同,
# 第十三章 保证合同, 第十四章 租赁合同, 第十五章 融资租赁合同, 第十七章 承揽合同, 第十八章
# 建设工程合同, 第十九章 运输合同, 第二十章 技术合同, 第二十二章 仓储合同, 第二十三章 委托合同,
# 第二十四章 物业服务合同), of the 示范文本 titles (GF-2017-0201 建设工程施工合同, GF-2013-0201
# 住宅装饰装修工程施工合同, GF-2025-2614 城镇房屋租赁合同, 前期物业服务合同, 商业特许经营合同,
# 劳务派遣协议, 个人信息出境标准合同) and of the statutes that name a contract (劳动合同法第五十九条
# 劳务派遣协议, 第二十三条 竞业限制; 个人信息保护法第二十一条 委托处理; 商业特许经营管理条例;
# 广告法 广告发布者; 公司法第八十四条 股权转让).
#
# Tier 0: a modifier that decides the type wherever it stands in the title (融资租赁 is a
#   租赁, 装饰装修工程施工 is a 施工, a 劳务派遣服务协议 is not a 服务合同).
# Tier 1: a nominate contract (民法典 or a special statute); when several appear, the one
#   nearest the end of the title (its head noun: 借款抵押合同 is a 抵押合同, 抵押借款合同 a
#   借款合同) wins.
# Tier 2: generic words (采购, 供货, 买卖, 委托, 服务, 合作) that name a type only when no
#   tier-0/1 word does (软件开发服务合同 is a 技术开发合同, 民法典第八百五十一条); head noun among
#   them (法律服务委托合同 is a 委托合同, 设备采购合同 a 采购合同 and not a plain 买卖合同).
_TITLE_PATTERNS: tuple[tuple[str, str, int], ...] = (
    # tier 0
    (r"中介|居间", "其他", 0),  # 民法典第二十六章 中介合同: not in the taxonomy
    (r"保理|factoring", "其他", 0),  # 民法典第十六章 保理合同: not in the taxonomy, and not a guarantee
    (r"监理", "委托合同", 0),  # 民法典第七百九十六条: the client and the supervisor are bound by the rules of 委托合同
    # 民法典第二十五章 行纪合同 (a 寄售 or 委托代销 is one): not in the taxonomy; 第九百六十条 applies the rules of
    # 委托合同 to what that chapter leaves open, so it is reviewed as one rather than as a sale
    (r"行纪|寄售|委托代销", "委托合同", 0),
    (r"旅游|旅行团|研学|travel|tour\b", "服务合同", 0),  # a package tour is a service contract
    (r"融资(?:性)?租赁|售后回租|financ\w* lease", "融资租赁合同", 0),
    (r"劳务派遣|人力派遣|派遣协议|派遣合同|labou?r dispatch", "劳务派遣协议", 0),
    (r"个人信息(?:的)?(?:委托)?(?:处理|保护|出境)|(?:委托|受托)处理|数据(?:委托)?处理|数据保护|数据出境|"
     r"data processing|data protection|\bdpa\b",
     "个人信息委托处理协议", 0),
    (r"保密(?:与|和|及|暨|、)?竞业|竞业(?:限制|禁止)?(?:与|和|及|暨|、)保密", "保密协议", 0),
    (r"股权转让|股份转让|股权收购|股权买卖|出资(?:额)?转让|equity transfer|share transfer|share purchase",
     "股权转让协议", 0),
    (r"特许经营|加盟|franchis", "特许经营合同", 0),
    (r"物业服务|物业管理|property management", "物业服务合同", 0),
    (r"装饰装修|装修|装饰工程|装饰施工", "装饰装修合同", 0),
    (r"技术开发|软件开发|委托开发|合作开发|定制开发|研究开发|研发|development",
     "技术开发合同", 0),
    # tier 1
    (r"竞业限制|竞业禁止|不竞争|non-?compet", "竞业限制协议", 1),
    (r"保密|non-?disclosure|confidentiality|\bnda\b", "保密协议", 1),
    (r"建设工程|施工|工程承包|总承包|分包|工程合同|construction", "建设工程施工合同", 1),
    (r"仓储|warehous|storage", "仓储合同", 1),
    (r"广告", "广告发布合同", 1),
    (r"技术服务|技术咨询|技术支持|technical service|technical support", "技术服务合同", 1),
    (r"许可|licen[cs]e", "软件许可合同", 1),
    (r"劳动合同|劳动协议|employment|labou?r contract", "劳动合同", 1),
    (r"(?<!质量)保证(?!金)|担保|保函|guarant", "保证合同", 1),
    (r"抵押|mortgage", "抵押合同", 1),
    (r"质押|出质|pledge", "质押合同", 1),  # 民法典物权编第十八章 质权: not in DESIGN §14, which has no pledge
    (r"借款|贷款|借贷|loan", "借款合同", 1),
    (r"运输|货运|物流(?!园|地产|中心建设)|承运|托运|快递|transport|carriage|shipping|logistic", "运输合同", 1),
    (r"承揽|加工|定作|来料|来样|制作|印刷", "承揽合同", 1),
    (r"租赁|租房|出租|承租|lease|tenancy|rental", "房屋租赁合同", 1),
    # a venue run for a fee to its owner (停车场整体承包经营合同, 食堂承包经营合同) is a lease of the premises, not
    # a construction contract; 土地承包经营 is rural land contracting (农村土地承包法), not matched
    (r"(?<!土地)(?<!工程)承包经营|经营承包|(?:场地|场所|停车场|食堂|餐厅|门店|商铺|柜台)(?:整体)?承包", "房屋租赁合同", 1),
    # tier 2
    (r"采购|purchase|procurement", "采购合同", 2),
    (r"经销|分销|代销|供货|供应|distribut|supply", "供货/经销合同", 2),
    (r"买卖|购销|购买|销售|订货|\bsales?\b", "买卖合同", 2),
    (r"委托|代理|agency", "委托合同", 2),
    (r"服务|劳务|咨询|外包|service|consult|hosting", "服务合同", 2),
    (r"合作|联营|合伙|cooperation|collaboration|partnership|joint venture", "合作协议", 2),
)
_TITLE_RES = tuple((re.compile(p, re.I), t, tier) for p, t, tier in _TITLE_PATTERNS)

_TITLE_HINT = re.compile(r"合同|协议|契约|合约|协定|确认书|承诺书|保证书|担保书|保函|agreement|contract|lease|deed|guarantee",
                         re.I)
# lines that carry the title word but are not the title: 合同编号, 签订地点, the 示范文本's
# issuing office and its 使用说明, a table of contents, a sentence, a numbered heading
_NOT_TITLE = re.compile(r"编号|签订|签约|签署|日期|地点|制定|说明|目录|注意事项|[：:。；;，]|本合同|本协议|"
                        r"^(?:第[一二三四五六七八九十百\d]+[条章部分节]|[一二三四五六七八九十]+、|\d+[.、])")
# bracketed or free-standing noise in a title: （示范文本）（2025版）（现售）（通用） GF—2014—0172
_TITLE_NOISE = re.compile(r"[（(【\[〔][^）)】\]〕]{0,20}?(?:示范文本|范本|样本|模板|版|年|修订|试行|通用|现售|预售|草案|草稿|"
                          r"编号|GF|draft|final|template)[^）)】\]〕]{0,20}[）)】\]〕]|GF[—\-－–]?\d{4}[—\-－–]?\d{3,4}|"
                          r"示范文本|\d{4}(?:年)?版", re.I)


_CJK = re.compile(r"[\u4e00-\u9fff]")
# an English title ends with its noun (``SUPPLY CONTRACT``); a sentence that mentions the
# agreement does not
_LATIN_TITLE_END = re.compile(r"(?:agreement|contract|lease|deed|guarantee)\W*$", re.I)
_TITLE_NAME_LABEL = re.compile(r"^(?:合同|协议)名称[：:]")
_LATIN_GAP = re.compile(r"(?<=[A-Za-z0-9])\s+(?=[A-Za-z0-9])")


def _title_ws(line: str) -> str:
    """Remove whitespace, except one space between two Latin words (``SUPPLY CONTRACT``)."""
    return _WS.sub("", _LATIN_GAP.sub("\x00", line.strip())).replace("\x00", " ")


def contract_title(text: str) -> str:
    """The contract's own title line, whitespace and 示范文本 noise removed.

    The first of the first twelve non-empty lines that names a contract (合同, 协议, 契约,
    确认书, Agreement, Contract …) and is not a 合同编号/签订地点 line, a sentence, a
    table of contents or a numbered heading. A title printed over two lines (``XX公司与YY
    公司`` / ``股权转让协议``) is found by its second line.

    Args:
        text: the document text.

    Returns:
        The title, ``""`` when no line qualifies.
    """
    seen = 0
    for raw in text.splitlines():
        line = _title_ws(raw)
        if not line:
            continue
        seen += 1
        if seen > 12:
            break
        clean = _TITLE_NAME_LABEL.sub("", _TITLE_NOISE.sub("", line)).strip()
        if not (2 <= len(clean) <= 60 and _TITLE_HINT.search(clean)) or _NOT_TITLE.search(clean):
            continue
        if _CJK.search(clean) and "," not in clean or _LATIN_TITLE_END.search(clean):
            return clean
    return ""


def title_contract_type(title: str) -> str | None:
    """The type the title names (tier, then head noun, then longest match), or None.

    An agency named beside the generic 服务 (``商标注册代理及品牌监测服务合同``,
    ``品牌营销代理服务合同``) is a 委托合同: handling the principal's affairs is what the Code
    calls a mandate whatever the head noun (民法典第九百一十九条), and 服务 names no nominate
    contract."""
    best: tuple[int, int, int] | None = None
    best_type: str | None = None
    for rx, ctype, tier in _TITLE_RES:
        for m in rx.finditer(title):
            key = (-tier, m.end(), m.end() - m.start())
            if best is None or key > best:
                best, best_type = key, ctype
    if best_type == "服务合同" and _AGENCY.search(title):
        return "委托合同"
    if best_type in ("保证合同", "抵押合同", "质押合同") and _LOAN_WITH_SECURITY.search(title):
        return "借款合同"
    return best_type


_AGENCY = re.compile(r"代理|agency", re.I)
# a loan listed first with its securities (借款、质押及保证合同, 借款及抵押担保合同): the loan is the main
# contract and the securities its accessories (民法典第三百八十八条、第六百八十二条); 借款抵押合同, with no
# conjunction, is the mortgage for a loan and stays a 抵押合同
_LOAN_WITH_SECURITY = re.compile(r"(?:借款|贷款|借贷)\s*(?:、|及|和|与|暨|并)\s*(?:[^、及和与暨并]{0,6}(?:、|及|和|与|暨|并)\s*)?"
                                 r"[^、及和与暨并]{0,4}(?:抵押|质押|保证|担保)")


# Role words of the parties (民法典 names each party of a nominate contract: 出卖人/买受人
# 第五百九十五条, 借款人/贷款人 第六百六十七条, 保证人/债权人 第六百八十一条, 出租人/承租人
# 第七百零三条, 出卖人+租赁物 第七百三十五条, 承揽人/定作人 第七百七十条, 发包人/承包人
# 第七百八十八条, 承运人/托运人 第八百零九条, 研究开发人 第八百五十一条, 存货人/保管人 第九百零四条,
# 委托人/受托人 第九百一十九条, 物业服务人/业主 第九百三十七条; 劳动合同法 用人单位/劳动者,
# 第五十九条 派遣单位/用工单位; 商业特许经营管理条例第三条 特许人/被特许人; 广告法第二条
# 广告主/广告发布者; 民法典第三百九十四条 抵押人/抵押权人).
_ROLE_TYPES: dict[str, tuple[str, ...]] = {
    "买卖合同": ("出卖人", "买受人", "卖方", "买方", "销售方", "购买方"),
    "采购合同": ("采购方", "采购人"),
    "供货/经销合同": ("经销商", "经销方", "分销商", "供方", "需方"),
    "承揽合同": ("承揽人", "定作人", "承揽方", "定作方", "加工方"),
    "物业服务合同": ("物业服务人", "物业服务企业", "物业管理企业", "业主委员会"),
    "技术开发合同": ("研究开发人", "研究开发方", "开发方"),
    "软件许可合同": ("许可方", "被许可方", "许可人", "被许可人"),
    "房屋租赁合同": ("出租人", "承租人", "出租方", "承租方"),
    "劳动合同": ("用人单位", "劳动者"),
    "劳务派遣协议": ("派遣单位", "用工单位", "劳务派遣单位", "派遣方", "用工方"),
    "借款合同": ("借款人", "出借人", "贷款人", "借款方", "出借方", "贷款方"),
    "保证合同": ("保证人", "担保人"),
    "抵押合同": ("抵押人", "抵押权人"),
    "质押合同": ("出质人", "质权人"),
    "特许经营合同": ("特许人", "被特许人", "特许方", "被特许方", "加盟商", "加盟方"),
    "仓储合同": ("存货人", "存货方", "仓储方"),
    "保密协议": ("披露方", "接收方", "信息披露方", "信息接收方"),
    "委托合同": ("委托人", "受托人", "委托方", "受托方", "行纪人"),
    "建设工程施工合同": ("发包人", "承包人", "分包人", "发包方", "承包方", "分包方"),
    "运输合同": ("托运人", "承运人", "托运方", "承运方"),
    "广告发布合同": ("广告主", "广告发布者", "广告经营者"),
}
_ROLE_TO_TYPE = {r: t for t, rs in _ROLE_TYPES.items() for r in rs}
_ROLE_ALT = "|".join(sorted(_ROLE_TO_TYPE, key=len, reverse=True))
# a party line: ``出租人（甲方）：``, ``甲方（用人单位）：``, ``乙方(被特许人):``
_PARTY_LINE_ROLE = re.compile(rf"^(?:[甲乙丙丁]方)?[（(]?({_ROLE_ALT})[)）]?(?:[（(][甲乙丙丁]方[)）])?[：:]")


def preamble_roles(text: str) -> list[str]:
    """Role words of the parties' lines in the first 60 lines (``承租人（乙方）：…``)."""
    out: list[str] = []
    for raw in text.splitlines()[:60]:
        m = _PARTY_LINE_ROLE.match(_WS.sub("", raw))
        if m and m[1] not in out:
            out.append(m[1])
    return out


# Body vocabulary of each type (weight per distinct term, damped count). Sources as for
# the title patterns; the role words above are added at weight 3.
_CONTRACT_TYPE_LEXICON: dict[str, dict[str, float]] = {
    "买卖合同": {"买卖合同": 6, "标的物": 1, "货物": 1, "设备": 0.5, "所有权转移": 1, "购销": 2},
    "采购合同": {"采购合同": 6, "供应商": 2, "供货方": 2, "采购": 1.5, "采购订单": 2, "货物": 0.5},
    "供货/经销合同": {"经销合同": 6, "经销协议": 6, "供货合同": 6, "经销": 2, "经销区域": 3, "销售区域": 2, "分销": 2,
                  "销售目标": 2, "最低采购量": 2, "订单": 0.5},
    "承揽合同": {"承揽合同": 6, "加工合同": 5, "定作": 3, "承揽": 3, "来料": 2, "加工费": 2, "定作物": 3},
    "服务合同": {"服务合同": 6, "服务协议": 5, "服务方": 2, "服务提供方": 2, "运维": 1.5, "服务费": 1.5, "服务内容": 1.5,
             "服务期限": 1.5, "服务标准": 1},
    "物业服务合同": {"物业服务合同": 7, "物业服务": 3, "物业管理": 3, "物业服务费": 4, "物业费": 3, "业主": 1.5, "业主大会": 3,
               "共用部位": 3, "共用设施设备": 3, "物业服务区域": 3},
    "技术开发合同": {"技术开发": 6, "开发合同": 5, "委托开发": 4, "研究开发": 3, "开发成果": 2, "软件开发": 3},
    "技术服务合同": {"技术服务合同": 7, "技术咨询合同": 7, "技术服务": 3, "技术咨询": 3, "专业技术知识": 3, "技术问题": 2,
               "技术支持": 1.5, "技术培训": 1},
    "软件许可合同": {"软件许可": 6, "许可合同": 4, "许可使用": 3, "许可费": 3, "使用许可": 3, "授权许可": 3, "许可期限": 2},
    "房屋租赁合同": {"租赁合同": 5, "房屋租赁": 6, "租金": 2, "租赁房屋": 2, "租赁期限": 1.5, "押金": 1},
    "劳动合同": {"劳动合同": 6, "试用期": 2, "社会保险": 1.5, "工资": 1, "劳动报酬": 1.5},
    "劳务派遣协议": {"劳务派遣": 6, "被派遣劳动者": 5, "派遣员工": 3, "派遣人员": 3, "派遣期限": 3, "用工单位": 2},
    "竞业限制协议": {"竞业限制协议": 7, "竞业限制": 3, "竞业禁止": 3, "竞业限制补偿": 3, "竞业补偿": 3, "竞业限制期": 2},
    "借款合同": {"借款合同": 6, "借款协议": 6, "借款": 2, "利息": 1.5, "借款本金": 2, "还款": 1},
    "保证合同": {"保证合同": 7, "主债权": 2, "保证期间": 3, "连带责任保证": 3, "一般保证": 2, "保证范围": 2, "主合同": 1.5,
             "债权人": 1},
    "抵押合同": {"抵押合同": 7, "抵押物": 3, "抵押财产": 3, "抵押登记": 3, "抵押权": 2},
    "质押合同": {"质押合同": 7, "质物": 3, "质押财产": 3, "出质": 3, "质权": 2},
    "融资租赁合同": {"融资租赁": 7, "售后回租": 5, "租赁物": 2, "留购": 3, "名义价款": 3, "租赁物件": 3},
    "股权转让协议": {"股权转让": 6, "股份转让": 5, "目标公司": 4, "标的股权": 4, "股权": 1.5, "工商变更登记": 2, "转让方": 1,
               "受让方": 1},
    "合作协议": {"合作协议": 6, "合作方": 2, "合作期限": 1.5, "合作内容": 1.5, "合作事项": 1.5, "利润分配": 2, "收益分配": 2},
    "特许经营合同": {"特许经营": 6, "加盟费": 4, "特许经营费": 4, "加盟": 2, "经营资源": 2},
    "仓储合同": {"仓储合同": 7, "仓储": 3, "仓储物": 5, "仓单": 4, "仓储费": 4, "入库": 1.5, "出库": 1.5, "保管人": 2},
    "保密协议": {"保密协议": 7, "保密合同": 6, "保密信息": 2, "商业秘密": 1.5, "保密义务": 1},
    "个人信息委托处理协议": {"委托处理": 4, "受托处理": 4, "个人信息处理": 2, "处理目的": 2, "处理方式": 1.5, "数据处理": 2,
                   "个人信息": 1},
    "委托合同": {"委托合同": 6, "委托事务": 3, "委托事项": 2, "行纪": 5, "行纪人": 3, "委托物": 2},
    "建设工程施工合同": {"施工合同": 6, "建设工程": 4, "工程款": 2, "工期": 1.5, "竣工": 1.5},
    "装饰装修合同": {"装饰装修": 6, "装修工程": 4, "装修": 2, "装饰": 1},
    "运输合同": {"运输合同": 6, "货运": 3, "运费": 2, "收货人": 1.5, "运输": 1},
    "广告发布合同": {"广告发布": 6, "广告位": 3, "广告投放": 3, "广告内容": 2, "刊播": 3, "发布费": 2, "广告": 1},
}
for _t, _roles in _ROLE_TYPES.items():
    for _r in _roles:
        _CONTRACT_TYPE_LEXICON[_t].setdefault(_r, 3)

# Tier-2 title types (and a bare 租赁 title) that the parties' roles may make more
# specific: a 合作协议 between 特许人 and 被特许人 is a 特许经营合同, a 委托协议 whose
# 受托方 处理个人信息 is a 个人信息委托处理协议 (个人信息保护法第二十一条).
_REFINABLE = {"委托合同", "服务合同", "合作协议", "房屋租赁合同"}
# role pairs that do not make a generic title more specific (both are generic themselves)
_NOT_SPECIAL = {"采购合同", "供货/经销合同", "买卖合同", "委托合同", "服务合同", "合作协议", "保密协议"}
_ROLE_BONUS = 6.0


def _body_scores(text: str, roles: Sequence[str]) -> Counter[str]:
    body = _WS.sub("", text[:20000])
    scores: Counter[str] = Counter()
    for ctype, terms in _CONTRACT_TYPE_LEXICON.items():
        s = 0.0
        for term, weight in terms.items():
            n = body.count(term)
            if n:
                s += weight * min(1 + 0.1 * (n - 1), 2.0)
        if s:
            scores[ctype] = s
    for r in roles:
        scores[_ROLE_TO_TYPE[r]] += _ROLE_BONUS
    return scores


def _is_finance_lease(body: str) -> bool:
    """民法典第七百三十五条: the lessor buys the 租赁物 from an 出卖人 the lessee chose."""
    return "租赁物" in body and bool(re.search(r"出卖人|融资|留购|回租|名义价", body))


def _is_dpa(body: str) -> bool:
    """个人信息保护法第二十一条: a processor entrusts the processing of personal information."""
    return "个人信息" in body and bool(re.search(r"委托处理|受托处理|受托方处理|代为处理|处理个人信息", body)) \
        and body.count("个人信息") >= 3


def _refine(ttype: str | None, title: str, body: str, roles: Sequence[str]) -> str | None:
    """A more specific type than a generic title (or no title) names, from the parties."""
    role_set = set(roles)
    if ttype in ("房屋租赁合同", None) and _is_finance_lease(body) \
            and not re.search(r"房屋|住房|房产|商铺|厂房|写字楼|公寓", title):
        if ttype == "房屋租赁合同" or "融资租赁" in body or {"出租人", "承租人"} & role_set:
            return "融资租赁合同"
    if ttype in ("委托合同", None) and _is_dpa(body) and re.search(r"委托处理|受托处理|代为处理", body) \
            and not _AGENCY.search(title):  # an agency that also handles data is still the agency
        return "个人信息委托处理协议"
    if ttype in ("委托合同", "服务合同", "合作协议"):
        role_types = Counter(_ROLE_TO_TYPE[r] for r in roles)
        special = [t for t, n in role_types.items() if n >= 2 and t not in _NOT_SPECIAL]
        if len(special) == 1:
            return special[0]
    return None


def classify_contract_type(doc: ExtractedDocument) -> str:
    """Classify the contract type (one of :data:`CONTRACT_TYPE_NAMES`, DESIGN §14).

    1. **Title.** The contract's own title line (:func:`contract_title`) names its type
       (:data:`_TITLE_PATTERNS`): tier 0 modifiers anywhere, then nominate contracts by
       head noun, then generic words by head noun. The more specific type named wins
       (``设备采购合同`` -> 采购合同, ``保密与竞业限制协议`` -> 保密协议 whose checks include the
       non-compete ones, ``住宅装饰装修工程施工合同`` -> 装饰装修合同).
    2. **Roles.** A generic title (委托, 服务, 合作, a bare 租赁合同) is made specific by
       the parties' role lines or the defining relation: 出租人/承租人 with 租赁物 bought from
       an 出卖人 -> 融资租赁合同 (民法典第七百三十五条); 委托 处理个人信息 -> 个人信息委托处理协议;
       a role pair of a special type (特许人/被特许人, 派遣单位/用工单位, 物业服务人 …).
    3. **Body.** Without a typed title, role lines (+6 each) and body vocabulary
       (:data:`_CONTRACT_TYPE_LEXICON`) decide; below 6 the type is ``其他``.

    Args:
        doc: the extracted document.

    Returns:
        The contract type name, ``"其他"`` when nothing scores.
    """
    text = doc.text
    body = _WS.sub("", text[:20000])
    roles = preamble_roles(text)
    title = contract_title(text)
    ttype = title_contract_type(title) if title else None
    if ttype is not None and ttype not in _REFINABLE:
        return ttype
    refined = _refine(ttype, title, body, roles)
    if refined is not None or ttype is not None:
        return refined or ttype
    scores = _body_scores(text, roles)
    if {"转让方", "受让方"} <= set(roles) or ("转让方" in body and "受让方" in body):
        if body.count("股权") + body.count("股份") >= 2:
            scores["股权转让协议"] += _ROLE_BONUS
    if not scores:
        return "其他"
    best, score = scores.most_common(1)[0]
    return best if score >= 6 else "其他"


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

    A party line labelled 甲方 (``甲方（出租人）：…``, ``出租人（甲方）：…``) is ``party_a``, one
    labelled 乙方 ``party_b``, whichever comes first; lines without a letter (``承包人：…``) fill
    the sides in order. Both the role and its parenthesised alias are kept. ``甲方``/``乙方``
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
    # the line's own letter decides its side (乙方（买方）listed first is still party_b); lines without a
    # letter are taken in order
    a_lines = [f for f in found if "甲方" in f]
    b_lines = [f for f in found if "乙方" in f]
    rest = [f for f in found if "甲方" not in f and "乙方" not in f]
    if not a_lines and rest:
        a_lines.append(rest.pop(0))
    if not b_lines and rest:
        b_lines.append(rest.pop(0))
    a = set(a_lines[0]) if a_lines else set()
    b = set(b_lines[0]) if b_lines else set()
    a.add("甲方")
    b.add("乙方")
    a -= {"乙方"}
    b -= {"甲方"}
    return {"party_a": tuple(sorted(a)), "party_b": tuple(sorted(b))}


# role words of the same side of a contract: a playbook suggestion written with one of them
# reads, in a contract that names that side with another, in the contract's own word
_SIDES: tuple[tuple[str, ...], ...] = (
    ("买方", "买受人", "采购方", "采购人", "需方", "购买方", "订购方"),
    ("卖方", "出卖人", "供方", "供货方", "供应方", "销售方"),
    ("出租人", "出租方"), ("承租人", "承租方"),
    ("发包人", "发包方"), ("承包人", "承包方", "施工方"),
    ("委托方", "委托人"), ("受托方", "受托人"),
    ("定作人", "定作方"), ("承揽人", "承揽方"),
    ("许可方", "许可人", "授权方"), ("被许可方", "被许可人", "被授权方"),
    ("出借人", "贷款人"), ("借款人", "借款方"),
    ("托运人", "托运方", "发货方"), ("承运人", "承运方"),
)


def in_party_names(text: str, roles: dict[str, tuple[str, ...]], document_text: str) -> str:
    """``text`` (a playbook suggestion) with each party word replaced by the word the
    contract uses most for the same party.

    A word is replaced only when the contract names its side with a word of the same
    group in :data:`_SIDES` (``甲方（采购方）`` and 甲方 throughout make a suggestion's 买方
    read 甲方); a word whose side the contract does not name is kept.

    Args:
        text: the suggestion.
        roles: :func:`party_roles` of the document.
        document_text: the document's text (to count which word it uses most).

    Returns:
        The suggestion in the contract's party names.
    """
    mapping: dict[str, str] = {}
    for party_words in roles.values():
        if not party_words:
            continue
        usual = max(party_words, key=lambda w: (document_text.count(w), w == "甲方" or w == "乙方"))
        for side in _SIDES:
            if set(side) & set(party_words):
                for word in side:
                    if word != usual:
                        mapping[word] = usual
    if not mapping:
        return text
    alternation = "|".join(sorted(map(re.escape, mapping), key=len, reverse=True))
    return re.sub(f"(?:{alternation})", lambda m: mapping[m.group(0)], text)


def for_the_paying_side(text: str, evidence: str, roles: dict[str, tuple[str, ...]]) -> str:
    """``text`` (a playbook suggestion written for either side: ``一方逾期履行的，…向对方支付违约金``)
    addressed to the sides the offending sentence names: ``乙方逾期履行的，…向甲方支付违约金``
    when ``evidence`` says that 乙方 pays 甲方 (``乙方应按月租金的10%向甲方支付违约金``).

    Only a suggestion that opens with 一方 is rewritten (一方 and 违约方 become the paying side,
    对方 and 守约方 the side paid), and only when the sentence names one payer and one payee
    among the contract's party words; a sentence that binds both sides (任何一方, 双方, 各方)
    or names no payee keeps the suggestion as it is — it then still fits either side.

    Args:
        text: the suggestion, already in the contract's party names (:func:`in_party_names`).
        evidence: the offending sentence (the risk's ``original_text``).
        roles: :func:`party_roles` of the document.

    Returns:
        The suggestion addressed to the two sides, or ``text`` unchanged.
    """
    if not text.startswith("一方") or re.search(r"任何一方|任一方|双方|各方|一方违约", evidence):
        return text
    words = sorted({w for ws in roles.values() for w in ws if w}, key=len, reverse=True)
    if not words:
        return text
    alt = "|".join(map(re.escape, words))
    m = re.search(rf"(?P<payer>{alt})[^。；]{{0,30}}?向(?P<payee>{alt})(?:支付|赔偿|给付|偿付|缴纳)", evidence)
    if not m or m["payer"] == m["payee"]:
        return text
    payer, payee = m["payer"], m["payee"]
    out = payer + text[2:]
    return re.sub(r"违约方|守约方|对方", lambda x: payer if x.group(0) == "违约方" else payee, out)

