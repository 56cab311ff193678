"""Article numbers: Chinese numerals <-> integers, in one place (DESIGN §6).

Statute articles are labelled ``第五百八十五条``; contracts and model output also write
``第585条`` or a bare ``五百八十五``. Conversion uses the ``cn2an`` package.
"""

from __future__ import annotations

import re

import cn2an

__all__ = ["article_label", "article_number", "cn_to_int"]

_LABEL_RE = re.compile(r"^\s*第?\s*(?P<num>[0-9０-９]+|[零〇一二两三四五六七八九十百千万]+)\s*条?\s*$")
_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def cn_to_int(numeral: str) -> int:
    """Convert a Chinese or Arabic numeral (no 第/条) to an int.

    Args:
        numeral: e.g. ``"五百八十五"``, ``"十二"``, ``"585"``, ``"５８５"``.

    Returns:
        The integer value.

    Raises:
        ValueError: when the text is not a numeral.
    """
    s = numeral.strip().translate(_FULLWIDTH)
    if not s:
        raise ValueError("empty numeral")
    if len(s) > 40:  # no statute numbers anything near this; int() refuses 4,300+ digits and cn2an crawls
        raise ValueError(f"numeral too long to be an article or paragraph number ({len(s)} characters)")
    if s.isdigit():
        return int(s)
    try:
        value = cn2an.cn2an(s.replace("〇", "零").replace("两", "二"), "smart")
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"not a Chinese numeral: {numeral!r}") from exc
    if value != int(value):
        raise ValueError(f"not an integer numeral: {numeral!r}")
    return int(value)


def article_number(label: str) -> int:
    """Parse an article label into its number.

    Args:
        label: ``"第五百八十五条"``, ``"第585条"``, ``"五百八十五"`` or ``"585"``.

    Returns:
        The article number (>= 1).

    Raises:
        ValueError: when ``label`` is not an article label or the number is < 1.
    """
    m = _LABEL_RE.match(label or "")
    if not m:
        raise ValueError(f"not an article label: {label!r}")
    n = cn_to_int(m.group("num"))
    if n < 1:
        raise ValueError(f"article number must be >= 1: {label!r}")
    return n


def article_label(n: int) -> str:
    """Format an article number the way statutes print it.

    Args:
        n: the article number (>= 1), e.g. 585.

    Returns:
        ``"第五百八十五条"`` (10 -> ``"第十条"``, 1010 -> ``"第一千零一十条"``).

    Raises:
        ValueError: when ``n`` is not a positive int.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"article number must be a positive int: {n!r}")
    if n >= 10**16:  # cn2an's limit
        raise ValueError(f"article number too large: {n}")
    return f"第{cn2an.an2cn(n, 'low')}条"
