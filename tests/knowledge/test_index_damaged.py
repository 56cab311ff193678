"""A damaged statute index ends with ``index_damaged`` and what to run, never a traceback."""

from __future__ import annotations

import pytest

from knowledge.errors import IndexDamaged, IndexMissing
from knowledge.index import StatuteIndex, build_index, current_version

SOURCES = [{"kind": "test", "sha256": "0" * 64}]


@pytest.fixture
def root(tmp_path, sample_articles):
    build_index(sample_articles, tmp_path, embedder=None, sources=SOURCES)
    return tmp_path


def _file(root, name):
    return root / "versions" / current_version(root) / name


@pytest.mark.parametrize("name, damage", [
    ("manifest.json", lambda b: b"{bad"),                  # not JSON
    ("statutes.sqlite", lambda b: b[: len(b) // 3]),        # truncated by a full disk
    ("statutes.sqlite", lambda b: b"garbage" * 100),        # overwritten
    ("bm25.npz", lambda b: b"garbage"),                     # the ranker's arrays overwritten
])
def test_a_damaged_index_file_is_index_damaged_with_the_command_to_run(root, name, damage):
    # GIVEN a built index loads
    assert StatuteIndex.load(root).search("违约金", k=1)
    # WHEN one of its files is damaged
    path = _file(root, name)
    path.write_bytes(damage(path.read_bytes()))
    # THEN loading it says so, names the version and the command, with a stable code
    with pytest.raises(IndexDamaged) as info:
        StatuteIndex.load(root)
    assert info.value.code == "index_damaged" and "contract-review kb build" in info.value.message
    assert current_version(root) in info.value.message


def test_a_missing_index_file_is_index_missing(root):
    _file(root, "bm25.npz").unlink()
    with pytest.raises(IndexMissing):
        StatuteIndex.load(root)
