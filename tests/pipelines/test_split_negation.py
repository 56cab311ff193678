"""A negation split around its object is read like the usual word order.

GIVEN an exemption written 乙方不对…承担赔偿责任 (the negation before its object)
WHEN the playbook's pattern checks read it
THEN they judge it as they judge 乙方对…不承担赔偿责任, and words that only look alike
(不对等, 不对外) are left as they are.
"""

from __future__ import annotations

import pytest

from pipelines.screen import negation_joined


@pytest.mark.parametrize("split,joined", [
    ("乙方不对园区内发生的人员伤亡承担赔偿责任", "乙方对园区内发生的人员伤亡不承担赔偿责任"),
    ("承运人不就包装不良造成的货损负责", "承运人就包装不良造成的货损不负责"),
    ("出租方不为承租人存放的物品负有保管义务", "出租方为承租人存放的物品不负有保管义务"),
])
def test_a_split_negation_is_joined_to_its_verb(split, joined):
    assert negation_joined(split) == joined


@pytest.mark.parametrize("text", ["双方的权利义务不对等", "本报价不对外公开", "数量不对应的，以实收为准", "乙方对其过错承担责任"])
def test_words_that_only_look_alike_are_unchanged(text):
    assert negation_joined(text) == text
