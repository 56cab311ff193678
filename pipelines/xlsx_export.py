"""Batch export: the reviews of many contracts as one XLSX workbook (openpyxl).

Sheets:

* ``风险 risks`` — one row per risk: document, risk id, clause path, pages, category,
  severity, title, evidence, explanation, suggestion, citations (``《法》第X条（status）``),
  source, confidence. Frozen header, auto-filter, wrapped text.
* ``汇总 summary`` — one row per document: file name, contract type, review status,
  checks that did not run, risk counts by severity, summary, warnings (hidden text, pages
  not read, citations moved), versions; a document that
  failed (no review) has its error code and message instead.

A cell never starts with ``=``, ``+``, ``-``, ``@`` (or a tab/CR) as written: such text
from a contract is prefixed with an apostrophe so Excel does not run it as a formula
(CSV/formula injection).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from pipelines.types import CATEGORY_NAMES_ZH, Review

__all__ = ["ExportRow", "reviews_xlsx"]

RISK_COLUMNS = ("文件 document", "风险 risk", "条款 clause", "页 pages", "类别 category", "严重程度 severity",
                "标题 title", "原文 evidence", "说明 explanation", "建议 suggestion", "依据 citations",
                "来源 source", "置信度 confidence")
SUMMARY_COLUMNS = ("文件 document", "合同类型 contract type", "状态 status", "未运行 not run", "高 high",
                   "中 medium", "低 low", "风险数 risks", "摘要 summary", "错误 error", "提示 warnings", "版本 versions")


@dataclass(frozen=True)
class ExportRow:
    """One document of the export: its name and its review, or the error that stopped it
    (``error`` as ``code: message``)."""

    name: str
    review: Review | None = None
    error: str | None = None


def _cell(value):
    if isinstance(value, str):
        value = "".join(ch for ch in value if ch in "\t\n" or ord(ch) >= 32)  # XML 1.0 has no other controls
        if value[:1] in ("=", "+", "-", "@", "\t", "\r"):
            return "'" + value
    return value


def reviews_xlsx(rows: Sequence[ExportRow]) -> bytes:
    """The workbook (bytes) for ``rows`` (see the module docstring)."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter

    wb = Workbook()
    risks = wb.active
    risks.title = "风险 risks"
    summary = wb.create_sheet("汇总 summary")
    fills = {"high": PatternFill("solid", fgColor="F8C9C5"), "medium": PatternFill("solid", fgColor="FCE6B0"),
             "low": PatternFill("solid", fgColor="CFE3F7")}
    risks.append(RISK_COLUMNS)
    summary.append(SUMMARY_COLUMNS)
    for row in rows:
        r = row.review
        if r is None:
            summary.append([_cell(x) for x in (row.name, "", "failed", "", None, None, None, None, "", row.error or "", "", "")])
            continue
        v = r.versions
        summary.append([_cell(x) for x in (
            row.name, r.contract_type, r.status.value, "；".join(r.not_run), r.counts.get("high", 0),
            r.counts.get("medium", 0), r.counts.get("low", 0), len(r.risks), r.summary, "",
            "\n".join(r.warnings),  # hidden text, unread pages, moved citations: a reader of the sheet needs them too
            f"pipeline {v.pipeline}; kb {v.kb}; model {v.model}; playbook {v.playbook}")])
        for k in r.risks:
            risks.append([_cell(x) for x in (
                row.name, k.risk_id, k.clause.label,
                ",".join(map(str, k.clause.pages)), f"{CATEGORY_NAMES_ZH.get(k.category, k.category)} ({k.category})",
                k.severity.value, k.title, k.original_text, k.explanation, k.suggested_text,
                "；".join(f"《{c.law}》{c.article_label}（{c.status}）" for c in k.citations), k.source,
                round(k.confidence, 3))])
            risks.cell(row=risks.max_row, column=6).fill = fills[k.severity.value]
    widths = {"风险 risks": (22, 7, 24, 6, 20, 9, 30, 50, 50, 50, 40, 7, 9),
              "汇总 summary": (28, 14, 12, 24, 6, 6, 6, 8, 60, 40, 50, 40)}
    for ws in (risks, summary):
        for i, w in enumerate(widths[ws.title], start=1):
            ws.column_dimensions[get_column_letter(i)].width = w
        for cell in ws[1]:
            cell.font = Font(bold=True)
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = ws.dimensions
        for line in ws.iter_rows(min_row=2):
            for cell in line:
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
