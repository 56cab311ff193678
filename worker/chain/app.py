"""The Celery application (DESIGN §10): Redis broker, queues, reliability settings, beat.

Run a worker with ``contract-review worker --queues ingest,cpu,webhooks`` or
``celery -A worker.chain.app worker -Q cpu --prefetch-multiplier 1``.

Reliability settings and why (Celery docs "Configuration and defaults", "Redis
broker — Visibility timeout"; notes §2):

* ``task_acks_late`` + ``task_reject_on_worker_lost``: a message is acknowledged after
  its task ran; when the process running it dies (SIGKILL, OOM) the message goes back
  on the queue. Every stage is idempotent (:mod:`worker.chain.stages`), and a message that
  keeps killing workers fails its document after ``CR_MAX_WORKER_LOSSES``.
* ``worker_prefetch_multiplier=1``: a worker reserves one message per process.
* ``visibility_timeout`` (``CR_VISIBILITY_TIMEOUT``) above the longest task time limit
  and the longest retry countdown: with Redis, an unacknowledged message older than it
  is delivered again even if its task is still running. Set for the broker, the
  result-backend transport and ``app.conf.visibility_timeout`` alike.
* JSON only; messages carry document and delivery ids, never contract text.
* No result backend: chains are immutable signatures and need none.
"""

from __future__ import annotations

import logging
import time

from celery import Celery, signals
from celery.schedules import crontab
from kombu import Exchange, Queue

from worker.settings import Settings, get_settings

__all__ = ["QUICK_PUBLISH_RETRY", "app", "create_app", "llm_queue"]

log = logging.getLogger(__name__)

BASE_QUEUES = ("ingest", "cpu", "webhooks")
# A worker publishes the next step of a chain when a stage ends: while Redis is down it
# keeps trying for about three minutes. Intake (the API) publishes with QUICK_PUBLISH_RETRY
# and leaves what it could not send to the relay, so a request never hangs on the broker.
PATIENT_PUBLISH_RETRY = {"max_retries": 40, "interval_start": 0.5, "interval_step": 1, "interval_max": 5}
QUICK_PUBLISH_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}


def llm_queue(model: str) -> str:
    """The queue of the LLM workers that hold ``model``."""
    return f"llm.{model}"


def create_app(settings: Settings) -> Celery:
    """A Celery app configured from ``settings``."""
    if settings.visibility_timeout <= max(settings.task_time_limit, settings.llm_task_time_limit,
                                          settings.task_retry_backoff_max, settings.webhook_inline_delay_max):
        raise ValueError("CR_VISIBILITY_TIMEOUT must exceed every task time limit and retry delay "
                         "(Redis redelivers unacknowledged messages older than it)")
    transport = {"visibility_timeout": settings.visibility_timeout,
                 "unacked_restore_interval": settings.unacked_restore_interval, "unacked_restore_throttle": 1}
    if settings.redis_key_prefix:
        transport["global_keyprefix"] = settings.redis_key_prefix
    app = Celery("contract_review", broker=settings.broker_url, include=["worker.chain.tasks"])
    app.conf.update(
        broker_transport_options=transport,
        result_backend_transport_options=transport,
        visibility_timeout=settings.visibility_timeout,
        broker_connection_retry_on_startup=True,
        broker_connection_max_retries=None,
        task_publish_retry_policy=PATIENT_PUBLISH_RETRY,
        worker_cancel_long_running_tasks_on_connection_loss=True,
        task_serializer="json", result_serializer="json", accept_content=["json"],
        task_ignore_result=True, result_backend=None,
        task_acks_late=True, task_reject_on_worker_lost=True, worker_prefetch_multiplier=1,
        task_time_limit=settings.task_time_limit, task_soft_time_limit=int(settings.task_time_limit * 0.9),
        task_default_queue="cpu", task_default_exchange="cpu", task_default_routing_key="cpu",
        task_queues=[Queue(q, Exchange(q), routing_key=q) for q in (*BASE_QUEUES, llm_queue(settings.model))],
        task_routes={"cr.start": {"queue": "ingest"}, "cr.notify": {"queue": "webhooks"},
                     "cr.generate": {"queue": llm_queue(settings.model)}},
        task_send_sent_event=True, worker_send_task_events=True,
        worker_hijack_root_logger=False,
        worker_proc_alive_timeout=60,
        timezone="UTC",
        beat_schedule=_beat_schedule(settings),
    )
    return app


def _beat_schedule(settings: Settings) -> dict:
    """Beat entries; each expires just under its period so a backlog never runs twice."""
    every = settings.relay_interval
    return {
        "relay": {"task": "cr.relay", "schedule": float(every), "options": {"expires": max(1, every - 1)}},
        "reprocess-stale-nightly": {"task": "cr.reprocess_stale", "schedule": crontab(hour=2, minute=0),
                                    "options": {"expires": 23 * 3600}},
        "reconcile-hourly": {"task": "cr.reconcile", "schedule": crontab(minute=17),
                             "options": {"expires": 55 * 60}},
    }


app = create_app(get_settings())


@signals.before_task_publish.connect
def _stamp_publish_time(headers=None, **_):
    """Stamp each message with its publish time (queue-wait metric and ``stage_run``)."""
    if headers is not None:
        headers.setdefault("cr_published_at", time.time())


@signals.worker_process_init.connect
def _fresh_connections(**_):
    """A forked child must not reuse the parent's database connections."""
    from worker.db.session import engine_for

    engine_for.cache_clear()


@signals.worker_ready.connect
def _metrics_server(**_):
    port = get_settings().worker_metrics_port
    if port:
        from worker.metrics import start_worker_metrics_server

        start_worker_metrics_server(port)
        log.info("worker metrics on :%s", port)
