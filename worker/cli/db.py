"""``db``: the database schema (Alembic migrations)."""

from __future__ import annotations

from typing import Annotated

import typer

from worker.cli.common import out
from worker.settings import get_settings

db_app = typer.Typer(help="Database schema (Alembic migrations).", no_args_is_help=True)


@db_app.command("upgrade")
def db_upgrade(revision: Annotated[str, typer.Argument()] = "head") -> None:
    """Run Alembic migrations up to REVISION (default head) on CR_DATABASE_URL."""
    from worker.db.session import upgrade

    settings = get_settings()
    upgrade(settings.db_url, revision)
    out.print(f"database at {settings.db_url.split('@')[-1]} is at {revision}")
