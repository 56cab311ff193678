"""Extract the text of a contract with the position of each line (DESIGN §3 step 2).

The format is detected from the content (magic bytes), never from the file name:
PDF (PyMuPDF), DOCX (python-docx) or plain text (UTF-8, UTF-16 with BOM, GB18030).
Running headers, footers and page numbers are removed from PDFs. Every failure is
one of the :class:`~pipelines.errors.InputError` subclasses with a sentence a person
can act on; third-party exceptions are translated once, where they are caught.

PyMuPDF is not thread-safe: call :func:`extract` from one thread per process.
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import unicodedata
import zipfile
from collections import Counter
from collections.abc import Iterator
from typing import Any

from pipelines.errors import (CorruptDocument, DocumentTooLarge, EmptyDocument, EncryptedDocument, InputError,
                              NeedsOcr, UnsupportedEncoding, UnsupportedFormat, reraise_fatal)
from pipelines.types import BBox, ExtractedDocument, Line

__all__ = ["MAX_DOCX_XML_BYTES", "extract", "remember"]

MAX_DOCX_XML_BYTES = 64 * 1024 * 1024  # uncompressed word/document.xml (ZIP-bomb guard; lxml needs ~10x)
MAX_DOCX_TOTAL_BYTES = 256 * 1024 * 1024  # all parts of a DOCX together, uncompressed
MAX_DOCX_RATIO = 200  # a member this much larger than its compressed size (and over 8 MiB) is a bomb
_BAND = 0.12  # top/bottom share of the page height searched for running headers and footers
_OCR_LANGUAGES = "chi_sim+eng"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
MIN_LETTERS = 4
"""Fewer letters (Chinese characters count one each) than this: ``empty_document``."""
_IMAGE_MAGIC = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG", b"GIF87a": "GIF", b"GIF89a": "GIF",
                b"II*\x00": "TIFF", b"MM\x00*": "TIFF", b"\x00\x00\x00\x0cjP  ": "JPEG 2000"}
_PAGE_NUMBER = re.compile(
    r"^(?:第\s*[\d一二三四五六七八九十百]+\s*页(?:\s*[,，/、]?\s*共\s*[\d一二三四五六七八九十百]+\s*页)?"
    r"|共\s*\d+\s*页\s*[,，]?\s*第\s*\d+\s*页|[-—–－~·•\s]*\d{1,4}[-—–－~·•\s]*|\d{1,4}\s*/\s*\d{1,4}"
    r"|(?:page|p\.)\s*\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?)$",
    re.IGNORECASE,
)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MC_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"

_Box = tuple[float, float, float, float]
_RawLine = tuple[str, int | None, _Box | None]  # text, page, bbox


def extract(
    data: bytes,
    *,
    filename: str | None = None,
    max_bytes: int = 50 * 1024 * 1024,
    max_pages: int = 1000,
) -> ExtractedDocument:
    """Extract the text and line positions of a contract file.

    Args:
        data: the file's bytes.
        filename: the file's name, used only in error messages.
        max_bytes: refuse files larger than this many bytes.
        max_pages: refuse PDFs with more pages than this.

    Returns:
        The document text (lines joined by ``"\\n"``) with one :class:`Line` per line;
        PDF lines carry their 1-based page and bbox in PDF points (origin top-left).

    Raises:
        EmptyDocument: no bytes, or no text at all.
        DocumentTooLarge: over ``max_bytes`` bytes or ``max_pages`` pages.
        UnsupportedFormat: not a PDF, DOCX or text file (images, legacy .doc, xlsx, binary).
        EncryptedDocument: a password-protected PDF or Office file.
        CorruptDocument: a damaged or truncated PDF/DOCX, or a ZIP bomb.
        NeedsOcr: a scanned PDF without a text layer when OCR is not available.
    """
    data = bytes(data)
    what = f"“{filename}”" if filename else "The file"
    known = _REMEMBERED.get(_memo_key(data, max_bytes, max_pages)) if data and len(data) <= max_bytes else None
    if known is not None:
        return known
    if not data:
        raise EmptyDocument(f"{what} is empty (0 bytes); submit the contract again.")
    if len(data) > max_bytes:
        raise DocumentTooLarge(f"{what} is {len(data):,} bytes, over the limit of {max_bytes:,} bytes; "
                               "split it, or raise the limit (CR_MAX_DOCUMENT_BYTES) if the file is genuine.")
    kind = _sniff(data, what)
    warnings: list[str] = []
    unread: list[str] = []
    page_count = removed = 0
    encoding: str | None = None
    if kind == "pdf":
        raw, page_count, removed = _extract_pdf(data, what, max_pages, warnings, unread)
    elif kind == "docx":
        raw = _extract_docx(data, what, warnings, unread)
    else:
        raw, encoding = _extract_txt(data, what, warnings)
    raw = _clean_lines(raw, warnings)
    if not any(t.strip() for t, _, _ in raw):
        raise EmptyDocument(f"{what} contains no text; check that the right file was submitted.")
    letters = sum(1 for t, _, _ in raw for c in t if c.isalpha())
    if letters < MIN_LETTERS:
        # a few stray characters (a truncated upload, binary bytes read as text) are not a
        # contract, and reviewing them would read as "no risks found"
        raise EmptyDocument(f"{what} has only {letters} letters of text, too little to be a contract; "
                            "check that the right file was submitted.")
    lines, pos = [], 0
    for text, page, box in raw:
        bbox = BBox(page=page, x0=box[0], y0=box[1], x1=box[2], y1=box[3]) if page and box else None
        lines.append(Line(char_start=pos, char_end=pos + len(text), page=page, bbox=bbox))
        pos += len(text) + 1
    return ExtractedDocument(
        format=kind, sha256=hashlib.sha256(data).hexdigest(), text="\n".join(t for t, _, _ in raw),
        lines=tuple(lines), page_count=page_count, encoding=encoding, removed_lines=removed,
        warnings=tuple(warnings), unread=tuple(unread),
    )


_REMEMBERED: dict[tuple[str, int, int], ExtractedDocument] = {}


def _memo_key(data: bytes, max_bytes: int, max_pages: int) -> tuple[str, int, int]:
    return hashlib.sha256(data).hexdigest(), max_bytes, max_pages


def remember(data: bytes, doc: ExtractedDocument, *, max_bytes: int, max_pages: int) -> None:
    """Remember ``doc`` as the extraction of ``data`` under these limits, so that the next
    :func:`extract` of the same bytes returns it at once. Used by
    :func:`pipelines.sandbox.extract_bounded`: the file is parsed once, in the limited
    child, and ``run_review`` in the parent reuses the result. Keeps the last two."""
    while len(_REMEMBERED) >= 2:
        _REMEMBERED.pop(next(iter(_REMEMBERED)))
    _REMEMBERED[_memo_key(data, max_bytes, max_pages)] = doc


_INVISIBLE = re.compile("[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                        "\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e0fff"
                        "\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\ufdd0-\ufdef\ufffe\uffff]")
"""Zero-width, soft-hyphen and bidirectional-control characters (Unicode TR #9 explicit
formatting; the "Trojan Source" paper, Boucher & Anderson 2021), and the other Unicode
Default_Ignorable_Code_Point characters (variation selectors, Mongolian vowel separator,
combining grapheme joiner, Hangul fillers, tag characters U+E0000–E0FFF, which can carry
hidden text to a model — "ASCII smuggling"), and the C0/C1 control characters other than
tab, line feed, carriage return and the line breaks below, and the Unicode noncharacters
(U+FDD0–FDEF, U+FFFE, U+FFFF), which no document means and XML 1.0 (so DOCX, the redline
and the review page) cannot hold: invisible on the page,
they split a 第N条 heading or a keyword so rules and segmentation miss it, or reorder
what a reader sees."""
_LINE_BREAKS = re.compile("[\u2028\u2029\u0085\x0b\x0c]")
"""Unicode line/paragraph separators and vertical tab / form feed: line breaks to a
reader, so each starts a new line here (Unicode TR #14 mandatory breaks)."""


def _clean_lines(raw: list[_RawLine], warnings: list[str]) -> list[_RawLine]:
    """Split lines at Unicode line separators and drop invisible formatting characters.

    Args:
        raw: ``(text, page, bbox)`` lines as an extractor produced them.
        warnings: gets one sentence when invisible characters were removed (a reviewer
            should know the file carried them).

    Returns:
        The lines to index: pieces of a split line keep the line's page and bbox.
    """
    out: list[_RawLine] = []
    removed = 0
    for text, page, box in raw:
        text, n = _INVISIBLE.subn("", text)
        removed += n
        out.extend((piece, page, box) for piece in _LINE_BREAKS.split(text))
    if removed:
        warnings.append(f"{removed} invisible formatting character(s) (zero-width, bidirectional or control characters) "
                        "were removed; they can hide or reorder text, so compare the clauses with the original.")
    return out


def _sniff(data: bytes, what: str) -> str:
    """Return ``pdf``, ``docx`` or ``txt`` from the magic bytes, or raise."""
    if data.lstrip(b"\x00\t\n\r\x0c ")[:5] == b"%PDF-":
        return "pdf"
    if data[:4] in (b"PK\x03\x04", b"PK\x05\x06"):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                names = set(zf.namelist())
        except Exception as exc:  # noqa: BLE001 - BadZipFile, OSError, NotImplementedError (unknown method) …
            reraise_fatal(exc)
            raise CorruptDocument(f"{what} is a damaged ZIP/DOCX file; save it again and resubmit it.") from exc
        if "word/document.xml" in names:
            return "docx"
        kind = ("an Excel workbook" if any(n.startswith("xl/") for n in names)
                else "a PowerPoint file" if any(n.startswith("ppt/") for n in names)
                else "a ZIP archive that is not a Word document")
        raise UnsupportedFormat(f"{what} is {kind}; submit the contract as PDF, DOCX or TXT.")
    if data.startswith(_OLE_MAGIC):
        if "EncryptionInfo".encode("utf-16-le") in data:
            raise EncryptedDocument(f"{what} is a password-protected Office file; remove the password and resubmit it.")
        legacy = "Word 97-2003 (.doc)" if "WordDocument".encode("utf-16-le") in data else "Office 97-2003"
        raise UnsupportedFormat(f"{what} is a legacy {legacy} file; save it as .docx or PDF and resubmit it.")
    name = next((n for m, n in _IMAGE_MAGIC.items() if data.startswith(m)), None)
    name = "BMP" if data[:2] == b"BM" and data[6:10] == b"\0\0\0\0" else name
    name = "WebP" if data[:4] == b"RIFF" and data[8:12] == b"WEBP" else name
    if name:
        raise UnsupportedFormat(f"{what} is a {name} image, not a contract document; submit it as a PDF "
                                "(scans are read with OCR), DOCX or TXT.")
    if data.startswith(b"{\\rtf"):
        raise UnsupportedFormat(f"{what} is an RTF file; save it as DOCX or PDF and resubmit it.")
    return "txt"


# --------------------------------------------------------------------------- TXT

_STRAY_BYTES_MAX = 8  # bytes a UTF-8 file may carry that are not UTF-8 (a NUL, a cp1252 quote, a cut last character)


def _extract_txt(data: bytes, what: str, warnings: list[str] | None = None) -> tuple[list[_RawLine], str]:
    """Decode a text file (UTF-8 ± BOM, UTF-16 with BOM, else GB18030, else UTF-16 without a
    BOM when it reads as Chinese: :func:`_utf16_without_bom`) into lines.

    A UTF-8 file with a few stray bytes (at most :data:`_STRAY_BYTES_MAX`, and 0.2% of a file over 2 KB: a NUL,
    one Windows-1252 quote, a last character cut in half) is read with those
    bytes dropped and a warning naming how many, rather than refused; more than that is not
    UTF-8 and goes on to GB18030 as before.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        candidates = [(data[3:], "utf-8")]
    elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        candidates = [(data, "utf-16")]
    else:
        candidates = [(data, "utf-8"), (data, "gb18030")]
    for raw, encoding in candidates:
        if encoding == "utf-8" and (text := _utf8_with_strays(raw)) is not None:
            if warnings is not None:
                warnings.append(f"{what}: a few bytes that are not UTF-8 text (or NUL) were dropped while reading it; "
                                "check the text near them if a clause reads oddly")
            return _txt_lines(text), encoding
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        if encoding == "gb18030" and _looks_like_text(text, strict=False):
            _check_plausible_chinese(text, what)  # text, but not Chinese: mojibake of another encoding
        if not _looks_like_text(text, strict=encoding == "gb18030"):
            break
        return _txt_lines(text), encoding
    if (text := _utf16_without_bom(data)) is not None:
        if warnings is not None:
            warnings.append(f"{what}: read as UTF-16 text without a byte-order mark (Windows Notepad's \"Unicode\" "
                            "saved by some tools); check that the clauses read correctly")
        return _txt_lines(text), "utf-16"
    raise UnsupportedFormat(f"{what} is not a PDF, DOCX or readable text file (UTF-8, UTF-16 with a byte-order mark, "
                            "or GB18030); submit the contract in one of those formats.")


def _utf16_without_bom(data: bytes) -> str | None:
    """``data`` read as UTF-16 (little- or big-endian) without a byte-order mark, when that gives
    Chinese text: at least 20 Han characters, 80% of them common ones (GB2312). Any even byte
    string decodes as UTF-16 into code points spread over the whole Han block, of which GB2312
    holds about a third, so a binary file does not pass; None otherwise."""
    if len(data) % 2 or len(data) < 40:
        return None
    for enc in ("utf-16-le", "utf-16-be"):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        han, common = _han_counts(text)
        if han >= 20 and common >= 0.8 * han and _looks_like_text(text, strict=True):
            return text
    return None


def _txt_lines(text: str) -> list[_RawLine]:
    parts = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()
    return [(p, None, None) for p in parts]


def _utf8_with_strays(raw: bytes) -> str | None:
    """The text of ``raw`` read as UTF-8 with its few stray bytes (invalid UTF-8 or NUL)
    dropped, when it is UTF-8 text but for at most :data:`_STRAY_BYTES_MAX` of them (and
    0.2% of a file over 2 KB); None when it is valid UTF-8 with no NUL (read normally) or
    when there are more (not UTF-8)."""
    strict_ok = True
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        strict_ok = False
        text = raw.decode("utf-8", errors="replace")
    if strict_ok and "\x00" not in text:
        return None
    genuine = raw.count("\ufffd".encode())  # a U+FFFD the file itself holds is not a stray byte
    stray = text.count("\ufffd") - genuine + text.count("\x00")
    if not 0 < stray <= min(_STRAY_BYTES_MAX, max(4, len(raw) // 500)):
        return None
    text = text.replace("\x00", "")
    if not strict_ok:
        text = text.replace("\ufffd", "") if not genuine else text
    return text if _looks_like_text(text, strict=False) else None


def _han_counts(text: str) -> tuple[int, int]:
    """``(han, common)``: the Han characters among the first 20,000 characters of ``text``, and
    how many of them are in GB2312 (the 6,763 of everyday use; over 99% of a contract)."""
    han = common = 0
    for ch in text[:20000]:
        if "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff":
            han += 1
            try:
                ch.encode("gb2312")
                common += 1
            except UnicodeEncodeError:
                pass
    return han, common


def _check_plausible_chinese(text: str, what: str) -> None:
    """Refuse text that decodes as GB18030 but is not Chinese (mojibake).

    GB18030 decodes almost any byte string. Real Chinese text in it is made of the
    common characters of GB2312 (the 6,763 of everyday use, over 99% of a contract);
    Shift-JIS (Japanese) or Big5 (traditional Chinese) bytes decoded as GB18030 land
    mostly on rare characters of its extension areas.

    Raises:
        UnsupportedEncoding: fewer than 80% of at least 20 Han characters are in GB2312.
    """
    han, common = _han_counts(text)
    if han >= 20 and common < 0.8 * han:
        raise UnsupportedEncoding(
            f"{what} is not UTF-8, and read as GB18030 only {common * 100 // han}% of its Chinese characters are "
            "common ones: it is most likely Japanese (Shift-JIS) or traditional Chinese (Big5) text, which would "
            "be reviewed as gibberish. Save it as UTF-8 and resubmit it.")


def _looks_like_text(text: str, *, strict: bool) -> bool:
    """True when few characters are control characters (and, for GB18030, most are common)."""
    sample = text[:20000]
    if "\x00" in sample:
        return False
    controls = sum(1 for c in sample if unicodedata.category(c) == "Cc" and c not in "\t\n\r\x0c")
    if controls > len(sample) * 0.01:
        return False
    if strict:  # GB18030 decodes most byte strings: require mostly CJK, ASCII and punctuation
        common = sum(1 for c in sample if c.isascii() or "\u4e00" <= c <= "\u9fff" or "\u3000" <= c <= "\u303f"
                     or "\uff00" <= c <= "\uffef" or "\u2000" <= c <= "\u206f")
        return common >= len(sample) * 0.9
    return True


# --------------------------------------------------------------------------- PDF

def _extract_pdf(data: bytes, what: str, max_pages: int, warnings: list[str],
                 unread: list[str] | None = None) -> tuple[list[_RawLine], int, int]:
    """Lines of a PDF in reading order with page and bbox; running headers/footers removed.
    Pages with no text layer (fewer than half of them) are named in ``unread``."""
    import pymupdf

    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - MuPDF raises several types on damaged input
        reraise_fatal(exc)
        raise CorruptDocument(f"{what} is a damaged PDF that cannot be opened; export it again and resubmit it.") from exc
    pages: list[tuple[float, list[_RawLine]]] = []
    scanned: list[int] = []
    ocr: bool | None = None
    pno = 0
    try:
        with doc:
            if doc.needs_pass:
                raise EncryptedDocument(f"{what} is password-protected; remove the password and resubmit it.")
            count = doc.page_count
            if count > max_pages:
                raise DocumentTooLarge(f"{what} has {count:,} pages, over the limit of {max_pages:,}; split it.")
            # an incremental update cut off in transfer: MuPDF reads the earlier revision and the
            # later one's objects lie after its %%EOF (PDF 32000-1 §7.5.6: each update ends with %%EOF)
            after_eof = data[data.rfind(b"%%EOF") + 5:] if b"%%EOF" in data else b""
            truncated_update = re.search(rb"\d+\s+\d+\s+obj\b|\bstream\b|\bxref\b|\btrailer\b", after_eof) is not None
            if count == 0 or truncated_update or doc.is_repaired and b"%%EOF" not in data[-2048:]:
                raise CorruptDocument(f"{what} is a truncated or damaged PDF (the transfer may be incomplete); "
                                      "submit the whole file again.")
            for pno in range(1, count + 1):
                page = doc[pno - 1]
                rows = _page_rows(page, pno, page.get_text("dict", flags=_text_flags()), warnings)
                if not rows and _looks_scanned(page):
                    ocr = _ocr_available() if ocr is None else ocr
                    rows = _ocr_rows(page, pno) if ocr else []
                    scanned += [] if rows else [pno]
                pages.append((page.rect.height, rows))
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - MuPDF failing on a hostile document or page
        reraise_fatal(exc)
        if re.search(r"(?:m|c|re)alloc\b|out of memory|cannot allocate|bad_alloc", str(exc), re.IGNORECASE):
            raise DocumentTooLarge(f"{what} needs more memory to read than this worker allows (page {pno}); it may "
                                   "be built to exhaust the reader. Split or re-export it.") from exc
        where = f" (page {pno})" if pno else ""
        raise CorruptDocument(f"{what} is a damaged PDF whose text could not be read{where}; "
                              "export it again and resubmit it.") from exc
    if scanned:
        where = ("page " if len(scanned) == 1 else "pages ") + ", ".join(map(str, scanned[:10]))
        where += " …" if len(scanned) > 10 else ""
        cause = ("OCR found no text on them" if ocr else
                 "OCR is not available on this worker (install Tesseract with the chi_sim language data)")
        if len(scanned) * 2 > count or not any(rows for _, rows in pages):
            raise NeedsOcr(f"{what} is a scanned PDF: {where} have no text layer and {cause}. "
                           "Upload a PDF with a text layer or enable OCR.")
        warnings.append(f"{where} have no text layer and were not read ({cause}).")
        if unread is not None:
            unread.append(f"{where} of the PDF have no text layer and were not reviewed ({cause}); "
                          "review them by hand or resubmit a PDF with a text layer.")
    raw, removed = _drop_running_lines(pages)
    return raw, count, removed


def _text_flags() -> int:
    import pymupdf

    return pymupdf.TEXT_PRESERVE_LIGATURES | pymupdf.TEXT_PRESERVE_WHITESPACE  # no clipping: see off-page text


def _page_rows(page: Any, pno: int, info: dict[str, Any], warnings: list[str]) -> list[_RawLine]:
    """Visual lines of a page, top to bottom; fragments on the same baseline are joined."""
    area = page.rect
    items: list[tuple[str, _Box, bool]] = []
    hidden = 0
    for line in (ln for block in info.get("blocks", ()) for ln in block.get("lines", ())):
        text = "".join(span.get("text", "") for span in line.get("spans", ()))
        if not text.strip():
            continue
        for span in line["spans"]:  # white, tiny, transparent or off-page text is kept, but reported
            x0, y0, x1, y1 = span["bbox"]
            if span.get("text", "").strip() and (
                span.get("size", 10) < 2 or span.get("color") == 0xFFFFFF or span.get("alpha", 255) == 0
                or x1 <= area.x0 or x0 >= area.x1 or y1 <= area.y0 or y0 >= area.y1
            ):
                hidden += len(span["text"].strip())
        items.append((text, tuple(line["bbox"]), abs(line.get("dir", (1, 0))[1]) < 0.1))  # type: ignore[arg-type]
    if hidden and hidden < sum(len(t.strip()) for t, _, _ in items):
        warnings.append(f"page {pno} has {hidden} characters of hidden text (white, tiny, transparent or "
                        "off-page); it is kept in the text for review.")
    # one pass, each group's vertical extent kept as it grows (linear in the lines of a page)
    groups: list[list[tuple[str, _Box, bool]]] = []
    extent: list[float] = [0.0, 0.0]
    for it in sorted(items, key=lambda it: (it[1][1], it[1][0])):
        last = groups[-1] if groups else None
        if last and it[2] and last[0][2]:
            top, bottom = extent
            if min(bottom, it[1][3]) - max(top, it[1][1]) >= 0.5 * min(bottom - top, it[1][3] - it[1][1]):
                last.append(it)
                extent = [min(top, it[1][1]), max(bottom, it[1][3])]
                continue
        groups.append([it])
        extent = [it[1][1], it[1][3]]
    rows: list[_RawLine] = []
    for group in groups:
        group.sort(key=lambda it: it[1][0])
        parts: list[str] = []
        prev = None
        for t, box, _ in group:
            if prev is not None and box[0] - prev[2] > 0.25 * (box[3] - box[1]) and not (parts and parts[-1].endswith(" ")):
                parts.append(" ")
            parts.append(t)
            prev = box
        box = (min(b[1][0] for b in group), min(b[1][1] for b in group),
               max(b[1][2] for b in group), max(b[1][3] for b in group))
        rows.append((re.sub(r"[\r\n\xa0]", " ", "".join(parts)).strip(), pno, box))
    return rows


def _looks_scanned(page: Any) -> bool:
    """True when images cover at least 30% of a page that has no text."""
    covered = sum(abs(page.rect & info["bbox"]) for info in page.get_image_info())
    return covered >= 0.3 * (abs(page.rect) or 1.0)


def _ocr_available() -> bool:
    """Whether Tesseract and its language data can be used through PyMuPDF."""
    if shutil.which("tesseract") is None:
        return False
    try:
        import pymupdf

        return bool(pymupdf.get_tessdata())
    except Exception as exc:  # noqa: BLE001 - no tessdata directory found
        reraise_fatal(exc)
        return False


def _ocr_rows(page: Any, pno: int) -> list[_RawLine]:
    """OCR one page (Tesseract via PyMuPDF); an OCR failure reads as "no text"."""
    try:
        textpage = page.get_textpage_ocr(language=_OCR_LANGUAGES, dpi=300, full=True)
        return _page_rows(page, pno, page.get_text("dict", flags=_text_flags(), textpage=textpage), [])
    except Exception as exc:  # noqa: BLE001 - missing language data, Tesseract crash
        reraise_fatal(exc)
        return []


def _drop_running_lines(pages: list[tuple[float, list[_RawLine]]]) -> tuple[list[_RawLine], int]:
    """Remove page numbers and lines repeated in the top/bottom band of most pages."""

    def band_key(height: float, row: _RawLine) -> tuple[str, str] | None:
        y0, y1 = row[2][1], row[2][3]  # type: ignore[index]
        band = "top" if y1 <= height * _BAND else "bottom" if y0 >= height * (1 - _BAND) else None
        return (band, re.sub(r"\d+", "#", "".join(row[0].split()))) if band else None

    seen: Counter[tuple[str, str]] = Counter()
    for height, rows in pages:
        seen.update({k for row in rows if (k := band_key(height, row))})
    needed = max(2, (len(pages) + 1) // 2)
    raw: list[_RawLine] = []
    for height, rows in pages:
        for i, row in enumerate(rows):
            key = band_key(height, row)
            edge = key is not None or i in (0, len(rows) - 1)  # page numbers: in a band, or first/last row
            if not (key and seen[key] >= needed or edge and _PAGE_NUMBER.match(row[0])):
                raw.append(row)
    return raw, sum(len(rows) for _, rows in pages) - len(raw)


# -------------------------------------------------------------------------- DOCX

def _extract_docx(data: bytes, what: str, warnings: list[str], unread: list[str] | None = None) -> list[_RawLine]:
    """Paragraphs and table rows of a DOCX body in reading order, then its footnotes and
    endnotes under the headings 脚注 and 尾注 (headers/footers excluded). Hidden runs are
    kept in the text and reported in ``warnings``, as for PDFs. Content embedded as an
    ``altChunk`` (another document imported whole, ECMA-376 Part 1 §17.17.2.1) is not read
    and is named in ``unread``."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
    except Exception as exc:  # noqa: BLE001 - BadZipFile, OSError, NotImplementedError …
        reraise_fatal(exc)
        raise CorruptDocument(f"{what} is a damaged DOCX file; save it again and resubmit it.") from exc
    body_size = next((i.file_size for i in infos if i.filename == "word/document.xml"), 0)
    if (body_size > MAX_DOCX_XML_BYTES or sum(i.file_size for i in infos) > MAX_DOCX_TOTAL_BYTES or len(infos) > 10_000
            or any(i.file_size > 8 * 2**20 and i.file_size > MAX_DOCX_RATIO * max(i.compress_size, 1) for i in infos)):
        raise CorruptDocument(f"{what} expands to an implausible size when unpacked (possible ZIP bomb); "
                              "it was not opened.")
    _inflate_bounded(data, infos, what)
    try:
        import docx  # python-docx

        document = docx.Document(io.BytesIO(data))
        numbering = _Numbering(document)
        lines = list(_docx_lines(document.element.body, numbering))
        hidden = _docx_hidden_chars(document.element.body)
        notes = _docx_notes(document)
        if notes:
            hidden += sum(_docx_hidden_chars(el) for el in notes.values())
            for title, el in notes.items():
                note_lines = list(_docx_lines(el, numbering))
                if note_lines:
                    lines += [(title, None, None), *note_lines]
    except RecursionError as exc:
        raise CorruptDocument(f"{what} is nested too deeply to read (tables or elements within each other); "
                              "simplify it in Word, save it again and resubmit it.") from exc
    except Exception as exc:  # noqa: BLE001 - any parser failure on a hostile file is "corrupt"
        reraise_fatal(exc)
        raise CorruptDocument(f"{what} could not be read as a Word document ({type(exc).__name__}); "
                              "open it in Word, save it again and resubmit it.") from exc
    if hidden:
        warnings.append(f"the document has {hidden} characters of hidden text (Word's hidden font or white "
                        "text); it is kept in the text for review.")
    large, small = _docx_pictures(document.element.body)
    if large and unread is not None:
        unread.append(f"the Word document holds {large} picture(s) the size of a block of text (at least "
                      "3 × 1 inches) whose content was not read (text in a picture is not recognised); "
                      "if they show clauses, type them or send a PDF with a text layer.")
    elif small:
        warnings.append(f"the document holds {small} small picture(s) (a logo, a seal, a signature), not read.")
    chunks = len(document.element.body.findall(".//{http://schemas.openxmlformats.org/wordprocessingml/2006/main}altChunk"))
    if chunks and unread is not None:
        unread.append(f"the Word document embeds {chunks} imported part(s) (altChunk) whose text was not read; "
                      "open it in Word, save it again (the parts become ordinary text) and resubmit it.")
    return lines


def _inflate_bounded(data: bytes, infos: list[zipfile.ZipInfo], what: str) -> None:
    """Inflate every member in 1 MiB steps and check it holds what its header says.

    The sizes in a ZIP's headers are the sender's word: ``zipfile`` inflates a member in
    one call and only then cuts it to the size its header gives (a 1.1 MB DOCX whose
    headers understate the sizes drove a process to 2.2 GB). Here each member's
    compressed bytes are inflated in bounded steps, so memory stays flat, and a member
    that holds more (or less) than its header says is refused before python-docx reads it.

    Raises:
        CorruptDocument: a member is encrypted, uses a method Word does not write (only
            stored and deflate), is damaged, holds another size than its header says, or
            the members together hold more than ``MAX_DOCX_TOTAL_BYTES``.
    """
    import struct
    import zlib

    total = 0
    bomb = CorruptDocument(f"{what} expands to an implausible size when unpacked (possible ZIP bomb); "
                           "it was not opened.")
    for info in infos:
        if info.flag_bits & 0x1 or info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise CorruptDocument(f"{what} has an encrypted part or one packed in a way Word does not use; "
                                  "save it again in Word and resubmit it.")
        head = data[info.header_offset: info.header_offset + 30]
        if len(head) < 30 or head[:4] != b"PK\x03\x04":
            raise CorruptDocument(f"{what} is a damaged DOCX file (a part's header is missing); save it again "
                                  "and resubmit it.")
        name_len, extra_len = struct.unpack("<HH", head[26:30])
        start = info.header_offset + 30 + name_len + extra_len
        packed = data[start: start + info.compress_size]
        if info.compress_type == zipfile.ZIP_STORED:
            size = len(packed)
        else:
            inflater, size, pending = zlib.decompressobj(-15), 0, packed
            try:
                while pending and not inflater.eof:
                    out = inflater.decompress(pending, 1 << 20)
                    size += len(out)
                    if size > info.file_size or total + size > MAX_DOCX_TOTAL_BYTES:
                        raise bomb
                    pending = inflater.unconsumed_tail
                    if not out and pending:
                        break
            except zlib.error as exc:
                raise CorruptDocument(f"{what} is a damaged DOCX file (a part cannot be unpacked); save it again "
                                      "and resubmit it.") from exc
        if size != info.file_size:
            raise (bomb if size > info.file_size else CorruptDocument(
                f"{what} is a damaged DOCX file (a part holds another size than its header says); save it again "
                "and resubmit it."))
        total += size
        if total > MAX_DOCX_TOTAL_BYTES:
            raise bomb


_NOTE_PARTS = {"footnotes": ("脚注", "footnote"), "endnotes": ("尾注", "endnote")}


def _docx_notes(document: Any) -> dict[str, Any]:
    """Footnotes and endnotes of a DOCX (ECMA-376 Part 1, §17.11), each part as one element
    whose children are the notes' paragraphs, keyed by the heading they are read under
    (``脚注``, ``尾注``). A note binds like the body text (a liability carve-out, an injected
    instruction), so it is reviewed; the separator notes Word adds are skipped.
    Returns {} when the document has none."""
    from docx.oxml import parse_xml

    out: dict[str, Any] = {}
    for rel in document.part.rels.values():
        kind = rel.reltype.rsplit("/", 1)[-1]
        if kind not in _NOTE_PARTS or rel.is_external:
            continue
        title, tag = _NOTE_PARTS[kind]
        root = parse_xml(rel.target_part.blob)
        holder = parse_xml(f'<w:body xmlns:w="{_W[1:-1]}"/>')
        for note in root.iter(_W + tag):
            if note.get(_W + "type") in ("separator", "continuationSeparator", "continuationNotice"):
                continue
            for child in note.iterchildren():
                holder.append(child)
        if len(holder):
            out[title] = holder
    return out


def _docx_hidden_chars(body: Any) -> int:
    """Characters in runs a reader does not see: ``w:vanish`` (hidden font) or white
    colour (ECMA-376 Part 1, §17.3.2.41 vanish, §17.3.2.6 color)."""
    hidden = 0
    for run in body.iter(_W + "r"):
        props = run.find(_W + "rPr")
        if props is None:
            continue
        vanish, color = props.find(_W + "vanish"), props.find(_W + "color")
        off = vanish is not None and vanish.get(_W + "val") not in ("0", "false", "off")
        white = color is not None and (color.get(_W + "val") or "").upper() == "FFFFFF"
        if off or white:
            hidden += sum(len((t.text or "").strip()) for t in run.iter(_W + "t"))
    return hidden


_WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
_BLIP = "{http://schemas.openxmlformats.org/drawingml/2006/main}blip"
_EMU_PER_INCH = 914_400  # ECMA-376 Part 1 §20.1.2.1: English Metric Units


def _docx_pictures(body: Any) -> tuple[int, int]:
    """``(large, small)``: pictures (DrawingML ``a:blip`` in a ``w:drawing``) in ``body``
    whose extent is at least 3 × 1 inches — the size of a paragraph of text, a scanned
    clause — and the smaller ones (logos, seals, signatures). A VML fallback copy is not
    counted again."""
    large = small = 0
    for drawing in body.iter(_W + "drawing"):
        if _inside(drawing, body, (_MC_FALLBACK,)) or next(drawing.iter(_BLIP), None) is None:
            continue
        extent = next(drawing.iter(_WP + "extent"), None)
        try:
            cx, cy = (int(extent.get("cx", 0)), int(extent.get("cy", 0))) if extent is not None else (0, 0)
        except ValueError:
            cx = cy = 0
        if cx >= 3 * _EMU_PER_INCH and cy >= _EMU_PER_INCH:
            large += 1
        else:
            small += 1
    return large, small


def _docx_lines(body: Any, numbering: _Numbering) -> Iterator[_RawLine]:
    """One line per paragraph (split at line breaks) and per table row, cells joined by " | "."""
    for child in body.iterchildren():
        if child.tag == _W + "p":
            text = _para_text(child)
            label = numbering.label(child, text)
            for part in (label + text.lstrip() if label else text).split("\n"):
                if part.strip():
                    yield (part.strip(), None, None)
            for box in child.iter(_W + "txbxContent"):  # text boxes: their own lines after the paragraph
                # a box inside another box is read with that box (read here too, its text doubled at each level)
                if not _inside(box, child, (_W + "txbxContent", _MC_FALLBACK)) \
                        and not any(a.tag == _MC_FALLBACK for a in box.iterancestors()):
                    yield from _docx_lines(box, numbering)
        elif child.tag == _W + "tbl":
            for row in child.iter(_W + "tr"):
                if next(row.iterancestors(_W + "tbl")) is not child:
                    continue  # rows of a nested table are read as part of their cell
                cells: list[str] = []
                for tc in (tc for tc in row.iter(_W + "tc") if next(tc.iterancestors(_W + "tr")) is row):
                    cell = " ".join(" ".join(_para_text(p).split()) for p in tc.iter(_W + "p")
                                    if not _inside(p, tc, (_MC_FALLBACK,))).strip()
                    if cell and (not cells or cells[-1] != cell):  # merged cells repeat their text
                        cells.append(cell)
                if cells:
                    yield (" | ".join(cells), None, None)
        elif child.tag in (_W + "sdt", _W + "customXml"):  # content controls: read what they hold
            content = child.find(_W + "sdtContent") if child.tag == _W + "sdt" else child
            if content is not None:
                yield from _docx_lines(content, numbering)


def _inside(el: Any, top: Any, tags: tuple[str, ...]) -> bool:
    """Whether an ancestor of ``el`` below ``top`` has one of ``tags``."""
    for a in el.iterancestors():
        if a is top:
            return False
        if a.tag in tags:
            return True
    return False


def _para_text(p: Any) -> str:
    """Visible text of a w:p: runs incl. hyperlinks and insertions, without deletions and text boxes."""
    out: list[str] = []
    for el in p.iter(_W + "t", _W + "tab", _W + "br", _W + "cr", _W + "noBreakHyphen"):
        # a text box inside this paragraph is read on its own lines (by _docx_lines); only the
        # ancestors below ``p`` count — the paragraphs of a text box are themselves inside one
        if not _inside(el, p, (_W + "txbxContent", _MC_FALLBACK)):
            tag = el.tag[len(_W):]
            out.append((el.text or "") if tag == "t" else {"tab": "\t", "noBreakHyphen": "-"}.get(tag, "\n"))
    return "".join(out)


class _Numbering:
    """Renders Word auto-numbering (w:numPr) as text, e.g. ``1.1``, ``第三条``, ``（二）``.

    The numbers are not in the XML text but a reader sees them, and the segmenter needs
    them. Levels come from numbering.xml (paragraph or paragraph-style numPr); counters
    are kept per abstract numbering, as Word does. Bullets and "none" render as "".
    """

    def __init__(self, document: Any) -> None:
        self.levels: dict[str, dict[int, tuple[int, str, str]]] = {}  # abstractNumId -> ilvl -> level
        self.nums: dict[str, tuple[str, dict[int, int]]] = {}  # numId -> (abstractNumId, start overrides)
        self.counters: dict[str, dict[int, int]] = {}
        self.style_num = {s.get(_W + "styleId", ""): (_val(s, "numId"), int(_val(s, "ilvl") or 0))
                          for s in document.styles.element.iter(_W + "style") if _val(s, "numId")}
        try:
            root = document.part.numbering_part.element
        except (KeyError, NotImplementedError, AttributeError):
            return
        for an in root.iter(_W + "abstractNum"):
            self.levels[an.get(_W + "abstractNumId", "")] = {
                int(lvl.get(_W + "ilvl", "0")): (int(_val(lvl, "start") or 1), _val(lvl, "numFmt") or "decimal",
                                                 _val(lvl, "lvlText") or "")
                for lvl in an.iter(_W + "lvl")}
        for num in root.iter(_W + "num"):
            starts = {int(o.get(_W + "ilvl", "0")): int(_val(o, "startOverride") or 1)
                      for o in num.iter(_W + "lvlOverride") if _val(o, "startOverride")}
            self.nums[num.get(_W + "numId", "")] = (_val(num, "abstractNumId") or "", starts)

    def label(self, p: Any, text: str) -> str:
        """The number a reader sees before paragraph ``p`` (with a trailing space), or ""."""
        ppr = p.find(_W + "pPr")
        num_pr = ppr.find(_W + "numPr") if ppr is not None else None
        if num_pr is not None:
            num_id, ilvl = _val(num_pr, "numId"), int(_val(num_pr, "ilvl") or 0)
        else:
            num_id, ilvl = self.style_num.get((_val(ppr, "pStyle") if ppr is not None else None) or "", (None, 0))
        if num_id not in self.nums:  # an empty numbered paragraph still counts, as in Word
            return ""
        abstract_id, starts = self.nums[num_id or ""]
        levels = self.levels.get(abstract_id, {})
        if ilvl not in levels:
            return ""
        counters = self.counters.setdefault(abstract_id, {})
        counters[ilvl] = counters[ilvl] + 1 if ilvl in counters else starts.pop(ilvl, levels[ilvl][0])
        for deeper in [k for k in counters if k > ilvl]:
            del counters[deeper]
        _, fmt, pattern = levels[ilvl]
        if fmt in ("bullet", "none") or not pattern or not text.strip():
            return ""

        def number(m: re.Match[str]) -> str:
            start, fmt_k, _ = levels.get(int(m.group(1)) - 1, (1, "decimal", ""))
            return _format_number(counters.get(int(m.group(1)) - 1, start), fmt_k)

        return re.sub(r"%(\d)", number, pattern) + " "


def _val(el: Any, tag: str) -> str | None:
    found = el.find(f".//{_W}{tag}")
    return found.get(_W + "val") if found is not None else None


def _format_number(n: int, fmt: str) -> str:
    """Render a list counter in a Word number format (decimal, Chinese, letters, Roman, circled).

    Counters above 10,000 are written in digits: a hostile ``w:start`` must not turn a
    letter or Roman counter into megabytes of text.
    """
    if n > 10_000 or n < 0:
        return str(n)
    if fmt.startswith("chinese") or fmt in ("ideographDigital", "japaneseCounting", "taiwaneseCounting"):
        import cn2an

        out = cn2an.an2cn(n, "up" if fmt == "chineseLegalSimplified" else "low")
        return out[1:] if out.startswith("一十") else out
    if fmt in ("upperLetter", "lowerLetter"):
        out = chr(ord("A") + (n - 1) % 26) * ((n - 1) // 26 + 1)
    elif fmt in ("upperRoman", "lowerRoman"):
        out = ""
        for value, letters in zip((1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1),
                                  "M CM D CD C XC L XL X IX V IV I".split()):
            count, n = divmod(n, value)
            out += letters * count
    elif fmt == "decimalEnclosedCircle" and 1 <= n <= 20:
        return chr(0x2460 + n - 1)
    else:
        return str(n)
    return out if fmt.startswith("upper") else out.lower()
