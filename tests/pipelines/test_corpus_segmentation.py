"""Extraction and segmentation over the shared corpus and the labelled dev set.

Reads ../shared/corpus/contracts and ../shared/eval/dev; every test skips when they are
absent. Nothing from ../shared is copied into the repository.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pipelines.extract import extract
from pipelines.segment import segment

pytestmark = pytest.mark.corpus

SHARED = Path(__file__).resolve().parents[3] / "shared"
CONTRACTS = SHARED / "corpus" / "contracts"
DEV = SHARED / "eval" / "dev"
SUFFIXES = {".pdf", ".docx", ".txt"}

# independent of the segmenter: a line that starts with 第X条 and is not a cross-reference
ARTICLE_LINE = re.compile(r"^\s*(第[一二三四五六七八九十百零〇两\d]+条)(?![的之第款项所中至到和或及与、，,；;。）)]|约定|规定)")


def _files(folder: Path, *subdirs: str) -> list[Path]:
    return sorted(p for sub in subdirs for p in (folder / sub).glob("*") if p.suffix.lower() in SUFFIXES)


def _ids(paths: list[Path]) -> list[str]:
    return [f"{p.parent.name}/{p.name}" for p in paths]


CHINESE = _files(CONTRACTS, "official", "samples")
ENGLISH = _files(CONTRACTS, "english")
DEV_CASES = sorted(p for p in DEV.glob("*") if (p / "gold.json").is_file())


def _run(path: Path):
    doc = extract(path.read_bytes(), filename=path.name)
    clauses = segment(doc)
    for c in clauses:
        assert doc.text[c.char_start:c.char_end] == c.text
    return doc, clauses


@pytest.mark.parametrize("path", CHINESE, ids=_ids(CHINESE))
def test_each_article_heading_starts_exactly_one_clause(path):
    doc, clauses = _run(path)
    starts: dict[int, int] = {}
    for c in clauses:
        starts[c.char_start] = starts.get(c.char_start, 0) + 1
    missed = []
    for line in doc.lines:
        raw = doc.text[line.char_start:line.char_end]
        m = ARTICLE_LINE.match(raw)
        if not m:
            continue
        offset = line.char_start + len(raw) - len(raw.lstrip())
        heading = re.sub(r"\s+", "", m.group(1))
        inside = [c for c in clauses if c.char_start <= offset < c.char_end]
        if starts.get(offset, 0) != 1 and not (len(inside) == 1 and inside[0].number == heading):
            missed.append(raw[:30])
    assert len(clauses) >= 5
    assert not missed, f"article headings not starting one clause: {missed}"


@pytest.mark.parametrize("path", ENGLISH, ids=_ids(ENGLISH))
def test_english_contracts_extract_and_segment(path):
    doc, clauses = _run(path)
    assert doc.format == "pdf" and len(doc.text) > 1000
    assert len(clauses) >= 5
    assert sum(1 for c in clauses if c.number) >= 5


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("case", DEV_CASES, ids=[p.name for p in DEV_CASES])
def test_every_gold_anchor_lies_in_exactly_one_clause(case):
    gold = json.loads((case / "gold.json").read_text(encoding="utf-8"))
    contract = next(p for p in case.glob("contract.*") if p.suffix.lower() in SUFFIXES)
    _, clauses = _run(contract)
    texts = [_squash(c.text) for c in clauses]
    anchors = [r["anchor"] for r in gold["risks"]] + list(gold.get("clean_anchors", []))
    bad = {a[:30]: sum(_squash(a) in t for t in texts) for a in anchors}
    assert not {a: n for a, n in bad.items() if n != 1}, "anchors not in exactly one clause"
