"""Commands of the distributed deployment: ``api``, ``worker``, ``worker llm``, ``beat``,
``documents requeue``, ``reprocess --stale``, ``reconcile``, ``webhooks redeliver``,
``tenants``, ``storage init``.

Each wraps the function the beat jobs and tasks call; heavy imports happen inside the
commands, so ``contract-review --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Annotated

import typer

from worker.cli.common import err, out

worker_app = typer.Typer(help="Run a Celery worker (see `worker llm` for a GPU worker).", invoke_without_command=True)
documents_app = typer.Typer(help="Operate on documents.", no_args_is_help=True)
webhooks_app = typer.Typer(help="Operate on webhook deliveries.", no_args_is_help=True)
tenants_app = typer.Typer(help="Tenants and their API keys.", no_args_is_help=True)
storage_app = typer.Typer(help="Object storage: buckets and event notifications.", no_args_is_help=True)


def _session():
    from sqlmodel import Session

    from worker.db.session import engine_for
    from worker.settings import get_settings

    return Session(engine_for(get_settings().db_url))


def _run_worker(queues: list[str], concurrency: int, name: str, loglevel: str, max_tasks_per_child: int) -> None:
    from worker.settings import get_settings

    if get_settings().worker_metrics_port and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="cr-metrics-")
    from worker.chain.app import app

    argv = ["worker", "-Q", ",".join(queues), "-c", str(concurrency), "--prefetch-multiplier", "1",
            "-n", name, "-l", loglevel, "-E"]
    if max_tasks_per_child > 0:  # 0: never replace the process (an LLM worker keeps its model)
        argv += ["--max-tasks-per-child", str(max_tasks_per_child)]
    app.worker_main(argv)


@worker_app.callback()
def worker(
    ctx: typer.Context,
    queues: Annotated[str, typer.Option("--queues", "-Q", help="Comma-separated queues: ingest, cpu, webhooks, llm.<model>.")] = "ingest,cpu,webhooks",
    concurrency: Annotated[int, typer.Option("--concurrency", "-c", help="Worker processes.")] = 1,
    name: Annotated[str, typer.Option("--name", "-n", help="Node name.")] = "cpu@%h",
    loglevel: Annotated[str, typer.Option("--loglevel", "-l")] = "INFO",
    max_tasks_per_child: Annotated[int, typer.Option(help="Replace a process after this many tasks (0: never).")] = 200,
) -> None:
    """Run a cpu worker (extract, review, persist, webhooks, intake).

    Example: contract-review worker --queues ingest,cpu,webhooks --concurrency 2
    """
    if ctx.invoked_subcommand is None:
        _run_worker(queues.split(","), concurrency, name, loglevel, max_tasks_per_child)


@worker_app.command("llm")
def worker_llm(
    model: Annotated[str, typer.Option("--model", help="Registry name of the model this worker holds.")],
    gpu: Annotated[int | None, typer.Option("--gpu", help="CUDA device index (sets CUDA_VISIBLE_DEVICES; "
                                                          "in-process backend).")] = None,
    concurrency: Annotated[int | None, typer.Option("--concurrency", "-c", help=(
        "Tasks at once (default CR_LLM_CONCURRENCY, else 1 in process and 4 against a server)."))] = None,
    name: Annotated[str | None, typer.Option("--name", "-n", help="Node name.")] = None,
    loglevel: Annotated[str, typer.Option("--loglevel", "-l")] = "INFO",
) -> None:
    """Run an LLM worker on queue llm.MODEL: it only generates (one clause batch per task).

    In process (``CR_LLM_BACKEND=llamacpp``): one model on one card, concurrency 1; the
    model is loaded by the child process on its first task, never at import. Against an
    OpenAI-compatible server (``CR_LLM_BACKEND=openai``, ``CR_LLM_BASE_URL``): no model in
    the worker; several tasks at once so the engine batches them.

    Examples: contract-review worker llm --model qwen2.5-7b --gpu 0
              CR_LLM_BACKEND=openai CR_LLM_BASE_URL=http://vllm0:8000/v1 contract-review worker llm --model qwen2.5-7b -c 16
    """
    from worker.settings import get_settings

    if gpu is not None:
        os.environ["CUDA_VISIBLE_DEVICES"] = str(gpu)
    os.environ["CR_MODEL"] = model
    get_settings.cache_clear()
    settings = get_settings()
    n = concurrency or settings.llm_concurrency or (4 if settings.llm_backend == "openai" else 1)
    if settings.llm_backend == "llamacpp" and n > 1:
        raise typer.BadParameter("the in-process llama.cpp backend runs one task at a time per model copy; "
                                 "run one worker per card, or serve the model with CR_LLM_BACKEND=openai")
    where = f"gpu{gpu}" if gpu is not None else settings.llm_backend
    _run_worker([f"llm.{model}"], n, name or f"llm-{model}-{where}@%h", loglevel, 0)


def api(
    host: Annotated[str, typer.Option(help="Bind address.")] = "0.0.0.0",
    port: Annotated[int, typer.Option(help="Port.")] = 8000,
    workers: Annotated[int, typer.Option(help="uvicorn worker processes.")] = 1,
) -> None:
    """Serve the HTTP API (OpenAPI at /openapi.json).

    Example: contract-review api --port 8000
    """
    import uvicorn

    uvicorn.run("worker.api:create_app", factory=True, host=host, port=port, workers=workers,
                log_level="info", proxy_headers=True)


def beat(loglevel: Annotated[str, typer.Option("--loglevel", "-l")] = "INFO") -> None:
    """Run Celery beat: the relay (every CR_RELAY_INTERVAL s), nightly reprocessing,
    hourly reconciliation. Run exactly one.

    Example: contract-review beat
    """
    from worker.chain.app import app
    from worker.settings import get_settings

    schedule = get_settings().data_dir / "celerybeat-schedule"
    schedule.parent.mkdir(parents=True, exist_ok=True)
    app.start(["beat", "-l", loglevel, "-s", str(schedule)])


@documents_app.command("requeue")
def documents_requeue(
    status: Annotated[str, typer.Option(help="Re-queue documents with this status.")] = "failed",
    tenant: Annotated[str | None, typer.Option(help="Only this tenant.")] = None,
) -> None:
    """Send documents (default: failed ones) through the chain again.

    Example: contract-review documents requeue --status failed
    """
    from worker.intake import requeue

    with _session() as s:
        ids = requeue(s, status=status, tenant_id=tenant)
    out.print(f"re-queued {len(ids)} document(s)")


def reprocess(
    stale: Annotated[bool, typer.Option("--stale", help="Documents reviewed with an older pipeline, statute index, model or playbook.")] = False,
    limit: Annotated[int | None, typer.Option(help="At most this many.")] = None,
) -> None:
    """Re-run reviews made with older versions; old reviews are kept and clients get
    review.updated with what changed.

    Example: contract-review reprocess --stale
    """
    from worker.intake import reprocess_stale
    from worker.settings import get_settings
    from worker.chain.stages import current_versions

    if not stale:
        raise typer.BadParameter("say which documents: --stale")
    current = current_versions(get_settings())
    with _session() as s:
        ids = reprocess_stale(s, current=current, limit=limit)
    out.print(f"reprocessing {len(ids)} document(s); current versions {json.dumps(current)}", highlight=False)


def reconcile(tenant: Annotated[str | None, typer.Option(help="Only this tenant's prefixes.")] = None) -> None:
    """Start every object in the mapped buckets/prefixes that has no document.

    Example: contract-review reconcile --tenant acme
    """
    from worker.intake import TenantMap, reconcile as run
    from worker.settings import get_settings
    from worker.storage import Storage

    settings = get_settings()
    with _session() as s:
        res = run(s, Storage(settings), TenantMap(settings.tenant_prefixes), tenant_id=tenant)
    out.print(f"listed {res['listed']} object(s), started {res['started']}")


@webhooks_app.command("redeliver")
def webhooks_redeliver(
    failed: Annotated[bool, typer.Option("--failed", help="Also revive deliveries that used up their retries.")] = False,
) -> None:
    """Send every pending delivery that is due now (and, with --failed, the failed ones
    again with a fresh retry schedule).

    Example: contract-review webhooks redeliver --failed
    """
    from sqlmodel import select

    from worker.db.models import WebhookDelivery, utcnow
    from worker.chain.tasks import notify
    from worker.webhooks import due_deliveries

    with _session() as s:
        if failed:
            for d in s.exec(select(WebhookDelivery).where(WebhookDelivery.status == "failed")):
                d.status, d.attempts, d.next_attempt_at = "pending", 0, utcnow()
                s.add(d)
            s.commit()
        due = due_deliveries(s, grace=0, lease=600)
    for delivery_id, attempt in due:
        notify.delay(delivery_id, attempt)
    out.print(f"sent {len(due)} deliver{'y' if len(due) == 1 else 'ies'}")


@tenants_app.command("create")
def tenants_create(
    tenant_id: Annotated[str, typer.Argument(help="Tenant id (also the name in CR_TENANT_PREFIXES).")],
    name: Annotated[str | None, typer.Option(help="Display name.")] = None,
    allow_private_webhooks: Annotated[bool, typer.Option(help="Allow callbacks to loopback/private addresses.")] = False,
) -> None:
    """Create (or update) a tenant.

    Example: contract-review tenants create acme --name "ACME 律师事务所"
    """
    from worker.db import crud

    with _session() as s:
        t = crud.ensure_tenant(s, tenant_id=tenant_id, name=name)
        t.allow_private_webhooks = allow_private_webhooks
        if name:
            t.name = name
        crud.add_audit(s, tenant_id=tenant_id, actor="cli", action="tenant.saved",
                       detail={"allow_private_webhooks": allow_private_webhooks})
        s.add(t)
        s.commit()
    out.print(f"tenant {tenant_id} saved")


@tenants_app.command("key")
def tenants_key(
    tenant_id: Annotated[str, typer.Argument(help="Tenant id.")],
    name: Annotated[str, typer.Option(help="What the key is for.")] = "",
) -> None:
    """Create an API key for a tenant and print it (only once; it is stored hashed).

    Example: contract-review tenants key acme --name "DMS integration"
    """
    from worker.db import crud
    from worker.db.models import Tenant

    with _session() as s:
        if s.get(Tenant, tenant_id) is None:
            err.print(f"error [not_found]: no tenant {tenant_id}")
            raise typer.Exit(1)
        out.print(crud.create_api_key(s, tenant_id=tenant_id, name=name), highlight=False)


@storage_app.command("init")
def storage_init(
    notify_arn: Annotated[str | None, typer.Option("--notify-arn", help="Notification target, e.g. arn:minio:sqs::CONTRACTREVIEW:webhook.")] = None,
) -> None:
    """Create the upload bucket and every mapped bucket; with --notify-arn, subscribe each
    bucket's tenant prefixes to s3:ObjectCreated:Put and CompleteMultipartUpload only.

    Example: contract-review storage init --notify-arn arn:minio:sqs::CONTRACTREVIEW:webhook
    """
    from worker.intake import ACCEPTED_EVENTS, TenantMap
    from worker.settings import get_settings
    from worker.storage import Storage

    settings = get_settings()
    storage = Storage(settings)
    prefixes: dict[str, list[str]] = {settings.s3_bucket: []}
    for bucket, prefix, _ in TenantMap(settings.tenant_prefixes).locations():
        prefixes.setdefault(bucket, []).append(prefix)
    for bucket, bucket_prefixes in prefixes.items():
        made = storage.ensure_bucket(bucket)
        line = f"bucket {bucket} {'created' if made else 'exists'}"
        if notify_arn and bucket_prefixes:
            storage.subscribe(bucket, arn=notify_arn, events=sorted(ACCEPTED_EVENTS), prefixes=sorted(bucket_prefixes))
            line += f"; {', '.join(sorted(ACCEPTED_EVENTS))} under {', '.join(sorted(bucket_prefixes))} -> {notify_arn}"
        out.print(line, highlight=False)
