"""``contract-review bench``: measure the review path and compare it with a baseline.

Figures per run (DESIGN §12): seconds per stage (mean over contracts), prompt and
generated tokens per contract, generated tokens per second inside the review, and
contracts per hour for one worker. The baseline, measured in the same run on the same
model and machine, is llama.cpp free-running generation (no grammar, fixed prompt), so
the ratio shows what the JSON-schema grammar and validation cost.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from pipelines.review import run_review
from worker.runtime import load_generator, load_index, load_playbook_for, review_options
from worker.settings import Settings

__all__ = ["raw_decode_speed", "run_bench"]


def raw_decode_speed(generator, *, max_tokens: int = 128) -> dict:
    """Free-running speed of the loaded model (no grammar), through its own backend.

    Returns:
        ``{"prompt_tokens", "completion_tokens", "seconds", "tokens_per_second"}``.
    """
    return generator.free_running(max_tokens=max_tokens)


def run_bench(settings: Settings, files: Sequence[Path], *, use_llm: bool, repeat: int = 1) -> dict:
    """Review each file ``repeat`` times and summarise the cost.

    Returns:
        ``{"contracts", "stage_seconds_mean", "seconds_per_contract", "contracts_per_hour",
        "prompt_tokens_per_contract", "completion_tokens_per_contract",
        "review_tokens_per_second", "baseline": {...} | None, "ratio_to_baseline"}``.
    """
    index = load_index(settings)
    playbook = load_playbook_for(settings)
    generator = load_generator(settings) if use_llm else None
    baseline = raw_decode_speed(generator) if generator else None
    stages: dict[str, list[float]] = defaultdict(list)
    totals, prompt_toks, gen_toks, gen_secs = [], [], [], []
    for _ in range(repeat):
        for f in files:
            data = Path(f).read_bytes()
            t0 = time.perf_counter()
            result = run_review(data, filename=Path(f).name, index=index, playbook=playbook, generator=generator,
                                options=review_options(settings, use_llm=use_llm))
            totals.append(time.perf_counter() - t0)
            m = result.review.metrics
            for k, v in m.stage_seconds.items():
                stages[k].append(v)
            prompt_toks.append(m.prompt_tokens)
            gen_toks.append(m.completion_tokens)
            gen_secs.append(m.stage_seconds.get("generate", 0.0))
    mean = statistics.fmean(totals) if totals else 0.0
    review_tps = round(sum(gen_toks) / sum(gen_secs), 2) if sum(gen_secs) else None
    return {
        "contracts": len(totals),
        "mode": "llm" if use_llm else "rules",
        "stage_seconds_mean": {k: round(statistics.fmean(v), 4) for k, v in stages.items()},
        "seconds_per_contract": round(mean, 3),
        "contracts_per_hour": round(3600 / mean, 1) if mean else None,
        "prompt_tokens_per_contract": round(statistics.fmean(prompt_toks), 1) if prompt_toks else 0,
        "completion_tokens_per_contract": round(statistics.fmean(gen_toks), 1) if gen_toks else 0,
        "review_tokens_per_second": review_tps,
        "baseline": baseline,
        "ratio_to_baseline": round(review_tps / baseline["tokens_per_second"], 3)
        if (baseline and review_tps and baseline["tokens_per_second"]) else None,
    }
