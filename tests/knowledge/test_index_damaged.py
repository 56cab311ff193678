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


@pytest.mark.parametrize("name, damage", [
    ("manifest.json", lambda p: p.write_bytes(b"{bad")),
    ("statutes.sqlite", lambda p: p.write_bytes(b"garbage" * 100)),
    ("statutes.sqlite", lambda p: p.unlink()),
    ("bm25.npz", lambda p: p.write_bytes(b"")),
    ("bm25.npz", lambda p: p.unlink()),
])
def test_the_command_the_error_names_mends_the_index(root, sample_articles, name, damage):
    """A new user's trial: `kb build` after a damaged or deleted index file gave the same version
    name, found its folder and pointed CURRENT back at it, so the error came back."""
    damage(_file(root, name))
    with pytest.raises((IndexDamaged, IndexMissing)) as info:
        StatuteIndex.load(root)
    assert "contract-review kb build" in info.value.message
    build_index(sample_articles, root, embedder=None, sources=SOURCES)
    assert StatuteIndex.load(root).search("违约金", k=1)


def test_a_missing_index_file_is_index_missing(root):
    _file(root, "bm25.npz").unlink()
    with pytest.raises(IndexMissing):
        StatuteIndex.load(root)


def _npy(array) -> bytes:
    import io

    import numpy as np
    buffer = io.BytesIO()
    np.save(buffer, np.asarray(array), allow_pickle=False)
    return buffer.getvalue()


@pytest.mark.parametrize("name, content", [
    ("bm25_idf.npy", lambda: _npy([1.0, 2.0, 3.0])),          # another build's idf: wrong length
    ("bm25_idf.npy", lambda: _npy([["a"]])),                   # not numbers
    ("bm25_vocab.json", lambda: b'["a", "b"]'),                # another build's vocabulary
    ("bm25_vocab.json", lambda: b'{"a": 1}'),                  # not a list
])
def test_ranker_files_that_do_not_fit_each_other_are_index_damaged(root, name, content):
    # GIVEN a built index WHEN one ranker file is replaced by one of another shape
    _file(root, name).write_bytes(content())
    # THEN it is refused at load, not searched with misaligned arrays
    with pytest.raises(IndexDamaged) as info:
        StatuteIndex.load(root)
    assert "contract-review kb build" in info.value.message


@pytest.mark.parametrize("damage", ["folder", "binary", "path", "device"])
def test_a_damaged_current_pointer_is_index_damaged_in_bounded_time_and_a_rebuild_mends_it(
        root, sample_articles, damage):
    # GIVEN the CURRENT pointer replaced by a folder, a large binary, a path out of the
    # index folder or an endless device
    current = root / "CURRENT"
    current.unlink()
    if damage == "folder":
        current.mkdir()
    elif damage == "binary":
        current.write_bytes(b"\xff\xfe" * 5_000_000)
    elif damage == "path":
        current.write_text("../../../etc\n", encoding="utf-8")
    else:
        current.symlink_to("/dev/zero")
    # WHEN it is read THEN it is index_damaged naming the file and the command (a read of
    # /dev/zero that did not stop would never return)
    for call in (lambda: current_version(root), lambda: StatuteIndex.load(root)):
        with pytest.raises(IndexDamaged) as info:
            call()
        assert "CURRENT" in info.value.message and "contract-review kb build" in info.value.message
    # AND a rebuild puts it right
    build_index(sample_articles, root, embedder=None, sources=SOURCES)
    assert StatuteIndex.load(root).search("违约金", k=1)
