"""Sentence splitting shared by the playbook and its code detectors.

A sentence ends at 。；;！!？? or at a line break that ends a unit: after a colon or
terminal punctuation, or before a line that starts a numbered item. Other line breaks
are wraps (PDF lines, hard-wrapped TXT) and do not end a sentence.
"""

from __future__ import annotations

import re

__all__ = ["sentences"]

_END = re.compile(r"[。；;！!？?]")
_ITEM_START = re.compile(r"\s*(?:第[一二三四五六七八九十百零〇两\d]+[条章节款项]|[（(]?[一二三四五六七八九十\d]+[）)、.．]|\d+\.\d+|[A-Za-z]\.|[（(][a-z][）)])")


def sentences(text: str) -> list[tuple[int, str]]:
    """Split ``text`` into sentences.

    Returns:
        ``(offset, sentence)`` pairs in order; offsets index ``text``; whitespace-only
        pieces are dropped. A wrapped line stays inside its sentence (with its ``\\n``).
    """
    out: list[tuple[int, str]] = []
    start = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        cut = False
        if _END.match(ch):
            cut = True
        elif ch == "\n":
            j = i - 1
            while j >= start and text[j] in " \t\r\u3000":
                j -= 1
            nxt = text[i + 1: i + 40]
            cut = j < start or text[j] in "：:。；;！!？?\n" or bool(_ITEM_START.match(nxt)) or not nxt.strip()
        if cut:
            piece = text[start: i + 1]
            if piece.strip():
                out.append((start, piece))
            start = i + 1
        i += 1
    if text[start:].strip():
        out.append((start, text[start:]))
    return out
