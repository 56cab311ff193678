"""Numbers, rates and amounts are parsed in code (DESIGN §7), never by the LLM."""

import pytest

from pipelines.rules import parse_amount, parse_number, parse_rate


@pytest.mark.parametrize("text, value", [("120,000.00", 120000.0), ("三十", 30.0), ("贰拾壹万", 210000.0),
                                         ("两", 2.0), ("abc", None)])
def test_parse_number(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text, percents", [("按5%计算", [5.0]), ("每日千分之五", [0.5]), ("万分之五", [0.05]),
                                            ("百分之二十", [20.0]), ("日利率０.５％", [0.5])])
def test_parse_rate(text, percents):
    assert [round(p, 4) for p, _ in parse_rate(text)] == percents


def test_parse_amount_in_words():
    assert parse_amount("肆拾捌万元整") == 480000.0
    assert parse_amount("壹佰零伍万元") == 1050000.0
