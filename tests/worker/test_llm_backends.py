"""LLM backends (issue 10): the request each structured-output mode sends, the chain's
call-budget plan and result round trips, and — against a real ``python -m llama_cpp.server``
with the default model — the server check and a schema-constrained completion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipelines.elements import ElementRecord
from pipelines.errors import ModelLoadError
from pipelines.finder import MAX_REGENERATIONS, FinderResult
from pipelines.types import Category, Finding, ReasoningCheck, ReasoningStep, Severity
from worker.chain.fanout import finder_from, finder_json, plan_budget
from worker.llm import OpenAIGenerator, load_registry
from worker.llm.openai_compat import cached_tokens_of
from tests.installed import installed_gguf

REPO = Path(__file__).resolve().parents[2]
MODEL = "qwen2.5-coder-0.5b"
GGUF = installed_gguf("qwen2.5-coder-0.5b-instruct-q4_k_m.gguf")
SCHEMA = {"type": "object", "properties": {"risk": {"type": "string", "enum": ["high", "low", "none"]}},
          "required": ["risk"]}


@pytest.fixture(scope="module")
def spec():
    return load_registry(REPO / "worker" / "models.toml")[MODEL]


@pytest.mark.parametrize("mode,check", [
    ("json_object_schema", lambda b: b["response_format"] == {"type": "json_object", "schema": SCHEMA}
     and b["repeat_penalty"] == 1.1),
    ("json_schema", lambda b: b["response_format"]["type"] == "json_schema"
     and b["response_format"]["json_schema"]["schema"] == SCHEMA and b["repetition_penalty"] == 1.1),
    ("guided_json", lambda b: b["guided_json"] == SCHEMA and "response_format" not in b),
])
def test_each_structured_output_mode_passes_the_schema_where_its_server_reads_it(spec, mode, check):
    gen = OpenAIGenerator(spec, "http://127.0.0.1:9/v1", structured_output=mode, temperature=0.0)
    body = gen._body([{"role": "user", "content": "x"}], SCHEMA, 64, None)
    assert check(body)
    assert body["model"] == MODEL and body["temperature"] == 0.0 and body["seed"] == spec.seed
    assert gen._body([], SCHEMA, 64, 0.7)["temperature"] == 0.7  # a call's own temperature wins
    gen.close()


def test_an_unknown_structured_output_mode_is_refused(spec):
    with pytest.raises(ValueError, match="CR_LLM_STRUCTURED_OUTPUT"):
        OpenAIGenerator(spec, "http://127.0.0.1:9/v1", structured_output="xml")


def test_cached_tokens_are_read_where_vllm_or_llama_server_report_them():
    assert cached_tokens_of({"usage": {"prompt_tokens_details": {"cached_tokens": 120}}}) == 120
    assert cached_tokens_of({"usage": {}, "timings": {"cache_n": 77}}) == 77
    assert cached_tokens_of({"usage": {"prompt_tokens": 5}}) is None


def test_an_unreachable_server_is_a_retryable_load_error(spec):
    gen = OpenAIGenerator(spec, "http://127.0.0.1:9/v1")
    with pytest.raises(ModelLoadError) as err:
        gen.check_server()
    assert err.value.retryable


@pytest.mark.parametrize("sizes,budget", [([3, 3, 1, 2], 12), ([3, 1], 40), ([3, 3, 3], 2), ([1] * 20, 7), ([], 5)])
def test_the_call_budget_is_shared_out_and_never_exceeded(sizes, budget):
    shares = plan_budget(sizes, budget)
    assert len(shares) == len(sizes) and sum(shares) <= budget
    assert all(0 <= s <= MAX_REGENERATIONS + 1 + 2 * n for s, n in zip(shares, sizes))
    # round robin in batch order: an earlier batch never has fewer calls than a later one that got any
    assert all(a >= b or b == 0 for a, b in zip(shares, shares[1:]))
    if sum(MAX_REGENERATIONS + 1 + 2 * n for n in sizes) <= budget:
        assert shares == [MAX_REGENERATIONS + 1 + 2 * n for n in sizes]  # the budget does not bind


def test_no_budget_means_no_limit_for_any_batch():
    assert plan_budget([2, 3], None) == [-1, -1]


def test_a_finder_result_survives_its_json_round_trip():
    step = ReasoningStep(step=1, action="提取要素", content="x", conclusion="y", citations=(),
                         checks=(ReasoningCheck(name="evidence_located", passed=True),))
    r = FinderResult(findings=[Finding(check_id="t.x", category=Category.termination, severity=Severity.high,
                                       clause_id="c1", title="t", explanation="e", suggestion="s", statutes=(),
                                       evidence="甲方可随时解除。")],
                     records={"c1": ElementRecord(clause_id="c1", category=Category.termination,
                                                  fields={"holder": "甲方", "notice_days": -1}, evidence="甲方可随时解除。")},
                     chains={("c1", "t.x"): [step]}, calls=2, prompt_tokens=300, completion_tokens=40, passed_first=1,
                     regenerations={"c1": 0}, errors=["e1"], clauses_read=1, unconfirmed=0)
    back = finder_from(json.loads(json.dumps(finder_json(r))))
    assert back == r


@pytest.mark.llm
def test_the_server_backend_checks_what_the_server_serves_and_completes_under_the_schema(spec, tmp_path):
    if not GGUF.exists():
        pytest.skip("the default model is not installed (contract-review models install)")
    from tests.integration.stack import LlamaServer

    server = LlamaServer(GGUF, name=MODEL, log=tmp_path / "server.log", n_threads=2)
    try:
        gen = OpenAIGenerator(spec, server.base_url, temperature=0.0)
        assert gen.check_server()["id"] == MODEL
        with pytest.raises(ModelLoadError, match="not 'another-model'") as err:
            OpenAIGenerator(spec, server.base_url, served_name="another-model").check_server()
        assert not err.value.retryable  # serving another model is a configuration error, not a blip
        out = gen.complete([{"role": "user", "content": "违约金每日百分之五，风险等级？只输出JSON。"}], schema=SCHEMA,
                           max_tokens=16)
        assert json.loads(out.text)["risk"] in ("high", "low", "none")
        assert out.prompt_tokens > 0 and out.completion_tokens > 0
        gen.close()
    finally:
        server.stop()
