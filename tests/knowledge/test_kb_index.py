"""Index build (versioned, atomic, reused) and hybrid search, with the real default embedder."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from knowledge.bm25 import BM25Index, char_bigrams, tokenize
from knowledge.embeddings import Embedder
from knowledge.errors import IndexMissing, KnowledgeError
from knowledge.index import StatuteIndex, build_index, current_version, prune_versions
from knowledge.sources import Article

pytestmark = pytest.mark.slow  # loads the real text2vec model

SOURCES = [{"kind": "test", "sha256": "0" * 64}]


class CountingEmbedder(Embedder):
    """The real embedder, counting how many texts it was asked to encode."""

    def __init__(self):
        super().__init__()
        self.encoded = 0

    def encode(self, texts, batch_size=64):
        self.encoded += len(texts)
        return super().encode(texts, batch_size=batch_size)


@pytest.fixture(scope="module")
def counting(embedder):
    return CountingEmbedder()


@pytest.fixture(scope="module")
def built(tmp_path_factory, sample_articles, counting):
    root = tmp_path_factory.mktemp("kb")
    calls = []
    manifest = build_index(sample_articles, root, embedder=counting, sources=SOURCES,
                           progress=lambda done, total: calls.append((done, total)))
    return root, manifest, calls


@pytest.fixture(scope="module")
def index(built, counting):
    """Plain RRF (dense weight 1.0), so both rankers take part."""
    return StatuteIndex.load(built[0], embedder=counting, dense_weight=1.0)


def test_build_writes_a_version_and_switches_current(built, sample_articles):
    root, manifest, calls = built
    assert current_version(root) == manifest.kb_version and len(manifest.kb_version) == 16
    vdir = root / "versions" / manifest.kb_version
    assert {p.name for p in vdir.iterdir()} >= {"manifest.json", "statutes.sqlite", "dense_keys.json", "bm25.npz"}
    assert len(list((root / "vectors").glob("all-MiniLM-L6-v2-*.sqlite"))) == 1  # vectors live outside versions
    on_disk = json.loads((vdir / "manifest.json").read_text(encoding="utf-8"))
    assert on_disk["embedding"]["name"] == "all-MiniLM-L6-v2" and on_disk["embedding"]["dim"] == 384
    assert on_disk["counts"]["articles"] == len(sample_articles) and on_disk["in_force_at_build"]["articles"] == 19
    assert calls[-1] == (len(sample_articles), len(sample_articles))
    assert not list((root / "versions").glob(".tmp-*"))


def test_identical_rebuild_reuses_the_version_without_embedding(built, sample_articles, counting):
    root, manifest, _ = built
    before = counting.encoded
    again = build_index(sample_articles, root, embedder=counting, sources=SOURCES)
    assert again.kb_version == manifest.kb_version and again.created_at == manifest.created_at
    assert counting.encoded == before
    assert [p.name for p in (root / "versions").iterdir()] == [manifest.kb_version]


def test_changed_input_makes_a_new_version_reusing_unchanged_vectors(tmp_path, sample_articles, counting):
    first = build_index(sample_articles, tmp_path, embedder=counting, sources=SOURCES)
    before = counting.encoded
    a585 = next(a for a in sample_articles if a.article == 585)  # same law_id: the same version of the law
    extra = a585.model_copy(update={"article": 588, "label": "第五百八十八条",
                                    "text": "当事人既约定违约金，又约定定金的，一方违约时，对方可以选择适用违约金或者定金条款。"})
    extra = Article.model_validate(extra.model_dump(exclude={"text_sha256"}))
    second = build_index([*sample_articles, extra], tmp_path, embedder=counting, sources=SOURCES)
    assert second.kb_version != first.kb_version and current_version(tmp_path) == second.kb_version
    assert counting.encoded - before == 1
    hits = StatuteIndex.load(tmp_path, embedder=counting).search("违约金 定金 选择适用", k=1)
    assert hits[0].article.article == 588
    assert prune_versions(tmp_path, keep=1) == [first.kb_version]
    assert [p.name for p in (tmp_path / "versions").iterdir()] == [second.kb_version]


QUERIES = [
    ("违约金过高 如何调整", "中华人民共和国民法典", 585),
    ("定金不得超过主合同标的额的百分之二十", "中华人民共和国民法典", 586),
    ("试用期最长不得超过多久", "中华人民共和国劳动合同法", 19),
    ("竞业限制期限不得超过二年", "中华人民共和国劳动合同法", 24),
    ("租赁期限超过二十年", "中华人民共和国民法典", 705),
]


@pytest.mark.parametrize(("query", "law", "article"), QUERIES)
def test_hybrid_search_fuses_both_rankers_and_finds_the_article(index, query, law, article):
    hits = index.search(query, k=3)
    assert (law, article) in [(h.article.law, h.article.article) for h in hits]
    assert 0 < hits[-1].score <= hits[0].score <= 1
    assert any(h.bm25_rank is not None and h.dense_rank is not None for h in hits)


def test_default_fusion_for_the_english_model_is_bm25_alone(built):
    index = StatuteIndex.load(built[0])  # no embedder: it would load lazily, but weight 0 never needs it
    assert index.dense_weight == 0.0
    for query, law, article in QUERIES:
        hits = index.search(query, k=3)
        assert (hits[0].article.law, hits[0].article.article) == (law, article)
        assert [h.article for h in hits] == [h.article for h in index.search(query, k=3, mode="bm25")]
        assert all(h.dense_rank is None for h in hits)
    assert index._embedder is None


def test_modes_and_in_force_filter(index):
    dense = index.search("违约金过高 如何调整", k=20, mode="dense")
    assert all(h.bm25_rank is None and -1 <= h.dense_score <= 1 for h in dense)
    laws = {h.article.law for h in index.search("违约金 予以适当减少", k=20, mode="bm25")}
    assert "中华人民共和国合同法" not in laws  # 已废止
    everything = index.search("违约金 予以适当减少", k=20, mode="bm25", in_force_only=False)
    assert "中华人民共和国合同法" in {h.article.law for h in everything}
    with pytest.raises(ValueError):
        index.search("x", mode="sparse")
    assert index.search("   ") == []


def test_laws_boost_reorders_without_filtering(index):
    plain = index.search("违约金", k=10, mode="bm25")
    boosted = index.search("违约金", k=10, mode="bm25", laws=["劳动合同法"])
    assert plain[0].article.law != "中华人民共和国劳动合同法"
    assert boosted[0].article.law == "中华人民共和国劳动合同法"
    assert {h.article.law for h in boosted} - {"中华人民共和国劳动合同法"}


def test_load_without_a_build_tells_the_user_what_to_run(tmp_path):
    with pytest.raises(IndexMissing) as info:
        StatuteIndex.load(tmp_path)
    assert info.value.code == "index_missing" and "contract-review kb build" in info.value.message


def test_bm25_only_index_and_concurrent_builders(tmp_path, sample_articles):
    results = []
    threads = [threading.Thread(target=lambda: results.append(
        build_index(sample_articles, tmp_path, embedder=None, sources=SOURCES).kb_version)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1 and len(results) == 3
    assert [p.name for p in (tmp_path / "versions").iterdir()] == results[:1]
    index = StatuteIndex.load(tmp_path)
    assert index.search("违约金过高 如何调整", k=1)[0].article.article == 585
    with pytest.raises(KnowledgeError) as info:
        index.search("违约金", mode="dense")
    assert info.value.code == "dense_unavailable"


def test_bm25_scores_equal_rank_bm25(sample_articles):
    docs = [tokenize(a.text) for a in sample_articles]
    ours = BM25Index.build(docs).scores("违约金过高 如何调整 违约金")
    reference = BM25Okapi(docs).get_scores(tokenize("违约金过高 如何调整 违约金"))
    assert np.allclose(ours, reference, rtol=1e-5, atol=1e-5)


def test_bm25_ranking_is_smoothed_by_the_law_but_shows_bm25s_own_score(tmp_path, sample_articles, monkeypatch):
    import knowledge.index as ki

    build_index(sample_articles, tmp_path, embedder=None, sources=SOURCES)
    index = StatuteIndex.load(tmp_path)

    def ranked():
        return [((h.article.law, h.article.article), h.bm25_score)
                for h in index.search("当事人 约定 不得超过", k=8, mode="bm25")]

    monkeypatch.setattr(ki, "LAW_SMOOTHING", 0.0)
    plain = ranked()
    monkeypatch.setattr(ki, "LAW_SMOOTHING", 2.0)
    smoothed = ranked()
    order = [key for key, _ in plain], [key for key, _ in smoothed]
    stray, civil = ("中华人民共和国劳动合同法", 19), ("中华人民共和国民法典", 584)
    # the law most of the top hits belong to (民法典) moves its articles past a stray one of
    # another law that shares a few words
    assert order[0].index(stray) < order[0].index(civil) and order[1].index(stray) > order[1].index(civil)
    # the score a user sees is BM25's own, whatever the order
    assert dict(plain)[stray] == dict(smoothed)[stray] and dict(plain)[civil] == dict(smoothed)[civil]


def test_char_bigrams_are_indexed_and_queried_only_when_the_index_has_them():
    text = "房屋出租人应当按照约定交付房屋"
    assert char_bigrams("出租房屋，不给钱") == ["bg:出租", "bg:租房", "bg:房屋", "bg:不给", "bg:给钱"]
    assert tokenize(text, bigrams=True)[: len(tokenize(text))] == tokenize(text)
    others = ["借款人按期返还借款", "当事人可以约定违约金", "保证人承担连带责任", "劳动者享有休息休假的权利"]
    docs = [tokenize(t, bigrams=True) for t in [text, *others]]
    with_bigrams = BM25Index.build(docs)
    # "租人应" is split by jieba into words the document does not hold as words;
    # only its bigrams (租人, 人应) meet the document's.
    assert not set(tokenize("租人应")) & set(tokenize(text))
    assert with_bigrams.scores("租人应")[0] > 0 and not with_bigrams.scores("租人应")[1:].any()
    # An index built before bigrams (no "char_bigrams" parameter) is queried with words only.
    words_only = BM25Index(with_bigrams.weights, with_bigrams.vocab, {"query_expansion": True}, with_bigrams.idf)
    assert not words_only.scores("租人应").any()
