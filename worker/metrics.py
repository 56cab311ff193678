"""Prometheus metrics (DESIGN §13).

Counters and histograms are updated where things happen (intake in the API, stages
and webhooks in the workers). Celery's prefork children are separate processes: when
``PROMETHEUS_MULTIPROC_DIR`` is set (``contract-review worker`` sets it when
``CR_WORKER_METRICS_PORT`` is given) they write to that directory and the worker's
main process serves the sum on that port. State that lives in the database (documents
by status, the webhook backlog and the age of its oldest delivery) is read at scrape
time by :class:`DatabaseCollector` in the API's ``/metrics``, so it is right however
many workers run.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily

__all__ = ["DOCUMENTS", "INTAKE", "LLM_TOKENS", "QUEUE_WAIT", "STAGE_SECONDS", "UNITS", "WEBHOOKS",
           "DatabaseCollector", "render", "start_worker_metrics_server"]

_SECONDS = (0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800)

STAGE_SECONDS = Histogram("cr_stage_seconds", "Wall-clock seconds of one chain stage for one document.",
                          ["stage", "outcome"], buckets=_SECONDS)
QUEUE_WAIT = Histogram("cr_queue_wait_seconds", "Seconds a task message waited on its queue before a worker "
                       "started it.", ["queue"], buckets=_SECONDS)
DOCUMENTS = Counter("cr_documents_finished_total", "Documents that reached a final status.", ["status", "code"])
INTAKE = Counter("cr_intake_total", "Objects offered to intake, by source and outcome.", ["source", "outcome"])
WEBHOOKS = Counter("cr_webhook_attempts_total", "Webhook delivery attempts by outcome.", ["outcome"])
LLM_TOKENS = Counter("cr_llm_tokens_total", "llama.cpp tokens spent in reviews.", ["model", "kind"])
UNITS = Counter("cr_llm_units_total", "CoT units by validation result.", ["result"])


class DatabaseCollector:
    """Gauges read from the database at scrape time.

    Args:
        query: returns ``(documents_by_status, pending_deliveries, oldest_pending_age_seconds)``.
    """

    def __init__(self, query: Callable[[], tuple[dict[str, int], int, float]]):
        self._query = query

    def collect(self):
        by_status, pending, oldest = self._query()
        docs = GaugeMetricFamily("cr_documents", "Documents by status.", labels=["status"])
        for status, n in sorted(by_status.items()):
            docs.add_metric([status], n)
        yield docs
        yield GaugeMetricFamily("cr_webhook_deliveries_pending", "Webhook deliveries not yet delivered.",
                                value=pending)
        yield GaugeMetricFamily("cr_webhook_oldest_pending_seconds",
                                "Age of the oldest undelivered webhook delivery.", value=oldest)


def render(extra: DatabaseCollector | None = None) -> bytes:
    """The exposition text: this process's metrics (or, in multiprocess mode, all
    processes' metrics) plus ``extra``."""
    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.MultiProcessCollector(registry)
    else:
        registry.register(_Forward())
    if extra is not None:
        registry.register(extra)
    return generate_latest(registry)


class _Forward:
    """This process's default registry, inside another registry."""

    def collect(self):
        from prometheus_client import REGISTRY

        yield from REGISTRY.collect()


def start_worker_metrics_server(port: int) -> None:
    """Serve the prefork children's metrics on ``port`` (in the worker's main process)."""
    from prometheus_client import start_http_server

    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.MultiProcessCollector(registry)
    else:  # pragma: no cover - solo pool
        from prometheus_client import REGISTRY as registry
    start_http_server(port, registry=registry)
