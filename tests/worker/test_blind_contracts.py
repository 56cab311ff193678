"""The blind whole-contract sets (tests/data/blind_contracts) keep what the rules find on them.

Figures, not timings: the rules-only eval over each set must match at least the gold risks it
matched when the set was last tuned, flag no high-severity risk on its clean contracts, and
keep its precision; a change that loses a risk or adds false alarms shows here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.worker.conftest import run_cli

SETS = Path(__file__).parents[1] / "data" / "blind_contracts"
# set -> (gold risks matched at least, predictions at most, precision at least)
FLOORS = {"set23": (39, 45, 0.86), "set24": (46, 56, 0.82), "set25": (31, 44, 0.70), "set26": (44, 59, 0.74),
          "set27": (42, 53, 0.79)}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_rules_keep_what_they_find_on_a_blind_set(name, tmp_path, cli_env):
    out = tmp_path / "metrics.json"
    r = run_cli(["eval", str(SETS / name), "--no-llm", "--out", str(out)], cli_env)
    assert r.returncode == 0, r.stderr
    m = json.loads(out.read_text(encoding="utf-8"))
    matched, most, precision = FLOORS[name]
    overall = m["overall"]
    assert m["cases_run"] == 12 and not m["failed"]
    assert overall["matched"] >= matched, {k: v["missed"] for k, v in m["cases"].items()}
    assert overall["predicted"] <= most and overall["precision"] >= precision, {k: v["false_alarms"] for k, v in m["cases"].items()}
    assert overall["clean_high_findings"] == 0
