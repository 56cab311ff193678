"""Migrations up and down on SQLite and PostgreSQL; idempotent intake; review versions."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect
from sqlmodel import Session, select

from worker.db import crud
from worker.db.models import Document, Review
from worker.db.session import downgrade, engine_for, upgrade

TABLES = {"tenant", "document", "clause", "review", "risk"}


def _urls(tmp_path, postgres_url=None):
    return [f"sqlite:///{tmp_path / 'db.sqlite'}"] + ([postgres_url] if postgres_url else [])


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite'}"
    return request.getfixturevalue("postgres_url")


def test_migrations_run_up_down_and_up_again(db_url):
    upgrade(db_url)
    engine = engine_for(db_url)
    assert TABLES <= set(inspect(engine).get_table_names())
    downgrade(db_url)
    engine.dispose()
    assert not TABLES & set(inspect(engine_for(db_url)).get_table_names())
    upgrade(db_url)
    assert TABLES <= set(inspect(engine_for(db_url)).get_table_names())
    engine_for(db_url).dispose()


def test_recording_the_same_object_twice_gives_one_document(db_url):
    upgrade(db_url)
    with Session(engine_for(db_url)) as s:
        crud.ensure_tenant(s, tenant_id="t1")
        a = crud.record_document(s, tenant_id="t1", bucket="b", object_key="k.pdf", etag="e1", filename="k.pdf", size_bytes=3)
        b = crud.record_document(s, tenant_id="t1", bucket="b", object_key="k.pdf", etag="e1", filename="k.pdf", size_bytes=3)
        c = crud.record_document(s, tenant_id="t1", bucket="b", object_key="k.pdf", etag="e2", filename="k.pdf", size_bytes=3)
        assert a.id == b.id != c.id
        assert len(s.exec(select(Document)).all()) == 2
        crud.mark_failed(s, document=c, code="corrupt", message="The PDF is damaged.")
        s.refresh(c)
        assert (c.status, c.error_code) == ("failed", "corrupt")
    engine_for(db_url).dispose()


def test_a_wheel_install_without_migrations_gets_an_actionable_error(monkeypatch, tmp_path):
    # GIVEN the project installed as a wheel: no migrations/ beside the code
    from worker.db import session

    monkeypatch.setattr(session, "MIGRATIONS_DIR", tmp_path / "absent")
    # WHEN the schema is to be created
    with pytest.raises(FileNotFoundError) as err:
        session.alembic_config("sqlite:///" + str(tmp_path / "x.db"))
    # THEN the error says what to do (an editable install from the checkout), not "this is a bug"
    assert "pip install -e" in str(err.value) and "absent" in str(err.value)
