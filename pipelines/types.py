"""Typed inputs and outputs of the pure review stages.

Every stage in :mod:`pipelines` takes and returns these frozen, JSON-serialisable
Pydantic models, so a stage's output can be stored and the next stage re-run alone
(DESIGN §3: messages carry IDs; artefacts are stored).

Units used throughout:

* character offsets (``char_start``/``char_end``) index ``ExtractedDocument.text``,
  half-open ``[start, end)``;
* ``page`` is 1-based; ``BBox`` coordinates are PDF points (1/72 inch) with the
  origin at the top-left of the page, as PyMuPDF reports them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "BBox",
    "Category",
    "Citation",
    "Clause",
    "ContractType",
    "ExtractedDocument",
    "Finding",
    "Line",
    "ReasoningCheck",
    "ReasoningStep",
    "Risk",
    "RiskClause",
    "Severity",
    "Review",
    "ReviewMetrics",
    "StageError",
    "Versions",
    "Stance",
    "CATEGORY_NAMES_ZH",
    "CONTRACT_TYPES",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Severity(StrEnum):
    """Risk severity (DESIGN §14)."""

    high = "high"
    medium = "medium"
    low = "low"


SEVERITY_RANK = {Severity.high: 3, Severity.medium: 2, Severity.low: 1}


class Stance(StrEnum):
    """Whose side the review takes: both sides, 甲方 or 乙方."""

    neutral = "neutral"
    party_a = "party_a"
    party_b = "party_b"


class Category(StrEnum):
    """Risk and clause categories; ids are stable (DESIGN §14)."""

    parties = "parties"
    subject_quality = "subject_quality"
    price_payment = "price_payment"
    delivery = "delivery"
    acceptance = "acceptance"
    warranty = "warranty"
    breach_liability = "breach_liability"
    termination = "termination"
    force_majeure = "force_majeure"
    ip = "ip"
    confidentiality = "confidentiality"
    dispute_resolution = "dispute_resolution"
    governing_law = "governing_law"
    liability_limitation = "liability_limitation"
    data_protection = "data_protection"
    labor = "labor"
    lease = "lease"
    loan = "loan"
    guarantee = "guarantee"
    notice = "notice"
    effectiveness = "effectiveness"
    consistency = "consistency"
    legal_reference = "legal_reference"
    document_integrity = "document_integrity"
    other = "other"


CATEGORY_NAMES_ZH: dict[str, str] = {
    "parties": "主体",
    "subject_quality": "标的与质量",
    "price_payment": "价款与支付",
    "delivery": "交付与履行",
    "acceptance": "验收与检验",
    "warranty": "质量保证",
    "breach_liability": "违约责任",
    "termination": "解除与终止",
    "force_majeure": "不可抗力",
    "ip": "知识产权",
    "confidentiality": "保密",
    "dispute_resolution": "争议解决",
    "governing_law": "法律适用",
    "liability_limitation": "责任限制与免责",
    "data_protection": "个人信息与数据",
    "labor": "劳动用工",
    "lease": "租赁",
    "loan": "借款与利息",
    "guarantee": "担保",
    "notice": "通知送达",
    "effectiveness": "生效与签署",
    "consistency": "文本一致性",
    "legal_reference": "法律引用",
    "document_integrity": "文档完整性",
    "other": "其他",
}

CONTRACT_TYPES: tuple[str, ...] = (
    "买卖合同",
    "采购合同",
    "服务合同",
    "技术开发合同",
    "软件许可合同",
    "房屋租赁合同",
    "劳动合同",
    "借款合同",
    "保密协议",
    "委托合同",
    "建设工程施工合同",
    "运输合同",
    "其他",
)
ContractType = str  # one of CONTRACT_TYPES


class BBox(_Frozen):
    """A rectangle on a PDF page, in points, origin top-left."""

    page: int = Field(ge=1)
    x0: float
    y0: float
    x1: float
    y1: float


class Line(_Frozen):
    """One line of extracted text and where it sits.

    ``char_start``/``char_end`` index ``ExtractedDocument.text``; ``page`` and ``bbox``
    are ``None`` for formats without pages (TXT, DOCX).
    """

    char_start: int = Field(ge=0)
    char_end: int = Field(ge=0)
    page: int | None = None
    bbox: BBox | None = None


class ExtractedDocument(_Frozen):
    """The text of a contract with the position of each line.

    Attributes:
        format: detected from content (magic bytes): ``pdf``, ``docx`` or ``txt``.
        sha256: hex digest of the input bytes.
        text: the document text; lines joined by ``\\n``; running headers, footers and
            page numbers removed.
        lines: one entry per line of ``text``, in order.
        page_count: pages in the source (0 for TXT/DOCX).
        encoding: the text encoding used for TXT (``utf-8``/``gb18030``), else ``None``.
        removed_lines: running headers/footers/page numbers dropped (count).
        warnings: human-readable notes (e.g. hidden text found).
    """

    format: Literal["pdf", "docx", "txt"]
    sha256: str
    text: str
    lines: tuple[Line, ...]
    page_count: int = 0
    encoding: str | None = None
    removed_lines: int = 0
    warnings: tuple[str, ...] = ()


class Clause(_Frozen):
    """One clause of the contract, following the contract's own numbering.

    Attributes:
        clause_id: stable id within the document (``c0001`` …), in reading order.
        path: headings from the outermost level in, e.g. ``("第八章 违约责任", "第二十三条")``.
        number: the clause's own number label as written (``第二十三条``, ``8.1``, ``（一）``),
            ``""`` for the preamble.
        title: the heading text after the number, if any (``违约责任``).
        text: the clause text including its heading, exactly ``doc.text[char_start:char_end]``.
        level: nesting depth, 1 for the outermost numbered level.
        pages: 1-based pages the clause spans (empty for TXT/DOCX).
        bboxes: line rectangles of the clause on those pages.
        category: the clause category (DESIGN §14), set by the classify stage.
    """

    clause_id: str
    path: tuple[str, ...]
    number: str
    title: str
    text: str
    char_start: int
    char_end: int
    level: int
    pages: tuple[int, ...] = ()
    bboxes: tuple[BBox, ...] = ()
    category: Category = Category.other


class Citation(_Frozen):
    """A statute article cited in the review, checked against the statute store.

    ``status`` is the store's validity status (``现行有效``); ``text_sha256`` is the
    sha256 of the stored article text; ``score`` is the retrieval score (0–1) or 1.0
    for an article a rule rests on.
    """

    law: str
    article: int = Field(ge=1)
    article_label: str
    status: str
    text_sha256: str
    score: float = 1.0


class Finding(_Frozen):
    """A deterministic rule-playbook finding on one clause (DESIGN §7).

    ``statutes`` are ``(law full name, article number)`` pairs the check rests on;
    ``evidence`` is the exact text in the clause that triggered the check.
    """

    check_id: str
    category: Category
    severity: Severity
    clause_id: str
    title: str
    explanation: str
    suggestion: str
    statutes: tuple[tuple[str, int], ...] = ()
    evidence: str = ""


class ReasoningCheck(_Frozen):
    """One validator outcome on a reasoning unit (DESIGN §8)."""

    name: str
    passed: bool
    message: str = ""


class ReasoningStep(_Frozen):
    """One validated CoT unit of the LLM analysis."""

    step: int
    action: str
    content: str
    conclusion: str
    citations: tuple[Citation, ...] = ()
    checks: tuple[ReasoningCheck, ...] = ()


class RiskClause(_Frozen):
    """Where a risk is: the clause, its text, offsets and page positions (DESIGN §5)."""

    clause_id: str
    path: tuple[str, ...]
    text: str
    char_start: int
    char_end: int
    pages: tuple[int, ...] = ()
    bboxes: tuple[BBox, ...] = ()


class Risk(_Frozen):
    """One risk of the review (DESIGN §5)."""

    risk_id: str
    category: Category
    severity: Severity
    title: str
    clause: RiskClause
    original_text: str
    suggested_text: str
    explanation: str
    citations: tuple[Citation, ...] = ()
    reasoning_chain: tuple[ReasoningStep, ...] = ()
    source: Literal["rule", "llm", "both"]
    confidence: float = Field(ge=0.0, le=1.0)
    check_ids: tuple[str, ...] = ()


class Versions(_Frozen):
    """Versions a review was made with (DESIGN §4: re-run when any is older)."""

    pipeline: str
    kb: str
    model: str
    playbook: str


class StageError(_Frozen):
    """A non-fatal error in one stage for one clause (the review goes on)."""

    stage: str
    clause_id: str | None = None
    code: str
    message: str


class ReviewMetrics(_Frozen):
    """Cost figures of one review.

    ``stage_seconds`` maps stage name to wall-clock seconds; token counts are llama.cpp
    tokens; unit counts are CoT units that passed validation first time, passed after
    regeneration, or were dropped.
    """

    stage_seconds: dict[str, float]
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    units_passed_first: int = 0
    units_passed_after_regeneration: int = 0
    units_dropped: int = 0
    clauses: int = 0
    clauses_analysed_by_llm: int = 0


class Review(_Frozen):
    """The review of one contract: the public output contract (DESIGN §5).

    ``schema_version`` follows semantic versioning; see ``CHANGELOG.md`` for changes.
    """

    schema_version: str = "1.1.0"
    document: dict  # {filename, sha256, format, page_count}
    contract_type: str
    stance: Stance
    summary: str
    counts: dict[str, int]  # {"high": n, "medium": n, "low": n}
    risks: tuple[Risk, ...]
    versions: Versions
    document_text: str
    metrics: ReviewMetrics
    errors: tuple[StageError, ...] = ()
    warnings: tuple[str, ...] = ()  # from extraction, e.g. hidden (white/tiny) text on a page
