"""BM25 over jieba words and character bigrams, stored without pickle (DESIGN §6).

The Okapi BM25 parameters (idf with rank-bm25's epsilon floor, k1 = 1.5, b = 0.75,
document lengths, average length) come from ``rank_bm25.BM25Okapi``. At build time each
(document, term) weight ``idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl))`` is
precomputed into a sparse matrix (scipy CSC, ``.npz`` loaded with ``allow_pickle=False``)
and the vocabulary is written as JSON, so loading takes well under a second and a query
costs a sparse column sum (about a millisecond for 26k articles) instead of
``BM25Okapi.get_scores``' Python loop (about 70 ms). Scores equal ``get_scores``.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Sequence
from pathlib import Path

import jieba
import numpy as np
import scipy.sparse as sp
from rank_bm25 import BM25Okapi

from knowledge.legal_terms import LEGAL_TERMS, expand_query, vocabulary_sha256

__all__ = ["BIGRAM_PREFIX", "BM25Index", "char_bigrams", "tokenize"]

TOKENIZER = "jieba.lcut_for_search, default dictionary + knowledge.legal_terms, private Tokenizer; v2 stopwords"
BIGRAM_PREFIX = "bg:"
"""Prefix of the character-bigram terms (:func:`char_bigrams`), so a bigram never
collides with a jieba word of the same two characters."""
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")
_STOPWORDS = frozenset(
    "的 了 和 与 或 及 等 在 是 对 为 其 之 以 于 由 而 如何 怎么 怎样 什么 是否 吗 呢 哪些 我 你 他 她 我们 他们 "
    "这 那 这个 那个 就 都 也 还 又 被 把 给 要 会 能 可以 有 没有 没 吧 啊 呀 请问 想 问 一下 现在 如果 但是 因为 所以".split())
_WORD_RE = re.compile(r"[\w\u4e00-\u9fff]")
_INIT_LOCK = threading.Lock()
_tokenizer: jieba.Tokenizer | None = None


def _jieba() -> jieba.Tokenizer:
    """A private jieba tokenizer: words another module adds to ``jieba``'s global
    dictionary (``jieba.add_word``) must not change how queries are split compared
    with the build."""
    global _tokenizer
    with _INIT_LOCK:
        if _tokenizer is None:
            jieba.setLogLevel(logging.WARNING)
            tokenizer = jieba.Tokenizer()
            tokenizer.initialize()
            for term in LEGAL_TERMS:
                tokenizer.add_word(term, freq=max(tokenizer.suggest_freq(term), 50_000))
            _tokenizer = tokenizer
    return _tokenizer


def char_bigrams(text: str) -> list[str]:
    """The overlapping character bigrams of each run of Chinese characters in ``text``,
    prefixed with :data:`BIGRAM_PREFIX` (``"给钱了"`` -> ``["bg:给钱", "bg:钱了"]``).

    Bigram indexing beside word segmentation is the standard remedy for segmentation
    mismatch in Chinese retrieval (Kwok, "Comparing representations in Chinese
    information retrieval", SIGIR 1997; Luk & Kwok 2002): a lay question split one way
    still shares bigrams with an article split another.
    """
    out: list[str] = []
    for run in _HAN_RUN.findall(text or ""):
        out.extend(BIGRAM_PREFIX + run[i:i + 2] for i in range(len(run) - 1))
    return out


def tokenize(text: str, *, expand: bool = False, bigrams: bool = False) -> list[str]:
    """Split text into BM25 terms.

    jieba's search-engine mode (``lcut_for_search``: words plus their shorter in-word
    terms, e.g. 违约金 -> 违约, 违约金) with :data:`knowledge.legal_terms.LEGAL_TERMS`
    added to the dictionary, lower-cased; whitespace, punctuation and function words
    (的, 了, 如何, 我 ...) dropped.

    Args:
        text: Chinese and/or English text.
        expand: first append the legal terms of lay words (queries only,
            :func:`knowledge.legal_terms.expand_query`).
        bigrams: also append the text's character bigrams (:func:`char_bigrams`); an
            index records whether it was built with them (``char_bigrams`` in its
            parameters) and its queries follow.

    Returns:
        The terms, in order, duplicates kept (BM25 counts them).
    """
    if expand:
        text = expand_query(text)
    terms = [t for t in (w.strip().lower() for w in _jieba().lcut_for_search(text))
             if t and t not in _STOPWORDS and _WORD_RE.search(t)]
    return terms + char_bigrams(text) if bigrams else terms


class BM25Index:
    """A precomputed BM25 weight matrix (documents x terms) and its vocabulary.

    Args:
        weights: CSC matrix, row = document id, column = term id.
        vocab: term -> column.
        params: the parameters recorded in the manifest.
    """

    MATRIX = "bm25.npz"
    VOCAB = "bm25_vocab.json"

    IDF = "bm25_idf.npy"

    def __init__(self, weights: sp.csc_matrix, vocab: dict[str, int], params: dict, idf: np.ndarray | None = None):
        self.weights, self.vocab, self.params, self.idf = weights, vocab, params, idf
        self.expand = bool(params.get("query_expansion"))
        self.bigrams = bool(params.get("char_bigrams"))

    @classmethod
    def build(cls, documents: Sequence[list[str]], *, k1: float = 1.5, b: float = 0.75,
              epsilon: float = 0.25) -> BM25Index:
        """Compute the weights of tokenised documents with rank-bm25's BM25Okapi.

        Args:
            documents: one token list per document (row id = position).
            k1, b, epsilon: BM25Okapi parameters (rank-bm25 defaults).

        Returns:
            The index.
        """
        docs = [d if d else ["\u0000"] for d in documents]  # BM25Okapi rejects empty docs
        bm = BM25Okapi(docs, k1=k1, b=b, epsilon=epsilon)
        vocab = {t: i for i, t in enumerate(sorted(bm.idf))}
        rows, cols, vals = [], [], []
        for doc_id, (freqs, dl) in enumerate(zip(bm.doc_freqs, bm.doc_len, strict=True)):
            norm = k1 * (1 - b + b * dl / bm.avgdl)
            for term, tf in freqs.items():
                rows.append(doc_id)
                cols.append(vocab[term])
                vals.append(bm.idf[term] * tf * (k1 + 1) / (tf + norm))
        weights = sp.csc_matrix((np.asarray(vals, dtype=np.float32), (rows, cols)),
                                shape=(len(docs), len(vocab)), dtype=np.float32)
        idf = np.zeros(len(vocab), dtype=np.float32)
        for term, col in vocab.items():
            idf[col] = bm.idf[term]
        return cls(weights, vocab, cls.config(k1=k1, b=b, epsilon=epsilon), idf)

    @staticmethod
    def config(*, k1: float = 1.5, b: float = 0.75, epsilon: float = 0.25) -> dict:
        """The parameters that define the index (recorded in the manifest)."""
        return {"library": "rank-bm25", "variant": "BM25Okapi", "k1": k1, "b": b, "epsilon": epsilon,
                "tokenizer": TOKENIZER, "jieba": jieba.__version__, "vocabulary": vocabulary_sha256(),
                "query_expansion": True, "char_bigrams": True}

    def save(self, directory: Path) -> None:
        """Write ``bm25.npz`` and ``bm25_vocab.json`` into ``directory``."""
        sp.save_npz(Path(directory) / self.MATRIX, self.weights, compressed=False)
        terms = sorted(self.vocab, key=self.vocab.__getitem__)
        (Path(directory) / self.VOCAB).write_text(json.dumps(terms, ensure_ascii=False), encoding="utf-8")
        if self.idf is not None:
            np.save(Path(directory) / self.IDF, self.idf, allow_pickle=False)

    @classmethod
    def load(cls, directory: Path, params: dict | None = None) -> BM25Index:
        """Read an index written by :meth:`save` (no pickle).

        Raises:
            ValueError: the files disagree — the vocabulary is not a list of distinct
                strings, or the matrix's columns or the idf vector do not match it (a file
                overwritten or taken from another build).
        """
        weights = sp.load_npz(Path(directory) / cls.MATRIX).tocsc()
        terms = json.loads((Path(directory) / cls.VOCAB).read_text(encoding="utf-8"))
        if not isinstance(terms, list) or not all(isinstance(t, str) for t in terms) or len(set(terms)) != len(terms):
            raise ValueError(f"{cls.VOCAB} is not a list of distinct terms")
        if weights.ndim != 2 or weights.shape[1] != len(terms) or not np.issubdtype(weights.dtype, np.floating):
            raise ValueError(f"{cls.MATRIX} has shape {weights.shape} ({weights.dtype}); "
                             f"the vocabulary has {len(terms)} terms")
        idf_path = Path(directory) / cls.IDF
        idf = np.load(idf_path, allow_pickle=False) if idf_path.is_file() else None
        if idf is not None and (idf.shape != (len(terms),) or not np.issubdtype(idf.dtype, np.floating)):
            raise ValueError(f"{cls.IDF} has shape {idf.shape} ({idf.dtype}); the vocabulary has {len(terms)} terms")
        return cls(weights, {t: i for i, t in enumerate(terms)}, params or {}, idf)

    def max_score(self, query: str) -> float:
        """The query's BM25 ceiling: sum over its terms in the vocabulary (with their
        multiplicity) of ``idf * (k1 + 1)``, the limit of a term's weight as its frequency
        in a document grows. 0.0 when no query term is known or idf was not saved."""
        if self.idf is None:
            return 0.0
        k1 = float(self.params.get("k1", 1.5))
        cols = [col for term in tokenize(query, expand=self.expand, bigrams=self.bigrams) if (col := self.vocab.get(term)) is not None]
        return float(sum(max(float(self.idf[c]), 0.0) for c in cols) * (k1 + 1))

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every document for ``query`` (0 where no term matches).

        Args:
            query: free text, tokenised with :func:`tokenize` (expanded with lay -> legal
                synonyms when the index was built with ``query_expansion``).

        Returns:
            ``float32`` array, one score per document id.
        """
        counts: dict[int, int] = {}
        for term in tokenize(query, expand=self.expand, bigrams=self.bigrams):
            if (col := self.vocab.get(term)) is not None:
                counts[col] = counts.get(col, 0) + 1
        if not counts:
            return np.zeros(self.weights.shape[0], dtype=np.float32)
        cols = np.fromiter(counts, dtype=np.int64)
        mult = np.fromiter(counts.values(), dtype=np.float32)
        return np.asarray(self.weights[:, cols] @ mult, dtype=np.float32).ravel()
