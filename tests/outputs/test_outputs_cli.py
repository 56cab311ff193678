"""The issue 11 commands as a user runs them (real processes): ``review --redline
--html``, ``compare`` and ``export`` (a folder and a stored batch id)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from pipelines.extract import extract


def _env(tmp_path, outputs_index_root) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CR_")}
    env.update({"CR_DATA_DIR": str(tmp_path / "data"), "CR_INDEX_DIR": str(outputs_index_root),
                "HF_HUB_OFFLINE": "1", "COLUMNS": "200"})
    return env


def _cli(args, env) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("contract-review")
    return subprocess.run([str(exe), *map(str, args)], env=env, capture_output=True, text=True, timeout=600)


def test_review_writes_redline_and_page_compare_and_export(tmp_path, outputs_index_root, labour_docx):
    from openpyxl import load_workbook

    env = _env(tmp_path, outputs_index_root)
    v1 = tmp_path / "v1.docx"
    v1.write_bytes(labour_docx)
    r = _cli(["review", v1, "--no-llm", "--redline", tmp_path / "r.docx", "--html", tmp_path / "r.html"], env)
    assert r.returncode == 0, r.stderr
    assert "redline written to" in r.stderr and "tracked revision(s)" in r.stderr
    assert (tmp_path / "r.docx").read_bytes()[:2] == b"PK"
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "试用期超过法定上限" in page and "与审查时引用的文本一致" in page

    v2 = tmp_path / "v2.txt"
    v2.write_text(extract(labour_docx).text.replace("试用期工资为转正工资的70%，即每月人民币柒仟元整。",
                                                    "试用期工资为转正工资的80%，即每月人民币捌仟元整。"), encoding="utf-8")
    r = _cli(["compare", v1, v2, "--no-llm", "--out", tmp_path / "d.json", "--redline", tmp_path / "d.docx",
              "--html", tmp_path / "d.html"], env)
    assert r.returncode == 0, r.stderr
    assert "risk removed: [high] 试用期工资低于法定标准" in r.stdout
    diff = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert diff["summary"]["modified"] == 1 and diff["summary"]["risks_removed"] == 1
    assert (tmp_path / "d.docx").exists() and "<del>" in (tmp_path / "d.html").read_text(encoding="utf-8")

    folder = tmp_path / "contracts"
    folder.mkdir()
    (folder / "v1.docx").write_bytes(labour_docx)
    (folder / "broken.pdf").write_bytes(b"%PDF-1.7 not really")
    r = _cli(["export", folder, "--xlsx", tmp_path / "e.xlsx", "--no-llm"], env)
    assert r.returncode == 0, r.stderr
    wb = load_workbook(tmp_path / "e.xlsx")
    summary = [[c.value for c in row] for row in wb["汇总 summary"].iter_rows(min_row=2)]
    assert [row[0] for row in summary] == ["broken.pdf", "v1.docx"]
    assert summary[0][2] == "failed" and summary[0][9].startswith("corrupt")
    assert wb["风险 risks"].max_row - 1 == summary[1][7] >= 3
    assert "DOCX" in (summary[1][10] or "")  # the review's warnings (where its pages come from) reach the sheet

    r = _cli(["export", "999", "--xlsx", tmp_path / "b.xlsx"], env)
    assert r.returncode == 1 and "no batch 999" in r.stderr


def test_without_a_terminal_progress_goes_to_stderr_and_80_columns_do_not_split_words(tmp_path, outputs_index_root,
                                                                                      labour_docx):
    env = _env(tmp_path, outputs_index_root) | {"COLUMNS": "80"}
    contract = tmp_path / "labour.docx"
    contract.write_bytes(labour_docx)
    r = _cli(["review", contract, "--no-llm", "--no-store"], env)
    assert r.returncode == 0, r.stderr
    assert "loading statute index" in r.stderr and " screen " in r.stderr  # stage lines, no terminal needed
    assert "《劳动合同法》第十九条" in r.stdout  # a citation is never folded mid-word
    assert "试用期超过法定上限" in r.stdout
    helptext = _cli(["review", "--help"], env).stdout
    example = next(w for w in helptext.split() if w.startswith("examples/"))
    assert (Path(__file__).resolve().parents[2] / example).is_file()
