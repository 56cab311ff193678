"""Article numbers: Chinese numerals <-> integers."""

import pytest

from knowledge.numerals import article_label, article_number


@pytest.mark.parametrize(
    ("label", "number"),
    [
        ("第五百八十五条", 585),
        ("第一千二百六十条", 1260),
        ("第585条", 585),
        ("五百八十五", 585),
        ("第十条", 10),
        ("第一百一十条", 110),
        ("第一千零一十条", 1010),
        ("第二十条", 20),
        ("第１２条", 12),
        ("第 39 条", 39),
        ("585", 585),
    ],
)
def test_article_number_reads_chinese_and_arabic_labels(label, number):
    assert article_number(label) == number


@pytest.mark.parametrize(("number", "label"), [(585, "第五百八十五条"), (1260, "第一千二百六十条"), (10, "第十条"),
                                               (110, "第一百一十条"), (1010, "第一千零一十条"), (1, "第一条")])
def test_article_label_formats_as_statutes_print_it(number, label):
    assert article_label(number) == label
    assert article_number(article_label(number)) == number


@pytest.mark.parametrize("garbage", ["", "第条", "第X条", "abc", "第零条", "第五百八十五款", "第-3条"])
def test_article_number_rejects_garbage(garbage):
    with pytest.raises(ValueError):
        article_number(garbage)


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "5"])
def test_article_label_rejects_non_positive_ints(bad):
    with pytest.raises(ValueError):
        article_label(bad)
