"""Shared fixtures.

* ``clean_env`` (autouse): no ``CR_`` variable leaks in from the caller's shell, and
  ``CR_DATA_DIR`` is a temporary folder of the session: no test writes into the user's
  data directory (the per-user default). Installed models are found by
  ``tests/installed.py``.
* ``shared_dir``: ``../shared`` or a skip when it is absent.
* ``postgres_url``: a fresh schema-less database on the machine's PostgreSQL, or a skip
  when PostgreSQL does not answer.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def session_data_dir(tmp_path_factory) -> Path:
    """The ``CR_DATA_DIR`` of tests that do not choose their own."""
    return tmp_path_factory.mktemp("cr-data")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, session_data_dir):
    for key in list(os.environ):
        if key.startswith("CR_"):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("CR_DATA_DIR", str(session_data_dir))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    from worker.settings import get_settings

    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not (SHARED / "corpus").is_dir():
        pytest.skip("../shared is not present")
    return SHARED


@pytest.fixture
def postgres_url():
    sqlalchemy = pytest.importorskip("sqlalchemy")
    admin_url = os.environ.get("CR_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    name = f"cr_test_{uuid.uuid4().hex[:10]}"
    try:
        admin = sqlalchemy.create_engine(admin_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except Exception as exc:  # noqa: BLE001 - any connection failure means: no PostgreSQL here
        pytest.skip(f"PostgreSQL not reachable at {admin_url}: {exc.__class__.__name__}")
    url = admin_url.rsplit("/", 1)[0] + f"/{name}"
    yield url
    from worker.db.session import engine_for

    engine_for.cache_clear()
    with admin.connect() as conn:
        conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.dispose()
