"""Dense vectors of statute passages, cached on disk by text hash (DESIGN §6).

One SQLite file per embedding model, under the index folder::

    root/vectors/<model name>-<first 12 hex of the model's sha256>.sqlite
        meta(key, value)           "model": the embedder's manifest entry (JSON), "dim"
        vectors(key, vec)          key = sha256 hex of the passage text that was embedded,
                                   vec = float32 little-endian bytes, L2 norm 1

The cache outlives index versions: a rebuild (new sources, new version) reuses every
vector whose passage text is unchanged, and ``contract-review kb embed`` adds vectors in
the background of normal use (it commits after every batch, so an interrupted run keeps
what it did and the next run resumes). Index versions hold only the per-row passage keys
(``dense_keys.json``); a reader looks its rows up here when it loads.

Concurrency: SQLite in WAL mode; one writer at a time (SQLite's lock, 60 s busy timeout),
readers never block the writer and see the vectors committed before they loaded.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from knowledge.errors import KnowledgeError

__all__ = ["VectorCache", "cache_path", "passage_key"]


def passage_key(text: str) -> str:
    """The cache key of a passage: sha256 of its UTF-8 bytes, 64 lowercase hex digits."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cache_path(root: Path, model: Mapping[str, Any]) -> Path:
    """Where the vectors of ``model`` (an embedder's ``describe()``) live under index ``root``.

    Returns:
        ``root/vectors/<name>-<sha256[:12]>.sqlite`` (the name with anything but letters,
        digits, ``.``, ``_`` and ``-`` replaced by ``_``).
    """
    name = re.sub(r"[^A-Za-z0-9._-]", "_", str(model.get("name") or "model"))
    return Path(root) / "vectors" / f"{name}-{str(model.get('sha256', ''))[:12]}.sqlite"


class VectorCache:
    """Passage vectors of one embedding model, keyed by :func:`passage_key`.

    Args:
        path: the SQLite file (created with its folder unless ``readonly``).
        model: the embedder's manifest entry (``describe()``: at least ``name``, ``dim``,
            ``sha256``); recorded on creation and compared on every open.
        readonly: open read-only (a reader of an index); the file must exist.

    Raises:
        KnowledgeError: ``embedding_mismatch`` when the file was written by another model
            (other ``sha256`` or ``dim``); ``index_missing`` when ``readonly`` and the file
            does not exist.
    """

    def __init__(self, path: Path, model: Mapping[str, Any], *, readonly: bool = False):
        self.path = Path(path)
        self.dim = int(model["dim"])
        self.readonly = readonly
        if readonly:
            if not self.path.is_file():
                raise KnowledgeError(f"no vector cache at {self.path}", code="index_missing")
            self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=60, check_same_thread=False)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vec BLOB NOT NULL)")
            self._db.execute("INSERT OR IGNORE INTO meta VALUES ('model', ?)",
                             (json.dumps(dict(model), sort_keys=True, ensure_ascii=False),))
            self._db.commit()
        row = self._db.execute("SELECT value FROM meta WHERE key = 'model'").fetchone()
        stored = json.loads(row[0]) if row else {}
        if (stored.get("sha256"), int(stored.get("dim", -1))) != (model.get("sha256"), self.dim):
            self._db.close()
            raise KnowledgeError(
                f"vector cache {self.path} holds vectors of {stored.get('name')} (dim {stored.get('dim')}), "
                f"not {model.get('name')} (dim {self.dim}); delete it or use that model", code="embedding_mismatch")

    def close(self) -> None:
        """Close the database (idempotent)."""
        self._db.close()

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM vectors").fetchone()[0])

    def __contains__(self, key: str) -> bool:
        return self._db.execute("SELECT 1 FROM vectors WHERE key = ?", (key,)).fetchone() is not None

    def missing(self, keys: Iterable[str]) -> list[str]:
        """The keys (in the order given, duplicates dropped) that have no vector yet."""
        have = {k for (k,) in self._db.execute("SELECT key FROM vectors")}
        seen: set[str] = set()
        out = []
        for k in keys:
            if k not in have and k not in seen:
                seen.add(k)
                out.append(k)
        return out

    def get_many(self, keys: Iterable[str]) -> dict[str, np.ndarray]:
        """Vectors of the keys that are cached (absent keys are left out).

        Returns:
            ``{key: float32 array of shape (dim,)}``. Reads the whole table once when many
            keys are asked (25,000 vectors of 384 floats: about 38 MB, well under a second).
        """
        wanted = set(keys)
        if not wanted:
            return {}
        if len(wanted) > 500:
            rows = ((k, v) for k, v in self._db.execute("SELECT key, vec FROM vectors") if k in wanted)
        else:
            marks = ",".join("?" * len(wanted))
            rows = self._db.execute(f"SELECT key, vec FROM vectors WHERE key IN ({marks})", list(wanted))
        return {k: np.frombuffer(v, dtype="<f4").copy() for k, v in rows}

    def put_many(self, items: Mapping[str, np.ndarray] | Iterable[tuple[str, np.ndarray]]) -> int:
        """Store vectors and commit (an existing key keeps its vector: same text, same model).

        Args:
            items: ``{key: vector}`` or ``(key, vector)`` pairs; each vector of shape (dim,).

        Returns:
            The number of pairs given.

        Raises:
            ValueError: on a vector of another dimension.
            sqlite3.OperationalError: when the cache is read-only.
        """
        pairs = list(items.items()) if isinstance(items, Mapping) else list(items)
        rows = []
        for key, vec in pairs:
            arr = np.asarray(vec, dtype="<f4").reshape(-1)
            if arr.shape[0] != self.dim:
                raise ValueError(f"vector of dim {arr.shape[0]} for a cache of dim {self.dim}")
            rows.append((key, arr.tobytes()))
        with self._db:
            self._db.executemany("INSERT OR IGNORE INTO vectors VALUES (?, ?)", rows)
        return len(rows)
