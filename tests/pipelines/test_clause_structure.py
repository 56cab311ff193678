"""The sentence-structure helpers behind the playbook's structural readers.

GIVEN one contract sentence
WHEN its parts are read (relieved party, right holder, legal fiction)
THEN the party and the structure are the ones a lawyer reads, whatever the wording.
"""

from __future__ import annotations

import pytest

from pipelines.clause_structure import READERS, deeming, definitions, denials, expand_definitions, right_holder, subject_of


@pytest.mark.parametrize("part,party", [
    ("出租人概不承担责任", "出租人"),
    ("本俱乐部不予赔偿", "本俱乐部"),
    ("存储服务提供者对内容灭失不承担赔偿责任", "存储服务提供者"),
    ("交付后出租方不承担任何维修责任", "出租方"),
    ("本合同自签订之日起生效", None),
])
def test_subject_of_a_part(part, party):
    assert subject_of(part) == party


def test_denials_name_the_relieved_party_and_a_shifted_loss():
    found = denials("会员在健身过程中受伤的，由会员自行承担，本俱乐部不予赔偿。")
    assert {d.party for d in found if d.shifted_to is None} == {"本俱乐部"}
    assert [d.shifted_to for d in found if d.shifted_to] == ["会员"]


@pytest.mark.parametrize("sentence,verb,holder", [
    ("出租人因自身需要收回房屋的，可随时解除本合同", "解除", "出租人"),
    ("供方保留根据市场情况调整供货价格的权利", "调整", "供方"),
    ("本合同租金每年由出租人根据周边市场租金水平确定", "确定", "出租人"),
    ("委托方认定受托方存在违约的，可径行从应付服务费中扣除相应违约金", "扣除", "委托方"),
    ("乙方不得解除本合同", "解除", None),
])
def test_right_holder_is_read_from_the_structure(sentence, verb, holder):
    assert right_holder(sentence, sentence.index(verb)) == holder


def test_deeming_finds_any_legal_fiction():
    assert [m.group(0) for m in deeming("收货人签字即表示验收合格，发出后即发生通知效力")] == ["即表示", "即发生通知效力"]


def test_every_reader_is_silent_on_an_ordinary_sentence():
    for name, reader in READERS.items():
        assert reader("甲方应于2024年5月1日前向乙方交付设备。") is None, name


@pytest.mark.parametrize("text,term,starts", [
    ("本条所称“重大违约”包括乙方任何一项履约指标未达标。乙方发生重大违约的，甲方可即时解除合同。", "重大违约", "乙方任何一项"),
    ("本合同所称‘验收合格’，是指甲方项目负责人在验收单上签署‘同意’意见。验收合格后甲方支付尾款。", "验收合格", "甲方项目负责人"),
    ("“交付”指买受人在物流回单上签章。交付完成即构成买受人对品质的最终确认。", "交付", "买受人在物流回单上签章"),
])
def test_definitions_are_read_and_expanded_into_later_uses(text, term, starts):
    defs = definitions(text)
    assert [t for t, _ in defs] == [term] and defs[0][1].startswith(starts)
    expanded, inserted = expand_definitions(text, defs)
    later = expanded.split("。", 1)[1]
    assert inserted[0] in later  # the later use carries the definition
    assert expanded.split("。", 1)[0] == text.split("。", 1)[0]  # the definition itself is left alone
    assert expanded.replace(inserted[0], "") == text  # removing the insertion gives the words back


def test_a_sentence_without_a_definition_defines_nothing():
    assert definitions("乙方应按甲方指示提供服务，服务内容包括安装和调试。") == []


def test_chained_definitions_expand_once_and_stay_bounded():
    """GIVEN definitions that each name the next term six times (an attacker's clause)
    WHEN the clause is expanded THEN each use gets its own definition once, not recursively,
    and the result is at most twice as long as the clause."""
    terms = ["甲款", "乙款", "丙款", "丁款", "戊款", "己款", "庚款"]
    text = "".join(f"本条所称“{terms[i]}”指" + "、".join([terms[i + 1]] * 6) + "。" for i in range(6)) \
        + "本条所称“庚款”指违约。乙方发生甲款的，甲方有权解除合同。"
    expanded, _ = expand_definitions(text, definitions(text))
    assert len(expanded) <= 2 * len(text)
