"""Engines, migrations and sessions.

The schema is created and changed only by Alembic (``migrations/``); :func:`upgrade`
runs ``alembic upgrade head`` programmatically for the embedded mode and the CLI's
``db upgrade``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import create_engine

__all__ = ["MIGRATIONS_DIR", "alembic_config", "downgrade", "engine_for", "upgrade"]

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


def alembic_config(url: str) -> Config:
    """An Alembic config for ``url`` pointing at the project's ``migrations/``.

    Raises:
        FileNotFoundError: when ``migrations/`` is not beside the installed code — the project
            was installed as a wheel (``pip install .``) rather than from its checkout
            (``pip install -e .``, what ``scripts/install.sh`` and the Dockerfile do).
    """
    if not MIGRATIONS_DIR.is_dir():
        import errno

        raise FileNotFoundError(errno.ENOENT, "the database migrations folder is missing: install the project "
                                "from its checkout in editable mode (pip install -e '.[…]', as scripts/install.sh "
                                "does), not as a wheel", str(MIGRATIONS_DIR))
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database at ``url`` up to ``revision`` (creating SQLite's directory)."""
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str = "base") -> None:
    """Migrate the database at ``url`` down to ``revision``."""
    command.downgrade(alembic_config(url), revision)


@lru_cache(maxsize=8)
def engine_for(url: str) -> Engine:
    """A cached engine; SQLite gets foreign keys on and a busy timeout of 30 s."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragma(conn, _record):  # pragma: no cover - trivial
            cur = conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)
