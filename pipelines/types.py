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
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

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
    "ReviewStatus",
    "StageError",
    "StatuteRef",
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
    "供货/经销合同",
    "承揽合同",
    "服务合同",
    "物业服务合同",
    "技术开发合同",
    "技术服务合同",
    "软件许可合同",
    "房屋租赁合同",
    "劳动合同",
    "劳务派遣协议",
    "竞业限制协议",
    "借款合同",
    "保证合同",
    "抵押合同",
    "质押合同",
    "融资租赁合同",
    "股权转让协议",
    "合作协议",
    "特许经营合同",
    "仓储合同",
    "保密协议",
    "个人信息委托处理协议",
    "委托合同",
    "建设工程施工合同",
    "装饰装修合同",
    "运输合同",
    "广告发布合同",
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
        unread: parts of the source whose text could not be read (``pages 4, 5`` with no text
            layer, a DOCX's embedded ``altChunk`` content), one sentence each; a review of
            such a document is ``partial`` (it never reads as complete).
    """

    format: Literal["pdf", "docx", "txt"]
    sha256: str
    text: str
    lines: tuple[Line, ...]
    page_count: int = 0
    encoding: str | None = None
    removed_lines: int = 0
    warnings: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()


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


class StatuteRef(NamedTuple):
    """A statute reference a playbook check (or a model) relies on.

    ``phrase`` is a short verbatim fragment of the article in the version in force; the
    reference is pinned to it (:func:`knowledge.pinning.pin`): an article that lacks it is
    re-resolved within the law by the phrase, or refused. None = not pinned yet (loads
    with a warning, :func:`pipelines.screen.unpinned_refs`).
    """

    law: str
    article: int
    phrase: str | None = None


class Citation(_Frozen):
    """A statute article cited in the review, checked against the statute store.

    ``status`` is the store's validity status on the review date (``现行有效``);
    ``text_sha256`` is the sha256 of the stored article text; ``score`` is the retrieval
    score (0–1) or 1.0 for an article a rule rests on; ``version_effective_date`` is the
    date from which the cited text applies; ``phrase`` is the fragment of the article the
    citation was pinned to (None when the citation was not pinned to a phrase).
    """

    law: str
    article: int = Field(ge=1)
    article_label: str
    status: str
    text_sha256: str
    score: float = 1.0
    version_effective_date: str | None = None
    phrase: str | None = None


class Finding(_Frozen):
    """A deterministic rule-playbook finding on one clause (DESIGN §7).

    ``statutes`` are the :class:`StatuteRef` (law, article, phrase) the check rests on;
    ``evidence`` is the exact text in the clause that triggered the check.
    """

    check_id: str
    category: Category
    severity: Severity
    clause_id: str
    title: str
    explanation: str
    suggestion: str
    statutes: tuple[StatuteRef, ...] = ()
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

    @property
    def label(self) -> str:
        """Where to tell a reader the risk is: the heading path (``第三章 > 第八条 付款方式``);
        for a clause without a heading (the head of the contract, its preamble) its first
        line, up to 20 characters, and 首部; the clause id only when the clause is empty."""
        if self.path:
            return " > ".join(self.path)
        first = next((ln.strip() for ln in self.text.split("\n") if ln.strip()), "")
        if not first:
            return self.clause_id
        return f"{first[:20]}{'…' if len(first) > 20 else ''}（首部）"


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
    as_of: str | None = None
    """The date (ISO) whose statute versions the review applied (default: the review date)."""


class StageError(_Frozen):
    """A non-fatal error in one stage for one clause (the review goes on)."""

    stage: str
    clause_id: str | None = None
    code: str
    message: str


class ReviewMetrics(_Frozen):
    """Cost figures of one review.

    ``stage_seconds`` maps stage name to wall-clock seconds; token counts are llama.cpp
    tokens; unit counts are CoT units and element records (:mod:`pipelines.finder`) that
    passed validation first time, passed after regeneration, or were dropped.
    ``clauses_read_by_llm`` counts clauses whose element record the model was asked for;
    ``risks_found_by_llm_only`` the risks no rule found.
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
    clauses_read_by_llm: int = 0
    risks_found_by_llm_only: int = 0


class ReviewStatus(StrEnum):
    """Whether a review ran every check (DESIGN §3; docling's ``PARTIAL_SUCCESS``).

    ``complete``: every stage ran on every clause. ``partial``: some checks did not run
    (see ``Review.not_run`` and ``Review.errors``); what is reported was checked, but
    the absence of a risk proves nothing. ``not_reviewed``: the contract's language is
    not one the playbook and prompts cover; no risk list is meaningful.
    """

    complete = "complete"
    partial = "partial"
    not_reviewed = "not_reviewed"


UNSUPPORTED_LANGUAGE = "unsupported_language"
NOT_A_CONTRACT = "not_a_contract"  # a covered language, but no contract wording or clause number at all
_PARTIAL_PREFIX = "审查不完整"
_NOT_REVIEWED_PREFIX = "未审查"


class Review(_Frozen):
    """The review of one contract: the public output contract (DESIGN §5).

    ``schema_version`` follows semantic versioning; see ``CHANGELOG.md`` for changes.

    ``status``, ``language`` and ``not_run`` are derived on construction and cannot be
    set to anything else: ``language`` from ``document_text``
    (:func:`pipelines.text.detect_language`); a language outside
    :data:`pipelines.text.COVERED_LANGUAGES` adds an ``unsupported_language`` error and
    makes the review ``not_reviewed``; so does a covered text that names no bound parties
    and duties and numbers no clauses (:func:`pipelines.text.not_a_contract`: 200,000 lines of
    one character, a menu, a garbled extraction), with a ``not_a_contract`` error; any other
    error makes it ``partial``; ``not_run``
    names each check or stage that did not run; the summary of a review that is not
    complete says so first (it never reads as a clean contract).
    """

    schema_version: str = "1.3.0"
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
    status: ReviewStatus = ReviewStatus.complete
    language: str = "zh"
    not_run: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _derive_status(cls, data):
        """Derive ``language``, ``status``, ``not_run`` and the summary's first words."""
        if not isinstance(data, dict):
            return data
        from pipelines.text import COVERED_LANGUAGES, LANGUAGE_NAMES_ZH, detect_language, not_a_contract

        data = dict(data)
        errors = [e if isinstance(e, StageError) else StageError.model_validate(e) for e in data.get("errors") or ()]
        language = detect_language(str(data.get("document_text") or ""))
        uncovered = language not in COVERED_LANGUAGES
        if uncovered and not any(e.code == UNSUPPORTED_LANGUAGE for e in errors):
            errors.insert(0, StageError(
                stage="language", code=UNSUPPORTED_LANGUAGE,
                message=f"the contract is written in {language} ({LANGUAGE_NAMES_ZH.get(language, language)}); "
                        f"the playbook and the LLM prompts cover only {', '.join(COVERED_LANGUAGES)}, so it was "
                        "not reviewed. Review it by hand or supply a playbook for its language."))
        if not uncovered and (why := not_a_contract(str(data.get("document_text") or ""), data.get("contract_type"))) \
                and not any(e.code == NOT_A_CONTRACT for e in errors):
            errors.insert(0, StageError(stage="classify", code=NOT_A_CONTRACT, message=why))
        not_run: list[str] = []
        for e in errors:
            if e.code == UNSUPPORTED_LANGUAGE:
                item = f"all checks (language {language})"
            elif e.code == NOT_A_CONTRACT:
                item = "all checks (not a contract)"
            elif e.stage == "screen":
                item = f"screen:{e.message.split(':', 1)[0]}" + (f"@{e.clause_id}" if e.clause_id else "")
            else:
                item = e.stage + (f"@{e.clause_id}" if e.clause_id else "")
            if item not in not_run:
                not_run.append(item)
        not_contract = any(e.code == NOT_A_CONTRACT for e in errors)
        status = (ReviewStatus.not_reviewed if uncovered or not_contract else ReviewStatus.partial if errors
                  else ReviewStatus.complete)
        summary = str(data.get("summary") or "")
        if status == ReviewStatus.not_reviewed and not summary.startswith(_NOT_REVIEWED_PREFIX):
            summary = (f"{_NOT_REVIEWED_PREFIX}：合同主要语言为{LANGUAGE_NAMES_ZH.get(language, language)}，规则库和提示词"
                       "只覆盖中文合同，本合同未作风险审查；未列出风险不代表没有风险。") if uncovered else (
                f"{_NOT_REVIEWED_PREFIX}：文本没有写明受约束的当事人和义务，也没有条款编号，不像合同正文（或文字提取失败），"
                "未作风险审查；未列出风险不代表没有风险。请确认上传的是合同本身。")
        elif status == ReviewStatus.partial and not summary.startswith(_PARTIAL_PREFIX):
            summary = (f"{_PARTIAL_PREFIX}（{len(not_run)}项检查未运行：{'、'.join(not_run[:5])}"
                       f"{'等' if len(not_run) > 5 else ''}）；" + summary.replace("未发现需要提示的风险", "已运行的检查未发现风险"))
        data.update(errors=tuple(errors), language=language, status=status, not_run=tuple(not_run), summary=summary)
        return data
