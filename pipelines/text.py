"""Sentence splitting shared by the playbook and its code detectors.

A sentence ends at 。；;！!？? or at a line break that ends a unit: after a colon or
terminal punctuation, or before a line that starts a numbered item. Other line breaks
are wraps (PDF lines, hard-wrapped TXT) and do not end a sentence.

A "sentence" longer than :data:`MAX_SENTENCE_CHARS` is cut into pieces at its last comma
(，,、 or a space) before the limit, or at the limit where there is none: the checks read
one sentence at a time, several of them in time that grows with the square of its length,
and a hostile text without full stops (``甲方免除，`` × 8,000) took minutes of CPU and
hundreds of MB. Real contract sentences are far shorter (the longest in the team's and the
corpus's contracts are a few hundred characters).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["SENTENCE_END", "is_table_row", "longest_shared_run", "sentences"]

MAX_SENTENCE_CHARS = 600


def longest_shared_run(a: str, b: str) -> tuple[int, int]:
    """``(start in a, length)`` of the longest run of characters ``a`` and ``b`` share
    (``difflib.SequenceMatcher.find_longest_match`` without the junk heuristic, which would
    skip the commonest Chinese characters). Used to tell a copied article, a kept flagged
    sentence or a provision written twice from new text."""
    import difflib

    m = difflib.SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return m.a, m.size


def is_table_row(line: str) -> bool:
    """True for a line that is a table row: two or more ``|`` (or full-width ``｜``) cell
    separators, how :mod:`pipelines.extract` writes a DOCX table row and how plain-text and
    Markdown contracts draw one, or two or more box-drawing bars (``│``, how a plain-text
    contract draws a framed table). Such a row is a sentence of its own."""
    return line.count("|") >= 2 or line.count("｜") >= 2 or line.count("│") >= 2
SENTENCE_END = "。；;！!？?"
"""The characters that end a sentence (:func:`sentences`; the redline widens a quote to them)."""
_END = re.compile(f"[{SENTENCE_END}]")
_SOFT_END = "，,、 \u3000"
_ITEM_START = re.compile(r"\s*(?:第[一二三四五六七八九十百零〇两\d]+[条章节款项]|[（(]?[一二三四五六七八九十\d]+[）)、.．]|\d+\.\d+|[A-Za-z]\.|[（(][a-z][）)])")


def sentences(text: str) -> list[tuple[int, str]]:
    """Split ``text`` into sentences.

    Returns:
        ``(offset, sentence)`` pairs in order (a new list each call); offsets index
        ``text``; whitespace-only pieces are dropped. A wrapped line stays inside its
        sentence (with its ``\\n``).

    The split of the most recent texts is cached: the playbook's checks read the same
    clause's sentences hundreds of times, and a clause holding a 5,000-row table spent a
    third of its review splitting it again (10 s of 33 s).
    """
    return list(_split(text))


# (room for every clause of a long contract: the whole-document checks walk all clauses for each
# clause, a cyclic pattern that evicts everything from a smaller LRU — 600 pages: 61,412 splits, 60% of the screen)
@lru_cache(maxsize=8192)
def _split(text: str) -> tuple[tuple[int, str], ...]:
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
            if not cut:
                # a table row (cells joined by " | ", how DOCX tables are extracted) is a sentence of its own
                line = text[text.rfind("\n", 0, i) + 1: i]
                nxt_line = text[i + 1: (text.find("\n", i + 1) + 1 or n + 1) - 1]
                cut = is_table_row(line) or is_table_row(nxt_line)
        if cut:
            piece = text[start: i + 1]
            if piece.strip():
                out.append((start, piece))
            start = i + 1
        i += 1
    if text[start:].strip():
        out.append((start, text[start:]))
    if any(len(piece) > MAX_SENTENCE_CHARS for _, piece in out):
        out = [cut for offset, piece in out for cut in _bounded(offset, piece)]
    return tuple(out)


def _bounded(offset: int, piece: str) -> list[tuple[int, str]]:
    """``piece`` (at ``offset``) cut into parts of at most :data:`MAX_SENTENCE_CHARS`, each
    ending at the last comma or space before the limit where there is one."""
    parts: list[tuple[int, str]] = []
    while len(piece) > MAX_SENTENCE_CHARS:
        window = piece[:MAX_SENTENCE_CHARS]
        cut = max(window.rfind(ch) for ch in _SOFT_END) + 1
        if cut < MAX_SENTENCE_CHARS // 2:
            cut = MAX_SENTENCE_CHARS
        if piece[:cut].strip():
            parts.append((offset, piece[:cut]))
        offset, piece = offset + cut, piece[cut:]
    if piece.strip():
        parts.append((offset, piece))
    return parts


def script_counts(text: str, *, limit: int = 200_000) -> dict[str, int]:
    """Letters of ``text[:limit]`` by script: ``han``, ``latin``, ``kana``, ``hangul``, ``other``.

    Digits, punctuation, spaces and symbols are not counted. Linear in ``limit``.
    """
    counts = {"han": 0, "latin": 0, "kana": 0, "hangul": 0, "other": 0}
    for ch in text[:limit]:
        o = ord(ch)
        if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x2FA1F or 0xF900 <= o <= 0xFAFF:
            counts["han"] += 1
        elif ch.isascii():
            counts["latin"] += ch.isalpha()
        elif 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9D:
            counts["kana"] += 1
        elif 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
            counts["hangul"] += 1
        elif ch.isalpha():
            counts["latin" if o < 0x250 else "other"] += 1
    return counts


COVERED_LANGUAGES = ("zh",)
"""Languages the playbook's patterns and the LLM prompts are written for."""

LANGUAGE_NAMES_ZH = {"zh": "中文", "en": "英文", "ja": "日文", "ko": "韩文", "other": "其他文字", "none": "无文字"}


def detect_language(text: str) -> str:
    """The language a contract is written in, from the scripts of its letters.

    Returns:
        ``zh`` when Chinese characters carry the text (a bilingual Chinese/English
        contract is ``zh``: at least 10% of its letters, or 200 characters, are Han and
        kana are rare); ``ja`` (kana at least a fifth of the Han count), ``ko``
        (Hangul), ``en`` (mostly Latin letters), ``other``, or ``none`` for a text
        without letters. Only the first 200,000 characters are looked at.
    """
    c = script_counts(text)
    letters = sum(c.values())
    if not letters:
        return "none"
    if c["kana"] >= max(20, 0.2 * c["han"]) and c["kana"] + c["han"] >= 0.3 * letters:
        return "ja"
    if c["hangul"] >= 0.3 * letters:
        return "ko"
    if c["han"] >= 0.1 * letters or c["han"] >= 200:
        return "zh"
    if c["latin"] >= 0.7 * letters:
        return "en"
    return "other"


# who is bound: the parties as contracts name them (simplified and traditional), an IOU's 借到/立据人,
# an offer's 录用/聘用
_PARTY_WORDS = re.compile(
    r"甲方|乙方|丙方|双方|雙方|各方|当事人|當事人|买方|卖方|買方|賣方|出卖人|出賣人|买受人|買受人|供方|需方|供货方|供貨方|"
    r"采购方|採購方|出租人|承租人|出租方|承租方|房东|房東|租客|借款人|出借人|贷款人|貸款人|立据人|立據人|借到|今借|"
    r"用人单位|用人單位|劳动者|勞動者|委托方|委託方|受托方|受託方|委托人|委託人|受托人|受託人|发包人|發包人|承包人|"
    r"承揽人|承攬人|定作人|许可方|許可方|被许可方|被許可方|转让方|轉讓方|受让方|受讓方|托运人|託運人|承运人|承運人|"
    r"保证人|保證人|债权人|債權人|债务人|債務人|录用|錄用|聘用|受聘|加盟商|特许人|特許人|业主|業主|物业服务人|物業服務人|"
    r"用户|用戶|会员|會員|平台方|消费者|消費者")
# what binds them: an agreement, a duty, a payment, performance, a signature
_BINDING_WORDS = re.compile(
    r"合同|协议|協議|合約|契约|契約|约定|約定|应当|應當|应于|應於|应在|應在|须|須|承担|承擔|支付|交付|付款|违约|違約|利息|"
    r"租金|房租|押金|工资|工資|月薪|薪酬|价款|價款|货款|貨款|交货|交貨|结算|結算|赔偿|賠償|保密|签字|簽字|盖章|蓋章|签订|"
    r"簽訂|签署|簽署|生效|归还|歸還|偿还|償還")
# a clause number: 第一条, 第3條, 1.1, 一、
_CLAUSE_NUMBER = re.compile(r"第[一二三四五六七八九十百零〇两\d]+[条條款]|^\s*\d{1,2}\.\d{1,2}|^\s*[一二三四五六七八九十]{1,3}、", re.M)


def not_a_contract(text: str, contract_type: str | None = None) -> str | None:
    """Why ``text`` (a document in a covered language) cannot be reviewed as a contract, or
    None when it reads as one.

    A contract names who is bound (甲方, 供方/需方, 房东/租客, 借款人, an IOU's 立据人, an
    offer's 录用, a platform's 用户 …) and what binds them (约定, 应当, 支付, 租金, 利息, a
    signature) or numbers its clauses; or it numbers clauses that state duties. A text with neither — a file of one repeated word, random characters, a menu, or an
    extraction that split every character apart — gives the checks nothing to apply to, and "no
    risk found" would be a statement about nothing. A text the classifier gave a contract type
    is a contract. Only the first 200,000 characters are looked at. Legal prose that names
    parties and duties (a statute page, a news report of a signing) passes: the rule catches a
    failed extraction or a wrong file, not every document that is not a contract.

    Returns:
        A message a person can act on, or None.
    """
    if contract_type and contract_type != "其他":
        return None
    head = text[:200_000]
    binding, numbered = _BINDING_WORDS.search(head), _CLAUSE_NUMBER.search(head)
    if (binding and numbered) or (_PARTY_WORDS.search(head) and (binding or numbered)):
        return None
    return ("the text does not name parties bound by duties (甲方/乙方 … 约定, 应当, 支付 …) and has no clause numbers, so "
            "no check had anything to apply to and \"no risk\" would mean nothing; check that the file is the contract "
            "itself (a scan needs OCR first) and that its text was extracted correctly (characters separated by spaces "
            "or one per line are a sign it was not)")


@lru_cache(maxsize=1)
def t2s_converter():
    """The one OpenCC Traditional → Simplified converter (opencc-python-reimplemented,
    Apache-2.0), shared by the review's Simplified copy and the injected-instruction check."""
    from opencc import OpenCC

    return OpenCC("t2s")


def simplified_same_length(text: str) -> str | None:
    """``text`` in Simplified characters, character for character (the same length, so every
    offset into it is an offset into ``text``), or None when it has no Traditional character
    to convert.

    The playbook, the segmenter (第一條 → 第一条) and the classifier are written in Simplified
    Chinese; a contract from Hong Kong, Macao or Taiwan is read through this copy and reported in
    its own characters. OpenCC's phrase conversion is used when it keeps the length (it nearly
    always does: 乾燥 → 干燥), else each character is converted alone and kept when its
    conversion is not one character.
    """
    conv = t2s_converter().convert(text)
    if len(conv) != len(text):
        out = []
        for ch in text:
            c = t2s_converter().convert(ch) if ord(ch) > 0x2E80 else ch
            out.append(c if len(c) == 1 else ch)
        conv = "".join(out)
    return None if conv == text else conv

