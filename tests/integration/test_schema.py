"""Migration 0002 (the deployment's tables) up and down on PostgreSQL and SQLite."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect
from sqlmodel import Session, SQLModel

from worker.db import crud
from worker.db.session import downgrade, engine_for, upgrade

NEW_TABLES = {"api_key", "batch", "stage_run", "webhook_endpoint", "webhook_delivery", "audit_event"}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite'}"
    return request.getfixturevalue("postgres_url")


def _shape(url: str) -> tuple[set[str], set[str], set[str]]:
    engine_for.cache_clear()
    insp = inspect(engine_for(url))
    tables = set(insp.get_table_names())
    return (tables, {c["name"] for c in insp.get_columns("document")}, {c["name"] for c in insp.get_columns("tenant")})


def test_0002_adds_the_deployment_tables_and_its_downgrade_removes_exactly_them(db_url):
    upgrade(db_url, "0001")
    before = _shape(db_url)
    upgrade(db_url)
    tables, doc_cols, tenant_cols = _shape(db_url)
    assert NEW_TABLES <= tables and "batch_id" in doc_cols and "allow_private_webhooks" in tenant_cols
    downgrade(db_url, "0001")
    assert _shape(db_url) == before
    upgrade(db_url)
    engine_for(db_url).dispose()


def test_after_upgrade_the_schema_is_the_models_and_existing_tenants_default_to_no_private_callbacks(db_url):
    upgrade(db_url, "0001")
    with engine_for(db_url).begin() as conn:  # a tenant made before 0002, written as 0001 knew it
        conn.exec_driver_sql("INSERT INTO tenant (id, name, created_at) VALUES ('old', 'old', CURRENT_TIMESTAMP)")
    upgrade(db_url)
    engine_for.cache_clear()
    engine = engine_for(db_url)
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), SQLModel.metadata) == []
        assert conn.exec_driver_sql("SELECT allow_private_webhooks FROM tenant WHERE id = 'old'").scalar() in (False, 0)
    with Session(engine) as s:
        key = crud.create_api_key(s, tenant_id="old", name="t")
        assert crud.tenant_for_api_key(s, key=key) == "old"
        assert crud.tenant_for_api_key(s, key=key[:-1] + ("x" if key[-1] != "x" else "y")) is None
        doc, created = crud.intake_document(s, tenant_id="old", bucket="b", object_key="k", etag="e", filename="k",
                                            size_bytes=1)
        again, created_again = crud.intake_document(s, tenant_id="old", bucket="b", object_key="k", etag="e",
                                                    filename="k", size_bytes=1)
        assert (created, created_again, again.id) == (True, False, doc.id)
    engine.dispose()
