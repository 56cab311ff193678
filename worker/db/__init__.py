"""Database models and sessions (SQLModel; schema changes only through Alembic)."""
