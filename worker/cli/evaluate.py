"""``eval``: review labelled cases and print the quality figures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from pipelines.types import Stance
from worker.cli.common import _errors, _fail, err, out, write_output

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
        write_output(out_path, json.dumps(metrics, ensure_ascii=False, indent=2))
        err.print(f"metrics written to {out_path}")
    if metrics["failed"]:
        err.print(f"[red]{len(metrics['failed'])} case(s) could not be reviewed: {', '.join(metrics['failed'])}[/]")
        raise typer.Exit(1)


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
    if o.get("location_accuracy") is None:
        out.print("location_accuracy —: no matched risk on a PDF case (it compares the reported pages with where the gold anchor is)", highlight=False)
    extra = Table(title="classification and retrieval")
    extra.add_column("figure")
    extra.add_column("value")
    c = metrics.get("classification") or {}
    if c:
        extra.add_row("clause category on the gold anchors",
                      f"{c.get('clause_category_accuracy') or 0:.3f} ({c.get('category_correct')}/{c.get('anchors')})")
        extra.add_row("contract type", f"{c.get('contract_type_accuracy') or 0:.3f} ({c.get('contract_type_correct')}/{c.get('contract_types')})")
    for mode, r in (metrics.get("retrieval_recall_at_5") or {}).items():
        extra.add_row(f"retrieval recall@5, {mode}", "— (no dense vectors in this index)" if not r.get("eligible") and mode == "dense"
                      else "—" if r.get("recall") is None else f"{r['recall']:.3f} ({r['hits']}/{r['eligible']})")
    llm = metrics.get("llm") or {}
    for k in ("units_passed_first", "units_passed_after_regeneration", "units_dropped"):
        if k in llm:
            extra.add_row(k.replace("_", " "), str(llm[k]))
    if extra.row_count:
        out.print(extra)
