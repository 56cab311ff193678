"""``bench`` (``bench review FILE...`` in one process, ``bench chain FILE`` with a worker
fleet; ``bench FILE...`` means ``bench review``) and ``bench-chain`` (a running deployment)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from typer.core import TyperGroup

from worker.cli.common import _errors, _fail, out, write_output
from worker.settings import get_settings


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
        write_output(out_path, json.dumps(figures, ensure_ascii=False, indent=2))


def bench_chain(
    file: Annotated[Path, typer.Argument(help="A contract to push through the chain (copies differ by a trailing byte).")],
    count: Annotated[int, typer.Option(help="Documents to send.")] = 40,
    tenant: Annotated[str, typer.Option(help="Tenant whose prefix the copies go under.")] = "bench",
    out_path: Annotated[Path | None, typer.Option("--out", help="Write the figures as JSON here.")] = None,
    timeout: Annotated[float, typer.Option(help="Give up after this many seconds.")] = 1800,
) -> None:
    """Measure the running deployment: documents per minute through the chain, queue
    wait and per-stage seconds (from stage_run), for the workers now running.

    Example: contract-review bench-chain examples/设备采购合同.txt --count 40
    """
    from worker.bench.chain import run_chain_bench

    figures = run_chain_bench(file, count=count, tenant_id=tenant, timeout=timeout)
    out.print_json(json.dumps(figures, ensure_ascii=False))
    if out_path:
        write_output(out_path, json.dumps(figures, ensure_ascii=False, indent=2))


class _BenchGroup(TyperGroup):
    """``bench``: ``bench FILE...`` (no subcommand name) still means ``bench review FILE...``."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["review", *args]
        return super().parse_args(ctx, args)


bench_app = typer.Typer(cls=_BenchGroup, no_args_is_help=True,
                        help="Benchmarks: `bench review FILE...` (one process), `bench chain FILE` (a worker fleet).")


@bench_app.command("chain")
def bench_fleet(
    file: Annotated[Path, typer.Argument(help="A contract (copies differ by a trailing byte).")],
    count: Annotated[int, typer.Option("--count", "-n", help="Documents.")] = 4,
    cpu_workers: Annotated[int, typer.Option("--cpu-workers", "-W", help="cpu worker processes.")] = 1,
    llm_workers: Annotated[int, typer.Option("--llm-workers", "-L", help="LLM worker processes.")] = 1,
    backend: Annotated[str, typer.Option(help="llamacpp (in process) or openai (a server).")] = "llamacpp",
    llm_concurrency: Annotated[int, typer.Option(help="Tasks per LLM worker (openai).")] = 2,
    llm_threads: Annotated[int, typer.Option(help="llama.cpp threads per model copy (worker or engine).")] = 2,
    llm_cpus: Annotated[str | None, typer.Option(help="taskset -c list for the LLM workers / engine.")] = None,
    busy_cpu: Annotated[bool, typer.Option(help="Run a busy cpu process (rules-only reviews) beside them.")] = False,
    busy_cpus: Annotated[str | None, typer.Option(help="taskset -c list for the busy process.")] = None,
    base_url: Annotated[str | None, typer.Option(help="A running OpenAI-compatible engine (openai).")] = None,
    tenant: Annotated[str, typer.Option(help="Tenant whose prefix the copies go under.")] = "bench",
    timeout: Annotated[float, typer.Option(help="Give up after this many seconds.")] = 3600,
    out_path: Annotated[Path | None, typer.Option("--out", help="Write the figures as JSON here.")] = None,
) -> None:
    """Start W cpu and L LLM workers (and an engine for --backend openai), push N
    documents through the chain against the configured PostgreSQL, Redis and S3, print
    documents/hour, latency, queue waits, LLM busy fraction, engine vs free-running
    tokens/s, prompt tokens per contract vs the whole contract, cache hit rate.

    Example: contract-review bench chain examples/设备采购合同.txt -n 4 -W 1 -L 2 --backend openai
    """
    from worker.bench.fleet import Layout, run_fleet_bench

    if backend not in ("llamacpp", "openai"):
        raise typer.BadParameter("--backend must be llamacpp or openai")
    layout = Layout(cpu_workers=cpu_workers, llm_workers=llm_workers, backend=backend,
                    llm_concurrency=llm_concurrency, llm_threads=llm_threads, llm_cpus=llm_cpus, busy_cpu=busy_cpu,
                    busy_cpus=busy_cpus, base_url=base_url)
    figures = run_fleet_bench(file, count=count, tenant_id=tenant, layout=layout, timeout=timeout)
    out.print_json(json.dumps(figures, ensure_ascii=False))
    if out_path:
        write_output(out_path, json.dumps(figures, ensure_ascii=False, indent=2))


bench_app.command("review")(bench)
